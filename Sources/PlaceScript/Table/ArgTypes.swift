import PlaceFormats
import PlaceKit
import PlaceStorage

extension ArgType {
    /// Any one word.
    public static let word = ArgType { (c: inout TokenCursor) throws(Diagnostic) in
        .word(c.next()?.text ?? "")
    }

    /// A file path; Tab completes file and folder names.
    public static let path = ArgType(usage: "FILE") { (c: inout TokenCursor) throws(Diagnostic) in
        .word(c.next()?.text ?? "")
    }.completingFileNames()

    /// This type, with Tab completing file and folder names (`fileNameCompletions`): for every
    /// argument that names a file.
    public func completingFileNames(_ extensions: String...) -> ArgType {
        var type = self
        type.prefixCompletions = { _, prefix in fileNameCompletions(prefix, extensions: extensions) }
        return type
    }

    /// A file path whose Tab completion offers folders and the files ending in one of
    /// `extensions` (`.gpx`), or every file when none of those is there.
    public static func path(_ extensions: String...) -> ArgType {
        var type = path
        type.prefixCompletions = { _, prefix in fileNameCompletions(prefix, extensions: extensions) }
        return type
    }

    /// All remaining words (at least one), kept apart.
    public static let words = ArgType(isGreedy: true) { (c: inout TokenCursor) throws(Diagnostic) in
        if c.isCheckingOnly {
            c.index = c.tokens.count
            return .words([])
        }
        var out: [String] = []
        while let t = c.next() { out.append(t.text) }
        return .words(out)
    }

    /// All remaining words joined by single spaces (`echo`).
    public static let text: ArgType = {
        var type = joinedText
        type.joinsWords = true
        return type
    }()

    private static let joinedText = ArgType(usage: "TEXT…", isGreedy: true) {
        (c: inout TokenCursor) throws(Diagnostic) in
        guard let first = c.next() else { return .word("") }
        if c.atEnd { return .word(first.text) }
        if c.isCheckingOnly {
            c.index = c.tokens.count
            return .word("")
        }
        // One allocation for the joined text, however many words.
        var length = first.text.utf8.count
        for t in c.tokens[c.index...] { length += 1 + t.text.utf8.count }
        let words = c.tokens[(c.index - 1)...]
        c.index = c.tokens.count
        let joined = String(unsafeUninitializedCapacity: length) { buffer in
            var k = 0
            for w in words.indices {
                if w != words.startIndex {
                    buffer[k] = 0x20
                    k += 1
                }
                for byte in words[w].text.utf8 {
                    buffer[k] = byte
                    k += 1
                }
            }
            return k
        }
        return .word(joined)
    }

    /// One of a fixed set of words.
    public static func choice(_ values: [String]) -> ArgType {
        ArgType(usage: values.joined(separator: "|"), completions: { _ in values }) {
            (c: inout TokenCursor) throws(Diagnostic) in
            guard let t = c.next() else { return .word("") }
            guard values.contains(t.text) else {
                throw .syntax(
                    "'\(t.text)' is not one of \(values.joined(separator: ", "))", at: c.location(of: t),
                    help: suggestion(for: t.text, among: values) ?? "expected one of: " + values.joined(separator: ", ")
                )
            }
            return .word(t.text)
        }
    }

    /// A whole number within `range`.
    public static func integer(_ range: ClosedRange<Int>? = nil) -> ArgType {
        ArgType { (c: inout TokenCursor) throws(Diagnostic) in
            guard let t = c.next() else { return .integer(0) }
            switch parseInteger(t.text) {
            case .success(let n):
                if let range, !range.contains(n) {
                    throw .syntax(
                        "\(n) is out of range (\(range.lowerBound)…\(range.upperBound))", at: c.location(of: t))
                }
                return .integer(n)
            case .failure(.outOfRange):
                throw .syntax("number '\(t.text)' is out of range", at: c.location(of: t))
            case .failure:
                throw .syntax("expected a whole number, found '\(t.text)'", at: c.location(of: t))
            }
        }
    }

