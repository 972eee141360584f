import PlaceFormats
import PlaceKit
import PlaceStorage

/// One side of an expectation: a literal or a state path, and where it was written.
public enum Operand: Sendable {
    case literal(Value)
    case path(StatePath)
}

/// The comparison of an expectation.
public enum ExpectOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case approximately = "~="
    case contains = "contains"
    case notContains = "!contains"
    case matches = "matches"
    case notMatches = "!matches"
    /// A position within a distance of another: `expect location near -33.87,151.2 within 10m`.
    case near = "near"
}

extension ExpectOperator {
    /// The operator written as `text`; the common comparisons are found without a string search.
    static func named(_ text: String) -> ExpectOperator? {
        let utf8 = text.utf8
        if utf8.count == 2 {
            let first = utf8[utf8.startIndex]
            let second = utf8[utf8.index(after: utf8.startIndex)]
            if second == 0x3D {  // '='
                switch first {
                case 0x3D: return .equal
                case 0x21: return .notEqual
                case 0x3C: return .lessOrEqual
                case 0x3E: return .greaterOrEqual
                case 0x7E: return .approximately
                default: return nil
                }
            }
        } else if utf8.count == 1 {
            switch utf8[utf8.startIndex] {
            case 0x3C: return .less
            case 0x3E: return .greater
            default: return nil
            }
        }
        return ExpectOperator(rawValue: text)
    }
}

/// `expect LHS [OP RHS [within TOLERANCE]]`, parsed and checked before the script runs. A class,
/// so that a bound command stays small.
public final class Expectation: @unchecked Sendable {
    public var lhs: Operand
    public var op: ExpectOperator?
    public var rhs: Operand?
    public var tolerance: Quantity?
    /// Where the tolerance was written.
    var toleranceOffset = 0
    var toleranceLength = 0
    /// Where the expression is written in its source (for messages, rebuilt only on failure).
    var textOffset: Int
    var textEnd: Int
    /// The compiled pattern when `matches` has a literal right-hand side.
    var regex: Pattern?
    var rhsOffset: Int
    var rhsLength: Int

    init(lhs: Operand, textOffset: Int, textEnd: Int) {
        self.lhs = lhs
        self.textOffset = textOffset
        self.textEnd = textEnd
        self.rhsOffset = 0
        self.rhsLength = 0
    }

    /// Moves the expectation `delta` bytes further on in its source (its locations move; a
    /// right-hand side or a tolerance not written has none).
    func move(by delta: Int) {
        textOffset += delta
        textEnd += delta
        if tolerance != nil { toleranceOffset += delta }
        if rhs != nil { rhsOffset += delta }
    }

    /// The same expectation written `delta` bytes further on in its source.
    func moved(by delta: Int) -> Expectation {
        let moved = Expectation(lhs: lhs, textOffset: textOffset, textEnd: textEnd)
        moved.op = op
        moved.rhs = rhs
        moved.tolerance = tolerance
        moved.toleranceOffset = toleranceOffset
        moved.toleranceLength = toleranceLength
        moved.regex = regex
        moved.rhsOffset = rhsOffset
        moved.rhsLength = rhsLength
        moved.move(by: delta)
        return moved
    }

    /// The tolerance `~=` uses when the script gives none (absolute, in the values' unit).
    public static let defaultTolerance = 1e-6

    /// Why a tolerance with a unit does not fit values of `dimension` (a length for degrees,
    /// metres for seconds), or nil when it fits. A value without a unit takes a tolerance without
    /// one: `within 5m` is not read as 5 of something else.
    static func misfit(tolerance: Quantity, values dimension: Dimension) -> (message: String, help: String)? {
        guard tolerance.dimension != .none, dimension != tolerance.dimension else { return nil }
        let shown = formatNumber(tolerance.value)
        if dimension == .none {
            return (
                "the tolerance is \(tolerance.dimension.noun) but the value is a plain number",
                "give the tolerance as a plain number, in the value's own unit (latitude and longitude are degrees: within 0.00005 is about 5 m)"
            )
        }
        let help = "give the tolerance as \(dimension.noun), or as a plain number (within \(shown)) in the value's unit"
        return ("the tolerance is \(tolerance.dimension.noun) but the value is \(dimension.noun)", help)
    }
}

/// The argument type of `expect`: the rest of the line as an expression.
let expectationType = ArgType(usage: "EXPRESSION", isGreedy: true) { (cursor: inout TokenCursor) throws(Diagnostic) in
    let tokens = cursor.tokens[cursor.index...]
    cursor.index = cursor.tokens.count
    return .expectation(try parseExpectation(tokens, cursor: cursor))
}

