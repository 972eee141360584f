import Foundation
import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The bytes of a real OSM file in ../shared/data/osm; without that folder the test is skipped,
/// naming `smallerCase`, the test that covers the same on the repository's own files.
func osmDataFile(_ name: String, smallerCase: String) throws -> [UInt8] {
    try RealData.bytes("osm/" + name, smallerCase: smallerCase)
}

/// The repository's own OSM extract, a few blocks of Cockle Bay (examples/data/cockle-bay.osm),
/// and its twins in Tests/Fixtures/osm, written from it by Tests/Fixtures/make-osm-twins.py.
enum CockleBay {
    static func xml() throws -> [UInt8] { try Repository.bytes("examples/data/cockle-bay.osm") }
    static func pbf() throws -> [UInt8] { try Repository.bytes("Tests/Fixtures/osm/cockle-bay.osm.pbf") }
    static func geoJSON() throws -> [UInt8] { try Repository.bytes("Tests/Fixtures/osm/cockle-bay-pois.geojson") }
    static let line =
        "loaded 25 places, skipped 11: 2 without a name, 8 not a place (no POI tag), 1 relations with missing members"
}

/// Skip counts as a dictionary, for comparisons that do not depend on first-seen order.
func skipCounts(_ s: ImportSummary) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: s.skipped.map { ($0.reason, $0.count) })
}

/// The OSM XML importer: the real Darling Harbour extract, every placement rule on hand-made
/// files (closed, open, concave and area=no ways, multipolygons with holes, other relations),
/// every skip reason and error path, and robustness on cut input.
final class OSMXMLTests: XCTestCase {
    // MARK: - Helpers

    /// An OSM document around `body` (the body starts on line 3).
    private func osm(_ body: String) -> [UInt8] {
        Array(
            "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"test\">\n\(body)\n</osm>\n".utf8)
    }

