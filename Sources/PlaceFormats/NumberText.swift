// Numbers as text, without Foundation: the shortest decimal that reads back to the same value
// (`formatNumber`), a fixed count of decimals (`formatFixed`), and `TextWriter`, which writes
// such numbers and words into one buffer that becomes one String.

/// Shortest decimal text for a number that reads back to the same value: `15`, `-33.869405`,
/// `1e-06`. Integral values print without a fraction. Never prints `nan`/`inf` for finite input.
public func formatNumber(_ x: Double) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x < 0 ? "-inf" : "inf" }
    if x == x.rounded(), abs(x) < 1e15 {
        if x == 0 { return "0" }  // also for -0
        return String(Int64(x))  // safe: a whole number below 1e15, checked above
    }
    if let k = TextWriter.tenMillionths(x) {
        // At most a sign, 7 digits, the point and 7 more.
        return TextWriter.string(capacity: 16) { text in text.append(tenMillionths: k) }
    }
    if let d = TextWriter.shortestDecimal(x) {
        // At most a sign, 17 digits and the point.
        return TextWriter.string(capacity: 24) { text in text.append(decimal: d, negative: x < 0) }
    }
    return x.description
}

/// A number with a fixed count of decimals, rounded half away from zero, without Foundation.
/// `x` with at most `decimals` places, trailing zeros left out, never an exponent (simctl's
/// waypoints, GPX coordinates): `1.5`, `0.0000001`, `-33.8694`.
public func formatTrimmed(_ x: Double, decimals: Int) -> String {
    var text = formatFixed(x, decimals: decimals)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

public func formatFixed(_ x: Double, decimals: Int) -> String {
    if decimals <= 16 {
        // At most 17 digits before the point (below 9e15), the point and 16 after, a sign; or
        // `formatNumber`'s text, at most 24 bytes.
        return TextWriter.string(capacity: 40) { text in text.appendFixed(x, decimals: decimals) }
    }
    guard x.isFinite else { return formatNumber(x) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let negative = x < 0
    let scaled = (abs(x) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e15 else { return formatNumber(x) }
    let whole = UInt64(scaled)  // safe: 0…9e15, checked above
    let intPart = whole / UInt64(scale)  // safe: scale is a power of ten, at most 1e15 here
    let frac = whole % UInt64(scale)  // safe: scale is a power of ten, at most 1e15 here
    var text = String(intPart)
    if decimals > 0 {
        var fracText = String(frac)
        while fracText.count < decimals { fracText = "0" + fracText }
        text += "." + fracText
    }
    return (negative && whole != 0 ? "-" : "") + text
}

/// UTF-8 text written byte by byte into a buffer, so that a line made of many small pieces (a
/// fix's description at every update, a date, `locate`'s and `wait`'s lines) becomes one String
/// at the end instead of a String grown piece by piece by interpolation, each piece a String of
/// its own. `TextWriter.string(capacity:_:)` makes the String: the caller gives the size of
/// the longest text it expects, and a text that turns out longer is written again into a
/// buffer large enough, so no byte is ever left out.
public struct TextWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    public private(set) var count = 0
    /// Set when a piece did not fit: the buffer holds a text cut short, which
    /// `string(capacity:_:)` never returns.
    public private(set) var overflowed = false

    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The text `write` writes, made into one String. `write` is called with a writer of
    /// `capacity` bytes and, should that not hold the text, called again with one twice as
    /// large, until it does: it must write only into the writer, the same text each time.
    public static func string(capacity: Int, _ write: (inout TextWriter) -> Void) -> String {
        var size = max(16, capacity)
        while true {
            var complete = true
            let text = String(unsafeUninitializedCapacity: size) { buffer in
                var writer = TextWriter(buffer)
                write(&writer)
                complete = !writer.overflowed
                return complete ? writer.count : 0
            }
            if complete { return text }
            size = size <= Int.max / 2 ? size * 2 : Int.max
        }
    }

    @inline(__always) public mutating func append(byte: UInt8) {
        guard count < buffer.count else {
            overflowed = true
            return
        }
        buffer[count] = byte
        count += 1
    }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            let n = min(bytes.count, buffer.count - count)
            if n < bytes.count { overflowed = true }
            guard n > 0, let from = bytes.baseAddress, let to = buffer.baseAddress else { return }
            (to + count).initialize(from: from, count: n)
            count += n
        }
    }

    /// A String's bytes (a literal goes to `append(_:)`, as a StaticString).
    public mutating func append(contentsOf text: String) {
        for b in text.utf8 { append(byte: b) }
    }

    /// `n` in decimal, as `String(n)` writes it.
    public mutating func append(_ n: Int) {
        if n < 0 { append(byte: 0x2D) }
        append(digits: UInt64(n.magnitude), width: 1)  // safe: a magnitude fits 64 bits
    }

    /// `v`'s decimal digits, zero-padded to at least `width`. Most numbers a line holds are
    /// below 100 (a date's parts, the 5 and the 00 of `5.00m`): those are written here, where
    /// the call is made; longer ones two digits at a time (`appendLong`).
    @inline(__always) public mutating func append(digits v: UInt64, width: Int) {
        guard v < 100 && width <= 2 else { return appendLong(digits: v, width: width) }
        let d = UInt8(truncatingIfNeeded: v)  // safe: truncating, and below 100
        if v >= 10 || width == 2 {
            guard count + 2 <= buffer.count else {
                overflowed = true
                return
            }
            buffer[count] = 0x30 &+ d / 10
            buffer[count + 1] = 0x30 &+ d % 10
            count += 2
        } else {
            append(byte: 0x30 &+ d)
        }
    }

    /// `append(digits:width:)` for any number: from the right, two digits at a time (a
    /// coordinate's 15 decimals are 8 steps of one division, not 15).
    @inline(never) mutating func appendLong(digits v: UInt64, width: Int) {
        // The digits v has: 10^(n-1) ≤ v < 10^n, counting up by multiplying rather than dividing
        // down. 10^19 is the last power of ten below 2^64.
        var n = 1
        var bound: UInt64 = 10
        while v >= bound && n < 19 {
            n += 1
            bound &*= 10
        }
        if v >= bound { n += 1 }
        n = max(n, width)
        guard count + n <= buffer.count, let base = buffer.baseAddress else {
            overflowed = true
            return
        }
        var rest = v
        var k = count + n
        while rest >= 10 {
            let pair = UInt8(truncatingIfNeeded: rest % 100)  // safe: truncating, and below 100
            rest /= 100
            k -= 2
            base[k] = 0x30 &+ pair / 10
            base[k + 1] = 0x30 &+ pair % 10
        }
        if rest > 0 {
            k -= 1
            base[k] = 0x30 &+ UInt8(truncatingIfNeeded: rest)  // safe: truncating, a digit
        }
        // Zeros before, to the width; at least one (v is 0).
        while k > count {
            k -= 1
            base[k] = 0x30
        }
        count += n
    }

    /// `formatNumber(x)`'s text.
    public mutating func append(number x: Double) {
        if let k = Self.tenMillionths(x) { return append(tenMillionths: k) }
        if let d = Self.shortestDecimal(x) { return append(decimal: d, negative: x < 0) }
        // A whole number (the 5 of `±5 m`) as `formatNumber` writes it, without a String.
        if x == x.rounded(), abs(x) < 1e15 { return append(x == 0 ? 0 : Int(x)) }  // safe: whole, below 1e15
        append(contentsOf: formatNumber(x))
    }

    /// The shortest decimal that reads back to `x`, as its digits and how many of them follow
    /// the point, for 1 ≤ |x| < 2^20 and not whole: what `Double.description` writes (a
    /// coordinate written in full, `-23.141963873344753`), which spends over a thousand
    /// instructions finding it. |x| is M / 2^s exactly (M below 2^53, s from 33 to 52), so
    /// M·10^k in 128 bits, shifted right by s and rounded to nearest, is D, the digits of the
    /// k-decimal number nearest to |x|; what was rounded away, r (in units of 10^-k · 2^-s),
    /// says how far it is, and it reads back to |x| when it is nearer than half of x's ulp,
    /// 2·r < 10^k. The fewest decimals that read back give the fewest digits (the whole
    /// part's are fixed), and the nearest of those is the one the description writes. A k
    /// that reads back still does with a decimal more (ten times its digits is as near), so
    /// the fewest is found by halving 1…17 − whole digits (17 significant digits always read
    /// back). Nil, for `description` to write, when a rounding is an exact tie, or |x| is out
    /// of that range. (A power of two, whose ulp below is half the one above, is whole there.)
    static func shortestDecimal(_ x: Double) -> (digits: UInt64, decimals: Int)? {
        let a = abs(x)
        guard a >= 1 && a < 1_048_576, a != a.rounded(.towardZero) else { return nil }  // NaN too
        let shift = 52 - Int(a.exponent)  // safe: an exponent of 0…19 here; the shift is 33…52
        let significand = UInt128(a.significandBitPattern | 1 << 52)
        let one = UInt128(1) << shift
        let half = one >> 1
        var wholeDigits = 1
        var bound: UInt64 = 10
        let whole = UInt64(a)  // safe: 1 ≤ a < 2^20
        while whole >= bound {
            wholeDigits += 1
            bound *= 10
        }
        // The digits of the k-decimal number nearest to a, and whether it reads back; nil for
        // a tie either way.
        func nearest(_ k: Int) -> (digits: UInt64, readsBack: Bool)? {
            let power = UInt128(integerPowerOfTen(k))
            let product = significand &* power
            let rest = product & (one &- 1)
            guard rest != half else { return nil }
            let up = rest > half
            let digits = UInt64(truncatingIfNeeded: (product >> shift) &+ (up ? 1 : 0))
            let away = up ? one &- rest : rest
            guard away << 1 != power else { return nil }
            return (digits, away << 1 < power)
        }
        var lo = 1
        var hi = 17 - wholeDigits
        guard var best = nearest(hi), best.readsBack else { return nil }
        // A number written in full (most of a fix's, whose 15 to 17 digits `locate` echoes) is
        // shortest there or one decimal below: that one is tried first, then the halving.
        if lo < hi {
            guard let below = nearest(hi - 1) else { return nil }
            if !below.readsBack { return (best.digits, hi) }
            hi -= 1
            best = below
        }
        while lo < hi {
            let mid = (lo + hi) >> 1
            guard let probe = nearest(mid) else { return nil }
            if probe.readsBack {
                hi = mid
                best = probe
            } else {
                lo = mid + 1
            }
        }
        return (best.digits, hi)
    }

    /// `digits` with `decimals` of them after the point, after a `-` when `negative`.
    mutating func append(decimal d: (digits: UInt64, decimals: Int), negative: Bool) {
        if negative { append(byte: 0x2D) }
        let power = integerPowerOfTen(d.decimals)
        append(digits: d.digits / power, width: 1)
        append(byte: 0x2E)
        append(digits: d.digits % power, width: d.decimals)
    }

    /// The whole number of ten-millionths that `x` is, when `x` is not whole, 1e-4 ≤ |x| < 2^20,
    /// and no finer than that: the double nearest that many ten-millionths (a coordinate, a
    /// clock in tenths of a second). Then the shortest text that reads back to `x`, which
    /// `Double.description` spends hundreds of instructions finding, is those digits with
    /// trailing zeros dropped: another decimal of at most 7 places is at least 1e-7 away, and
    /// one of more places is longer, while below 2^20 the doubles around `x` are under 3e-10
    /// apart. From 1e-4 up, the description writes no exponent.
    @inline(__always) static func tenMillionths(_ x: Double) -> Int64? {
        let a = abs(x)
        guard a >= 1e-4 && a < 1_048_576 else { return nil }  // NaN too
        let y = x * 1e7
        let k = Int64(y < 0 ? y - 0.5 : y + 0.5)  // safe: |y| < 1.1e13
        guard Double(k) / 1e7 == x, k % 10_000_000 != 0 else { return nil }
        return k
    }

    /// The text of `k` ten-millionths (not a whole number): `-25.0003656`, `4.8`.
    mutating func append(tenMillionths k: Int64) {
        if k < 0 { append(byte: 0x2D) }
        let m = k.magnitude
        append(digits: m / 10_000_000, width: 1)
        append(byte: 0x2E)
        var fraction = m % 10_000_000
        var places = 7
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        append(digits: fraction, width: places)
    }

    /// `formatFixed(x, decimals:)`'s text, for up to 16 decimals.
    public mutating func appendFixed(_ x: Double, decimals: Int) {
        guard x.isFinite else { return append(contentsOf: formatNumber(x)) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(x) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return append(contentsOf: formatNumber(x)) }
        let whole = UInt64(scaled)  // safe: 0…9e15, checked above
        let power = UInt64(scale)  // safe: a power of ten, at most 1e16
        if x < 0 && whole != 0 { append(byte: 0x2D) }
        append(digits: whole / power, width: 1)
        if decimals > 0 {
            append(byte: 0x2E)
            append(digits: whole % power, width: decimals)
        }
    }

    /// `appendFixed`, with `+` before a number that has no `-`, as `CLLocation` writes a
    /// coordinate.
    public mutating func appendSignedFixed(_ x: Double, decimals: Int) {
        append(byte: 0x2B)
        let start = count
        appendFixed(x, decimals: decimals)
        // A number that starts with '-' takes the '+''s place.
        guard start < count, buffer[start] == 0x2D else { return }
        for k in start..<count { buffer[k - 1] = buffer[k] }
        count -= 1
    }
}
