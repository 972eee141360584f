import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `GMSPlaceSearchNearbyRankPreference`: how Nearby Search (New) orders the places it finds.
public enum NearbyRank: String, Sendable, CaseIterable {
    /// `.popularity`, the SDK's default: the most popular first (`PopularityModel`).
    case popularity
    /// `.distance`: nearest the circle's centre first.
    case distance
}

/// A Nearby Search (New) SKU, chosen by the highest property a request asks for.
public enum NearbySKU: Int, Sendable, CaseIterable, Comparable {
    case pro, enterprise, enterpriseAtmosphere

    /// The SKU's key in `stats.billing`.
    public var key: String {
        switch self {
        case .pro: return "nearbySearchPro"
        case .enterprise: return "nearbySearchEnterprise"
        case .enterpriseAtmosphere: return "nearbySearchEnterpriseAtmosphere"
        }
    }

    /// The SKU's name on a bill.
    public var name: String {
        switch self {
        case .pro: return "Nearby Search Pro"
        case .enterprise: return "Nearby Search Enterprise"
        case .enterpriseAtmosphere: return "Nearby Search Enterprise + Atmosphere"
        }
    }

    public static func < (a: NearbySKU, b: NearbySKU) -> Bool { a.rawValue < b.rawValue }
}

/// `GMSPlaceProperty`: the properties a Nearby Search (New) request asks for, with the SKU each
/// needs and the `GMSPlace` value it fills (as `PlaceFields` names it).
public enum NearbyProperties {
    /// Name, SKU, and the legacy field whose value it fills (nil: nothing the app reads).
    public static let catalogue: [(name: String, sku: NearbySKU, field: String?)] = [
        ("name", .pro, "name"), ("placeID", .pro, "placeID"), ("coordinate", .pro, "coordinate"),
        ("formattedAddress", .pro, "formattedAddress"), ("types", .pro, "types"),
        ("businessStatus", .pro, "businessStatus"), ("photos", .pro, "photos"),
        ("addressComponents", .pro, "addressComponents"), ("plusCode", .pro, "plusCode"),
        ("viewport", .pro, "viewport"), ("rating", .enterprise, "rating"),
        ("userRatingsTotal", .enterprise, "userRatingsTotal"), ("priceLevel", .enterprise, "priceLevel"),
        ("currentOpeningHours", .enterprise, "openingHours"), ("phoneNumber", .enterprise, "phoneNumber"),
        ("website", .enterprise, "website"), ("curbsidePickup", .enterpriseAtmosphere, nil),
        ("delivery", .enterpriseAtmosphere, nil), ("dineIn", .enterpriseAtmosphere, nil),
        ("allowsDogs", .enterpriseAtmosphere, nil),
    ]

    public static var allNames: [String] { catalogue.map(\.name) }

    /// The tutorial's mask as place properties: `[GMSPlaceProperty.name, .coordinate]`.
    public static let tutorial = ["name", "coordinate"]

    /// `names` in catalogue order, each once; unknown names are left out.
    public static func normalized(_ names: [String]) -> [String] {
        catalogue.map(\.name).filter { names.contains($0) }
    }

    /// The SKU a request with these properties bills: the highest among them (Pro with none).
    public static func sku(_ names: [String]) -> NearbySKU {
        catalogue.filter { names.contains($0.name) }.map(\.sku).max() ?? .pro
    }

    /// The `GMSPlace` values these properties fill, as a field mask.
    public static func fields(_ names: [String]) -> PlaceFields {
        PlaceFields(names: catalogue.filter { names.contains($0.name) }.compactMap(\.field))
    }

    /// Swift: `[GMSPlaceProperty.name, .coordinate].map(\.rawValue)`.
    public static func swiftSyntax(_ names: [String]) -> String {
        guard let first = names.first else { return "[String]()" }
        return "[GMSPlaceProperty." + first + names.dropFirst().map { ", ." + $0 }.joined() + "].map(\\.rawValue)"
    }
}

