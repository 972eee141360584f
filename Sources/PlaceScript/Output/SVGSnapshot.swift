import PlaceFormats
import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The phone screen as a standalone SVG: the device frame around the map view's 393 × 852
/// points, the map without tiles (a light background, a grid at the scale bar's distance, the
/// places as dots with labels that do not overlap), the markers as pins, the open info window,
/// the my-location dot, accuracy circle and button, the navigation bar — or the picker when it
/// covers the map. No external references; fonts fall back to the generic `sans-serif`, after
/// faces for Hangul and for Persian; the root's `xml:lang` is the device's language, and text
/// in a right-to-left script is laid out right to left where it stands.
struct SVGSnapshot {
    let scene: MapScene

    static let bezel = 14.0
    static let statusBarHeight = 54.0
    static let navBarHeight = 44.0
    static let bottomInset = 34.0
    /// The system face first, then faces with Hangul (Apple's, then Debian's fonts-noto-cjk)
    /// and with Persian letters (Noto, Vazirmatn, Debian's fonts-farsiweb Nazli), then the
    /// generic family.
    static let fonts =
        "-apple-system, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, 'Noto Sans', 'Apple SD Gothic Neo', 'Noto Sans CJK KR', 'Noto Sans Arabic', Vazirmatn, Nazli, sans-serif"
    static let blue = "#007AFF"

    struct Rect {
        var x, y, w, h: Double
        func intersects(_ o: Rect) -> Bool { x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h }
        func inside(_ o: Rect) -> Bool { x >= o.x && y >= o.y && x + w <= o.x + o.w && y + h <= o.y + o.h }
    }

    /// The space labels have taken, for finding a free spot: the rectangles in a grid of 32-point
    /// cells over the frame, so that a spot is checked against its neighbours only (a map with
    /// a thousand places in view has thousands of dots and labels). A rectangle beyond the frame
    /// is kept in the edge cells it is nearest; a rectangle with a coordinate that is not finite
    /// in a list of its own, checked against every spot. Whether a spot is free is exactly
    /// whether it meets none of the rectangles taken, as a search of them all would say.
    struct TakenSpace {
        static let cell = 32.0
        private var rects: [Rect] = []
        private var cells: [[Int32]]
        private var loose: [Int32] = []
        private let columns: Int
        private let rows: Int

        init(width: Double, height: Double, _ initial: [Rect]) {
            columns = clampedInt((width / Self.cell).rounded(.up), 1...256)
            rows = clampedInt((height / Self.cell).rounded(.up), 1...256)
            cells = Array(repeating: [], count: columns * rows)
            for r in initial { append(r) }
        }

        /// The cells a rectangle spans, clamped to the grid; nil when a coordinate is not finite.
        private func span(_ r: Rect) -> (c0: Int, c1: Int, r0: Int, r1: Int)? {
            guard r.x.isFinite, r.y.isFinite, r.w.isFinite, r.h.isFinite else { return nil }
            let c0 = clampedInt((r.x / Self.cell).rounded(.down), 0...(columns - 1))
            let c1 = clampedInt(((r.x + r.w) / Self.cell).rounded(.down), 0...(columns - 1))
            let r0 = clampedInt((r.y / Self.cell).rounded(.down), 0...(rows - 1))
            let r1 = clampedInt(((r.y + r.h) / Self.cell).rounded(.down), 0...(rows - 1))
            return (c0, max(c0, c1), r0, max(r0, r1))
        }

        mutating func append(_ r: Rect) {
            let index = Int32(truncatingIfNeeded: rects.count)
            rects.append(r)
            guard let s = span(r) else {
                loose.append(index)
                return
            }
            for row in s.r0...s.r1 {
                for column in s.c0...s.c1 { cells[row * columns + column].append(index) }
            }
        }

        /// Whether `r` meets a rectangle taken.
        func overlaps(_ r: Rect) -> Bool {
            for i in loose where rects[Int(i)].intersects(r) { return true }  // safe: Int32 into Int
            guard let s = span(r) else { return rects.contains { $0.intersects(r) } }
            for row in s.r0...s.r1 {
                for column in s.c0...s.c1 {
                    // safe: Int32 into Int
                    for i in cells[row * columns + column] where rects[Int(i)].intersects(r) { return true }
                }
            }
            return false
        }
    }

    /// What the picture shows, for the command's message.
    struct Result {
        var svg: String
        var labels: [String]
    }

