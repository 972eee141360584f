import PlaceFormats
import PlaceKit
import PlaceStorage

/// What a script's header says: its leading comment lines of the form `# NAME: VALUE`
/// (`# args: sydney 65m`, `# xfail: the list is not sorted yet`). A direct run, `--check` and
/// `placeshell test` read it the same way, through `ScriptHeader.read`.
///
/// The header is the comment lines a script starts with (after a `#!` line, blank lines
/// allowed); the first line that is neither ends it. Other comment lines there are comments, but
/// a word one letter away from a header's name (`# arg:`, `# xfial:`) is an error, so that a
/// misspelt header never silently does nothing. `#|` lines are left alone.
public struct ScriptHeader: Sendable, Equatable {
    /// `# args:` — the script's arguments ($1, $2, …) when none are given on the command line.
    public var arguments: [String]?
    /// `# skip:` — why `placeshell test` does not run it.
    public var skip: String?
    /// `# xfail:` — why it is expected to fail: `placeshell test` counts a failure as expected,
    /// and a pass as an unexpected pass that fails the run.
    public var xfail: String?
    /// `# exit:` — the exit status `placeshell test` expects (a negative test).
    public var exitStatus: Int32?
    /// `# timeout:` — how long `placeshell test` lets it run, in milliseconds; 0 for no limit.
    public var timeout: Int?
    /// `# flavors:` — the app flavours `placeshell test` runs it as, one test each.
    public var flavors: [AppFlavor]?
    /// `# language:` — the device's language (otherwise English under `placeshell test`, the
    /// locale's in a direct run).
    public var language: DeviceLanguage?

    public init() {}

    public static func == (a: ScriptHeader, b: ScriptHeader) -> Bool {
        a.arguments == b.arguments && a.skip == b.skip && a.xfail == b.xfail && a.exitStatus == b.exitStatus
            && a.timeout == b.timeout && a.flavors == b.flavors && a.language?.code == b.language?.code
    }

    /// Reads the header of a script's text; every mistake in it is an error with its place.
    public static func read(_ source: SourceText) -> Result<ScriptHeader, DiagnosticList> {
        var header = ScriptHeader()
        var errors: [Diagnostic] = []
        var seen: [String: Int] = [:]
        let bytes = source.bytes
        var start = 0
        var lineNumber = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            defer {
                start = end + 1
                lineNumber += 1
            }
            var text = bytes[start..<end]
            if text.last == 0x0D { text = text.dropLast() }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard text.first == 0x23 else { break }  // '#'
            if lineNumber == 0 && text.dropFirst().first == 0x21 { continue }  // #!
            if text.dropFirst().first == 0x7C { continue }  // #| (the test harness's own)
            // `# NAME: VALUE`, or `# skip` and `# xfail` alone.
            var i = text.startIndex + 1
            while i < text.endIndex && (text[i] == 0x20 || text[i] == 0x09) { i += 1 }
            let nameStart = i
            while i < text.endIndex && (isLetter(text[i]) || text[i] == 0x2D || text[i] == 0x5F) { i += 1 }
            guard i > nameStart else { continue }
            let written = String(decoding: text[nameStart..<i], as: UTF8.self)
            let name = written.lowercased()
            let colon = i < text.endIndex && text[i] == 0x3A
            // What follows the name when it is not a colon: nothing, or the first thing after spaces.
            var after = i
            while after < text.endIndex && (text[after] == 0x20 || text[after] == 0x09) { after += 1 }
            let next: UInt8? = after < text.endIndex ? text[after] : nil
            var valueStart = colon ? i + 1 : after
            while valueStart < text.endIndex && (text[valueStart] == 0x20 || text[valueStart] == 0x09) {
                valueStart += 1
            }
            var valueEnd = text.endIndex
            while valueEnd > valueStart && (text[valueEnd - 1] == 0x20 || text[valueEnd - 1] == 0x09) {
                valueEnd -= 1
            }
            let value = String(decoding: text[valueStart..<valueEnd], as: UTF8.self)
            let nameAt = SourceLocation(source: source, offset: nameStart, length: i - nameStart + (colon ? 1 : 0))
            let valueAt = SourceLocation(source: source, offset: valueStart, length: max(1, valueEnd - valueStart))
            guard let field = ScriptHeaderField.named(name) else {
                // A comment that happens to start with a word and a colon, unless the word is a
                // header's name misspelt.
                if colon, name.count >= 3,
                    let near = ScriptHeaderField.misspelling(name)
                {
                    errors.append(
                        .syntax("unknown header '\(written):'", at: nameAt, help: "did you mean '\(near):'?"))
                }
                continue
            }
            // A header's name written otherwise than a header is written is a mistake, not a
            // comment: it would be silently left out (`# Exit: 2`, `# exit 2`, `# exit = 2`).
            // A word after a header's name without a colon is a comment (`# exit the picker
            // first`), but for a header that needs no value, where it is read as one.
            if written != name {
                errors.append(
                    .syntax(
                        "header names are lower case: '\(written):'", at: nameAt,
                        help: "write '# \(field.name): \(colon ? value : field.value)'"))
                continue
            }
            if !colon {
                let startsWord = next.map(isLetter) ?? false
                if next == nil && field.valueIsOptional {
                    // `# skip`, `# xfail`: a header without a value.
                } else if startsWord && !field.valueIsOptional {
                    continue
                } else {
                    errors.append(
                        .syntax(
                            "a header's name is followed by a colon: '# \(field.name):'", at: nameAt,
                            help: "write '# \(field.name): \(value.drop { $0 == ":" || $0 == "=" || $0 == " " })'"))
                    continue
                }
            }
            if let first = seen[field.name] {
                errors.append(
                    .syntax(
                        "a second '\(field.name):' header", at: nameAt,
                        help: "a script has one; the first is on line \(first)"))
                continue
            }
            seen[field.name] = source.firstLine + lineNumber
            do throws(Diagnostic) {
                try field.apply(&header, value, valueAt)
            } catch {
                errors.append(error)
            }
        }
        return errors.isEmpty ? .success(header) : .failure(DiagnosticList(errors))
    }
}

