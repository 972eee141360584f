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
public enum LikelihoodModel {
    /// Prior weights by place type: the first type of a place found here counts, else 1.
    public static let typePriors: [(type: String, prior: Double)] = [
        ("tourist_attraction", 1.5), ("museum", 1.4), ("aquarium", 1.4), ("zoo", 1.4), ("casino", 1.3),
        ("shopping_mall", 1.3), ("restaurant", 1.2), ("cafe", 1.2), ("bar", 1.1), ("lodging", 1.0),
        ("park", 1.0), ("store", 0.9), ("transit_station", 0.8), ("light_rail_station", 0.8),
        ("subway_station", 0.8), ("train_station", 0.8), ("ferry_terminal", 0.8), ("bank", 0.7),
        ("atm", 0.5), ("parking", 0.4), ("route", 0.3),
    ]

    /// The prior of a place's types.
    public static func prior(_ types: [String]) -> Double {
        for t in types {
            if let entry = typePriors.first(where: { $0.type == t }) { return entry.prior }
        }
        return 1.0
    }

    /// One scored candidate, with the numbers `explain likely` shows.
    public struct Scored: Sendable {
        public var place: Place
        public var distance: Double
        public var spread: Double
        public var prior: Double
        public var weight: Double
        public var likelihood: Double
    }

    /// Scores the places around a fix and returns the most likely, best first.
    public static func rank(_ places: [Place], at point: GeoPoint, accuracy: Double) -> [Scored] {
        let accuracy = max(0, accuracy)
        let baseline = SimulationChoices.baselineSpread
        // A cheap flat-earth distance rules out far places before the exact (haversine) one.
        let metresPerDegree = earthRadius * .pi / 180
        let cosLat = cos(point.latitude * .pi / 180)
        var candidates: [(index: Int, distance: Double, spread: Double, prior: Double, weight: Double)] = []
        for index in places.indices {
            // Read fields in place: copying a whole Place (its strings and arrays) costs more
            // than the arithmetic.
            let radius = places[index].radius
            let coordinate = places[index].coordinate
            let s = (accuracy * accuracy + radius * radius + baseline * baseline).squareRoot()
            let cutoff = max(SimulationChoices.candidateSpreads * s, SimulationChoices.minimumSearchRadius)
            let dy = (coordinate.latitude - point.latitude) * metresPerDegree
            var dLng = abs(coordinate.longitude - point.longitude)
            if dLng > 180 { dLng = 360 - dLng }
            let dx = dLng * metresPerDegree * cosLat
            // The flat estimate is within a few per cent at these ranges; 10 % margin.
            if dy * dy + dx * dx > cutoff * cutoff * 1.21 { continue }
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
