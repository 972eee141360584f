/// One point of a GPX file, in file order.
public struct GPXPoint: Sendable, Equatable {
    /// Degrees north, −90…90 (points outside are skipped, never clamped).
    public var latitude: Double
    /// Degrees east, −180…180.
    public var longitude: Double
    /// Seconds since 1970-01-01T00:00:00Z, when the point has a usable <time>.
    public var time: Double?
    /// Metres, from `<ele>`.
    public var elevation: Double?
    /// The point's own `<name>` (Xcode names its waypoints), white space trimmed.
    public var name: String?

    /// A point; only the position is required.
    public init(latitude: Double, longitude: Double, time: Double? = nil, elevation: Double? = nil, name: String? = nil)
    {
        self.latitude = latitude
        self.longitude = longitude
        self.time = time
        self.elevation = elevation
        self.name = name
    }
}

/// What a GPX file holds, and what was odd about it.
public struct GPXTrack: Sendable, Equatable {
    /// "1.0" or "1.1" (or what the file says)
    public var version: String
    /// First <name> of the chosen route/track/metadata.
    public var name: String?
    /// Which element the points came from.
    public var kind: Kind
    /// The points, in file order; the times present never decrease.
    public var points: [GPXPoint]
    /// Each odd case met, in words a person reads.
    public var warnings: [String]

    /// Which GPX element the points were read from.
    public enum Kind: String, Sendable { case waypoints, route, track }

    /// A track from its parts (for tests and for callers that build one by hand).
    public init(version: String, name: String?, kind: Kind, points: [GPXPoint], warnings: [String]) {
        self.version = version
        self.name = name
        self.kind = kind
        self.points = points
        self.warnings = warnings
    }
}

/// Why a GPX file could not be read: a message and the 1-based line and column (columns count
/// characters) where the problem was found.
public struct GPXError: Error, Sendable, Equatable {
    /// What is wrong, in words a person reads.
    public var message: String
    /// 1-based; CR LF counts as one line end.
    public var line: Int
    /// 1-based, in characters (not bytes), not counting a byte order mark.
    public var column: Int

    /// The read was stopped (Ctrl-C) before the end: no place in the file is at fault.
    public var isInterruption = false

    /// The error of a read that was stopped.
    public static var interrupted: GPXError {
        var e = GPXError(message: "interrupted", line: 1, column: 1)
        e.isInterruption = true
        return e
    }

    /// An error at a place in the file.
    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }
}

