import CPrefetch
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

/// What a Nearby Search (New) request asks of the store: the circle's radius, the order, how
/// many, and the type filters (`NearbySettings` in PlaceKit holds them as the app sets them).
package struct NearbyIndexQuery: Sendable {
    package var radius: Double
    package var rank: NearbyRank
    package var maxResultCount: Int
    package var includedTypes: [String]
    package var excludedTypes: [String]
    /// Filters on a place's primary type, its first type: a place whose first type is not
    /// among `includedPrimaryTypes` (when any is given), or is among `excludedPrimaryTypes`,
    /// does not pass.
    package var includedPrimaryTypes: [String]
    package var excludedPrimaryTypes: [String]

    package init(
        radius: Double, rank: NearbyRank, maxResultCount: Int, includedTypes: [String], excludedTypes: [String],
        includedPrimaryTypes: [String] = [], excludedPrimaryTypes: [String] = []
    ) {
        self.radius = radius
        self.rank = rank
        self.maxResultCount = maxResultCount
        self.includedTypes = includedTypes
        self.excludedTypes = excludedTypes
        self.includedPrimaryTypes = includedPrimaryTypes
        self.excludedPrimaryTypes = excludedPrimaryTypes
    }

    /// Whether any type filter is set.
    package var filters: Bool {
        !includedTypes.isEmpty || !excludedTypes.isEmpty || !includedPrimaryTypes.isEmpty
            || !excludedPrimaryTypes.isEmpty
    }
}

/// Nearby Search (New) over a store, through its grid: the cells the circle crosses, best
/// possible place first, until none left can beat the last of the list (`NearbyModel`'s note).
/// It lives beside the grid it walks, so that its loops and the grid's helpers are compiled
/// together; `NearbyModel.search(_: PlaceStore, …)` calls it, and the tests hold it to the
/// model's brute-force search.
package enum NearbyIndexSearch {
    /// Whether a place with `types` passes the type filters.
    package static func passes(_ types: [String], _ query: NearbyIndexQuery) -> Bool {
        if !query.includedTypes.isEmpty && !types.contains(where: { query.includedTypes.contains($0) }) {
            return false
        }
        if types.contains(where: { query.excludedTypes.contains($0) }) { return false }
        let primary = types.first
        if !query.includedPrimaryTypes.isEmpty && !(primary.map(query.includedPrimaryTypes.contains) ?? false) {
            return false
        }
        return !(primary.map(query.excludedPrimaryTypes.contains) ?? false)
    }

    package static func better(
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
        let query: NearbyIndexQuery
        let filtered: Bool
        /// Per type list of the store: 0 not yet decided, 1 passes the filters, 2 does not.
        var verdicts: [UInt8]
        let metresPerDegree = earthRadius * .pi / 180
        /// The centre's latitude in radians, its cosine and sine: for `LikelihoodSearch.distanceBound`.
        let centerPhi: Double
        let centerCos: Double
        let centerSin: Double
        typealias Entry = (index: Int, distance: Double, popularity: Double)
        /// The list so far, best first, in room the search lends on the stack.
        var list: UnsafeBufferPointer<Entry> { UnsafeBufferPointer(best.entries) }
        private var best: PlaceGrid.BestList<Entry>

        init(
            _ store: borrowing PlaceStore, center: GeoPoint, query: NearbyIndexQuery,
            room: UnsafeMutableBufferPointer<Entry>
        ) {
            best = PlaceGrid.BestList(room: room, limit: query.maxResultCount)
            self.center = center
            self.radius = query.radius
            self.rank = query.rank
            self.query = query
            filtered = query.filters
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
                    verdict = NearbyIndexSearch.passes(store.typeLists[typeList], query) ? 1 : 2
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
        /// trigonometry (`LikelihoodSearch.distanceBound`, never more than the distance); the
        /// haversine only for a place they leave in.
        @inline(__always) func distanceWithin(_ latitude: Double, _ longitude: Double, limit: Double) -> Double? {
            if abs(latitude - center.latitude) * metresPerDegree > limit * (1 + 1e-9) { return nil }
            let bound = LikelihoodSearch.distanceBound(
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

    /// The places of `store` in the circle, best first, each handed to `take` with its numbers
    /// (the place handed over, as `LikelihoodSearch.rank`'s). Not generic, so that the search is
    /// compiled here, specialized, whatever the caller keeps.
    package static func search(
        _ store: PlaceStore, center: GeoPoint, query: NearbyIndexQuery,
        _ take: ((index: Int, distance: Double, popularity: Double), consuming Place) -> Void
    ) {
        guard query.maxResultCount > 0, store.count > 0, center.isValid, query.radius >= 0 else { return }
        return withUnsafeTemporaryAllocation(of: Top.Entry.self, capacity: query.maxResultCount + 1) { room in
            var top = Top(store, center: center, query: query, room: room)
            search(store, center, query, &top, take)
        }
    }

    /// `search`'s visit of the cells, into `top`.
    private static func search(
        _ store: PlaceStore, _ center: GeoPoint, _ query: NearbyIndexQuery, _ top: inout Top,
        _ take: ((index: Int, distance: Double, popularity: Double), consuming Place) -> Void
    ) {
        let radius = query.radius
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
                switch query.rank {
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
        _ = store.places(at: list.lazy.map { $0.index }) { i, place in take(list[i], place) }
    }
}
