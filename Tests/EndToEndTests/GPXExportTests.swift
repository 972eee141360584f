import Foundation
import TestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `route export` writes the route in the shape of Xcode's own location files (a `gpx` 1.1 root
/// made by "Xcode", one `wpt` a waypoint, each with a UTC `time` in whole seconds), and `route
/// gpx` reads it back as the same route: the same positions, the same length and, to the
/// second, the same duration. Checked on every GPX file the repository holds, on the scenario
/// routes and waypoints, and on the real tracks beside the repository when they are there.
final class GPXExportTests: XCTestCase {
    /// What an exported file holds, read with an XML parser.
    final class XcodeGPX: NSObject, XMLParserDelegate {
        var root: [String: String]?
        var others: [String] = []
        var points: [(lat: Double, lon: Double, times: [String])] = []
        var names: [String] = []
        private var path: [String] = []
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if path.isEmpty {
                root = name == "gpx" ? attributes : nil
            } else if path == ["gpx"] && name == "wpt" {
                points.append((Double(attributes["lat"] ?? "") ?? .nan, Double(attributes["lon"] ?? "") ?? .nan, []))
            } else if path == ["gpx", "wpt"] && (name == "time" || name == "name") {
                text = ""
            } else {
                others.append((path + [name]).joined(separator: "/"))
            }
            path.append(name)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
            if path == ["gpx", "wpt"] && name == "time" { points[points.count - 1].times.append(text) }
            if path == ["gpx", "wpt"] && name == "name" { names.append(text) }
        }
    }

    /// The route as `show route` gives it, in JSON.
    struct RouteShape {
        var length: Double
        var duration: Double
    }

    /// Follows `start` (a route command), exports the route, follows the file: the two routes,
    /// and the file.
    func exportAndReadBack(_ start: String, export: String, in directory: TemporaryDirectory) throws -> (
        RouteShape, RouteShape, XcodeGPX
    )? {
        guard let binary = Paths.binaryOrFail() else { return nil }
        let r = try runProcess(
            binary, ["--json", "-c", "\(start); show route; \(export); route gpx out.gpx; show route"],
            in: directory.url, environment: cleanEnvironment(home: directory.path), timeout: 120)
        XCTAssertEqual(r.status, 0, r.stderrText)
        var shapes: [RouteShape] = []
        for line in r.stdoutText.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["command"] as? String == "show", let route = object["result"] as? [String: Any]
            else { continue }
            shapes.append(
                RouteShape(
                    length: route["length"] as? Double ?? .nan, duration: route["duration"] as? Double ?? .nan))
        }
        XCTAssertEqual(shapes.count, 2, r.stdoutText)
        guard shapes.count == 2 else { return nil }
        let parser = try XCTUnwrap(XMLParser(contentsOf: directory.file("out.gpx")))
        let file = XcodeGPX()
        parser.delegate = file
        XCTAssertTrue(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        return (shapes[0], shapes[1], file)
    }

    /// Holds a file to the shape of Xcode's and the two routes to each other.
    func check(
        _ start: String, waypoints: Int? = nil, export: String = "route export out.gpx", file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let directory = TemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.fixtures.path + "/gpx") {
            directory.write(name, try Repository.bytes("Tests/Fixtures/gpx/" + name))
        }
        guard let (before, after, gpx) = try exportAndReadBack(start, export: export, in: directory) else { return }
        XCTAssertEqual(gpx.root?["version"], "1.1", file: file, line: line)
        XCTAssertEqual(gpx.root?["creator"], "Xcode", file: file, line: line)
        XCTAssertEqual(gpx.others, [], "only wpt, their time and the first one's name", file: file, line: line)
        XCTAssertEqual(gpx.names.count, 1, "the route's name, on the first waypoint", file: file, line: line)
        if let waypoints { XCTAssertEqual(gpx.points.count, waypoints, file: file, line: line) }
        var last = ""
        for p in gpx.points {
            XCTAssertTrue((-90...90).contains(p.lat) && (-180...180).contains(p.lon), file: file, line: line)
            XCTAssertEqual(p.times.count, 1, file: file, line: line)
            let time = p.times.first ?? ""
            XCTAssertNotNil(
                time.range(
                    of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{3})?Z$"#,
                    options: .regularExpression),
                time, file: file, line: line)
            XCTAssertGreaterThanOrEqual(time, last, "times never go back", file: file, line: line)
            last = time
        }
        XCTAssertEqual(after.length, before.length, accuracy: max(0.01, before.length * 1e-9), file: file, line: line)
        // Whole seconds: each waypoint within half a second, so the end within one.
        XCTAssertEqual(after.duration, before.duration, accuracy: 1, file: file, line: line)
        if export.contains("--milliseconds") {
            XCTAssertEqual(after.duration, before.duration, accuracy: 0.002, file: file, line: line)
            XCTAssertTrue(gpx.points.contains { $0.times.first?.contains(".") == true }, file: file, line: line)
        }
    }

    func testExportedRoutesReadBackAsTheSameRoute() throws {
        try check("route start -33.8694,151.199 -33.8655,151.1955 -33.8650,151.1956 speed=1.4", waypoints: 3)
        try check("route run city-run", waypoints: 5)
        try check("route run freeway-drive", waypoints: 6)
        try check("route gpx drive-garmin.gpx", waypoints: 12)
        try check("route gpx route-gpx10.gpx", waypoints: 8)
        try check("route gpx loop-with-elevation.gpx", waypoints: 8)
        try check("route gpx stationary.gpx", waypoints: 3)
    }

    func testRealTracksReadBackAsTheSameRoute() throws {
        for name in [
            "gpxpy_around-visnjan-with-car.gpx", "gpxpy_route.gpx", "georust_ecology-trail-and-lovers-lane-loop.gpx",
        ] {
            let url = try RealData.url("gpx/" + name, smallerCase: "testExportedRoutesReadBackAsTheSameRoute")
            // Points metres apart at 20 m/s: whole seconds would move them, milliseconds do not.
            try check("route gpx '\(url.path)'", export: "route export out.gpx --milliseconds")
        }
    }

    func testExportWithoutARouteFailsAndSaysWhy() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        let r = try runProcess(
            binary, ["-c", "locate none; route export out.gpx"], in: directory.url,
            environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderrText.contains("error: no route to export"), r.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("out.gpx").path))
    }

    /// Without a route, the device's fixed position is Xcode's one-waypoint fixed location.
    func testAFixedPositionIsOneWaypoint() throws {
        let directory = TemporaryDirectory()
        guard let binary = Paths.binaryOrFail() else { return }
        let r = try runProcess(
            binary, ["-c", "locate 0.0000001 151.2; route export one.gpx; route gpx one.gpx; location"],
            in: directory.url, environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(r.status, 0, r.stderrText)
        let text = try String(contentsOf: directory.file("one.gpx"), encoding: .utf8)
        XCTAssertTrue(text.contains("<wpt lat=\"0.0000001\" lon=\"151.2\">"), text)
        XCTAssertTrue(r.stdoutText.contains("has one point"), r.stdoutText)
    }

    /// The notes of an export are in its JSON result too.
    func testNotesAreInTheJSON() throws {
        let directory = TemporaryDirectory()
        guard let binary = Paths.binaryOrFail() else { return }
        let r = try runProcess(
            binary,
            ["--json", "-c", "route start -33.8694,151.199 -33.8655,151.1955 distance=10; route export j.gpx"],
            in: directory.url, environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(r.status, 0, r.stderrText)
        let last = try XCTUnwrap(r.stdoutText.split(separator: "\n").last)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let notes = try XCTUnwrap((object["result"] as? [String: Any])?["notes"] as? [String])
        XCTAssertTrue(notes.contains { $0.contains("distance=10") }, "\(notes)")
    }
}
