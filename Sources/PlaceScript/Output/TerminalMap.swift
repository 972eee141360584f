import PlaceFormats
import PlaceKit
import PlaceStorage

/// The map scene drawn in terminal cells: a frame whose inner width spans the map view's width
/// (393 points), rows twice as tall as columns are wide so distances look the same both ways,
/// and as many rows of the view around its centre as the height allows. Places are dots, markers
/// pins, the device the my-location dot with its accuracy ring; labels go where they fit without
/// touching another label or symbol, most likely places first. Deterministic: the same scene
/// and size give the same bytes.
struct TerminalMap {
    let scene: MapScene
    /// Columns and lines of the framed box, borders included.
    let columns: Int
    let lines: Int
    let unicode: Bool
    let color: Bool

    /// The symbols and frame pieces, Unicode or ASCII.
    struct Glyphs {
        var place, marker, me, ring, search, north, northArrow, ellipsis: String
        var h, v, tl, tr, bl, br: String
        var scaleLeft, scaleMid, scaleRight: String
        var pointer: String

        static let unicode = Glyphs(
            place: "•", marker: "▼", me: "◉", ring: "·", search: "∘", north: "N", northArrow: "↑", ellipsis: "…",
            h: "─", v: "│", tl: "┌", tr: "┐", bl: "└", br: "┘", scaleLeft: "├", scaleMid: "─", scaleRight: "┤",
            pointer: "┬")
        static let ascii = Glyphs(
            place: "o", marker: "V", me: "@", ring: ".", search: ":", north: "N", northArrow: "^", ellipsis: "~",
            h: "-", v: "|", tl: "+", tr: "+", bl: "+", br: "+", scaleLeft: "|", scaleMid: "-", scaleRight: "|",
            pointer: "+")
    }

    /// What occupies a cell, for placing labels.
    enum Kind: Hashable {
        /// `ground`: the base map's roads and water, which anything may cover.
        case empty, ground, ring, symbol, label, chrome
    }

    struct Cell {
        var text = " "
        /// 0 for the right half of a wide character (prints nothing).
        var width = 1
        var kind = Kind.empty
        var paint: String?
    }

    /// ANSI codes for each kind of thing.
    enum Paint {
        static let place = "36"
        static let marker = "1;31"
        static let me = "1;34"
        static let ring = "34"
        /// The nearby app's search circle.
        static let search = "35"
        static let chrome = "2"
        static let bold = "1"
        static let road = "2"
        static let water = "34"
    }

    struct Result {
        var lines: [String]
        /// The names and titles that got a label, in the order placed.
        var labels: [String]
        var placesInView: Int
    }

