import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

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

    /// The indexed search and the reference return the same places, in the same order, with
    /// the same numbers to the bit.
    private func assertSame(
        _ store: PlaceStore, _ all: [Place], _ p: GeoPoint, _ s: NearbySettings, _ label: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = NearbyModel.search(store, center: p, settings: s)
        let reference = NearbyModel.search(all, center: p, settings: s)
        let what = "\(label) at \(p), \(s.radius) m, \(s.rank), max \(s.maxResultCount)"
        XCTAssertEqual(found.map(\.place.id), reference.map(\.place.id), what, file: file, line: line)
        XCTAssertEqual(found.map(\.popularity), reference.map(\.popularity), what, file: file, line: line)
        XCTAssertEqual(found.map(\.distance), reference.map(\.distance), what, file: file, line: line)
        for f in found {
            XCTAssertEqual(f.index.map { store.id(at: $0) }, f.place.id, what, file: file, line: line)
        }
    }

    func testEveryMaxResultCountAndRadius() {
        var rng = SeededRandom(seed: 41)
        let store = PlaceStore(
            records: PlaceStore.synthetic(count: 3000, around: centre, radius: 2500, seed: 9), source: "city")
        let all = store.places
        for p in points(3, rng: &rng) {
            for radius in [0.0, 1, 50, 500, 1500, 50_000] {
                for rank in NearbyRank.allCases {
                    for max in 1...20 { assertSame(store, all, p, settings(radius: radius, rank: rank, max: max)) }
                }
            }
        }
        // Radius 0 at a place's very point finds it (and whatever shares the point).
        let at = store.coordinate(at: 123)
        for rank in NearbyRank.allCases {
            let found = NearbyModel.search(store, center: at, settings: settings(radius: 0, rank: rank))
            XCTAssertTrue(found.contains { $0.index == 123 })
            assertSame(store, all, at, settings(radius: 0, rank: rank))
        }
    }

    /// Equal popularity (the same kind, rating and size) and equal distance (places sharing a
    /// point): the order falls to distance, then to the place ID, as the reference's.
    func testTiesAreBrokenAsTheReferenceBreaksThem() {
        var rng = SeededRandom(seed: 3)
        var records: [PlaceRecord] = []
        for k in 0..<600 {
            // 60 points, ten places on each; three kinds of place, all rated alike.
            let spot = destination(from: centre, bearing: Double(k % 60) * 6, metres: Double(k % 60) * 7)
            let kind = k % 3
            records.append(
                PlaceRecord(
                    name: "Place \(k)", latitude: spot.latitude, longitude: spot.longitude,
                    types: [["cafe"], ["park"], ["atm"]][kind], rating: kind == 2 ? nil : 4.5,
                    radius: [20, 20, 5][kind]))
        }
        let store = PlaceStore(records: records, source: "ties")
        let all = store.places
        for p in [centre] + points(4, rng: &rng) {
            for radius in [0.0, 100, 300, 5000] {
                for rank in NearbyRank.allCases {
                    for max in [1, 7, 10, 20] {
                        assertSame(store, all, p, settings(radius: radius, rank: rank, max: max))
                    }
                }
            }
        }
    }

    func testTypeFiltersOnARandomCity() {
        var rng = SeededRandom(seed: 17)
        let store = PlaceStore(
            records: PlaceStore.synthetic(count: 3000, around: centre, radius: 3000, seed: 2), source: "city")
        let all = store.places
        let filters: [(included: [String], excluded: [String])] = [
            (["cafe"], []), (["restaurant", "bar"], []), ([], ["store"]), ([], ["point_of_interest"]),
            (["food"], ["store"]), (["park", "tourist_attraction"], ["museum"]), (["no_such_type"], []),
        ]
        for p in points(5, rng: &rng) {
            for f in filters {
                for rank in NearbyRank.allCases {
                    for radius in [300.0, 2000] {
                        var s = settings(radius: radius, rank: rank, max: 1 + rng.below(20))
                        s.includedTypes = f.included
                        s.excludedTypes = f.excluded
                        assertSame(store, all, p, s, "\(f)")
                        for found in NearbyModel.search(store, center: p, settings: s) {
                            XCTAssertTrue(NearbyModel.passes(found.place.types, s))
                        }
                    }
                }
            }
        }
    }

    /// Around the poles and across the ±180° line the grid's cells shrink and wrap; the search
    /// still finds what looking at every place finds.
    func testPolesAndTheAntimeridian() {
        var rng = SeededRandom(seed: 23)
        for (around, seed) in [
            (GeoPoint(latitude: 89.99, longitude: 0), 1), (GeoPoint(latitude: -89.995, longitude: 120), 2),
            (GeoPoint(latitude: 0, longitude: 179.999), 3), (GeoPoint(latitude: -16.5, longitude: -179.99), 4),
        ] {
            let store = PlaceStore(
                records: PlaceStore.synthetic(count: 1500, around: around, radius: 3000, seed: UInt64(seed)),
                source: "edge")
            let all = store.places
            var centres = [around, GeoPoint(latitude: around.latitude, longitude: -around.longitude)]
            centres += (0..<4).map { _ in
                destination(from: around, bearing: rng.unit() * 360, metres: 2500 * rng.unit())
            }
            if abs(around.latitude) > 80 {
                centres.append(GeoPoint(latitude: around.latitude > 0 ? 90 : -90, longitude: 0))
            } else {
                centres.append(GeoPoint(latitude: around.latitude, longitude: 180))
                centres.append(GeoPoint(latitude: around.latitude, longitude: -180))
            }
            for p in centres {
                for radius in [0.0, 400, 3000, 50_000] {
                    for rank in NearbyRank.allCases {
                        for max in [1, 20] { assertSame(store, all, p, settings(radius: radius, rank: rank, max: max)) }
                    }
                }
            }
        }
    }

    /// Places added since the grid's last build, replaced in their cell (a higher popularity:
    /// the cell's bound rises) or elsewhere, and removed, are found as the reference finds them.
    func testChangedStores() {
        var rng = SeededRandom(seed: 29)
        var store = PlaceStore(
            records: PlaceStore.synthetic(count: 2000, around: centre, radius: 2000, seed: 4), source: "city")
        func check(_ label: String) {
            let all = store.places
            for p in points(3, rng: &rng) {
                for rank in NearbyRank.allCases {
                    assertSame(store, all, p, settings(radius: 800, rank: rank), label)
                    assertSame(store, all, p, settings(radius: 5000, rank: rank, max: 5), label)
                }
            }
        }
        // A few appended: looked at one by one.
        for k in 0..<20 {
            let at = destination(from: centre, bearing: rng.unit() * 360, metres: 1500 * rng.unit())
            store.add(
                PlaceRecord(
                    name: "New \(k)", latitude: at.latitude, longitude: at.longitude, types: ["tourist_attraction"],
                    rating: 5, radius: 300), source: "new")
        }
        check("appended")
        // Replaced where they stand, each now the most popular of its kind.
        for row in stride(from: 0, to: 2000, by: 97) {
            var record = store.record(at: row)
            record.types = ["tourist_attraction"]
            record.rating = 5
            store.add(record, source: "replaced")
        }
        check("replaced in place")
        // Moved elsewhere, and removed.
        for row in stride(from: 5, to: 2000, by: 101) {
            var record = store.record(at: row)
            record.latitude += 0.003
            store.add(record, source: "moved")
        }
        check("moved")
        for row in stride(from: 1900, to: 0, by: -89) { XCTAssertTrue(store.remove(id: store.id(at: row))) }
        check("removed")
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
        // A stored radius's reach (from the table, or computed past it) is the formula's, to the bit.
        var differing: [UInt16] = []
        for code in UInt16.min...UInt16.max
        where PopularityModel.reach(code: code) != PopularityModel.reach(Double(code) / 10) {
            differing.append(code)
        }
        XCTAssertEqual(differing, [])
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
        let tableA = PlaceTypeTables.tableA.sorted()
        s.includedTypes = Array(tableA.prefix(51))
        XCTAssertEqual(s.problems, ["more than 50 includedTypes"])
        s.includedTypes = (0...50).map { "t\($0)" }
        XCTAssertEqual(s.problems.count, 2, "too many, and none of Table A")
        // Only Table A types filter; Table B's and unknown words are the service's "Unsupported types".
        s = NearbySettings()
        s.includedTypes = ["cafe", "food", "notatype"]
        s.excludedPrimaryTypes = ["point_of_interest", "cafe"]
        XCTAssertEqual(s.problems, ["Unsupported types: food, notatype, point_of_interest."])
        s = NearbySettings()
        s.includedPrimaryTypes = ["museum"]
        s.excludedPrimaryTypes = ["museum"]
        XCTAssertEqual(s.problems, ["museum both included and excluded as primary type"])
        s = NearbySettings()
        s.regionCode = "au"
        XCTAssertEqual(s.problems, [])
        s.regionCode = "aus"
        XCTAssertEqual(s.problems.count, 1)
        XCTAssertTrue(PlaceTypeTables.tableA.isDisjoint(with: PlaceTypeTables.tableB))
        XCTAssertEqual(PlaceTypeTables.tableA.count, 478)
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
