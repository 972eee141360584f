import Foundation
import TestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `placeshell test`: a suite folder with passing, failing, unparsable, golden-mismatch,
/// hanging, skipped, expected-to-fail and parameterised scripts, run through the built binary;
/// its report as text, TAP, JSON lines and JUnit XML; and what CI leans on: a run that finds
/// nothing fails, a green run means every script held.
final class TestRunnerTests: BinaryTestCase {
    /// Writes the suite into the temporary directory: 3 pass, 4 fail, 1 is skipped. The hanging
    /// script reads a FIFO nobody writes, and only it has a (short) timeout of its own, so that no
    /// other script can run out of time on a busy machine.
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
        XCTAssertEqual(mkfifo(directory.file("suite/never.fifo").path, 0o600), 0)
        directory.write("suite/hang.placescript", "# timeout: 500ms\necho start\nplaces load never.fifo\n")
    }

    private func run(_ arguments: [String], extra: [String: String] = [:], signal: SignalTrigger? = nil) throws
        -> RunResult
    {
        try runProcess(
            binary, ["test"] + arguments, in: directory.url,
            environment: cleanEnvironment(home: directory.path, extra: extra), timeout: 600, signal: signal)
    }

    /// The times replaced by N, so that runs compare byte for byte.
    private func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.replacing(#/ +\d+ ms$/#, with: " N ms")
                .replacing(#/"time_ms":\d+/#, with: "\"time_ms\":N")
                .replacing(#/duration_ms: \d+/#, with: "duration_ms: N")
                .replacing(#/time="[0-9.]+"/#, with: "time=\"N\"")
        }.joined(separator: "\n")
    }

    /// The result lines of a text report, in path order (they stream in the order scripts end).
    private func resultLines(_ text: String) -> [String] {
        withoutTimes(text).split(separator: "\n").map(String.init)
            .filter { ["✓ ", "✗ ", "- ", "x "].contains(String($0.prefix(2))) }.sorted()
    }

    func testReportListsEveryScriptAndRecapsTheFailuresInPathOrder() throws {
        try writeSuite()
        let r = try run(["-j", "2", "suite"])
        XCTAssertEqual(r.status, 1, r.stderrText)
        XCTAssertEqual(r.stderrText, "")
        XCTAssertEqual(
            resultLines(r.stdoutText),
            [
                "- suite/skipped.placescript     skipped: not ready", "✓ suite/golden.placescript N ms",
                "✓ suite/params.placescript N ms", "✓ suite/pass.placescript N ms",
                "✗ suite/hang.placescript N ms", "✗ suite/mismatch.placescript N ms",
                "✗ suite/sub/fail.placescript N ms", "✗ suite/unparsable.placescript N ms",
            ])
        let tail = r.stdoutText.split(separator: "\n").suffix(6).joined(separator: "\n")
        XCTAssertEqual(
            tail,
            """
            failed:
              suite/hang.placescript: timed out after 500ms, running line 3: places load never.fifo
              suite/mismatch.placescript: standard output differs from mismatch.placescript.out (-expected +actual)
              suite/sub/fail.placescript:2:1: error: expectation failed: 1 == 2
              suite/unparsable.placescript:2:1: error: unknown command 'ech'
            3 passed, 4 failed, 1 skipped
            """)
        // The times line up: every "ms" ends in the same column.
        let columns = Set(r.stdoutText.split(separator: "\n").filter { $0.hasSuffix(" ms") }.map { $0.count })
        XCTAssertEqual(columns.count, 1, r.stdoutText)
        // A failure's detail is under its line; a diagnostic names the script by its path.
        XCTAssertTrue(
            r.stdoutText.contains(
                "✗ suite/sub/fail.placescript"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains("    suite/sub/fail.placescript:2:1: error: expectation failed: 1 == 2\n"),
            r.stdoutText)
    }

    /// TAP, JSON and JUnit are in path order, and the same bytes (times aside) for any number
    /// of jobs; the text report's results are the same set, and its recap the same lines.
    func testReportsAreTheSameForAnyNumberOfJobs() throws {
        try writeSuite()
        for format in [["--tap"], ["--json"], ["--quiet"]] {
            let one = try run(format + ["-j", "1", "suite"])
            let many = try run(format + ["-j8", "suite"])
            XCTAssertEqual(one.status, 1)
            if format == ["--quiet"] {
                XCTAssertEqual(resultLines(one.stdoutText), resultLines(many.stdoutText))
                XCTAssertEqual(
                    one.stdoutText.split(separator: "\n").suffix(6), many.stdoutText.split(separator: "\n").suffix(6))
            } else {
                XCTAssertEqual(withoutTimes(one.stdoutText), withoutTimes(many.stdoutText), "\(format)")
            }
        }
    }

    func testAllPassingExitsZeroAndQuietPrintsOnlyTheClosingLine() throws {
        directory.write("a.placescript", "echo a\n")
        directory.write("b.placescript", "echo b\n")
        let r = try run([])
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(resultLines(r.stdoutText), ["✓ a.placescript N ms", "✓ b.placescript N ms"])
        XCTAssertTrue(r.stdoutText.hasSuffix("\n2 passed, 0 failed\n"), r.stdoutText)
        XCTAssertFalse(r.stdoutText.contains("failed:"), "no recap without failures")
        let quiet = try run(["--quiet", "."])
        XCTAssertEqual(quiet.stdoutText, "2 passed, 0 failed\n")
    }

    /// A script's name cannot forge a result or a summary: a line feed in it, a right-to-left
    /// override or a line separator is shown escaped in the text report and in TAP, and JSON
    /// keeps the name exactly.
    func testAScriptsNameCannotForgeAResult() throws {
        let forged = "x\n✓ fake.placescript 1 ms\n1 passed, 0 failed\n\u{202E}y\u{2028}.placescript"
        directory.write(forged, "expect 1 == 2\n")
        for format in [[], ["--tap"]] {
            let r = try run(format + ["."])
            XCTAssertEqual(r.status, 1, r.stdoutText + r.stderrText)
            let lines = r.stdoutText.split(separator: "\n")
            XCTAssertFalse(lines.contains { $0.hasPrefix("✓") || $0.hasPrefix("1 passed") }, r.stdoutText)
            XCTAssertTrue(
                r.stdoutText.contains(
                    #"x\n✓ fake.placescript 1 ms\n1 passed, 0 failed\n\u{202e}y\u{2028}.placescript"#),
                r.stdoutText)
            XCTAssertFalse(
                r.stdoutText.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2028 }, r.stdoutText)
        }
        // The command to run it again reads back as the same name when pasted into bash.
        let verbose = try run(["-v", "."])
        XCTAssertTrue(
            verbose.stdoutText.contains(
                #"-- $'x\n✓ fake.placescript 1 ms\n1 passed, 0 failed\n\xe2\x80\xaey\xe2\x80\xa8.placescript' </dev/null"#
            ),
            verbose.stdoutText)
        let j = try run(["--json", "."])
        let first = try XCTUnwrap(j.stdoutText.split(separator: "\n").first)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        XCTAssertEqual(object["path"] as? String, forged)
    }

    /// A script that cannot be named to run — its name or its folder's is not UTF-8, it is a
    /// link to nothing or a FIFO — fails the run, named; it is never left out as if it were not
    /// there. Nor is such a name taken on the command line: it would name another file.
    func testAScriptThatCannotBeNamedFailsTheRun() throws {
        directory.write("good.placescript", "echo fine\n")
        let made = try runProcess(
            URL(fileURLWithPath: "/bin/bash"),
            [
                "-c",
                "printf 'echo hi\\n' > $'odd\\xfe.placescript' && ln -s missing.placescript gone.placescript"
                    + " && mkdir $'sub\\xff' && printf 'echo hi\\n' > $'sub\\xff/in.placescript' && mkfifo fifo.placescript",
            ],
            in: directory.url, environment: cleanEnvironment(home: directory.path), timeout: 600)
        XCTAssertEqual(made.status, 0, made.stderrText)
        let r = try run(["."])
        XCTAssertEqual(r.status, 1, r.stdoutText + r.stderrText)
        XCTAssertTrue(
            r.stdoutText.contains("cannot read 'odd\u{FFFD}.placescript': its name is not UTF-8"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains("cannot read 'gone.placescript': it is a symbolic link to nothing"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains("cannot read 'sub\u{FFFD}': it is a folder whose name is not UTF-8"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("cannot read 'fifo.placescript': it is not a regular file"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("1 passed, 4 failed\n"), r.stdoutText)
        let named = try runProcess(
            URL(fileURLWithPath: "/bin/bash"), ["-c", "\(shellQuote(binary.path)) $'odd\\xfe.placescript'"],
            in: directory.url, environment: cleanEnvironment(home: directory.path), timeout: 600)
        XCTAssertEqual(named.status, 2, named.stderrText)
        XCTAssertEqual(named.stdoutText, "")
        XCTAssertTrue(named.stderrText.hasPrefix("placeshell: argument 1, 'odd\u{FFFD}.placescript', is not UTF-8\n"))
    }

    /// A script that prints 43 MB costs the runner a few megabytes, not the output times
    /// two: what is past 4 MiB goes to a temporary file, `$TMP` replaced as it comes. It is
    /// recorded whole, compared whole (a byte changed near the end is found, and the diff shows
    /// the lines there, numbered as in the whole, with the command that printed them), and the
    /// JSON line carries its first megabyte and its length.
    func testALargeOutputIsKeptOutOfMemoryAndComparedWhole() throws {
        var lines = ["locate sydney", "places generate 10000 --seed 1", "echo \"$TMP\""]
        for _ in 0..<40 { lines.append("places near --limit 10000 --radius 50km") }
        lines.append("echo \"end in $TMP\"")
        directory.write("big.placescript", lines.joined(separator: "\n") + "\n")
        let budget = 48 * 1024
        let update = try run(["--update", "big.placescript"])
        XCTAssertEqual(update.status, 0, update.stdoutText + update.stderrText)
        XCTAssertLessThan(update.maxRSSKilobytes, budget, "--update: peak RSS \(update.maxRSSKilobytes) KB")
        let golden = try Data(contentsOf: directory.file("big.placescript.out"))
        XCTAssertGreaterThan(golden.count, 40_000_000)
        print("--update: peak RSS \(update.maxRSSKilobytes) KB for \(golden.count) bytes of output")
        let text = String(decoding: golden, as: UTF8.self)
        XCTAssertTrue(text.contains("\n$TMP\n"), String(text.prefix(300)))
        XCTAssertTrue(text.hasSuffix("\nend in $TMP\n"), String(text.suffix(100)))

        let again = try run(["big.placescript"])
        XCTAssertEqual(again.status, 0, again.stdoutText)
        XCTAssertLessThan(again.maxRSSKilobytes, budget, "peak RSS \(again.maxRSSKilobytes) KB")

        // One byte changed in the last table: found, shown where it is.
        var changed = [UInt8](golden)
        let at = changed.count - 2000
        changed[at] = changed[at] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        try Data(changed).write(to: directory.file("big.placescript.out"))
        let failed = try run(["big.placescript"])
        XCTAssertEqual(failed.status, 1, failed.stdoutText)
        XCTAssertTrue(
            failed.stdoutText.contains("they agree up to byte \(groupedThousandsForTest(at))"), failed.stdoutText)
        let lineNumber = changed[..<at].filter { $0 == 0x0A }.count + 1
        let hunk = failed.stdoutText.split(separator: "\n").first { $0.contains("@@ -") } ?? ""
        XCTAssertTrue(hunk.contains("line 43: places near --limit 10000 --radius 50km"), String(hunk))
        XCTAssertTrue(
            failed.stdoutText.contains(
                "-"
                    + String(
                        decoding: changed[(changed[..<at].lastIndex(of: 0x0A)! + 1)...].prefix { $0 != 0x0A },
                        as: UTF8.self)),
            "the changed line \(lineNumber) is shown:\n\(failed.stdoutText)")
        XCTAssertLessThan(failed.stdoutText.utf8.count, 100_000, "the diff is of the lines there, not the whole")

        let json = try run(["--json", "big.placescript"])
        let first = try XCTUnwrap(json.stdoutText.split(separator: "\n").first)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        XCTAssertEqual(object["stdout_bytes"] as? Int, golden.count)
        XCTAssertEqual((object["stdout"] as? String)?.utf8.count, 1 << 20)
        XCTAssertNil(object["stderr_bytes"])
    }

    func testASCIIMarksOutsideAUTF8LocaleAndNoColourInAPipe() throws {
        try writeSuite()
        let r = try run(["suite"], extra: ["LANG": "C"])
        XCTAssertTrue(r.stdoutText.contains("ok   suite/golden.placescript "), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("FAIL suite/hang.placescript "), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("skip suite/skipped.placescript "), r.stdoutText)
        XCTAssertFalse(r.stdoutText.contains("\u{1B}"), "no colour when stdout is not a terminal")
        XCTAssertTrue(r.stdoutText.unicodeScalars.allSatisfy(\.isASCII), r.stdoutText)
    }

    func testTAP() throws {
        try writeSuite()
        let r = try run(["--tap", "suite"])
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
        XCTAssertTrue(
            lines.contains("  message: \"timed out after 500ms, running line 3: places load never.fifo\""),
            r.stdoutText)
        XCTAssertTrue(
            lines.contains("  message: \"suite/unparsable.placescript:2:1: error: unknown command 'ech'\""),
            r.stdoutText)
        XCTAssertTrue(lines.contains("  severity: error"), "a script that does not parse is an error")
        XCTAssertEqual(lines.last, "# 3 passed, 4 failed, 1 skipped")
    }

    func testJSONLinesCarryTheWholeOutput() throws {
        try writeSuite()
        let long = (1...400).map { "echo line \($0) of a long output" }.joined(separator: "\n") + "\nexpect 1 == 2\n"
        directory.write("suite/long.placescript", long)
        let r = try run(["--json", "suite"])
        XCTAssertEqual(r.status, 1)
        let objects = try r.stdoutText.split(separator: "\n").map { line in
            try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        XCTAssertEqual(objects.count, 10)
        XCTAssertEqual(
            objects.dropLast().map { "\($0["path"] ?? "") \($0["status"] ?? "")" },
            [
                "suite/golden.placescript passed", "suite/hang.placescript failed",
                "suite/long.placescript failed", "suite/mismatch.placescript failed",
                "suite/params.placescript passed", "suite/pass.placescript passed",
                "suite/skipped.placescript skipped", "suite/sub/fail.placescript failed",
                "suite/unparsable.placescript error",
            ])
        XCTAssertEqual(objects[4]["stdout"] as? String, "sydney / 65 m\n")
        XCTAssertEqual(objects[7]["exit_status"] as? Int, 1)
        XCTAssertTrue((objects[7]["stderr"] as? String ?? "").contains("expectation failed: 1 == 2"))
        XCTAssertTrue(objects[0]["time_ms"] is Int)
        // The whole output, not its first 2,000 bytes.
        let stdout = try XCTUnwrap(objects[2]["stdout"] as? String)
        XCTAssertGreaterThan(stdout.utf8.count, 10_000)
        XCTAssertTrue(stdout.hasSuffix("line 400 of a long output\n"))
        let summary = try XCTUnwrap(objects.last?["summary"] as? [String: Any])
        XCTAssertEqual(summary["passed"] as? Int, 3)
        XCTAssertEqual(summary["failed"] as? Int, 5)
        XCTAssertEqual(summary["skipped"] as? Int, 1)
        XCTAssertEqual(summary["errors"] as? Int, 1)
    }

    func testJUnitXML() throws {
        try writeSuite()
        // A report that cannot be written is a usage error before anything runs.
        let early = try run(["--junit", "report/junit.xml", "--quiet", "suite"])
        XCTAssertEqual(early.status, 2, "the folder of the report does not exist")
        XCTAssertEqual(early.stdoutText, "", "nothing ran")
        XCTAssertEqual(
            early.stderrText,
            "placeshell test: cannot write the JUnit report 'report/junit.xml': its folder 'report' does not exist\n"
                + "help: name a file in a folder you can write\n")
        try FileManager.default.createDirectory(at: directory.file("report"), withIntermediateDirectories: true)
        let ok = try run(["--junit", "report/junit.xml", "--quiet", "suite"])
        XCTAssertEqual(ok.status, 1, ok.stderrText)
        let data = try Data(contentsOf: directory.file("report/junit.xml"))
        let document = try XMLDocument(data: data)
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertNil(root.attribute(forName: "skipped"), "junit-10.xsd has no 'skipped' on testsuites")
        let suite = try XCTUnwrap(root.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "8")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "3")
        XCTAssertEqual(suite.attribute(forName: "errors")?.stringValue, "1")
        XCTAssertEqual(suite.attribute(forName: "skipped")?.stringValue, "1")
        let cases = suite.elements(forName: "testcase")
        XCTAssertEqual(
            cases.map {
                "\($0.attribute(forName: "classname")?.stringValue ?? "").\($0.attribute(forName: "name")?.stringValue ?? "")"
            },
            [
                "suite.golden", "suite.hang", "suite.mismatch", "suite.params", "suite.pass", "suite.skipped",
                "suite.sub.fail", "suite.unparsable",
            ])
        XCTAssertTrue(cases.allSatisfy { $0.attribute(forName: "file") == nil }, "junit-10.xsd has no 'file'")
        XCTAssertEqual(cases.filter { !$0.elements(forName: "failure").isEmpty }.count, 3)
        let error = try XCTUnwrap(cases[7].elements(forName: "error").first, "a script that does not parse")
        XCTAssertEqual(
            error.attribute(forName: "message")?.stringValue,
            "suite/unparsable.placescript:2:1: error: unknown command 'ech'")
        XCTAssertEqual(
            cases[5].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue, "not ready")
        let failure = try XCTUnwrap(cases[6].elements(forName: "failure").first)
        XCTAssertEqual(
            failure.attribute(forName: "message")?.stringValue,
            "suite/sub/fail.placescript:2:1: error: expectation failed: 1 == 2")
        XCTAssertTrue(failure.stringValue?.contains("expected: 2") ?? false, failure.stringValue ?? "")
        XCTAssertEqual(cases[6].elements(forName: "system-out").first?.stringValue, "before\n")
        XCTAssertNotNil(Double(cases[0].attribute(forName: "time")?.stringValue ?? ""))
        // Written atomically: no temporary file is left beside it.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.file("report").path), ["junit.xml"])
        try validateAgainstJenkinsSchema(directory.file("report/junit.xml"))
    }

    /// The report validates against Jenkins' strict junit-10.xsd, with xmllint (scripts/setup
    /// fetches the schema from pytest's source package and installs libxml2-utils).
    private func validateAgainstJenkinsSchema(_ report: URL) throws {
        let schema = Repository.root.appendingPathComponent(".build-tools/junit-10.xsd")
        guard FileManager.default.fileExists(atPath: schema.path),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint")
        else {
            XCTFail("junit-10.xsd or xmllint is missing: run scripts/setup test")
            return
        }
        let r = try runProcess(
            URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", "--schema", schema.path, report.path],
            in: directory.url, environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertTrue(r.stderrText.contains("validates"), r.stderrText)
    }

    func testUsageErrors() throws {
        try writeSuite()
        let unknown = try run(["--jsn", "suite"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.stderrText,
            "placeshell test: unknown option '--jsn'\nhelp: did you mean '--json'?\n")
        XCTAssertEqual(unknown.stdoutText, "")
        let missing = try run(["suite", "no-such-folder"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(
            missing.stderrText,
            "placeshell test: cannot find 'no-such-folder': no such file or directory\n"
                + "help: name folders or .placescript files\n")
        XCTAssertEqual(missing.stdoutText, "", "nothing ran")
        for bad in [
            ["-j", "0"], ["--timeout", "soon"], ["--filter", "("], ["--tap", "--json"], ["--timeout"],
            ["--force"], ["--flavor", "kotlin"], ["-q", "-v"],
        ] {
            let r = try run(bad + ["suite"])
            XCTAssertEqual(r.status, 2, "\(bad): \(r.stderrText)")
            XCTAssertEqual(r.stdoutText, "", "\(bad)")
        }
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.hasPrefix("usage: placeshell test [OPTIONS] [PATH…]\n"), help.stdoutText)
    }

    // MARK: - A run that finds nothing

    /// Running no test is not a pass: exit 5 with a message, unless --allow-empty.
    func testRunningNoTestIsAFailure() throws {
        try writeSuite()
        try FileManager.default.createDirectory(at: directory.file("empty"), withIntermediateDirectories: true)
        for arguments in [["--filter", "nomatch", "suite"], ["empty"]] {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 5, "\(arguments)")
            XCTAssertEqual(r.stdoutText, "0 passed, 0 failed\n")
            XCTAssertTrue(r.stderrText.contains("no test ran, which is not a pass"), r.stderrText)
            let allowed = try run(["--allow-empty"] + arguments)
            XCTAssertEqual(allowed.status, 0, allowed.stderrText)
            XCTAssertEqual(allowed.stdoutText, "0 passed, 0 failed\n")
        }
    }

    // MARK: - The same verdicts on every machine

    /// The device speaks English under placeshell test whatever the locale (LANG, LC_MESSAGES,
    /// LC_ALL), unless the script chooses a language.
    func testGoldensDoNotDependOnTheLocale() throws {
        directory.write("alert.placescript", "launch\n")
        let english = try runProcess(
            binary, ["alert.placescript"], in: directory.url, environment: cleanEnvironment(home: directory.path))
        directory.write("alert.placescript.out", Array(english.stdout))
        XCTAssertTrue(english.stdoutText.contains("Allow While Using App"), english.stdoutText)
        directory.write("german.placescript", "# language: de\nlaunch\nexpect device.language == de\n")
        for locale in [["LANG": "de_DE.UTF-8"], ["LC_MESSAGES": "de_DE.UTF-8"], ["LC_ALL": "ko_KR.UTF-8"]] {
            let r = try run(["alert.placescript", "german.placescript"], extra: locale)
            XCTAssertEqual(r.status, 0, "\(locale): \(r.stdoutText)")
        }
        // The same script run directly speaks the locale's language, and the golden no longer holds.
        let direct = try runProcess(
            binary, ["alert.placescript"], in: directory.url,
            environment: cleanEnvironment(home: directory.path, extra: ["LANG": "de_DE.UTF-8"]))
        XCTAssertNotEqual(direct.stdout, english.stdout)
    }

    /// Scripts run side by side get a $TMP each: four scripts that save and load a session
    /// there pass with -j 4 every time; their output names it $TMP, so goldens hold.
    func testParallelScriptsHaveTheirOwnTemporaryFolder() throws {
        for n in 1...4 {
            directory.write(
                "s\(n).placescript",
                "locate sydney\nlaunch\nwait \(n)s\nsave $TMP/session.json\nwait 5s\nload $TMP/session.json\n"
                    + "expect clock == \(Double(n) + 0.4)s\n")
        }
        let tmp = directory.file("tmp").path
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        for round in 1...3 {
            let r = try run(["-j", "4", "--update", "."], extra: ["TMPDIR": tmp])
            XCTAssertEqual(r.status, 0, "round \(round): \(r.stdoutText)")
        }
        let golden = try String(contentsOf: directory.file("s1.placescript.out"), encoding: .utf8)
        XCTAssertTrue(golden.contains("saved the session to $TMP/session.json"), golden)
        let r = try run(["-j", "4", "."], extra: ["TMPDIR": tmp])
        XCTAssertEqual(r.status, 0, r.stdoutText)
        // Each $TMP is gone after a pass, and the folder that held them too.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [])
        // A failure keeps its $TMP, named in the report.
        directory.write("keep.placescript", "save $TMP/kept.json\nexpect clock == 1s\n")
        let kept = try run(["keep.placescript"], extra: ["TMPDIR": tmp])
        XCTAssertEqual(kept.status, 1)
        let line = try XCTUnwrap(kept.stdoutText.split(separator: "\n").first { $0.contains("$TMP is kept") })
        let folder = String(line.split(separator: " ").last ?? "")
        XCTAssertTrue(folder.hasPrefix(tmp + "/placeshell-test-"), folder)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/kept.json"))
    }

    // MARK: - Negative tests

    /// `# exit:` and NAME.placescript.err make a negative test; `# xfail:` expects a failure and
    /// fails the run when the script passes.
    func testNegativeTestsAndExpectedFailures() throws {
        directory.write("neg.placescript", "# exit: 1\nexpect clock == 5s\n")
        directory.write(
            "neg.placescript.err",
            "neg.placescript:2:1: error: expectation failed: clock == 5s\n  expected: 5s\n  actual:   0s\n")
        directory.write("wrong-err.placescript", "# exit: 1\nexpect clock == 6s\n")
        directory.write("wrong-err.placescript.err", "something else\n")
        directory.write("wrong-exit.placescript", "# exit: 1\necho ok\n")
        directory.write("xfail.placescript", "# xfail: the clock is not there yet\nexpect clock == 5s\n")
        directory.write("xpass.placescript", "# xfail: should fail\nexpect clock == 0s\n")
        let r = try run(["--junit", "j.xml", "."])
        XCTAssertEqual(r.status, 1, r.stdoutText)
        XCTAssertEqual(
            resultLines(r.stdoutText),
            [
                "x xfail.placescript       xfail: the clock is not there yet", "✓ neg.placescript N ms",
                "✗ wrong-err.placescript N ms", "✗ wrong-exit.placescript N ms", "✗ xpass.placescript N ms",
            ])
        XCTAssertTrue(r.stdoutText.contains("standard error differs from wrong-err.placescript.err"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("    exited with status 0, expected 1\n"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains("    passed, but it is expected to fail (xfail: should fail)\n"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("1 passed, 3 failed, 1 xfailed\n"), r.stdoutText)
        // An expected failure is a failed check, not a script that does not parse or hangs.
        XCTAssertEqual(mkfifo(directory.file("never.fifo").path, 0o600), 0)
        directory.write("xf-parse.placescript", "# xfail: later\nexpect markers[1].titel == \"x\"\n")
        directory.write("xf-hang.placescript", "# xfail: later\n# timeout: 300ms\nsource never.fifo\n")
        try FileManager.default.createDirectory(at: directory.file("lib"), withIntermediateDirectories: true)
        directory.write("lib/broken.placescript", "expect app.screen == mapp\n")
        directory.write("xf-helper.placescript", "# xfail: later\nsource lib/broken.placescript\n")
        directory.write("xf-missing.placescript", "# xfail: later\nsource lib/nosuch.placescript\n")
        let strict = try run([
            "xf-parse.placescript", "xf-hang.placescript", "xf-helper.placescript", "xf-missing.placescript",
        ])
        XCTAssertEqual(strict.status, 1, strict.stdoutText)
        XCTAssertTrue(strict.stdoutText.hasSuffix("0 passed, 4 failed\n"), strict.stdoutText)
        // --update of an expected failure records nothing and reports it as any run does.
        let update = try run(["--update", "xfail.placescript"])
        XCTAssertEqual(update.status, 0, update.stdoutText)
        XCTAssertTrue(update.stdoutText.contains("x xfail.placescript"), update.stdoutText)
        let junit = try String(contentsOf: directory.file("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("<failure message=\"xpass.placescript: passed, but it is expected to fail"), junit)
        XCTAssertTrue(junit.contains("<skipped message=\"the clock is not there yet\"/>"), junit)
        try validateAgainstJenkinsSchema(directory.file("j.xml"))
    }

    // MARK: - Hangs and signals

    /// A script over its time is stopped, and the report names the line it was on; the default
    /// limit is in the help.
    func testATimeoutNamesTheLineThatWasRunning() throws {
        XCTAssertEqual(mkfifo(directory.file("never.fifo").path, 0o600), 0)
        directory.write("slow.placescript", "echo a\nlocate sydney\nsource never.fifo\necho never\n")
        let r = try run(["--timeout", "300ms", "slow.placescript"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stdoutText.contains("    timed out after 300ms, running line 3: source never.fifo\n"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains("    slow.placescript:3:1: error: interrupted: 'never.fifo' was not read"),
            r.stdoutText)
        XCTAssertTrue(try run(["--help"]).stdoutText.contains("(60s; 0: none)"))
    }

    /// SIGINT and SIGTERM to the runner end the scripts it runs (no process is left), report
    /// what finished and the scripts stopped part-way (errors), write the JUnit file with them,
    /// and exit 130 and 143; a test never started is counted as not run. With two jobs, the quick
    /// script and the first endless one start, the second starts when the quick one ends, and
    /// the third never does: the signal is sent once the quick one's result is out and two
    /// endless ones wait in the open of their FIFO.
    func testSignalsEndTheChildrenAndReportWhatFinished() throws {
        guard waitChannelsAreVisible else { throw XCTSkip("/proc/PID/wchan is not readable on this system") }
        XCTAssertEqual(mkfifo(directory.file("never.fifo").path, 0o600), 0)
        let marker = "endless-\(UUID().uuidString)"
        directory.write("a-quick.placescript", "echo quick\n")
        for n in 1...3 { directory.write("\(marker)-\(n).placescript", "# timeout: 0\nsource never.fifo\n") }
        for (sig, status, name) in [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")] {
            for format in [[], ["--json"]] {
                var quickSeen = false
                let trigger = SignalTrigger(sig) { [self] progress in
                    if let out = progress.stdout { quickSeen = quickSeen || out.contains(Data("a-quick".utf8)) }
                    let waiting = processes(containing: marker).filter { line in
                        let pid = Int32(line.split(separator: " ")[0]) ?? 0
                        return waitChannel(of: pid)?.contains("wait_for_partner") ?? false
                    }
                    return quickSeen && waiting.count == 2
                }
                let r = try run(format + ["--timeout", "0", "-j", "2", "--junit", "j.xml", "."], signal: trigger)
                XCTAssertEqual(r.status, status, r.stdoutText + r.stderrText)
                XCTAssertFalse(r.signaled)
                if format.isEmpty {
                    XCTAssertTrue(r.stdoutText.contains("✓ a-quick.placescript"), r.stdoutText)
                    XCTAssertEqual(
                        r.stdoutText.components(separatedBy: "    stopped by \(name) before it ended\n").count - 1, 2,
                        r.stdoutText)
                    XCTAssertTrue(
                        r.stdoutText.hasSuffix("stopped by \(name): 1 test not run\n1 passed, 2 failed\n"),
                        r.stdoutText)
                } else {
                    // Every test that ended is printed, those stopped part-way too, in order.
                    let statuses = r.stdoutText.split(separator: "\n").compactMap { line -> String? in
                        guard let range = line.range(of: #""status":"[a-z]*""#, options: .regularExpression) else {
                            return nil
                        }
                        return String(line[range])
                    }
                    XCTAssertEqual(
                        statuses, ["\"status\":\"passed\"", "\"status\":\"error\"", "\"status\":\"error\""],
                        r.stdoutText)
                    XCTAssertTrue(r.stdoutText.contains("\"not_run\":1"), r.stdoutText)
                }
                let junit = try String(contentsOf: directory.file("j.xml"), encoding: .utf8)
                XCTAssertTrue(junit.contains("tests=\"3\""), junit)
                XCTAssertTrue(junit.contains("<error message=\"\(marker)-1.placescript: stopped by \(name)"), junit)
                XCTAssertEqual(processes(containing: marker), [], "no script is left running")
            }
        }
    }

    /// The processes whose command line contains `text`.
    private func processes(containing text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid -> String? in
            guard Int(pid) != nil, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
                return nil
            }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? pid + " " + line : nil
        }
    }

    // MARK: - Diffs people can read

    /// One changed word is one line removed and one added, under a hunk that names the line of
    /// the script that printed it; whitespace at the end of a line shows.
    func testDiffsShowTheChangeAndTheLineThatPrintedIt() throws {
        directory.write(
            "d.placescript", "echo one\necho two\necho three\necho four\necho five\necho six\necho 'seven '\n")
        directory.write("d.placescript.out", "one\ntwo\nTHREE\nfour\nfive\nsix\nseven\n")
        let r = try run(["d.placescript"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stdoutText.contains(
                """
                    standard output differs from d.placescript.out (-expected +actual)
                    @@ -1,7 +1,7 @@ line 3: echo three
                     one
                     two
                    -THREE
                    +three
                     four
                     five
                     six
                    -seven
                    +seven·

                """), r.stdoutText)
    }

    // MARK: - --update

    /// `--update` creates missing expected output, rewrites what differs, leaves alone a script
    /// that failed for another reason (unless --force), and lists what it wrote.
    func testUpdateCreatesRefusesAndLists() throws {
        try writeSuite()
        directory.write("suite/new.placescript", "echo fresh\n")
        let r = try run(["--update", "suite"])
        XCTAssertEqual(r.status, 1, "the failing scripts still fail")
        XCTAssertTrue(r.stdoutText.contains("    updated suite/mismatch.placescript.out\n"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("    created suite/new.placescript.out\n"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains(
                "    not recorded: it failed for another reason than its expected output (--force records it)\n"),
            r.stdoutText)
        XCTAssertFalse(fileExists("suite/sub/fail.placescript.out"))
        XCTAssertEqual(try String(contentsOf: directory.file("suite/new.placescript.out"), encoding: .utf8), "fresh\n")
        XCTAssertEqual(
            try String(contentsOf: directory.file("suite/mismatch.placescript.out"), encoding: .utf8), "one\ntwo\n")
        XCTAssertTrue(r.stdoutText.contains("expected output files written\n"), r.stdoutText)
        let forced = try run(["--update", "--force", "suite/sub/fail.placescript"])
        XCTAssertTrue(forced.stdoutText.contains("created suite/sub/fail.placescript.out"), forced.stdoutText)
        XCTAssertTrue(forced.stdoutText.contains("created suite/sub/fail.placescript.err"), forced.stdoutText)
        let again = try run(["suite/mismatch.placescript", "suite/new.placescript"])
        XCTAssertEqual(again.status, 0, again.stdoutText)
    }

    private func fileExists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.file(name).path)
    }

    // MARK: - Selection and reruns

    /// Filters match the path below the suite's folder and combine (any); -k is --filter; -x stops
    /// at the first failure; --list runs nothing; -v says how to run a script again.
    func testSelectionAndReruns() throws {
        try writeSuite()
        let filtered = try run(["-k", "^sub/", "--filter", "golden", "suite"])
        XCTAssertEqual(
            resultLines(filtered.stdoutText), ["✓ suite/golden.placescript N ms", "✗ suite/sub/fail.placescript N ms"])
        let rooted = try run(["-k", "^suite/", "suite"])
        XCTAssertEqual(rooted.status, 5, "the suite's folder is not part of the path a filter sees")
        let listed = try run(["--list", "suite"])
        XCTAssertEqual(listed.status, 0)
        XCTAssertEqual(
            listed.stdoutText,
            """
            suite/golden.placescript
            suite/hang.placescript
            suite/mismatch.placescript
            suite/params.placescript
            suite/pass.placescript
            suite/skipped.placescript  (skip: not ready)
            suite/sub/fail.placescript
            suite/unparsable.placescript

            """)
        let first = try run(["-x", "-j", "1", "suite"])
        XCTAssertEqual(first.status, 1)
        XCTAssertTrue(
            first.stdoutText.contains("stopped at the first failure (-x): 6 tests not run\n1 passed, 1 failed\n"),
            first.stdoutText)
        let verbose = try run(["-v", "suite/params.placescript"])
        XCTAssertTrue(
            verbose.stdoutText.contains(
                "    run: LC_ALL=C.UTF-8 placeshell -C suite --language en -- params.placescript sydney '65 m' </dev/null\n"
            ),
            verbose.stdoutText)
    }

    /// --lf runs the scripts that failed last time, remembered under XDG_CACHE_HOME; a script
    /// that then passes is forgotten; with none remembered, all run.
    func testLastFailedRerunsTheFailures() throws {
        try writeSuite()
        let cache = ["XDG_CACHE_HOME": directory.file("cache").path]
        _ = try run(["suite"], extra: cache)
        let again = try run(["--lf", "suite"], extra: cache)
        XCTAssertEqual(
            resultLines(again.stdoutText),
            [
                "✗ suite/hang.placescript N ms", "✗ suite/mismatch.placescript N ms",
                "✗ suite/sub/fail.placescript N ms",
                "✗ suite/unparsable.placescript N ms",
            ])
        directory.write("suite/mismatch.placescript.out", "one\ntwo\n")
        _ = try run(["--lf", "suite"], extra: cache)
        let third = try run(["--lf", "suite"], extra: cache)
        XCTAssertFalse(third.stdoutText.contains("mismatch"), third.stdoutText)
        let fresh = try run(["--lf", "suite/pass.placescript"], extra: ["XDG_CACHE_HOME": directory.file("none").path])
        XCTAssertEqual(fresh.status, 0)
        XCTAssertTrue(fresh.stderrText.contains("running them all"), fresh.stderrText)

        // A failing script whose name holds a line break is run again too.
        try FileManager.default.createDirectory(at: directory.file("lf"), withIntermediateDirectories: true)
        directory.write("lf/nl\nerror: x.placescript", "expect 1 == 2\n")
        directory.write("lf/other.placescript", "expect 1 == 2\n")
        directory.write("lf/fine.placescript", "echo ok\n")
        XCTAssertEqual(symlink("nowhere.placescript", directory.file("lf/gone.placescript").path), 0)
        _ = try run(["lf"], extra: cache)
        let rerun = try run(["--lf", "lf"], extra: cache)
        XCTAssertTrue(rerun.stdoutText.hasSuffix("0 passed, 3 failed\n"), rerun.stdoutText)
        // However the folder is named: the link to nothing too.
        let spelledOtherwise = try run(["--lf", "./lf"], extra: cache)
        XCTAssertTrue(spelledOtherwise.stdoutText.hasSuffix("0 passed, 3 failed\n"), spelledOtherwise.stdoutText)
    }

    // MARK: - A flavour matrix

    /// `# flavors:` or `--flavor swift,objc,nearby` runs a script once as each, each a test of
    /// its own in every report, with an expected output of its own where it needs one.
    func testTheSameScriptAsEachFlavour() throws {
        directory.write("both.placescript", "# flavors: swift, objc\nlaunch\nexpect app.running\n")
        directory.write("any.placescript", "launch\nexpect app.flavor == swift\n")
        let r = try run(["--flavor", "swift,objc,nearby", "--junit", "j.xml", "--update", "."])
        XCTAssertEqual(
            resultLines(r.stdoutText),
            [
                "✓ any.placescript [swift] N ms", "✓ both.placescript [objc] N ms", "✓ both.placescript [swift] N ms",
                "✗ any.placescript [nearby] N ms", "✗ any.placescript [objc] N ms",
            ].sorted())
        XCTAssertTrue(fileExists("both.placescript.swift.out") && fileExists("both.placescript.objc.out"))
        let junit = try String(contentsOf: directory.file("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("name=\"any[nearby]\""), junit)
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, 5)
        let one = try run(["both.placescript"])
        XCTAssertEqual(one.status, 0, one.stdoutText)
        // An expected output the runner does not read is said.
        directory.write("both.out", "x\n")
        let stray = try run(["."])
        XCTAssertTrue(
            stray.stderrText.contains("'both.out' is not read as both.placescript's expected output"), stray.stderrText)
        try FileManager.default.removeItem(at: directory.file("both.out"))
        // One flavour given runs every script as it.
        let objc = try run(["--flavor", "objc", "-v", "any.placescript"])
        XCTAssertEqual(objc.status, 1, objc.stdoutText)
        XCTAssertTrue(objc.stdoutText.contains("placeshell -C . --flavor objc --language en"), objc.stdoutText)
        // A flavour's expected output gone missing while the others have theirs is a failure.
        try FileManager.default.removeItem(at: directory.file("both.placescript.objc.out"))
        let missing = try run(["both.placescript"])
        XCTAssertEqual(missing.status, 1, missing.stdoutText)
        XCTAssertTrue(missing.stdoutText.contains("no expected output for [objc]"), missing.stdoutText)
        // A script that launches a flavour of its own would pass every flavour without testing it.
        directory.write("own.placescript", "# flavors: swift, objc\nlaunch --flavor objc\nexpect app.running\n")
        let own = try run(["own.placescript"])
        XCTAssertEqual(own.status, 1, own.stdoutText)
        XCTAssertTrue(
            own.stdoutText.contains("own.placescript [swift]: it launches another flavour than [swift]"), own.stdoutText
        )
    }

    // MARK: - Collection

    /// Helpers are not collected (`_name`, `lib/`); a link to a folder is followed, a cycle of
    /// links is an error, and a folder reached twice is run once and said so; a header that
    /// does not read is an error of that script.
    func testCollectionRules() throws {
        let fm = FileManager.default
        try fm.createDirectory(at: directory.file("s/lib"), withIntermediateDirectories: true)
        try fm.createDirectory(at: directory.file("real"), withIntermediateDirectories: true)
        directory.write("s/main.placescript", "source lib/helper.placescript\nsource _util.placescript\n")
        directory.write("s/lib/helper.placescript", "echo helped\n")
        directory.write("s/_util.placescript", "echo util\n")
        directory.write("real/r.placescript", "echo r\n")
        try fm.createSymbolicLink(atPath: directory.file("s/linked").path, withDestinationPath: "../real")
        let r = try run(["s"])
        XCTAssertEqual(r.status, 0, r.stdoutText + r.stderrText)
        XCTAssertEqual(resultLines(r.stdoutText), ["✓ s/linked/r.placescript N ms", "✓ s/main.placescript N ms"])
        // Both the folder and a link to it: run once, and said.
        let twice = try run(["real", "s"])
        XCTAssertEqual(twice.status, 0)
        XCTAssertEqual(resultLines(twice.stdoutText).count, 2, twice.stdoutText)
        XCTAssertTrue(twice.stderrText.contains("through a link: its scripts are run once"), twice.stderrText)
        // A link back up is a cycle.
        try fm.createSymbolicLink(atPath: directory.file("real/loop").path, withDestinationPath: "..")
        let cycle = try run(["real"])
        XCTAssertEqual(cycle.status, 2)
        XCTAssertTrue(cycle.stderrText.contains("a cycle of links"), cycle.stderrText)
        // A second # args: line is an error of that script, reported as such.
        directory.write("h.placescript", "# args: a\n# args: b\necho $1\n")
        let header = try run(["--junit", "j.xml", "h.placescript"])
        XCTAssertEqual(header.status, 1)
        XCTAssertTrue(
            header.stdoutText.contains("h.placescript:2:3: error: a second 'args:' header"), header.stdoutText)
        let junit = try String(contentsOf: directory.file("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("<error message=\"h.placescript:2:3: error: a second"), junit)
        // A diagnostic in a sourced helper names it as the report names files.
        directory.write("s/lib/helper.placescript", "echo helped\nexpect clock == 1s\n")
        let helper = try run(["s/main.placescript"])
        XCTAssertEqual(helper.status, 1)
        XCTAssertTrue(
            helper.stdoutText.contains("    s/lib/helper.placescript:2:1: error: expectation failed: clock == 1s\n"),
            helper.stdoutText)
    }
}

/// `1,227`: a count with thousands separators, as the reports write it.
private func groupedThousandsForTest(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return out
}
