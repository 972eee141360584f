import Foundation
import TestSupport
import XCTest

@testable import PlaceScript

/// `expect … matches`: a matcher that never backtracks finds what Swift's `Regex` finds, on
/// patterns and texts made at random from a seed; a pattern that makes a backtracking engine
/// take exponential time takes linear time here, and Ctrl-C stops a long match.
final class PatternTests: XCTestCase {
    /// SplitMix64: the same patterns and texts on every run.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func randomPattern(_ g: inout Generator, depth: Int = 0) -> String {
        var out = ""
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            var atom: String
            switch Int.random(in: 0..<12, using: &g) {
            case 0..<4: atom = ["a", "b", "c", "1"].randomElement(using: &g) ?? "a"
            case 4: atom = "."
            case 5: atom = ["[ab]", "[^a]", "[a-c1]", "[\\d]"].randomElement(using: &g) ?? "[ab]"
            case 6: atom = ["\\d", "\\w", "\\s", "\\D"].randomElement(using: &g) ?? "\\d"
            case 7 where depth < 2:
                atom = "(" + randomPattern(&g, depth: depth + 1) + "|" + randomPattern(&g, depth: depth + 1) + ")"
            case 8 where depth < 2: atom = "(?:" + randomPattern(&g, depth: depth + 1) + ")"
            case 9: atom = out.isEmpty ? "^" : "a"
            case 10: atom = "c"
            default: atom = "b"
            }
            if atom.hasPrefix("(") {
                // Not a repeated group: Swift's backtracking engine, the reference here, can take
                // exponential time on a repetition of repetitions.
                atom += ["", "", "?"].randomElement(using: &g) ?? ""
            } else if atom != "^" {
                atom += ["", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?"].randomElement(using: &g) ?? ""
            }
            out += atom
        }
        if Int.random(in: 0..<5, using: &g) == 0 { out += "$" }
        return out
    }

    private func randomText(_ g: inout Generator) -> String {
        String((0..<Int.random(in: 0...12, using: &g)).map { _ in "abc1 _".randomElement(using: &g) ?? "a" })
    }

    func testFindsWhatSwiftRegexFinds() throws {
        var g = Generator(state: 2026)
        var compared = 0
        for _ in 0..<3000 {
            let source = randomPattern(&g)
            let pattern = try Pattern(source)
            let regex = try Regex(source)
            for _ in 0..<8 {
                let text = randomText(&g)
                XCTAssertEqual(
                    pattern.firstMatch(in: text), text.contains(regex), "pattern '\(source)' on text '\(text)'")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 24_000)
    }

    func testTheSyntaxItDocuments() throws {
        let cases: [(String, String, Bool)] = [
            (#"^[0-9]+\.[0-9]+\.[0-9]+$"#, "1.22.3", true),
            (#"^[0-9]+\.[0-9]+\.[0-9]+$"#, "1.22.3.", false),
            (#"\(kCLErrorDomain error 0\.\)$"#, "x (kCLErrorDomain error 0.)", true),
            ("(?i)location", "LOCATION status", true),
            ("end$", "the end\n", true),
            ("a.c", "a\nc", false),
            (#"\u{263A}|\x{41}"#, "A", true),
            (#"\u263A"#, "☺", true),
            ("(?<word>ab)+c", "ababc", true),
            ("x{2,3}", "axxb", true),
            ("x{3}", "axxb", false),
            ("a{,2}", "a{,2}", true),
            ("[]x]", "]", true),
            (#"\bcat\b"#, "a cat.", true),
            (#"\Bcat"#, "a cat", false),
            ("", "anything", true),
        ]
        for (source, text, expected) in cases {
            XCTAssertEqual(try Pattern(source).firstMatch(in: text), expected, "'\(source)' on '\(text)'")
        }
        let refused: [(String, String)] = [
            (#"(a)\1"#, "back-references (\\1) are not supported (matching never backtracks)"),
            ("(?=a)", "lookaround '(?=' is not supported (matching never backtracks)"),
            ("(?<!a)b", "lookaround '(?<' is not supported (matching never backtracks)"),
            ("(?>a)", "'(?>' is not supported: only (?:…), (?<name>…) and (?i) are"),
            ("(unclosed", "a '(' without its ')'"),
            ("a)", "unmatched ')'"),
            ("*a", "'*' has nothing before it to repeat"),
            ("a**", "a quantifier follows a quantifier; group the first: (…)"),
            ("[abc", "a '[' without its ']'"),
            ("a{1001}", "a count above 1000 in {…}"),
            (#"\q"#, "'\\q' is not a supported escape"),
            ("((a{1000}){1000})", "the pattern is too large once its counts are spelled out"),
        ]
        for (source, message) in refused {
            XCTAssertThrowsError(try Pattern(source), source) { error in
                XCTAssertEqual((error as? Pattern.Failure)?.message, message, source)
            }
        }
    }

    func testNoPatternTakesExponentialTime() throws {
        let pattern = try Pattern("^(a|a)*$")
        let texts = [
            2_000: String(repeating: "a", count: 2_000) + "b", 8_000: String(repeating: "a", count: 8_000) + "b",
        ]
        XCTAssertEqual(pattern.firstMatch(in: texts[2_000] ?? ""), false)
        assertGrowsLinearly("^(a|a)*$ against a's and a b", small: 2_000) { n in
            _ = pattern.firstMatch(in: texts[n] ?? "")
        }
        XCTAssertEqual(try Pattern("^(a|aa)*(b|c)$").firstMatch(in: String(repeating: "a", count: 50_000) + "c"), true)
    }

    func testCtrlCStopsALongMatch() throws {
        let text = String(repeating: "ab", count: 100_000)
        var asked = 0
        let stopped = try Pattern("(a|b)*c").firstMatch(in: text) {
            asked += 1
            return asked >= 3
        }
        XCTAssertNil(stopped, "the match went on after Ctrl-C")
        XCTAssertEqual(asked, 3)
        XCTAssertEqual(try Pattern("(a|b)*c").firstMatch(in: text), false)
    }
}
