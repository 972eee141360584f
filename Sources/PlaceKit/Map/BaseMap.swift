import PlaceFormats
import PlaceStorage

/// The base map under the places: the roads, railways, water, green areas, buildings and
/// street names of the last OpenStreetMap extract loaded with them (`places load FILE.osm`), as
/// the Maps SDK's tiles would show that ground. Read-only once built; the next extract loaded
/// replaces it.
///
/// **Index.** A uniform grid of about √n × √n cells over the layer's bounds; each cell lists the
/// features whose bounding box touches it (one flat array, cell `c` at
/// `cellItems[cellStart[c]..<cellStart[c+1]]`), so a view asks only the cells it covers. Each
/// feature's bounding box is kept (four `Int32` in 10⁻⁷ degrees) to drop the rest of a cell.
/// For the Sydney CBD extract (some 5,000 features) that is about 70 × 70 cells. A feature
/// whose box covers more than `maxCellsPerFeature` cells (a coastline, or one that a damaged
/// file stretches across the map) is listed once, among the large features every view looks
/// at, not in each cell: 100,000 such features would otherwise fill 6.5 billion cell entries.
public struct BaseMap: Sendable {
    /// The features.
    public let layer: OSMMapLayer
    /// The file it came from.
    public let source: String
    /// Per feature: south, west, north, east in 10⁻⁷ degrees.
    private let boxes: [Int32]
    private let south: Int64
    private let west: Int64
    private let cellHeight: Int64
    private let cellWidth: Int64
    private let rows: Int
    private let columns: Int
    private let cellStart: [Int32]
    private let cellItems: [Int32]
    /// The features too large for the cells, in the layer's order.
    private let large: [Int32]

    /// The most cells a feature is listed in; a larger one is among the large features.
    static let maxCellsPerFeature = 64

