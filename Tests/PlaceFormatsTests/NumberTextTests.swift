import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// `formatNumber`, `formatFixed` and `TextWriter`: the text every number of the shell is shown
/// with.
final class NumberTextTests: XCTestCase {
    /// A text longer than the capacity its writer was given is written whole, never cut: the
    /// writer notices that a piece did not fit (a byte, a literal, short and long digits), and
    /// `string(capacity:_:)` writes the text again into a buffer large enough.
    func testATextLongerThanItsCapacityIsWrittenWholeNeverCut() {
        let pieces = String(repeating: "place ", count: 40) + "12 1234567890123 -33.8688"
        var calls = 0
        let written = TextWriter.string(capacity: 8) { text in
            calls += 1
            for _ in 0..<40 { text.append("place ") }
            text.append(digits: 12, width: 2)
            text.append(byte: 0x20)
            text.append(digits: 1_234_567_890_123, width: 1)
            text.append(byte: 0x20)
            text.append(number: -33.8688)
        }
        XCTAssertEqual(written, pieces)
        XCTAssertGreaterThan(calls, 1, "the first buffer was too small: the text was written again")
        XCTAssertEqual(TextWriter.string(capacity: 64) { $0.append("fits") }, "fits")

        for piece in 0..<4 {
            var buffer = [UInt8](repeating: 0, count: 4)
            let overflowed = buffer.withUnsafeMutableBufferPointer { bytes -> Bool in
                var text = TextWriter(bytes)
                text.append("abc")
                switch piece {
                case 0:
                    text.append(byte: 0x64)
                    text.append(byte: 0x65)
                case 1: text.append("de")
                case 2: text.append(digits: 42, width: 2)
                default: text.append(digits: 123_456, width: 1)
                }
                return text.overflowed
            }
            XCTAssertTrue(overflowed, "piece \(piece)")
        }
    }

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

    /// A number of up to seven decimals is written from its ten-millionths, without
    /// `Double.description`: the same text as the description (and `append(number:)` the same
    /// as `formatNumber`) for coordinates, clocks, the bounds of the short path (1e-4, 2^20) and
    /// around them, numbers one ulp off a decimal, and random doubles of every size.
    func testNumbersOfFewDecimalsAreTheirShortestText() {
        var rng = SeededRandom(seed: 17)
        var values: [Double] = [1e-4, -1e-4, 1e-4.nextDown, 1e-4.nextUp, 0.0001234, 0.5, 4.8, 9.3, 0.1, 0.7]
        values += [1_048_575.5, 1_048_575.9999999, 1_048_576.5, -1_048_575.25, 999_999.9999999, 100_000.1]
        values += [-25.0003656, 134.0003474, -33.8688, 151.2093, 0.1 + 0.2, 1.0000001, 2.9999999]
        // Whole numbers, written without a fraction (from 1e15, with an exponent).
        values += [0, -0.0, 5, -5, 100, 999_999_999_999_999, -999_999_999_999_999, 1e15, -1e15, 1e16, 2e300]
        // Below 1e-4 the description writes an exponent: `1.23e-05`.
        values += [0.00001, 0.0000123, 0.0000999, -0.00005, 0.0000001, 0.0000010]
        for _ in 0..<20_000 {
            // A random count of ten-millionths (or hundred-millionths, mostly not short) in range.
            let k = Int64(bitPattern: rng.next()) % 10_485_760_000_000
            values.append(Double(k) / 1e7)
            values.append(Double(k / 1000) / 1e4)
            values.append(Double(k) / 1e8)
            values.append((Double(k) / 1e7).nextUp)
            values.append(Double(bitPattern: rng.next()))
            values.append(rng.unit() * 360 - 180)
        }
        assertWrittenAsTheDescription(values)
    }

    /// `formatNumber(x)` and `append(number: x)` are `x.description`, for each of `values` that
    /// is not whole (a whole one is written without a fraction) or NaN.
    private func assertWrittenAsTheDescription(_ values: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for x in values {
            let expected = x.isNaN || x == x.rounded() ? formatNumber(x) : x.description
            XCTAssertEqual(formatNumber(x), expected, "\(x)", file: file, line: line)
            let written = String(unsafeUninitializedCapacity: 64) { buffer in
                var text = TextWriter(buffer)
                text.append(number: x)
                return text.count
            }
            XCTAssertEqual(written, expected, "\(x) written", file: file, line: line)
        }
    }

