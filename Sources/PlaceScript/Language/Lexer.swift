import CByteMask

/// The bytes the lexer reads.
typealias Bytes = UnsafeBufferPointer<UInt8>

/// One word of a command, after quotes, escapes and `$` expansions have been applied.
public struct Token: Sendable {
    /// The word's text.
    public var text: String
    /// Byte offset of the word's first character in its source.
    public var offset: Int
    /// Bytes of source the word covers (for underlining).
    public var length: Int
    /// Some part of the word was quoted or escaped: it is text, never an option or a keyword.
    public var isQuoted: Bool
    /// Where the value starts in `text` (UTF-8 offset) for `name=value` and `--name=value`.
    var valueStart: Int
    /// The word began with `--` and a letter.
    public var isFlag: Bool
    /// Some part of the word came from a script argument (`$1`, `${2:-x}`) outside quotes: the
    /// word is read as what it says (a keyword, a preset, a number), but its text is not the
    /// source's, so a position inside it does not map to a column.
    public var isExpanded: Bool

    public init(text: String, offset: Int, length: Int, isQuoted: Bool = false, isExpanded: Bool = false) {
        self.text = text
        self.offset = offset
        self.length = length
        self.isQuoted = isQuoted
        self.isExpanded = isExpanded
        self.valueStart = -1
        self.isFlag = false
    }

    /// The word's text is its source, character for character (nothing quoted, escaped or
    /// expanded): an offset inside the text is an offset in the source.
    public var isVerbatim: Bool { !isQuoted && !isExpanded }

    /// `name=value` (not `--name=value`).
    public var isOption: Bool { !isFlag && valueStart >= 0 }

    /// The option or flag name: `speed` for `speed=5`, `json` for `--json`.
    public var optionName: String? {
        if isFlag {
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: 2)
            let end = valueStart >= 0 ? utf8.index(utf8.startIndex, offsetBy: valueStart - 1) : utf8.endIndex
            return String(text[start..<end])
        }
        guard valueStart >= 0 else { return nil }
        let utf8 = text.utf8
        return String(text[utf8.startIndex..<utf8.index(utf8.startIndex, offsetBy: valueStart - 1)])
    }

    /// The value after `=`, or nil when there is none.
    public var optionValue: String? {
        guard valueStart >= 0 else { return nil }
        let utf8 = text.utf8
        return String(text[utf8.index(utf8.startIndex, offsetBy: valueStart)...])
    }

    /// Byte offset in the source where the option's value starts (for errors about the value).
    public var optionValueOffset: Int {
        guard valueStart >= 0, isVerbatim else { return offset }
        return offset + valueStart
    }
}

/// The words of one command, as the lexer split them.
public struct RawCommand: Sendable {
    public var tokens: [Token]
    /// Offset of the first word.
    public var offset: Int { tokens.first?.offset ?? 0 }
}

/// Why the input ended before a command was complete; the REPL then asks for another line.
public enum Incompleteness: Sendable, Equatable {
    case openSingleQuote(offset: Int)
    case openDoubleQuote(offset: Int)
    case trailingBackslash(offset: Int)
    case openBrace(offset: Int)
}

/// What the lexer made of a source.
public enum LexResult {
    case commands([RawCommand])
    case incomplete(Incompleteness)
}

/// Splits a source into commands and words. Works on bytes, in one pass, so a million-line
/// script lexes in a fraction of a second. Rules (see `help syntax`): newline and `;` end a
/// command; `#` at the start of a word begins a comment; single quotes are literal; double quotes
/// allow backslash escapes and `$` expansions; a backslash outside quotes escapes the next
/// character, and at the end of a line joins the next line.
public struct Lexer {
    let source: SourceText
    private var scratch: [UInt8] = []

    public init(source: SourceText) {
        self.source = source
        scratch.reserveCapacity(64)
    }

    /// Where the next command starts.
    private var position = 0
    /// The words of the command being read; reused from command to command, so callers must not
    /// keep a `RawCommand` across calls if they want to avoid a copy.
    private var tokens: [Token] = []

