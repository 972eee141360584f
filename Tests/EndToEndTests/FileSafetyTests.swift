import Foundation
import TestSupport
import XCTest

/// Reading and writing files the safe way, each case run through the built binary: a link
/// planted at a temporary file's name is never followed, a replaced file keeps its mode, a
/// read-only one is refused, a symbolic link is written through; endless and special inputs
/// are refused or read in bounded chunks, and Ctrl-C ends a read that waits; long names and
/// names with line breaks work and are shown on one line. Every run must end normally, with
/// the status and message asserted, and leave other files as they were.
final class FileSafetyTests: BinaryTestCase {
    /// The writers, each as a command with `FILE` for its file name.
    static let writers = [
        "save FILE", "snapshot FILE", "places export FILE", "export geojson FILE",
    ]
    static let extensions = [
        "save FILE": "json", "snapshot FILE": "svg", "places export FILE": "csv",
        "export geojson FILE": "geojson",
    ]
    static let preamble = "locate sydney; launch; auth allow; wait 1s; likely; select 2"

    /// Runs a bash command line in the temporary directory and checks that it ended normally
    /// with `status`. Time is no pass mark: a run is killed as hung only after ten minutes.
    func bash(_ command: String, status: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> RunResult
    {
        let r = try runProcess(
            URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 600)
        XCTAssertFalse(r.timedOut, "\(command): hung", file: file, line: line)
        XCTAssertFalse(r.signaled, "\(command): killed by signal \(r.status)", file: file, line: line)
        XCTAssertEqual(r.status, status, "\(command): status\n\(r.stderrText)", file: file, line: line)
        for marker in ["Fatal error", "Current stack trace", "💣"] {
            XCTAssertFalse(
                r.stderrText.contains(marker), "\(command): crashed\n\(r.stderrText)", file: file, line: line)
        }
        return r
    }

    var placeshellCommand: String { shellQuote(binary.path) }

    func contents(_ name: String) -> String? { try? String(contentsOfFile: directory.file(name).path, encoding: .utf8) }

    func mode(_ name: String) -> Int {
        var st = stat()
        guard stat(directory.file(name).path, &st) == 0 else { return -1 }
        return Int(st.st_mode & 0o7777)
    }

    func isSymbolicLink(_ name: String) -> Bool {
        var st = stat()
        return lstat(directory.file(name).path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// Temporary files left anywhere under the directory.
    func leftoverTemporaryFiles() -> [String] {
        let all = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".tmp") || $0.contains(".tmp.") }
    }

    // MARK: - Writing

    /// A link planted at the name the old scheme used (`FILE.tmp.PID`, guessable: bash execs
    /// placeshell with its own PID) is not followed: the file it points to stays as it was and
    /// the link stays a link; the real file is written.
    func testALinkPlantedAtTheTemporaryNameIsNotFollowed() throws {
        directory.write("victim", "the victim\n")
        chmod(directory.file("victim").path, 0o600)
        var plant = ""
        var commands = [Self.preamble]
        for writer in Self.writers {
            let name = "out." + (Self.extensions[writer] ?? "txt")
            plant += "ln -s victim \(name).tmp.$$; "
            commands.append(writer.replacingOccurrences(of: "FILE", with: name))
        }
        directory.write("writes.placescript", commands.joined(separator: "\n") + "\n")
        let r = try bash(plant + "exec \(placeshellCommand) writes.placescript", status: 0)
        XCTAssertEqual(contents("victim"), "the victim\n", "the planted link was followed")
        XCTAssertEqual(mode("victim"), 0o600)
        for writer in Self.writers {
            let name = "out." + (Self.extensions[writer] ?? "txt")
            XCTAssertGreaterThan(contents(name)?.count ?? 0, 100, "\(writer): \(r.stderrText)")
            let planted = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.hasPrefix(name + ".tmp.")
            }
            XCTAssertEqual(planted.count, 1, "\(writer): the planted link is gone")
            XCTAssertTrue(planted.allSatisfy(isSymbolicLink), "\(writer): the planted link was replaced")
        }
        XCTAssertEqual(leftoverTemporaryFiles().filter { $0.hasSuffix(".tmp") }, [])
    }