private func parseExpectation(_ tokens: ArraySlice<Token>, cursor: TokenCursor) throws(Diagnostic) -> Expectation {
    func operand(_ token: Token) throws(Diagnostic) -> Operand {
        let loc = cursor.location(of: token)
        if token.isQuoted { return .literal(.string(token.text)) }
        // Only words that start with a letter can be keywords (and numbers never do).
        if let first = token.text.utf8.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A {
            switch token.text {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "nil": return .literal(.null)
            default: break
            }
        }
        switch parseQuantity(token.text) {
        case .success(let q): return .literal(.number(q.value, q.dimension))
        case .failure(.outOfRange):
            throw .syntax("number '\(token.text)' is out of range", at: loc)
        case .failure(.unknownUnit(let unit, let offset)):
            throw .syntax(
                "unknown unit '\(unit)' in '\(token.text)'",
                at: SourceLocation(source: loc.source, offset: token.offset + offset, length: unit.utf8.count),
                help: "units are " + knownUnits.map(\.symbol).joined(separator: ", "))
        case .failure(.notANumber):
            break
        }
        switch StatePath.parse(token.text) {
        case .success(let path):
            guard cursor.table.stateRoot(named: path.root) != nil else {
                var help = "to compare with text, quote it: \"\(token.text)\""
                if let near = suggestion(for: path.root, among: cursor.table.stateRootNames) { help += " — or " + near }
                throw .syntax("no state path '\(path.root)'", at: loc, help: help)
            }
            return .path(path)
        case .failure(let e):
            throw .syntax(
                "'\(token.text)' is neither a value nor a state path: \(e.message)",
                at: SourceLocation(source: loc.source, offset: token.offset + (token.isVerbatim ? e.offset : 0)),
                help: "quote text (\"…\"); write numbers as 15, 50m or -33.87")
        }
    }
    let base = tokens.startIndex
    guard let first = tokens.first else {
        throw .syntax("'expect' needs something to check", at: nil, help: "expect camera.zoom == 15")
    }
    let lastToken = tokens[tokens.endIndex - 1]
    // A bare word that is one of the values the other side can take is that value: in
    // `expect app.screen == map`, "map", not the state path `map`.
    func choices(_ token: Token) -> [String] {
        // A state path starts with a letter or '_': a number or a sign is never one.
        guard !token.isQuoted, let start = token.text.utf8.first,
            (start | 0x20) >= 0x61 && (start | 0x20) <= 0x7A || start == 0x5F,
            case .success(let path) = StatePath.parse(token.text),
            case .success(let shape) = cursor.table.shape(of: path),
            case .words(let words) = shape.unwrapped
        else { return [] }
        return words
    }
    func operand(_ token: Token, other: Token?) throws(Diagnostic) -> Operand {
        if let other, !token.isQuoted, choices(other).contains(token.text) { return .literal(.string(token.text)) }
        return try operand(token)
    }
    // `[` as the source has it (not quoted, not from an argument) opens a list of literals.
    func opensList(_ token: Token) -> Bool {
        cursor.source.bytes.indices.contains(token.offset) && cursor.source.bytes[token.offset] == 0x5B
    }
    var opIndex = base + 1
    let lhs: Operand
    if opensList(first) {
        let (list, end) = try listLiteral(tokens, from: base, cursor: cursor, operand: operand)
        lhs = .literal(list)
        opIndex = end
    } else {
        let second = tokens.count >= 3 ? tokens[base + 2] : nil
        lhs = try operand(first, other: second)
    }
    let expectation = Expectation(lhs: lhs, textOffset: first.offset, textEnd: lastToken.offset + lastToken.length)
    if opIndex >= tokens.endIndex { return expectation }
    let opToken = tokens[opIndex]
    guard !opToken.isQuoted, let op = ExpectOperator.named(opToken.text) else {
        let names = ExpectOperator.allCases.map(\.rawValue)
        var help = "operators: " + names.joined(separator: " ")
        if opToken.text == "=" { help = "did you mean '=='?" }
        if opToken.text == "within" { help = "'within' follows '~=': expect PATH ~= VALUE within TOLERANCE" }
        throw .syntax("expected an operator, found '\(opToken.text)'", at: cursor.location(of: opToken), help: help)
    }
    expectation.op = op
    guard opIndex + 1 < tokens.endIndex else {
        throw .syntax(
            "'\(op.rawValue)' needs a value on its right", at: cursor.location(of: opToken),
            help: "expect \(first.text) \(op.rawValue) VALUE")
    }
    let rhsToken = tokens[opIndex + 1]
    var afterRHS = opIndex + 2
    if op == .near {
        // The other position: a state path, a preset's name or a coordinate as `locate` takes it.
        var c = cursor
        c.index = opIndex + 1
        expectation.rhs = try nearTarget(&c)
        afterRHS = c.index
    } else if opensList(rhsToken) {
        let (list, end) = try listLiteral(tokens, from: opIndex + 1, cursor: cursor, operand: operand)
        expectation.rhs = .literal(list)
        afterRHS = end
    } else {
        expectation.rhs = try operand(rhsToken, other: first)
    }
    expectation.rhsOffset = rhsToken.offset
    let rhsLast = tokens[afterRHS - 1]
    expectation.rhsLength = rhsLast.offset + rhsLast.length - rhsToken.offset
    if op == .matches || op == .notMatches, case .literal(.string(let pattern)) = expectation.rhs {
        do {
            expectation.regex = try Pattern(pattern)
        } catch {
            throw .syntax(
                "'\(pattern)' is not a valid regular expression: \(error.message)", at: cursor.location(of: rhsToken))
        }
    }
    var rest = tokens[afterRHS...]
    if op == .near, rest.first?.text != "within" || rest.first?.isQuoted == true {
        throw .syntax(
            "'near' needs a distance: … within DISTANCE",
            at: rest.first.map(cursor.location(of:)) ?? cursor.location(of: rhsLast),
            help: "expect \(first.text) near \(rhsToken.text) within 10m")
    }
    if let word = rest.first {
        guard word.text == "within", !word.isQuoted else {
            throw .syntax("unexpected '\(word.text)' after the expectation", at: cursor.location(of: word))
        }
        guard op == .approximately || op == .equal || op == .near else {
            throw .syntax(
                "'within' applies to '~=' only", at: cursor.location(of: word),
                help: "expect \(first.text) ~= \(rhsToken.text) within \(rest.dropFirst().first?.text ?? "TOLERANCE")")
        }
        rest = rest.dropFirst()
        guard let tolToken = rest.first else {
            throw .syntax("'within' needs a tolerance", at: cursor.location(of: word), help: "… within 1e-6")
        }
        guard case .success(let q) = parseQuantity(tolToken.text), q.value >= 0 else {
            throw .syntax(
                "'\(tolToken.text)' is not a tolerance (a number not below 0, optionally with a unit)",
                at: cursor.location(of: tolToken))
        }
        expectation.tolerance = q
        expectation.toleranceOffset = tolToken.offset
        expectation.toleranceLength = tolToken.length
        if op == .equal { expectation.op = .approximately }
        if op == .near && q.dimension != .length {
            throw .syntax(
                "the distance of 'near' is a length, not \(q.dimension == .none ? "a plain number" : q.dimension.noun)",
                at: cursor.location(of: tolToken), help: "… within \(formatNumber(q.value))m")
        }
        // A literal with a unit says what the values are: a tolerance of another unit never fits.
        for case .literal(.number(_, let d)) in [expectation.lhs, expectation.rhs] where d != .none {
            if let why = Expectation.misfit(tolerance: q, values: d) {
                throw .syntax(why.message, at: cursor.location(of: tolToken), help: why.help)
            }
        }
        if let extra = rest.dropFirst().first {
            throw .syntax("unexpected '\(extra.text)' after the tolerance", at: cursor.location(of: extra))
        }
    }
    return expectation
}