/// Reads GPX 1.0 and 1.1 files (as Xcode, `simctl` users and GPS devices write them) into a
/// list of points for the route player, without Foundation.
public enum GPX {
    /// Parses a GPX file.
    ///
    /// **Which points.** All `trk/trkseg/trkpt` of all tracks and segments, in file order, if the
    /// file has any; else all `rte/rtept` of all routes; else all `wpt` (Xcode's format: one
    /// `wpt` is a fixed location, several with times a movement). Points elsewhere (a `trkpt`
    /// outside `trk/trkseg`, say) are not used. Element names are matched by local name, so
    /// `gpx:trkpt` is `trkpt`. The track's `name` is the first `<name>` of the chosen tracks or
    /// routes, else the file's (`metadata/name` in 1.1, `gpx/name` in 1.0).
    ///
    /// **Errors** (with a line and column): input that is not well-formed XML (see `XMLScanner`,
    /// including a file cut short), a root element other than `gpx` ("not a GPX file"), and a
    /// file with no usable point ("no points", also for an empty file).
    ///
    /// **Odd cases**, each handled so and reported in `warnings` (never a crash):
    /// - *Bad position*: `lat`/`lon` missing, not a decimal number (`NaN`, `abc`, hex), or out
    ///   of range (latitude −90…90, longitude −180…180): the point is skipped; the warning names
    ///   its line (the first ten are listed one by one, then a count).
    /// - *Malformed time* (not RFC 3339 / ISO 8601 `YYYY-MM-DDThh:mm:ss[.frac](Z|±hh:mm|±hhmm|±hh)`,
    ///   or an impossible date such as February 30): the point has no time. A time without
    ///   an offset is read as UTC (GPX times are UTC) and reported. A leap second `:60` counts
    ///   as the next minute's `:00`. Fractional seconds keep any number of digits.
    /// - *Absurd dates*: times before 1980-01-06 (the GPS epoch: no receiver made them, e.g. the
    ///   1901-12-13 of a zero 32-bit clock) or from 2100 on (year 9999). When other points have
    ///   plausible times, the absurd ones are dropped (those points have no time); when all are
    ///   absurd, they are kept, since the pace between them may still be right (a device whose
    ///   clock was never set). Times before 1970 are negative seconds.
    /// - *Decreasing times*: the largest set of times that never decrease is kept (preferring
    ///   earlier points on a tie); the other points lose their time, so times in the result
    ///   never go back and the player interpolates those points.
    /// - *Identical times*: kept; reported with a count and the first line.
    /// - *Partial times*: times that exist are kept, and "N of M points have no time" is
    ///   reported; the route player interpolates (or uses a speed) for the others.
    /// - *Malformed elevation*: ignored (the point has no elevation).
    /// - *`<extensions>`* with any content, anywhere: skipped and counted.
    /// - *GPX 1.0*: `<time>` and `<name>` directly under `<gpx>` are the file's (the name is
    ///   used as the file's name, the time ignored); `<speed>` and `<course>` in a point are
    ///   ignored and counted (speed and course follow from positions and times).
    /// - *A missing or unknown `version`*: read as GPX 1.1, reported; `version` says what
    ///   the file says ("" when missing).
    /// - *Points of other kinds* that are not used (waypoints next to a track): counted.
    /// - Unknown elements anywhere are ignored silently (links, descriptions, symbols…).
    public static func parse(_ bytes: [UInt8], interruption: ImportInterruption = .none) -> Result<GPXTrack, GPXError> {
        bytes.withUnsafeBufferPointer { buffer -> Result<GPXTrack, GPXError> in
            var reader = GPXReader(buffer, interruption: interruption)
            do throws(GPXError) {
                return .success(try reader.read())
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: - Numbers

    /// A decimal number (`[+-]digits[.digits][e[+-]digits]`, surrounding white space allowed)
    /// from bytes, correctly rounded; nil for anything else (`NaN`, `inf`, hex, empty).
    /// Short numbers (all real coordinates) take an exact fast path without building a String.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        if let v = shortDecimal(bytes, range) { return v }
        var i = range.lowerBound
        var end = range.upperBound
        while i < end && isSpace(bytes[i]) { i += 1 }
        while end > i && isSpace(bytes[end - 1]) { end -= 1 }
        let start = i
        var negative = false
        if i < end && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var digits = 0
        var exponent = 0
        var truncated = false
        while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
            let d = UInt64(bytes[i] &- UInt8(ascii: "0"))  // safe: a digit byte widens
            if significant < 19 {
                if mantissa != 0 || d != 0 { significant += 1 }
                mantissa = mantissa * 10 + d
            } else {
                exponent += 1
                if d != 0 { truncated = true }
            }
            digits += 1
            i += 1
        }
        if i < end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
                let d = UInt64(bytes[i] &- UInt8(ascii: "0"))  // safe: a digit byte widens
                if significant < 19 {
                    if mantissa != 0 || d != 0 { significant += 1 }
                    mantissa = mantissa * 10 + d
                    exponent -= 1
                } else if d != 0 {
                    truncated = true
                }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < end && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < end && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
                expNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var e = 0
            var expDigits = 0
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
                if e < 100_000 { e = e * 10 + Int(bytes[i] &- UInt8(ascii: "0")) }  // safe: a digit byte widens
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == end else { return nil }
        // Up to 19 digits after the point, rounded once (`exactDecimal`); else Clinger's fast
        // path: both factors exact, so one rounding.
        if !truncated && exponent <= 0, let value = exactDecimal(mantissa, fractionDigits: -exponent) {
            return negative ? -value : value
        }
        if !truncated && mantissa <= (1 << 53) && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
            return negative ? -value : value
        }
        // Rare: long or huge numbers. The grammar is checked, so the standard library parses it.
        return Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// `number` for what files mostly hold, `[+-]digits[.digits]` with at most 19 digits and
    /// nothing around it, in one loop with no per-digit bookkeeping; nil for anything else
    /// (`number` then reads it the careful way). 19 digits fit a UInt64, and `exactDecimal`
    /// rounds their quotient once, as in `number`.
    @inline(__always) static func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let end = range.upperBound
        guard i < end else { return nil }
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative || bytes[i] == UInt8(ascii: "+") { i += 1 }
        let start = i
        var mantissa: UInt64 = 0
        while i < end {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)  // safe: a digit widens
            i += 1
        }
        var fraction = 0
        if i < end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            let dot = i
            while i < end {
                let d = bytes[i] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)  // safe: a digit widens
                i += 1
            }
            fraction = i - dot
            // The digits are those before the dot and after it.
            guard i == end, fraction + (dot - 1 - start) > 0, fraction + (dot - 1 - start) <= 19 else { return nil }
        } else {
            guard i == end, i > start, i - start <= 19 else { return nil }
        }
        guard let value = exactDecimal(mantissa, fractionDigits: fraction) else { return nil }
        return negative ? -value : value
    }

    /// `number` on a String (for tests and callers outside the reader).
    static func number(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { number($0, 0..<$0.count) }
    }

    /// XML white space: space, tab, LF, CR.
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    // MARK: - Times

    /// A parsed `<time>`: seconds since the epoch and whether it named its offset.
    struct ParsedTime: Equatable {
        var seconds: Double
        var hasOffset: Bool
    }

    /// Parses an RFC 3339 / ISO 8601 date-time from bytes: `YYYY-MM-DD`, `T` (or `t` or a space),
    /// `hh:mm:ss`, optional `.fraction` of any length, then `Z`/`z`, `±hh:mm`, `±hhmm`, `±hh` or
    /// nothing (UTC, reported by the caller). Nil when malformed or impossible (month 13,
    /// February 30, hour 24). Uses proleptic Gregorian arithmetic, so 1901 is negative.
    static func time(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ParsedTime? {
        var i = range.lowerBound
        var end = range.upperBound
        while i < end && isSpace(bytes[i]) { i += 1 }
        while end > i && isSpace(bytes[end - 1]) { end -= 1 }

        func digits(_ count: Int) -> Int? {
            guard i + count <= end else { return nil }
            var v = 0
            for k in 0..<count {
                let d = bytes[i + k] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                v = v * 10 + Int(d)  // safe: a digit byte widens
            }
            i += count
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < end && bytes[i] == c else { return false }
            i += 1
            return true
        }

        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2)
        else { return nil }
        guard i < end, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == 0x20 else {
            return nil
        }
        i += 1
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month), hour <= 23,
            minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if i < end && (bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",")) {
            i += 1
            var value: UInt64 = 0
            var scale = 1.0
            var count = 0
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10 {
                if count < 18 {
                    value = value * 10 + UInt64(bytes[i] &- UInt8(ascii: "0"))  // safe: a digit byte widens
                    scale *= 10
                }
                count += 1
                i += 1
            }
            guard count > 0 else { return nil }
            fraction = Double(value) / scale
        }
        var offsetSeconds = 0
        var hasOffset = false
        if i < end {
            let c = bytes[i]
            if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
                i += 1
                hasOffset = true
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                i += 1
                guard let oh = digits(2), oh <= 23 else { return nil }
                var om = 0
                if i < end {
                    _ = expect(UInt8(ascii: ":"))
                    guard let m = digits(2), m <= 59 else { return nil }
                    om = m
                }
                offsetSeconds = (oh * 3600 + om * 60) * (c == UInt8(ascii: "-") ? -1 : 1)
                hasOffset = true
            } else {
                return nil
            }
        }
        guard i == end else { return nil }
        let days = CivilDate.daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return ParsedTime(seconds: Double(whole) + fraction, hasOffset: hasOffset)
    }

    /// `time` on a String (for tests and callers outside the reader).
    static func time(_ text: String) -> ParsedTime? {
        Array(text.utf8).withUnsafeBufferPointer { time($0, 0..<$0.count) }
    }

    /// Seconds since the epoch as `YYYY-MM-DDThh:mm:ss[.fff]Z`, for warnings.
    static func format(_ seconds: Double) -> String {
        let whole = seconds.rounded(.down)
        guard whole.magnitude < 1e15 else { return "\(seconds)" }
        let s = Int(whole)  // safe: below 1e15, checked above
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let rest = s - days * 86_400
        let (y, m, d) = CivilDate.civilFromDays(days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var year = "\(y)"
        while year.count < 4 { year = "0" + year }
        var text = "\(year)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))"
        let millis = Int(((seconds - whole) * 1000).rounded())  // safe: 0…1000: the fraction of a second in ms
        if millis > 0 && millis < 1000 {
            text += "." + String(String(1000 + millis).dropFirst())
        }
        return text + "Z"
    }

    /// Times GPS receivers can have made: from the GPS epoch (1980-01-06) to before 2100.
    static let plausibleTimes: Range<Double> = 315_964_800..<4_102_444_800
}

