import PlaceFormats

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