/// The knobs of the app's `GMSPlaceSearchNearbyRequest` (`nearby radius|rank|max|types|fields`).
/// They are kept as set, in or out of range: the SDK, not the shell, refuses a bad request.
public struct NearbySettings: Sendable, Equatable {
    /// The circle's radius in metres (`GMSPlaceCircularLocationOption(center, radius)`).
    public var radius = SimulationChoices.nearbyDefaultRadius
    public var rank = NearbyRank.popularity
    public var maxResultCount = 20
    public var includedTypes: [String] = []
    public var excludedTypes: [String] = []
    /// `placeProperties`, in catalogue order.
    public var properties = NearbyProperties.tutorial

    public init() {}

    /// The largest radius the SDK takes, in metres.
    public static let radiusRange = 0.0...50_000.0
    public static let maxResultRange = 1...20
    /// At most this many types in each list.
    public static let typeLimit = 50

    /// What is wrong with the request, as the SDK says it (nil: it can be sent). Every fault is
    /// `invalidRequest` (-12): the SDK's mapping of the service's `INVALID_ARGUMENT` is a choice.
    public var problems: [String] {
        var out: [String] = []
        if !(radius.isFinite && Self.radiusRange.contains(radius)) {
            out.append("radius \(formatNumber(radius)) m is outside 0…50000 m")
        }
        if !Self.maxResultRange.contains(maxResultCount) {
            out.append("maxResultCount \(maxResultCount) is outside 1…20")
        }
        if properties.isEmpty { out.append("placeProperties is empty") }
        if includedTypes.count > Self.typeLimit { out.append("more than 50 includedTypes") }
        if excludedTypes.count > Self.typeLimit { out.append("more than 50 excludedTypes") }
        let both = includedTypes.filter { excludedTypes.contains($0) }
        if !both.isEmpty { out.append("\(both.joined(separator: ", ")) both included and excluded") }
        return out
    }
}

/// How popular a place is, for Nearby Search (New)'s `.popularity` ranking. The formula (also in
/// `help popularity` and the manual):
///
///     popularity = prior(type) × quality × reach
///     quality    = rating / 5, or 0.5 for a place with no rating
///     reach      = 1 + log2(1 + radius / 25 m)          (bigger places draw more people)
///
/// The service has the ratings count and visit data; the datasets here hold a rating, types and
/// a size, so those stand in. Places rank by popularity, then distance from the centre, then ID.
public enum PopularityModel {
    public static func popularity(types: [String], rating: Double, radius: Double) -> Double {
        popularity(prior: LikelihoodModel.prior(types), rating: rating, radius: radius)
    }

    static func popularity(prior: Double, rating: Double, radius: Double) -> Double {
        prior * quality(rating) * reach(radius)
    }

    /// The quality of a place of this rating: the formula's second factor, at most 1.
    @inline(__always) static func quality(_ rating: Double) -> Double { rating > 0 ? min(rating, 5) / 5 : 0.5 }

    /// The reach of a place of this radius (metres): the formula's third factor.
    @inline(__always) static func reach(_ radius: Double) -> Double { 1 + log2(1 + max(0, radius) / 25) }

    /// `reach` of a stored radius (`code` decimetres), the same number: from a table up to
    /// 819.1 m (64 KB, made on first use), which holds all but the largest places, so a search
    /// or an index build takes no logarithm a place.
    @inline(__always) static func reach(code: UInt16) -> Double {
        // safe: a UInt16 widens
        code < reachTableSize ? reachTable[Int(code)] : reach(Double(code) / 10)
    }

    static let reachTableSize: UInt16 = 8192
    static let reachTable: [Double] = (0..<Int(reachTableSize)).map { reach(Double($0) / 10) }  // safe: a UInt16 widens

    /// `popularity(prior:rating:radius:)` of a stored radius (`code` decimetres), the same number.
    @inline(__always) static func popularity(prior: Double, rating: Double, code: UInt16) -> Double {
        prior * quality(rating) * reach(code: code)
    }
}

