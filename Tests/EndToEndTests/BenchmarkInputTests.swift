import Foundation
import TestSupport
import XCTest

/// The command lines `benchmarks/run` times must do what its table says they do: a flow that
/// stops at an error would time the error. The benchmark checks them before timing, but it is
/// run by hand; these tests keep them working as the simulation changes.
final class BenchmarkInputTests: BinaryTestCase {
    /// The value of `NAME="…"` in benchmarks/run.
    private func assignment(_ name: String) throws -> String {
        let text = String(decoding: try Repository.bytes("benchmarks/run"), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(name + "=\"") && line.hasSuffix("\"") {
            return String(line.dropFirst(name.count + 2).dropLast())
        }
        struct NoSuchLine: Error { let name: String }
        throw NoSuchLine(name: name)
    }

    private func run(_ commands: String) throws -> RunResult {
        try runProcess(
            binary, ["-c", commands], in: directory.url, environment: cleanEnvironment(home: directory.path))
    }

    func testTheTutorialFlowSelectsAPlace() throws {
        let r = try run(try assignment("flow"))
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertTrue(r.stdoutText.contains("selected row 1: "), r.stdoutText)
    }

    func testTheRouteBringsAFixEverySecond() throws {
        let r = try run(
            try assignment("route_cmd") + "; expect route.count == 36001; expect stats.locationUpdates == 36001")
        XCTAssertEqual(r.status, 0, r.stderrText)
    }
}
