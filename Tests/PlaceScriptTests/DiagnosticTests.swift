import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

final class DiagnosticTests: XCTestCase {
    func diagnostic(_ text: String, at offset: Int, length: Int = 1, help: String? = nil, notes: [String] = [])
        -> Diagnostic
    {
        let source = SourceText(name: "s.placescript", text: text)
        return Diagnostic(
            .syntax, "something is wrong", at: SourceLocation(source: source, offset: offset, length: length),
            help: help,
            notes: notes)
    }

    func testPlainFormat() {
        let d = diagnostic("echo ok\n  shwo clock\n", at: 10, length: 4, help: "did you mean 'show'?")
        XCTAssertEqual(
            DiagnosticRenderer(showsSource: false).render(d),
            "s.placescript:2:3: error: something is wrong\nhelp: did you mean 'show'?\n")
        XCTAssertEqual(
            DiagnosticRenderer(showsSource: false, omitsLocationPrefix: true).render(d),
            "error: something is wrong\nhelp: did you mean 'show'?\n")
        XCTAssertEqual(
            DiagnosticRenderer(showsSource: false).render(Diagnostic(.runtime, "no location")), "error: no location\n")
    }

    func testNotesComeBeforeHelp() {
        let d = diagnostic("expect x == 1", at: 0, help: "h", notes: ["expected: 1", "actual:   2"])
        XCTAssertEqual(
            DiagnosticRenderer(showsSource: false).render(d),
            "s.placescript:1:1: error: something is wrong\n  expected: 1\n  actual:   2\nhelp: h\n")
    }

    func testSourceLineAndCaret() {
        let d = diagnostic("echo ok\n  shwo clock\n", at: 10, length: 4, help: "did you mean 'show'?")
        XCTAssertEqual(
            DiagnosticRenderer(showsSource: true).render(d),
            """
            s.placescript:2:3: error: something is wrong
                |   shwo clock
                |   ^~~~
            help: did you mean 'show'?

            """)
    }

