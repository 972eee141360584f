import Foundation
import TestSupport
import XCTest

/// One script test: `Tests/Scripts/GROUP/NAME.placescript` with its expected `.stdout`,
/// `.stderr` and `.status` beside it. See Tests/Scripts/README.md for the format.
struct ScriptCase {
    let script: URL
    var name: String { script.deletingPathExtension().lastPathComponent }
    var directory: URL { script.deletingLastPathComponent() }
    /// `GROUP/NAME.placescript`, for messages.
    var displayName: String { directory.lastPathComponent + "/" + script.lastPathComponent }

    func expectedURL(_ ext: String) -> URL { directory.appendingPathComponent(name + "." + ext) }

    /// The directives in the leading comment lines.
    struct Directives {
        var arguments: [String] = []
        var scriptArguments: [String] = []
        var useStdin = false
        var environment: [String: String] = [:]
        /// Files in ../shared/data the script reads; without that folder it is skipped.
        var realData: [String] = []
        /// The script (`GROUP/NAME`) that covers the same on files the repository ships.
        var smallerCase: String?
    }

    func directives() throws -> Directives {
        var d = Directives()
        let text = String(decoding: try Data(contentsOf: script), as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("#") else { break }
            guard line.hasPrefix("#|") else { continue }
            let body = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            let (key, value): (String, String)
            if let colon = body.firstIndex(of: ":") {
                key = String(body[..<colon]).trimmingCharacters(in: .whitespaces)
                value = String(body[body.index(after: colon)...])
            } else {
                key = body
                value = ""
            }
            switch key {
            case "args": d.arguments += try splitWords(value)
            case "script-args": d.scriptArguments += try splitWords(value)
            case "stdin": d.useStdin = true
            case "real-data": d.realData += try splitWords(value)
            case "smaller-case": d.smallerCase = value.trimmingCharacters(in: .whitespaces)
            case "env":
                for word in try splitWords(value) {
                    guard let eq = word.firstIndex(of: "=") else {
                        throw DirectiveError(message: "'#| env:' wants NAME=VALUE, found '\(word)'")
                    }
                    d.environment[String(word[..<eq])] = String(word[word.index(after: eq)...])
                }
            default:
                throw DirectiveError(message: "unknown directive '#| \(key)'")
            }
        }
        return d
    }
}

struct DirectiveError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Splits directive text into words: spaces separate, single and double quotes group.
func splitWords(_ text: String) throws -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    for ch in text {
        if let q = quote {
            if ch == q { quote = nil } else { current.append(ch) }
        } else if ch == "'" || ch == "\"" {
            quote = ch
            inWord = true
        } else if ch == " " || ch == "\t" {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(ch)
            inWord = true
        }
    }
    if quote != nil { throw DirectiveError(message: "unterminated quote in a directive: \(text)") }
    if inWord { words.append(current) }
    return words
}

/// `PLACESHELL_SCRIPT_FILTER=GROUP/NAME` (or `examples/NAME`, or any beginning of one, as
/// `scripts/test --filter dataset/load` sets it) runs only the scripts whose path starts so.
let scriptFilter = ProcessInfo.processInfo.environment["PLACESHELL_SCRIPT_FILTER"].flatMap { $0.isEmpty ? nil : $0 }

/// Whether the script `GROUP/NAME.placescript` is to run under `scriptFilter`.
func isSelected(_ path: String) -> Bool { scriptFilter.map { path.hasPrefix($0) } ?? true }

/// `PLACESHELL_RECORD=1 swift test` writes the expected files instead of comparing.
let isRecording = ["1", "yes", "true"].contains(ProcessInfo.processInfo.environment["PLACESHELL_RECORD"] ?? "")

