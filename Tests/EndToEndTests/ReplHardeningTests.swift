import Foundation
import TestSupport
import XCTest

/// The prompt under stress, in a real pseudo-terminal: Ctrl-C stopping long commands, SIGTERM and
/// SIGHUP saving the history, a resized terminal, failed commands that keep the state, and two
/// shells exiting at once.
extension ReplTests {
    /// The process ids whose parent is `parent` (from /proc).
    func children(of parent: Int32) -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { name -> Int32? in
            guard let pid = Int32(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // "PID (COMM) STATE PPID …": the command may contain spaces, so read after ')'.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }
    }

    /// The placeshell running in the pane: the child of the pane's bash.
    func placeshellPID(_ pane: TmuxPane) throws -> Int32 {
        let shellPID = Int32(
            try pane.run(["display-message", "-p", "-t", pane.target, "#{pane_pid}"]).stdoutText
                .trimmingCharacters(in: .whitespacesAndNewlines))
        let found = shellPID.map(children(of:)) ?? []
        guard let pid = found.first else { throw PaneError(message: "no placeshell process under the pane's shell") }
        return pid
    }

    func historyLines(_ home: TemporaryDirectory) -> [String] {
        let path = home.path + "/state/placeshell/history"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return lines(unvis(text))
    }

    /// Ctrl-C during a long `wait` and a `places load` that waits for its file stops the command
    /// at a safe point, says what was done, and returns to the prompt with the state consistent.
    /// Each Ctrl-C is pressed once the command is known to run: the wait once the line editor
    /// has taken its line (and it has 1.8 million positions to deliver), the load once
    /// placeshell waits in the open of a FIFO nobody writes to. That a load stopped half-way
    /// through a file leaves the dataset as it was is tested where the interruption can be
    /// placed exactly (InterruptionTests).
    func testCtrlCStopsALongWaitAndALargeLoad() throws {
        let home = TemporaryDirectory()
        guard waitChannelsAreVisible else { throw XCTSkip("/proc/PID/wchan is not readable on this system") }
        XCTAssertEqual(mkfifo(home.file("places.fifo").path, 0o600), 0)
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try startShell(pane)

        try enter(pane, "locate sydney; launch; auth allow; route start -33.8694,151.199 37.33,-122.03 speed=6.5")
        try pane.waitFor("the route started") { $0.contains("'wait' to move along") }
        try pane.press("C-l")
        try pane.enterAndWaitUntilTaken("wait 600h")
        try pane.press("C-c")
        try pane.waitFor("the wait interrupted", timeout: 60) { screen in
            screen.contains("error: interrupted: the wait stopped after ")
                && lines(screen).last(where: { !$0.isEmpty }) == "placeshell[map]>"
        }
        // The state is consistent: the clock is where the wait stopped, the route goes on.
        try pane.press("C-l")
        try enter(pane, "expect route.running == true; wait 2s; echo still-here")
        try pane.waitForLine("still-here")

        try pane.press("C-l")
        let pid = try placeshellPID(pane)
        try enter(pane, "places load places.fifo")
        try pane.waitFor("placeshell waiting for the FIFO's writer") { _ in
            waitChannel(of: pid)?.contains("wait_for_partner") ?? false
        }
        try pane.press("C-c")
        try pane.waitFor("the load interrupted", timeout: 30) { screen in
            screen.contains("error: interrupted: 'places.fifo' was not read; nothing changed")
        }
        try enter(pane, "expect places.count == 173; echo unchanged")
        try pane.waitForLine("unchanged")
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
    }

    /// Types a line and presses Enter.
    func enter(_ pane: TmuxPane, _ text: String) throws {
        try pane.type(text)
        try pane.press("Enter")
    }

    /// Starts placeshell with the bash command `command`, echoes `word` at its prompt, leaves
    /// with Ctrl-D and status 0, and returns the screen, wrapped lines joined.
    func echoAndLeave(_ pane: TmuxPane, _ word: String, starting command: String) throws -> String {
        try enter(pane, command + "; echo \"exit-status=$?\"")
        try pane.waitFor("the placeshell prompt") { lines($0).contains("placeshell>") }
        try enter(pane, "echo " + word)
        try pane.waitForLine(word)
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
        return try pane.screen().replacingOccurrences(of: "\n", with: "")
    }

    /// Clears the screen and starts placeshell again in the pane.
    func restartShell(_ pane: TmuxPane) throws {
        try pane.press("C-l")
        try pane.waitFor("a cleared screen") { !$0.contains("exit-status=") }
        try startShell(pane)
    }

    /// SIGTERM and SIGHUP (a closed terminal window) save the history, then end placeshell with
    /// 128 + the signal; SIGTERM in the middle of a long command stops it first.
    func testTerminateAndHangUpSaveTheHistory() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try startShell(pane)
        try enter(pane, "echo before-term")
        try pane.waitForLine("before-term")
        kill(try placeshellPID(pane), SIGTERM)
        try pane.waitForLine("exit-status=143")
        XCTAssertTrue(historyLines(home).contains("echo before-term"), "history: \(historyLines(home))")

        // SIGTERM while a long wait runs: the wait stops, the history is saved.
        try restartShell(pane)
        try enter(pane, "locate sydney; launch; auth allow; route start -33.8694,151.199 37.33,-122.03 speed=6.5")
        try pane.waitFor("the route started") { $0.contains("'wait' to move along") }
        try pane.enterAndWaitUntilTaken("wait 600h")
        kill(try placeshellPID(pane), SIGTERM)
        try pane.waitForLine("exit-status=143")
        XCTAssertTrue(historyLines(home).contains("wait 600h"), "history: \(historyLines(home))")

        // SIGHUP, as when the terminal goes away.
        try restartShell(pane)
        try enter(pane, "echo before-hangup")
        try pane.waitForLine("before-hangup")
        kill(try placeshellPID(pane), SIGHUP)
        try pane.waitForLine("exit-status=129")
        let saved = historyLines(home)
        for entry in ["echo before-term", "wait 600h", "echo before-hangup"] {
            XCTAssertTrue(saved.contains(entry), "'\(entry)' is missing from the history: \(saved)")
        }
    }

