import Foundation
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// Properties of the likelihood model, on the built-in dataset and on random datasets from a
/// fixed seed.
final class LikelihoodModelTests: XCTestCase {
    private let centre = GeoPoint(latitude: -33.869405, longitude: 151.199)

    /// `count` places scattered within `spread` metres of `around`, with random types and sizes.
    private func randomPlaces(_ count: Int, around: GeoPoint, spread: Double, rng: inout SeededRandom) -> [Place] {
        let types = LikelihoodModel.typePriors.map(\.type) + ["point_of_interest", "library"]
        return (0..<count).map { i in
            let point = destination(
                from: around, bearing: rng.double(in: 0...360), metres: rng.double(in: 0...spread))
            return makePlace(
                String(format: "r%04d", i), at: point, types: [types[Int(rng.next() % UInt64(types.count))]],
                radius: rng.double(in: 5...400))
        }
    }

    private func assertWellFormed(
        _ ranked: [LikelihoodModel.Scored], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertLessThanOrEqual(ranked.count, SimulationChoices.maximumLikelihoods, file: file, line: line)
        var sum = 0.0
        for (i, s) in ranked.enumerated() {
            XCTAssertGreaterThan(s.likelihood, 0, file: file, line: line)
            XCTAssertLessThanOrEqual(s.likelihood, 1, file: file, line: line)
            if i > 0 { XCTAssertGreaterThanOrEqual(ranked[i - 1].likelihood, s.likelihood, file: file, line: line) }
            sum += s.likelihood
        }
        XCTAssertLessThan(sum, 1, "the sum stays strictly below 1", file: file, line: line)
    }

    func testRandomDatasetsAreWellFormed() {
        var rng = SeededRandom(seed: 0x5EED_1234)
        for round in 0..<200 {
            let count = Int(rng.next() % 80)
            let spread = [50.0, 300, 2000, 20_000][round % 4]
            let places = randomPlaces(count, around: centre, spread: spread, rng: &rng)
            let accuracy = [0.0, 5, 65, 3000][Int(rng.next() % 4)]
            let ranked = LikelihoodModel.rank(places, at: centre, accuracy: accuracy)
            assertWellFormed(ranked)
            // Every candidate is within its search radius, and nothing better was left out.
            for s in ranked {
                XCTAssertLessThanOrEqual(
                    s.distance,
                    max(SimulationChoices.candidateSpreads * s.spread, SimulationChoices.minimumSearchRadius))
            }
            if ranked.count == SimulationChoices.maximumLikelihoods, let weakest = ranked.last {
                let kept = Set(ranked.map(\.place.id))
                for p in places where !kept.contains(p.id) {
                    let d = distance(centre, p.coordinate)
                    let s = (accuracy * accuracy + p.radius * p.radius + 40 * 40).squareRoot()
                    let w = LikelihoodModel.prior(p.types) * exp(-(d * d) / (2 * s * s))
                    if d <= max(3 * s, 200) { XCTAssertLessThanOrEqual(w, weakest.weight) }
                }
            }
        }
    }

    /// The formula of the manual, computed the slow way for every place.
    private func bruteForce(_ places: [Place], at point: GeoPoint, accuracy: Double) -> [(
        id: String, likelihood: Double
    )] {
        var scored: [(id: String, d: Double, w: Double)] = []
        for p in places {
            let d = distance(point, p.coordinate)
            let s = (accuracy * accuracy + p.radius * p.radius + 40 * 40).squareRoot()
            guard d <= max(3 * s, 200) else { continue }
            scored.append((p.id, d, LikelihoodModel.prior(p.types) * exp(-(d * d) / (2 * s * s))))
        }
        scored.sort { a, b in a.w != b.w ? a.w > b.w : a.d != b.d ? a.d < b.d : a.id < b.id }
        let top = scored.prefix(20)
        let total = top.reduce(0) { $0 + $1.w } + 0.25
        return top.map { ($0.id, $0.w / total) }
    }

    func testMatchesTheFormulaEverywhere() {
        // Random points anywhere from the equator to 84°, across the antimeridian, with places
        // up to 30 km away: the ranking's shortcuts must not change the result.
        var rng = SeededRandom(seed: 2024)
        for round in 0..<300 {
            let centre = GeoPoint(
                latitude: rng.double(in: -84...84),
                longitude: round % 5 == 0 ? 179.99 : rng.double(in: -180...179.999))
            let spread = [300.0, 3000, 30_000][round % 3]
            let places = randomPlaces(Int(rng.next() % 60), around: centre, spread: spread, rng: &rng)
            let accuracy = [0.0, 5, 65, 3000, 20_000][Int(rng.next() % 5)]
            let ranked = LikelihoodModel.rank(places, at: centre, accuracy: accuracy)
            let expected = bruteForce(places, at: centre, accuracy: accuracy)
            XCTAssertEqual(ranked.map(\.place.id), expected.map(\.id), "round \(round) at \(centre)")
            for (a, b) in zip(ranked, expected) { XCTAssertEqual(a.likelihood, b.likelihood, accuracy: 1e-12) }
        }
    }