/// Runs every `Tests/Scripts/*/*.placescript` and every `examples/*.placescript`.
final class ScriptTests: XCTestCase {
    /// The groups: the folders of Tests/Scripts.
    static func groups() -> [URL] {
        let fm = FileManager.default
        let entries =
            (try? fm.contentsOfDirectory(at: Paths.scripts, includingPropertiesForKeys: [.isDirectoryKey])) ?? []
        return entries.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func scripts(in directory: URL) -> [URL] {
        let entries =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return entries.filter { $0.pathExtension == "placescript" }.sorted {
            $0.lastPathComponent < $1.lastPathComponent
        }
    }

    func testScriptGroupsExist() {
        XCTAssertFalse(Self.groups().isEmpty, "no script groups under \(Paths.scripts.path)")
    }

    /// Every script case of every group, with its directives.
    static func cases() throws -> [(ScriptCase, ScriptCase.Directives)] {
        try groups().flatMap { group in
            try scripts(in: group).map { script in
                let test = ScriptCase(script: script)
                return (test, try test.directives())
            }
        }.filter { isSelected($0.0.displayName) }
    }

    /// Every script of every group that needs nothing outside the repository; each failing file
    /// is reported by name with a diff.
    func testScripts() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        var ran = 0
        for (test, directives) in try Self.cases() where directives.realData.isEmpty {
            check(test, binary: binary)
            ran += 1
        }
        if scriptFilter == nil {
            XCTAssertGreaterThan(ran, 0, "no .placescript files found under \(Paths.scripts.path)")
        }
    }

    /// The scripts that read real data in ../shared/data (`#| real-data:`); skipped, with one
    /// line that names them, where the folder is not beside the repository.
    func testRealDataScripts() throws {
        let cases = try Self.cases().filter { !$0.1.realData.isEmpty }
        if scriptFilter == nil { XCTAssertFalse(cases.isEmpty, "no script has a '#| real-data:' directive") }
        guard RealData.isPresent else {
            throw XCTSkip(
                "\(cases.count) scripts need ../shared/data, which is not beside this clone; their smaller cases ran: "
                    + cases.compactMap(\.1.smallerCase).joined(separator: ", "))
        }
        guard let binary = Paths.binaryOrFail() else { return }
        for (test, directives) in cases {
            for file in directives.realData {
                _ = try RealData.url(file, smallerCase: directives.smallerCase ?? "")
            }
            check(test, binary: binary)
        }
    }

