import Foundation
import TestSupport
import XCTest

/// `scripts/lint-unchecked`, the check that no property marked `@exclusivity(unchecked)` is
/// passed inout (an access lasting across a call, which the run-time check it leaves out would
/// have caught): it passes on Sources, and fails on each such argument, however it is reached,
/// while other properties passed inout, longer names and comments pass.
final class UncheckedLintTests: XCTestCase {
    private let script = LintScript("lint-unchecked")

    func testSourcesPassNoUncheckedPropertyInout() throws {
        try script.assertPasses()
    }

    func testInoutUseOfAMarkedPropertyFails() throws {
        let directory = TemporaryDirectory()
        let lines = [
            "final class Loop {",  // 1
            "    @exclusivity(unchecked) private var queue: [Int] = []",
            "    @exclusivity(unchecked) public private(set) var count = 0",
            "    var places: [Int] = []",
            "    func turn(_ other: Loop) {",  // 5
            "        grow(&queue)",
            "        swap(&self.count, &spare)",
            "        grow(&other.queue)",
            "        grow(&places)",
            "        grow(&queues)",  // 10
            "        // grow(&queue) in a comment",
            "        queue.append(count)",
            "        take(&other.places, &other.count)",
            "    }",
            "}",  // 15
        ]
        directory.write("Loop.swift", lines.joined(separator: "\n") + "\n")
        directory.write("notes.txt", "grow(&queue)\n")
        let r = try script.run([directory.path])
        XCTAssertEqual(r.status, 1, r.stderrText)
        XCTAssertEqual(
            LintScript.flagged(r.stdoutText), ["Loop.swift:6", "Loop.swift:7", "Loop.swift:8", "Loop.swift:13"],
            r.stdoutText)

        let clean = ["final class C {", "    @exclusivity(unchecked) var n = 0", "    func f() { n += 1 }", "}"]
        directory.write("Clean.swift", clean.joined(separator: "\n") + "\n")
        let passed = try script.run([directory.file("Clean.swift").path])
        XCTAssertEqual(passed.status, 0, passed.stdoutText)
        XCTAssertEqual(try script.run([directory.file("missing").path]).status, 2)
    }
}
