import PlaceFormats
import PlaceKit
import PlaceStorage

/// A number with its dimension, in the base unit (metres, seconds, metres per second, degrees).
public struct Quantity: Sendable, Equatable {
    public var value: Double
    public var dimension: Dimension
    public init(_ value: Double, _ dimension: Dimension) {
        self.value = value
        self.dimension = dimension
    }
}

/// A unit a number may carry: `50m`, `2.5km`, `1.5s`, `200ms`, `3min`, `20m/s`.
public struct UnitSpec: Sendable {
    public var symbol: String
    public var dimension: Dimension
    /// How many base units one of this unit is.
    public var factor: Double
    public var name: String
    /// How many of this unit make one base unit, for a unit smaller than it (1000 for ms): a
    /// value is divided by it, which is exact where multiplying by its inverse is not
    /// (1400 / 1000 is 1.4; 1400 × 0.001 is 1.4000000000000001).
    public var divisor: Double?

    init(symbol: String, dimension: Dimension, factor: Double, name: String, divisor: Double? = nil) {
        self.symbol = symbol
        self.dimension = dimension
        self.factor = factor
        self.name = name
        self.divisor = divisor
    }
}

/// Every unit the language knows (documented in `help syntax` and the man page).
public let knownUnits: [UnitSpec] = [
    UnitSpec(symbol: "m", dimension: .length, factor: 1, name: "metres"),
    UnitSpec(symbol: "km", dimension: .length, factor: 1000, name: "kilometres"),
    UnitSpec(symbol: "cm", dimension: .length, factor: 0.01, name: "centimetres", divisor: 100),
    UnitSpec(symbol: "ft", dimension: .length, factor: 0.3048, name: "feet"),
    UnitSpec(symbol: "mi", dimension: .length, factor: 1609.344, name: "miles"),
    UnitSpec(symbol: "ms", dimension: .duration, factor: 0.001, name: "milliseconds", divisor: 1000),
    UnitSpec(symbol: "s", dimension: .duration, factor: 1, name: "seconds"),
    UnitSpec(symbol: "min", dimension: .duration, factor: 60, name: "minutes"),
    UnitSpec(symbol: "h", dimension: .duration, factor: 3600, name: "hours"),
    UnitSpec(symbol: "m/s", dimension: .speed, factor: 1, name: "metres per second"),
    UnitSpec(symbol: "km/h", dimension: .speed, factor: 1 / 3.6, name: "kilometres per hour", divisor: 3.6),
    UnitSpec(symbol: "mph", dimension: .speed, factor: 0.44704, name: "miles per hour"),
    UnitSpec(symbol: "deg", dimension: .angle, factor: 1, name: "degrees"),
]

/// Why a word is not a number.
public enum NumberError: Error, Equatable {
    /// Not a number at all.
    case notANumber
    /// A number followed by letters that are no unit; the offset is where the unit starts.
    case unknownUnit(String, offset: Int)
    /// Too large to represent.
    case outOfRange
}

/// Parses `-33.8688`, `1e-6`, `50m`, `2.5km`, `200ms`. Only plain decimal syntax is accepted
/// (no `nan`, `inf` or hexadecimal), and the result is always finite.
public func parseQuantity(_ text: String) -> Result<Quantity, NumberError> {
    var text = text
    return text.withUTF8 { utf8 in parseQuantity(utf8) }
}