    func render() -> Result {
        let w = scene.width
        let h = scene.height
        let b = Self.bezel
        var out = ""
        var labels: [String] = []
        func line(_ s: String) { out += s + "\n" }
        let totalW = w + 2 * b
        let totalH = h + 2 * b
        line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(totalW))\" height=\"\(n(totalH))\" viewBox=\"0 0 \(n(totalW)) \(n(totalH))\" xml:lang=\"\(scene.language.code)\" font-family=\"\(Self.fonts)\">"
        )
        let what: String
        if scene.pickerRows != nil {
            what = "the picker (Choose a place)"
        } else if scene.hiddenReason != nil {
            what = "the map screen with the map view hidden"
        } else if scene.blankReason != nil {
            what = "the map screen with a blank map view (no tiles)"
        } else {
            what = "the map screen"
        }
        line("<title>Current Place on a Map: \(xmlEscaped(what))</title>")
        line(
            "<desc>placeshell snapshot: camera \(formatFixed(scene.camera.target.latitude, decimals: 6)), \(formatFixed(scene.camera.target.longitude, decimals: 6)) zoom \(formatNumber(scene.camera.zoom)); \(scene.blankReason.map { "the map view has no tiles: " + xmlEscaped($0) } ?? (scene.ground.isEmpty ? "map tiles are not drawn" : "the base map is drawn from the loaded OpenStreetMap extract")).</desc>"
        )
        line(
            "<defs><clipPath id=\"screen\"><rect x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"48\"/></clipPath></defs>"
        )
        line("<rect x=\"0\" y=\"0\" width=\"\(n(totalW))\" height=\"\(n(totalH))\" rx=\"62\" fill=\"#1c1c1e\"/>")
        line("<g transform=\"translate(\(n(b)) \(n(b)))\" clip-path=\"url(#screen)\">")
        line("<rect x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#ffffff\"/>")
        if let rows = scene.pickerRows {
            out += picker(rows)
        } else {
            if scene.hiddenReason == nil {
                let (map, placed) = mapLayer()
                out += map
                labels = placed
            } else {
                line("<g id=\"map-hidden\">")
                line(
                    "<text x=\"\(n(w / 2))\" y=\"\(n(h / 2))\" text-anchor=\"middle\" font-size=\"13\" font-style=\"italic\" fill=\"#8e8e93\">map view hidden</text>"
                )
                for (i, part) in wrapWords(scene.hiddenReason ?? "", width: 42).enumerated() {
                    line(
                        "<text x=\"\(n(w / 2))\" y=\"\(n(h / 2 + 20 + Double(i) * 16))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#aeaeb2\">\(xmlEscaped(part))</text>"
                    )
                }
                line("</g>")
            }
            out += navigationBar(title: "Current Place on a Map", left: nil, right: "Get Place")
        }
        if let alert = scene.alert { out += permissionAlert(alert) }
        out += statusBar()
        line("<rect x=\"\(n(w / 2 - 67))\" y=\"\(n(h - 13))\" width=\"134\" height=\"5\" rx=\"2.5\" fill=\"#000000\"/>")
        line("</g>")
        line("</svg>")
        return Result(svg: markingRightToLeftTexts(out), labels: labels)
    }

    // MARK: - The map

    private func mapLayer() -> (String, [String]) {
        let w = scene.width
        let h = scene.height
        var out = "<g id=\"map\">\n"
        func line(_ s: String) { out += s + "\n" }
        // A blank map (no tiles) is the SDK's plain background, with no grid and no places.
        let blank = scene.blankReason != nil
        let ground = !scene.ground.isEmpty
        line(
            "<rect \(blank ? "id=\"blank-map\" " : "")x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(blank ? "#ebe8e1" : ground ? "#f5f3ef" : "#eef1f4")\"/>"
        )
        if ground { out += baseMapLayer() }

        // The grid: lines at the scale bar's round distance, fixed to the world so they move
        // with the map.
        let scaleMetres = MapScene.roundDistance(atMost: scene.metresPerPoint * 100)
        let spacing = scaleMetres / scene.metresPerPoint
        if spacing >= 12 && !blank && !ground {
            let c = worldPoint(scene.camera.target, zoom: scene.camera.zoom)
            let originX = c.x - w / 2
            let originY = c.y - h / 2
            var path = ""
            var x = (originX / spacing).rounded(.up) * spacing - originX
            while x < w {
                path += "M\(n(x)) 0V\(n(h))"
                x += spacing
            }
            var y = (originY / spacing).rounded(.up) * spacing - originY
            while y < h {
                path += "M0 \(n(y))H\(n(w))"
                y += spacing
            }
            line("<path id=\"grid\" d=\"\(path)\" stroke=\"#dde3ea\" stroke-width=\"1\" fill=\"none\"/>")
        }

        // Space already taken: the bars, the button, the scale bar.
        let top = Self.statusBarHeight + Self.navBarHeight
        var taken = TakenSpace(
            width: w, height: h,
            [
                Rect(x: 0, y: 0, w: w, h: top + 4), Rect(x: 0, y: h - Self.bottomInset, w: w, h: Self.bottomInset),
                Rect(x: 8, y: h - Self.bottomInset - 40, w: 120, h: 36),
            ])
        if scene.showsMyLocationButton { taken.append(myLocationButtonRect) }
        let screen = Rect(x: 4, y: 0, w: w - 8, h: h)

        // Accuracy circle and dot under everything but the chrome.
        var meLayer = ""
        if let me = scene.myLocation {
            let r = max(me.radius, 0)
            meLayer += "<g id=\"my-location\">\n"
            if r > 9 {
                meLayer +=
                    "<circle cx=\"\(n(me.x))\" cy=\"\(n(me.y))\" r=\"\(n(min(r, 4000)))\" fill=\"#4285F4\" fill-opacity=\"0.15\" stroke=\"#4285F4\" stroke-opacity=\"0.45\" stroke-width=\"1\"/>\n"
            }
            meLayer +=
                "<circle cx=\"\(n(me.x))\" cy=\"\(n(me.y))\" r=\"10\" fill=\"#ffffff\" stroke=\"#000000\" stroke-opacity=\"0.12\" stroke-width=\"1\"/>\n"
            meLayer += "<circle cx=\"\(n(me.x))\" cy=\"\(n(me.y))\" r=\"7\" fill=\"#4285F4\"/>\n"
            meLayer += "</g>\n"
            taken.append(Rect(x: me.x - 10, y: me.y - 10, w: 20, h: 20))
        }

        // Markers and the info window come first for space: they are what the app added.
        var pins = ""
        var labelsSVG = ""
        var placed: [String] = []
        for m in scene.markers where m.isInFrame {
            taken.append(Rect(x: m.x - 12, y: m.y - 42, w: 24, h: 42))
        }
        var window = ""
        for m in scene.markers where m.isInFrame && m.isOpen && !(m.title.isEmpty && m.snippet.isEmpty) {
            window += infoWindow(m, taken: &taken)
            placed.append(m.title)
        }
        for m in scene.markers where m.isInFrame {
            pins += pin(m)
            guard !m.isOpen, !m.title.isEmpty else { continue }
            // The title beside the pin's head, the snippet under it.
            let title = ellipsized(m.title, maxWidth: 170, size: 12, bold: true)
            let snippet = m.snippet.isEmpty ? "" : ellipsized(m.snippet, maxWidth: 170, size: 11, bold: false)
            let tw = max(
                textWidth(title, size: 12, bold: true), snippet.isEmpty ? 0 : textWidth(snippet, size: 11, bold: false))
            let th = snippet.isEmpty ? 15.0 : 29.0
            let spots = [
                (x: m.x + 14, y: m.y - 34, anchor: "start"), (x: m.x - 14 - tw, y: m.y - 34, anchor: "start"),
                (x: m.x - tw / 2, y: m.y + 4, anchor: "start"),
            ]
            for s in spots {
                let r = Rect(x: s.x - 2, y: s.y - 2, w: tw + 4, h: th + 4)
                guard r.inside(screen), !taken.overlaps(r) else { continue }
                taken.append(r)
                labelsSVG += label(title, x: s.x, y: s.y + 12, size: 12, bold: true, fill: "#202124")
                if !snippet.isEmpty {
                    labelsSVG += label(snippet, x: s.x, y: s.y + 26, size: 11, bold: false, fill: "#5f6368")
                }
                placed.append(m.title)
                break
            }
        }

        // Places: a dot each, a label where it fits.
        var dots = ""
        var placeLabels = ""
        // Every dot blocks labels, so that no label runs over a place.
        // Street names next, before the places claim their space: they are the map's own labels.
        let streets = streetNames(taken: &taken, screen: screen)
        placed += streets.names
        for p in scene.places { taken.append(Rect(x: p.x - 4, y: p.y - 4, w: 8, h: 8)) }
        for p in scene.places {
            dots +=
                "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"4\" fill=\"#9aa0a6\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n"
        }
        for p in scene.places {
            let text = ellipsized(p.name, maxWidth: 150, size: 11, bold: false)
            let tw = textWidth(text, size: 11, bold: false)
            let spots = [
                (x: p.x + 8, y: p.y - 6.5), (x: p.x - 8 - tw, y: p.y - 6.5), (x: p.x - tw / 2, y: p.y - 20),
                (x: p.x - tw / 2, y: p.y + 7),
            ]
            for s in spots {
                let r = Rect(x: s.x - 1, y: s.y, w: tw + 2, h: 13)
                guard r.inside(screen), !taken.overlaps(r) else { continue }
                taken.append(r)
                placeLabels += label(text, x: s.x, y: s.y + 10, size: 11, bold: false, fill: "#5f6368")
                placed.append(p.name)
                break
            }
        }
        // The nearby app's search circle, dashed, under the places it finds.
        if let circle = scene.searchCircle, circle.radius > 1, circle.radius.isFinite {
            out +=
                "<g id=\"search-circle\">\n<title>Nearby Search circle, \(MapScene.distanceText(circle.metres))</title>\n"
                + "<circle cx=\"\(n(circle.x))\" cy=\"\(n(circle.y))\" r=\"\(n(min(circle.radius, 4000)))\" fill=\"#9334E6\" fill-opacity=\"0.06\" stroke=\"#9334E6\" stroke-opacity=\"0.7\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n</g>\n"
        }
        out += "<g id=\"places\">\n" + dots + placeLabels + "</g>\n"
        if !streets.svg.isEmpty { out += "<g id=\"street-names\">\n" + streets.svg + "</g>\n" }
        out += meLayer
        out += "<g id=\"markers\">\n" + pins + labelsSVG + "</g>\n"
        if !window.isEmpty { out += "<g id=\"info-window\">\n" + window + "</g>\n" }
        out += scaleBar(metres: scaleMetres)
        if scene.showsMyLocationButton { out += myLocationButton() }
        out += "</g>\n"
        return (out, placed)
    }

    // MARK: - The base map

    /// The base map's features as a street map draws them: areas filled, then water lines and
    /// railways, then roads (a casing under each class, then its fill), small classes first.
    private func baseMapLayer() -> String {
        let zoom = scene.camera.zoom
        // The layer is written as bytes into one buffer (hundreds of kilobytes at zoom 15), each
        // kind's path data once into a buffer used again for every kind.
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        func put(_ s: String) { out.append(contentsOf: s.utf8) }
        put("<g id=\"basemap\">\n")
        var d: [UInt8] = []
        var k = 0
        let features = scene.ground
        while k < features.count {
            let kind = features[k].kind
            var end = k
            while end < features.count && features[end].kind == kind { end += 1 }
            d.removeAll(keepingCapacity: true)
            for f in features[k..<end] {
                for part in f.parts { appendPath(&d, part, close: kind.isArea) }
            }
            let (fill, casing) = BaseMapStyle.colors(kind)
            let name = "\(kind)"
            // `<path class="name" d="…"`, then the rest of the element.
            func path(_ rest: String, named: Bool = true) {
                put(named ? "<path class=\"\(name)\" d=\"" : "<path d=\"")
                out += d
                put(rest)
            }
            if kind.isArea {
                let stroke = kind == .building ? " stroke=\"\(casing)\" stroke-width=\"0.75\"" : ""
                path("\" fill=\"\(fill)\" fill-rule=\"evenodd\"\(stroke)/>\n")
            } else {
                let width = BaseMapStyle.width(kind, zoom: zoom)
                let round = "fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
                switch kind {
                case .footway:
                    path(
                        "\" \(round) stroke=\"\(fill)\" stroke-width=\"\(n(width))\" stroke-dasharray=\"\(n(width * 2)) \(n(width * 1.5))\"/>\n"
                    )
                case .railway:
                    path("\" \(round) stroke=\"\(fill)\" stroke-width=\"\(n(width + 1.5))\"/>\n")
                    path(
                        "\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"\(n(width))\" stroke-dasharray=\"\(n(width * 4)) \(n(width * 4))\"/>\n",
                        named: false)
                case .river:
                    path("\" \(round) stroke=\"\(fill)\" stroke-width=\"\(n(width))\"/>\n")
                default:
                    path("\" \(round) stroke=\"\(casing)\" stroke-width=\"\(n(width + 1.5))\"/>\n")
                    path("\" \(round) stroke=\"\(fill)\" stroke-width=\"\(n(width))\"/>\n", named: false)
                }
            }
            k = end
        }
        put("</g>\n")
        return String(decoding: out, as: UTF8.self)
    }

    /// Street names along their roads, biggest roads first, each name once, where the label
    /// fits along the longest straight stretch in view without touching anything placed.
    private func streetNames(taken: inout TakenSpace, screen: Rect) -> (svg: String, names: [String]) {
        let zoom = scene.camera.zoom
        let candidates = scene.ground.enumerated().filter { _, f in
            f.name != nil && (BaseMapStyle.minimumLabelZoom(f.kind).map { zoom >= $0 } ?? false)
        }.sorted { a, b in a.element.kind != b.element.kind ? a.element.kind > b.element.kind : a.offset < b.offset }
        var done = Set<String>()
        var svg = ""
        var names: [String] = []
        for (_, f) in candidates {
            guard let name = f.name, !done.contains(name) else { continue }
            let text = ellipsized(name, maxWidth: 180, size: 11, bold: false)
            let tw = textWidth(text, size: 11, bold: false)
            // Nearly straight stretches (consecutive segments turning less than 20°), longest first.
            var stretches: [(a: (x: Double, y: Double), b: (x: Double, y: Double), length: Double)] = []
            for part in f.parts where part.count >= 2 {
                var start = part[0]
                var length = 0.0
                var heading: Double?
                for i in 1..<part.count {
                    let a = part[i - 1]
                    let b = part[i]
                    let step = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                    guard step > 0 else { continue }
                    let h = atan2(b.y - a.y, b.x - a.x)
                    if let heading {
                        var turn = abs(h - heading)
                        if turn > .pi { turn = 2 * .pi - turn }
                        if turn > .pi / 9 {
                            if length >= tw + 10 { stretches.append((start, a, length)) }
                            start = a
                            length = 0
                        }
                    }
                    heading = h
                    length += step
                }
                if let last = part.last, length >= tw + 10 { stretches.append((start, last, length)) }
            }
            stretches.sort { $0.length > $1.length }
            for s in stretches.prefix(4) {
                let mx = (s.a.x + s.b.x) / 2
                let my = (s.a.y + s.b.y) / 2
                var angle = atan2(s.b.y - s.a.y, s.b.x - s.a.x) * 180 / .pi
                if angle > 90 { angle -= 180 } else if angle <= -90 { angle += 180 }
                let r = angle * .pi / 180
                let bw = abs(cos(r)) * tw + abs(sin(r)) * 13
                let bh = abs(sin(r)) * tw + abs(cos(r)) * 13
                let box = Rect(x: mx - bw / 2, y: my - bh / 2, w: bw, h: bh)
                guard box.inside(screen), !taken.overlaps(box) else { continue }
                taken.append(box)
                svg +=
                    "<text x=\"0\" y=\"4\" transform=\"translate(\(n(mx)) \(n(my))) rotate(\(n(angle)))\" text-anchor=\"middle\" font-size=\"11\" fill=\"#5f6368\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\(xmlEscaped(text))</text>\n"
                names.append(name)
                done.insert(name)
                break
            }
        }
        return (svg, names)
    }

    private var myLocationButtonRect: Rect {
        Rect(x: scene.width - 12 - 56, y: scene.height - Self.bottomInset - 12 - 56, w: 56, h: 56)
    }

    /// Google's default marker: a red pin whose tip is at the position.
    private func pin(_ m: MapScene.Pin) -> String {
        "<g class=\"marker\" transform=\"translate(\(n(m.x)) \(n(m.y)))\"><title>\(xmlEscaped(m.title))</title>"
            + "<path d=\"M0 0C-2 -9 -11 -16 -11 -27A11 11 0 1 1 11 -27C11 -16 2 -9 0 0Z\" fill=\"#EA4335\" stroke=\"#B31412\" stroke-width=\"1\"/>"
            + "<circle cx=\"0\" cy=\"-27\" r=\"3.8\" fill=\"#B31412\"/></g>\n"
    }

    /// The default info window: a white bubble above the pin, the title bold, the snippet below.
    private func infoWindow(_ m: MapScene.Pin, taken: inout TakenSpace) -> String {
        let maxText = scene.width - 16 - 28
        let title = ellipsized(m.title, maxWidth: maxText, size: 15, bold: true)
        let snippet = ellipsized(m.snippet, maxWidth: maxText, size: 13, bold: false)
        var boxW =
            28
            + max(
                title.isEmpty ? 0 : textWidth(title, size: 15, bold: true),
                snippet.isEmpty ? 0 : textWidth(snippet, size: 13, bold: false))
        boxW = min(scene.width - 16, max(boxW, 80))
        let boxH = (title.isEmpty ? 0 : 20.0) + (snippet.isEmpty ? 0 : 18.0) + 20
        let bottom = m.y - 46
        let topY = bottom - boxH
        var left = m.x - boxW / 2
        left = max(8, min(scene.width - 8 - boxW, left))
        let tip = max(left + 14, min(left + boxW - 14, m.x))
        taken.append(Rect(x: left, y: topY, w: boxW, h: boxH + 10))
        var s =
            "M\(n(left + 6)) \(n(topY))H\(n(left + boxW - 6))Q\(n(left + boxW)) \(n(topY)) \(n(left + boxW)) \(n(topY + 6))"
        s += "V\(n(bottom - 6))Q\(n(left + boxW)) \(n(bottom)) \(n(left + boxW - 6)) \(n(bottom))"
        s += "H\(n(tip + 9))L\(n(tip)) \(n(bottom + 10))L\(n(tip - 9)) \(n(bottom))H\(n(left + 6))"
        s +=
            "Q\(n(left)) \(n(bottom)) \(n(left)) \(n(bottom - 6))V\(n(topY + 6))Q\(n(left)) \(n(topY)) \(n(left + 6)) \(n(topY))Z"
        var out = "<path transform=\"translate(0 2)\" d=\"\(s)\" fill=\"#000000\" fill-opacity=\"0.18\"/>\n"
        out += "<path d=\"\(s)\" fill=\"#ffffff\" stroke=\"#dadce0\" stroke-width=\"1\"/>\n"
        // A line in a right-to-left script starts at the box's right edge and runs left, inside
        // it: in right-to-left text, the anchor's start is the text's right end.
        func placed(_ text: String) -> String {
            hasRightToLeftLetters(text)
                ? "x=\"\(n(left + boxW - 14))\" text-anchor=\"start\" direction=\"rtl\" unicode-bidi=\"embed\""
                : "x=\"\(n(left + 14))\""
        }
        var y = topY + 10
        if !title.isEmpty {
            y += 15
            out +=
                "<text \(placed(title)) y=\"\(n(y))\" font-size=\"15\" font-weight=\"bold\" fill=\"#202124\">\(xmlEscaped(title))</text>\n"
            y += 3
        }
        if !snippet.isEmpty {
            y += 15
            out +=
                "<text \(placed(snippet)) y=\"\(n(y))\" font-size=\"13\" fill=\"#5f6368\">\(xmlEscaped(snippet))</text>\n"
        }
        return out
    }

    private func scaleBar(metres: Double) -> String {
        let length = metres / scene.metresPerPoint
        guard length.isFinite, length >= 10, length <= 200 else { return "" }
        let x = 16.0
        let y = scene.height - Self.bottomInset - 12
        let text = MapScene.distanceText(metres)
        return "<g id=\"scale-bar\">"
            + "<path d=\"M\(n(x)) \(n(y - 6))V\(n(y))H\(n(x + length))V\(n(y - 6))\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"4\" stroke-linejoin=\"round\"/>"
            + "<path d=\"M\(n(x)) \(n(y - 6))V\(n(y))H\(n(x + length))V\(n(y - 6))\" fill=\"none\" stroke=\"#3c4043\" stroke-width=\"1.5\"/>"
            + label(text, x: x + 3, y: y - 9, size: 11, bold: false, fill: "#3c4043").dropLast() + "</g>\n"
    }

    private func myLocationButton() -> String {
        let r = myLocationButtonRect
        let cx = r.x + r.w / 2
        let cy = r.y + r.h / 2
        return "<g id=\"my-location-button\">"
            + "<circle cx=\"\(n(cx))\" cy=\"\(n(cy + 1))\" r=\"28\" fill=\"#000000\" fill-opacity=\"0.15\"/>"
            + "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"28\" fill=\"#ffffff\"/>"
            + "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"8\" fill=\"none\" stroke=\"#666666\" stroke-width=\"2\"/>"
            + "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"3.5\" fill=\"#666666\"/>"
            + "<path d=\"M\(n(cx)) \(n(cy - 13))V\(n(cy - 8))M\(n(cx)) \(n(cy + 8))V\(n(cy + 13))M\(n(cx - 13)) \(n(cy))H\(n(cx - 8))M\(n(cx + 8)) \(n(cy))H\(n(cx + 13))\" stroke=\"#666666\" stroke-width=\"2\"/>"
            + "</g>\n"
    }

    // MARK: - Chrome

    /// The permission alert over the dimmed app: title, message, a square where iOS shows a
    /// small map with the Precise switch on it, then the three buttons, one under the other.
    private func permissionAlert(_ alert: MapScene.Alert) -> String {
        let w = scene.width
        let h = scene.height
        let boxW = 270.0
        let left = (w - boxW) / 2
        let titleLines = wrapWords(alert.title, width: 30)
        let messageLines = wrapWords(alert.message, width: 38)
        let mapH = 150.0
        let buttonH = 44.0
        let textH = 20 + Double(titleLines.count) * 22 + 4 + Double(messageLines.count) * 17 + 14
        let boxH = textH + mapH + 14 + buttonH * Double(alert.buttons.count)
        let top = (h - boxH) / 2
        var s = "<g id=\"permission-alert\">"
        s += "<rect x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#000000\" fill-opacity=\"0.2\"/>"
        s +=
            "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(boxW))\" height=\"\(n(boxH))\" rx=\"14\" fill=\"#f2f2f2\" fill-opacity=\"0.97\"/>"
        var y = top + 20
        for part in titleLines {
            y += 18
            s +=
                "<text x=\"\(n(w / 2))\" y=\"\(n(y))\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\" fill=\"#000000\">\(xmlEscaped(part))</text>"
            y += 4
        }
        y += 4
        for part in messageLines {
            y += 14
            s +=
                "<text x=\"\(n(w / 2))\" y=\"\(n(y))\" text-anchor=\"middle\" font-size=\"13\" fill=\"#000000\">\(xmlEscaped(part))</text>"
            y += 3
        }
        y = top + textH
        // The small map: a plain square (no tiles), with the switch in its corner.
        s += "<g id=\"alert-map\">"
        s +=
            "<rect x=\"\(n(left + 16))\" y=\"\(n(y))\" width=\"\(n(boxW - 32))\" height=\"\(n(mapH))\" rx=\"8\" fill=\"#e8e4dc\"/>"
        if alert.precise {
            s +=
                "<circle cx=\"\(n(w / 2))\" cy=\"\(n(y + mapH / 2))\" r=\"7\" fill=\"\(Self.blue)\" stroke=\"#ffffff\" stroke-width=\"2.5\"/>"
        } else {
            s +=
                "<circle cx=\"\(n(w / 2))\" cy=\"\(n(y + mapH / 2))\" r=\"48\" fill=\"\(Self.blue)\" fill-opacity=\"0.15\" stroke=\"\(Self.blue)\" stroke-opacity=\"0.4\"/>"
        }
        s += "</g>"
        let on = alert.preciseSwitch && alert.precise
        let label = alert.preciseSwitch ? (on ? "Precise: On" : "Precise: Off") : "Approximate"
        let pillW = textWidth(label, size: 12, bold: true) + (alert.preciseSwitch ? 22 : 14)
        let pillX = left + 24
        let pillY = y + 8
        s += "<g id=\"precise-switch\" class=\"\(alert.preciseSwitch ? (on ? "on" : "off") : "none")\">"
        s +=
            "<rect x=\"\(n(pillX))\" y=\"\(n(pillY))\" width=\"\(n(pillW))\" height=\"22\" rx=\"11\" fill=\"#ffffff\" fill-opacity=\"0.9\"/>"
        if alert.preciseSwitch {
            s +=
                "<path d=\"M\(n(pillX + 9)) \(n(pillY + 15))L\(n(pillX + 13)) \(n(pillY + 7))L\(n(pillX + 17)) \(n(pillY + 15))Z\" fill=\"\(on ? Self.blue : "#8e8e93")\"/>"
        }
        s +=
            "<text x=\"\(n(pillX + (alert.preciseSwitch ? 20 : 7)))\" y=\"\(n(pillY + 15))\" font-size=\"12\" font-weight=\"bold\" fill=\"\(on ? Self.blue : "#3c3c43")\">\(xmlEscaped(label))</text>"
        s += "</g>"
        y += mapH + 14
        for button in alert.buttons {
            s +=
                "<rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(boxW))\" height=\"0.5\" fill=\"#3c3c43\" fill-opacity=\"0.3\"/>"
            s +=
                "<text class=\"alert-button\" x=\"\(n(w / 2))\" y=\"\(n(y + 28))\" text-anchor=\"middle\" font-size=\"17\" fill=\"\(Self.blue)\">\(xmlEscaped(button))</text>"
            y += buttonH
        }
        return s + "</g>\n"
    }

    private func statusBar() -> String {
        let w = scene.width
        return "<g id=\"status-bar\">"
            + "<text x=\"54\" y=\"36\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\" fill=\"#000000\">\(scene.time)</text>"
            + "<rect x=\"\(n(w / 2 - 62))\" y=\"11\" width=\"124\" height=\"36\" rx=\"18\" fill=\"#000000\"/>"
            + "<rect x=\"\(n(w - 58))\" y=\"24\" width=\"24\" height=\"12\" rx=\"3.5\" fill=\"none\" stroke=\"#000000\" stroke-opacity=\"0.4\"/>"
            + "<rect x=\"\(n(w - 56))\" y=\"26\" width=\"18\" height=\"8\" rx=\"2\" fill=\"#000000\"/>"
            + "</g>\n"
    }

    private func navigationBar(title: String, left: String?, right: String?) -> String {
        let w = scene.width
        let bottom = Self.statusBarHeight + Self.navBarHeight
        let baseline = Self.statusBarHeight + 28
        var s = "<g id=\"navigation-bar\">"
        s += "<rect x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(bottom))\" fill=\"#f9f9f9\" fill-opacity=\"0.94\"/>"
        s += "<rect x=\"0\" y=\"\(n(bottom - 0.5))\" width=\"\(n(w))\" height=\"0.5\" fill=\"#c6c6c8\"/>"
        // Centred, unless that would run into a button: then it moves aside, as UIKit's does.
        let titleW = textWidth(title, size: 17, bold: true)
        let leftEdge = left.map { 25 + textWidth($0, size: 17, bold: false) + 8 } ?? 8
        let rightEdge = right.map { w - 16 - textWidth($0, size: 17, bold: false) - 8 } ?? w - 8
        let centre = max(leftEdge + titleW / 2, min(w / 2, rightEdge - titleW / 2))
        s +=
            "<text x=\"\(n(centre))\" y=\"\(n(baseline))\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\" fill=\"#000000\">\(xmlEscaped(title))</text>"
        if let left {
            s +=
                "<path d=\"M18 \(n(baseline - 14))L10 \(n(baseline - 6))L18 \(n(baseline + 2))\" fill=\"none\" stroke=\"\(Self.blue)\" stroke-width=\"2.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
            s += "<text x=\"25\" y=\"\(n(baseline))\" font-size=\"17\" fill=\"\(Self.blue)\">\(xmlEscaped(left))</text>"
        }
        if let right {
            s +=
                "<text x=\"\(n(w - 16))\" y=\"\(n(baseline))\" text-anchor=\"end\" font-size=\"17\" fill=\"\(Self.blue)\">\(xmlEscaped(right))</text>"
        }
        return s + "</g>\n"
    }

    /// `PlacesViewController`: a table whose rows are a fifth of its height; the first screen.
    private func picker(_ rows: [String]) -> String {
        let w = scene.width
        let top = Self.statusBarHeight + Self.navBarHeight
        let tableH = scene.height - top
        let rowH = tableH / 5
        var s = "<g id=\"picker\">\n"
        for i in 0..<5 {
            let y = top + Double(i) * rowH
            if i < rows.count {
                let text = ellipsized(rows[i], maxWidth: w - 40, size: 17, bold: false)
                s += "<g class=\"row\">"
                if !text.isEmpty {
                    s +=
                        "<text x=\"20\" y=\"\(n(y + rowH / 2 + 6))\" font-size=\"17\" fill=\"#000000\">\(xmlEscaped(text))</text>"
                }
                s +=
                    "<rect x=\"20\" y=\"\(n(y + rowH - 0.5))\" width=\"\(n(w - 20))\" height=\"0.5\" fill=\"#c6c6c8\"/></g>\n"
            }
        }
        if rows.isEmpty {
            s +=
                "<text x=\"\(n(w / 2))\" y=\"\(n(top + tableH / 2))\" text-anchor=\"middle\" font-size=\"13\" font-style=\"italic\" fill=\"#8e8e93\">the table is empty</text>\n"
        }
        if rows.count > 5 && scene.pickerScrolls {
            // The scroll indicator a table shows while it moves: how much of it is on screen.
            let barH = max(36, (tableH - 40) * 5 / Double(rows.count))
            s +=
                "<rect id=\"scroll-indicator\" x=\"\(n(w - 6))\" y=\"\(n(top + 6))\" width=\"3\" height=\"\(n(barH))\" rx=\"1.5\" fill=\"#000000\" fill-opacity=\"0.35\"/>\n"
        }
        s += "</g>\n"
        return s + navigationBar(title: "Choose a place", left: "Back", right: nil)
    }

    // MARK: - Text

    private func label(_ text: String, x: Double, y: Double, size: Double, bold: Bool, fill: String) -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\"\(bold ? " font-weight=\"bold\"" : "") fill=\"\(fill)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\(xmlEscaped(text))</text>\n"
    }

    /// An estimate of the width of text in points (no font metrics here): wide characters a
    /// full em, others 0.6 em, a little more in bold. Generous, so labels keep apart.
    func textWidth(_ s: String, size: Double, bold: Bool) -> Double {
        (Self.printableASCIIEms(s) ?? Self.ellipsizedASCIIEms(s) ?? Self.emsByCharacters(s)) * size
            * (bold ? 1.08 : 1)
    }

    /// The ems of printable ASCII followed by the "…" that `ellipsized` ends a long label with
    /// (a place's name cut short), or nil for any other text: the bytes' ems, then the
    /// ellipsis's (a character of its own after ASCII), summed in the text's order.
    private static func ellipsizedASCIIEms(_ s: String) -> Double? {
        let utf8 = s.utf8
        guard utf8.count >= 3, utf8.suffix(3).elementsEqual([0xE2, 0x80, 0xA6]) else { return nil }
        var em = 0.0
        for b in utf8.dropLast(3) {
            guard b >= 0x20, b < 0x7F else { return nil }
            em += asciiEms(b)
        }
        return em + ems("…")
    }

    /// The ems of a text, character by character.
    static func emsByCharacters(_ s: String) -> Double {
        var em = 0.0
        for ch in s { em += ems(ch) }
        return em
    }

    /// The ems of a text of printable ASCII alone (nearly every label), or nil for any other.
    /// Such a text has a character per byte, so its bytes are summed as `ems` counts them, in
    /// the same order, without breaking the text into characters.
    static func printableASCIIEms(_ s: String) -> Double? {
        var em = 0.0
        for b in s.utf8 {
            guard b >= 0x20, b < 0x7F else { return nil }
            em += asciiEms(b)
        }
        return em
    }

    /// A printable ASCII character's width in ems.
    private static func asciiEms(_ b: UInt8) -> Double { b >= 0x41 && b <= 0x5A ? 0.68 : 0.58 }

    /// One character's width in ems, as `textWidth` counts it. Printable ASCII (nearly every
    /// label) is counted from its byte, without asking Unicode's tables.
    private static func ems(_ ch: Character) -> Double {
        if let ascii = ch.asciiValue, ascii >= 0x20, ascii < 0x7F { return asciiEms(ascii) }
        let cells = displayWidth(String(ch))
        return cells == 2 ? 1.0 : cells == 0 ? 0 : (ch.isUppercase ? 0.68 : 0.58)
    }

    /// `s`, or as much of it as fits in `maxWidth` followed by "…". The widths are summed in the
    /// text's order, so each prefix's width is the one `textWidth` gives it.
    func ellipsized(_ s: String, maxWidth: Double, size: Double, bold: Bool) -> String {
        guard let total = Self.printableASCIIEms(s) else {
            return ellipsizedByCharacters(s, maxWidth: maxWidth, size: size, bold: bold)
        }
        if total * size * (bold ? 1.08 : 1) <= maxWidth { return s }  // textWidth(s)
        // Printable ASCII, a character per byte: the same sums, and the text is cut at a byte.
        let ellipsis = Self.ems("…")
        var em = 0.0
        var cut = 0
        for b in s.utf8 {
            let next = em + Self.asciiEms(b)
            if (next + ellipsis) * size * (bold ? 1.08 : 1) > maxWidth { break }
            em = next
            cut += 1
        }
        var kept = Array(s.utf8.prefix(cut))
        while kept.last == UInt8(ascii: " ") { kept.removeLast() }
        return String(decoding: kept, as: UTF8.self) + "…"
    }

    /// `ellipsized` character by character.
    func ellipsizedByCharacters(_ s: String, maxWidth: Double, size: Double, bold: Bool) -> String {
        if textWidth(s, size: size, bold: bold) <= maxWidth { return s }
        let ellipsis = Self.ems("…")
        var em = 0.0
        var t = ""
        for ch in s {
            let next = em + Self.ems(ch)
            if (next + ellipsis) * size * (bold ? 1.08 : 1) > maxWidth { break }
            em = next
            t.append(ch)
        }
        while t.last == " " { t.removeLast() }
        return t + "…"
    }

    private func wrapWords(_ s: String, width: Int) -> [String] {
        wrapText(s, width: width).split(separator: "\n").map(String.init)
    }
}

