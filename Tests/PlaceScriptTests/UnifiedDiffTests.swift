import Foundation
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

@testable import PlaceScript

/// The diff `placeshell test` shows: the fewest lines changed (as many as `diff --minimal`
/// finds), hunks numbered as `diff -u` numbers them, whitespace at a line's end shown.
final class UnifiedDiffTests: XCTestCase {
    private func render(_ a: String, _ b: String) -> [String] {
        UnifiedDiff(expected: Array(a.utf8), actual: Array(b.utf8)).render()
    }

    func testOneChangedWordIsOneLineEach() {
        XCTAssertEqual(
            render("a\nb\nc\nd\ne\nf\ng\nh\n", "a\nb\nc\nd\nX\nf\ng\nh\n"),
            ["@@ -2,7 +2,7 @@", " b", " c", " d", "-e", "+X", " f", " g", " h"])
        XCTAssertEqual(render("same\n", "same\n"), [])
        XCTAssertEqual(render("", "new\n"), ["@@ -0,0 +1,1 @@", "+new"])
        XCTAssertEqual(render("old\n", ""), ["@@ -1,1 +0,0 @@", "-old"])
    }

    func testTrailingWhitespaceAndTheLastNewlineShow() {
        XCTAssertEqual(render("x\n", "x \n"), ["@@ -1,1 +1,1 @@", "-x", "+x·"])
        XCTAssertEqual(render("x\n", "x\t\n"), ["@@ -1,1 +1,1 @@", "-x", "+x→"])
        XCTAssertEqual(render("x\n", "x"), ["\\ the actual output has no newline at its end"])
        XCTAssertEqual(UnifiedDiff.visibleEnd("a b  ", unicode: false), "a b~~")
    }

    func testHunksAreLabelledWithTheLineThatPrintedThem() {
        let diff = UnifiedDiff(expected: Array("1\n2\n3\n".utf8), actual: Array("1\n2\nthree\n".utf8))
        XCTAssertEqual(diff.render(label: { "line \($0 + 1)" }).first, "@@ -1,3 +1,3 @@ line 3")
        // Far-apart changes are hunks of their own.
        let text = (1...30).map(String.init).joined(separator: "\n") + "\n"
        var changed = (1...30).map(String.init)
        changed[1] = "two"
        changed[27] = "twenty-eight"
        let far = UnifiedDiff(expected: Array(text.utf8), actual: Array((changed.joined(separator: "\n") + "\n").utf8))
        XCTAssertEqual(far.hunks.count, 2)
        XCTAssertEqual(far.hunks.map(\.firstActualChange), [1, 27])
    }

    /// On random texts, as few lines removed and added as GNU diff's --minimal finds, and the
    /// same hunk headers as `diff -u`.
    func testAsFewChangesAsGNUDiff() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/diff") else {
            throw XCTSkip("/usr/bin/diff is not installed")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededRandom(seed: 48)
        let words = ["a", "b", "c", "d", "e"]
        for round in 0..<60 {
            let a = (0..<Int.random(in: 0...25, using: &generator)).map { _ in
                words.randomElement(using: &generator) ?? "a"
            }
            var b = a
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let i = Int.random(in: 0...b.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: b.insert(words.randomElement(using: &generator) ?? "x", at: i)
                case 1: if i < b.count { b.remove(at: i) }
                default: if i < b.count { b[i] = "z" }
                }
            }
            let textA = a.map { $0 + "\n" }.joined()
            let textB = b.map { $0 + "\n" }.joined()
            try textA.write(to: folder.appendingPathComponent("a"), atomically: false, encoding: .utf8)
            try textB.write(to: folder.appendingPathComponent("b"), atomically: false, encoding: .utf8)
            let gnu = try runProcess(
                URL(fileURLWithPath: "/usr/bin/diff"), ["--minimal", "-U", "3", "a", "b"], in: folder,
                environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
            let theirs = gnu.stdoutText.split(separator: "\n").dropFirst(2).map(String.init)
            let ours = render(textA, textB)
            func changes(_ lines: [String]) -> Int { lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count }
            XCTAssertEqual(changes(ours), changes(theirs), "round \(round): \(a) → \(b)\n\(ours)\n\(theirs)")
            XCTAssertEqual(
                ours.filter { $0.hasPrefix("@@") }.count, theirs.filter { $0.hasPrefix("@@") }.count,
                "round \(round): \(ours)\n\(theirs)")
        }
    }

    /// Past the edits it searches, the middle is replaced whole: still a correct diff.
    func testBeyondTheSearchTheMiddleIsReplacedWhole() {
        let a = (0..<50).map { "a\($0)\n" }.joined()
        let b = (0..<50).map { "b\($0)\n" }.joined()
        let diff = UnifiedDiff(expected: Array(a.utf8), actual: Array(b.utf8), maxEdits: 10)
        let lines = diff.render()
        XCTAssertEqual(lines.filter { $0.hasPrefix("-") }.count, 50)
        XCTAssertEqual(lines.filter { $0.hasPrefix("+") }.count, 50)
    }
}
