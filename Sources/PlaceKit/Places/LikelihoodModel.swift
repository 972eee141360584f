import CPrefetch
import PlaceFormats
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How likely the device is at each place, given a fix. The formula (also in the manual):
///
///     s_i = sqrt(accuracy² + radius_i² + baseline²)         spread, metres
///     w_i = prior(type_i) · exp(−d_i² / (2 s_i²))            weight; d_i = distance to the place
///     likelihood_i = w_i / (Σ w + elsewhere)                 so the sum is below 1
///
/// Candidates are places within max(3 s_i, 200 m); the 20 heaviest are returned, sorted by
/// likelihood, then distance, then place ID, so equal weights always come out in the same order.
///
/// `rank(_: PlaceStore, …)` is what the service runs: it asks the store's grid for the cells
/// that may hold a candidate (each cell knows its largest radius), scores them best possible
/// weight first and stops when no cell left can beat the 20th place, so a query with a million
/// places loaded looks at a few dozen, however large the largest place (PlaceGrid's note). `rank(_: [Place], …)` scores every place one by one: the
/// reference the tests hold the indexed ranking to (the same numbers, to the bit).
public enum LikelihoodModel {
    /// Prior weights by place type: the first type of a place found here counts, else 1. They
    /// are declared beside the store (`PlaceTypePriors`), which indexes its places by them.
    public static var typePriors: [(type: String, prior: Double)] { PlaceTypePriors.table }

    /// The prior of a place's types.
    public static func prior(_ types: [String]) -> Double { PlaceTypePriors.prior(types) }

    /// One scored candidate, with the numbers `explain likely` shows.
    public struct Scored: Sendable {
        public var place: Place
        /// The place's row in the store it was ranked from (nil when ranked from an array).
        public var index: Int? = nil
        public var distance: Double
        public var spread: Double
        public var prior: Double
        public var weight: Double
        public var likelihood: Double
    }

    /// Scores the places of `store` around a fix and returns the most likely, best first: the
    /// same list as `rank(store.places, …)`, from only the places the grid finds nearby.
    ///
    /// A store of fewer than `scanBelow` places (the built-in ones, a small file) is scored
    /// whole, row by row: one latitude comparison a place costs less there than walking the
    /// grid's cells and sorting them. Tests pass 0 to hold the grid's search to the same lists
    /// on small stores too.
    public static func rank(_ store: PlaceStore, at point: GeoPoint, accuracy: Double, scanBelow: Int = 512) -> [Scored]
    {
        rank(store, at: point, accuracy: accuracy, scanBelow: scanBelow) { found, place in
            Scored(
                place: place, index: found.index, distance: found.distance, spread: found.spread,
                prior: found.prior, weight: found.weight, likelihood: found.likelihood)
        }
    }

    /// A scored place's numbers, without the place (`Scored`'s other fields).
    typealias Numbers = LikelihoodSearch.Numbers

    /// The model's numbers the indexed search needs (`SimulationChoices`).
    static let parameters = LikelihoodParameters(
        baselineSpread: SimulationChoices.baselineSpread, candidateSpreads: SimulationChoices.candidateSpreads,
        minimumSearchRadius: SimulationChoices.minimumSearchRadius,
        maximumLikelihoods: SimulationChoices.maximumLikelihoods, elsewhereWeight: SimulationChoices.elsewhereWeight)

    /// The same ranking, each place made into what the caller keeps by `make(numbers, place)`:
    /// the place is handed over, so a response built of the ranking's places (the places
    /// service's) holds the very strings the store's reading made, without a copy of each
    /// place counting a new reference to every one of them. The search is the store's
    /// (`LikelihoodSearch`, beside the grid it walks), with this model's numbers.
    static func rank<T>(
        _ store: PlaceStore, at point: GeoPoint, accuracy: Double, scanBelow: Int = 512,
        _ make: (Numbers, consuming Place) -> T
    ) -> [T] {
        var out: [T] = []
        out.reserveCapacity(parameters.maximumLikelihoods)
        LikelihoodSearch.rank(store, at: point, accuracy: accuracy, scanBelow: scanBelow, parameters) {
            numbers, place in
            out.append(make(numbers, place))
        }
        return out
    }

    /// Scores every place around a fix and returns the most likely, best first: the brute-force
    /// reference (see the type's note).
    public static func rank(_ places: [Place], at point: GeoPoint, accuracy: Double) -> [Scored] {
        let accuracy = max(0, accuracy)
        let baseline = SimulationChoices.baselineSpread
        // R·|Δφ| never exceeds the great-circle distance: a safe, cheap first test (a flat-earth
        // estimate in longitude is not, near the poles).
        let metresPerDegree = earthRadius * .pi / 180
        var candidates: [(index: Int, distance: Double, spread: Double, prior: Double, weight: Double)] = []
        for index in places.indices {
            // Read fields in place: copying a whole Place (its strings and arrays) costs more
            // than the arithmetic.
            let radius = places[index].radius
            let coordinate = places[index].coordinate
            let s = (accuracy * accuracy + radius * radius + baseline * baseline).squareRoot()
            let cutoff = max(SimulationChoices.candidateSpreads * s, SimulationChoices.minimumSearchRadius)
            if abs(coordinate.latitude - point.latitude) * metresPerDegree > cutoff * (1 + 1e-9) { continue }
            let d = distance(point, coordinate)
            guard d <= cutoff else { continue }
            let p = prior(places[index].types)
            candidates.append((index, d, s, p, p * exp(-(d * d) / (2 * s * s))))
        }
        candidates.sort { a, b in
            if a.weight != b.weight { return a.weight > b.weight }
            if a.distance != b.distance { return a.distance < b.distance }
            return places[a.index].id < places[b.index].id
        }
        if candidates.count > SimulationChoices.maximumLikelihoods {
            candidates.removeLast(candidates.count - SimulationChoices.maximumLikelihoods)
        }
        let total = candidates.reduce(0) { $0 + $1.weight } + SimulationChoices.elsewhereWeight
        return candidates.map {
            Scored(
                place: places[$0.index], distance: $0.distance, spread: $0.spread, prior: $0.prior, weight: $0.weight,
                likelihood: $0.weight / total)
        }
    }
}