/// The reading pass: XML events in, points and warnings out. Internal; `GPX.parse` is the API.
struct GPXReader {
    /// The elements the reader cares about; everything else is `.other`.
    enum Tag: UInt8 {
        case gpx, metadata, wpt, rte, rtept, trk, trkseg, trkpt, name, time, ele, speed, course, extensions, other
    }

    /// A point being read: its position (or why it has none) and its children so far.
    struct Pending {
        var kind: Int  // 0 wpt, 1 rtept, 2 trkpt: index into `points`
        var offset: Int
        var latitude = 0.0
        var longitude = 0.0
        var problem: String?
        var time: GPX.ParsedTime?
        var sawTime = false
        var elevation: Double?
        var sawElevation = false
        var name: String?
    }

    /// Warnings of one kind that may repeat per point: the first few in full, then a count.
    struct Listed {
        var count = 0
        var messages: [String] = []
        static let limit = 10

        /// Counts one more; keeps the words only for the first `limit` (built only then).
        mutating func add(_ message: @autoclosure () -> String) {
            count += 1
            if count <= Self.limit { messages.append(message()) }
        }

        /// The kept messages, then "…and N more `more`" when some were only counted.
        func render(more: String) -> [String] {
            count > Self.limit ? messages + ["…and \(count - Self.limit) more \(more)"] : messages
        }
    }