/// A list literal, `["restaurant", "cafe"]`, `[1, 2.5km]`, `[]`, written over the tokens from
/// `start`: its items are literals as an expectation writes them (quoted text, numbers with
/// units, true, false, nil), separated by commas. Returns the list and the index of the token
/// after it. The items are lexed by the script's own lexer, so quotes, escapes and script
/// arguments work inside them as anywhere.
private func listLiteral(
    _ tokens: ArraySlice<Token>, from start: Int, cursor: TokenCursor,
    operand: (Token) throws(Diagnostic) -> Operand
) throws(Diagnostic) -> (Value, Int) {
    let bytes = cursor.source.bytes
    // Every byte of the source blanked but the items' own: the lexer then reads just the items,
    // each where it stands, so its place in a message is its place in the script.
    var items = [UInt8](repeating: 0x20, count: bytes.count)
    var index = start
    var closed = false
    var expectingItem = true
    var separators: [Int] = []
    let open = tokens[start].offset
    func at(_ offset: Int, _ length: Int = 1) -> SourceLocation {
        SourceLocation(source: cursor.source, offset: offset, length: length)
    }
    while index < tokens.endIndex && !closed {
        let token = tokens[index]
        var i = token.offset
        let end = token.offset + token.length
        var quote: UInt8? = nil
        while i < end {
            let b = bytes[i]
            var itemHasBytes = false
            if let q = quote {
                items[i] = b
                if q == 0x22 && b == 0x5C && i + 1 < end {  // an escape inside double quotes
                    items[i + 1] = bytes[i + 1]
                    expectingItem = false
                    i += 2
                    continue
                }
                if b == q { quote = nil }
                itemHasBytes = true
            } else if i == open {
                // the opening bracket
            } else if b == 0x27 || b == 0x22 {
                quote = b
                items[i] = b
                itemHasBytes = true
            } else if b == 0x5C && i + 1 < end {
                items[i] = b
                items[i + 1] = bytes[i + 1]
                expectingItem = false
                i += 2
                continue
            } else if b == 0x2C {  // ,
                if expectingItem { throw .syntax("a list item is missing before ','", at: at(i)) }
                separators.append(i)
                expectingItem = true
            } else if b == 0x5D {  // ]
                if expectingItem && !separators.isEmpty {
                    throw .syntax("a list item is missing after ','", at: at(i))
                }
                guard i == end - 1 else {
                    throw .syntax("unexpected text after ']'", at: at(i + 1, end - i - 1))
                }
                closed = true
            } else {
                items[i] = b
                itemHasBytes = true
            }
            if itemHasBytes { expectingItem = false }
            i += 1
        }
        index += 1
    }
    guard closed else {
        throw .syntax("'[' opens a list that has no ']'", at: at(open), help: "write a list as [\"a\", \"b\"]")
    }
    let source = SourceText(
        name: cursor.source.name, bytes: items, firstLine: cursor.source.firstLine, arguments: cursor.source.arguments)
    var lexer = Lexer(source: source)
    var words: [Token] = []
    if case .commands(let commands) = try lexer.lex() { words = commands.flatMap(\.tokens) }
    // Each item one word: a word that follows another without a comma between them is an error.
    var values: [Value] = []
    for (k, word) in words.enumerated() {
        if k > 0, !separators.contains(where: { $0 > words[k - 1].offset && $0 < word.offset }) {
            throw .syntax(
                "list items are separated by commas", at: at(word.offset, word.length), help: "[\"a\", \"b\"]")
        }
        switch try operand(word) {
        case .literal(let value): values.append(value)
        case .path:
            throw .syntax(
                "a list holds values, not state paths: '\(word.text)'", at: at(word.offset, word.length),
                help: "quote text: \"\(word.text)\"")
        }
    }
    return (.list(values), index)
}

