import XCTest

@testable import PlaceScript

final class ExplainTests: XCTestCase {
    /// Every command of the simulation says what it stands for in the real app; only the shell's
    /// own commands and explain itself may stand for nothing.
    func testEverySimulationCommandHasAnAPIEntry() {
        let own: Set<String> = [CommandFamily.builtins.name, CommandFamily.explain.name]
        var missing: [String] = []
        for family in CommandTable.standard.families where !own.contains(family.name) {
            for command in family.commands where command.api == nil { missing.append(command.name) }
        }
        XCTAssertEqual(missing, [], "commands without 'api: APIEntry(…)' in their CommandSpec (what explain says)")
    }

    func testExplainOfAShellCommandSaysItStandsForNothing() {
        let out = StringSink()
        let shell = Shell(stdout: out, stderr: StringSink())
        XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "explain echo")), 0)
        XCTAssertEqual(out.text, "'echo' is the shell's own: it stands for nothing in the app.\n")
    }
}
