import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The likelihood model's properties over the store (the array form is covered by
/// LikelihoodModelTests): likelihoods in 0…1 summing below 1, sorted, invariant to the order
/// the places were loaded in, nearer-with-the-same-prior first, deterministic, on synthetic
/// cities from fixed seeds.
final class LikelihoodPropertyTests: XCTestCase {
    private let centre = GeoPoint(latitude: 51.5074, longitude: -0.1278)

    private func city(seed: UInt64, count: Int = 3000) -> [PlaceRecord] {
        PlaceStore.synthetic(count: count, around: centre, radius: 3000, seed: seed)
    }

    private func points(_ n: Int, rng: inout SeededRandom) -> [GeoPoint] {
        (0..<n).map { _ in destination(from: centre, bearing: rng.unit() * 360, metres: 3500 * rng.unit()) }
    }

    func testWellFormedEverywhere() {
        var rng = SeededRandom(seed: 21)
        let store = PlaceStore(records: city(seed: 1), source: "city")
        for p in points(150, rng: &rng) {
            for accuracy in [0.0, 5, 100, 3000] {
                let ranked = LikelihoodModel.rank(store, at: p, accuracy: accuracy)
                XCTAssertLessThanOrEqual(ranked.count, SimulationChoices.maximumLikelihoods)
                var sum = 0.0
                for (i, s) in ranked.enumerated() {
                    XCTAssertGreaterThan(s.likelihood, 0)
                    XCTAssertLessThanOrEqual(s.likelihood, 1)
                    XCTAssertLessThanOrEqual(s.distance, max(3 * s.spread, 200))
                    XCTAssertEqual(s.prior, LikelihoodModel.prior(s.place.types))
                    XCTAssertEqual(s.weight, s.prior * exp(-(s.distance * s.distance) / (2 * s.spread * s.spread)))
                    if i > 0 {
                        XCTAssertGreaterThanOrEqual(ranked[i - 1].likelihood, s.likelihood)
                        XCTAssertGreaterThanOrEqual(ranked[i - 1].weight, s.weight)
                    }
                    sum += s.likelihood
                }
                XCTAssertLessThan(sum, 1)
            }
        }
    }

    func testInvariantToLoadOrder() {
        var rng = SeededRandom(seed: 22)
        let records = city(seed: 2)
        let forward = PlaceStore(records: records, source: "city")
        let backward = PlaceStore(records: records.reversed(), source: "city")
        var shuffled = records
        shuffled.shuffle(using: &rng)
        var inChunks = PlaceStore()
        for k in stride(from: 0, to: shuffled.count, by: 250) {
            inChunks.merge(Array(shuffled[k..<min(shuffled.count, k + 250)]), source: "city")
        }
        for p in points(60, rng: &rng) {
            for accuracy in [5.0, 100, 3000] {
                let a = LikelihoodModel.rank(forward, at: p, accuracy: accuracy)
                for other in [backward, inChunks] {
                    let b = LikelihoodModel.rank(other, at: p, accuracy: accuracy)
                    XCTAssertEqual(a.map(\.place.id), b.map(\.place.id))
                    XCTAssertEqual(a.map(\.likelihood), b.map(\.likelihood))
                }
            }
        }
    }

    func testNearerWithTheSamePriorRanksHigher() {
        var rng = SeededRandom(seed: 23)
        let store = PlaceStore(records: city(seed: 3), source: "city")
        for p in points(100, rng: &rng) {
            for accuracy in [5.0, 100] {
                let ranked = LikelihoodModel.rank(store, at: p, accuracy: accuracy)
                for i in ranked.indices {
                    for j in ranked.indices where j > i {
                        let a = ranked[i]
                        let b = ranked[j]
                        // Same prior and same size: the one ranked lower is never nearer.
                        if a.prior == b.prior && a.spread == b.spread {
                            XCTAssertLessThanOrEqual(a.distance, b.distance)
                        }
                    }
                }
            }
        }
        // And directly: two cafés of one size, one nearer, among a city.
        for _ in 0..<50 {
            let p = points(1, rng: &rng)[0]
            var store = PlaceStore(records: city(seed: 4, count: 500), source: "city")
            let near = destination(from: p, bearing: rng.unit() * 360, metres: rng.double(in: 0...60))
            let far = destination(from: p, bearing: rng.unit() * 360, metres: rng.double(in: 61...150))
            store.merge(
                [
                    PlaceRecord(
                        id: "zz-near", name: "Near", latitude: near.latitude, longitude: near.longitude,
                        types: ["cafe"], radius: 20),
                    PlaceRecord(
                        id: "aa-far", name: "Far", latitude: far.latitude, longitude: far.longitude, types: ["cafe"],
                        radius: 20),
                ], source: "pair")
            let ids = LikelihoodModel.rank(store, at: p, accuracy: 5).map(\.place.id)
            if let n = ids.firstIndex(of: "zz-near"), let f = ids.firstIndex(of: "aa-far") { XCTAssertLessThan(n, f) }
            XCTAssertTrue(ids.contains("zz-near"))
        }
    }

    func testDeterministic() {
        var rng = SeededRandom(seed: 24)
        let a = PlaceStore(records: city(seed: 5), source: "city")
        let b = PlaceStore(records: city(seed: 5), source: "city")
        for p in points(40, rng: &rng) {
            let x = LikelihoodModel.rank(a, at: p, accuracy: 20)
            XCTAssertEqual(x.map(\.place.id), LikelihoodModel.rank(b, at: p, accuracy: 20).map(\.place.id))
            XCTAssertEqual(x.map(\.likelihood), LikelihoodModel.rank(a, at: p, accuracy: 20).map(\.likelihood))
        }
    }

    func testNoPlaceNearbyGivesAnEmptyListAndReducedAccuracyIsFlatter() {
        let store = PlaceStore(records: city(seed: 6), source: "city")
        XCTAssertTrue(LikelihoodModel.rank(store, at: GeoPoint(latitude: 0, longitude: -30), accuracy: 3000).isEmpty)
        XCTAssertTrue(LikelihoodModel.rank(PlaceStore(), at: centre, accuracy: 5).isEmpty)
        let sharp = LikelihoodModel.rank(store, at: centre, accuracy: 5)
        let flat = LikelihoodModel.rank(store, at: centre, accuracy: SimulationChoices.reducedHorizontalAccuracy)
        XCTAssertEqual(flat.count, 20)
        XCTAssertLessThan(flat[0].likelihood, sharp[0].likelihood)
    }

    func testTiesAreBrokenByDistanceThenID() {
        let here = GeoPoint(latitude: 1, longitude: 1)
        let store = PlaceStore(
            records: ["c", "a", "b"].map { PlaceRecord(id: $0, name: $0, latitude: 1, longitude: 1, types: ["cafe"]) },
            source: "t")
        XCTAssertEqual(LikelihoodModel.rank(store, at: here, accuracy: 5).map(\.place.id), ["a", "b", "c"])
        let many = PlaceStore(
            records: (0..<100).map {
                PlaceRecord(id: String(format3($0)), name: "x", latitude: 1, longitude: 1, types: ["museum"])
            }, source: "t")
        XCTAssertEqual(LikelihoodModel.rank(many, at: here, accuracy: 0).map(\.place.id), (0..<20).map(format3))
    }

    private func format3(_ i: Int) -> String { String(repeating: "0", count: 3 - String(i).count) + String(i) }
}