/// Nearby Search (New): the places whose point lies in a circle, filtered by type, ranked by
/// popularity or distance, at most `maxResultCount`.
///
/// `search(_: PlaceStore, …)` is what the service runs; `search(_: [Place], …)` looks at every
/// place: the reference the tests hold it to (the same places in the same order, the same
/// numbers to the bit).
///
/// Design note.
/// - Best first, then stop, as the likelihood query does (`PlaceGrid`'s note): the search
///   keeps the best `maxResultCount` found so far and visits the grid cells the circle crosses
///   in the order of the best place each could hold, and stops when no cell left can beat the
///   last of them. A 500 m circle in a dense city crosses hundreds of cells and thousands of
///   places; a full list of 20 needs a few dozen of them.
/// - `.popularity`: each cell knows a bound of its places' popularity (`cellBest`: the highest
///   of them, rounded up to a 254th of the highest possible), each size class the highest of
///   its cells (`classBest`). Popularity grows with a place's size
///   (reach), so the classes go largest places first: a whole class whose best cannot beat the
///   last place so far is not even enumerated (in a city, the small shops and ATMs, most of the
///   places), and within a class the cells go best bound first, until a bound falls below the
///   last place's popularity. A cell whose bound equals it is still visited: a place of equal
///   popularity may win on distance or ID.
/// - `.distance`: class by class, each class's cells nearest possible point first
///   (`cellDistanceBound`, a lower bound of the distance to anything in the cell), until one
///   lies beyond the last place; and each class is enumerated no farther than the last place
///   so far, so the circle shrinks as the list fills.
/// - Per place, the work is integer reads and a few multiplications before any trigonometry:
///   the type filters are decided once per distinct type list of the store (a place stores its
///   list's index) and then read as one byte; the popularity is the stored list's prior, the
///   stored rating and the stored radius; by popularity, a place that cannot beat the last
///   even with the best rating is dropped before its distance is computed, and a place outside
///   the circle before its rating is read (its slot is a cache miss the circle test does not
///   need: in a sparse area the list never fills and every place of the cells meets it; the
///   slot is asked for before the distance's arithmetic, so that its miss overlaps it); by
///   distance, whose order needs no rating, it is read for the final list's places only; the
///   distance (haversine) only after the cheap latitude test (R·|Δφ| never exceeds it) and a
///   lower bound of it without trigonometry (`LikelihoodModel.distanceBound`), both against
///   the radius, or by distance with a full list against the last place's distance; a
///   stored radius's reach comes from a table (`PopularityModel.reach(code:)`), not a
///   logarithm. The ID, a string the store builds, is read only to break an exact tie of
///   popularity and distance. A class's cells are sorted with their ranges of places already
///   read, then read ahead a few hundred places at a time (`PlaceGrid.ReadAhead`), as the
///   likelihood query reads them; a cell outside the circle is dropped before it is sorted.
/// - Exactness: a cell or class is skipped only when nothing in it can be in the circle or
///   enter the list (its bound strictly below the last place's popularity, or its nearest
///   point strictly beyond the last place's distance); bounds are upper bounds of the same
///   arithmetic (Float rounded up; a distance bound less 1e-9 and a metre); the list's order
///   (popularity or distance, then distance, then ID) is total, so the order the places are
///   met in cannot change it. Places appended since the grid's last build are looked at one by
///   one; a replaced place raises its cell's bound; a removed one leaves it an upper bound.
public enum NearbyModel {
    /// One place found.
    public struct Found: Sendable {
        public var place: Place
        public var index: Int? = nil
        public var distance: Double
        public var popularity: Double
    }

    /// Whether a place with `types` passes the type filters.
    static func passes(_ types: [String], _ settings: NearbySettings) -> Bool {
        if !settings.includedTypes.isEmpty && !types.contains(where: { settings.includedTypes.contains($0) }) {
            return false
        }
        return !types.contains(where: { settings.excludedTypes.contains($0) })
    }

