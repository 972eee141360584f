/// The manual's markup (mdoc) as plain text: what `help COMMAND` prints of a command's one
/// text, the same text `scripts/manual` puts in the man page. Only the part of mdoc the
/// command table writes is known; `ManualText.unknowns` lists anything else, and a test holds
/// every command's text to an empty list, so a macro this renderer would drop is caught.
///
/// Plain text keeps what the typography says: a command is quoted ('launch'), a literal too
/// ('Current Place error:'), a flag gets its dashes (--json), a function its parentheses
/// (viewDidLoad()), an optional part its brackets; bold, italics and the like are left out.
public enum ManualText {
    /// The macros rendered inline (their arguments run on in the sentence).
    private static let textMacros: Set<String> = [
        "Ic", "Li", "Cm", "Ar", "Dv", "Va", "Vt", "Ev", "Pa", "Em", "Sy", "Fl", "Nm", "Sx", "No", "Ns", "Fn", "Xr",
        "Er", "Ad", "Ms",
    ]
    /// The macros that enclose the rest of their line: what opens and closes them.
    private static let enclosures: [String: (String, String)] = [
        "Pq": ("(", ")"), "Ql": ("'", "'"), "Qq": ("\"", "\""), "Dq": ("“", "”"), "Sq": ("‘", "’"),
        "Op": ("[", "]"), "Bq": ("[", "]"), "Aq": ("<", ">"), "Brq": ("{", "}"),
    ]
    /// The macros that open or close an enclosure across lines.
    private static let openers: [String: String] = ["Po": "(", "Oo": "[", "Qo": "\"", "Do": "“", "Bo": "["]
    private static let closers: [String: String] = ["Pc": ")", "Oc": "]", "Qc": "\"", "Dc": "”", "Bc": "]"]
    /// The block macros (`.Pp`, lists, displays).
    private static let blockMacros: Set<String> = ["Pp", "Bl", "It", "El", "Dl", "Bd", "Ed", "Ss", "Sh"]
    /// Named characters (`\(xx`, `\[xx]`).
    private static let characters: [String: String] = [
        "dq": "\"", "->": "→", "<-": "←", "rq": "”", "lq": "“", "cq": "’", "oq": "‘", "aq": "'", "mu": "×",
        "'e": "é", "em": "—", "en": "–", "de": "°", "da": "↓", "ua": "↑", "ci": "○", "bu": "•", "+-": "±",
        "pc": "·", ":u": "ü", ":o": "ö", ":a": "ä", "'a": "á", "'i": "í", "'o": "ó", "'u": "ú", "~n": "ñ",
        "r?": "¿", "r!": "¡", "Bq": "„", "bq": "‚", "<=": "≤", ">=": "≥", "S2": "²", "*S": "Σ", "ti": "~", "ha": "^",
        "at": "@", "sh": "#",
    ]
    /// Punctuation that closes onto the word before it, and what opens onto the word after.
    private static let closing: Set<String> = [".", ",", ":", ";", ")", "]", "?", "!"]
    private static let opening: Set<String> = ["(", "["]
    /// A non-breaking space while lines are wrapped (`\ `).
    private static let glue: Character = "\u{00A0}"