private func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

/// One header line a script may have: its name, what it takes and what it means. `help test`,
/// `placeshell test --help` and the manual list these; nothing else does.
public struct ScriptHeaderField: Sendable {
    /// The name, then other spellings (`flavors`, `flavor`).
    public var names: [String]
    public var name: String { names[0] }
    /// What follows the colon, for the usage line: `WORD…`.
    public var value: String
    /// `# skip` alone is a header; `# args` alone is not.
    public var valueIsOptional = false
    /// One line: what it does.
    public var summary: String
    let apply: @Sendable (inout ScriptHeader, String, SourceLocation) throws(Diagnostic) -> Void

    /// The field spelt `name`.
    public static func named(_ name: String) -> ScriptHeaderField? { all.first { $0.names.contains(name) } }

    /// The header a word that is none is most likely meant to be: one letter off a name, or a
    /// name other tools give it (`exit-status:`, `returncode:`).
    static func misspelling(_ word: String) -> String? {
        if let near = all.flatMap(\.names).first(where: { editDistance(word, $0) == 1 }) { return near }
        let others = [
            "exit-status": "exit", "exit_status": "exit", "exitstatus": "exit",
            "exit-code": "exit", "exitcode": "exit", "returncode": "exit", "expect-exit": "exit",
            "xfails": "xfail", "expected-failure": "xfail", "skipped": "skip", "argument": "args",
            "arguments": "args", "lang": "language",
        ]
        return others[word]
    }

    /// `# NAME: VALUE` as a script writes it.
    public var synopsis: String { "# \(name): \(value)" }