/// The right side of `near`: a state path that names a position (`likely[1]`), a preset's name
/// (`sydney`), or a coordinate written as `locate` takes it (`-33.87,151.2`, `-33.87 151.2`).
private func nearTarget(_ c: inout TokenCursor) throws(Diagnostic) -> Operand {
    guard let token = c.current else { throw .syntax("'near' needs a position on its right", at: nil) }
    if !token.isQuoted, let preset = LocationPreset.named(token.text) {
        c.index += 1
        return .literal(positionValue(preset.coordinate.latitude, preset.coordinate.longitude))
    }
    if !token.isQuoted, let first = token.text.unicodeScalars.first, first.properties.isAlphabetic,
        case .success(let path) = StatePath.parse(token.text)
    {
        guard c.table.stateRoot(named: path.root) != nil else {
            throw .syntax(
                "'\(token.text)' is neither a state path nor a preset", at: c.location(of: token),
                help: suggestion(for: token.text, among: c.table.stateRootNames + LocationPreset.all.map(\.name))
                    ?? "write a position as LAT,LNG, a preset's name or a path such as likely[1]")
        }
        c.index += 1
        return .path(path)
    }
    guard case .coordinate(let point) = try ArgType.coordinate.read(&c) else {
        throw .syntax("'near' needs a position on its right", at: c.location(of: token))
    }
    return .literal(positionValue(point.latitude, point.longitude))
}

private func positionValue(_ latitude: Double, _ longitude: Double) -> Value {
    .record([Value.Field("latitude", .number(latitude)), Value.Field("longitude", .number(longitude))])
}

/// The position a value names, when it is a valid one: a record with a latitude within ±90
/// and a longitude within ±180.
private func position(of value: Value) -> GeoPoint? {
    guard let p = rawPosition(of: value), (-90...90).contains(p.latitude), (-180...180).contains(p.longitude) else {
        return nil
    }
    return p
}

/// The latitude and longitude a record holds, valid or not.
private func rawPosition(of value: Value) -> GeoPoint? {
    guard case .record(let fields) = value,
        case .number(let lat, _)? = fields.first(where: { $0.name == "latitude" })?.value,
        case .number(let lng, _)? = fields.first(where: { $0.name == "longitude" })?.value
    else { return nil }
    return GeoPoint(latitude: lat, longitude: lng)
}

extension Shell {
    /// The error of a tolerance whose unit does not fit the value a path names (`within 5m` for
    /// a latitude), found from the schema's dimensions before the script runs; nil when it fits
    /// or the value's unit is not known.
    func toleranceError(_ e: Expectation) -> (message: String, help: String)? {
        guard let tolerance = e.tolerance, tolerance.dimension != .none else { return nil }
        var dimensions: [Dimension] = []
        for operand in [e.lhs, e.rhs] {
            switch operand {
            case .literal(.number(_, let d))?: dimensions.append(d)
            case .path(let path)?:
                guard case .success(let shape) = self.shape(of: path), case .number(let d) = shape.unwrapped
                else { return nil }  // unknown until it runs
                dimensions.append(d)
            default: return nil
            }
        }
        let known = dimensions.filter { $0 != .none }
        for d in known.isEmpty ? [.none] : known {
            if let why = Expectation.misfit(tolerance: tolerance, values: d) { return why }
        }
        return nil
    }
}

extension Shell {
    /// The error of a number with a unit compared with a path whose values have another (a
    /// count with a duration: `stats.locationUpdates == 1s`, a zoom level with a length), found
    /// from the schema before the script runs: such a comparison would hold or fail on the
    /// number alone, whatever the unit says. Nil when the units fit or are not known.
    func unitError(_ e: Expectation) -> (message: String, help: String, offset: Int, length: Int)? {
        guard let op = e.op, op != .contains, op != .notContains, op != .matches, op != .notMatches, op != .near,
            let rhs = e.rhs
        else { return nil }
        for (pathSide, literalSide, literalAt) in [
            (e.lhs, rhs, (e.rhsOffset, e.rhsLength)), (rhs, e.lhs, (e.textOffset, e.textEnd - e.textOffset)),
        ] {
            guard case .path(let path) = pathSide, case .literal(.number(let value, let unit)) = literalSide,
                unit != .none, case .success(let shape) = self.shape(of: path), case .number(let d) = shape.unwrapped,
                d != unit
            else { continue }
            let written = formatQuantity(value, unit)
            if d == .none {
                return (
                    "'\(path)' is a plain number, but \(written) is \(unit.noun)",
                    "compare it with a plain number: expect \(path) \(op.rawValue) \(formatNumber(value))",
                    literalAt.0, literalAt.1
                )
            }
            return (
                "cannot compare \(d.noun) with \(unit.noun): '\(path)' is \(d.noun)",
                "write the value as \(d.noun), e.g. in \(d.baseUnit)", literalAt.0, literalAt.1
            )
        }
        return nil
    }
}

/// The kind of a value an expectation compares, as the schema or a literal tells it.
enum ValueKind: Equatable, CustomStringConvertible {
    case bool, number, text, record
    /// A list whose items are of a kind (nil: not known, or an empty literal).
    indirect case list(ValueKind?)

    var description: String {
        switch self {
        case .bool: return "a boolean"
        case .number: return "a number"
        case .text: return "text"
        case .record: return "a record"
        case .list(let element?): return "a list of " + element.plural
        case .list(nil): return "a list"
        }
    }

    var plural: String {
        switch self {
        case .bool: return "booleans"
        case .number: return "numbers"
        case .text: return "text"
        case .record: return "records"
        case .list: return "lists"
        }
    }

    /// Whether values of the two kinds can be equal.
    func fits(_ other: ValueKind) -> Bool {
        switch (self, other) {
        case (.list(let a?), .list(let b?)): return a.fits(b)
        case (.list, .list): return true
        default: return self == other
        }
    }