    private var scanner: XMLScanner
    private var stack: [Tag] = []
    /// Inside `<extensions>`: how many elements deep, so the whole subtree is skipped cheaply.
    private var skipDepth = 0
    private var pending: Pending?
    private var capture: [UInt8] = []
    private var captureOffset = 0

    private var version = ""
    private var rootOffset = 0
    private var fileName: String?
    private var routeName: String?
    private var trackName: String?
    /// Points by kind (wpt, rtept, trkpt) and the byte offset of each, for warnings.
    private var points: [[GPXPoint]] = [[], [], []]
    private var offsets: [[Int]] = [[], [], []]
    /// Which points of each kind had a time without an offset.
    private var zoneless: [[Int]] = [[], [], []]

    private var skipped = Listed()
    private var badTimes = Listed()
    private var badElevations = Listed()
    private var misplaced = 0
    private var firstMisplaced = 0
    private var extensions = 0
    private var speedCourse = 0

    /// Asked now and then whether to stop (Ctrl-C).
    private var interruption: ImportInterruption

    /// A reader over bytes the caller keeps alive until `read()` returns.
    init(_ bytes: UnsafeBufferPointer<UInt8>, interruption: ImportInterruption = .none) {
        self.interruption = interruption
        scanner = XMLScanner(bytes)
        capture.reserveCapacity(64)
    }

    /// The line of a byte offset, for warnings.
    private mutating func line(_ offset: Int) -> Int { scanner.location(of: offset).line }

    /// A GPX-level error at a byte offset.
    private mutating func error(_ message: String, at offset: Int) -> GPXError {
        let (line, column) = scanner.location(of: offset)
        return GPXError(message: message, line: line, column: column)
    }

    private static let kindNames: [StaticString] = ["wpt", "rtept", "trkpt"]
    /// The element name of a point kind, for warnings.
    private static func kindName(_ kind: Int) -> String { kindNames[kind].description }

