/// The regular expressions of `expect … matches`: a backtracking-free matcher (Thompson's
/// construction, run as a Pike VM), so that a match takes time that grows with the text times the
/// pattern, never exponentially (`^(a|a)*$` against 10,000 a's and a b ends at once), and stops
/// when asked (Ctrl-C).
///
/// The syntax is the common core of Swift `Regex`, POSIX ERE and PCRE: literals, `.` (any
/// character but a line break), `[…]` and `[^…]` with ranges and the class escapes, `\d \D \w \W
/// \s \S`, `^` and `$` (the start and end of the text; `$` also before a final line
/// break), `\b` between a word character (a letter, digit, mark or `_`) and another or an end
/// of the text (`\B` elsewhere), groups `(…)`, `(?:…)` and `(?<name>…)`, `|`, the quantifiers `* + ? {n} {n,} {n,m}`
/// (lazy and possessive forms match the same texts), `(?i)` for the whole pattern, and the
/// escapes `\t \n \r \f \v \0 \e \a`, `\u{X…}`, `\uXXXX`, `\x{X…}`, `\xXX` and a backslash
/// before any punctuation. What would need backtracking (back-references, lookaround, atomic
/// groups, other inline flags) is an error that says so. Characters are Unicode scalars.
public struct Pattern: Sendable {
    /// Why a pattern cannot be used, with where (a scalar offset) it went wrong.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// A set of scalars: ranges, classes, negated as a whole.
    struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [Class] = []
        var negated = false

        enum Class: Sendable { case digit, word, space, notDigit, notWord, notSpace }

        func contains(_ s: Unicode.Scalar, caseless: Bool) -> Bool {
            var hit = containsExactly(s)
            if !hit && caseless {
                for other in Pattern.caseVariants(s) where other != s {
                    if containsExactly(other) {
                        hit = true
                        break
                    }
                }
            }
            return hit != negated
        }

