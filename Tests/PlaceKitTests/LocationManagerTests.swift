import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// Records what a location manager tells its delegate, in order.
final class RecordingDelegate: LocationManagerDelegate {
    var calls: [String] = []
    var statuses: [AuthorizationStatus] = []
    var fixes: [LocationFix] = []
    var errors: [LocationErrorCode] = []
    /// Each didUpdateLocations call's locations.
    var batches: [[LocationFix]] = []

    func locationManager(didChangeAuthorization status: AuthorizationStatus) {
        statuses.append(status)
        calls.append("status \(status.rawValue)")
    }
    func locationManager(didUpdateLocations locations: [LocationFix]) {
        fixes.append(contentsOf: locations)
        batches.append(locations)
        calls.append("fix")
    }
    func locationManager(didFailWithError code: LocationErrorCode) {
        errors.append(code)
        calls.append("error \(code.rawValue)")
    }
}

/// A location manager on its own, with a recording delegate (no app).
final class ManagerRig {
    let session = Session()
    let delegate = RecordingDelegate()
    let manager: LocationManager
    static let origin = GeoPoint(latitude: -33.869405, longitude: 151.199)

    init(permission: LocationPermission = .whileUsing, precise: Bool = true, position: GeoPoint? = ManagerRig.origin) {
        session.device.privacy.permission = permission
        session.device.privacy.precise = precise
        session.device.position = position.map { DevicePosition(coordinate: $0) }
        manager = LocationManager(session: session)
        manager.reportInitialAuthorization(owner: nil)
        manager.delegate = delegate
        manager.distanceFilter = 50
    }

    func move(to point: GeoPoint?, accuracy: Double = 5) {
        session.device.position = point.map { DevicePosition(coordinate: $0, horizontalAccuracy: accuracy) }
        manager.positionDidChange()
    }

    /// Moves `metres` north of the origin.
    func moveNorth(_ metres: Double) {
        move(to: destination(from: ManagerRig.origin, bearing: 0, metres: metres))
    }

    func change(_ edit: (inout PrivacySettings) -> Void) {
        edit(&session.device.privacy)
        manager.privacyDidChange()
    }
}

final class LocationManagerTests: XCTestCase {
    // MARK: Authorization callbacks and the prompt

    func testInitialAuthorizationCallbackOnCreation() {
        let rig = ManagerRig(permission: .askNextTime)
        XCTAssertEqual(rig.session.pendingEvents.map(\.label), ["locationManager(_:didChangeAuthorization:)"])
        XCTAssertEqual(rig.session.pendingEvents.first?.time, SimulationChoices.authorizationCallbackDelay)
        XCTAssertEqual(rig.delegate.statuses, [], "asynchronous: nothing before the run loop turns")
        rig.session.settle()
        XCTAssertEqual(rig.delegate.statuses, [.notDetermined])
    }

    func testInitialCallbackReportsTheCurrentStatus() {
        for (permission, status) in [
            (LocationPermission.never, AuthorizationStatus.denied), (.whileUsing, .authorizedWhenInUse),
            (.always, .authorizedAlways),
        ] {
            let rig = ManagerRig(permission: permission, position: nil)
            rig.session.settle()
            XCTAssertEqual(rig.delegate.statuses, [status])
        }
    }

    func testOnlyStatusChangesAreReported() {
        let rig = ManagerRig(permission: .whileUsing, position: nil)
        rig.session.settle()
        rig.change { $0.precise = false }  // accuracy only: the deprecated callback is not called
        rig.session.settle()
        rig.change { $0.permission = .always }
        rig.session.settle()
        rig.change { $0.permission = .always }
        rig.session.settle()
        rig.change { $0.servicesEnabled = false }
        rig.session.settle()
        XCTAssertEqual(rig.delegate.statuses, [.authorizedWhenInUse, .authorizedAlways, .denied])
    }