    /// What `nextCommand` found.
    public enum Step {
        case command(RawCommand)
        case end
        case incomplete(Incompleteness)
    }

    /// Lexes the next command, so that a long script is read one command at a time in constant
    /// memory. An open quote or a trailing backslash at the end is reported as `.incomplete`;
    /// the caller decides whether that is an error (a script) or a reason to read more (the REPL).
    public mutating func nextCommand() throws(Diagnostic) -> Step {
        // The bytes belong to the immutable SourceText, so the pointer stays valid throughout;
        // reading through it avoids a bounds check per byte.
        let source = self.source
        do {
            return try source.bytes.withUnsafeBufferPointer { bytes in try nextCommand(in: bytes) }
        } catch let error as Diagnostic {
            throw error
        } catch {
            return .end  // withUnsafeBufferPointer rethrows only what the body throws
        }
    }

    private mutating func nextCommand(in bytes: Bytes) throws(Diagnostic) -> Step {
        tokens.removeAll(keepingCapacity: true)
        var i = position
        let n = bytes.count
        defer { position = i }
        while i < n {
            let b = bytes[i]
            switch b {
            case 0x20, 0x09, 0x0D:  // space, tab, CR
                i += 1
            case 0x0A, 0x3B:  // newline, ';'
                i += 1
                if !tokens.isEmpty { return .command(RawCommand(tokens: tokens)) }
            case 0x23:  // '#': comment to end of line
                i = try skipComment(bytes, from: i)
            case 0x5C where i + 1 < n && bytes[i + 1] == 0x0A:  // backslash-newline between words
                i += 2
            case 0x5C where i + 2 < n && bytes[i + 1] == 0x0D && bytes[i + 2] == 0x0A:
                i += 3
            default:
                switch try word(bytes, from: &i) {
                case .token(let token): tokens.append(token)
                case .incomplete(let why): return .incomplete(why)
                }
            }
        }
        return tokens.isEmpty ? .end : .command(RawCommand(tokens: tokens))
    }

    /// The most words `nextPlainCommand` finds in one command; a command with more goes to the
    /// full lexer, which gives the same words.
    static let plainWordLimit = 32
    /// Where the words of the command `nextPlainCommand` found start and end (byte offsets), in
    /// the first `wordCount` slots: the slots are made once and reused, so a scan allocates nothing.
    private(set) var wordStarts = [Int](repeating: 0, count: plainWordLimit)
    private(set) var wordEnds = [Int](repeating: 0, count: plainWordLimit)
    /// How many words the command `nextPlainCommand` found has.
    private(set) var wordCount = 0

    /// What `nextPlainCommand` found.
    enum PlainStep {
        /// A command whose words are all plain: bare, printable ASCII, none quoted, escaped,
        /// expanded or continued on the next line. Its words are `wordStarts`/`wordEnds`; no
        /// text has been made of them (`plainCommand` makes the tokens when they are needed).
        case plain
        /// Any other command, lexed in full.
        case command(RawCommand)
        case end
        case incomplete(Incompleteness)
    }

    /// Lexes the next command as `nextCommand` does, but a command of plain words (nearly every
    /// line of a script) comes back as byte ranges, without making a `String` of any word.
    mutating func nextPlainCommand() throws(Diagnostic) -> PlainStep {
        let start = position
        let source = self.source
        let found = source.bytes.withUnsafeBufferPointer { bytes in
            wordStarts.withUnsafeMutableBufferPointer { starts in
                wordEnds.withUnsafeMutableBufferPointer { ends in
                    Self.scanPlain(bytes, from: start, starts: starts, ends: ends)
                }
            }
        }
        if let (end, count) = found {
            position = end
            wordCount = count
            return count == 0 ? .end : .plain
        }
        // Something needs the full lexer (a quote, an escape, a `$`, other bytes): lex the
        // command again from where the scan began; it gives the same words or the same error.
        position = start
        switch try nextCommand() {
        case .command(let command): return .command(command)
        case .end: return .end
        case .incomplete(let why): return .incomplete(why)
        }
    }