    static func better(
        _ a: (distance: Double, popularity: Double, id: String),
        _ b: (distance: Double, popularity: Double, id: String),
        rank: NearbyRank
    ) -> Bool {
        if rank == .popularity && a.popularity != b.popularity { return a.popularity > b.popularity }
        if a.distance != b.distance { return a.distance < b.distance }
        return a.id < b.id
    }

    /// A cell of a search, with the bound it is sorted by (a popularity or a distance) and its
    /// range of places in the grid's order.
    typealias NearbyCell = (bound: Double, cell: Int, places: Range<Int>, spots: UInt32)

    /// The best places met so far, best first, and how a place of the store is looked at. The
    /// store is handed to each method, borrowed, not kept: kept, it was copied (a retain and a
    /// release of each of its arrays) wherever a method passed it on, 3.6% of a sparse area's
    /// request.
    struct Top {
        let center: GeoPoint
        let radius: Double
        let rank: NearbyRank
        let settings: NearbySettings
        let filtered: Bool
        /// Per type list of the store: 0 not yet decided, 1 passes the filters, 2 does not.
        var verdicts: [UInt8]
        let metresPerDegree = earthRadius * .pi / 180
        /// The centre's latitude in radians, its cosine and sine: for `LikelihoodModel.distanceBound`.
        let centerPhi: Double
        let centerCos: Double
        let centerSin: Double
        typealias Entry = (index: Int, distance: Double, popularity: Double)
        /// The list so far, best first, in room the search lends on the stack.
        var list: UnsafeBufferPointer<Entry> { UnsafeBufferPointer(best.entries) }
        private var best: PlaceGrid.BestList<Entry>

        init(
            _ store: borrowing PlaceStore, center: GeoPoint, settings: NearbySettings,
            room: UnsafeMutableBufferPointer<Entry>
        ) {
            best = PlaceGrid.BestList(room: room, limit: settings.maxResultCount)
            self.center = center
            self.radius = settings.radius
            self.rank = settings.rank
            self.settings = settings
            filtered = !settings.includedTypes.isEmpty || !settings.excludedTypes.isEmpty
            verdicts = filtered ? [UInt8](repeating: 0, count: store.typeLists.count) : []
            centerPhi = center.latitude * .pi / 180
            centerCos = cos(centerPhi)
            centerSin = sin(centerPhi)
        }

        var isFull: Bool { best.isFull }
        /// The last place's popularity and distance (meaningful when the list is full).
        var last: Entry { best.last }

        /// Looks at row `row`: in the circle, through the filters, and good enough, it joins.
        mutating func consider(_ row: Int, _ store: PlaceStore) { consider(row, store.coords[row], store) }

        /// `consider(row)` with the row's coordinate already read.
        mutating func consider(_ row: Int, _ c: PlaceStore.Coord, _ store: PlaceStore) {
            let typeList = Int(c.types)  // safe: stored indexes widen
            if filtered {
                var verdict = verdicts[typeList]
                if verdict == 0 {
                    verdict = NearbyModel.passes(store.typeLists[typeList], settings) ? 1 : 2
                    verdicts[typeList] = verdict
                }
                if verdict != 1 { return }
            }
            let latitude = Double(c.lat) / 1e7
            if rank == .popularity {
                // First without the rating (a quality of at most 1), from what is read already:
                // most places of a cell worth visiting stop here, before their slot is read.
                if isFull
                    && store.typeListPriors[typeList] * PopularityModel.reach(code: c.radius)
                        < last.popularity
                {
                    return
                }
                // Then the circle, also from what is read already: a place outside it never
                // needs its slot (a cache miss) read for its rating. A list not yet full (a
                // sparse area) meets every place of its cells here. The slot is asked for
                // first, so that its miss overlaps the distance's arithmetic.
                store.prefetchSlot(row)
                guard let d = distanceWithin(latitude, Double(c.lng) / 1e7, limit: radius) else { return }
                let p = store.popularity(row, c)
                if isFull && p < last.popularity { return }
                insert((row, d, p), store)
            } else {
                // Full, a place farther than the last cannot enter (an equal one still may, by ID).
                // The order is by distance, then ID: the popularity (the slot's rating, a cache
                // miss) is read for the places of the final list only (`addPopularity`).
                let limit = isFull ? min(radius, last.distance) : radius
                guard let d = distanceWithin(latitude, Double(c.lng) / 1e7, limit: limit) else { return }
                insert((row, d, 0), store)
            }
        }

