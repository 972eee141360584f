import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit

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
}