    /// The base map beneath everything: water areas shaded (░, `~` in ASCII), roads and water
    /// lines as box-drawing lines joining the cells they cross (─ │ ┌ ┼ …, `-` `|` `+`), major
    /// roads (secondary and up) doubled (═ ║ ╬ …). Buildings and parks are left out: a cell is
    /// too coarse for them.
    private func drawGround(
        _ grid: inout [[Cell]], cell: (Double, Double) -> (row: Int, col: Int)?, top: Double, ptPerCol: Double,
        ptPerRow: Double
    ) {
        guard !scene.ground.isEmpty, let rows = grid.first.map({ _ in grid.count }), let cols = grid.first?.count
        else { return }
        // Water areas: the cells whose centre is inside (even-odd over all rings).
        var water = [[Bool]](repeating: [Bool](repeating: false, count: cols), count: rows)
        for f in scene.ground where f.kind == .water {
            for r in 0..<rows {
                let y = top + (Double(r) + 0.5) * ptPerRow
                var xs: [Double] = []
                for ring in f.parts {
                    var j = ring.count - 1
                    for i in 0..<ring.count {
                        let (a, b) = (ring[i], ring[j])
                        if (a.y > y) != (b.y > y) { xs.append((b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x) }
                        j = i
                    }
                }
                xs.sort()
                var i = 0
                while i + 1 < xs.count {
                    for c in 0..<cols {
                        let x = (Double(c) + 0.5) * ptPerCol
                        if x >= xs[i] && x < xs[i + 1] { water[r][c].toggle() }
                    }
                    i += 2
                }
            }
        }
        // Lines: which neighbours each cell joins (1 up, 2 right, 4 down, 8 left), major or not.
        var joins = [[UInt8]](repeating: [UInt8](repeating: 0, count: cols), count: rows)
        var major = [[Bool]](repeating: [Bool](repeating: false, count: cols), count: rows)
        var wet = [[Bool]](repeating: [Bool](repeating: false, count: cols), count: rows)
        for f in scene.ground where !f.kind.isArea && f.kind != .railway {
            let isMajor = f.kind >= .secondary
            for part in f.parts {
                var last: (row: Int, col: Int)?
                for k in 1..<max(part.count, 1) {
                    let a = part[k - 1]
                    let b = part[k]
                    let length = max(abs(b.x - a.x) / ptPerCol, abs(b.y - a.y) / ptPerRow)
                    let steps = max(1, clampedInt((length * 2).rounded(.up), 1...100_000))
                    for st in 0...steps {
                        let t = Double(st) / Double(steps)
                        guard let here = cell(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) else {
                            last = nil
                            continue
                        }
                        if isMajor { major[here.row][here.col] = true }
                        if f.kind == .river { wet[here.row][here.col] = true }
                        if let prev = last, prev != here {
                            // A diagonal step goes across first, then up or down.
                            var from = prev
                            for to in [(prev.row, here.col), (here.row, here.col)] where to != from {
                                let (dr, dc) = (to.0 - from.row, to.1 - from.col)
                                let (out, back): (UInt8, UInt8) =
                                    dc > 0 ? (2, 8) : dc < 0 ? (8, 2) : dr > 0 ? (4, 1) : (1, 4)
                                joins[from.row][from.col] |= out
                                joins[to.0][to.1] |= back
                                from = (to.0, to.1)
                            }
                        }
                        last = here
                    }
                }
            }
        }
        let light = ["·", "│", "─", "└", "│", "│", "┌", "├", "─", "┘", "─", "┴", "┐", "┤", "┬", "┼"]
        let heavy = ["·", "║", "═", "╚", "║", "║", "╔", "╠", "═", "╝", "═", "╩", "╗", "╣", "╦", "╬"]
        let plain = [".", "|", "-", "+", "|", "|", "+", "+", "-", "+", "-", "+", "+", "+", "+", "+"]
        for r in 0..<rows {
            for c in 0..<cols {
                let j = Int(joins[r][c])  // safe: UInt8 into Int
                if j != 0 {
                    let glyph = unicode ? (major[r][c] ? heavy[j] : light[j]) : plain[j]
                    grid[r][c] = Cell(text: glyph, width: 1, kind: .ground, paint: wet[r][c] ? Paint.water : Paint.road)
                } else if water[r][c] {
                    grid[r][c] = Cell(text: unicode ? "░" : "~", width: 1, kind: .ground, paint: Paint.water)
                }
            }
        }
    }

    func render() -> Result {
        let g = unicode ? Glyphs.unicode : Glyphs.ascii
        let innerW = max(1, columns - 2)
        let ptPerCol = scene.width / Double(innerW)
        let ptPerRow = 2 * ptPerCol
        // Never more rows than the view is tall.
        let innerH = max(1, min(lines - 2, clampedInt((scene.height / ptPerRow).rounded(.up), 1...10_000)))
        let top = scene.height / 2 - Double(innerH) * ptPerRow / 2
        var grid = [[Cell]](repeating: [Cell](repeating: Cell(), count: innerW), count: innerH)
        var labels: [String] = []

        func cell(_ x: Double, _ y: Double) -> (row: Int, col: Int)? {
            guard let col = checkedInt((x / ptPerCol).rounded(.down)),
                let row = checkedInt(((y - top) / ptPerRow).rounded(.down)),
                row >= 0, row < innerH, col >= 0, col < innerW
            else { return nil }
            return (row, col)
        }
        func put(_ row: Int, _ col: Int, _ text: String, _ kind: Kind, _ paint: String?) {
            grid[row][col] = Cell(text: text, width: 1, kind: kind, paint: paint)
        }
        /// Writes text from `col`; the caller has checked that it fits.
        func write(_ row: Int, _ col: Int, _ text: String, _ kind: Kind, _ paint: String?) {
            var c = col
            for ch in text {
                let w = displayWidth(String(ch))
                if w == 0 {  // a lone zero-width character joins the one before
                    if c > col { grid[row][c - 1].text += String(ch) }
                    continue
                }
                grid[row][c] = Cell(text: String(ch), width: w, kind: kind, paint: paint)
                if w == 2 { grid[row][c + 1] = Cell(text: "", width: 0, kind: kind, paint: paint) }
                c += w
            }
        }
        func isFree(_ row: Int, _ range: Range<Int>) -> Bool {
            guard row >= 0, row < innerH, range.lowerBound >= 0, range.upperBound <= innerW else { return false }
            for c in range where ![.empty, .ground, .ring].contains(grid[row][c].kind) { return false }
            // A gap of one cell from other labels and symbols on either side, so that a label
            // never reads as belonging to the dot it touches.
            let busy: Set<Kind> = [.label, .symbol]
            if range.lowerBound > 0 && busy.contains(grid[row][range.lowerBound - 1].kind) { return false }
            if range.upperBound < innerW && busy.contains(grid[row][range.upperBound].kind) { return false }
            return true
        }

        drawGround(&grid, cell: cell, top: top, ptPerCol: ptPerCol, ptPerRow: ptPerRow)

        // A ring (the accuracy circle, the nearby app's search circle), when it is wider than a
        // cell. Points around the circle while that is cheaper than visiting every cell; past
        // that (a ring far larger than the view) the cells it crosses, so the work is bounded by
        // the view, not the radius. A ring never covers anything but empty cells and ground.
        /// Returns how many cells it drew.
        @discardableResult
        func ring(x: Double, y: Double, radius: Double, glyph: String, paint: String) -> Int {
            guard radius > ptPerCol, radius.isFinite, x.isFinite, y.isFinite else { return 0 }
            var drawn = 0
            let steps = radius / ptPerCol * 8
            if steps <= Double(4 * innerW * innerH) {
                let count = max(32, clampedInt(steps, 0...(4 * innerW * innerH)))
                for i in 0..<count {
                    let t = Double(i) / Double(count) * 2 * .pi
                    if let (r, c) = cell(x + radius * cos(t), y + radius * sin(t)),
                        grid[r][c].kind == .empty || grid[r][c].kind == .ground
                    {
                        put(r, c, glyph, .ring, paint)
                        drawn += 1
                    }
                }
            } else {
                for r in 0..<innerH {
                    let y0 = top + Double(r) * ptPerRow
                    let dyNear = max(y0 - y, 0, y - (y0 + ptPerRow))
                    let dyFar = max(abs(y - y0), abs(y - (y0 + ptPerRow)))
                    for c in 0..<innerW where grid[r][c].kind == .empty || grid[r][c].kind == .ground {
                        let x0 = Double(c) * ptPerCol
                        let dxNear = max(x0 - x, 0, x - (x0 + ptPerCol))
                        let dxFar = max(abs(x - x0), abs(x - (x0 + ptPerCol)))
                        // The circle crosses the cell when the cell has points both inside and outside it.
                        if (dxNear * dxNear + dyNear * dyNear).squareRoot() <= radius
                            && radius <= (dxFar * dxFar + dyFar * dyFar).squareRoot()
                        {
                            put(r, c, glyph, .ring, paint)
                            drawn += 1
                        }
                    }
                }
            }
            return drawn
        }
        if let me = scene.myLocation { ring(x: me.x, y: me.y, radius: me.radius, glyph: g.ring, paint: Paint.ring) }
        var searchRingShown = false
        if let circle = scene.searchCircle {
            searchRingShown =
                ring(x: circle.x, y: circle.y, radius: circle.radius, glyph: g.search, paint: Paint.search) > 0
        }
        // Places, markers, the device: later ones cover earlier ones.
        var placeCells: [(name: String, row: Int, col: Int)] = []
        for p in scene.places {
            guard let (r, c) = cell(p.x, p.y) else { continue }
            if grid[r][c].kind != .symbol {
                put(r, c, g.place, .symbol, Paint.place)
                placeCells.append((p.name, r, c))
            }
        }
        var markerCells: [(pin: MapScene.Pin, row: Int, col: Int)] = []
        for m in scene.markers where m.isInFrame {
            guard let (r, c) = cell(m.x, m.y) else { continue }
            put(r, c, g.marker, .symbol, Paint.marker)
            markerCells.append((m, r, c))
        }
        var meCell: (row: Int, col: Int)?
        if let me = scene.myLocation, let (r, c) = cell(me.x, me.y) {
            put(r, c, g.me, .symbol, Paint.me)
            meCell = (r, c)
        }
        placeCells.removeAll { p in
            markerCells.contains { $0.row == p.row && $0.col == p.col }
                || (meCell.map { $0 == (p.row, p.col) } ?? false)
        }

        // North, top right; the scale bar, bottom left.
        if innerW >= 3 && innerH >= 2 {
            put(0, innerW - 1, g.northArrow, .chrome, Paint.bold)
            put(1, innerW - 1, g.north, .chrome, Paint.bold)
        }
        let metresPerCol = scene.metresPerPoint * ptPerCol
        let scaleMetres = MapScene.roundDistance(atMost: metresPerCol * Double(max(2, innerW / 4)))
        let scaleCols = max(2, clampedInt((scaleMetres / metresPerCol).rounded(), 0...innerW) + 1)
        let scaleText = MapScene.distanceText(scaleMetres)
        if innerH >= 3 && scaleCols + 2 + displayWidth(scaleText) <= innerW - 2 {
            let row = innerH - 1
            var bar = g.scaleLeft + String(repeating: g.scaleMid, count: scaleCols - 2) + g.scaleRight
            bar += " " + scaleText
            // The bar is drawn over places there; it is what a map's legend does.
            for c in 1..<(1 + scaleCols + 1 + displayWidth(scaleText)) { grid[row][c] = Cell(kind: .chrome) }
            write(row, 1, bar, .chrome, nil)
        }

        // A blank map: no tiles, so no places and nothing under the markers; a note says so,
        // a quarter of the way down where it is free, else the legend alone does.
        if scene.blankReason != nil {
            let note = "no map tiles"
            let w = displayWidth(note)
            if w + 2 <= innerW {
                let col = (innerW - w) / 2
                for row in [innerH / 4, innerH / 4 + 1, max(0, innerH / 4 - 1)] where isFree(row, col..<(col + w)) {
                    write(row, col, note, .chrome, Paint.chrome)
                    break
                }
            }
        }

        // The open info window: a box above its marker (below when there is no room), with the
        // bold title and the snippet, as Google's default window shows them.
        for m in markerCells where m.pin.isOpen && !(m.pin.title.isEmpty && m.pin.snippet.isEmpty) {
            // Names as the output shows them (`\n`, `\u{1b}`), measured so: a cell holds what
            // the terminal will draw there.
            var texts = [escapingControlCharacters(m.pin.title)]
            if !m.pin.snippet.isEmpty { texts.append(escapingControlCharacters(m.pin.snippet)) }
            let maxText = max(1, innerW - 4)
            texts = texts.map { fit($0, maxText, g) }
            let boxW = min(innerW, (texts.map(displayWidth).max() ?? 0) + 4)
            let boxH = texts.count + 2
            var left = m.col - boxW / 2
            left = max(0, min(innerW - boxW, left))
            let above = m.row - boxH >= 0
            let topRow = above ? m.row - boxH : m.row + 1
            guard topRow >= 0, topRow + boxH <= innerH else { continue }
            for r in topRow..<(topRow + boxH) {
                for c in left..<(left + boxW) { grid[r][c] = Cell(kind: .label) }
            }
            write(topRow, left, g.tl + String(repeating: g.h, count: boxW - 2) + g.tr, .label, nil)
            write(topRow + boxH - 1, left, g.bl + String(repeating: g.h, count: boxW - 2) + g.br, .label, nil)
            if above, m.col > left, m.col < left + boxW - 1 {
                put(topRow + boxH - 1, m.col, g.pointer, .label, nil)
            }
            for (i, t) in texts.enumerated() {
                let r = topRow + 1 + i
                put(r, left, g.v, .label, nil)
                put(r, left + boxW - 1, g.v, .label, nil)
                write(r, left + 2, t, .label, i == 0 ? Paint.bold : nil)
            }
            labels.append(m.pin.title)
        }

        // Labels: marker titles first, then places in the scene's order.
        func placeLabel(_ label: String, row: Int, col: Int, paint: String?) -> Bool {
            guard !label.isEmpty else { return false }
            let name = escapingControlCharacters(label)
            let w = displayWidth(name)
            // Right, then left: a label above or below could be read as another dot's.
            let spots: [(Int, Int)] = [(row, col + 2), (row, col - 1 - w)]
            for (r, c) in spots where isFree(r, c..<(c + w)) {
                write(r, c, name, .label, paint)
                return true
            }
            // Shortened, to the right or to the left, when at least a few characters fit.
            for right in [true, false] {
                var start = right ? col + 2 : col - 2
                var end = start
                if right {
                    while end < innerW && isFree(row, start..<(end + 1)) { end += 1 }
                } else {
                    end = col - 1
                    while start >= 0 && isFree(row, start..<end) { start -= 1 }
                    start += 1
                }
                let room = end - start
                guard room >= 9 else { continue }
                let short = fit(name, room, g)
                write(row, right ? start : end - displayWidth(short), short, .label, paint)
                return true
            }
            return false
        }
        for m in markerCells where !m.pin.isOpen {
            if placeLabel(m.pin.title, row: m.row, col: m.col, paint: Paint.bold) { labels.append(m.pin.title) }
        }
        for p in placeCells where grid[p.row][p.col].kind == .symbol {  // not under the info window
            if placeLabel(p.name, row: p.row, col: p.col, paint: nil) { labels.append(p.name) }
        }

        // The frame: camera in the top border.
        var out: [String] = []
        let title =
            " " + formatFixed(scene.camera.target.latitude, decimals: 6) + ", "
            + formatFixed(scene.camera.target.longitude, decimals: 6) + " · zoom " + formatNumber(scene.camera.zoom)
            + " "
        let titleText = unicode ? title : title.replacingMiddleDot()
        var topBorder = g.tl + g.h
        if displayWidth(titleText) + 4 <= innerW {
            topBorder += titleText + String(repeating: g.h, count: innerW - 1 - displayWidth(titleText))
        } else {
            topBorder += String(repeating: g.h, count: innerW - 1)
        }
        out.append(paint(topBorder + g.tr, Paint.chrome))
        for row in grid {
            var line = paint(g.v, Paint.chrome)
            var run = ""
            var runPaint: String?
            for cell in row where cell.width > 0 {
                if cell.paint != runPaint {
                    line += paint(run, runPaint)
                    run = ""
                    runPaint = cell.paint
                }
                run += cell.text
            }
            line += paint(run, runPaint)
            out.append(line + paint(g.v, Paint.chrome))
        }
        out.append(paint(g.bl + String(repeating: g.h, count: innerW) + g.br, Paint.chrome))

        // The legend, wrapped to the width.
        let shownPt = Double(innerH) * ptPerRow
        // The symbols on this map, then the numbers.
        var items: [String] = []
        if !placeCells.isEmpty { items.append(g.place + " place") }
        if !markerCells.isEmpty { items.append(g.marker + " marker") }
        if let me = scene.myLocation, meCell != nil {
            items.append(g.me + " you " + (unicode ? "±" : "+/-") + formatNumber(me.accuracyMetres.rounded()) + " m")
        }
        if let circle = scene.searchCircle, searchRingShown {
            items.append(g.search + " search circle " + MapScene.distanceText(circle.metres))
        }
        let visibleCount = scene.places.filter { p in cell(p.x, p.y) != nil }.count
        if let blank = scene.blankReason {
            items.append("blank map, no tiles: " + blank)
        } else {
            items.append("\(visibleCount) place\(visibleCount == 1 ? "" : "s") in view")
        }
        let sep = unicode ? " · " : " - "
        if shownPt < scene.height - 0.5 {
            // The frame's lines that hold the whole height (its two borders too), within --height's 500.
            let full = min(500, Int((scene.height / ptPerRow).rounded(.up)) + 2)  // safe: a few hundred rows
            items.append(
                "showing the middle \(formatNumber(shownPt.rounded())) of the screen's \(formatNumber(scene.height)) points: --height \(full) shows it all"
            )
        }
        var legend = ""
        for item in items {
            let next = legend.isEmpty ? item : legend + sep + item
            if displayWidth(next) > columns && !legend.isEmpty {
                out.append(legend)
                legend = item
            } else {
                legend = next
            }
        }
        if !legend.isEmpty { out.append(legend) }
        return Result(lines: out, labels: labels, placesInView: visibleCount)
    }

    /// Text cut to `width` cells with an ellipsis, never through a wide character.
    private func fit(_ s: String, _ width: Int, _ g: Glyphs) -> String {
        if displayWidth(s) <= width { return s }
        let room = width - displayWidth(g.ellipsis)
        return String(prefixFitting(s, width: max(0, room))) + g.ellipsis
    }

    private func paint(_ s: String, _ code: String?) -> String {
        guard color, let code, !s.isEmpty else { return s }
        return "\u{1B}[" + code + "m" + s + "\u{1B}[0m"
    }
}

extension String {
    fileprivate func replacingMiddleDot() -> String {
        String(self.map { $0 == "·" ? "-" : $0 })
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
