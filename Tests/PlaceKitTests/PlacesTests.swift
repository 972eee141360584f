import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The places client: when a likelihood request fails or succeeds, its latency, the field mask,
/// unrequested defaults, billing and error texts.
final class PlacesTests: XCTestCase {
    /// Stands in for the app as the owner of the callback.
    private final class Owner {}

    private final class Rig {
        let session = Session()
        let owner = Owner()
        var responses: [(time: Double, response: LikelihoodResponse)] = []

        init(
            permission: LocationPermission = .whileUsing, precise: Bool = true,
            position: GeoPoint? = TutorialApp.defaultLocation
        ) {
            session.device.privacy.permission = permission
            session.device.privacy.precise = precise
            session.device.position = position.map { DevicePosition(coordinate: $0) }
        }

        func request(_ fields: PlaceFields = .tutorial) {
            session.findPlaceLikelihoods(fields: fields, owner: owner) { [unowned self] response in
                self.responses.append((self.session.clock, response))
            }
        }

        var errorCodes: [PlacesErrorCode?] {
            responses.map {
                if case .failure(let code) = $0.response { return code }
                return nil
            }
        }

        var lastList: [PlaceLikelihood]? {
            guard let last = responses.last, case .success(let list) = last.response else { return nil }
            return list
        }
    }

    /// The dataset is the built-in set until it is set, whether it is first read, first changed
    /// or first searched by a request (which reads it where it is stored, not through a copy).
    func testTheDatasetIsTheBuiltInSetWhicheverWayItIsFirstUsed() {
        let builtin = PlaceStore.builtin
        var read = PlacesService()
        XCTAssertEqual(read.dataset.places.map(\.id), builtin.places.map(\.id))
        var searched = PlacesService()
        XCTAssertEqual(searched.withDataset { $0.count }, builtin.count)
        var changed = PlacesService()
        _ = changed.dataset.add(PlaceRecord(id: "extra", name: "Extra", latitude: 1, longitude: 2), source: "added")
        XCTAssertEqual(changed.dataset.count, builtin.count + 1)
        XCTAssertEqual(changed.dataset.places.last?.id, "extra")
        var set = PlacesService()
        set.dataset = PlaceStore(source: "empty")
        XCTAssertEqual(set.withDataset { $0.count }, 0)

        // A request answers from the built-in places.
        let rig = Rig()
        rig.request()
        rig.session.settle(limit: 10)
        let ranked = LikelihoodModel.rank(
            builtin, at: TutorialApp.defaultLocation, accuracy: rig.session.device.position?.horizontalAccuracy ?? -1)
        XCTAssertFalse(ranked.isEmpty)
        XCTAssertEqual(rig.lastList?.map(\.place.source.id), ranked.map(\.place.id))
    }

    func testRequestWhileNotDeterminedOrDeniedFailsWithLocationError() {
        for permission in [LocationPermission.askNextTime, .never] {
            let rig = Rig(permission: permission)
            rig.request()
            rig.session.settle()
            XCTAssertEqual(rig.errorCodes, [.locationError], "\(permission)")
        }
        let restricted = Rig()
        restricted.session.device.privacy.restricted = true
        restricted.request()
        restricted.session.settle()
        XCTAssertEqual(restricted.errorCodes, [.locationError])
    }

    func testRequestWithNoPositionFailsWithLocationError() {
        let rig = Rig(position: nil)
        rig.request()
        rig.session.settle()
        XCTAssertEqual(rig.errorCodes, [.locationError])
    }

    func testRequestWhenAuthorizedSucceeds() {
        for permission in [LocationPermission.whileUsing, .always] {
            let rig = Rig(permission: permission)
            rig.request()
            rig.session.settle()
            XCTAssertEqual(rig.errorCodes, [nil])
            let list = rig.lastList ?? []
            XCTAssertFalse(list.isEmpty)
            XCTAssertTrue(list.allSatisfy { $0.place.source.area == "sydney" })
        }
        let once = Rig(permission: .askNextTime)
        once.session.device.privacy.allowedOnce = true
        once.request()
        once.session.settle()
        XCTAssertEqual(once.errorCodes, [nil])
    }