        /// The distance from the centre to a place at `latitude`, `longitude` (degrees), or nil
        /// when it is beyond `limit` (at most the radius; a place farther is of no use). The
        /// cheap tests first: R·|Δφ|, then a lower bound of the distance made without
        /// trigonometry (`LikelihoodModel.distanceBound`, never more than the distance); the
        /// haversine only for a place they leave in.
        @inline(__always) func distanceWithin(_ latitude: Double, _ longitude: Double, limit: Double) -> Double? {
            if abs(latitude - center.latitude) * metresPerDegree > limit * (1 + 1e-9) { return nil }
            let bound = LikelihoodModel.distanceBound(
                centerPhi, centerCos, centerSin, center.longitude, latitude * .pi / 180, longitude)
            if bound > limit { return nil }
            let d = distance(
                center, latitudeRadians: centerPhi, cosLatitude: centerCos,
                GeoPoint(latitude: latitude, longitude: longitude))
            return d <= limit ? d : nil
        }

        /// Gives each place of the list its popularity: by distance it was left out as places
        /// were met (`consider`), and is read now, for the final list only.
        func addPopularity(_ store: PlaceStore) {
            guard rank == .distance else { return }
            let entries = best.entries
            for i in entries.indices {
                entries[i].popularity = store.popularity(entries[i].index, store.coords[entries[i].index])
            }
        }

        static func beats(
            _ a: (index: Int, distance: Double, popularity: Double),
            _ b: (index: Int, distance: Double, popularity: Double), by rank: NearbyRank, _ store: PlaceStore
        ) -> Bool {
            if rank == .popularity && a.popularity != b.popularity { return a.popularity > b.popularity }
            if a.distance != b.distance { return a.distance < b.distance }
            return store.id(at: a.index) < store.id(at: b.index)
        }

        mutating func insert(_ candidate: (index: Int, distance: Double, popularity: Double), _ store: PlaceStore) {
            let rank = rank
            if isFull && !Self.beats(candidate, last, by: rank, store) { return }
            best.insert(candidate) { a, b in Self.beats(a, b, by: rank, store) }
        }

        /// Looks at the places of `cells` (of one class, whose cells are `cellHeight` 1e-7
        /// degrees tall), in order, read ahead (`PlaceGrid.ReadAhead`), until a cell's bound says
        /// that it and all after it cannot change the list: a popularity below the last place's
        /// (by popularity), a distance beyond it (by distance).
        ///
        /// In cells much taller than the circle (a sparse class's), most places lie farther
        /// north or south than the radius: those are dropped by their stored latitude alone,
        /// before their slot is asked for or their distance worked out (`PlaceGrid.latitudeBand`
        /// of the radius): a place dropped here is one that `consider` would drop by latitude,
        /// so the lists are the same.
        mutating func visit(
            _ cells: UnsafeMutableBufferPointer<NearbyCell>, _ ahead: inout PlaceGrid.ReadAhead,
            cellHeight: Double, _ store: PlaceStore
        ) {
            func stops(_ bound: Double) -> Bool {
                isFull && (rank == .popularity ? bound < last.popularity : bound > last.distance)
            }
            let centerE7 = center.latitude * 1e7
            let band = PlaceGrid.latitudeBand(within: radius, latitudeE7: centerE7, cellHeight: cellHeight)
            var next = 0
            while next < cells.count {
                let first = next
                guard
                    let read = ahead.next(
                        cells, from: first, full: isFull, stops: { stops($0.bound) }, places: { $0.places },
                        spots: { $0.spots }, grid: store.grid, store: store)
                else { return }
                next = read
                var start = 0
                for j in first..<next {
                    if stops(cells[j].bound) { return }
                    let end = Int(ahead.ends[j - first])  // safe: a position in the read widens
                    if let band {
                        for g in start..<end where abs(Double(ahead.coords[g].lat) - centerE7) <= band {
                            consider(Int(ahead.rows[g]), ahead.coords[g], store)  // safe: stored rows widen
                        }
                    } else {
                        // safe: stored rows widen
                        for g in start..<end { consider(Int(ahead.rows[g]), ahead.coords[g], store) }
                    }
                    start = end
                }
            }
        }
    }