/// Every `<text>` whose words are in a right-to-left script (Persian, Arabic, Hebrew) gets
/// `direction="rtl"` and `unicode-bidi="embed"`, so that a renderer orders its letters and any
/// numbers or Latin words in it right to left; its anchor is mirrored (start ↔ end) so that it
/// stays where it was placed: a label that began at its point now ends there on the left.
func markingRightToLeftTexts(_ svg: String) -> String {
    // Most pictures have no right-to-left letter: a look at the bytes returns them as they are.
    guard mayHoldRightToLeftLetters(svg) else { return svg }
    var out = ""
    out.reserveCapacity(svg.utf8.count + 64)
    var rest = svg[...]
    while let open = rest.firstRange(of: "<text") {
        guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
            let close = rest[tagEnd...].firstRange(of: "</text>")
        else { break }
        out += rest[..<open.lowerBound]
        var tag = String(rest[open.lowerBound..<tagEnd])
        let content = rest[rest.index(after: tagEnd)..<close.lowerBound]
        if hasRightToLeftLetters(String(content)) && !tag.contains("direction=") {
            if let anchor = tag.firstRange(of: " text-anchor=\"end\"") {
                tag.replaceSubrange(anchor, with: " text-anchor=\"start\"")
            } else if tag.firstRange(of: " text-anchor=\"start\"") != nil || !tag.contains("text-anchor=") {
                if let anchor = tag.firstRange(of: " text-anchor=\"start\"") { tag.removeSubrange(anchor) }
                tag += " text-anchor=\"end\""
            }
            tag += " direction=\"rtl\" unicode-bidi=\"embed\""
        }
        out += tag
        out += rest[tagEnd..<close.upperBound]
        rest = rest[close.upperBound...]
    }
    out += rest
    return out
}