    func testRequestIsJudgedWhenMade() {
        let early = Rig(permission: .askNextTime)
        early.request()
        early.session.device.privacy.permission = .whileUsing  // allowed while the request is in flight
        early.session.settle()
        XCTAssertEqual(early.errorCodes, [.locationError])

        let late = Rig()
        late.request()
        late.session.device.privacy.permission = .never
        late.session.device.position = nil
        late.session.settle()
        XCTAssertEqual(late.errorCodes, [nil])

        // The list is for the position at request time, not at response time.
        let moved = Rig()
        moved.request()
        moved.session.device.position = DevicePosition(
            coordinate: LocationPreset.named("sf")!.coordinate)
        moved.session.settle()
        XCTAssertEqual(moved.lastList?.first?.place.source.area, "sydney")
    }

    func testResponseArrivesAfterTheLatency() {
        let rig = Rig()
        rig.session.advance(by: 3)
        rig.request()
        rig.session.advance(by: SimulationChoices.placesLatency - 0.000001)
        XCTAssertTrue(rig.responses.isEmpty)
        rig.session.advance(by: 0.000001)
        XCTAssertEqual(rig.responses.map(\.time), [3.4])
        XCTAssertEqual(SimulationChoices.placesLatency, 0.4)
    }

    func testFailuresArriveAfterTheLatencyToo() {
        let rig = Rig(permission: .never)
        rig.request()
        XCTAssertTrue(rig.responses.isEmpty, "never synchronously")
        rig.session.settle()
        XCTAssertEqual(rig.responses.map(\.time), [0.4])
    }

    func testUnsupportedFieldsAreInvalidRequests() {
        for name in ["phoneNumber", "website", "addressComponents", "openingHours", "utcOffsetMinutes"] {
            var fields = PlaceFields.tutorial
            fields.insert(name)
            XCTAssertEqual(fields.unsupported, [name])
            let rig = Rig()
            rig.request(fields)
            rig.session.settle()
            XCTAssertEqual(rig.errorCodes, [.invalidRequest], name)
        }
        // An empty mask is no error: the places come back with no field (GMSPlaceField).
        let empty = Rig()
        empty.request(PlaceFields())
        empty.session.settle()
        XCTAssertEqual(empty.errorCodes, [nil])
        let places = empty.lastList ?? []
        XCTAssertFalse(places.isEmpty)
        for likelihood in places {
            XCTAssertNil(likelihood.place.name)
            XCTAssertNil(likelihood.place.placeID)
            XCTAssertEqual(likelihood.place.coordinate, .invalid)
            XCTAssertNil(likelihood.place.formattedAddress)
        }

        // The mask is checked before the permission.
        let denied = Rig(permission: .never)
        denied.request(PlaceFields(names: ["phoneNumber"]))
        denied.session.settle()
        XCTAssertEqual(denied.errorCodes, [.invalidRequest])
    }

    func testSupportedFieldsSucceed() {
        let names = PlaceFields.catalogue.filter(\.likelihoods).map(\.name)
        let rig = Rig()
        rig.request(PlaceFields(names: names))
        rig.session.settle()
        XCTAssertEqual(rig.errorCodes, [nil])
    }

    // MARK: Field mask

    func testFieldMaskBits() {
        XCTAssertEqual(PlaceFields.tutorial.bits, 0b1001)
        XCTAssertEqual(PlaceFields.tutorial.names, ["name", "coordinate"])
        XCTAssertEqual(PlaceFields.tutorial.swiftSyntax, "[.name, .coordinate]")
        XCTAssertEqual(PlaceFields(names: ["formattedAddress"]).bits, 1 << 6)
        XCTAssertEqual(PlaceFields(names: ["iconBackgroundColor"]).bits, 1 << 18)
        XCTAssertEqual(PlaceFields(names: ["nonsense"]).bits, 0)
        var f = PlaceFields.tutorial
        f.insert("rating")
        f.insert("rating")
        f.remove("name")
        f.remove("website")  // not present: nothing happens
        XCTAssertEqual(f.names, ["coordinate", "rating"])
        XCTAssertTrue(f.contains("rating"))
        XCTAssertFalse(f.contains("name"))
        XCTAssertFalse(f.contains("nonsense"))
        XCTAssertEqual(PlaceFields.allNames.count, 19)
        XCTAssertEqual(PlaceFields.catalogue.map(\.bit), Array(0..<19))
    }

