import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceFormats

/// `exactDecimal`: mantissa / 10^k rounded once, to nearest, ties to even, bit for bit the Double
/// the standard library (strtod) reads from the same decimal text, on both of its paths (up to
/// 2^53, and the 16- to 19-digit mantissas divided in integers), at the exact halfway points
/// between two Doubles, and at the edges of what it takes.
final class ExactDecimalTests: XCTestCase {
    /// The decimal text of `mantissa` with `fractionDigits` of its digits after the point.
    private func text(_ mantissa: UInt64, _ fractionDigits: Int) -> String {
        var digits = String(mantissa)
        if fractionDigits == 0 { return digits }
        if digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
        }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits))
        return digits
    }

    private func check(_ mantissa: UInt64, _ fractionDigits: Int, file: StaticString = #filePath, line: UInt = #line) {
        let decimal = text(mantissa, fractionDigits)
        XCTAssertEqual(
            exactDecimal(mantissa, fractionDigits: fractionDigits)?.bitPattern, Double(decimal)?.bitPattern, decimal,
            file: file, line: line)
    }

    func testRandomMantissasOfEveryLengthMatchTheStandardLibrary() {
        var rng = SeededRandom(seed: 2026)
        for _ in 0..<200_000 {
            let count = Int.random(in: 1...19, using: &rng)
            var mantissa: UInt64 = 0
            for _ in 0..<count { mantissa = mantissa * 10 + UInt64.random(in: 0...9, using: &rng) }
            check(mantissa, Int.random(in: 0...19, using: &rng))
        }
        // Across 2^53, where the paths meet, and at the top of what 19 digits and a UInt64 hold.
        let edges: [UInt64] = [
            0, 1, (1 << 53) - 1, 1 << 53, (1 << 53) + 1, (1 << 53) + 2, (1 << 54) - 1, 1 << 54,
            9_999_999_999_999_999_999, 10_000_000_000_000_000_000, .max,
        ]
        for mantissa in edges {
            for k in 0...19 { check(mantissa, k) }
        }
    }

    func testHalfwayPointsRoundToEven() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<20_000 {
            // Between 2^53 and 2^54 the Doubles are 2 apart: an odd integer is halfway.
            let odd = (UInt64(1) << 53) + 2 * UInt64.random(in: 0..<(1 << 52), using: &rng) + 1
            check(odd, 0)
            check(odd * 10, 1)
            check(odd * 100, 2)
            // Between 2^52 and 2^53 they are 1 apart: n + 0.5 is halfway (17 or 18 digits).
            let n = (UInt64(1) << 52) + UInt64.random(in: 0..<(1 << 52), using: &rng)
            check(n * 10 + 5, 1)
            // Between 2^51 and 2^52, half apart: n + 0.25 and n + 0.75.
            let m = (UInt64(1) << 51) + UInt64.random(in: 0..<(1 << 51), using: &rng)
            check(m * 100 + 25, 2)
            check(m * 100 + 75, 2)
            // Just above and below a halfway point: the remainder alone decides.
            check(odd * 1_000 + 1, 3)
            check(odd * 1_000 - 1, 3)
        }
        XCTAssertEqual(exactDecimal(9_007_199_254_740_993, fractionDigits: 0), 9_007_199_254_740_992)
        XCTAssertEqual(exactDecimal(9_007_199_254_740_995, fractionDigits: 0), 9_007_199_254_740_996)
        XCTAssertEqual(exactDecimal(45_035_996_273_704_965, fractionDigits: 1), 4_503_599_627_370_496)
        XCTAssertEqual(exactDecimal(45_035_996_273_704_975, fractionDigits: 1), 4_503_599_627_370_498)
        XCTAssertEqual(exactDecimal(23_141_963_873_344_753, fractionDigits: 15), 23.141963873344753)
    }

    func testOnlyZeroToNineteenDigitsAfterThePoint() {
        XCTAssertNil(exactDecimal(1, fractionDigits: -1))
        XCTAssertNil(exactDecimal(1, fractionDigits: 20))
        XCTAssertEqual(exactDecimal(0, fractionDigits: 19), 0)
        XCTAssertEqual(exactDecimal(1, fractionDigits: 19), 1e-19)
    }
}
