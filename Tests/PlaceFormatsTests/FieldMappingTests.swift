import Foundation
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// `PlaceFieldMapping`: CSV columns and GeoJSON properties named by the caller — by name (exact,
/// then ignoring case) or CSV column number; a mapped column serves only its field; names the
/// file lacks fail with the field and the file's columns; the streaming CSV load agrees.
final class FieldMappingTests: XCTestCase {
    private let trucks = """
        locationid,Applicant,FacilityType,Address,Y,Latitude,Longitude
        11,Dumpling Co,Truck,1 Market St,2116104.1,37.7941,-122.3951
        12,Taqueria,Push Cart,850 Mission St,2113260.9,37.7839,-122.4056

        """

    private func csv(_ text: String, _ columns: [PlaceFieldMapping.Field: String]) -> Result<ImportSummary, ImportError>
    {
        CSVImporter.parse(Array(text.utf8), mapping: PlaceFieldMapping(columns))
    }

    func testCSVColumnsByNameNumberAndCase() throws {
        let s = try csv(
            trucks, [.name: "Applicant", .latitude: "latitude", .longitude: "7", .id: "1", .types: "FacilityType"]
        ).get()
        XCTAssertEqual(s.records.map(\.name), ["Dumpling Co", "Taqueria"])
        XCTAssertEqual(s.records[0].id, "11")
        XCTAssertEqual(s.records[0].latitude, 37.7941)
        XCTAssertEqual(s.records[1].longitude, -122.4056)
        XCTAssertEqual(s.records[1].types, ["push_cart"])
        // Address is still found by its usual name; Y, though an alias of latitude, is not used.
        XCTAssertEqual(s.records[0].address, "1 Market St")
        XCTAssertEqual(s.warnings, ["columns not used: 'Y'"])
    }

    func testWithoutAMappingTheHeaderLacksAName() {
        guard case .failure(let e) = csv(trucks, [:]) else { return XCTFail("loaded without a name column") }
        XCTAssertNil(e.field)
        XCTAssertEqual(e.columns.first, "locationid")
    }

    func testAMappedColumnServesOnlyItsField() {
        let text = "name,lat,lng\nA,1,2\n"
        guard case .failure(let e) = csv(text, [.address: "name"]) else { return XCTFail("name read twice") }
        XCTAssertTrue(e.message.contains("missing the name column"), e.message)
    }

    func testUnknownNamesAndNumbersFailNamingTheField() {
        for (columns, field, message) in [
            ([PlaceFieldMapping.Field.name: "Aplicant"], PlaceFieldMapping.Field.name, "no column is named 'Aplicant'"),
            ([.name: "Applicant", .latitude: "0"], .latitude, "column 0 is out of range (1–7)"),
            ([.name: "Applicant", .longitude: "8"], .longitude, "column 8 is out of range (1–7)"),
        ] {
            guard case .failure(let e) = csv(trucks, columns) else { return XCTFail("\(columns) loaded") }
            XCTAssertEqual(e.field, field)
            XCTAssertTrue(e.message.hasPrefix("line 1: " + message), e.message)
            XCTAssertEqual(e.columns.count, 7)
        }
    }

    func testStreamingLoadUsesTheMapping() throws {
        var store = PlaceStore(source: "t")
        let mapping = PlaceFieldMapping([.name: "Applicant"])
        let loaded = try store.mergeCSV(Array(trucks.utf8), source: "t.csv", mapping: mapping).get()
        XCTAssertEqual(loaded.added, 2)
        XCTAssertEqual(store.name(at: 1), "Taqueria")
        guard
            case .failure(let e) = store.mergeCSV(
                Array(trucks.utf8), source: "t.csv", mapping: PlaceFieldMapping([.id: "ID2"]))
        else { return XCTFail("loaded with an unknown column") }
        XCTAssertEqual(e.field, .id)
        XCTAssertEqual(store.count, 2)
    }

    private let features = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":null,"properties":{"Applicant":"Dumpling Co","Lat":"37.7941","Lng":-122.3951,"name":"ignored"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.4,37.78]},"properties":{"Applicant":"Taqueria","Lat":"","Lng":""}},
        {"type":"Feature","geometry":null,"properties":{"Applicant":"Bad","Lat":"north","Lng":1}}
        ]}
        """

    func testGeoJSONPropertiesAndPositionFromProperties() throws {
        let bytes = Array(features.utf8)
        // The third feature's latitude is not a number: the file fails, naming the feature.
        guard
            case .failure(let bad) = GeoJSONImporter.parse(
                bytes, mapping: PlaceFieldMapping([.name: "applicant", .latitude: "Lat", .longitude: "Lng"]))
        else { return XCTFail("a latitude 'north' loaded") }
        XCTAssertEqual(bad.item, 3)
        XCTAssertTrue(bad.message.contains("'north' (property 'Lat') is not a latitude"), bad.message)
        let two = Array(features.replacingOccurrences(of: "\"north\"", with: "null").utf8)
        let s = try GeoJSONImporter.parse(
            two, mapping: PlaceFieldMapping([.name: "applicant", .latitude: "Lat", .longitude: "Lng"])
        ).get()
        XCTAssertEqual(s.records.map(\.name), ["Dumpling Co"])
        XCTAssertEqual(s.records[0].latitude, 37.7941)
        XCTAssertEqual(s.skipped, [ImportSummary.Skip(reason: "without coordinates", count: 2)])
        // Without --lat/--lng the geometry places the features.
        let byGeometry = try GeoJSONImporter.parse(two, mapping: PlaceFieldMapping([.name: "Applicant"])).get()
        XCTAssertEqual(byGeometry.records.map(\.name), ["Taqueria"])
    }

    func testGeoJSONUnknownPropertyAndHalfAPosition() {
        let bytes = Array(features.utf8)
        guard case .failure(let e) = GeoJSONImporter.parse(bytes, mapping: PlaceFieldMapping([.address: "Adress"]))
        else {
            return XCTFail("loaded with an unknown property")
        }
        XCTAssertEqual(e.field, .address)
        XCTAssertEqual(e.columns, ["Applicant", "Lat", "Lng", "name"])
        guard case .failure(let half) = GeoJSONImporter.parse(bytes, mapping: PlaceFieldMapping([.latitude: "Lat"]))
        else {
            return XCTFail("loaded with a latitude property and no longitude")
        }
        XCTAssertEqual(half.field, .latitude)
    }
}