    init?(_ shape: StateShape) {
        switch shape.unwrapped {
        case .bool: self = .bool
        case .number: self = .number
        case .text, .words: self = .text
        case .record, .named: self = .record
        case .lines: self = .list(.text)
        case .list(let element, _): self = .list(ValueKind(element))
        case .optional: return nil
        }
    }

    init?(_ value: Value) {
        switch value {
        case .null: return nil
        case .bool: self = .bool
        case .number: self = .number
        case .string: self = .text
        case .record: self = .record
        case .list(let items): self = .list(items.first.flatMap { ValueKind($0) })
        }
    }
}

extension Shell {
    /// The error of an expectation that compares values of kinds that can never be equal (a
    /// count with text: `markers.count != "1"` would always hold), expects nil of a path that is
    /// never nil (`clock != nil`), or checks as a boolean a value that is not one; found from
    /// the schema before the script runs. Nil when the kinds fit or are not known.
    func kindError(_ e: Expectation) -> (message: String, help: String?, offset: Int, length: Int)? {
        func kind(_ operand: Operand) -> ValueKind? {
            switch operand {
            case .literal(let value): return ValueKind(value)
            case .path(let path):
                guard case .success(let shape) = self.shape(of: path) else { return nil }
                return ValueKind(shape)
            }
        }
        let lhsAt = (e.textOffset, max(1, e.lhs.written.utf8.count))
        guard let op = e.op, let rhs = e.rhs else {
            // `expect PATH` alone checks a boolean.
            if case .path(let path) = e.lhs, let k = kind(e.lhs), k != .bool {
                return (
                    "'\(path)' is \(k), not a boolean: 'expect \(path)' alone checks that a boolean is true",
                    "compare it: expect \(path) == VALUE", lhsAt.0, lhsAt.1
                )
            }
            return nil
        }
        let rhsAt = (e.rhsOffset, max(1, e.rhsLength))
        // nil of a path that is never nil.
        for (side, other) in [(e.lhs, rhs), (rhs, e.lhs)] {
            if case .path(let path) = side, case .literal(.null) = other,
                case .success(let shape) = self.shape(of: path),
                !shape.isOptional, op == .equal || op == .notEqual
            {
                return (
                    "'\(path)' is never nil: it is \(ValueKind(shape)?.description ?? "always there")",
                    op == .notEqual ? "it always holds; check its value instead" : "check its value instead", rhsAt.0,
                    rhsAt.1
                )
            }
        }
        guard let left = kind(e.lhs) else { return nil }
        let right = kind(rhs)
        func mismatch(_ wanted: String, _ found: ValueKind) -> (String, String?, Int, Int) {
            var help: String? = nil
            if found == .text, left == .number || left == .bool {
                help = "write the value without quotes"
            } else if left == .text, found == .bool || found == .number {
                help = "quote the value: \"\(rhs.written)\""
                if case .path(let path) = e.lhs, case .success(let shape) = self.shape(of: path),
                    case .words(let words) = shape.unwrapped
                {
                    help = "it is one of: " + words.joined(separator: ", ")
                }
            }
            return (
                "'\(e.lhs.written)' is \(left), but \(rhs.written) is \(found): they are never \(wanted == "" ? "equal" : "comparable")",
                help, rhsAt.0, rhsAt.1
            )
        }
        switch op {
        case .equal, .notEqual:
            if let right, !left.fits(right) { return mismatch("", right) }
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .approximately:
            if left != .number {
                return ("'\(op.rawValue)' compares numbers; '\(e.lhs.written)' is \(left)", nil, lhsAt.0, lhsAt.1)
            }
            if let right, right != .number { return mismatch("a number", right) }
        case .contains, .notContains:
            guard let right else { return nil }
            switch left {
            case .text:
                if right != .text { return mismatch("text", right) }
            case .list(let element?):
                // Records are found by their name (text), or whole.
                let fitsElement =
                    element.fits(right) || (element == .record && right == .text && listKey(of: e.lhs) != nil)
                if !fitsElement {
                    return (
                        "'\(e.lhs.written)' holds \(element.plural), but \(rhs.written) is \(right): it is never in it",
                        element == .record
                            ? "compare a member of each: expect \(e.lhs.written)[*].MEMBER \(op.rawValue) \(rhs.written)"
                            : nil,
                        rhsAt.0, rhsAt.1
                    )
                }
            case .list(nil):
                break
            default:
                return (
                    "'\(op.rawValue)' looks in text or a list; '\(e.lhs.written)' is \(left)", nil, lhsAt.0, lhsAt.1
                )
            }
        case .matches, .notMatches:
            switch left {
            case .text, .list(.text?), .list(nil): break
            case .list(.record?) where listKey(of: e.lhs) != nil: break
            default:
                return ("'\(op.rawValue)' looks in text; '\(e.lhs.written)' is \(left)", nil, lhsAt.0, lhsAt.1)
            }
        case .near:
            break
        }
        return nil
    }
}

/// How an expectation came out.
public enum ExpectOutcome {
    case passed
    case failed(Diagnostic)
}

extension Shell {
    func evaluate(_ operand: Operand) -> Result<Value, PathError> {
        switch operand {
        case .literal(let value): return .success(value)
        case .path(let path): return resolve(path).map { $0.materialize() }
        }
    }

