import Foundation
import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// `PlaceFileFormat.detect`: content first (the real files in ../shared/data, and hand-made
/// look-alikes), the extension only as a fallback.
final class FormatDetectionTests: XCTestCase {
    private func detect(_ text: String, _ name: String = "data") -> PlaceFileFormat? {
        PlaceFileFormat.detect(Array(text.utf8), fileName: name)
    }

    func testRealFiles() throws {
        func real(_ path: String) throws -> [UInt8] { try RealData.bytes(path, smallerCase: "testRepositoryFiles") }
        try checkFiles(
            geoJSON: try real("osm/sydney_cbd_2023_named_pois.geojson"), pbf: try real("osm/sydney_cbd_2023.osm.pbf"),
            xml: try real("osm/darling_harbour_2023.osm"), gpx: try real("gpx/gpxpy_route.gpx"))
    }

    /// The same on the files the repository ships.
    func testRepositoryFiles() throws {
        try checkFiles(
            geoJSON: try CockleBay.geoJSON(), pbf: try CockleBay.pbf(), xml: try CockleBay.xml(),
            gpx: try Repository.bytes("Tests/Fixtures/gpx/route-gpx10.gpx"))
    }

    private func checkFiles(geoJSON: [UInt8], pbf: [UInt8], xml: [UInt8], gpx: [UInt8]) throws {
        XCTAssertEqual(PlaceFileFormat.detect(geoJSON, fileName: "pois.geojson"), .geojson)
        XCTAssertEqual(PlaceFileFormat.detect(geoJSON, fileName: "no-extension"), .geojson)
        XCTAssertEqual(PlaceFileFormat.detect(pbf, fileName: "extract.osm.pbf"), .osmPBF)
        XCTAssertEqual(
            PlaceFileFormat.detect(Array(pbf.prefix(64)), fileName: "renamed.csv"), .osmPBF, "content beats the name")
        XCTAssertEqual(PlaceFileFormat.detect(xml, fileName: "dh.osm"), .osmXML)
        XCTAssertEqual(PlaceFileFormat.detect(xml, fileName: "dh.txt"), .osmXML)
        XCTAssertNil(PlaceFileFormat.detect(gpx, fileName: "route.gpx"), "a GPX track is not a place file")
        // What the exporters write is recognised as what they are.
        let place = Place(
            id: "x", name: "X", coordinate: GeoPoint(latitude: 1, longitude: 2), types: [], address: "", rating: 0,
            priceLevel: -1, radius: 30, area: "t")
        XCTAssertEqual(PlaceFileFormat.detect(GeoJSONExporter.write([place]), fileName: "out.txt"), .geojson)
        XCTAssertEqual(PlaceFileFormat.detect(CSVExporter.write([place]), fileName: "out.txt"), .csv)
        XCTAssertEqual(PlaceFileFormat.detect(CSVExporter.write([Place]()), fileName: "out"), .csv)
    }

    func testGeoJSONByContent() {
        XCTAssertEqual(detect(#"{"type":"FeatureCollection","features":[]}"#), .geojson)
        XCTAssertEqual(detect("\u{FEFF}\n  { \"type\" :\n \"Feature\", \"geometry\": null}"), .geojson)
        XCTAssertEqual(
            detect(#"{"features": [{"type": "Feature"}], "type": "FeatureCollection"}"#), .geojson, "member order")
        XCTAssertNil(detect(#"{"type": "Point", "coordinates": [1, 2]}"#))
        XCTAssertNil(detect(#"{"elements": []}"#), "Overpass JSON is not GeoJSON")
        XCTAssertEqual(detect(#"{"elements": []}"#, "x.json"), .geojson, "the extension is the fallback")
    }

    func testXMLByRootElement() {
        XCTAssertEqual(detect("<osm version=\"0.6\"></osm>"), .osmXML)
        XCTAssertEqual(
            detect("<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE osm>\n<osm version=\"0.6\">"), .osmXML)
        XCTAssertNil(detect("<?xml version=\"1.0\"?><gpx version=\"1.1\"></gpx>"))
        XCTAssertNil(detect("<?xml version=\"1.0\"?><kml></kml>"))
        XCTAssertEqual(
            detect("<?xml version=\"1.0\"?><gpx/>", "oops.osm"), .osmXML, "unknown content falls back to the extension")
    }

    func testPBFMagic() {
        let header: [UInt8] = [0, 0, 0, 0x0E, 0x0A, 9] + Array("OSMHeader".utf8) + [0x18, 0x80]
        XCTAssertEqual(PlaceFileFormat.detect(header, fileName: "x"), .osmPBF)
        var wrongType = header
        wrongType[6] = UInt8(ascii: "X")
        XCTAssertNil(PlaceFileFormat.detect(wrongType, fileName: "x"))
        var hugeLength = header
        hugeLength[1] = 1
        XCTAssertNil(PlaceFileFormat.detect(hugeLength, fileName: "x"), "a BlobHeader is under 64 KiB")
        XCTAssertNil(PlaceFileFormat.detect(Array(header.prefix(10)), fileName: "x"))
    }

    func testCSVByHeader() {
        XCTAssertEqual(detect("name,lat,lon\nA,1,2\n"), .csv)
        XCTAssertEqual(detect("\u{FEFF}Name;Latitude;Longitude\r\n"), .csv)
        XCTAssertEqual(detect("x\ty\tname\n"), .csv)
        XCTAssertEqual(detect("\"name\",\"LAT\",\"LNG\"\n"), .csv)
        XCTAssertNil(detect("name,city\nA,B\n"), "no coordinates columns")
        XCTAssertEqual(detect("name,city\nA,B\n", "places.CSV"), .csv)
        XCTAssertNil(detect("just some text"))
        XCTAssertNil(detect(""))
        XCTAssertEqual(detect("", "empty.tsv"), .csv)
    }

    func testExtensionsAndNames() {
        XCTAssertEqual(PlaceFileFormat.byExtension("A.GEOJSON"), .geojson)
        XCTAssertEqual(PlaceFileFormat.byExtension("a.json"), .geojson)
        XCTAssertEqual(PlaceFileFormat.byExtension("a.osm"), .osmXML)
        XCTAssertEqual(PlaceFileFormat.byExtension("a.xml"), .osmXML)
        XCTAssertEqual(PlaceFileFormat.byExtension("a.osm.pbf"), .osmPBF)
        XCTAssertEqual(PlaceFileFormat.byExtension("a.csv"), .csv)
        XCTAssertNil(PlaceFileFormat.byExtension("a.gpx"))
        XCTAssertNil(PlaceFileFormat.byExtension("csv"))
        XCTAssertEqual(PlaceFileFormat.allCases.map(\.displayName), ["GeoJSON", "CSV", "OSM XML", "OSM PBF"])
        XCTAssertEqual(PlaceFileFormat.geojson.displayName, GeoJSONImporter.formatName)
        XCTAssertEqual(PlaceFileFormat.csv.displayName, CSVImporter.formatName)
    }
}
