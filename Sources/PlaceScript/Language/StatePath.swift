import PlaceKit
import PlaceStorage

/// A path into the session's state tree: `camera.zoom`, `markers[2].title`, `log.count`.
/// Indexes are 1-based, like the rows people see; a negative index counts from the end
/// (`log[-1]` is the last line).
public struct StatePath: Sendable, Equatable, CustomStringConvertible {
    public enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
        /// `[*]`: every item of a list (`likely[*].name` is the list of names).
        case all
    }

    public var components: [Component]

    public init(components: [Component]) { self.components = components }

    /// The root name (`camera` of `camera.zoom`).
    public var root: String {
        if case .key(let name) = components.first { return name }
        return ""
    }

    public var description: String {
        var out = ""
        for (i, c) in components.enumerated() {
            switch c {
            case .key(let k): out += (i == 0 ? "" : ".") + k
            case .index(let n): out += "[\(n)]"
            case .all: out += "[*]"
            }
        }
        return out
    }

    /// Parses the text of a path; on error, the offset (in bytes) of the fault and a message.
    public static func parse(_ text: String) -> Result<StatePath, PathSyntaxError> {
        let bytes = Array(text.utf8)
        var components: [Component] = []
        var i = 0
        func isNameStart(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
        func isName(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 0x30 && b <= 0x39) }
        func name() -> String? {
            guard i < bytes.count, isNameStart(bytes[i]) else { return nil }
            let start = i
            while i < bytes.count && isName(bytes[i]) { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        guard let first = name() else {
            return .failure(PathSyntaxError(offset: 0, message: "a state path starts with a name"))
        }
        components.append(.key(first))
        while i < bytes.count {
            if bytes[i] == 0x2E {  // .
                i += 1
                guard let key = name() else {
                    return .failure(PathSyntaxError(offset: i, message: "expected a name after '.'"))
                }
                components.append(.key(key))
            } else if bytes[i] == 0x5B {  // [
                let open = i
                i += 1
                if i + 1 < bytes.count && bytes[i] == 0x2A && bytes[i + 1] == 0x5D {  // *]
                    components.append(.all)
                    i += 2
                    continue
                }
                let sign = i
                let fromEnd = i < bytes.count && bytes[i] == 0x2D  // -
                if fromEnd { i += 1 }
                let start = i
                while i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
                guard i > start, i < bytes.count, bytes[i] == 0x5D else {
                    return .failure(
                        PathSyntaxError(offset: open, message: "expected an index like [1], [-1] or [*]"))
                }
                let digits = String(decoding: bytes[start..<i], as: UTF8.self)
                guard case .success(let n) = parseInteger(digits) else {
                    return .failure(PathSyntaxError(offset: start, message: "index \(digits) is too large"))
                }
                guard n >= 1 else {
                    return .failure(
                        PathSyntaxError(
                            offset: sign,
                            message: "indexes start at 1, or at -1 for the last item, and are whole numbers"))
                }
                components.append(.index(fromEnd ? -n : n))
                i += 1
            } else {
                return .failure(PathSyntaxError(offset: i, message: "unexpected character in a state path"))
            }
        }
        return .success(StatePath(components: components))
    }
}

/// Why a path does not parse, and where.
public struct PathSyntaxError: Error, Sendable {
    public var offset: Int
    public var message: String
}

/// Why a path names nothing in the current state.
public struct PathError: Error, Sendable {
    public var message: String
    public var help: String?
    /// The path is wrong in every state (a member a list or a number never has), not only in
    /// this one: it can be reported before a script runs.
    public var isStructural = false
}

extension StateShape {
    /// The shape of what `path` names below a value of this shape, `walked` being the path so
    /// far (for messages); an error names the first part that no value of this shape can have.
    /// Every such error can be found before a script runs.
    func shape(at components: ArraySlice<StatePath.Component>, walked: StatePath) -> Result<StateShape, PathError> {
        var shape = self
        var walked = walked
        var index = components.startIndex
        // A member of what may be nil may be nil (`location.latitude` before a fix).
        var underNil = false
        while index < components.endIndex {
            let component = components[index]
            if shape.isOptional { underNil = true }
            var kind = shape.unwrapped
            if case .lines = kind { kind = .list(.text) }
            switch (kind, component) {
            case (.record(let members), .key(let key)):
                guard let member = members.first(where: { $0.name == key }) else {
                    let names = members.map(\.name)
                    return .failure(
                        PathError(
                            message: "'\(walked)' has no member '\(key)'",
                            help: suggestion(for: key, among: names) ?? "members: " + names.joined(separator: ", "),
                            isStructural: true))
                }
                shape = member.shape
            case (.named(let inner), .key):
                shape = inner
            case (.record, _), (.named, _):
                return .failure(
                    PathError(
                        message: "'\(walked)' is a record, not a list; \(component) does not apply",
                        help: kind.members.isEmpty
                            ? nil : "members: " + kind.members.map(\.name).joined(separator: ", "),
                        isStructural: true))
            case (.list, .key("count")):
                shape = .plain
            case (.list(let element, _), .index):
                shape = element
            case (.list(let element, let key), .all):
                walked.components.append(component)
                // `likely[*]` is the list itself, known by the same key.
                let list: Result<StateShape, PathError> =
                    index + 1 == components.endIndex
                    ? .success(.list(element, key: key))
                    : element.shape(at: components[(index + 1)...], walked: walked).map { .list($0) }
                return list.map { underNil ? .optional($0) : $0 }
            case (.list(let element, _), .key(let key)):
                var help = "use '\(walked)[N]' for an item or '\(walked).count'"
                if suggestion(for: key, among: ["count"]) != nil {
                    help = "did you mean '\(walked).count'?"
                } else if element.members.contains(where: { $0.name == key }) {
                    help = "use '\(walked)[*].\(key)' for each item's \(key), or '\(walked)[N].\(key)' for one"
                }
                return .failure(
                    PathError(
                        message: "'\(walked)' is a list; it has no member '\(key)'", help: help, isStructural: true))
            default:
                return .failure(
                    PathError(
                        message: "'\(walked)' is \(kind.kindName); it has no member '\(component)'",
                        isStructural: true))
            }
            walked.components.append(component)
            index += 1
        }
        return .success(underNil && !shape.isOptional ? .optional(shape) : shape)
    }
}

extension CommandTable {
    /// The shape of what a path names, from the schema alone: an error for a path no state has.
    public func shape(of path: StatePath) -> Result<StateShape, PathError> {
        guard let root = stateRoot(named: path.root) else {
            return .failure(
                PathError(
                    message: "no state path '\(path.root)'",
                    help: suggestion(for: path.root, among: stateRootNames), isStructural: true))
        }
        return root.shape.shape(
            at: path.components.dropFirst(), walked: StatePath(components: [path.components[0]]))
    }
}

extension Shell {
    /// The shape of what a path names, from the schema alone: an error for a path no state has.
    public func shape(of path: StatePath) -> Result<StateShape, PathError> { table.shape(of: path) }

    /// The node a path names, or an error saying which part is wrong. The schema is asked
    /// first, so a member no state has is an error even under a value that is nil now; a member
    /// of nil is nil.
    public func resolve(_ path: StatePath) -> Result<StateNode, PathError> {
        guard let root = table.stateRoot(named: path.root) else {
            return .failure(
                PathError(
                    message: "no state path '\(path.root)'",
                    help: suggestion(for: path.root, among: table.stateRootNames)))
        }
        if case .failure(let error) = shape(of: path) { return .failure(error) }
        return walk(
            root.node(self), path.components.dropFirst(), walked: StatePath(components: [path.components[0]]))
    }

    private func walk(_ start: StateNode, _ components: ArraySlice<StatePath.Component>, walked: StatePath)
        -> Result<StateNode, PathError>
    {
        var node = start
        var walked = walked
        var index = components.startIndex
        while index < components.endIndex {
            let component = components[index]
            defer {
                walked.components.append(component)
                index += 1
            }
            if case .leaf(.null) = node { return .success(.leaf(.null)) }  // members of nil are nil
            if case .leaf(.record(let fields)) = node {
                node = .record(
                    fields: fields.map(\.name),
                    child: { name in fields.first(where: { $0.name == name }).map { .leaf($0.value) } })
            } else if case .leaf(.list(let items)) = node {
                node = .values(items)
            }
            switch node {
            case .record(_, let child):
                // The schema has the member (it was asked first); a record made without it has
                // none there now (a dataset's area that holds no place).
                guard case .key(let key) = component, let next = child(key) else {
                    return .failure(PathError(message: "'\(walked)' has no member '\(component)' now"))
                }
                node = next
            case .list(let count, let element):
                switch component {
                case .key:
                    node = .leaf(.int(count))
                case .index(let n):
                    // 1 is the first item, -1 the last.
                    let position = n > 0 ? n - 1 : count + n
                    guard position >= 0 && position < count else {
                        let range = "indexes run from 1 to \(count), or from -1 (the last) to -\(count)"
                        return .failure(
                            PathError(
                                message:
                                    "'\(walked)' has \(count) item\(count == 1 ? "" : "s"); [\(n)] is out of range",
                                help: count == 0 ? nil : range))
                    }
                    node = element(position)
                case .all:
                    // Each item's part, as one list (nil where an item has nil there).
                    var items: [Value] = []
                    items.reserveCapacity(count)
                    var itemPath = walked
                    itemPath.components.append(component)
                    for position in 0..<count {
                        switch walk(element(position), components[(index + 1)...], walked: itemPath) {
                        case .success(let part): items.append(part.materialize())
                        case .failure(let error): return .failure(error)
                        }
                    }
                    return .success(.values(items))
                }
            case .leaf(let value):
                return .failure(
                    PathError(
                        message: "'\(walked)' is \(value.kindName); it has no member '\(component)'",
                        isStructural: true))
            }
        }
        return .success(node)
    }
}

extension Shell {
    /// The error of a path that is wrong in every state (`markers.cont`, `camera.zom`), found
    /// from the schema; nil when it may name something once the app runs.
    func structuralError(_ path: StatePath) -> PathError? {
        guard case .failure(let error) = shape(of: path), error.isStructural else { return nil }
        return error
    }

    /// The state paths an invocation reads (`show`'s path, `expect`'s operands), with where each
    /// was written: checked before a script runs.
    func pathsToCheck(_ invocation: Invocation) -> [(StatePath, offset: Int, length: Int)] {
        var paths: [(StatePath, offset: Int, length: Int)] = []
        for case let bound? in invocation.args {
            switch bound.value {
            case .statePath(let path):
                paths.append((path, invocation.offset + bound.start, bound.length))
            case .expectation(let e):
                if case .path(let path) = e.lhs { paths.append((path, e.textOffset, path.description.utf8.count)) }
                if case .path(let path)? = e.rhs { paths.append((path, e.rhsOffset, e.rhsLength)) }
            default:
                break
            }
        }
        return paths
    }
}

extension StatePath.Component: CustomStringConvertible {
    public var description: String {
        switch self {
        case .key(let k): return k
        case .index(let n): return "[\(n)]"
        case .all: return "[*]"
        }
    }
}
