import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

final class NumbersTests: XCTestCase {
    func quantity(_ text: String) -> Quantity? {
        if case .success(let q) = parseQuantity(text) { return q }
        return nil
    }

    func testPlainNumbers() {
        XCTAssertEqual(quantity("15"), Quantity(15, .none))
        XCTAssertEqual(quantity("-33.8688"), Quantity(-33.8688, .none))
        XCTAssertEqual(quantity("+2"), Quantity(2, .none))
        XCTAssertEqual(quantity(".5"), Quantity(0.5, .none))
        XCTAssertEqual(quantity("5."), Quantity(5, .none))
        XCTAssertEqual(quantity("1e-6"), Quantity(1e-6, .none))
        XCTAssertEqual(quantity("2E3"), Quantity(2000, .none))
        XCTAssertEqual(quantity("99999999999999999999"), Quantity(1e20, .none))
    }

    /// Up to 19 digits are read without strtod (`exactDecimal`), bit for bit as it reads them,
    /// the sign, a unit and the longer numbers strtod still reads included.
    func testLongDecimalsMatchTheStandardLibrary() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...21, using: &rng)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            digits.insert(".", at: digits.index(digits.startIndex, offsetBy: Int.random(in: 0...count, using: &rng)))
            let sign = ["", "-", "+"][Int.random(in: 0...2, using: &rng)]
            guard let expected = Double(sign + digits) else { continue }
            XCTAssertEqual(quantity(sign + digits)?.value.bitPattern, expected.bitPattern, sign + digits)
            XCTAssertEqual(quantity(sign + digits + "m"), Quantity(expected, .length), sign + digits + "m")
        }
        XCTAssertEqual(quantity("-23.141963873344753")?.value.bitPattern, (-23.141963873344753).bitPattern)
    }

    func testUnits() {
        XCTAssertEqual(quantity("50m"), Quantity(50, .length))
        XCTAssertEqual(quantity("2.5km"), Quantity(2500, .length))
        XCTAssertEqual(quantity("1.5s"), Quantity(1.5, .duration))
        XCTAssertEqual(quantity("200ms")?.value ?? 0, 0.2, accuracy: 1e-12)
        XCTAssertEqual(quantity("3min"), Quantity(180, .duration))
        XCTAssertEqual(quantity("2h"), Quantity(7200, .duration))
        XCTAssertEqual(quantity("20m/s"), Quantity(20, .speed))
        XCTAssertEqual(quantity("36km/h")?.value ?? 0, 10, accuracy: 1e-9)
        XCTAssertEqual(quantity("90deg"), Quantity(90, .angle))
        XCTAssertEqual(quantity("1mi"), Quantity(1609.344, .length))
        XCTAssertEqual(quantity("1e3m"), Quantity(1000, .length), "an exponent before a unit")
    }

    func testNotNumbers() {
        for text in ["", "-", ".", "e5", "abc", "nan", "inf", "0x10", "--1", "1.2.3"] {
            switch parseQuantity(text) {
            case .failure(.notANumber), .failure(.unknownUnit): break
            default: XCTFail("'\(text)' should not be a number")
            }
        }
        XCTAssertEqual(parseQuantity("5parsec").failureValue, .unknownUnit("parsec", offset: 1))
        XCTAssertEqual(parseQuantity("12e").failureValue, .unknownUnit("e", offset: 2), "'e' without digits is a unit")
        XCTAssertEqual(parseQuantity("5 m").failureValue, .unknownUnit(" m", offset: 1))
    }

    func testOutOfRange() {
        XCTAssertEqual(parseQuantity("1e309").failureValue, .outOfRange)
        XCTAssertEqual(parseQuantity("-1e400").failureValue, .outOfRange)
        XCTAssertEqual(parseQuantity("1e308km").failureValue, .outOfRange, "finite number, infinite once scaled")
        XCTAssertEqual(quantity("1e-400"), Quantity(0, .none), "underflow is zero, not an error")
    }

    func testIntegers() {
        XCTAssertEqual(try parseInteger("42").get(), 42)
        XCTAssertEqual(try parseInteger("-7").get(), -7)
        XCTAssertEqual(try parseInteger("+7").get(), 7)
        XCTAssertEqual(try parseInteger("9223372036854775807").get(), Int.max)
        XCTAssertEqual(parseInteger("9223372036854775808").failureValue, .outOfRange)
        XCTAssertEqual(parseInteger("99999999999999999999").failureValue, .outOfRange)
        XCTAssertEqual(parseInteger("1.5").failureValue, .notANumber)
        XCTAssertEqual(parseInteger("").failureValue, .notANumber)
        XCTAssertEqual(parseInteger("-").failureValue, .notANumber)
        XCTAssertEqual(parseInteger("١٢").failureValue, .notANumber, "only ASCII digits")
    }

    func testFormatQuantity() {
        XCTAssertEqual(formatQuantity(50, .length), "50m")
        XCTAssertEqual(formatQuantity(1.5, .duration), "1.5s")
        XCTAssertEqual(formatQuantity(-33.8688, .none), "-33.8688")
        XCTAssertEqual(formatQuantity(3, .speed), "3m/s")
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
