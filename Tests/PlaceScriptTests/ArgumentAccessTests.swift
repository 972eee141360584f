import Foundation
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// Handlers read their arguments and options by the names their specs give them. A name the
/// spec does not declare, or a value of another kind, fails the command with a diagnostic.
final class ArgumentAccessTests: XCTestCase {
    /// A shell over the built-ins and one `probe` command whose handler is `handler`.
    func probe(
        arguments: [ArgSpec] = [ArgSpec("FILE", .word), ArgSpec("N", .integer(), optional: true)],
        options: [OptionSpec] = [OptionSpec("speed", .number(.speed)), OptionSpec("quiet")],
        _ handler: @escaping CommandHandler
    ) -> TestShell {
        let family = CommandFamily(
            name: "Probe", summary: "a command for these tests",
            commands: [
                CommandSpec("probe", arguments: arguments, options: options, summary: "probe", handler: handler)
            ])
        return TestShell(table: CommandTable(families: [.builtins, family]))
    }

    func testAnUndeclaredArgumentFailsTheCommandInsteadOfPrintingNothing() {
        let t = probe { ctx throws(Diagnostic) in .line(try ctx.required("FIEL", as: .word)) }
        XCTAssertEqual(t.run("probe a.txt\necho after"), 1)
        XCTAssertEqual(t.out.text, "", "nothing runs after the failed command")
        XCTAssertEqual(
            t.err.text,
            """
            test.placescript:1:1: error: internal error: 'probe' asks for an argument 'FIEL' it does not declare
            help: its arguments: FILE, N

            """)
    }

    func testAnUndeclaredOptionalArgumentIsAnErrorEvenWhenNothingWasGiven() {
        let t = probe { ctx throws(Diagnostic) in .line(String(describing: try ctx.optional("COUNT", as: .integer))) }
        XCTAssertEqual(t.run("probe a.txt"), 1)
        XCTAssertEqual(t.out.text, "")
        XCTAssertTrue(
            t.err.text.contains("error: internal error: 'probe' asks for an argument 'COUNT' it does not declare"),
            t.err.text)
    }

    func testACommandWithoutArgumentsSaysSo() {
        let t = probe(arguments: []) { ctx throws(Diagnostic) in .line(try ctx.required("FILE", as: .word)) }
        XCTAssertEqual(t.run("probe"), 1)
        XCTAssertTrue(t.err.text.hasSuffix("help: it declares no arguments\n"), t.err.text)
    }

    func testAValueOfAnotherKindIsAnError() {
        let t = probe { ctx throws(Diagnostic) in .line(String(try ctx.required("FILE", as: .integer))) }
        XCTAssertEqual(t.run("probe a.txt"), 1)
        XCTAssertEqual(t.out.text, "")
        XCTAssertEqual(
            t.err.text,
            "test.placescript:1:1: error: internal error: 'probe' asks for its argument 'FILE' as a whole number, "
                + "but it is the word 'a.txt'\n")

        let coordinate = probe { ctx throws(Diagnostic) in
            .line(String(describing: try ctx.optional("N", as: .coordinate)))
        }
        XCTAssertEqual(coordinate.run("probe a.txt 3"), 1)
        XCTAssertTrue(
            coordinate.err.text.contains("'probe' asks for its argument 'N' as a coordinate, but it is a whole number"),
            coordinate.err.text)
    }

    func testAWordThatDoesNotConvertIsAnError() {
        let t = probe { ctx throws(Diagnostic) in
            .line(String(describing: try ctx.required("FILE", as: .word("a colour", { $0 == "red" ? 1 : nil }))))
        }
        XCTAssertEqual(t.run("probe red"), 0)
        XCTAssertEqual(t.out.text, "1\n")
        XCTAssertEqual(t.run("probe blue"), 1)
        XCTAssertTrue(
            t.err.text.contains("'probe' asks for its argument 'FILE' as a colour, but it is the word 'blue'"),
            t.err.text)
    }

    func testAnOptionalArgumentNotGivenIsNil() {
        let t = probe { ctx throws(Diagnostic) in
            .line(String(describing: try ctx.optional("N", as: .integer)))
        }
        XCTAssertEqual(t.run("probe a.txt\nprobe a.txt 7"), 0)
        XCTAssertEqual(t.out.text, "nil\nOptional(7)\n")
        XCTAssertEqual(t.err.text, "")
    }

    func testAnOptionalArgumentReadAsRequiredIsAnErrorEvenWhenGiven() {
        let t = probe { ctx throws(Diagnostic) in .line(String(try ctx.required("N", as: .integer))) }
        t.shell.keepGoing = true
        XCTAssertEqual(t.run("probe a.txt 7\nprobe a.txt"), 1)
        XCTAssertEqual(t.out.text, "")
        XCTAssertEqual(
            t.err.text,
            """
            test.placescript:1:1: error: internal error: 'probe' asks for its optional argument 'N' as required
            test.placescript:2:1: error: internal error: 'probe' asks for its optional argument 'N' as required

            """)
    }

    func testAMissingRequiredArgumentIsAnErrorNotADefault() {
        // The binder never runs a command without its required arguments; an invocation made
        // some other way (the first pass over a long script keeps no values) must still fail.
        guard case .success(var invocation) = bind("select 3") else { return XCTFail("select 3 binds") }
        invocation.args = []
        XCTAssertThrowsError(try invocation.required("N", as: .integer)) { error in
            XCTAssertEqual(
                (error as? Diagnostic)?.message, "internal error: 'select' has no value for its argument 'N'")
            XCTAssertEqual((error as? Diagnostic)?.phase, .runtime)
        }
    }

