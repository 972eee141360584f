import Foundation
import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The CSV importer and exporter: dialects (comma, semicolon with decimal commas, tab, BOM,
/// CRLF), RFC 4180 quoting, column names, every skip reason and error path with its line, a
/// 100,000-column file, and round trips on the real Sydney data and on awkward text.
final class CSVTests: XCTestCase {
    private func summary(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ImportSummary? {
        summary(Array(text.utf8), file: file, line: line)
    }

    private func summary(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> ImportSummary? {
        switch CSVImporter.parse(bytes) {
        case .success(let s): return s
        case .failure(let e):
            XCTFail("unexpected error: \(e.message)", file: file, line: line)
            return nil
        }
    }

    private func assertError(
        _ text: String, _ message: String, line: Int, item: Int? = nil, file: StaticString = #filePath,
        testLine: UInt = #line
    ) {
        assertError(Array(text.utf8), message, line: line, item: item, file: file, testLine: testLine)
    }

    private func assertError(
        _ bytes: [UInt8], _ message: String, line: Int, item: Int? = nil, file: StaticString = #filePath,
        testLine: UInt = #line
    ) {
        switch CSVImporter.parse(bytes) {
        case .success(let s): XCTFail("expected an error, got \(s.line)", file: file, line: testLine)
        case .failure(let e):
            XCTAssertEqual(e.message, message, file: file, line: testLine)
            XCTAssertEqual(e.line, line, "line of: \(e.message)", file: file, line: testLine)
            XCTAssertEqual(e.item, item, "item of: \(e.message)", file: file, line: testLine)
        }
    }

    // MARK: - Dialects

    func testCommaFileWithAllColumns() {
        guard
            let s = summary(
                """
                id,name,latitude,longitude,types,address,rating,price,radius
                p1,Harbour Café,-33.8688,151.2093,cafe;food,1 George St,4.5,2,25
                p2,Bare,-33.9,151.1,,,,,

                """)
        else { return }
        XCTAssertEqual(s.format, "CSV")
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(
            s.records,
            [
                PlaceRecord(
                    id: "p1", name: "Harbour Café", latitude: -33.8688, longitude: 151.2093, types: ["cafe", "food"],
                    address: "1 George St", rating: 4.5, priceLevel: 2, radius: 25),
                PlaceRecord(id: "p2", name: "Bare", latitude: -33.9, longitude: 151.1),
            ])
        XCTAssertEqual(s.line, "loaded 2 places")
    }

    func testSemicolonWithDecimalCommasBOMAndCRLF() {
        let text =
            "Name;Lat;Lon;Category\r\n\"Bäckerei Müller\";48,1374;11,5755;Bakery\r\nCafé Zwei;48.1;11.5;cafe, food\r\n"
        guard let s = summary([0xEF, 0xBB, 0xBF] + Array(text.utf8)) else { return }
        XCTAssertEqual(
            s.records,
            [
                PlaceRecord(name: "Bäckerei Müller", latitude: 48.1374, longitude: 11.5755, types: ["bakery"]),
                PlaceRecord(name: "Café Zwei", latitude: 48.1, longitude: 11.5, types: ["cafe", "food"]),
            ])
    }

    /// A CSV file and a GeoJSON file read their types from the same names: `category` and
    /// `amenity` among them.
    func testCategoryAndAmenityAreTypesInBothFormats() throws {
        guard let csv = summary("name,lat,lng,amenity\nCafe X,47.37,8.544,cafe\n") else { return }
        XCTAssertEqual(csv.records.first?.types, ["cafe"])
        XCTAssertEqual(csv.warnings, [])
        let geojson = GeoJSONImporter.parse(
            Array(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[8.544,47.37]},"properties":{"name":"Grossmünster","category":"church"}}]}"#
                    .utf8))
        XCTAssertEqual(try geojson.get().records.first?.types, ["church"])
    }

    func testTabsAndAliases() {
        guard
            let s = summary(
                "X\tY\tNAME\tFormatted_Address\tpriceLevel\tTYPE\textra\n151.2\t-33.8\tA place, with a comma\t1 A St\t$$\tNight Club\tignored\n"
            )
        else { return }
        XCTAssertEqual(
            s.records,
            [
                PlaceRecord(
                    name: "A place, with a comma", latitude: -33.8, longitude: 151.2, types: ["night_club"],
                    address: "1 A St", priceLevel: 2)
            ])
        XCTAssertEqual(s.warnings, ["columns not used: 'extra'"])
        // lat/lng beat x/y when both are present; the loser is reported as not used.
        guard let t = summary("x,y,lng,lat,name\n1,2,151,-33,P\n") else { return }
        XCTAssertEqual(t.records.first.map { [$0.latitude, $0.longitude] }, [-33, 151])
        XCTAssertEqual(t.warnings, ["columns not used: 'x', 'y'"])
        guard let u = summary("long,latitude,name\n151,-33,P\n") else { return }
        XCTAssertEqual(u.records.count, 1)
    }

    func testQuotingEdgeCases() {
        let text = """
            name,lat,lon,address,id
            "Comma, inside",1,2,"A ""quoted"" word",a
            "Line
            break",3,4,"",b
            5" screen shop,5,6,x,c
            "",7,8,,d
            "Trailing sep",9,10,y,e,

            "Last, no newline",11,12,z,f
            """
        guard let s = summary(text) else { return }
        XCTAssertEqual(
            s.records.map(\.name),
            ["Comma, inside", "Line\nbreak", "5\" screen shop", "Trailing sep", "Last, no newline"])
        XCTAssertEqual(s.records.map(\.address), ["A \"quoted\" word", nil, "x", "y", "z"])
        XCTAssertEqual(s.records.map(\.id), ["a", "b", "c", "e", "f"])
        XCTAssertEqual(s.line, "loaded 5 places, skipped 1: 1 without a name")
        // Lines are counted through quoted line breaks: the error after one names the right line.
        assertError("name,lat,lon\n\"a\nb\nc\",1,2\nd,abc,2\n", "line 5: 'abc' is not a latitude", line: 5, item: 2)
        // Fewer fields than the header: the missing ones are empty.
        XCTAssertEqual(summary("name,lat,lon,address\nShort,1,2\n")?.records.first?.address, nil)
        // CR-only line ends.
        XCTAssertEqual(summary("name,lat,lon\rA,1,2\rB,3,4\r")?.records.map(\.name), ["A", "B"])
    }

    // MARK: - Skips

    func testSkipsCountedByReason() {
        guard
            let s = summary(
                """
                name,lat,lon
                Kept,-33.8,151.2
                Empty lat,,151.2
                Empty lon,-33.8,
                Null Island,0,0
                Also zero,0.0,-0
                North,90.5,1
                West,1,-180.1
                ,-33.8,151.2
                   ,-33.8,151.2
                Equator ok,0,151.2
                """)
        else { return }
        XCTAssertEqual(s.records.map(\.name), ["Kept", "Equator ok"])
        XCTAssertEqual(
            s.line,
            "loaded 2 places, skipped 8: 2 without coordinates, 2 at 0,0, 2 with coordinates out of range, 2 without a name"
        )
    }

    // MARK: - Errors

    /// An optional field of the wrong kind is left out of a place that still loads, counted by
    /// field with the first one's line, column (in characters) and text; both readers agree.
    func testBadOptionalFieldsAreLeftOutAndCounted() throws {
        let text = """
            name;lat;lon;rating;price;radius
            Brasserie;43,29;5,37;4,5;2;40,5
            Zinc;43,30;5,38;7;cher;
            "Chez
            Mimi";43,31;5,39;good;1.5;-1
            Île;43,32;5,40;4,5,6;;

            """
        guard let s = summary(text) else { return }
        XCTAssertEqual(s.records.map(\.name), ["Brasserie", "Zinc", "Chez\nMimi", "Île"])
        // A decimal comma in a ';' file is read as for coordinates: 4,5 is 4.5.
        XCTAssertEqual(s.records.map(\.rating), [4.5, nil, nil, nil])
        XCTAssertEqual(s.records.map(\.priceLevel), [2, nil, nil, nil])
        XCTAssertEqual(s.records.map(\.radius), [40.5, nil, nil, nil])
        XCTAssertEqual(
            s.fieldSkips,
            [
                ImportSummary.FieldSkip(
                    field: "rating", wanted: "a number from 1 to 5", count: 3, line: 3, column: 17, text: "7"),
                ImportSummary.FieldSkip(
                    field: "price", wanted: "a price level from 0 to 4", count: 2, line: 3, column: 19, text: "cher"),
                ImportSummary.FieldSkip(
                    field: "radius", wanted: "a size in metres", count: 1, line: 5, column: 27, text: "-1"),
            ])
        XCTAssertEqual(
            s.line,
            "loaded 4 places; left out 6 fields: 3 ratings not a number from 1 to 5 (first at line 3, column 17: '7'), 2 prices not a price level from 0 to 4 (first at line 3, column 19: 'cher'), 1 radius not a size in metres (first at line 5, column 27: '-1')"
        )
        var store = PlaceStore(source: "t")
        let streamed = try store.mergeCSV(Array(text.utf8), source: "t.csv").get()
        XCTAssertEqual(streamed.summary.fieldSkips, s.fieldSkips)
        XCTAssertEqual(store.count, 4)
    }

    /// A number cell gives the same value however it is spelt: plain digits (read on the spot)
    /// or with spaces around, quotes, a sign, zeros, an exponent or more than 19 digits (read the
    /// careful way). The expected values come from Swift's own parser on the bare number.
    func testNumberCellsInEverySpelling() {
        let templates = [
            "X", " X", "X ", "\"X\"", "\" X \"", "+X", "X0", "00X", "Xe0", "\tX", "X00000000000000000000",
        ]
        for template in templates {
            func cell(_ x: String) -> String { template.replacingOccurrences(of: "X", with: x) }
            let cells = [cell("33.5"), cell("151.25"), cell("4.5"), cell("2"), cell("12.125")]
            let text = "name,lat,lng,rating,price,radius\nP," + cells.joined(separator: ",") + "\n"
            guard let s = summary(text), let r = s.records.first else { continue }
            let what = "\(template): \(text)"
            // "X0" and the long zeros leave each value as it was; "00X" too.
            XCTAssertEqual(r.latitude, 33.5, what)
            XCTAssertEqual(r.longitude, 151.25, what)
            XCTAssertEqual(r.radius, 12.125, what)
            if template.hasPrefix("X0") {
                // "2" spelt "20" or with twenty zeros after it is no price level; 4.5 → 4.50 is.
                XCTAssertNil(r.priceLevel, what)
            } else {
                XCTAssertEqual(r.priceLevel, 2, what)
            }
            XCTAssertEqual(r.rating, 4.5, what)
        }
        // Not numbers: each left out and counted, the place kept; in a first row and with rows
        // after it, so that the bytes after the cell are read as the file's, not its end.
        for bad in ["4.5x", "4..5", "--4", "4.5.", "\"4\"\"5\"", "0x4", "inf", "nan", "٤", "1.2345x", "12.3;"] {
            let text = "name,lat,lng,rating,radius\nP,-33.87,151.2,\(bad),\(bad)\nQ,-33.8,151.2,,\nR,-33.8,151.2,,\n"
            guard let s = summary(text) else { continue }
            XCTAssertEqual(s.records.map(\.rating), [nil, nil, nil], bad)
            XCTAssertEqual(s.records.map(\.radius), [nil, nil, nil], bad)
            XCTAssertEqual(s.fieldSkips.map(\.count), [1, 1], bad)
        }
        // A decimal comma in a semicolon file, bare or spaced.
        guard let s = summary("name;lat;lng;rating\nP;-33,87; 151,2 ;4,5\n") else { return }
        XCTAssertEqual(s.records.map(\.latitude), [-33.87])
        XCTAssertEqual(s.records.map(\.longitude), [151.2])
        XCTAssertEqual(s.records.map(\.rating), [4.5])
    }

    /// A price level is a whole number from −1 (unknown) to 4: anything else is refused.
    func testPriceLevelsAreWholeNumbersFromMinusOneToFour() {
        for (v, expected) in [(-1.0, nil), (-0.0, 0), (0, 0), (1, 1), (4, 4)] as [(Double, Int?)] {
            XCTAssertEqual(try? PlaceValues.price(v, "\(v)"), .some(expected), "\(v)")
        }
        for v in [-1.5, -2, 0.5, 1.5, 3.9999999999999996, 4.000000000000001, 5, .nan, .infinity, -.infinity] {
            XCTAssertNil(try? PlaceValues.price(v, "\(v)"), "\(v)")
        }
    }

    func testErrorsNameTheLine() {
        assertError("name,lat,lon\nA,1,2\nB,abc,2\n", "line 3: 'abc' is not a latitude", line: 3, item: 2)
        assertError("name,lat,lon\nB,1,east\n", "line 2: 'east' is not a longitude", line: 2, item: 1)
        assertError(
            "name,lat,lon\nB,1,2\nC,3,4,5\n", "line 3: 4 fields, but the header has 3 (an unquoted , inside a field?)",
            line: 3, item: 2)
        assertError(
            "name\tlat\tlon\nB\t1\t2\tx\n", "line 2: 4 fields, but the header has 3 (an unquoted tab inside a field?)",
            line: 2, item: 1)
        assertError("name,lat,lon\nA,1,2\n\"Open,1,2\nB,3,4\n", "line 3: a quoted field is never closed", line: 3)
        assertError(
            "name,lat,lon\n\"A\"x,1,2\n",
            "line 2: unexpected 'x' after a closing quote (a quote inside a quoted field is written \"\")", line: 2)
        assertError("", "line 1: the file is empty: expected a header row naming the columns", line: 1)
        assertError([0xFF, 0xFE, 0x6E, 0x00], "line 1: the file is UTF-16; save it as UTF-8", line: 1)
        assertError(
            Array("name,lat,lon\nA,1,2\nB".utf8) + [0xE9] + Array(",1,2\n".utf8),
            "line 3: not UTF-8 (byte 0xE9); save the file as UTF-8", line: 3)
    }

    func testMissingColumnsListTheColumnsFound() {
        assertError(
            "title,latitude,longitude\nA,1,2\n",
            "line 1: missing the name column (name); the header has 'title', 'latitude', 'longitude' (comma-separated)",
            line: 1)
        assertError(
            "name;city\nA;B\n",
            "line 1: missing the latitude column (lat, latitude or y) and the longitude column (lon, lng, long, longitude or x); the header has 'name', 'city' (semicolon-separated)",
            line: 1)
        assertError(
            "name|lat|lon\n",
            "line 1: missing the name column (name), the latitude column (lat, latitude or y) and the longitude column (lon, lng, long, longitude or x); the header has 'name|lat|lon' (comma-separated)",
            line: 1)
    }

    func testHeaderOnlyAndBlankLines() {
        XCTAssertEqual(summary("name,lat,lon\n")?.line, "loaded 0 places")
        XCTAssertEqual(summary("name,lat,lon")?.records, [])
        XCTAssertEqual(summary("name,lat,lon\n\n\nA,1,2\n\n")?.records.count, 1)
    }

    /// A header and one row `count` columns wide, with the name half-way, the latitude at 70%
    /// and the longitude last.
    private func wideFile(columns count: Int) -> (text: String, header: [String]) {
        var header = (0..<count).map { "c\($0)" }
        header[count / 2] = "name"
        header[count * 7 / 10] = "lat"
        header[count - 1] = "lon"
        var row = Array(repeating: "", count: count)
        row[count / 2] = "Wide"
        row[count * 7 / 10] = "-33.8"
        row[count - 1] = "151.2"
        return (header.joined(separator: ",") + "\n" + row.joined(separator: ",") + "\n", header)
    }

    /// 100,000 columns: read in time that grows with the width, not faster, and the messages
    /// stay short.
    func testHundredThousandColumns() {
        var files: [Int: [UInt8]] = [:]
        for columns in [25_000, 100_000] { files[columns] = Array(wideFile(columns: columns).text.utf8) }
        assertGrowsLinearly("a wide CSV file", small: 25_000) { columns in _ = CSVImporter.parse(files[columns] ?? []) }
        let (text, header) = wideFile(columns: 100_000)
        guard let s = summary(text) else { return }
        XCTAssertEqual(s.records, [PlaceRecord(name: "Wide", latitude: -33.8, longitude: 151.2)])
        XCTAssertEqual(s.warnings.count, 1)
        XCTAssertTrue(s.warnings[0].hasSuffix(" and 99,977 more"), s.warnings[0])
        XCTAssertLessThan(s.warnings[0].count, 400)
        // Without a latitude: the message lists 20 names and a count.
        var noLat = header
        noLat[70_000] = "z"
        switch CSVImporter.parse(Array((noLat.joined(separator: ",") + "\n").utf8)) {
        case .success: XCTFail("accepted without a latitude")
        case .failure(let e):
            XCTAssertTrue(
                e.message.hasPrefix(
                    "line 1: missing the latitude column (lat, latitude or y); the header has 'c0', 'c1'"), e.message)
            XCTAssertTrue(e.message.hasSuffix("'c19' and 99,980 more (comma-separated)"), e.message)
        }
    }

    /// Every prefix of a small file ends in a summary or an error, never a crash; prefixes that
    /// cut a quoted field open are errors.
    func testEveryPrefix() {
        let doc = Array("id,name,lat,lon,address\n1,\"A, \"\"q\"\"\",1,2,\"x\ny\"\n2,B,3,4,z\n".utf8)
        XCTAssertEqual(try? CSVImporter.parse(doc).get().records.count, 2)
        for cut in 0..<doc.count {
            _ = CSVImporter.parse(Array(doc[0..<cut]))
        }
        for cut in [27, 29, 32, 43] {
            if case .success = CSVImporter.parse(Array(doc[0..<cut])) {
                XCTFail("an open quote was accepted (cut at \(cut))")
            }
        }
    }

    // MARK: - Exporter and round trips

    func testExporterOutputExactly() {
        let out = CSVExporter.write(Array(awkwardPlaces.prefix(3)))
        XCTAssertEqual(
            String(decoding: out, as: UTF8.self),
            """
            id,name,latitude,longitude,types,address,rating,price,radius
            "a,1","Café ""Le Quai"", Pier 2",-33.8688,151.2093,cafe;food,"1 Pier St, Sydney NSW 2000",4.5,2,25.5
            seoul-1,경복궁,37.5796212,126.9770162,tourist_attraction,서울특별시 종로구 사직로 161,,,300
            tehran-1,میدان آزادی,35.6997,51.338,,تهران، میدان آزادی,4.7,0,120

            """)
        XCTAssertEqual(
            String(decoding: CSVExporter.write([Place]()), as: UTF8.self),
            "id,name,latitude,longitude,types,address,rating,price,radius\n")
    }

    func testAwkwardTextRoundTrips() {
        guard let back = summary(CSVExporter.write(awkwardPlaces)) else { return }
        assertRoundTrip(back.records, awkwardPlaces)
    }

    func testRealExtractRoundTrips() throws {
        try checkRoundTrip(try sydneyNamedPOIs(smallerCase: "testCockleBayRoundTrips"), line: "loaded 1,227 places")
    }

    func testCockleBayRoundTrips() throws {
        try checkRoundTrip(try CockleBay.geoJSON(), line: "loaded 25 places")
    }

    /// A GeoJSON extract's places written as CSV and read back: the same places, and the same
    /// bytes when written again.
    private func checkRoundTrip(_ geoJSON: [UInt8], line: String) throws {
        let s = try GeoJSONImporter.parse(geoJSON).get()
        let places = s.records.enumerated().map { placeForExport($1, index: $0) }
        guard let back = summary(CSVExporter.write(places)) else { return }
        XCTAssertEqual(back.line, line)
        assertRoundTrip(back.records, places)
        // CSV → GeoJSON → CSV: the same bytes.
        let again = back.records.enumerated().map { placeForExport($1, index: $0) }
        XCTAssertEqual(CSVExporter.write(again), CSVExporter.write(places))
    }

    /// Random places (random text from a mixed alphabet) survive both formats.
    func testRandomRoundTrips() {
        var rng = SeededRandom(seed: 42)
        let alphabet = Array("ab ,;\"\n\r\t'é경ی😀\\/{}[]:")
        func text(_ n: Int) -> String {
            let s = String((0..<Int.random(in: 1...n, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            let t = PlaceValues.trim(s)
            return t.isEmpty ? "x" : t
        }
        let places = (0..<300).map { i in
            Place(
                id: "r\(i)-" + text(6), name: text(20),
                coordinate: GeoPoint(latitude: rng.double(in: -90...90), longitude: rng.double(in: -180...180)),
                types: ["cafe", "food", "bar"].filter { _ in Bool.random(using: &rng) },
                address: Bool.random(using: &rng) ? "" : text(30),
                rating: [0, 1, 3.7, 5].randomElement(using: &rng)!, priceLevel: Int.random(in: -1...4, using: &rng),
                radius: rng.double(in: 0.5...500), area: "r")
        }
        guard let csv = summary(CSVExporter.write(places)) else { return }
        assertRoundTrip(csv.records, places)
        guard let geo = try? GeoJSONImporter.parse(GeoJSONExporter.write(places)).get() else {
            return XCTFail("GeoJSON export did not load")
        }
        assertRoundTrip(geo.records, places)
    }

    /// `PlaceStore.mergeCSV` (rows straight from `CSVImporter.read` into the store) leaves the store, the counts and the
    /// summary exactly as `parse` then `merge`/`replaceAll` do: quoting, Unicode trimming, type
    /// lists, duplicate IDs (given: the later replaces; derived: `~2`), replacing places already
    /// there, a semicolon file with decimal commas; and a failing file changes nothing.
    func testStreamingMergeMatchesParseThenMerge() {
        let files = [
            "id,name,lat,lng,types,address,rating,price,radius\nA,Cafe One,-33.87,151.2,cafe;food,1 St,4.5,2,\n"
                + ",ATM,-33.871,151.21,atm,,,,\n,ATM,-33.871,151.21,atm,,,,\nA,Cafe Two,-33.872,151.22,\"cafe, food\",\"  2 St \",3,,12\n"
                + ",\"Q \"\"x\"\"\",-33.9,151.1, Restaurant ;bar,\u{A0}addr\u{A0},,,\n,No Coord,,,atm,,,,\n,\u{A0},1,1,,,,,\n"
                + "p:0000000000000001,Given,-33.95,151.0,,,,,\n,Zero,0,0,,,,,\n",
            "name;lat;lng;category\nX;-33,87;151,2;Coffee Shop\n\nY;-33,88;151,3;\n",
            "name\tlatitude\tlongitude\nSydney Tower Eye\t-33.8705\t151.2089\n",
        ]
        var rng = SeededRandom(seed: 7)
        let generated = PlaceStore.synthetic(
            count: 3000, around: GeoPoint(latitude: -33.87, longitude: 151.2), radius: 5000, seed: 3, range: 0..<3000)
        let places = generated.enumerated().map { i, r in
            Place(
                id: i % 3 == 0 ? "g\(i)" : "", name: r.name,
                coordinate: GeoPoint(latitude: r.latitude, longitude: r.longitude),
                types: r.types, address: r.address ?? "", rating: r.rating ?? 0, priceLevel: r.priceLevel ?? -1,
                radius: Bool.random(using: &rng) ? r.radius ?? 30 : 0, area: "g")
        }
        let bytesList =
            files.map { Array($0.utf8) } + [
                CSVExporter.write(places), CSVExporter.write(Array(places.prefix(50)) + places.prefix(50)),
            ]
        let starts = [
            PlaceStore(), PlaceStore.builtin, PlaceStore(records: generated.prefix(100).map { $0 }, source: "before"),
        ]
        for (f, bytes) in bytesList.enumerated() {
            guard let parsed = summary(bytes) else { continue }
            for (s, start) in starts.enumerated() {
                for replacing in [false, true] {
                    var expected = start
                    var counts = (added: 0, replaced: 0)
                    if replacing {
                        expected.replaceAll(with: parsed.records, source: "f.csv")
                    } else {
                        counts = expected.merge(parsed.records, source: "f.csv")
                    }
                    var streamed = start
                    guard
                        case .success(let result) = streamed.mergeCSV(bytes, source: "f.csv", replacing: replacing)
                    else {
                        XCTFail("file \(f): merge failed")
                        continue
                    }
                    let what = "file \(f), start \(s), replacing \(replacing)"
                    XCTAssertEqual(streamed.places, expected.places, what)
                    XCTAssertEqual(streamed.source, expected.source, what)
                    XCTAssertEqual(result.summary.line, parsed.line, what)
                    XCTAssertEqual(result.summary.loaded, parsed.records.count, what)
                    XCTAssertEqual(result.summary.skipped, parsed.skipped, what)
                    XCTAssertEqual(result.summary.warnings, parsed.warnings, what)
                    if !replacing {
                        XCTAssertTrue(result.added == counts.added && result.replaced == counts.replaced, what)
                    }
                    for row in stride(from: 0, to: expected.count, by: 97) {
                        XCTAssertEqual(streamed.index(ofID: expected.id(at: row)), row, what)
                    }
                }
            }
        }
        var store = PlaceStore.builtin
        // The bad row early, and after a hundred rows (more than a load holds back before it
        // puts them) of which some replace built-in places.
        var long = "id,name,lat,lng\n"
        for k in 0..<100 { long += "\(k % 7 == 0 ? PlaceStore.builtin.id(at: k) : ""),P\(k % 10),-33.8\(k),151.2\n" }
        for (bad, line) in [("name,lat,lng\nA,-33.87,151.2\nB,abc,151.2\n", 3), (long + ",B,abc,151.2\n", 102)] {
            for replacing in [false, true] {
                guard case .failure(let e) = store.mergeCSV(Array(bad.utf8), source: "bad.csv", replacing: replacing)
                else {
                    return XCTFail("a bad file merged")
                }
                XCTAssertEqual(e.message, "line \(line): 'abc' is not a latitude")
                XCTAssertEqual(store.places, PlaceStore.builtin.places)
                XCTAssertEqual(store.source, PlaceStore.builtin.source)
                XCTAssertEqual(store.index(ofID: PlaceStore.builtin.id(at: 7)), 7)
            }
        }
    }
    /// Collects what a streaming read hands over, as text.
    struct Rows: PlaceSink {
        var expected = 0
        var rows: [String] = []
        mutating func expect(places: Int) { expected = places }
        mutating func add(_ p: PlaceBytes) {
            func t(_ b: UnsafeBufferPointer<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
            rows.append(
                [
                    t(p.id), t(p.name), t(p.address), t(p.types), "\(p.latitude)", "\(p.longitude)",
                    "\(p.radius ?? -1)", "\(p.rating ?? -1)", "\(p.priceLevel ?? -9)",
                ].joined(separator: "|"))
        }
    }

    /// Records what a streaming read shows (`prefetch`) and hands over (`add`), in order.
    struct Calls: PlaceSink {
        var calls: [(add: Bool, row: String)] = []
        mutating func expect(places: Int) {}
        mutating func prefetch(_ p: PlaceBytes) { calls.append((false, Self.text(p))) }
        mutating func add(_ p: PlaceBytes) { calls.append((true, Self.text(p))) }
        static func text(_ p: PlaceBytes) -> String {
            func t(_ b: UnsafeBufferPointer<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
            return [t(p.id), t(p.name), t(p.address), t(p.types), "\(p.latitude)", "\(p.longitude)"].joined(
                separator: "|")
        }
    }

    /// A streaming read shows each row to the sink before it hands it over, at most 32 rows
    /// ahead, and hands over every row, in order, whatever the window: the rows held back keep
    /// their bytes (in the window, or copied aside when quotes are undone or Unicode spaces
    /// trimmed) until they are handed over, and a malformed row is thrown only after the rows
    /// before it are.
    func testAStreamedReadShowsEachRowBeforeHandingItOver() {
        var text = "id,name,lat,lng,types,address\n"
        for k in 0..<500 {
            let name = k % 3 == 0 ? "\"Q\(k) \"\"x\"\"\"" : k % 5 == 0 ? "\u{A0}N\(k)\u{A0}" : "N\(k)"
            text += "i\(k),\(name),-33.\(k),151.\(k),cafe;food,\"\(k) St, Sydney\"\n"
        }
        guard let parsed = summary(text) else { return }
        let expected = parsed.records.map { r in
            [r.id ?? "", r.name, r.address ?? "", "cafe;food", "\(r.latitude)", "\(r.longitude)"].joined(separator: "|")
        }
        for bad in [false, true] {
            let bytes = Array((text + (bad ? "B,bad,abc,151.2,,\n" : "")).utf8)
            for window in [40, 64, 1000, 1 << 20] {
                var sink = Calls()
                var interruption = ImportInterruption.none
                let failed: Bool
                do throws(ImportError) {
                    _ = try CSVImporter.read(
                        from: BytesSource(bytes), into: &sink, interruption: &interruption, window: window)
                    failed = false
                } catch {
                    XCTAssertEqual(error.message, "line 502: 'abc' is not a latitude")
                    failed = true
                }
                let what = "window \(window), bad row \(bad)"
                XCTAssertEqual(failed, bad, what)
                XCTAssertEqual(sink.calls.filter(\.add).map(\.row), expected, what)
                XCTAssertEqual(sink.calls.filter { !$0.add }.map(\.row), expected, what)
                assertShownFirst(sink, what)
            }
        }
        // Ctrl-C after the 100th row: it stops there; every row handed over was shown first.
        var sink = Calls()
        var interruption = ImportInterruption(every: 100) { true }
        do throws(ImportError) {
            _ = try CSVImporter.read(
                from: BytesSource(Array(text.utf8)), into: &sink, interruption: &interruption, window: 1000)
            XCTFail("not interrupted")
        } catch {
            XCTAssertTrue(error.isInterruption)
        }
        XCTAssertEqual(sink.calls.filter(\.add).map(\.row), Array(expected.prefix(100)))
        assertShownFirst(sink, "interrupted")
    }

    /// Each row shown before it is handed over, exactly as it is handed over, at most 32 ahead.
    func assertShownFirst(_ sink: Calls, _ what: String) {
        var shown: [String] = []
        var added = 0
        for call in sink.calls {
            if call.add {
                XCTAssertLessThan(added, shown.count, what)
                if added < shown.count { XCTAssertEqual(call.row, shown[added], what) }
                added += 1
            } else {
                shown.append(call.row)
                XCTAssertLessThanOrEqual(shown.count - added, 32, what)
            }
        }
    }

    /// The records of a file, each as its lines, end and fields, read with or without the quick
    /// way (`CSVReader.plainRecord`), and how many records the quick way read.
    private func records(_ bytes: [UInt8], quick: Bool) -> (text: String, quick: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var out: [String] = []
            var quickCount = 0
            do throws(ImportError) {
                var reader = try CSVReader(buffer)
                reader.quickRecords = quick
                while true {
                    let start = reader.i
                    let line = reader.line
                    if quick && reader.i < reader.n {
                        if reader.plainRecord() {
                            quickCount += 1
                        } else {
                            XCTAssertEqual(reader.fields.count, 0)
                            XCTAssertEqual(reader.i, start)
                            XCTAssertEqual(reader.line, line)
                        }
                        reader.i = start
                        reader.line = line
                    }
                    guard try reader.record() else { break }
                    let fields = (0..<reader.fields.count).map {
                        let f = reader.fields[$0]
                        return "\(f.start)-\(f.end)\(f.escaped ? "e" : "")"
                    }
                    out.append("\(reader.recordLine)…\(reader.line) @\(reader.i): \(fields.joined(separator: " "))")
                }
            } catch {
                out.append("error: \(error.message)")
            }
            return (out.joined(separator: "\n"), quickCount)
        }
    }

    /// The quick way of reading a record reads what the careful way reads, field for field,
    /// line for line, on records of every shape: quoted fields (with delimiters, line breaks and
    /// `""` inside), quotes inside unquoted fields, empty fields, a trailing delimiter, LF, CR
    /// and CRLF ends, fields longer than its 64 bytes at a time, records ending near the file's
    /// end, and each delimiter.
    func testTheQuickWayReadsEveryRecordAsTheCarefulWayDoes() {
        var random = SeededRandom(seed: 17)
        let pieces = [
            "Cafe", "-33.8688", "151.2093", "", "", "a b", "x\"y", "\"q,\"\"\nz\"", "\"\"", "4.5", "ü東",
            String(repeating: "long ", count: 15), String(repeating: "w", count: 64), " pad ",
        ]
        let ends = ["\n", "\r\n", "\r"]
        var quickTotal = 0
        for file in 0..<400 {
            let d = [",", ";", "\t"][random.below(3)]
            var text = ["name", "lat", "lng", "types"].joined(separator: d) + ends[random.below(3)]
            for _ in 0..<random.below(12) {
                let count = 1 + random.below(6)
                text += (0..<count).map { _ in pieces[random.below(pieces.count)] }.joined(separator: d)
                if random.below(8) == 0 { text += d }
                text += ends[random.below(3)]
            }
            // Some files end without a line break, or with a bare delimiter, or a quote open.
            switch random.below(6) {
            case 0: text += "Last" + d + "1" + d + "2"
            case 1: text += d
            case 2: text += "\"open" + d
            default: break
            }
            let bytes = Array(text.utf8)
            let quick = records(bytes, quick: true)
            XCTAssertEqual(quick.text, records(bytes, quick: false).text, "file \(file): \(text.debugDescription)")
            quickTotal += quick.quick
        }
        // The quick way read most of the records (it is not merely falling back).
        XCTAssertGreaterThan(quickTotal, 1000)
        // A plain record ahead: read the quick way, with its fields, its CRLF and the next line.
        let plain = Array("name,lat\r\nCafe One,-33.8688\r\n\(String(repeating: "x", count: 70)),1\n".utf8)
        plain.withUnsafeBufferPointer { buffer in
            guard var reader = try? CSVReader(buffer), (try? reader.record()) == true else {
                return XCTFail("no header")
            }
            XCTAssertTrue(reader.plainRecord())
            XCTAssertEqual(reader.fields.count, 2)
            XCTAssertEqual(reader.fields[0].start, 10)
            XCTAssertEqual(reader.fields[0].end, 18)
            XCTAssertEqual(reader.fields[1].end, 27)
            XCTAssertEqual(reader.i, 29)
            XCTAssertEqual(reader.line, 3)
            // The last record ends at the file's last byte: left to the careful way.
            XCTAssertFalse(reader.plainRecord())
        }
    }

    /// A file read a window at a time gives what the whole file gives, row for row, summary
    /// and error alike, whatever the window's size (records, quoted line breaks, CRLF and UTF-8
    /// sequences cut by a window's end; a record longer than the window).
    func testReadingAWindowAtATimeMatchesReadingTheWholeFile() {
        let long = String(repeating: "Long name ", count: 40)
        let files = [
            "id,name,lat,lng,types,address,rating,price,radius\r\nA,Café One,-33.87,151.2,cafe;food,1 St,4.5,2,\r\n"
                + ",\"Multi\nline\r\nname\",-33.871,151.21,atm,,,,\r\n,ATM,-33.871,151.21,atm,,,,\n"
                + ",\"Q \"\"x\"\"\",-33.9,151.1, Restaurant ;bar,\u{A0}addr\u{A0},,,\n,No Coord,,,atm,,,,\n"
                + ",\(long),-33.95,151.0,,,,,\n,Zero,0,0,,,,,\n,Ünïcødé 東京 🍜,-33.96,151.01,,,,,",
            "\u{FEFF}name;lat;lng;category\rX;-33,87;151,2;Coffee Shop\r\rY;-33,88;151,3;\r",
            "name,lat,lng,\nTrailing,-33.8,151.2,",
            "name,lat,lng\nA,-33.87,151.2\nB,abc,151.2\n",
            "name,lat,lng\nA,-33.87,151.2\n\"never closed,1,2\n",
            "name,lat,lng\nA,-33.87,151.2\nB,-33.8,151.2,x,y\n",
            "name,lat,lng\nÄ,-33.87,151.2\nB\u{FF}\n",
            "name,lat,lng\nA,-33.87,151.2\nB,-33.8,151.2\n",
        ]
        var inputs = files.map { Array($0.utf8) }
        inputs[6] = Array("name,lat,lng\nÄ,-33.87,151.2\nB".utf8) + [0xE2, 0x82] + Array(",1,2\n".utf8)
        inputs.append([0xFF, 0xFE, 0x6E, 0x00])
        inputs.append(Array("name,lat,lng\n\"Ä\",\"-33.8\"\"\",1\n".utf8))
        // A malformed record, or a header without the columns, before a byte that is not UTF-8
        // further on: the byte is what the file fails with, read whole or a window at a time.
        var padding: [UInt8] = []
        for k in 0..<30 { padding += Array("P\(k),-33.8,151.2\n".utf8) }
        inputs.append(Array("name,lat,lng\nA,abc,151.2\n".utf8) + padding + [0x42, 0xFF] + Array(",1,2\n".utf8))
        inputs.append(Array("nom,lat\nA,1\n".utf8) + padding + [0xED, 0xA0, 0x80])
        inputs.append(Array("name,lat,lng\nA,abc,151.2\n".utf8) + padding + [0x43, 0xE2, 0x82])
        func run(_ bytes: [UInt8], window: Int?) -> String {
            var sink = Rows()
            var interruption = ImportInterruption.none
            do throws(ImportError) {
                let summary =
                    if let window {
                        try CSVImporter.read(
                            from: BytesSource(bytes), into: &sink, interruption: &interruption, window: window)
                    } else {
                        try bytes.withUnsafeBufferPointer { b throws(ImportError) in
                            try CSVImporter.read(b, into: &sink, interruption: &interruption)
                        }
                    }
                return (sink.rows + [summary.line, "\(summary.warnings)", "\(summary.streamed)"])
                    .joined(separator: "\n")
            } catch {
                // The places handed over before a failure are the owner's to undo: read a window
                // at a time, those before a byte that is not UTF-8 may have been handed over too.
                return "error: \(error.message) \(error.line ?? -1) \(error.item ?? -1)"
            }
        }
        for (f, bytes) in inputs.enumerated() {
            let whole = run(bytes, window: nil)
            for window in [16, 17, 23, 64, 100, 1 << 20] {
                XCTAssertEqual(run(bytes, window: window), whole, "file \(f), window \(window)")
            }
        }
        // A file of 3,000 places, and a load into a store.
        let generated = PlaceStore.synthetic(
            count: 3000, around: GeoPoint(latitude: -33.87, longitude: 151.2), radius: 5000, seed: 3, range: 0..<3000)
        let bytes = CSVExporter.write(PlaceStore(records: generated, source: "g").places)
        XCTAssertEqual(run(bytes, window: 4096), run(bytes, window: nil))
        var streamed = PlaceStore.builtin
        var whole = PlaceStore.builtin
        XCTAssertNotNil(try? streamed.mergeCSV(streaming: BytesSource(bytes), source: "g.csv").get())
        XCTAssertNotNil(try? whole.mergeCSV(bytes, source: "g.csv").get())
        XCTAssertEqual(streamed.places, whole.places)
    }

    /// A streamed read starts at the file's first byte, whatever was read of the source before
    /// (`places load` reads a large file's first MiB to tell its format): a bad byte there fails
    /// the file, and every line is counted in the places it expects.
    /// The line-feed count a streamed read sizes its arrays by and numbers its lines with, and
    /// whether the bytes are all ASCII (then not checked as UTF-8 besides), sixteen bytes at a
    /// time, against a byte-by-byte count: bytes near 0x0A and with the top bit set, every start
    /// and length; and ASCII with one byte above it, or none, anywhere.
    func testLineFeedsAreCountedExactly() {
        var rng = SeededRandom(seed: 11)
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x0B, 0x09, 0x8A, 0x0D, 0x00, 0xFF, 0x7F, 0x2C, 0x41, 0x01]
        for length in 0..<80 {
            var bytes = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            for ascii in [false, true] {
                if ascii {
                    bytes = bytes.map { $0 & 0x7F }
                    if length > 0 && rng.next() % 2 == 0 { bytes[Int(rng.next() % UInt64(length))] = 0x80 }
                }
                bytes.withUnsafeBufferPointer { b in
                    for start in 0...length {
                        XCTAssertEqual(
                            CSVReader.lineBreaks(b, from: start), b[start...].filter { $0 == 0x0A }.count,
                            "\(bytes) from \(start)")
                        XCTAssertEqual(
                            CSVReader.lineBreaksAndASCII(b, from: start).ascii, b[start...].allSatisfy { $0 < 0x80 },
                            "\(bytes) from \(start)")
                    }
                }
            }
        }
        // Long runs, where every byte lane fills up: all line feeds, none, and every other byte.
        for (bytes, expected) in [
            ([UInt8](repeating: 0x0A, count: 20_003), 20_003), ([UInt8](repeating: 0x0B, count: 20_003), 0),
            ((0..<20_003).map { $0 % 2 == 0 ? UInt8(0x0A) : 0x41 }, 10_002),
        ] {
            XCTAssertEqual(bytes.withUnsafeBufferPointer { CSVReader.lineBreaks($0, from: 0) }, expected)
        }
    }

    func testAStreamedReadStartsAtTheFirstByte() {
        var good = Array("name,lat,lng\nA,-33.87,151.2\n".utf8)
        for k in 0..<40 { good += Array("P\(k),-33.8,151.2\n".utf8) }
        func run(_ bytes: [UInt8], skipping: Int) -> (Rows, String) {
            var source = BytesSource(bytes)
            var head = [UInt8](repeating: 0, count: skipping)
            _ = head.withUnsafeMutableBufferPointer { source.read(into: $0) }
            var sink = Rows()
            var interruption = ImportInterruption.none
            do throws(ImportError) {
                let summary = try CSVImporter.read(from: source, into: &sink, interruption: &interruption, window: 64)
                return (sink, summary.line)
            } catch {
                return (sink, "error: \(error.message)")
            }
        }
        let (rows, line) = run(good, skipping: 100)
        XCTAssertEqual(rows.rows.count, 41)
        XCTAssertEqual(line, "loaded 41 places")
        XCTAssertGreaterThanOrEqual(rows.expected, 42)  // estimated from the first window
        var bad = good
        bad[30] = 0xFF  // in the third line, among the bytes read before
        XCTAssertEqual(run(bad, skipping: 100).1, "error: line 3: not UTF-8 (byte 0xFF); save the file as UTF-8")
    }
}
