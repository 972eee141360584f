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
