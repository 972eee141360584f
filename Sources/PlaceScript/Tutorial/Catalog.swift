import PlaceKit

/// A language's words for the tutorial: a gettext catalogue (a PO file, the format translators'
/// editors read), each entry keyed by its context (`msgctxt`): `language.name`, `message.KEY`,
/// `step.N.FIELD` (title, part, say, hint.KEY, recap, after). The English template
/// (tutorial.pot) has the English in its `msgid`s; a translation has the same entries with its
/// words in `msgstr`.
struct TutorialCatalog: Sendable {
    /// One entry: the English it translates, the translation, and the line its context is on.
    struct Entry: Sendable {
        var source: String
        var translation: String
        var line: Int
        /// `#, fuzzy`: msgmerge marks an entry whose English changed; it needs translating again.
        var fuzzy: Bool
    }
    /// The header's fields (`Language: de`, `X-Direction: rtl`).
    var header: [String: String] = [:]
    var entries: [String: Entry] = [:]
    /// The contexts in the file's order.
    var order: [String] = []
}

/// Reads a PO file: comments, and entries of `msgctxt`, `msgid` and `msgstr` lines whose text
/// goes on over the `"…"` lines after them. Anything else (plural forms among them) is an error
/// naming its line.
func parseCatalog(_ bytes: [UInt8]) -> Result<TutorialCatalog, TutorialFormatError> {
    var catalog = TutorialCatalog()
    let text = String(decoding: bytes, as: UTF8.self)
    // The entry being read: its parts so far and the part that quoted lines continue.
    var context: String? = nil
    var source: String? = nil
    var translation: String? = nil
    var fuzzy = false
    var entryLine = 0
    var open: String? = nil

    func fail(_ line: Int, _ message: String) -> Result<TutorialCatalog, TutorialFormatError> {
        .failure(TutorialFormatError(line: line, message: message))
    }
    func finish() -> TutorialFormatError? {
        defer {
            context = nil
            source = nil
            translation = nil
            fuzzy = false
            open = nil
        }
        guard source != nil || translation != nil || context != nil else { return nil }
        guard let id = source, let str = translation else {
            return TutorialFormatError(line: entryLine, message: "an entry needs a msgid and a msgstr")
        }
        guard let key = context else {
            guard id.isEmpty else {
                return TutorialFormatError(
                    line: entryLine, message: "an entry without msgctxt: every entry has its key")
            }
            for field in str.split(separator: "\n") {
                guard let colon = field.firstIndex(of: ":") else { continue }
                catalog.header[String(field[..<colon])] = String(field[field.index(after: colon)...])
                    .trimmingLeadingSpace()
            }
            return nil
        }
        guard catalog.entries[key] == nil else {
            return TutorialFormatError(line: entryLine, message: "'\(key)' is given twice")
        }
        catalog.entries[key] = TutorialCatalog.Entry(source: id, translation: str, line: entryLine, fuzzy: fuzzy)
        catalog.order.append(key)
        return nil
    }

    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let lineNumber = index + 1
        var line = Substring(raw)
        while line.last == " " || line.last == "\r" || line.last == "\t" { line.removeLast() }
        if line.isEmpty {
            if let e = finish() { return .failure(e) }
            continue
        }
        if line.hasPrefix("#") {
            if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
            continue
        }
        let keyword: String?
        let rest: Substring
        if line.first == "\"" {
            keyword = nil
            rest = line
        } else if let space = line.firstIndex(of: " ") {
            keyword = String(line[..<space])
            rest = line[line.index(after: space)...]
        } else {
            return fail(lineNumber, "expected msgctxt, msgid, msgstr or a quoted line")
        }
        guard let piece = unquotedPO(rest) else {
            return fail(lineNumber, "a string is \"text\", with \\\" and \\\\ and \\n inside")
        }
        switch keyword {
        case nil:
            switch open {
            case "msgctxt": context? += piece
            case "msgid": source? += piece
            case "msgstr": translation? += piece
            default: return fail(lineNumber, "a quoted line continues msgctxt, msgid or msgstr")
            }
        case "msgctxt"?:
            // An entry without a blank line before it: the one before ends here.
            if source != nil || translation != nil { if let e = finish() { return .failure(e) } }
            guard context == nil else { return fail(lineNumber, "two msgctxt in one entry") }
            context = piece
            entryLine = lineNumber
            open = "msgctxt"
        case "msgid"?:
            guard source == nil else { return fail(lineNumber, "two msgid in one entry") }
            source = piece
            if context == nil { entryLine = lineNumber }
            open = "msgid"
        case "msgstr"?:
            guard source != nil, translation == nil else { return fail(lineNumber, "msgstr comes once, after msgid") }
            translation = piece
            open = "msgstr"
        case let other?:
            return fail(lineNumber, "'\(other)' is not part of a tutorial catalogue (msgctxt, msgid, msgstr)")
        }
    }
    if let e = finish() { return .failure(e) }
    return .success(catalog)
}

