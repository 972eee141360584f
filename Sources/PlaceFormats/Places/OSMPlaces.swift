#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory an OpenStreetMap file may make in placeshell: `perFileByte` bytes for each byte
/// of the file and `base` more. A real extract makes about 3 bytes for each of its own; zlib
/// packs a PBF blob of zero-delta references a thousandfold, and relations can name the same
/// ways again and again, so a small file could otherwise ask for gigabytes. The PBF reader
/// charges what it keeps to it, and the base map of either format holds to it.
enum OSMBudget {
    static let perFileByte = 16
    static let base = 64 << 20

    /// The budget for a file of `size` bytes.
    static func bytes(forFileOf size: Int) -> Int {
        let (scaled, overflow) = size.multipliedReportingOverflow(by: perFileByte)
        return overflow ? Int.max / 2 : min(Int.max / 2, scaled + base)
    }
}

/// Turns OpenStreetMap elements into places. Both OSM importers (XML and PBF) read their format
/// and hand every node, way and relation to this assembler, so the two formats give the same
/// places for the same data: the same ids, names, types, addresses and positions to the bit.
///
/// **Which elements are features.** An element is a *place* when it has a `name` tag and its tags
/// make a place per `OSMTags.types` (an amenity, shop, tourism, … tag). A tagged element with a
/// POI tag but no name is skipped *without a name*; a named element with no POI tag (a street, a
/// bare building) is skipped *not a place (no POI tag)*. Elements with neither (way vertices,
/// untagged member ways, an unnamed crossing) are geometry, not features, and are not counted.
/// Deleted elements (`action="delete"` in a JOSM file, `visible="false"`) are ignored and
/// reported in one warning.
///
/// **Positions.** Nodes are where they are. A way is placed at its *interior point* (see
/// `OSMGeometry`): a closed way (first node = last node, at least four references, not `area=no`)
/// is an area, placed at a point inside its outline, with a radius √(area/π) from its area; an
/// open way is placed at the midpoint along its line, with no radius. A way with a node that is
/// not in the file is skipped *ways with missing nodes* (an extract cut at its edge).
///
/// **Relations.** A `type=multipolygon` or `type=boundary` relation is an area: its member ways
/// are joined end to end into rings (role `inner` makes a hole; any other role, including the
/// empty role of old-style multipolygons, an outer ring); rings that do not close are dropped;
/// the place is at the interior point of the outer rings minus the holes, with a radius from
/// their net area. With no closed outer ring it is skipped (*relations with missing members* when
/// some member way or node is not in the file, else *multipolygons without a closed outer ring*).
/// Any other relation (a site, a stop area) is placed at its first member that has a position:
/// a node, or a way placed as above; relation members are not followed (no cycles to guard
/// against). With no such member it is skipped *relations with missing members*.
///
/// **Memory.** Every node's coordinates are kept, since ways come after nodes and any node may be
/// a vertex: ids in one sorted `[Int64]` and coordinates as packed `Int32` pairs in units of
/// 10⁻⁷ degrees (the precision OSM stores), 16 bytes a node. Way references are kept in one flat
/// array, since a relation may refer to any way. Tags are kept only for features.
struct OSMAssembler {
    /// What the importer reports; records for ways and relations are added by `finish()`.
    private(set) var summary: ImportSummary

    /// Node ids, and their latitude/longitude pairs in 10⁻⁷ degrees, in file order until
    /// `finish()` sorts them (OSM files are sorted by id, so usually nothing moves).
    private var nodeIds: [Int64] = []
    private var nodeCoords: [Int32] = []
    private var nodesSorted = true

    /// Way ids and their node references: way `i` has `wayRefs[wayRefStart[i]..<wayRefStart[i+1]]`.
    private var wayIds: [Int64] = []
    private var wayRefStart: [Int] = [0]
    private var wayRefs: [Int64] = []
    private var waysSorted = true

    /// A feature way or relation waiting for the geometry that `finish()` resolves.
    private struct Pending {
        var id: Int64
        var name: String
        var types: [String]
        var address: String?
        /// For a way: its index in `wayIds`. Unused for a relation.
        var wayIndex: Int
        /// For a way: false for `area=no`. For a relation: true for a multipolygon or boundary.
        var area: Bool
        var members: [Member]
    }

    /// A relation member: its kind, id and role.
    struct Member: Equatable {
        enum Kind: Equatable { case node, way, relation }
        var kind: Kind
        var ref: Int64
        var role: String
    }

