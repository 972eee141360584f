import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The likelihood query's best-first search with per-cell bounds (PlaceGrid's note) against
/// the brute force (`rank(_: [Place], …)`, every place scored with the model's formula): the same
/// places, order and likelihoods to the bit, on data where the bounds matter: metre-wide places
/// packed around a few kilometre-wide ones, at the poles, across the ±180° line, in two cities
/// far apart, and on the real Sydney extract with generated places around it.
final class LikelihoodBoundTests: XCTestCase {
    private let types = LikelihoodModel.typePriors.map(\.type) + ["point_of_interest", "library"]

    /// `small` places of 1 m (and a few of 0.1–30 m) within `spread` metres of `centre`, and
    /// `large` places of 1–6.5 km among them.
    private func mixed(
        around centre: GeoPoint, spread: Double, small: Int, large: Int, prefix: String, rng: inout SeededRandom
    ) -> [PlaceRecord] {
        var records: [PlaceRecord] = []
        for i in 0..<(small + large) {
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: spread * rng.unit().squareRoot())
            let radius =
                i < small ? (rng.below(4) == 0 ? rng.double(in: 0.1...30) : 1) : rng.double(in: 1000...6500)
            records.append(
                PlaceRecord(
                    id: "\(prefix)\(i)", name: "\(prefix) \(i)", latitude: p.latitude, longitude: p.longitude,
                    types: [types[rng.below(types.count)]], radius: radius))
        }
        return records
    }

    private func assertSame(
        _ store: PlaceStore, _ places: [Place], at point: GeoPoint, accuracy: Double, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let fast = LikelihoodModel.rank(store, at: point, accuracy: accuracy)
        let slow = bruteForce(places, at: point, accuracy: accuracy)
        XCTAssertEqual(
            LikelihoodModel.rank(places, at: point, accuracy: accuracy).map(\.place.id), slow.map(\.place.id),
            "the array ranking, " + message, file: file, line: line)
        // A small store is scored whole unless told otherwise: hold the grid's search to the
        // same list whatever the store's size.
        for (ranked, how) in [
            (fast, "as ranked"),
            (LikelihoodModel.rank(store, at: point, accuracy: accuracy, scanBelow: 0), "by the grid"),
        ] {
            let message = message + ", " + how
            XCTAssertEqual(ranked.map(\.place.id), slow.map(\.place.id), message, file: file, line: line)
            XCTAssertEqual(
                ranked.map(\.likelihood.bitPattern), slow.map(\.likelihood.bitPattern), message, file: file, line: line)
            XCTAssertEqual(
                ranked.map(\.weight.bitPattern), slow.map(\.weight.bitPattern), message, file: file, line: line)
            XCTAssertEqual(
                ranked.map(\.distance.bitPattern), slow.map(\.distance.bitPattern), message, file: file, line: line)
        }
    }

    private let accuracies = [0.0, 5, 100, 3000]

    /// The model's formula applied to every place, with no shortcut at all.
    private func bruteForce(_ places: [Place], at point: GeoPoint, accuracy: Double) -> [LikelihoodModel.Scored] {
        var all: [LikelihoodModel.Scored] = []
        for place in places {
            let s = (accuracy * accuracy + place.radius * place.radius + 40 * 40).squareRoot()
            let d = distance(point, place.coordinate)
            guard d <= max(3 * s, 200) else { continue }
            let prior = LikelihoodModel.prior(place.types)
            all.append(
                .init(
                    place: place, distance: d, spread: s, prior: prior, weight: prior * exp(-(d * d) / (2 * s * s)),
                    likelihood: 0))
        }
        all.sort {
            $0.weight != $1.weight
                ? $0.weight > $1.weight
                : $0.distance != $1.distance ? $0.distance < $1.distance : $0.place.id < $1.place.id
        }
        all = Array(all.prefix(20))
        let total = all.reduce(0) { $0 + $1.weight } + 0.25
        for k in all.indices { all[k].likelihood = all[k].weight / total }
        return all
    }

    func testKilometreWidePlacesAmongMetreWideOnes() {
        var rng = SeededRandom(seed: 31)
        for centre in [
            GeoPoint(latitude: -33.8688, longitude: 151.2093),  // Sydney
            GeoPoint(latitude: -16.78, longitude: 179.999),  // Fiji, across the ±180° line
            GeoPoint(latitude: 89.99, longitude: 45),  // by the North Pole
            GeoPoint(latitude: -89.995, longitude: -120),  // by the South Pole
            GeoPoint(latitude: 0, longitude: -180),  // the line at the equator
        ] {
            let records = mixed(around: centre, spread: 3000, small: 2500, large: 8, prefix: "m", rng: &rng)
            var store = PlaceStore()
            store.merge(records, source: "mixed")
            var places = store.places
            for round in 0..<30 {
                let p = destination(from: centre, bearing: rng.unit() * 360, metres: 4000 * rng.unit())
                for accuracy in accuracies {
                    assertSame(store, places, at: p, accuracy: accuracy, "\(centre) round \(round) at \(accuracy) m")
                }
            }
            // A place replaced in its own cell by a larger one (same size class): the cell's
            // radius bound grows with it.
            let big = records[records.count - 1]
            var grown = big
            grown.radius = min(6553, (big.radius ?? 1000) * 1.9)
            store.merge([grown], source: "mixed")
            var small = records[0]
            small.radius = 29.9
            store.merge([small], source: "mixed")
            places = store.places
            for round in 0..<10 {
                let p = destination(
                    from: GeoPoint(latitude: big.latitude, longitude: big.longitude), bearing: rng.unit() * 360,
                    metres: 8000 * rng.unit())
                for accuracy in accuracies {
                    assertSame(store, places, at: p, accuracy: accuracy, "grown, \(centre) round \(round)")
                }
            }
        }
    }

    /// Round `round`'s pair of points: the first by either pole (two rounds in five), on the 180°
    /// line (one in seven) or anywhere; the second from 0 to `farthest` metres away from it, at
    /// a scale that cycles from nothing to a millimetre to `farthest`.
    private func pointPair(_ round: Int, _ rng: inout SeededRandom, farthest: Double) -> (GeoPoint, GeoPoint) {
        let lat1: Double
        switch round % 5 {
        case 0: lat1 = 90 - rng.unit() * 1e-3
        case 1: lat1 = -90 + rng.unit() * 1e-3
        default: lat1 = rng.double(in: -90...90)
        }
        let a = GeoPoint(latitude: lat1, longitude: round % 7 == 0 ? 180 : rng.double(in: -180...180))
        let metres = [0, 1e-3, 1, 40, 300, 5_000, 100_000, farthest][round % 8] * rng.unit()
        return (a, destination(from: a, bearing: rng.unit() * 360, metres: metres))
    }

    /// The cheap distance bound that lets the query drop a place before computing its distance
    /// never exceeds the distance as `distance` computes it, at any latitude, across the ±180°
    /// line, at the poles, for equal points and for points far apart; and it is close enough to
    /// drop places (within a metre and a millionth under 20 km, away from the poles).
    func testDistanceBoundNeverExceedsTheComputedDistance() {
        var rng = SeededRandom(seed: 34)
        var checked = 0
        for round in 0..<200_000 {
            let (a, far) = pointPair(round, &rng, farthest: 2_000_000)
            // The stored places' coordinates are whole 1e-7 degrees.
            let b = GeoPoint(
                latitude: min(90, max(-90, (far.latitude * 1e7).rounded() / 1e7)),
                longitude: (PlaceStore.wrapLongitude(far.longitude) * 1e7).rounded() / 1e7)
            let phi1 = a.latitude * .pi / 180
            let bound = LikelihoodSearch.distanceBound(
                phi1, cos(phi1), sin(phi1), a.longitude, b.latitude * .pi / 180, b.longitude)
            let d = distance(a, b)
            XCTAssertLessThanOrEqual(bound, d, "\(a) to \(b)")
            if d < 20_000 && abs(a.latitude) < 80 && abs(b.latitude) < 80 {
                XCTAssertGreaterThanOrEqual(bound, d * (1 - 1e-6) - 1, "\(a) to \(b): too loose to drop places")
                checked += 1
            }
            XCTAssertLessThan(bound, 1_000_000, "no bound beyond 1,000 km")
        }
        XCTAssertGreaterThan(checked, 30_000)
    }

    /// The haversine with the point's cosine worked out once (what the queries call per place)
    /// is `distance`, and both are the formula as written in the manual, with the maths
    /// library's square root, to the bit: at every latitude, by the poles, across the ±180° line,
    /// for equal points, neighbours and antipodes. A list depends on these bits.
    func testDistanceWithTheCosineWorkedOutOnceIsTheSameToTheBit() {
        func haversine(_ a: GeoPoint, _ b: GeoPoint) -> Double {
            let p1 = a.latitude * .pi / 180
            let p2 = b.latitude * .pi / 180
            let dp = p2 - p1
            let dl = (b.longitude - a.longitude) * .pi / 180
            let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
            return 2 * earthRadius * asin(min(1, sqrt(h)))
        }
        var rng = SeededRandom(seed: 36)
        for round in 0..<100_000 {
            let (a, b) = pointPair(round, &rng, farthest: 20_015_000)
            let phi = a.latitude * .pi / 180
            let once = distance(a, latitudeRadians: phi, cosLatitude: cos(phi), b)
            XCTAssertEqual(once.bitPattern, haversine(a, b).bitPattern, "\(a) to \(b)")
            XCTAssertEqual(distance(a, b).bitPattern, haversine(a, b).bitPattern, "\(a) to \(b)")
        }
    }

    /// A cell's distance bound never exceeds the computed distance to any place in the cell,
    /// from points near and far, by the poles and across the ±180° line, in cells of every size
    /// class (the cell's cosine is worked out by its expansion near the point's latitude and
    /// by `cos` farther off).
    func testCellDistanceBoundNeverExceedsAPlacesDistance() {
        var rng = SeededRandom(seed: 35)
        for centre in [
            GeoPoint(latitude: -33.8688, longitude: 151.2093), GeoPoint(latitude: 0.0005, longitude: 179.9995),
            GeoPoint(latitude: 89.9, longitude: 10), GeoPoint(latitude: -60, longitude: -70),
        ] {
            let records = mixed(around: centre, spread: 20_000, small: 3000, large: 40, prefix: "c", rng: &rng)
            var store = PlaceStore()
            store.merge(records, source: "cells")
            let grid = store.grid
            XCTAssertEqual(grid.indexedCount, store.count, "all indexed")
            var checked = 0
            for round in 0..<60 {
                let metres = [10.0, 500, 5_000, 30_000, 300_000][round % 5] * rng.unit()
                let p = destination(from: centre, bearing: rng.unit() * 360, metres: metres)
                let phi = p.latitude * .pi / 180
                for c in 0..<PlaceGrid.classCount {
                    for i in grid.classCells[c]..<grid.classCells[c + 1] {
                        let bound = grid.cellDistanceBound(i, c, from: p, cosLat: cos(phi), sinLat: sin(phi))
                        for k in grid.cellRows(i) {
                            let row = grid.orderRow(k)
                            let d = distance(p, store.place(at: row).coordinate)
                            XCTAssertLessThanOrEqual(bound, d, "cell \(i) of class \(c), row \(row), from \(p)")
                            checked += 1
                        }
                    }
                }
            }
            XCTAssertGreaterThan(checked, 100_000)
        }
    }

    func testEqualWeightsAndTiesAtTheBound() {
        // Many places on one spot with equal priors: weights tie, distances tie, the IDs decide;
        // and far places whose weights underflow to zero still fill the list by distance.
        var records: [PlaceRecord] = []
        let centre = GeoPoint(latitude: 48.8566, longitude: 2.3522)
        for i in 0..<60 {
            records.append(
                PlaceRecord(
                    id: "t\(i)", name: "T\(i)", latitude: centre.latitude, longitude: centre.longitude, types: ["cafe"],
                    radius: 1))
        }
        for i in 0..<60 {
            let p = destination(from: centre, bearing: Double(i) * 6, metres: 150 + Double(i))
            records.append(
                PlaceRecord(
                    id: "z\(i)", name: "Z\(i)", latitude: p.latitude, longitude: p.longitude, types: ["atm"], radius: 0)
            )
        }
        let store = PlaceStore(records: records, source: "ties")
        let places = store.places
        for metres in [0.0, 1, 100, 190] {
            for accuracy in [0.0, 5] {
                let p = destination(from: centre, bearing: 30, metres: metres)
                assertSame(store, places, at: p, accuracy: accuracy, "\(metres) m from the spot")
            }
        }
    }

    func testCitiesFarApartInOneStore() {
        // Sydney and San Francisco in one store (as the built-in places are): each city's cells
        // stay as fine as if it were alone, and the rankings stay exact.
        var rng = SeededRandom(seed: 32)
        let sydney = GeoPoint(latitude: -33.8688, longitude: 151.2093)
        let sf = GeoPoint(latitude: 37.7749, longitude: -122.4194)
        var records = PlaceStore.synthetic(count: 6000, around: sydney, radius: 3000, seed: 5)
        records += mixed(around: sf, spread: 2000, small: 300, large: 3, prefix: "sf", rng: &rng)
        var store = PlaceStore.builtin
        store.merge(records, source: "mixed")
        let places = store.places
        for round in 0..<40 {
            let centre = round % 2 == 0 ? sydney : sf
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: 3500 * rng.unit())
            for accuracy in accuracies {
                assertSame(store, places, at: p, accuracy: accuracy, "round \(round) at \(accuracy) m")
            }
        }
        // Sydney's smallest places keep cells of about 0.001°.
        XCTAssertLessThanOrEqual(store.grid.cellE7[0], 20_000)
    }

    func testRealSydneyExtractWithGeneratedPlacesAround() throws {
        let bytes = try RealData.bytes(
            "osm/sydney_cbd_2023_named_pois.geojson", smallerCase: "testCitiesFarApartInOneStore")
        guard let summary = try? GeoJSONImporter.parse(bytes).get() else {
            return XCTFail("the real extract did not load")
        }
        var store = PlaceStore.builtin
        store.merge(summary.records, source: "osm")
        let centre = GeoPoint(latitude: -33.8688, longitude: 151.2093)
        store.generate(count: 8000, around: centre, radius: 4000, seed: 7, source: "synthetic")
        let places = store.places
        var rng = SeededRandom(seed: 33)
        for round in 0..<30 {
            // Beside a real place, as a person standing at it would be.
            let r = summary.records[rng.below(summary.records.count)]
            let p = destination(
                from: GeoPoint(latitude: r.latitude, longitude: r.longitude), bearing: rng.unit() * 360,
                metres: 40 * rng.unit())
            for accuracy in accuracies {
                assertSame(store, places, at: p, accuracy: accuracy, "near \(r.name), at \(accuracy) m, round \(round)")
            }
        }
    }
}
