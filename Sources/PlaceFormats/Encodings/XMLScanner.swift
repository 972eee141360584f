/// A small, strict, streaming (pull) XML tokenizer over UTF-8 bytes, without Foundation.
///
/// It exists so that PlaceKit can read GPX files without linking Foundation's XMLParser, which
/// would cost the executable milliseconds at every start-up. It is *strict* because a file that
/// is cut short or hand-edited badly should be reported with a line and column, not half read.
///
/// What it reads: elements with attributes (single or double quotes), namespace prefixes (the
/// local name is given apart; prefixes are not resolved against `xmlns` declarations), text,
/// CDATA sections, the five predefined entities and numeric character references, UTF-8 with or
/// without a byte order mark. Comments, processing instructions, the XML declaration and a
/// DOCTYPE (with or without an internal subset) are checked and skipped.
///
/// What is an error (each with a line and column): invalid UTF-8, characters XML forbids, UTF-16,
/// a non-UTF-8 encoding declaration on a file with non-ASCII bytes, a malformed tag or attribute,
/// a duplicate attribute, `<` in an attribute value, an unknown entity (DOCTYPE entities are not
/// expanded) or an invalid character reference, `]]>` in text, `--` inside a comment, mismatched
/// or unclosed elements, text or a second element outside the root, no root element at all.
///
/// Events carry byte ranges into the input rather than strings, so that a large file is read
/// without an allocation per element; `string(_:)` and `appendDecoded(_:to:)` decode on demand.
/// It reads from an `UnsafeBufferPointer` (the caller keeps the bytes alive, e.g. inside
/// `withUnsafeBufferPointer`): array bounds checks and reloads cost more than the scan itself,
/// and every read below is guarded by an explicit `< bytes.count`.
/// Nesting is kept on an explicit stack (no recursion), so deep nesting cannot overflow the
/// call stack, and every loop advances at least one byte, so no input can make it hang.
struct XMLScanner {
    /// An error in the input, with a 1-based line and column (columns count characters).
    struct Failure: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// The name of an element or attribute: byte ranges of the qualified and the local name.
    struct Name: Equatable {
        /// `gpx:trkpt`
        var qualified: Range<Int>
        /// `trkpt`: what follows the prefix, or the whole name when there is none.
        var local: Range<Int>
    }

    /// Character data inside an element: raw bytes and how they must be decoded.
    struct Text: Equatable {
        /// The raw bytes, without the `<![CDATA[`…`]]>` markers for CDATA.
        var range: Range<Int>
        /// True for a CDATA section: no entities, only line-end normalisation.
        var isCDATA: Bool
        /// False when the raw bytes are already the text (no `&` and no carriage return).
        var needsDecoding: Bool
    }

    /// One attribute of the start tag just read.
    struct Attribute: Equatable {
        var name: Name
        /// The value between the quotes, raw.
        var value: Range<Int>
        /// False when the raw value is already the value (no `&`, tab or line end).
        var needsDecoding: Bool
    }

    /// What `next()` found.
    enum Event: Equatable {
        /// A start tag; its attributes are in `attributes` until the next call. `offset` is the
        /// byte offset of its `<`, for `location(of:)`.
        case start(Name, offset: Int)
        /// An end tag, or the end of an empty-element tag `<a/>` (reported right after `.start`).
        case end(Name, offset: Int)
        /// Text or CDATA inside the root element (never empty).
        case text(Text)
        /// The document is complete and well-formed.
        case endOfDocument
    }

    /// The input; valid for as long as the scanner is used.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The attributes of the last `.start` event (reused to avoid allocating per element).
    private(set) var attributes: [Attribute] = []
    /// The indices of `attributes` by the hash of their names, once a tag has many (see
    /// `isDuplicate`); empty otherwise.
    private var attributesByHash: [Int: [Int]] = [:]
    /// The encoding named in the XML declaration, if any.
    private(set) var declaredEncoding: String?

