import XCTest

@testable import PlaceScript

/// The map's footer names the --height that shows the whole screen: that height does, and one
/// line less does not, at every width.
final class TerminalMapFooterTests: XCTestCase {
    func testTheHeightTheFooterNamesShowsTheWholeScreen() throws {
        for width in [20, 41, 60, 80, 100, 137, 200] {
            func footer(height: Int) -> String? {
                let t = TestShell(table: .standard)
                _ = t.run("locate sydney; launch; auth allow; map --width \(width) --height \(height)")
                // The legend wraps to the width: the item may share a line with others.
                return t.out.text.split(separator: "\n").last { $0.contains("showing the middle") }.map(String.init)
            }
            let line = try XCTUnwrap(footer(height: 10), "width \(width): a 10-line map shows all")
            let words = line.split(separator: " ")
            let index = try XCTUnwrap(words.firstIndex(of: "--height"), line)
            let full = try XCTUnwrap(Int(words[index + 1]), line)  // safe: test input
            XCTAssertNil(footer(height: full), "width \(width): --height \(full) still shows only the middle")
            if full <= 500 {
                XCTAssertNotNil(footer(height: full - 1), "width \(width): --height \(full - 1) already shows all")
            }
        }
    }
}

/// `help COMMAND` fits a terminal narrower than 80 columns: its lines wrap to the terminal.
final class HelpWidthTests: XCTestCase {
    func testHelpFitsANarrowTerminal() {
        for width in [50, 64] {
            for command in ["nearby", "places load", "set", "tutorial", "locate"] {
                let t = TestShell(table: .standard, environment: ShellEnvironment(terminalWidth: width))
                t.run("help " + command)
                let wide = t.out.text.split(separator: "\n").filter { line in
                    // A word longer than the width may stand alone, and a command line shown
                    // as a display (six spaces in) stays whole, as the manual keeps it.
                    displayWidth(String(line)) > width && line.split(separator: " ").count > 1
                        && !line.hasPrefix("      ")
                }
                XCTAssertEqual(wide, [], "help \(command) at \(width) columns")
            }
        }
        let wide = TestShell(table: .standard)
        wide.run("help nearby")
        XCTAssertTrue(
            wide.out.text.split(separator: "\n").contains { displayWidth(String($0)) > 64 },
            "without a terminal, help keeps its 80 columns")
    }
}
