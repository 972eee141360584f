import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

final class ExpectTests: XCTestCase {
    /// Runs `expect EXPR` in a fresh shell: nil when it passed, else the diagnostic.
    func failure(_ expression: String, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        let t = TestShell()
        let source = SourceText(name: "t", text: "expect " + expression)
        switch t.shell.parse(source) {
        case .failure(let errors): return errors.items.first
        case .success(let invocations):
            guard case .expectation(let e)? = invocations.first?.args.first??.value else {
                XCTFail("no expectation", file: file, line: line)
                return nil
            }
            switch t.shell.check(e, at: invocations[0].location) {
            case .passed: return nil
            case .failed(let d): return d
            }
        }
    }

    func passes(_ expression: String, file: StaticString = #filePath, line: UInt = #line) {
        if let d = failure(expression) {
            XCTFail("'\(expression)' failed: \(d.message) \(d.notes)", file: file, line: line)
        }
    }

    func fails(
        _ expression: String, _ message: String? = nil, notes: [String]? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard let d = failure(expression) else { return XCTFail("'\(expression)' passed", file: file, line: line) }
        if let message { XCTAssertEqual(d.message, message, file: file, line: line) }
        if let notes { XCTAssertEqual(d.notes, notes, file: file, line: line) }
    }

    func testEquality() {
        passes("camera.zoom == 15")
        passes("camera.zoom != 16")
        passes("camera.target == \"Sydney\"")
        passes("markers[1].title == 'Café Morso'")
        passes("markers[2].snippet == nil")
        passes("location == nil")
        passes("location.latitude == nil")
        passes("distance == 1.5km")
        passes("distance == 1500")
        fails(
            "camera.zoom == 15.0000001", "expectation failed: camera.zoom == 15.0000001",
            notes: ["expected: 15.0000001", "actual:   15"])
        // Values of two kinds never compare: an error before the script runs.
        fails("camera.target == 15", "'camera.target' is text, but 15 is a number: they are never equal")
        fails("camera.target != 15", "'camera.target' is text, but 15 is a number: they are never equal")
        fails("markers[2].snippet != nil", notes: ["expected: not nil", "actual:   nil"])
    }

    func testOrdering() {
        passes("camera.zoom < 16")
        passes("camera.zoom <= 15")
        passes("camera.zoom > 14.5")
        passes("camera.zoom >= 15")
        passes("distance < 2km")
        fails("camera.zoom > 15", notes: ["expected: > 15", "actual:   15"])
        fails("camera.target < 3", "'<' compares numbers; 'camera.target' is text")
    }

    func testApproximately() {
        passes("camera.zoom ~= 15.0000005")
        passes("camera.zoom ~= 14.5 within 0.5")
        passes("camera.zoom == 14.5 within 0.5")
        passes("distance ~= 1.4km within 100m")
        passes("distance ~= 1400 within 100m")  // a bare number takes the path's unit
        XCTAssertEqual(
            failure("camera.zoom ~= 15 within 5m")?.message.hasSuffix(
                "the tolerance is a length but the value is a plain number"), true)
        XCTAssertEqual(
            failure("distance ~= 5s within 5m")?.message, "the tolerance is a length but the value is a duration",
            "a literal's unit is known before the script runs")
        fails("camera.zoom ~= 15.00001", notes: ["expected: 15.00001 ± 1e-06", "actual:   15", "off by 1e-05"])
        fails("camera.zoom ~= 14 within 0.5", notes: ["expected: 14 ± 0.5", "actual:   15", "off by 1"])
        fails("camera.target ~= 1", "'~=' compares numbers; 'camera.target' is text")
    }

    func testDifferencesAreRounded() {
        XCTAssertEqual(formatDifference(15.00001 - 15), "1e-05")
        XCTAssertEqual(formatDifference(0.30000000000000004), "0.3")
        XCTAssertEqual(formatDifference(2), "2")
        XCTAssertEqual(formatDifference(123456.7), "123456.7")
        XCTAssertEqual(formatDifference(1e300), "1e+300")
        XCTAssertEqual(formatDifference(0), "0")
    }

    func testDimensions() {
        // Known from the schema, the path's unit makes a mismatch an error before the script runs.
        fails("distance == 5s", "cannot compare a length with a duration: 'distance' is a length")
        fails("camera.bearing < 1km", "cannot compare an angle with a length: 'camera.bearing' is an angle")
        fails("camera.zoom == 15m", "'camera.zoom' is a plain number, but 15m is a length")
        fails("5s == 5km", "cannot compare a duration with a length in '5s == 5km'")
        passes("camera.bearing == 30")
        passes("camera.bearing == 30deg")
    }