    /// Builds the index over `layer`.
    public init(layer: OSMMapLayer, source: String) {
        self.layer = layer
        self.source = source
        var boxes = [Int32]()
        boxes.reserveCapacity(layer.count * 4)
        var s = Int32.max
        var w = Int32.max
        var n = Int32.min
        var e = Int32.min
        let c = layer.coordinates
        for i in 0..<layer.count {
            var bs = Int32.max
            var bw = Int32.max
            var bn = Int32.min
            var be = Int32.min
            for part in layer.parts(i) {
                for k in part {
                    bs = min(bs, c[2 * k])
                    bn = max(bn, c[2 * k])
                    bw = min(bw, c[2 * k + 1])
                    be = max(be, c[2 * k + 1])
                }
            }
            boxes += [bs, bw, bn, be]
            s = min(s, bs)
            w = min(w, bw)
            n = max(n, bn)
            e = max(e, be)
        }
        self.boxes = boxes
        if layer.count == 0 {
            (s, w, n, e) = (0, 0, 0, 0)
        }
        let side = max(1, min(256, Int(Double(layer.count).squareRoot())))  // safe: at most 256
        rows = side
        columns = side
        let south = Int64(s)  // safe: widening into Int64
        let west = Int64(w)  // safe: widening into Int64
        let cellHeight = max(1, (Int64(n) - Int64(s)) / Int64(side) + 1)  // safe: widening into Int64
        let cellWidth = max(1, (Int64(e) - Int64(w)) / Int64(side) + 1)  // safe: widening into Int64
        (self.south, self.west, self.cellHeight, self.cellWidth) = (south, west, cellHeight, cellWidth)
        // Count, then fill: two passes over the boxes, one flat array.
        var counts = [Int32](repeating: 0, count: side * side + 1)
        func cells(_ i: Int) -> (ClosedRange<Int>, ClosedRange<Int>) {
            let r0 = Int((Int64(boxes[4 * i]) - south) / cellHeight)  // safe: within the bounds, < side
            let r1 = Int((Int64(boxes[4 * i + 2]) - south) / cellHeight)  // safe: within the bounds, < side
            let c0 = Int((Int64(boxes[4 * i + 1]) - west) / cellWidth)  // safe: within the bounds, < side
            let c1 = Int((Int64(boxes[4 * i + 3]) - west) / cellWidth)  // safe: within the bounds, < side
            return (r0...r1, c0...c1)
        }
        var large: [Int32] = []
        var isLarge = [Bool](repeating: false, count: layer.count)
        for i in 0..<layer.count {
            let (rs, cs) = cells(i)
            if rs.count * cs.count > Self.maxCellsPerFeature {
                large.append(Int32(truncatingIfNeeded: i))
                isLarge[i] = true
                continue
            }
            for r in rs { for col in cs { counts[r * side + col + 1] += 1 } }
        }
        self.large = large
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[side * side]))  // safe: a count of items
        for i in 0..<layer.count where !isLarge[i] {
            let (rs, cs) = cells(i)
            for r in rs {
                for col in cs {
                    let at = Int(fill[r * side + col])  // safe: an index into items
                    items[at] = Int32(truncatingIfNeeded: i)
                    fill[r * side + col] += 1
                }
            }
        }
        cellStart = counts
        cellItems = items
    }

    /// How many features.
    public var count: Int { layer.count }

    /// The features whose bounding box meets the box from (`south`, `west`) to (`north`,
    /// `east`) in degrees, in the layer's order (the order they are drawn in within a kind).
    public func features(south s: Double, west w: Double, north n: Double, east e: Double) -> [Int] {
        guard layer.count > 0, s <= n, w <= e, s.isFinite, n.isFinite, w.isFinite, e.isFinite else { return [] }
        let qs = Int64(max(-900_000_000, min(900_000_000, (s * 1e7).rounded(.down))))  // safe: clamped to ±9e8
        let qn = Int64(max(-900_000_000, min(900_000_000, (n * 1e7).rounded(.up))))  // safe: clamped to ±9e8
        let qw = Int64(max(-1_800_000_000, min(1_800_000_000, (w * 1e7).rounded(.down))))  // safe: clamped to ±1.8e9
        let qe = Int64(max(-1_800_000_000, min(1_800_000_000, (e * 1e7).rounded(.up))))  // safe: clamped to ±1.8e9
        let r0 = max(0, min(rows - 1, Int((qs - south) / cellHeight)))  // safe: a clamped quotient of Int64s
        let r1 = max(0, min(rows - 1, Int((qn - south) / cellHeight)))  // safe: a clamped quotient of Int64s
        let c0 = max(0, min(columns - 1, Int((qw - west) / cellWidth)))  // safe: a clamped quotient of Int64s
        let c1 = max(0, min(columns - 1, Int((qe - west) / cellWidth)))  // safe: a clamped quotient of Int64s
        if qn < south || qe < west { return [] }
        // A feature in several cells is found in each: a flag per feature keeps it once, and
        // reading the flags in order gives the layer's order.
        var found = [Bool](repeating: false, count: layer.count)
        func look(_ i: Int32) {
            if found[Int(i)] { return }  // safe: Int32 into Int
            let b = 4 * Int(i)  // safe: Int32 into Int
            let (bs, bw) = (Int64(boxes[b]), Int64(boxes[b + 1]))  // safe: widening Int32 into Int64
            let (bn, be) = (Int64(boxes[b + 2]), Int64(boxes[b + 3]))  // safe: widening Int32 into Int64
            if bs > qn || bn < qs || bw > qe || be < qw { return }
            found[Int(i)] = true  // safe: Int32 into Int
        }
        for i in large { look(i) }
        for r in r0...r1 {
            for c in c0...c1 {
                let cell = r * columns + c
                for k in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {  // safe: Int32 into Int
                    look(cellItems[k])
                }
            }
        }
        return found.indices.filter { found[$0] }
    }

    /// How many features of each kind, biggest roads first.
    public var counts: [(kind: MapFeatureKind, count: Int)] {
        var by = [Int](repeating: 0, count: MapFeatureKind.allCases.count)
        for k in layer.kinds { by[Int(k.rawValue)] += 1 }  // safe: UInt8 into Int
        return MapFeatureKind.allCases.reversed().compactMap { kind in
            let n = by[Int(kind.rawValue)]  // safe: UInt8 into Int
            return n > 0 ? (kind, n) : nil
        }
    }

    /// The bytes the layer and its index take.
    public var byteCount: Int {
        layer.byteCount + 4 * boxes.count + 4 * cellStart.count + 4 * cellItems.count + 4 * large.count
    }
}