    /// A number; with a dimension, a bare number is taken in the base unit and other units are
    /// converted (`2.5km` → 2500 m), and a unit of another dimension is an error.
    public static func number(_ dimension: Dimension? = nil, range: ClosedRange<Double>? = nil) -> ArgType {
        var type = ArgType { (c: inout TokenCursor) throws(Diagnostic) in
            guard let t = c.next() else { return .number(Quantity(0, .none)) }
            var q = try readQuantity(t, cursor: c)
            if let dimension, !ArgType.fit(&q, to: dimension) {
                throw .syntax(
                    "expected \(dimension.noun), found \(q.dimension.noun) '\(t.text)'", at: c.location(of: t),
                    help: "units for \(dimension.noun): "
                        + knownUnits.filter { $0.dimension == dimension }.map(\.symbol).joined(separator: ", "))
            }
            if let range, !range.contains(q.value) {
                throw .syntax(
                    "'\(t.text)' is out of range (\(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound)))",
                    at: c.location(of: t))
            }
            return .number(q)
        }
        // The same checks on a plain word's bytes; any that fails is the binder's to report.
        type.readPlain = { words, k in
            guard case .success(var q) = parseQuantity(words.word(k)) else { return nil }
            if let dimension, !ArgType.fit(&q, to: dimension) { return nil }
            if let range, !range.contains(q.value) { return nil }
            return (.number(q), 1)
        }
        return type
    }

    /// Takes `q` in `dimension`: a bare number in its base unit. False when `q` has a unit of
    /// another dimension (`number`'s readings of tokens and of plain words alike).
    static func fit(_ q: inout Quantity, to dimension: Dimension) -> Bool {
        guard dimension != .none else { return true }
        if q.dimension == .none { q.dimension = dimension }
        return q.dimension == dimension
    }

    /// Whether `q` is in degrees: a bare number or an angle (`coordinate`'s readings alike).
    static func isDegrees(_ q: Quantity) -> Bool { q.dimension == .none || q.dimension == .angle }

    /// A position: `LAT LNG`, `LAT,LNG` or `LAT, LNG`, in degrees, range-checked.
    public static let coordinate: ArgType = {
        var type = ArgType(usage: "LAT LNG", read: readCoordinate)
        type.readPlain = readPlainCoordinate
        return type
    }()

    /// `LAT LNG` as two plain words, with `coordinate`'s checks; nil for a comma (`LAT,LNG`,
    /// `LAT, LNG`) and for anything the binder would refuse, which it then reports.
    static func readPlainCoordinate(_ words: PlainWords, _ k: Int) -> (value: ArgValue, words: Int)? {
        guard k + 1 < words.count else { return nil }
        let latBytes = words.word(k)
        guard !latBytes.contains(0x2C),
            case .success(let lat) = parseQuantity(latBytes),
            case .success(let lng) = parseQuantity(words.word(k + 1)),
            isDegrees(lat), isDegrees(lng),
            (-90...90).contains(lat.value), (-180...180).contains(lng.value)
        else { return nil }
        return (.coordinate(Coordinate(latitude: lat.value, longitude: lng.value)), 2)
    }