    private var pendingWays: [Pending] = []
    private var pendingRelations: [Pending] = []
    private var deleted = 0

    /// Whether to keep the base map's features (`OSMMapLayer`) besides the places.
    let collectsBaseMap: Bool
    /// A way of the base map: its index in `wayIds`, kind and name.
    private var baseWays: [(way: Int, kind: MapFeatureKind, name: String?)] = []
    /// A multipolygon of the base map: its kind and members.
    private var baseRelations: [(kind: MapFeatureKind, members: [Member])] = []
    /// The most points the base map may hold: a relation names ways that a thousand other
    /// relations may name again, so what the base map draws is not bounded by what the file
    /// holds. The importers set it from the file's size (`baseMapPoints(forFileOf:)`); past it
    /// the rest of the base map is left out, and the summary says so.
    var baseMapPointBudget = Int.max

    /// The base map's budget for a file of `size` bytes: the file's memory budget
    /// (`OSMBudget`), 8 bytes a point (two Int32s).
    static func baseMapPoints(forFileOf size: Int) -> Int { OSMBudget.bytes(forFileOf: size) / 8 }

    /// An assembler for a file of `format` (`OSM XML`, `OSM PBF`); with `baseMap`, it keeps the
    /// map features too.
    init(format: String, baseMap: Bool = false) {
        summary = ImportSummary(format: format)
        collectsBaseMap = baseMap
    }

    /// Whether a relation's members are needed: a feature, or a multipolygon of the base map.
    func wantsRelation(_ tags: [String: String]) -> Bool {
        Self.verdict(tags) != nil || (collectsBaseMap && Self.baseMapArea(tags) != nil)
    }

    /// The area kind of a multipolygon relation, or nil.
    private static func baseMapArea(_ tags: [String: String]) -> MapFeatureKind? {
        guard tags["type"] == "multipolygon", let kind = MapFeatureKind.of(tags), kind.isArea else { return nil }
        return kind
    }

    /// What a tagged element is: a place (name, types, address), or the reason it is skipped;
    /// nil when it is not a feature at all.
    enum Verdict {
        case place(name: String, types: [String], address: String?)
        case skip(String)
    }

    /// The verdict on an element's tags (see the type's comment for the rules).
    static func verdict(_ tags: [String: String]) -> Verdict? {
        if tags.isEmpty { return nil }
        let types = OSMTags.types(tags)
        let name = tags["name"].flatMap { $0.isEmpty ? nil : $0 }
        switch (name, types) {
        case (let name?, let types?): return .place(name: name, types: types, address: OSMTags.address(tags))
        case (nil, _?): return .skip("without a name")
        case (_?, nil): return .skip("not a place (no POI tag)")
        case (nil, nil): return nil
        }
    }

    // MARK: - Elements

    /// A deleted element: not read, counted for one warning.
    mutating func addDeleted() { deleted += 1 }

    /// A node with its position (10⁻⁷ degrees) and tags (empty for a bare vertex).
    mutating func addNode(id: Int64, lat: Int32, lon: Int32, tags: [String: String]) {
        if let last = nodeIds.last, id <= last { nodesSorted = false }
        nodeIds.append(id)
        nodeCoords.append(lat)
        nodeCoords.append(lon)
        guard !tags.isEmpty, let verdict = Self.verdict(tags) else { return }
        switch verdict {
        case .place(let name, let types, let address):
            summary.records.append(
                PlaceRecord(
                    id: "osm:node/\(id)", name: name, latitude: Double(lat) / 1e7, longitude: Double(lon) / 1e7,
                    types: types, address: address))
        case .skip(let reason):
            summary.skip(reason)
        }
    }

    /// A node whose position is missing or invalid: a feature is skipped *without coordinates*;
    /// ways that use it will miss it.
    mutating func addNodeWithoutPosition(tags: [String: String]) {
        if let verdict = Self.verdict(tags) {
            switch verdict {
            case .place: summary.skip("without coordinates")
            case .skip(let reason): summary.skip(reason)
            }
        }
    }

