import PlaceFormats

/// What Tab completes at the end of a partial line: the byte offset where the word being
/// completed starts, and the words that could stand there. Commands, subcommands, option
/// names and argument values all come from the command table.
public struct Completion: Equatable, Sendable {
    public var wordStart: Int
    public var candidates: [String]
}

extension Shell {
    /// Completions for `line`, which ends at the cursor.
    public func complete(_ line: String) -> Completion {
        let bytes = Array(line.utf8)
        // Only the command the cursor is in: after the last ';' outside quotes.
        var segmentStart = 0
        var quote: UInt8? = nil
        for (i, b) in bytes.enumerated() {
            if let q = quote {
                if b == q { quote = nil }
            } else if b == 0x27 || b == 0x22 {
                quote = b
            } else if b == 0x3B {
                segmentStart = i + 1
            } else if b == 0x23 && (i == 0 || bytes[i - 1] == 0x20) {
                return Completion(wordStart: bytes.count, candidates: [])  // in a comment
            }
        }
        if quote != nil { return Completion(wordStart: bytes.count, candidates: []) }
        // A space after a backslash belongs to the word (`Darling\ Harbour`).
        func isSeparator(_ i: Int) -> Bool {
            (bytes[i] == 0x20 || bytes[i] == 0x09) && !(i > segmentStart && bytes[i - 1] == 0x5C)
        }
        var wordStart = bytes.count
        while wordStart > segmentStart && !isSeparator(wordStart - 1) { wordStart -= 1 }
        let prefix = String(decoding: bytes[wordStart...], as: UTF8.self)
        let before = String(decoding: bytes[segmentStart..<wordStart], as: UTF8.self)
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.first == "expect", let values = expectationValueCompletions(before + prefix) {
            return Completion(wordStart: wordStart, candidates: values.filter { $0.hasPrefix(prefix) }.sortedUnique())
        }
        if let type = currentArgumentType(words: words), let find = type.prefixCompletions {
            // A value with a control or reordering character (a name from a file) is not
            // offered: Tab would put the character itself on the line being edited.
            let found = find(self, unescapeWord(prefix)).filter { value in
                !value.unicodeScalars.contains { controlEscape($0) != nil }
            }.map(escapeWord)
            return Completion(wordStart: wordStart, candidates: found.filter { $0.hasPrefix(prefix) }.sortedUnique())
        }
        let candidates = completionCandidates(words: words, prefix: prefix)
        return Completion(wordStart: wordStart, candidates: candidates.filter { $0.hasPrefix(prefix) }.sortedUnique())
    }

    /// The type of the positional argument the cursor is in, when it reads one word at a time.
    private func currentArgumentType(words: [String]) -> ArgType? {
        guard let first = words.first, var spec = table.command(named: first) else { return nil }
        var rest = words.dropFirst()
        while let next = rest.first, let sub = spec.subcommand(named: next) {
            spec = sub
            rest = rest.dropFirst()
        }
        let position = rest.filter { !$0.hasPrefix("--") && !$0.contains("=") }.count
        var index = 0
        for arg in spec.arguments {
            if index == position || arg.type.isGreedy { return arg.type }
            index += 1
        }
        return nil
    }

