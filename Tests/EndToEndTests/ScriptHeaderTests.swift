import Foundation
import TestSupport
import XCTest

/// A script's header lines (`# args:`, `# language:`, …) read the same way by a direct run,
/// `--check` and `placeshell test`; `$TMP`, a run's own temporary folder; `--language`.
final class ScriptHeaderTests: BinaryTestCase {
    private func run(_ arguments: [String], extra: [String: String] = [:]) throws -> RunResult {
        try runProcess(
            binary, arguments, in: directory.url, environment: cleanEnvironment(home: directory.path, extra: extra))
    }

    /// `# args:` gives the arguments when the command line gives none, in a direct run and to
    /// `--check`, which used to fail every script that takes arguments.
    func testArgumentsFromTheHeaderInARunAndInCheck() throws {
        directory.write("params.placescript", "#!/usr/bin/env placeshell\n# args: sydney \"65 m\"\n\necho $1 / $2\n")
        let direct = try run(["params.placescript"])
        XCTAssertEqual(direct.status, 0, direct.stderrText)
        XCTAssertEqual(direct.stdoutText, "sydney / 65 m\n")
        let given = try run(["params.placescript", "cupertino", "5m"])
        XCTAssertEqual(given.stdoutText, "cupertino / 5m\n", "the command line's arguments win")
        let check = try run(["--check", "params.placescript"])
        XCTAssertEqual(check.status, 0, check.stderrText)
        XCTAssertEqual(check.stdoutText + check.stderrText, "")
        // Without the header, --check says what is missing.
        directory.write("bare.placescript", "echo $1\n")
        let bare = try run(["--check", "bare.placescript"])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stderrText.contains("script argument $1 was not given"), bare.stderrText)
    }

    /// A header written otherwise than a header is written is a mistake, not a comment: it
    /// would be silently left out, and the test would pass.
    func testAHeaderWrittenOtherwiseIsAnError() throws {
        for line in [
            "# Exit: 2", "# EXIT: 2", "# exit : 2", "# exit 2", "# exit= 2", "# exit-status: 2", "# XFail: r",
            "# Flavors: objc", "# Skip: r", "# xfail known bug",
        ] {
            directory.write("h.placescript", line + "\necho ok\n")
            let r = try run(["--check", "h.placescript"])
            XCTAssertEqual(r.status, 2, "\(line): \(r.stderrText)")
            XCTAssertTrue(r.stderrText.hasPrefix("h.placescript:1:3: error: "), r.stderrText)
        }
        for comment in ["# exit the picker first", "# note: fine", "# status: draft", "# skip", "# xfail"] {
            directory.write("c.placescript", comment + "\necho ok\n")
            XCTAssertEqual(try run(["--check", "c.placescript"]).status, 0, comment)
        }
    }

    /// A file a script sources is read and checked with it: one that is not there or does not
    /// parse stops the script before anything runs (and --check says so); a pipe is left to the
    /// run, which reads it once.
    func testASourcedFileIsCheckedWithItsScript() throws {
        try FileManager.default.createDirectory(at: directory.file("lib"), withIntermediateDirectories: true)
        directory.write("lib/bad.placescript", "expect app.screen == mapp\n")
        directory.write("x.placescript", "echo ran\nsource lib/bad.placescript\n")
        directory.write("y.placescript", "echo ran\nsource lib/nosuch.placescript\n")
        for name in ["x.placescript", "y.placescript"] {
            for arguments in [[name], ["--check", name]] {
                let r = try run(arguments)
                XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderrText)")
                XCTAssertEqual(r.stdoutText, "", "nothing ran")
            }
        }
        let bad = try run(["x.placescript"])
        XCTAssertEqual(
            bad.stderrText,
            """
            lib/bad.placescript:1:22: error: no state path 'mapp'
              in 'lib/bad.placescript', sourced at x.placescript:2:1
            help: to compare with text, quote it: "mapp" — or did you mean 'app'?

            """)
        let piped = try runProcess(
            binary, ["-c", "source /dev/stdin"], in: directory.url, environment: cleanEnvironment(home: directory.path),
            stdin: directory.write("in.txt", "echo from the pipe\n"))
        XCTAssertEqual(piped.stdoutText, "from the pipe\n", piped.stderrText)
    }

    /// --check finds what a run would find before it runs: a misspelt member, a unit that does
    /// not fit, anywhere in the script (past its first line too, which --check once missed).
    func testCheckFindsPathAndUnitMistakesOnEveryLine() throws {
        directory.write(
            "late.placescript",
            "echo hi\nlaunch\nexpect camera.zom == 15\nshow markers[-1].titel\nexpect clock == 5m\n"
                + "expect location.latitude ~= -30 within 5m\nexpect likely[*].nme contains \"x\"\n")
        let r = try run(["--check", "late.placescript"])
        XCTAssertEqual(r.status, 2)
        let places = r.stderrText.split(separator: "\n").compactMap { line in
            line.range(of: ": error: ").map { String(line[..<$0.lowerBound]) }
        }
        XCTAssertEqual(
            places,
            [
                "late.placescript:3:8", "late.placescript:4:6", "late.placescript:5:17", "late.placescript:6:40",
                "late.placescript:7:8",
            ], r.stderrText)
    }

    /// Mistakes in the header stop the script before anything runs, in a run and in `--check`:
    /// a second `# args:`, an unterminated quote, a misspelt header, a bad value.
    func testHeaderMistakesAreErrorsWithTheirPlace() throws {
        directory.write(
            "bad.placescript",
            "# args: one \"two\n# arg: x\n# args: three\n# xfial: later\n# exit: 300\n# flavors: swift, kotlin\n"
                + "# timeout: soon\n# language: klingon\n# step: a comment, not a header\necho ran\n")
        let expected = """
            bad.placescript:1:9: error: unterminated double-quoted word
            help: close it with "
            bad.placescript:2:3: error: unknown header 'arg:'
            help: did you mean 'args:'?
            bad.placescript:3:3: error: a second 'args:' header
            help: a script has one; the first is on line 1
            bad.placescript:4:3: error: unknown header 'xfial:'
            help: did you mean 'xfail:'?
            bad.placescript:5:9: error: '300' is not an exit status
            help: write a whole number, 0 to 255
            bad.placescript:6:12: error: unknown flavor 'kotlin'
            help: flavors: swift, objc, nearby
            bad.placescript:7:12: error: 'soon' is not a duration
            help: write it as 30s, 500ms or 2m (at least 1ms), or 0 for no limit
            bad.placescript:8:13: error: unknown language 'klingon'
            help: languages: en, de, es, ko, vi, fa

            """
        for arguments in [["bad.placescript"], ["--check", "bad.placescript"]] {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertEqual(r.stdoutText, "", "nothing ran: \(arguments)")
            XCTAssertEqual(r.stderrText, expected, lineDiff(expected: expected, actual: r.stderrText))
        }
    }

    /// `# language:` sets the device's language in a direct run; `--language` wins over it, and
    /// over the locale.
    func testLanguageFromTheHeaderAndTheCommandLine() throws {
        directory.write("de.placescript", "# language: de\nshow device.language\n")
        XCTAssertEqual(try run(["de.placescript"]).stdoutText, "device.language = \"de\"\n")
        XCTAssertEqual(try run(["--language", "ko", "de.placescript"]).stdoutText, "device.language = \"ko\"\n")
        let locale = try run(["-c", "show device.language"], extra: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(locale.stdoutText, "device.language = \"de\"\n")
        let fixed = try run(["--language", "en", "-c", "show device.language"], extra: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(fixed.stdoutText, "device.language = \"en\"\n")
        let unknown = try run(["--language", "xx", "-c", "echo"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderrText, "placeshell: unknown language 'xx'\nhelp: use en, de, es, ko, vi or fa\n")
    }

    /// `$TMP` is a folder of the run's own: made on first use under TMPDIR, removed after a run
    /// that passed, kept and named after one that failed; two runs get two folders.
    func testTMPIsARunsOwnFolder() throws {
        let parent = directory.file("tmp").path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        directory.write("pass.placescript", "save $TMP/s.json\nload \"${TMP}/s.json\"\necho $TMP\n")
        let first = try run(["pass.placescript"], extra: ["TMPDIR": parent])
        XCTAssertEqual(first.status, 0, first.stderrText)
        let folder = try XCTUnwrap(first.stdoutText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(folder.hasPrefix(parent + "/placeshell-"), folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "removed after a pass")
        let second = try run(["pass.placescript"], extra: ["TMPDIR": parent])
        XCTAssertNotEqual(second.stdoutText.split(separator: "\n").last.map(String.init), folder)

        directory.write("fail.placescript", "save $TMP/s.json\nexpect clock == 5s\n")
        let failed = try run(["fail.placescript"], extra: ["TMPDIR": parent])
        XCTAssertEqual(failed.status, 1)
        let note = try XCTUnwrap(failed.stderrText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(note.hasPrefix("placeshell: note: $TMP is kept for a look: \(parent)/placeshell-"), note)
        let kept = String(note.dropFirst("placeshell: note: $TMP is kept for a look: ".count))
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept + "/s.json"), "kept with its files")

        // A script that never reads $TMP makes no folder; $TMPX is not $TMP; at the prompt (with
        // no script) it has no value.
        directory.write("none.placescript", "echo '$TMP' $TMPX\n")
        XCTAssertEqual(try run(["none.placescript"], extra: ["TMPDIR": parent]).stdoutText, "$TMP $TMPX\n")
        let made = try FileManager.default.contentsOfDirectory(atPath: parent)
        XCTAssertEqual(made.count, 1, "only the failed run's folder is left: \(made)")
        let piped = try runProcess(
            binary, [], in: directory.url,
            environment: cleanEnvironment(home: directory.path, extra: ["TMPDIR": parent]),
            stdin: directory.write("stdin.txt", "echo $TMP\n"))
        XCTAssertEqual(piped.status, 0, piped.stderrText)
        XCTAssertTrue(piped.stdoutText.hasPrefix(parent + "/placeshell-"), piped.stdoutText)
    }
}
