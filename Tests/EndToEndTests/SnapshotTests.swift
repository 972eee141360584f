import Foundation
import TestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `snapshot FILE.svg` for fixed scenarios: each SVG must equal its golden file in
/// Tests/EndToEndTests/Snapshots (record with PLACESHELL_RECORD=1), parse as XML with the
/// elements the scenario shows, and render to a PNG of the device's size with a real renderer,
/// rsvg-convert (Debian's librsvg2-bin; `scripts/setup test` installs it).
final class SnapshotTests: XCTestCase {
    static let goldens = Paths.repository.appendingPathComponent("Tests/EndToEndTests/Snapshots")
    /// The device frame: the map view's 393 × 852 points and a 14-point bezel on each side.
    static let size = (width: 421, height: 880)

    func testMapWithMarkerAndOpenInfoWindow() throws {
        let svg = try snapshot(
            "marker-info-window",
            """
            locate sydney; launch; auth allow; fields +formattedAddress; likely; select 2; likely; select 2
            tap marker 1
            """)
        XCTAssertTrue(svg.texts.contains("Current Place on a Map"))
        XCTAssertTrue(svg.texts.contains("Get Place"))
        XCTAssertEqual(svg.textsInside("info-window"), ["Darling Harbour", "Sydney NSW 2000, Australia"])
        XCTAssertEqual(svg.boldTexts.filter { $0 == "Darling Harbour" }.count, 1, "the info window's title is bold")
        for id in [
            "map", "grid", "places", "markers", "my-location", "my-location-button", "scale-bar", "navigation-bar",
        ] {
            XCTAssertTrue(svg.ids.contains(id), "no element with id '\(id)'")
        }
        XCTAssertEqual(svg.classCounts["marker"], 1)
        XCTAssertTrue(svg.texts.contains("200 m"), "scale bar: \(svg.texts)")
        XCTAssertGreaterThan(svg.textsInside("places").count, 10, "place labels")
    }

    func testPickerOpen() throws {
        let svg = try snapshot("picker", "locate sydney; launch; auth allow; likely")
        XCTAssertTrue(svg.texts.contains("Choose a place"))
        XCTAssertTrue(svg.texts.contains("Back"))
        XCTAssertFalse(svg.ids.contains("map"), "the picker covers the map")
        XCTAssertEqual(svg.classCounts["row"], 5, "five rows a screen")
        XCTAssertEqual(
            Array(svg.textsInside("picker").prefix(2)), ["Australian National Maritime Museum", "Darling Harbour"])
        XCTAssertFalse(svg.ids.contains("scroll-indicator"), "the table does not scroll: no indicator")
    }

    /// With 'set picker-scroll on' the table scrolls, and a list longer than a screen shows the
    /// scroll indicator.
    func testScrollingPickerShowsTheIndicator() throws {
        let svg = try snapshot("picker-scrolls", "set picker-scroll on; locate sydney; launch; auth allow; likely")
        XCTAssertEqual(svg.classCounts["row"], 5, "five rows a screen")
        XCTAssertTrue(svg.ids.contains("scroll-indicator"), "13 rows scroll")
    }

    /// The permission alert on screen is drawn over the app: its title naming the app, the
    /// Info.plist message, the Precise switch as it stands, and the three buttons.
    func testPermissionAlertOverTheHiddenMap() throws {
        let svg = try snapshot("permission-alert", "launch")
        XCTAssertTrue(svg.ids.contains("permission-alert"))
        XCTAssertTrue(svg.ids.contains("map-hidden"), "the map is hidden behind the alert")
        XCTAssertEqual(
            svg.textsInside("permission-alert"),
            [
                "Allow “current-place-on-map”", "to use your location?", "Show your location on a map", "Precise: On",
                "Allow Once", "Allow While Using App", "Don’t Allow",
            ])
        XCTAssertEqual(svg.classCounts["alert-button"], 3)
        XCTAssertEqual(svg.classCounts["on"], 1, "the Precise switch is on")
    }