    /// `coordinate`'s reading of tokens.
    @Sendable static func readCoordinate(_ c: inout TokenCursor) throws(Diagnostic) -> ArgValue {
        guard let first = c.next() else { return .coordinate(Coordinate(latitude: 0, longitude: 0)) }
        var latText = first.text
        var lngToken: Token
        // The comma looked for in the text's bytes: a search of its UTF-8 view, element by
        // element, cost a fix's `locate` about 600 instructions.
        let utf8 = first.text.utf8
        let commaAt =
            utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: 0x2C) }
            ?? utf8.firstIndex(of: 0x2C).map { utf8.distance(from: utf8.startIndex, to: $0) }
        // A quoted word or a script argument may hold both numbers, separated by a space
        // ("-33.8688 151.2093", `locate $@`): the space then separates them as a comma would.
        let separatorAt =
            commaAt
            ?? ((first.isQuoted || first.isExpanded)
                ? utf8.firstIndex(of: 0x20).map { utf8.distance(from: utf8.startIndex, to: $0) } : nil)
        if let commaAt = separatorAt {
            let comma = utf8.index(utf8.startIndex, offsetBy: commaAt)
            latText = String(first.text[..<comma])
            let after = String(first.text[first.text.index(after: comma)...].drop { $0 == " " })
            if after.isEmpty {
                guard let next = c.next() else {
                    throw .syntax("expected a longitude after '\(first.text)'", at: c.location(of: first))
                }
                lngToken = next
            } else {
                lngToken = Token(
                    text: after, offset: first.isVerbatim ? first.offset + commaAt + 1 : first.offset,
                    length: after.utf8.count, isQuoted: first.isQuoted, isExpanded: first.isExpanded)
            }
        } else {
            guard let next = c.next() else {
                throw .syntax(
                    "expected a longitude after the latitude '\(first.text)'", at: c.location(of: first),
                    help: first.isExpanded
                        ? "a script argument is one word: pass the position as one ('-33.8688,151.2093'), or take two ($1 $2), or all of them ($@)"
                        : "write a position as LAT LNG or LAT,LNG, e.g. -33.8688 151.2093")
            }
            lngToken = next
        }
        var latToken = first
        latToken.text = latText
        latToken.length = latText.utf8.count
        let lat = try readQuantity(latToken, cursor: c)
        let lng = try readQuantity(lngToken, cursor: c)
        // Checked one by one: an array of the two, made for a loop, cost an allocation a position.
        func checkDegrees(_ q: Quantity, _ t: Token) throws(Diagnostic) {
            guard !isDegrees(q) else { return }
            throw .syntax("a coordinate is in degrees, not \(q.dimension.noun)", at: c.location(of: t))
        }
        try checkDegrees(lat, latToken)
        try checkDegrees(lng, lngToken)
        guard (-90...90).contains(lat.value) else {
            throw .syntax(
                "latitude \(formatNumber(lat.value)) is out of range (-90…90)", at: c.location(of: latToken),
                help: "positions are written latitude first: LAT LNG")
        }
        guard (-180...180).contains(lng.value) else {
            throw .syntax(
                "longitude \(formatNumber(lng.value)) is out of range (-180…180)", at: c.location(of: lngToken))
        }
        return .coordinate(Coordinate(latitude: lat.value, longitude: lng.value))
    }

    /// A state path whose root exists (`camera.zoom`).
    public static let statePath: ArgType = {
        var type = ArgType(usage: "PATH", completions: { shell in shell.table.stateRootNames }, read: readStatePath)
        type.prefixCompletions = { shell, prefix in shell.statePathCompletions(prefix) }
        return type
    }()

    /// The expression of `expect`; Tab completes the state paths in it (not an empty word: that
    /// may be an operator's or a value's place).
    public static let expectation: ArgType = {
        var type = expectationType
        type.prefixCompletions = { shell, prefix in prefix.isEmpty ? [] : shell.statePathCompletions(prefix) }
        return type
    }()
}

/// Reads a state path whose root exists.
private func readStatePath(_ c: inout TokenCursor) throws(Diagnostic) -> ArgValue {
    guard let t = c.next() else { return .word("") }
    switch StatePath.parse(t.text) {
    case .failure(let e):
        throw .syntax(
            "'\(t.text)' is not a state path: \(e.message)",
            at: SourceLocation(source: c.source, offset: t.offset + (t.isVerbatim ? e.offset : 0)),
            help: "paths look like camera.zoom, markers[1].title, log.count")
    case .success(let path):
        guard c.table.stateRoot(named: path.root) != nil else {
            throw .syntax(
                "no state path '\(path.root)'", at: c.location(of: t),
                help: suggestion(for: path.root, among: c.table.stateRootNames) ?? "type 'show' for the list")
        }
        return .statePath(path)
    }
}

/// Reads a number token, with errors that point at the digit or unit at fault.
func readQuantity(_ t: Token, cursor c: TokenCursor) throws(Diagnostic) -> Quantity {
    switch parseQuantity(t.text) {
    case .success(let q): return q
    case .failure(.outOfRange):
        throw .syntax("number '\(t.text)' is out of range", at: c.location(of: t))
    case .failure(.unknownUnit(let unit, let offset)):
        throw .syntax(
            "unknown unit '\(unit)' in '\(t.text)'",
            at: SourceLocation(
                source: c.source, offset: t.isVerbatim ? t.offset + offset : t.offset, length: unit.utf8.count),
            help: "units are " + knownUnits.map(\.symbol).joined(separator: ", "))
    case .failure(.notANumber):
        throw .syntax("expected a number, found '\(t.text)'", at: c.location(of: t))
    }
}
