/// A JSON value (RFC 8259), as `JSON.parse` builds it.
///
/// Objects keep their members in file order (a `JSONObject`), so a writer can reproduce them and
/// error messages can count features; numbers are `Double`, as JSON numbers are in practice
/// (RFC 8259 §6 lets an implementation limit range and precision; integers up to 2^53 are exact).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, or nil for any other kind.
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, or nil for any other kind.
    public var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The elements, or nil when not an array.
    public var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The object, or nil when not an object.
    public var object: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    /// True for `null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// A member of an object (nil for a missing key or a value that is not an object).
    public subscript(key: String) -> JSONValue? { object?[key] }

    /// What kind of value this is, for error messages (`a string`, `an array`).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object: its members in file order. Lookups scan linearly, which beats hashing for the
/// handful of keys a GeoJSON feature has; with duplicate keys the last one wins (as in
/// ECMAScript's `JSON.parse`, the behaviour most files were written against).
public struct JSONObject: Sendable, Equatable {
    /// One `"key": value` pair.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

    /// The value of the last member named `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        var i = members.count - 1
        while i >= 0 {
            if members[i].key == key { return members[i].value }
            i -= 1
        }
        return nil
    }
}

/// Why a text is not JSON: what was wrong and where (1-based line and column, the column
/// counted in Unicode scalars so it matches what an editor shows).
public struct JSONError: Error, Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int
    /// Byte offset of the fault.
    public var offset: Int

    public init(_ message: String, line: Int, column: Int, offset: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line 3, column 14: expected ',' or '}' after an object member, found 'x'`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser and the few writing helpers the exporters need, without Foundation
/// (start-up time matters, and `JSONSerialization` would pull Foundation in).
///
/// Strict means: one value with optional white space around it; no comments, trailing commas,
/// single quotes, `NaN`/`Infinity`, leading zeros or unescaped control characters; strings
/// must be valid UTF-8 and `\u` escapes must pair surrogates. A leading UTF-8 byte order mark
/// is ignored (§8.1 allows that). Nesting is limited to `maxDepth` so hostile input cannot
/// exhaust the stack; every input ends in a value or an error, never a crash or a hang.
public enum JSON {
    /// Deepest nesting of arrays and objects accepted. GeoJSON needs 6 (a MultiPolygon's
    /// positions inside a feature inside a collection); 512 is far beyond any real file yet
    /// keeps the recursive descent well inside a secondary thread's 512 KiB stack.
    public static let maxDepth = 512

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            do throws(JSONError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
    }

    /// Parses a document whose array at the member path `path` (`["places", "dataset"]`: the
    /// member `dataset` of the root's member `places`) is not kept: each of its elements, once
    /// read, is given to `each` and dropped, and the array reads as empty. A large array of
    /// small objects then costs one element at a time rather than a tree of them all. When
    /// `each` returns false, parsing stops with an error of `stoppedMessage`.
    public static func parse(
        _ bytes: [UInt8], streaming path: [String], each: (JSONValue) -> Bool
    ) -> Result<JSONValue, JSONError> {
        withoutActuallyEscaping(each) { each in
            bytes.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(buffer)
                parser.streamPath = path
                parser.streamed = each
                do throws(JSONError) {
                    let document = try parser.document()
                    // Two members of one name (a file no writer makes): which array the
                    // elements came from is not what a reader of the tree would take.
                    if parser.streamedArrays > 1 {
                        return .failure(JSONError(repeatedStreamMessage, line: 1, column: 1, offset: 0))
                    }
                    return .success(document)
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    /// The message of the error `parse(_:streaming:each:)` ends with when `each` stops it.
    public static let stoppedMessage = "stopped by the reader of its elements"
    /// Its error when the path names more than one array (an object with a member twice).
    public static let repeatedStreamMessage = "the streamed array appears more than once"

    /// Parses a document given as text (tests, small inputs).
    public static func parse(_ text: String) -> Result<JSONValue, JSONError> { parse(Array(text.utf8)) }

    /// Appends `s` as a JSON string literal: quotes, backslashes and control characters
    /// escaped, everything else (including non-ASCII) as raw UTF-8, which RFC 8259 requires
    /// readers to accept and which keeps Korean or Persian names readable in the file.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let hex = hexDigits
        func escape(_ v: UInt32) {
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
            for shift in [12, 8, 4, 0] as [UInt32] {
                out.append(hex[Int((v >> shift) & 15)])  // safe: masked to 0…15
            }
        }
        // DEL, the C1 controls (U+0080…U+009F, 0xC2 0x80…0x9F in UTF-8), the line and paragraph
        // separators and the bidirectional overrides and isolates (U+2028…U+202E,
        // U+2066…U+2069: 0xE2 0x80 0xA8…0xAE, 0xE2 0x81 0xA6…0xA9) are escaped too, so that no
        // line of JSON output carries a character a terminal acts on (`controlEscape`).
        var text = s
        text.withUTF8 { bytes in
            let n = bytes.count
            var i = 0
            while i < n {
                let b = bytes[i]
                i += 1
                switch b {
                case 0xC2 where i < n && bytes[i] < 0xA0:
                    escape(UInt32(bytes[i]))  // safe: a byte widens
                    i += 1
                case 0xE2 where i + 1 < n && isReorderingOrSeparator(second: bytes[i], third: bytes[i + 1]):
                    escape(0x2000 | UInt32(bytes[i] & 0x3F) << 6 | UInt32(bytes[i + 1] & 0x3F))  // safe: bytes widen
                    i += 2
                case 0x7F:
                    escape(UInt32(b))  // safe: a byte widens
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out.append(UInt8(ascii: "\\"))
                    out.append(b)
                case 0x0A:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "n"))
                case 0x0D:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "r"))
                case 0x09:
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    escape(UInt32(b))  // safe: a byte widens
                default: out.append(b)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `appendQuoted` into text, with the same escaping: for writers that build a `String` (the
    /// shell's `--json` lines).
    public static func appendQuoted(_ s: String, to out: inout String) {
        if !s.utf8.contains(where: {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
        }) {
            out += "\""
            out += s
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 8)
        appendQuoted(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// A number in its shortest form that reads back as the same `Double`: `4` not `4.0`,
    /// `1e-7` not `1e-07`, `151.2105414`; integers up to 2^53 in plain digits. Non-finite values have no JSON form; they are
    /// written as `null` by callers, and as `0` here so the output stays valid.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Integers up to 2^53 as digits: exact, and what an OSM id or a count should look like.
        if value == value.rounded() && abs(value) <= 9_007_199_254_740_992 {
            return String(Int64(value))  // safe: a whole number within ±2^53, checked above; also turns -0.0 into 0
        }
        // Swift's description is already the shortest round-tripping digits; only the
        // spelling of the exponent differs from the usual JSON style.
        let text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        var mantissa = String(text[..<e])
        if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
        var exponent = Substring(text[text.index(after: e)...])
        var sign = ""
        if exponent.first == "+" { exponent = exponent.dropFirst() }
        if exponent.first == "-" {
            sign = "-"
            exponent = exponent.dropFirst()
        }
        while exponent.count > 1 && exponent.first == "0" { exponent = exponent.dropFirst() }
        return mantissa + "e" + sign + exponent
    }

    /// The offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF), or nil when all is well.
    /// ASCII runs are skipped eight bytes at a time, so checking a 100 MB file costs little.
    static func firstInvalidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = b.baseAddress else { return nil }
        let n = b.count
        var i = 0
        while i < n {
            // ASCII runs 32 bytes at a time (four words' top bits at once), then 8.
            if i + 32 <= n {
                let p = UnsafeRawPointer(base + i)
                let any =
                    p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | p.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    | p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if any & 0x8080_8080_8080_8080 == 0 {
                    i += 32
                    continue
                }
            }
            if i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            func cont(_ k: Int) -> Bool { i + k < n && b[i + k] & 0xC0 == 0x80 }
            if c >= 0xC2 && c <= 0xDF {
                guard cont(1) else { return i }
                i += 2
            } else if c >= 0xE0 && c <= 0xEF {
                guard cont(1), cont(2) else { return i }
                let c1 = b[i + 1]
                if c == 0xE0 && c1 < 0xA0 { return i }  // overlong
                if c == 0xED && c1 >= 0xA0 { return i }  // UTF-16 surrogate
                i += 3
            } else if c >= 0xF0 && c <= 0xF4 {
                guard cont(1), cont(2), cont(3) else { return i }
                let c1 = b[i + 1]
                if c == 0xF0 && c1 < 0x90 { return i }  // overlong
                if c == 0xF4 && c1 >= 0x90 { return i }  // above U+10FFFF
                i += 4
            } else {
                return i
            }
        }
        return nil
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    static func location(of offset: Int, in b: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var i = 0
        let end = min(offset, b.count)
        while i < end {
            let c = b[i]
            if c == 0x0A {
                line += 1
                column = 1
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}

/// The recursive-descent reader behind `JSON.parse`, over an unsafe buffer: no bounds checks
/// in the hot loops (every index is compared with `count` first), which is what makes 100 MB
/// files take a second rather than ten.
struct JSONParser {
    let b: UnsafeBufferPointer<UInt8>
    let count: Int
    var i = 0
    var depth = 0
    /// The member path of the array given element by element to `streamed` (`JSON.parse(_:
    /// streaming:each:)`), and the member names from the root to where the parser is (kept
    /// only while streaming).
    var streamPath: [String] = []
    var streamed: ((JSONValue) -> Bool)? = nil
    var keys: [String] = []
    var streamedArrays = 0

    init(_ b: UnsafeBufferPointer<UInt8>) {
        self.b = b
        self.count = b.count
    }

    func error(_ message: String, at offset: Int) -> JSONError {
        let (line, column) = JSON.location(of: offset, in: b)
        return JSONError(message, line: line, column: column, offset: offset)
    }

    /// What sits at `offset`, for messages: `end of input`, `'x'`, `byte 0xFF`.
    func found(at offset: Int) -> String {
        guard offset < count else { return "end of input" }
        let c = b[offset]
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c == 0x0A { return "a line break" }
        if c < 0x80 { return "control character 0x\(String(c, radix: 16, uppercase: true))" }
        // A whole scalar (the input is valid UTF-8 by now).
        var end = offset + 1
        while end < count && b[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: b[offset..<end]), as: UTF8.self))'"
    }

    mutating func document() throws(JSONError) -> JSONValue {
        if let bad = JSON.firstInvalidUTF8(b) {
            throw error("not UTF-8: byte 0x\(String(b[bad], radix: 16, uppercase: true))", at: bad)
        }
        if count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
        skipSpace()
        guard i < count else { throw error("empty input: expected a JSON value", at: i) }
        let v = try value()
        skipSpace()
        guard i == count else { throw error("unexpected \(found(at: i)) after the JSON value", at: i) }
        return v
    }

    @inline(__always) mutating func skipSpace() {
        while i < count {
            let c = b[i]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            i += 1
        }
    }

    mutating func value() throws(JSONError) -> JSONValue {
        guard i < count else { throw error("expected a value, found end of input", at: i) }
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, found \(found(at: i))", at: i)
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let start = i
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for k in 0..<n {
            guard i < count && b[i] == w[k] else {
                throw error("expected a value, found \(found(at: start))", at: start)
            }
            i += 1
        }
    }

    mutating func enter(_ at: Int) throws(JSONError) {
        depth += 1
        if depth > JSON.maxDepth { throw error("nested deeper than \(JSON.maxDepth) levels", at: at) }
    }

    mutating func object() throws(JSONError) -> JSONValue {
        let open = i
        try enter(open)
        i += 1
        var members: [JSONObject.Member] = []
        skipSpace()
        if i < count && b[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            guard i < count && b[i] == UInt8(ascii: "\"") else {
                let what = i < count && b[i] == UInt8(ascii: "}") ? "a trailing comma" : found(at: i)
                throw error("expected a member name in quotes, found \(what)", at: i)
            }
            let key = try string()
            skipSpace()
            guard i < count && b[i] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\", found \(found(at: i))", at: i)
            }
            i += 1
            skipSpace()
            if streamed != nil { keys.append(key) }
            let v = try value()
            if streamed != nil { keys.removeLast() }
            members.append(JSONObject.Member(key: key, value: v))
            skipSpace()
            guard i < count else {
                throw error("the object opened at \(position(open)) is not closed: found end of input", at: i)
            }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                skipSpace()
                continue
            }
            if b[i] == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return .object(JSONObject(members))
            }
            throw error("expected ',' or '}' after an object member, found \(found(at: i))", at: i)
        }
    }

    mutating func array() throws(JSONError) -> JSONValue {
        let open = i
        try enter(open)
        i += 1
        var elements: [JSONValue] = []
        // The streamed array: its elements go to `streamed`, one at a time (the path is the
        // member names from the root, with no array between: depth is one more than them).
        let each = streamed != nil && depth == keys.count + 1 && keys == streamPath ? streamed : nil
        if each != nil { streamedArrays += 1 }
        skipSpace()
        if i < count && b[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            if i < count && b[i] == UInt8(ascii: "]") { throw error("expected a value, found a trailing comma", at: i) }
            if let each {
                let at = i
                if !each(try value()) { throw error(JSON.stoppedMessage, at: at) }
            } else {
                elements.append(try value())
            }
            skipSpace()
            guard i < count else {
                throw error("the array opened at \(position(open)) is not closed: found end of input", at: i)
            }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                skipSpace()
                continue
            }
            if b[i] == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return .array(elements)
            }
            throw error("expected ',' or ']' after an array element, found \(found(at: i))", at: i)
        }
    }

    func position(_ offset: Int) -> String {
        let (line, column) = JSON.location(of: offset, in: b)
        return "line \(line), column \(column)"
    }

    /// A string literal starting at the opening quote. Strings without escapes (nearly all)
    /// become a String straight from the buffer; the UTF-8 was checked once up front.
    mutating func string() throws(JSONError) -> String {
        let open = i
        i += 1
        let start = i
        while i < count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 {
                throw error(
                    "control character 0x\(String(c, radix: 16, uppercase: true)) in a string: escape it", at: i)
            }
            i += 1
        }
        guard i < count else { throw error("the string opened at \(position(open)) is not closed", at: i) }
        // Escapes: decode into a byte buffer.
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: b[start..<i]))
        while i < count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c < 0x20 {
                throw error(
                    "control character 0x\(String(c, radix: 16, uppercase: true)) in a string: escape it", at: i)
            }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                i += 1
                continue
            }
            let escape = i
            i += 1
            guard i < count else { break }
            switch b[i] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                i += 1
                var scalar = try hex4(escape)
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    // A high surrogate must be followed by an escaped low one.
                    guard i + 1 < count && b[i] == UInt8(ascii: "\\") && b[i + 1] == UInt8(ascii: "u") else {
                        throw error(
                            "unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true)): a low surrogate \\uDC00…\\uDFFF must follow",
                            at: escape)
                    }
                    let second = i
                    i += 2
                    let low = try hex4(second)
                    guard low >= 0xDC00 && low <= 0xDFFF else {
                        throw error(
                            "unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true)): a low surrogate \\uDC00…\\uDFFF must follow",
                            at: escape)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    throw error(
                        "unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true)) without a high surrogate before it",
                        at: escape)
                }
                // Surrogates are handled above, so every value left is a scalar.
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw error("\\u\(String(scalar, radix: 16, uppercase: true)) is not a Unicode scalar", at: escape)
                }
                for u in String(Character(unicode)).utf8 { out.append(u) }
                continue  // hex4 already moved past the digits
            default:
                throw error("unknown escape \\\(found(at: i).dropFirst().dropLast()) in a string", at: escape)
            }
            i += 1
        }
        throw error("the string opened at \(position(open)) is not closed", at: i)
    }

    /// Four hex digits at `i` (after `\u`), for the escape that began at `escape`.
    mutating func hex4(_ escape: Int) throws(JSONError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < count else { throw error("\\u needs four hex digits, found end of input", at: escape) }
            let c = b[i]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits, found \(found(at: i))", at: escape)
            }
            v = v << 4 | UInt32(d)  // safe: a hex digit, 0…15
            i += 1
        }
        return v
    }

    /// A number: the grammar is checked here (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`),
    /// the value converted by the GPX reader's correctly rounded decimal parser.
    mutating func number() throws(JSONError) -> Double {
        let start = i
        @inline(__always) func isDigit(_ k: Int) -> Bool { k < count && b[k] &- UInt8(ascii: "0") < 10 }
        if b[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { throw error("expected a digit after '-', found \(found(at: i))", at: i) }
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw error("a number cannot start with 0 followed by digits", at: start) }
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < count && b[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else {
                throw error("expected a digit after the decimal point, found \(found(at: i))", at: i)
            }
            while isDigit(i) { i += 1 }
        }
        if i < count && (b[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            if i < count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { throw error("expected a digit in the exponent, found \(found(at: i))", at: i) }
            while isDigit(i) { i += 1 }
        }
        guard let v = GPX.number(b, start..<i), v.isFinite else {
            throw error(
                "number \(String(decoding: UnsafeBufferPointer(rebasing: b[start..<min(i, start + 40)]), as: UTF8.self)) is out of range",
                at: start)
        }
        return v
    }
}