    /// `mdoc` rendered in lines no wider than `width` (where words allow), each starting with
    /// `indent`. A command's entry starts with its `.It` line, the usage that `help` prints
    /// itself: `skipHead` leaves it out. A pointer to a section of the manual (`.Sx`) becomes a
    /// pointer to the help topic `topics` names for it (`'help popularity'`), else to the manual.
    public static func render(
        _ mdoc: String, width: Int = 80, indent: String = "  ", skipHead: Bool = true, topics: [String: String] = [:]
    ) -> [String] {
        func inline(_ tokens: ArraySlice<String>, _ quoting: Bool) -> (
            text: String, attachedBefore: Bool, attachingAfter: Bool
        ) {
            Self.inline(tokens, quoting: quoting, topics: topics)
        }
        var r = Renderer(width: width, base: indent)
        var lines = mdoc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if skipHead, let first = lines.first, first.hasPrefix(".It ") { lines.removeFirst() }
        var literal = false
        for line in lines {
            if literal {
                if line.hasPrefix(".Ed") {
                    literal = false
                } else {
                    r.verbatim(unescape(line))
                }
                continue
            }
            guard line.hasPrefix("."), line.count > 1 else {
                if !line.isEmpty { r.words(unescape(line)) }
                continue
            }
            var tokens = tokenize(String(line.dropFirst()))
            let name = tokens.removeFirst()
            switch name {
            case "Pp": r.paragraph()
            case "Bl": r.beginList(tokens.first ?? "-tag", compact: tokens.contains("-compact"))
            case "El": r.endList()
            case "It": r.item(inline(tokens[...], true).text)
            case "Dl": r.display(inline(tokens[...], false).text)
            case "Bd":
                r.paragraph()
                literal = true
            case "Ss", "Sh": r.heading(inline(tokens[...], true).text)
            default:
                tokens.insert(name, at: 0)
                let run = inline(tokens[...], true)
                r.words(run.text, attached: run.attachedBefore, attaching: run.attachingAfter)
            }
        }
        return r.finish()
    }

    /// The command lines `mdoc` displays (`.Dl`), as plain text: an example a text already shows
    /// is not listed again.
    public static func displays(in mdoc: String) -> Set<String> {
        Set(
            mdoc.split(separator: "\n").filter { $0.hasPrefix(".Dl ") }.compactMap {
                render(String($0), indent: "", skipHead: false).first.map { String($0.drop { $0 == " " }) }
            })
    }

    /// The macros and escapes in `mdoc` that `render` does not know (empty when it knows all).
    public static func unknowns(in mdoc: String) -> [String] {
        var found: [String] = []
        for line in mdoc.split(separator: "\n") {
            if line.hasPrefix("."), line.count > 1 {
                let tokens = tokenize(String(line.dropFirst()))
                if let name = tokens.first,
                    !(blockMacros.contains(name) || textMacros.contains(name) || enclosures[name] != nil
                        || openers[name] != nil || closers[name] != nil)
                {
                    found.append("." + name)
                }
            }
            var rest = Substring(line)
            while let slash = rest.firstIndex(of: "\\") {
                rest = rest[rest.index(after: slash)...]
                guard let (escape, after) = escapeAt(rest) else {
                    found.append("\\" + String(rest.prefix(3)))
                    break
                }
                if escape == nil { found.append("\\" + String(rest[..<after])) }
                rest = rest[after...]
            }
        }
        return found
    }

    // MARK: Words

    /// Splits a macro line into words: spaces separate, double quotes group.
    private static func tokenize(_ line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var inToken = false
        var iterator = line.makeIterator()
        while let c = iterator.next() {
            if c == "\"" {
                if quoted {
                    quoted = false
                } else {
                    quoted = true
                    inToken = true
                }
            } else if c == " " && !quoted {
                if inToken { tokens.append(current) }
                current = ""
                inToken = false
            } else if c == "\\" {
                // An escape stays whole (its space or quote does not split).
                current.append(c)
                if let next = iterator.next() { current.append(next) }
                inToken = true
            } else {
                current.append(c)
                inToken = true
            }
        }
        if inToken { tokens.append(current) }
        return tokens
    }

    /// The escape at the start of `text` (after its backslash): what it stands for (nil when
    /// unknown) and where the text after it starts; nil when it is cut short.
    private static func escapeAt(_ text: Substring) -> (String?, String.Index)? {
        guard let c = text.first else { return nil }
        let after = text.index(after: text.startIndex)
        switch c {
        case "-": return ("-", after)
        case "&", "|", "^": return ("", after)
        case "e", "\\": return ("\\", after)
        case " ": return (String(glue), after)
        case "(":
            let name = text[after...].prefix(2)
            guard name.count == 2 else { return nil }
            return (characters[String(name)], name.endIndex)
        case "[":
            guard let close = text[after...].firstIndex(of: "]") else { return nil }
            let name = String(text[after..<close])
            let end = text.index(after: close)
            // safe: parses text: nil when it is not hexadecimal
            if name.hasPrefix("u"), let code = UInt32(name.dropFirst(), radix: 16), let scalar = Unicode.Scalar(code) {
                return (String(Character(scalar)), end)
            }
            return (characters[name], end)
        default: return (nil, after)
        }
    }