    /// Checks an expectation against the current state.
    public func check(_ e: Expectation, at location: SourceLocation) -> ExpectOutcome {
        var text: String {
            let bytes = location.source.bytes
            let end = min(e.textEnd, bytes.count)
            return String(decoding: bytes[min(e.textOffset, end)..<end], as: UTF8.self)
        }
        func fail(_ message: String, help: String? = nil, notes: [String] = [], details: [Value.Field] = [])
            -> ExpectOutcome
        {
            // The lines a person reads, for programs too: `"expected": null` alone cannot say
            // "not nil", "expectedText" can.
            var details = details
            for (prefix, name) in [("expected: ", "expectedText"), ("actual:   ", "actualText")] {
                if let note = notes.first(where: { $0.hasPrefix(prefix) }) {
                    details.append(Value.Field(name, .string(String(note.dropFirst(prefix.count)))))
                }
            }
            return .failed(Diagnostic(.runtime, message, at: location, help: help, notes: notes, details: details))
        }
        let lhs: Value
        switch evaluate(e.lhs) {
        case .success(let v): lhs = v
        case .failure(let err): return fail(err.message, help: err.help)
        }
        guard let op = e.op, let rhsOperand = e.rhs else {
            switch lhs {
            case .bool(true): return .passed
            case .bool(false), .null:
                return fail(
                    "expectation failed: \(text)", notes: ["actual:   \(formatLiteral(lhs))"],
                    details: [Value.Field("actual", lhs)])
            default:
                return fail(
                    "'\(text)' is \(lhs.kindName), not true or false",
                    help: "compare it: expect \(text) == \(formatLiteral(lhs))")
            }
        }
        let rhs: Value
        switch evaluate(rhsOperand) {
        case .success(let v): rhs = v
        case .failure(let err): return fail(err.message, help: err.help)
        }
        let failure = {
            (expected: String, note: String?) -> ExpectOutcome in
            var notes = ["expected: \(expected)", "actual:   \(formatLiteral(lhs))"]
            if let note { notes.append(note) }
            var details = [
                Value.Field("operator", .string(op.rawValue)), Value.Field("expected", rhs), Value.Field("actual", lhs),
            ]
            if case .path(let p) = e.lhs { details.insert(Value.Field("path", .string(p.description)), at: 0) }
            return fail("expectation failed: \(text)", notes: notes, details: details)
        }
        // A path that is nil (nothing there: no app running, no fix yet) matches only the literal
        // nil; compared with anything else, a value or another nil path, the expectation fails
        // and says why, so that `expect app.screen == map` never passes with no app.
        for (operand, value, other) in lhs == .null || rhs == .null
            ? [(e.lhs, lhs, rhsOperand), (rhsOperand, rhs, e.lhs)] : []
        {
            guard case .path(let path) = operand, value == .null else { continue }
            if case .literal(.null) = other { break }
            let cause = nilCause(path).map { " (\($0))" } ?? ""
            // What the other side wanted, as a person reads it.
            let wanted = value == lhs ? rhs : lhs
            let expected = (op == .equal ? "" : op.rawValue + " ") + formatLiteral(wanted)
            return fail(
                "expectation failed: \(text): \(path) is nil\(cause)",
                help: "a nil path matches only nil; to expect nothing there: expect \(path) == nil",
                notes: ["expected: \(expected)", "actual:   nil"],
                details: [Value.Field("path", .string(path.description)), Value.Field("actual", .null)])
        }
        // Numbers of different dimensions never compare: that is a mistake in the script.
        if case .number(_, let d1) = lhs, case .number(_, let d2) = rhs, d1 != .none, d2 != .none, d1 != d2 {
            return fail("cannot compare \(d1.noun) with \(d2.noun) in '\(text)'")
        }
        switch op {
        case .near:
            // A coordinate the app never fetched is kCLLocationCoordinate2DInvalid (-180, -180):
            // no position at all, not a point of the map.
            for (operand, value) in [(e.lhs, lhs), (rhsOperand, rhs)] {
                if let p = rawPosition(of: value),
                    !(-90...90).contains(p.latitude) || !(-180...180).contains(p.longitude)
                {
                    return fail(
                        "'near' compares positions; \(operand.written) is not one: \(formatFixed(p.latitude, decimals: 6)), \(formatFixed(p.longitude, decimals: 6)) is kCLLocationCoordinate2DInvalid (the coordinate was not fetched)",
                        help: "request the coordinate field (fields +coordinate)")
                }
            }
            guard let a = position(of: lhs) else {
                return fail(
                    "'near' compares positions; \(e.lhs.written) is \(lhs.kindName) without a latitude and longitude")
            }
            guard let b = position(of: rhs) else {
                return fail(
                    "'near' compares positions; \(rhsOperand.written) is \(rhs.kindName) without a latitude and longitude"
                )
            }
            let within = e.tolerance?.value ?? 0
            let apart = distance(a, b)
            if apart <= within { return .passed }
            // The distance as the script wrote it (100km, not 100000m).
            let bytes = location.source.bytes
            let end = min(e.toleranceOffset + e.toleranceLength, bytes.count)
            let written = String(decoding: bytes[min(e.toleranceOffset, end)..<end], as: UTF8.self)
            var notes = [
                "expected: within \(written.isEmpty ? formatQuantity(within, .length) : written) of \(formatFixed(b.latitude, decimals: 6)), \(formatFixed(b.longitude, decimals: 6))",
                "actual:   \(formatFixed(a.latitude, decimals: 6)), \(formatFixed(a.longitude, decimals: 6)), \(formatDistance(apart)) away",
            ]
            if case .path(let p) = rhsOperand { notes[0] += " (\(p))" }
            var details = [
                Value.Field("operator", .string(op.rawValue)), Value.Field("expected", rhs), Value.Field("actual", lhs),
                Value.Field("distance", .number(apart, .length)), Value.Field("within", .number(within, .length)),
            ]
            if case .path(let p) = e.lhs { details.insert(Value.Field("path", .string(p.description)), at: 0) }
            return fail("expectation failed: \(text)", notes: notes, details: details)
        case .equal, .notEqual:
            // Values of two kinds are never equal: '!=' between them would hold whatever they are.
            if let a = ValueKind(lhs), let b = ValueKind(rhs), !a.fits(b) {
                return fail(
                    "cannot compare \(a) with \(b) in '\(text)'",
                    notes: [
                        "expected: \(op == .notEqual ? "not " : "")\(formatLiteral(rhs))",
                        "actual:   \(formatLiteral(lhs))",
                    ])
            }
            let same = valuesEqual(lhs, rhs)
            if same == (op == .equal) { return .passed }
            var note: String? = nil
            if !sameKind(lhs, rhs) {
                note = "note: the actual value is \(lhs.kindName), the expected one \(rhs.kindName)"
            }
            return failure((op == .notEqual ? "not " : "") + formatLiteral(rhs), note)
        case .approximately:
            guard case .number(let a, _) = lhs, case .number(let b, _) = rhs else {
                return fail("'~=' compares numbers; '\(text)' has \(lhs.kindName) and \(rhs.kindName)")
            }
            if let t = e.tolerance, t.dimension != .none {
                // Values without a unit take the other side's; both without one cannot take a unit.
                let dimensions = [lhs, rhs].compactMap { v -> Dimension? in
                    if case .number(_, let d) = v, d != .none { return d }
                    return nil
                }
                for d in dimensions.isEmpty ? [.none] : dimensions {
                    if let why = Expectation.misfit(tolerance: t, values: d) {
                        return fail("in '\(text)' " + why.message, help: why.help)
                    }
                }
            }
            let tolerance = e.tolerance?.value ?? Expectation.defaultTolerance
            if withinTolerance(abs(a - b), tolerance, scale: max(abs(a), abs(b))) { return .passed }
            return failure(
                "\(formatLiteral(rhs)) ± \(formatNumber(tolerance))", "off by \(formatDifference(abs(a - b)))")
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .number(let a, _) = lhs, case .number(let b, _) = rhs else {
                return fail(
                    "'\(op.rawValue)' compares numbers; '\(text)' has \(lhs.kindName) and \(rhs.kindName)")
            }
            let ok: Bool
            switch op {
            case .less: ok = a < b
            case .lessOrEqual: ok = a <= b
            case .greater: ok = a > b
            default: ok = a >= b
            }
            return ok ? .passed : failure("\(op.rawValue) \(formatLiteral(rhs))", nil)
        case .contains, .notContains, .matches, .notMatches:
            let matching = op == .matches || op == .notMatches
            var regex = e.regex
            if matching {
                guard case .string(let pattern) = rhs else {
                    return fail("'matches' needs a regular expression in text; '\(text)' has \(rhs.kindName)")
                }
                if regex == nil {
                    do { regex = try Pattern(pattern) } catch {
                        return fail("'\(pattern)' is not a valid regular expression: \(error.message)")
                    }
                }
            }
            // What is compared: the text itself, or each element of a list; an element that is
            // a record by its key member (a place's name, a marker's title), unless the value
            // is a whole record.
            var elements: [Value]
            var shownPath: String? = nil
            switch lhs {
            case .string:
                elements = [lhs]
            case .list(let items):
                elements = items
                let hasRecords = items.contains { if case .record = $0 { return true } else { return false } }
                if hasRecords, !(op == .contains || op == .notContains) || !isRecord(rhs) {
                    guard let key = listKey(of: e.lhs) else {
                        return fail(
                            "'\(e.lhs.written)' holds records, which have no name to compare with \(formatLiteral(rhs))",
                            help:
                                "compare a member of each: expect \(e.lhs.written)[*].MEMBER \(op.rawValue) \(formatLiteral(rhs))"
                        )
                    }
                    elements = items.map { member(key, of: $0) ?? $0 }
                    shownPath = "\(e.lhs.written)[*].\(key)"
                }
            case .null:
                elements = []
            default:
                return fail("'\(op.rawValue)' looks in text or a list; '\(text)' has \(lhs.kindName)")
            }
            // Text, or lines of text (the console): `contains` looks within each.
            let isText: Bool
            if case .string = lhs { isText = true } else { isText = isLines(e.lhs) }
            // An item of another kind than the value is never it: '!contains' would always hold.
            if !matching, !isText, let wanted = ValueKind(rhs),
                let item = elements.first(where: { $0 != .null }).flatMap({ ValueKind($0) }), !item.fits(wanted)
            {
                return fail(
                    "'\(e.lhs.written)' holds \(item.plural), but \(formatLiteral(rhs)) is \(wanted): it is never in it",
                    notes: ["expected: \(op == .notContains ? "not " : "")containing \(formatLiteral(rhs))"])
            }
            var firstFound: Int? = nil
            for (i, element) in elements.enumerated() {
                let hit: Bool
                if matching {
                    if case .string(let s) = element, let regex {
                        guard let found = regex.firstMatch(in: s, interrupted: interruptRequested) else {
                            return .failed(
                                .interrupted(
                                    "the match of '\(text)' was stopped; it neither passed nor failed", at: location))
                        }
                        hit = found
                    } else {
                        hit = false
                    }
                } else if isText {
                    guard case .string(let s) = element, case .string(let needle) = rhs else {
                        return fail("'contains' on text needs text to look for; '\(text)' has \(rhs.kindName)")
                    }
                    hit = s.contains(needle)
                } else {
                    hit = valuesEqual(element, rhs)
                }
                if hit {
                    firstFound = i
                    break
                }
            }
            let wanted = op == .contains || op == .matches
            if (firstFound != nil) == wanted { return .passed }
            let verb = matching ? "matching " : "containing "
            let expected = (wanted ? "" : "not ") + verb + formatLiteral(rhs)
            var notes = ["expected: \(expected)"]
            let actual: Value = shownPath == nil ? lhs : .list(elements)
            notes.append("actual:   " + (shownPath.map { $0 + " = " } ?? "") + formatLiteral(actual))
            let inList: Bool
            if case .list = lhs { inList = true } else { inList = false }
            if let i = firstFound, inList {
                notes.append("note: item [\(i + 1)] is \(formatLiteral(elements[i]))")
            }
            var details = [
                Value.Field("operator", .string(op.rawValue)), Value.Field("expected", rhs),
                Value.Field("actual", actual),
            ]
            if case .path(let p) = e.lhs { details.insert(Value.Field("path", .string(p.description)), at: 0) }
            if let shownPath { details.append(Value.Field("compared", .string(shownPath))) }
            if let i = firstFound, inList { details.append(Value.Field("found", .int(i + 1))) }
            return fail("expectation failed: \(text)", notes: notes, details: details)
        }
    }
}

