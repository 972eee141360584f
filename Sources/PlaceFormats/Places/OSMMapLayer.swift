/// What a base-map feature is: an area (water, a park, a building), a line of water, a
/// railway, or a road of one class, from the biggest to the smallest. The order is the order a
/// street map draws them in: areas first, then lines, small roads under big ones.
public enum MapFeatureKind: UInt8, CaseIterable, Sendable, Comparable {
    case water, park, building, river, railway
    case footway, service, street, tertiary, secondary, primary, trunk, motorway

    /// `water`, `park`, `building`: filled outlines (closed rings).
    public var isArea: Bool { self == .water || self == .park || self == .building }
    /// Roads of every class, footways included.
    public var isRoad: Bool { rawValue >= MapFeatureKind.footway.rawValue }

    public static func < (a: MapFeatureKind, b: MapFeatureKind) -> Bool { a.rawValue < b.rawValue }

    /// The kind an element's tags make, or nil when it is not drawn on a base map.
    /// - `highway`: motorway, trunk, primary, secondary, tertiary (each with its `_link`);
    ///   residential, unclassified, living_street and road are streets; service; footway, path,
    ///   pedestrian, cycleway, steps, track and bridleway are footways.
    /// - `railway` rail, light_rail, tram, narrow_gauge, monorail, funicular, not in a tunnel
    ///   (subways are not drawn, as street maps leave them out).
    /// - Water areas: `natural=water`, `waterway=riverbank|dock`, `landuse=reservoir|basin`;
    ///   water lines: `waterway=river|stream|canal|drain`.
    /// - Green areas: `leisure=park|garden|playground|pitch|nature_reserve|common`,
    ///   `landuse=grass|recreation_ground|forest|meadow|village_green|cemetery`,
    ///   `natural=wood|scrub|grassland`.
    /// - Buildings: any `building` but `no`.
    public static func of(_ tags: [String: String]) -> MapFeatureKind? {
        if let highway = tags["highway"] {
            switch highway {
            case "motorway", "motorway_link": return .motorway
            case "trunk", "trunk_link": return .trunk
            case "primary", "primary_link": return .primary
            case "secondary", "secondary_link": return .secondary
            case "tertiary", "tertiary_link": return .tertiary
            case "residential", "unclassified", "living_street", "road": return .street
            case "service": return .service
            case "footway", "path", "pedestrian", "cycleway", "steps", "track", "bridleway": return .footway
            default: break
            }
        }
        if let railway = tags["railway"],
            ["rail", "light_rail", "tram", "narrow_gauge", "monorail", "funicular"].contains(railway),
            tags["tunnel"] == nil || tags["tunnel"] == "no"
        {
            return .railway
        }
        if tags["natural"] == "water" || ["riverbank", "dock"].contains(tags["waterway"] ?? "")
            || ["reservoir", "basin"].contains(tags["landuse"] ?? "")
        {
            return .water
        }
        if ["river", "stream", "canal", "drain"].contains(tags["waterway"] ?? "") { return .river }
        if ["park", "garden", "playground", "pitch", "nature_reserve", "common"].contains(tags["leisure"] ?? "")
            || ["grass", "recreation_ground", "forest", "meadow", "village_green", "cemetery"].contains(
                tags["landuse"] ?? "")
            || ["wood", "scrub", "grassland"].contains(tags["natural"] ?? "")
        {
            return .park
        }
        if let building = tags["building"], building != "no" { return .building }
        return nil
    }
}

/// The map features of an OpenStreetMap extract besides its places — roads by class, railways,
/// water, green areas, buildings and street names — in flat arrays: a feature has parts (a
/// line, or the rings of an area, holes included, drawn even-odd), a part has points, and points
/// are latitude/longitude pairs in 10⁻⁷ degrees (as OSM stores them), 8 bytes a point. A name is
/// stored once however many ways carry it. Read-only once built.
public struct OSMMapLayer: Sendable, Equatable {
    /// Each feature's kind.
    public private(set) var kinds: [MapFeatureKind] = []
    /// Each feature's name as an index into `names`, or -1 (only roads keep their names).
    public private(set) var nameIndexes: [Int32] = []
    /// Distinct names.
    public private(set) var names: [String] = []
    /// Feature `i` has parts `featureParts[i]..<featureParts[i+1]`.
    public private(set) var featureParts: [Int32] = [0]
    /// Part `j` has points `partPoints[j]..<partPoints[j+1]`.
    public private(set) var partPoints: [Int32] = [0]
    /// Point `k` is at latitude `coordinates[2k]`, longitude `coordinates[2k+1]`, in 10⁻⁷ degrees.
    public private(set) var coordinates: [Int32] = []

    private var nameLookup: [String: Int32] = [:]

    public init() {}

    /// How many features.
    public var count: Int { kinds.count }

    /// The name of feature `i`, if it has one.
    public func name(_ i: Int) -> String? {
        let n = Int(nameIndexes[i])  // safe: Int32 into Int
        return n >= 0 ? names[n] : nil
    }

    /// The parts of feature `i`, as ranges of point indexes.
    public func parts(_ i: Int) -> [Range<Int>] {
        let first = Int(featureParts[i])  // safe: Int32 into Int
        let end = Int(featureParts[i + 1])  // safe: Int32 into Int
        return (first..<end).map {
            Int(partPoints[$0])..<Int(partPoints[$0 + 1])  // safe: Int32 into Int
        }
    }

    /// Adds a feature of `kind` with its parts (each at least two points).
    public mutating func add(_ kind: MapFeatureKind, name: String?, parts: [[(lat: Int32, lon: Int32)]]) {
        let kept = parts.filter { $0.count >= 2 }
        guard !kept.isEmpty else { return }
        // A layer holds at most Int32.max points: an extract far beyond any the importers read.
        let limit = Int(Int32.max)  // safe: Int32 into Int
        guard coordinates.count / 2 + kept.reduce(0, { $0 + $1.count }) < limit else { return }
        kinds.append(kind)
        if let name, !name.isEmpty {
            if let n = nameLookup[name] {
                nameIndexes.append(n)
            } else {
                let n = Int32(truncatingIfNeeded: names.count)
                names.append(name)
                nameLookup[name] = n
                nameIndexes.append(n)
            }
        } else {
            nameIndexes.append(-1)
        }
        for part in kept {
            for p in part {
                coordinates.append(p.lat)
                coordinates.append(p.lon)
            }
            partPoints.append(Int32(truncatingIfNeeded: coordinates.count / 2))
        }
        featureParts.append(Int32(truncatingIfNeeded: partPoints.count - 1))
    }

    /// The bytes its arrays and names take.
    public var byteCount: Int {
        kinds.count + 4 * nameIndexes.count + 4 * featureParts.count + 4 * partPoints.count + 4 * coordinates.count
            + names.reduce(0) { $0 + $1.utf8.count + 16 }
    }

    public static func == (a: OSMMapLayer, b: OSMMapLayer) -> Bool {
        a.kinds == b.kinds && a.nameIndexes == b.nameIndexes && a.names == b.names && a.featureParts == b.featureParts
            && a.partPoints == b.partPoints && a.coordinates == b.coordinates
    }
}