    /// With the device in Korean the alert shows iOS's Korean title and buttons, in a face with
    /// Hangul; the picture's language is Korean.
    func testPermissionAlertInKorean() throws {
        try requireFont(language: "ko", package: "fonts-noto-cjk")
        let svg = try snapshot("permission-alert-ko", "set language ko; launch")
        XCTAssertEqual(svg.rootLanguage, "ko")
        let texts = svg.textsInside("permission-alert")
        XCTAssertEqual(
            texts.joined(separator: " ").hasPrefix("‘current-place-on-map’ 앱이 사용자의 위치를 사용하도록 허용하겠습니까?"), true,
            "\(texts)")
        XCTAssertEqual(Array(texts.suffix(3)), ["한 번 허용", "앱을 사용하는 동안 허용", "허용 안 함"])
        XCTAssertTrue(texts.contains("Show your location on a map"), "the message is the Info.plist text")
        XCTAssertEqual(svg.classCounts["alert-button"], 3)
        XCTAssertEqual(svg.rightToLeftTexts, [], "Korean is written left to right")
    }

    /// With the device in Persian the alert stays English (no Persian wording is confirmed), and
    /// Persian place names, in the picker and on the map, are laid out right to left where they
    /// stand: anchored at their end, which a right-to-left line has on the left.
    func testPersianScreen() throws {
        try requireFont(language: "fa", package: "fonts-farsiweb")
        let adds = """
            places add 'کتابخانه ملی' -33.95 151.30 id=fa1 type=library
            places add 'باغ ارم ۲' -33.9503 151.3004 id=fa2 type=park
            places add 'موزه فرش' -33.9497 151.2996 id=fa3 type=museum
            """
        let alert = try snapshot("permission-alert-fa", "set language fa; launch")
        XCTAssertEqual(alert.rootLanguage, "fa")
        XCTAssertEqual(
            Array(alert.textsInside("permission-alert").suffix(3)),
            ["Allow Once", "Allow While Using App", "Don’t Allow"])
        let svg = try snapshot(
            "persian-screen",
            "set language fa\n" + adds + "\nlocate -33.95 151.30; launch; auth allow; likely; select 1; tap marker 1")
        XCTAssertEqual(svg.rootLanguage, "fa")
        let window = svg.textsInside("info-window")
        XCTAssertEqual(window.count, 1, "the title only (no formattedAddress requested)")
        XCTAssertEqual(window.filter { svg.rightToLeftTexts.contains($0) }, window, "\(svg.rightToLeftTexts)")
        XCTAssertGreaterThanOrEqual(svg.rightToLeftTexts.count, 2, "the window's title and a label on the map")
        XCTAssertFalse(svg.rightToLeftTexts.contains("Get Place"), "Latin text stays left to right")
        // A label on the map keeps its place, anchored at its end (its left end, in right-to-left
        // text); the info window's line starts at the box's right edge (its right end).
        for (text, anchor) in zip(svg.rightToLeftTexts, svg.rightToLeftAnchors) {
            XCTAssertEqual(anchor, window.contains(text) ? "start" : "end", text)
        }
    }

    /// The nearby flavour draws the circle its request searched, dashed, under the places; a
    /// radius the SDK refuses draws none (the legacy flavours' goldens have none either).
    func testNearbySearchCircle() throws {
        let svg = try snapshot("nearby-search-circle", "locate sydney; launch --flavor nearby; auth allow; wait 2")
        XCTAssertTrue(svg.ids.contains("search-circle"), "ids: \(svg.ids)")
        XCTAssertTrue(svg.ids.contains("my-location"))
        let refused = try snapshot(
            "nearby-refused-radius", "locate sydney; launch --flavor nearby; auth allow; wait 2; nearby radius 60km")
        XCTAssertFalse(refused.ids.contains("search-circle"), "a radius the SDK refuses has no circle")
    }

    func testHiddenMap() throws {
        let svg = try snapshot("hidden", "locate sydney; launch")
        XCTAssertTrue(svg.ids.contains("map-hidden"))
        XCTAssertFalse(svg.ids.contains("map"))
        XCTAssertTrue(svg.texts.contains("Get Place"))
    }

