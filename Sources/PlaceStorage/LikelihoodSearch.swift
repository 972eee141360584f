import CPrefetch
import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The numbers of the likelihood model (`LikelihoodModel`, whose formula and reference ranking
/// are the simulation's) that its search of the store needs.
package struct LikelihoodParameters: Sendable {
    package var baselineSpread: Double
    package var candidateSpreads: Double
    package var minimumSearchRadius: Double
    package var maximumLikelihoods: Int
    package var elsewhereWeight: Double

    package init(
        baselineSpread: Double, candidateSpreads: Double, minimumSearchRadius: Double, maximumLikelihoods: Int,
        elsewhereWeight: Double
    ) {
        self.baselineSpread = baselineSpread
        self.candidateSpreads = candidateSpreads
        self.minimumSearchRadius = minimumSearchRadius
        self.maximumLikelihoods = maximumLikelihoods
        self.elsewhereWeight = elsewhereWeight
    }
}

/// The likelihood model's ranking of a store's places around a fix, through the store's grid:
/// the cells that may hold a candidate, scored best possible weight first, until none left can
/// beat the 20th place (`PlaceGrid`'s note). It lives beside the grid it walks, so that its
/// loops and the grid's helpers are compiled together; `LikelihoodModel.rank(_: PlaceStore, …)`
/// calls it with the model's numbers, and the tests hold it to the model's brute-force ranking.
package enum LikelihoodSearch {
    /// A scored place's numbers, without the place (`Scored`'s other fields).
    package typealias Numbers = (
        index: Int, distance: Double, spread: Double, prior: Double, weight: Double, likelihood: Double
    )

    /// The most likely places of `store` around a fix, best first, each handed to `take` with
    /// its numbers: the place is handed over, so a response built of the ranking's places
    /// holds the very strings the store's reading made. Not generic, so that the search is
    /// compiled here, specialized, whatever the caller keeps.
    package static func rank(
        _ store: PlaceStore, at point: GeoPoint, accuracy: Double, scanBelow: Int,
        _ parameters: LikelihoodParameters, _ take: (Numbers, consuming Place) -> Void
    ) {
        let accuracy = max(0, accuracy)
        // The list's room is on the stack (`Best`'s note).
        return withUnsafeTemporaryAllocation(
            of: Best.Entry.self, capacity: parameters.maximumLikelihoods + 1
        ) { room in
            var best = Best(point: point, accuracy: accuracy, store: store, parameters: parameters, room: room)
            rank(store, point, accuracy, scanBelow, parameters, &best, take)
        }
    }

    /// `rank`'s search, into `best`.
    private static func rank(
        _ store: PlaceStore, _ point: GeoPoint, _ accuracy: Double, _ scanBelow: Int,
        _ parameters: LikelihoodParameters, _ best: inout Best, _ take: (Numbers, consuming Place) -> Void
    ) {
        let baseline = parameters.baselineSpread
        let spreads = parameters.candidateSpreads
        let floor = parameters.minimumSearchRadius
        let limit = parameters.maximumLikelihoods
        let grid = store.grid
        if store.count < scanBelow {
            for row in 0..<store.count { best.score(row, store.coords[row], store) }
            return scored(best.top, store, parameters.elsewhereWeight, take)
        }
        for row in grid.indexedCount..<store.count { best.score(row, store.coords[row], store) }
        // Class by class, smallest places first: the cells that may hold a candidate, with the
        // best weight anything in them can have (see PlaceGrid's note), scored best bound first
        // until none can beat the 20th; each class is searched no farther than its largest place
        // could still beat the 20th found so far.
        let bounded = point.latitude.isFinite && point.longitude.isFinite && abs(point.latitude) <= 90
        let wrapped = GeoPoint(latitude: point.latitude, longitude: PlaceStore.wrapLongitude(point.longitude))
        let maxPrior = store.maxPrior
        // Each cell's range in the grid's order is read with its other numbers, so that its
        // cache miss is taken with theirs rather than when the cell is read ahead. The list of a
        // class's cells (most often a handful) is in room on the stack.
        typealias Cell = (bound: Double, distance: Double, cell: Int, places: Range<Int>, spots: UInt32)
        // The part of the sphere the class being searched may hold a candidate in: each cell's
        // places outside it (by their spots, `PlaceGrid.spotWindow`) are not read.
        var box = PlaceGrid.SpotBox.everything
        // The spread of a class whose largest place is `maxRadius` metres, and how far it may
        // hold a candidate.
        func spread(_ maxRadius: Double) -> (spread: Double, candidates: Double) {
            let s = (accuracy * accuracy + maxRadius * maxRadius + baseline * baseline).squareRoot()
            return (s, max(spreads * s, floor))
        }
        // What the search will read, asked for in every class at once.
        if bounded {
            store.coords.withUnsafeBufferPointer { coords in
                grid.prefetch(around: point, cutoff: { _, maxRadius in spread(maxRadius).candidates }, coords: coords)
            }
        }
        // The places of a class's cells are read ahead (into room on the stack) before any is
        // scored.
        PlaceGrid.CellList<Cell>.with { list in
            PlaceGrid.ReadAhead.with { ahead in
                grid.forEachCell(
                    around: point,
                    cutoff: { _, maxRadius in
                        let (s, candidates) = spread(maxRadius)
                        var searched = candidates
                        // Beyond `reach` nothing of this class can weigh even 1e-6 less than the 20th
                        // so far: maxPrior · exp(−d² / 2 s²) < w20 (1 − 1e-6) there.
                        if bounded, best.top.count == limit, let last = best.top.last, last.weight > 0 {
                            let ratio = maxPrior / (last.weight * (1 - 1e-6))
                            let reach = ratio <= 1 ? 1e-3 : s * (2 * log(ratio)).squareRoot() * (1 + 1e-9) + 1e-3
                            searched = min(candidates, reach)
                        }
                        return searched
                    },
                    { i, c in
                        guard bounded else {
                            list.append((.infinity, 0, i, grid.cellRows(i), PlaceGrid.allSpots))
                            return
                        }
                        let radius = Double(grid.cellMaxR[i]) / 10
                        let s = (accuracy * accuracy + radius * radius + baseline * baseline).squareRoot()
                        let dmin = grid.cellDistanceBound(
                            i, c, from: wrapped, cosLat: best.cosPoint, sinLat: best.sinPoint)
                        guard dmin <= max(spreads * s, floor) else { return }
                        let prior = grid.priorBound(i, maxPrior: maxPrior)
                        list.append(
                            (
                                prior * exp(-(dmin * dmin) / (2 * s * s)) * (1 + 1e-12), dmin, i, grid.cellRows(i),
                                grid.spotWindow(cell: i, c, box)
                            ))
                    },
                    classDone: { c in
                        list.sort { $0.bound > $1.bound || ($0.bound == $1.bound && $0.distance < $1.distance) }
                        let cells = list.cells
                        let cellHeight = Double(grid.cellE7[c])
                        // The cells are read ahead (`PlaceGrid.ReadAhead`), best bound first, and then
                        // scored until the bound stops them; a cell whose bound is below the 20th place
                        // when a batch is read is not read.
                        var next = 0
                        var stopped = false
                        while next < cells.count && !stopped {
                            let first = next
                            let full = best.top.count == limit
                            let weight = best.top.last?.weight ?? 0
                            guard
                                let read = ahead.next(
                                    cells, from: first, full: full, stops: { $0.bound < weight }, places: { $0.places },
                                    spots: { $0.spots }, grid: grid,
                                    store: store)
                            else { break }
                            next = read
                            var start = 0
                            for j in first..<read {
                                let cell = cells[j]
                                let end = Int(ahead.ends[j - first])  // safe: a position in the read widens
                                defer { start = end }
                                if best.top.count == limit, let last = best.top.last {
                                    if cell.bound < last.weight {
                                        stopped = true
                                        break
                                    }
                                    if cell.bound == last.weight && cell.distance > last.distance { continue }
                                }
                                best.score(
                                    ahead.rows, ahead.coords, start..<end,
                                    maxRadius: Double(grid.cellMaxR[cell.cell]) / 10,
                                    cellHeight: cellHeight, store)
                            }
                        }
                        list.removeAll()
                    },
                    classBox: { box = $0 })
            }
        }
        return scored(best.top, store, parameters.elsewhereWeight, take)
    }

    /// The best places of a likelihood query so far, and how a place is scored against them.
    /// A struct the search's closures reach as one variable, whose batch method scores a run of
    /// read-ahead places with its state in hand: captured one by one, the list and its last
    /// weight were checked for exclusive access at run time at every place. The list lives in
    /// room the query puts on the stack (`limit + 1` entries, within what the runtime puts
    /// there: `PlaceGrid.stackRoomBytes`), where an array cost a malloc and a free a query.
    struct Best {
        typealias Entry = (index: Int, distance: Double, spread: Double, prior: Double, weight: Double)
        let point: GeoPoint
        let accuracy: Double
        let baseline: Double
        let spreads: Double
        let floor: Double
        let limit: Int
        let metresPerDegree = earthRadius * .pi / 180
        let pointValid: Bool
        /// The point's latitude in 1e-7 degrees, the stored coordinates' unit.
        let pointLatitudeE7: Double
        let pointPhi: Double
        let cosPoint: Double
        let sinPoint: Double
        let logPriors: [Double]
        let priors: [Double]
        /// The best `limit` so far, best first. A candidate that cannot beat the last is
        /// dropped with one comparison, so no list of all candidates is built or sorted.
        var top: UnsafeBufferPointer<Entry> { UnsafeBufferPointer(list.entries) }
        private var list: PlaceGrid.BestList<Entry>
        /// ln(w20 · (1 − 1e-6)) once the list is full, −∞ before.
        var logLast = -Double.infinity

        init(
            point: GeoPoint, accuracy: Double, store: borrowing PlaceStore, parameters: LikelihoodParameters,
            room: UnsafeMutableBufferPointer<Entry>
        ) {
            baseline = parameters.baselineSpread
            spreads = parameters.candidateSpreads
            floor = parameters.minimumSearchRadius
            limit = parameters.maximumLikelihoods
            list = PlaceGrid.BestList(room: room, limit: parameters.maximumLikelihoods)
            self.point = point
            self.accuracy = accuracy
            pointValid = abs(point.latitude) <= 90 && abs(point.longitude) <= 180
            pointLatitudeE7 = point.latitude * 1e7
            pointPhi = point.latitude * .pi / 180
            cosPoint = cos(pointPhi)
            sinPoint = sin(pointPhi)
            logPriors = store.typeListLogPriors
            priors = store.typeListPriors
        }

        static func better(
            _ a: (index: Int, distance: Double, weight: Double), than b: (index: Int, distance: Double, weight: Double),
            _ store: PlaceStore
        ) -> Bool {
            if a.weight != b.weight { return a.weight > b.weight }
            if a.distance != b.distance { return a.distance < b.distance }
            return store.id(at: a.index) < store.id(at: b.index)
        }

        /// Scores the read-ahead places in `range` of a `PlaceGrid.ReadAhead`'s `rows` and
        /// `coords`, the places of one cell `cellHeight` 1e-7 degrees tall, none larger than
        /// `maxRadius` metres.
        ///
        /// In a cell much taller than a search (a sparse class's cells are many times its
        /// cutoff), most places lie farther north or south than anything in it could be a
        /// candidate: those are dropped by their stored latitude alone, against the cell's
        /// widest cutoff in 1e-7 degrees, before the divisions and the square root that `score`
        /// starts with (`PlaceGrid.latitudeBand`): a place dropped here is one that `score`
        /// would drop by latitude, so the lists are the same. A cell not much taller than the
        /// band (a dense city's) is scored whole.
        mutating func score(
            _ rows: UnsafeBufferPointer<UInt32>, _ coords: UnsafeBufferPointer<PlaceStore.Coord>, _ range: Range<Int>,
            maxRadius: Double, cellHeight: Double, _ store: PlaceStore
        ) {
            let s = (accuracy * accuracy + maxRadius * maxRadius + baseline * baseline).squareRoot()
            guard
                let band = PlaceGrid.latitudeBand(
                    within: max(spreads * s, floor), latitudeE7: pointLatitudeE7, cellHeight: cellHeight)
            else {
                for g in range { score(Int(rows[g]), coords[g], store) }  // safe: rows widen
                return
            }
            for g in range where abs(Double(coords[g].lat) - pointLatitudeE7) <= band {
                score(Int(rows[g]), coords[g], store)  // safe: rows widen
            }
        }

        /// Scores row `index` of `store`, whose coordinate is `c`.
        ///
        /// A place beyond its cutoff, and once the list is full a place whose weight cannot
        /// reach the 20th's, is dropped before its distance is computed: from a lower bound of
        /// that distance made of products and one square root (`distanceBound`), against the
        /// cutoff and against ln(prior) − ln(w20 · (1 − 1e-6)), which changes only when the list
        /// does. The bound and the 1e-6 leave room for rounding, so a place dropped here would
        /// have been dropped after scoring: the lists are the same.
        @inline(__always) mutating func score(_ index: Int, _ c: PlaceStore.Coord, _ store: PlaceStore) {
            let radius = Double(c.radius) / 10  // store.radius(at: index)
            let s2 = accuracy * accuracy + radius * radius + baseline * baseline
            let s = s2.squareRoot()
            let cutoff = max(spreads * s, floor)
            let latitude = Double(c.lat) / 1e7
            // R·|Δφ| never exceeds the great-circle distance: a safe, cheap first test.
            if abs(latitude - point.latitude) * metresPerDegree > cutoff * (1 + 1e-9) { return }
            let longitude = Double(c.lng) / 1e7
            if pointValid {
                // Beyond the cutoff by the bound: no haversine, full list or not (a sparse
                // area's list may never fill, and every place of a cell crossing the cutoff's
                // latitudes came this far).
                let bound = distanceBound(
                    pointPhi, cosPoint, sinPoint, point.longitude, latitude * .pi / 180, longitude)
                if bound > cutoff { return }
                // safe: stored indexes widen
                if logLast > -.infinity && bound * bound > 2 * s2 * (logPriors[Int(c.types)] - logLast) * (1 + 1e-9) {
                    return
                }
            }
            let d = distance(
                point, latitudeRadians: pointPhi, cosLatitude: cosPoint,
                GeoPoint(latitude: latitude, longitude: longitude))
            guard d <= cutoff else { return }
            let p = priors[Int(c.types)]  // safe: stored indexes widen (store.prior(at:))
            let w = p * exp(-(d * d) / (2 * s * s))
            if list.isFull {
                let last = list.last
                if !Self.better((index, d, w), than: (last.index, last.distance, last.weight), store) { return }
            }
            list.insert((index, d, s, p, w)) { a, b in
                Self.better((a.index, a.distance, a.weight), than: (b.index, b.distance, b.weight), store)
            }
            // Its slot, which the list's place will be made from, is asked for now.
            store.slots.withUnsafeBufferPointer { if let b = $0.baseAddress { placeshell_prefetch(b + index) } }
            if list.isFull { logLast = log(list.last.weight * (1 - 1e-6)) }
        }
    }

    /// A lower bound, in metres, of `distance(point, place)` as it is computed, from products
    /// and one square root: the haversine's sines by x − x³/6 (never more than sin x for x in
    /// 0…π/2), the place's cosine of latitude cos(|φ₁| ∓ δ) by cos φ₁ (1 − δ²/2) ∓ |sin φ₁| δ
    /// (less δ³/6 when added), and asin t by t; then less 1e-9 of itself and a millimetre for
    /// rounding. Beyond 1,000 km (where asin near 1 could lose more than that) it returns 0, no
    /// bound. `phi1`, `cos1` and `sin1` are the point's latitude in radians and its cosine and
    /// sine, `lng1` its longitude in −180…180; `phi2` the place's latitude in radians and `lng2`
    /// its longitude in degrees.
    @inline(__always) package static func distanceBound(
        _ phi1: Double, _ cos1: Double, _ sin1: Double, _ lng1: Double, _ phi2: Double, _ lng2: Double
    ) -> Double {
        let dPhi = abs(phi2 - phi1)
        var dLngDeg = abs(lng2 - lng1)
        if dLngDeg > 180 { dLngDeg = 360 - dLngDeg }
        let x = dPhi / 2
        let y = dLngDeg * .pi / 360
        let sx = sineBelow(x)
        let sy = sineBelow(y)
        // cos φ₂ = cos(|φ₁| ∓ δ) = cos φ₁ cos δ ± |sin φ₁| sin δ: minus when the place is
        // farther from the equator than the point, plus when nearer (also across it).
        let cos2 = max(
            0,
            abs(phi2) <= abs(phi1)
                ? cos1 * (1 - dPhi * dPhi / 2) + abs(sin1) * (dPhi - dPhi * dPhi * dPhi / 6)
                : cosineFartherBelow(cosPhi: cos1, sinPhi: sin1, by: dPhi))
        let h = sx * sx + cos1 * cos2 * sy * sy
        let d = 2 * earthRadius * h.squareRoot()
        guard d < 1_000_000 else { return 0 }
        return max(0, d * (1 - 1e-9) - 1e-3)
    }

    /// The best places found, best first, with their likelihoods, handed to `take`.
    private static func scored(
        _ top: UnsafeBufferPointer<Best.Entry>, _ store: PlaceStore, _ elsewhere: Double,
        _ take: (Numbers, consuming Place) -> Void
    ) {
        let total = top.reduce(0) { $0 + $1.weight } + elsewhere
        _ = store.places(at: top.lazy.map { $0.index }) { i, place in
            let found = top[i]
            take(
                (found.index, found.distance, found.spread, found.prior, found.weight, found.weight / total), place)
        }
    }
}