    /// A way with its node references and tags.
    mutating func addWay<Refs: Sequence>(id: Int64, refs: Refs, tags: [String: String]) where Refs.Element == Int64 {
        if let last = wayIds.last, id <= last { waysSorted = false }
        let index = wayIds.count
        wayIds.append(id)
        wayRefs.append(contentsOf: refs)
        wayRefStart.append(wayRefs.count)
        if collectsBaseMap, !tags.isEmpty, let kind = MapFeatureKind.of(tags) {
            baseWays.append((index, kind, kind.isRoad ? tags["name"] : nil))
        }
        guard !tags.isEmpty, let verdict = Self.verdict(tags) else { return }
        switch verdict {
        case .place(let name, let types, let address):
            pendingWays.append(
                Pending(
                    id: id, name: name, types: types, address: address, wayIndex: index, area: tags["area"] != "no",
                    members: []))
        case .skip(let reason):
            summary.skip(reason)
        }
    }

    /// A relation with its members and tags. Only feature relations are kept.
    mutating func addRelation(id: Int64, members: [Member], tags: [String: String]) {
        if collectsBaseMap, let kind = Self.baseMapArea(tags) { baseRelations.append((kind, members)) }
        guard !tags.isEmpty, let verdict = Self.verdict(tags) else { return }
        switch verdict {
        case .place(let name, let types, let address):
            let area = tags["type"] == "multipolygon" || tags["type"] == "boundary"
            pendingRelations.append(
                Pending(id: id, name: name, types: types, address: address, wayIndex: -1, area: area, members: members))
        case .skip(let reason):
            summary.skip(reason)
        }
    }

    // MARK: - Resolving

    /// Places the feature ways and relations, and returns the summary. Records come in the
    /// order nodes, ways, relations (each in file order), which is file order for a sorted file.
    mutating func finish() -> ImportSummary {
        sortNodes()
        sortWays()
        for w in pendingWays {
            let refs = wayRefs[wayRefStart[w.wayIndex]..<wayRefStart[w.wayIndex + 1]]
            guard let placed = place(refs: refs, area: w.area) else {
                summary.skip(refs.isEmpty ? "ways without nodes" : "ways with missing nodes")
                continue
            }
            summary.records.append(record("osm:way/\(w.id)", w, placed))
        }
        for r in pendingRelations {
            let outcome = r.area ? placeMultipolygon(r.members) : placeFirstMember(r.members)
            switch outcome {
            case .success(let placed): summary.records.append(record("osm:relation/\(r.id)", r, placed))
            case .failure(let reason): summary.skip(reason.text)
            }
        }
        if collectsBaseMap { summary.baseMap = baseMapLayer() }
        if deleted > 0 {
            summary.warnings.append("\(groupedThousands(deleted)) deleted element\(deleted == 1 ? "" : "s") ignored")
        }
        return summary
    }

    /// The base map: each kept way as a line (its nodes that are in the file) or, for an area,
    /// a ring (only when closed and complete); each multipolygon as its rings.
    private mutating func baseMapLayer() -> OSMMapLayer {
        var layer = OSMMapLayer()
        var points = 0
        var leftOut = 0
        /// Whether a feature of `n` points still fits in the budget (counted when it does).
        func fits(_ n: Int) -> Bool {
            guard points + n <= baseMapPointBudget else {
                leftOut += 1
                return false
            }
            points += n
            return true
        }
        defer {
            if leftOut > 0 {
                summary.warnings.append(
                    "base map: \(counted(leftOut, "feature")) left out: the map would hold more than "
                        + "\(groupedThousands(baseMapPointBudget)) points, the most a file of this size may make")
            }
        }
        func coordinates(_ refs: some Collection<Int64>) -> [(lat: Int32, lon: Int32)] {
            var out: [(lat: Int32, lon: Int32)] = []
            out.reserveCapacity(refs.count)
            for ref in refs {
                if let i = nodeIndex(ref) { out.append((nodeCoords[2 * i], nodeCoords[2 * i + 1])) }
            }
            return out
        }
        for w in baseWays {
            let refs = wayRefs[wayRefStart[w.way]..<wayRefStart[w.way + 1]]
            guard fits(refs.count) else { continue }
            if w.kind.isArea {
                guard refs.count >= 4, refs.first == refs.last else { continue }
                let ring = coordinates(refs)
                guard ring.count == refs.count else { continue }
                layer.add(w.kind, name: nil, parts: [ring])
            } else {
                layer.add(w.kind, name: w.name, parts: [coordinates(refs)])
            }
        }
        for r in baseRelations {
            // The points its member ways have, counted before they are copied.
            var size = 0
            for m in r.members where m.kind == .way {
                guard let w = way(m.ref) else { continue }
                size += wayRefStart[w + 1] - wayRefStart[w]
            }
            guard fits(size) else { continue }
            var ways: [[Int64]] = []
            for m in r.members where m.kind == .way {
                guard let w = way(m.ref) else { continue }
                ways.append(Array(wayRefs[wayRefStart[w]..<wayRefStart[w + 1]]))
            }
            let rings = OSMGeometry.joinRings(ways).map(coordinates).filter { $0.count >= 4 }
            layer.add(r.kind, name: nil, parts: rings)
        }
        return layer
    }