    func testReversedArgumentSpecsReadTheSameValuesByName() {
        let handler: CommandHandler = { ctx throws(Diagnostic) in
            let name = try ctx.required("NAME", as: .word)
            let count = try ctx.required("COUNT", as: .integer)
            let place = try ctx.optional("WHERE", as: .coordinate)
            return .line("\(name) × \(count) at \(place.map { "\($0.latitude),\($0.longitude)" } ?? "nowhere")")
        }
        let name = ArgSpec("NAME", .word)
        let count = ArgSpec("COUNT", .integer())
        let place = ArgSpec("WHERE", .coordinate, optional: true)
        let family = CommandFamily(
            name: "Order", summary: "the same handler over specs in two orders",
            commands: [
                CommandSpec(
                    "forward", arguments: [name, count, place], summary: "NAME COUNT [WHERE]", handler: handler),
                CommandSpec(
                    "reversed", arguments: [count, name, place], summary: "COUNT NAME [WHERE]", handler: handler),
            ])
        let t = TestShell(table: CommandTable(families: [family]))
        XCTAssertEqual(t.run("forward apples 3 -33.5 151\nreversed 3 apples\nreversed 4 pears 10,20"), 0)
        XCTAssertEqual(t.err.text, "")
        XCTAssertEqual(t.out.text, "apples × 3 at -33.5,151.0\napples × 3 at nowhere\npears × 4 at 10.0,20.0\n")
    }

    func testOptionsAndFlagsAreReadByNameAndKind() {
        let t = probe { ctx throws(Diagnostic) in
            let speed = try ctx.option("speed", as: .number)
            return .line("\(speed.map { String($0.value) } ?? "nil") \(try ctx.flag("quiet"))")
        }
        XCTAssertEqual(t.run("probe a.txt\nprobe a.txt speed=3 --quiet"), 0)
        XCTAssertEqual(t.out.text, "nil false\n3.0 true\n")

        let cases: [(CommandHandler, String)] = [
            (
                { ctx throws(Diagnostic) in .line(String(describing: try ctx.option("sped", as: .number))) },
                "'probe' asks for an option '--sped' it does not declare"
            ),
            (
                { ctx throws(Diagnostic) in .line(String(try ctx.flag("loud"))) },
                "'probe' asks for an option '--loud' it does not declare"
            ),
            (
                { ctx throws(Diagnostic) in .line(String(describing: try ctx.option("quiet", as: .word))) },
                "'probe' asks for the value of '--quiet', which is a flag"
            ),
            (
                { ctx throws(Diagnostic) in .line(String(try ctx.flag("speed"))) },
                "'probe' asks for '--speed' as a flag, but it takes a value"
            ),
            (
                { ctx throws(Diagnostic) in .line(String(describing: try ctx.option("speed", as: .integer))) },
                "'probe' asks for the option '--speed' as a whole number, but it is a number"
            ),
        ]
        for (handler, message) in cases {
            let t = probe(handler)
            XCTAssertEqual(t.run("probe a.txt speed=3"), 1, message)
            XCTAssertEqual(t.out.text, "", message)
            XCTAssertTrue(t.err.text.contains("error: internal error: " + message), t.err.text)
        }
        let undeclared = probe { ctx throws(Diagnostic) in .line(String(try ctx.flag("loud"))) }
        undeclared.run("probe a.txt")
        XCTAssertTrue(undeclared.err.text.hasSuffix("help: its options: speed, quiet\n"), undeclared.err.text)
    }

    func testLocationOfANamedArgumentOrOption() {
        let t = probe { ctx throws(Diagnostic) in
            let name = try ctx.optional("N", as: .integer) == nil ? "FILE" : "speed"
            throw .runtime("no such file", at: try ctx.location(of: name))
        }
        t.shell.keepGoing = true
        XCTAssertEqual(t.run("probe   a.txt\nprobe b speed=2 1\nprobe c 1"), 1)
        XCTAssertEqual(
            t.err.text,
            """
            test.placescript:1:9: error: no such file
            test.placescript:2:9: error: no such file
            test.placescript:3:1: error: no such file

            """, "an option not given points at the command")
        let undeclared = probe { ctx throws(Diagnostic) in throw .runtime("x", at: try ctx.location(of: "PATH")) }
        undeclared.run("probe a")
        XCTAssertTrue(
            undeclared.err.text.contains(
                "internal error: 'probe' asks where 'PATH' was written, but declares no argument or option of that name"
            ),
            undeclared.err.text)
    }

    /// Every example of every command, after a launch with permission and a position: no handler
    /// asks for an argument or option its spec does not declare, or reads one as another kind.
    func testEveryExampleOfTheStandardTableReadsItsArgumentsByTheirNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "placeshell-arguments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let preamble = "launch\nauth allow\nlocate sydney\nwait 5s\nlikely\nwait 5s\n"
        var examples: [String] = []
        func collect(_ spec: CommandSpec) {
            examples += spec.examples
            spec.subcommands.forEach(collect)
        }
        CommandTable.standard.commands.forEach(collect)
        XCTAssertGreaterThan(examples.count, 100)
        var ran = 0
        for example in examples where !example.contains("1000000") {
            let t = TestShell(table: .standard)
            t.shell.keepGoing = true
            // Run as a script file, so that the files examples write land beside it.
            t.run(
                preamble + example, name: directory.appendingPathComponent("example.placescript").path, arguments: [])
            XCTAssertFalse(t.err.text.contains("internal error"), "'\(example)': \(t.err.text)")
            ran += 1
        }
        XCTAssertGreaterThan(ran, 100)
    }
}