    func testUnrequestedFieldsReadAsTheSDKDefaults() {
        let place = Place(
            id: "p1", name: "Somewhere", coordinate: GeoPoint(latitude: 1, longitude: 2), types: ["cafe", "food"],
            address: "1 Main St", rating: 4.4, priceLevel: 2, radius: 20, area: "test")
        let bare = FetchedPlace(place, fields: PlaceFields(names: ["name"]))
        XCTAssertEqual(bare.name, "Somewhere")
        XCTAssertNil(bare.placeID)
        XCTAssertNil(bare.formattedAddress)
        XCTAssertEqual(bare.coordinate, GeoPoint.invalid)
        XCTAssertEqual(bare.coordinate, GeoPoint(latitude: -180, longitude: -180))
        XCTAssertFalse(bare.coordinate.isValid)
        XCTAssertEqual(bare.rating, 0)
        XCTAssertEqual(bare.priceLevel, -1)
        XCTAssertEqual(bare.types, [])
        XCTAssertEqual(bare.source, place, "the source stays for the shell")

        let noName = FetchedPlace(place, fields: PlaceFields(names: ["coordinate"]))
        XCTAssertNil(noName.name)
        XCTAssertEqual(noName.coordinate, GeoPoint(latitude: 1, longitude: 2))

        let full = FetchedPlace(place, fields: PlaceFields(names: PlaceFields.allNames))
        XCTAssertEqual(full.name, "Somewhere")
        XCTAssertEqual(full.placeID, "p1")
        XCTAssertEqual(full.formattedAddress, "1 Main St")
        XCTAssertEqual(full.rating, 4.4)
        XCTAssertEqual(full.priceLevel, 2)
        XCTAssertEqual(full.types, ["cafe", "food"])
    }

    func testTutorialFieldsGiveNoAddress() {
        let rig = Rig()
        rig.request()
        rig.session.settle()
        let list = rig.lastList ?? []
        XCTAssertFalse(list.isEmpty)
        for item in list {
            XCTAssertNotNil(item.place.name)
            XCTAssertTrue(item.place.coordinate.isValid)
            XCTAssertNil(item.place.formattedAddress)
            XCTAssertNil(item.place.placeID)
            XCTAssertEqual(item.place.rating, 0)
            XCTAssertEqual(item.place.priceLevel, -1)
        }
    }

    // MARK: Billing

    func testBillingPerRequestAndPerTier() {
        let rig = Rig()
        rig.request()
        XCTAssertEqual(rig.session.stats.placesRequests, 1)
        XCTAssertEqual(rig.session.stats.billing.map(\.sku), ["findCurrentPlace", "basicData"])
        XCTAssertEqual(rig.session.stats.billing.map(\.count), [1, 1])

        rig.request(PlaceFields(names: ["name", "rating"]))
        rig.request(PlaceFields(names: ["rating"]))
        XCTAssertEqual(rig.session.stats.placesRequests, 3)
        XCTAssertEqual(
            rig.session.stats.billing.map(\.sku),
            ["findCurrentPlace", "basicData", "atmosphereData"])
        XCTAssertEqual(rig.session.stats.billing.map(\.count), [3, 2, 2])
        XCTAssertEqual(Stats.skuName("atmosphereData"), "Places Data: Atmosphere")
    }

    func testFailedRequestsAreCountedButNotBilled() {
        let denied = Rig(permission: .never)
        denied.request()
        let invalid = Rig()
        invalid.request(PlaceFields(names: ["name", "website"]))
        for rig in [denied, invalid] {
            XCTAssertEqual(rig.session.stats.placesRequests, 1)
            XCTAssertTrue(rig.session.stats.billing.isEmpty, "\(rig.session.stats.billing)")
        }
    }

    func testTiers() {
        XCTAssertEqual(PlaceFields.tutorial.tiers, ["Basic"])
        XCTAssertEqual(PlaceFields(names: ["priceLevel", "userRatingsTotal"]).tiers, ["Atmosphere"])
        XCTAssertEqual(PlaceFields(names: ["website", "name"]).tiers, ["Basic", "Contact"])
        XCTAssertEqual(PlaceFields(names: PlaceFields.allNames).tiers, ["Basic", "Contact", "Atmosphere"])
        XCTAssertEqual(PlaceFields().tiers, [])
    }

    // MARK: Errors

    func testErrorCodesAndNames() {
        XCTAssertEqual(PlacesErrorCode.allCases.map(\.rawValue), Array((-12...(-1)).reversed()))
        XCTAssertEqual(PlacesErrorCode.locationError.name, "locationError")
        XCTAssertEqual(PlacesErrorCode.invalidRequest.name, "invalidRequest")
        XCTAssertEqual(PlacesErrorCode.deviceRateLimitExceeded.name, "deviceRateLimitExceeded")
        XCTAssertEqual(
            PlacesErrorCode.allCases.filter(\.isRetryable), [.networkError, .serverError, .internalError])
    }