    /// Scans the command at `position` for plain words, writing where each starts and ends into
    /// `starts` and `ends`: where the scan stopped and how many words it found, or nil when a
    /// word is not plain (or there are more words than the slots hold).
    private static func scanPlain(
        _ bytes: Bytes, from position: Int, starts: UnsafeMutableBufferPointer<Int>,
        ends: UnsafeMutableBufferPointer<Int>
    ) -> (end: Int, count: Int)? {
        var count = 0
        var i = position
        let n = bytes.count
        let limit = min(starts.count, ends.count)
        while i < n {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D:  // space, tab, CR
                i += 1
            case 0x0A, 0x3B:  // newline, ';'
                i += 1
                if count > 0 { return (i, count) }
            case 0x23:  // '#': comment to end of line
                guard let end = plainCommentEnd(bytes, from: i) else { return nil }
                i = end
            case 0x5C:  // backslash
                return nil
            default:
                let start = i
                // Sixteen bytes at a time to the first that may end the word (`placeshell_word_stop_mask16`),
                // where sixteen are there; then byte by byte, from that byte on.
                if let base = bytes.baseAddress {
                    while i + 16 <= n {
                        let stops = placeshell_word_stop_mask16(base + i)
                        if stops != 0 {
                            i += stops.trailingZeroBitCount
                            break
                        }
                        i += 16
                    }
                }
                while i < n {
                    let b = bytes[i]
                    if b <= 0x20 || b == 0x3B || b == 0x22 || b == 0x27 || b == 0x5C || b == 0x24 || b >= 0x7F {
                        break
                    }
                    i += 1
                }
                if i < n && !isWordEnd(bytes[i]) { return nil }
                guard count < limit else { return nil }
                starts[count] = start
                ends[count] = i
                count += 1
            }
        }
        return (i, count)
    }

    /// Where the run of 8-byte words from `start` that hold no byte ≥ 0x80, no NUL and no newline
    /// ends: a comment's plain ASCII, skipped a word at a time; the bytes from there on are
    /// looked at one by one.
    private static func plainASCIIWordsEnd(_ bytes: Bytes, from start: Int) -> Int {
        var i = start
        let n = bytes.count
        guard let base = bytes.baseAddress else { return i }
        let raw = UnsafeRawPointer(base)
        while i + 8 <= n {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let high = word & 0x8080_8080_8080_8080
            let nul = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            let newlineBits = word ^ 0x0A0A_0A0A_0A0A_0A0A
            let newline = (newlineBits &- 0x0101_0101_0101_0101) & ~newlineBits & 0x8080_8080_8080_8080
            if high | nul | newline != 0 { break }
            i += 8
        }
        return i
    }

    /// The end of the comment at `start` (the newline stays), as `skipComment` finds it, or nil
    /// where `skipComment` would find an error (a NUL, a byte that is not UTF-8): the full lexer
    /// then reports it.
    private static func plainCommentEnd(_ bytes: Bytes, from start: Int) -> Int? {
        var i = plainASCIIWordsEnd(bytes, from: start)
        let n = bytes.count
        while i < n && bytes[i] != 0x0A {
            let b = bytes[i]
            if b == 0 { return nil }
            if b < 0x80 {
                i += 1
            } else {
                guard let length = validUTF8Length(bytes, at: i) else { return nil }
                i += length
            }
        }
        return i
    }

    /// The tokens of the command `nextPlainCommand` found plain, made now.
    mutating func plainCommand() -> RawCommand {
        tokens.removeAll(keepingCapacity: true)
        source.bytes.withUnsafeBufferPointer { bytes in
            for k in 0..<wordCount {
                let word = bytes[wordStarts[k]..<wordEnds[k]]
                var token = Token(
                    text: String(decoding: word, as: UTF8.self), offset: wordStarts[k], length: word.count)
                classify(&token, text: word, bareLength: word.count)
                tokens.append(token)
            }
        }
        return RawCommand(tokens: tokens)
    }

    /// Lexes the whole source at once.
    public mutating func lex() throws(Diagnostic) -> LexResult {
        var commands: [RawCommand] = []
        while true {
            switch try nextCommand() {
            case .command(let c): commands.append(c)
            case .end: return .commands(commands)
            case .incomplete(let why): return .incomplete(why)
            }
        }
    }

    private enum WordOutcome {
        case token(Token)
        case incomplete(Incompleteness)
    }

    /// Reads one word starting at `i`; leaves `i` after it.
    private mutating func word(_ bytes: Bytes, from i: inout Int) throws(Diagnostic) -> WordOutcome {
        let start = i
        let n = bytes.count
        // Fast path: a plain bare word (the vast majority).
        var j = i
        while j < n {
            let b = bytes[j]
            if b <= 0x20 || b == 0x3B || b == 0x22 || b == 0x27 || b == 0x5C || b == 0x24 || b >= 0x80 || b == 0x7F {
                break
            }
            j += 1
        }
        if j == n || Self.isWordEnd(bytes[j]) {
            i = j
            var token = Token(
                text: String(decoding: bytes[start..<j], as: UTF8.self), offset: start, length: j - start)
            classify(&token, text: bytes[start..<j], bareLength: j - start)
            return .token(token)
        }
        // General path: build the word in the scratch buffer.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<j])
        var bareLength = j - start
        var stillBare = true
        var quoted = false
        var expanded = false
        i = j
        while i < n {
            let b = bytes[i]
            if Self.isWordEnd(b) { break }
            switch b {
            case 0x27:  // '
                quoted = true
                stillBare = false
                let open = i
                i += 1
                while i < n && bytes[i] != 0x27 {
                    let length = bytes[i] == 0 || bytes[i] >= 0x80 ? try checkByte(bytes, at: i) : 1
                    scratch.append(contentsOf: bytes[i..<i + length])
                    i += length
                }
                if i >= n { return .incomplete(.openSingleQuote(offset: open)) }
                i += 1
            case 0x22:  // "
                quoted = true
                stillBare = false
                let open = i
                i += 1
                var closed = false
                while i < n {
                    let c = bytes[i]
                    if c == 0x22 {
                        closed = true
                        i += 1
                        break
                    }
                    if c == 0x5C {
                        guard i + 1 < n else { return .incomplete(.openDoubleQuote(offset: open)) }
                        if let why = try escapeInDoubleQuotes(bytes, at: &i) { return .incomplete(why) }
                        continue
                    }
                    if c == 0x24 {
                        if let why = try expand(bytes, at: &i) { return .incomplete(why) }
                        continue
                    }
                    if c == 0 || c >= 0x80 {
                        let length = try checkByte(bytes, at: i)
                        scratch.append(contentsOf: bytes[i..<i + length])
                        i += length
                        continue
                    }
                    scratch.append(c)
                    i += 1
                }
                if !closed { return .incomplete(.openDoubleQuote(offset: open)) }
            case 0x5C:  // backslash outside quotes
                stillBare = false
                guard i + 1 < n else { return .incomplete(.trailingBackslash(offset: i)) }
                let next = bytes[i + 1]
                if next == 0x0A {
                    i += 2
                } else if next == 0x0D && i + 2 < n && bytes[i + 2] == 0x0A {
                    i += 3
                } else if next == 0x0D && i + 2 == n {
                    return .incomplete(.trailingBackslash(offset: i))
                } else {
                    quoted = true
                    i += 1
                    let length = try checkByte(bytes, at: i)
                    scratch.append(contentsOf: bytes[i..<i + length])
                    i += length
                }
            case 0x24:  // $
                let dollar = i
                if let why = try expand(bytes, at: &i) { return .incomplete(why) }
                if i != dollar + 1 {
                    // An argument outside quotes is read as the word it is (`zoom $1` with
                    // `in` zooms in); only option names stay what the source spells.
                    stillBare = false
                    expanded = true
                } else if stillBare {
                    bareLength += 1
                }
            default:
                if b >= 0x80 || b == 0 {
                    let length = try checkByte(bytes, at: i)
                    scratch.append(contentsOf: bytes[i..<i + length])
                    i += length
                    if stillBare { bareLength += length }
                } else {
                    scratch.append(b)
                    i += 1
                    if stillBare { bareLength += 1 }
                }
            }
        }
        var token = Token(
            text: String(decoding: scratch, as: UTF8.self), offset: start, length: i - start, isQuoted: quoted,
            isExpanded: expanded)
        classify(&token, text: scratch[...], bareLength: bareLength)
        return .token(token)
    }

    /// Skips a comment from `i` to the end of its line (the newline stays), checking that it is
    /// text: eight bytes at a time while they are plain ASCII, byte by byte where they are not.
    private func skipComment(_ bytes: Bytes, from start: Int) throws(Diagnostic) -> Int {
        guard bytes.baseAddress != nil else { return start }
        var i = Self.plainASCIIWordsEnd(bytes, from: start)
        let n = bytes.count
        while i < n && bytes[i] != 0x0A {
            // Skip a whole character, so a multi-byte one is checked only at its start.
            i += bytes[i] == 0 || bytes[i] >= 0x80 ? try checkByte(bytes, at: i) : 1
        }
        return i
    }

    @inline(__always)
    /// A letter, a digit or `_`: a byte that would go on a variable's name (`$TMPX` is not `$TMP`).
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    private static func isWordEnd(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x3B
    }

    /// Marks `--flag`, `--flag=value` and `name=value` words, looking only at the unquoted start
    /// of the word (so `"a=b"` stays text).
    private func classify<C: RandomAccessCollection<UInt8>>(_ token: inout Token, text: C, bareLength: Int)
    where C.Index == Int {
        guard let first = text.first else { return }
        @inline(__always) func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        @inline(__always) func isNameByte(_ c: UInt8) -> Bool {
            isLetter(c) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
        }
        let base = text.startIndex
        var index = 1
        if first == 0x2D {
            guard bareLength >= 3, text[base + 1] == 0x2D, isLetter(text[base + 2]) else { return }
            token.isFlag = true
            index = 3
        } else if !isLetter(first) {
            return
        }
        while index < bareLength {
            let c = text[base + index]
            if c == 0x3D {  // '='
                token.valueStart = index + 1
                return
            }
            if !isNameByte(c) {
                token.isFlag = false
                return
            }
            index += 1
        }
        if token.isFlag && index < text.count { token.isFlag = false }
    }

    /// Handles a backslash inside double quotes at `i`; appends the escaped bytes.
    private mutating func escapeInDoubleQuotes(_ bytes: Bytes, at i: inout Int) throws(Diagnostic) -> Incompleteness? {
        let n = bytes.count
        let next = bytes[i + 1]
        switch next {
        case 0x22, 0x5C, 0x24:
            scratch.append(next)
            i += 2
        case 0x6E:
            scratch.append(0x0A)
            i += 2
        case 0x74:
            scratch.append(0x09)
            i += 2
        case 0x72:
            scratch.append(0x0D)
            i += 2
        case 0x0A:
            i += 2
        case 0x0D where i + 2 < n && bytes[i + 2] == 0x0A:
            i += 3
        case 0x75:  // \u{XXXX}
            var j = i + 2
            guard j < n, bytes[j] == 0x7B else {
                throw .syntax(
                    "expected '{' after '\\u' in a double-quoted string", at: location(i, 2),
                    help: "write a code point as \\u{263A}")
            }
            j += 1
            var value: UInt32 = 0
            var digits = 0
            while j < n, let d = hexValue(bytes[j]), digits < 8 {
                value = value &* 16 &+ UInt32(d)  // safe: a hex digit, 0…15
                digits += 1
                j += 1
            }
            guard j < n, bytes[j] == 0x7D, digits > 0 else {
                if j >= n { return .openDoubleQuote(offset: i) }
                throw .syntax(
                    "malformed '\\u{…}' escape", at: location(i, j - i + 1), help: "write a code point as \\u{263A}")
            }
            guard value != 0, let scalar = Unicode.Scalar(value) else {
                throw .syntax("'\\u{…}' names no valid character", at: location(i, j - i + 1))
            }
            scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
            i = j + 1
        default:
            let length = (try? checkByte(bytes, at: i + 1)) ?? 1
            let shown = String(decoding: bytes[(i + 1)..<(i + 1 + length)], as: UTF8.self)
            throw .syntax(
                "unknown escape '\\\(shown)' in a double-quoted string", at: location(i, 1 + length),
                help: "escapes are \\\" \\\\ \\$ \\n \\t \\r \\u{…}; use single quotes for literal text")
        }
        return nil
    }

    /// Expands `$N`, `${N}`, `${N:-default}`, `$#`, `$@`, `$0` and `$TMP` (`${TMP}`) at `i`
    /// (which points at `$`); any other `$` is literal.
    private mutating func expand(_ bytes: Bytes, at i: inout Int) throws(Diagnostic) -> Incompleteness? {
        let n = bytes.count
        let start = i
        guard i + 1 < n else {
            scratch.append(0x24)
            i += 1
            return nil
        }
        let next = bytes[i + 1]
        if next == 0x54 || next == 0x7B {  // $TMP, ${TMP}
            let braced = next == 0x7B
            let name = i + (braced ? 2 : 1)
            let end = name + 3
            if end <= n, bytes[name] == 0x54, bytes[name + 1] == 0x4D, bytes[name + 2] == 0x50,
                braced ? end < n && bytes[end] == 0x7D : end == n || !Self.isNameByte(bytes[end])
            {
                i = braced ? end + 1 : end
                guard let folder = source.arguments?.temporaryFolder else {
                    throw .syntax(
                        "'$TMP' has no value here: only a script has a temporary folder",
                        at: location(start, i - start),
                        help: "run the commands as a script (placeshell FILE, -c or placeshell test)")
                }
                do throws(FileError) {
                    scratch.append(contentsOf: Array(try folder.path().utf8))
                } catch {
                    throw .syntax(
                        "cannot make the script's temporary folder: \(error.reason)", at: location(start, i - start))
                }
                return nil
            }
        }
        if next == 0x40 {  // $@: every argument, joined by spaces, in the one word
            let values = source.arguments?.values ?? []
            scratch.append(contentsOf: Array(values.joined(separator: " ").utf8))
            i += 2
            return nil
        }
        if next == 0x23 {  // $#
            let count = source.arguments?.values.count ?? 0
            scratch.append(contentsOf: Array(String(count).utf8))
            i += 2
            return nil
        }
        if next >= 0x30 && next <= 0x39 {
            let index = Int(next - 0x30)  // safe: a digit, 0…9
            i += 2
            try appendArgument(index, defaultValue: nil, at: location(start, 2))
            return nil
        }
        if next == 0x7B {  // ${
            var j = i + 2
            var index = 0
            var digits = 0
            while j < n, bytes[j] >= 0x30, bytes[j] <= 0x39, digits < 6 {
                index = index * 10 + Int(bytes[j] - 0x30)  // safe: a digit, 0…9
                digits += 1
                j += 1
            }
            guard digits > 0 else {
                scratch.append(0x24)
                i += 1
                return nil
            }
            if j < n, bytes[j] >= 0x30, bytes[j] <= 0x39 {
                var end = j
                while end < n, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
                throw .syntax(
                    "script argument number is out of range (at most 999999)", at: location(i + 2, end - i - 2),
                    help: "write ${1} or ${1:-default}")
            }
            var defaultValue: [UInt8]? = nil
            if j + 1 < n && bytes[j] == 0x3A && bytes[j + 1] == 0x2D {  // :-
                j += 2
                var value: [UInt8] = []
                while j < n && bytes[j] != 0x7D && bytes[j] != 0x0A {
                    value.append(bytes[j])
                    j += 1
                }
                defaultValue = value
            }
            guard j < n, bytes[j] == 0x7D else {
                if j >= n { return .openBrace(offset: start) }
                throw .syntax(
                    "expected '}' to close '${'", at: location(start, j - start), help: "write ${1} or ${1:-default}")
            }
            i = j + 1
            try appendArgument(index, defaultValue: defaultValue, at: location(start, i - start))
            return nil
        }
        scratch.append(0x24)
        i += 1
        return nil
    }

    private mutating func appendArgument(_ index: Int, defaultValue: [UInt8]?, at loc: SourceLocation)
        throws(Diagnostic)
    {
        guard let args = source.arguments else {
            if let defaultValue {
                scratch.append(contentsOf: defaultValue)
                return
            }
            throw .syntax(
                "'$\(index)' has no value here: no script arguments were given", at: loc,
                help: "run a script with arguments (placeshell FILE ARG…), or give a default: ${\(index):-value}")
        }
        if index == 0 {
            scratch.append(contentsOf: Array(args.scriptName.utf8))
            return
        }
        if index <= args.values.count {
            scratch.append(contentsOf: Array(args.values[index - 1].utf8))
        } else if let defaultValue {
            scratch.append(contentsOf: defaultValue)
        } else {
            let count = args.values.count
            throw .syntax(
                "script argument $\(index) was not given (the script has \(count) argument\(count == 1 ? "" : "s"))",
                at: loc, help: "pass it on the command line, or give a default: ${\(index):-value}")
        }
    }

    private func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    private func location(_ offset: Int, _ length: Int) -> SourceLocation {
        SourceLocation(source: source, offset: offset, length: length)
    }

    /// Checks that the byte at `i` starts a valid UTF-8 character that is not NUL, and returns
    /// its length in bytes.
    @discardableResult
    private func checkByte(_ bytes: Bytes, at i: Int) throws(Diagnostic) -> Int {
        let b = bytes[i]
        if b == 0 {
            throw .syntax(
                "NUL byte in the input", at: location(i, 1),
                help: "placeshell reads UTF-8 text; remove the NUL byte (is this a binary file?)")
        }
        if b < 0x80 { return 1 }
        if let length = validUTF8Length(bytes, at: i) { return length }
        let hex = String(b, radix: 16, uppercase: true)
        throw .syntax(
            "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex) in the input", at: location(i, 1),
            help: "placeshell reads UTF-8 text; convert the file, e.g. iconv -f latin1 -t utf-8")
    }
}

/// The length of the well-formed UTF-8 sequence starting at `i`, or nil (overlong forms,
/// surrogates and values above U+10FFFF are rejected, as the Unicode standard requires).
func validUTF8Length(_ bytes: Bytes, at i: Int) -> Int? {
    let n = bytes.count
    let b0 = bytes[i]
    func cont(_ k: Int) -> UInt8? { i + k < n && bytes[i + k] & 0xC0 == 0x80 ? bytes[i + k] : nil }
    switch b0 {
    case 0xC2...0xDF:
        return cont(1) != nil ? 2 : nil
    case 0xE0...0xEF:
        guard let b1 = cont(1), cont(2) != nil else { return nil }
        if b0 == 0xE0 && b1 < 0xA0 { return nil }
        if b0 == 0xED && b1 > 0x9F { return nil }
        return 3
    case 0xF0...0xF4:
        guard let b1 = cont(1), cont(2) != nil, cont(3) != nil else { return nil }
        if b0 == 0xF0 && b1 < 0x90 { return nil }
        if b0 == 0xF4 && b1 > 0x8F { return nil }
        return 4
    default:
        return nil
    }
}
