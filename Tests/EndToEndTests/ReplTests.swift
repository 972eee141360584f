import Foundation
import TestSupport
import XCTest

/// A tmux session on a private socket, for driving the prompt in a real pseudo-terminal.
final class TmuxPane {
    let tmux: URL
    let socket: String
    let home: TemporaryDirectory
    let target = "repl"

    init(tmux: URL, home: TemporaryDirectory) {
        self.tmux = tmux
        self.home = home
        socket = home.path + "/tmux.sock"
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> RunResult {
        try runProcess(
            tmux, ["-S", socket, "-f", "/dev/null"] + arguments, in: home.url,
            environment: cleanEnvironment(home: home.path), timeout: 60)
    }

    /// Starts `bash --norc` in a detached 100×30 pane, with a clean environment; the pane stays
    /// after placeshell exits, so its status can be read.
    func start(environment: [String: String]) throws {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let command = (["env", "-i"] + assignments + ["bash", "--norc", "--noprofile"]).map(shellQuote).joined(
            separator: " ")
        let r = try run(["new-session", "-d", "-x", "100", "-y", "30", "-s", target, command])
        guard r.status == 0 else { throw PaneError(message: "tmux new-session failed: \(r.stderrText)") }
    }

    func type(_ text: String) throws { try run(["send-keys", "-t", target, "-l", text]) }
    func press(_ keys: String...) throws { try run(["send-keys", "-t", target] + keys) }

    /// The pane's visible text, wrapped lines joined.
    func screen() throws -> String { try run(["capture-pane", "-p", "-J", "-t", target]).stdoutText }

    /// Waits until `condition` holds for the screen; fails with the last screen on timeout.
    @discardableResult
    func waitFor(
        _ what: String, timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line,
        _ condition: (String) -> Bool
    ) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("timed out waiting for \(what); the screen was:\n\(last)", file: file, line: line)
        return false
    }

    /// Waits until a line of the screen, without trailing spaces, is exactly `text`.
    @discardableResult
    func waitForLine(_ text: String, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) throws -> Bool
    {
        try waitFor("a line '\(text)'", file: file, line: line) { screen in
            lines(screen).filter { $0 == text }.count >= count
        }
    }

