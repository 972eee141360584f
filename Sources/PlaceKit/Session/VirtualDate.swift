import PlaceFormats

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

    /// The date `seconds` after the simulation's epoch.
    public init(clock seconds: Double) {
        // Whole microseconds first: epoch + seconds as one Double loses the last digits
        // (0.8 s would print as .799999).
        let micros = (seconds * 1_000_000).rounded()
        let whole = (micros / 1_000_000).rounded(.down)
        self.init(unixTime: SimulationChoices.epoch + whole)
        microsecond = Int(micros - whole * 1_000_000)
    }

    public init(unixTime t: Double) {
        let whole = t.rounded(.down)
        microsecond = Int(((t - whole) * 1_000_000).rounded(.down))
        var days = Int(whole) / 86_400
        var rest = Int(whole) % 86_400
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
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        let ampm = hour < 12 ? "AM" : "PM"
        return
            "\(month)/\(day)/\(two(year % 100)), \(h12):\(two(minute)):\(two(second)) \(ampm) Coordinated Universal Time"
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