    func testAtMostTwentyAndTheSumStaysBelowOne() {
        // 100 identical places at the fix: the heaviest possible case.
        let places = (0..<100).map {
            makePlace(String(format: "p%03d", $0), at: centre, types: ["tourist_attraction"], radius: 10)
        }
        let ranked = LikelihoodModel.rank(places, at: centre, accuracy: 0)
        XCTAssertEqual(ranked.count, 20)
        XCTAssertEqual(ranked.map(\.place.id), (0..<20).map { String(format: "p%03d", $0) })
        let sum = ranked.reduce(0) { $0 + $1.likelihood }
        // 20 × 1.5 = 30 of weight against 0.25 for "elsewhere".
        XCTAssertEqual(sum, 30 / 30.25, accuracy: 1e-12)
        XCTAssertLessThan(sum, 1)
        XCTAssertEqual(ranked[0].likelihood, 1.5 / 30.25, accuracy: 1e-12)
    }

    func testFormulaForOnePlace() {
        let point = destination(from: centre, bearing: 90, metres: 100)
        let place = makePlace("one", at: point, types: ["cafe"], radius: 30)
        let ranked = LikelihoodModel.rank([place], at: centre, accuracy: 5)
        XCTAssertEqual(ranked.count, 1)
        let s = (25.0 + 900 + 1600).squareRoot()
        let w = 1.2 * exp(-(100.0 * 100) / (2 * s * s))
        XCTAssertEqual(ranked[0].spread, s, accuracy: 1e-9)
        XCTAssertEqual(ranked[0].prior, 1.2)
        XCTAssertEqual(ranked[0].distance, 100, accuracy: 1e-6)
        XCTAssertEqual(ranked[0].weight, w, accuracy: 1e-9)
        XCTAssertEqual(ranked[0].likelihood, w / (w + 0.25), accuracy: 1e-9)
    }

    func testPriorsByFirstKnownType() {
        XCTAssertEqual(LikelihoodModel.prior(["point_of_interest", "museum", "cafe"]), 1.4)
        XCTAssertEqual(LikelihoodModel.prior(["atm"]), 0.5)
        XCTAssertEqual(LikelihoodModel.prior(["point_of_interest", "establishment"]), 1.0)
        XCTAssertEqual(LikelihoodModel.prior([]), 1.0)
    }

    func testInvariantToDatasetOrder() {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<50 {
            let places = randomPlaces(60, around: centre, spread: 400, rng: &rng)
            let accuracy = rng.double(in: 0...200)
            let reference = LikelihoodModel.rank(places, at: centre, accuracy: accuracy)
            var shuffled = places
            shuffled.shuffle(using: &rng)
            let again = LikelihoodModel.rank(shuffled, at: centre, accuracy: accuracy)
            XCTAssertEqual(again.map(\.place.id), reference.map(\.place.id))
            XCTAssertEqual(again.map(\.likelihood), reference.map(\.likelihood))
        }
        let builtin = PlaceStore.builtin.places
        let reversed = LikelihoodModel.rank(Array(builtin.reversed()), at: centre, accuracy: 5)
        XCTAssertEqual(reversed.map(\.place.id), LikelihoodModel.rank(builtin, at: centre, accuracy: 5).map(\.place.id))
    }

    func testDeterministic() {
        var a = SeededRandom(seed: 7)
        var b = SeededRandom(seed: 7)
        let pa = randomPlaces(50, around: centre, spread: 500, rng: &a)
        let pb = randomPlaces(50, around: centre, spread: 500, rng: &b)
        XCTAssertEqual(pa, pb, "the generator repeats itself")
        let first = LikelihoodModel.rank(pa, at: centre, accuracy: 10)
        let second = LikelihoodModel.rank(pb, at: centre, accuracy: 10)
        XCTAssertEqual(first.map(\.place.id), second.map(\.place.id))
        XCTAssertEqual(first.map(\.likelihood), second.map(\.likelihood))
    }

    func testNearerPlaceWithTheSamePriorAndRadiusRanksHigher() {
        var rng = SeededRandom(seed: 99)
        for _ in 0..<100 {
            let bearingA = rng.double(in: 0...360)
            let bearingB = rng.double(in: 0...360)
            let near = rng.double(in: 0...150)
            let far = near + rng.double(in: 1...100)
            let radius = rng.double(in: 5...200)
            let a = makePlace(
                "zz-near", at: destination(from: centre, bearing: bearingA, metres: near), types: ["cafe"],
                radius: radius)
            let b = makePlace(
                "aa-far", at: destination(from: centre, bearing: bearingB, metres: far), types: ["cafe"], radius: radius
            )
            let ranked = LikelihoodModel.rank([b, a], at: centre, accuracy: 20)
            XCTAssertEqual(ranked.first?.place.id, "zz-near")
            if ranked.count == 2 { XCTAssertGreaterThan(ranked[0].likelihood, ranked[1].likelihood) }
        }
    }