    /// The places of `store` in the circle, best first (the settings must be valid): the same
    /// list as `search(store.places, …)`, from the cells that can still change it (see the note).
    public static func search(_ store: PlaceStore, center: GeoPoint, settings: NearbySettings) -> [Found] {
        search(store, center: center, settings: settings) { found, place in
            Found(place: place, index: found.index, distance: found.distance, popularity: found.popularity)
        }
    }

    /// The same search, each place made into what the caller keeps by `make(numbers, place)`,
    /// the place handed over (as `LikelihoodModel.rank`'s).
    static func search<T>(
        _ store: PlaceStore, center: GeoPoint, settings: NearbySettings,
        _ make: ((index: Int, distance: Double, popularity: Double), consuming Place) -> T
    ) -> [T] {
        guard settings.maxResultCount > 0, store.count > 0, center.isValid, settings.radius >= 0 else { return [] }
        return withUnsafeTemporaryAllocation(of: Top.Entry.self, capacity: settings.maxResultCount + 1) { room in
            var top = Top(store, center: center, settings: settings, room: room)
            return search(store, center, settings, &top, make)
        }
    }

    /// `search`'s visit of the cells, into `top`.
    private static func search<T>(
        _ store: PlaceStore, _ center: GeoPoint, _ settings: NearbySettings, _ top: inout Top,
        _ make: ((index: Int, distance: Double, popularity: Double), consuming Place) -> T
    ) -> [T] {
        let radius = settings.radius
        let grid = store.grid
        for row in grid.indexedCount..<store.count { top.consider(row, store) }
        // Nothing is farther than half a circumference: a larger radius enumerates no more.
        let reach = min(radius, earthRadius * .pi * (1 + 1e-9))
        let cosLat = cos(center.latitude * .pi / 180)
        let sinLat = sin(center.latitude * .pi / 180)
        // What the search will read, asked for in every class at once.
        store.coords.withUnsafeBufferPointer { coords in
            grid.prefetch(around: center, cutoff: { _, _ in reach }, coords: coords)
        }
        // Each cell with its range of places in the grid's order, read with its other numbers,
        // and the spots of it the circle reaches (`PlaceGrid.spotWindow`, in the box of the
        // class's search); a class's cells in room on the stack (`PlaceGrid.CellList`).
        var box = PlaceGrid.SpotBox.everything
        PlaceGrid.CellList<NearbyCell>.with { list in
            PlaceGrid.ReadAhead.with { ahead in
                switch settings.rank {
                case .popularity:
                    grid.forEachCell(
                        around: center,
                        cutoff: { c, _ in
                            // A class whose best place cannot beat the last so far: not enumerated.
                            top.isFull && grid.classBest[c] < top.last.popularity ? -1 : reach
                        },
                        { i, c in
                            // A cell that cannot beat the last place so far, or that lies outside the
                            // circle, is not even sorted.
                            let bound = Double(grid.cellBest[i])
                            guard !top.isFull || bound >= top.last.popularity,
                                grid.cellDistanceBound(i, c, from: center, cosLat: cosLat, sinLat: sinLat) <= radius
                            else { return }
                            list.append((bound, i, grid.cellRows(i), grid.spotWindow(cell: i, c, box)))
                        },
                        classDone: { c in
                            list.sort { $0.bound > $1.bound }
                            top.visit(list.cells, &ahead, cellHeight: Double(grid.cellE7[c]), store)
                            list.removeAll()
                        }, classBox: { box = $0 }, largestFirst: true)
                case .distance:
                    var within = reach
                    grid.forEachCell(
                        around: center,
                        cutoff: { _, _ in
                            // Nothing of this class farther than the last place so far can enter.
                            within = top.isFull ? min(reach, top.last.distance * (1 + 1e-9) + 1) : reach
                            return within
                        },
                        { i, c in
                            let dmin = grid.cellDistanceBound(i, c, from: center, cosLat: cosLat, sinLat: sinLat)
                            if dmin <= within {
                                list.append((dmin, i, grid.cellRows(i), grid.spotWindow(cell: i, c, box)))
                            }
                        },
                        classDone: { c in
                            list.sort { $0.bound < $1.bound }
                            top.visit(list.cells, &ahead, cellHeight: Double(grid.cellE7[c]), store)
                            list.removeAll()
                        }, classBox: { box = $0 })
                }
            }
        }
        // The list read out of `top` first: a closure handed to the store's own method that
        // reached the store again made a copy of it (a retain of each of its arrays).
        top.addPopularity(store)
        let list = top.list
        return store.places(at: list.lazy.map { $0.index }) { i, place in make(list[i], place) }
    }

