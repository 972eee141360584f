import Foundation
import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The real OpenStreetMap GeoJSON extract in ../shared/data/osm, read where it lies (never
/// copied into the repository); without that folder the test is skipped, naming `smallerCase`.
func sydneyNamedPOIs(smallerCase: String) throws -> [UInt8] {
    try RealData.bytes("osm/sydney_cbd_2023_named_pois.geojson", smallerCase: smallerCase)
}

/// A record as the dataset would hold it (what `places load` makes of it), for export tests.
func placeForExport(_ r: PlaceRecord, index: Int) -> Place {
    Place(
        id: r.id ?? "test:\(index)", name: r.name, coordinate: GeoPoint(latitude: r.latitude, longitude: r.longitude),
        types: r.types, address: r.address ?? "", rating: r.rating ?? 0, priceLevel: r.priceLevel ?? -1,
        radius: r.radius ?? 30, area: "test")
}

/// What an exported place must read back as.
func expectedRecord(_ p: Place) -> PlaceRecord {
    PlaceRecord(
        id: p.id, name: p.name, latitude: p.coordinate.latitude, longitude: p.coordinate.longitude, types: p.types,
        address: p.address.isEmpty ? nil : p.address, rating: p.rating > 0 ? p.rating : nil,
        priceLevel: p.priceLevel >= 0 ? p.priceLevel : nil, radius: p.radius > 0 ? p.radius : nil)
}

/// Checks that `records` are `places` read back: every field equal, coordinates within 1e-7.
func assertRoundTrip(_ records: [PlaceRecord], _ places: [Place], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(records.count, places.count, "count", file: file, line: line)
    for (r, p) in zip(records, places) {
        var want = expectedRecord(p)
        XCTAssertEqual(r.latitude, want.latitude, accuracy: 1e-7, "\(p.name)", file: file, line: line)
        XCTAssertEqual(r.longitude, want.longitude, accuracy: 1e-7, "\(p.name)", file: file, line: line)
        want.latitude = r.latitude
        want.longitude = r.longitude
        XCTAssertEqual(r, want, file: file, line: line)
    }
}

/// Some places whose text is hard to write: delimiters, quotes, line breaks, non-ASCII
/// (Korean, Persian, emoji), values missing.
let awkwardPlaces: [Place] = [
    Place(
        id: "a,1", name: "Café \"Le Quai\", Pier 2", coordinate: GeoPoint(latitude: -33.8688, longitude: 151.2093),
        types: ["cafe", "food"], address: "1 Pier St, Sydney NSW 2000", rating: 4.5, priceLevel: 2, radius: 25.5,
        area: "t"),
    Place(
        id: "seoul-1", name: "경복궁", coordinate: GeoPoint(latitude: 37.5796212, longitude: 126.9770162),
        types: ["tourist_attraction"], address: "서울특별시 종로구 사직로 161", rating: 0, priceLevel: -1, radius: 300, area: "t"),
    Place(
        id: "tehran-1", name: "میدان آزادی", coordinate: GeoPoint(latitude: 35.6997, longitude: 51.3380),
        types: [], address: "تهران، میدان آزادی", rating: 4.7, priceLevel: 0, radius: 120, area: "t"),
    Place(
        id: "multi\nline", name: "Line one\nline two\r\nthree; and a tab\there",
        coordinate: GeoPoint(latitude: 1e-7, longitude: -179.9999999),
        types: ["store", "point_of_interest"], address: "", rating: 1, priceLevel: 4, radius: 0.5, area: "t"),
    Place(
        id: "emoji", name: "😀 \"quoted\" ,,; ;", coordinate: GeoPoint(latitude: 89.9999999, longitude: 180),
        types: ["bar"], address: "\"\"", rating: 5, priceLevel: 1, radius: 1e-3, area: "t"),
]

/// The GeoJSON importer and exporter: the real Sydney extract (counts, known places, round
/// trip), both property schemas, polygons at an interior point with a size from their area,
/// every skip reason and every error path, and robustness on cut input.
final class GeoJSONTests: XCTestCase {
    private func summary(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ImportSummary? {
        switch GeoJSONImporter.parse(Array(text.utf8)) {
        case .success(let s): return s
        case .failure(let e):
            XCTFail("unexpected error: \(e.message)", file: file, line: line)
            return nil
        }
    }

    private func assertError(
        _ text: String, _ message: String, item: Int? = nil, line: Int? = nil, file: StaticString = #filePath,
        testLine: UInt = #line
    ) {
        switch GeoJSONImporter.parse(Array(text.utf8)) {
        case .success(let s): XCTFail("expected an error, got \(s.line)", file: file, line: testLine)
        case .failure(let e):
            XCTAssertEqual(e.message, message, file: file, line: testLine)
            XCTAssertEqual(e.item, item, "item of: \(e.message)", file: file, line: testLine)
            XCTAssertEqual(e.line, line, "line of: \(e.message)", file: file, line: testLine)
        }
    }

    /// A FeatureCollection of the given feature texts.
    private func collection(_ features: [String]) -> String {
        "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}"
    }

    private func point(_ lng: Double, _ lat: Double, _ properties: String) -> String {
        "{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [\(lng), \(lat)]}, \"properties\": \(properties)}"
    }

    private func feature(_ geometry: String, _ properties: String = #"{"name": "X"}"#) -> String {
        "{\"type\": \"Feature\", \"geometry\": \(geometry), \"properties\": \(properties)}"
    }

    // MARK: - The real extract

    func testRealSydneyExtract() throws {
        let bytes = try sydneyNamedPOIs(smallerCase: "testCockleBayExtract")
        guard let s = try? GeoJSONImporter.parse(bytes).get() else {
            return XCTFail("the real extract did not load")
        }
        // 1,227 named POIs, every one with a tag OSMTags maps (amenity, shop, tourism, leisure,
        // office, craft, historic), all Points (checked with python3's json module).
        XCTAssertEqual(s.records.count, 1227)
        XCTAssertEqual(s.skipped, [])
        XCTAssertEqual(s.line, "loaded 1,227 places")
        XCTAssertEqual(s.format, "GeoJSON")
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(Set(s.records.compactMap(\.id)).count, 1227, "ids are unique")
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:node/") }.count, 1105)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:way/") }.count, 118)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:relation/") }.count, 4)

        XCTAssertEqual(
            s.records[0],
            PlaceRecord(
                id: "osm:node/8099480", name: "Circular Quay Wharf 5", latitude: -33.8604095, longitude: 151.2105414,
                types: ["transit_station", "point_of_interest", "establishment"]))
        func find(_ name: String) -> PlaceRecord? { s.records.first { $0.name == name } }
        // Two features carry this name: the building (a way) and a node inside it.
        XCTAssertEqual(
            s.records.first { $0.id == "osm:way/40717424" },
            PlaceRecord(
                id: "osm:way/40717424", name: "Queen Victoria Building", latitude: -33.8717059, longitude: 151.2066715,
                types: ["shopping_mall", "store", "tourist_attraction", "point_of_interest", "establishment"],
                address: "455 George Street, 2000"))
        XCTAssertEqual(
            find("Mission"),
            PlaceRecord(
                id: "osm:node/3928107185", name: "Mission", latitude: -33.87038, longitude: 151.2062814,
                types: ["cafe", "food", "point_of_interest", "establishment"], address: "64 York Street, Sydney 2000"))
        XCTAssertEqual(
            find("Sydney Opera House"),
            PlaceRecord(
                id: "osm:relation/9596872", name: "Sydney Opera House", latitude: -33.8569164, longitude: 151.2150905,
                types: ["tourist_attraction", "point_of_interest", "establishment"],
                address: "2 Macquarie Street, Sydney 2000"))
        XCTAssertEqual(find("Mecca Sydney CBD Café")?.id, "osm:node/2059153062")
        XCTAssertEqual(find("Service NSW")?.types, ["point_of_interest", "establishment"])
    }

    func testRealExtractRoundTrips() throws {
        try checkRoundTrip(try sydneyNamedPOIs(smallerCase: "testCockleBayExtractRoundTrips"))
    }

    /// The repository's GeoJSON twin of examples/data/cockle-bay.osm (osmium's shape).
    func testCockleBayExtract() throws {
        let s = try GeoJSONImporter.parse(try CockleBay.geoJSON()).get()
        XCTAssertEqual(s.records.count, 25)
        XCTAssertEqual(s.skipped, [])
        XCTAssertEqual(s.line, "loaded 25 places")
        XCTAssertEqual(s.format, "GeoJSON")
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(Set(s.records.compactMap(\.id)).count, 25, "ids are unique")
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:node/") }.count, 21)
        XCTAssertEqual(s.records.filter { $0.id!.hasPrefix("osm:way/") }.count, 4)
        XCTAssertEqual(
            s.records[0],
            PlaceRecord(
                id: "osm:node/1262710152", name: "Pontoon Bar", latitude: -33.871174, longitude: 151.2022958,
                types: ["restaurant", "food", "point_of_interest", "establishment"]))
        XCTAssertEqual(
            s.records.first { $0.name == "Chinta Ria" },
            PlaceRecord(
                id: "osm:node/1812389142", name: "Chinta Ria", latitude: -33.8713353, longitude: 151.2024826,
                types: ["restaurant", "food", "point_of_interest", "establishment"], address: "201 Sussex Street, 2000")
        )
        let hotel = try XCTUnwrap(s.records.first { $0.id == "osm:way/821658697" })
        XCTAssertEqual(hotel.name, "Hyatt Regency Sydney")
        XCTAssertEqual(hotel.types.first, "lodging")
        XCTAssertEqual(hotel.address, "161 Sussex Street")
    }

    func testCockleBayExtractRoundTrips() throws {
        try checkRoundTrip(try CockleBay.geoJSON())
    }

    /// Exported and read back, the places are the same, and a second export is the same bytes.
    private func checkRoundTrip(_ bytes: [UInt8]) throws {
        let s = try GeoJSONImporter.parse(bytes).get()
        let places = s.records.enumerated().map { placeForExport($1, index: $0) }
        let out = GeoJSONExporter.write(places)
        guard let back = try? GeoJSONImporter.parse(out).get() else { return XCTFail("the export did not load") }
        XCTAssertEqual(back.skipped, [])
        assertRoundTrip(back.records, places)
        // Exporting what was read back gives the same bytes: the output is deterministic.
        XCTAssertEqual(GeoJSONExporter.write(back.records.enumerated().map { placeForExport($1, index: $0) }), out)
    }

    // MARK: - Exporter

    /// A file where no feature has a name fails, as a CSV file without a name column does,
    /// naming the properties there are; one named feature among unnamed ones loads.
    func testNoNameAnywhereFailsNamingTheProperties() {
        let unnamed =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[8.5,47.3]},"properties":{"title":"A","kind":"cafe"}}"#
        let named =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[8.5,47.3]},"properties":{"name":"B"}}"#
        func collection(_ features: [String]) -> [UInt8] {
            Array(#"{"type":"FeatureCollection","features":["#.utf8) + Array(features.joined(separator: ",").utf8)
                + Array("]}".utf8)
        }
        guard case .failure(let e) = GeoJSONImporter.parse(collection([unnamed, unnamed])) else {
            return XCTFail("a file without a name loaded")
        }
        XCTAssertEqual(e.message, "no feature has a name (property 'name'); the properties are 'title', 'kind'")
        XCTAssertEqual(e.columns, ["title", "kind"])
        guard case .failure = GeoJSONImporter.parse(Array(unnamed.utf8)) else { return XCTFail("a lone Feature") }
        let some = GeoJSONImporter.parse(collection([unnamed, named]))
        XCTAssertEqual(try some.get().records.map(\.name), ["B"])
        var mapping = PlaceFieldMapping()
        mapping.columns[.name] = "title"
        XCTAssertEqual(
            try GeoJSONImporter.parse(collection([unnamed]), mapping: mapping).get().records.map(\.name), ["A"])
    }

    func testExporterOutputExactly() {
        let out = GeoJSONExporter.write([awkwardPlaces[0], awkwardPlaces[1]])
        XCTAssertEqual(
            String(decoding: out, as: UTF8.self),
            """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[151.2093,-33.8688]},"properties":{"id":"a,1","name":"Café \\"Le Quai\\", Pier 2","types":["cafe","food"],"address":"1 Pier St, Sydney NSW 2000","rating":4.5,"price":2,"radius":25.5}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":[126.9770162,37.5796212]},"properties":{"id":"seoul-1","name":"경복궁","types":["tourist_attraction"],"address":"서울특별시 종로구 사직로 161","rating":null,"price":null,"radius":300}}
            ]}

            """)
        XCTAssertEqual(
            String(decoding: GeoJSONExporter.write([Place]()), as: UTF8.self),
            "{\"type\":\"FeatureCollection\",\"features\":[]}\n")
        XCTAssertEqual(try? GeoJSONImporter.parse(GeoJSONExporter.write([Place]())).get().records, [])
    }

    func testAwkwardTextRoundTrips() {
        guard let back = try? GeoJSONImporter.parse(GeoJSONExporter.write(awkwardPlaces)).get() else {
            return XCTFail("the export did not load")
        }
        assertRoundTrip(back.records, awkwardPlaces)
    }

    // MARK: - Schemas

    func testPlainSchema() {
        guard
            let s = summary(
                collection([
                    point(
                        151.2, -33.8,
                        #"{"id": "p1", "name": "  A  ", "type": "Coffee Shop; food", "address": "1 A St", "rating": 4.2, "price": 2, "radius": 40}"#
                    ),
                    point(
                        151.3, -33.9, #"{"name": "B", "types": ["cafe", "food"], "priceLevel": "$$$", "rating": "3.5"}"#
                    ),
                    point(151.4, -33.7, #"{"name": 7, "rating": 0, "price": -1, "radius": 0, "address": null}"#),
                    "{\"type\": \"Feature\", \"id\": 42, \"geometry\": {\"type\": \"Point\", \"coordinates\": [1, 2, 30]}, \"properties\": {\"name\": \"C\"}}",
                ]))
        else { return }
        XCTAssertEqual(
            s.records,
            [
                PlaceRecord(
                    id: "p1", name: "A", latitude: -33.8, longitude: 151.2, types: ["coffee_shop", "food"],
                    address: "1 A St",
                    rating: 4.2, priceLevel: 2, radius: 40),
                PlaceRecord(
                    name: "B", latitude: -33.9, longitude: 151.3, types: ["cafe", "food"], rating: 3.5, priceLevel: 3),
                PlaceRecord(name: "7", latitude: -33.7, longitude: 151.4),
                PlaceRecord(id: "42", name: "C", latitude: 2, longitude: 1),
            ])
    }

    func testOSMSchemas() {
        guard
            let s = summary(
                collection([
                    // Overpass (overpass turbo): @id and flat tags.
                    point(
                        151.1, -33.1,
                        #"{"@id": "node/123", "name": "Bar One", "amenity": "pub", "addr:housenumber": 5, "addr:street": "King St", "addr:city": "Sydney"}"#
                    ),
                    // Overpass JSON-style nested tags.
                    point(151.2, -33.2, #"{"tags": {"name": "Shop Two", "shop": "books"}, "id": "way/77"}"#),
                    // osmium --add-unique-id.
                    point(151.3, -33.3, #"{"@id": "r55", "name": "Park Three", "leisure": "park"}"#),
                    // osmium attributes.
                    point(
                        151.4, -33.4,
                        #"{"osm_type": "node", "osm_id": 9007199254740991, "name": "Hotel Four", "tourism": "hotel", "addr:full": "4 Full Rd"}"#
                    ),
                    // QGIS-like: no id, a place tag.
                    point(151.5, -33.5, #"{"name": "Five", "historic": "memorial"}"#),
                ]))
        else { return }
        XCTAssertEqual(
            s.records.map(\.id), ["osm:node/123", "osm:way/77", "osm:relation/55", "osm:node/9007199254740991", nil])
        XCTAssertEqual(s.records.map(\.name), ["Bar One", "Shop Two", "Park Three", "Hotel Four", "Five"])
        XCTAssertEqual(s.records[0].types, ["bar", "point_of_interest", "establishment"])
        XCTAssertEqual(s.records[0].address, "5 King St, Sydney")
        XCTAssertEqual(s.records[1].types, ["book_store", "store", "point_of_interest", "establishment"])
        XCTAssertEqual(s.records[2].types, ["park", "point_of_interest", "establishment"])
        XCTAssertEqual(s.records[3].address, "4 Full Rd")
        XCTAssertEqual(s.records[4].types, ["tourist_attraction", "point_of_interest", "establishment"])
    }

    // MARK: - Skips

    func testSkipsCountedByReason() {
        guard
            let s = summary(
                collection([
                    point(151.2, -33.8, #"{"name": "Kept"}"#),
                    point(151.2, -33.8, #"{"name": "  "}"#),
                    point(151.2, -33.8, #"{"amenity": "cafe"}"#),
                    point(151.2, -33.8, "null"),
                    "{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [151.2, -33.8]}}",
                    feature("null"),
                    "{\"type\": \"Feature\", \"properties\": {\"name\": \"no geometry member\"}}",
                    feature(#"{"type": "Point", "coordinates": []}"#),
                    point(151.2, -91, #"{"name": "South of the pole"}"#),
                    point(180.5, 10, #"{"name": "Past the antimeridian"}"#),
                    point(0, 0, #"{"name": "Null Island"}"#),
                    point(
                        151.2, -33.8, #"{"name": "Street", "highway": "residential", "osm_id": 5, "osm_type": "way"}"#),
                    point(151.2, -33.8, #"{"name": "Bare building", "building": "yes"}"#),
                    feature(#"{"type": "LineString", "coordinates": [[1, 2], [3, 4]]}"#),
                    feature(#"{"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]]]}"#),
                    feature(#"{"type": "MultiPoint", "coordinates": [[1, 2]]}"#),
                    feature(#"{"type": "GeometryCollection", "geometries": []}"#),
                    feature(#"{"type": "Polygon", "coordinates": []}"#),
                    feature(#"{"type": "Polygon", "coordinates": [[[1, 95], [2, 95], [2, 96], [1, 95]]]}"#),
                ]))
        else { return }
        XCTAssertEqual(s.records.map(\.name), ["Kept"])
        XCTAssertEqual(
            s.line,
            "loaded 1 place, skipped 18: 4 without a name, 4 without coordinates, 3 with coordinates out of range, 1 at 0,0, 2 without a place tag, 1 with LineString geometry, 1 with MultiLineString geometry, 1 with MultiPoint geometry, 1 with GeometryCollection geometry"
        )
    }

    func testCRSWarningAndSingleFeature() {
        guard
            let s = summary(
                #"{"type": "Feature", "crs": {"type": "name"}, "geometry": {"type": "Point", "coordinates": [151, -33]}, "properties": {"name": "One"}}"#
            )
        else { return }
        XCTAssertEqual(s.records, [PlaceRecord(name: "One", latitude: -33, longitude: 151)])
        XCTAssertEqual(
            s.warnings, ["the 'crs' member is ignored: RFC 7946 coordinates are always WGS 84 longitude, latitude"])
    }

    // MARK: - Errors

    func testErrorsNameTheFeature() {
        let ok = point(151, -33, #"{"name": "ok"}"#)
        func second(_ f: String) -> String { collection([ok, f]) }
        assertError(
            second(feature(#"{"type": "Point", "coordinates": [151.2]}"#)),
            "feature 2: coordinates must be [longitude, latitude]", item: 2)
        assertError(
            second(feature(#"{"type": "Point", "coordinates": ["151", "-33"]}"#)),
            "feature 2: coordinates must be [longitude, latitude]", item: 2)
        assertError(
            second(feature(#"{"type": "Point", "coordinates": [151, -33, "up"]}"#)),
            "feature 2: coordinates must be [longitude, latitude]", item: 2)
        assertError(
            second(feature(#"{"type": "Point"}"#)), "feature 2: coordinates must be [longitude, latitude]", item: 2)
        assertError(
            second(feature(#"{"type": "Point", "coordinates": {"lat": 1}}"#)),
            "feature 2: coordinates must be [longitude, latitude]", item: 2)
        assertError(
            second(feature(#"{"type": "Circle", "coordinates": [1, 2]}"#)), "feature 2: unknown geometry type 'Circle'",
            item: 2)
        assertError(second(feature(#"{"coordinates": [1, 2]}"#)), "feature 2: the geometry has no \"type\"", item: 2)
        assertError(second(feature("[1, 2]")), "feature 2: geometry must be an object or null, not an array", item: 2)
        assertError(
            second(feature(#"{"type": "Polygon", "coordinates": [[[1, 2], [2, 2], [1, 2]]]}"#)),
            "feature 2: a polygon ring needs at least 4 positions, found 3", item: 2)
        assertError(
            second(feature(#"{"type": "Polygon", "coordinates": [1, 2]}"#)),
            "feature 2: a polygon's coordinates must be an array of rings", item: 2)
        assertError(second(feature(#"{"type": "Polygon"}"#)), "feature 2: a Polygon needs a coordinates array", item: 2)
        assertError(
            second(feature(#"{"type": "MultiPolygon", "coordinates": [1]}"#)),
            "feature 2: a MultiPolygon's coordinates must be an array of polygons", item: 2)
        assertError(second("[]"), "feature 2: expected a Feature object, found an array", item: 2)
        assertError(
            second(#"{"type": "Point", "coordinates": [1, 2]}"#),
            "feature 2: expected a Feature object, found an object without \"type\": \"Feature\"", item: 2)
        assertError(second(point(1, 2, "[]")), "feature 2: properties must be an object or null, not an array", item: 2)
        assertError(second(point(1, 2, #"{"name": ["x"]}"#)), "feature 2: name must be a string, not an array", item: 2)
        assertError(
            second(point(1, 2, #"{"name": "x", "rating": 7}"#)), "feature 2: rating '7' is not a number from 1 to 5",
            item: 2)
        assertError(
            second(point(1, 2, #"{"name": "x", "rating": "good"}"#)),
            "feature 2: rating 'good' is not a number from 1 to 5", item: 2)
        assertError(
            second(point(1, 2, #"{"name": "x", "price": 2.5}"#)),
            "feature 2: price '2.5' is not a price level from 0 to 4", item: 2)
        assertError(
            second(point(1, 2, #"{"name": "x", "radius": -3}"#)), "feature 2: radius '-3' is not a size in metres",
            item: 2)
        assertError(
            second(point(1, 2, #"{"name": "x", "types": [1]}"#)), "feature 2: types must be strings, not a number",
            item: 2)
        assertError(
            second(point(1, 2, #"{"name": "x", "type": {}}"#)),
            "feature 2: types must be a string or an array of strings, not an object", item: 2)
        assertError(
            second(point(1, 2, #"{"name": "x", "address": 5}"#)), "feature 2: address must be a string, not a number",
            item: 2)

        assertError("[]", "expected a GeoJSON object, found an array")
        assertError(
            #"{"type": "Point", "coordinates": [1, 2]}"#,
            "expected a GeoJSON FeatureCollection or Feature, found type 'Point'")
        assertError(#"{"features": []}"#, "expected a GeoJSON FeatureCollection or Feature: the object has no \"type\"")
        assertError(#"{"type": "FeatureCollection"}"#, "a FeatureCollection needs a 'features' array")
        assertError(
            "{\"type\": \"FeatureCollection\",\n \"features\": [,]}", "line 2, column 15: expected a value, found ','",
            line: 2)
        assertError(#"{"name": "x"} }"#, "line 1, column 15: unexpected '}' after the JSON value", line: 1)
        switch GeoJSONImporter.parse(
            Array("{\"type\": \"Feature\", \"properties\": {\"name\": \"".utf8) + [0xC3, 0x28] + Array("\"}}".utf8))
        {
        case .success: XCTFail("bad UTF-8 accepted")
        case .failure(let e): XCTAssertEqual(e.message, "line 1, column 45: not UTF-8: byte 0xC3")
        }
    }

    /// Every prefix of a small valid document is an error, never a crash or a partial load.
    func testEveryPrefixFails() {
        let doc = Array(
            collection([
                point(151.2, -33.8, #"{"name": "Café", "amenity": "cafe", "addr:street": "Pitt St"}"#),
                feature(#"{"type": "Polygon", "coordinates": [[[0.1, 0.1], [0.2, 0.1], [0.2, 0.2], [0.1, 0.1]]]}"#),
            ]).utf8)
        XCTAssertEqual(try? GeoJSONImporter.parse(doc).get().records.count, 2)
        for cut in 0..<doc.count {
            if case .success = GeoJSONImporter.parse(Array(doc[0..<cut])) { XCTFail("prefix of \(cut) bytes loaded") }
        }
    }

    // MARK: - Polygons

    func testSquarePolygonAtItsCentroidWithRadiusFromArea() {
        // About 111 m × 92 m at 33.87° S (0.001° each way).
        let ring = "[[151.2, -33.87], [151.201, -33.87], [151.201, -33.869], [151.2, -33.869], [151.2, -33.87]]"
        guard
            let s = summary(
                collection([
                    feature(
                        "{\"type\": \"Polygon\", \"coordinates\": [\(ring)]}", #"{"name": "Square", "leisure": "park"}"#
                    )
                ])),
            let r = s.records.first
        else { return }
        XCTAssertEqual(r.latitude, -33.8695, accuracy: 1e-9)
        XCTAssertEqual(r.longitude, 151.2005, accuracy: 1e-9)
        let side = 0.001 * .pi / 180 * earthRadius
        let area = side * side * cos(33.8695 * .pi / 180)
        XCTAssertEqual(r.radius!, (area / .pi).squareRoot(), accuracy: 0.005 * (area / .pi).squareRoot())
    }

    func testConcavePolygonUsesAPointInside() {
        // A U open to the north: the centroid (and the vertex mean) fall in the gap.
        let u: [(Double, Double)] = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3), (0, 0)]
        let coords = u.map { "[\(151 + $0.0 * 0.001), \(-34 + $0.1 * 0.001)]" }.joined(separator: ",")
        guard
            let r = summary(collection([feature("{\"type\": \"Polygon\", \"coordinates\": [[\(coords)]]}")]))?.records
                .first
        else { return }
        let polygon = [u.map { GeoPoint(latitude: -34 + $0.1 * 0.001, longitude: 151 + $0.0 * 0.001) }]
        let centroid = GeoPoint(latitude: -34 + 0.001 * 19 / 14, longitude: 151.0015)
        XCTAssertFalse(GeoJSONGeometry.contains(polygon, centroid), "the test's centroid is outside")
        let p = GeoPoint(latitude: r.latitude, longitude: r.longitude)
        XCTAssertTrue(GeoJSONGeometry.contains(polygon, p), "\(p) is inside the U")
        XCTAssertEqual(r.latitude, centroid.latitude, accuracy: 1e-12, "on the horizontal line through the centroid")
        // The widest inside span on that line is one arm (both are 1 wide); the middle of an arm.
        XCTAssertEqual(min(abs(r.longitude - 151.0005), abs(r.longitude - 151.0025)), 0, accuracy: 1e-12)
    }

    func testPolygonWithHoleAndMultiPolygon() {
        // A courtyard block: 3×3 outer, 1×1 hole in the middle (where the centroid lies).
        func ring(_ pts: [(Double, Double)]) -> String {
            "[" + pts.map { "[\(151 + $0.0 * 0.001), \(-34 + $0.1 * 0.001)]" }.joined(separator: ",") + "]"
        }
        let outer = ring([(0, 0), (3, 0), (3, 3), (0, 3), (0, 0)])
        let hole = ring([(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)])
        let small = ring([(10, 10), (11, 10), (11, 11), (10, 11), (10, 10)])
        guard
            let s = summary(
                collection([
                    feature("{\"type\": \"Polygon\", \"coordinates\": [\(outer), \(hole)]}"),
                    feature("{\"type\": \"MultiPolygon\", \"coordinates\": [[\(small)], [\(outer), \(hole)]]}"),
                    feature(
                        "{\"type\": \"Polygon\", \"coordinates\": [\(outer)]}", #"{"name": "Given", "radius": 12}"#),
                ]))
        else { return }
        let polygon = [
            [(0.0, 0.0), (3, 0), (3, 3), (0, 3)].map {
                GeoPoint(latitude: -34 + $0.1 * 0.001, longitude: 151 + $0.0 * 0.001)
            },
            [(1.0, 1.0), (1, 2), (2, 2), (2, 1)].map {
                GeoPoint(latitude: -34 + $0.1 * 0.001, longitude: 151 + $0.0 * 0.001)
            },
        ]
        let a = s.records[0]
        XCTAssertTrue(
            GeoJSONGeometry.contains(polygon, GeoPoint(latitude: a.latitude, longitude: a.longitude)),
            "not in the courtyard")
        let cell = GeoJSONGeometry.area([[polygon[1][0], polygon[1][3], polygon[1][2], polygon[1][1]]])
        XCTAssertEqual(a.radius!, (8 * cell / .pi).squareRoot(), accuracy: 0.01 * a.radius!)
        let b = s.records[1]
        XCTAssertEqual(b.latitude, a.latitude, accuracy: 1e-12, "the largest part holds the point")
        XCTAssertEqual(b.longitude, a.longitude, accuracy: 1e-12)
        XCTAssertEqual(b.radius!, (9 * cell / .pi).squareRoot(), accuracy: 0.01 * b.radius!, "the parts' areas add up")
        XCTAssertEqual(s.records[2].radius, 12, "a radius property wins over the area")
        XCTAssertEqual(s.records[2].latitude, -33.9985, accuracy: 1e-12)
    }

    func testDegeneratePolygonFallsBackToVertexMean() {
        let ring = "[[151, -34], [151.001, -34], [151.002, -34], [151, -34]]"
        guard
            let r = summary(collection([feature("{\"type\": \"Polygon\", \"coordinates\": [\(ring)]}")]))?.records.first
        else { return }
        XCTAssertEqual(r.longitude, 151.001, accuracy: 1e-12)
        XCTAssertEqual(r.latitude, -34, accuracy: 1e-12)
        XCTAssertNil(r.radius)
    }
}

/// A FeatureCollection is read feature by feature as the parser meets them; the tree read
/// whole is the reference: the same summary, or the same error, for every document, with a
/// field mapping or without.
final class StreamedGeoJSONTests: XCTestCase {
    private func whole(_ bytes: [UInt8], _ mapping: PlaceFieldMapping) -> Result<ImportSummary, ImportError> {
        switch JSON.parse(bytes) {
        case .failure(let e): return .failure(ImportError(e.description, line: e.line))
        case .success(let root):
            var interruption = ImportInterruption.none
            do throws(ImportError) {
                return .success(try GeoJSONImporter.read(root, mapping: mapping, interruption: &interruption))
            } catch {
                return .failure(error)
            }
        }
    }

    func testStreamedAndWholeReadsAgree() throws {
        let good = try Repository.bytes("Tests/Fixtures/osm/cockle-bay-pois.geojson")
        let text = String(decoding: good, as: UTF8.self)
        var documents = [text]
        documents.append(
            text.replacingOccurrences(
                of: "\"type\":\"FeatureCollection\"", with: "\"crs\":{},\"type\":\"FeatureCollection\""))
        documents.append(
            text.replacingOccurrences(
                of: "\"type\": \"FeatureCollection\"", with: "\"crs\": {}, \"type\": \"FeatureCollection\""))
        documents.append(text.replacingOccurrences(of: "FeatureCollection", with: "Topology"))
        documents.append(text.replacingOccurrences(of: "\"Point\"", with: "\"Pointy\""))
        documents.append(text.replacingOccurrences(of: "\"features\"", with: "\"features\":[],\"features\""))
        documents.append(String(text.dropLast(40)))
        documents.append(#"{"type":"FeatureCollection","features":{}}"#)
        documents.append(
            #"{"features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[151.2,-33.8]},"properties":{"name":"A"}}],"type":"FeatureCollection"}"#
        )
        documents.append(
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[151.2,-33.8]},"properties":{"name":"B"}}"#)
        XCTAssertNotEqual(documents[1], documents[2], "the fixture's spelling of its type is one of the two")
        let mappings = [PlaceFieldMapping(), PlaceFieldMapping([.name: "NAME"]), PlaceFieldMapping([.name: "nope"])]
        for (k, document) in documents.enumerated() {
            for mapping in mappings {
                let bytes = Array(document.utf8)
                let streamed = GeoJSONImporter.parse(bytes, mapping: mapping)
                XCTAssertEqual(
                    "\(streamed)", "\(whole(bytes, mapping))", "document \(k), mapping \(mapping.columns)")
            }
        }
        // The real reading streams: the fixture's summary comes from the streamed path.
        XCTAssertNotNil(GeoJSONImporter.parseStreamed(good, mapping: PlaceFieldMapping(), interruption: .none))
    }
}