    /// No tiles (no network when the map first needed them): a plain background with no grid
    /// and no places, the marker with its title and the my-location dot drawn over it. The
    /// marker comes from a list answered before the network went off and the first fix came.
    func testBlankMapStillDrawsTheMarkerAndTheBlueDot() throws {
        let svg = try snapshot(
            "blank-map",
            """
            locate sydney; launch; auth allow; set autorun off; launch; wait 0.5s; likely
            network off; wait 1s; select 2
            """)
        XCTAssertTrue(svg.ids.contains("blank-map"))
        XCTAssertFalse(svg.ids.contains("grid"), "no tiles, no grid")
        XCTAssertEqual(svg.textsInside("places"), [], "places are the tiles' points of interest")
        XCTAssertTrue(svg.ids.contains("my-location"))
        XCTAssertTrue(svg.ids.contains("my-location-button"))
        XCTAssertEqual(svg.classCounts["marker"], 1)
        XCTAssertEqual(svg.textsInside("markers"), ["Darling Harbour"], "the title beside the pin")
        XCTAssertFalse(svg.ids.contains("info-window"))
        XCTAssertTrue(svg.texts.contains("Get Place"))
    }

    func testObjectiveCPickerHasBlankRows() throws {
        let svg = try snapshot("objc-blank-rows", "locate sydney; launch --flavor objc; auth allow; likely")
        XCTAssertEqual(svg.classCounts["row"], 5)
        XCTAssertEqual(svg.textsInside("picker"), [], "the Objective-C picker never sets the cell text (P8)")
    }

    /// Names in other scripts, and text that must be escaped.
    func testCJKAndPersianNames() throws {
        // Out at sea, where no built-in place competes for the list or the labels.
        let adds = """
            places add '東京タワー <Tower> & "Bar"' -33.95 151.30 id=cjk type=tourist_attraction
            places add 'کتابخانه ملی' -33.9503 151.3004 id=fa type=library
            """
        let tried = try run(["-c", adds], home: TemporaryDirectory())
        XCTAssertEqual(tried.status, 0, tried.stderrText)
        let svg = try snapshot(
            "cjk-persian", adds + "\nlocate -33.95 151.30; launch; auth allow; likely; select 1; tap marker 1")
        XCTAssertTrue(svg.texts.contains { $0.contains("東京タワー <Tower> & \"Bar\"") }, "\(svg.texts)")
        XCTAssertTrue(svg.texts.contains { $0.contains("کتابخانه ملی") }, "\(svg.texts)")
    }

    // MARK: - The base map

    /// The example's extract at zoom 15 and 17: its roads and buildings drawn under the places
    /// (no grid), and at 17 the street names along their streets.
    func testBaseMapAtZoom15And17() throws {
        let osm = Paths.examples.appendingPathComponent("data/cockle-bay.osm").path
        let load = "places load '\(osm)' --replace; locate -33.8712 151.2024; launch; auth allow"
        let z15 = try snapshot("basemap-z15", load)
        XCTAssertTrue(z15.ids.contains("basemap"))
        XCTAssertFalse(z15.ids.contains("grid"), "the base map stands in for the grid")
        XCTAssertEqual(z15.classCounts["building"], 1, "the buildings, in one path")
        XCTAssertEqual(z15.classCounts["secondary"], 1)
        let z17 = try snapshot("basemap-z17", load + "; zoom 17")
        XCTAssertEqual(z17.textsInside("street-names"), ["Sussex Street"])
        XCTAssertGreaterThan(z17.textsInside("places").count, 5, "the places' labels still fit")
    }

