import Foundation
import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The GPX importer: the real files in ../shared/data/gpx, every odd case and error path on
/// hand-made files, the XML scanner's features, and robustness on cut and mangled input.
final class GPXTests: XCTestCase {
    // MARK: - Helpers

    private func parse(_ text: String) -> Result<GPXTrack, GPXError> { GPX.parse(Array(text.utf8)) }

    /// The track, or a test failure naming the error.
    private func track(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> GPXTrack? {
        switch parse(text) {
        case .success(let t): return t
        case .failure(let e):
            XCTFail("unexpected error \(e.message) at \(e.line):\(e.column)", file: file, line: line)
            return nil
        }
    }

    /// The error, or a test failure when the input was accepted.
    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> GPXError? {
        switch GPX.parse(bytes) {
        case .success(let t):
            XCTFail("expected an error, got \(t.points.count) points", file: file, line: line)
            return nil
        case .failure(let e): return e
        }
    }

    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> GPXError? {
        failure(Array(text.utf8), file: file, line: line)
    }

    /// Checks an error's exact message and its position.
    private func assertError(
        _ text: String, _ message: String, line: Int, column: Int,
        file: StaticString = #filePath, testLine: UInt = #line
    ) {
        assertError(Array(text.utf8), message, line: line, column: column, file: file, testLine: testLine)
    }

    private func assertError(
        _ bytes: [UInt8], _ message: String, line: Int, column: Int,
        file: StaticString = #filePath, testLine: UInt = #line
    ) {
        guard let e = failure(bytes, file: file, line: testLine) else { return }
        XCTAssertEqual(e.message, message, file: file, line: testLine)
        XCTAssertEqual(e.line, line, "line of: \(e.message)", file: file, line: testLine)
        XCTAssertEqual(e.column, column, "column of: \(e.message)", file: file, line: testLine)
    }

    /// A GPX 1.1 file with one track segment of the given `<trkpt>` elements, one per line from
    /// line 4 on.
    private func trackFile(_ points: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>Test</name><trkseg>
        \(points.joined(separator: "\n"))
        </trkseg></trk>
        </gpx>
        """
    }

    /// A timed track point on one line.
    private func timed(_ time: String, lat: String = "-33.8688", lon: String = "151.2093") -> String {
        "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><time>\(time)</time></trkpt>"
    }

    /// A real GPX file in ../shared/data/gpx; without that folder the test is skipped, naming
    /// `smallerCase`, the test that covers the same on a file in Tests/Fixtures/gpx.
    private func realFile(_ name: String, smallerCase: String) throws -> [UInt8] {
        try RealData.bytes("gpx/" + name, smallerCase: smallerCase)
    }

    /// A GPX file the repository ships for its tests (Tests/Fixtures/gpx).
    private func fixture(_ name: String) throws -> [UInt8] {
        try Repository.bytes("Tests/Fixtures/gpx/" + name)
    }

    private func track(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> GPXTrack {
        switch GPX.parse(bytes) {
        case .success(let t): return t
        case .failure(let e):
            XCTFail("\(e.message) at \(e.line):\(e.column)", file: file, line: line)
            throw e
        }
    }

    // MARK: - Real files

    func testRealFolderHasTheFourFiles() throws {
        let folder = try RealData.url("gpx", smallerCase: "testFixtureFolderHasTheFourFiles")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(
            names.filter { $0.hasSuffix(".gpx") }.sorted(),
            [
                "georust_ecology-trail-and-lovers-lane-loop.gpx", "georust_wikipedia_example.gpx",
                "gpxpy_around-visnjan-with-car.gpx", "gpxpy_route.gpx",
            ])
    }

    func testGarminCarDriveInVisnjan() throws {
        let t = try track(try realFile("gpxpy_around-visnjan-with-car.gpx", smallerCase: "testGarminStyleDrive"))
        XCTAssertEqual(t.version, "1.1")
        XCTAssertEqual(t.kind, .track)
        XCTAssertEqual(t.name, "2020-12-18 07:24:29")
        XCTAssertEqual(t.points.count, 104)
        XCTAssertEqual(
            t.points.first,
            GPXPoint(latitude: 45.2735188510, longitude: 13.7142099626, time: 1_608_272_150, elevation: 211.15))
        XCTAssertEqual(t.points[1].time, 1_608_272_160)  // 06:16:00Z
        XCTAssertEqual(
            t.points.last,
            GPXPoint(latitude: 45.2733349521, longitude: 13.7139970623, time: 1_608_272_664, elevation: 210.67))
        XCTAssertTrue(t.points.allSatisfy { $0.time != nil })
        // The track's <extensions> (a display colour) is the only odd thing about it.
        XCTAssertEqual(t.warnings, ["ignored 1 <extensions> element (vendor data)"])
    }

    func testGPX10RouteWithNamedPointsAndNoTimes() throws {
        let t = try track(try realFile("gpxpy_route.gpx", smallerCase: "testGPX10RouteFixture"))
        XCTAssertEqual(t.version, "1.0")
        XCTAssertEqual(t.kind, .route)
        XCTAssertNil(t.name)
        XCTAssertEqual(t.points.count, 55)
        XCTAssertEqual(t.points.first, GPXPoint(latitude: 45.2787641494, longitude: 13.726695478, name: "#001"))
        XCTAssertEqual(t.points[5], GPXPoint(latitude: 45.279001012, longitude: 13.7315194309, name: "#006"))
        XCTAssertEqual(t.points.last, GPXPoint(latitude: 45.2787783011, longitude: 13.7266552448, name: "#055"))
        XCTAssertTrue(t.points.allSatisfy { $0.time == nil && $0.elevation == nil })
        XCTAssertEqual(t.warnings, [])  // no times at all is normal for a route, not "partial"
    }

    func testAllTrailsRouteWithElevations() throws {
        let t = try track(
            try realFile("georust_ecology-trail-and-lovers-lane-loop.gpx", smallerCase: "testLoopWithElevations"))
        XCTAssertEqual(t.version, "1.1")
        XCTAssertEqual(t.kind, .route)
        XCTAssertEqual(t.name, "Trail Planner Map on AllTrails")  // the route's, not metadata's
        XCTAssertEqual(t.points.count, 139)
        XCTAssertEqual(t.points.first, GPXPoint(latitude: 37.79804, longitude: -122.45744, elevation: 28))
        XCTAssertEqual(t.points[2], GPXPoint(latitude: 37.79733, longitude: -122.45798, elevation: 34))
        XCTAssertEqual(t.points.last, GPXPoint(latitude: 37.79804, longitude: -122.45744, elevation: 28))
        XCTAssertTrue(t.points.allSatisfy { $0.time == nil && $0.elevation != nil })
        XCTAssertEqual(t.warnings, [])
    }

    func testWikipediaExampleIsAStationaryDevice() throws {
        let t = try track(try realFile("georust_wikipedia_example.gpx", smallerCase: "testStationaryFixture"))
        XCTAssertEqual(t.kind, .track)
        XCTAssertEqual(t.name, "Example GPX Document")
        XCTAssertEqual(
            t.points,
            [
                GPXPoint(latitude: 47.644548, longitude: -122.326897, time: 1_255_804_646, elevation: 4.46),
                GPXPoint(latitude: 47.644548, longitude: -122.326897, time: 1_255_804_651, elevation: 4.94),
                GPXPoint(latitude: 47.644548, longitude: -122.326897, time: 1_255_804_654, elevation: 6.87),
            ])
        XCTAssertEqual(t.warnings, [])
    }

    /// Every prefix of a real file is an error until the root element is closed (the scanner is
    /// strict), and none crashes or hangs.
    func testEveryPrefixOfARealFileIsAnErrorUntilTheRootCloses() throws {
        let bytes = try realFile(
            "georust_wikipedia_example.gpx",
            smallerCase: "testEveryPrefixOfTheStationaryFixtureIsAnErrorUntilTheRootCloses")
        try checkPrefixes(bytes, points: 3)
    }

    func testEveryPrefixOfTheStationaryFixtureIsAnErrorUntilTheRootCloses() throws {
        try checkPrefixes(try fixture("stationary.gpx"), points: 3)
    }

    private func checkPrefixes(_ bytes: [UInt8], points: Int) throws {
        let close = Array("</gpx>".utf8)
        let rootEnd =
            (0...(bytes.count - close.count)).last { Array(bytes[$0..<($0 + close.count)]) == close }! + close.count
        for n in 0..<bytes.count {
            let result = GPX.parse(Array(bytes[0..<n]))
            if n < rootEnd {
                guard case .failure(let e) = result else {
                    XCTFail("a prefix of \(n) bytes was accepted")
                    continue
                }
                XCTAssertGreaterThanOrEqual(e.line, 1)
                XCTAssertGreaterThanOrEqual(e.column, 1)
            } else {
                guard case .success(let t) = result else {
                    XCTFail("the file up to byte \(n) (after </gpx>) was refused")
                    continue
                }
                XCTAssertEqual(t.points.count, points)
            }
        }
    }

    // MARK: - The repository's own files, one for each kind of real file

    func testFixtureFolderHasTheFourFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: Repository.fixtures.appendingPathComponent("gpx").path)
        XCTAssertEqual(
            names.filter { $0.hasSuffix(".gpx") }.sorted(),
            ["drive-garmin.gpx", "loop-with-elevation.gpx", "route-gpx10.gpx", "stationary.gpx"])
    }

    func testGarminStyleDrive() throws {
        let t = try track(try fixture("drive-garmin.gpx"))
        XCTAssertEqual(t.version, "1.1")
        XCTAssertEqual(t.kind, .track)
        XCTAssertEqual(t.name, "2024-05-01 18:00:00")
        XCTAssertEqual(t.points.count, 12)
        XCTAssertEqual(
            t.points.first, GPXPoint(latitude: -33.86905, longitude: 151.1983, time: 1_714_550_400, elevation: 12))
        XCTAssertEqual(t.points[1].time, 1_714_550_410)  // 08:00:10Z
        XCTAssertEqual(
            t.points.last, GPXPoint(latitude: -33.87260, longitude: 151.20372, time: 1_714_550_475, elevation: 16.4))
        XCTAssertTrue(t.points.allSatisfy { $0.time != nil })
        XCTAssertEqual(t.warnings, ["ignored 1 <extensions> element (vendor data)"])
    }

    func testGPX10RouteFixture() throws {
        let t = try track(try fixture("route-gpx10.gpx"))
        XCTAssertEqual(t.version, "1.0")
        XCTAssertEqual(t.kind, .route)
        XCTAssertNil(t.name)
        XCTAssertEqual(t.points.count, 8)
        XCTAssertEqual(t.points.first, GPXPoint(latitude: -33.8690, longitude: 151.2001, name: "#001"))
        XCTAssertEqual(t.points[5], GPXPoint(latitude: -33.8718, longitude: 151.2022, name: "#006"))
        XCTAssertEqual(t.points.last, GPXPoint(latitude: -33.8734, longitude: 151.2029, name: "#008"))
        XCTAssertTrue(t.points.allSatisfy { $0.time == nil && $0.elevation == nil })
        XCTAssertEqual(t.warnings, [])
    }

    func testLoopWithElevations() throws {
        let t = try track(try fixture("loop-with-elevation.gpx"))
        XCTAssertEqual(t.version, "1.1")
        XCTAssertEqual(t.kind, .route)
        XCTAssertEqual(t.name, "Cockle Bay loop")  // the route's, not metadata's
        XCTAssertEqual(t.points.count, 8)
        XCTAssertEqual(t.points.first, GPXPoint(latitude: -33.8694, longitude: 151.2012, elevation: 4))
        XCTAssertEqual(t.points[4], GPXPoint(latitude: -33.8718, longitude: 151.2038, elevation: 14))
        XCTAssertEqual(t.points.last, t.points.first)
        XCTAssertTrue(t.points.allSatisfy { $0.time == nil && $0.elevation != nil })
        XCTAssertEqual(t.warnings, [])
    }

    func testStationaryFixture() throws {
        let t = try track(try fixture("stationary.gpx"))
        XCTAssertEqual(t.kind, .track)
        XCTAssertEqual(t.name, "Standing still")
        XCTAssertEqual(
            t.points,
            [
                GPXPoint(latitude: -33.8712, longitude: 151.2021, time: 1_714_550_400, elevation: 2.5),
                GPXPoint(latitude: -33.8712, longitude: 151.2021, time: 1_714_550_405, elevation: 2.9),
                GPXPoint(latitude: -33.8712, longitude: 151.2021, time: 1_714_550_408, elevation: 3.1),
            ])
        XCTAssertEqual(t.warnings, [])
    }

    func testXcodeSingleWaypointIsAFixedLocation() throws {
        let file = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="Xcode">
                <wpt lat="37.331705" lon="-122.030237">
                    <name>Cupertino</name>
                    <time>2014-09-24T14:55:37Z</time>
                </wpt>
            </gpx>
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(t.kind, .waypoints)
        XCTAssertNil(t.name)
        XCTAssertEqual(
            t.points, [GPXPoint(latitude: 37.331705, longitude: -122.030237, time: 1_411_570_537, name: "Cupertino")])
        XCTAssertEqual(t.warnings, [])
    }

    func testTracksWinOverRoutesAndRoutesOverWaypoints() throws {
        let file = """
            <gpx version="1.1"><metadata><name>File</name></metadata>
            <wpt lat="1" lon="1"/><wpt lat="2" lon="2"/>
            <rte><rtept lat="3" lon="3"/></rte>
            <trk><trkseg><trkpt lat="4" lon="4"/></trkseg><trkseg><trkpt lat="5" lon="5"/></trkseg></trk>
            <trk><name>Second</name><trkseg><trkpt lat="6" lon="6"/></trkseg></trk>
            </gpx>
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(t.kind, .track)
        XCTAssertEqual(t.points.map(\.latitude), [4, 5, 6])  // all tracks and segments, in order
        XCTAssertEqual(t.name, "Second")  // the first <name> among the tracks
        XCTAssertEqual(
            t.warnings,
            [
                "the file also has 2 waypoints (<wpt>): not used, the track points are",
                "the file also has 1 route points (<rtept>): not used, the track points are",
            ])

        let routes = """
            <gpx version="1.1"><metadata><name>File</name></metadata><wpt lat="1" lon="1"/>
            <rte><rtept lat="3" lon="3"/></rte><rte><name>R2</name><rtept lat="7" lon="7"/></rte></gpx>
            """
        guard let r = track(routes) else { return }
        XCTAssertEqual(r.kind, .route)
        XCTAssertEqual(r.points.map(\.latitude), [3, 7])
        XCTAssertEqual(r.name, "R2")

        let waypoints = #"<gpx version="1.1"><metadata><name>File</name></metadata><wpt lat="1" lon="1"/></gpx>"#
        XCTAssertEqual(track(waypoints)?.name, "File")  // falls back to the file's name
        let unnamedTrack =
            #"<gpx version="1.1"><metadata><name>File</name></metadata><trk><trkseg><trkpt lat="1" lon="1"/></trkseg></trk></gpx>"#
        XCTAssertEqual(track(unnamedTrack)?.name, "File")
    }

    func testMisplacedPointsAreNotUsed() throws {
        let file = """
            <gpx version="1.1">
            <trk><trkpt lat="9" lon="9"/><trkseg><trkpt lat="1" lon="1"/></trkseg></trk>
            <rtept lat="8" lon="8"/>
            </gpx>
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.latitude), [1])
        XCTAssertEqual(t.warnings, ["ignored 2 points not inside <gpx>, <rte> or <trk><trkseg> (first at line 2)"])
    }

    // MARK: - Times

    func testTimeFormats() throws {
        XCTAssertEqual(GPX.time("2020-04-12T10:00:00Z")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("1970-01-01T00:00:00Z")?.seconds, 0)
        XCTAssertEqual(GPX.time("1969-12-31T23:59:59Z")?.seconds, -1)
        XCTAssertEqual(GPX.time("2020-04-12T10:00:00.123Z")!.seconds, 1_586_685_600.123, accuracy: 1e-6)
        XCTAssertEqual(GPX.time("2020-04-12T10:00:00.000001Z")!.seconds - 1_586_685_600, 0.000001, accuracy: 3e-7)
        XCTAssertEqual(GPX.time("2020-04-12T10:00:00.5")!.seconds, 1_586_685_600.5)
        XCTAssertEqual(
            GPX.time("2020-04-12T10:00:00.123456789012345678901Z")!.seconds, 1_586_685_600.123457, accuracy: 1e-5)
        XCTAssertEqual(GPX.time("2020-04-12T10:00:00+00:00")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("2020-04-12T03:00:00-07:00")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("2020-04-12T15:30:00+0530")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("2020-04-12T15:00:00+05")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("2020-04-12t10:00:00z")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("2020-04-12 10:00:00Z")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("  2020-04-12T10:00:00Z\n")?.seconds, 1_586_685_600)
        XCTAssertEqual(GPX.time("2020-04-12T10:00:00Z")?.hasOffset, true)
        XCTAssertEqual(GPX.time("2020-04-12T10:00:00"), GPX.ParsedTime(seconds: 1_586_685_600, hasOffset: false))
        // Before 1970: negative, by our own calendar arithmetic.
        XCTAssertEqual(GPX.time("1901-12-13T20:45:52Z")?.seconds, -2_147_483_648)
        XCTAssertEqual(GPX.time("0001-01-01T00:00:00Z")?.seconds, -62_135_596_800)
        XCTAssertEqual(GPX.time("9999-12-31T23:59:59Z")?.seconds, 253_402_300_799)
        XCTAssertEqual(GPX.time("2000-02-29T00:00:00Z")?.seconds, 951_782_400)
        XCTAssertEqual(GPX.time("2016-12-31T23:59:60Z")?.seconds, 1_483_228_800)  // leap second
    }

    func testMalformedTimes() throws {
        for text in [
            "", "yesterday", "2020-04-12", "2020-04-12T10:00Z", "2020-4-12T10:00:00Z", "2020-04-12T10:00:00ZZ",
            "2020-13-01T00:00:00Z", "2020-00-01T00:00:00Z", "2020-04-31T00:00:00Z", "2021-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z", "2020-04-12T24:00:00Z", "2020-04-12T10:60:00Z", "2020-04-12T10:00:61Z",
            "2020-04-12T10:00:00.Z", "2020-04-12T10:00:00+", "2020-04-12T10:00:00+24:00", "2020-04-12T10:00:00+05:60",
            "2020-04-12T10:00:00+5", "2020-04-12X10:00:00Z", "+2020-04-12T10:00:00Z", "20200412T100000Z",
        ] {
            XCTAssertNil(GPX.time(text), text)
        }
    }

    func testCivilDatesRoundTrip() throws {
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let (y, m, d) = CivilDate.civilFromDays(days)
            XCTAssertEqual(CivilDate.daysFromCivil(year: y, month: m, day: d), days)
        }
        XCTAssertEqual(GPX.format(-2_147_483_648), "1901-12-13T20:45:52Z")
        XCTAssertEqual(GPX.format(1_586_685_600.25), "2020-04-12T10:00:00.250Z")
    }

    func testPartialTimesAreKeptAndReported() throws {
        let file = trackFile([
            timed("2020-04-12T10:00:00Z"),
            #"<trkpt lat="-33.8689" lon="151.2094"/>"#,
            timed("2020-04-12T10:00:10Z"),
            #"<trkpt lat="-33.8690" lon="151.2095"><ele>5</ele></trkpt>"#,
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [1_586_685_600, nil, 1_586_685_610, nil])
        XCTAssertEqual(t.warnings, ["2 of 4 points have no time"])
    }

    func testIdenticalTimesAreKeptAndReported() throws {
        let file = trackFile([
            timed("2020-04-12T10:00:00Z"), timed("2020-04-12T10:00:00Z", lat: "-33.87"), timed("2020-04-12T10:00:05Z"),
            timed("2020-04-12T10:00:05Z"),
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [1_586_685_600, 1_586_685_600, 1_586_685_605, 1_586_685_605])
        XCTAssertEqual(t.warnings, ["2 points have the same time as the timed point before (first at line 5): kept"])
    }

    func testDecreasingTimeIsDroppedSoTimesNeverDecrease() throws {
        let file = trackFile([
            timed("2020-04-12T10:00:00Z"), timed("2020-04-12T10:05:00Z"), timed("2020-04-12T10:02:00Z"),
            timed("2020-04-12T10:10:00Z"),
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [1_586_685_600, 1_586_685_900, nil, 1_586_686_200])
        XCTAssertEqual(
            t.warnings,
            [
                "1 time out of order (first at line 6: 2020-04-12T10:02:00Z after 2020-04-12T10:05:00Z): dropped so that times never decrease; those points have no time",
                "1 of 4 points have no time",
            ])
    }

    func testAnEarlyOutlierTimeIsTheOneDropped() throws {
        let file = trackFile([
            timed("2020-04-12T11:00:00Z"), timed("2020-04-12T10:00:00Z"), timed("2020-04-12T10:00:01Z"),
            timed("2020-04-12T10:00:02Z"),
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [nil, 1_586_685_600, 1_586_685_601, 1_586_685_602])
        XCTAssertEqual(
            t.warnings[0],
            "1 time out of order (first at line 4: 2020-04-12T11:00:00Z, later than the times after it): dropped so that times never decrease; those points have no time"
        )
        // Two points going back: the earlier point keeps its time.
        let two = trackFile([timed("2020-04-12T10:00:00Z"), timed("2020-04-12T09:00:00Z")])
        XCTAssertEqual(track(two)?.points.map(\.time), [1_586_685_600, nil])
    }

    func testLongestNonDecreasingKeepsMostTimes() throws {
        XCTAssertEqual(GPXReader.longestNonDecreasing([]), [])
        XCTAssertEqual(GPXReader.longestNonDecreasing([1, 2, 2, 3]), [0, 1, 2, 3])
        XCTAssertEqual(GPXReader.longestNonDecreasing([5, 1, 2, 3, 4, 0]), [1, 2, 3, 4])
        XCTAssertEqual(GPXReader.longestNonDecreasing([3, 2, 1]), [0])
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 1...12, using: &rng)).map { _ in Double(Int.random(in: 0...5, using: &rng))
            }
            let keep = GPXReader.longestNonDecreasing(values)
            XCTAssertEqual(keep, keep.sorted())
            for k in keep.indices.dropFirst() { XCTAssertLessThanOrEqual(values[keep[k - 1]], values[keep[k]]) }
            // Quadratic reference for the length.
            var best = [Int](repeating: 1, count: values.count)
            for i in values.indices {
                for j in 0..<i where values[j] <= values[i] { best[i] = max(best[i], best[j] + 1) }
            }
            XCTAssertEqual(keep.count, best.max()!, "\(values)")
        }
    }

    func testAbsurdDatesAmongPlausibleOnesAreDropped() throws {
        let file = trackFile([
            timed("1901-12-13T20:45:52Z"), timed("2020-04-12T10:00:00Z"), timed("9999-12-31T23:59:59Z"),
            timed("2020-04-12T10:00:02Z"),
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [nil, 1_586_685_600, nil, 1_586_685_602])
        XCTAssertEqual(
            t.warnings,
            [
                "2 times before 1980 or after 2099 (1901-12-13T20:45:52Z at line 4, 9999-12-31T23:59:59Z at line 6): dropped, since the other times are plausible; those points have no time",
                "2 of 4 points have no time",
            ])
    }

    func testAllAbsurdDatesAreKeptForTheirPace() throws {
        let file = trackFile([timed("1901-12-13T20:45:52Z"), timed("1901-12-13T20:45:57Z")])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [-2_147_483_648, -2_147_483_643])
        XCTAssertEqual(
            t.warnings,
            [
                "all 2 times are before 1980 or after 2099 (1901-12-13T20:45:52Z at line 4, 1901-12-13T20:45:57Z at line 5): kept, since the pace between them may still be right"
            ])
    }

    func testMalformedTimeIsAWarningAndThePointHasNoTime() throws {
        let file = trackFile([
            timed("2020-04-12T10:00:00Z"), timed("12/04/2020 10:00"), timed("2020-04-12T10:00:09.5+00:00"),
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [1_586_685_600, nil, 1_586_685_609.5])
        XCTAssertEqual(
            t.warnings,
            [
                "the <time> at line 5 is not an ISO 8601 time (\"12/04/2020 10:00\"): that point has no time",
                "1 of 3 points have no time",
            ])
    }

    func testTimesWithoutOffsetAreReadAsUTC() throws {
        let file = trackFile([timed("2020-04-12T10:00:00"), timed("2020-04-12T10:00:01")])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.time), [1_586_685_600, 1_586_685_601])
        XCTAssertEqual(t.warnings, ["2 times without a time zone offset read as UTC (first at line 4)"])
    }

    // MARK: - Positions

    func testBadPositionsAreSkippedWithTheirLine() throws {
        let file = trackFile([
            #"<trkpt lon="151.2"/>"#,
            #"<trkpt lat="-33.8"/>"#,
            #"<trkpt lat="abc" lon="151.2"/>"#,
            #"<trkpt lat="NaN" lon="151.2"/>"#,
            #"<trkpt lat="91" lon="151.2"/>"#,
            #"<trkpt lat="-33.8" lon="-180.5"/>"#,
            #"<trkpt lat="0x10" lon="1"/>"#,
            #"<trkpt lat="1e999" lon="1"/>"#,
            #"<trkpt lat="" lon="1"/>"#,
            #"<trkpt lat="-90" lon="180"/>"#,
            #"<trkpt lat=" 1.5 " lon="-1e2"/>"#,
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points, [GPXPoint(latitude: -90, longitude: 180), GPXPoint(latitude: 1.5, longitude: -100)])
        XCTAssertEqual(
            t.warnings,
            [
                "skipped the <trkpt> at line 4: it has no lat attribute",
                "skipped the <trkpt> at line 5: it has no lon attribute",
                "skipped the <trkpt> at line 6: lat \"abc\" is not a number",
                "skipped the <trkpt> at line 7: lat \"NaN\" is not a number",
                "skipped the <trkpt> at line 8: lat 91 is out of range (-90 to 90)",
                "skipped the <trkpt> at line 9: lon -180.5 is out of range (-180 to 180)",
                "skipped the <trkpt> at line 10: lat \"0x10\" is not a number",
                "skipped the <trkpt> at line 11: lat \"1e999\" is not a number",
                "skipped the <trkpt> at line 12: lat \"\" is not a number",
            ])
    }

    func testManyBadPointsAreListedTenThenCounted() throws {
        let file = trackFile((0..<25).map { _ in #"<trkpt lat="x" lon="1"/>"# } + [#"<trkpt lat="1" lon="1"/>"#])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.count, 1)
        XCTAssertEqual(t.warnings.count, 11)
        XCTAssertEqual(t.warnings[9], "skipped the <trkpt> at line 13: lat \"x\" is not a number")
        XCTAssertEqual(t.warnings[10], "…and 15 more points skipped for a bad position")
    }

    func testNumbers() throws {
        XCTAssertEqual(GPX.number("45.2735188510"), 45.2735188510)
        XCTAssertEqual(GPX.number("-122.457440"), -122.45744)
        XCTAssertEqual(GPX.number("+1"), 1)
        XCTAssertEqual(GPX.number(".5"), 0.5)
        XCTAssertEqual(GPX.number("5."), 5)
        XCTAssertEqual(GPX.number("1E3"), 1000)
        XCTAssertEqual(GPX.number("37.798040000000000000001"), 37.79804)
        XCTAssertEqual(GPX.number("0.1000000000000000055511151231257827"), 0.1)
        XCTAssertEqual(GPX.number("123456789012345678901234"), 123456789012345678901234.0)
        for bad in ["", " ", "-", ".", "e5", "1e", "1.2.3", "NaN", "nan", "inf", "-Infinity", "0x1p3", "1,5", "1 2"] {
            XCTAssertNil(GPX.number(bad), bad)
        }
        // The fast path agrees with the standard library on many random short decimals.
        var rng = SeededRandom(seed: 42)
        for _ in 0..<2000 {
            let text = "\(Int.random(in: -180...180, using: &rng)).\(Int.random(in: 0...9_999_999_999, using: &rng))"
            XCTAssertEqual(GPX.number(text), Double(text), text)
        }
        // Both paths, at and across their edges: 1 to 24 digits, the dot anywhere or nowhere,
        // signs, leading zeros, mantissas on either side of 2^53 and of 19 digits.
        for _ in 0..<20000 {
            let count = Int.random(in: 1...24, using: &rng)
            var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
            if Bool.random(using: &rng) {
                digits = String(repeating: "0", count: Int.random(in: 1...4, using: &rng)) + digits
            }
            if Int.random(in: 0...3, using: &rng) > 0 {
                let dot = Int.random(in: 0...digits.count, using: &rng)
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: dot))
            }
            let text = ["", "-", "+"][Int.random(in: 0...2, using: &rng)] + digits
            let expected = Double(text)
            XCTAssertEqual(GPX.number(text).map(\.bitPattern), expected.map(\.bitPattern), text)
            // Inside a longer buffer, as a file's field: the bytes around it (digits, a dot, text)
            // must not count.
            let before = Array(["", "9", "1.5,"][Int.random(in: 0...2, using: &rng)].utf8)
            let afters = ["", ",", "7", ".25", "123456789012345678", "e5"]
            let after = Array(afters[Int.random(in: 0..<afters.count, using: &rng)].utf8)
            let buffer = before + Array(text.utf8) + after
            let read = buffer.withUnsafeBufferPointer { GPX.number($0, before.count..<(buffer.count - after.count)) }
            XCTAssertEqual(read.map(\.bitPattern), expected.map(\.bitPattern), "\(text) in \(buffer)")
        }
        for text in [
            "9007199254740993", "9007199254740993.0", "0.9007199254740993", "9999999999999999999", "-0", "-0.0",
        ] {
            XCTAssertEqual(GPX.number(text).map(\.bitPattern), Double(text).map(\.bitPattern), text)
        }
    }

    /// The fast path alone (`shortDecimal`): it reads exactly `[+-]digits[.digits]` of at most
    /// 19 digits, bit for bit as the standard library does, and nothing else
    /// (`number` reads the rest the careful way), wherever the field sits in its buffer: the
    /// bytes around it (digits among them) must not count.
    func testShortDecimalsAreReadWholeAndOnlyThem() {
        var rng = SeededRandom(seed: 7)
        let fillers = ["", "0123456789", "9999999999999999", ".5,7", "\"x\",12", "e+17 ", "\u{7F}\u{80}/:"]
        for _ in 0..<30000 {
            let count = Int.random(in: 0...24, using: &rng)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            // Leading zeros: digits that count toward the 19 but add nothing to the value.
            if Bool.random(using: &rng) {
                digits = String(repeating: "0", count: Int.random(in: 1...8, using: &rng)) + digits
            }
            if Int.random(in: 0...2, using: &rng) > 0 {
                let dot = Int.random(in: 0...digits.count, using: &rng)
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: dot))
            }
            var text = ["", "", "-", "+"][Int.random(in: 0...3, using: &rng)] + digits
            // Now and then a byte that is not a digit, somewhere.
            if !text.isEmpty && Int.random(in: 0...5, using: &rng) == 0 {
                let odd: [Character] = ["/", ":", "a", " ", ",", "-", "\u{00E9}", "0"]
                let at = text.index(text.startIndex, offsetBy: Int.random(in: 0..<text.count, using: &rng))
                text.replaceSubrange(at...at, with: String(odd[Int.random(in: 0..<odd.count, using: &rng)]))
            }
            let unsigned = text.drop { $0 == "-" || $0 == "+" }
            let plain = unsigned.filter { $0 != "." }
            let grammatical =
                text.count - unsigned.count <= 1 && unsigned.filter { $0 == "." }.count <= 1 && !plain.isEmpty
                && plain.allSatisfy { $0.isASCII && $0.isNumber }
            let expected: Double? = grammatical && plain.count <= 19 ? Double(text) : nil
            let before = Array(fillers[Int.random(in: 0..<fillers.count, using: &rng)].utf8)
            let after = Array(fillers[Int.random(in: 0..<fillers.count, using: &rng)].utf8)
            let buffer = before + Array(text.utf8) + after
            let read = buffer.withUnsafeBufferPointer {
                GPX.shortDecimal($0, before.count..<(before.count + text.utf8.count))
            }
            XCTAssertEqual(read.map(\.bitPattern), expected.map(\.bitPattern), "\(text) in \(buffer)")
        }
    }

    func testMalformedElevationIsIgnored() throws {
        let file = trackFile([
            #"<trkpt lat="1" lon="2"><ele>high</ele></trkpt>"#, #"<trkpt lat="1" lon="2"><ele> -3.5 </ele></trkpt>"#,
        ])
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points.map(\.elevation), [nil, -3.5])
        XCTAssertEqual(t.warnings, ["the <ele> at line 4 is not a number (\"high\"): ignored"])
    }

    // MARK: - Extensions, GPX 1.0, versions

    func testExtensionsWithAnyContentAreIgnored() throws {
        let file = """
            <gpx version="1.1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <extensions><trk><trkseg><trkpt lat="50" lon="50"/></trkseg></trk><name>not it</name></extensions>
            <trk><name>Run</name><trkseg>
            <trkpt lat="1" lon="2"><time>2020-04-12T10:00:00Z</time><extensions><gpxtpx:TrackPointExtension>
            <gpxtpx:hr>140</gpxtpx:hr><time>1901-01-01T00:00:00Z</time><ele>9999</ele><name>x</name>
            </gpxtpx:TrackPointExtension>some <![CDATA[text]]> &amp; more</extensions><ele>7</ele></trkpt>
            </trkseg><extensions/></trk>
            </gpx>
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(t.name, "Run")
        XCTAssertEqual(t.points, [GPXPoint(latitude: 1, longitude: 2, time: 1_586_685_600, elevation: 7)])
        XCTAssertEqual(t.warnings, ["ignored 3 <extensions> elements (vendor data)"])
    }

    func testGPX10FileTimeNameSpeedAndCourse() throws {
        let file = """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
            <name>Morning ride</name>
            <time>2004-05-01T08:00:00Z</time>
            <bounds minlat="1" minlon="1" maxlat="2" maxlon="2"/>
            <trk><trkseg>
            <trkpt lat="1.0" lon="1.0"><ele>10</ele><time>2004-05-01T08:00:00Z</time><course>90.5</course><speed>4.2</speed></trkpt>
            <trkpt lat="1.0" lon="1.0001"><time>2004-05-01T08:00:03Z</time><speed>4.0</speed></trkpt>
            </trkseg></trk>
            </gpx>
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(t.version, "1.0")
        XCTAssertEqual(t.name, "Morning ride")
        XCTAssertEqual(t.points.map(\.time), [1_083_398_400, 1_083_398_403])
        XCTAssertEqual(
            t.warnings,
            ["ignored 3 <speed>/<course> elements (GPX 1.0): speed and course follow from positions and times"])
    }

    func testMissingOrUnknownVersion() throws {
        let none = track(#"<gpx><wpt lat="1" lon="1"/></gpx>"#)
        XCTAssertEqual(none?.version, "")
        XCTAssertEqual(none?.warnings, ["the <gpx> element has no version attribute: read as GPX 1.1"])
        let odd = track(#"<gpx version="2.0"><wpt lat="1" lon="1"/></gpx>"#)
        XCTAssertEqual(odd?.version, "2.0")
        XCTAssertEqual(odd?.warnings, ["GPX version \"2.0\" is neither 1.0 nor 1.1: read as GPX 1.1"])
    }

    // MARK: - GPX errors

    func testEmptyFileAndNoPoints() throws {
        assertError("", "no points: the file is empty", line: 1, column: 1)
        assertError(" \n\t\r\n", "no points: the file is empty", line: 1, column: 1)
        assertError([0xEF, 0xBB, 0xBF], "no points: the file is empty", line: 1, column: 1)
        assertError(
            "<?xml version=\"1.0\"?>\n  <gpx version=\"1.1\"><metadata><name>x</name></metadata></gpx>",
            "no points: the file has no <wpt>, <rtept> or <trkpt> with a usable position", line: 2, column: 3)
        assertError(
            "<gpx version=\"1.1\">\n<wpt lat=\"95\" lon=\"1\"/>\n<wpt lon=\"1\"/>\n</gpx>",
            "no points: the file has no <wpt>, <rtept> or <trkpt> with a usable position (2 skipped; skipped the <wpt> at line 2: lat 95 is out of range (-90 to 90))",
            line: 1, column: 1)
    }

    func testNotGPX() throws {
        assertError(
            "<?xml version=\"1.0\"?>\n<!-- a map -->\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark/></kml>",
            "not a GPX file: the root element is <kml>, not <gpx>", line: 3, column: 1)
        assertError(
            "<html><body>404</body></html>", "not a GPX file: the root element is <html>, not <gpx>", line: 1, column: 1
        )
        assertError("just text", "text before the root element", line: 1, column: 1)
        assertError("{\"type\": \"FeatureCollection\"}", "text before the root element", line: 1, column: 1)
    }

    // MARK: - XML features

    func testNamespacePrefixesMatchLocalNames() throws {
        let file = """
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1">
            <g:trk><g:name>Prefixed</g:name><g:trkseg>
            <g:trkpt lat="1" lon="2"><g:ele>3</g:ele><g:time>2020-04-12T10:00:00Z</g:time></g:trkpt>
            </g:trkseg></g:trk></g:gpx>
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(t.name, "Prefixed")
        XCTAssertEqual(t.points, [GPXPoint(latitude: 1, longitude: 2, time: 1_586_685_600, elevation: 3)])
    }

    func testEntitiesAndCharacterReferences() throws {
        let file = """
            <gpx version='1.1'><wpt lat='&#51;7.5' lon="-1&#x32;2.25"><name>Caf&#233; &amp; Bar &lt;1&gt; &#x1F600; &quot;q&quot; &apos;s</name></wpt></gpx>
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points, [GPXPoint(latitude: 37.5, longitude: -122.25, name: "Café & Bar <1> 😀 \"q\" 's")])
    }

    func testCDATACommentsProcessingInstructionsAndDoctype() throws {
        let file = """
            <?xml version="1.0" encoding="utf-8" standalone="yes"?>
            <!DOCTYPE gpx [ <!ENTITY x "y"> <!-- ] > --> <!ATTLIST wpt lat CDATA "0"> ]>
            <?xml-stylesheet href="a.xsl"?>
            <!-- comment with <gpx> & stuff -->
            <gpx version="1.1"><!-- inside --><?pi data?>
            <wpt lat="1" lon="2"><name><![CDATA[Fish & <Chips>]]> and more</name><time><![CDATA[2020-04-12T10:00:00Z]]></time></wpt>
            </gpx>
            <!-- trailing comment -->
            """
        guard let t = track(file) else { return }
        XCTAssertEqual(
            t.points, [GPXPoint(latitude: 1, longitude: 2, time: 1_586_685_600, name: "Fish & <Chips> and more")])
    }

    func testByteOrderMarkAndCRLF() throws {
        let body =
            "<?xml version=\"1.0\"?>\r\n<gpx version=\"1.1\">\r\n<wpt lat=\"1\" lon=\"2\"><name>a\r\nb\rc</name></wpt>\r\n</gpx>\r\n"
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(body.utf8)
        guard case .success(let t) = GPX.parse(bytes) else { return XCTFail("BOM + CRLF refused") }
        XCTAssertEqual(t.points.first?.name, "a\nb\nc")
        // Line numbers count CR LF once, and columns do not count the BOM.
        let bad: [UInt8] =
            [0xEF, 0xBB, 0xBF] + Array("<gpx version=\"1.1\">\r\n<wpt lat=\"1\" lon=\"2\">\r\n  </gpx>".utf8)
        assertError(bad, "end tag </gpx> does not match <wpt> (line 2, column 1)", line: 3, column: 3)
        assertError("<gpx>\r\r  <x y=1/></gpx>", "attribute y needs a quoted value, found '1'", line: 3, column: 8)
    }

    func testMultiByteCharactersCountAsOneColumn() throws {
        assertError(
            "<gpx><name>Zürich → 東京</name><x a=\"1\" a=\"2\"/></gpx>", "duplicate attribute a", line: 1, column: 39)
    }

    func testDeeplyNestedUnknownElements() throws {
        let depth = 100_000
        let file =
            "<gpx version=\"1.1\">" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
            + "<wpt lat=\"1\" lon=\"2\"/><extensions>" + String(repeating: "<y>", count: depth)
            + String(repeating: "</y>", count: depth) + "</extensions></gpx>"
        guard let t = track(file) else { return }
        XCTAssertEqual(t.points, [GPXPoint(latitude: 1, longitude: 2)])
        // Unclosed after deep nesting: an error, not a stack overflow.
        assertError(
            "<gpx>" + String(repeating: "<x>", count: depth),
            "unexpected end of file: <x> (line 1, column \(6 + 3 * (depth - 1))) is not closed",
            line: 1, column: 6 + 3 * depth)
    }

    // MARK: - XML errors, each with its line and column

    func testXMLErrors() throws {
        let cases: [(String, String, Int, Int)] = [
            ("<gpx version=\"1.1\">\n<trk>\n</gpx>", "end tag </gpx> does not match <trk> (line 2, column 1)", 3, 1),
            ("<gpx version=\"1.1\"><trk>", "unexpected end of file: <trk> (line 1, column 20) is not closed", 1, 25),
            ("<gpx a=\"1\" a='2'/>", "duplicate attribute a", 1, 12),
            ("<gpx a=\"x<y\"/>", "'<' is not allowed in an attribute value", 1, 10),
            (
                "<gpx>\n<name>&nbsp;</name></gpx>",
                "unknown entity &nbsp; (only &lt; &gt; &amp; &apos; &quot; are defined)", 2, 7
            ),
            (
                "<gpx><name>Fish & Chips</name></gpx>",
                "'&' must start an entity or character reference ending in ';' (write &amp; for '&')", 1, 17
            ),
            ("<gpx><name>&#0;</name></gpx>", "invalid character reference &#0;", 1, 12),
            ("<gpx><name>&#xD800;</name></gpx>", "invalid character reference &#xD800;", 1, 12),
            ("<gpx><name>&#x110000;</name></gpx>", "invalid character reference &#x110000;", 1, 12),
            ("<gpx a=\"&bogus;\"/>", "unknown entity &bogus; (only &lt; &gt; &amp; &apos; &quot; are defined)", 1, 9),
            ("<gpx>a ]]> b</gpx>", "']]>' is not allowed in text", 1, 8),
            ("<gpx><!-- a -- b --></gpx>", "'--' is not allowed inside a comment", 1, 13),
            ("<gpx><!-- never closed", "unexpected end of file in a comment (no '-->')", 1, 6),
            ("<gpx><![CDATA[ never closed", "unexpected end of file in a CDATA section (no ']]>')", 1, 6),
            ("<![CDATA[x]]><gpx/>", "CDATA outside the root element", 1, 1),
            ("<gpx><?pi never closed", "unexpected end of file in a processing instruction (no '?>')", 1, 6),
            (
                "<gpx/>\n<?xml version=\"1.0\"?>",
                "the XML declaration <?xml …?> is allowed only at the very start of the file", 2, 1
            ),
            (
                "\n<?xml version=\"1.0\"?><gpx/>",
                "the XML declaration <?xml …?> is allowed only at the very start of the file", 2, 1
            ),
            ("<?xml version=\"1.0\"", "the XML declaration is not closed with '?>'", 1, 1),
            ("<!DOCTYPE gpx [ <!ENTITY a 'b'>", "unexpected end of file in <!DOCTYPE (no '>')", 1, 1),
            ("<gpx/><!DOCTYPE gpx>", "<!DOCTYPE is allowed only once, before the root element", 1, 7),
            ("<gpx><!junk></gpx>", "expected '<!--', '<![CDATA[' or '<!DOCTYPE' after '<!'", 1, 6),
            ("<gpx>text</gpx>trailing", "text after the root element", 1, 16),
            ("  text<gpx/>", "text before the root element", 1, 3),
            ("<gpx/><gpx/>", "a second element after the root element", 1, 7),
            ("<!-- only a comment -->\n", "no root element", 2, 1),
            ("</gpx>", "end tag </gpx> without a matching start tag", 1, 1),
            ("<gpx version=1.1/>", "attribute version needs a quoted value, found '1'", 1, 14),
            ("<gpx version/>", "expected '=' after attribute version, found '/'", 1, 13),
            ("<gpx version=\"1.1\"creator=\"x\"/>", "expected white space, '>' or '/>' in <gpx>, found 'c'", 1, 19),
            ("<gpx version=\"1.1", "unexpected end of file in the value of attribute version", 1, 14),
            ("<gpx / >", "expected '>' after '/' in <gpx>", 1, 7),
            ("<1gpx/>", "expected a name in a start tag, found '1'", 1, 2),
            ("< gpx/>", "expected a name in a start tag, found white space", 1, 2),
            ("<a:b:c/>", "a name may have only one ':' (namespace prefix)", 1, 5),
            ("<gpx:/>", "'gpx:' is not a valid prefixed name", 1, 2),
            ("<gpx></gpx", "unexpected end of file in the end tag </gpx>", 1, 11),
            ("<gpx></gpx x>", "expected '>' in the end tag </gpx>, found 'x'", 1, 12),
            ("<gpx>\n<", "unexpected end of file after '<'", 2, 1),
            ("<gpx><name>\u{01}</name></gpx>", "control character U+0001 is not allowed in XML", 1, 12),
        ]
        for (text, message, line, column) in cases {
            assertError(text, message, line: line, column: column)
        }
    }

    func testEncodingErrors() throws {
        assertError([0xFF, 0xFE, 0x3C, 0x00], "the file is UTF-16; only UTF-8 is read", line: 1, column: 1)
        assertError([0xFE, 0xFF, 0x00, 0x3C], "the file is UTF-16; only UTF-8 is read", line: 1, column: 1)
        assertError(
            Array("<gpx>\n<name>ab".utf8) + [0xE9] + Array("</name></gpx>".utf8), "invalid UTF-8 sequence", line: 2,
            column: 9)
        assertError(
            Array("<gpx><name>".utf8) + [0xC3], "incomplete UTF-8 sequence at the end of the file", line: 1, column: 12)
        assertError(
            Array("<gpx><name>".utf8) + [0xC0, 0xAF] + Array("</name></gpx>".utf8), "invalid UTF-8 byte 0xC0", line: 1,
            column: 12)
        assertError(
            Array("<gpx><name>".utf8) + [0xED, 0xA0, 0x80] + Array("</name></gpx>".utf8), "invalid UTF-8 sequence",
            line: 1, column: 12)
        assertError(
            Array("<gpx><name>".utf8) + [0xEF, 0xBF, 0xBF] + Array("</name></gpx>".utf8),
            "character U+FFFF is not allowed in XML", line: 1, column: 12)
        // A Latin-1 file: fine while it is pure ASCII, an error (not garbage) when it is not.
        let latin1Head =
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>Z"
        XCTAssertEqual(track(latin1Head + "urich</name></wpt></gpx>")?.points.first?.name, "Zurich")
        assertError(
            Array(latin1Head.utf8) + [0xFC] + Array("rich</name></wpt></gpx>".utf8),
            "the file declares encoding ISO-8859-1 and has non-ASCII bytes; only UTF-8 is read", line: 2, column: 48)
    }

    // MARK: - Robustness

    /// A small file with every feature; each of its prefixes gives an error or a result, never
    /// a crash or a hang, and only the whole file (or the file minus trailing white space) is read.
    func testEveryPrefixOfAFileWithEveryFeature() throws {
        let body =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!DOCTYPE gpx>\r\n<!-- Zürich -->\r\n"
            + "<gpx:gpx xmlns:gpx=\"http://www.topografix.com/GPX/1/1\" version='1.1'>\r\n"
            + "<gpx:trk><gpx:name>Caf&#233; &amp; <![CDATA[<b>]]> 東京</gpx:name><gpx:trkseg>\r\n"
            + "<gpx:trkpt lat=\"47.5\" lon=\"8.5\"><gpx:ele>400</gpx:ele><gpx:time>2020-04-12T10:00:00.5+02:00</gpx:time>"
            + "<gpx:extensions><x:hr xmlns:x=\"u\">1</x:hr></gpx:extensions></gpx:trkpt>\r\n"
            + "<gpx:trkpt lat=\"47.6\" lon=\"8.6\"/><?pi x?>\r\n</gpx:trkseg></gpx:trk></gpx:gpx>\r\n"
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(body.utf8)
        guard case .success(let whole) = GPX.parse(bytes) else { return XCTFail("the whole file was refused") }
        XCTAssertEqual(whole.name, "Café & <b> 東京")
        XCTAssertEqual(whole.points.count, 2)
        XCTAssertEqual(whole.points[0].time, 1_586_678_400.5)
        let rootEnd = bytes.count - 2  // before the final CR LF
        for n in 0..<bytes.count {
            switch GPX.parse(Array(bytes[0..<n])) {
            case .success(let t):
                XCTAssertGreaterThanOrEqual(n, rootEnd, "a prefix of \(n) bytes was accepted")
                XCTAssertEqual(t, whole)
            case .failure(let e):
                XCTAssertLessThan(n, rootEnd, "the file up to \(n) bytes was refused: \(e.message)")
                XCTAssertGreaterThanOrEqual(e.line, 1)
                XCTAssertGreaterThanOrEqual(e.column, 1)
                XCTAssertFalse(e.message.isEmpty)
            }
        }
    }

    /// Random byte changes to a valid file: never a crash or a hang.
    func testMangledBytesNeverCrash() throws {
        let base = Array(
            trackFile([
                timed("2020-04-12T10:00:00Z"), "<trkpt lat=\"1\" lon=\"2\"><name>a &amp; b</name><![CDATA[x]]></trkpt>",
                timed("2020-04-12T10:00:05.25-07:00"),
            ]).utf8)
        let alphabet = Array("<>/=\"'&;#x:![]-? \n\r\tCDATA0123456789.Zéabc".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        var rng = SeededRandom(seed: 2024)
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[i] = alphabet.randomElement(using: &rng)!
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet.randomElement(using: &rng)!, at: i)
                }
            }
            if case .success = GPX.parse(bytes) { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 0)  // some changes (inside text) are harmless
    }

    /// A large track, as the benchmark's: every point read, the last one exactly.
    func testLargeTrack() throws {
        let n = 20_000
        let bytes = Self.largeGPX(points: n)
        guard case .success(let t) = GPX.parse(bytes) else { return XCTFail("large file refused") }
        XCTAssertEqual(t.points.count, n)
        XCTAssertEqual(t.warnings, [])
        XCTAssertEqual(
            t.points.last,
            GPXPoint(
                latitude: -33.8, longitude: 151.2 + Double(n - 1) * 1e-5, time: Double(1_600_000_000 + n - 1),
                elevation: Double((n - 1) % 100)))
    }

    /// A GPX 1.1 file of `points` timed track points, about 100 bytes each, like a Garmin log.
    static func largeGPX(points n: Int) -> [UInt8] {
        var out = Array(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\">\n<trk><trkseg>\n".utf8)
        out.reserveCapacity(n * 110)
        for i in 0..<n {
            let lon = 151.2 + Double(i) * 1e-5
            out += Array(
                "<trkpt lat=\"-33.8\" lon=\"\(lon)\"><ele>\(i % 100)</ele><time>\(GPX.format(Double(1_600_000_000 + i)))</time></trkpt>\n"
                    .utf8)
        }
        out += Array("</trkseg></trk>\n</gpx>\n".utf8)
        return out
    }
}
