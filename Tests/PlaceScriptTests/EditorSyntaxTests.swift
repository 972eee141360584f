import Foundation
import TestSupport
import XCTest

@testable import PlaceScript

/// The editor files in `editors/` are what the command table makes (so a new command is
/// highlighted without editing them), the TextMate grammar's rules compile, and applied to every
/// example they mark every command word as a command and nothing else.
final class EditorSyntaxTests: XCTestCase {
    private let table = CommandTable.standard
    private let vimPath = "editors/vim/syntax/placescript.vim"
    private let grammarPath = "editors/vscode/syntaxes/placescript.tmLanguage.json"

    private func check(_ path: String, _ generated: String, line: UInt = #line) throws {
        try checkGenerated(path, generated, test: "EditorSyntaxTests", line: line)
    }

    func testCommittedFilesAreWhatTheTableMakes() throws {
        try check(vimPath, table.vimSyntax())
        try check(grammarPath, table.textMateGrammar())
    }

    /// The grammar's repository rules, by key, as regular expressions.
    private func rules() throws -> [String: NSRegularExpression] {
        let json = try JSONSerialization.jsonObject(with: Data(table.textMateGrammar().utf8))
        let repository = try XCTUnwrap((json as? [String: Any])?["repository"] as? [String: [String: Any]])
        var out: [String: NSRegularExpression] = [:]
        for (key, rule) in repository {
            let pattern = try XCTUnwrap(rule["match"] as? String, key)
            out[key] = try NSRegularExpression(pattern: pattern)
        }
        return out
    }

    func testGrammarIsJSONAndEveryRuleCompiles() throws {
        let rules = try rules()
        XCTAssertEqual(
            Set(rules.keys),
            [
                "directive", "comment", "string", "string-single", "argument", "command", "subcommand", "option",
                "number", "operator", "constant",
            ])
    }

    /// The words the grammar's command rule marks in `line`, by their UTF-16 offset, leaving out
    /// what the rules listed before it take first (a comment, a quoted string), as an editor
    /// applies the patterns in order.
    private func highlighted(_ line: String, _ rules: [String: NSRegularExpression]) throws -> [Int: String] {
        let ns = line as NSString
        let whole = NSRange(location: 0, length: ns.length)
        var taken: [NSRange] = []
        for key in ["directive", "comment", "string", "string-single"] {
            let rule = try XCTUnwrap(rules[key])
            taken += rule.matches(in: line, range: whole).map(\.range)
        }
        var out: [Int: String] = [:]
        for m in try XCTUnwrap(rules["command"]).matches(in: line, range: whole) {
            let r = m.range(at: 1)
            guard r.location != NSNotFound,
                !taken.contains(where: { NSLocationInRange(r.location, $0) })
            else { continue }
            out[r.location] = ns.substring(with: r)
        }
        return out
    }

    /// The first word of each command on a line (commands split at `;` outside quotes), by
    /// UTF-16 offset; none on a comment line or a continued line.
    private func commandWords(_ line: String) -> [Int: String] {
        var out: [Int: String] = [:]
        var quote: Character?
        var atStart = true
        var word = ""
        var start = 0
        var offset = 0
        func finish() {
            if !word.isEmpty { out[start] = word }
            word = ""
            atStart = false
        }
        for ch in line {
            defer { offset += ch.utf16.count }
            if let q = quote {
                if ch == q { quote = nil }
                continue
            }
            if atStart {
                if ch == " " || ch == "\t" {
                    if !word.isEmpty { finish() }
                    continue
                }
                if ch == "#" && word.isEmpty { break }
                if ch == ";" {
                    finish()
                    atStart = true
                    continue
                }
                if word.isEmpty { start = offset }
                word.append(ch)
                continue
            }
            if ch == "\"" || ch == "'" { quote = ch }
            if ch == "#" { break }
            if ch == ";" { atStart = true }
        }
        if atStart { finish() }
        return out
    }

    func testEveryCommandWordOfTheExamplesIsHighlightedAsACommand() throws {
        let rules = try rules()
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)
            .filter { $0.hasSuffix(".placescript") }.sorted()
        XCTAssertFalse(files.isEmpty)
        var checked = 0
        for file in files {
            let text = try String(contentsOf: Repository.examples.appendingPathComponent(file), encoding: .utf8)
            var continued = false
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                defer { continued = line.hasSuffix("\\") }
                if continued { continue }
                let expected = commandWords(line)
                let marked = try highlighted(line, rules)
                for (offset, word) in expected {
                    XCTAssertEqual(marked[offset], word, "\(file):\(n + 1): '\(word)' is not highlighted as a command")
                    checked += 1
                }
                for (offset, word) in marked where expected[offset] == nil {
                    XCTFail("\(file):\(n + 1): '\(word)' is highlighted as a command but is an argument")
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testUnknownWordsAndArgumentsAreNotCommands() throws {
        let rules = try rules()
        XCTAssertEqual(try highlighted("launchx", rules), [:])
        XCTAssertEqual(try highlighted("locate sydney; likely", rules), [0: "locate", 15: "likely"])
        XCTAssertEqual(try highlighted("echo launch", rules), [0: "echo"])
        XCTAssertEqual(try highlighted("  auth allow --approximate", rules), [2: "auth"])
        XCTAssertEqual(try highlighted("echo \"a; likely\" # b; back", rules), [0: "echo"])
    }

    /// Vim with the repository's files (ftdetect and syntax) names what it sees: the file type,
    /// and the syntax group at the start of each word asked for.
    func testVimHighlightsAScript() throws {
        let vim = try XCTUnwrap(
            ["/usr/bin/vim", "/usr/local/bin/vim"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "vim is not installed (scripts/setup test installs it)")
        let work = TemporaryDirectory()
        work.write("walk.placescript", "# a walk\nlocate $1 65m; launch\nauth allow --approximate\necho \"hi\"\n")
        work.write(
            "check.vim",
            """
            set rtp^=\(Repository.root.appendingPathComponent("editors/vim").path)
            filetype on
            syntax on
            edit walk.placescript
            redir! > out.txt
            echo &ft
            for [l, c] in [[1, 1], [2, 1], [2, 8], [2, 11], [2, 16], [3, 1], [3, 6], [3, 12], [4, 6]]
              echo synIDattr(synID(l, c, 1), "name")
            endfor
            redir END
            qa!
            """)
        let r = try runProcess(
            URL(fileURLWithPath: vim), ["-Nu", "NONE", "-i", "NONE", "-es", "-S", "check.vim"], in: work.url,
            environment: cleanEnvironment(home: work.path))
        // (vim -es ends with status 1 after :qa! in a script; what it wrote is what counts.)
        let out = try XCTUnwrap(
            try? String(contentsOf: work.file("out.txt"), encoding: .utf8), "vim wrote nothing: \(r.stderrText)")
        XCTAssertEqual(
            out.split(separator: "\n").map(String.init),
            [
                "placescript", "placescriptComment", "placescriptCommand", "placescriptArgument", "placescriptNumber",
                "placescriptCommand", "placescriptCommand", "placescriptSubcommand", "placescriptOption",
                "placescriptString",
            ])
    }
}
