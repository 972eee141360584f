import XCTest

@testable import PlaceKit
@testable import PlaceStorage

/// An event's fields: a console line's `text` field is made only when asked for, and reads as
/// if it had been made with the event.
final class EventTests: XCTestCase {
    func testAConsoleLineHasItsTextAsItsField() {
        let line = Event.console("Location: <-33.86,+151.20>")
        XCTAssertEqual(line.name, "console")
        XCTAssertEqual(line.fields, [Value.Field("text", .string("Location: <-33.86,+151.20>"))])
        XCTAssertEqual(
            line, Event("console", text: line.text, fields: [Value.Field("text", .string(line.text))]),
            "the same event as one made with its field")
        XCTAssertNotEqual(line, Event("console", text: line.text), "an event without the field differs")
    }

    func testTheFieldKeepsTheTextItWasMadeWith() {
        var line = Event.console("first")
        line.text = "second"
        XCTAssertEqual(line.text, "second")
        XCTAssertEqual(line.fields, [Value.Field("text", .string("first"))])
        line.text = "third"
        XCTAssertEqual(line.fields, [Value.Field("text", .string("first"))])
    }

    func testFieldsSetReplaceTheTextField() {
        var line = Event.console("a line")
        line.fields.append(Value.Field("extra", .int(1)))
        XCTAssertEqual(line.fields, [Value.Field("text", .string("a line")), Value.Field("extra", .int(1))])
        line.fields = []
        XCTAssertEqual(line.fields, [])
        line.text = "another"
        XCTAssertEqual(line.fields, [])
    }
}