    func testHigherPriorWinsAtTheSameDistance() {
        let museum = makePlace("b-museum", at: destination(from: centre, bearing: 0, metres: 60), types: ["museum"])
        let atm = makePlace("a-atm", at: destination(from: centre, bearing: 180, metres: 60), types: ["atm"])
        let ranked = LikelihoodModel.rank([atm, museum], at: centre, accuracy: 5)
        XCTAssertEqual(ranked.map(\.place.id), ["b-museum", "a-atm"])
        XCTAssertEqual(ranked[0].likelihood / ranked[1].likelihood, 1.4 / 0.5, accuracy: 1e-9)
    }

    func testTiesAreBrokenByDistanceThenID() {
        // Equal weights at equal distance: ID order, whatever the input order.
        let here = [
            makePlace("c", at: centre), makePlace("a", at: centre), makePlace("b", at: centre),
        ]
        XCTAssertEqual(LikelihoodModel.rank(here, at: centre, accuracy: 5).map(\.place.id), ["a", "b", "c"])
        XCTAssertEqual(
            LikelihoodModel.rank(here.reversed(), at: centre, accuracy: 5).map(\.place.id), ["a", "b", "c"])

        // With an enormous spread, places a metre apart weigh exactly the same: nearer first.
        let huge = 1e9
        let one = makePlace("a-farther", at: destination(from: centre, bearing: 0, metres: 1.0))
        let half = makePlace("z-nearer", at: destination(from: centre, bearing: 0, metres: 0.5))
        let ranked = LikelihoodModel.rank([one, half], at: centre, accuracy: huge)
        XCTAssertEqual(ranked[0].weight, ranked[1].weight, "the test needs an exact tie")
        XCTAssertEqual(ranked.map(\.place.id), ["z-nearer", "a-farther"])
    }

    func testNoPlaceInRangeGivesAnEmptyList() {
        XCTAssertTrue(LikelihoodModel.rank([], at: centre, accuracy: 5).isEmpty)
        let far = makePlace("far", at: destination(from: centre, bearing: 45, metres: 5000), radius: 50)
        XCTAssertTrue(LikelihoodModel.rank([far], at: centre, accuracy: 5).isEmpty)
        let ocean = GeoPoint(latitude: -40, longitude: -140)
        XCTAssertTrue(LikelihoodModel.rank(PlaceStore.builtin.places, at: ocean, accuracy: 3000).isEmpty)
    }

    func testSearchRadiusIsAtLeastTwoHundredMetres() {
        // Spread here is sqrt(0 + 10² + 40²) ≈ 41 m, so 3 spreads ≈ 124 m: the 200 m floor applies.
        let inside = makePlace("inside", at: destination(from: centre, bearing: 0, metres: 199), radius: 10)
        let outside = makePlace("outside", at: destination(from: centre, bearing: 0, metres: 201), radius: 10)
        XCTAssertEqual(LikelihoodModel.rank([inside, outside], at: centre, accuracy: 0).map(\.place.id), ["inside"])
        // A big place is a candidate farther away: 3 × sqrt(400² + 40²) ≈ 1206 m.
        let park = makePlace("park", at: destination(from: centre, bearing: 0, metres: 1100), radius: 400)
        XCTAssertEqual(LikelihoodModel.rank([park], at: centre, accuracy: 0).map(\.place.id), ["park"])
    }

    func testNegativeAccuracyCountsAsZero() {
        let places = PlaceStore.builtin.places
        XCTAssertEqual(
            LikelihoodModel.rank(places, at: centre, accuracy: -1).map(\.likelihood),
            LikelihoodModel.rank(places, at: centre, accuracy: 0).map(\.likelihood))
    }

    func testReducedAccuracySpreadsTheLikelihood() {
        let places = PlaceStore.builtin.places
        let sharp = LikelihoodModel.rank(places, at: centre, accuracy: 5)
        let flat = LikelihoodModel.rank(places, at: centre, accuracy: SimulationChoices.reducedHorizontalAccuracy)
        assertWellFormed(sharp)
        assertWellFormed(flat)
        XCTAssertLessThan(flat[0].likelihood, sharp[0].likelihood)
        XCTAssertGreaterThanOrEqual(flat.count, sharp.count)
        XCTAssertEqual(flat.count, 20)
        // Flatter: the top and the last differ less.
        XCTAssertLessThan(
            flat[0].likelihood / flat[flat.count - 1].likelihood,
            sharp[0].likelihood / sharp[sharp.count - 1].likelihood)
    }

    func testEveryPresetGivesARealisticList() {
        for preset in LocationPreset.all {
            let ranked = LikelihoodModel.rank(PlaceStore.builtin.places, at: preset.coordinate, accuracy: 5)
            XCTAssertGreaterThanOrEqual(ranked.count, 3, preset.name)
            assertWellFormed(ranked)
        }
        // At the Google Sydney preset, Google Sydney is among the three most likely places (a big
        // venue nearby, The Star, can outweigh it: its radius and prior are larger).
        let google = LocationPreset.named("google-sydney")!.coordinate
        let top = LikelihoodModel.rank(PlaceStore.builtin.places, at: google, accuracy: 5).prefix(3)
        XCTAssertTrue(top.contains { $0.place.name == "Google Sydney" }, "\(top.map(\.place.name))")
    }
}
