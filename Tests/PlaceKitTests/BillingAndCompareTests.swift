import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// What each flow bills per answered request, the figures `stats billing` shows, and `compare`:
/// both lists at the device's position, taken without sending, counting or billing anything.
final class BillingAndCompareTests: XCTestCase {
    func testLegacyRequestBillsFindCurrentPlaceAndOneDataSKUPerTier() {
        XCTAssertEqual(Billing.legacyRequest(.tutorial), ["findCurrentPlace", "basicData"])
        XCTAssertEqual(
            Billing.legacyRequest(PlaceFields(names: ["name", "rating", "website"])),
            ["findCurrentPlace", "basicData", "contactData", "atmosphereData"])
        XCTAssertEqual(Billing.legacyRequest(PlaceFields()), ["findCurrentPlace"])
    }

    func testNearbyRequestBillsTheHighestSKU() {
        var s = NearbySettings()
        XCTAssertEqual(Billing.nearbyRequest(s), ["nearbySearchPro"])
        XCTAssertEqual(Billing.nearbyReasons(s), ["name", "coordinate"])
        s.properties = NearbyProperties.normalized(["name", "rating", "formattedAddress"])
        XCTAssertEqual(Billing.nearbyRequest(s), ["nearbySearchEnterprise"])
        XCTAssertEqual(Billing.nearbyReasons(s), ["rating"])
        s.properties = NearbyProperties.allNames
        XCTAssertEqual(Billing.nearbyRequest(s), ["nearbySearchEnterpriseAtmosphere"])
        XCTAssertEqual(
            Billing.request(flavor: .nearby, fields: .tutorial, nearby: s), ["nearbySearchEnterpriseAtmosphere"])
        XCTAssertEqual(Billing.request(flavor: .objc, fields: .tutorial, nearby: s), ["findCurrentPlace", "basicData"])
    }

    /// Every SKU a request can bill is in the table, once, with figures only where stated.
    func testEverySKUIsListedWithOnlyConfirmedFigures() {
        let keys = Billing.skus.map(\.key)
        XCTAssertEqual(Set(keys).count, keys.count)
        for key in ["findCurrentPlace", "basicData", "contactData", "atmosphereData"] + NearbySKU.allCases.map(\.key) {
            XCTAssertNotNil(Billing.sku(key), key)
            XCTAssertEqual(Billing.sku(key)?.name, Stats.skuName(key))
        }
        XCTAssertEqual(Billing.sku("findCurrentPlace")?.freePerMonth, 5_000)
        XCTAssertEqual(Billing.sku("findCurrentPlace")?.pricePer1000, 30)
        XCTAssertEqual(Billing.sku("nearbySearchPro")?.freePerMonth, 5_000)
        XCTAssertEqual(Billing.sku("nearbySearchEnterprise")?.freePerMonth, 1_000)
        XCTAssertNil(Billing.sku("basicData")?.freePerMonth)
        for sku in NearbySKU.allCases {
            XCTAssertNil(Billing.sku(sku.key)?.pricePer1000, "no Nearby Search price is confirmed")
        }
    }

    private func session(at point: GeoPoint = TutorialApp.defaultLocation) -> Session {
        let session = Session()
        session.device.privacy.permission = .whileUsing
        session.device.position = DevicePosition(coordinate: point)
        return session
    }

    func testCompareNeedsAPosition() {
        XCTAssertNil(Session().compareRequests())
    }

    /// The two lists are the models' answers at the position; nothing is counted or billed.
    func testCompareIsBothModelsAndChangesNothing() throws {
        let s = session()
        s.places.nearby.maxResultCount = 5
        s.places.nearby.rank = .distance
        let c = try XCTUnwrap(s.compareRequests())
        let point = TutorialApp.defaultLocation
        XCTAssertEqual(
            c.legacy.map(\.place.id),
            LikelihoodModel.rank(s.places.dataset, at: point, accuracy: c.accuracy).map(\.place.id))
        XCTAssertEqual(
            c.nearby.map(\.place.id),
            NearbyModel.search(s.places.dataset, center: point, settings: s.places.nearby).map(\.place.id))
        XCTAssertEqual(c.nearby.count, 5)
        XCTAssertEqual(s.stats.placesRequests, 0)
        XCTAssertTrue(s.stats.billing.isEmpty)
        XCTAssertNil(s.lastNearbyQuery)
        // kept: the legacy top k places the nearby top k also has, in legacy order.
        let nearbyTop = Set(c.nearby.prefix(5).map(\.place.id))
        XCTAssertEqual(c.kept(top: 5).map(\.id), c.legacy.prefix(5).map(\.place.id).filter { nearbyTop.contains($0) })
        for f in c.nearby {
            XCTAssertEqual(
                c.legacyRank(of: f.place.id), c.legacy.firstIndex { $0.place.id == f.place.id }.map { $0 + 1 })
        }
    }

    func testCompareWithRefusedKnobsHasNoNearbyList() throws {
        let s = session()
        s.places.nearby.radius = 60_000
        let c = try XCTUnwrap(s.compareRequests())
        XCTAssertTrue(c.nearby.isEmpty)
        XCTAssertFalse(c.problems.isEmpty)
        XCTAssertFalse(c.legacy.isEmpty)
        XCTAssertTrue(c.kept(top: 5).isEmpty)
    }

    func testCompareUnderReducedAccuracyUsesTheCoarsenedFix() throws {
        let s = session()
        s.device.privacy.precise = false
        let c = try XCTUnwrap(s.compareRequests())
        XCTAssertTrue(c.reduced)
        XCTAssertEqual(c.accuracy, SimulationChoices.reducedHorizontalAccuracy)
        let fix = LocationManager.coarsened(
            LocationFix(
                coordinate: TutorialApp.defaultLocation, horizontalAccuracy: 5, speed: -1, course: -1, timestamp: 0))
        XCTAssertEqual(c.point.latitude, fix.coordinate.latitude)
        XCTAssertEqual(c.point.longitude, fix.coordinate.longitude)
    }
}