        private func containsExactly(_ s: Unicode.Scalar) -> Bool {
            for r in ranges where r.contains(s.value) { return true }
            for c in classes {
                switch c {
                case .digit: if Pattern.isDigit(s) { return true }
                case .word: if Pattern.isWord(s) { return true }
                case .space: if Pattern.isSpace(s) { return true }
                case .notDigit: if !Pattern.isDigit(s) { return true }
                case .notWord: if !Pattern.isWord(s) { return true }
                case .notSpace: if !Pattern.isSpace(s) { return true }
                }
            }
            return false
        }
    }

    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set(ScalarSet)
        case split(Int, Int)
        case jump(Int)
        case textStart
        case textEnd
        case wordBoundary(Bool)
        case match
    }

    let program: [Instruction]
    let caseless: Bool

    /// The most instructions a pattern compiles to (a counted repetition copies its operand).
    static let programLimit = 20_000
    /// The largest count of `{n,m}`.
    static let countLimit = 1000

    public init(_ source: String) throws(Failure) {
        var parser = Parser(Array(source.unicodeScalars))
        let tree = try parser.parse()
        var compiler = Compiler()
        try compiler.emit(tree)
        compiler.program.append(.match)
        program = compiler.program
        caseless = parser.caseless
    }

    /// Whether `text` contains a match; nil when `interrupted` said to stop first (it is asked
    /// every few thousand characters).
    public func firstMatch(in text: String, interrupted: () -> Bool = { false }) -> Bool? {
        let scalars = Array(text.unicodeScalars)
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var position = 0
        while true {
            if position & 4095 == 4095 && interrupted() { return nil }
            // A new attempt starts at every position: the search is not anchored.
            if add(0, at: position, in: scalars, to: &current) { return true }
            if position == scalars.count { return false }
            let s = scalars[position]
            next.clear()
            for pc in current.dense[0..<current.count] {
                let advances: Bool
                switch program[pc] {
                case .scalar(let wanted): advances = caseless ? Self.sameCaseless(s, wanted) : s == wanted
                case .any: advances = s != "\n" && s != "\r"
                case .set(let set): advances = set.contains(s, caseless: caseless)
                default: advances = false
                }
                if advances, add(pc + 1, at: position + 1, in: scalars, to: &next) { return true }
            }
            swap(&current, &next)
            position += 1
        }
    }

    /// Adds the thread at `pc` and every thread it reaches without reading a character; true
    /// when one of them is a match.
    private func add(_ pc: Int, at position: Int, in scalars: [Unicode.Scalar], to list: inout ThreadList) -> Bool {
        var stack = [pc]
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .match: return true
            case .jump(let to): stack.append(to)
            case .split(let a, let b):
                stack.append(b)
                stack.append(a)
            case .textStart: if position == 0 { stack.append(pc + 1) }
            case .textEnd:
                if position == scalars.count || (position == scalars.count - 1 && scalars[position] == "\n") {
                    stack.append(pc + 1)
                }
            case .wordBoundary(let wanted):
                let before = position > 0 && Self.isWord(scalars[position - 1])
                let after = position < scalars.count && Self.isWord(scalars[position])
                if (before != after) == wanted { stack.append(pc + 1) }
            case .scalar, .any, .set: break
            }
        }
        return false
    }

    /// The threads at one position: a sparse set, so a thread is added once and cleared in O(1).
    struct ThreadList {
        var dense: [Int]
        var sparse: [Int]
        var count = 0
        init(capacity: Int) {
            dense = [Int](repeating: 0, count: capacity)
            sparse = [Int](repeating: 0, count: capacity)
        }
        mutating func clear() { count = 0 }
        mutating func insert(_ pc: Int) -> Bool {
            let i = sparse[pc]
            if i < count && dense[i] == pc { return false }
            sparse[pc] = count
            dense[count] = pc
            count += 1
            return true
        }
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.properties.numericType == .decimal }
    static func isWord(_ s: Unicode.Scalar) -> Bool {
        s == "_" || s.properties.isAlphabetic || s.properties.numericType == .decimal
            || s.properties.generalCategory == .nonspacingMark
    }
    static func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }

    /// `s` and its simple lower and upper case forms.
    static func caseVariants(_ s: Unicode.Scalar) -> [Unicode.Scalar] {
        var out = [s]
        for mapped in [s.properties.lowercaseMapping, s.properties.uppercaseMapping] {
            let scalars = mapped.unicodeScalars
            if scalars.count == 1, let only = scalars.first, !out.contains(only) { out.append(only) }
        }
        return out
    }

    static func sameCaseless(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        a == b || caseVariants(a).contains(b)
    }
}