/// `parseQuantity` of text's UTF-8 bytes.
func parseQuantity(_ utf8: UnsafeBufferPointer<UInt8>) -> Result<Quantity, NumberError> {
    let n = utf8.count
    var i = 0
    if i < n && (utf8[i] == 0x2B || utf8[i] == 0x2D) { i += 1 }
    let negative = n > 0 && utf8[0] == 0x2D
    var digits = 0
    // The digits as an integer, and how many of them follow the point: enough to convert the
    // common short numbers exactly without strtod.
    var mantissa: UInt64 = 0
    var fractionDigits = 0
    while i < n && utf8[i] >= 0x30 && utf8[i] <= 0x39 {
        mantissa = mantissa &* 10 &+ UInt64(utf8[i] &- 0x30)  // safe: a digit byte widens
        i += 1
        digits += 1
    }
    if i < n && utf8[i] == 0x2E {
        i += 1
        while i < n && utf8[i] >= 0x30 && utf8[i] <= 0x39 {
            mantissa = mantissa &* 10 &+ UInt64(utf8[i] &- 0x30)  // safe: a digit byte widens
            i += 1
            digits += 1
            fractionDigits += 1
        }
    }
    guard digits > 0 else { return .failure(.notANumber) }
    var hasExponent = false
    if i < n && (utf8[i] == 0x65 || utf8[i] == 0x45) {
        var j = i + 1
        if j < n && (utf8[j] == 0x2B || utf8[j] == 0x2D) { j += 1 }
        var expDigits = 0
        while j < n && utf8[j] >= 0x30 && utf8[j] <= 0x39 {
            j += 1
            expDigits += 1
        }
        if expDigits > 0 {
            i = j
            hasExponent = true
        }
    }
    let numberEnd = i
    let value: Double
    if !hasExponent && digits <= 19, let magnitude = exactDecimal(mantissa, fractionDigits: fractionDigits) {
        // Up to 19 digits (the mantissa did not wrap), rounded once: what strtod gives.
        value = negative ? -magnitude : magnitude
    } else {
        guard
            let parsed = Double(
                Substring(decoding: UnsafeBufferPointer(rebasing: utf8[0..<numberEnd]), as: UTF8.self))
        else { return .failure(.notANumber) }
        value = parsed
    }
    guard value.isFinite else { return .failure(.outOfRange) }
    if numberEnd == n { return .success(Quantity(value, .none)) }
    let unitText = String(decoding: UnsafeBufferPointer(rebasing: utf8[numberEnd...]), as: UTF8.self)
    guard let unit = knownUnits.first(where: { $0.symbol == unitText }) else {
        return .failure(.unknownUnit(unitText, offset: numberEnd))
    }
    let scaled = unit.divisor.map { value / $0 } ?? value * unit.factor
    guard scaled.isFinite else { return .failure(.outOfRange) }
    return .success(Quantity(scaled, unit.dimension))
}

/// Parses a whole number: digits with an optional sign, within `Int`'s range.
public func parseInteger(_ text: String) -> Result<Int, NumberError> {
    var result = 0
    var negative = false
    var digits = 0
    for (index, b) in text.utf8.enumerated() {
        if index == 0 && (b == 0x2D || b == 0x2B) {
            negative = b == 0x2D
            continue
        }
        guard b >= 0x30 && b <= 0x39 else { return .failure(.notANumber) }
        let (m, o1) = result.multipliedReportingOverflow(by: 10)
        let (s, o2) = m.addingReportingOverflow(Int(b - 0x30))  // safe: a digit, 0…9
        if o1 || o2 { return .failure(.outOfRange) }
        result = s
        digits += 1
    }
    guard digits > 0 else { return .failure(.notANumber) }
    return .success(negative ? -result : result)
}

/// A distance for people: metres below a kilometre, to `decimals` (`767.7 m`); kilometres from
/// 1,000 m, to ten metres, thousands grouped (`1.18 km`, `11,953.79 km`).
public func formatDistance(_ metres: Double, decimals: Int = 1) -> String {
    guard metres.isFinite, abs(metres) >= 1000 else { return formatFixed(metres, decimals: decimals) + " m" }
    let km = formatFixed(metres / 1000, decimals: 2)
    guard let point = km.firstIndex(of: "."), let whole = Int(km[..<point]) else { return km + " km" }  // safe: digits
    return groupedThousands(whole) + km[point...] + " km"
}

/// A quantity as a person writes it: `12.5s`, `50m`, `-33.869405`.
public func formatQuantity(_ value: Double, _ dimension: Dimension) -> String {
    formatNumber(value) + dimension.baseUnit
}
