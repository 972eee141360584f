import XCTest

@testable import PlaceFormats
@testable import PlaceKit

/// `formatNumber` and `formatFixed`: the text every number of the shell is shown with.
final class ValueFormattingTests: XCTestCase {
    func testFormatNumber() {
        XCTAssertEqual(formatNumber(15), "15")
        XCTAssertEqual(formatNumber(-0.0), "0")
        XCTAssertEqual(formatNumber(0), "0")
        XCTAssertEqual(formatNumber(-33.869405), "-33.869405")
        XCTAssertEqual(formatNumber(0.1 + 0.2), "0.30000000000000004", "shortest text that reads back the same")
        XCTAssertEqual(formatNumber(1e-6), "1e-06")
        XCTAssertEqual(formatNumber(1e20), "1e+20")
        XCTAssertEqual(formatNumber(999_999_999_999_999), "999999999999999")
        XCTAssertEqual(formatNumber(-42), "-42")
        XCTAssertEqual(formatNumber(.nan), "nan")
        XCTAssertEqual(formatNumber(.infinity), "inf")
        XCTAssertEqual(formatNumber(-.infinity), "-inf")
        for x in [0.1, -33.8688, 151.2093, 1e-300, 123456.789, Double.greatestFiniteMagnitude] {
            XCTAssertEqual(Double(formatNumber(x)), x, "\(x) reads back")
        }
    }

    func testFormatFixed() {
        XCTAssertEqual(formatFixed(1.005, decimals: 0), "1")
        XCTAssertEqual(formatFixed(2.5, decimals: 0), "3", "half away from zero")
        XCTAssertEqual(formatFixed(-2.5, decimals: 0), "-3")
        XCTAssertEqual(formatFixed(3.14159, decimals: 2), "3.14")
        XCTAssertEqual(formatFixed(0.125, decimals: 2), "0.13")
        XCTAssertEqual(formatFixed(-0.001, decimals: 2), "0.00", "no negative zero")
        XCTAssertEqual(formatFixed(7, decimals: 3), "7.000")
        XCTAssertEqual(formatFixed(0.05, decimals: 1), "0.1")
        XCTAssertEqual(formatFixed(-33.8688, decimals: 6), "-33.868800")
        XCTAssertEqual(formatFixed(.infinity, decimals: 2), "inf")
        XCTAssertEqual(formatFixed(1e20, decimals: 2), "1e+20", "too large for fixed digits")
    }

    func testValueKinds() {
        XCTAssertEqual(Value.int(3), .number(3, .none))
        XCTAssertEqual(Value.optional(nil), .null)
        XCTAssertEqual(Value.optional("x"), .string("x"))
        XCTAssertEqual(Value.number(5, .length).kindName, "a length")
        XCTAssertEqual(Value.number(5).kindName, "a number")
        XCTAssertEqual(Value.null.kindName, "nil")
        XCTAssertEqual(Dimension.speed.baseUnit, "m/s")
    }
}
