import XCTest

@testable import PlaceScript

/// A script longer than the commands `parse` keeps bound is checked in a first pass and read
/// again as it runs; it must run exactly as the same commands bound all at once.
final class LongScriptTests: XCTestCase {
    func testLongScriptRunsAsTheSameCommandsBoundAtOnce() throws {
        var text = ""
        for i in 0..<6_000 {
            switch i % 6 {
            case 0: text += "echo step \(i) of  the\ttour\n"
            case 1: text += i % 1_000 == 1 ? "  expect 1 == 2 within 0.5 # fails\n" : "expect 1 == 1\n"
            case 2: text += i % 1_000 == 2 ? "expect camera.zoom ~= 14 within 0.5\n" : "expect camera.zoom == 15\n"
            case 3: text += "echo 'q \(i)' x; tag a  b;echo\n"
            case 4: text += "# a comment\n"
            default: text += i % 1_000 == 5 ? "select 3\n" : "echo\tlast   one \\\n  continued\n"
            }
        }
        let long = TestShell()
        long.shell.keepGoing = true
        let source = SourceText(name: "long.placescript", text: text)
        guard case .success(let parsed) = long.shell.parse(source, retainingAtMost: 1_000),
            case .checked = parsed
        else { return XCTFail("a script this long is checked, not kept") }
        XCTAssertFalse(long.shell.run(parsed))

        let whole = TestShell()
        whole.shell.keepGoing = true
        let invocations = try whole.shell.parse(source).get()
        XCTAssertFalse(whole.shell.run(invocations))

        XCTAssertEqual(long.out.text, whole.out.text)
        XCTAssertEqual(long.err.text, whole.err.text)
        // Line 3,002 of the commands, 3,501 of the file (the lines continued before it).
        XCTAssertTrue(long.err.text.contains("long.placescript:3501:3: error: expectation failed: 1 == 2 within 0.5"))
        XCTAssertTrue(long.out.text.hasSuffix("q 5997 x\n\nlast one continued\n"))
    }

    /// The first pass over the rest of a long script reports every error where it stands, once
    /// for each line written with it.
    func testLongScriptErrorsAreFoundWhereTheyStand() {
        var text = ""
        for i in 0..<3_000 { text += i % 2 == 0 ? "echo \(i)\n" : "expect camera.zoom == 15\n" }
        text += "echo fine; select 30\n   select 30\necho 'open\n"
        let shell = TestShell()
        guard case .failure(let errors) = shell.shell.parse(SourceText(name: "t", text: text), retainingAtMost: 100)
        else { return XCTFail("the script has errors") }
        XCTAssertEqual(
            errors.items.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" },
            [
                "3001:19 30 is out of range (1…20)", "3002:11 30 is out of range (1…20)",
                "3003:6 unterminated single-quoted string",
            ])
    }

    /// A remembered command moves to where its words are written again: in place when nothing
    /// else holds it, as a copy when something does (the copy held keeps its own locations).
    func testRememberedCommandMovesInPlaceOnlyWhenUnshared() throws {
        let shell = TestShell()
        let text = "expect 1 == 2 within 0.5\n    expect 1 == 2 within 0.5\n"
        let bound = try shell.shell.parse(SourceText(name: "t", text: text)).get()
        func offsets(_ invocation: Invocation) -> [Int] {
            guard case .expectation(let e)? = invocation.args[0]?.value else { return [] }
            return [
                invocation.offset, invocation.args[0].map { invocation.offset + $0.start } ?? -1, e.textOffset,
                e.textEnd, e.toleranceOffset,
                e.rhsOffset,
            ]
        }
        let first = offsets(bound[0])
        let second = offsets(bound[1])
        XCTAssertEqual(second, first.map { $0 + 29 })

        let held = bound[0]
        var shared = held
        shared.move(by: 29)
        XCTAssertEqual(offsets(shared), second)
        XCTAssertEqual(offsets(held), first, "the copy held elsewhere keeps its locations")

        var remembered = RememberedCommands()
        let source = bound[0].source
        let (slot, seen) = remembered.find(offset: 0, length: 24, in: source)
        XCTAssertFalse(seen)
        var alone = bound[0]
        alone.move(by: 0)
        remembered.remember(alone, offset: 0, length: 24, at: slot)
        alone = bound[1]  // the slot and the parsed array hold the first one: it is copied to move
        let (again, found) = remembered.find(offset: 29, length: 24, in: source)
        XCTAssertTrue(found)
        XCTAssertEqual(again, slot)
        let moved = remembered.relocated(at: again, to: 29)
        XCTAssertEqual(moved.map(offsets), second)
        XCTAssertEqual(offsets(bound[0]), first, "the parsed command was never the one moved")

        // Held by nothing else: the same expectation, moved.
        var unique = try shell.shell.parse(SourceText(name: "t", text: text)).get()[0]
        func identity(_ invocation: Invocation) -> ObjectIdentifier? {
            guard case .expectation(let e)? = invocation.args[0]?.value else { return nil }
            return ObjectIdentifier(e)
        }
        let before = identity(unique)
        unique.move(by: 29)
        XCTAssertEqual(offsets(unique), second)
        XCTAssertEqual(identity(unique), before, "moved in place")
    }