    /// Every writer keeps the mode of the file it replaces (a 0600 file stays private) and
    /// writes through a symbolic link to the file it names, which keeps its mode too; a new file
    /// gets 0666 less the umask.
    func testReplacedFilesKeepTheirModeAndLinksAreWrittenThrough() throws {
        try FileManager.default.createDirectory(at: directory.file("real"), withIntermediateDirectories: true)
        var commands = [Self.preamble]
        for writer in Self.writers {
            let ext = Self.extensions[writer] ?? "txt"
            directory.write("private.\(ext)", "old\n")
            chmod(directory.file("private.\(ext)").path, 0o600)
            directory.write("real/target.\(ext)", "old\n")
            chmod(directory.file("real/target.\(ext)").path, 0o640)
            try FileManager.default.createSymbolicLink(
                atPath: directory.file("link.\(ext)").path, withDestinationPath: "real/target.\(ext)")
            for name in ["private", "link", "new"] {
                commands.append(writer.replacingOccurrences(of: "FILE", with: "\(name).\(ext)"))
            }
        }
        directory.write("writes.placescript", commands.joined(separator: "\n") + "\n")
        let r = try bash("umask 027; \(placeshellCommand) writes.placescript", status: 0)
        for writer in Self.writers {
            let ext = Self.extensions[writer] ?? "txt"
            XCTAssertNotEqual(contents("private.\(ext)"), "old\n", "\(writer): not written\n\(r.stderrText)")
            XCTAssertEqual(mode("private.\(ext)"), 0o600, "\(writer): a private file became readable to others")
            XCTAssertTrue(isSymbolicLink("link.\(ext)"), "\(writer): the link was replaced by a file")
            XCTAssertEqual(
                try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.\(ext)").path),
                "real/target.\(ext)")
            XCTAssertNotEqual(contents("real/target.\(ext)"), "old\n", "\(writer): not written through the link")
            XCTAssertEqual(contents("real/target.\(ext)"), contents("private.\(ext)"), writer)
            XCTAssertEqual(mode("real/target.\(ext)"), 0o640, "\(writer): the linked file's mode changed")
            XCTAssertEqual(mode("new.\(ext)"), 0o640, "\(writer): a new file is 0666 less the umask 027")
        }
        XCTAssertEqual(leftoverTemporaryFiles(), [])
    }

    /// A link to a file whose name is not UTF-8 is written through to that very file, existing
    /// or not: its name's bytes are kept, never turned into U+FFFD, which would write another
    /// file and leave the real one as it was.
    func testALinkToANameThatIsNotUTF8IsWrittenThrough() throws {
        var setup = ["mkdir real"]
        var commands = [Self.preamble]
        for writer in Self.writers {
            let ext = Self.extensions[writer] ?? "txt"
            setup += [
                "printf 'old\\n' > real/$'o\\xff\\xfe'.\(ext)", "ln -s real/$'o\\xff\\xfe'.\(ext) link.\(ext)",
                "ln -s $'n\\xfd'.\(ext) dangling.\(ext)",
            ]
            commands.append(writer.replacingOccurrences(of: "FILE", with: "link.\(ext)"))
            commands.append(writer.replacingOccurrences(of: "FILE", with: "dangling.\(ext)"))
        }
        _ = try bash(setup.joined(separator: " && "), status: 0)
        directory.write("odd.placescript", commands.joined(separator: "\n") + "\n")
        let r = try bash("\(placeshellCommand) odd.placescript", status: 0)
        for writer in Self.writers {
            let ext = Self.extensions[writer] ?? "txt"
            let check = try bash(
                "cmp -s real/$'o\\xff\\xfe'.\(ext) <(printf 'old\\n') && echo unchanged; "
                    + "test -s $'n\\xfd'.\(ext) && echo made; test -L link.\(ext) && test -L dangling.\(ext) && echo links",
                status: 0)
            XCTAssertEqual(check.stdoutText, "made\nlinks\n", "\(writer)\n\(r.stdoutText)\(r.stderrText)")
        }
        let replaced = try bash("find . -name $'*\\xef\\xbf\\xbd*' | wc -l", status: 0)
        XCTAssertEqual(replaced.stdoutText.trimmingCharacters(in: .whitespaces), "0\n", "a file named with U+FFFD")
        XCTAssertEqual(leftoverTemporaryFiles(), [])
    }