    /// A number of more decimals, from 1 up to 2^20, is written from its shortest digits found
    /// in integers (`shortestDecimal`), without `Double.description`: the same text as the
    /// description, from `formatNumber` and `append(number:)` alike, for coordinates written in
    /// full, every significand in range, numbers next to the range's ends and to powers of ten,
    /// and the doubles either side of short decimals.
    func testNumbersOfManyDecimalsAreTheirShortestText() {
        var rng = SeededRandom(seed: 23)
        var values: [Double] = [
            -23.141963873344753, 135.14915593676346, 0.1 + 0.2 + 1, 1.0000000000000002, 1.nextUp, 2.nextDown,
            9.999999999999998, 10.000000000000002, 99.99999999999999, 1_048_575.9999999999, 1_048_576.nextDown,
            1.5.nextUp, 123456.78901234567, 33.86940500000001, 151.19900000000001,
        ]
        for _ in 0..<40_000 {
            // A coordinate written in full, of every length.
            let coordinate = rng.unit() * 360 - 180
            values.append(coordinate)
            // Every significand, at every exponent of the range.
            let exponent = UInt64(1023 + Int(rng.next() % 20))  // safe: 1023…1042
            values.append(Double(bitPattern: exponent << 52 | rng.next() >> 12))
            // Either side of a decimal of 8 to 15 places.
            let places = 8 + Int(rng.next() % 8)
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            let decimal = (rng.unit() * 1000).rounded(.down) + (rng.unit() * scale).rounded() / scale
            values += [decimal, decimal.nextUp, decimal.nextDown, -decimal]
        }
        assertWrittenAsTheDescription(values)
        let short = values.filter { TextWriter.tenMillionths($0) == nil && TextWriter.shortestDecimal($0) != nil }
        XCTAssertGreaterThan(short.count, 100_000, "most of them by the integer path")
    }

    /// `append(digits:width:)` writes `String(v)`, padded with zeros on the left to `width`:
    /// at zero, either side of every power of ten, at the largest value, and at random, with
    /// widths below, at and above the digits' count.
    func testDigitsAreTheDecimalTextPadded() {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        var rng = SeededRandom(seed: 29)
        for _ in 0..<20_000 { values += [rng.next(), rng.next() >> (rng.next() % 64)] }
        for v in values {
            for width in [0, 1, 2, 7, 15, 20, 22] {
                let written = String(unsafeUninitializedCapacity: 32) { buffer in
                    var text = TextWriter(buffer)
                    text.append(byte: 0x3C)
                    text.append(digits: v, width: width)
                    text.append(byte: 0x3E)
                    return text.count
                }
                let digits = String(v)
                let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
                XCTAssertEqual(written, "<" + padded + ">", "\(v), width \(width)")
            }
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

    /// `formatFixed` writes its digits into a buffer: the same text as joining the integer and
    /// fraction parts as strings, for every number of decimals and across magnitudes and signs.
    func testFormatFixedAgreesWithJoinedParts() {
        func joined(_ x: Double, _ decimals: Int) -> String {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let scaled = (abs(x) * scale).rounded(.toNearestOrAwayFromZero)
            guard scaled < 9e15 else { return formatNumber(x) }
            let whole = UInt64(scaled)
            var text = String(whole / UInt64(scale))
            if decimals > 0 {
                var fraction = String(whole % UInt64(scale))
                while fraction.count < decimals { fraction = "0" + fraction }
                text += "." + fraction
            }
            return (x < 0 && whole != 0 ? "-" : "") + text
        }
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1e-9, -1e-9, 9e14, -33.869405, 151.199, 4.999_999_999, 1e15, -1e15]
        var state: UInt64 = 42
        func next() -> Double {  // a fixed sequence in 0..<1
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<2_000 { values.append((next() * 2 - 1) * pow(10, next() * 24 - 9)) }
        for x in values {
            for decimals in 0...8 {
                XCTAssertEqual(formatFixed(x, decimals: decimals), joined(x, decimals), "\(x), \(decimals) decimals")
            }
        }
    }
}
