import Foundation
import PlaceFormats
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

@testable import PlaceScript

/// A small command table for the binder, completion and expect tests: the built-ins plus
/// commands with every kind of argument, options and subcommands, and a few state roots.
func testTable() -> CommandTable {
    let ok: CommandHandler = { _ throws(Diagnostic) in .none }
    let family = CommandFamily(
        name: "Test", summary: "commands for tests",
        commands: [
            CommandSpec(
                "locate",
                arguments: [
                    ArgSpec("POSITION", .coordinate, summary: "where"),
                    ArgSpec("ACCURACY", .number(.length), optional: true, summary: "how precise"),
                ],
                options: [
                    OptionSpec("speed", .number(.speed), valueName: "SPEED", summary: "how fast"),
                    OptionSpec("quiet", summary: "say nothing"),
                    OptionSpec("flavor", .choice(["swift", "objc"]), valueName: "FLAVOR", summary: "which app"),
                ],
                summary: "put the device somewhere", handler: ok),
            CommandSpec(
                "auth", summary: "permission",
                subcommands: [
                    CommandSpec("allow", options: [OptionSpec("approximate")], summary: "allow", handler: ok),
                    CommandSpec("deny", summary: "deny", handler: ok),
                ]),
            CommandSpec(
                "select", arguments: [ArgSpec("N", .integer(1...20), summary: "a row")], summary: "pick", handler: ok),
            CommandSpec("wait", arguments: [ArgSpec("DURATION", .number(.duration))], summary: "wait", handler: ok),
            CommandSpec("tag", arguments: [ArgSpec("WORDS", .words)], summary: "words", handler: ok),
            CommandSpec("visit", arguments: [ArgSpec("PLACE", placeNameType)], summary: "a place by name", handler: ok),
        ],
        stateRoots: [
            StateRoot(
                "camera", summary: "the camera",
                shape: .record(["zoom": .plain, "bearing": .number(.angle), "target": .text])
            ) { _ in
                .fields([("zoom", .number(15)), ("bearing", .number(30, .angle)), ("target", .string("Sydney"))])
            },
            StateRoot(
                "markers", summary: "markers",
                shape: .list(.record(["title": .optional(.text), "snippet": .optional(.text)]), key: "title")
            ) { _ in
                .list(count: 2) { i in
                    .fields([
                        ("title", .string(["Café Morso", "Darling Harbour"][i])),
                        ("snippet", i == 0 ? .string("Pyrmont") : .null),
                    ])
                }
            },
            StateRoot("log", summary: "console lines", shape: .lines) { _ in
                .values([.string("Location status is OK."), .string("Current Place error: quota")])
            },
            StateRoot(
                "location", summary: "last location",
                shape: .optional(.record(["latitude": .plain, "longitude": .plain]))
            ) { _ in .leaf(.null) },
            StateRoot("distance", summary: "a length", shape: .number(.length)) { _ in
                .leaf(.number(1500, .length))
            },
        ])
    return CommandTable(families: [.builtins, family])
}

/// A shell over the test table whose output is collected in strings.
final class TestShell {
    let out = StringSink()
    let err = StringSink()
    let shell: Shell

    init(table: CommandTable = testTable(), environment: ShellEnvironment = ShellEnvironment()) {
        shell = Shell(table: table, environment: environment, stdout: out, stderr: err)
    }

    /// Runs a script the way batch mode does; returns the exit status.
    @discardableResult
    func run(_ text: String, name: String = "test.placescript", arguments: [String]? = nil) -> Int32 {
        let args = arguments.map { ScriptArguments(scriptName: name, values: $0) }
        return shell.runScript(SourceText(name: name, text: text, arguments: args))
    }
}