    /// The Sydney CBD extract: footways and buildings only when zoomed in, street names from 15.
    func testSydneyBaseMapByZoom() throws {
        let pbf = try RealData.url(
            "osm/sydney_cbd_2023.osm.pbf", smallerCase: "testBaseMapAtZoom15And17 (examples/data/cockle-bay.osm)")
        let home = TemporaryDirectory()
        var script = "places load '\(pbf.path)' --replace; locate -33.8688 151.2070; launch; auth allow"
        for zoom in [10, 15, 17] {
            script += "; zoom \(zoom); snapshot '\(home.file("z\(zoom).svg").path)'"
        }
        let result = try run(["-c", script], home: home)
        XCTAssertEqual(result.status, 0, result.stderrText)
        func parsed(_ zoom: Int) throws -> ParsedSVG {
            let parser = XMLParser(data: try Data(contentsOf: home.file("z\(zoom).svg")))
            let collector = Collector()
            parser.delegate = collector
            XCTAssertTrue(parser.parse())
            return collector.result
        }
        let z10 = try parsed(10)
        XCTAssertTrue(z10.ids.contains("basemap"))
        XCTAssertNil(z10.classCounts["footway"], "no footways at zoom 10")
        XCTAssertNil(z10.classCounts["building"], "no buildings at zoom 10")
        XCTAssertEqual(z10.textsInside("street-names"), [], "no street names at zoom 10")
        let z15 = try parsed(15)
        XCTAssertEqual(z15.classCounts["footway"], 1)
        XCTAssertEqual(z15.classCounts["building"], 1)
        XCTAssertFalse(z15.textsInside("street-names").isEmpty, "street names at zoom 15")
        let z17 = try parsed(17)
        let names = z17.textsInside("street-names")
        XCTAssertEqual(Set(names).count, names.count, "each street named once")
    }

    // MARK: - Storyboard

