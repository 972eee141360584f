import XCTest

@testable import PlaceFormats
@testable import PlaceKit

/// Nearby Search (New) over the store: every place found lies in the circle and passes the type
/// filters, the order is the rank preference's, the count is at most maxResultCount, and the
/// grid-indexed search returns exactly what looking at every place returns; the popularity
/// model's properties; the request checks the SDK makes.
final class NearbySearchTests: XCTestCase {
    private let centre = GeoPoint(latitude: 51.5074, longitude: -0.1278)

    private func points(_ n: Int, rng: inout SeededRandom) -> [GeoPoint] {
        (0..<n).map { _ in destination(from: centre, bearing: rng.unit() * 360, metres: 3500 * rng.unit()) }
    }

    private func settings(radius: Double, rank: NearbyRank, max: Int = 20) -> NearbySettings {
        var s = NearbySettings()
        s.radius = radius
        s.rank = rank
        s.maxResultCount = max
        return s
    }

    func testWellFormedAndEqualToTheReference() {
        var rng = SeededRandom(seed: 31)
        let records = PlaceStore.synthetic(count: 3000, around: centre, radius: 3000, seed: 5)
        let store = PlaceStore(records: records, source: "city")
        let all = store.places
        for p in points(12, rng: &rng) {
            for radius in [0.0, 300, 2000, 50_000] {
                let inCircle = all.filter { distance(p, $0.coordinate) <= radius }.count
                for rank in NearbyRank.allCases {
                    for max in [1, 20] {
                        let s = settings(radius: radius, rank: rank, max: max)
                        let found = NearbyModel.search(store, center: p, settings: s)
                        XCTAssertLessThanOrEqual(found.count, max)
                        for (i, f) in found.enumerated() {
                            XCTAssertLessThanOrEqual(f.distance, radius)
                            XCTAssertEqual(f.distance, distance(p, f.place.coordinate))
                            if i > 0 {
                                let a = found[i - 1]
                                if rank == .distance {
                                    XCTAssertLessThanOrEqual(a.distance, f.distance)
                                } else {
                                    XCTAssertGreaterThanOrEqual(a.popularity, f.popularity)
                                }
                            }
                        }
                        let reference = NearbyModel.search(all, center: p, settings: s)
                        XCTAssertEqual(
                            found.map(\.place.id), reference.map(\.place.id), "at \(p), \(radius) m, \(rank)")
                        XCTAssertEqual(found.map(\.popularity), reference.map(\.popularity))
                        // The list is full, or holds every place in the circle.
                        XCTAssertEqual(found.count, min(max, inCircle))
                    }
                }
            }
        }
    }

    func testTypeFilters() {
        let store = PlaceStore.builtin
        let sydney = GeoPoint(latitude: -33.869405, longitude: 151.199)
        var s = settings(radius: 2000, rank: .distance)
        s.includedTypes = ["restaurant", "cafe"]
        s.excludedTypes = ["bar"]
        let found = NearbyModel.search(store, center: sydney, settings: s)
        XCTAssertFalse(found.isEmpty)
        for f in found {
            XCTAssertTrue(f.place.types.contains("restaurant") || f.place.types.contains("cafe"), f.place.name)
            XCTAssertFalse(f.place.types.contains("bar"), f.place.name)
        }
        XCTAssertEqual(
            found.map(\.place.id), NearbyModel.search(store.places, center: sydney, settings: s).map(\.place.id))
        s.includedTypes = ["no_such_type"]
        XCTAssertTrue(NearbyModel.search(store, center: sydney, settings: s).isEmpty)
    }

    func testPopularityModel() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let radius = rng.unit() * 2000
            let rating = 1 + rng.unit() * 4
            let types = [LikelihoodModel.typePriors[clampedInt((rng.unit() * 20).rounded(.down), 0...20)].type]
            let p = PopularityModel.popularity(types: types, rating: rating, radius: radius)
            XCTAssertGreaterThan(p, 0)
            // A better rating, or a bigger place, is never less popular.
            XCTAssertGreaterThanOrEqual(
                PopularityModel.popularity(types: types, rating: min(5, rating + 0.5), radius: radius), p)
            XCTAssertGreaterThanOrEqual(
                PopularityModel.popularity(types: types, rating: rating, radius: radius + 10), p)
            // It scales with the type's prior.
            XCTAssertEqual(
                p / LikelihoodModel.prior(types),
                PopularityModel.popularity(types: [], rating: rating, radius: radius), accuracy: 1e-12)
        }
        // The documented numbers: a 25 m cafe rated 4.5.
        XCTAssertEqual(
            PopularityModel.popularity(types: ["cafe"], rating: 4.5, radius: 25), 1.2 * 0.9 * 2, accuracy: 1e-12)
        XCTAssertEqual(PopularityModel.popularity(types: [], rating: 0, radius: 0), 0.5)
    }

    func testRequestChecks() {
        var s = NearbySettings()
        XCTAssertEqual(s.problems, [])
        XCTAssertEqual(s.radius, SimulationChoices.nearbyDefaultRadius)
        XCTAssertEqual(s.maxResultCount, 20)
        XCTAssertEqual(s.rank, .popularity)
        s.radius = 50_000
        s.maxResultCount = 1
        XCTAssertEqual(s.problems, [])
        s.radius = 50_001
        XCTAssertEqual(s.problems.count, 1)
        s.radius = -1
        s.maxResultCount = 21
        XCTAssertEqual(s.problems.count, 2)
        s = NearbySettings()
        s.properties = []
        XCTAssertEqual(s.problems.count, 1)
        s = NearbySettings()
        s.includedTypes = ["cafe"]
        s.excludedTypes = ["cafe"]
        XCTAssertEqual(s.problems, ["cafe both included and excluded"])
        s = NearbySettings()
        s.includedTypes = (0...50).map { "t\($0)" }
        XCTAssertEqual(s.problems.count, 1)
    }

    func testSKUIsTheHighestProperty() {
        XCTAssertEqual(NearbyProperties.sku(["name", "coordinate"]), .pro)
        XCTAssertEqual(NearbyProperties.sku(["name", "rating"]), .enterprise)
        XCTAssertEqual(NearbyProperties.sku(["rating", "dineIn", "name"]), .enterpriseAtmosphere)
        XCTAssertEqual(NearbyProperties.normalized(["coordinate", "name", "coordinate"]), ["name", "coordinate"])
        XCTAssertEqual(
            NearbyProperties.swiftSyntax(["name", "coordinate"]),
            "[GMSPlaceProperty.name, .coordinate].map(\\.rawValue)")
    }
}