    /// A signal sent to placeshell at its prompt reaches placeshell alone, not the script that
    /// started it (the line editor would re-send it to the whole process group): a wrapper that
    /// traps the signals sees none of them, and reads placeshell's status.
    func testSignalsAtThePromptReachOnlyPlaceshell() throws {
        let home = TemporaryDirectory()
        home.write(
            "wrapper.sh",
            """
            trap 'echo wrapper-saw-TERM' TERM
            trap 'echo wrapper-saw-HUP' HUP
            trap 'echo wrapper-saw-INT' INT
            \(shellQuote(binary.path))
            echo "wrapper-status=$?"

            """)
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try pane.waitFor("the bash prompt") { lines($0).contains("$") }
        try enter(pane, "bash wrapper.sh")
        try pane.waitFor("the placeshell prompt") { lines($0).contains("placeshell>") }
        let paneShell = Int32(
            try pane.run(["display-message", "-p", "-t", pane.target, "#{pane_pid}"]).stdoutText
                .trimmingCharacters(in: .whitespacesAndNewlines))
        let wrapper = try XCTUnwrap(paneShell.map(children(of:))?.first, "no wrapper under the pane's shell")
        let placeshell = try XCTUnwrap(children(of: wrapper).first, "no placeshell under the wrapper")

        kill(placeshell, SIGINT)  // cancels the line; placeshell goes on
        try pane.waitForLine("placeshell> ^C")
        try enter(pane, "echo still-here")
        try pane.waitForLine("still-here")
        kill(placeshell, SIGTERM)
        try pane.waitForLine("wrapper-status=143")
        let screen = try pane.screen()
        XCTAssertFalse(screen.contains("wrapper-saw-"), screen)

        // The first run left three prompt lines ('^C', 'echo still-here', the last one): the
        // second placeshell's prompt is the fourth.
        let prompts = lines(try pane.screen()).filter { $0.hasPrefix("placeshell>") }.count
        try enter(pane, "bash wrapper.sh")
        try pane.waitFor("the placeshell prompt again") {
            lines($0).filter { $0.hasPrefix("placeshell>") }.count > prompts
        }
        let second = try XCTUnwrap(paneShell.map(children(of:))?.first.map(children(of:))?.first)
        kill(second, SIGHUP)
        try pane.waitForLine("wrapper-status=129")
        let after = try pane.screen()
        XCTAssertFalse(after.contains("wrapper-saw-"), after)
    }

