import Foundation
import TestSupport
import XCTest

/// The README's console sessions and command blocks and the manual's EXAMPLES, run with the
/// built binary and compared with what the pages show (`Documentation`). The README's prompt
/// transcripts are typed at the prompt by PlaceCLITests.ReadmeTranscriptTests.
final class DocumentationTests: XCTestCase {
    /// Runs a console session in `directory` with the built placeshell first on PATH: standard
    /// output and error as a terminal shows them, one after the other as they come.
    private func runConsole(_ lines: [String], in directory: TemporaryDirectory, binary: URL) throws -> String? {
        let (script, expected) = Documentation.consoleParts(lines)
        let r = try runShell("exec 2>&1\n" + script, in: directory, binary: binary)
        XCTAssertFalse(r.timedOut || r.signaled, "the session did not end by itself")
        var actual = r.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if actual.last == "" { actual.removeLast() }
        return Documentation.mismatch(expected: expected, actual: actual)
    }

    /// Runs `script` with `sh` in `directory`, the built placeshell first on PATH. (The timeout
    /// only ends a session that hangs; nothing is measured.)
    private func runShell(_ script: String, in directory: TemporaryDirectory, binary: URL) throws -> RunResult {
        directory.write("session.sh", script)
        let path = binary.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin"
        return try runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["session.sh"], in: directory.url,
            environment: cleanEnvironment(home: directory.path, extra: ["PATH": path]), timeout: 120)
    }

    /// Runs `examples` in order in one folder: files are written, console sessions run and
    /// compared, command blocks run as scripts that must exit 0.
    private func run(_ examples: [Documentation.Example]) throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        // The examples the pages name by their path in the repository (examples/p7-….placescript).
        try FileManager.default.createSymbolicLink(
            at: directory.file("examples"), withDestinationURL: Repository.examples)
        for example in examples {
            switch example.kind {
            case .file(let name):
                directory.write(name, example.lines.joined(separator: "\n") + "\n")
            case .console:
                if let difference = try runConsole(example.lines, in: directory, binary: binary) {
                    XCTFail("\(example.place): \(difference)")
                }
            case .commands:
                directory.write("commands.placescript", example.lines.joined(separator: "\n") + "\n")
                let r = try runProcess(
                    binary, ["commands.placescript"], in: directory.url,
                    environment: cleanEnvironment(home: directory.path), timeout: 120)
                XCTAssertEqual(r.status, 0, "\(example.place): the commands failed:\n\(r.stderrText)")
            case .commandLine:
                let r = try runShell(example.lines.joined(separator: "\n") + "\n", in: directory, binary: binary)
                XCTAssertLessThan(r.status, 2, "\(example.place): '\(example.lines[0])' failed:\n\(r.stderrText)")
            case .transcript:
                continue  // typed at the prompt by ReadmeTranscriptTests
            }
        }
    }

    func testTheReadmesSessionsShowWhatPlaceshellPrints() throws {
        let text = String(decoding: try Repository.bytes("README.md"), as: UTF8.self)
        let examples = Documentation.markdownExamples(text, name: "README.md")
        XCTAssertTrue(examples.contains { $0.kind == .console }, "the README shows no console session")
        try run(examples)
        let contributing = String(decoding: try Repository.bytes("CONTRIBUTING.md"), as: UTF8.self)
        try run(Documentation.markdownExamples(contributing, name: "CONTRIBUTING.md"))
    }

    func testTheManualsExamplesShowWhatPlaceshellPrints() throws {
        let text = String(decoding: try Repository.bytes("man/placeshell.1"), as: UTF8.self)
        let examples = try Documentation.manualExamples(text, name: "man/placeshell.1")
        XCTAssertTrue(examples.contains { $0.kind == .console }, "the manual shows no console session")
        XCTAssertTrue(examples.contains { if case .file = $0.kind { true } else { false } }, "no file example")
        XCTAssertTrue(examples.contains { $0.kind == .commandLine }, "no command line")
        try run(examples)
    }

    /// The check can fail: a session whose output changed differs, and an escape the reader does
    /// not know is an error rather than a guess.
    func testASessionThatDriftedFails() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        XCTAssertNil(try runConsole(["$ placeshell -c 'echo one'", "one"], in: directory, binary: binary))
        XCTAssertNotNil(try runConsole(["$ placeshell -c 'echo one'", "two"], in: directory, binary: binary))
        XCTAssertNotNil(try runConsole(["$ placeshell -c 'echo one; echo two'", "one"], in: directory, binary: binary))
        XCTAssertNil(
            try runConsole(
                ["$ cat > s.placescript <<'EOF'", "echo from a file", "EOF", "$ placeshell s.placescript", "from a …"],
                in: directory, binary: binary))
        XCTAssertThrowsError(
            try Documentation.manualExamples(
                ".Sh EXAMPLES\n.Bd -literal\n$ placeshell -c 'echo \\(xx'\n.Ed\n", name: "m"))
    }
}
