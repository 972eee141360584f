import Foundation
import TestSupport
import XCTest

/// Numbers at the ends of their types, through the built binary: OSM PBF coordinate offsets at
/// ±2^63, and saved sessions edited to hold numbers the simulation never produces (1e19, ±1e308,
/// a timestamp past Int64's microseconds, an accuracy ring wider than the world). Each is
/// refused or skipped with its message, within a time budget, and the session stays as it was.
extension HostileInputTests {
    // MARK: - OSM PBF offsets

    /// Protocol buffers by hand (the importer's own encoder is internal to PlaceFormats).
    private struct Proto {
        var bytes: [UInt8] = []

        mutating func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                bytes.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }
        mutating func field(_ n: UInt64, _ v: UInt64) {
            varint(n << 3)
            varint(v)
        }
        mutating func field(_ n: UInt64, _ message: [UInt8]) {
            varint(n << 3 | 2)
            varint(UInt64(message.count))
            bytes += message
        }
        mutating func field(_ n: UInt64, _ text: String) { field(n, Array(text.utf8)) }
        static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    }

    /// A length, a BlobHeader and a raw Blob.
    private static func frame(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var blob = Proto()
        blob.field(1, data)
        var header = Proto()
        header.field(1, type)
        header.field(3, UInt64(blob.bytes.count))
        let n = header.bytes.count
        return [0, 0, UInt8(n >> 8), UInt8(n & 0xFF)] + header.bytes + blob.bytes
    }

    /// An OSM PBF file of one block: a named café at raw 0,0, with the given offsets.
    static func crafted(latOffset: Int64, lonOffset: Int64) -> [UInt8] {
        var header = Proto()
        header.field(4, "OsmSchema-V0.6")
        var strings = Proto()
        for s in ["", "name", "Nowhere", "amenity", "cafe"] { strings.field(1, s) }
        var keys = Proto()
        keys.varint(1)
        keys.varint(3)
        var values = Proto()
        values.varint(2)
        values.varint(4)
        var node = Proto()
        node.field(1, Proto.zigzag(1))
        node.field(2, keys.bytes)
        node.field(3, values.bytes)
        node.field(8, 0)
        node.field(9, 0)
        var group = Proto()
        group.field(1, node.bytes)
        var block = Proto()
        block.field(1, strings.bytes)
        block.field(2, group.bytes)
        block.field(19, UInt64(bitPattern: latOffset))
        block.field(20, UInt64(bitPattern: lonOffset))
        return frame("OSMHeader", header.bytes) + frame("OSMData", block.bytes)
    }

    /// Offsets whose rounding overflowed Int64 and trapped (`places load` died of SIGILL): the
    /// node is skipped as one without coordinates, and the places already loaded stay.
    func testPBFOffsetsAtTheEndsOfInt64() throws {
        let cases: [(String, Int64, Int64)] = [
            ("lat-max", Int64.max - 9, 0), ("lat-min", Int64.min, 0), ("lon-min", 0, Int64.min),
        ]
        var lines = ["places add Mine -33.87 151.2"]
        for (name, lat, lon) in cases {
            let bytes = Self.crafted(latOffset: lat, lonOffset: lon)
            XCTAssertLessThan(bytes.count, 200)
            directory.write("\(name).osm.pbf", bytes)
            lines.append("places load \(name).osm.pbf")
        }
        let r = try script("offsets.placescript", lines + ["show places.count", "echo ok"], seconds: 10)
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(r.stderrText, "")
        let loaded = r.stdoutText.components(separatedBy: "\n").filter { $0.contains("skipped") }
        XCTAssertEqual(loaded.count, 3, r.stdoutText)
        for line in loaded { XCTAssertTrue(line.contains("1 without coordinates"), line) }
        XCTAssertTrue(r.stdoutText.contains("1 node with coordinates out of range"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("places.count = 174\nok\n"), r.stdoutText)
    }
}