extension Pattern {
    /// A parsed pattern.
    indirect enum Node {
        case empty
        case scalar(Unicode.Scalar)
        case any
        case set(ScalarSet)
        case textStart, textEnd
        case wordBoundary(Bool)
        case concat([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    struct Parser {
        let s: [Unicode.Scalar]
        var i = 0
        var caseless = false
        var depth = 0

        init(_ s: [Unicode.Scalar]) { self.s = s }

        func fail(_ message: String) -> Failure { Failure(message: message) }

        mutating func parse() throws(Failure) -> Node {
            let node = try alternation()
            if i < s.count { throw fail("unmatched ')'") }
            return node
        }

        mutating func alternation() throws(Failure) -> Node {
            var branches = [try concatenation()]
            while i < s.count && s[i] == "|" {
                i += 1
                branches.append(try concatenation())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func concatenation() throws(Failure) -> Node {
            var items: [Node] = []
            while i < s.count && s[i] != "|" && s[i] != ")" {
                guard let atom = try atom() else { continue }
                items.append(try quantified(atom))
            }
            return items.count == 1 ? items[0] : items.isEmpty ? .empty : .concat(items)
        }

        mutating func quantified(_ atom: Node) throws(Failure) -> Node {
            var node = atom
            while i < s.count {
                var bounds: (Int, Int?)
                switch s[i] {
                case "*": bounds = (0, nil)
                case "+": bounds = (1, nil)
                case "?": bounds = (0, 1)
                case "{":
                    guard let counted = try counts() else { return node }
                    bounds = counted
                    i -= 1
                default: return node
                }
                i += 1
                // Lazy and possessive forms match the same texts.
                if i < s.count && (s[i] == "?" || s[i] == "+") { i += 1 }
                if case .repeated = node { throw fail("a quantifier follows a quantifier; group the first: (…)") }
                node = .repeated(node, min: bounds.0, max: bounds.1)
            }
            return node
        }

        /// `{n}`, `{n,}` or `{n,m}` at `i`, leaving `i` after it; nil (and `i` unchanged) when
        /// the brace is a literal.
        mutating func counts() throws(Failure) -> (Int, Int?)? {
            var j = i + 1
            func number(_ j: inout Int) -> Int? {
                var n = 0
                let start = j
                // safe: a failable parse
                while j < s.count, let d = s[j].properties.numericType == .decimal ? Int(String(s[j])) : nil {
                    n = min(n * 10 + d, 1_000_000)
                    j += 1
                }
                return j > start ? n : nil
            }
            guard let low = number(&j) else { return nil }
            var high: Int? = low
            if j < s.count && s[j] == "," {
                j += 1
                high = number(&j)
            }
            guard j < s.count && s[j] == "}" else { return nil }
            if let high, high < low { throw fail("{\(low),\(high)}: the larger count comes second") }
            if max(low, high ?? 0) > Pattern.countLimit {
                throw fail("a count above \(Pattern.countLimit) in {…}")
            }
            i = j + 1
            return (low, high)
        }

        mutating func atom() throws(Failure) -> Node? {
            let c = s[i]
            i += 1
            switch c {
            case "(":
                if i < s.count && s[i] == "?" {
                    i += 1
                    guard i < s.count else { throw fail("an unfinished group '(?'") }
                    if s[i] == ":" {
                        i += 1
                    } else if s[i] == "<" && i + 1 < s.count && s[i + 1] != "=" && s[i + 1] != "!" {
                        while i < s.count && s[i] != ">" { i += 1 }
                        guard i < s.count else { throw fail("an unfinished group name '(?<'") }
                        i += 1
                    } else if s[i] == "i" && i + 1 < s.count && s[i + 1] == ")" {
                        caseless = true
                        i += 2
                        return nil
                    } else if s[i] == "=" || s[i] == "!" || s[i] == "<" {
                        throw fail("lookaround '(?\(s[i])' is not supported (matching never backtracks)")
                    } else {
                        throw fail("'(?\(s[i])' is not supported: only (?:…), (?<name>…) and (?i) are")
                    }
                }
                depth += 1
                guard depth <= 200 else { throw fail("groups nested more than 200 deep") }
                let inner = try alternation()
                depth -= 1
                guard i < s.count && s[i] == ")" else { throw fail("a '(' without its ')'") }
                i += 1
                // Wrapped, so that a quantifier after the group repeats the group.
                return .concat([inner])
            case ")": throw fail("unmatched ')'")
            case "*", "+", "?": throw fail("'\(c)' has nothing before it to repeat")
            case ".": return .any
            case "^": return .textStart
            case "$": return .textEnd
            case "[": return .set(try set())
            case "\\": return try escape(inSet: false)
            default: return .scalar(c)
            }
        }

        /// After `[`: the set up to its `]`.
        mutating func set() throws(Failure) -> ScalarSet {
            var set = ScalarSet()
            if i < s.count && s[i] == "^" {
                set.negated = true
                i += 1
            }
            var first = true
            while true {
                guard i < s.count else { throw fail("a '[' without its ']'") }
                var c = s[i]
                if c == "]" && !first {
                    i += 1
                    return set
                }
                first = false
                i += 1
                if c == "[" && i < s.count && s[i] == ":" { throw fail("POSIX classes [:…:] are not supported") }
                if c == "\\" {
                    switch try escape(inSet: true) {
                    case .scalar(let scalar): c = scalar
                    case .set(let inner):
                        set.classes += inner.classes
                        continue
                    default: throw fail("an escape that is not a character in […]")
                    }
                }
                if i + 1 < s.count && s[i] == "-" && s[i + 1] != "]" {
                    i += 1
                    var end = s[i]
                    i += 1
                    if end == "\\" {
                        guard case .scalar(let scalar) = try escape(inSet: true) else {
                            throw fail("a class escape cannot end a range")
                        }
                        end = scalar
                    }
                    guard end.value >= c.value else { throw fail("the range \(c)-\(end) runs backwards") }
                    set.ranges.append(c.value...end.value)
                } else {
                    set.ranges.append(c.value...c.value)
                }
            }
        }

        /// After `\`.
        mutating func escape(inSet: Bool) throws(Failure) -> Node {
            guard i < s.count else { throw fail("a '\\' at the end of the pattern") }
            let c = s[i]
            i += 1
            func cls(_ k: ScalarSet.Class) -> Node { .set(ScalarSet(classes: [k])) }
            switch c {
            case "d": return cls(.digit)
            case "D": return cls(.notDigit)
            case "w": return cls(.word)
            case "W": return cls(.notWord)
            case "s": return cls(.space)
            case "S": return cls(.notSpace)
            case "b" where !inSet: return .wordBoundary(true)
            case "B" where !inSet: return .wordBoundary(false)
            case "t": return .scalar("\t")
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            case "f": return .scalar("\u{0C}")
            case "v": return .scalar("\u{0B}")
            case "0": return .scalar("\u{0}")
            case "e": return .scalar("\u{1B}")
            case "a": return .scalar("\u{07}")
            case "u", "x":
                var digits = ""
                if i < s.count && s[i] == "{" {
                    i += 1
                    while i < s.count && s[i] != "}" {
                        digits.unicodeScalars.append(s[i])
                        i += 1
                    }
                    guard i < s.count else { throw fail("'\\\(c){' without its '}'") }
                    i += 1
                } else {
                    let wanted = c == "u" ? 4 : 2
                    while digits.unicodeScalars.count < wanted && i < s.count {
                        digits.unicodeScalars.append(s[i])
                        i += 1
                    }
                }
                guard let v = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(v) else {  // safe: failable parses
                    throw fail("'\\\(c)\(digits)' is not a character")
                }
                return .scalar(scalar)
            case "1"..."9": throw fail("back-references (\\\(c)) are not supported (matching never backtracks)")
            default:
                if c.properties.isAlphabetic || c.properties.numericType != nil {
                    throw fail("'\\\(c)' is not a supported escape")
                }
                return .scalar(c)
            }
        }
    }

    struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) throws(Failure) {
            guard program.count < Pattern.programLimit else {
                throw Failure(message: "the pattern is too large once its counts are spelled out")
            }
            switch node {
            case .empty: break
            case .scalar(let c): program.append(.scalar(c))
            case .any: program.append(.any)
            case .set(let set): program.append(.set(set))
            case .textStart: program.append(.textStart)
            case .textEnd: program.append(.textEnd)
            case .wordBoundary(let b): program.append(.wordBoundary(b))
            case .concat(let items): for item in items { try emit(item) }
            case .alternation(let branches):
                var jumps: [Int] = []
                for (k, branch) in branches.enumerated() {
                    if k < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, 0))
                        try emit(branch)
                        jumps.append(program.count)
                        program.append(.jump(0))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for j in jumps { program[j] = .jump(program.count) }
            case .repeated(let inner, let low, let high):
                for _ in 0..<low { try emit(inner) }
                if let high {
                    // Each optional copy may be skipped to the end.
                    var splits: [Int] = []
                    for _ in low..<high {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, 0))
                        try emit(inner)
                    }
                    for k in splits { program[k] = .split(k + 1, program.count) }
                } else {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    try emit(inner)
                    program.append(.jump(split))
                    program[split] = .split(split + 1, program.count)
                }
            }
        }
    }
}