    /// `placeshell --storyboard FILE.html EXAMPLE`: one page, a step per command with the
    /// command, its output and the phone as an inline SVG once the app runs; its style and script
    /// inline, nothing loaded from elsewhere.
    func testStoryboardOfAnExample() throws {
        guard let binary = Paths.binaryOrFail() else { throw XCTSkip("no placeshell binary") }
        let home = TemporaryDirectory()
        let page = home.file("tour.html").path
        let example = Paths.examples.appendingPathComponent("scenario-bring-your-city.placescript")
        let result = try runProcess(
            binary, ["--storyboard", page, example.path], in: Paths.examples,
            environment: cleanEnvironment(home: home.path), timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let commands = try String(contentsOf: example, encoding: .utf8).split(separator: "\n").filter {
            !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        XCTAssertEqual(html.components(separatedBy: "<section class=\"step\"").count - 1, commands.count)
        XCTAssertTrue(html.contains("placeshell&gt;</span> places load data/cockle-bay.osm --replace"))
        XCTAssertTrue(html.contains("id=\"basemap\""), "the phone with the base map")
        XCTAssertTrue(html.contains("addEventListener('keydown'"), "arrow keys")
        XCTAssertFalse(html.contains("<script src"), "no script from elsewhere")
        XCTAssertFalse(html.contains("<link"), "no style sheet from elsewhere")
        let urls = html.components(separatedBy: "http").dropFirst().filter { !$0.hasPrefix("://www.w3.org/2000/svg\"") }
        XCTAssertEqual(urls.count, 0, "no address but the SVG namespace")
    }

    // MARK: - Helpers

    /// What the parser saw.
    struct ParsedSVG {
        var ids: Set<String> = []
        var classCounts: [String: Int] = [:]
        var texts: [String] = []
        var boldTexts: [String] = []
        var textsByGroup: [String: [String]] = [:]
        /// Texts laid out right to left (`direction="rtl"`), and their anchors.
        var rightToLeftTexts: [String] = []
        var rightToLeftAnchors: [String] = []
        var rootSize: (String, String)?
        var rootLanguage: String?
        func textsInside(_ id: String) -> [String] { textsByGroup[id] ?? [] }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var result = ParsedSVG()
        private var stack: [String] = []
        private var text: String?
        private var bold = false
        private var rightToLeft = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "svg" && result.rootSize == nil {
                result.rootSize = (attributes["width"] ?? "", attributes["height"] ?? "")
                result.rootLanguage = attributes["xml:lang"]
            }
            if let id = attributes["id"] { result.ids.insert(id) }
            if let c = attributes["class"] { result.classCounts[c, default: 0] += 1 }
            stack.append(attributes["id"] ?? "")
            if name == "text" {
                text = ""
                bold = attributes["font-weight"] == "bold"
                rightToLeft = attributes["direction"] == "rtl"
                if rightToLeft {
                    XCTAssertEqual(attributes["unicode-bidi"], "embed", "right-to-left text is embedded")
                    result.rightToLeftAnchors.append(attributes["text-anchor"] ?? "start")
                }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
            guard name == "text", let t = text else { return }
            result.texts.append(t)
            if bold { result.boldTexts.append(t) }
            if rightToLeft { result.rightToLeftTexts.append(t) }
            for id in Set(stack) where !id.isEmpty { result.textsByGroup[id, default: []].append(t) }
            text = nil
        }
    }

    /// Runs the scenario, then `snapshot`; checks the golden, the XML and the PNG rendering.
    private func snapshot(_ name: String, _ script: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> ParsedSVG
    {
        let home = TemporaryDirectory()
        let path = home.file(name + ".svg").path
        let result = try run(["-c", script + "\nsnapshot '\(path)'"], home: home)
        XCTAssertEqual(result.status, 0, "placeshell failed:\n\(result.stderrText)", file: file, line: line)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertTrue(result.stdoutText.contains("wrote \(path): "), result.stdoutText, file: file, line: line)

        // Golden file.
        let golden = Self.goldens.appendingPathComponent(name + ".svg")
        if isRecording {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try data.write(to: golden)
        } else {
            let expected = try Data(contentsOf: golden)
            if expected != data {
                XCTFail(
                    "\(name).svg differs from its golden file (record with PLACESHELL_RECORD=1):\n"
                        + lineDiff(
                            expected: String(decoding: expected, as: UTF8.self),
                            actual: String(decoding: data, as: UTF8.self)),
                    file: file, line: line)
            }
        }

        // XML.
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(
            parser.parse(), "\(name).svg is not well-formed XML: \(String(describing: parser.parserError))", file: file,
            line: line)
        let parsed = collector.result
        XCTAssertEqual(parsed.rootSize?.0, String(Self.size.width), file: file, line: line)
        XCTAssertEqual(parsed.rootSize?.1, String(Self.size.height), file: file, line: line)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertFalse(text.contains("href"), "a standalone SVG has no links", file: file, line: line)
        XCTAssertTrue(text.contains("sans-serif"), "fonts end with a generic family", file: file, line: line)

        // A real renderer.
        guard let rsvg = Self.executableOnPath("rsvg-convert") else {
            XCTFail(
                "rsvg-convert is not installed; install it with 'scripts/setup test' (apt-get install librsvg2-bin)",
                file: file, line: line)
            return parsed
        }
        let png = home.file(name + ".png")
        let render = try runProcess(
            rsvg, ["-o", png.path, path], in: home.url, environment: cleanEnvironment(home: home.path), timeout: 120)
        XCTAssertEqual(render.status, 0, "rsvg-convert failed: \(render.stderrText)", file: file, line: line)
        let bytes = [UInt8](try Data(contentsOf: png))
        XCTAssertEqual(
            Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG", file: file,
            line: line)
        func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(be32(16), Self.size.width, "PNG width", file: file, line: line)
        XCTAssertEqual(be32(20), Self.size.height, "PNG height", file: file, line: line)
        return parsed
    }

    private func run(_ arguments: [String], home: TemporaryDirectory) throws -> RunResult {
        guard let binary = Paths.binaryOrFail() else { throw XCTSkip("no placeshell binary") }
        return try runProcess(
            binary, arguments, in: home.url, environment: cleanEnvironment(home: home.path), timeout: 120)
    }

    /// Skips, with the reason and the cure, when no installed face has the letters of `language`
    /// (fontconfig's `fc-list :lang=…`): the PNG would show boxes. `scripts/setup test` installs
    /// the Debian packages the pictures need, so CI has them.
    private func requireFont(language: String, package: String) throws {
        guard let fcList = Self.executableOnPath("fc-list") else {
            throw XCTSkip("fc-list (fontconfig) is not installed: cannot check for a font with \(language) letters")
        }
        let home = TemporaryDirectory()
        let listed = try runProcess(
            fcList, [":lang=\(language)", "family"], in: home.url, environment: cleanEnvironment(home: home.path),
            timeout: 120)
        if listed.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw XCTSkip(
                "no installed font has \(language) letters; install them with 'scripts/setup test' (apt-get install \(package))"
            )
        }
    }

    private static func executableOnPath(_ name: String) -> URL? {
        for directory in ["/usr/local/bin", "/usr/bin", "/bin"] {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