/// Lexes a whole source into the words of each command.
func lexWords(_ text: String, arguments: [String]? = nil, file: StaticString = #filePath, line: UInt = #line)
    -> [[String]]
{
    let source = SourceText(
        name: "t", text: text, arguments: arguments.map { ScriptArguments(scriptName: "t.placescript", values: $0) })
    var lexer = Lexer(source: source)
    do {
        switch try lexer.lex() {
        case .commands(let commands): return commands.map { $0.tokens.map(\.text) }
        case .incomplete(let why):
            XCTFail("incomplete input: \(why)", file: file, line: line)
            return []
        }
    } catch {
        XCTFail("lexer error: \(error.message)", file: file, line: line)
        return []
    }
}

/// The tokens of a one-command source.
func lexTokens(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Token] {
    var lexer = Lexer(source: SourceText(name: "t", text: text))
    guard case .commands(let commands)? = try? lexer.lex(), let first = commands.first else {
        XCTFail("'\(text)' did not lex to a command", file: file, line: line)
        return []
    }
    return first.tokens
}

/// The outcome of lexing: the incompleteness, or the error's message and 1-based column.
enum LexOutcome: Equatable {
    case complete
    case incomplete(Incompleteness)
    case error(String, line: Int, column: Int)
}

func lexOutcome(_ text: String, arguments: [String]? = nil) -> LexOutcome {
    let source = SourceText(
        name: "t", text: text, arguments: arguments.map { ScriptArguments(scriptName: "t", values: $0) })
    var lexer = Lexer(source: source)
    do {
        switch try lexer.lex() {
        case .commands: return .complete
        case .incomplete(let why): return .incomplete(why)
        }
    } catch {
        let loc = error.location
        return .error(error.message, line: loc?.line ?? 0, column: loc?.column ?? 0)
    }
}

func lexOutcome(bytes: [UInt8]) -> LexOutcome {
    var lexer = Lexer(source: SourceText(name: "t", bytes: bytes))
    do {
        switch try lexer.lex() {
        case .commands: return .complete
        case .incomplete(let why): return .incomplete(why)
        }
    } catch {
        return .error(error.message, line: error.location?.line ?? 0, column: error.location?.column ?? 0)
    }
}

/// Binds one command against a table; returns the invocation or the diagnostic.
func bind(_ text: String, table: CommandTable = testTable()) -> Result<Invocation, Diagnostic> {
    let source = SourceText(name: "t", text: text)
    var lexer = Lexer(source: source)
    guard case .commands(let commands)? = try? lexer.lex(), let first = commands.first else {
        return .failure(Diagnostic(.syntax, "did not lex"))
    }
    do {
        return .success(try table.bind(first, source: source))
    } catch {
        return .failure(error)
    }
}

extension Result where Failure == Diagnostic {
    /// The error's message, or nil on success.
    var errorMessage: String? {
        if case .failure(let e) = self { return e.message }
        return nil
    }
    var errorHelp: String? {
        if case .failure(let e) = self { return e.help }
        return nil
    }
    var errorColumn: Int? {
        if case .failure(let e) = self { return e.location?.column }
        return nil
    }
}

/// A word completed from a long list by prefix, as place names are.
let placeNameType: ArgType = {
    var type = ArgType.word
    type.prefixCompletions = { _, prefix in
        ["Darling Harbour", "Darling Square", "Café Morso", "The Star; Sydney"].filter { $0.hasPrefix(prefix) }
    }
    return type
}()

/// Compares a committed file (a path from the repository root) with what the command table
/// makes now; `PLACESHELL_RECORD=1` writes it instead. `test` names the test class that rewrites it.
func checkGenerated(_ path: String, _ generated: String, test: String, line: UInt = #line) throws {
    let url = Repository.root.appendingPathComponent(path)
    if ["1", "yes", "true"].contains(ProcessInfo.processInfo.environment["PLACESHELL_RECORD"] ?? "") {
        try Data(generated.utf8).write(to: url)
        return
    }
    let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    XCTAssertEqual(
        committed, generated,
        "\(path) is not what the command table makes: PLACESHELL_RECORD=1 swift test --filter \(test)", line: line)
}