    /// The tag for an element's local name: a switch on the length first, so most names cost
    /// one or two byte comparisons.
    private func classify(_ r: Range<Int>) -> Tag {
        switch r.count {
        case 3:
            if scanner.bytes(r, equal: "wpt") { return .wpt }
            if scanner.bytes(r, equal: "rte") { return .rte }
            if scanner.bytes(r, equal: "trk") { return .trk }
            if scanner.bytes(r, equal: "ele") { return .ele }
            if scanner.bytes(r, equal: "gpx") { return .gpx }
        case 4:
            if scanner.bytes(r, equal: "time") { return .time }
            if scanner.bytes(r, equal: "name") { return .name }
        case 5:
            if scanner.bytes(r, equal: "trkpt") { return .trkpt }
            if scanner.bytes(r, equal: "rtept") { return .rtept }
            if scanner.bytes(r, equal: "speed") { return .speed }
        case 6:
            if scanner.bytes(r, equal: "trkseg") { return .trkseg }
            if scanner.bytes(r, equal: "course") { return .course }
        case 8:
            if scanner.bytes(r, equal: "metadata") { return .metadata }
        case 10:
            if scanner.bytes(r, equal: "extensions") { return .extensions }
        default:
            break
        }
        return .other
    }

    /// Reads the whole file: one pass over the XML events, then `finish()`.
    mutating func read() throws(GPXError) -> GPXTrack {
        let bytes = scanner.bytes
        var first = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while first < bytes.count && GPX.isSpace(bytes[first]) { first += 1 }
        if first == bytes.count { throw GPXError(message: "no points: the file is empty", line: 1, column: 1) }

        while true {
            do { try interruption.check() } catch { throw GPXError.interrupted }
            let event: XMLScanner.Event
            do {
                event = try scanner.next()
            } catch {
                throw GPXError(message: error.message, line: error.line, column: error.column)
            }
            switch event {
            case .start(let name, let offset):
                try start(name, offset: offset)
            case .end:
                end()
            case .text(let text):
                if skipDepth == 0, let top = stack.last, top == .name || top == .time || top == .ele {
                    scanner.appendDecoded(text, to: &capture)
                }
            case .endOfDocument:
                return try finish()
            }
        }
    }

