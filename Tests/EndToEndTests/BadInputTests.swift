import Foundation
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

/// Inputs that are not well-formed scripts: whatever the bytes, placeshell answers with a clear
/// error or ignores them as documented, and never crashes. The inputs are generated here, in a
/// temporary directory, rather than committed.
final class BadInputTests: BinaryTestCase {
    /// Runs placeshell in the temporary directory with a clean environment.
    func placeshell(_ arguments: [String], stdin: URL? = nil, timeout: TimeInterval = 60) throws -> RunResult {
        try runProcess(
            binary, arguments, in: directory.url, environment: cleanEnvironment(home: directory.path), stdin: stdin,
            timeout: timeout)
    }

    func testNonUTF8BytesInAScript() throws {
        let script = directory.write("latin1.placescript", Array("echo ok\necho caf".utf8) + [0xE9] + Array("\n".utf8))
        let r = try placeshell([script.lastPathComponent])
        assertNoCrash(r, "latin-1 script")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdoutText, "", "nothing runs when the script does not read")
        XCTAssertEqual(
            r.stderrText,
            "latin1.placescript:2:9: error: invalid UTF-8 byte 0xE9 in the input\n"
                + "help: placeshell reads UTF-8 text; convert the file, e.g. iconv -f latin1 -t utf-8\n")
    }

    func testNonUTF8BytesOnStdinAndInQuotes() throws {
        for (name, bytes) in [
            ("bare", Array("echo ".utf8) + [0xFF, 0xFE]),
            ("double-quoted", Array("echo \"a".utf8) + [0xC3] + Array("\"".utf8)),
            ("single-quoted", Array("echo 'a".utf8) + [0xED, 0xA0, 0x80] + Array("'".utf8)),  // a UTF-16 surrogate
            ("comment", Array("# ".utf8) + [0xF8, 0x88, 0x80, 0x80, 0x80]),
            ("overlong", Array("echo ".utf8) + [0xC0, 0xAF]),
            ("truncated", Array("echo ".utf8) + [0xE2, 0x82]),
        ] {
            let input = directory.write("stdin-\(name)", bytes + [0x0A])
            let r = try placeshell([], stdin: input)
            assertNoCrash(r, name)
            XCTAssertEqual(r.status, 2, name)
            XCTAssertTrue(r.stderrText.hasPrefix("<stdin>:1:"), "\(name): \(r.stderrText)")
            XCTAssertTrue(r.stderrText.contains("invalid UTF-8 byte 0x"), "\(name): \(r.stderrText)")
        }
    }

    func testNULBytes() throws {
        let script = directory.write("nul.placescript", Array("echo fine\necho a".utf8) + [0] + Array("b\n".utf8))
        let r = try placeshell([script.lastPathComponent])
        assertNoCrash(r, "NUL in a script")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdoutText, "")
        XCTAssertTrue(r.stderrText.hasPrefix("nul.placescript:2:7: error: NUL byte in the input\n"), r.stderrText)

        let quoted = directory.write("nul-quoted", Array("echo \"x".utf8) + [0] + Array("\"\n".utf8))
        let q = try placeshell([], stdin: quoted)
        assertNoCrash(q, "NUL in quotes on stdin")
        XCTAssertEqual(q.status, 2)
        XCTAssertTrue(q.stderrText.hasPrefix("<stdin>:1:8: error: NUL byte in the input\n"), q.stderrText)
    }

    /// A 10 MB word is echoed back whole, in time that grows with its length; as a comment it is
    /// ignored.
    func testTenMegabyteLine() throws {
        let size = 10 * 1024 * 1024
        var word = [UInt8](repeating: 0x61, count: size)
        for i in stride(from: 0, to: size, by: 1000) { word[i] = 0x62 }
        directory.write("big.placescript", Array("echo ".utf8) + word + [0x0A])
        let r = try placeshell(["big.placescript"], timeout: 600)
        assertNoCrash(r, "10 MB echo")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stderrText, "")
        XCTAssertEqual(r.stdout.count, size + 1)
        XCTAssertTrue(r.stdout.elementsEqual(word + [0x0A]), "the echoed word differs from the input")
        // Its processor time grows with the word's length, not faster.
        try assertCostGrowsLinearly("echo of a long word", small: size / 4, rounds: 2) { n in
            directory.write("n.placescript", Array("echo ".utf8) + word.prefix(n) + [0x0A])
            let run = try placeshell(["n.placescript"], timeout: 600)
            XCTAssertEqual(run.stdout.count, n + 1)
            return run.cpuSeconds
        }

        directory.write(
            "big-quoted.placescript", Array("echo \"".utf8) + word + Array("\" end\n# ".utf8) + word + [0x0A])
        let q = try placeshell(["big-quoted.placescript"])
        assertNoCrash(q, "10 MB quoted word and comment")
        XCTAssertEqual(q.status, 0)
        XCTAssertEqual(q.stdout.count, size + 5)

        // An error at the end of a huge line still points at the right column.
        directory.write("big-error.placescript", Array("echo ".utf8) + word + Array(" \"\\q\"\n".utf8))
        let e = try placeshell(["big-error.placescript"])
        assertNoCrash(e, "error after a 10 MB word")
        XCTAssertEqual(e.status, 2)
        XCTAssertTrue(
            e.stderrText.hasPrefix("big-error.placescript:1:\(size + 8): error: unknown escape '\\q'"),
            String(e.stderrText.prefix(300)))
    }

    func testDeepSourceNestingStops() throws {
        let depth = 40
        for i in 0..<depth {
            directory.write("level\(i).placescript", "source level\(i + 1).placescript\n")
        }
        directory.write("level\(depth).placescript", "echo bottom\n")
        let r = try placeshell(["level0.placescript"])
        assertNoCrash(r, "deep nesting")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutText, "")
        XCTAssertTrue(
            r.stderrText.contains("error: 'source' nested more than 32 deep"), String(r.stderrText.prefix(500)))
    }

    func testDirectoryAndMissingFileOnTheCommandLine() throws {
        let r = try placeshell(["."])
        assertNoCrash(r, "directory")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderrText, "placeshell: cannot read '.': it is a directory\n")
        let m = try placeshell(["missing dir/missing.placescript"])
        XCTAssertEqual(m.status, 2)
        XCTAssertEqual(
            m.stderrText, "placeshell: cannot read 'missing dir/missing.placescript': no such file or directory\n")
    }

    /// Random bytes, as a script file and on stdin: never a crash.
    func testRandomBytes() throws {
        var rng = SeededRandom(seed: 0x5EED_2026)
        for round in 0..<40 {
            let count = Int.random(in: 0...400, using: &rng)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Mostly-ASCII inputs get past the UTF-8 check and into the lexer and binder.
            if round % 2 == 1 { bytes = bytes.map { $0 & 0x7F } }
            let file = directory.write("random\(round).placescript", bytes)
            assertNoCrash(try placeshell([file.lastPathComponent]), "random script \(round) (seed 0x5EED2026)")
            assertNoCrash(try placeshell([], stdin: file), "random stdin \(round) (seed 0x5EED2026)")
        }
    }

    /// Random sequences of the language's own pieces: quotes, escapes, expansions, operators,
    /// numbers at the edges of their range, multi-byte text.
    func testRandomLanguagePieces() throws {
        let pieces = [
            "echo", "expect", "show", "help", "set", "unset", "source", "history", "version", "\"", "'", "\\",
            "$", "${", "$#", "$0", "$1", "${2:-x}", "}", ";", "\n", "\r\n", "#", " ", "\t", "clock", "shell",
            "shell.json", "[1]", "[0]", "[99999999999999999999]", ".", "==", "!=", "<", "~=", "within",
            "contains", "matches", "1e309", "-1e-320", "5m", "2.5km", "3min", "nil", "true", "--json", "a=b",
            "é", "안녕", "سلام", "🗺️", "\u{0}", "\\u{263A}", "\\u{", "\\q", "json", "keep-going", "(",
        ]
        var rng = SeededRandom(seed: 42)
        for round in 0..<60 {
            let count = Int.random(in: 1...30, using: &rng)
            let text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
            let file = directory.write("pieces\(round).placescript", text)
            let args = round % 3 == 0 ? ["--keep-going"] : round % 3 == 1 ? ["--json"] : []
            assertNoCrash(
                try placeshell(args + [file.lastPathComponent, "arg1"]), "pieces \(round): \(text.debugDescription)")
        }
    }

    /// SIGINT in the middle of a long script stops it at a command boundary with status 130 and
    /// says so; it does not run to the end. The signal is sent once the script has printed (its
    /// first 64 KiB of output, some 30,000 commands in): nearly three million commands are left
    /// then, so it lands among them however fast the machine is.
    func testInterruptStopsABatchScriptBetweenCommands() throws {
        let lines = (1...3_000_000).map { _ in "echo x" }.joined(separator: "\n") + "\necho the-end\n"
        directory.write("long.placescript", lines)
        let r = try runProcess(
            binary, ["long.placescript"], in: directory.url, environment: cleanEnvironment(home: directory.path),
            timeout: 120, signal: .onAnyOutput(send: SIGINT))
        XCTAssertEqual(r.status, 130, "status after Ctrl-C\n\(r.stderrText)")
        XCTAssertEqual(r.stderrText, "warning: interrupted: the script stopped before its next command\n")
        XCTAssertFalse(r.stdoutText.contains("the-end"), "the script ran to its end")
        XCTAssertFalse(r.signaled, "placeshell died of the signal instead of stopping")
    }

    /// Ctrl-C during a long `wait` in a script: the wait stops between two events, says how far
    /// it got, and the script ends with 130, even with --keep-going. The signal is sent once the
    /// wait has printed a fix of the route (only the route's positions have a speed), and the
    /// route has 1.8 million positions: the wait is still going when it arrives.
    func testInterruptStopsALongWaitInAScript() throws {
        directory.write(
            "wait.placescript",
            """
            locate sydney; launch; auth allow
            route start -33.8694,151.199 37.33,-122.03 speed=6.5
            wait 600h
            echo the-end
            """)
        let r = try runProcess(
            binary, ["--keep-going", "wait.placescript"], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 300,
            signal: .onOutput("(speed 6.50 mps", send: SIGINT))
        XCTAssertEqual(r.status, 130, "status after Ctrl-C\n\(r.stderrText)")
        XCTAssertTrue(
            r.stderrText.hasPrefix("wait.placescript:3:1: error: interrupted: the wait stopped after "), r.stderrText)
        XCTAssertEqual(r.stderrText.components(separatedBy: "\n").count, 2, "one line: \(r.stderrText)")
        XCTAssertFalse(r.stdoutText.contains("the-end"), "the script went on after the interrupted wait")
    }

    /// `placeshell FILE | head -1`: the reader goes away early; placeshell ends quietly with 0.
    func testClosedPipeEndsQuietly() throws {
        let lines = (1...200_000).map { "echo line \($0)" }.joined(separator: "\n") + "\n"
        directory.write("many.placescript", lines)
        let bin = binary.path
        for (what, pipeline) in [
            ("script", "'\(bin)' many.placescript | head -1"),
            ("stdin", "'\(bin)' < many.placescript | head -1"),
            ("json", "'\(bin)' --json many.placescript | head -1"),
        ] {
            let r = try runProcess(
                URL(fileURLWithPath: "/bin/bash"), ["-c", "set -o pipefail; " + pipeline], in: directory.url,
                environment: cleanEnvironment(home: directory.path), timeout: 60)
            XCTAssertEqual(r.status, 0, "\(what): the pipeline's status (pipefail) should be 0\n\(r.stderrText)")
            XCTAssertEqual(r.stderrText, "", "\(what): nothing on stderr")
            XCTAssertEqual(
                r.stdoutText,
                what == "json" ? "{\"command\":\"echo\",\"ok\":true,\"result\":\"line 1\"}\n" : "line 1\n",
                what)
        }
    }

    /// Runs a bash command line in the temporary directory (for redirections and ulimit).
    func bash(_ command: String, timeout: TimeInterval = 60) throws -> RunResult {
        try runProcess(
            URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: timeout)
    }

    /// A closed or full standard output is an error that says so (a closed pipe is not: see
    /// above); a closed stderr or stdin is survived; and a closed descriptor is never handed to
    /// a file being saved, which would then receive the shell's output.
    func testClosedAndFullStandardDescriptors() throws {
        let bin = shellQuote(binary.path)
        var r = try bash("\(bin) -c 'echo hi' >&-")
        assertNoCrash(r, "closed stdout")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderrText, "placeshell: cannot write to standard output: bad file descriptor\n")

        r = try bash("\(bin) -c 'echo hi' > /dev/full")
        assertNoCrash(r, "full stdout")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderrText, "placeshell: cannot write to standard output: no space left on device\n")

        r = try bash("\(bin) -c 'echo hi; expect 1 == 2' 2>&-")
        assertNoCrash(r, "closed stderr")
        XCTAssertEqual(r.status, 1, "the failed expect still gives 1")
        XCTAssertEqual(r.stdoutText, "hi\n")

        r = try bash("\(bin) -c 'echo hi' <&-")
        assertNoCrash(r, "closed stdin")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdoutText, "hi\n")

        // stdout closed while a session is saved: the file holds the session, not output.
        r = try bash("\(bin) -c 'locate sydney; launch; save session.json; echo after-save' >&-")
        XCTAssertEqual(r.status, 1)
        let saved = try String(contentsOf: directory.file("session.json"), encoding: .utf8)
        XCTAssertTrue(saved.hasPrefix("{\"kind\":\"placeshell-session\""), String(saved.prefix(200)))
        XCTAssertFalse(saved.contains("after-save") || saved.contains("launched"), "output went into the file")
        r = try bash("\(bin) -c 'load session.json; echo loaded'")
        XCTAssertEqual(r.status, 0, r.stderrText)
    }

    /// A write that fails half-way (here: over the file size limit, as a full disk would) says
    /// so, keeps the old file byte for byte, and leaves no temporary file behind; the session
    /// goes on.
    func testAFailedWriteKeepsTheOldFile() throws {
        let old = Array("the old contents\n".utf8)
        let names = ["session.json", "places.geojson", "places.csv", "route.geojson", "map.svg"]
        for name in names { directory.write(name, old) }
        let script = """
            locate sydney; launch; auth allow; wait 1s; likely; select 2
            places generate 2000
            save session.json
            places export places.geojson
            places export places.csv
            export geojson route.geojson
            snapshot map.svg
            expect markers.count == 1
            echo still-running
            """
        directory.write("writes.placescript", script)
        // 4 blocks of 1 KiB: every one of these files is larger.
        let r = try bash("ulimit -f 4; \(shellQuote(binary.path)) --keep-going writes.placescript")
        assertNoCrash(r, "writes over the size limit")
        XCTAssertEqual(r.status, 1)
        for name in names {
            XCTAssertTrue(
                r.stderrText.contains("error: cannot write '\(name)': file too large; the old file is unchanged"),
                "\(name): \(r.stderrText)")
            let now = try Data(contentsOf: directory.file(name))
            XCTAssertTrue(Array(now) == old, "\(name) was changed: \(now.count) bytes now")
        }
        XCTAssertTrue(r.stdoutText.hasSuffix("still-running\n"), String(r.stdoutText.suffix(300)))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(left, [], "temporary files left behind")
    }
}