/// Whether `text` may hold a right-to-left letter, from its UTF-8 bytes alone: true for every
/// text in which `hasRightToLeftLetters` finds one (U+0590–U+08FF lead with bytes D6–DF or
/// E0 A0–A3, U+FB1D–U+FDFF and U+FE70–U+FEFF with EF AC–BB), and for a few more.
func mayHoldRightToLeftLetters(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i < bytes.count {
            // Eight bytes of plain ASCII at a time (most of a picture): none begins a letter.
            if i + 8 <= bytes.count
                && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
                continue
            }
            let b = bytes[i]
            if b >= 0xD6 && b <= 0xDF { return true }
            if (b == 0xE0 || b == 0xEF) && i + 1 < bytes.count {
                let c = bytes[i + 1]
                if b == 0xE0 && c >= 0xA0 && c <= 0xA3 { return true }
                if b == 0xEF && c >= 0xAC && c <= 0xBB { return true }
            }
            i += 1
        }
        return false
    }
}

/// Appends a part as path data (`M1.5 2L3 4…`, `Z` closing a ring), numbers to a tenth of a point.
private func appendPath(_ d: inout [UInt8], _ points: GroundPart, close: Bool) {
    // Room for the most the part can take is made at once (a point: "L", two numbers of at
    // most eleven bytes, a space), the bytes written straight into it, the rest cut off: a
    // byte at a time through `append` was most of a zoom-15 snapshot's path text.
    let start = d.count
    d.append(contentsOf: repeatElement(0, count: points.count * 24 + 1))
    let end = d.withUnsafeMutableBufferPointer { buffer -> Int in
        var k = start
        for (i, p) in points.enumerated() {
            buffer[k] = i == 0 ? UInt8(ascii: "M") : UInt8(ascii: "L")
            k = writeTenths(p.x, into: buffer, at: k + 1)
            buffer[k] = UInt8(ascii: " ")
            k = writeTenths(p.y, into: buffer, at: k + 1)
        }
        if close {
            buffer[k] = UInt8(ascii: "Z")
            k += 1
        }
        return k
    }
    d.removeSubrange(end...)
}