    private func summary(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> ImportSummary? {
        switch OSMXMLImporter.parse(bytes) {
        case .success(let s): return s
        case .failure(let e):
            XCTFail("unexpected error: \(e.message) (line \(e.line ?? 0))", file: file, line: line)
            return nil
        }
    }

    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> ImportError? {
        switch OSMXMLImporter.parse(bytes) {
        case .success(let s):
            XCTFail("expected an error, got \(s.line)", file: file, line: line)
            return nil
        case .failure(let e): return e
        }
    }

    private func record(_ s: ImportSummary?, _ id: String, file: StaticString = #filePath, line: UInt = #line)
        -> PlaceRecord?
    {
        guard let r = s?.records.first(where: { $0.id == id }) else {
            XCTFail("no record \(id)", file: file, line: line)
            return nil
        }
        return r
    }

    /// A node line; `x`, `y` are in thousandths of a degree east and north of (151.2, -33.87).
    private func node(_ id: Int, _ x: Double, _ y: Double, _ tags: String = "") -> String {
        let lat = -33.87 + y / 1000
        let lon = 151.2 + x / 1000
        if tags.isEmpty { return "<node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\"/>" }
        return "<node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\">\(tags)</node>"
    }

    private func way(_ id: Int, _ refs: [Int], _ tags: String) -> String {
        "<way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + tags + "</way>"
    }

    private func tags(_ pairs: [String: String]) -> String {
        pairs.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
    }

    /// Square metres of one (thousandth of a degree)² at the test origin's latitude.
    private var unitArea: Double {
        let k = OSMGeometry.metresPerDegree / 1000
        return k * k * cos(-33.87 * Double.pi / 180)
    }

    /// Even-odd point in polygon on (x, y) pairs, independent of the importer's.
    private func inside(_ p: (Double, Double), _ ring: [(Double, Double)]) -> Bool {
        var c = false
        var j = ring.count - 1
        for i in ring.indices {
            let (xi, yi) = ring[i]
            let (xj, yj) = ring[j]
            if (yi > p.1) != (yj > p.1) && p.0 < (xj - xi) * (p.1 - yi) / (yj - yi) + xi { c.toggle() }
            j = i
        }
        return c
    }

    // MARK: - The real file

    func testRealDarlingHarbourCounts() throws {
        let bytes = try osmDataFile("darling_harbour_2023.osm", smallerCase: "testCockleBayCounts")
        let s = try XCTUnwrap(summary(bytes))
        XCTAssertEqual(s.format, "OSM XML")
        XCTAssertEqual(s.line, "loaded 124 places, skipped 199: 151 not a place (no POI tag), 48 without a name")
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:node/") }.count, 112)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:way/") }.count, 12)
        XCTAssertEqual(Set(s.records.map(\.id)).count, 124, "ids are unique")
        // Every place lies in (or, for a way, near) the extract's bbox.
        for r in s.records {
            XCTAssertTrue(
                (-33.877...(-33.865)).contains(r.latitude) && (151.199...151.206).contains(r.longitude), "\(r)")
        }
    }

    /// Places looked up independently (python3's ElementTree over the same file).
    func testRealDarlingHarbourSpotChecks() throws {
        let bytes = try osmDataFile("darling_harbour_2023.osm", smallerCase: "testCockleBaySpotChecks")
        let s = try XCTUnwrap(summary(bytes))
        let pub = try XCTUnwrap(record(s, "osm:node/18249982"))
        XCTAssertEqual(pub.name, "Bristol Arms")
        XCTAssertEqual(pub.latitude, -33.8677913)
        XCTAssertEqual(pub.longitude, 151.2032395)
        XCTAssertEqual(pub.types, ["bar", "point_of_interest", "establishment"])
        XCTAssertEqual(pub.address, "81 Sussex Street, Sydney 2000")
        XCTAssertNil(pub.radius)

        let tussauds = try XCTUnwrap(record(s, "osm:node/4799669412"))
        XCTAssertEqual(tussauds.name, "Madame Tussauds Sydney")
        XCTAssertEqual(tussauds.types.prefix(2), ["museum", "tourist_attraction"])
        XCTAssertEqual(tussauds.latitude, -33.8697254)
        XCTAssertEqual(tussauds.longitude, 151.2016549)

        // A building outline: placed inside it, with a size from its area.
        let aquarium = try XCTUnwrap(record(s, "osm:way/16598675"))
        XCTAssertEqual(aquarium.name, "SEA LIFE Sydney Aquarium")
        XCTAssertEqual(aquarium.types.first, "aquarium")
        XCTAssertEqual(aquarium.latitude, -33.869583, accuracy: 1e-9)
        XCTAssertEqual(aquarium.longitude, 151.2021017, accuracy: 1e-9)
        XCTAssertEqual(aquarium.radius, 66.1)

        let ferry = try XCTUnwrap(record(s, "osm:node/458705369"))
        XCTAssertEqual(ferry.name, "Darling Harbour Wharf 3")
        XCTAssertEqual(ferry.types.first, "transit_station")
    }

    // MARK: - The repository's own extract (Cockle Bay)

    func testCockleBayCounts() throws {
        let s = try XCTUnwrap(summary(try CockleBay.xml()))
        XCTAssertEqual(s.format, "OSM XML")
        XCTAssertEqual(s.line, CockleBay.line)
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:node/") }.count, 21)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:way/") }.count, 4)
        XCTAssertEqual(Set(s.records.map(\.id)).count, 25, "ids are unique")
        for r in s.records {
            XCTAssertTrue(
                (-33.873...(-33.869)).contains(r.latitude) && (151.201...151.205).contains(r.longitude), "\(r)")
        }
    }

    /// Places read off the file by hand.
    func testCockleBaySpotChecks() throws {
        let s = try XCTUnwrap(summary(try CockleBay.xml()))
        let restaurant = try XCTUnwrap(record(s, "osm:node/1812389142"))
        XCTAssertEqual(restaurant.name, "Chinta Ria")
        XCTAssertEqual(restaurant.latitude, -33.8713353)
        XCTAssertEqual(restaurant.longitude, 151.2024826)
        XCTAssertEqual(restaurant.types, ["restaurant", "food", "point_of_interest", "establishment"])
        XCTAssertEqual(restaurant.address, "201 Sussex Street, 2000")
        XCTAssertNil(restaurant.radius)

        let tussauds = try XCTUnwrap(record(s, "osm:node/4799669412"))
        XCTAssertEqual(tussauds.name, "Madame Tussauds Sydney")
        XCTAssertEqual(tussauds.types.prefix(2), ["museum", "tourist_attraction"])

        // Building outlines: placed inside, with a size from the area; the same numbers as in
        // the whole Darling Harbour extract, since the outline is the same.
        let aquarium = try XCTUnwrap(record(s, "osm:way/16598675"))
        XCTAssertEqual(aquarium.name, "SEA LIFE Sydney Aquarium")
        XCTAssertEqual(aquarium.types.first, "aquarium")
        XCTAssertEqual(aquarium.latitude, -33.869583, accuracy: 1e-9)
        XCTAssertEqual(aquarium.longitude, 151.2021017, accuracy: 1e-9)
        XCTAssertEqual(aquarium.radius, 66.1)
        let hotel = try XCTUnwrap(record(s, "osm:way/821658697"))
        XCTAssertEqual(hotel.name, "Hyatt Regency Sydney")
        XCTAssertEqual(hotel.address, "161 Sussex Street")

        // Streets are named but are no places; the unnamed cafe and the relation whose member is
        // not in the file are skipped.
        XCTAssertNil(s.records.first { $0.name == "Sussex Street" })
        XCTAssertNil(s.records.first { $0.id == "osm:node/-1" })
        XCTAssertNil(s.records.first { $0.id == "osm:relation/-2" })
    }

    func testClosedWayAtItsCentroidWithARadius() throws {
        let s = try XCTUnwrap(
            summary(
                osm(
                    [
                        node(1, 0, 0), node(2, 2, 0), node(3, 2, 2), node(4, 0, 2),
                        way(
                            10, [1, 2, 3, 4, 1],
                            tags([
                                "name": "Square Cafe", "amenity": "cafe", "addr:housenumber": "5",
                                "addr:street": "Pier St",
                            ])),
                    ].joined(separator: "\n"))))
        XCTAssertEqual(s.line, "loaded 1 place")
        let r = try XCTUnwrap(s.records.first)
        XCTAssertEqual(r.id, "osm:way/10")
        XCTAssertEqual(r.types, ["cafe", "food", "point_of_interest", "establishment"])
        XCTAssertEqual(r.address, "5 Pier St")
        XCTAssertEqual(r.latitude, -33.869, accuracy: 1e-9)
        XCTAssertEqual(r.longitude, 151.201, accuracy: 1e-9)
        XCTAssertEqual(r.radius!, (4 * unitArea / Double.pi).squareRoot(), accuracy: 0.06)
    }

    func testOpenWayAtTheMidpointAlongItsLength() throws {
        // Vertices at y = 0, 1, 4: the mean vertex is at 1.67, the midpoint by length at 2.
        let s = try XCTUnwrap(
            summary(
                osm(
                    [
                        node(1, 0, 0), node(2, 0, 1), node(3, 0, 4),
                        way(20, [1, 2, 3], tags(["name": "Harbour Walk", "tourism": "attraction"])),
                    ].joined(separator: "\n"))))
        let r = try XCTUnwrap(s.records.first)
        XCTAssertEqual(r.latitude, -33.868, accuracy: 1e-9)
        XCTAssertEqual(r.longitude, 151.2, accuracy: 1e-9)
        XCTAssertNil(r.radius, "a line has no area")
    }

    func testConcaveBuildingIsPlacedInsideNotAtItsCentroid() throws {
        // An L: its centroid (1.1, 1.1) lies in the notch, outside the building.
        let outline: [(Double, Double)] = [(0, 0), (3, 0), (3, 1), (1, 1), (1, 3), (0, 3)]
        var lines = outline.enumerated().map { node($0.offset + 1, $0.element.0, $0.element.1) }
        lines.append(way(30, [1, 2, 3, 4, 5, 6, 1], tags(["name": "L House", "tourism": "hotel"])))
        let s = try XCTUnwrap(summary(osm(lines.joined(separator: "\n"))))
        let r = try XCTUnwrap(s.records.first)
        let p = ((r.longitude - 151.2) * 1000, (r.latitude + 33.87) * 1000)
        XCTAssertFalse(inside((1.1, 1.1), outline), "the test's premise: the centroid is outside")
        XCTAssertTrue(inside(p, outline), "placed at \(p), outside the L")
        // The documented rule: the middle of the widest stretch of the line through the centroid.
        XCTAssertEqual(p.0, 0.5, accuracy: 1e-4)
        XCTAssertEqual(p.1, 1.1, accuracy: 1e-4)
        XCTAssertEqual(r.radius!, (5 * unitArea / Double.pi).squareRoot(), accuracy: 0.1)
    }

    func testClosedWayWithAreaNoIsALine() throws {
        // Half the perimeter of the square from node 1 is node 3.
        let s = try XCTUnwrap(
            summary(
                osm(
                    [
                        node(1, 0, 0), node(2, 2, 0), node(3, 2, 2), node(4, 0, 2),
                        way(10, [1, 2, 3, 4, 1], tags(["name": "Track", "leisure": "track", "area": "no"])),
                    ].joined(separator: "\n"))))
        let r = try XCTUnwrap(s.records.first)
        XCTAssertEqual(r.latitude, -33.868, accuracy: 1e-9)
        XCTAssertEqual(r.longitude, 151.202, accuracy: 1e-9)
        XCTAssertNil(r.radius)
    }

    func testMultipolygonWithAHoleIsPlacedOnTheRing() throws {
        // Outer 4×4 square in two open halves (one reversed), and a hole holding the centroid
        // (1.94, 2): the line y = 2 is inside on 0…1.5 and 3…4, so the point is at x = 0.75.
        let lines = [
            node(1, 0, 0), node(2, 4, 0), node(3, 4, 4), node(4, 0, 4),
            node(5, 1.5, 1), node(6, 3, 1), node(7, 3, 3), node(8, 1.5, 3),
            way(11, [1, 2, 3], ""), way(12, [1, 4, 3], ""), way(13, [5, 6, 7, 8, 5], ""),
            "<relation id=\"40\"><member type=\"way\" ref=\"11\" role=\"outer\"/><member type=\"way\" ref=\"13\" role=\"inner\"/>"
                + "<member type=\"way\" ref=\"12\" role=\"\"/>"
                + tags(["type": "multipolygon", "name": "Ring Park", "leisure": "park"])
                + "</relation>",
        ]
        let s = try XCTUnwrap(summary(osm(lines.joined(separator: "\n"))))
        XCTAssertEqual(s.line, "loaded 1 place")
        let r = try XCTUnwrap(s.records.first)
        XCTAssertEqual(r.id, "osm:relation/40")
        XCTAssertEqual(r.types.first, "park")
        let p = ((r.longitude - 151.2) * 1000, (r.latitude + 33.87) * 1000)
        XCTAssertTrue(
            inside(p, [(0, 0), (4, 0), (4, 4), (0, 4)]) && !inside(p, [(1.5, 1), (3, 1), (3, 3), (1.5, 3)]), "\(p)")
        XCTAssertEqual(p.0, 0.75, accuracy: 1e-4)
        XCTAssertEqual(p.1, 2, accuracy: 1e-4)
        XCTAssertEqual(r.radius!, (13 * unitArea / Double.pi).squareRoot(), accuracy: 0.2, "net area: outer minus hole")
    }

    func testOtherRelationsTakeTheirFirstPositionedMember() throws {
        let lines = [
            node(1, 0, 0), node(2, 0, 1), node(3, 0, 4), node(4, 9, 9),
            way(20, [1, 2, 3], ""),
            "<relation id=\"50\"><member type=\"node\" ref=\"999\" role=\"\"/><member type=\"relation\" ref=\"51\" role=\"\"/>"
                + "<member type=\"way\" ref=\"20\" role=\"\"/><member type=\"node\" ref=\"4\" role=\"\"/>"
                + tags(["type": "site", "name": "Campus", "amenity": "university"]) + "</relation>",
            "<relation id=\"51\"><member type=\"node\" ref=\"4\" role=\"\"/>" + tags(["type": "site"]) + "</relation>",
        ]
        let s = try XCTUnwrap(summary(osm(lines.joined(separator: "\n"))))
        let r = try XCTUnwrap(s.records.first)
        XCTAssertEqual(r.id, "osm:relation/50")
        XCTAssertEqual(r.latitude, -33.868, accuracy: 1e-9, "the way's midpoint, not the missing node nor node 4")
        XCTAssertEqual(r.longitude, 151.2, accuracy: 1e-9)
    }

    func testEverySkipReason() throws {
        let lines = [
            node(1, 0, 0), node(2, 2, 0), node(3, 2, 2), node(4, 0, 2),
            node(5, 1, 1, tags(["amenity": "bench"])),  // without a name
            node(6, 1, 1, tags(["name": "Bus Stop Sign", "highway": "bus_stop"])),  // not a place
            node(7, 1, 1, tags(["created_by": "JOSM"])),  // neither: not counted
            way(60, [1, 2, 888], tags(["name": "Cut Shop", "shop": "books"])),  // missing nodes
            way(61, [], tags(["name": "Empty Shop", "shop": "books"])),  // without nodes
            way(62, [1, 2], tags(["name": "George Street", "highway": "primary"])),  // not a place
            way(63, [1, 2, 3], ""),  // untagged: geometry only
            "<relation id=\"70\"><member type=\"way\" ref=\"9999\" role=\"outer\"/>"
                + tags(["type": "multipolygon", "name": "Lost Park", "leisure": "park"]) + "</relation>",
            "<relation id=\"71\"><member type=\"way\" ref=\"63\" role=\"outer\"/>"
                + tags(["type": "multipolygon", "name": "Open Park", "leisure": "park"]) + "</relation>",
            "<relation id=\"72\"><member type=\"node\" ref=\"12345\" role=\"\"/>"
                + tags(["type": "site", "name": "Ghost Site", "tourism": "attraction"]) + "</relation>",
            "<relation id=\"73\">" + tags(["type": "route", "name": "Bus 555"]) + "</relation>",
        ]
        let s = try XCTUnwrap(summary(osm(lines.joined(separator: "\n"))))
        XCTAssertEqual(s.records, [])
        XCTAssertEqual(
            skipCounts(s),
            [
                "without a name": 1, "not a place (no POI tag)": 3, "ways with missing nodes": 1,
                "ways without nodes": 1,
                "relations with missing members": 2, "multipolygons without a closed outer ring": 1,
            ])
        XCTAssertEqual(s.skipped.first?.reason, "without a name", "first-seen order")
        XCTAssertTrue(
            s.line.hasPrefix("loaded 0 places, skipped 9: 1 without a name, 3 not a place (no POI tag)"), s.line)
    }

    func testNodesWithoutAUsablePosition() throws {
        let body = [
            "<node id=\"1\" lat=\"abc\" lon=\"151.2\">" + tags(["name": "Bad Cafe", "amenity": "cafe"]) + "</node>",
            "<node id=\"2\" lat=\"-95\" lon=\"151.2\"/>",
            "<node id=\"3\" lon=\"151.2\"/>",
            node(4, 0, 0), node(5, 1, 0),
            way(10, [4, 5, 2], tags(["name": "Uses Bad Node", "shop": "books"])),
        ].joined(separator: "\n")
        let s = try XCTUnwrap(summary(osm(body)))
        XCTAssertEqual(s.line, "loaded 0 places, skipped 2: 1 without coordinates, 1 ways with missing nodes")
        XCTAssertEqual(
            s.warnings,
            [
                "line 3: node 1 has no usable position (lat 'abc' is not a number)",
                "line 4: node 2 has no usable position (lat -95 is out of range)",
                "line 5: node 3 has no usable position (no lat)",
            ])
    }

    func testUnsortedFileDeletedElementsAndAddresses() throws {
        // Nodes and ways in descending id order (a hand-merged file) still resolve.
        let body = [
            node(9, 0, 2), node(8, 2, 2), node(7, 2, 0), node(6, 0, 0),
            "<node id=\"5\" action=\"delete\" lat=\"-33.87\" lon=\"151.2\">"
                + tags(["name": "Gone", "amenity": "cafe"]) + "</node>",
            "<node id=\"4\" visible=\"false\" lat=\"-33.87\" lon=\"151.2\"/>",
            way(30, [6, 7, 8, 9, 6], tags(["name": "Later Way", "shop": "bakery", "addr:full": "1 Full Address Rd"])),
            way(
                20, [6, 7],
                tags(["name": "Earlier Way", "amenity": "bank", "addr:street": "Kent Street", "addr:city": "Sydney"])),
            "<relation id=\"3\"><member type=\"way\" ref=\"30\" role=\"outer\"/>"
                + tags(["type": "multipolygon", "name": "Rel", "leisure": "garden"])
                + "</relation>",
        ].joined(separator: "\n")
        let s = try XCTUnwrap(summary(osm(body)))
        XCTAssertEqual(s.line, "loaded 3 places")
        XCTAssertEqual(s.records.map(\.id), ["osm:way/30", "osm:way/20", "osm:relation/3"])
        XCTAssertEqual(s.records[0].address, "1 Full Address Rd")
        XCTAssertEqual(s.records[1].address, "Kent Street, Sydney")
        XCTAssertEqual(s.records[2].latitude, s.records[0].latitude)
        XCTAssertEqual(s.warnings, ["2 deleted elements ignored"])
    }

    func testEntitiesNamespacesAndUnknownElements() throws {
        let body = """
            <bounds minlat="-34" minlon="151" maxlat="-33" maxlon="152"/>
            <changeset id="1"/>
            <node id="1" lat="-33.87" lon="151.2" version="3" user="x &amp; y"><tag k="name" v="Fish &amp; Chips &#x1F41F;"/><tag k="amenity" v="fast_food"/><note>ignored</note></node>
            """
        let s = try XCTUnwrap(summary(osm(body)))
        XCTAssertEqual(s.records.first?.name, "Fish & Chips 🐟")
        XCTAssertEqual(s.records.first?.types.first, "restaurant")
    }

    // MARK: - Errors

    func testErrorsNameTheLineAndTheElement() throws {
        XCTAssertEqual(failure([])?.message, "not an OpenStreetMap XML file: the file is empty")
        XCTAssertEqual(failure(Array("  \n ".utf8))?.message, "not an OpenStreetMap XML file: the file is empty")

        let gpx = try XCTUnwrap(failure(Array("<?xml version='1.0'?>\n<gpx version=\"1.1\"></gpx>".utf8)))
        XCTAssertEqual(gpx.message, "not an OpenStreetMap XML file: the root element is <gpx>, not <osm>")
        XCTAssertEqual(gpx.line, 2)

        let cases: [(String, String, Int)] = [
            ("<node lat=\"1\" lon=\"2\"/>", "<node> without an id", 3),
            (node(1, 0, 0) + "\n<way id=\"x1\"/>", "<way> has id 'x1', not an integer", 4),
            ("<way id=\"5\">\n<nd/>\n</way>", "way 5: <nd> without a ref", 4),
            ("<way id=\"5\"><nd ref=\"12a\"/></way>", "way 5: <nd> has ref '12a', not an integer", 3),
            (
                "<relation id=\"6\"><member type=\"area\" ref=\"1\" role=\"\"/></relation>",
                "relation 6: <member> has type 'area', not node, way or relation", 3
            ),
            ("<relation id=\"6\"><member type=\"way\" role=\"\"/></relation>", "relation 6: <member> without a ref", 3),
            (
                "<relation id=\"6\"><member type=\"way\" ref=\"99999999999999999999\"/></relation>",
                "relation 6: <member> has ref '99999999999999999999', not an integer", 3
            ),
            ("\n\n<node id=\"7\" lat=\"1\" lon=\"2\"><tag v=\"x\"/></node>", "node 7: <tag> without k", 5),
        ]
        for (body, message, line) in cases {
            let e = try XCTUnwrap(failure(osm(body)), body)
            XCTAssertEqual(e.message, message, body)
            XCTAssertEqual(e.line, line, body)
        }
        // The element's number among nodes, ways and relations.
        let third = try XCTUnwrap(failure(osm(node(1, 0, 0) + node(2, 0, 0) + "<way id=\"3\"><nd/></way>")))
        XCTAssertEqual(third.item, 3)
    }

    func testMalformedXMLIsAnErrorWithALine() throws {
        let e = try XCTUnwrap(failure(Array("<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\">\n</way>\n</osm>".utf8)))
        XCTAssertEqual(e.line, 3)
        XCTAssertTrue(e.message.contains("does not match"), e.message)
        let cut = try XCTUnwrap(failure(Array("<osm>\n<node id=\"1\" lat=\"1\" lon=\"2\"/>\n".utf8)))
        XCTAssertNotNil(cut.line)
    }

    /// Every prefix of a small file, and mangled bytes: an error or a result, never a crash.
    func testEveryPrefixAndMangledBytes() throws {
        let full = osm(
            [
                node(1, 0, 0), node(2, 2, 0), node(3, 2, 2, tags(["name": "A", "amenity": "cafe"])),
                way(10, [1, 2, 3, 1], tags(["name": "B", "shop": "books"])),
                "<relation id=\"40\"><member type=\"way\" ref=\"10\" role=\"outer\"/>"
                    + tags(["type": "multipolygon", "name": "C", "leisure": "park"]) + "</relation>",
            ].joined(separator: "\n"))
        guard case .success(let whole) = OSMXMLImporter.parse(full) else { return XCTFail("the full file must load") }
        XCTAssertEqual(whole.records.count, 3)
        for n in 0..<full.count {
            if case .success = OSMXMLImporter.parse(Array(full[..<n])) {
                // Only the full document (or it minus trailing white space) is well-formed.
                XCTAssertTrue(full[n...].allSatisfy { $0 == 0x0A || $0 == 0x20 }, "prefix \(n) accepted")
            }
        }
        var rng = SeededRandom(seed: 11)
        for _ in 0..<500 {
            var bytes = full
            for _ in 0..<3 {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = OSMXMLImporter.parse(bytes)
        }
    }
}
