import Foundation
import TestSupport
import XCTest

/// Hostile and heavy input, each run through the built binary: a million commands, a
/// million-point GPX file, a CSV 100,000 columns wide, truncated OSM PBF files, ill-typed and
/// deeply nested session and GeoJSON files, XML entity bombs and deep nesting, 10 MB values.
/// Each run must end normally (no signal, status 0, 1 or 2, no crash report), say what is
/// wrong in the words asserted here, stay within a peak-memory budget, and leave the
/// session usable: later commands of the same script run and see the state as it was.
///
/// The inputs are generated in a temporary directory; the one real file (an OSM PBF extract)
/// is read from the shared data directory and cut there.
final class HostileInputTests: BudgetedTestCase {

    // MARK: - A million commands

    func testMillionCommandsInOneScript() throws {
        // Cheap commands, alternating; every 100,000th a command that fails at run time.
        var text = "launch\n"
        text.reserveCapacity(12_000_000)
        var expectedLines = 0
        var failures = 0
        for i in 1...999_990 {
            if i % 100_000 == 0 {
                text += "select 1\n"
                failures += 1
            } else if i % 2 == 1 {
                text += "echo \(i)\n"
                expectedLines += 1
            } else {
                text += "show clock\n"
                expectedLines += 1
            }
        }
        text += Self.builtInPlaces.joined(separator: "\n") + "\necho last\n"
        directory.write("million.placescript", text)
        let r = try placeshell(
            ["--keep-going", "million.placescript"], "1,000,000 commands", megabytes: 120)
        XCTAssertEqual(r.status, 1, "the failing selects make the status 1")
        let lines = r.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        // launch prints 5 lines, the permission alert 3 of them; then one per command, and the
        // final newline leaves an empty last element.
        let launchLines = 8
        XCTAssertEqual(lines.count, launchLines + expectedLines + 4 + 1, "stdout line count")
        XCTAssertTrue(r.stdoutText.hasSuffix("999989\nclock = 0.4s\n" + Self.builtInPlacesOutput + "last\n"))
        let errors = r.stderrText.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.count, failures)
        XCTAssertEqual(
            errors.first.map(String.init),
            "million.placescript:100001:1: error: the permission alert is on screen: 'select' would touch the app, and the alert takes every touch until it is answered"
        )
    }

    // MARK: - Heavy files

    /// A GPX track of 1,000,000 points (a serpentine over Sydney, 1 m apart) drives a route.
    func testMillionPointGPXRoute() throws {
        var bytes = Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\"><trk><trkseg>\n".utf8)
        bytes.reserveCapacity(45_000_000)
        func decimal(_ micro: Int) -> [UInt8] {
            let sign = micro < 0 ? "-" : ""
            let m = abs(micro)
            let fraction = String(m % 1_000_000)
            return Array(
                (sign + "\(m / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction).utf8)
        }
        for i in 0..<1_000_000 {
            let row = i / 1000
            let column = row % 2 == 0 ? i % 1000 : 999 - i % 1000
            bytes += Array("<trkpt lat=\"".utf8) + decimal(-33_870_000 + column * 10)
            bytes += Array("\" lon=\"".utf8) + decimal(151_190_000 + row * 10) + Array("\"/>\n".utf8)
        }
        bytes += Array("</trkseg></trk></gpx>\n".utf8)
        directory.write("big.gpx", bytes)
        let r = try script(
            "gpx.placescript",
            [
                "set simulator-no-location silent", "launch", "auth allow", "route gpx big.gpx", "route", "wait 10s",
                "show location.latitude", "status",
            ] + Self.builtInPlaces, megabytes: 400)
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(r.stderrText, "")
        XCTAssertTrue(
            r.stdoutText.contains(
                "route 'big.gpx': 1111.76 km, 55590 positions over 15h 26min 28s; 'wait' to move along\n"),
            String(r.stdoutText.prefix(1500)))
        XCTAssertTrue(
            r.stdoutText.contains("progress  0.0 %: 0.4s of 15h 26min 28s, position 1 of 55590\n"),
            String(r.stdoutText.suffix(1500)))
        XCTAssertTrue(
            r.stdoutText.contains("location.latitude = -33.86838122334529\n"), String(r.stdoutText.suffix(1500)))
        XCTAssertTrue(r.stdoutText.hasSuffix(Self.builtInPlacesOutput), String(r.stdoutText.suffix(500)))
    }

    /// A CSV with 100,000 columns: the three it needs are read, the rest named in one line.
    func testHundredThousandColumnCSV() throws {
        let extra = (0..<99_997).map { "extra\($0)" }
        directory.write(
            "wide.csv",
            (["name,lat,lng" + "," + extra.joined(separator: ",")]
                + ["Wide Place,-33.87,151.2", "Second,-33.88,151.21"].map {
                    $0 + String(repeating: ",x", count: extra.count)
                }).joined(separator: "\n") + "\n")
        directory.write(
            "wide-nameless.csv",
            (0..<100_000).map { "c\($0)" }.joined(separator: ",") + "\n"
                + Array(repeating: "1", count: 100_000).joined(separator: ",") + "\n")
        let r = try script(
            "wide.placescript",
            ["places load wide-nameless.csv", "show places.count", "places load wide.csv", "places info 'Wide Place'"]
                + ["places load --replace wide-nameless.csv", "show places.count", "echo ok"], megabytes: 150)
        XCTAssertEqual(r.status, 1)
        let missing =
            "(CSV): line 1: missing the name column (name), the latitude column (lat, latitude or y) and the "
            + "longitude column (lon, lng, long, longitude or x); the header has 'c0', 'c1', 'c2', 'c3', 'c4', 'c5', "
            + "'c6', 'c7', 'c8', 'c9', 'c10', 'c11', 'c12', 'c13', 'c14', 'c15', 'c16', 'c17', 'c18', 'c19' and "
            + "99,980 more (comma-separated)\n"
            + "help: name the columns: --name COL --lat COL --lng COL (a header name, or a column number from 1)\n"
        XCTAssertEqual(
            r.stderrText,
            "wide.placescript:1:13: error: 'wide-nameless.csv' " + missing
                + "wide.placescript:5:23: error: 'wide-nameless.csv' " + missing)
        XCTAssertTrue(r.stdoutText.hasPrefix("places.count = 173\nwide.csv (CSV): loaded 2 places\n"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains(
                "warning: columns not used: 'extra0', 'extra1', 'extra2', 'extra3', 'extra4', 'extra5', 'extra6', "
                    + "'extra7', 'extra8', 'extra9', 'extra10', 'extra11', 'extra12', 'extra13', 'extra14', 'extra15', "
                    + "'extra16', 'extra17', 'extra18', 'extra19' and 99,977 more\n"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("name      Wide Place\nposition  -33.870000, 151.200000\n"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("places.count = 175\nok\n"), "a failed --replace keeps the places")
    }

    // MARK: - Truncated and damaged OSM PBF

    func testTruncatedOSMPBF() throws {
        let whole = try RealData.bytes("osm/sydney_cbd_2023.osm.pbf", smallerCase: "testTruncatedCockleBayPBF")
        // The extract's layout: blob 1 (OSMHeader) at 0 with a 14-byte BlobHeader and 128 bytes
        // of data; blob 2 (OSMData) at 146 with a 13-byte BlobHeader and 56,414 bytes of data.
        try checkCutAndDamaged(
            whole,
            cuts: [
                (0, "not an OSM PBF file: the file is empty"),
                (2, "blob 1 at file offset 0: the file ends inside the 4-byte header length (2 bytes left)"),
                (10, "blob 1 at file offset 0: the file ends inside the BlobHeader (14 bytes, 6 left)"),
                (50, "blob 1 (OSMHeader) at file offset 0: the file ends inside the Blob (128 bytes, 32 left)"),
                (148, "blob 2 at file offset 146: the file ends inside the 4-byte header length (2 bytes left)"),
                (155, "blob 2 at file offset 146: the file ends inside the BlobHeader (13 bytes, 5 left)"),
                (
                    30_000,
                    "blob 2 (OSMData) at file offset 146: the file ends inside the Blob (56414 bytes, 29837 left)"
                ),
                (
                    whole.count - 1,
                    "blob 11 (OSMData) at file offset 509901: the file ends inside the Blob (86795 bytes, 86794 left)"
                ),
            ],
            // Bit rot in the middle of blob 2's zlib data.
            damage: 30_000..<30_064,
            damaged: "blob 2 (OSMData) at file offset 146: the zlib data inflates to more than raw_size 81847 bytes, "
                + "or is cut short (zlib error -5)")
    }

    /// The same on the repository's extract (Tests/Fixtures/osm/cockle-bay.osm.pbf): blob 1
    /// (OSMHeader, zlib) at 0 with a 13-byte BlobHeader and 119 bytes of data; blob 2 (dense
    /// nodes, zlib) at 136 with 12 and 1,822; blob 3 (ways and relations, raw) at 1,974 with 12
    /// and 1,208.
    func testTruncatedCockleBayPBF() throws {
        let whole = try Repository.bytes("Tests/Fixtures/osm/cockle-bay.osm.pbf")
        try checkCutAndDamaged(
            whole,
            cuts: [
                (0, "not an OSM PBF file: the file is empty"),
                (2, "blob 1 at file offset 0: the file ends inside the 4-byte header length (2 bytes left)"),
                (10, "blob 1 at file offset 0: the file ends inside the BlobHeader (13 bytes, 6 left)"),
                (50, "blob 1 (OSMHeader) at file offset 0: the file ends inside the Blob (119 bytes, 33 left)"),
                (138, "blob 2 at file offset 136: the file ends inside the 4-byte header length (2 bytes left)"),
                (145, "blob 2 at file offset 136: the file ends inside the BlobHeader (12 bytes, 5 left)"),
                (1_000, "blob 2 (OSMData) at file offset 136: the file ends inside the Blob (1822 bytes, 848 left)"),
                (
                    whole.count - 1,
                    "blob 3 (OSMData) at file offset 1974: the file ends inside the Blob (1208 bytes, 1207 left)"
                ),
            ],
            // Bit rot in the middle of blob 2's zlib data.
            damage: 1_000..<1_016,
            damaged: "blob 2 (OSMData) at file offset 136: the zlib data inflates to more than raw_size 2176 bytes, "
                + "or is cut short (zlib error -5)")
    }

    /// Loads each cut of `whole` and the damaged copy after a place of the user's own: each is
    /// an error with the exact message, and the dataset is unchanged after them all.
    private func checkCutAndDamaged(
        _ whole: [UInt8], cuts: [(Int, String)], damage: Range<Int>, damaged message: String,
        line: UInt = #line
    ) throws {
        var lines = ["places add Mine -33.87 151.2"]
        var expected = ""
        for (n, (cut, message)) in cuts.enumerated() {
            directory.write("cut\(cut).osm.pbf", [UInt8](whole.prefix(cut)))
            lines.append("places load --replace cut\(cut).osm.pbf")
            expected += "pbf.placescript:\(n + 2):23: error: 'cut\(cut).osm.pbf' (OSM PBF): \(message)\n"
        }
        var damaged = whole
        for i in damage { damaged[i] ^= 0xFF }
        directory.write("damaged.osm.pbf", damaged)
        lines.append("places load damaged.osm.pbf")
        expected += "pbf.placescript:\(cuts.count + 2):13: error: 'damaged.osm.pbf' (OSM PBF): \(message)\n"
        let r = try script("pbf.placescript", lines + ["show places.count", "echo ok"])
        XCTAssertEqual(r.status, 1, line: line)
        XCTAssertEqual(r.stderrText, expected, line: line)
        XCTAssertTrue(
            r.stdoutText.hasSuffix("places.count = 174\nok\n"), "the dataset is unchanged\n\(r.stdoutText)", line: line)
    }

    // MARK: - Session files

    /// Ill-typed, damaged, empty and deeply nested session files: each a clear error naming
    /// where, and the running session stays as it was.
    func testIllTypedAndDeepSessionFiles() throws {
        let setup = [
            "set simulator-no-location silent", "launch", "auth allow", "locate sydney", "wait 2s", "save good.json",
        ]
        let made = try script("save.placescript", setup)
        XCTAssertEqual(made.status, 0, made.stderrText)
        let good = try String(contentsOf: directory.file("good.json"), encoding: .utf8)
        func mutate(_ name: String, _ old: String, _ new: String) {
            XCTAssertTrue(good.contains(old), "the saved session has no \(old)")
            directory.write(name, good.replacingOccurrences(of: old, with: new))
        }
        mutate("clock-text.json", "\"clock\":3800000", "\"clock\":\"3800000\"")
        // The format the file was saved in, whatever it is today.
        let version = try XCTUnwrap(good.firstMatch(of: /"version":(\d+)/)?.output.1)
        mutate("version-text.json", "\"version\":\(version)", "\"version\":\"\(version)\"")
        mutate("device-array.json", "\"device\":{", "\"device\":[1,2],\"unused\":{")
        mutate("places-missing.json", "\"places\":{", "\"unused\":{")
        mutate("coordinate-text.json", "\"coordinate\":[-33.869405,151.199]", "\"coordinate\":[\"-33.87\",\"151.2\"]")
        mutate("markers-object.json", "\"markers\":[]", "\"markers\":{\"1\":[]}")
        mutate(
            "permission-10MB.json", "\"permission\":\"whileUsing\"",
            "\"permission\":\"" + String(repeating: "w", count: 10 << 20) + "\"")
        mutate("clock-1e400.json", "\"clock\":3800000", "\"clock\":1e400")
        mutate("clock-nan.json", "\"clock\":3800000", "\"clock\":NaN")
        // Regressions: a screen of no size crashed 'map', an enormous one hung 'snapshot'; a
        // negative clock and a latitude of -100 were accepted.
        mutate("screen-zero.json", "\"screen\":[393,852]", "\"screen\":[0,0]")
        mutate("screen-huge.json", "\"screen\":[393,852]", "\"screen\":[1e308,1e308]")
        mutate("clock-negative.json", "\"clock\":3800000", "\"clock\":-1")
        mutate("latitude-100.json", "\"coordinate\":[-33.869405,151.199]", "\"coordinate\":[-100,151.199]")
        directory.write("empty.json", "")
        let truncated = String(good[..<good.range(of: "\"permission\":")!.upperBound])
        directory.write("truncated.json", truncated)
        directory.write("deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        directory.write(
            "deep-inside.json",
            "{\"kind\":\"placeshell-session\",\"version\":1,\"clock\":" + String(repeating: "[", count: 100_000))
        let cases: [(String, String)] = [
            ("clock-text.json", "cannot load 'clock-text.json': clock: expected a number, found a string"),
            ("version-text.json", "cannot load 'version-text.json': version: expected a number, found a string"),
            ("device-array.json", "cannot load 'device-array.json': device: expected an object, found an array"),
            ("places-missing.json", "cannot load 'places-missing.json': places: missing"),
            (
                "coordinate-text.json",
                "cannot load 'coordinate-text.json': device.position.coordinate[1]: expected a number"
            ),
            (
                "markers-object.json",
                "cannot load 'markers-object.json': app.mapView.markers: expected an array, found an object"
            ),
            (
                "permission-10MB.json",
                "cannot load 'permission-10MB.json': device.privacy.permission: '"
                    + String(repeating: "w", count: 40) + "…' is not a known value"
            ),
            ("clock-1e400.json", "'clock-1e400.json' is damaged: line 1, column 50: number 1e400 is out of range"),
            ("clock-nan.json", "'clock-nan.json' is damaged: line 1, column 50: expected a value, found 'N'"),
            (
                "screen-zero.json",
                "cannot load 'screen-zero.json': device.screen: expected a width and a height of 1…10000 points"
            ),
            (
                "screen-huge.json",
                "cannot load 'screen-huge.json': device.screen: expected a width and a height of 1…10000 points"
            ),
            (
                "clock-negative.json",
                "cannot load 'clock-negative.json': clock: expected a time, found a negative number"
            ),
            ("latitude-100.json", "cannot load 'latitude-100.json': device.position.coordinate: not a position"),
            ("empty.json", "'empty.json' is damaged: line 1, column 1: empty input: expected a JSON value"),
            (
                "truncated.json",
                "'truncated.json' is damaged: line 1, column \(truncated.utf8.count + 1): expected a value, found end of input"
            ),
            ("deep.json", "'deep.json' is damaged: line 1, column 513: nested deeper than 512 levels"),
            ("deep-inside.json", "'deep-inside.json' is damaged: line 1, column 561: nested deeper than 512 levels"),
        ]
        let before = ["show clock", "show auth.status", "show location.latitude", "show places.count"]
        let r = try script(
            "loads.placescript", setup + cases.map { "load \($0.0)" } + before + ["map", "snapshot s.svg", "echo ok"],
            megabytes: 250)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderrText,
            cases.enumerated().map { n, c in
                "loads.placescript:\(setup.count + n + 1):6: error: \(c.1); the session is unchanged\n"
            }.joined())
        XCTAssertTrue(
            r.stdoutText.contains(
                "clock = 3.8s\nauth.status = \"authorizedWhenInUse\"\nlocation.latitude = -33.869405\n"
                    + "places.count = 173\n"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("ok\n"))
    }

    // MARK: - Deep nesting and entity bombs in place files and GPX

    func testDeeplyNestedJSONAndXML() throws {
        let deep = 100_000
        directory.write("arrays.geojson", String(repeating: "[", count: deep) + String(repeating: "]", count: deep))
        directory.write(
            "features.geojson",
            "{\"type\":\"FeatureCollection\",\"features\":" + String(repeating: "[", count: deep)
                + String(repeating: "]", count: deep) + "}")
        directory.write(
            "objects.geojson", String(repeating: "{\"a\":", count: deep) + "1" + String(repeating: "}", count: deep))
        // A million nested elements: the XML readers keep their own stack.
        let million = 1_000_000
        directory.write(
            "deep.osm",
            "<?xml version=\"1.0\"?>\n<osm version=\"0.6\"><node id=\"1\" lat=\"-33.87\" lon=\"151.2\">"
                + String(repeating: "<x>", count: million) + String(repeating: "</x>", count: million)
                + "<tag k=\"name\" v=\"Deep\"/><tag k=\"amenity\" v=\"cafe\"/></node></osm>\n")
        directory.write(
            "deep.gpx",
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"-33.87\" lon=\"151.2\">"
                + String(repeating: "<extensions>", count: million) + String(repeating: "</extensions>", count: million)
                + "</trkpt><trkpt lat=\"-33.86\" lon=\"151.2\"/></trkseg></trk></gpx>\n")
        // Billion laughs: entities are never expanded; only the five predefined ones exist.
        var doctype = "<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            doctype +=
                "<!ENTITY lol\(level) \"" + String(repeating: level == 1 ? "&lol;" : "&lol\(level - 1);", count: 10)
                + "\">\n"
        }
        doctype += "]>\n"
        directory.write(
            "laughs.osm",
            "<?xml version=\"1.0\"?>\n" + doctype
                + "<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"name\" v=\"&lol9;\"/></node></osm>\n"
        )
        directory.write(
            "laughs.gpx",
            "<?xml version=\"1.0\"?>\n" + doctype
                + "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"1\"><name>&lol9;</name></wpt></gpx>\n")
        let r = try script(
            "deep.placescript",
            [
                "places load arrays.geojson", "places load features.geojson", "places load objects.geojson",
                "places load laughs.osm", "route gpx laughs.gpx", "show places.count", "places load deep.osm",
                "places info Deep", "launch", "auth allow", "route gpx deep.gpx",
                "places load --replace arrays.geojson",
                "show places.count", "echo ok",
            ], megabytes: 250)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderrText,
            """
            deep.placescript:1:13: error: 'arrays.geojson' (GeoJSON): line 1, column 513: nested deeper than 512 levels
            deep.placescript:2:13: error: 'features.geojson' (GeoJSON): line 1, column 551: nested deeper than 512 levels
            deep.placescript:3:13: error: 'objects.geojson' (GeoJSON): line 1, column 2561: nested deeper than 512 levels
            deep.placescript:4:13: error: 'laughs.osm' (OSM XML): line 14, item 1: unknown entity &lol9; (only &lt; &gt; &amp; &apos; &quot; are defined) (column 66)
            deep.placescript:5:11: error: 'laughs.gpx' line 14, column 47: unknown entity &lol9; (only &lt; &gt; &amp; &apos; &quot; are defined)
            deep.placescript:12:23: error: 'arrays.geojson' (GeoJSON): line 1, column 513: nested deeper than 512 levels

            """)
        XCTAssertTrue(r.stdoutText.hasPrefix("places.count = 173\ndeep.osm (OSM XML): loaded 1 place\n"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("name      Deep\n"), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.contains("warning: ignored 1 <extensions> element (vendor data)\n"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("places.count = 174\nok\n"), r.stdoutText)
    }

    /// 10 MB names and values in GPX and OSM XML: messages quote the first 40 characters.
    /// (They quoted the whole value: a 10 MB warning line.)
    func testHugeValuesAreQuotedShort() throws {
        let big = String(repeating: "a", count: 10 << 20)
        let cut = String(repeating: "a", count: 40) + "…"
        directory.write(
            "attribute.gpx",
            "<?xml version=\"1.0\"?>\n<gpx version=\"\(big)\" creator=\"\(big)\"><trk><trkseg>"
                + "<trkpt lat=\"-33.87\" lon=\"151.2\"><ele>\(big)</ele><time>\(big)</time></trkpt>"
                + "<trkpt lat=\"-33.86\" lon=\"1\(big)\"/><trkpt lat=\"-33.86\" lon=\"151.2\"/></trkseg></trk></gpx>\n")
        directory.write("root.gpx", "<\(big)/>\n")
        directory.write("mismatch.osm", "<osm version=\"0.6\"><\(big)></b></osm>\n")
        directory.write("id.osm", "<osm version=\"0.6\"><node id=\"\(big)\" lat=\"1\" lon=\"1\"/></osm>\n")
        directory.write(
            "attribute.osm", "<osm version=\"0.6\"><node id=\"1\" \(big)=\"1\" \(big)=\"2\"/></osm>\n")
        let r = try script(
            "huge.placescript",
            [
                "launch", "auth allow", "route gpx attribute.gpx", "route gpx root.gpx", "places load mismatch.osm",
                "places load id.osm", "places load attribute.osm",
            ] + Self.builtInPlaces, megabytes: 250)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stdoutText.contains(
                """
                warning: GPX version "\(cut)" is neither 1.0 nor 1.1: read as GPX 1.1
                warning: skipped the <trkpt> at line 2: lon "1\(cut.dropLast(2))…" is not a number
                warning: the <time> at line 2 is not an ISO 8601 time ("\(cut)"): that point has no time
                warning: the <ele> at line 2 is not a number ("\(cut)"): ignored

                """), r.stdoutText)
        XCTAssertEqual(
            r.stderrText,
            """
            huge.placescript:4:11: error: 'root.gpx' line 1, column 1: not a GPX file: the root element is <\(cut)>, not <gpx>
            huge.placescript:5:13: error: 'mismatch.osm' (OSM XML): line 1: end tag </b> does not match <\(cut)> (line 1, column 20) (column 10485782)
            huge.placescript:6:13: error: 'id.osm' (OSM XML): line 1, item 1: <node> has id '\(cut)', not an integer
            huge.placescript:7:13: error: 'attribute.osm' (OSM XML): line 1: duplicate attribute \(cut) (column 10485798)

            """)
        XCTAssertTrue(r.stdoutText.hasSuffix(Self.builtInPlacesOutput), String(r.stdoutText.suffix(300)))
        XCTAssertLessThan(r.stdout.count + r.stderr.count, 10_000, "the output stays short")
    }

    // MARK: - Script arguments and source cycles

    /// Huge and nested `${N:-default}`, and an argument number too large to be one.
    func testHugeScriptArgumentDefaults() throws {
        let big = String(repeating: "d", count: 5 << 20)
        let nested = String(repeating: "${1:-", count: 100_000) + "x" + String(repeating: "}", count: 100_000)
        directory.write("args.placescript", "echo ${1:-\(big)} ${2:-e}\necho \"\(nested)\"\necho $# ok\n")
        let r = try placeshell(["args.placescript"], "huge defaults", megabytes: 150)
        XCTAssertEqual(r.status, 0, r.stderrText)
        // A default runs to the first '}': it is not expanded again.
        XCTAssertEqual(
            r.stdoutText,
            big + " e\n" + String(repeating: "${1:-", count: 99_999) + "x" + String(repeating: "}", count: 99_999)
                + "\n0 ok\n")
        directory.write("index.placescript", "echo ${99999999999999999999:-x}\n")
        let e = try placeshell(["index.placescript"], "huge argument number", megabytes: 100)
        XCTAssertEqual(e.status, 2)
        XCTAssertEqual(
            e.stderrText,
            "index.placescript:1:8: error: script argument number is out of range (at most 999999)\n"
                + "help: write ${1} or ${1:-default}\n")
    }

    /// A cycle through other spellings of the same file (`sub/../sub/b`, `../a`, a symbolic
    /// link) is found; with --keep-going the outer script carries on with its state intact.
    func testSourceCycleThroughOtherSpellings() throws {
        try FileManager.default.createDirectory(at: directory.file("sub"), withIntermediateDirectories: true)
        directory.write("a.placescript", "echo in a\nsource sub/../sub/b.placescript\necho a after\n")
        directory.write("sub/b.placescript", "echo in b\nsource ../link.placescript\necho b after\n")
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.placescript").path, withDestinationPath: "a.placescript")
        let r = try script(
            "main.placescript",
            ["places add Mine -33.87 151.2", "source a.placescript"] + ["show places.count", "echo ok"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderrText,
            """
            sub/../sub/b.placescript:2:1: error: source cycle: a.placescript → b.placescript → a.placescript
            help: a script may not source itself, directly or through others
            a.placescript:2:1: error: 'sub/../sub/b.placescript' had a failed command
            main.placescript:2:1: error: 'a.placescript' had a failed command

            """)
        XCTAssertTrue(r.stdoutText.hasSuffix("in a\nin b\nb after\na after\nplaces.count = 174\nok\n"), r.stdoutText)
    }
}