    /// A start tag: decides by the parent what the element is (a `trkpt` counts only inside
    /// `trk/trkseg`), starts points and text captures, and enters `<extensions>` skipping.
    private mutating func start(_ name: XMLScanner.Name, offset: Int) throws(GPXError) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let tag = classify(name.local)
        guard let parent = stack.last else {
            guard tag == .gpx else {
                throw error(
                    "not a GPX file: the root element is <\(scanner.shown(name.qualified))>, not <gpx>", at: offset)
            }
            rootOffset = offset
            if let v = scanner.attribute("version") { version = trimmed(scanner.string(v)) }
            stack.append(.gpx)
            return
        }
        var pushed = Tag.other
        switch tag {
        case .extensions:
            extensions += 1
            skipDepth = 1
            return
        case .metadata, .wpt, .rte, .trk:
            if parent == .gpx { pushed = tag }
        case .rtept:
            if parent == .rte { pushed = tag }
        case .trkseg:
            if parent == .trk { pushed = tag }
        case .trkpt:
            if parent == .trkseg { pushed = tag }
        case .name:
            if parent == .gpx || parent == .metadata || parent == .rte || parent == .trk
                || pending != nil && isPoint(parent)
            {
                pushed = .name
            }
        case .time, .ele:
            if isPoint(parent) { pushed = tag }
        case .speed, .course:
            if isPoint(parent) { speedCourse += 1 }
        default:
            break
        }
        if pushed == .other && (tag == .wpt || tag == .rtept || tag == .trkpt) {
            if misplaced == 0 { firstMisplaced = offset }
            misplaced += 1
        }
        switch pushed {
        case .wpt: beginPoint(kind: 0, offset: offset)
        case .rtept: beginPoint(kind: 1, offset: offset)
        case .trkpt: beginPoint(kind: 2, offset: offset)
        case .name, .time, .ele:
            capture.removeAll(keepingCapacity: true)
            captureOffset = offset
        default: break
        }
        stack.append(pushed)
    }

    /// `wpt`, `rtept` or `trkpt`.
    private func isPoint(_ tag: Tag) -> Bool { tag == .wpt || tag == .rtept || tag == .trkpt }

    /// Without leading and trailing XML white space (names and values are often indented).
    private func trimmed(_ s: String) -> String {
        var sub = Substring(s)
        while let c = sub.first, c == " " || c == "\n" || c == "\t" || c == "\r" { sub.removeFirst() }
        while let c = sub.last, c == " " || c == "\n" || c == "\t" || c == "\r" { sub.removeLast() }
        return String(sub)
    }

    /// Reads `lat` and `lon` now (the attributes are only valid until the next event).
    private mutating func beginPoint(kind: Int, offset: Int) {
        var p = Pending(kind: kind, offset: offset)
        switch coordinate("lat", scanner.attribute("lat"), limit: 90) {
        case .success(let v): p.latitude = v
        case .failure(let problem): p.problem = problem.text
        }
        switch coordinate("lon", scanner.attribute("lon"), limit: 180) {
        case .success(let v): p.longitude = v
        case .failure(let problem): if p.problem == nil { p.problem = problem.text }
        }
        pending = p
    }

    /// Why a coordinate is unusable, in words.
    struct Problem: Error { var text: String }

    /// A `lat` or `lon` attribute as a number within ±`limit`.
    private func coordinate(_ which: String, _ attribute: XMLScanner.Attribute?, limit: Double) -> Result<
        Double, Problem
    > {
        guard let a = attribute else { return .failure(Problem(text: "it has no \(which) attribute")) }
        var value: Double?
        if a.needsDecoding {
            var buffer: [UInt8] = []
            scanner.appendDecodedAttribute(a, to: &buffer)
            value = buffer.withUnsafeBufferPointer { GPX.number($0, 0..<$0.count) }
        } else {
            value = GPX.number(scanner.bytes, a.value)
        }
        guard let v = value, v.isFinite else {
            return .failure(Problem(text: "\(which) \"\(excerpt(scanner.string(a)))\" is not a number"))
        }
        guard v >= -limit && v <= limit else {
            return .failure(
                Problem(
                    text:
                        // safe: limit is 90 or 180
                        "\(which) \(excerpt(trimmed(scanner.string(a)))) is out of range (-\(Int(limit)) to \(Int(limit)))"
                ))
        }
        return .success(v)
    }

    /// An end tag: stores captured text where it belongs and completes (or skips) a point.
    private mutating func end() {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        let tag = stack.removeLast()
        switch tag {
        case .name:
            let text = trimmed(String(decoding: capture, as: UTF8.self))
            switch stack.last {
            case .gpx?, .metadata?: if fileName == nil { fileName = text }
            case .rte?: if routeName == nil { routeName = text }
            case .trk?: if trackName == nil { trackName = text }
            default: if pending?.name == nil { pending?.name = text }
            }
        case .time:
            guard pending?.sawTime == false else { return }
            pending?.sawTime = true
            if let t = capture.withUnsafeBufferPointer({ GPX.time($0, 0..<$0.count) }) {
                pending?.time = t
            } else {
                let text = trimmed(String(decoding: capture, as: UTF8.self))
                let lineNumber = line(captureOffset)
                badTimes.add(
                    "the <time> at line \(lineNumber) is not an ISO 8601 time (\"\(excerpt(text))\"): that point has no time"
                )
            }
        case .ele:
            guard pending?.sawElevation == false else { return }
            pending?.sawElevation = true
            if let e = capture.withUnsafeBufferPointer({ GPX.number($0, 0..<$0.count) }), e.isFinite {
                pending?.elevation = e
            } else {
                let text = trimmed(String(decoding: capture, as: UTF8.self))
                let lineNumber = line(captureOffset)
                badElevations.add("the <ele> at line \(lineNumber) is not a number (\"\(excerpt(text))\"): ignored")
            }
        case .wpt, .rtept, .trkpt:
            guard let p = pending else { return }
            pending = nil
            if let problem = p.problem {
                let lineNumber = line(p.offset)
                skipped.add("skipped the <\(Self.kindName(p.kind))> at line \(lineNumber): \(problem)")
                return
            }
            if let t = p.time, !t.hasOffset { zoneless[p.kind].append(points[p.kind].count) }
            points[p.kind].append(
                GPXPoint(
                    latitude: p.latitude, longitude: p.longitude, time: p.time?.seconds, elevation: p.elevation,
                    name: p.name))
            offsets[p.kind].append(p.offset)
        default:
            break
        }
    }

    /// Chooses the points, applies the time rules and words the warnings.
    private mutating func finish() throws(GPXError) -> GPXTrack {
        let chosen = !points[2].isEmpty ? 2 : !points[1].isEmpty ? 1 : 0
        // Moved out rather than copied: a large track is megabytes.
        var result = points[chosen]
        points[chosen] = []
        let pointOffsets = offsets[chosen]
        guard !result.isEmpty else {
            var message = "no points: the file has no <wpt>, <rtept> or <trkpt> with a usable position"
            if skipped.count > 0 {
                message += " (\(skipped.count) skipped; \(skipped.messages[0]))"
            }
            throw error(message, at: rootOffset)
        }
        var warnings: [String] = []
        if version.isEmpty {
            warnings.append("the <gpx> element has no version attribute: read as GPX 1.1")
        } else if version != "1.0" && version != "1.1" {
            warnings.append("GPX version \"\(excerpt(version))\" is neither 1.0 nor 1.1: read as GPX 1.1")
        }
        warnings += skipped.render(more: "points skipped for a bad position")
        warnings += badTimes.render(more: "malformed times")
        warnings += badElevations.render(more: "malformed elevations")
        if misplaced > 0 {
            let l = line(firstMisplaced)
            warnings.append(
                "ignored \(plural(misplaced, "point")) not inside <gpx>, <rte> or <trk><trkseg> (first at line \(l))")
        }
        let kindWords = ["waypoints", "route points", "track points"]
        for other in 0..<3 where other != chosen && !points[other].isEmpty {
            warnings.append(
                "the file also has \(points[other].count) \(kindWords[other]) (<\(Self.kindName(other))>): not used, the \(kindWords[chosen]) are"
            )
        }
        if extensions > 0 {
            warnings.append("ignored \(plural(extensions, "<extensions> element")) (vendor data)")
        }
        if speedCourse > 0 {
            warnings.append(
                "ignored \(plural(speedCourse, "<speed>/<course> element")) (GPX 1.0): speed and course follow from positions and times"
            )
        }
        if let firstZoneless = zoneless[chosen].first {
            let l = line(pointOffsets[firstZoneless])
            warnings.append(
                "\(plural(zoneless[chosen].count, "time")) without a time zone offset read as UTC (first at line \(l))")
        }

        // Absurd dates: dropped when other times are plausible, kept when all are absurd.
        var timed: [(index: Int, time: Double)] = result.indices.compactMap { i in result[i].time.map { (i, $0) } }
        let absurd = timed.filter { !GPX.plausibleTimes.contains($0.time) }
        if !absurd.isEmpty {
            let examples = absurd.prefix(3).map { "\(GPX.format($0.time)) at line \(line(pointOffsets[$0.index]))" }
            let list = examples.joined(separator: ", ") + (absurd.count > 3 ? ", …" : "")
            if absurd.count < timed.count {
                for entry in absurd { result[entry.index].time = nil }
                timed = timed.filter { GPX.plausibleTimes.contains($0.time) }
                warnings.append(
                    "\(plural(absurd.count, "time")) before 1980 or after 2099 (\(list)): dropped, since the other times are plausible; those points have no time"
                )
            } else {
                warnings.append(
                    "all \(plural(absurd.count, "time")) are before 1980 or after 2099 (\(list)): kept, since the pace between them may still be right"
                )
            }
        }

        // Decreasing times: keep the largest non-decreasing set.
        let inOrder = timed.indices.dropFirst().allSatisfy { timed[$0 - 1].time <= timed[$0].time }
        if !inOrder {
            var kept = [Bool](repeating: false, count: timed.count)
            for k in Self.longestNonDecreasing(timed.map(\.time)) { kept[k] = true }
            var dropped = 0
            var firstDrop: (index: Int, time: Double)?
            var lastKeptBefore: Double?
            var lastKept: Double?
            for (k, entry) in timed.enumerated() {
                if kept[k] {
                    lastKept = entry.time
                    continue
                }
                if firstDrop == nil {
                    firstDrop = entry
                    lastKeptBefore = lastKept
                }
                dropped += 1
            }
            for (k, entry) in timed.enumerated() where !kept[k] { result[entry.index].time = nil }
            timed = timed.indices.filter { kept[$0] }.map { timed[$0] }
            if let first = firstDrop {
                let l = line(pointOffsets[first.index])
                let context =
                    lastKeptBefore.map { "\(GPX.format(first.time)) after \(GPX.format($0))" }
                    ?? "\(GPX.format(first.time)), later than the times after it"
                warnings.append(
                    "\(plural(dropped, "time")) out of order (first at line \(l): \(context)): dropped so that times never decrease; those points have no time"
                )
            }
        }

        // Identical times: kept.
        var same = 0
        var firstSame = 0
        for k in timed.indices.dropFirst() where timed[k].time == timed[k - 1].time {
            if same == 0 { firstSame = timed[k].index }
            same += 1
        }
        if same > 0 {
            let l = line(pointOffsets[firstSame])
            warnings.append(
                "\(plural(same, "point")) \(same == 1 ? "has" : "have") the same time as the timed point before (first at line \(l)): kept"
            )
        }

        // Partial times.
        let untimed = result.count - timed.count
        if untimed > 0 && !timed.isEmpty {
            warnings.append("\(untimed) of \(result.count) points have no time")
        }

        let name = chosen == 2 ? trackName ?? fileName : chosen == 1 ? routeName ?? fileName : fileName
        let kind: GPXTrack.Kind = chosen == 2 ? .track : chosen == 1 ? .route : .waypoints
        return GPXTrack(version: version, name: name, kind: kind, points: result, warnings: warnings)
    }

    /// "1 time", "2 times".
    private func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }

    /// Indices of a longest non-decreasing subsequence of `values`, in order. Among equally
    /// long ones it prefers earlier elements: it runs backwards, looking for the longest
    /// non-increasing run, so the last element placed on the longest pile is the earliest.
    static func longestNonDecreasing(_ values: [Double]) -> [Int] {
        let n = values.count
        if n == 0 { return [] }
        var tails: [Int] = []  // tails[k]: index ending (going backwards) a run of length k + 1
        var previous = [Int](repeating: -1, count: n)
        var i = n - 1
        while i >= 0 {
            // Going backwards the run must not increase: find the first tail smaller than values[i].
            let v = values[i]
            var lo = 0
            var hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] >= v { lo = mid + 1 } else { hi = mid }
            }
            previous[i] = lo > 0 ? tails[lo - 1] : -1
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
            i -= 1
        }
        var out: [Int] = []
        guard var k = tails.last else { return [] }
        while k >= 0 {
            out.append(k)
            k = previous[k]
        }
        return out
    }
}

