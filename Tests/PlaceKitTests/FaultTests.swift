import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// Faults: the order a likelihood request's checks run in, injected errors once and always,
/// the rate limit's sliding window, the Info.plist keys and location errors.
final class FaultTests: XCTestCase {
    private final class Owner {}

    private final class Rig {
        let session = Session()
        let owner = Owner()
        var codes: [PlacesErrorCode?] = []

        init(permission: LocationPermission = .whileUsing) {
            session.device.privacy.permission = permission
            session.device.position = DevicePosition(coordinate: TutorialApp.defaultLocation)
        }

        /// One request, answered; the error code, or nil for a list.
        @discardableResult
        func request(_ fields: PlaceFields = .tutorial) -> PlacesErrorCode? {
            session.findPlaceLikelihoods(fields: fields, owner: owner) { [unowned self] response in
                if case .failure(let code) = response { self.codes.append(code) } else { self.codes.append(nil) }
            }
            session.settle()
            return codes.last ?? nil
        }
    }

    func testCheckOrderIsTheDocumentedOne() {
        XCTAssertEqual(
            SimulationChoices.placesCheckOrder,
            [.fields, .location, .network, .apiKey, .project, .rateLimit, .injected])
        XCTAssertEqual(Set(SimulationChoices.placesCheckOrder), Set(PlacesCheck.allCases), "every check runs")
    }

    func testEachCheckWinsOverTheLaterOnes() {
        let rig = Rig(permission: .never)
        rig.session.places.faults.networkOnline = false
        rig.session.places.faults.apiKey = .expired
        rig.session.places.faults.rateLimit = PlacesRateLimit(perMinute: 1)
        rig.session.places.faults.injected = InjectedPlacesFault(code: .serverError, mode: .always)
        var bad = PlaceFields.tutorial
        bad.insert("phoneNumber")
        XCTAssertEqual(rig.request(bad), .invalidRequest)
        XCTAssertEqual(rig.request(), .locationError)
        rig.session.device.privacy.permission = .whileUsing
        XCTAssertEqual(rig.request(), .networkError)
        rig.session.places.faults.networkOnline = true
        XCTAssertEqual(rig.request(), .keyExpired)
        rig.session.places.faults.apiKey = .valid
        XCTAssertEqual(rig.request(), .serverError, "the limit lets the first request through")
        XCTAssertEqual(rig.request(), .rateLimitExceeded)
        rig.session.places.faults.rateLimit = nil
        XCTAssertEqual(rig.request(), .serverError)
        rig.session.places.faults.injected = nil
        XCTAssertNil(rig.request())
        XCTAssertEqual(rig.session.stats.placesRequests, 8, "every request counts")
        XCTAssertEqual(rig.session.stats.billing.first?.count, 1, "only the answered one bills")
    }

    func testOnceIsSpentOnlyByARequestThatReachesTheServers() {
        let rig = Rig(permission: .askNextTime)
        rig.session.places.faults.injected = InjectedPlacesFault(code: .keyInvalid, mode: .once)
        XCTAssertEqual(rig.request(), .locationError)
        XCTAssertNotNil(rig.session.places.faults.injected, "still armed")
        rig.session.device.privacy.permission = .whileUsing
        XCTAssertEqual(rig.request(), .keyInvalid)
        XCTAssertNil(rig.session.places.faults.injected)
        XCTAssertNil(rig.request())
    }

    func testAlwaysLastsUntilCleared() {
        let rig = Rig()
        rig.session.places.faults.injected = InjectedPlacesFault(code: .deviceRateLimitExceeded, mode: .always)
        for _ in 0..<5 { XCTAssertEqual(rig.request(), .deviceRateLimitExceeded) }
        rig.session.places.faults.injected = nil
        XCTAssertNil(rig.request())
    }

