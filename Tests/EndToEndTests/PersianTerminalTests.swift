import Foundation
import TestSupport
import XCTest

/// The Persian walk in a real terminal (tmux): what a user sees. tmux does not reorder right-to-
/// left text, so the screen holds the text in logical order, as placeshell wrote it; the
/// right-to-left mark that opens each line takes no cell (tmux drops it at the start of a line).
/// The lines fit the wrapping width, the words keep their zero-width non-joiners, commands and
/// calls stay whole on their lines, and the step list lines up.
final class PersianTerminalTests: XCTestCase {
    func testThePersianWalkInTmux() throws {
        guard let binary = Paths.binaryOrFail() else {
            throw XCTSkip("placeshell was not found (reported as a failure)")
        }
        let candidates = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            XCTFail("tmux is not installed, so the prompt cannot be tested in a terminal: apt-get install -y tmux")
            throw XCTSkip("tmux is missing (reported as a failure)")
        }
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: URL(fileURLWithPath: path), home: home)
        defer { pane.kill() }
        // The messages in Persian (LC_MESSAGES), the characters in UTF-8 (LANG).
        try pane.start(environment: [
            "HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "LANG": "C.UTF-8",
            "LC_MESSAGES": "fa_IR.UTF-8", "TERM": "screen", "PATH": "/usr/local/bin:/usr/bin:/bin", "PS1": "$ ",
        ])
        try pane.waitFor("the bash prompt") { lines($0).contains("$") }
        try pane.type("\(shellQuote(binary.path)) --no-history; echo \"exit-status=$?\"")
        try pane.press("Enter")
        try pane.waitFor("the placeshell prompt") { lines($0).contains("placeshell>") }
        try pane.type("tutorial")
        try pane.press("Enter")
        try pane.waitForLine("گام ۱ از ۲۰: برنامه را اجرا کنید")
        let screen = lines(try pane.screen())
        // Wrapped to 88 columns: no line runs on past the 100-column pane.
        for line in screen {
            XCTAssertLessThanOrEqual(cells(line), 88, "'\(line)'")
        }
        XCTAssertTrue(screen.contains("  در آموزش: درخواست مجوز مکان"), "\(screen)")
        XCTAssertTrue(screen.contains { $0.contains("می\u{200C}گوید") }, "the non-joiner is kept")
        // Commands and calls are code: each on its own line, left to right, whole.
        XCTAssertTrue(screen.contains("  وارد کنید:"), "\(screen)")
        XCTAssertTrue(screen.contains("    trace on"), "\(screen)")
        XCTAssertTrue(screen.contains("    ← MapViewController.viewDidLoad()"), "\(screen)")
        // Mixed lines: Persian around a quoted command, in logical order.
        XCTAssertTrue(screen.contains { $0.contains("'trace on': هر فراخوانی‌ای") }, "\(screen)")

        try pane.press("C-l")
        try pane.type("tutorial list")
        try pane.press("Enter")
        try pane.waitForLine("  ۲۰  نه بیش از آنچه فهرست انتخاب نشان می\u{200C}دهد")
        let list = lines(try pane.screen()).filter { $0.hasPrefix("→ ") || $0.hasPrefix("  ") }
        XCTAssertEqual(list.count, 20, "\(list)")
        // The titles start in one column, after the mark, the number and two spaces.
        let starts = Set(list.map { row in cells(String(row.prefix { $0 == " " || $0 == "→" || $0.isNumber })) })
        XCTAssertEqual(starts, [6], "\(list)")
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
    }

    /// Terminal cells of a line of the screen: a character each, none for marks and format
    /// characters (Persian, Latin, digits and arrows take one cell).
    private func cells(_ s: String) -> Int {
        s.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return false
            default: return true
            }
        }.count
    }
}
