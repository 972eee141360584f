import Foundation
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

@testable import PlaceScript

/// The state's schema and the values the state holds agree: after every command of every
/// example and of scenarios that reach each part of the state, every root's value has the
/// members, kinds, dimensions and words its shape declares. And every member the schema
/// declares is in the manual.
final class StateSchemaTests: XCTestCase {
    /// Command sequences that between them reach every member of the state in its other forms.
    static let scenarios = [
        "",
        "launch",
        "locate sydney\nlaunch\nauth allow\nwait 2s\nlikely\nselect 2\ntap marker 1\nfields +placeID +formattedAddress\nlikely\nselect 1",
        "locate sydney\nlaunch --flavor objc\nauth allow\nwait 2s\nlikely",
        "locate sydney\nlaunch --flavor nearby\nauth allow\nwait 2s\nnearby types +cafe -bar\nlikely\nselect 1",
        "locate sydney\nlaunch\nauth allow\nroute start -33.8694,151.199 -33.87,151.2\nwait 3s\nroute stop",
        "locate sydney\nlaunch\nauth allow --approximate\nwait 2s\napp background\nwait 1s",
        "network off\nfail places -9\nratelimit 5\napikey invalid\nlaunch\nauth deny\nwait 2s",
        "plist remove NSLocationWhenInUseUsageDescription\nlaunch\nwait 1s",
        "tutorial\ntutorial next",
        "places generate 50 --replace\nplaces add 'Corner Cafe' -33.87 151.2",
        "locate none\nlaunch\nauth allow\nwait 2s\nlikely",
    ]

    /// Every root after every command of `text`, checked against its shape.
    private func checkEveryCommand(_ text: String, name: String, file: StaticString = #filePath, line: UInt = #line) {
        let t = TestShell(table: .standard)
        t.shell.keepGoing = true
        let source = SourceText(name: name, text: text, arguments: ScriptArguments(scriptName: name, values: []))
        guard case .success(let invocations) = t.shell.parse(source) else {
            return XCTFail("\(name) does not parse: \(t.err.text)", file: file, line: line)
        }
        func check(after: String) {
            for root in t.shell.table.stateRoots {
                let value = root.node(t.shell).materialize()
                if let why = root.shape.mismatch(value, at: root.name) {
                    XCTFail("\(name), after '\(after)': \(why)", file: file, line: line)
                }
            }
        }
        check(after: "nothing")
        for invocation in invocations {
            t.shell.execute(invocation)
            let (lineNumber, _) = source.lineAndColumn(of: invocation.offset)
            check(after: "line \(lineNumber)")
        }
    }

    func testScenariosHoldTheShapes() {
        for (i, text) in Self.scenarios.enumerated() { checkEveryCommand(text, name: "scenario-\(i + 1)") }
    }

    func testEveryExampleHoldsTheShapes() throws {
        let folder = Paths.examples
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".placescript") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            checkEveryCommand(try String(contentsOfFile: path, encoding: .utf8), name: path)
        }
    }

    /// A value that strays from its shape is found: the check itself can fail.
    func testAStrayValueIsFound() {
        let shape = StateShape.record(["zoom": .plain, "screen": .optional(.words(["map", "picker"]))])
        XCTAssertNil(shape.mismatch(.record([.init("zoom", .number(15)), .init("screen", .null)]), at: "x"))
        XCTAssertNotNil(shape.mismatch(.record([.init("zoom", .number(15))]), at: "x"))
        XCTAssertNotNil(shape.mismatch(.record([.init("zoom", .null), .init("screen", .null)]), at: "x"))
        XCTAssertNotNil(shape.mismatch(.record([.init("zoom", .number(1, .length)), .init("screen", .null)]), at: "x"))
        XCTAssertNotNil(
            shape.mismatch(.record([.init("zoom", .number(1)), .init("screen", .string("list"))]), at: "x"))
    }

    /// Every member the schema declares is named in its root's entry of the manual.
    func testTheManualNamesEveryMember() {
        func members(_ shape: StateShape) -> [String] {
            switch shape.unwrapped {
            case .record(let list): return list.flatMap { [$0.name] + members($0.shape) }
            case .list(let element, _): return members(element)
            case .named(let inner): return members(inner)
            default: return []
            }
        }
        for root in CommandTable.standard.stateRoots {
            for member in members(root.shape) where !root.manual.contains(member) {
                XCTFail("the manual's entry for '\(root.name)' does not name its member '\(member)'")
            }
        }
    }
}
