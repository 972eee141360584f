import PlaceFormats
import PlaceKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A base-map feature as a picture draws it: its kind, its name (roads), and its parts in frame
/// points, clipped to the view with a margin (a line may fall into several runs).
struct GroundFeature {
    var kind: MapFeatureKind
    var name: String?
    var parts: [[(x: Double, y: Double)]]
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
        let box = (x0: -margin, y0: -margin, x1: width + margin, y1: height + margin)
        let plain = camera.bearing == 0 && camera.viewingAngle == 0
        var out: [GroundFeature] = []
        for i in baseMap.features(south: south, west: west, north: north, east: east) {
            let kind = layer.kinds[i]
            guard zoom >= BaseMapStyle.minimumZoom(kind) else { continue }
            var parts: [[(x: Double, y: Double)]] = []
            for range in layer.parts(i) {
                var points: [(x: Double, y: Double)] = []
                points.reserveCapacity(range.count)
                for k in range {
                    let lat = Double(coordinates[2 * k]) / 1e7
                    let lon = Double(coordinates[2 * k + 1]) / 1e7
                    let q = worldPoint(GeoPoint(latitude: lat, longitude: lon), zoom: zoom)
                    var dx = q.x - c.x
                    if dx > world / 2 { dx -= world } else if dx < -world / 2 { dx += world }
                    points.append(
                        plain
                            ? (width / 2 + dx, height / 2 + q.y - c.y)
                            : viewPoint(dx: dx, dy: q.y - c.y, camera: camera, width: width, height: height))
                }
                if kind.isArea {
                    let clipped = clipPolygon(points, box)
                    if clipped.count >= 3 { parts.append(clipped) }
                } else {
                    parts += clipPolyline(points, box)
                }
            }
            if !parts.isEmpty { out.append(GroundFeature(kind: kind, name: layer.name(i), parts: parts)) }
        }
        // Drawing order: a bucket per kind, in the kinds' order, each kept in the extract's order.
        // (Kinds are ordered by their raw values.)
        let kinds = Int(MapFeatureKind.allCases.map(\.rawValue).max() ?? 0) + 1  // safe: UInt8 widens
        var buckets = [[GroundFeature]](repeating: [], count: kinds)
        for feature in out { buckets[Int(feature.kind.rawValue)].append(feature) }  // safe: UInt8 widens
        return Array(buckets.joined())
    }

    /// The runs of a polyline inside `box` (Liang–Barsky on each segment).
    static func clipPolyline(
        _ points: [(x: Double, y: Double)], _ box: (x0: Double, y0: Double, x1: Double, y1: Double)
    ) -> [[(x: Double, y: Double)]] {
        var runs: [[(x: Double, y: Double)]] = []
        var run: [(x: Double, y: Double)] = []
        for k in 1..<max(points.count, 1) {
            let a = points[k - 1]
            let b = points[k]
            var t0 = 0.0
            var t1 = 1.0
            let dx = b.x - a.x
            let dy = b.y - a.y
            var inside = true
            for (p, q) in [(-dx, a.x - box.x0), (dx, box.x1 - a.x), (-dy, a.y - box.y0), (dy, box.y1 - a.y)] {
                if p == 0 {
                    if q < 0 { inside = false }
                } else {
                    let r = q / p
                    if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                }
            }
            guard inside, t0 <= t1 else {
                if run.count >= 2 { runs.append(run) }
                run = []
                continue
            }
            let start = (x: a.x + t0 * dx, y: a.y + t0 * dy)
            let end = (x: a.x + t1 * dx, y: a.y + t1 * dy)
            if run.isEmpty || t0 > 0 {
                if run.count >= 2 { runs.append(run) }
                run = [start]
            }
            run.append(end)
            if t1 < 1 {
                if run.count >= 2 { runs.append(run) }
                run = []
            }
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }

    /// A ring clipped to `box` (Sutherland–Hodgman, one edge at a time).
    static func clipPolygon(
        _ ring: [(x: Double, y: Double)], _ box: (x0: Double, y0: Double, x1: Double, y1: Double)
    ) -> [(x: Double, y: Double)] {
        var pts = ring
        if let first = pts.first, let last = pts.last, first == last { pts.removeLast() }
        let edges: [((x: Double, y: Double)) -> Double] = [
            { $0.x - box.x0 }, { box.x1 - $0.x }, { $0.y - box.y0 }, { box.y1 - $0.y },
        ]
        for inside in edges {
            guard !pts.isEmpty else { break }
            var next: [(x: Double, y: Double)] = []
            next.reserveCapacity(pts.count + 4)
            var prev = pts[pts.count - 1]
            var prevIn = inside(prev) >= 0
            for p in pts {
                let pIn = inside(p) >= 0
                if pIn != prevIn {
                    let a = inside(prev)
                    let b = inside(p)
                    let t = a / (a - b)
                    next.append((prev.x + t * (p.x - prev.x), prev.y + t * (p.y - prev.y)))
                }
                if pIn { next.append(p) }
                prev = p
                prevIn = pIn
            }
            pts = next
        }
        return pts
    }
}
