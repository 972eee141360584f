import Foundation
import TestSupport
import XCTest

/// The fuzzer's structure-aware mutators (`FuzzImporters -mutate`, in an ordinary build) make
/// the shapes that once cost minutes or gigabytes — an element repeated thousands of times,
/// thousands of attributes, deep nesting, a PBF blob that inflates to tens of megabytes — and
/// placeshell reads every mutant within its budget, with no crash.
final class StructuredMutationTests: BudgetedTestCase {
    /// The mutator's `count` outputs for `file` read as format `selector`, without their
    /// selector byte.
    private func mutants(_ selector: UInt8, _ file: URL, count: Int) throws -> [[UInt8]] {
        let fuzzer = binary.deletingLastPathComponent().appendingPathComponent("FuzzImporters")
        guard FileManager.default.isExecutableFile(atPath: fuzzer.path) else {
            throw XCTSkip("FuzzImporters is not built beside placeshell")
        }
        let input = directory.file("input-\(selector)")
        try Data([selector] + Array(try Data(contentsOf: file))).write(to: input)
        let folder = directory.file("mutants-\(selector)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let r = try runProcess(
            fuzzer, ["-mutate", String(count), input.path, folder.path], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: hangGuard)
        XCTAssertEqual(r.status, 0, r.stderrText)
        return try (1...count).map {
            Array(try Data(contentsOf: folder.appendingPathComponent(String($0))).dropFirst())
        }
    }

    /// How often `needle` occurs in `bytes`.
    private func occurrences(_ needle: String, in bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    /// The most attributes one start tag has.
    private func mostAttributes(_ bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).split(separator: "<").map { tag in
            tag.prefix { $0 != ">" }.components(separatedBy: "=\"").count - 1
        }.max() ?? 0
    }

    /// How deep the elements nest: start tags not yet closed, at most.
    private func depth(_ bytes: [UInt8]) -> Int {
        var depth = 0
        var most = 0
        for tag in String(decoding: bytes, as: UTF8.self).split(separator: "<").dropFirst() {
            let body = tag.prefix { $0 != ">" }
            if body.hasPrefix("?") || body.hasPrefix("!") || body.hasSuffix("/") { continue }
            depth += body.hasPrefix("/") ? -1 : 1
            most = max(most, depth)
        }
        return most
    }

    /// Runs placeshell on each mutant (a file named `name`, read by `command`): it ends normally
    /// within the budget, whatever the mutant.
    private func readEach(_ mutants: [[UInt8]], name: String, command: String) throws {
        for (i, mutant) in mutants.enumerated() {
            try Data(mutant).write(to: directory.file(name))
            _ = try placeshell(["-c", "\(command) \(name); echo read"], "mutant \(i + 1) of \(name)", megabytes: 200)
        }
    }

    func testTheXMLMutatorMakesLargeShapesThatAreReadWithinBudget() throws {
        let gpx = Repository.fixtures.appendingPathComponent("gpx/loop-with-elevation.gpx")
        let original = Array(try Data(contentsOf: gpx))
        let made = try mutants(0, gpx, count: 150)
        XCTAssertGreaterThan(made.filter { $0 != original }.count, 75, "most outputs are changed")
        let tags = ["<trkpt", "<ele", "<time", "<trkseg", "<trk", "<name"]
        XCTAssertTrue(
            made.contains { mutant in
                tags.contains { occurrences($0, in: mutant) >= occurrences($0, in: original) + 500 }
            },
            "an element repeated hundreds of times")
        XCTAssertTrue(made.contains { mostAttributes($0) >= 1000 }, "a tag with many attributes")
        XCTAssertTrue(made.contains { depth($0) >= depth(original) + 9 }, "an element nested deep")
        try readEach(made, name: "mutant.gpx", command: "route gpx")

        let osm = Repository.root.appendingPathComponent("examples/data/cockle-bay.osm")
        let osmMutants = try mutants(3, osm, count: 80)
        XCTAssertTrue(osmMutants.contains { mostAttributes($0) >= 1000 }, "a tag with many attributes")
        try readEach(osmMutants, name: "mutant.osm", command: "places load")
    }

    /// The size a PBF file's blobs say they inflate to (`raw_size`), summed.
    private func inflatedSize(_ file: [UInt8]) -> Int {
        func varint(_ bytes: ArraySlice<UInt8>, _ at: inout Int) -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while at < bytes.endIndex, shift < 64 {
                let b = bytes[at]
                at += 1
                value |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        /// The varint field `number` of a message, and the length-delimited field `lengthOf`'s size.
        func fields(_ message: ArraySlice<UInt8>) -> [Int: UInt64] {
            var out: [Int: UInt64] = [:]
            var at = message.startIndex
            while at < message.endIndex, let key = varint(message, &at) {
                switch key & 7 {
                case 0: if let v = varint(message, &at) { out[Int(key >> 3)] = v } else { return out }
                case 2:
                    guard let n = varint(message, &at), n <= UInt64(message.endIndex - at) else { return out }
                    at += Int(n)
                case 1: at += 8
                case 5: at += 4
                default: return out
                }
            }
            return out
        }
        var total = 0
        var at = 0
        while at + 4 <= file.count {
            let n = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
            guard n <= file.count - at - 4 else { break }
            let header = fields(file[(at + 4)..<(at + 4 + n)])
            guard let size = header[3], size <= UInt64(file.count - at - 4 - n) else { break }
            let blob = file[(at + 4 + n)..<(at + 4 + n + Int(size))]
            total += Int(fields(blob)[2] ?? 0)
            at += 4 + n + Int(size)
        }
        return total
    }

    func testThePBFMutatorMakesBlobsThatInflateAndTheyAreReadWithinBudget() throws {
        let pbf = Repository.fixtures.appendingPathComponent("osm/cockle-bay.osm.pbf")
        let made = try mutants(4, pbf, count: 60)
        let inflating = made.filter { $0.count < 200_000 && inflatedSize($0) > 4 << 20 }
        XCTAssertFalse(inflating.isEmpty, "a file of kilobytes that inflates to megabytes")
        print(
            "PBF mutants: \(inflating.count) of 60 inflate past 4 MiB; the largest to \(made.map(inflatedSize).max() ?? 0) bytes"
        )
        try readEach(made, name: "mutant.osm.pbf", command: "places load")
    }
}
