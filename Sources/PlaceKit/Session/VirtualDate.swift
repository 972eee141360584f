import PlaceFormats
import PlaceStorage

/// Dates on the virtual clock, formatted without Foundation (deterministic on every machine).
public struct VirtualDate: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Fraction of a second in microseconds.
    public var microsecond: Int

    /// The furthest a date goes either side of 1970, in seconds (about 3 million years); times
    /// beyond, and NaN, show as this bound rather than trap.
    public static let limit = 1e14

    /// The date `seconds` after the simulation's epoch.
    public init(clock seconds: Double) {
        // Whole microseconds first: epoch + seconds as one Double loses the last digits
        // (0.8 s would print as .799999).
        let scaled = seconds * 1_000_000
        if abs(scaled) < 4e15 {  // NaN fails it
            // A clock within about 126 years (every fix's, every clock line's): the same date in
            // integers, without four roundings by the maths library. The microseconds are whole
            // in a Double here, and rounded half away from zero as `rounded()` does; below
            // 2^32 seconds the division that `clockSlowly` rounds down is exact enough to give
            // the same whole seconds.
            var micros = Int64(scaled)  // safe: |scaled| < 4e15, checked above
            let rest = scaled - Double(micros)
            if rest >= 0.5 {
                micros += 1
            } else if rest <= -0.5 {
                micros -= 1
            }
            var whole = micros / 1_000_000
            var fraction = micros % 1_000_000
            if fraction < 0 {
                fraction += 1_000_000
                whole -= 1
            }
            self.init(unixSeconds: Int(whole) + Self.epochSeconds)  // safe: Int64 is Int here
            microsecond = Int(fraction)  // safe: 0…999,999
            return
        }
        self.init(clockSlowly: seconds)
    }

    /// `init(clock:)` through Doubles, for any clock (NaN and beyond the limit included).
    init(clockSlowly seconds: Double) {
        let bounded = seconds.isNaN ? 0 : min(Self.limit, max(-Self.limit, seconds))
        let micros = (bounded * 1_000_000).rounded()
        let whole = (micros / 1_000_000).rounded(.down)
        self.init(unixTime: SimulationChoices.epoch + whole)
        microsecond = clampedInt(micros - whole * 1_000_000, 0...999_999)
    }

    /// The epoch, a whole number of seconds.
    static let epochSeconds = Int(SimulationChoices.epoch)  // safe: a whole number of seconds, about 1.7e9

    public init(unixTime t: Double) {
        let t = t.isNaN ? 0 : min(Self.limit, max(-Self.limit, t))
        let whole = t.rounded(.down)
        // safe: 1e14 is a whole number that fits
        self.init(unixSeconds: clampedInt(whole, -Int(Self.limit)...Int(Self.limit)))
        microsecond = clampedInt(((t - whole) * 1_000_000).rounded(.down), 0...999_999)
    }

    /// The date `seconds` whole seconds after 1970 began (UTC), at no microseconds.
    init(unixSeconds seconds: Int) {
        microsecond = 0
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        hour = rest / 3600
        minute = rest % 3600 / 60
        second = rest % 60
        (year, month, day) = CivilDate.civilFromDays(days)
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `6/1/24, 9:00:01 AM Coordinated Universal Time` — what `CLLocation.description` shows in
    /// the en_US locale with the UTC time zone.
    public var localeDescription: String {
        // At most 2 + 1 + 2 + 1 + 4 + 2 + 2 + 1 + 2 + 1 + 2 + 30 bytes.
        TextWriter.string(capacity: 64) { text in
            writeLocaleDescription(to: &text)
        }
    }

    /// Writes `localeDescription`, without making a string of each part.
    public func writeLocaleDescription(to text: inout TextWriter) {
        func appendTwo(_ n: Int) {
            if n < 10 { text.append(byte: 0x30) }  // as `two`, a negative number included
            text.append(n)
        }
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        text.append(month)
        text.append("/")
        text.append(day)
        text.append("/")
        appendTwo(year % 100)
        text.append(", ")
        text.append(h12)
        text.append(":")
        appendTwo(minute)
        text.append(":")
        appendTwo(second)
        let suffix: StaticString = hour < 12 ? " AM Coordinated Universal Time" : " PM Coordinated Universal Time"
        text.append(suffix)
    }

    /// `2024-06-01 09:00:01.000000+0000`, as NSLog stamps its lines.
    public var logStamp: String {
        var micro = String(microsecond)
        while micro.count < 6 { micro = "0" + micro }
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second)).\(micro)+0000"
    }

    /// `2024-06-01T09:00:01Z` (ISO 8601), for JSON.
    public var iso8601: String {
        "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
    }
}