/// The text of a PO string, `"…"` with `\"`, `\\`, `\n` and `\t` inside; nil when it is not one.
private func unquotedPO(_ quoted: Substring) -> String? {
    guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else { return nil }
    var out = ""
    var escaped = false
    for c in quoted.dropFirst().dropLast() {
        if escaped {
            switch c {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "\"", "\\": out.append(c)
            default: return nil
            }
            escaped = false
        } else if c == "\\" {
            escaped = true
        } else if c == "\"" {
            return nil
        } else {
            out.append(c)
        }
    }
    return escaped ? nil : out
}

/// The walk in one language: `steps` with the words of `catalog`, whose entries are checked
/// against the English `template`: the same keys, none missing and none more, each translated
/// from the template's English as it is now (not marked fuzzy, not from an older text). For the
/// template itself, the words are its `msgid`s.
func tutorialText(steps: [TutorialStep], catalog: TutorialCatalog, template: TutorialCatalog)
    -> Result<TutorialText, TutorialFormatError>
{
    let isTemplate = catalog.header["Language"]?.isEmpty ?? true
    var result = TutorialText()
    result.language = isTemplate ? defaultTutorialLanguage : catalog.header["Language"] ?? ""
    if let direction = catalog.header["X-Direction"] {
        guard let d = TextDirection(rawValue: direction) else {
            return .failure(TutorialFormatError(line: 1, message: "'X-Direction:' is ltr or rtl"))
        }
        result.direction = d
    }
    if let digits = catalog.header["X-Digits"] {
        guard digits.count == 10 else {
            return .failure(TutorialFormatError(line: 1, message: "'X-Digits:' is the ten digits 0 to 9"))
        }
        result.digits = Array(digits)
    }
    // Every key the steps and the walk need, each used once.
    var expected = ["language.name"] + tutorialMessageKeys.map { "message." + $0 }
    expected += WhyPhrase.allCases.map { "explain." + $0.rawValue }
    for step in steps {
        let prefix = "step.\(step.number)."
        expected += ["title", "part", "say"].map { prefix + $0 }
        expected += step.hints.map { prefix + "hint." + $0.text } + [prefix + "hint." + step.hint, prefix + "recap"]
        if template.entries[prefix + "after"] != nil { expected.append(prefix + "after") }
    }
    let known = Set(expected)
    for key in catalog.order where !known.contains(key) {
        let line = catalog.entries[key]?.line ?? 1
        return .failure(TutorialFormatError(line: line, message: "'\(key)' is no entry the walk has"))
    }
    var words: [String: String] = [:]
    for key in expected {
        guard let entry = catalog.entries[key] else {
            return .failure(TutorialFormatError(line: 1, message: "'\(key)' is missing"))
        }
        guard !entry.fuzzy else {
            return .failure(
                TutorialFormatError(line: entry.line, message: "'\(key)' is marked fuzzy: translate it again"))
        }
        if !isTemplate, let english = template.entries[key], english.source != entry.source {
            return .failure(
                TutorialFormatError(
                    line: entry.line,
                    message: "'\(key)' translates an older English text: msgmerge it with tutorial.pot"))
        }
        // The English of `explain`'s sentences is declared in WhyText.swift: the template must
        // read the same.
        if isTemplate, let phrase = WhyPhrase(rawValue: String(key.dropFirst("explain.".count))),
            key.hasPrefix("explain."), entry.source != phrase.english
        {
            return .failure(
                TutorialFormatError(
                    line: entry.line,
                    message: "'\(key)' is not the English WhyText.swift declares: \"\(phrase.english)\""))
        }
        let text = isTemplate ? entry.source : entry.translation
        guard !text.isEmpty else {
            return .failure(TutorialFormatError(line: entry.line, message: "'\(key)' has no words"))
        }
        words[key] = text
    }
    func paragraphs(_ key: String) -> [String] {
        (words[key] ?? "").split(separator: "\n\n").map(String.init)
    }
    result.name = words["language.name"] ?? ""
    for key in tutorialMessageKeys { result.messages[key] = words["message." + key] }
    for phrase in WhyPhrase.allCases { result.explain[phrase] = words["explain." + phrase.rawValue] }
    result.steps = steps.map { step in
        var s = step
        let prefix = "step.\(step.number)."
        s.title = words[prefix + "title"] ?? ""
        s.part = words[prefix + "part"] ?? ""
        s.say = paragraphs(prefix + "say")
        s.recap = words[prefix + "recap"] ?? ""
        s.after = paragraphs(prefix + "after")
        s.hint = words[prefix + "hint." + step.hint] ?? ""
        s.hints = step.hints.map { hint in
            var h = hint
            h.text = words[prefix + "hint." + hint.text] ?? ""
            return h
        }
        return s
    }
    return .success(result)
}