/// A coordinate to a tenth, fast (a path may hold tens of thousands): `12.3`, `-4`, `0`,
/// written as ASCII digits without making a string of each number.
func appendTenths(_ d: inout [UInt8], _ x: Double) {
    let start = d.count
    d.append(contentsOf: repeatElement(0, count: 11))
    let end = d.withUnsafeMutableBufferPointer { writeTenths(x, into: $0, at: start) }
    d.removeSubrange(end...)
}

/// Writes a coordinate to a tenth (at most eleven bytes: a sign, eight digits, a point and a
/// digit) at `buffer[k...]`; returns the index after it.
@inline(__always)
func writeTenths(_ x: Double, into buffer: UnsafeMutableBufferPointer<UInt8>, at k: Int) -> Int {
    // Clipped coordinates are within a few hundred points of the frame.
    let tenths = roundedTenths(x)
    var k = k
    if tenths < 0 {
        buffer[k] = UInt8(ascii: "-")
        k += 1
    }
    var whole = abs(tenths) / 10
    let tenth = abs(tenths) % 10
    // The whole part's digits counted, then written from the last (a division by ten is a
    // multiplication).
    var count = 1
    var power = 10
    while power <= whole {
        power *= 10
        count += 1
    }
    k += count
    var i = k
    repeat {
        i -= 1
        buffer[i] = UInt8(truncatingIfNeeded: 0x30 + whole % 10)
        whole /= 10
    } while whole > 0
    if tenth != 0 {
        buffer[k] = UInt8(ascii: ".")
        buffer[k + 1] = UInt8(truncatingIfNeeded: 0x30 + tenth)
        k += 2
    }
    return k
}