    /// The index of node `id` in the sorted arrays, or nil.
    private func nodeIndex(_ id: Int64) -> Int? {
        var lo = 0
        var hi = nodeIds.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if nodeIds[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < nodeIds.count && nodeIds[lo] == id ? lo : nil
    }

    private func record(_ id: String, _ p: Pending, _ placed: OSMGeometry.Placement) -> PlaceRecord {
        PlaceRecord(
            id: id, name: p.name, latitude: placed.latitude, longitude: placed.longitude, types: p.types,
            address: p.address, radius: placed.radius)
    }

    /// Sorts the node arrays by id if the file was not sorted (a hand-written or merged file).
    private mutating func sortNodes() {
        guard !nodesSorted else { return }
        let order = nodeIds.indices.sorted { nodeIds[$0] < nodeIds[$1] }
        nodeIds = order.map { nodeIds[$0] }
        var coords = [Int32]()
        coords.reserveCapacity(nodeCoords.count)
        for i in order {
            coords.append(nodeCoords[2 * i])
            coords.append(nodeCoords[2 * i + 1])
        }
        nodeCoords = coords
        nodesSorted = true
    }

    /// Way lookups go through a sorted permutation when the ways were not sorted.
    private var wayOrder: [Int]?

    private mutating func sortWays() {
        guard !waysSorted else { return }
        wayOrder = wayIds.indices.sorted { wayIds[$0] < wayIds[$1] }
    }

    /// The position of node `id` in degrees, or nil when it is not in the file.
    func node(_ id: Int64) -> (lat: Double, lon: Double)? {
        var lo = 0
        var hi = nodeIds.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if nodeIds[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        guard lo < nodeIds.count, nodeIds[lo] == id else { return nil }
        return (Double(nodeCoords[2 * lo]) / 1e7, Double(nodeCoords[2 * lo + 1]) / 1e7)
    }

    /// The index of way `id`, or nil when it is not in the file.
    private func way(_ id: Int64) -> Int? {
        var lo = 0
        var hi = wayIds.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let at = wayOrder.map { wayIds[$0[mid]] } ?? wayIds[mid]
            if at < id { lo = mid + 1 } else { hi = mid }
        }
        guard lo < wayIds.count else { return nil }
        let index = wayOrder.map { $0[lo] } ?? lo
        return wayIds[index] == id ? index : nil
    }

    /// The positions of a way's nodes, or nil when one is missing.
    private func points<C: Collection>(_ refs: C) -> [OSMGeometry.Point]? where C.Element == Int64 {
        var out: [OSMGeometry.Point] = []
        out.reserveCapacity(refs.count)
        for ref in refs {
            guard let p = node(ref) else { return nil }
            out.append(OSMGeometry.Point(lat: p.lat, lon: p.lon))
        }
        return out
    }

    /// A way's placement: an area's interior point when closed (unless `area` is false or the
    /// outline has no area), else the midpoint along the line.
    private func place(refs: ArraySlice<Int64>, area: Bool) -> OSMGeometry.Placement? {
        guard !refs.isEmpty, let pts = points(refs) else { return nil }
        if area && refs.count >= 4 && refs.first == refs.last,
            let placed = OSMGeometry.interiorPoint(rings: [(pts, false)])
        {
            return placed
        }
        return OSMGeometry.midpoint(pts)
    }

    /// Why a relation could not be placed.
    private enum Unplaced: Error {
        case missingMembers
        case noClosedRing
        var text: String {
            switch self {
            case .missingMembers: return "relations with missing members"
            case .noClosedRing: return "multipolygons without a closed outer ring"
            }
        }
    }

    private func placeFirstMember(_ members: [Member]) -> Result<OSMGeometry.Placement, Unplaced> {
        for m in members {
            switch m.kind {
            case .node:
                if let p = node(m.ref) {
                    return .success(OSMGeometry.Placement(latitude: p.lat, longitude: p.lon, radius: nil))
                }
            case .way:
                if let w = way(m.ref),
                    let placed = place(refs: wayRefs[wayRefStart[w]..<wayRefStart[w + 1]], area: true)
                {
                    return .success(placed)
                }
            case .relation:
                continue
            }
        }
        return .failure(.missingMembers)
    }

    private func placeMultipolygon(_ members: [Member]) -> Result<OSMGeometry.Placement, Unplaced> {
        var missing = false
        var outer: [[Int64]] = []
        var inner: [[Int64]] = []
        for m in members where m.kind == .way {
            guard let w = way(m.ref) else {
                missing = true
                continue
            }
            let refs = Array(wayRefs[wayRefStart[w]..<wayRefStart[w + 1]])
            if refs.count < 2 { continue }
            if m.role == "inner" { inner.append(refs) } else { outer.append(refs) }
        }
        var rings: [([OSMGeometry.Point], Bool)] = []
        for (ways, isInner) in [(outer, false), (inner, true)] {
            for ring in OSMGeometry.joinRings(ways) {
                guard let pts = points(ring) else {
                    missing = true
                    continue
                }
                rings.append((pts, isInner))
            }
        }
        guard rings.contains(where: { !$0.1 }), let placed = OSMGeometry.interiorPoint(rings: rings) else {
            return .failure(missing ? .missingMembers : .noClosedRing)
        }
        return .success(placed)
    }
}

/// The geometry behind a way's or relation's position: interior points of areas, midpoints of
/// lines, and joining multipolygon member ways into rings.
///
/// Computations use a local flat projection in metres around the feature (x east, y north,
/// x scaled by the cosine of the latitude): exact enough for a building or a park, and simple.
/// Results are rounded to 10⁻⁷ degrees, the precision of the input, so a position does not
/// carry noise digits and is the same for the same outline in any format.
enum OSMGeometry {
    /// A position in degrees.
    struct Point: Equatable {
        var lat: Double
        var lon: Double
    }

