import Foundation
import TestSupport
import XCTest

/// `export geojson` writes RFC 7946 that GIS tools open: checked here by reading it back with a
/// JSON parser and holding every feature to the RFC's rules.
final class GeoJSONExportTests: XCTestCase {
    func testExportedSessionIsValidRFC7946() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        directory.write(
            "scenario.placescript",
            """
            fields +formattedAddress
            locate sydney
            launch
            auth allow
            likely
            select 2
            tap marker 1
            route start -33.869405,151.199 -33.8668,151.1959 speed=5
            wait 2min
            export geojson session.geojson
            """)
        let r = try runProcess(
            binary, ["scenario.placescript"], in: directory.url, environment: cleanEnvironment(home: directory.path),
            timeout: 60)
        XCTAssertEqual(r.status, 0, r.stderrText)
        let data = try Data(contentsOf: directory.file("session.geojson"))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(root["type"] as? String, "FeatureCollection")
        let features = try XCTUnwrap(root["features"] as? [[String: Any]])
        var kinds: [String: Int] = [:]
        for (i, f) in features.enumerated() {
            XCTAssertEqual(f["type"] as? String, "Feature", "feature \(i)")
            let properties = try XCTUnwrap(f["properties"] as? [String: Any], "feature \(i)")
            let kind = try XCTUnwrap(properties["kind"] as? String)
            kinds[kind, default: 0] += 1
            let geometry = try XCTUnwrap(f["geometry"] as? [String: Any])
            let type = try XCTUnwrap(geometry["type"] as? String)
            let coordinates = geometry["coordinates"]
            switch type {
            case "Point":
                try checkPosition(coordinates, "\(kind) \(i)")
            case "LineString":
                let line = try XCTUnwrap(coordinates as? [Any])
                XCTAssertGreaterThanOrEqual(line.count, 2, "a LineString has two positions or more")
                for p in line { try checkPosition(p, "\(kind) \(i)") }
            case "Polygon":
                let rings = try XCTUnwrap(coordinates as? [[Any]])
                for ring in rings {
                    XCTAssertGreaterThanOrEqual(ring.count, 4, "a linear ring has four positions or more")
                    let points = try ring.map { p -> (Double, Double) in
                        try checkPosition(p, "\(kind) \(i)")
                        let a = try XCTUnwrap(p as? [Double])
                        return (a[0], a[1])
                    }
                    XCTAssertEqual(points.first?.0, points.last?.0, "a ring is closed")
                    XCTAssertEqual(points.first?.1, points.last?.1, "a ring is closed")
                    // The exterior ring runs counter-clockwise (the right-hand rule): positive area.
                    var area = 0.0
                    for (a, b) in zip(points, points.dropFirst()) { area += a.0 * b.1 - b.0 * a.1 }
                    XCTAssertGreaterThan(area, 0, "\(kind): the exterior ring is counter-clockwise")
                }
            default:
                XCTFail("unexpected geometry \(type)")
            }
        }
        XCTAssertEqual(kinds["marker"], 1)
        XCTAssertEqual(kinds["device"], 1)
        XCTAssertEqual(kinds["accuracy"], 1)
        XCTAssertEqual(kinds["route"], 1)
        XCTAssertEqual(kinds["visibleRegion"], 1)
        XCTAssertGreaterThan(kinds["likely"] ?? 0, 3)
        let marker = try XCTUnwrap(
            features.first { ($0["properties"] as? [String: Any])?["kind"] as? String == "marker" })
        let markerProperties = try XCTUnwrap(marker["properties"] as? [String: Any])
        XCTAssertNotNil(markerProperties["snippet"] as? String, "formattedAddress was requested")
        XCTAssertEqual(markerProperties["infoWindow"] as? Bool, true)
    }

    func testUnwritablePathFailsAndLeavesNothing() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        let r = try runProcess(
            binary, ["-c", "export geojson no/such/dir/out.geojson"], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 120)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderrText,
            "<command-line>:1:16: error: cannot write 'no/such/dir/out.geojson': no such file or directory; no file was written\n"
        )
    }

    private func checkPosition(_ value: Any?, _ what: String) throws {
        let p = try XCTUnwrap(value as? [Double], "\(what): a position is an array of numbers")
        XCTAssertEqual(p.count, 2, what)
        XCTAssertTrue((-180...180).contains(p[0]), "\(what): longitude first, in range: \(p)")
        XCTAssertTrue((-90...90).contains(p[1]), "\(what): latitude second, in range: \(p)")
    }
}
