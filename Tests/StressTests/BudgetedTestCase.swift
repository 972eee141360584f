import Foundation
import TestSupport
import XCTest

/// A test of the built binary that states the peak memory a run may take: each run must end
/// normally (no signal, status 0, 1 or 2, no crash report) within that budget.
class BudgetedTestCase: BinaryTestCase {
    /// Runs placeshell in the temporary directory and checks that it ended normally within
    /// `megabytes` of peak resident memory; the figures measured are in every message. Time is
    /// not a pass mark (a busy machine is slow, a quiet one fast): a run is killed as hung only
    /// after `hangGuard` seconds, far beyond what any of these takes on any machine. What grows
    /// faster than its input is found by counting, not by the clock.
    func placeshell(
        _ arguments: [String], _ what: String, megabytes: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws -> RunResult {
        let start = Date()
        let r = try runProcess(
            binary, arguments, in: directory.url, environment: cleanEnvironment(home: directory.path),
            timeout: hangGuard)
        let elapsed = Date().timeIntervalSince(start)
        let measured = String(format: "%.1f s, peak RSS %.1f MB", elapsed, Double(r.maxRSSKilobytes) / 1024)
        assertNoCrash(
            r, what, detail: measured, crashMarkers: ["Fatal error", "Current stack trace", "💣"], file: file, line: line
        )
        XCTAssertGreaterThan(r.maxRSSKilobytes, 0, "\(what): no peak RSS measured", file: file, line: line)
        XCTAssertLessThan(
            r.maxRSSKilobytes, megabytes * 1024, "\(what): used too much memory (\(measured), budget \(megabytes) MB)",
            file: file, line: line)
        print("\(what): \(measured)")
        return r
    }

    /// Seconds after which a run counts as hung.
    let hangGuard: TimeInterval = 600

    /// Writes a script and runs it with `--keep-going`.
    func script(
        _ name: String, _ lines: [String], megabytes: Int = 150, file: StaticString = #filePath, line: UInt = #line
    ) throws -> RunResult {
        directory.write(name, lines.joined(separator: "\n") + "\n")
        return try placeshell(
            ["--keep-going", name], name, megabytes: megabytes, file: file, line: line)
    }

    /// The tail every script ends with: the state is what it was, and commands still run.
    static let builtInPlaces = ["show places.count", "show places.source", "echo ok"]
    static let builtInPlacesOutput = "places.count = 173\nplaces.source = \"built-in\"\nok\n"
}
