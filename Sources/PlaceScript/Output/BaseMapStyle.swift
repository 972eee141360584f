import PlaceFormats
import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point in the frame.
typealias FramePoint = (x: Double, y: Double)

/// A base-map feature as a picture draws it: its kind, its name (roads), and its parts in frame
/// points, clipped to the view with a margin (a line may fall into several runs).
struct GroundFeature {
    var kind: MapFeatureKind
    var name: String?
    var parts: GroundParts
}

/// A feature's parts. The points of every feature in view are kept in one array shared by them
/// all (`bounds[p]..<bounds[p+1]` is part `p`), so that cutting a view of thousands of features
/// makes a few arrays, not one per part.
struct GroundParts: RandomAccessCollection {
    let points: [FramePoint]
    let bounds: [Int]
    /// This feature's parts, as indexes into `bounds`.
    let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }
    subscript(i: Int) -> GroundPart {
        let p = range.lowerBound + i
        return GroundPart(points: points, range: bounds[p]..<bounds[p + 1])
    }
}

/// One part: a run of the shared points, indexed from 0.
struct GroundPart: RandomAccessCollection {
    let points: [FramePoint]
    let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }
    subscript(i: Int) -> FramePoint { points[range.lowerBound + i] }
}

/// How the base map is drawn at each zoom, as street-map styles do: small things appear only
/// when zoomed in (no footways at zoom 10, buildings from 15), roads widen as the zoom grows, and
/// street names show from zoom 15 (service roads and footways from 17).
enum BaseMapStyle {
    /// The smallest zoom at which a kind is drawn.
    static func minimumZoom(_ kind: MapFeatureKind) -> Double {
        switch kind {
        case .water: return 0
        case .motorway: return 5
        case .trunk: return 6
        case .primary, .river: return 8
        case .secondary: return 9
        case .park, .railway: return 10
        case .tertiary: return 11
        case .street: return 12
        case .service: return 14
        case .footway, .building: return 15
        }
    }

    /// The smallest zoom at which a road's name is drawn.
    static func minimumLabelZoom(_ kind: MapFeatureKind) -> Double? {
        guard kind.isRoad else { return nil }
        return kind >= .street ? 15 : 17
    }

    /// A road's width in points at `zoom`: its width at zoom 15, doubling every 1.6 zoom levels.
    static func width(_ kind: MapFeatureKind, zoom: Double) -> Double {
        let base: Double
        switch kind {
        case .motorway: base = 7
        case .trunk: base = 6.5
        case .primary: base = 6
        case .secondary: base = 5.5
        case .tertiary: base = 5
        case .street: base = 4
        case .service: base = 2.5
        case .footway: base = 1
        case .railway: base = 1.5
        case .river: base = 3
        case .water, .park, .building: base = 1
        }
        return min(40, max(0.5, base * pow(2, (zoom - 15) / 1.6)))
    }

    /// Fill and casing colours, after Google's default map style.
    static func colors(_ kind: MapFeatureKind) -> (fill: String, casing: String) {
        switch kind {
        case .water, .river: return ("#aadaff", "#aadaff")
        case .park: return ("#c3ecb2", "#c3ecb2")
        case .building: return ("#e8e9ed", "#d6d8de")
        case .railway: return ("#b4b9c2", "#b4b9c2")
        case .motorway: return ("#fbd267", "#e5ac3a")
        case .trunk, .primary: return ("#fde293", "#f0c05a")
        case .secondary, .tertiary, .street, .service: return ("#ffffff", "#d5d8dd")
        case .footway: return ("#c2c7cf", "#c2c7cf")
        }
    }
}