    /// A history that cannot be written whole (here: over the file size limit, as on a full
    /// disk) is not written at all: a warning, and the old file byte for byte.
    func testAHistoryThatCannotBeWrittenKeepsTheOldFile() throws {
        let home = TemporaryDirectory()
        let old =
            (["_HiStOrY_V2_"] + (0..<300).map { String(format: "echo\\040old-%04d", $0) })
            .joined(separator: "\n") + "\n"
        try FileManager.default.createDirectory(
            atPath: home.path + "/state/placeshell", withIntermediateDirectories: true)
        let historyPath = home.path + "/state/placeshell/history"
        try Data(old.utf8).write(to: URL(fileURLWithPath: historyPath))
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try pane.waitFor("the bash prompt") { lines($0).contains("$") }
        // 1 KiB: the history file (5 KB) cannot be written under this limit.
        let screen = try echoAndLeave(pane, "new-line", starting: "(ulimit -f 1; \(shellQuote(binary.path)))")
        XCTAssertTrue(
            screen.contains(
                "cannot write the history file '\(historyPath)': file too large; the old file is unchanged"),
            screen)
        let now = try String(contentsOfFile: historyPath, encoding: .utf8)
        XCTAssertTrue(now == old, "the history file changed: \(now.utf8.count) bytes, was \(old.utf8.count)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home.path + "/state/placeshell")
        XCTAssertEqual(left.sorted(), ["history", "history.lock"], "a temporary file was left behind")
    }

    /// The history file is replaced as every file is: through a symbolic link to the file it
    /// names, which keeps its mode (its lock never through a link); and where it cannot be written at all (XDG_STATE_HOME under
    /// /proc), the warning says that no file was written, not that an old one is unchanged.
    func testTheHistoryIsWrittenThroughALinkAndAFailureSaysWhatBecameOfIt() throws {
        let home = TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: home.path + "/state/placeshell", withIntermediateDirectories: true)
        let real = home.path + "/kept-history"
        try Data("_HiStOrY_V2_\necho\\040old-line\n".utf8).write(to: URL(fileURLWithPath: real))
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(
            atPath: home.path + "/state/placeshell/history", withDestinationPath: "../../kept-history")
        // A link planted at the lock's name is not followed: no file appears where it points.
        try FileManager.default.createSymbolicLink(
            atPath: home.path + "/state/placeshell/history.lock", withDestinationPath: "../../planted")
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try pane.waitFor("the bash prompt") { lines($0).contains("$") }
        _ = try echoAndLeave(pane, "via-link", starting: shellQuote(binary.path))
        let saved = lines(unvis(try String(contentsOfFile: real, encoding: .utf8)))
        XCTAssertTrue(saved.contains("echo old-line") && saved.contains("echo via-link"), "history: \(saved)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: home.path + "/state/placeshell/history")
        XCTAssertEqual(link, "../../kept-history", "the link was replaced")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: home.path + "/planted"), "the lock was created through a link")
        var st = stat()
        XCTAssertEqual(stat(real, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o640, "the history's mode changed")

        try pane.press("C-l")
        try pane.waitFor("a cleared screen") { !$0.contains("exit-status=") }
        let screen = try echoAndLeave(pane, "nowhere", starting: "XDG_STATE_HOME=/proc/self \(shellQuote(binary.path))")
        XCTAssertTrue(
            screen.contains(
                "cannot write the history file '/proc/self/placeshell/history': no such file or directory; "
                    + "no file was written"),
            screen)
    }