    /// The rule that keeps a lone clone whole: a script that reads ../shared says so with
    /// `#| real-data:` and names a smaller case that exists and does not read it; nothing in
    /// examples/ or scripts/ refers to ../shared at all.
    func testOnlyMarkedScriptsReadSharedData() throws {
        for (test, directives) in try Self.cases() {
            let text = try String(contentsOf: test.script, encoding: .utf8)
            guard directives.realData.isEmpty else {
                guard let smaller = directives.smallerCase else {
                    XCTFail("\(test.displayName) has '#| real-data:' but no '#| smaller-case: GROUP/NAME'")
                    continue
                }
                let url = Paths.scripts.appendingPathComponent(smaller + ".placescript")
                guard let smallerText = try? String(contentsOf: url, encoding: .utf8) else {
                    XCTFail("\(test.displayName): its smaller case \(smaller) does not exist")
                    continue
                }
                XCTAssertFalse(smallerText.contains("shared/"), "\(smaller) must not read ../shared")
                for file in directives.realData {
                    XCTAssertTrue(
                        text.contains("shared/data/" + file), "\(test.displayName) does not read its real-data \(file)")
                }
                continue
            }
            XCTAssertFalse(
                text.contains("shared/data"), "\(test.displayName) reads ../shared/data without '#| real-data:'")
        }
        let fm = FileManager.default
        for folder in ["examples", "scripts"] {
            let root = Repository.root.appendingPathComponent(folder)
            let files = fm.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])?.compactMap {
                $0 as? URL
            }
            XCTAssertFalse(files?.isEmpty ?? true, "\(folder)/ is empty")
            for url in files ?? [] where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                let text = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
                for needle in ["../shared", "shared/data"] {
                    XCTAssertFalse(
                        text.contains(needle),
                        "\(url.path.dropFirst(Repository.root.path.count + 1)) refers to '\(needle)': a clone on its own has no ../shared"
                    )
                }
            }
        }
    }

    /// Every example runs cleanly: status 0 and nothing on stderr. There may be none yet.
    func testExamples() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        for script in Self.scripts(in: Paths.examples) where isSelected("examples/" + script.lastPathComponent) {
            let home = TemporaryDirectory()
            let result = try runProcess(
                binary, [script.lastPathComponent], in: Paths.examples,
                environment: cleanEnvironment(home: home.path))
            XCTAssertFalse(result.timedOut, "examples/\(script.lastPathComponent) timed out")
            XCTAssertEqual(
                result.status, 0,
                "examples/\(script.lastPathComponent) exited with \(result.status)\nstderr:\n\(result.stderrText)")
            XCTAssertEqual(result.stderrText, "", "examples/\(script.lastPathComponent) wrote to stderr")
        }
    }

    /// Runs one script case and compares (or records) stdout, stderr and status separately.
    func check(_ test: ScriptCase, binary: URL) {
        let directives: ScriptCase.Directives
        do {
            directives = try test.directives()
        } catch {
            XCTFail("\(test.displayName): \(error)")
            return
        }
        let home = TemporaryDirectory()
        var arguments = directives.arguments
        if !directives.useStdin { arguments.append(test.script.lastPathComponent) }
        arguments += directives.scriptArguments
        let result: RunResult
        do {
            result = try runProcess(
                binary, arguments, in: test.directory,
                environment: cleanEnvironment(home: home.path, extra: directives.environment),
                stdin: directives.useStdin ? test.script : nil, timeout: 120)
        } catch {
            XCTFail("\(test.displayName): cannot run placeshell: \(error)")
            return
        }
        if result.timedOut {
            XCTFail("\(test.displayName): timed out")
            return
        }
        if result.signaled {
            XCTFail("\(test.displayName): placeshell died of signal \(result.status)\n\(result.stderrText)")
            return
        }
        // The temporary home never appears in expected files.
        func normalized(_ text: String) -> String { text.replacingOccurrences(of: home.path, with: "$HOME") }
        let stdout = normalized(result.stdoutText)
        let stderr = normalized(result.stderrText)
        if isRecording {
            record(stdout, to: test.expectedURL("stdout"), omitIf: "")
            record(stderr, to: test.expectedURL("stderr"), omitIf: "")
            record("\(result.status)\n", to: test.expectedURL("status"), omitIf: "0\n")
            return
        }
        let expectedStdout = (try? String(contentsOf: test.expectedURL("stdout"), encoding: .utf8)) ?? ""
        let expectedStderr = (try? String(contentsOf: test.expectedURL("stderr"), encoding: .utf8)) ?? ""
        let statusText = (try? String(contentsOf: test.expectedURL("status"), encoding: .utf8)) ?? "0"
        let expectedStatus = Int32(statusText.trimmingCharacters(in: .whitespacesAndNewlines))
        if expectedStdout != stdout {
            XCTFail(
                "\(test.displayName): stdout differs (-expected +actual)\n"
                    + lineDiff(expected: expectedStdout, actual: stdout))
        }
        if expectedStderr != stderr {
            XCTFail(
                "\(test.displayName): stderr differs (-expected +actual)\n"
                    + lineDiff(expected: expectedStderr, actual: stderr))
        }
        if expectedStatus != result.status {
            XCTFail(
                "\(test.displayName): exit status \(result.status), expected \(statusText.trimmingCharacters(in: .whitespacesAndNewlines))"
                    + (stderr.isEmpty ? "" : "\nstderr:\n" + stderr))
        }
    }

    private func record(_ text: String, to url: URL, omitIf empty: String) {
        if text == empty {
            try? FileManager.default.removeItem(at: url)
        } else {
            do { try Data(text.utf8).write(to: url) } catch { XCTFail("cannot write \(url.path): \(error)") }
        }
    }
}