    func testCaretAfterWideCharacters() {
        // 안녕 takes four cells: the caret must stand under 'x', not two cells early.
        let text = "echo 안녕 x"
        let d = diagnostic(text, at: Array("echo 안녕 ".utf8).count)
        XCTAssertEqual(
            DiagnosticRenderer(showsSource: false).render(d), "s.placescript:1:9: error: something is wrong\n")
        let lines = DiagnosticRenderer(showsSource: true).render(d).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[1], "    | echo 안녕 x")
        XCTAssertEqual(lines[2], "    |           ^")
        // Tabs and control characters are shown as one cell so the caret lines up.
        let tabbed = diagnostic("echo\tx", at: 5)
        let t = DiagnosticRenderer(showsSource: true).render(tabbed).split(separator: "\n").map(String.init)
        XCTAssertEqual(t[1], "    | echo x")
        XCTAssertEqual(t[2], "    |      ^")
    }

    func testCaretUnderWideUnderlinedText() {
        let text = "show 東京"
        let d = diagnostic(text, at: 5, length: 6)
        let lines = DiagnosticRenderer(showsSource: true).render(d).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[2], "    |      ^~~~", "two wide characters are four cells")
    }

    func testLongLinesAreCut() {
        let before = String(repeating: "a", count: 200)
        let after = String(repeating: "b", count: 200)
        let text = "echo " + before + " X " + after
        let d = diagnostic(text, at: 5 + 200 + 1)
        XCTAssertTrue(DiagnosticRenderer(showsSource: false).render(d).hasPrefix("s.placescript:1:207: error:"))
        let lines = DiagnosticRenderer(showsSource: true).render(d).split(separator: "\n").map(String.init)
        let shown = String(lines[1].dropFirst(6))
        let caret = String(lines[2].dropFirst(6))
        XCTAssertTrue(shown.hasPrefix("…"), shown)
        XCTAssertTrue(shown.hasSuffix("…"), shown)
        XCTAssertLessThanOrEqual(displayWidth(shown), 125)
        XCTAssertEqual(caret.count - 1, displayWidth(String(shown.prefix { $0 != "X" })), "the caret is under X")
    }

    func testLongLineOfWideCharacters() {
        let text = "echo " + String(repeating: "한", count: 100) + " X"
        let d = diagnostic(text, at: Array(text.utf8).count - 1)
        XCTAssertEqual(
            DiagnosticRenderer(showsSource: false).render(d), "s.placescript:1:107: error: something is wrong\n")
        let lines = DiagnosticRenderer(showsSource: true).render(d).split(separator: "\n").map(String.init)
        let shown = String(lines[1].dropFirst(6))
        let caret = String(lines[2].dropFirst(6))
        XCTAssertLessThanOrEqual(displayWidth(shown), 65)
        XCTAssertEqual(caret.count - 1, displayWidth(String(shown.prefix { $0 != "X" })), "the caret is under X")
    }

    func testCaretAtTheEndOfTheInput() {
        let d = diagnostic("echo \"open", at: 10)
        let lines = DiagnosticRenderer(showsSource: true).render(d).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[2], "    |           ^")
    }

    func testColour() {
        let d = diagnostic("x", at: 0, help: "h")
        let text = DiagnosticRenderer(showsSource: false, style: TextStyle(enabled: true)).render(d)
        XCTAssertEqual(
            text,
            "\u{1B}[1ms.placescript:1:1:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m something is wrong\n\u{1B}[1;36mhelp:\u{1B}[0m h\n"
        )
    }

    func testLineAndColumn() {
        let source = SourceText(name: "s", text: "ab\ncé d\n\nx", firstLine: 10)
        XCTAssertEqual(source.lineAndColumn(of: 0).line, 10)
        XCTAssertEqual(source.lineAndColumn(of: 3).column, 1)
        XCTAssertEqual(source.lineAndColumn(of: 6).column, 3, "é is one column")
        XCTAssertEqual(source.lineAndColumn(of: 7).column, 4)
        XCTAssertEqual(source.lineAndColumn(of: 9).line, 12)
        XCTAssertEqual(source.lineAndColumn(of: 10).line, 13)
        XCTAssertEqual(source.lineAndColumn(of: 999).line, 13, "offsets past the end are clamped")
        XCTAssertEqual(source.lineText(at: 5).text, "cé d")
        XCTAssertEqual(SourceText(name: "s", text: "a\r\nb").lineText(at: 0).text, "a")
    }

    func testShellReportsSyntaxErrorsAndRunsNothing() {
        let t = TestShell()
        XCTAssertEqual(t.run("echo first\nbogus\nshwo"), 2)
        XCTAssertEqual(t.out.text, "")
        XCTAssertEqual(
            t.err.text,
            "test.placescript:2:1: error: unknown command 'bogus'\nhelp: type 'help' for the list of commands\n"
                + "test.placescript:3:1: error: unknown command 'shwo'\nhelp: did you mean 'show'?\n")
    }

    func testAtMostTwentySyntaxErrorsAreShown() {
        let t = TestShell()
        XCTAssertEqual(t.run(Array(repeating: "bogus", count: 25).joined(separator: "\n")), 2)
        XCTAssertEqual(t.err.text.components(separatedBy: "error: unknown command").count - 1, 20)
        XCTAssertTrue(t.err.text.hasSuffix("placeshell: 5 more errors not shown\n"), t.err.text)
    }

    func testPromptErrorsHaveNoLocationPrefix() {
        let t = TestShell(environment: ShellEnvironment(isInteractive: true))
        t.shell.reportSyntaxErrors(
            [
                Diagnostic(
                    .syntax, "unknown command 'x'",
                    at: SourceLocation(source: SourceText(name: "<stdin>", text: "x"), offset: 0))
            ])
        XCTAssertEqual(t.err.text, "error: unknown command 'x'\n")
    }
}
