import PlaceScript
import TestSupport
import XCTest

@testable import PlaceCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines given in advance, as a person would type them; records the prompts it was shown.
struct ScriptedLineReader: LineReader {
    var reads: [PromptRead]
    var prompts: [String] = []
    /// Runs before the read of that index (0 first): to raise a signal's flag as it comes.
    var before: [Int: () -> Void] = [:]

    init(_ reads: [PromptRead]) { self.reads = reads }

    mutating func read(prompt: String) -> PromptRead {
        before[prompts.count]?()
        prompts.append(prompt)
        return reads.isEmpty ? .end : reads.removeFirst()
    }
}

/// The prompt's loop (`runPrompt`) without a terminal: continuation lines, the history, Ctrl-C,
/// Ctrl-D, `exit` and SIGTERM, each fed by a scripted reader. The terminal itself (libedit,
/// Tab, ^C on the screen, resizing) is tried in a real pseudo-terminal by ReplTests.
final class PromptTests: XCTestCase {
    private struct Run {
        var status: Int32
        var out: String
        var err: String
        var echoed: String
        var prompts: [String]
        var history: [String]
    }

    private func run(_ reads: [PromptRead], before: [Int: () -> Void] = [:]) -> Run {
        let out = StringSink()
        let err = StringSink()
        let shell = Shell(stdout: out, stderr: err)
        var reader = ScriptedLineReader(reads)
        reader.before = before
        let history = HistoryStore(enabled: false)
        defer { history.close() }
        var echoed = ""
        let status = runPrompt(shell, reader: &reader, history: history) { echoed += $0 }
        return Run(
            status: status, out: out.text, err: err.text, echoed: echoed, prompts: reader.prompts,
            history: shell.history)
    }

    private var greeting: String {
        "placeshell \(placeshellVersion): type 'help' for commands, 'help syntax' for the language, Ctrl-D to leave\n"
    }

    func testEachLineRunsAndCtrlDLeaves() {
        let r = run([.line("echo one"), .line("echo two\n"), .end])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, greeting + "one\ntwo\n")
        XCTAssertEqual(r.err, "")
        XCTAssertEqual(r.echoed, "\n", "Ctrl-D ends the line the prompt was on")
        XCTAssertEqual(r.prompts, ["placeshell> ", "placeshell> ", "placeshell> "])
        XCTAssertEqual(r.history, ["echo one", "echo two"])
    }

    /// An open quote goes on at the next line, under the continuation prompt; the command runs
    /// once whole and is one history entry.
    func testAnOpenQuoteGoesOnAtTheNextLine() {
        let r = run([.line("echo 'one"), .line("two'"), .line("echo done"), .end])
        XCTAssertEqual(r.out, greeting + "one\ntwo\ndone\n")
        XCTAssertEqual(r.prompts, ["placeshell> ", "        ... ", "placeshell> ", "placeshell> "])
        XCTAssertEqual(r.history, ["echo 'one\ntwo'", "echo done"])
    }

    /// Ctrl-D on the line after an open quote leaves, and says that the command it ends was not
    /// complete: it is not run, and not passed over in silence.
    func testCtrlDInsideACommandSaysItWasNotComplete() {
        let r = run([.line("echo 'never"), .end])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, greeting)
        XCTAssertTrue(r.err.contains("<stdin>:1:"), r.err)
        XCTAssertTrue(r.err.contains("error:"), r.err)
        XCTAssertEqual(r.echoed, "\n")
    }

    /// Ctrl-C drops the line and any lines it continued; the shell goes on. `^C` is shown unless
    /// the terminal has shown it.
    func testCtrlCDropsTheLinesSoFar() {
        let r = run([
            .line("echo 'never"), .interrupted(echoed: false), .line("echo after"), .interrupted(echoed: true), .end,
        ])
        XCTAssertEqual(r.out, greeting + "after\n")
        XCTAssertEqual(r.echoed, "^C\n\n\n")
        XCTAssertEqual(r.prompts, ["placeshell> ", "        ... ", "placeshell> ", "placeshell> ", "placeshell> "])
        XCTAssertEqual(r.history, ["echo after"])
    }

    /// A syntax error is reported and the prompt goes on; blank lines are neither run nor kept.
    func testErrorsAndBlankLinesLeaveThePromptGoing() {
        let r = run([.line("nosuchcommand"), .line("   \t"), .line("echo still here"), .end])
        XCTAssertEqual(r.status, 0, "at the prompt a failed command does not decide the status")
        XCTAssertEqual(r.out, greeting + "still here\n")
        XCTAssertTrue(r.err.contains("unknown command 'nosuchcommand'"), r.err)
        XCTAssertEqual(r.history, ["nosuchcommand", "echo still here"])
    }

    func testExitGivesItsStatusAndReadsNoMore() {
        let r = run([.line("echo bye; exit 3"), .line("echo never")])
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(r.out, greeting + "bye\n")
        XCTAssertEqual(r.prompts.count, 1)
    }

    /// SIGTERM (or SIGHUP) while a line is read: the loop stops before running it, ends the
    /// prompt's line, and exits 128 + the signal.
    func testTerminationStopsBeforeTheLineRuns() {
        defer { terminateSignal = 0 }
        let r = run([.line("echo first"), .line("echo never")], before: [1: { terminateSignal = SIGTERM }])
        XCTAssertEqual(r.status, 128 + SIGTERM)
        XCTAssertEqual(r.out, greeting + "first\n")
        XCTAssertEqual(r.echoed, "\n")
        XCTAssertEqual(r.history, ["echo first"])
    }

    /// Commands that fail at the prompt leave the session as it was: a load of a bad file, of a
    /// missing one, a selection out of range, a position off the globe, a failed expectation, an
    /// unknown command.
    func testFailedCommandsKeepTheState() {
        let home = TemporaryDirectory()
        home.write("bad.json", "{\"version\": \"one\", \"places\": [1, 2]}")
        home.write("bad.csv", "name,latitude,longitude\nA,-33.8,151.2\nB,\"-33.9,151.3\n")
        let failing = [
            "load \(home.file("bad.json").path)", "places load \(home.file("bad.csv").path)",
            "places load \(home.file("missing.csv").path)", "select 99", "locate 91 0", "wait -1s",
            "expect app.screen == \"list\"", "route gpx \(home.file("bad.csv").path)", "nosuchcommand",
        ]
        let setUp = "locate sydney; launch; auth allow; wait 1s; likely; select 2; wait 1s"
        let check =
            "expect app.screen == \"map\"; expect markers.count == 1; expect places.count == 173; "
            + "expect auth.status == \"authorizedWhenInUse\"; echo state-kept"
        let r = run(([setUp] + failing + [check]).map { .line($0) } + [.end])
        XCTAssertTrue(r.out.hasSuffix("state-kept\n"), r.out)
        // One error for each failing command, and none from the checks.
        XCTAssertEqual(r.err.components(separatedBy: "error: ").count - 1, failing.count, r.err)
        XCTAssertTrue(r.err.contains("error: unknown command 'nosuchcommand'"), r.err)
    }
}
