import PlaceFormats

/// What a number measures. State values and typed arguments carry it so that a script cannot
/// compare a distance with a duration by mistake; plain numbers compare with anything.
public enum Dimension: String, Sendable, Equatable {
    case none
    case length  // metres
    case duration  // seconds
    case speed  // metres per second
    case angle  // degrees

    /// The unit a value of this dimension is stored in, as written after a number.
    public var baseUnit: String {
        switch self {
        case .none: return ""
        case .length: return "m"
        case .duration: return "s"
        case .speed: return "m/s"
        case .angle: return "deg"
        }
    }

    /// A word for messages: "a length", "a duration".
    public var noun: String {
        switch self {
        case .none: return "a plain number"
        case .length: return "a length"
        case .duration: return "a duration"
        case .speed: return "a speed"
        case .angle: return "an angle"
        }
    }
}

/// A value of the session's state tree, of a command's result, or of a script literal.
public enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double, Dimension)
    case string(String)
    case list([Value])
    case record([Field])

    /// One named member of a record; records keep their fields in a fixed order.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: Value
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// A plain number.
    public static func number(_ x: Double) -> Value { .number(x, .none) }
    /// A plain integer.
    public static func int(_ x: Int) -> Value { .number(Double(x), .none) }
    /// A string or `nil` when absent.
    public static func optional(_ s: String?) -> Value { s.map { .string($0) } ?? .null }

    /// A short word for the kind of value, for messages.
    public var kindName: String {
        switch self {
        case .null: return "nil"
        case .bool: return "a boolean"
        case .number(_, let d): return d == .none ? "a number" : d.noun
        case .string: return "text"
        case .list: return "a list"
        case .record: return "a record"
        }
    }
}

/// Shortest decimal text for a number that reads back to the same value: `15`, `-33.869405`,
/// `1e-06`. Integral values print without a fraction. Never prints `nan`/`inf` for finite input.
public func formatNumber(_ x: Double) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x < 0 ? "-inf" : "inf" }
    if x == x.rounded(), abs(x) < 1e15 {
        if x == 0 { return "0" }  // also for -0
        return String(Int64(x))  // safe: a whole number below 1e15, checked above
    }
    return x.description
}

/// A number with a fixed count of decimals, rounded half away from zero, without Foundation.
public func formatFixed(_ x: Double, decimals: Int) -> String {
    guard x.isFinite else { return formatNumber(x) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let negative = x < 0
    let scaled = (abs(x) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e15 else { return formatNumber(x) }
    let whole = UInt64(scaled)  // safe: 0…9e15, checked above
    let intPart = whole / UInt64(scale)  // safe: scale is a power of ten, at most 1e15 here
    let frac = whole % UInt64(scale)  // safe: scale is a power of ten, at most 1e15 here
    if decimals <= 16 {
        // The digits written from the end of a small buffer, made into text once.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer -> String in
            var k = buffer.count
            var rest = frac
            for _ in 0..<decimals {
                k -= 1
                buffer[k] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)  // safe: a digit, 0…9
                rest /= 10
            }
            if decimals > 0 {
                k -= 1
                buffer[k] = 0x2E  // '.'
            }
            rest = intPart
            repeat {
                k -= 1
                buffer[k] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)  // safe: a digit, 0…9
                rest /= 10
            } while rest > 0
            if negative && whole != 0 {
                k -= 1
                buffer[k] = 0x2D  // '-'
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[k...]), as: UTF8.self)
        }
    }
    var text = String(intPart)
    if decimals > 0 {
        var fracText = String(frac)
        while fracText.count < decimals { fracText = "0" + fracText }
        text += "." + fracText
    }
    return (negative && whole != 0 ? "-" : "") + text
}