    func testContainsAndMatches() {
        passes("log contains \"Location status is OK.\"")
        passes("log contains \"quota\"")
        passes("log !contains \"denied\"")
        passes("camera.target contains \"Syd\"")
        passes("markers[1].title matches '^Caf.'")
        passes("log matches 'error: [a-z]+$'")
        passes("log !matches '^Fatal'")
        // A nil path matches only nil, whatever the operator.
        fails(
            "location.latitude != 5",
            "expectation failed: location.latitude != 5: location.latitude is nil (no app is running)")
        fails("location !contains \"x\"", "'!contains' looks in text or a list; 'location' is a record")
        fails(
            "log contains \"denied\"",
            notes: [
                "expected: containing \"denied\"",
                "actual:   [\"Location status is OK.\", \"Current Place error: quota\"]",
            ])
        fails("camera.zoom contains \"1\"", "'contains' looks in text or a list; 'camera.zoom' is a number")
        fails("camera.target contains 1", "'camera.target' is text, but 1 is a number: they are never comparable")
    }

    func testBareBooleans() {
        passes("true")
        fails("false", "expectation failed: false", notes: ["actual:   false"])
        fails("nil", "expectation failed: nil")
        fails(
            "camera.zoom",
            "'camera.zoom' is a number, not a boolean: 'expect camera.zoom' alone checks that a boolean is true")
    }

    func testPathErrorsAtRunTime() {
        fails("markers[3].title == nil", "'markers' has 2 items; [3] is out of range")
        fails("camera.zom == 1", "'camera' has no member 'zom'")
        XCTAssertEqual(failure("camera.zom == 1")?.help, "did you mean 'zoom'?")
    }

    func testSyntaxErrors() {
        XCTAssertEqual(failure("camera.zoom = 15")?.message, "expected an operator, found '='")
        XCTAssertEqual(failure("camera.zoom = 15")?.help, "did you mean '=='?")
        XCTAssertEqual(failure("camera.zoom ==")?.message, "'==' needs a value on its right")
        XCTAssertNil(failure("camera.zoom == 14 within 2"), "'== … within' is '~='")
        XCTAssertEqual(failure("camera.zoom < 1 within 2")?.message, "'within' applies to '~=' only")
        XCTAssertEqual(failure("camera.zoom ~= 1 within")?.message, "'within' needs a tolerance")
        XCTAssertEqual(
            failure("camera.zoom ~= 1 within x")?.message,
            "'x' is not a tolerance (a number not below 0, optionally with a unit)")
        XCTAssertEqual(failure("camera.zoom ~= 1 within 1 2")?.message, "unexpected '2' after the tolerance")
        XCTAssertEqual(failure("camera.zoom == 1 extra")?.message, "unexpected 'extra' after the expectation")
        XCTAssertEqual(failure("cmera.zoom == 1")?.message, "no state path 'cmera'")
        XCTAssertTrue(failure("cmera.zoom == 1")?.help?.contains("did you mean 'camera'?") == true)
        XCTAssertTrue(failure("cmera.zoom == 1")?.help?.contains("quote it: \"cmera.zoom\"") == true)
        XCTAssertEqual(failure("camera.target == Sydney")?.message, "no state path 'Sydney'")
        XCTAssertEqual(
            failure("log matches '(('")?.message, "'((' is not a valid regular expression: a '(' without its ')'")
        XCTAssertEqual(failure("camera.zoom == 1e309")?.message, "number '1e309' is out of range")
        XCTAssertEqual(failure("camera.zoom == 5xyz")?.message, "unknown unit 'xyz' in '5xyz'")
        XCTAssertEqual(failure("camera.zoom == 5xyz")?.location?.column, 24)
        XCTAssertEqual(failure("camera..zoom == 1")?.location?.column, 15)
    }

    func testJSONErrorObject() {
        guard let d = failure("camera.zoom == 16") else { return XCTFail() }
        XCTAssertEqual(
            jsonText(d.jsonObject),
            #"{"message":"expectation failed: camera.zoom == 16","file":"t","line":1,"column":1,"path":"camera.zoom","operator":"==","expected":16,"actual":15,"expectedText":"16","actualText":"15"}"#
        )
        // "expected" is the value compared with; the text says what was wanted: "not nil".
        guard let n = failure("location != nil") else { return XCTFail() }
        XCTAssertEqual(
            jsonText(n.jsonObject),
            #"{"message":"expectation failed: location != nil","file":"t","line":1,"column":1,"path":"location","operator":"!=","expected":null,"actual":null,"expectedText":"not nil","actualText":"nil"}"#
        )
    }

    func testFormatLiteral() {
        XCTAssertEqual(formatLiteral(.null), "nil")
        XCTAssertEqual(formatLiteral(.bool(true)), "true")
        XCTAssertEqual(formatLiteral(.number(50, .length)), "50m")
        XCTAssertEqual(formatLiteral(.string("a\"b\\c\n$")), #""a\"b\\c\n\$""#)
        XCTAssertEqual(formatLiteral(.string("\u{1}")), #""\u{1}""#)
        XCTAssertEqual(formatLiteral(.list((1...10).map { .int($0) })), "[1, 2, 3, 4, 5, 6, 7, 8, … 2 more]")
        XCTAssertEqual(formatLiteral(.record([Value.Field("a", .int(1))])), "{a: 1}")
    }
}
