import Foundation
import TestSupport
import XCTest

/// Numbers at the ends of their types, through the built binary: OSM PBF coordinate offsets at
/// ±2^63, and saved sessions edited to hold numbers the simulation never produces (1e19, ±1e308,
/// a timestamp past Int64's microseconds, an accuracy ring wider than the world). Each is
/// refused or skipped with its message, within a time budget, and the session stays as it was.
extension HostileInputTests {
    // MARK: - OSM PBF offsets

    private typealias Proto = PBFWriting.Proto

    private static func frame(_ type: String, _ data: [UInt8]) -> [UInt8] { PBFWriting.frame(type, data) }

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
        let r = try script("offsets.placescript", lines + ["show places.count", "echo ok"])
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(r.stderrText, "")
        let loaded = r.stdoutText.components(separatedBy: "\n").filter { $0.contains("skipped") }
        XCTAssertEqual(loaded.count, 3, r.stdoutText)
        for line in loaded { XCTAssertTrue(line.contains("1 without coordinates"), line) }
        XCTAssertTrue(r.stdoutText.contains("1 node with coordinates out of range"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("places.count = 174\nok\n"), r.stdoutText)
    }

    // MARK: - Saved numbers out of range

    /// Numbers an edited session file can hold but the simulation never makes: each refused with
    /// its path and the allowed range (they crashed `load`, or loaded and then crashed or hung
    /// `status`, `location` and `map`), and the session is unchanged.
    func testSavedNumbersOutOfRange() throws {
        let setup = [
            "set simulator-no-location silent", "launch", "auth allow", "locate sydney", "wait 2s", "save good.json",
        ]
        let made = try script("save.placescript", setup)
        XCTAssertEqual(made.status, 0, made.stderrText)
        let good = try String(contentsOf: directory.file("good.json"), encoding: .utf8)
        let fix = "\"horizontalAccuracy\":5,\"speed\":-1,\"course\":-1,\"timestamp\":1.4"
        let cases: [(name: String, old: String, new: String, message: String)] = [
            (
                "marker-1e19", "\"selectedMarker\":null", "\"selectedMarker\":1e19",
                "app.mapView.selectedMarker: no such marker"
            ),
            (
                "marker-1e308", "\"selectedMarker\":null", "\"selectedMarker\":-1e308",
                "app.mapView.selectedMarker: no such marker"
            ),
            ("error-1e19", "\"locationError\":null", "\"locationError\":1e19", "app.locationError: not a code"),
            ("error-1e308", "\"locationError\":null", "\"locationError\":-1e308", "app.locationError: not a code"),
            (
                "answered-1e19", "\"answered\":13", "\"answered\":1e19",
                "app.lastPlacesResponse.answered: 1e+19 is outside the allowed range 0…20"
            ),
            (
                "failed-1e308", "{\"answered\":13}", "{\"failed\":1e308}",
                "app.lastPlacesResponse.failed: not a Places error code"
            ),
            (
                "billing-1e19", "[\"findCurrentPlace\",1]", "[\"findCurrentPlace\",1e19]",
                "stats.billing[1][2]: 1e+19 is outside the allowed range 0…1000000000000000"
            ),
            (
                "billing-1e308", "[\"findCurrentPlace\",1]", "[\"findCurrentPlace\",-1e308]",
                "stats.billing[1][2]: -1e+308 is outside the allowed range 0…1000000000000000"
            ),
            (
                "timestamp-1e308", fix, fix.replacingOccurrences(of: "1.4", with: "1e308"),
                "app.locationManager.lastDelivered.timestamp: 1e+308 is outside the allowed range 0…1000000000000"
            ),
            (
                "timestamp-9.3e18", fix, fix.replacingOccurrences(of: "1.4", with: "9.3e18"),
                "app.locationManager.lastDelivered.timestamp: 9.3e+18 is outside the allowed range 0…1000000000000"
            ),
            (
                "accuracy-1e308", fix, fix.replacingOccurrences(of: ":5,", with: ":1e308,"),
                "app.locationManager.lastDelivered.horizontalAccuracy: 1e+308 is outside the allowed range 0…100000"
            ),
            (
                "accuracy-2^31", fix, fix.replacingOccurrences(of: ":5,", with: ":2147483648,"),
                "app.locationManager.lastDelivered.horizontalAccuracy: 2147483648 is outside the allowed range 0…100000"
            ),
            (
                "device-accuracy", "\"horizontalAccuracy\":5,\"speed\":-1,\"course\":-1}",
                "\"horizontalAccuracy\":2147483648,\"speed\":-1,\"course\":-1}",
                "device.position.horizontalAccuracy: 2147483648 is outside the allowed range 0…100000"
            ),
            (
                "clock-9.3e18", "\"clock\":3800000", "\"clock\":9.3e18",
                "clock: 9.3e+18 is outside the allowed range 0…1e+18"
            ),
            (
                "zoom-1e308", "\"zoom\":", "\"zoom\":1e308,\"was\":",
                "app.mapView.camera.zoom: 1e+308 is outside the allowed range 2…21"
            ),
        ]
        for c in cases {
            XCTAssertTrue(good.contains(c.old), "the saved session has no \(c.old)")
            directory.write("\(c.name).json", good.replacingOccurrences(of: c.old, with: c.new))
        }
        let before = try Data(contentsOf: directory.file("good.json"))
        let state = [
            "show clock", "show location.horizontalAccuracy", "show stats.placesRequests", "status", "location",
        ]
        let r = try script(
            "ranges.placescript", setup.dropLast() + cases.map { "load \($0.name).json" } + state + ["map", "echo ok"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderrText,
            cases.enumerated().map { n, c in
                "ranges.placescript:\(setup.count + n):6: error: cannot load '\(c.name).json': \(c.message); "
                    + "the session is unchanged\n"
            }.joined())
        XCTAssertTrue(
            r.stdoutText.contains("clock = 3.8s\nlocation.horizontalAccuracy = 5m\nstats.placesRequests = 2\n"),
            r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("ok\n"))
        XCTAssertEqual(try Data(contentsOf: directory.file("good.json")), before, "the saved file is unchanged")
    }
}

extension HostileInputTests {
    /// `save` streams the places into the file instead of building the whole JSON in memory (ten
    /// million places took 13.5 GB), and `load` reads back what it wrote.
    func testSaveStreamsALargeDatasetAndLoadReadsItBack() throws {
        let saved = try script(
            "save-large.placescript", ["places generate 100000", "save large.json"], megabytes: 60)
        XCTAssertEqual(saved.status, 0, saved.stderrText)
        XCTAssertTrue(saved.stdoutText.contains("saved the session to large.json (24,694,229 bytes)"), saved.stdoutText)
        let size = try FileManager.default.attributesOfItem(atPath: directory.file("large.json").path)[.size] as? Int
        XCTAssertEqual(size, 24_694_229)
        let loaded = try script(
            "load-large.placescript", ["load large.json", "show places.count"], megabytes: 400)
        XCTAssertEqual(loaded.status, 0, loaded.stderrText)
        XCTAssertTrue(loaded.stdoutText.hasSuffix("places.count = 100173\n"), loaded.stdoutText)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp") }, [])
    }
}

extension HostileInputTests {
    /// A test timeout too large for milliseconds trapped converting it; it is a usage error.
    func testTestRunnerTimeoutBeyondInt() throws {
        directory.write("t.placescript", "echo hi\n")
        let r = try placeshell(
            ["test", "--timeout", "99999999999999999999", "t.placescript"], "huge timeout", megabytes: 100)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(
            r.stderrText,
            "placeshell test: '99999999999999999999' is not a duration\n"
                + "help: write it as 30s, 500ms or 2m (at least 1ms), or 0 for no limit\n")
        XCTAssertEqual(r.stdoutText, "")
    }
}
