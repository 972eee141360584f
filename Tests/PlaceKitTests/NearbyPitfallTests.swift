import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The place the device stands in, and what the nearby app's answer does with it: the grid's
/// `containing` finds what looking at every place finds; P14 when the place's point lies
/// outside the circle, P15 when popularity puts a place the device is not in first.
final class NearbyPitfallTests: XCTestCase {
    private let centre = GeoPoint(latitude: 51.5074, longitude: -0.1278)

    func testContainingEqualsTheReference() {
        var rng = SeededRandom(seed: 7)
        let records = PlaceStore.synthetic(count: 3000, around: centre, radius: 2000, seed: 11)
        let store = PlaceStore(records: records, source: "city")
        let all = store.places
        var nonEmpty = 0
        for _ in 0..<40 {
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: 2000 * rng.unit())
            let found = NearbyModel.containing(store, point: p)
            let reference = all.filter { distance(p, $0.coordinate) <= $0.radius }.sorted {
                ($0.radius, distance(p, $0.coordinate), $0.id) < ($1.radius, distance(p, $1.coordinate), $1.id)
            }
            XCTAssertEqual(found.map(\.place.id), reference.map(\.id), "at \(p)")
            if !found.isEmpty { nonEmpty += 1 }
        }
        XCTAssertGreaterThan(nonEmpty, 0, "no point stood in any place")
    }

    private func query(_ point: GeoPoint, radius: Double, rank: NearbyRank) -> NearbyQuery {
        var s = NearbySettings()
        s.radius = radius
        s.rank = rank
        return NearbyQuery(center: point, settings: s)
    }

    private func answer(_ store: PlaceStore, _ q: NearbyQuery) -> [PlaceLikelihood] {
        NearbyModel.search(store, center: q.center, settings: q.settings).map {
            PlaceLikelihood(
                place: FetchedPlace($0.place, fields: NearbyProperties.fields(q.settings.properties)),
                likelihood: nil, distance: $0.distance)
        }
    }

    /// At Apple Park's northern edge a 100 m circle misses it (P14); a 500 m one holds it.
    func testACircleTooSmallForThePlaceIsP14() throws {
        let store = PlaceStore.builtin
        let edge = GeoPoint(latitude: 37.3382, longitude: -122.0090)
        let small = query(edge, radius: 100, rank: .distance)
        let standing = try XCTUnwrap(TutorialApp.standing(in: store, query: small, answer: answer(store, small)))
        XCTAssertEqual(standing.place.name, "Apple Park")
        XCTAssertTrue(standing.outsideCircle)
        XCTAssertNil(standing.row)
        XCTAssertEqual(standing.pitfall, "P14")
        let large = query(edge, radius: 500, rank: .distance)
        let fixed = try XCTUnwrap(TutorialApp.standing(in: store, query: large, answer: answer(store, large)))
        XCTAssertFalse(fixed.outsideCircle)
        XCTAssertNotNil(fixed.row)
        XCTAssertNil(fixed.pitfall)
    }

    /// In Blue Bottle Coffee at Mint Plaza, popularity puts Westfield, 206 m away, first (P15);
    /// by distance the café comes first and nothing is wrong.
    func testPopularityAbovePresenceIsP15() throws {
        let store = PlaceStore.builtin
        let cafe = GeoPoint(latitude: 37.782371, longitude: -122.407669)
        let popular = query(cafe, radius: 500, rank: .popularity)
        let standing = try XCTUnwrap(TutorialApp.standing(in: store, query: popular, answer: answer(store, popular)))
        XCTAssertEqual(standing.place.name, "Blue Bottle Coffee")
        XCTAssertEqual(standing.first?.name, "Westfield San Francisco Centre")
        XCTAssertEqual(standing.firstDistance, 206, accuracy: 1)
        XCTAssertEqual(standing.pitfall, "P15")
        let nearest = query(cafe, radius: 500, rank: .distance)
        let fixed = try XCTUnwrap(TutorialApp.standing(in: store, query: nearest, answer: answer(store, nearest)))
        XCTAssertNil(fixed.first)
        XCTAssertEqual(fixed.row, 1)
        XCTAssertNil(fixed.pitfall)
    }

    /// Where the first place is one the device also stands in (Darling Harbour, at the
    /// tutorial's default point), popularity shows no pitfall.
    func testFirstPlaceTheDeviceIsInIsNoPitfall() throws {
        let store = PlaceStore.builtin
        let q = query(TutorialApp.defaultLocation, radius: 500, rank: .popularity)
        let standing = try XCTUnwrap(TutorialApp.standing(in: store, query: q, answer: answer(store, q)))
        XCTAssertNil(standing.first)
        XCTAssertNil(standing.pitfall)
    }

    /// Every pitfall has an example that exists, and the migration's pitfalls give their fix.
    func testNewPitfallsHaveExamplesAndFixes() {
        for id in ["P14", "P15", "P16", "P17"] {
            let p = Pitfalls.named(id)
            XCTAssertFalse(p?.fix.isEmpty ?? true, id)
            XCTAssertTrue(p?.example.hasPrefix("examples/p" + id.dropFirst()) ?? false, id)
        }
    }
}