/// `clampedInt((x * 10).rounded(), -100_000_000...100_000_000)`, without the C library's
/// rounding for the coordinates of a picture: the fraction a double has beyond its whole part
/// is exact, so comparing it with a half rounds half away from zero as `rounded()` does.
@inline(__always)
func roundedTenths(_ x: Double) -> Int {
    let y = x * 10
    guard y > -100_000_000, y < 100_000_000 else { return clampedInt(y.rounded(), -100_000_000...100_000_000) }
    let whole = Int(y)  // safe: within ±1e8, checked above (NaN fails the check)
    let fraction = y - Double(whole)
    return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
}

/// A number for SVG: at most two decimals, no `-0` — `formatFixed(x, decimals: 2)` without its
/// trailing zeros, its digits written straight into a few bytes (a snapshot writes thousands).
func svgNumber(_ x: Double) -> String {
    let scaled = (abs(x) * 100).rounded(.toNearestOrAwayFromZero)
    // Not finite, or too big for formatFixed's digits: its text, trimmed.
    guard x.isFinite, scaled < 9e15 else { return trimmedDecimals(x) }
    let whole = UInt64(scaled)  // safe: 0…9e15, checked above
    var rest = whole / 100
    let hundredths = whole % 100
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer -> String in
        var k = buffer.count
        func put(_ b: UInt8) {
            k -= 1
            buffer[k] = b
        }
        if hundredths != 0 {
            if hundredths % 10 != 0 { put(0x30 &+ UInt8(truncatingIfNeeded: hundredths % 10)) }
            put(0x30 &+ UInt8(truncatingIfNeeded: hundredths / 10))
            put(UInt8(ascii: "."))
        }
        repeat {
            put(0x30 &+ UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        if x < 0 && whole != 0 { put(UInt8(ascii: "-")) }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[k...]), as: UTF8.self)
    }
}

private func n(_ x: Double) -> String { svgNumber(x) }

/// `svgNumber` the plain way: `formatFixed`'s text with its trailing zeros cut, and no `-0`.
func trimmedDecimals(_ x: Double) -> String {
    let t = formatFixed(x, decimals: 2)
    var s = Substring(t)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : String(s)
}

/// Text escaped for XML (the SVG snapshot, the JUnit report): markup characters as entities and
/// the characters XML 1.0 does not allow as U+FFFD. In an `attribute` value, line breaks and
/// tabs are character references too, so that a reader gets them back instead of spaces.
public func xmlEscaped(_ s: String, attribute: Bool = false) -> String {
    var out = ""
    for ch in s.unicodeScalars {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n" where attribute: out += "&#10;"
        case "\t" where attribute: out += "&#9;"
        case "\r" where attribute: out += "&#13;"
        default:
            let v = ch.value
            if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D || v == 0xFFFE || v == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(ch)
            }
        }
    }
    return out
}