extension GPX {
    /// A GPX 1.1 file in the shape of Xcode's own location files: `<gpx version="1.1"
    /// creator="Xcode">` holding one `<wpt lat=… lon=…>` a point, each with its `<time>`
    /// (ISO 8601, UTC, as given). `comment`, when given, is an XML comment before the points
    /// (`--`, which a comment cannot hold, is written `- -`). `name`, when given, is the first
    /// point's `<name>`, as Xcode names its waypoints.
    public static func xcodeFile(
        _ points: [(latitude: Double, longitude: Double, time: String)], comment: String?, name: String? = nil
    ) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Xcode\">\n"
        if let comment {
            var safe = ""
            for c in comment {
                if c == "-" && safe.last == "-" { safe.append(" ") }
                safe.append(c)
            }
            if safe.last == "-" { safe.append(" ") }
            text += "    <!-- \(safe) -->\n"
        }
        for (i, p) in points.enumerated() {
            text += "    <wpt lat=\"\(degrees(p.latitude))\" lon=\"\(degrees(p.longitude))\">\n"
            if i == 0, let name { text += "        <name>\(escaped(name))</name>\n" }
            text += "        <time>\(p.time)</time>\n"
            text += "    </wpt>\n"
        }
        text += "</gpx>\n"
        return text
    }
}

/// `text` as XML character data: `&`, `<`, `>` escaped, and control characters other than tab
/// and line breaks (which XML 1.0 cannot hold) as spaces.
private func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": out += " "
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Degrees to the nanodegree (a tenth of a millimetre), never an exponent (`1e-07` is not a
/// GPX decimal).
private func degrees(_ x: Double) -> String { formatTrimmed(x, decimals: 9) }