    private func completionCandidates(words: [String], prefix: String) -> [String] {
        guard let first = words.first else { return table.commandNames }
        guard var spec = table.command(named: first) else { return [] }
        var rest = words.dropFirst()
        while let next = rest.first, let sub = spec.subcommand(named: next) {
            spec = sub
            rest = rest.dropFirst()
        }
        if !spec.subcommands.isEmpty && rest.isEmpty {
            return spec.subcommands.map(\.name) + (spec.handler != nil ? argumentCandidates(spec, position: 0) : [])
        }
        // The value of an option that takes one: `--flavor <Tab>`.
        if let last = rest.last, last.hasPrefix("--"), !last.contains("="),
            let option = spec.options.first(where: { "--" + $0.name == last }), let type = option.type
        {
            return type.completions(self)
        }
        if prefix.hasPrefix("-") {
            return spec.options.map { "--" + $0.name }
        }
        if let eq = prefix.firstIndex(of: "="), let option = spec.options.first(where: { $0.name == prefix[..<eq] }),
            let type = option.type
        {
            return type.completions(self).map { option.name + "=" + $0 }
        }
        // Count the positional words typed so far, skipping options and their values.
        var position = 0
        var skipNext = false
        for word in rest {
            if skipNext {
                skipNext = false
                continue
            }
            if word.hasPrefix("--") {
                let name = word.dropFirst(2).split(separator: "=").first.map(String.init) ?? ""
                if !word.contains("="), spec.options.first(where: { $0.name == name })?.type != nil { skipNext = true }
                continue
            }
            if word.contains("="), spec.options.contains(where: { word.hasPrefix($0.name + "=") }) { continue }
            position += 1
        }
        return argumentCandidates(spec, position: position)
    }

    private func argumentCandidates(_ spec: CommandSpec, position: Int) -> [String] {
        var index = 0
        for arg in spec.arguments {
            if index == position || arg.type.isGreedy { return arg.type.completions(self) }
            index += 1
        }
        return []
    }
}

extension Shell {
    /// What Tab offers for a partly typed state path: the roots, then, after a `.`, the members
    /// of what the path before it names now (a record's fields, a list's `count`), each as the
    /// whole path. Nothing when that path names nothing now.
    func statePathCompletions(_ typed: String) -> [String] {
        guard let dot = typed.lastIndex(of: ".") else { return table.stateRootNames }
        let base = String(typed[..<dot])
        guard case .success(let path) = StatePath.parse(base) else { return [] }
        var members: [String] = []
        if case .success(let node) = resolve(path) {
            switch node {
            case .record(let fields, _): members = fields
            case .leaf(.record(let fields)): members = fields.map(\.name)
            case .list, .leaf(.list): members = ["count"]
            case .leaf: members = []
            }
        }
        // What the path names may be nil now (no app runs: 'map'): its members are the
        // schema's, as 'expect' takes them.
        if members.isEmpty, case .success(let shape) = table.shape(of: path) {
            switch shape.unwrapped {
            case .record(let declared): members = declared.map(\.name)
            case .list, .lines: members = ["count"]
            default: break
            }
        }
        return members.map { base + "." + $0 }
    }

    /// What Tab offers after `PATH OP ` in an expectation: the words the path's values are
    /// (`expect app.screen == <Tab>`: map, picker), `true`/`false`, or `nil` for what may be
    /// nil; nothing for a number or free text.
    func expectationValueCompletions(_ line: String) -> [String]? {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 3, let op = words.dropLast().last,
            ["==", "!=", "<", "<=", ">", ">=", "~="].contains(op)
        else { return nil }
        let pathText = words[words.count - 3]
        guard case .success(let path) = StatePath.parse(pathText), case .success(let shape) = table.shape(of: path)
        else { return [] }
        var values: [String]
        switch shape.unwrapped {
        case .words(let words): values = words
        case .bool: values = ["true", "false"]
        default: values = []
        }
        if shape.isOptional { values.append("nil") }
        return values
    }
}

extension Array where Element == String {
    func sortedUnique() -> [String] { Array(Set(self)).sorted() }
}

/// A value as one word of the language: spaces and the characters the lexer treats specially
/// get a backslash (`Darling\ Harbour`).
func escapeWord(_ s: String) -> String {
    var out = ""
    for ch in s {
        if " \t;#'\"\\$".contains(ch) { out.append("\\") }
        out.append(ch)
    }
    return out
}

/// The inverse of `escapeWord` for a partly typed word.
func unescapeWord(_ s: String) -> String {
    var out = ""
    var escaped = false
    for ch in s {
        if !escaped && ch == "\\" {
            escaped = true
            continue
        }
        out.append(ch)
        escaped = false
    }
    return out
}
