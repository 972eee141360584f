import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

final class LexerTests: XCTestCase {
    func testWordsCommandsAndSeparators() {
        XCTAssertEqual(lexWords("echo a  b\tc"), [["echo", "a", "b", "c"]])
        XCTAssertEqual(lexWords("echo a; echo b;;\n\necho c\n"), [["echo", "a"], ["echo", "b"], ["echo", "c"]])
        XCTAssertEqual(lexWords(""), [])
        XCTAssertEqual(lexWords("  \n ; \t\n"), [])
        XCTAssertEqual(lexWords("echo x\r\necho y\r\n"), [["echo", "x"], ["echo", "y"]])
    }

    func testComments() {
        XCTAssertEqual(lexWords("# only a comment\necho a # trailing\n"), [["echo", "a"]])
        XCTAssertEqual(lexWords("echo a#b"), [["echo", "a#b"]], "'#' inside a word is text")
        XCTAssertEqual(lexWords("echo \"#x\" '#y'"), [["echo", "#x", "#y"]])
        XCTAssertEqual(lexWords("echo a # ; echo b"), [["echo", "a"]], "';' in a comment does not end it")
        XCTAssertEqual(lexWords("# café 안녕 🗺️\necho ok"), [["echo", "ok"]])
    }

    func testCommentsAreCheckedAtEveryAlignment() {
        // Comments are skipped eight bytes at a time; a bad byte or the newline may fall
        // anywhere in such a block.
        for k in 0..<20 {
            let pad = Array(repeating: UInt8(ascii: "a"), count: k)
            let comment = Array("# ".utf8) + pad
            XCTAssertEqual(
                lexOutcome(bytes: comment + [0xFF] + Array("b\necho x\n".utf8)),
                .error("invalid UTF-8 byte 0xFF in the input", line: 1, column: k + 3), "k = \(k)")
            XCTAssertEqual(
                lexOutcome(bytes: comment + [0] + Array("\n".utf8)),
                .error("NUL byte in the input", line: 1, column: k + 3), "k = \(k)")
            XCTAssertEqual(
                lexWords(String(decoding: comment + Array("é\necho x\n".utf8), as: UTF8.self)), [["echo", "x"]],
                "k = \(k)")
            XCTAssertEqual(
                lexWords(String(decoding: comment + Array("\necho x".utf8), as: UTF8.self)), [["echo", "x"]], "k = \(k)"
            )
        }
    }

    func testQuotes() {
        XCTAssertEqual(lexWords("echo 'a  b' \"c  d\""), [["echo", "a  b", "c  d"]])
        XCTAssertEqual(lexWords("echo 'it''s' \"x\"'y'z"), [["echo", "its", "xyz"]])
        XCTAssertEqual(lexWords("echo '' \"\""), [["echo", "", ""]])
        XCTAssertEqual(lexWords("echo 'a;b' \"c;d\""), [["echo", "a;b", "c;d"]])
        XCTAssertEqual(lexWords("echo '안녕 سلام' \"Hà Nội\""), [["echo", "안녕 سلام", "Hà Nội"]])
        XCTAssertEqual(lexWords("echo 'multi\nline'"), [["echo", "multi\nline"]])
    }