    func testPromptAppearsOnlyWhileNotDetermined() {
        var events: [Event] = []
        let rig = ManagerRig(permission: .askNextTime)
        rig.session.eventSink = { events.append($0) }
        rig.manager.requestWhenInUseAuthorization()
        XCTAssertFalse(rig.session.device.promptOpen)
        rig.session.settle()
        XCTAssertTrue(rig.session.device.promptOpen)
        XCTAssertEqual(events.map(\.name), ["alert"])
        let alert = events[0]
        XCTAssertEqual(
            alert.fields.first?.value, .string("Allow “current-place-on-map” to use your location?"),
            "the app's name is the bundle's display name, not the navigation bar's title")
        XCTAssertTrue(alert.fields.contains(Value.Field("precise", .bool(true))))
        // A second request while the alert is open shows nothing new.
        rig.manager.requestWhenInUseAuthorization()
        rig.session.settle()
        XCTAssertEqual(events.map(\.name), ["alert"])

        for permission in [LocationPermission.never, .whileUsing, .always] {
            let other = ManagerRig(permission: permission)
            var names: [String] = []
            other.session.eventSink = { names.append($0.name) }
            other.manager.requestWhenInUseAuthorization()
            other.session.settle()
            XCTAssertFalse(other.session.device.promptOpen, "\(permission)")
            XCTAssertEqual(names, [], "\(permission)")
        }
    }

    func testMissingUsageKeyPrintsTheSystemLineAndShowsNoPrompt() {
        let rig = ManagerRig(permission: .askNextTime)
        rig.session.device.hasWhenInUseUsageKey = false
        var names: [String] = []
        rig.session.eventSink = { names.append($0.name) }
        rig.manager.requestWhenInUseAuthorization()
        rig.session.settle()
        XCTAssertFalse(rig.session.device.promptOpen)
        XCTAssertEqual(names, ["console", "note"], "the system line, then the note that the request was ignored")
        XCTAssertEqual(
            rig.session.log,
            [
                "This app has attempted to access privacy-sensitive data without a usage description. "
                    + "The app's Info.plist must contain an “NSLocationWhenInUseUsageDescription” key with a string "
                    + "value explaining to the user how the app uses this data"
            ])
        XCTAssertEqual(rig.delegate.statuses, [.notDetermined], "the status stays notDetermined")
    }

    func testAlwaysRequestNeedsBothKeys() {
        for missing in [UsageKey.whenInUse, .alwaysAndWhenInUse] {
            let rig = ManagerRig(permission: .askNextTime)
            rig.session.device.infoPlist.remove(missing)
            rig.manager.requestAlwaysAuthorization()
            rig.session.settle()
            XCTAssertFalse(rig.session.device.promptOpen, "\(missing)")
            XCTAssertEqual(
                rig.session.log,
                [
                    "This app has attempted to access privacy-sensitive data without a usage description. "
                        + "The app's Info.plist must contain both “NSLocationAlwaysAndWhenInUseUsageDescription” and "
                        + "“NSLocationWhenInUseUsageDescription” keys with string values explaining to the user how "
                        + "the app uses this data"
                ], "\(missing)")
        }
        let rig = ManagerRig(permission: .askNextTime)
        rig.session.device.infoPlist.remove(.always)
        rig.manager.requestAlwaysAuthorization()
        rig.session.settle()
        XCTAssertTrue(rig.session.device.promptOpen, "the legacy always key is not needed")
    }

    func testDefaultAccuracyReducedTurnsTheAlertsPreciseSwitchOff() {
        let rig = ManagerRig(permission: .askNextTime)
        rig.session.device.infoPlist.defaultAccuracyReduced = true
        var alerts: [Event] = []
        rig.session.eventSink = { if $0.name == "alert" { alerts.append($0) } }
        rig.manager.requestWhenInUseAuthorization()
        rig.session.settle()
        XCTAssertTrue(rig.session.device.promptOpen)
        XCTAssertTrue(rig.session.device.promptAccuracyReduced)
        XCTAssertEqual(alerts.count, 1)
        XCTAssertTrue(alerts.first?.text.contains("[Precise: Off — approximate map, no switch]") ?? false)
    }

    func testPromptAnsweredBeforeItAppearsIsNotShown() {
        let rig = ManagerRig(permission: .askNextTime)
        rig.manager.requestWhenInUseAuthorization()
        rig.session.device.privacy.permission = .whileUsing  // answered in Settings first
        rig.session.settle()
        XCTAssertFalse(rig.session.device.promptOpen)
    }

    // MARK: When fixes arrive