    /// A script run from its check (too long to keep bound) whose next command does not read
    /// as it runs, which the check makes impossible, is placeshell's own failure: said as an
    /// internal error at that command, and the run fails, never ending quietly as a pass.
    func testACommandThatDoesNotReadAsItRunsIsAnInternalErrorNotAPass() {
        for text in ["echo before\nlaunch --no-such-option\necho after\n", "echo before\necho 'open\n"] {
            let shell = TestShell()
            let ok = shell.shell.run(.checked(SourceText(name: "t.placescript", text: text)))
            XCTAssertFalse(ok, text)
            XCTAssertTrue(shell.shell.hadFailure, text)
            XCTAssertEqual(shell.out.text, "before\n", text)
            XCTAssertTrue(shell.err.text.contains("internal error"), shell.err.text)
            XCTAssertTrue(shell.err.text.contains("t.placescript:2"), shell.err.text)
        }
    }

    /// A command written again, which `parse` takes from the one bound before and moves rather
    /// than binding it anew, is the command bound where it stands: the same words, arguments
    /// and locations, the same output and errors, each at its own line.
    func testRepeatedCommandsBindAsIfBoundWhereTheyStand() throws {
        var text = ""
        for i in 0..<240 {
            switch i % 8 {
            case 0: text += "expect 1 == 1\n"
            case 1:
                text += i % 40 == 1 ? "  expect 1 == 2 within 0.5 # fails\n" : "expect camera.zoom ~= 15 within 0.5\n"
            case 2: text += "echo 'q' x; tag a  b;echo\n"
            case 3: text += "select 3\n"
            case 4: text += "echo step \(i / 80)\n"
            case 5: text += "\t expect 1 == 2 # fails\n"
            case 6: text += "echo\tlast   one \\\n  continued\n"
            default: text += "# a comment\n"
            }
        }
        let source = SourceText(name: "repeat.placescript", text: text)
        func parsed(_ shell: TestShell, rememberingAfter: Int) throws -> [Invocation] {
            let result = try shell.shell.parse(source, retainingAtMost: .max, rememberingAfter: rememberingAfter).get()
            guard case .commands(let all) = result else {
                XCTFail("a script this short is kept bound")
                return []
            }
            return all
        }
        func described(_ all: [Invocation]) -> [String] {
            all.map { invocation in
                let args = invocation.args.map { bound -> String in
                    guard let bound else { return "-" }
                    var text = "\(invocation.offset + bound.start)+\(bound.length) \(bound.value)"
                    if case .expectation(let e) = bound.value {
                        text += " \(e.textOffset) \(e.textEnd) \(e.toleranceOffset) \(e.rhsOffset) \(e.rhsLength)"
                    }
                    return text
                }
                return "\(invocation.spec.fullName) \(invocation.offset)+\(invocation.length) \(args)"
            }
        }
        let remembering = TestShell()
        let alone = TestShell()
        let moved = try parsed(remembering, rememberingAfter: 16)
        let bound = try parsed(alone, rememberingAfter: .max)
        XCTAssertEqual(moved.count, 30 * 9)
        XCTAssertEqual(described(moved), described(bound))

        // Each shell runs the commands its own parse made.
        for (shell, commands) in [(remembering, moved), (alone, bound)] {
            shell.shell.keepGoing = true
            XCTAssertFalse(shell.shell.run(commands))
        }
        XCTAssertEqual(remembering.out.text, alone.out.text)
        XCTAssertEqual(remembering.err.text, alone.err.text)
        // Each repeated failure where it stands (the file's lines: some commands go on to the next).
        XCTAssertEqual(remembering.err.text.split(separator: "\n").filter { $0.contains("error:") }.count, 36)
        XCTAssertTrue(
            remembering.err.text.hasSuffix(
                "repeat.placescript:267:3: error: expectation failed: 1 == 2\n  expected: 2\n  actual:   1\n"))
        XCTAssertTrue(
            remembering.err.text.contains("repeat.placescript:227:3: error: expectation failed: 1 == 2 within 0.5"))
    }
}