    /// A line longer than the history keeps (a pasted file) runs, and is left out of the history
    /// with a warning; the entries before it are kept as they were.
    func testAnOverlongLineIsLeftOutOfTheHistory() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try startShell(pane)
        try enter(pane, "echo short-one")
        try pane.waitForLine("short-one")
        // A comment, so that nothing it prints pushes the warning off the screen.
        let pasted = home.write("long.txt", "# " + String(repeating: "x", count: 70_000))
        _ = try pane.run(["load-buffer", "-b", "long", pasted.path])
        _ = try pane.run(["paste-buffer", "-b", "long", "-t", pane.target])
        try pane.press("Enter")
        try pane.waitFor("the warning") {
            $0.replacingOccurrences(of: "\n", with: "").contains(
                "warning: the line (70,002 bytes) is longer than the history keeps (65,536 bytes): it ran, but is not in the history"
            )
        }
        try enter(pane, "echo after")
        try pane.waitForLine("after")
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
        XCTAssertEqual(historyLines(home).filter { !$0.isEmpty }.suffix(2), ["echo short-one", "echo after"])
    }

    /// A resized terminal redraws the line being edited, and editing goes on from there.
    func testResizeKeepsTheLineBeingEdited() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try startShell(pane)
        try pane.type("echo resized")
        try pane.waitFor("the typed text") { lines($0).contains("placeshell> echo resized") }
        try pane.run(["resize-window", "-t", pane.target, "-x", "60", "-y", "20"])
        try pane.waitFor("the line after the resize") { lines($0).contains("placeshell> echo resized") }
        try enter(pane, "_and_edited")
        try pane.waitForLine("resized_and_edited")
        try pane.run(["resize-window", "-t", pane.target, "-x", "120", "-y", "40"])
        try enter(pane, "echo wider")
        try pane.waitForLine("wider")
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
    }

    /// A terminal that reports more cells than line editing draws on (a pty told it is 30000 ×
    /// 30000: libedit would make 7 GB of buffers for it, and dies when it cannot) is read
    /// without editing, with a warning, under a 3 GB limit on memory; history is still kept.
    /// Editing comes back at the next line once the terminal is smaller; a terminal that grows too large
    /// while a line is edited keeps that line and reads the next one without editing.
    /// Resizes the window and waits until the pane's terminal has the size: tmux sets it after
    /// the command returns.
    private func resize(_ pane: TmuxPane, columns: Int, rows: Int) throws {
        try pane.run(["resize-window", "-t", pane.target, "-x", String(columns), "-y", String(rows)])
        let tty = try pane.run(["display-message", "-p", "-t", pane.target, "#{pane_tty}"]).stdoutText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw PaneError(message: "cannot open the pane's terminal \(tty)") }
        defer { close(fd) }
        try pane.waitFor("the pane at \(columns) × \(rows)") { _ in
            var size = winsize()
            return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && Int(size.ws_col) == columns
                && Int(size.ws_row) == rows
        }
    }

    /// Output follows the terminal's width when the window is resized: the map, drawn as wide
    /// as the terminal, is narrower after the window is.
    func testOutputFollowsAResizedTerminal() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try resize(pane, columns: 100, rows: 40)
        try startShell(pane)
        try enter(pane, "locate sydney; launch; auth allow; map --height 6")
        func frameWidth(_ screen: String) -> Int? {
            lines(screen).last { $0.hasPrefix("└") }.map { $0.unicodeScalars.count }
        }
        try pane.waitFor("a map 100 columns wide") { frameWidth($0) == 100 }
        try pane.press("C-l")
        try pane.run(["clear-history", "-t", pane.target])
        try resize(pane, columns: 60, rows: 30)
        try enter(pane, "map --height 6")
        try pane.waitFor("a map 60 columns wide") { frameWidth($0) == 60 }
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
    }

    func testATerminalTooLargeToDrawOnIsReadWithoutEditing() throws {
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: tmux, home: home)
        defer { pane.kill() }
        try pane.start(environment: paneEnvironment(home, lang: "C.UTF-8"))
        try pane.waitFor("the bash prompt") { lines($0).contains("$") }
        try enter(
            pane,
            "stty rows 30000 cols 30000; ulimit -v 3000000; \(shellQuote(binary.path)); echo \"exit-status=$?\"")
        try pane.waitFor("the warning") {
            $0.contains("warning: the terminal reports 30000 × 30000 cells, more than line editing draws on")
        }
        try pane.waitFor("the prompt") { lines($0).contains("placeshell>") }
        try enter(pane, "echo plain")
        try pane.waitForLine("plain")
        // Ctrl-C drops the line; the terminal shows the ^C itself, once.
        try pane.type("echo dropped")
        try pane.waitFor("the typed text") { lines($0).contains("placeshell> echo dropped") }
        try pane.press("C-c")
        // Once the next prompt shows, all that Ctrl-C printed is on the screen.
        try pane.waitFor("the prompt after the dropped line") { screen in
            let all = lines(screen)
            guard let k = all.lastIndex(where: { $0.hasPrefix("placeshell> echo dropped^C") }) else { return false }
            return all[(k + 1)...].contains { $0.hasPrefix("placeshell>") }
        }
        let afterDrop = try pane.screen()
        XCTAssertFalse(afterDrop.contains("^C^C"), afterDrop)
        // Smaller again (tmux sets the size it has): the line after the one being read is
        // edited. Ctrl-A moves to the start of the line only in the line editor.
        try resize(pane, columns: 101, rows: 31)
        try pane.press("Enter")
        try pane.waitFor("the next prompt") { lines($0).filter { $0 == "placeshell>" }.count >= 2 }
        try pane.press("C-l")
        try pane.waitFor("the cleared screen") { lines($0).filter { !$0.isEmpty } == ["placeshell>"] }
        try pane.type("cho edited")
        try pane.waitFor("the typed text") { lines($0).contains("placeshell> cho edited") }
        try pane.press("C-a")
        try enter(pane, "e")
        try pane.waitForLine("edited")
        // Larger than it draws on while a line is edited: that line is kept; the next is read
        // without editing.
        try pane.type("echo kept")
        try pane.waitFor("the typed text") { lines($0).contains("placeshell> echo kept") }
        try resize(pane, columns: 5000, rows: 31)
        try pane.press("Enter")
        try pane.waitForLine("kept")
        try pane.waitFor("the second warning") {
            $0.contains("warning: the terminal reports 5000 × 31 cells, more than line editing draws on")
        }
        try resize(pane, columns: 100, rows: 30)
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
        XCTAssertEqual(
            historyLines(home).filter { !$0.isEmpty }.suffix(3), ["echo plain", "echo edited", "echo kept"])
    }

    /// Two shells that exit at the same moment both keep their lines in the shared history.
    func testTwoShellsExitingAtOnceKeepBothHistories() throws {
        let state = TemporaryDirectory()
        var panes: [TmuxPane] = []
        var homes: [TemporaryDirectory] = []
        defer { for p in panes { p.kill() } }
        for n in 0..<3 {
            let home = TemporaryDirectory()
            homes.append(home)
            let pane = TmuxPane(tmux: tmux, home: home)
            panes.append(pane)
            try pane.start(environment: paneEnvironment(state, lang: "C.UTF-8"))
            try startShell(pane)
            for i in 1...5 {
                try enter(pane, "echo shell\(n)-line\(i)")
            }
            try pane.waitForLine("shell\(n)-line5")
        }
        // Ctrl-D to all three with nothing in between.
        for pane in panes { try pane.press("C-d") }
        for pane in panes { try pane.waitForLine("exit-status=0") }
        let saved = historyLines(state)
        for n in 0..<3 {
            for i in 1...5 {
                XCTAssertTrue(saved.contains("echo shell\(n)-line\(i)"), "missing shell\(n)-line\(i): \(saved)")
            }
        }
    }
}
