import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The base map an OpenStreetMap extract gives besides its places: which tags make which
/// features, the same layer from XML and PBF, and the grid index that finds them.
final class OSMMapLayerTests: XCTestCase {
    func testTagsMakeKinds() {
        XCTAssertEqual(MapFeatureKind.of(["highway": "motorway_link"]), .motorway)
        XCTAssertEqual(MapFeatureKind.of(["highway": "living_street"]), .street)
        XCTAssertEqual(MapFeatureKind.of(["highway": "steps"]), .footway)
        XCTAssertNil(MapFeatureKind.of(["highway": "traffic_signals"]))
        XCTAssertEqual(MapFeatureKind.of(["railway": "light_rail"]), .railway)
        XCTAssertNil(MapFeatureKind.of(["railway": "rail", "tunnel": "yes"]), "railways in tunnels are not drawn")
        XCTAssertNil(MapFeatureKind.of(["railway": "subway"]))
        XCTAssertEqual(MapFeatureKind.of(["natural": "water"]), .water)
        XCTAssertEqual(MapFeatureKind.of(["waterway": "river"]), .river)
        XCTAssertEqual(MapFeatureKind.of(["leisure": "park", "name": "Hyde Park"]), .park)
        XCTAssertEqual(MapFeatureKind.of(["building": "yes"]), .building)
        XCTAssertNil(MapFeatureKind.of(["building": "no"]))
        XCTAssertNil(MapFeatureKind.of(["amenity": "cafe"]))
        XCTAssertTrue(MapFeatureKind.motorway > MapFeatureKind.footway, "big roads are drawn last")
    }

    /// The example's extract: nine roads with five street names and three buildings, the same
    /// from its XML and its PBF twin; without asking, no layer.
    func testCockleBayXMLAndPBFGiveTheSameBaseMap() throws {
        let xmlBytes = try Repository.bytes("examples/data/cockle-bay.osm")
        let pbfBytes = try Repository.bytes("Tests/Fixtures/osm/cockle-bay.osm.pbf")
        guard case .success(let xml) = OSMXMLImporter.parse(xmlBytes, baseMap: true),
            case .success(let pbf) = OSMPBFImporter.parse(pbfBytes, baseMap: true),
            case .success(let plain) = OSMXMLImporter.parse(xmlBytes)
        else { return XCTFail("the files must load") }
        let layer = try XCTUnwrap(xml.baseMap)
        XCTAssertEqual(pbf.baseMap, layer)
        XCTAssertNil(plain.baseMap)
        XCTAssertEqual(plain.records, xml.records, "the places do not change")
        XCTAssertEqual(layer.count, 12)
        XCTAssertEqual(layer.kinds.filter(\.isRoad).count, 9)
        XCTAssertEqual(layer.kinds.filter { $0 == .building }.count, 3)
        XCTAssertTrue(layer.names.contains("Sussex Street"), "\(layer.names)")
    }

    /// The index finds a feature by any box that meets it, and nothing far away.
    func testIndexFindsFeaturesInABox() {
        var layer = OSMMapLayer()
        layer.add(.street, name: "A Street", parts: [[(-338_700_000, 1_512_000_000), (-338_700_000, 1_512_100_000)]])
        layer.add(
            .water, name: nil,
            parts: [
                [
                    (-338_800_000, 1_512_000_000), (-338_800_000, 1_512_010_000),
                    (-338_810_000, 1_512_010_000), (-338_800_000, 1_512_000_000),
                ]
            ])
        layer.add(.footway, name: nil, parts: [[(0, 0)]])  // one point: not a line, left out
        let baseMap = BaseMap(layer: layer, source: "test")
        XCTAssertEqual(baseMap.count, 2)
        XCTAssertEqual(baseMap.features(south: -33.871, west: 151.205, north: -33.869, east: 151.206), [0])
        XCTAssertEqual(baseMap.features(south: -33.9, west: 151.0, north: -33.8, east: 151.3), [0, 1])
        XCTAssertEqual(baseMap.features(south: 10, west: 10, north: 11, east: 11), [])
        XCTAssertEqual(layer.name(0), "A Street")
        XCTAssertNil(layer.name(1))
        XCTAssertGreaterThan(baseMap.byteCount, layer.byteCount)
    }