    /// A read-only file (no write bit, which root would otherwise ignore) is refused, named, and
    /// left as it was, also through a link; the script goes on with --keep-going.
    func testAReadOnlyFileIsNotReplaced() throws {
        directory.write("ro.json", "read-only\n")
        chmod(directory.file("ro.json").path, 0o444)
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("rolink.json").path, withDestinationPath: "ro.json")
        directory.write("writes.placescript", "launch\nsave ro.json\nsave rolink.json\necho still-running\n")
        let r = try bash("\(placeshellCommand) --keep-going writes.placescript", status: 1)
        XCTAssertEqual(
            r.stderrText,
            """
            writes.placescript:2:6: error: cannot write 'ro.json': it is read-only; the old file is unchanged
            writes.placescript:3:6: error: cannot write 'rolink.json': it links to 'ro.json', which is read-only; \
            the old file is unchanged

            """)
        XCTAssertTrue(r.stdoutText.hasSuffix("still-running\n"))
        XCTAssertEqual(contents("ro.json"), "read-only\n")
        XCTAssertEqual(mode("ro.json"), 0o444)
        XCTAssertTrue(isSymbolicLink("rolink.json"))
        XCTAssertEqual(leftoverTemporaryFiles(), [])
    }

    /// Someone else's file in a folder anyone may write to: renaming over it would work, but the
    /// user may not write it, so it is read-only to them and refused. Run as an unprivileged
    /// user (through setpriv) when the tests run as root; skipped otherwise.
    func testAFileTheUserMayNotWriteIsNotReplaced() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to run as another user")
        }
        chmod(directory.path, 0o777)
        directory.write("theirs.json", "theirs\n")
        chmod(directory.file("theirs.json").path, 0o644)
        let r = try bash(
            "setpriv --reuid=65534 --regid=65534 --clear-groups \(placeshellCommand) --keep-going "
                + "-c 'save theirs.json; save mine.json'",
            status: 1)
        XCTAssertEqual(
            r.stderrText,
            "<command-line>:1:6: error: cannot write 'theirs.json': it is read-only; the old file is unchanged\n")
        XCTAssertEqual(contents("theirs.json"), "theirs\n")
        XCTAssertNotNil(contents("mine.json"), "a new file is still written")
        XCTAssertEqual(leftoverTemporaryFiles(), [])
    }

    /// A name of 250 and of 255 bytes (the most a file name may have) is written: the temporary
    /// name is cut to fit.
    func testLongFileNamesAreWritten() throws {
        let long250 = String(repeating: "a", count: 245) + ".json"
        let long255 = String(repeating: "é", count: 125) + ".json"  // 250 bytes of é, 255 in all
        directory.write("long.placescript", "launch\nsave \(long250)\nsave \(long255)\nsave \(long255)\n")
        let r = try bash("\(placeshellCommand) long.placescript", status: 0)
        XCTAssertEqual(r.stderrText, "")
        for name in [long250, long255] {
            XCTAssertTrue(contents(name)?.hasPrefix("{\"kind\":\"placeshell-session\"") ?? false, "\(name.count)")
        }
        XCTAssertEqual(leftoverTemporaryFiles(), [])
    }

    // MARK: - Reading

    /// /dev/zero is read in bounded chunks and refused after 16 MiB, in little memory; a
    /// directory is refused; a pipe and process substitution still load.
    func testEndlessAndSpecialInputs() throws {
        directory.write("p.csv", "name,latitude,longitude\nCafe,-33.87,151.2\n")
        let r = try runProcess(
            binary, ["-c", "places load /dev/zero"], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 600)
        assertNoCrash(r, "/dev/zero")
        XCTAssertLessThan(r.maxRSSKilobytes, 150 * 1024, "peak RSS \(r.maxRSSKilobytes) KB")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderrText,
            "<command-line>:1:13: error: cannot read '/dev/zero': it is a device and gave more than 16 MiB, "
                + "the most read from a device\n")

        let dir = try bash("\(placeshellCommand) --keep-going -c 'load .; places load .'", status: 1)
        XCTAssertEqual(
            dir.stderrText,
            "<command-line>:1:6: error: cannot read '.': it is a directory\n"
                + "<command-line>:1:21: error: cannot read '.': it is a directory\n")

        let piped = try bash(
            "cat p.csv | \(placeshellCommand) -c 'places load /dev/stdin'; "
                + "load() { \(placeshellCommand) -c \"places load $1; show places.count\"; }; load <(cat p.csv)",
            status: 0)
        XCTAssertEqual(piped.stderrText, "")
        XCTAssertTrue(piped.stdoutText.contains("places.count = 174"), piped.stdoutText)
    }

    /// A bash function, `signal_when_waiting PID SIGNAL CHANNEL`: sends SIGNAL to PID once it
    /// waits in the kernel function CHANNEL (/proc/PID/wchan), so that the signal lands in the
    /// wait the test means, however long the process took to get there.
    static let signalWhenWaiting = """
        signal_when_waiting() {
            until grep -q "$3" "/proc/$1/wchan" 2>/dev/null; do sleep 0.01; done
            kill -"$2" "$1"
        }

        """

    func skipUnlessWaitChannelsAreVisible() throws {
        guard waitChannelsAreVisible else { throw XCTSkip("/proc/PID/wchan is not readable on this system") }
    }

    /// Ctrl-C while a pipe trickles in data that never ends: the read stops at once, the
    /// script ends with 130 and the dataset is unchanged. The signal comes while placeshell
    /// waits for the pipe's next line.
    func testCtrlCStopsAnEndlessPipe() throws {
        try skipUnlessWaitChannelsAreVisible()
        let r = try bash(
            Self.signalWhenWaiting
                + "(while :; do echo 'a,1,2'; sleep 0.05; done) | \(placeshellCommand) -c 'places load /dev/stdin' & "
                + "pid=$!; signal_when_waiting $pid INT pipe_read; wait $pid",
            status: 130)
        XCTAssertEqual(
            r.stderrText, "<command-line>:1:13: error: interrupted: '/dev/stdin' was not read; nothing changed\n")
    }

    /// Ctrl-C while opening a FIFO nobody writes to (the open waits): status 130 and the
    /// documented `interrupted: …` message, for `places load`, `source`, `load` and the script
    /// on the command line.
    func testCtrlCDuringABlockingOpen() throws {
        try skipUnlessWaitChannelsAreVisible()
        XCTAssertEqual(mkfifo(directory.file("fifo").path, 0o600), 0)
        let cases: [(String, String)] = [
            ("places load fifo", "f.placescript:1:13: error: interrupted: 'fifo' was not read; nothing changed\n"),
            ("load fifo", "f.placescript:1:6: error: interrupted: 'fifo' was not read; nothing changed\n"),
            ("source fifo", "f.placescript:1:1: error: interrupted: 'fifo' was not read; nothing in it ran\n"),
        ]
        for (command, message) in cases {
            directory.write("f.placescript", command + "\necho after\n")
            let r = try bash(
                Self.signalWhenWaiting + "\(placeshellCommand) --keep-going f.placescript & pid=$!; "
                    + "signal_when_waiting $pid INT wait_for_partner; wait $pid",
                status: 130)
            XCTAssertEqual(r.stderrText, message, command)
            XCTAssertFalse(r.stdoutText.contains("after"), "\(command): the script went on")
        }
        let r = try bash(
            Self.signalWhenWaiting
                + "\(placeshellCommand) fifo & pid=$!; signal_when_waiting $pid INT wait_for_partner; wait $pid",
            status: 130)
        XCTAssertEqual(r.stderrText, "placeshell: interrupted: 'fifo' was not read\n")
    }

    // MARK: - Names

    /// A line break (or an escape sequence) in a file name is shown as `\n` (`\u{1b}`) and the
    /// `FILE:LINE:COL:` line stays one line, for the script's own name and for names in
    /// messages.
    func testControlCharactersInFileNamesAreShownEscaped() throws {
        directory.write("n\nl.placescript", "echo hi\nsave \"a\\nb/\\u{1b}[31m.json\"\n")
        let r = try bash("\(placeshellCommand) $'n\\nl.placescript'", status: 1)
        XCTAssertEqual(
            r.stderrText,
            "n\\nl.placescript:2:6: error: cannot write 'a\\nb/\\u{1b}[31m.json': no such file or directory; "
                + "no file was written\n")
    }
}
