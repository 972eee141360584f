import PlaceFormats
import PlaceStorage

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