    /// The same by looking at every place: the reference.
    public static func search(_ places: [Place], center: GeoPoint, settings: NearbySettings) -> [Found] {
        guard settings.maxResultCount > 0, center.isValid else { return [] }
        var found: [Found] = []
        for place in places {
            let d = distance(center, place.coordinate)
            guard d <= settings.radius, passes(place.types, settings) else { continue }
            found.append(
                Found(
                    place: place, distance: d,
                    popularity: PopularityModel.popularity(
                        types: place.types, rating: place.rating, radius: place.radius)))
        }
        found.sort {
            better(
                ($0.distance, $0.popularity, $0.place.id), ($1.distance, $1.popularity, $1.place.id),
                rank: settings.rank)
        }
        return Array(found.prefix(settings.maxResultCount))
    }
}

/// Both requests at one position, side by side (`compare`): the legacy likelihoods and Nearby
/// Search (New) under the current knobs. Nothing is sent: no request counts, bills or changes
/// what the app holds.
public struct NearbyComparison: Sendable {
    /// The position both were asked for (the device's, coarsened under reduced accuracy).
    public var point: GeoPoint
    public var accuracy: Double
    public var reduced: Bool
    public var settings: NearbySettings
    public var legacy: [LikelihoodModel.Scored]
    /// Empty when the settings are ones the SDK refuses (`problems`).
    public var nearby: [NearbyModel.Found]
    public var problems: [String]

    /// The places of the legacy top `k` the nearby top `k` also has, in legacy order.
    public func kept(top k: Int) -> [Place] {
        let ids = Set(nearby.prefix(k).map(\.place.id))
        return legacy.prefix(k).map(\.place).filter { ids.contains($0.id) }
    }

    /// The 1-based rank of the place with this ID in the legacy list, if it is there.
    public func legacyRank(of id: String) -> Int? {
        legacy.firstIndex { $0.place.id == id }.map { $0 + 1 }
    }
}

extension Session {
    /// The two requests at the device's position, or nil when the device has none. Under reduced
    /// accuracy the position is coarsened as a fix the app gets would be.
    public func compareRequests() -> NearbyComparison? {
        guard let position = device.position else { return nil }
        var fix = LocationFix(
            coordinate: position.coordinate, horizontalAccuracy: position.horizontalAccuracy, speed: -1, course: -1,
            timestamp: clock)
        let reduced = device.privacy.accuracy == .reduced
        if reduced { fix = LocationManager.coarsened(fix) }
        let settings = places.nearby
        let problems = settings.problems
        let legacy = LikelihoodModel.rank(places.dataset, at: fix.coordinate, accuracy: fix.horizontalAccuracy)
        let nearby =
            problems.isEmpty ? NearbyModel.search(places.dataset, center: fix.coordinate, settings: settings) : []
        return NearbyComparison(
            point: fix.coordinate, accuracy: fix.horizontalAccuracy, reduced: reduced, settings: settings,
            legacy: legacy, nearby: nearby, problems: problems)
    }
}