    private var pos = 0
    /// Where the document proper starts (after a byte order mark), for column counting.
    private var bodyStart = 0
    private var started = false
    private var finished = false
    private var sawRoot = false
    private var sawDoctype = false
    /// Open elements: their names and the offsets of their `<`.
    private var open: [(name: Name, offset: Int)] = []
    /// Set after `<a/>`: the next call reports the end of that element.
    private var pendingEnd: (name: Name, offset: Int)?
    /// Incremental line counting for `location(of:)`.
    private var cursorOffset = 0
    private var cursorLine = 1
    private var cursorLineStart = 0
    private var cursorPrevCR = false

    /// A scanner over `bytes`; nothing is read until the first `next()`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        attributes.reserveCapacity(8)
    }

    /// How deeply elements are nested at this point (0 outside the root).
    var depth: Int { open.count }

    // MARK: - Bytes and names

    /// True when the bytes in `range` are exactly `literal` (ASCII).
    func bytes(_ range: Range<Int>, equal literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { lit in
            var i = range.lowerBound
            for c in lit {
                if bytes[i] != c { return false }
                i += 1
            }
            return true
        }
    }

    /// The bytes in `range` as a String (no entity decoding; for names and error messages).
    func raw(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// A name or value from the input as a message quotes it: `excerpt` of its first bytes.
    func shown(_ range: Range<Int>) -> String {
        // 164 bytes hold more than 40 characters, so a character cut in two is never shown.
        excerpt(raw(range.lowerBound..<min(range.upperBound, range.lowerBound + 164)))
    }

    /// The decoded text as a String.
    func string(_ text: Text) -> String {
        if !text.needsDecoding { return raw(text.range) }
        var out: [UInt8] = []
        appendDecoded(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The decoded value of an attribute as a String.
    func string(_ attribute: Attribute) -> String {
        string(Text(range: attribute.value, isCDATA: false, needsDecoding: attribute.needsDecoding))
    }

    /// The first attribute whose local name is `local`.
    func attribute(_ local: StaticString) -> Attribute? {
        for a in attributes where bytes(a.name.local, equal: local) { return a }
        return nil
    }

    /// Appends the decoded bytes of `text` to `out`: entities and character references replaced
    /// (already checked by the scanner), and CR LF or a lone CR turned into LF as XML requires.
    func appendDecoded(_ text: Text, to out: inout [UInt8]) {
        var i = text.range.lowerBound
        let end = text.range.upperBound
        if !text.needsDecoding {
            out.append(contentsOf: bytes[text.range])
            return
        }
        while i < end {
            let b = bytes[i]
            if b == 0x0D {
                out.append(0x0A)
                i += (i + 1 < end && bytes[i + 1] == 0x0A) ? 2 : 1
            } else if b == UInt8(ascii: "&") && !text.isCDATA {
                // Checked when scanned, so this cannot fail here.
                if let (scalar, next) = reference(at: i, limit: end) {
                    appendUTF8(scalar, to: &out)
                    i = next
                } else {
                    out.append(b)
                    i += 1
                }
            } else {
                out.append(b)
                i += 1
            }
        }
    }

    /// Appends a scalar (already checked to be a valid XML character) as UTF-8.
    private func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        if v < 0x80 {
            out.append(UInt8(v))  // safe: v < 0x80 here
        } else if v < 0x800 {
            out.append(UInt8(0xC0 | (v >> 6)))  // safe: v < 0x800 here: 0xC0…0xDF
            out.append(UInt8(0x80 | (v & 0x3F)))  // safe: masked to 6 bits
        } else if v < 0x10000 {
            out.append(UInt8(0xE0 | (v >> 12)))  // safe: v < 0x10000 here: 0xE0…0xEF
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))  // safe: masked to 6 bits
            out.append(UInt8(0x80 | (v & 0x3F)))  // safe: masked to 6 bits
        } else {
            out.append(UInt8(0xF0 | (v >> 18)))  // safe: v ≤ 0x10FFFF: 0xF0…0xF4
            out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))  // safe: masked to 6 bits
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))  // safe: masked to 6 bits
            out.append(UInt8(0x80 | (v & 0x3F)))  // safe: masked to 6 bits
        }
    }

    // MARK: - Locations

    /// The 1-based line and column of a byte offset. Lines end at LF, CR LF or a lone CR;
    /// columns count Unicode characters, not bytes. Calls with growing offsets cost only the
    /// bytes in between (warnings on a large file stay linear); going back starts over.
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let target = min(max(offset, bodyStart), bytes.count)
        if target < cursorOffset || cursorOffset < bodyStart {
            cursorOffset = bodyStart
            cursorLine = 1
            cursorLineStart = bodyStart
            cursorPrevCR = false
        }
        var i = cursorOffset
        while i < target {
            let b = bytes[i]
            if b == 0x0A {
                if !cursorPrevCR { cursorLine += 1 }
                cursorLineStart = i + 1
                cursorPrevCR = false
            } else if b == 0x0D {
                cursorLine += 1
                cursorLineStart = i + 1
                cursorPrevCR = true
            } else {
                cursorPrevCR = false
            }
            i += 1
        }
        cursorOffset = target
        var column = 1
        var j = cursorLineStart
        while j < target {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return (cursorLine, column)
    }

    /// An error at a byte offset, located by line and column.
    private mutating func fail(_ message: String, at offset: Int) -> Failure {
        let (line, column) = location(of: offset)
        return Failure(message: message, line: line, column: column)
    }

    // MARK: - Character classes

    /// XML white space: space, tab, LF, CR.
    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    /// Name start characters: ASCII letters, `_`, `:` and any non-ASCII character (a
    /// simplification of XML's table that accepts every real-world name).
    @inline(__always) private static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "_")
            || b == UInt8(ascii: ":") || b >= 0x80
    }

    /// Name characters: name start characters, digits, `-` and `.`.
    @inline(__always) private static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
            || b == UInt8(ascii: ".")
    }

    // MARK: - Scanning

    /// The next event, or the first error. After `.endOfDocument` or an error, every further
    /// call returns the same again.
    mutating func next() throws(Failure) -> Event {
        if finished { return .endOfDocument }
        if !started {
            try startDocument()
            started = true
        }
        if let pending = pendingEnd {
            pendingEnd = nil
            open.removeLast()
            return .end(pending.name, offset: pending.offset)
        }
        while true {
            if pos >= bytes.count { return try endDocument() }
            let b = bytes[pos]
            if b != UInt8(ascii: "<") {
                let start = pos
                let text = try scanText()
                if open.isEmpty {
                    // Only white space may stand outside the root element.
                    var i = start
                    while i < text.range.upperBound {
                        if !Self.isSpace(bytes[i]) {
                            throw fail(
                                sawRoot ? "text after the root element" : "text before the root element", at: i)
                        }
                        i += 1
                    }
                    continue
                }
                return .text(text)
            }
            guard pos + 1 < bytes.count else { throw fail("unexpected end of file after '<'", at: pos) }
            switch bytes[pos + 1] {
            case UInt8(ascii: "/"):
                return try scanEndTag()
            case UInt8(ascii: "?"):
                try skipProcessingInstruction()
            case UInt8(ascii: "!"):
                if let text = try scanMarkupDeclaration() { return .text(text) }
            default:
                return try scanStartTag()
            }
        }
    }

    /// Checks the byte order mark, the XML declaration and the encoding of the whole input once,
    /// so that the scanning loops below may assume valid UTF-8 of allowed characters.
    private mutating func startDocument() throws(Failure) {
        if bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)) {
            throw Failure(message: "the file is UTF-16; only UTF-8 is read", line: 1, column: 1)
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            bodyStart = 3
        }
        pos = bodyStart
        cursorOffset = bodyStart
        cursorLineStart = bodyStart
        try checkCharacters()
    }

    /// Validates UTF-8 and XML's allowed characters over the whole input (a tight loop, a few
    /// milliseconds for 10 MB). Also reads the XML declaration first, since it decides whether
    /// non-ASCII bytes are even meant as UTF-8: a file that declares another encoding is read
    /// only while it is pure ASCII (the same bytes in every such encoding).
    private mutating func checkCharacters() throws(Failure) {
        if hasPrefix("<?xml", at: pos) && pos + 5 < bytes.count && Self.isSpace(bytes[pos + 5]) {
            try readXMLDeclaration()
        }
        var i = bodyStart
        let utf8 = declaredEncoding.map { ["utf-8", "utf8"].contains($0.lowercased()) } ?? true
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x0A && b != 0x0D && b != 0x09 {
                    // safe: a byte widens
                    throw fail("control character U+\(hex(UInt32(b))) is not allowed in XML", at: i)
                }
                i += 1
                continue
            }
            if !utf8 {
                throw fail(
                    "the file declares encoding \(declaredEncoding ?? "other than UTF-8") and has non-ASCII bytes; only UTF-8 is read",
                    at: i
                )
            }
            var scalar: UInt32
            var need: Int
            var minimum: UInt32
            switch b {
            case 0xC2...0xDF:
                scalar = UInt32(b & 0x1F)  // safe: a byte widens
                need = 1
                minimum = 0x80
            case 0xE0...0xEF:
                scalar = UInt32(b & 0x0F)  // safe: a byte widens
                need = 2
                minimum = 0x800
            case 0xF0...0xF4:
                scalar = UInt32(b & 0x07)  // safe: a byte widens
                need = 3
                minimum = 0x10000
            // safe: a byte widens
            default: throw fail("invalid UTF-8 byte 0x\(String(hex(UInt32(b)).suffix(2)))", at: i)
            }
            if i + need >= n {
                throw fail("incomplete UTF-8 sequence at the end of the file", at: i)
            }
            for k in 1...need {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { throw fail("invalid UTF-8 sequence", at: i) }
                scalar = scalar << 6 | UInt32(c & 0x3F)  // safe: a byte widens
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                throw fail("invalid UTF-8 sequence", at: i)
            }
            if scalar == 0xFFFE || scalar == 0xFFFF {
                throw fail("character U+\(hex(scalar)) is not allowed in XML", at: i)
            }
            i += need + 1
        }
    }

    /// At least four upper-case hex digits, as in U+0001.
    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return s.count < 4 ? String(repeating: "0", count: 4 - s.count) + s : s
    }

    /// True when the input at `i` starts with `literal`.
    private func hasPrefix(_ literal: StaticString, at i: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return bytes(i..<(i + n), equal: literal)
    }

    /// `<?xml version="1.0" encoding="…" standalone="…"?>`: only the encoding matters here.
    /// It is checked byte by byte because it comes before the character check.
    private mutating func readXMLDeclaration() throws(Failure) {
        let start = pos
        var i = pos + 5
        while true {
            guard i + 1 < bytes.count else { throw fail("the XML declaration is not closed with '?>'", at: start) }
            if bytes[i] == UInt8(ascii: "?") && bytes[i + 1] == UInt8(ascii: ">") { break }
            if bytes[i] >= 0x80 { throw fail("non-ASCII byte in the XML declaration", at: i) }
            i += 1
        }
        let end = i
        // Find encoding = "…" inside.
        var j = start + 5
        while j < end {
            if bytes(j..<min(j + 8, end), equal: "encoding") {
                var k = j + 8
                while k < end && Self.isSpace(bytes[k]) { k += 1 }
                guard k < end && bytes[k] == UInt8(ascii: "=") else { break }
                k += 1
                while k < end && Self.isSpace(bytes[k]) { k += 1 }
                guard k < end, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") else { break }
                let quote = bytes[k]
                let valueStart = k + 1
                var m = valueStart
                while m < end && bytes[m] != quote { m += 1 }
                guard m < end else { throw fail("unterminated encoding in the XML declaration", at: k) }
                declaredEncoding = raw(valueStart..<m)
                break
            }
            j += 1
        }
        pos = end + 2
    }

    /// The end of the input: complete only when every element is closed and there was a root.
    private mutating func endDocument() throws(Failure) -> Event {
        if let last = open.last {
            let (line, column) = location(of: last.offset)
            throw fail(
                "unexpected end of file: <\(shown(last.name.qualified))> (line \(line), column \(column)) is not closed",
                at: bytes.count)
        }
        if !sawRoot { throw fail("no root element", at: bytes.count) }
        finished = true
        return .endOfDocument
    }

    /// Text up to the next `<`, checking references and `]]>`.
    private mutating func scanText() throws(Failure) -> Text {
        let start = pos
        var decode = false
        var i = pos
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "<") { break }
            if b == UInt8(ascii: "&") {
                guard let (_, next) = reference(at: i, limit: n) else { throw referenceError(at: i, limit: n) }
                decode = true
                i = next
                continue
            }
            if b == 0x0D { decode = true }
            if b == UInt8(ascii: "]") && i + 2 < n && bytes[i + 1] == UInt8(ascii: "]")
                && bytes[i + 2] == UInt8(ascii: ">")
            {
                throw fail("']]>' is not allowed in text", at: i)
            }
            i += 1
        }
        pos = i
        return Text(range: start..<i, isCDATA: false, needsDecoding: decode)
    }

    /// Decodes the reference starting with `&` at `i`: the scalar and the offset after `;`, or
    /// nil when it is not a valid reference.
    private func reference(at i: Int, limit: Int) -> (UInt32, Int)? {
        var j = i + 1
        guard j < limit else { return nil }
        if bytes[j] == UInt8(ascii: "#") {
            j += 1
            var radix: UInt32 = 10
            if j < limit && bytes[j] == UInt8(ascii: "x") {
                radix = 16
                j += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while j < limit && bytes[j] != UInt8(ascii: ";") {
                let c = bytes[j]
                var d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))  // safe: a digit, 0…9
                // safe: a hex digit, 10…15
                case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: d = UInt32(c - UInt8(ascii: "a") + 10)
                // safe: a hex digit, 10…15
                case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: d = UInt32(c - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value * radix + d
                if value > 0x10FFFF { return nil }
                digits += 1
                j += 1
            }
            guard j < limit, digits > 0 else { return nil }
            let allowed =
                value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value <= 0xD7FF)
                || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
            return allowed ? (value, j + 1) : nil
        }
        var k = j
        while k < limit && k - j < 5 && bytes[k] != UInt8(ascii: ";") { k += 1 }
        guard k < limit && bytes[k] == UInt8(ascii: ";") else { return nil }
        let name = j..<k
        let scalar: UInt32
        if bytes(name, equal: "lt") {
            scalar = 0x3C
        } else if bytes(name, equal: "gt") {
            scalar = 0x3E
        } else if bytes(name, equal: "amp") {
            scalar = 0x26
        } else if bytes(name, equal: "apos") {
            scalar = 0x27
        } else if bytes(name, equal: "quot") {
            scalar = 0x22
        } else {
            return nil
        }
        return (scalar, k + 1)
    }

    /// Why the reference at `i` is not valid, in words.
    private mutating func referenceError(at i: Int, limit: Int) -> Failure {
        var j = i + 1
        while j < limit && j - i < 32 && bytes[j] != UInt8(ascii: ";") && !Self.isSpace(bytes[j])
            && bytes[j] != UInt8(ascii: "<") && bytes[j] != UInt8(ascii: "&")
        {
            j += 1
        }
        if j < limit && bytes[j] == UInt8(ascii: ";") {
            let text = raw(i..<(j + 1))
            if i + 1 < limit && bytes[i + 1] == UInt8(ascii: "#") {
                return fail("invalid character reference \(text)", at: i)
            }
            return fail("unknown entity \(text) (only &lt; &gt; &amp; &apos; &quot; are defined)", at: i)
        }
        return fail("'&' must start an entity or character reference ending in ';' (write &amp; for '&')", at: i)
    }

    /// A name at `pos`; `what` (and the element, for an attribute) names the construct for the
    /// error message, which is built only on an error, not for every attribute of a large file.
    private mutating func scanName(_ what: StaticString, of element: Name? = nil) throws(Failure) -> Name {
        func context() -> String { element.map { "\(what) <\(shown($0.qualified))>" } ?? "\(what)" }
        let start = pos
        guard pos < bytes.count else { throw fail("unexpected end of file in \(context())", at: pos) }
        guard Self.isNameStart(bytes[pos]) else {
            throw fail("expected a name in \(context()), found \(describe(at: pos))", at: pos)
        }
        var colon: Int? = bytes[pos] == UInt8(ascii: ":") ? pos : nil
        pos += 1
        while pos < bytes.count && Self.isNameChar(bytes[pos]) {
            if bytes[pos] == UInt8(ascii: ":") {
                if colon != nil { throw fail("a name may have only one ':' (namespace prefix)", at: pos) }
                colon = pos
            }
            pos += 1
        }
        if let c = colon {
            if c == start || c + 1 == pos {
                throw fail("'\(shown(start..<pos))' is not a valid prefixed name", at: start)
            }
            return Name(qualified: start..<pos, local: (c + 1)..<pos)
        }
        return Name(qualified: start..<pos, local: start..<pos)
    }

    /// The byte at `i` in words, for error messages.
    private func describe(at i: Int) -> String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        if b == 0x0A || b == 0x0D { return "a line end" }
        if b == 0x20 || b == 0x09 { return "white space" }
        if b < 0x80 { return "'\(String(UnicodeScalar(b)))'" }
        return "a non-ASCII character"
    }

    /// Skips white space; true when there was some (attributes must be separated by it).
    private mutating func skipSpace() -> Bool {
        let start = pos
        while pos < bytes.count && Self.isSpace(bytes[pos]) { pos += 1 }
        return pos > start
    }

    /// `<name attr="v" …>` or `<name …/>`; only one root element is allowed.
    private mutating func scanStartTag() throws(Failure) -> Event {
        let tagStart = pos
        if open.isEmpty && sawRoot { throw fail("a second element after the root element", at: tagStart) }
        pos += 1
        let name = try scanName("a start tag")
        attributes.removeAll(keepingCapacity: true)
        if !attributesByHash.isEmpty { attributesByHash.removeAll() }
        while true {
            let spaced = skipSpace()
            guard pos < bytes.count else {
                throw fail("unexpected end of file in the start tag <\(shown(name.qualified))>", at: pos)
            }
            let b = bytes[pos]
            if b == UInt8(ascii: ">") {
                pos += 1
                open.append((name, tagStart))
                sawRoot = true
                return .start(name, offset: tagStart)
            }
            if b == UInt8(ascii: "/") {
                guard pos + 1 < bytes.count else {
                    throw fail("unexpected end of file in the start tag <\(shown(name.qualified))>", at: pos + 1)
                }
                guard bytes[pos + 1] == UInt8(ascii: ">") else {
                    throw fail("expected '>' after '/' in <\(shown(name.qualified))>", at: pos + 1)
                }
                pos += 2
                open.append((name, tagStart))
                sawRoot = true
                pendingEnd = (name, tagStart)
                return .start(name, offset: tagStart)
            }
            guard spaced else {
                throw fail(
                    "expected white space, '>' or '/>' in <\(shown(name.qualified))>, found \(describe(at: pos))",
                    at: pos
                )
            }
            try scanAttribute(in: name)
        }
    }

    /// `name = "value"` (or single quotes), checked and recorded as ranges.
    private mutating func scanAttribute(in element: Name) throws(Failure) {
        let attrStart = pos
        let name = try scanName("an attribute of", of: element)
        _ = skipSpace()
        guard pos < bytes.count else { throw fail("unexpected end of file in an attribute", at: pos) }
        guard bytes[pos] == UInt8(ascii: "=") else {
            throw fail("expected '=' after attribute \(shown(name.qualified)), found \(describe(at: pos))", at: pos)
        }
        pos += 1
        _ = skipSpace()
        guard pos < bytes.count else { throw fail("unexpected end of file in an attribute", at: pos) }
        let quote = bytes[pos]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw fail("attribute \(shown(name.qualified)) needs a quoted value, found \(describe(at: pos))", at: pos)
        }
        let quoteAt = pos
        pos += 1
        let valueStart = pos
        var decode = false
        let n = bytes.count
        while true {
            guard pos < n else {
                throw fail("unexpected end of file in the value of attribute \(shown(name.qualified))", at: quoteAt)
            }
            let b = bytes[pos]
            if b == quote { break }
            if b == UInt8(ascii: "<") { throw fail("'<' is not allowed in an attribute value", at: pos) }
            if b == UInt8(ascii: "&") {
                guard let (_, next) = reference(at: pos, limit: n) else { throw referenceError(at: pos, limit: n) }
                decode = true
                pos = next
                continue
            }
            if b == 0x0D || b == 0x0A || b == 0x09 { decode = true }
            pos += 1
        }
        let value = valueStart..<pos
        pos += 1
        if isDuplicate(name.qualified) { throw fail("duplicate attribute \(shown(name.qualified))", at: attrStart) }
        attributes.append(Attribute(name: name, value: value, needsDecoding: decode))
    }

    /// Whether the start tag being read already has an attribute named `name`. A few are compared
    /// one by one; past `indexedFrom`, by hash, so that a tag with 100,000 attributes is read in
    /// linear time. Call it before appending the attribute.
    private mutating func isDuplicate(_ name: Range<Int>) -> Bool {
        let wanted = bytes[name]
        guard attributes.count >= Self.indexedFrom else {
            return attributes.contains { bytes[$0.name.qualified].elementsEqual(wanted) }
        }
        if attributesByHash.isEmpty {
            for (i, a) in attributes.enumerated() { attributesByHash[hash(a.name.qualified), default: []].append(i) }
        }
        let h = hash(name)
        if let same = attributesByHash[h],
            same.contains(where: { bytes[attributes[$0].name.qualified].elementsEqual(wanted) })
        {
            return true
        }
        attributesByHash[h, default: []].append(attributes.count)
        return false
    }

    /// How many attributes a tag has before their names are looked up by hash.
    private static let indexedFrom = 16

    private func hash(_ range: Range<Int>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        return hasher.finalize()
    }

    /// Decodes an attribute value: like text, but tabs and line ends become spaces (XML's
    /// attribute-value normalisation); character references are kept as written.
    func appendDecodedAttribute(_ a: Attribute, to out: inout [UInt8]) {
        var i = a.value.lowerBound
        let end = a.value.upperBound
        while i < end {
            let b = bytes[i]
            if b == 0x0D {
                out.append(0x20)
                i += (i + 1 < end && bytes[i + 1] == 0x0A) ? 2 : 1
            } else if b == 0x0A || b == 0x09 {
                out.append(0x20)
                i += 1
            } else if b == UInt8(ascii: "&"), let (scalar, next) = reference(at: i, limit: end) {
                appendUTF8(scalar, to: &out)
                i = next
            } else {
                out.append(b)
                i += 1
            }
        }
    }

    /// `</name>`, which must close the innermost open element.
    private mutating func scanEndTag() throws(Failure) -> Event {
        let tagStart = pos
        pos += 2
        let name = try scanName("an end tag")
        _ = skipSpace()
        guard pos < bytes.count else {
            throw fail("unexpected end of file in the end tag </\(shown(name.qualified))>", at: pos)
        }
        guard bytes[pos] == UInt8(ascii: ">") else {
            throw fail("expected '>' in the end tag </\(shown(name.qualified))>, found \(describe(at: pos))", at: pos)
        }
        pos += 1
        guard let top = open.last else {
            throw fail("end tag </\(shown(name.qualified))> without a matching start tag", at: tagStart)
        }
        guard bytes[top.name.qualified].elementsEqual(bytes[name.qualified]) else {
            let (line, column) = location(of: top.offset)
            throw fail(
                "end tag </\(shown(name.qualified))> does not match <\(shown(top.name.qualified))> (line \(line), column \(column))",
                at: tagStart)
        }
        open.removeLast()
        return .end(name, offset: tagStart)
    }

    /// `<?target …?>`: checked and skipped. An XML declaration is allowed only at the start
    /// (where `startDocument` has already consumed it).
    private mutating func skipProcessingInstruction() throws(Failure) {
        let start = pos
        pos += 2
        let target = try scanName("a processing instruction")
        if target.qualified.count == 3 && raw(target.qualified).lowercased() == "xml" {
            throw fail("the XML declaration <?xml …?> is allowed only at the very start of the file", at: start)
        }
        while pos + 1 < bytes.count {
            if bytes[pos] == UInt8(ascii: "?") && bytes[pos + 1] == UInt8(ascii: ">") {
                pos += 2
                return
            }
            pos += 1
        }
        throw fail("unexpected end of file in a processing instruction (no '?>')", at: start)
    }

    /// `<!--…-->`, `<![CDATA[…]]>` or `<!DOCTYPE …>`. Returns CDATA as text; skips the rest.
    private mutating func scanMarkupDeclaration() throws(Failure) -> Text? {
        let start = pos
        if hasPrefix("<!--", at: pos) {
            pos += 4
            while pos + 1 < bytes.count {
                if bytes[pos] == UInt8(ascii: "-") && bytes[pos + 1] == UInt8(ascii: "-") {
                    guard pos + 2 < bytes.count else { break }
                    guard bytes[pos + 2] == UInt8(ascii: ">") else {
                        throw fail("'--' is not allowed inside a comment", at: pos)
                    }
                    pos += 3
                    return nil
                }
                pos += 1
            }
            throw fail("unexpected end of file in a comment (no '-->')", at: start)
        }
        if hasPrefix("<![CDATA[", at: pos) {
            guard !open.isEmpty else { throw fail("CDATA outside the root element", at: start) }
            pos += 9
            let contentStart = pos
            var decode = false
            while pos + 2 < bytes.count {
                if bytes[pos] == UInt8(ascii: "]") && bytes[pos + 1] == UInt8(ascii: "]")
                    && bytes[pos + 2] == UInt8(ascii: ">")
                {
                    let text = Text(range: contentStart..<pos, isCDATA: true, needsDecoding: decode)
                    pos += 3
                    if text.range.isEmpty { return nil }
                    return text
                }
                if bytes[pos] == 0x0D { decode = true }
                pos += 1
            }
            throw fail("unexpected end of file in a CDATA section (no ']]>')", at: start)
        }
        if hasPrefix("<!DOCTYPE", at: pos) {
            if sawRoot || sawDoctype {
                throw fail("<!DOCTYPE is allowed only once, before the root element", at: start)
            }
            sawDoctype = true
            try skipDoctype(from: start)
            return nil
        }
        if pos + 2 >= bytes.count { throw fail("unexpected end of file after '<!'", at: start) }
        throw fail("expected '<!--', '<![CDATA[' or '<!DOCTYPE' after '<!'", at: start)
    }

    /// Skips a DOCTYPE, including an internal subset in brackets, quoted strings and comments
    /// inside it (which may hold `>` or `]`). Its declarations are not used.
    private mutating func skipDoctype(from start: Int) throws(Failure) {
        pos += 9
        var depth = 0
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                let quoteAt = pos
                pos += 1
                while pos < bytes.count && bytes[pos] != b { pos += 1 }
                guard pos < bytes.count else {
                    throw fail("unexpected end of file in a quoted string in <!DOCTYPE", at: quoteAt)
                }
                pos += 1
                continue
            }
            if depth > 0 && hasPrefix("<!--", at: pos) {
                let commentAt = pos
                pos += 4
                while pos + 2 < bytes.count && !hasPrefix("-->", at: pos) { pos += 1 }
                guard pos + 2 < bytes.count else {
                    throw fail("unexpected end of file in a comment (no '-->')", at: commentAt)
                }
                pos += 3
                continue
            }
            if b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "]") {
                depth -= 1
                if depth < 0 { throw fail("unbalanced ']' in <!DOCTYPE", at: pos) }
            } else if b == UInt8(ascii: ">") && depth == 0 {
                pos += 1
                return
            }
            pos += 1
        }
        throw fail("unexpected end of file in <!DOCTYPE (no '>')", at: start)
    }
}
