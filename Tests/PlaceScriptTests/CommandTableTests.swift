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
            "commands without 'effect: .looks' or 'effect: .acts' in their CommandSpec (the tutorial's hints need it)")
    }

    /// A command acts on the app when it acts and is not the shell's own: `explain` must be able
    /// to say what it stands for in the real app.
    func testEveryCommandThatActsOnTheAppHasAnExplainEntry() {
        let shell = CommandFamily.builtins.name
        let missing = runnableCommands.filter { $0.effect == .acts && $0.family != shell && $0.standsFor == nil }
        XCTAssertEqual(
            missing.map(\.fullName), [],
            "commands that act on the app without 'api: APIEntry(…)' in their CommandSpec or their parent's")
    }
}