    func testErrorTextsForEveryCode() {
        var seen = Set<String>()
        for code in PlacesErrorCode.allCases {
            let text = code.localizedDescription
            // The SDK's own description: no Foundation prefix, a whole sentence, one per code.
            XCTAssertFalse(text.hasPrefix("The operation couldn’t be completed."), code.name)
            XCTAssertTrue(text.hasSuffix("."), code.name)
            XCTAssertTrue(seen.insert(text).inserted, "\(code.name) repeats another description")
        }
        // The logged ones, word for word.
        XCTAssertEqual(
            PlacesErrorCode.keyInvalid.localizedDescription,
            "Operation failed due to an invalid (malformed or missing) API key. See the developer's guide (https://developers.google.com/places/ios-sdk/start) for information on creating and using an API key."
        )
        XCTAssertEqual(
            PlacesErrorCode.accessNotConfigured.localizedDescription,
            "The Places API for iOS is not enabled. See the developer's guide (https://developers.google.com/places/ios-api/start) for how to enable the Google Places API for iOS."
        )
        XCTAssertEqual(
            PlacesErrorCode.internalError.localizedDescription,
            "An internal error occurred in the Places SDK library. If you believe this error represents a bug, please file a report using the instructions on our community and support page (https://developers.google.com/places/ios-sdk/support)."
        )
        XCTAssertEqual(
            PlacesErrorCode.allCases.filter { $0.logged != nil },
            [.internalError, .keyInvalid, .accessNotConfigured, .invalidRequest])
        XCTAssertEqual(
            PlacesErrorCode.locationError.localizedDescription,
            "The Places SDK could not find the user's location. This may be because the user has not allowed the application to access location information."
        )
        XCTAssertEqual(PlacesErrorCode.accessNotConfigured.nearbyHTTPStatus?.code, 403)
        XCTAssertNil(PlacesErrorCode.keyInvalid.nearbyHTTPStatus)
    }

    // MARK: Reduced accuracy and results

    func testReducedAccuracyRequestUsesTheCoarsePosition() {
        let precise = Rig()
        precise.request()
        precise.session.settle()
        let coarse = Rig(precise: false)
        coarse.request()
        coarse.session.settle()
        let p = precise.lastList ?? []
        let c = coarse.lastList ?? []
        XCTAssertFalse(p.isEmpty)
        XCTAssertFalse(c.isEmpty)
        XCTAssertLessThan(c[0].likelihood ?? 1, p[0].likelihood ?? 0, "reduced accuracy is flatter")
        let fix = LocationManager.coarsened(
            LocationFix(
                coordinate: TutorialApp.defaultLocation, horizontalAccuracy: 5, speed: -1, course: -1, timestamp: 0))
        let expected = LikelihoodModel.rank(PlaceStore.builtin.places, at: fix.coordinate, accuracy: 3000)
        XCTAssertEqual(c.map(\.place.source.id), expected.map(\.place.id))
        XCTAssertEqual(c.map(\.likelihood), expected.map(\.likelihood))
    }

    func testNoPlaceNearbySucceedsWithAnEmptyList() {
        let rig = Rig(position: GeoPoint(latitude: -40, longitude: -140))  // the South Pacific
        rig.request()
        rig.session.settle()
        XCTAssertEqual(rig.errorCodes, [nil])
        XCTAssertEqual(rig.lastList?.count, 0)
    }

    func testTheCallbackOfAnEndedOwnerDoesNotRun() {
        let h = Harness()
        h.locateSydney()
        h.session.device.privacy.permission = .whileUsing
        h.session.launch(flavor: .swift)
        XCTAssertEqual(h.app.requestsInFlight, 1)
        h.session.terminate()
        XCTAssertTrue(h.session.pendingEvents.isEmpty)
    }

    func testBuiltinDatasetHasEnoughPlacesPerArea() {
        let areas = PlaceStore.builtin.areas
        XCTAssertEqual(Set(areas.map(\.name)), ["sydney", "sf", "cupertino"])
        for area in areas { XCTAssertGreaterThanOrEqual(area.count, 40, area.name) }
        let ids = PlaceStore.builtin.places.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "place IDs are unique")
        XCTAssertTrue(
            PlaceStore.builtin.places.contains { $0.id == "ChIJN1t_tDeuEmsRUsoyG83frY4" && $0.name == "Google Sydney" })
    }
}
