import Foundation
import PlaceFormats
import TestSupport
import XCTest

@testable import PlaceScript

/// `fuzz/dictionaries/placescript.dict`, the libFuzzer dictionary FuzzLanguage and FuzzSession
/// run with, is what the standard command table makes: every command word, subcommand, option,
/// state path (those a session with a device, an app and a fix has), operator, literal and unit.
/// A new command is a failure here until the file is written again with `PLACESHELL_RECORD=1`.
final class FuzzDictionaryTests: XCTestCase {
    private let path = "fuzz/dictionaries/placescript.dict"

    /// The state paths of a running session, breadth first, down to four components.
    private func statePaths() -> [String] {
        let shell = Shell(stdout: StringSink(), stderr: StringSink())
        let setup = SourceText(name: "setup", text: "locate sydney; launch; auth allow")
        if case .success(let invocations) = shell.parse(setup) { shell.run(invocations) }
        var out: [String] = []
        var level = shell.table.stateRootNames
        for _ in 0..<4 where !level.isEmpty {
            out += level
            level = level.flatMap { shell.statePathCompletions($0 + ".") }
        }
        return out
    }

    private func dictionary() -> String {
        let table = CommandTable.standard
        func options(_ spec: CommandSpec) -> [String] {
            spec.options.map { "--" + $0.name } + spec.subcommands.flatMap(options)
        }
        let paths = statePaths()
        let members = paths.compactMap { $0.split(separator: ".").last.map(String.init) }
        let words =
            table.editorCommandWords + table.editorSubcommandWords + table.commands.flatMap(options) + paths
            + members + CommandTable.editorOperatorWords + CommandTable.editorConstantWords
        let units = ["km/h", "m/s", "km", "min", "ms", "deg", "m", "s", "h", "%", "d"]
        let syntax = [
            ";", "#", "#|", "\"", "'", "\\", "$1", "$2", "${1}", "$#", "$@", "$*", "==", "!=", "<=", ">=", "~=",
            "<", ">", ".", "-", "e", "1e308", "-1e308", "2147483648", "9223372036854775807", "-0", "0.5",
            "-33.8688 151.2093", "90", "-180", "100000d",
        ]
        var lines = [
            "# libFuzzer dictionary for placeshell scripts (FuzzLanguage, FuzzSession).",
            "# Generated from the command table by Tests/PlaceScriptTests/FuzzDictionaryTests.swift;",
            "# do not edit: PLACESHELL_RECORD=1 swift test --filter FuzzDictionaryTests writes it again.",
        ]
        var seen = Set<String>()
        for word in words + units + syntax where seen.insert(word).inserted {
            var escaped = ""
            for byte in word.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped += "\\" + String(UnicodeScalar(byte))
                case 0x20..<0x7F: escaped += String(UnicodeScalar(byte))
                default: escaped += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2, with: "0")
                }
            }
            lines.append("\"\(escaped)\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testCommittedDictionaryIsWhatTheTableMakes() throws {
        try checkGenerated(path, dictionary(), test: "FuzzDictionaryTests")
        let committed = (try? String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        for word in CommandTable.standard.commandNames {
            XCTAssertTrue(committed.contains("\n\"\(word)\"\n"), "\(path) lacks the command word \(word)")
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int, with pad: Character) -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