    public static let all: [ScriptHeaderField] = [
        ScriptHeaderField(
            names: ["args"], value: "WORD…",
            summary: "its arguments ($1, $2, …) when the command line gives none",
            apply: { header, value, at throws(Diagnostic) in header.arguments = try splitHeaderWords(value, at: at) }),
        ScriptHeaderField(
            names: ["skip"], value: "REASON", valueIsOptional: true,
            summary: "not run by placeshell test, which reports REASON",
            apply: { header, value, _ throws(Diagnostic) in header.skip = value.isEmpty ? "no reason given" : value }),
        ScriptHeaderField(
            names: ["xfail"], value: "REASON", valueIsOptional: true,
            summary: "it is expected to fail: its failure passes, its pass fails the run",
            apply: { header, value, _ throws(Diagnostic) in header.xfail = value.isEmpty ? "expected to fail" : value }
        ),
        ScriptHeaderField(
            names: ["exit"], value: "STATUS",
            summary: "the exit status it must end with (0 to 255); NAME.placescript.err says which failure",
            apply: { header, value, at throws(Diagnostic) in
                // safe: parses text: nil when it is not a number
                guard let n = Int32(value), (0...255).contains(n) else {
                    throw .syntax("'\(value)' is not an exit status", at: at, help: "write a whole number, 0 to 255")
                }
                header.exitStatus = n
            }),
        ScriptHeaderField(
            names: ["timeout"], value: "DURATION",
            summary: "how long placeshell test lets it run (30s, 500ms, 2m; 0: no limit)",
            apply: { header, value, at throws(Diagnostic) in
                if value == "0" || value == "none" {
                    header.timeout = 0
                    return
                }
                guard let ms = parseTestDuration(value) else {
                    throw .syntax(
                        "'\(value)' is not a duration", at: at,
                        help: "write it as 30s, 500ms or 2m (at least 1ms), or 0 for no limit")
                }
                header.timeout = ms
            }),
        ScriptHeaderField(
            names: ["flavors", "flavor"], value: "FLAVOR…",
            summary: "run by placeshell test as each flavour (swift, objc, nearby), a test each",
            apply: { header, value, at throws(Diagnostic) in header.flavors = try parseFlavorList(value, at: at) }),
        ScriptHeaderField(
            names: ["language"], value: "CODE",
            summary: "the device's language (" + DeviceLanguage.all.map(\.code).joined(separator: ", ")
                + "); placeshell test: English",
            apply: { header, value, at throws(Diagnostic) in
                guard let language = DeviceLanguage.named(value) else {
                    throw .syntax(
                        "unknown language '\(value)'", at: at,
                        help: suggestion(for: value, among: DeviceLanguage.all.map(\.code))
                            ?? "languages: " + DeviceLanguage.all.map(\.code).joined(separator: ", "))
                }
                header.language = language
            }),
    ]
}

/// A header's words: spaces separate them, `'…'` and `"…"` group words with spaces.
func splitHeaderWords(_ text: String, at location: SourceLocation) throws(Diagnostic) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    for ch in text {
        if let q = quote {
            if ch == q { quote = nil } else { current.append(ch) }
        } else if ch == "'" || ch == "\"" {
            quote = ch
            inWord = true
        } else if ch == " " || ch == "\t" {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(ch)
            inWord = true
        }
    }
    if let quote {
        throw .syntax(
            "unterminated \(quote == "'" ? "single" : "double")-quoted word", at: location,
            help: "close it with \(quote)")
    }
    if inWord { words.append(current) }
    return words
}

/// `swift, objc` or `swift objc nearby`: flavours, each once.
func parseFlavorList(_ text: String, at location: SourceLocation) throws(Diagnostic) -> [AppFlavor] {
    var flavors: [AppFlavor] = []
    let names = AppFlavor.allCases.map(\.rawValue)
    for word in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
        guard let flavor = AppFlavor(rawValue: String(word)) else {
            throw .syntax(
                "unknown flavor '\(word)'", at: location,
                help: suggestion(for: String(word), among: names) ?? "flavors: " + names.joined(separator: ", "))
        }
        guard !flavors.contains(flavor) else {
            throw .syntax("'\(word)' is listed twice", at: location, help: "name each flavor once")
        }
        flavors.append(flavor)
    }
    guard !flavors.isEmpty else {
        throw .syntax("no flavor named", at: location, help: "e.g. # flavors: swift, objc, nearby")
    }
    return flavors
}

/// `30s`, `500ms`, `2m`, `1h`, or a bare number of seconds, as milliseconds (at least 1); nil
/// for anything else.
public func parseTestDuration(_ text: String) -> Int? {
    let units: [(String, Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("", 1000)]
    for (suffix, scale) in units where text.hasSuffix(suffix) {
        let number = text.dropLast(suffix.count)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number)
        else {
            continue
        }
        // A number too large for milliseconds (99999999999999999999s, 1e400) is not a duration.
        guard let ms = checkedInt((value * scale).rounded()), ms >= 1 else { return nil }
        return ms
    }
    return nil
}
