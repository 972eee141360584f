import Foundation
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// What `placeshell test` keeps of a test's output: whole in memory while small, past that in
/// an unlinked temporary file, `$TMP` replaced as the bytes come whatever the reads' sizes.
final class OutputCaptureTests: XCTestCase {
    /// `bytes` with every `needle` replaced, the plain way, to check the streaming one against.
    private func replacedWhole(_ bytes: [UInt8], _ needle: [UInt8], _ replacement: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if i + needle.count <= bytes.count && Array(bytes[i..<(i + needle.count)]) == needle {
                out += replacement
                i += needle.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// Output made of pieces of the needle and its near misses, read in pieces of every size
    /// and kept with every memory limit from 1 byte up: the same bytes as the plain replacement.
    func testReplacementAndSpillingAgreeWithTheWholeAtEveryCut() throws {
        let needle = "/tmp/placeshell-test-ab12/3"
        let parts = [needle, "/tmp/placeshell-test-ab12/", "/tmp/p", "x", "\n", needle + "4", "//tmp/"]
        var generator = SeededRandom(seed: 49)
        for round in 0..<300 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += Array(parts.randomElement(using: &generator)!.utf8)
            }
            let expected = replacedWhole(text, Array(needle.utf8), Array("$TMP".utf8))
            let limit = [1, 2, 7, 30, 1 << 20][round % 5]
            let capture = OutputCapture(replacing: needle, with: "$TMP", memoryLimit: limit)
            var i = 0
            while i < text.count {
                let n = Int.random(in: 1...9, using: &generator)
                capture.append(text[i..<min(text.count, i + n)])
                i += n
            }
            capture.finish()
            XCTAssertNil(capture.failure)
            XCTAssertEqual(capture.count, expected.count)
            XCTAssertEqual(capture.isWhole, expected.count <= limit)
            XCTAssertEqual(capture.head, Array(expected.prefix(limit)))
            var whole: [UInt8] = []
            XCTAssertTrue(
                capture.forEachPiece {
                    whole += $0
                    return true
                })
            XCTAssertEqual(whole, expected, "round \(round)")
            XCTAssertTrue(capture.equals(expected))
            XCTAssertNil(capture.firstDifference(from: expected))
            if !expected.isEmpty {
                // One byte changed anywhere, one byte more or less: a difference, found where it is.
                let k = Int.random(in: 0..<expected.count, using: &generator)
                var changed = expected
                changed[k] ^= 0x20
                XCTAssertEqual(capture.firstDifference(from: changed), k)
                XCTAssertEqual(capture.firstDifference(from: Array(expected.dropLast())), expected.count - 1)
                XCTAssertEqual(capture.firstDifference(from: expected + [0x0A]), expected.count)
                let range =
                    Int.random(in: 0...k, using: &generator)..<Int.random(in: k...expected.count, using: &generator)
                XCTAssertEqual(capture.bytes(in: range), Array(expected[range]))
            }
        }
    }

    /// An expected file is read as the comparison goes: its start in memory, the rest from
    /// the file; it compares with a stream kept in memory or spilled alike.
    func testAFileComparesWithAStreamPieceByPiece() throws {
        let folder = NSTemporaryDirectory() + "placeshell-capture-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var bytes: [UInt8] = []
        for k in 0..<5000 { bytes += Array("line \(k)\n".utf8) }
        let path = folder + "/expected.out"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for limit in [7, 1 << 10, 1 << 20] {
            let file = try XCTUnwrap(OutputCapture(contentsOfFile: path, memoryLimit: limit))
            XCTAssertEqual(file.count, bytes.count)
            XCTAssertEqual(file.isWhole, bytes.count <= limit)
            for streamLimit in [5, 1 << 20] {
                let stream = OutputCapture(memoryLimit: streamLimit, folder: folder)
                stream.append(bytes[...])
                stream.finish()
                XCTAssertNil(stream.firstDifference(from: file), "limits \(limit), \(streamLimit)")
                var changed = bytes
                changed[30_000] = UInt8(ascii: "X")
                let other = OutputCapture(memoryLimit: streamLimit, folder: folder)
                other.append(changed[...])
                other.finish()
                XCTAssertEqual(other.firstDifference(from: file), 30_000)
                let shorter = OutputCapture(bytes: Array(bytes.dropLast(3)))
                XCTAssertEqual(shorter.firstDifference(from: file), bytes.count - 3)
            }
            XCTAssertEqual(file.bytes(in: 29_990..<30_010), Array(bytes[29_990..<30_010]))
        }
        XCTAssertNil(OutputCapture(contentsOfFile: folder + "/missing"))
        XCTAssertNil(OutputCapture(contentsOfFile: folder), "a folder is not an output")
    }

    /// An output that cannot be kept whole (its temporary file cannot be made) never compares
    /// equal, not even to itself: it is reported, not passed.
    func testAnOutputThatCannotBeKeptNeverPasses() {
        let capture = OutputCapture(memoryLimit: 4, folder: "/nonexistent-folder-for-placeshell")
        capture.append(Array("same text".utf8)[...])
        capture.finish()
        XCTAssertNotNil(capture.failure)
        XCTAssertFalse(capture.isWhole)
        XCTAssertFalse(capture.equals(Array("same text".utf8)))
        XCTAssertNotNil(capture.firstDifference(from: Array("same text".utf8)))
        XCTAssertEqual(capture.count, 9)
        XCTAssertEqual(capture.head, Array("same".utf8))
    }

    /// The trace keeps its first and last records; where it left some out, a record of line 0
    /// says so, so that output printed there is put down to no command.
    func testTheTraceKeepsItsEndsAndMarksTheGap() {
        let trace = TraceCapture(headLimit: 3, tailLimit: 2)
        var text = ""
        for k in 0..<20 {
            text += TraceRecord(offset: k * 10, file: "a.placescript", line: k + 1, command: "c\(k)").encoded
        }
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            trace.append(bytes[i..<min(bytes.count, i + 5)])
            i += 5
        }
        let records = trace.records
        XCTAssertEqual(records.prefix(3).map(\.line), [1, 2, 3])
        XCTAssertEqual(records.last?.line, 20)
        let gap = records.first { $0.line == 0 }
        XCTAssertNotNil(gap)
        XCTAssertEqual(records.map(\.offset), records.map(\.offset).sorted(), "in the order of the output")
        // Every offset between the third record and the first of the tail falls to the gap.
        if let gap, let firstOfTail = records.last(where: { $0.line > 0 && $0.offset > gap.offset }) {
            XCTAssertGreaterThan(gap.offset, 20)
            XCTAssertLessThanOrEqual(gap.offset, firstOfTail.offset)
        }
        // Short traces are kept whole.
        let short = TraceCapture()
        short.append(bytes[...])
        XCTAssertEqual(short.records.count, 20)
        XCTAssertFalse(short.records.contains { $0.line == 0 })
    }
}
