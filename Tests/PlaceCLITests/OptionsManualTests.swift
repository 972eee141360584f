import PlaceKit
import XCTest

@testable import PlaceCLI

/// The manual's OPTIONS section is made from the options' table: one entry per option, in the
/// table's order, each with its text, and the values an option takes named from the table.
final class OptionsManualTests: XCTestCase {
    private var items: [String] {
        manualOptionsSection.split(separator: "\n").filter { $0.hasPrefix(".It ") }.map(String.init)
    }

    func testEveryOptionHasItsEntryAndText() {
        XCTAssertEqual(items.count, CommandLineOption.table.count + 1, "one entry per option, and '--'")
        for option in CommandLineOption.table {
            XCTAssertFalse(option.manual.isEmpty, "\(option.names) has no manual text")
        }
        XCTAssertEqual(items.first, ".It Fl c Ar COMMANDS")
        XCTAssertTrue(items.contains(".It Fl h , Fl Fl help"), "\(items)")
        XCTAssertTrue(items.contains(".It Fl Fl flavor Ar FLAVOR"), "\(items)")
        XCTAssertEqual(items.last, ".It Fl Fl")
    }

    /// A value the table adds (a new flavour, a new language) is in the manual without a hand edit.
    func testTheChoicesAreTheTables() {
        for option in CommandLineOption.table where option.names == ["--flavor"] || option.names == ["--language"] {
            for choice in option.choices {
                XCTAssertTrue(option.manual.contains(".Cm \(choice)"), "\(option.names): \(choice) not in its text")
            }
        }
        XCTAssertEqual(manualWords(["a", "b", "c"]), ".Cm a ,\n.Cm b\nor\n.Cm c")
        XCTAssertEqual(manualWords(["a"]), ".Cm a")
    }
}
