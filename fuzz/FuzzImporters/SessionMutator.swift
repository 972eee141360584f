// The saved-session mutator: parses the file as JSON, puts an extreme or ill-typed value in one
// place and writes the JSON back, so the change reaches `SessionArchive.restore` instead of
// failing the JSON parser.
//
// A place is any value in the tree, picked by its shape path (`app.mapView.selectedMarker`,
// `places.dataset.*.rating`: a long array counts once), numbers and nulls eight times as often as
// other values: they are where range checks go missing (an index, a count, a timestamp, an
// accuracy). A quarter of the time a second place is changed too. A number or null becomes one
// of the extreme numbers two times in three; otherwise, and for other leaves, it is replaced with
// one of `replacements` (1e19, −1e19, 1e308, −1e308, 2147483648, 9.2e18, 9.3e18, −0, 0.5, "", a
// long string, [], {}, null, true, …); an array or object is replaced whole, or loses or repeats
// one of its elements or members.
import PlaceFormats
import PlaceKit
import PlaceStorage

enum SessionMutator {
    indirect enum Node {
        /// A number, string, bool or null, as its JSON text.
        case leaf(String)
        case array([Node])
        case object([(key: String, value: Node)])
    }

    static let replacements: [String] = [
        "1e19", "-1e19", "1e308", "-1e308", "2147483648", "-2147483649", "4294967296", "9.2e18", "9.3e18",
        "9223372036854775807", "-9223372036854775808", "-0", "0.5", "-1", "0", "1e-308", "\"\"",
        "\"" + String(repeating: "x", count: 4096) + "\"", "\"\\u0000\"", "[]", "{}", "null", "true", "false",
    ]

    /// The numbers among `replacements` that no Int, Int32 or time can hold.
    static let extremeNumbers = ["1e19", "-1e19", "1e308", "-1e308", "2147483648", "9.3e18", "-9223372036854775808"]

    static func isNumberOrNull(_ text: String) -> Bool {
        text == "null" || text.first.map { $0 == "-" || $0.isNumber } == true
    }

    static func mutate(_ file: [UInt8], _ random: inout SeededRandom) -> [UInt8]? {
        guard case .success(let json) = JSON.parse(file) else { return nil }
        var tree = node(json)
        for _ in 0..<(random.oneIn(4) ? 2 : 1) {
            change(&tree, &random)
        }
        var out = ""
        write(tree, to: &out)
        return Array(out.utf8)
    }

    static func node(_ value: JSONValue) -> Node {
        switch value {
        case .null: .leaf("null")
        case .bool(let b): .leaf(b ? "true" : "false")
        case .number(let n): .leaf(n == 0 && n.sign == .minus ? "-0" : JSON.format(n))
        case .string(let s): .leaf(quoted(s))
        case .array(let a): .array(a.map(node))
        case .object(let o): .object(o.members.map { (key: $0.key, value: node($0.value)) })
        }
    }

    static func quoted(_ s: String) -> String {
        var out = ""
        JSON.appendQuoted(s, to: &out)
        return out
    }

    static func write(_ node: Node, to out: inout String) {
        switch node {
        case .leaf(let text): out += text
        case .array(let elements):
            out += "["
            for (i, e) in elements.enumerated() {
                if i > 0 { out += "," }
                write(e, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                out += quoted(m.key) + ":"
                write(m.value, to: &out)
            }
            out += "}"
        }
    }

    /// A path to a value: an element's or member's index in each container on the way down.
    typealias Path = [Int]

    /// One place in the tree changed. Places are grouped by their shape path (member names, any
    /// array index as `*`: `places.dataset.*.rating` is one group however many places there
    /// are), a group is picked, numbers and nulls eight times as often as the rest, then one
    /// place in it: a long array does not drown the session's single values. A number or null
    /// becomes one of the extreme numbers two times in three.
    static func change(_ tree: inout Node, _ random: inout SeededRandom) {
        var groups: [String: [Path]] = [:]
        var weighted: [String] = []
        func add(_ shape: String, _ path: Path, weight: Int) {
            if groups[shape] == nil {
                for _ in 0..<weight { weighted.append(shape) }
            }
            groups[shape, default: []].append(path)
        }
        func walk(_ n: Node, _ path: Path, _ shape: String) {
            switch n {
            case .leaf(let text):
                add(shape, path, weight: isNumberOrNull(text) ? 8 : 1)
            case .array(let elements):
                add(shape, path, weight: 1)
                for (i, e) in elements.enumerated() { walk(e, path + [i], shape + ".*") }
            case .object(let members):
                add(shape, path, weight: 1)
                for (i, m) in members.enumerated() { walk(m.value, path + [i], shape + "." + m.key) }
            }
        }
        walk(tree, [], "")
        guard let paths = groups[random.pick(weighted)] else { return }
        update(&tree, random.pick(paths)) { n in
            switch n {
            case .array(var elements) where !elements.isEmpty && !random.oneIn(3):
                let i = random.below(elements.count)
                if random.oneIn(2) { elements.remove(at: i) } else { elements.insert(elements[i], at: i) }
                n = .array(elements)
            case .object(var members) where !members.isEmpty && !random.oneIn(3):
                let i = random.below(members.count)
                if random.oneIn(2) { members.remove(at: i) } else { members.insert(members[i], at: i) }
                n = .object(members)
            case .leaf(let text) where isNumberOrNull(text) && !random.oneIn(3):
                n = .leaf(random.pick(extremeNumbers))
            default:
                n = .leaf(random.pick(replacements))
            }
        }
    }

    static func update(_ n: inout Node, _ path: Path, _ change: (inout Node) -> Void) {
        guard let first = path.first else { return change(&n) }
        let rest = Array(path.dropFirst())
        switch n {
        case .array(var elements) where elements.indices.contains(first):
            update(&elements[first], rest, change)
            n = .array(elements)
        case .object(var members) where members.indices.contains(first):
            update(&members[first].value, rest, change)
            n = .object(members)
        default: break
        }
    }
}
