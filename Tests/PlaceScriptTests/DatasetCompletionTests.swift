import XCTest

@testable import PlaceScript

/// Place names complete with Tab after `places info` and `places remove`, escaped so the
/// completed word reads back as one name; an added place completes like a built-in one.
final class DatasetCompletionTests: XCTestCase {
    func shellWithAddedPlace(file: StaticString = #filePath, line: UInt = #line) -> TestShell {
        let t = TestShell(table: CommandTable.standard)
        let status = t.run(#"places add "Darling Test Harbour" -33.87 151.2"#)
        XCTAssertEqual(status, 0, "places add failed: \(t.err.text)", file: file, line: line)
        XCTAssertTrue(t.out.text.contains("added Darling Test Harbour as "), t.out.text, file: file, line: line)
        return t
    }

    func testNamesCompleteByPrefixEscaped() {
        let t = shellWithAddedPlace()
        let c = t.shell.complete("places info Darl")
        XCTAssertEqual(c.wordStart, Array("places info ".utf8).count)
        for name in [#"Darling\ Harbour"#, #"Darling\ Quarter"#, #"Darling\ Square"#, #"Darling\ Test\ Harbour"#] {
            XCTAssertTrue(c.candidates.contains(name), "\(name) missing from \(c.candidates)")
        }
        XCTAssertTrue(c.candidates.allSatisfy { $0.hasPrefix("Darl") }, "\(c.candidates)")
        XCTAssertFalse(
            c.candidates.contains { $0.contains(" ") && !$0.contains(#"\ "#) }, "spaces are escaped: \(c.candidates)")
        XCTAssertEqual(c.candidates.count, Set(c.candidates).count, "no duplicates: \(c.candidates)")
        XCTAssertEqual(lexWords(#"places info Darling\ Test\ Harbour"#), [["places", "info", "Darling Test Harbour"]])
    }

    /// A name with a line feed, an escape or a right-to-left override is not offered: Tab would
    /// put the character itself on the line being edited (a line feed ends the line).
    func testNamesWithControlCharactersAreNotOffered() {
        let t = TestShell(table: CommandTable.standard)
        XCTAssertEqual(
            t.run(
                #"places add "Forge\nerror: x" -33.87 151.2; places add "Forge\u{1b}[2J" -33.87 151.2; places add "Forge\u{202e}d" -33.87 151.2; places add "Forged plain" -33.87 151.2"#
            ), 0, t.err.text)
        XCTAssertEqual(t.shell.complete("places info Forg").candidates, [#"Forged\ plain"#])
    }

    func testAnEscapedSpaceNarrows() {
        let t = shellWithAddedPlace()
        let c = t.shell.complete(#"places info Darling\ H"#)
        XCTAssertEqual(c.wordStart, Array("places info ".utf8).count)
        XCTAssertEqual(c.candidates, [#"Darling\ Harbour"#])
        XCTAssertEqual(t.shell.complete(#"places info Darling\ T"#).candidates, [#"Darling\ Test\ Harbour"#])
        XCTAssertEqual(t.shell.complete("places info Zzzz").candidates, [])
    }

    func testRemoveCompletesToo() {
        let t = shellWithAddedPlace()
        XCTAssertEqual(t.shell.complete(#"places remove Darling\ T"#).candidates, [#"Darling\ Test\ Harbour"#])
        XCTAssertTrue(t.shell.complete("places remove Darl").candidates.contains(#"Darling\ Harbour"#))
    }

    func testSubcommandsComplete() {
        let t = TestShell(table: CommandTable.standard)
        XCTAssertEqual(
            t.shell.complete("places ").candidates.prefix(8).sorted(),
            ["add", "export", "find", "generate", "info", "load", "near", "remove"])
        XCTAssertEqual(t.shell.complete("places ne").candidates, ["near"])
        XCTAssertEqual(t.shell.complete("places fi").candidates, ["find"])
    }
}