private func isRecord(_ value: Value) -> Bool {
    if case .record = value { return true }
    return false
}

extension Shell {
    /// Whether the operand names lines of text, which `contains` looks within.
    func isLines(_ operand: Operand) -> Bool {
        guard case .path(let path) = operand, case .success(let shape) = self.shape(of: path),
            case .lines = shape.unwrapped
        else { return false }
        return true
    }

    /// The member a list's records are known by (a likely place's `name`, a marker's `title`),
    /// as the schema declares it, when the operand is such a list.
    func listKey(of operand: Operand) -> String? {
        guard case .path(let path) = operand, case .success(let shape) = self.shape(of: path),
            case .list(_, let key) = shape.unwrapped
        else { return nil }
        return key
    }
}

/// A record's member `name`, or nil when it is not a record or has none.
private func member(_ name: String, of value: Value) -> Value? {
    guard case .record(let fields) = value else { return nil }
    return fields.first { $0.name == name }?.value
}

extension Shell {
    /// Why the state at `path` is nil, where the session can tell.
    func nilCause(_ path: StatePath) -> String? {
        let appRoots: Set<String> = ["app", "map", "camera", "markers", "picker", "likely", "location"]
        guard appRoots.contains(path.root) else { return nil }
        guard let app = session.app else { return "no app is running" }
        if path.root == "location" && app.locationManager.lastDelivered == nil {
            return "no fix has reached the app yet"
        }
        return nil
    }
}

