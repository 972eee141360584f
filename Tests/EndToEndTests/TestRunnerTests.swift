import Foundation
import TestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `placeshell test`: a suite folder with passing, failing, unparsable, golden-mismatch,
/// timed-out, skipped and parameterised scripts, run through the built binary; its report as text,
/// TAP, JSON lines and JUnit XML.
final class TestRunnerTests: BinaryTestCase {
    /// Writes the suite into the temporary directory: 3 pass, 4 fail, 1 is skipped.
    private func writeSuite() throws {
        try FileManager.default.createDirectory(
            at: directory.file("suite/sub"), withIntermediateDirectories: true)
        directory.write("suite/pass.placescript", "echo hello\n")
        directory.write("suite/golden.placescript", "echo one\necho two\n")
        directory.write("suite/golden.placescript.out", "one\ntwo\n")
        directory.write("suite/mismatch.placescript", "echo one\necho two\n")
        directory.write("suite/mismatch.placescript.out", "one\nthree\n")
        directory.write("suite/params.placescript", "# args: sydney \"65 m\"\necho $1 / $2\n")
        directory.write("suite/params.placescript.out", "sydney / 65 m\n")
        directory.write("suite/sub/fail.placescript", "echo before\nexpect 1 == 2\necho after\n")
        directory.write("suite/unparsable.placescript", "echo fine\nech oops\n")
        directory.write("suite/skipped.placescript", "# skip: not ready\necho x\n")
        directory.write("suite/notes.txt", "not a script\n")
        // Reading a FIFO that nobody writes never ends: the timeout kills it.
        XCTAssertEqual(mkfifo(directory.file("suite/never.fifo").path, 0o600), 0)
        directory.write("suite/hang.placescript", "places load never.fifo\n")
    }

    private func run(_ arguments: [String], extra: [String: String] = [:]) throws -> RunResult {
        try runProcess(
            binary, ["test"] + arguments, in: directory.url,
            environment: cleanEnvironment(home: directory.path, extra: extra), timeout: 60)
    }

