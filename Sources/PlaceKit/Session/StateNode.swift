import PlaceFormats
import PlaceStorage

/// A node of the session's state tree, resolved lazily: a path such as `log[5]` or
/// `markers[2].title` walks only the nodes it names, so a long log is never copied to read one
/// line. Model families expose their state as `StateNode`s; `show` and `expect` read them.
public enum StateNode {
    case leaf(Value)
    case record(fields: [String], child: (String) -> StateNode?)
    case list(count: Int, element: (Int) -> StateNode)

    /// A record whose fields are all computed up front (fine for small records).
    public static func fields(_ pairs: [(String, Value)]) -> StateNode {
        var table: [String: Value] = [:]
        for (name, value) in pairs { table[name] = value }
        return .record(fields: pairs.map { $0.0 }, child: { table[$0].map { .leaf($0) } })
    }

    /// A list of plain values.
    public static func values(_ items: [Value]) -> StateNode {
        .list(count: items.count, element: { .leaf(items[$0]) })
    }

    /// The whole subtree as one value.
    public func materialize() -> Value {
        switch self {
        case .leaf(let v):
            return v
        case .record(let names, let child):
            return .record(names.map { Value.Field($0, child($0)?.materialize() ?? .null) })
        case .list(let count, let element):
            return .list((0..<count).map { element($0).materialize() })
        }
    }
}

/// What a part of the session's state is, whatever value it holds now: the schema of the
/// state tree. `show`, `expect` and `--check` read it to know every member of every path, so
/// a misspelt member is an error even where the value is nil (`camera.zom` before `launch`).
public indirect enum StateShape: Sendable {
    case bool
    /// A number, of a dimension (`.none` for plain numbers and counts).
    case number(Dimension)
    case text
    /// Text that is one of these words: in `expect app.screen == map` the bare word is the value.
    case words([String])
    /// A record with these members, in this order.
    case record([StateMember])
    /// A record whose member names come from the data (the dataset's areas, the billed SKUs),
    /// each a value of this shape.
    case named(StateShape)
    /// A list of values of this shape; `key` is the member its records are known by (a likely
    /// place's `name`, a marker's `title`): `contains "Darling Harbour"` looks at it.
    case list(StateShape, key: String?)
    /// Lines of text (the app's console): a list, whose `contains` and `matches` look within
    /// each line, as in text, rather than for a whole line.
    case lines
    /// nil, or a value of this shape.
    case optional(StateShape)

    /// A record of these members, in this order.
    public static func record(_ members: KeyValuePairs<String, StateShape>) -> StateShape {
        .record(members.map { StateMember(name: $0.key, shape: $0.value) })
    }
    /// A list of values of this shape.
    public static func list(_ element: StateShape) -> StateShape { .list(element, key: nil) }
    /// A plain number (a count, a coordinate, a zoom level).
    public static let plain = StateShape.number(.none)
    /// The words of a case-iterable enumeration of strings.
    public static func words<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> StateShape
    where T.RawValue == String {
        .words(type.allCases.map(\.rawValue))
    }

    /// The shape without its `optional`.
    public var unwrapped: StateShape {
        if case .optional(let inner) = self { return inner.unwrapped }
        return self
    }

    /// Whether the value may be nil.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The members a record of this shape has (none for any other shape).
    public var members: [StateMember] {
        if case .record(let members) = unwrapped { return members }
        return []
    }

    /// What a value of this shape is called in a message: "a number", "a list".
    public var kindName: String {
        switch self {
        case .bool: return "a boolean"
        case .number(let d): return d == .none ? "a number" : d.noun
        case .text, .words: return "text"
        case .record, .named: return "a record"
        case .list, .lines: return "a list"
        case .optional(let inner): return inner.kindName
        }
    }

    /// Why `value` is not of this shape (the path to the first difference, and what it is), or
    /// nil when it is. The schema and the values made for it are held together by this.
    public func mismatch(_ value: Value, at path: String) -> String? {
        switch (self, value) {
        case (.optional, .null): return nil
        case (.optional(let inner), _): return inner.mismatch(value, at: path)
        case (.bool, .bool), (.text, .string): return nil
        case (.number(let d), .number(_, let e)):
            return d == e ? nil : "\(path) is a number of dimension \(e.rawValue), the schema says \(d.rawValue)"
        case (.words(let words), .string(let s)):
            return words.contains(s) ? nil : "\(path) is \"\(s)\", not one of the schema's words \(words)"
        case (.record(let members), .record(let fields)):
            let names = fields.map(\.name)
            guard names == members.map(\.name) else {
                return "\(path) has the members \(names), the schema says \(members.map(\.name))"
            }
            for (member, field) in zip(members, fields) {
                if let why = member.shape.mismatch(field.value, at: path + "." + member.name) { return why }
            }
            return nil
        case (.named(let inner), .record(let fields)):
            for field in fields {
                if let why = inner.mismatch(field.value, at: path + "." + field.name) { return why }
            }
            return nil
        case (.list(let element, _), .list(let items)):
            for (i, item) in items.enumerated() {
                if let why = element.mismatch(item, at: path + "[\(i + 1)]") { return why }
            }
            return nil
        case (.lines, .list):
            return StateShape.list(.text).mismatch(value, at: path)
        default:
            return "\(path) is \(value.kindName), the schema says \(kindName)\(isOptional ? "" : " (never nil)")"
        }
    }
}

/// A member of a record in the state's schema.
public struct StateMember: Sendable {
    public let name: String
    public let shape: StateShape

    public init(name: String, shape: StateShape) {
        self.name = name
        self.shape = shape
    }
}