    /// The cursor's row on the pane (0 at the top).
    func cursorRow() throws -> Int? {
        Int(
            try run(["display-message", "-p", "-t", target, "#{cursor_y}"]).stdoutText
                .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Types `text`, presses Enter, and waits until the line editor has taken the line: the
    /// cursor has left the prompt's row for the one below, which the editor does just before it
    /// hands the line to placeshell. From then on the command runs.
    func enterAndWaitUntilTaken(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try type(text)
        try waitFor("'\(text)' typed", file: file, line: line) { screen in
            lines(screen).contains { $0.hasSuffix("> " + text) }
        }
        try press("Enter")
        try waitFor("'\(text)' taken by the line editor", file: file, line: line) { _ in
            // Rows as the terminal has them (no -J): the cursor is counted in those.
            guard let rows = try? run(["capture-pane", "-p", "-t", target]).stdoutText,
                let promptRow = PlaceshellTestsLines.lastRow(in: rows, endingWith: "> " + text),
                let cursor = try? cursorRow()
            else { return false }
            return cursor > promptRow
        }
    }

    func kill() { _ = try? run(["kill-server"]) }
}

/// Finding rows on a captured screen.
enum PlaceshellTestsLines {
    /// The index of the last row that ends with `suffix` (trailing spaces aside).
    static func lastRow(in screen: String, endingWith suffix: String) -> Int? {
        lines(screen).lastIndex { $0.hasSuffix(suffix) }
    }
}

struct PaneError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map {
        var s = String($0)
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

func shellQuote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

/// Decodes the history file's `strvis` encoding (`\040` for a space, `\\` for a backslash).
func unvis(_ s: String) -> String {
    var bytes: [UInt8] = []
    let u = Array(s.utf8)
    var i = 0
    while i < u.count {
        if u[i] == 0x5C, i + 3 < u.count, (0x30...0x37).contains(u[i + 1]),
            (0x30...0x37).contains(u[i + 2]), (0x30...0x37).contains(u[i + 3])
        {
            bytes.append((u[i + 1] - 0x30) * 64 + (u[i + 2] - 0x30) * 8 + (u[i + 3] - 0x30))
            i += 4
        } else if u[i] == 0x5C, i + 1 < u.count, u[i + 1] == 0x5C {
            bytes.append(0x5C)
            i += 2
        } else {
            bytes.append(u[i])
            i += 1
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The interactive prompt in a real pseudo-terminal: completion, Ctrl-C, Ctrl-D, history,
/// UTF-8 input.
final class ReplTests: XCTestCase {
    var binary: URL!
    var tmux: URL!

    override func setUpWithError() throws {
        guard let found = Paths.binaryOrFail() else {
            throw XCTSkip("placeshell was not found (reported as a failure)")
        }
        binary = found
        let candidates = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            XCTFail("tmux is not installed, so the prompt cannot be tested in a terminal: apt-get install -y tmux")
            throw XCTSkip("tmux is missing (reported as a failure)")
        }
        tmux = URL(fileURLWithPath: path)
    }

    func paneEnvironment(_ home: TemporaryDirectory, lang: String) -> [String: String] {
        [
            "HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "LANG": lang, "TERM": "screen",
            "PATH": "/usr/local/bin:/usr/bin:/bin", "PS1": "$ ",
        ]
    }

    /// Starts placeshell from bash in the pane, and waits for its prompt.
    func startShell(_ pane: TmuxPane) throws {
        try pane.waitFor("the bash prompt") { lines($0).contains("$") }
        try pane.type("\(shellQuote(binary.path)); echo \"exit-status=$?\"")
        try pane.press("Enter")
        // The line editor sets up the terminal and its signal handlers before it draws the
        // prompt: once the prompt shows, keys and signals reach it.
        try pane.waitFor("the placeshell prompt") { lines($0).contains("placeshell>") }
    }

    func testCompletionInterruptExitAndHistory() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try startShell(pane)

        // Tab completes a unique command and adds a space.
        try pane.type("vers")
        try pane.press("Tab")
        try pane.waitFor("'vers' completed to 'version '") { lines($0).contains("placeshell> version") }
        try pane.type("x")
        try pane.waitFor("the space after the completion") { lines($0).contains("placeshell> version x") }
        try pane.press("BSpace", "Enter")
        try pane.waitForLine("placeshell 0.1.0")

        // Tab with several candidates lists them.
        try pane.type("h")
        try pane.press("Tab")
        try pane.waitFor("'help' and 'history' listed") { screen in
            lines(screen).contains { $0.contains("help") && $0.contains("history") && !$0.contains(">") }
        }
        try pane.press("C-u")

        // Ctrl-C drops the line and keeps the shell.
        try pane.type("echo partial line")
        try pane.press("C-c")
        try pane.waitFor("'^C' and a fresh prompt after Ctrl-C") { screen in
            let shown = lines(screen).filter { !$0.isEmpty }
            return shown.last == "placeshell>" && shown.dropLast().last == "placeshell> echo partial line^C"
        }
        try pane.type("echo alive")
        try pane.press("Enter")
        try pane.waitForLine("alive")
        XCTAssertFalse(lines(try pane.screen()).contains("partial line"), "the cancelled line ran")

        // UTF-8 text is read and echoed intact.
        let text = "안녕하세요 سلام Xin chào Hà Nội"
        try pane.type("echo \(text)")
        try pane.press("Enter")
        try pane.waitForLine(text)

        // Ctrl-D on an empty line leaves with status 0.
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")

        let historyPath = home.path + "/state/placeshell/history"
        let attributes = try FileManager.default.attributesOfItem(atPath: historyPath)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
        XCTAssertEqual(mode, 0o600, "history file mode is \(String(mode, radix: 8))")
        let saved = lines(unvis(try String(contentsOfFile: historyPath, encoding: .utf8)))
        XCTAssertTrue(saved.contains("version"), "history: \(saved)")
        XCTAssertTrue(saved.contains("echo alive"), "history: \(saved)")
        XCTAssertTrue(saved.contains("echo \(text)"), "history: \(saved)")
        XCTAssertFalse(saved.contains("echo partial line"), "a cancelled line is not history: \(saved)")

        // A second session reads the history back: Up recalls the last line.
        try pane.press("C-l")
        try pane.run(["clear-history", "-t", pane.target])
        try pane.waitFor("a cleared screen") { !$0.contains("exit-status=0") }
        try pane.type("\(shellQuote(binary.path)); echo \"exit-status=$?\"")
        try pane.press("Enter")
        try pane.waitFor("the placeshell prompt again") { lines($0).contains("placeshell>") }
        try pane.type("history")
        try pane.press("Enter")
        try pane.waitFor("the history listing") { screen in lines(screen).contains { $0.hasSuffix("  echo alive") } }
        try pane.press("Up", "Up")
        try pane.waitFor("Up recalling the previous line") { screen in
            lines(screen).last(where: { $0.hasPrefix("placeshell>") }) == "placeshell> echo \(text)"
        }
        try pane.press("C-u", "C-d")
        try pane.waitForLine("exit-status=0")
    }

    /// Under LANG=C (not a UTF-8 locale) typed UTF-8 text still reaches the shell intact.
    /// Help longer than the 30-line pane goes through $PAGER (here a command that keeps what it
    /// reads and says so); help that fits, and help with PAGER=cat, are printed straight.
    func testLongHelpGoesThroughThePager() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        var environment = paneEnvironment(home, lang: "C.UTF-8")
        let paged = home.path + "/paged"
        environment["PAGER"] = "cat > \(shellQuote(paged)); echo \"paged with LESS=$LESS\""
        try pane.start(environment: environment)
        try startShell(pane)
        try pane.type("help")
        try pane.press("Enter")
        try pane.waitForLine("paged with LESS=FRX")
        // Colour passes to the pager (less -R shows it): the words, without it.
        let text = try String(contentsOfFile: paged, encoding: .utf8).replacing(/\u{1B}\[[0-9;]*m/, with: "")
        XCTAssertTrue(text.hasPrefix("placeshell 0.1.0: "), text)
        XCTAssertTrue(text.contains("\nTutorial — "), text)
        XCTAssertGreaterThan(text.split(separator: "\n").count, 30)
        // The pager had the text; the screen did not.
        XCTAssertFalse(lines(try pane.screen()).contains { $0.hasPrefix("Shell — the shell itself") })
        // Short help fits: printed, and the pager is not run.
        try FileManager.default.removeItem(atPath: paged)
        try pane.type("help echo")
        try pane.press("Enter")
        try pane.waitForLine("  echo \"two  spaces\"")
        XCTAssertFalse(FileManager.default.fileExists(atPath: paged))
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
        // PAGER=cat: printed straight.
        try pane.type("PAGER=cat \(shellQuote(binary.path)) --no-history")
        try pane.press("Enter")
        try pane.waitFor("the placeshell prompt") { lines($0).contains("placeshell>") }
        try pane.type("help")
        try pane.press("Enter")
        try pane.waitFor("the help overview printed") { lines($0).contains { $0.hasPrefix("Type 'help COMMAND'") } }
        XCTAssertFalse(FileManager.default.fileExists(atPath: paged))
        try pane.press("C-d")
    }

    func testASessionEndingWhileRecordingWritesTheStoryboard() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try startShell(pane)
        let page = home.path + "/tour.html"
        try pane.type("record \(shellQuote(page))")
        try pane.press("Enter")
        try pane.waitFor("recording started") { $0.contains("recording a storyboard") }
        try pane.type("echo first step")
        try pane.press("Enter")
        try pane.waitForLine("first step")
        // Ctrl-D without 'record stop': the page is written, and the shell says where.
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
        let screen = try pane.screen()
        XCTAssertTrue(screen.contains("note: the session ended while recording: wrote"), screen)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains("first step"), "the storyboard lacks the step")
    }

    func testUTF8InputUnderCLocale() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C"))
        try startShell(pane)
        let text = "서울 تهران Việt Nam"
        try pane.type("echo \"\(text)\"")
        try pane.press("Enter")
        try pane.waitForLine(text)
        // Editing: move left over the wide characters and insert before them.
        try pane.type("echo 한글")
        try pane.press("Left", "Left")
        try pane.type("X")
        try pane.press("Enter")
        try pane.waitForLine("X한글")
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
    }
}