    func testEscapes() {
        XCTAssertEqual(lexWords(#"echo "\" \\ \$ \n \t \r""#), [["echo", "\" \\ $ \n \t \r"]])
        XCTAssertEqual(lexWords(#"echo "\u{263A}\u{1F5FA}""#), [["echo", "☺🗺"]])
        XCTAssertEqual(lexWords(#"echo a\ b \'q\' \;"#), [["echo", "a b", "'q'", ";"]])
        XCTAssertEqual(lexWords(#"echo '\n stays'"#), [["echo", #"\n stays"#]])
        XCTAssertEqual(lexWords("echo \\안"), [["echo", "안"]])
    }

    func testEscapeErrorsPointAtTheBackslash() {
        XCTAssertEqual(
            lexOutcome(#"echo "ab\q""#), .error("unknown escape '\\q' in a double-quoted string", line: 1, column: 9))
        XCTAssertEqual(
            lexOutcome(#"echo "\u263A""#),
            .error("expected '{' after '\\u' in a double-quoted string", line: 1, column: 7))
        XCTAssertEqual(lexOutcome(#"echo "\u{D800}""#), .error("'\\u{…}' names no valid character", line: 1, column: 7))
        XCTAssertEqual(lexOutcome(#"echo "\u{0}""#), .error("'\\u{…}' names no valid character", line: 1, column: 7))
        XCTAssertEqual(lexOutcome(#"echo "\u{zz}""#), .error("malformed '\\u{…}' escape", line: 1, column: 7))
    }

    func testContinuation() {
        XCTAssertEqual(lexWords("echo a \\\n  b\necho c"), [["echo", "a", "b"], ["echo", "c"]])
        XCTAssertEqual(lexWords("echo ab\\\ncd"), [["echo", "abcd"]], "a continuation inside a word joins it")
        XCTAssertEqual(lexWords("echo a \\\r\n b"), [["echo", "a", "b"]])
        XCTAssertEqual(lexWords("echo \"a\\\nb\""), [["echo", "ab"]])
    }

    func testIncompleteInput() {
        XCTAssertEqual(lexOutcome("echo 'open"), .incomplete(.openSingleQuote(offset: 5)))
        XCTAssertEqual(lexOutcome("echo x \"open\nmore"), .incomplete(.openDoubleQuote(offset: 7)))
        XCTAssertEqual(lexOutcome("echo \"ends with \\"), .incomplete(.openDoubleQuote(offset: 5)))
        XCTAssertEqual(lexOutcome("echo a \\"), .incomplete(.trailingBackslash(offset: 7)))
        XCTAssertEqual(lexOutcome("echo ${1:-x", arguments: ["a"]), .incomplete(.openBrace(offset: 5)))
        XCTAssertEqual(lexOutcome("echo 'closed'"), .complete)
    }

    func testOptionAndFlagClassification() {
        let t = lexTokens("cmd --json --speed=5 speed=5 -x --1 -- --a_b=c x=y=z \"a=b\" --'q' =v 5=x")
        func describe(_ t: Token) -> String {
            if t.isFlag { return "flag(\(t.optionName ?? "?"), \(t.optionValue ?? "-"))" }
            if t.isOption { return "option(\(t.optionName ?? "?"), \(t.optionValue ?? "-"))" }
            return "word(\(t.text))"
        }
        XCTAssertEqual(
            t.map(describe),
            [
                "word(cmd)", "flag(json, -)", "flag(speed, 5)", "option(speed, 5)", "word(-x)", "word(--1)", "word(--)",
                "flag(a_b, c)", "option(x, y=z)", "word(a=b)", "word(--q)", "word(=v)", "word(5=x)",
            ])
        XCTAssertTrue(t[9].isQuoted)
        XCTAssertFalse(t[1].isQuoted)
        // The value of name=value starts after the '='.
        XCTAssertEqual(t[3].optionValueOffset, t[3].offset + 6)
    }

    func testOptionClassificationIsOnTheUnquotedStart() {
        let t = lexTokens("cmd name=\"Café Sydney\" \"name\"=x")
        XCTAssertTrue(t[1].isOption)
        XCTAssertEqual(t[1].optionName, "name")
        XCTAssertEqual(t[1].optionValue, "Café Sydney")
        XCTAssertFalse(t[2].isOption, "a quoted name is text")
    }

    func testDollarExpansion() {
        let args = ["alpha", "beta gamma"]
        XCTAssertEqual(
            lexWords("echo $1 $2 $# $0", arguments: args), [["echo", "alpha", "beta gamma", "2", "t.placescript"]])
        XCTAssertEqual(
            lexWords("echo x$1y \"<$2>\" ${1}", arguments: args), [["echo", "xalphay", "<beta gamma>", "alpha"]])
        XCTAssertEqual(
            lexWords("echo ${3:-dflt} ${1:-unused} ${4:-}", arguments: args), [["echo", "dflt", "alpha", ""]])
        XCTAssertEqual(lexWords("echo '$1' \\$1 \"\\$1\"", arguments: args), [["echo", "$1", "$1", "$1"]])
        XCTAssertEqual(lexWords("echo $ $x ${} 5$ $", arguments: args), [["echo", "$", "$x", "${}", "5$", "$"]])
        // An expanded argument is one word: its spaces and ';' do not split it.
        XCTAssertEqual(lexWords("echo $1", arguments: ["a; echo b"]), [["echo", "a; echo b"]])
        XCTAssertEqual(lexWords("echo ${1:-x}"), [["echo", "x"]], "a default works without arguments")
        XCTAssertEqual(lexWords("echo $#"), [["echo", "0"]])
    }

    func testExpandedWordsAreNeverOptions() {
        let source = SourceText(
            name: "t", text: "cmd $1", arguments: ScriptArguments(scriptName: "t", values: ["--json"]))
        var lexer = Lexer(source: source)
        guard case .commands(let c)? = try? lexer.lex() else { return XCTFail("did not lex") }
        XCTAssertEqual(c[0].tokens[1].text, "--json")
        XCTAssertFalse(c[0].tokens[1].isFlag, "an argument's text must not turn into an option")
    }

    func testMissingArguments() {
        XCTAssertEqual(
            lexOutcome("echo ok $2", arguments: ["a"]),
            .error("script argument $2 was not given (the script has 1 argument)", line: 1, column: 9))
        XCTAssertEqual(
            lexOutcome("echo\n  $1"),
            .error("'$1' has no value here: no script arguments were given", line: 2, column: 3))
        XCTAssertEqual(
            lexOutcome("echo ${1:-x y}", arguments: ["a"]), .complete)
        XCTAssertEqual(
            lexOutcome("echo ${1 x}", arguments: ["a"]), .error("expected '}' to close '${'", line: 1, column: 6))
    }

    func testByteOffsetsAndLengths() {
        let t = lexTokens("  echo 안녕 'q x' a\\ b")
        XCTAssertEqual(t.map(\.offset), [2, 7, 14, 20])
        XCTAssertEqual(t.map(\.length), [4, 6, 5, 4])
    }

    func testInvalidBytes() {
        XCTAssertEqual(
            lexOutcome(bytes: Array("echo a".utf8) + [0x00]), .error("NUL byte in the input", line: 1, column: 7))
        XCTAssertEqual(
            lexOutcome(bytes: Array("echo \"안".utf8) + [0xFF] + Array("\"".utf8)),
            .error("invalid UTF-8 byte 0xFF in the input", line: 1, column: 8))
        XCTAssertEqual(
            lexOutcome(bytes: Array("echo '".utf8) + [0xC3, 0x28] + Array("'".utf8)),
            .error("invalid UTF-8 byte 0xC3 in the input", line: 1, column: 7))
        XCTAssertEqual(
            lexOutcome(bytes: Array("# ".utf8) + [0xED, 0xA0, 0x80]),
            .error("invalid UTF-8 byte 0xED in the input", line: 1, column: 3),
            "a UTF-16 surrogate is not UTF-8")
        XCTAssertEqual(lexOutcome(bytes: Array("echo ".utf8) + [0xF0, 0x9F, 0x97, 0xBA]), .complete)
    }

    func testOneCommandAtATime() throws {
        var lexer = Lexer(source: SourceText(name: "t", text: "a 1\n\nb 2; c"))
        var names: [String] = []
        while true {
            switch try lexer.nextCommand() {
            case .command(let c): names.append(c.tokens.map(\.text).joined(separator: " "))
            case .end: return XCTAssertEqual(names, ["a 1", "b 2", "c"])
            case .incomplete: return XCTFail("incomplete")
            }
        }
    }

    /// The scan for plain words gives the words, offsets, options and flags the full lexer gives,
    /// and hands anything else (quotes, escapes, `$`, other bytes, continued lines) to it whole.
    func testPlainWordsLexAsTheFullLexerDoes() throws {
        let text = """
            echo step 1 of  the\ttour # a comment
            expect 1 == 1;show clock ;; locate -33.87 151.2 speed=5 --json --x= a#b
            # only a comment
            echo 'quoted' x; echo "a $1" y; echo é ü; echo a\\
             b
            echo tab\there\u{01}control \\
              next
            last word
            """
        let source = SourceText(name: "t", text: text, arguments: ScriptArguments(scriptName: "t", values: ["arg"]))
        var full = Lexer(source: source)
        guard case .commands(let expected) = try full.lex() else { return XCTFail("incomplete") }
        guard let (got, plainCount) = try scanPlainly(source) else { return XCTFail("incomplete") }
        XCTAssertEqual(got.count, 10)
        XCTAssertEqual(got.count, expected.count)
        XCTAssertEqual(plainCount, 5, "echo step…, expect, show, locate and last word are plain")
        for (a, b) in zip(got, expected) {
            XCTAssertEqual(a.tokens.map(\.text), b.tokens.map(\.text))
            XCTAssertEqual(a.tokens.map(\.offset), b.tokens.map(\.offset))
            XCTAssertEqual(a.tokens.map(\.length), b.tokens.map(\.length))
            XCTAssertEqual(a.tokens.map(\.isFlag), b.tokens.map(\.isFlag))
            XCTAssertEqual(a.tokens.map(\.isOption), b.tokens.map(\.isOption))
            XCTAssertEqual(a.tokens.map(\.optionValue), b.tokens.map(\.optionValue))
            XCTAssertEqual(a.tokens.map(\.isQuoted), b.tokens.map(\.isQuoted))
        }
        // An error in a command the scan hands on is the full lexer's.
        var bad = Lexer(source: SourceText(name: "t", bytes: Array("echo a\necho b".utf8) + [0xFF]))
        guard case .plain = try bad.nextPlainCommand() else { return XCTFail("the first line is plain") }
        XCTAssertThrowsError(try bad.nextPlainCommand())
    }

    /// Random lines of words up to 40 bytes long (so that the scan's sixteen-byte steps run,
    /// and stop at every position of a block), of plain bytes with, now and then, one that ends
    /// a word or hands the line on (a quote, `$`, a backslash, `;`, `#`, a tab, DEL, a byte of
    /// `é`, a control character): the plain scan gives the full lexer's words, or its error.
    func testRandomLongWordsLexAsTheFullLexerDoes() throws {
        var rng = SeededRandom(seed: 37)
        let plain = Array("abcxyz0123456789-.,=+_:/@".utf8)
        let special: [[UInt8]] = [
            [0x22], [0x27], [0x24], [0x5C], [0x3B], [0x23], [0x09], [0x7F], [0xC3, 0xA9], [0x01], [0x0D], [0x20],
        ]
        var plainLines = 0
        for round in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + rng.next() % 6) {
                for _ in 0..<(1 + rng.next() % 4) {
                    let length = 1 + Int(rng.next() % 40)  // safe: below 41
                    for _ in 0..<length {
                        if rng.next() % 60 == 0 {
                            bytes += special[Int(rng.next() % UInt64(special.count))]  // safe: an index below count
                        } else {
                            bytes.append(plain[Int(rng.next() % UInt64(plain.count))])  // safe: an index below count
                        }
                    }
                    bytes.append(0x20)
                }
                bytes.append(0x0A)
            }
            let source = SourceText(name: "t", bytes: bytes)
            var full = Lexer(source: source)
            var fullError: Diagnostic?
            var expected: [RawCommand] = []
            do {
                if case .commands(let commands) = try full.lex() { expected = commands }
            } catch { fullError = error }
            var got: (commands: [RawCommand], plain: Int)?
            var plainError: Diagnostic?
            do { got = try scanPlainly(source) } catch let error as Diagnostic { plainError = error }
            XCTAssertEqual(plainError?.message, fullError?.message, "round \(round)")
            guard fullError == nil, let got else { continue }
            plainLines += got.plain
            XCTAssertEqual(got.commands.count, expected.count, "round \(round)")
            for (a, b) in zip(got.commands, expected) {
                XCTAssertEqual(a.tokens.map(\.text), b.tokens.map(\.text), "round \(round)")
                XCTAssertEqual(a.tokens.map(\.offset), b.tokens.map(\.offset), "round \(round)")
                XCTAssertEqual(a.tokens.map(\.length), b.tokens.map(\.length), "round \(round)")
                XCTAssertEqual(a.tokens.map(\.isQuoted), b.tokens.map(\.isQuoted), "round \(round)")
            }
        }
        XCTAssertGreaterThan(plainLines, 300, "most lines are plain")
    }

    /// The commands of `source` as a long script's loop reads them (`nextPlainCommand`, plain
    /// lines taken as `plainCommand`), and how many were plain; nil when the source ends inside a
    /// command.
    private func scanPlainly(_ source: SourceText) throws -> (commands: [RawCommand], plain: Int)? {
        var lexer = Lexer(source: source)
        var commands: [RawCommand] = []
        var plain = 0
        while true {
            switch try lexer.nextPlainCommand() {
            case .plain:
                plain += 1
                commands.append(lexer.plainCommand())
            case .command(let command): commands.append(command)
            case .end: return (commands, plain)
            case .incomplete: return nil
            }
        }
    }

    /// Lines the plain scan hands on to the full lexer (more words than its slots, comments with
    /// other text, bytes that are not UTF-8 in a comment) give the full lexer's words and errors.
    func testPlainScanHandsOnWhatItDoesNotTake() throws {
        let many = (1...(Lexer.plainWordLimit + 3)).map { "w\($0)" }.joined(separator: " ")
        let exactly = (1..<Lexer.plainWordLimit).map { "x\($0)" }.joined(separator: " ")
        let text = """
            echo \(many)
            echo \(exactly) # fits
            echo a # é ü 中文 → 😀
            expect 1 == 1 # plain ascii\tand tab
            # é alone
            last
            """
        let source = SourceText(name: "t", text: text)
        var full = Lexer(source: source)
        guard case .commands(let expected) = try full.lex() else { return XCTFail("incomplete") }
        guard let (got, plainCount) = try scanPlainly(source) else { return XCTFail("incomplete") }
        XCTAssertEqual(got.count, expected.count)
        XCTAssertEqual(plainCount, 4, "all but the line with more words than the slots")
        for (a, b) in zip(got, expected) {
            XCTAssertEqual(a.tokens.map(\.text), b.tokens.map(\.text))
            XCTAssertEqual(a.tokens.map(\.offset), b.tokens.map(\.offset))
            XCTAssertEqual(a.tokens.map(\.length), b.tokens.map(\.length))
        }
        // A comment with a byte that is not UTF-8, or a NUL: the full lexer's error, where it stands.
        for bad: [UInt8] in [[0xFF], [0xC3], [0x00], [0xE2, 0x82]] {
            let bytes = Array("echo a\necho b # x".utf8) + bad + Array(" y\necho c".utf8)
            var plain = Lexer(source: SourceText(name: "t", bytes: bytes))
            var full = Lexer(source: SourceText(name: "t", bytes: bytes))
            guard case .plain = try plain.nextPlainCommand() else { return XCTFail("the first line is plain") }
            _ = try full.nextCommand()
            var plainError: Diagnostic?
            var fullError: Diagnostic?
            do { _ = try plain.nextPlainCommand() } catch { plainError = error }
            do { _ = try full.nextCommand() } catch { fullError = error }
            XCTAssertNotNil(plainError, "\(bad)")
            XCTAssertEqual(plainError?.message, fullError?.message)
            XCTAssertEqual(plainError?.location?.offset, fullError?.location?.offset)
        }
    }
}