extension Operand {
    /// The operand as a message names it: the path, or the value as a script writes it.
    var written: String {
        switch self {
        case .path(let p): return p.description
        case .literal(let v): return formatLiteral(v)
        }
    }
}

/// Whether a difference is within a tolerance, the boundary included: the difference of two
/// decimal numbers carries the rounding of binary fractions (4.2 − 4 is 0.20000000000000018),
/// which must not put a value that is exactly at the boundary outside it.
func withinTolerance(_ difference: Double, _ tolerance: Double, scale: Double) -> Bool {
    difference <= tolerance || difference - tolerance <= 1e-12 * max(1, scale)
}

/// A difference for people: about seven significant digits, so that 15 against 15.00001 is
/// "off by 1e-05" and not by the rounding noise of the subtraction (9.999999999621423e-06).
func formatDifference(_ x: Double) -> String {
    guard x.isFinite, x != 0, abs(x) < 1e30, abs(x) > 1e-30 else { return formatNumber(x) }
    return formatNumber(Double(Float(x).description) ?? x)
}

/// Equality as `expect` means it: numbers by value (units already normalised), everything else
/// structurally.
func valuesEqual(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.number(let x, _), .number(let y, _)): return x == y
    case (.list(let xs), .list(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy { valuesEqual($0, $1) }
    case (.record(let xs), .record(let ys)):
        return xs.count == ys.count && zip(xs, ys).allSatisfy { $0.name == $1.name && valuesEqual($0.value, $1.value) }
    default: return a == b
    }
}

private func sameKind(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.null, .null), (.bool, .bool), (.number, .number), (.string, .string), (.list, .list), (.record, .record):
        return true
    default: return false
    }
}

/// A value as it would be written in a script: `"map"`, `15`, `50m`, `true`, `nil`, `[1, 2]`.
public func formatLiteral(_ value: Value, limit: Int = 8) -> String {
    switch value {
    case .null: return "nil"
    case .bool(let b): return b ? "true" : "false"
    case .number(let x, let d): return formatQuantity(x, d)
    case .string(let s): return quoteString(s)
    case .list(let items):
        var parts = items.prefix(limit).map { formatLiteral($0, limit: limit) }
        if items.count > limit { parts.append("… \(items.count - limit) more") }
        return "[" + parts.joined(separator: ", ") + "]"
    case .record(let fields):
        return "{" + fields.map { "\($0.name): \(formatLiteral($0.value, limit: limit))" }.joined(separator: ", ") + "}"
    }
}

/// Text in double quotes with the language's escapes, so it can be pasted back into a script.
public func quoteString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "$": out += "\\$"
        default:
            if let escape = controlEscape(scalar) {
                out += escape
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
