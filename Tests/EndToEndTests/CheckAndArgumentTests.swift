import Foundation
import TestSupport
import XCTest

/// `placeshell --check FILE…`, and the words after FILE or -c COMMANDS that look like something
/// else: another script, one of placeshell's options, a negative number.
final class CheckAndArgumentTests: BinaryTestCase {
    private func run(_ arguments: [String]) throws -> RunResult {
        try runProcess(binary, arguments, in: directory.url, environment: cleanEnvironment(home: directory.path))
    }

    func testCheckListsEveryErrorOfEveryFileAndRunsNothing() throws {
        directory.write("good.placescript", "echo ran\nsave out.json\n")
        directory.write("bad.placescript", "echo ran\nech oops\nexpect nonsense == 3\n")
        directory.write("worse.placescript", "echo \"unclosed\n")
        let r = try run(["--check", "good.placescript", "bad.placescript", "worse.placescript"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdoutText, "", "nothing ran")
        XCTAssertEqual(
            r.stderrText,
            """
            bad.placescript:2:1: error: unknown command 'ech'
            help: did you mean 'echo'?
            bad.placescript:3:8: error: no state path 'nonsense'
            help: to compare with text, quote it: "nonsense"
            worse.placescript:1:6: error: unterminated double-quoted string
            help: close it with "

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("out.json").path), "save did not run")

        let ok = try run(["--check", "good.placescript", "good.placescript"])
        XCTAssertEqual(ok.status, 0, ok.stderrText)
        XCTAssertEqual(ok.stdoutText + ok.stderrText, "")

        let missing = try run(["--check", "good.placescript", "missing.placescript"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(
            missing.stderrText, "placeshell: cannot read 'missing.placescript': no such file or directory\n")

        let none = try run(["--check"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderrText, "placeshell: --check needs a FILE\nhelp: placeshell --check FILE…\n")
    }

    func testCheckWithJSONPrintsEachErrorAsAnObject() throws {
        directory.write("bad.placescript", "echo ran\nech oops\n")
        let r = try run(["--json", "--check", "bad.placescript"])
        XCTAssertEqual(r.status, 2)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(r.stdoutText.utf8)) as? [String: Any], r.stdoutText)
        XCTAssertEqual(object["event"] as? String, "syntax-error")
        XCTAssertEqual(object["message"] as? String, "unknown command 'ech'")
        XCTAssertEqual(object["file"] as? String, "bad.placescript")
        XCTAssertEqual(object["line"] as? Int, 2)
        XCTAssertEqual(object["column"] as? Int, 1)
    }

    /// `placeshell help` and `placeshell version` name no file: the error says what was meant.
    func testACommandOrVersionAsTheFileSaysHowToRunIt() throws {
        let help = try run(["help"])
        XCTAssertEqual(help.status, 2)
        XCTAssertEqual(
            help.stderrText,
            "placeshell: cannot read 'help': no such file or directory\n"
                + "help: a command runs with -c: 'placeshell -c help'; 'placeshell --help' lists the options\n")
        let version = try run(["version"])
        XCTAssertEqual(version.status, 2)
        XCTAssertTrue(version.stderrText.contains("'placeshell --version' prints the version"), version.stderrText)
        // A file of that name is a script like any other.
        directory.write("help", "echo a script named help\n")
        let file = try run(["help"])
        XCTAssertEqual(file.status, 0)
        XCTAssertEqual(file.stdoutText, "a script named help\n")
    }

    func testASecondScriptAfterFILEIsAnArgumentWithAWarning() throws {
        directory.write("a.placescript", "echo a got $#: $1\n")
        directory.write("b.placescript", "echo b ran\n")
        let r = try run(["a.placescript", "b.placescript"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdoutText, "a got 1: b.placescript\n", "only the first runs")
        XCTAssertEqual(
            r.stderrText,
            "placeshell: warning: 'b.placescript' is passed to 'a.placescript' as its argument $1, not run; "
                + "to run several scripts, use 'placeshell test a.placescript b.placescript'\n")
        // -- before FILE: the same arguments, no warning.
        let quiet = try run(["--", "a.placescript", "b.placescript"])
        XCTAssertEqual(quiet.stdoutText, "a got 1: b.placescript\n")
        XCTAssertEqual(quiet.stderrText, "")
        // A word that is not a script is not warned about.
        let plain = try run(["a.placescript", "c.placescript", "sydney"])
        XCTAssertEqual(plain.stderrText, "")
    }

    func testAnOptionAfterFILEIsAnArgumentWithAWarning() throws {
        directory.write("x.placescript", "echo $1\n")
        for option in ["--json", "--flavor=objc", "-c"] {
            let r = try run(["x.placescript", option])
            XCTAssertEqual(r.status, 0)
            XCTAssertEqual(r.stdoutText, "\(option)\n", "not read as an option")
            XCTAssertTrue(
                r.stderrText.hasPrefix(
                    "placeshell: warning: '\(option)' comes after the script, so it is passed to 'x.placescript' "
                        + "as its argument $1, not read as an option; put placeshell's options before FILE"),
                r.stderrText)
        }
        let quiet = try run(["--json", "--", "x.placescript", "--json"])
        XCTAssertEqual(quiet.stderrText, "")
        XCTAssertEqual(quiet.stdoutText, "{\"command\":\"echo\",\"ok\":true,\"result\":\"--json\"}\n")
    }

    func testNegativeNumbersAfterCommandsAreArguments() throws {
        let r = try run(["-c", "echo $1 $2; echo $#", "-33.86", "151.2"])
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(r.stdoutText, "-33.86 151.2\n2\n")
        XCTAssertEqual(r.stderrText, "")
        let locate = try run(["-c", "locate $1 $2", "-33.86", "151.2"])
        XCTAssertEqual(locate.status, 0, locate.stderrText)
        XCTAssertFalse(locate.stderrText.contains("unknown option"), locate.stderrText)
        // Still an unknown option where it is not a number.
        let bad = try run(["-c", "echo", "-x"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderrText.hasPrefix("placeshell: unknown option '-x'"), bad.stderrText)
    }
}
