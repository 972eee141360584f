import Foundation
import TestSupport
import XCTest

/// `scripts/lint-conversions`, the check that no numeric conversion in Sources can trap: it
/// passes on Sources, and fails on a file of bare conversions, naming each line, while the
/// checked forms and the lines that say why they are safe pass.
final class ConversionLintTests: XCTestCase {
    private let script = LintScript("lint-conversions")

    func testSourcesHaveNoBareConversion() throws {
        try script.assertPasses()
    }

    func testBareConversionsFailWithTheirLines() throws {
        let directory = TemporaryDirectory()
        let bad = [
            "let a = Int(someDouble)",
            "let b = Int32(someInt)",
            "let c = UInt8(n) + 1",
            "let d = \"\\(Int(x))\"",
            "let e: Int = numericCast(y)",
            "let f = Int(z)  // safe:",
            "// safe:",
            "let g = UInt64(w)",
            "let h = Int(exactly: p) ?? Int(q)",
        ]
        let good = [
            "let a = Int(exactly: someDouble)",
            "let b = Int32(clamping: someInt)",
            "let c = UInt8(ascii: \"a\")",
            "let d = Int(truncatingIfNeeded: hash)",
            "let e = UInt64(bitPattern: signed)",
            "let f = checkedInt(someDouble) ?? 0",
            "let g = Int(byte)  // safe: a byte widens",
            "// safe: below the limit, checked above",
            "let h = Int32(count)",
            "/// Int(someDouble) in a comment is not code",
            "let i = [UInt8](repeating: 0, count: 4)",
            "let j = MyInt(3) + BigInt(4)",
        ]
        directory.write("bad.swift", bad.joined(separator: "\n") + "\n")
        directory.write("good.swift", good.joined(separator: "\n") + "\n")
        directory.write("notes.txt", "let a = Int(someDouble)\n")

        let r = try script.run([directory.path])
        XCTAssertEqual(r.status, 1, r.stderrText)
        let flagged = LintScript.flagged(r.stdoutText)
        XCTAssertEqual(
            flagged,
            [
                "bad.swift:1", "bad.swift:2", "bad.swift:3", "bad.swift:4", "bad.swift:5", "bad.swift:6", "bad.swift:8",
                "bad.swift:9",
            ],
            r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("numericCast can trap"), r.stdoutText)

        let clean = try script.run([directory.file("good.swift").path])
        XCTAssertEqual(clean.status, 0, clean.stdoutText)
        XCTAssertEqual(try script.run([directory.file("missing").path]).status, 2)
    }
}
