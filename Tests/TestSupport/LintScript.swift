// The repository's lint scripts run from tests. XCTest is there only in test builds, as in
// Runner.swift.
#if canImport(XCTest)

    import Foundation
    import XCTest

    /// A lint script of the repository's `scripts` folder (`lint-conversions`, `lint-threads`,
    /// `lint-unchecked`): each prints what it finds as `FILE:LINE: why: the line` and exits 0
    /// clean, 1 when it found something, 2 on a path that does not exist.
    public struct LintScript {
        public let url: URL

        public init(_ name: String) { url = Repository.root.appendingPathComponent("scripts/" + name) }

        /// Runs it on `paths` (none: its own default), with a plain environment.
        public func run(_ paths: [String]) throws -> RunResult {
            try runProcess(
                URL(fileURLWithPath: "/bin/bash"), [url.path] + paths, in: Repository.root,
                environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"], timeout: 60)
        }

        /// Runs it on its own default paths and checks that it finds nothing: status 0, no output.
        public func assertPasses(file: StaticString = #filePath, line: UInt = #line) throws {
            let r = try run([])
            XCTAssertEqual(r.status, 0, r.stdoutText + r.stderrText, file: file, line: line)
            XCTAssertEqual(r.stdoutText, "", file: file, line: line)
        }

        /// What a run found, each as `NAME:LINE`, the file's name without its folder.
        public static func flagged(_ output: String) -> [String] {
            output.split(separator: "\n").map { line -> String in
                let parts = line.split(separator: ":", maxSplits: 2)
                guard parts.count >= 2 else { return String(line) }
                return "\(URL(fileURLWithPath: String(parts[0])).lastPathComponent):\(parts[1])"
            }
        }
    }

#endif