    func testRateLimitWindowSlides() {
        var limit = PlacesRateLimit(perMinute: 2)
        let s: Int64 = 1_000_000
        XCTAssertTrue(limit.admit(at: 0))
        XCTAssertTrue(limit.admit(at: 10 * s))
        XCTAssertFalse(limit.admit(at: 20 * s), "a third within 60 s is refused")
        XCTAssertFalse(limit.admit(at: 60 * s - 1), "the first still counts just before 60 s")
        XCTAssertEqual(limit.admitted, [0, 10 * s], "refused requests do not count")
        XCTAssertEqual(limit.nextFreeAt(59.9), 60)
        XCTAssertTrue(limit.admit(at: 60 * s), "at 60 s the first no longer counts")
        XCTAssertFalse(limit.admit(at: 69 * s))
        XCTAssertEqual(limit.used(at: 69), 2)
        XCTAssertEqual(limit.used(at: 70), 1)
        XCTAssertEqual(limit.used(at: 200), 0)
        XCTAssertNil(limit.nextFreeAt(200))
    }

    func testRateLimitThroughTheClock() {
        let rig = Rig()
        rig.session.places.faults.rateLimit = PlacesRateLimit(perMinute: 3)
        let results = (0..<4).map { _ in rig.request() }
        XCTAssertEqual(results, [nil, nil, nil, .rateLimitExceeded])
        rig.session.advance(by: 60)
        XCTAssertNil(rig.request(), "a minute later the window is empty again")
    }

    func testFaultsOutlastLaunchAndReset() {
        let session = Session()
        session.places.faults.networkOnline = false
        session.places.faults.apiKey = .invalid
        session.device.infoPlist.remove(.whenInUse)
        session.launch(flavor: .swift)
        session.reset()
        XCTAssertFalse(session.places.faults.networkOnline)
        XCTAssertEqual(session.places.faults.apiKey, .invalid)
        XCTAssertFalse(session.device.hasWhenInUseUsageKey)
    }

    func testCodesByNumberAndName() {
        for code in PlacesErrorCode.allCases {
            XCTAssertEqual(PlacesErrorCode(codeOrName: String(code.rawValue)), code)
            XCTAssertEqual(PlacesErrorCode(codeOrName: code.name), code)
            XCTAssertTrue(code.explanation.hasPrefix("\(code.name) (\(code.rawValue)): "))
        }
        XCTAssertNil(PlacesErrorCode(codeOrName: "-13"))
        XCTAssertNil(PlacesErrorCode(codeOrName: "NetworkError"))
        XCTAssertEqual(
            APIKeyState.allCases.map(\.errorCode), [nil, .keyInvalid, .keyExpired, .incorrectBundleIdentifier])
    }

    func testInfoPlistKeys() {
        var plist = InfoPlist.tutorial
        XCTAssertEqual(plist.keys, UsageKey.allCases)
        XCTAssertTrue(plist.remove(.always))
        XCTAssertFalse(plist.remove(.always))
        plist.set(.whenInUse, text: "Finds where you are")
        XCTAssertEqual(plist.keys, [.whenInUse, .alwaysAndWhenInUse])
        XCTAssertEqual(plist.text(for: .whenInUse), "Finds where you are")
    }

    func testLocationErrorStopsUpdatesForGoodEvenWhenTransient() {
        let h = Harness()
        h.locateSydney()
        h.session.device.privacy.permission = .whileUsing
        h.session.launch(flavor: .swift)
        h.session.settle()
        XCTAssertEqual(h.session.stats.locationUpdates, 1)
        XCTAssertTrue(h.session.injectLocationError(.locationUnknown))
        h.session.settle()
        XCTAssertTrue(h.log.contains("Error: Error Domain=kCLErrorDomain Code=0 \"(null)\""))
        XCTAssertFalse(h.app.locationManager.isUpdating)
        XCTAssertEqual(h.pitfalls.last, "P5")
        XCTAssertFalse(h.session.injectLocationError(.network), "nothing to fail once stopped")
        h.session.setDevicePosition(DevicePosition(coordinate: GeoPoint(latitude: 37.785834, longitude: -122.406417)))
        h.session.advance(by: 60)
        XCTAssertEqual(h.session.stats.locationUpdates, 1, "no fix after the error")
    }
}