    /// `text` with its escapes replaced (an unknown one is dropped: `unknowns` reports it).
    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            rest = rest[rest.index(after: slash)...]
            guard let (escape, after) = escapeAt(rest) else { break }
            out += escape ?? ""
            rest = rest[after...]
        }
        return out + rest
    }

    /// One piece of a rendered line: its text and whether a space goes before it.
    private struct Piece {
        var text: String
        var spaced: Bool
    }

    /// A macro line's words from `tokens` rendered as text, with whether it joins the text before
    /// it without a space (it starts with `.Pc`, `.Ns` or closing punctuation) and the text after
    /// (it ends with `.Po`, `.Ns` or a bare `.Fl`). `quoting`: a command is quoted (not inside a
    /// quote already).
    private static func inline(_ tokens: ArraySlice<String>, quoting: Bool, topics: [String: String]) -> (
        text: String, attachedBefore: Bool, attachingAfter: Bool
    ) {
        var attachedBefore = false
        var pieces: [Piece] = []
        var rest = tokens
        var attachNext = false
        func add(_ text: String, spaced: Bool = true) {
            if pieces.isEmpty && (!spaced || attachNext) { attachedBefore = true }
            pieces.append(Piece(text: text, spaced: spaced && !attachNext && !pieces.isEmpty))
            attachNext = false
        }
        func isMacro(_ word: String) -> Bool {
            textMacros.contains(word) || enclosures[word] != nil || openers[word] != nil || closers[word] != nil
        }
        /// The words up to the next macro, trailing delimiters left for the caller.
        func arguments() -> [String] {
            var words: [String] = []
            while let w = rest.first, !isMacro(w), !closing.contains(w) {
                words.append(unescape(w))
                rest.removeFirst()
            }
            return words
        }
        while let word = rest.first {
            rest.removeFirst()
            if closing.contains(word) {
                add(word, spaced: false)
                continue
            }
            if opening.contains(word) {
                add(word)
                attachNext = true
                continue
            }
            if let (open, close) = enclosures[word] {
                // The rest of the line, but for its trailing punctuation.
                var inner = rest
                var trailing: [String] = []
                while let last = inner.last, closing.contains(last) {
                    trailing.insert(last, at: 0)
                    inner.removeLast()
                }
                rest = []
                let quoted = word == "Ql" || word == "Qq" || word == "Dq" || word == "Sq"
                add(open + inline(inner, quoting: quoting && !quoted, topics: topics).text + close)
                for t in trailing { add(t, spaced: false) }
                continue
            }
            if let open = openers[word] {
                add(open)
                attachNext = true
                continue
            }
            if let close = closers[word] {
                add(close, spaced: false)
                continue
            }
            switch word {
            case "Ns":
                if pieces.isEmpty { attachedBefore = true }
                attachNext = true
            case "Nm":
                add("placeshell")
            case "Sx":
                // A section of the manual: help says where it is.
                let words = arguments()
                guard !words.isEmpty else { continue }
                let section = words.joined(separator: " ")
                add(topics[section].map { "'help \($0)'" } ?? section + " in 'man placeshell'")
            case "Fl":
                let words = arguments()
                if words.isEmpty {
                    add("-")
                    attachNext = true
                } else {
                    for w in words { add("-" + w) }
                }
            case "Fn":
                let words = arguments()
                guard let name = words.first else { continue }
                add(name + "(" + words.dropFirst().joined(separator: ", ") + ")")
            case "Xr":
                let words = arguments()
                guard let name = words.first else { continue }
                add(name + (words.count > 1 ? "(" + words[1] + ")" : ""))
            case "Ic" where quoting:
                // A command with its arguments (`.Ic expect Ar LHS Op Cm within`) is quoted whole,
                // up to punctuation or plain words (`No`).
                var words = arguments().joined(separator: " ")
                if let next = rest.first, ["Ar", "Cm", "Fl", "Op", "Oo"].contains(next) {
                    var own = rest
                    own = own.prefix { !closing.contains($0) && $0 != "No" && $0 != "Ic" }
                    rest = rest.dropFirst(own.count)
                    words += " " + inline(own, quoting: false, topics: topics).text
                }
                if !words.isEmpty { add("'" + words + "'") }
            case _ where textMacros.contains(word):
                for w in arguments() { add(w) }
            default:
                add(unescape(word))
            }
        }
        var out = ""
        for p in pieces { out += (p.spaced ? " " : "") + p.text }
        return (out, attachedBefore, attachNext)
    }

    // MARK: Layout

    /// Lines as the blocks come: paragraphs wrapped, displays as they are, lists indented.
    private struct Renderer {
        let width: Int
        let base: String
        var lines: [String] = []
        var words = ""
        /// The open lists: their kind, whether their items follow without a blank line, and the
        /// number of their last item.
        var lists: [(kind: String, compact: Bool, number: Int)] = []
        /// The current item's mark (`• `, `2. `), put before the paragraph's first line.
        var mark = ""
        var blankPending = false
        /// The last words ended with an opening (`.Po`, `.Ns`): the next join them without a space.
        var attachNext = false

        init(width: Int, base: String) {
            self.width = width
            self.base = base
        }

        var indent: String { base + String(repeating: " ", count: 4 * lists.count) }

        mutating func words(_ text: String, attached: Bool = false, attaching: Bool = false) {
            if !text.isEmpty {
                words += words.isEmpty || attached || attachNext ? text : " " + text
                attachNext = false
            }
            if attaching { attachNext = true }
        }

        mutating func emit(_ line: String) {
            if blankPending && !lines.isEmpty { lines.append("") }
            blankPending = false
            lines.append(line)
        }

        mutating func flush() {
            guard !words.isEmpty else { return }
            let first = mark.isEmpty ? indent : String(indent.dropLast(mark.count)) + mark
            let wrapped = wrapText(words, width: width, indent: first, hanging: indent)
            for line in wrapped.split(separator: "\n", omittingEmptySubsequences: false) {
                emit(String(line).unglued)
            }
            words = ""
            mark = ""
        }

        mutating func paragraph() {
            flush()
            blankPending = true
        }

        mutating func verbatim(_ line: String) {
            flush()
            emit(indent + "    " + line)
        }

        mutating func display(_ text: String) {
            flush()
            emit(indent + "    " + text.unglued)
        }

        mutating func heading(_ text: String) {
            paragraph()
            emit(base + text)
        }

        mutating func beginList(_ kind: String, compact: Bool) {
            paragraph()
            lists.append((kind, compact, 0))
        }

        mutating func endList() {
            flush()
            if !lists.isEmpty { lists.removeLast() }
            blankPending = true
        }

        mutating func item(_ head: String) {
            flush()
            guard let list = lists.last else {
                words(head)
                return
            }
            switch list.kind {
            case "-bullet", "-dash":
                mark = "• "
                words(head)
            case "-enum":
                lists[lists.count - 1].number += 1
                mark = "\(lists[lists.count - 1].number). "
                words(head)
            default:
                if !list.compact || list.number == 0 { blankPending = true }
                lists[lists.count - 1].number += 1
                emit(String(indent.dropLast(4)) + head.unglued)
            }
        }

        mutating func finish() -> [String] {
            flush()
            return lines
        }
    }
}

extension StringProtocol {
    /// The text with `ManualText`'s non-breaking spaces made plain again, once lines are wrapped.
    fileprivate var unglued: String { String(map { $0 == "\u{00A0}" ? " " : $0 }) }
}