    /// Features that each span the map (a damaged file stretches them across it) are listed
    /// once, not in every cell: 20,000 of them over small ones take a few megabytes, not the
    /// 1.3 billion cell entries they would fill, and every query finds what brute force finds.
    func testFeaturesAcrossTheMapAreListedOnce() {
        var layer = OSMMapLayer()
        var generator = SeededRandom(seed: 7)
        for k in 0..<20_000 {
            // A small square somewhere in Sydney, then a line across the whole map.
            let lat = Int32(-338_000_000 + Int(generator.next() % 1_000_000))
            let lon = Int32(1_512_000_000 + Int(generator.next() % 1_000_000))
            layer.add(
                .building, name: nil, parts: [[(lat, lon), (lat + 100, lon), (lat + 100, lon + 100), (lat, lon)]])
            if k % 2 == 0 {
                layer.add(
                    .street, name: "Across \(k)",
                    parts: [[(-339_000_000, 1_511_000_000), (-337_000_000, 1_513_000_000)]])
            }
        }
        let baseMap = BaseMap(layer: layer, source: "test")
        XCTAssertLessThan(baseMap.byteCount, 40 << 20, "\(baseMap.byteCount) bytes")
        func bruteForce(_ s: Double, _ w: Double, _ n: Double, _ e: Double) -> [Int] {
            (0..<layer.count).filter { i in
                var (bs, bw, bn, be) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
                for part in layer.parts(i) {
                    for k in part {
                        bs = min(bs, Double(layer.coordinates[2 * k]) / 1e7)
                        bn = max(bn, Double(layer.coordinates[2 * k]) / 1e7)
                        bw = min(bw, Double(layer.coordinates[2 * k + 1]) / 1e7)
                        be = max(be, Double(layer.coordinates[2 * k + 1]) / 1e7)
                    }
                }
                return !(bs > n || bn < s || bw > e || be < w)
            }
        }
        for box in [(-33.85, 151.25, -33.84, 151.26), (-33.9, 151.1, -33.7, 151.3), (10.0, 10.0, 11.0, 11.0)] {
            XCTAssertEqual(
                baseMap.features(south: box.0, west: box.1, north: box.2, east: box.3),
                bruteForce(box.0, box.1, box.2, box.3),
                "\(box)")
        }
    }

    /// A multipolygon names ways that a thousand others name again: what the base map draws is
    /// held to the file's budget (16 bytes a file byte and 64 MiB, 8 bytes a point), the rest
    /// left out with a warning, so a file of 2 MB cannot draw a hundred million points.
    func testTheBaseMapHasABudgetOfPoints() throws {
        var xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
        for k in 0..<1000 {
            xml +=
                "<node id=\"\(k + 1)\" lat=\"\(-33.86 + Double(k % 100) * 1e-5)\" lon=\"\(151.2 + Double(k / 100) * 1e-5)\"/>\n"
        }
        xml += "<way id=\"1\">"
        for k in 0..<1000 { xml += "<nd ref=\"\(k + 1)\"/>" }
        xml += "<nd ref=\"1\"/><tag k=\"building\" v=\"yes\"/></way>\n"
        let members = String(repeating: "<member type=\"way\" ref=\"1\" role=\"outer\"/>", count: 10)
        for k in 0..<5000 {
            xml +=
                "<relation id=\"\(k + 1)\">\(members)<tag k=\"type\" v=\"multipolygon\"/><tag k=\"building\" v=\"yes\"/></relation>\n"
        }
        xml += "</osm>\n"
        let bytes = Array(xml.utf8)
        let budget = (16 * bytes.count + (64 << 20)) / 8
        guard case .success(let summary) = OSMXMLImporter.parse(bytes, baseMap: true), let layer = summary.baseMap
        else {
            return XCTFail("the file did not load")
        }
        XCTAssertLessThanOrEqual(layer.coordinates.count / 2, budget, "\(bytes.count) bytes of file")
        XCTAssertGreaterThan(layer.count, 100, "what fits is drawn")
        XCTAssertTrue(
            summary.warnings.contains { $0.hasPrefix("base map: ") && $0.contains("features left out") },
            "\(summary.warnings)")
    }
}