extension MapScene {
    /// The base map's features in view at the camera's zoom, projected and clipped, in drawing
    /// order: areas (water, then parks, then buildings), then water lines and railways, then
    /// roads from the smallest class to the biggest (a big road is drawn over the small ones that
    /// meet it), each kind in the extract's order.
    static func ground(_ baseMap: BaseMap, camera: CameraPosition, width: Double, height: Double) -> [GroundFeature] {
        let zoom = camera.zoom
        let margin = 24.0
        // The visible region: the ground under the frame's corners (with the margin), in degrees.
        let c = worldPoint(camera.target, zoom: zoom)
        var south = 90.0
        var north = -90.0
        var west = 180.0
        var east = -180.0
        for (fx, fy) in [
            (-margin, -margin), (width + margin, -margin), (-margin, height + margin),
            (width + margin, height + margin),
        ] {
            let g = groundOffset(x: fx, y: fy, camera: camera, width: width, height: height)
            let p = coordinate(worldX: c.x + g.dx, worldY: c.y + g.dy, zoom: zoom)
            south = min(south, p.latitude)
            north = max(north, p.latitude)
            west = min(west, p.longitude)
            east = max(east, p.longitude)
        }
        let layer = baseMap.layer
        let coordinates = layer.coordinates
        let world = 256 * pow(2, zoom)
        let projection = WorldProjection(zoom: zoom)
        let box = ClipBox(x0: -margin, y0: -margin, x1: width + margin, y1: height + margin)
        let plain = camera.bearing == 0 && camera.viewingAngle == 0
        // Every part's points in one array; the projected part and the clipping's passes in
        // buffers used again for every part.
        var points: [FramePoint] = []
        var bounds: [Int] = [0]
        var projected: [FramePoint] = []
        var scratch: [FramePoint] = []
        var kept: [(kind: MapFeatureKind, feature: Int, parts: Range<Int>)] = []
        for i in baseMap.features(south: south, west: west, north: north, east: east) {
            let kind = layer.kinds[i]
            guard zoom >= BaseMapStyle.minimumZoom(kind) else { continue }
            let firstPart = bounds.count - 1
            let partsStart = Int(layer.featureParts[i])  // safe: Int32 into Int
            let partsEnd = Int(layer.featureParts[i + 1])  // safe: Int32 into Int
            for part in partsStart..<partsEnd {
                projected.removeAll(keepingCapacity: true)
                let pointsStart = Int(layer.partPoints[part])  // safe: Int32 into Int
                let pointsEnd = Int(layer.partPoints[part + 1])  // safe: Int32 into Int
                for k in pointsStart..<pointsEnd {
                    let lat = Double(coordinates[2 * k]) / 1e7
                    let lon = Double(coordinates[2 * k + 1]) / 1e7
                    let q = projection.point(latitude: lat, longitude: lon)
                    var dx = q.x - c.x
                    if dx > world / 2 { dx -= world } else if dx < -world / 2 { dx += world }
                    projected.append(
                        plain
                            ? (width / 2 + dx, height / 2 + q.y - c.y)
                            : viewPoint(dx: dx, dy: q.y - c.y, camera: camera, width: width, height: height))
                }
                if kind.isArea {
                    let start = points.count
                    clipPolygon(&projected, box, scratch: &scratch, appendingTo: &points)
                    if points.count - start >= 3 {
                        bounds.append(points.count)
                    } else {
                        points.removeSubrange(start...)
                    }
                } else {
                    clipPolyline(projected, box, appendingTo: &points, bounds: &bounds)
                }
            }
            if bounds.count - 1 > firstPart { kept.append((kind, i, firstPart..<(bounds.count - 1))) }
        }
        // Drawing order: a bucket per kind, in the kinds' order, each kept in the extract's order.
        // (Kinds are ordered by their raw values.) The features are made once the shared points
        // are complete, so that they all hold the same array.
        let kinds = Int(MapFeatureKind.allCases.map(\.rawValue).max() ?? 0) + 1  // safe: UInt8 widens
        var buckets = [[GroundFeature]](repeating: [], count: kinds)
        for f in kept {
            buckets[Int(f.kind.rawValue)].append(  // safe: UInt8 widens
                GroundFeature(
                    kind: f.kind, name: layer.name(f.feature),
                    parts: GroundParts(points: points, bounds: bounds, range: f.parts)))
        }
        return Array(buckets.joined())
    }

    /// The rectangle features are clipped to, in frame points.
    struct ClipBox {
        var x0, y0, x1, y1: Double
    }

    /// Appends the runs of a polyline inside `box` to `out`, each run's end to `bounds`
    /// (Liang–Barsky on each segment; a run ends where the line leaves the box).
    static func clipPolyline(
        _ points: [FramePoint], _ box: ClipBox, appendingTo out: inout [FramePoint], bounds: inout [Int]
    ) {
        // The run being built is out[runStart...].
        var runStart = out.count
        func endRun() {
            if out.count - runStart >= 2 {
                bounds.append(out.count)
            } else {
                out.removeSubrange(runStart...)
            }
            runStart = out.count
        }
        for k in 1..<max(points.count, 1) {
            let a = points[k - 1]
            let b = points[k]
            var t0 = 0.0
            var t1 = 1.0
            let dx = b.x - a.x
            let dy = b.y - a.y
            var inside = true
            // The four edges in turn: left, right, top, bottom.
            func edge(_ p: Double, _ q: Double) {
                if p == 0 {
                    if q < 0 { inside = false }
                } else {
                    let r = q / p
                    if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                }
            }
            edge(-dx, a.x - box.x0)
            edge(dx, box.x1 - a.x)
            edge(-dy, a.y - box.y0)
            edge(dy, box.y1 - a.y)
            guard inside, t0 <= t1 else {
                endRun()
                continue
            }
            if out.count == runStart || t0 > 0 {
                endRun()
                out.append((x: a.x + t0 * dx, y: a.y + t0 * dy))
            }
            out.append((x: a.x + t1 * dx, y: a.y + t1 * dy))
            if t1 < 1 { endRun() }
        }
        endRun()
    }

    /// Appends a ring clipped to `box` to `out` (Sutherland–Hodgman, one edge at a time; a ring
    /// wholly inside is appended as it is). `ring` and `scratch` are used for the passes.
    static func clipPolygon(
        _ ring: inout [FramePoint], _ box: ClipBox, scratch: inout [FramePoint], appendingTo out: inout [FramePoint]
    ) {
        if let first = ring.first, let last = ring.last, first == last { ring.removeLast() }
        // How far inside each edge a point is (negative: outside): left, right, top, bottom.
        func inside(_ edge: Int, _ p: FramePoint) -> Double {
            switch edge {
            case 0: return p.x - box.x0
            case 1: return box.x1 - p.x
            case 2: return p.y - box.y0
            default: return box.y1 - p.y
            }
        }
        // Most rings in view lie wholly inside: every pass would give them back unchanged.
        if ring.allSatisfy({ p in (0..<4).allSatisfy { inside($0, p) >= 0 } }) {
            out += ring
            return
        }
        for edge in 0..<4 {
            guard !ring.isEmpty else { break }
            scratch.removeAll(keepingCapacity: true)
            var prev = ring[ring.count - 1]
            var prevIn = inside(edge, prev) >= 0
            for p in ring {
                let pIn = inside(edge, p) >= 0
                if pIn != prevIn {
                    let a = inside(edge, prev)
                    let b = inside(edge, p)
                    let t = a / (a - b)
                    scratch.append((prev.x + t * (p.x - prev.x), prev.y + t * (p.y - prev.y)))
                }
                if pIn { scratch.append(p) }
                prev = p
                prevIn = pIn
            }
            swap(&ring, &scratch)
        }
        out += ring
    }
}