    func testFirstFixArrivesAfterTheFixDelay() {
        let rig = ManagerRig()
        rig.manager.startUpdatingLocation()
        rig.session.advance(by: SimulationChoices.fixDelay - 0.000001)
        XCTAssertEqual(rig.delegate.fixes.count, 0)
        rig.session.advance(by: 0.000001)
        XCTAssertEqual(rig.delegate.fixes.count, 1)
        let fix = rig.delegate.fixes[0]
        XCTAssertEqual(fix.timestamp, 1.0)
        XCTAssertEqual(fix.coordinate, ManagerRig.origin)
        XCTAssertEqual(fix.horizontalAccuracy, 5)
        XCTAssertEqual(rig.manager.lastDelivered, fix)
        XCTAssertEqual(rig.session.stats.locationUpdates, 1)
    }

    func testNoFixBeforeAuthorization() {
        let rig = ManagerRig(permission: .askNextTime)
        rig.manager.startUpdatingLocation()
        rig.session.advance(by: 60)
        XCTAssertEqual(rig.delegate.fixes.count, 0)
        rig.change { $0.permission = .whileUsing }
        rig.session.advance(by: 0.999999)
        XCTAssertEqual(rig.delegate.fixes.count, 0)
        rig.session.advance(by: 0.000001)
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [61], "delivery begins once authorized")
    }

    func testNoFixBeforeStartUpdating() {
        let rig = ManagerRig()
        rig.session.advance(by: 30)
        rig.moveNorth(500)
        rig.session.advance(by: 30)
        XCTAssertEqual(rig.delegate.fixes.count, 0)
        XCTAssertFalse(rig.manager.isUpdating)
        rig.manager.startUpdatingLocation()
        XCTAssertTrue(rig.manager.isUpdating)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [61])
    }

    func testNoFixWithoutAPosition() {
        let rig = ManagerRig(position: nil)
        rig.session.device.noLocationReport = .silent  // the older reading: no error either
        rig.manager.startUpdatingLocation()
        rig.session.advance(by: 100)
        XCTAssertEqual(rig.delegate.fixes.count, 0)
        XCTAssertEqual(rig.delegate.errors, [])
        rig.move(to: ManagerRig.origin)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [101])
    }

    func testLocationUnknownWithoutAPosition() {
        let rig = ManagerRig(position: nil)
        rig.manager.startUpdatingLocation()
        rig.session.advance(by: 0.5)
        XCTAssertEqual(rig.delegate.errors, [])
        rig.session.advance(by: 0.5)
        XCTAssertEqual(rig.delegate.errors, [.locationUnknown])
        // The manager reports; stopping is the delegate's choice (the tutorial stops: P5).
        XCTAssertTrue(rig.manager.isUpdating)
        rig.move(to: ManagerRig.origin)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [2])
    }

    func testNoLocationErrorBeforeAnAnswer() {
        let rig = ManagerRig(permission: .askNextTime, position: nil)
        rig.manager.startUpdatingLocation()
        rig.session.advance(by: 100)
        XCTAssertEqual(rig.delegate.errors, [])
    }

    func testMovesBeforeTheRunLoopTurnsArriveInOneCall() {
        let rig = ManagerRig()
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        XCTAssertEqual(rig.delegate.batches.count, 1)
        rig.moveNorth(100)
        rig.moveNorth(120)  // 20 m from the one before: filtered
        rig.moveNorth(200)
        rig.moveNorth(300)
        XCTAssertEqual(rig.manager.queuedReadings.count, 3)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.batches.count, 2)
        XCTAssertEqual(rig.delegate.batches.last?.count, 3)
        XCTAssertEqual(rig.manager.lastDelivered, rig.delegate.batches.last?.last)
    }

    func testStopUpdatingCancelsAPendingFix() {
        let rig = ManagerRig()
        rig.manager.startUpdatingLocation()
        rig.session.advance(by: 0.5)
        rig.manager.stopUpdatingLocation()
        XCTAssertTrue(rig.session.pendingEvents.filter { $0.label.contains("didUpdateLocations") }.isEmpty)
        rig.session.advance(by: 10)
        XCTAssertEqual(rig.delegate.fixes.count, 0)
    }

    func testMovingWhileAFixIsPendingDeliversTheNewestPosition() {
        let rig = ManagerRig()
        rig.manager.startUpdatingLocation()
        rig.session.advance(by: 0.5)
        rig.moveNorth(300)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 1)
        XCTAssertEqual(rig.delegate.fixes[0].timestamp, 1.0, "one fix, at the time the first was due")
        XCTAssertEqual(distance(rig.delegate.fixes[0].coordinate, ManagerRig.origin), 300, accuracy: 1e-6)
    }

    // MARK: Distance filter

    func testDistanceFilterMeasuresFromTheLastDeliveredFix() {
        let rig = ManagerRig()
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 1)

        rig.moveNorth(49)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 1, "49 m is below the 50 m filter")
        XCTAssertEqual(rig.manager.lastDelivered?.coordinate, ManagerRig.origin)

        rig.moveNorth(51)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 2, "51 m from the last delivered fix passes")
        XCTAssertEqual(distance(rig.delegate.fixes[1].coordinate, ManagerRig.origin), 51, accuracy: 1e-6)
    }

    func testSmallMovesAddUp() {
        let rig = ManagerRig()
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        for metres in [20.0, 40.0] {
            rig.moveNorth(metres)
            rig.session.settle()
        }
        XCTAssertEqual(rig.delegate.fixes.count, 1, "two moves of 20 m are 40 m from the last fix")
        rig.moveNorth(60)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 2, "the third 20 m move makes 60 m")
        // Measured from the new fix at 60 m now: 100 m from the origin is only 40 m from it.
        rig.moveNorth(100)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 2)
        rig.moveNorth(111)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 3)
    }

    func testDistanceFilterNoneReportsEveryMove() {
        let rig = ManagerRig()
        rig.manager.distanceFilter = -1
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        rig.moveNorth(1)
        rig.session.settle()
        rig.moveNorth(2)
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 3)
    }

    func testFixCarriesSpeedCourseAndAccuracyOfThePosition() {
        let rig = ManagerRig()
        rig.session.device.position = DevicePosition(
            coordinate: ManagerRig.origin, horizontalAccuracy: 12.5, speed: 3.25, course: 90)
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        let fix = rig.delegate.fixes[0]
        XCTAssertEqual(fix.horizontalAccuracy, 12.5)
        XCTAssertEqual(fix.speed, 3.25)
        XCTAssertEqual(fix.course, 90)
    }

    // MARK: Reduced accuracy

    func testReducedAccuracySnapsToTheGrid() {
        let rig = ManagerRig(precise: false)
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.count, 1)
        let fix = rig.delegate.fixes[0]
        // -33.869405 lies in the 0.02° cell [-33.88, -33.86); 151.199 in [151.18, 151.20).
        XCTAssertEqual(fix.coordinate.latitude, -33.87, accuracy: 1e-9)
        XCTAssertEqual(fix.coordinate.longitude, 151.19, accuracy: 1e-9)
        XCTAssertEqual(fix.horizontalAccuracy, 3000)
        XCTAssertEqual(fix.speed, -1)
        XCTAssertEqual(fix.course, -1)
        XCTAssertTrue(fix.description.hasPrefix("<-33.87000000,+151.19000000> +/- 3000.00m (speed -1.00 mps"))
    }

    func testCoarsenedKeepsPointsOfOneCellTogether() {
        func coarse(_ lat: Double, _ lng: Double) -> GeoPoint {
            LocationManager.coarsened(
                LocationFix(
                    coordinate: GeoPoint(latitude: lat, longitude: lng), horizontalAccuracy: 5, speed: 2, course: 10,
                    timestamp: 0)
            ).coordinate
        }
        XCTAssertEqual(coarse(37.7801, -122.4199), coarse(37.7999, -122.4001))
        XCTAssertNotEqual(coarse(37.7999, -122.41), coarse(37.8001, -122.41))
        let p = coarse(37.785834, -122.406417)
        XCTAssertEqual(p.latitude, 37.79, accuracy: 1e-9)
        XCTAssertEqual(p.longitude, -122.41, accuracy: 1e-9)
    }

    func testReducedAccuracyAllowsOneFixPerFifteenMinutes() {
        let rig = ManagerRig(precise: false)
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [1])

        rig.moveNorth(5000)  // another cell, well past the distance filter
        rig.session.advance(by: 60)
        XCTAssertEqual(rig.delegate.fixes.count, 1, "too soon after the last fix")

        // The fix that was held back arrives when the interval has passed.
        rig.session.advance(by: 1 + SimulationChoices.reducedMinimumInterval - 61 - 0.000001)
        XCTAssertEqual(rig.delegate.fixes.count, 1)
        rig.session.advance(by: 0.000001)
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [1, 901])
        XCTAssertEqual(
            distance(rig.delegate.fixes[1].coordinate, rig.delegate.fixes[0].coordinate), 5000, accuracy: 2500)
    }

    func testHeldBackFixArrivesOnTimeAtAnyClockValue() {
        // 33336.360077 − 32436.360077 is 899.9999999999964 in Double: the rate limit must still
        // see the interval as over, or the timer would fire again and again at the same time.
        let rig = ManagerRig(precise: false)
        rig.session.advance(by: 32435.360077)
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [32436.360077])
        rig.moveNorth(5000)
        var steps = 0
        rig.session.advance(
            by: 1000,
            interrupted: {
                steps += 1
                return steps > 100
            })
        XCTAssertLessThan(steps, 10)
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [32436.360077, 33336.360077])
    }

    func testSettlingDoesNotJumpToTheRateLimitTimer() {
        let rig = ManagerRig(precise: false)
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        rig.moveNorth(5000)
        rig.session.settle()
        XCTAssertEqual(rig.session.clock, 2, "the held-back fix waits for time to pass")
        XCTAssertEqual(rig.session.pendingEvents.map(\.time), [901])
        XCTAssertEqual(rig.delegate.fixes.count, 1)
        // Precise back on: no rate limit, the next fix comes after the usual delay.
        rig.change { $0.precise = true }
        rig.session.settle()
        XCTAssertEqual(rig.delegate.fixes.map(\.timestamp), [1, 3])
        XCTAssertEqual(rig.delegate.fixes[1].horizontalAccuracy, 5)
    }

    func testReducedAccuracyIgnoresMovesInsideOneCell() {
        let rig = ManagerRig(precise: false)
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        rig.session.advance(by: 2000)
        rig.moveNorth(100)  // still in the same 0.02° cell: 0 m on the coarse grid
        rig.session.advance(by: 2000)
        XCTAssertEqual(rig.delegate.fixes.count, 1)
        XCTAssertTrue(rig.session.pendingEvents.isEmpty)
    }

    // MARK: Denial while updating

    func testDenialWhileUpdatingFailsWithCodeOneAfterTheStatusCallback() {
        let rig = ManagerRig()
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        rig.change { $0.permission = .never }
        rig.session.settle()
        XCTAssertEqual(rig.delegate.calls, ["status authorizedWhenInUse", "fix", "status denied", "error 1"])
        XCTAssertEqual(rig.delegate.errors, [.denied])
    }

    func testRestrictionAndServicesOffWhileUpdatingFailToo() {
        for edit: (inout PrivacySettings) -> Void in [{ $0.restricted = true }, { $0.servicesEnabled = false }] {
            let rig = ManagerRig()
            rig.manager.startUpdatingLocation()
            rig.session.settle()
            rig.change(edit)
            rig.session.settle()
            XCTAssertEqual(rig.delegate.errors, [.denied])
        }
    }

    func testNoErrorWhenNotUpdating() {
        let rig = ManagerRig()
        rig.session.settle()
        rig.change { $0.permission = .never }
        rig.session.settle()
        XCTAssertEqual(rig.delegate.errors, [])
        XCTAssertEqual(rig.delegate.statuses, [.authorizedWhenInUse, .denied])
    }

    func testStartingWhileDeniedFails() {
        let rig = ManagerRig(permission: .never)
        rig.manager.startUpdatingLocation()
        rig.session.settle()
        XCTAssertEqual(rig.delegate.calls, ["status denied", "error 1"])
        XCTAssertEqual(rig.delegate.fixes.count, 0)
    }

    func testErrorTexts() {
        XCTAssertEqual(LocationErrorCode.denied.errorDescription, "Error Domain=kCLErrorDomain Code=1 \"(null)\"")
        XCTAssertEqual(
            LocationErrorCode.locationUnknown.errorDescription, "Error Domain=kCLErrorDomain Code=0 \"(null)\"")
        XCTAssertEqual(
            LocationErrorCode.denied.localizedDescription,
            "The operation couldn’t be completed. (kCLErrorDomain error 1.)")
        XCTAssertEqual(
            LocationErrorCode.network.localizedDescription,
            "The operation couldn’t be completed. (kCLErrorDomain error 2.)")
        XCTAssertEqual(LocationErrorCode.allCases.map(\.rawValue), [0, 1, 2])
    }

    // MARK: CLLocation description

    func testDescriptionOfTheSimulatorsDefaultFix() {
        let fix = LocationFix(
            coordinate: GeoPoint(latitude: 37.785834, longitude: -122.406417), horizontalAccuracy: 5, speed: -1,
            course: -1, timestamp: 0)
        XCTAssertEqual(
            fix.description,
            "<+37.78583400,-122.40641700> +/- 5.00m (speed -1.00 mps / course -1.00) @ 6/1/24, 9:00:00 AM Coordinated Universal Time"
        )
    }

    func testDescriptionSignsDecimalsAndTimestamp() {
        let fix = LocationFix(
            coordinate: GeoPoint(latitude: -33.869405, longitude: 151.199), horizontalAccuracy: 4.756, speed: 0,
            course: 270.004, timestamp: 4 * 3600 + 61.9)
        XCTAssertEqual(
            fix.description,
            "<-33.86940500,+151.19900000> +/- 4.76m (speed 0.00 mps / course 270.00) @ 6/1/24, 1:01:01 PM Coordinated Universal Time"
        )
        let zero = LocationFix(
            coordinate: GeoPoint(latitude: 0, longitude: 0), horizontalAccuracy: 65, speed: 12.346, course: 0,
            timestamp: 15 * 3600)
        XCTAssertEqual(
            zero.description,
            "<+0.00000000,+0.00000000> +/- 65.00m (speed 12.35 mps / course 0.00) @ 6/2/24, 12:00:00 AM Coordinated Universal Time"
        )
    }

    func testInvalidSpeedAndCourseReadMinusOne() {
        let fix = LocationFix(
            coordinate: GeoPoint(latitude: 1.5, longitude: -0.25), horizontalAccuracy: 10, speed: -7.5, course: -42,
            timestamp: 1)
        XCTAssertEqual(
            fix.description,
            "<+1.50000000,-0.25000000> +/- 10.00m (speed -1.00 mps / course -1.00) @ 6/1/24, 9:00:01 AM Coordinated Universal Time"
        )
    }

    /// The description is written byte by byte into a buffer; it is the same text as joining
    /// `formatFixed`'s strings, for coordinates that round to a negative zero, are not finite
    /// or too large for fixed digits, and for accuracies, speeds and times at their bounds.
    func testDescriptionAgreesWithJoinedStrings() {
        func joined(_ fix: LocationFix) -> String {
            func signed(_ x: Double) -> String {
                let number = formatFixed(x, decimals: 8)
                return number.hasPrefix("-") ? number : "+" + number
            }
            return "<" + signed(fix.coordinate.latitude) + "," + signed(fix.coordinate.longitude) + "> +/- "
                + formatFixed(fix.horizontalAccuracy, decimals: 2) + "m (speed "
                + formatFixed(fix.speed < 0 ? -1 : fix.speed, decimals: 2) + " mps / course "
                + formatFixed(fix.course < 0 ? -1 : fix.course, decimals: 2) + ") @ "
                + VirtualDate(clock: fix.timestamp).localeDescription
        }
        let numbers: [Double] = [
            0, -0.0, -1e-9, 1e-9, -0.000000005, 0.000000005, -89.999999999, 180, -180, .nan, .infinity, -.infinity,
            -1e20, 1e20, 9e7, -9e7, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        ]
        let times: [Double] = [0, 59.999, -1e14, 1e14, .nan, 3.5e9]
        for (k, a) in numbers.enumerated() {
            let b = numbers[(k * 7 + 3) % numbers.count]
            let fix = LocationFix(
                coordinate: GeoPoint(latitude: a, longitude: b), horizontalAccuracy: b, speed: a, course: b,
                timestamp: times[k % times.count])
            XCTAssertEqual(fix.description, joined(fix), "\(a), \(b)")
        }
        XCTAssertEqual(
            LocationFix(
                coordinate: GeoPoint(latitude: -1e20, longitude: .nan), horizontalAccuracy: .infinity, speed: 1e300,
                course: 3, timestamp: 0
            ).description,
            "<-1e+20,+nan> +/- infm (speed 1e+300 mps / course 3.00) @ 6/1/24, 9:00:00 AM Coordinated Universal Time")
    }
}
