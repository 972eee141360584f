import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The JSON parser: every value kind, strictness (each RFC 8259 rule a lenient parser would
/// bend), errors with their line and column, the depth limit, and robustness on every prefix
/// and on mangled bytes of a small document. Also the number formatter and string quoting
/// the exporters use.
final class JSONTests: XCTestCase {
    private func value(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        switch JSON.parse(text) {
        case .success(let v): return v
        case .failure(let e):
            XCTFail("unexpected error: \(e.description)", file: file, line: line)
            return nil
        }
    }

    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        switch JSON.parse(bytes) {
        case .success(let v):
            XCTFail("expected an error, got \(v)", file: file, line: line)
            return nil
        case .failure(let e): return e
        }
    }

    /// Checks the exact message and position of the error for `text`.
    private func assertError(
        _ text: String, _ message: String, line: Int, column: Int, file: StaticString = #filePath,
        testLine: UInt = #line
    ) {
        guard let e = failure(Array(text.utf8), file: file, line: testLine) else { return }
        XCTAssertEqual(e.message, message, file: file, line: testLine)
        XCTAssertEqual(e.line, line, "line of: \(e.message)", file: file, line: testLine)
        XCTAssertEqual(e.column, column, "column of: \(e.message)", file: file, line: testLine)
    }

    // MARK: - Values

    /// An array at a member path given element by element: in order, the array read as
    /// empty, the rest of the tree as it is; the same member name elsewhere (deeper, inside an
    /// array, at the root) is kept; a stop ends the parse; a path met twice is refused.
    func testAnArrayCanBeReadElementByElement() throws {
        let text =
            #"{"a": {"list": [1, {"x": [2]}, "three"], "list2": [9]}, "list": [7], "b": [{"a": {"list": [8]}}], "c": {"a": {"list": [6]}}}"#
        var seen: [JSONValue] = []
        let parsed = JSON.parse(Array(text.utf8), streaming: ["a", "list"]) {
            seen.append($0)
            return true
        }
        guard case .success(let tree) = parsed else { return XCTFail("\(parsed)") }
        XCTAssertEqual(seen, [.number(1), try JSON.parse(#"{"x": [2]}"#).get(), .string("three")])
        XCTAssertEqual(tree.object?["a"]?.object?["list"], .array([]))
        XCTAssertEqual(tree.object?["a"]?.object?["list2"], .array([.number(9)]))
        XCTAssertEqual(tree.object?["list"], .array([.number(7)]))
        XCTAssertEqual(tree.object?["b"], try JSON.parse(#"[{"a": {"list": [8]}}]"#).get())
        XCTAssertEqual(tree.object?["c"], try JSON.parse(#"{"a": {"list": [6]}}"#).get())
        // Outside the streamed array the tree is what the plain parse makes.
        let emptied = text.replacingOccurrences(of: #"[1, {"x": [2]}, "three"]"#, with: "[]")
        XCTAssertEqual(tree, try JSON.parse(emptied).get())

        var count = 0
        let stopped = JSON.parse(Array(text.utf8), streaming: ["a", "list"]) { _ in
            count += 1
            return count < 2
        }
        guard case .failure(let e) = stopped else { return XCTFail("not stopped") }
        XCTAssertEqual(e.message, JSON.stoppedMessage)
        XCTAssertEqual(count, 2)

        let twice = JSON.parse(Array(#"{"a": {"list": [1]}, "a": {"list": []}}"#.utf8), streaming: ["a", "list"]) {
            _ in true
        }
        guard case .failure(let t) = twice else { return XCTFail("a path met twice was read") }
        XCTAssertEqual(t.message, JSON.repeatedStreamMessage)
        // Errors inside the streamed array are the plain parse's, at the same place.
        let broken = Array(#"{"a": {"list": [1, {"x": }]}}"#.utf8)
        guard case .failure(let s) = JSON.parse(broken, streaming: ["a", "list"], each: { _ in true }),
            case .failure(let p) = JSON.parse(broken)
        else { return XCTFail("a broken document parsed") }
        XCTAssertEqual(s.message, p.message)
        XCTAssertEqual(s.offset, p.offset)
    }

    func testLiteralsAndNumbers() {
        XCTAssertEqual(value("true"), .bool(true))
        XCTAssertEqual(value(" false "), .bool(false))
        XCTAssertEqual(value("null"), .null)
        XCTAssertEqual(value("0"), .number(0))
        XCTAssertEqual(value("-0"), .number(-0.0))
        XCTAssertEqual(value("-12.5"), .number(-12.5))
        XCTAssertEqual(value("1.5e3"), .number(1500))
        XCTAssertEqual(value("1E-2"), .number(0.01))
        XCTAssertEqual(value("2e+2"), .number(200))
        XCTAssertEqual(value("151.2105414"), .number(151.2105414))
        XCTAssertEqual(value("9007199254740993"), .number(9_007_199_254_740_992))  // nearest double
        XCTAssertEqual(value("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
        XCTAssertEqual(value("0.1"), .number(0.1))
        XCTAssertEqual(value("123456789012345678901234567890"), .number(123456789012345678901234567890.0))
        XCTAssertEqual(value("4.9e-324"), .number(.leastNonzeroMagnitude))
    }

    func testStringsAndEscapes() {
        XCTAssertEqual(value(#""""#), .string(""))
        XCTAssertEqual(value(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(value(#""caf\u00e9 \u00E9""#), .string("café é"))
        XCTAssertEqual(value(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(value(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(value("\"경복궁 میدان آزادی\""), .string("경복궁 میدان آزادی"))
        XCTAssertEqual(value("\"😀 raw\""), .string("😀 raw"))
    }

    func testArraysObjectsAndLookup() {
        guard let v = value(#"{"a": [1, "x", null, {"b": true}], "c": {}, "d": [], "a2": 2}"#) else { return }
        XCTAssertEqual(v["a"]?.array?.count, 4)
        XCTAssertEqual(v["a"]?.array?[3]["b"], .bool(true))
        XCTAssertEqual(v["c"], .object(JSONObject()))
        XCTAssertEqual(v["d"], .array([]))
        XCTAssertEqual(v["a2"]?.number, 2)
        XCTAssertNil(v["missing"])
        XCTAssertEqual(v.object?.members.map(\.key), ["a", "c", "d", "a2"], "members keep file order")
        // Duplicate keys: the last wins, as in ECMAScript.
        XCTAssertEqual(value(#"{"k": 1, "k": 2}"#)?["k"], .number(2))
    }

    func testByteOrderMarkAndWhiteSpace() {
        XCTAssertEqual(JSON.parse([0xEF, 0xBB, 0xBF] + Array(" [1]\r\n\t".utf8)), .success(.array([.number(1)])))
    }

    // MARK: - Errors

    func testSyntaxErrorsWithPositions() {
        assertError("", "empty input: expected a JSON value", line: 1, column: 1)
        assertError("  \n ", "empty input: expected a JSON value", line: 2, column: 2)
        assertError("{} x", "unexpected 'x' after the JSON value", line: 1, column: 4)
        assertError("[1,]", "expected a value, found a trailing comma", line: 1, column: 4)
        assertError("{\"a\":1,}", "expected a member name in quotes, found a trailing comma", line: 1, column: 8)
        assertError("{'a':1}", "expected a member name in quotes, found '''", line: 1, column: 2)
        assertError("{\"a\" 1}", "expected ':' after the member name \"a\", found '1'", line: 1, column: 6)
        assertError("{\"a\":1\n \"b\":2}", "expected ',' or '}' after an object member, found '\"'", line: 2, column: 2)
        assertError("[1 2]", "expected ',' or ']' after an array element, found '2'", line: 1, column: 4)
        assertError(
            "[1,\n2", "the array opened at line 1, column 1 is not closed: found end of input", line: 2, column: 2)
        assertError("{\"a\":\n[", "expected a value, found end of input", line: 2, column: 2)
        assertError("01", "a number cannot start with 0 followed by digits", line: 1, column: 1)
        assertError("1.", "expected a digit after the decimal point, found end of input", line: 1, column: 3)
        assertError("[.5]", "expected a value, found '.'", line: 1, column: 2)
        assertError("+1", "expected a value, found '+'", line: 1, column: 1)
        assertError("-", "expected a digit after '-', found end of input", line: 1, column: 2)
        assertError("1e", "expected a digit in the exponent, found end of input", line: 1, column: 3)
        assertError("NaN", "expected a value, found 'N'", line: 1, column: 1)
        assertError("[Infinity]", "expected a value, found 'I'", line: 1, column: 2)
        assertError("tru", "expected a value, found 't'", line: 1, column: 1)
        assertError("nul", "expected a value, found 'n'", line: 1, column: 1)
        assertError("// c\n1", "expected a value, found '/'", line: 1, column: 1)
        assertError("1e400", "number 1e400 is out of range", line: 1, column: 1)
        assertError("-1e400", "number -1e400 is out of range", line: 1, column: 1)
        assertError("\"abc", "the string opened at line 1, column 1 is not closed", line: 1, column: 5)
        assertError("\"a\nb\"", "control character 0xA in a string: escape it", line: 1, column: 3)
        assertError("\"a\tb\"", "control character 0x9 in a string: escape it", line: 1, column: 3)
        assertError(#""\x""#, "unknown escape \\x in a string", line: 1, column: 2)
        assertError(#""\u12""#, "\\u needs four hex digits, found '\"'", line: 1, column: 2)
        assertError(#""\uZZZZ""#, "\\u needs four hex digits, found 'Z'", line: 1, column: 2)
        assertError(
            #""ok\ud83d""#, "unpaired surrogate \\uD83D: a low surrogate \\uDC00…\\uDFFF must follow", line: 1,
            column: 4)
        assertError(
            #""\ud83d\u0041""#, "unpaired surrogate \\uD83D: a low surrogate \\uDC00…\\uDFFF must follow", line: 1,
            column: 2)
        assertError(#""\ude00""#, "unpaired surrogate \\uDE00 without a high surrogate before it", line: 1, column: 2)
        assertError("\"é\" x", "unexpected 'x' after the JSON value", line: 1, column: 5)  // columns count scalars
    }

    func testBadUTF8() {
        let cases: [([UInt8], Int)] = [
            ([0x22, 0xFF, 0x22], 1),  // never valid
            ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong, 3 bytes
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // a UTF-16 surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
            ([0x22, 0xE2, 0x82, 0x22], 1),  // truncated sequence
            ([0x22, 0x80, 0x22], 1),  // stray continuation
            (Array("[\"abcdefghij\",\n\"".utf8) + [0xFE, 0x22, 0x5D], 16),  // after an ASCII run
        ]
        for (bytes, offset) in cases {
            guard let e = failure(bytes) else { continue }
            XCTAssertTrue(e.message.hasPrefix("not UTF-8: byte 0x"), e.message)
            XCTAssertEqual(e.offset, offset, "\(bytes)")
        }
    }

    /// The first byte that is not UTF-8, wherever it falls against the 32- and 8-byte steps of
    /// the ASCII scan: after runs of ASCII and of two-, three- and four-byte characters.
    func testFirstInvalidByteAtEveryOffset() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("𝄞".utf8)]
        let bad: [[UInt8]] = [[0xFF], [0x80], [0xE2, 0x82, 0x41], [0xC0, 0xAF], [0xED, 0xA0, 0x80]]
        var rng = SeededRandom(seed: 5)
        for before in 0..<100 {
            var bytes: [UInt8] = []
            while bytes.count < before {
                bytes += before % 3 == 0 ? pieces[0] : pieces[Int(rng.next() % 4)]
            }
            let at = bytes.count
            XCTAssertNil(bytes.withUnsafeBufferPointer { JSON.firstInvalidUTF8($0) }, "\(bytes)")
            bytes += bad[before % bad.count] + Array(String(repeating: "b", count: Int(rng.next() % 40)).utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { JSON.firstInvalidUTF8($0) }, at, "\(bytes)")
        }
    }

    func testDepthLimit() {
        let ok = String(repeating: "[", count: JSON.maxDepth) + String(repeating: "]", count: JSON.maxDepth)
        XCTAssertNotNil(value(ok))
        let deep = String(repeating: "[", count: JSON.maxDepth + 1) + String(repeating: "]", count: JSON.maxDepth + 1)
        assertError(deep, "nested deeper than 512 levels", line: 1, column: 513)
        // Far deeper input fails the same way, without exhausting the stack.
        guard let e = failure(Array(String(repeating: "{\"a\":", count: 200_000).utf8)) else { return }
        XCTAssertEqual(e.message, "nested deeper than 512 levels")
    }

    /// Every proper prefix of a document is an error (never a crash, a hang or a value), and
    /// every single-byte mangling ends in a value or an error.
    func testEveryPrefixAndMangledBytes() {
        let doc = Array(
            #"{"type":"FeatureCollection","features":[{"a":[1,-2.5e-3,true,false,null],"s":"caf\u00e9 \ud83d\ude00 경"}]}"#
                .utf8)
        XCTAssertNotNil(value(String(decoding: doc, as: UTF8.self)))
        for cut in 0..<doc.count {
            if case .success(let v) = JSON.parse(Array(doc[0..<cut])) {
                XCTFail("prefix of \(cut) bytes parsed as \(v)")
            }
        }
        let replacements: [UInt8] = [
            0x00, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x2D, 0x65, 0x80, 0xFF, 0x0A,
        ]
        var outcomes = 0
        for k in 0..<doc.count {
            for r in replacements {
                var mangled = doc
                mangled[k] = r
                _ = JSON.parse(mangled)
                outcomes += 1
            }
        }
        XCTAssertEqual(outcomes, doc.count * replacements.count)
    }

    // MARK: - Writing helpers

    func testNumberFormatShortestForm() {
        XCTAssertEqual(JSON.format(4), "4")
        XCTAssertEqual(JSON.format(-0.0), "0")
        XCTAssertEqual(JSON.format(4.5), "4.5")
        XCTAssertEqual(JSON.format(151.2105414), "151.2105414")
        XCTAssertEqual(JSON.format(-33.8604095), "-33.8604095")
        XCTAssertEqual(JSON.format(1e-7), "1e-7")
        XCTAssertEqual(JSON.format(1.5e-10), "1.5e-10")
        XCTAssertEqual(JSON.format(1e21), "1e21")
        XCTAssertEqual(JSON.format(9_007_199_254_740_991), "9007199254740991")
        XCTAssertEqual(JSON.format(1e16), "1e16")
        XCTAssertEqual(JSON.format(123_456_789_012), "123456789012")
        XCTAssertEqual(JSON.format(0.1 + 0.2), "0.30000000000000004")
        var rng = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let x = Double(bitPattern: rng.next())
            guard x.isFinite else { continue }
            let text = JSON.format(x)
            XCTAssertEqual(JSON.parse(text), .success(.number(x == 0 ? 0 : x)), text)
        }
    }

    func testQuotingRoundTrips() {
        let samples = [
            "", "plain", "q\"uote", "back\\slash", "line\nbreak\r\ttab", "\u{0}\u{1F}\u{7F}", "경복궁 میدان آزادی 😀",
        ]
        for s in samples {
            var out: [UInt8] = []
            JSON.appendQuoted(s, to: &out)
            XCTAssertEqual(JSON.parse(out), .success(.string(s)), String(decoding: out, as: UTF8.self))
        }
        var out: [UInt8] = []
        JSON.appendQuoted("a\u{1}", to: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), #""a\u0001""#)
    }
}