    /// The times replaced by N, so that runs compare byte for byte.
    private func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.replacing(#/ +\d+ ms$/#, with: " N ms")
                .replacing(#/"time_ms":\d+/#, with: "\"time_ms\":N")
                .replacing(#/duration_ms: \d+/#, with: "duration_ms: N")
        }.joined(separator: "\n")
    }

    private let expectedReport = """
        ✓ suite/golden.placescript N ms
        ✗ suite/hang.placescript N ms
            timed out after 1s; killed
        ✗ suite/mismatch.placescript N ms
            standard output differs from mismatch.placescript.out (-expected +actual)
            @@ line 2 @@
            -three
            +two
        ✓ suite/params.placescript N ms
        ✓ suite/pass.placescript N ms
        - suite/skipped.placescript     skipped: not ready
        ✗ suite/sub/fail.placescript N ms
            suite/sub/fail.placescript:2:1: error: expectation failed: 1 == 2
              expected: 2
              actual:   1
        ✗ suite/unparsable.placescript N ms
            suite/unparsable.placescript:2:1: error: unknown command 'ech'
            help: did you mean 'echo'?
        3 passed, 4 failed, 1 skipped

        """

    func testReportListsEveryScriptInPathOrder() throws {
        try writeSuite()
        let r = try run(["-j", "2", "--timeout", "1s", "suite"])
        XCTAssertEqual(r.status, 1, r.stderrText)
        XCTAssertEqual(r.stderrText, "")
        XCTAssertEqual(
            withoutTimes(r.stdoutText), expectedReport,
            lineDiff(expected: expectedReport, actual: withoutTimes(r.stdoutText)))
        // The times line up: every "ms" ends in the same column.
        let columns = Set(
            r.stdoutText.split(separator: "\n").filter { $0.hasSuffix(" ms") }.map { $0.count })
        XCTAssertEqual(columns.count, 1, r.stdoutText)
        // The timed-out script ran about a second, no more.
        let hang = try XCTUnwrap(r.stdoutText.split(separator: "\n").first { $0.contains("hang") })
        let ms = try XCTUnwrap(Int(hang.split(separator: " ").dropLast().last ?? ""))
        XCTAssertTrue((1000..<5000).contains(ms), String(hang))
    }

    func testOneJobAndTwoJobsPrintTheSameBytes() throws {
        try writeSuite()
        for format in [[], ["--tap"], ["--json"], ["--quiet"]] {
            let one = try run(format + ["-j", "1", "--timeout", "500ms", "suite"])
            let two = try run(format + ["-j", "2", "--timeout", "500ms", "suite"])
            let many = try run(format + ["-j8", "--timeout", "500ms", "suite"])
            XCTAssertEqual(one.status, 1)
            XCTAssertEqual(withoutTimes(one.stdoutText), withoutTimes(two.stdoutText), "\(format)")
            XCTAssertEqual(withoutTimes(one.stdoutText), withoutTimes(many.stdoutText), "\(format)")
        }
    }

    func testAllPassingExitsZeroAndQuietPrintsOnlyTheClosingLine() throws {
        directory.write("a.placescript", "echo a\n")
        directory.write("b.placescript", "echo b\n")
        let r = try run([])
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(withoutTimes(r.stdoutText), "✓ a.placescript N ms\n✓ b.placescript N ms\n2 passed, 0 failed\n")
        let quiet = try run(["--quiet", "."])
        XCTAssertEqual(quiet.stdoutText, "2 passed, 0 failed\n")
        let filtered = try run(["--filter", "^b\\."])
        XCTAssertEqual(withoutTimes(filtered.stdoutText), "✓ b.placescript N ms\n1 passed, 0 failed\n")
    }

    func testASCIIMarksOutsideAUTF8LocaleAndNoColourInAPipe() throws {
        try writeSuite()
        let r = try run(["--timeout", "300ms", "suite"], extra: ["LANG": "C"])
        XCTAssertTrue(r.stdoutText.hasPrefix("ok   suite/golden.placescript "), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("\nFAIL suite/hang.placescript "), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("\nskip suite/skipped.placescript "), r.stdoutText)
        XCTAssertFalse(r.stdoutText.contains("\u{1B}"), "no colour when stdout is not a terminal")
        XCTAssertTrue(r.stdoutText.unicodeScalars.allSatisfy(\.isASCII), r.stdoutText)
    }

    func testTAP() throws {
        try writeSuite()
        let r = try run(["--tap", "--timeout", "300ms", "suite"])
        XCTAssertEqual(r.status, 1)
        let lines = r.stdoutText.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), ["TAP version 13", "1..8", "ok 1 - suite/golden.placescript"])
        let results = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        XCTAssertEqual(
            results,
            [
                "ok 1 - suite/golden.placescript", "not ok 2 - suite/hang.placescript",
                "not ok 3 - suite/mismatch.placescript", "ok 4 - suite/params.placescript",
                "ok 5 - suite/pass.placescript", "ok 6 - suite/skipped.placescript # SKIP not ready",
                "not ok 7 - suite/sub/fail.placescript", "not ok 8 - suite/unparsable.placescript",
            ])
        XCTAssertTrue(lines.contains("  message: \"timed out after 300ms; killed\""), r.stdoutText)
        XCTAssertTrue(
            lines.contains("  message: \"suite/unparsable.placescript:2:1: error: unknown command 'ech'\""),
            r.stdoutText)
        XCTAssertEqual(lines.last, "# 3 passed, 4 failed, 1 skipped")
    }

    func testJSONLines() throws {
        try writeSuite()
        let r = try run(["--json", "--timeout", "300ms", "suite"])
        XCTAssertEqual(r.status, 1)
        let objects = try r.stdoutText.split(separator: "\n").map { line in
            try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        XCTAssertEqual(objects.count, 9)
        XCTAssertEqual(
            objects.dropLast().map { "\($0["path"] ?? "") \($0["status"] ?? "")" },
            [
                "suite/golden.placescript passed", "suite/hang.placescript failed",
                "suite/mismatch.placescript failed", "suite/params.placescript passed",
                "suite/pass.placescript passed", "suite/skipped.placescript skipped",
                "suite/sub/fail.placescript failed", "suite/unparsable.placescript failed",
            ])
        XCTAssertEqual(objects[3]["stdout"] as? String, "sydney / 65 m\n")
        XCTAssertEqual(objects[6]["exit_status"] as? Int, 1)
        XCTAssertTrue((objects[6]["stderr"] as? String ?? "").contains("expectation failed: 1 == 2"))
        XCTAssertTrue(objects[0]["time_ms"] is Int)
        let summary = try XCTUnwrap(objects.last?["summary"] as? [String: Any])
        XCTAssertEqual(summary["passed"] as? Int, 3)
        XCTAssertEqual(summary["failed"] as? Int, 4)
        XCTAssertEqual(summary["skipped"] as? Int, 1)
    }

    func testJUnitXML() throws {
        try writeSuite()
        let r = try run(["--junit", "report/junit.xml", "--quiet", "--timeout", "300ms", "suite"])
        XCTAssertEqual(r.status, 1, "the folder of the report does not exist")
        XCTAssertTrue(r.stderrText.hasPrefix("placeshell test: cannot write 'report/junit.xml': "), r.stderrText)
        try FileManager.default.createDirectory(at: directory.file("report"), withIntermediateDirectories: true)
        let ok = try run(["--junit", "report/junit.xml", "--quiet", "--timeout", "300ms", "suite"])
        XCTAssertEqual(ok.status, 1, ok.stderrText)
        let data = try Data(contentsOf: directory.file("report/junit.xml"))
        let document = try XMLDocument(data: data)
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.count, 1)
        let suite = try XCTUnwrap(suites.first)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "8")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "4")
        XCTAssertEqual(suite.attribute(forName: "skipped")?.stringValue, "1")
        XCTAssertNotNil(Double(suite.attribute(forName: "time")?.stringValue ?? ""))
        let cases = suite.elements(forName: "testcase")
        XCTAssertEqual(cases.count, 8)
        XCTAssertEqual(
            cases.map {
                "\($0.attribute(forName: "classname")?.stringValue ?? "").\($0.attribute(forName: "name")?.stringValue ?? "")"
            },
            [
                "suite.golden", "suite.hang", "suite.mismatch", "suite.params", "suite.pass", "suite.skipped",
                "suite.sub.fail", "suite.unparsable",
            ])
        XCTAssertEqual(cases.filter { !$0.elements(forName: "failure").isEmpty }.count, 4)
        XCTAssertEqual(
            cases[5].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue, "not ready")
        let failure = try XCTUnwrap(cases[6].elements(forName: "failure").first)
        XCTAssertEqual(
            failure.attribute(forName: "message")?.stringValue,
            "suite/sub/fail.placescript:2:1: error: expectation failed: 1 == 2")
        XCTAssertTrue(failure.stringValue?.contains("expected: 2") ?? false, failure.stringValue ?? "")
        let mismatch = try XCTUnwrap(cases[2].elements(forName: "failure").first)
        XCTAssertEqual(
            mismatch.attribute(forName: "message")?.stringValue,
            "suite/mismatch.placescript: standard output differs from mismatch.placescript.out (-expected +actual)")
        XCTAssertNotNil(Double(cases[0].attribute(forName: "time")?.stringValue ?? ""))
        // Written atomically: no temporary file is left beside it.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.file("report").path), ["junit.xml"])
    }

    func testUpdateRewritesGoldenOutput() throws {
        try writeSuite()
        let r = try run(["--update", "suite/mismatch.placescript", "suite/golden.placescript"])
        XCTAssertEqual(r.status, 0, r.stdoutText + r.stderrText)
        XCTAssertEqual(
            try String(contentsOf: directory.file("suite/mismatch.placescript.out"), encoding: .utf8), "one\ntwo\n")
        let again = try run(["suite/mismatch.placescript"])
        XCTAssertEqual(again.status, 0, again.stdoutText)
    }

    func testUsageErrors() throws {
        try writeSuite()
        let unknown = try run(["--jsn", "suite"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.stderrText,
            "placeshell: unknown option '--jsn' for 'placeshell test'\nhelp: did you mean '--json'?\n")
        XCTAssertEqual(unknown.stdoutText, "")
        let missing = try run(["suite", "no-such-folder"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(
            missing.stderrText,
            "placeshell test: cannot find 'no-such-folder': no such file or directory\n"
                + "help: name folders or .placescript files\n")
        XCTAssertEqual(missing.stdoutText, "", "nothing ran")
        for bad in [["-j", "0"], ["--timeout", "soon"], ["--filter", "("], ["--tap", "--json"], ["--timeout"]] {
            let r = try run(bad + ["suite"])
            XCTAssertEqual(r.status, 2, "\(bad): \(r.stderrText)")
            XCTAssertEqual(r.stdoutText, "", "\(bad)")
        }
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.hasPrefix("usage: placeshell test [OPTIONS] [PATH…]\n"), help.stdoutText)
    }
}
