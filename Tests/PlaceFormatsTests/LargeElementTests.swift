import Foundation
import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// One element that is large inside (a node with 100,000 tags, a tag with 100,000 attributes, a
/// way with 100,000 refs) is read in time that grows with it, not faster, and Ctrl-C stops the
/// read in the middle of it. Time is counted as processor time of the same work at two sizes.
final class LargeElementTests: XCTestCase {
    private func osm(_ body: String) -> [UInt8] { Array("<osm>\(body)</osm>".utf8) }

    private func nodeWithTags(_ n: Int) -> [UInt8] {
        var s = "<node id=\"1\" lat=\"-33.87\" lon=\"151.2\">"
        for i in 0..<n { s += "<tag k=\"k\(i)\" v=\"v\"/>" }
        return osm(s + "<tag k=\"name\" v=\"Many Tags\"/><tag k=\"amenity\" v=\"cafe\"/></node>")
    }

    private func attributes(_ n: Int) -> String { (0..<n).map { "a\($0)=\"v\"" }.joined(separator: " ") }

    private func nodeWithAttributes(_ n: Int) -> [UInt8] {
        osm(
            "<node id=\"1\" lat=\"-33.87\" lon=\"151.2\" \(attributes(n))><tag k=\"name\" v=\"Wide\"/><tag k=\"amenity\" v=\"cafe\"/></node>"
        )
    }

    private func wayWithRefs(_ n: Int) -> [UInt8] {
        osm(
            "<node id=\"1\" lat=\"-33.87\" lon=\"151.2\"/><way id=\"2\">"
                + String(repeating: "<nd ref=\"1\"/>", count: n)
                + "<tag k=\"name\" v=\"Long\"/><tag k=\"amenity\" v=\"cafe\"/></way>")
    }

    private func trackPointWithAttributes(_ n: Int) -> [UInt8] {
        Array(
            "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\" \(attributes(n))/><trkpt lat=\"1.001\" lon=\"2\"/></trkseg></trk></gpx>"
                .utf8)
    }

    private func places(_ bytes: [UInt8]) -> [String] {
        switch OSMXMLImporter.parse(bytes) {
        case .success(let s): return s.records.map(\.name)
        case .failure(let e): return ["error: \(e.message)"]
        }
    }

    func testOneNodeWithManyTags() {
        XCTAssertEqual(places(nodeWithTags(100_000)), ["Many Tags"])
        let files = [10_000: nodeWithTags(10_000), 40_000: nodeWithTags(40_000)]
        assertGrowsLinearly("a node's tags", small: 10_000) { n in _ = OSMXMLImporter.parse(files[n] ?? []) }
    }

    func testOneTagWithManyAttributes() {
        XCTAssertEqual(places(nodeWithAttributes(100_000)), ["Wide"])
        let files = [10_000: nodeWithAttributes(10_000), 40_000: nodeWithAttributes(40_000)]
        assertGrowsLinearly("a tag's attributes", small: 10_000) { n in _ = OSMXMLImporter.parse(files[n] ?? []) }
        let points = [10_000: trackPointWithAttributes(10_000), 40_000: trackPointWithAttributes(40_000)]
        assertGrowsLinearly("a track point's attributes", small: 10_000) { n in _ = GPX.parse(points[n] ?? []) }
    }

    func testADuplicateAttributeIsFoundAmongMany() {
        for n in [3, 15, 16, 17, 1000] {
            let bytes = osm("<node id=\"1\" lat=\"1\" lon=\"2\" \(attributes(n)) a\(n / 2)=\"again\"/>")
            guard case .failure(let e) = OSMXMLImporter.parse(bytes) else {
                XCTFail("\(n) attributes: the duplicate was not found")
                continue
            }
            XCTAssertTrue(e.message.contains("duplicate attribute a\(n / 2)"), "\(n): \(e.message)")
        }
        // Equal hashes are not equal names: many attributes, none repeated.
        XCTAssertEqual(places(nodeWithAttributes(5000)), ["Wide"])
    }

    func testOneWayWithManyRefs() {
        let files = [10_000: wayWithRefs(10_000), 40_000: wayWithRefs(40_000)]
        assertGrowsLinearly("a way's refs", small: 10_000) { n in _ = OSMXMLImporter.parse(files[n] ?? []) }
    }

    /// An interruption asked for after `calls` checks.
    private func interruption(after calls: Int) -> ImportInterruption {
        nonisolated(unsafe) var asked = 0
        return ImportInterruption(every: 1) {
            asked += 1
            return asked > calls
        }
    }

    func testCtrlCStopsTheReadInsideOneElement() {
        switch OSMXMLImporter.parse(nodeWithTags(100_000), interruption: interruption(after: 50)) {
        case .failure(let e): XCTAssertTrue(e.isInterruption, e.message)
        case .success: XCTFail("a node of 100,000 tags was read to its end despite Ctrl-C")
        }
        var track = "<gpx version=\"1.1\"><trk><trkseg>"
        for i in 0..<100_000 { track += "<trkpt lat=\"1\" lon=\"\(Double(i) / 100_000)\"/>" }
        track += "</trkseg></trk></gpx>"
        switch GPX.parse(Array(track.utf8), interruption: interruption(after: 50)) {
        case .failure(let e): XCTAssertTrue(e.isInterruption, e.message)
        case .success: XCTFail("a track of 100,000 points was read to its end despite Ctrl-C")
        }
        // Never asked: read whole.
        if case .failure(let e) = GPX.parse(Array(track.utf8)) { XCTFail(e.message) }
    }
}
