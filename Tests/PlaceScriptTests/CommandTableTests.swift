import XCTest

@testable import PlaceScript

/// The command table is the one list of commands: everything else a command needs (whether it
/// only looks, what it stands for in the app, its manual entry) is a field of its spec, and these
/// tests fail when a command leaves one out.
final class CommandTableTests: XCTestCase {
    /// Every command and subcommand of the standard table, parents before their subcommands.
    private var allCommands: [CommandSpec] {
        func walk(_ spec: CommandSpec) -> [CommandSpec] { [spec] + spec.subcommands.flatMap(walk) }
        return CommandTable.standard.commands.flatMap(walk)
    }

    /// Commands that run: those with a handler (`fail` alone only asks for a subcommand).
    private var runnableCommands: [CommandSpec] { allCommands.filter { $0.handler != nil } }

    func testEveryCommandThatRunsSaysWhetherItLooksOrActs() {
        let undecided = runnableCommands.filter { $0.effect == nil }.map(\.fullName)
        XCTAssertEqual(
            undecided, [],
            "commands without 'effect: .looks', '.acts' or '.touches' in their CommandSpec (the tutorial's hints need it)"
        )
    }

    /// The permission alert is modal: each command that touches the app, run as its first
    /// example while the alert is up, fails before its handler runs and names the answers.
    func testEveryTouchIsRefusedWhileTheAlertIsUp() {
        let touches = runnableCommands.filter { $0.effect == .touches }
        XCTAssertFalse(touches.isEmpty)
        for spec in touches {
            let out = StringSink()
            let err = StringSink()
            let shell = Shell(stdout: out, stderr: err)
            let example = spec.examples.first ?? spec.fullName
            let status = shell.runScript(SourceText(name: "t", text: "locate sydney\nlaunch\n" + example))
            XCTAssertEqual(status, 1, "'\(example)' with the alert up")
            XCTAssertTrue(err.text.contains("the permission alert is on screen"), "'\(example)': \(err.text)")
            XCTAssertTrue(err.text.contains("'auth allow once'"), "'\(example)': \(err.text)")
            XCTAssertEqual(shell.session.stats.placesRequests, 1, "'\(example)' sent a request")
        }
    }

    /// A command acts on the app when it acts and is not the shell's own: `explain` must be able
    /// to say what it stands for in the real app.
    func testEveryCommandThatActsOnTheAppHasAnExplainEntry() {
        let shell = CommandFamily.builtins.name
        let missing = runnableCommands.filter { $0.effect != .looks && $0.family != shell && $0.standsFor == nil }
        XCTAssertEqual(
            missing.map(\.fullName), [],
            "commands that act on the app without 'api: APIEntry(…)' in their CommandSpec or their parent's")
    }

    /// `help CMD` fits 80 columns: its text, usages, tables and notes are wrapped; only a command
    /// line to copy (an example, a display) or a word longer than the room may stick out.
    func testEveryHelpLineFitsATerminal() {
        for spec in allCommands {
            let whole = Set(
                spec.examples + spec.subcommands.flatMap(\.examples) + ManualText.displays(in: spec.manual))
            for line in helpFor(spec).text where displayWidth(line) > 80 {
                let trimmed = String(line.drop { $0 == " " })
                if whole.contains(trimmed) || !trimmed.contains(" ") { continue }
                XCTFail("'\(spec.fullName)': a help line of \(displayWidth(line)) columns: \(line)")
            }
        }
    }

    func testEveryCommandThatRunsHasItsManualEntry() {
        for spec in allCommands {
            let lines = spec.manual.split(separator: "\n", omittingEmptySubsequences: false)
            if spec.manual.isEmpty {
                XCTAssertTrue(
                    spec.handler == nil, "'\(spec.fullName)' runs but has no 'manual:' entry for the COMMANDS section")
                continue
            }
            let words = lines[0].split(separator: " ").filter { $0 != "Cm" }.map(String.init)
            XCTAssertEqual(
                Array(words.dropFirst(2).prefix(spec.fullName.split(separator: " ").count)).joined(separator: " "),
                spec.fullName,
                "the manual entry of '\(spec.fullName)' starts '\(lines[0])', not '.It Ic \(spec.fullName)'")
            XCTAssertEqual(Array(words.prefix(2)), [".It", "Ic"], "'\(spec.fullName)': \(lines[0])")
            let items = assertWellFormed(spec.manual, item: ".It Ic", what: "the manual entry of '\(spec.fullName)'")
            XCTAssertEqual(items, 1, "the manual entry of '\(spec.fullName)' holds another command's entry")
        }
    }