    /// Where a feature goes, and its radius in metres for an area.
    struct Placement: Equatable {
        var latitude: Double
        var longitude: Double
        var radius: Double?
    }

    /// Metres per degree of latitude (mean Earth radius 6,371,008.8 m).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// The **interior point** of an area given as rings (each with `true` for a hole), inside
    /// under the even-odd rule:
    /// 1. the area-weighted centroid (outer rings minus holes), when it lies inside;
    /// 2. else, on the horizontal line through the centroid, the middle of the widest stretch of
    ///    that line that lies inside (for an L-shaped building whose centroid falls in the notch,
    ///    the middle of the wider arm the line crosses);
    /// 3. else (the line misses every outer ring, as between two far-apart outer rings), the same
    ///    on the line halfway up the largest outer ring.
    /// The radius is √(net area/π). Nil when the net area is zero (a degenerate outline), so the
    /// caller can place it as a line.
    static func interiorPoint(rings: [([Point], Bool)]) -> Placement? {
        guard let origin = rings.first?.0.first else { return nil }
        let k = metresPerDegree
        let kx = k * cos(origin.lat * Double.pi / 180)
        func project(_ p: Point) -> (Double, Double) { ((p.lon - origin.lon) * kx, (p.lat - origin.lat) * k) }
        let projected = rings.map { ($0.0.map(project), $0.1) }

        var area = 0.0
        var cx = 0.0
        var cy = 0.0
        var largest: (area: Double, minY: Double, maxY: Double)?
        for (ring, hole) in projected {
            guard ring.count >= 3 else { continue }
            // Shoelace formula: signed area and first moments of the ring.
            var a = 0.0
            var mx = 0.0
            var my = 0.0
            for i in 0..<ring.count {
                let (x0, y0) = ring[i]
                let (x1, y1) = ring[(i + 1) % ring.count]
                let cross = x0 * y1 - x1 * y0
                a += cross
                mx += (x0 + x1) * cross
                my += (y0 + y1) * cross
            }
            a /= 2
            guard a != 0 else { continue }
            // Divide the moments by the signed area: the centroid does not depend on orientation.
            let ringCx = mx / (6 * a)
            let ringCy = my / (6 * a)
            let weight = hole ? -abs(a) : abs(a)
            area += weight
            cx += weight * ringCx
            cy += weight * ringCy
            if !hole, abs(a) > (largest?.area ?? 0) {
                let ys = ring.map { $0.1 }
                largest = (abs(a), ys.min() ?? 0, ys.max() ?? 0)
            }
        }
        guard area > 1e-9, let largest else { return nil }
        cx /= area
        cy /= area

        var point = (cx, cy)
        if !inside(point, projected) {
            if let x = widestStretch(at: cy, projected) {
                point = (x, cy)
            } else {
                let y = (largest.minY + largest.maxY) / 2
                if let x = widestStretch(at: y, projected) { point = (x, y) }
            }
        }
        return Placement(
            latitude: rounded(origin.lat + point.1 / k), longitude: rounded(origin.lon + point.0 / kx),
            radius: ((area / Double.pi).squareRoot() * 10).rounded() / 10)
    }

