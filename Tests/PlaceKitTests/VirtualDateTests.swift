import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// Dates on the virtual clock: the epoch, the civil calendar and the three formats.
final class VirtualDateTests: XCTestCase {
    private func date(_ d: VirtualDate) -> [Int] { [d.year, d.month, d.day, d.hour, d.minute, d.second] }

    func testEpoch() {
        XCTAssertEqual(SimulationChoices.epoch, 1_717_232_400)
        let zero = VirtualDate(clock: 0)
        XCTAssertEqual(date(zero), [2024, 6, 1, 9, 0, 0])
        XCTAssertEqual(zero.microsecond, 0)
        XCTAssertEqual(date(VirtualDate(unixTime: 0)), [1970, 1, 1, 0, 0, 0])
    }

    func testLeapYears() {
        XCTAssertEqual(date(VirtualDate(unixTime: 1_709_164_800)), [2024, 2, 29, 0, 0, 0])
        XCTAssertEqual(date(VirtualDate(unixTime: 1_709_164_800 + 86_400)), [2024, 3, 1, 0, 0, 0])
        XCTAssertEqual(date(VirtualDate(unixTime: 951_825_600)), [2000, 2, 29, 12, 0, 0], "2000 is a leap year")
        XCTAssertEqual(date(VirtualDate(unixTime: 4_107_542_399)), [2100, 2, 28, 23, 59, 59])
        XCTAssertEqual(date(VirtualDate(unixTime: 4_107_542_400)), [2100, 3, 1, 0, 0, 0], "2100 is not")
        XCTAssertEqual(date(VirtualDate(unixTime: 1_677_628_800)), [2023, 3, 1, 0, 0, 0], "2023 has no 29 February")
        XCTAssertEqual(date(VirtualDate(unixTime: 1_735_689_599)), [2024, 12, 31, 23, 59, 59])
        XCTAssertEqual(date(VirtualDate(unixTime: 1_735_689_600)), [2025, 1, 1, 0, 0, 0])
        XCTAssertEqual(date(VirtualDate(unixTime: -1)), [1969, 12, 31, 23, 59, 59])
        XCTAssertEqual(date(VirtualDate(unixTime: -2_203_977_600)), [1900, 2, 28, 0, 0, 0])
        XCTAssertEqual(date(VirtualDate(unixTime: -2_203_977_600 + 86_400)), [1900, 3, 1, 0, 0, 0])
    }

    func testLocaleDescription() {
        XCTAssertEqual(VirtualDate(clock: 0).localeDescription, "6/1/24, 9:00:00 AM Coordinated Universal Time")
        XCTAssertEqual(VirtualDate(clock: 1.4).localeDescription, "6/1/24, 9:00:01 AM Coordinated Universal Time")
        XCTAssertEqual(VirtualDate(clock: 3 * 3600).localeDescription, "6/1/24, 12:00:00 PM Coordinated Universal Time")
        XCTAssertEqual(
            VirtualDate(clock: 4 * 3600 + 5 * 60 + 9).localeDescription, "6/1/24, 1:05:09 PM Coordinated Universal Time"
        )
        XCTAssertEqual(
            VirtualDate(clock: 15 * 3600).localeDescription, "6/2/24, 12:00:00 AM Coordinated Universal Time")
        XCTAssertEqual(
            VirtualDate(clock: 15 * 3600 + 59.999).localeDescription, "6/2/24, 12:00:59 AM Coordinated Universal Time",
            "seconds are truncated, not rounded")
        XCTAssertEqual(
            VirtualDate(unixTime: 1_735_689_599).localeDescription, "12/31/24, 11:59:59 PM Coordinated Universal Time")
        XCTAssertEqual(
            VirtualDate(unixTime: 1_262_304_000).localeDescription, "1/1/10, 12:00:00 AM Coordinated Universal Time")
    }

    func testLogStampHasWholeMicroseconds() {
        XCTAssertEqual(VirtualDate(clock: 0).logStamp, "2024-06-01 09:00:00.000000+0000")
        XCTAssertEqual(VirtualDate(clock: 0.4).logStamp, "2024-06-01 09:00:00.400000+0000")
        XCTAssertEqual(VirtualDate(clock: 1.8).logStamp, "2024-06-01 09:00:01.800000+0000")
        XCTAssertEqual(VirtualDate(clock: 0.000001).logStamp, "2024-06-01 09:00:00.000001+0000")
        XCTAssertEqual(VirtualDate(clock: 0.123456).logStamp, "2024-06-01 09:00:00.123456+0000")
        XCTAssertEqual(VirtualDate(clock: 86_400 * 40 + 0.05).logStamp, "2024-07-11 09:00:00.050000+0000")
        // Every microsecond on the clock prints as itself.
        for micros in stride(from: 0, to: 3_000_000, by: 7919) {
            let stamp = VirtualDate(clock: Double(micros) / 1_000_000).logStamp
            var fraction = String(micros % 1_000_000)
            while fraction.count < 6 { fraction = "0" + fraction }
            XCTAssertEqual(stamp, "2024-06-01 09:00:0\(micros / 1_000_000).\(fraction)+0000")
        }
    }

    func testISO8601() {
        XCTAssertEqual(VirtualDate(clock: 0).iso8601, "2024-06-01T09:00:00Z")
        XCTAssertEqual(VirtualDate(clock: 3661.9).iso8601, "2024-06-01T10:01:01Z")
        XCTAssertEqual(VirtualDate(unixTime: 1_709_164_800).iso8601, "2024-02-29T00:00:00Z")
    }

    /// The locale description, built piece by piece, is the same as written out whole, at
    /// the bounds of the clock too (a negative year's two digits included).
    func testLocaleDescriptionPieceByPiece() {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clocks: [Double] = [0, 1, 59.5, 54_000, 34_560_007, -1e14, 1e14, -5e10, .nan, -2_347_952_400]
        for clock in clocks {
            let d = VirtualDate(clock: clock)
            let h12 = d.hour % 12 == 0 ? 12 : d.hour % 12
            let ampm = d.hour < 12 ? "AM" : "PM"
            let time = "\(h12):\(two(d.minute)):\(two(d.second)) \(ampm)"
            let whole = "\(d.month)/\(d.day)/\(two(d.year % 100)), \(time) Coordinated Universal Time"
            XCTAssertEqual(d.localeDescription, whole, "\(clock)")
        }
    }

    /// A clock within about 126 years is dated in integers: the same date, to the microsecond,
    /// as through Doubles, at whole seconds and microseconds, their halves and the doubles
    /// around them, at random, negative, and at the ends of the integer range and past them.
    func testTheClockDatedInIntegersIsTheClockDatedThroughDoubles() {
        var values: [Double] = [0, -0.0, 0.8, 0.0000005, -0.0000005, 0.0000015, 1.5, 59.9999995, 86_399.9999995]
        values += [3_999_999_999.9999995, 4e9, 4e9.nextDown, 4e9.nextUp, -4e9, 4.1e9, 1e14, -1e15, .nan, .infinity]
        var rng = SeededRandom(seed: 43)
        for _ in 0..<50_000 {
            let x = rng.unit() * 4e9
            let micros = Double(rng.next() % 4_000_000_000_000_000) + 0.5
            values += [x, -x, x.nextUp, micros / 1_000_000, (micros / 1_000_000).nextDown, rng.unit() * 1_000]
        }
        for x in values {
            XCTAssertEqual(VirtualDate(clock: x), VirtualDate(clockSlowly: x), "\(x)")
        }
    }
}