    func testEveryFamilyHasItsManualIntroduction() {
        for family in CommandTable.standard.families {
            XCTAssertFalse(family.manual.isEmpty, "family '\(family.name)' has no 'manual:' introduction")
            // An item is allowed only in a list the introduction opens itself.
            var depth = 0
            var strayItem = false
            for line in family.manual.split(separator: "\n") {
                if line.hasPrefix(".Bl") { depth += 1 }
                if line.hasPrefix(".El") { depth -= 1 }
                if (line.hasPrefix(".It") && depth == 0) || line.hasPrefix(".Sh") { strayItem = true }
            }
            XCTAssertFalse(strayItem, "the introduction of '\(family.name)' holds an item or a section of its own")
            assertWellFormed(family.manual, item: nil, what: "the introduction of '\(family.name)'")
        }
    }

    func testEveryStateRootHasItsManualEntriesAndOnlyThose() {
        for root in CommandTable.standard.stateRoots {
            XCTAssertFalse(root.manual.isEmpty, "state root '\(root.name)' has no 'manual:' entries")
            assertWellFormed(root.manual, item: ".It Li", what: "the manual entries of '\(root.name)'")
            for line in root.manual.split(separator: "\n") where line.hasPrefix(".It ") {
                let path = line.dropFirst(".It Li ".count)
                let under =
                    path == root.name || path.hasPrefix(root.name + ".") || path.hasPrefix(root.name + "[")
                    || path.hasPrefix(root.name + " ")
                XCTAssertTrue(under, "'\(line)' is among the entries of '\(root.name)' but names another root")
            }
        }
    }

    /// mdoc text that can stand in the generated sections: no blank lines (mandoc warns), lists
    /// closed, and (for items) starting with its item and holding no other kind at its own level.
    /// Returns how many items it holds at its own level.
    @discardableResult
    private func assertWellFormed(
        _ text: String, item: String?, what: String, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertFalse(
            lines.contains { $0.allSatisfy(\.isWhitespace) }, "\(what) has a blank line", file: file, line: line)
        var depth = 0
        var items = 0
        for l in lines {
            if l.hasPrefix(".Bl ") { depth += 1 }
            if l.hasPrefix(".El") { depth -= 1 }
            XCTAssertGreaterThanOrEqual(depth, 0, "\(what) closes a list it did not open", file: file, line: line)
            if depth == 0, l.hasPrefix(".It ") {
                items += 1
                if let item, !l.hasPrefix(item + " ") {
                    XCTFail("\(what) has '\(l)' among its items", file: file, line: line)
                }
            }
        }
        XCTAssertEqual(depth, 0, "\(what) leaves a list open", file: file, line: line)
        if let item {
            XCTAssertTrue(
                lines.first?.hasPrefix(item + " ") ?? false, "\(what) does not start with '\(item)'", file: file,
                line: line)
        }
        return items
    }

    /// A script's first word finds its command from its bytes exactly as the name does: every
    /// name and alias, and words that differ from one in a byte, are longer or shorter.
    func testCommandFoundFromBytesAsFromTheName() {
        let table = CommandTable.standard
        var words = Set(table.commandNames)
        for name in table.commandNames {
            words.insert(name + "x")
            words.insert(String(name.dropLast()))
            words.insert(name + "12345678")
            var bytes = Array(name.utf8)
            for k in bytes.indices {
                let kept = bytes[k]
                bytes[k] = kept == 0x7A ? 0x61 : kept + 1
                words.insert(String(decoding: bytes, as: UTF8.self))
                bytes[k] = kept
            }
        }
        words.insert("")
        words.insert("a-very-long-command-name-that-is-none")
        for word in words.sorted() {
            // The word in the middle of other bytes, as it stands in a script.
            let bytes = Array(("echo " + word + " more").utf8)
            let found = bytes.withUnsafeBufferPointer { buffer in
                table.command(named: buffer[5..<(5 + word.utf8.count)])
            }
            XCTAssertTrue(found === table.command(named: word), "'\(word)'")
        }
    }

    /// `help` fits the terminal it is shown on: a summary too long for its line goes on under
    /// itself, aligned; nothing is cut.
    func testTheHelpOverviewFitsTheTerminal() {
        for width in [60, 72, 100] {
            let out = StringSink()
            let shell = Shell(environment: ShellEnvironment(terminalWidth: width), stdout: out, stderr: StringSink())
            XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "help")), 0)
            let lines = out.text.split(separator: "\n").map(String.init)
            for line in lines { XCTAssertLessThanOrEqual(displayWidth(line), width, "\(width): '\(line)'") }
            let words = { (s: String) in s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
            XCTAssertTrue(
                words(out.text).contains(words(CommandTable.standard.command(named: "reset")?.summary ?? "?")))
        }
    }
}