    /// Even-odd point-in-polygon over all rings.
    private static func inside(_ p: (Double, Double), _ rings: [([(Double, Double)], Bool)]) -> Bool {
        var isInside = false
        for (ring, _) in rings where ring.count >= 3 {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let (xi, yi) = ring[i]
                let (xj, yj) = ring[j]
                if (yi > p.1) != (yj > p.1), p.0 < (xj - xi) * (p.1 - yi) / (yj - yi) + xi {
                    isInside.toggle()
                }
                j = i
            }
        }
        return isInside
    }

    /// The x of the middle of the widest inside stretch of the horizontal line at `y`, or nil
    /// when the line crosses no ring. Edges count as crossed when one end is above `y` and the
    /// other not (half-open), so a line through a vertex is counted once.
    private static func widestStretch(at y: Double, _ rings: [([(Double, Double)], Bool)]) -> Double? {
        var xs: [Double] = []
        for (ring, _) in rings where ring.count >= 3 {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let (xi, yi) = ring[i]
                let (xj, yj) = ring[j]
                if (yi > y) != (yj > y) { xs.append((xj - xi) * (y - yi) / (yj - yi) + xi) }
                j = i
            }
        }
        guard xs.count >= 2 else { return nil }
        xs.sort()
        var best: (width: Double, mid: Double)?
        var i = 0
        while i + 1 < xs.count {
            let width = xs[i + 1] - xs[i]
            if width > (best?.width ?? -1) { best = (width, (xs[i] + xs[i + 1]) / 2) }
            i += 2
        }
        return best?.mid
    }

    /// The point halfway along a line (by length), or its first point when it has no length.
    /// No radius: a line's size is not an area.
    static func midpoint(_ points: [Point]) -> Placement? {
        guard let first = points.first else { return nil }
        let k = metresPerDegree
        let kx = k * cos(first.lat * Double.pi / 180)
        func distance(_ a: Point, _ b: Point) -> Double {
            let dx = (b.lon - a.lon) * kx
            let dy = (b.lat - a.lat) * k
            return (dx * dx + dy * dy).squareRoot()
        }
        var total = 0.0
        for i in 1..<max(points.count, 1) { total += distance(points[i - 1], points[i]) }
        var target = total / 2
        var point = first
        if total > 0 {
            for i in 1..<points.count {
                let d = distance(points[i - 1], points[i])
                if d >= target && d > 0 {
                    let t = target / d
                    point = Point(
                        lat: points[i - 1].lat + (points[i].lat - points[i - 1].lat) * t,
                        lon: points[i - 1].lon + (points[i].lon - points[i - 1].lon) * t)
                    break
                }
                target -= d
            }
        }
        return Placement(latitude: rounded(point.lat), longitude: rounded(point.lon), radius: nil)
    }

    /// Joins ways (node id lists) end to end into closed rings, reversing ways as needed. A
    /// closed way is a ring by itself; ways that cannot be closed into a ring are dropped. The
    /// search is quadratic in the number of ways, which is small for any real multipolygon.
    static func joinRings(_ ways: [[Int64]]) -> [[Int64]] {
        var rings: [[Int64]] = []
        var used = [Bool](repeating: false, count: ways.count)
        for start in ways.indices where !used[start] {
            used[start] = true
            var ring = ways[start]
            while ring.count >= 2 && ring.first != ring.last {
                guard let tail = ring.last,
                    let next = ways.indices.first(where: {
                        !used[$0] && (ways[$0].first == tail || ways[$0].last == tail)
                    })
                else { break }
                used[next] = true
                let w = ways[next]
                ring.append(contentsOf: w.first == tail ? w.dropFirst() : w.reversed().dropFirst())
            }
            if ring.count >= 4 && ring.first == ring.last { rings.append(ring) }
        }
        return rings
    }

    /// Rounds degrees to 10⁻⁷ (the input's precision).
    static func rounded(_ degrees: Double) -> Double {
        (degrees * 1e7).rounded() / 1e7
    }
}
