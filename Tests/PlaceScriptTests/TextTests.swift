import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

final class TextTests: XCTestCase {
    func testControlCharactersAreShownNotSent() {
        XCTAssertEqual(visibleControls("plain\ttext\n", colours: false), "plain\ttext\n")
        XCTAssertEqual(
            visibleControls("a\u{1B}]0;t\u{7}b\rc\u{7F}\u{9B}", colours: false), #"a\u{1b}]0;t\u{7}b\rc\u{7f}\u{9b}"#)
        // placeshell's own colours pass where colour is on; other sequences never do.
        XCTAssertEqual(visibleControls("\u{1B}[1;31mX\u{1B}[0m", colours: true), "\u{1B}[1;31mX\u{1B}[0m")
        XCTAssertEqual(visibleControls("\u{1B}[1;31mX", colours: false), #"\u{1b}[1;31mX"#)
        XCTAssertEqual(visibleControls("\u{1B}[5mX\u{1B}[2J", colours: true), #"\u{1b}[5mX\u{1b}[2J"#)
        // Widths follow what is shown: a colour takes no cells, a control the cells of its form.
        XCTAssertEqual(displayWidth("\u{1B}[1;31mX\u{1B}[0m"), 1)
        XCTAssertEqual(displayWidth("a\u{1B}b"), displayWidth(#"a\u{1b}b"#))
        XCTAssertEqual(displayWidth("é\r\u{9B}"), displayWidth(#"é\r\u{9b}"#))
        // The live page shows a terminal's lines without placeshell's colours, every style of them.
        let style = TextStyle(enabled: true)
        let styled = [style.bold, style.dim, style.error, style.warning, style.help, style.good, style.heading]
        XCTAssertEqual(withoutColours(styled.map { $0("x") }.joined(separator: " ")), "x x x x x x x")
        XCTAssertEqual(withoutColours("plain é"), "plain é")
    }

    /// The characters that reorder what follows them (a right-to-left override makes
    /// `exe.txt` of `txt.exe`) or break a line where a terminal or editor does are shown
    /// escaped, in text and in tables; the marks right-to-left prose needs are not.
    func testReorderingCharactersAndSeparatorsAreShownNotObeyed() {
        for v: UInt32 in [0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let scalar = Unicode.Scalar(v)!
            let text = "a" + String(Character(scalar)) + "b"
            XCTAssertEqual(visibleControls(text, colours: false), "a\\u{\(String(v, radix: 16))}b")
            XCTAssertEqual(escapingControlCharacters(text), "a\\u{\(String(v, radix: 16))}b")
            XCTAssertEqual(displayWidth(text), displayWidth(visibleControls(text, colours: false)))
        }
        for kept in ["\u{200E}", "\u{200F}", "\u{061C}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "—", "…"] {
            XCTAssertEqual(visibleControls("a" + kept + "b", colours: false), "a" + kept + "b", kept)
            XCTAssertEqual(escapingControlCharacters("a" + kept + "b"), "a" + kept + "b", kept)
        }
        // A table cell and a one-line result are one line whatever the name holds.
        let table = TextTable(headers: ["#", "NAME"], rows: [["1", "Cafe\nFAKE error: x\tY"], ["2", "ok"]])
        XCTAssertEqual(table.render(), ["#  NAME", #"1  Cafe\nFAKE error: x\tY"#, "2  ok"])
        XCTAssertEqual(CommandResult.line("added A\nB as p:1").text, [#"added A\nB as p:1"#])
    }

    /// JSON output escapes the same characters as `\uXXXX`, so a JSON line on a terminal is
    /// inert, and reads back as the same text.
    func testJSONEscapesReorderingCharactersAndReadsThemBack() throws {
        let name = "a\u{202E}b\u{2028}c\u{2066}d\u{85}e — ✓ \u{200F}f\u{E2}"
        func quoted(_ s: String) -> String {
            var out = ""
            JSON.appendQuoted(s, to: &out)
            return out
        }
        let line = quoted(name)
        XCTAssertEqual(line, #""a\u202eb\u2028c\u2066d\u0085e — ✓ \#u{200F}f\#u{E2}""#)
        guard case .success(.string(let back)) = JSON.parse(line) else { return XCTFail(line) }
        XCTAssertEqual(back, name)
        var bytes: [UInt8] = []
        JSON.appendQuoted(name, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), line)
        // Cut short after the lead byte: nothing is read past the end.
        XCTAssertEqual(quoted("x\u{2014}"), "\"x\u{2014}\"")
    }

    func testDisplayWidth() {
        XCTAssertEqual(displayWidth("abc"), 3)
        XCTAssertEqual(displayWidth(""), 0)
        XCTAssertEqual(displayWidth("안녕하세요"), 10)
        XCTAssertEqual(displayWidth("東京タワー"), 10)
        XCTAssertEqual(displayWidth("ｆｕｌｌ"), 8, "fullwidth forms")
        XCTAssertEqual(displayWidth("Hà Nội"), 6)
        XCTAssertEqual(displayWidth("e\u{301}"), 1, "a combining accent takes no cell")
        XCTAssertEqual(displayWidth("سلام"), 4)
        XCTAssertEqual(displayWidth("🗼"), 2, "emoji presentation")
        XCTAssertEqual(displayWidth("🗺"), 1, "text presentation by default, as wcwidth has it")
        XCTAssertEqual(displayWidth("a\u{200B}b"), 2, "a zero-width space")
        XCTAssertEqual(displayWidth("\u{1100}\u{1161}\u{11A8}"), 2, "a decomposed Hangul syllable")
    }

    func testFitting() {
        XCTAssertEqual(prefixFitting("안녕하세요", width: 5), "안녕")
        XCTAssertEqual(suffixFitting("안녕하세요", width: 5), "세요")
        XCTAssertEqual(prefixFitting("abc", width: 10), "abc")
        XCTAssertEqual(padded("한", to: 4), "한  ")
        XCTAssertEqual(leftPadded("7", to: 3), "  7")
        XCTAssertEqual(padded("toolong", to: 3), "toolong", "never cut")
    }

    func testTableAlignsWideText() {
        let table = TextTable(
            headers: ["NAME", "KM"], alignments: [.left, .right],
            rows: [["서울역", "1.2"], ["Café Morso", "12.5"], ["東京", "0.3"]])
        XCTAssertEqual(
            table.render(),
            [
                "NAME          KM",
                "서울역       1.2",
                "Café Morso  12.5",
                "東京         0.3",
            ])
        for line in table.render() { XCTAssertEqual(displayWidth(line), 16, line) }
    }

    func testTableLastColumnHasNoTrailingSpaces() {
        let lines = TextTable(headers: ["", ""], rows: [["a", ""], ["bbb", "x"]]).render(indent: "  ")
        XCTAssertEqual(lines, ["  a", "  bbb  x"], "an empty header row is left out")
    }

    func testJSON() {
        XCTAssertEqual(jsonText(.null), "null")
        XCTAssertEqual(jsonText(.bool(false)), "false")
        XCTAssertEqual(jsonText(.int(15)), "15")
        XCTAssertEqual(jsonText(.number(-33.8688, .none)), "-33.8688")
        XCTAssertEqual(jsonText(.number(50, .length)), "50", "units are not part of JSON numbers")
        XCTAssertEqual(jsonText(.number(.infinity, .none)), "null")
        XCTAssertEqual(jsonText(.number(.nan, .none)), "null")
        XCTAssertEqual(jsonText(.string("a\"b\\c\n\t\r\u{1}\u{1F}")), #""a\"b\\c\n\t\r\u0001\u001f""#)
        XCTAssertEqual(jsonText(.string("안녕 🗺 /")), "\"안녕 🗺 /\"", "non-ASCII stays as it is")
        XCTAssertEqual(
            jsonText(.record([Value.Field("z", .list([.int(1), .null])), Value.Field("a", .record([]))])),
            #"{"z":[1,null],"a":{}}"#, "records keep their order")
    }

    func testJSONLinesFromTheShell() {
        let t = TestShell()
        t.shell.json = true
        XCTAssertEqual(t.run("echo \"안녕 \\\"x\\\"\"\nexpect camera.zoom == 1"), 1)
        XCTAssertEqual(
            t.out.text,
            #"{"command":"echo","ok":true,"result":"안녕 \"x\""}"# + "\n"
                + #"{"command":"expect","ok":false,"error":{"message":"expectation failed: camera.zoom == 1","file":"test.placescript","line":2,"column":1,"path":"camera.zoom","operator":"==","expected":1,"actual":15,"expectedText":"1","actualText":"15"}}"#
                + "\n")
    }

    func testEventsAsTextAndJSON() {
        let t = TestShell()
        t.shell.session.emit(.console("Location status is OK."))
        t.shell.json = true
        t.shell.session.emit(Event("fix", text: "fix", fields: [Value.Field("latitude", .number(-33.8))]))
        XCTAssertEqual(t.out.text, "Location status is OK.\n{\"event\":\"fix\",\"latitude\":-33.8}\n")
    }

    func testColourOnlyWhenAllowed() {
        func styled(_ env: ShellEnvironment, _ mode: ColorMode) -> Bool {
            let t = TestShell(environment: env)
            t.shell.colorMode = mode
            return t.shell.outputStyle.enabled
        }
        XCTAssertTrue(styled(ShellEnvironment(stdoutIsTerminal: true), .auto))
        XCTAssertFalse(styled(ShellEnvironment(stdoutIsTerminal: false), .auto))
        XCTAssertFalse(styled(ShellEnvironment(stdoutIsTerminal: true, noColor: true), .auto), "NO_COLOR")
        XCTAssertFalse(
            styled(ShellEnvironment(stdoutIsTerminal: true, noColor: true), .always), "NO_COLOR wins over always")
        XCTAssertTrue(styled(ShellEnvironment(stdoutIsTerminal: false), .always))
        XCTAssertFalse(styled(ShellEnvironment(stdoutIsTerminal: true), .never))
    }
}

final class FileWriteTests: XCTestCase {
    func testAtomicWriteReplacesWholeAndFailsWithoutTouchingTheOld() throws {
        let dir = NSTemporaryDirectory() + "placeshell-write-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.csv"
        guard case .success = writeFileAtomically(path, Array("old\n".utf8)) else { return XCTFail("first write") }
        guard case .success = writeFileAtomically(path, Array("new\n".utf8)) else { return XCTFail("second write") }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.csv"], "no temporary file left")
        // A read-only file is refused (by its mode bits, so also for root) and stays as it was.
        chmod(path, 0o444)
        guard case .failure(let e) = writeFileAtomically(path, Array("lost\n".utf8)) else {
            return XCTFail("should fail")
        }
        XCTAssertEqual(e.path, path)
        XCTAssertEqual(
            writeFailureMessage("out.csv", e), "cannot write 'out.csv': it is read-only; the old file is unchanged")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.csv"], "no temporary file left")
    }
}

final class TemporaryFileNameTests: XCTestCase {
    /// Hidden, unpredictable, and never over NAME_MAX (255 bytes), however long the name and
    /// wherever a multi-byte character falls.
    func testTemporaryNamesFitAndDiffer() {
        for name in ["out.json", String(repeating: "a", count: 255), String(repeating: "é", count: 127)] {
            let made = String(decoding: temporaryFileName(for: Array(name.utf8)), as: UTF8.self)
            XCTAssertTrue(made.hasPrefix(".") && made.hasSuffix(".tmp"), made)
            XCTAssertLessThanOrEqual(made.utf8.count, 255, name)
            XCTAssertTrue(name.hasPrefix(String(made.dropFirst().dropLast(13))), made)
            XCTAssertFalse(made.contains("\u{FFFD}"), "cut inside a character: \(made)")
            XCTAssertNotEqual(made, String(decoding: temporaryFileName(for: Array(name.utf8)), as: UTF8.self))
        }
        // A name that is not UTF-8 keeps its bytes.
        let odd: [UInt8] = [0x6F, 0xFF, 0xFE, 0x2E, 0x6A]
        let made = temporaryFileName(for: odd)
        XCTAssertEqual(Array(made.prefix(6)), [0x2E] + odd)
    }
}

/// What is written to a terminal is checked for control characters.
final class ControlCheckTests: XCTestCase {
    /// The quick check for control characters (sixteen bytes at a time, the last block
    /// overlapping the one before) agrees with the byte by byte rule at every position of text
    /// up to three blocks long, also after a newline or a tab.
    func testControlCheckAgreesWithTheByteRule() {
        func byRule(_ bytes: [UInt8]) -> Bool {
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
            for byte in bytes {
                if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) {
                    return true
                }
                // U+2028…U+202E and U+2066…U+2069.
                if beforePrevious == 0xE2
                    && ((previous == 0x80 && (0xA8...0xAE).contains(byte))
                        || (previous == 0x81 && (0xA6...0xA9).contains(byte)))
                {
                    return true
                }
                beforePrevious = previous
                previous = byte
            }
            return false
        }
        let specials: [UInt8] = [
            0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xC3, 0xFF,
        ]
        var cases: [[UInt8]] = []
        for length in 0...50 {
            let base = [UInt8](repeating: 0x61, count: length)
            cases.append(base)
            for k in 0..<length {
                for special in specials {
                    var one = base
                    one[k] = special
                    cases.append(one)
                    if k + 1 < length {
                        for next: UInt8 in [0x80, 0x85, 0x9F, 0xA0, 0xA9] {
                            var two = one
                            two[k + 1] = next
                            cases.append(two)
                        }
                    }
                }
            }
        }
        // Lines: a newline or a tab (harmless, but they stop a word's quick test) before
        // anything else, at every pair of positions.
        for length in 0...20 {
            for k in 0..<length {
                for j in k..<length {
                    for first: UInt8 in [0x0A, 0x09] {
                        for special in specials {
                            var two = [UInt8](repeating: 0x61, count: length)
                            two[k] = first
                            two[j] = special
                            cases.append(two)
                        }
                    }
                }
            }
        }
        // Three-byte characters after 0xE2, those that reorder or break a line and their
        // neighbours, at every position.
        let threes: [[UInt8]] = [
            [0xE2, 0x80, 0xA7], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0xAF], [0xE2, 0x80, 0x94],
            [0xE2, 0x81, 0xA5], [0xE2, 0x81, 0xA6], [0xE2, 0x81, 0xA9], [0xE2, 0x81, 0xAA], [0xE2, 0x82, 0xA8],
            [0xE2, 0x80], [0xE2],
        ]
        for length in 0...40 {
            for k in 0..<length {
                for three in threes {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    for (j, b) in three.enumerated() where k + j < length { bytes[k + j] = b }
                    cases.append(bytes)
                }
            }
        }
        cases.append(Array("Location: <-33.86940500,+151.19900000> +/- 5.00m".utf8))
        cases.append(Array("device at -33.8694, 151.199 ±5 m\nLocation: ok\n\u{1B}[2J\n".utf8))
        cases.append(Array("café \u{85} naïve — ok".utf8))
        cases.append(Array("a name — with a dash, then \u{202E}reversed\u{202C} and \u{2028} a break".utf8))
        cases.append(Array("فارسی \u{200F}(marked) and “quoted” … ✓".utf8))
        for bytes in cases {
            let quick = bytes.withUnsafeBufferPointer { containsControls($0) }
            XCTAssertEqual(quick, byRule(bytes), "\(bytes)")
        }
    }
}
