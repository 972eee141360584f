import Foundation
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The tutorial app, line for line: viewDidLoad, the delegate handlers in both flavours, the
/// places list, the picker, the marker and the pitfalls.
final class TutorialAppTests: XCTestCase {
    private let sydney = TutorialApp.defaultLocation
    private let precise = "Location accuracy is precise."
    private let notPrecise = "Location accuracy is not precise."
    private let deniedError = "Error: Error Domain=kCLErrorDomain Code=1 \"(null)\""
    private let sydneyFixAt1400ms =
        "Location: <-33.86940500,+151.19900000> +/- 5.00m (speed -1.00 mps / course -1.00) @ 6/1/24, 9:00:01 AM Coordinated Universal Time"

    /// NSLog's prefix at a virtual time.
    private func nslog(_ stamp: String, _ message: String) -> String {
        "2024-06-01 \(stamp)+0000 current-place-on-map[4242:61337] " + message
    }

    private func north(_ metres: Double) -> DevicePosition {
        DevicePosition(coordinate: destination(from: sydney, bearing: 0, metres: metres))
    }

    // MARK: viewDidLoad

    func testViewDidLoadOrderEffects() {
        let h = Harness()
        let app = h.session.launch(flavor: .swift)
        XCTAssertTrue(app.isRunning)
        XCTAssertEqual(app.screen, .map)
        XCTAssertTrue(app.mapView.isHidden, "hidden until the first fix")
        XCTAssertEqual(app.mapView.camera, CameraPosition(target: sydney, zoom: 15))
        XCTAssertEqual(app.mapView.camera.target, GeoPoint(latitude: -33.869405, longitude: 151.199))
        XCTAssertTrue(app.mapView.isMyLocationEnabled)
        XCTAssertTrue(app.mapView.myLocationButton)
        XCTAssertEqual(app.mapView.width, 393)
        XCTAssertEqual(app.mapView.height, 852)
        XCTAssertEqual(app.locationManager.desiredAccuracy, -1)
        XCTAssertEqual(app.locationManager.distanceFilter, 50)
        XCTAssertTrue(app.locationManager.isUpdating)
        XCTAssertEqual(h.session.stats.placesRequests, 1, "the first request goes out in viewDidLoad")
        XCTAssertEqual(app.requestsInFlight, 1)
        XCTAssertEqual(
            h.session.pendingEvents.map(\.label),
            [
                "locationManager(_:didChangeAuthorization:)", "permission alert",
                "findPlaceLikelihoodsFromCurrentLocation callback",
            ])
        XCTAssertEqual(h.log, [], "every callback is asynchronous")

        h.session.settle()
        XCTAssertEqual(
            h.log, [precise, "Location status not determined.", currentPlaceError(.locationError)])
        XCTAssertTrue(h.session.device.promptOpen)
        XCTAssertEqual(h.eventNames(), ["console", "console", "alert", "console", "note"])
        XCTAssertEqual(h.pitfalls, ["P4"])
        XCTAssertEqual(h.session.clock, 0.4)
        XCTAssertEqual(app.requestsInFlight, 0)
        XCTAssertEqual(app.likelyPlaces, [])
        XCTAssertTrue(app.mapView.isHidden)
    }

    func testStartingZoomFollowsAccuracyAndFlavour() {
        func startZoom(_ flavor: AppFlavor, _ edit: (inout PrivacySettings) -> Void) -> Double {
            let h = Harness()
            edit(&h.session.device.privacy)
            return h.session.launch(flavor: flavor).mapView.camera.zoom
        }
        XCTAssertEqual(startZoom(.swift) { $0.permission = .whileUsing }, 15)
        XCTAssertEqual(
            startZoom(.swift) {
                $0.permission = .whileUsing
                $0.precise = false
            }, 10)
        XCTAssertEqual(
            startZoom(.objc) {
                $0.permission = .whileUsing
                $0.precise = false
            }, 15)
        // Before an answer the accuracy reads full (a documented choice): 15 even with Precise off.
        XCTAssertEqual(startZoom(.swift) { $0.precise = false }, 15)
    }

    // MARK: Authorization console lines

    /// Launches with the given settings and no device position; returns the console lines.
    private func launchLog(_ flavor: AppFlavor, _ edit: (inout PrivacySettings) -> Void) -> (Harness, [String]) {
        let h = Harness()
        h.session.device.noLocationReport = .silent  // the status lines alone, no kCLErrorLocationUnknown
        edit(&h.session.device.privacy)
        h.session.launch(flavor: flavor)
        h.session.settle()
        return (h, h.log)
    }

    func testSwiftConsoleLinesPerStatus() {
        let noFix = currentPlaceError(.locationError)
        XCTAssertEqual(launchLog(.swift) { _ in }.1, [precise, "Location status not determined.", noFix])
        XCTAssertEqual(
            launchLog(.swift) { $0.permission = .whileUsing }.1, [precise, "Location status is OK.", noFix])
        XCTAssertEqual(
            launchLog(.swift) { $0.permission = .always }.1, [precise, "Location status is OK.", noFix])
        XCTAssertEqual(
            launchLog(.swift) {
                $0.permission = .whileUsing
                $0.precise = false
            }.1,
            [notPrecise, "Location status is OK.", noFix])
        XCTAssertEqual(
            launchLog(.swift) { $0.permission = .never }.1,
            [precise, "User denied access to location.", deniedError, noFix])
        XCTAssertEqual(
            launchLog(.swift) { $0.servicesEnabled = false }.1,
            [precise, "User denied access to location.", deniedError, noFix])
        XCTAssertEqual(
            launchLog(.swift) { $0.restricted = true }.1,
            [precise, "Location access was restricted.", deniedError, noFix])
    }

    func testObjectiveCSwitchFallsThrough() {
        let noFix = nslog("09:00:00.400000", currentPlaceError(.locationError))
        let (notDetermined, ndLog) = launchLog(.objc) { _ in }
        XCTAssertEqual(
            ndLog,
            [
                nslog("09:00:00.000000", precise), nslog("09:00:00.000000", "Location status not determined."),
                nslog("09:00:00.000000", "Location status is OK."), noFix,
            ])
        XCTAssertEqual(notDetermined.pitfalls, ["P7", "P4"])

        let (denied, deniedLog) = launchLog(.objc) { $0.permission = .never }
        XCTAssertEqual(
            deniedLog,
            [
                nslog("09:00:00.000000", precise), nslog("09:00:00.000000", "User denied access to location."),
                nslog("09:00:00.000000", "Location status not determined."),
                nslog("09:00:00.000000", "Location status is OK."),
                nslog("09:00:00.000000", "Error: The operation couldn’t be completed. (kCLErrorDomain error 1.)"),
                noFix,
            ])
        XCTAssertFalse(denied.app.mapView.isHidden)

        XCTAssertEqual(
            launchLog(.objc) { $0.restricted = true }.1,
            [
                nslog("09:00:00.000000", precise), nslog("09:00:00.000000", "Location access was restricted."),
                nslog("09:00:00.000000", "Error: The operation couldn’t be completed. (kCLErrorDomain error 1.)"),
                noFix,
            ])
        XCTAssertEqual(
            launchLog(.objc) {
                $0.permission = .whileUsing
                $0.precise = false
            }.1,
            [nslog("09:00:00.000000", notPrecise), nslog("09:00:00.000000", "Location status is OK."), noFix])
    }

    func testDeniedShowsTheMapAtTheDefaultPointAndRestrictedKeepsItHidden() {
        let (denied, _) = launchLog(.swift) { $0.permission = .never }
        XCTAssertFalse(denied.app.mapView.isHidden)
        XCTAssertEqual(denied.app.mapView.camera, CameraPosition(target: sydney, zoom: 15))
        XCTAssertEqual(denied.pitfalls, ["P5"], "judged while denied: no P4 note")

        let restricted = Harness()
        restricted.session.device.privacy.restricted = true
        restricted.locateSydney()
        restricted.session.launch(flavor: .swift)
        restricted.session.advance(by: 3600)
        XCTAssertTrue(restricted.app.mapView.isHidden, "P6: hidden for good")
        XCTAssertTrue(restricted.pitfalls.contains("P6"))
        XCTAssertEqual(restricted.session.stats.locationUpdates, 0)
    }

    // MARK: Fixes

    func testFirstFixShowsTheMapAndSetsTheCameraInstantly() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        XCTAssertEqual(
            h.log,
            [
                precise, "Location status not determined.", currentPlaceError(.locationError), precise,
                "Location status is OK.", sydneyFixAt1400ms,
            ])
        XCTAssertFalse(app.mapView.isHidden)
        XCTAssertEqual(app.mapView.camera, CameraPosition(target: sydney, zoom: 15))
        XCTAssertNil(app.mapView.animation)
        XCTAssertNil(app.mapView.lastAnimation, "set, not animated")
        XCTAssertEqual(h.session.stats.placesRequests, 2, "the fix sent a request")
        XCTAssertEqual(h.session.stats.locationUpdates, 1)
        XCTAssertEqual(h.session.clock, 1.8)
        let expected = LikelihoodModel.rank(PlaceStore.builtin.places, at: sydney, accuracy: 5)
        XCTAssertEqual(app.likelyPlaces.map(\.place.source.id), expected.map(\.place.id))
        XCTAssertEqual(app.likelyPlaces.map(\.likelihood), expected.map(\.likelihood))
        XCTAssertFalse(app.likelyPlaces.isEmpty)
    }

    func testLaterFixesAnimateAndEachSendsARequest() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        let first = app.mapView.camera
        h.session.setDevicePosition(north(120))
        h.session.advance(by: 1.0)  // the fix is due now
        let target = CameraPosition(target: north(120).coordinate, zoom: 15)
        XCTAssertEqual(app.mapView.animation, CameraAnimation(from: first, to: target, start: 2.8, end: 3.3))
        XCTAssertEqual(app.mapView.camera, first)
        XCTAssertEqual(h.session.stats.placesRequests, 3)
        h.session.settle()
        XCTAssertEqual(app.mapView.camera, target)
        XCTAssertEqual(
            h.log.last,
            "Location: <-33.86832582,+151.19900000> +/- 5.00m (speed -1.00 mps / course -1.00) @ 6/1/24, 9:00:02 AM Coordinated Universal Time"
        )

        h.session.setDevicePosition(north(240))
        h.session.settle()
        XCTAssertEqual(h.session.stats.placesRequests, 4)
        XCTAssertEqual(h.session.stats.locationUpdates, 3)

        h.session.setDevicePosition(north(260))  // 20 m: filtered
        h.session.settle()
        XCTAssertEqual(h.session.stats.placesRequests, 4)
        XCTAssertEqual(h.session.stats.locationUpdates, 3)
    }

    func testApproximateFixZoomsToTenInSwiftAndFifteenInObjectiveC() {
        for (flavor, zoom) in [(AppFlavor.swift, 10.0), (.objc, 15.0)] {
            let h = Harness()
            h.locateSydney()
            h.session.launch(flavor: flavor)
            h.session.settle()
            h.allow(precise: false)
            h.session.settle()
            XCTAssertFalse(h.map.isHidden)
            XCTAssertEqual(h.map.camera.zoom, zoom, "\(flavor)")
            XCTAssertEqual(h.map.camera.target.latitude, -33.87, accuracy: 1e-9)
            XCTAssertEqual(h.map.camera.target.longitude, 151.19, accuracy: 1e-9)
            XCTAssertTrue(h.log.contains { $0.hasSuffix(notPrecise) })
        }
    }

    func testZoomIsReadAtEachFix() {
        // P12: turning Precise off in Settings changes the zoom of the next fix.
        let h = Harness()
        h.launchAllowedAtSydney()
        XCTAssertEqual(h.map.camera.zoom, 15)
        h.session.changePrivacy { $0.precise = false }
        h.session.advance(by: SimulationChoices.reducedMinimumInterval)
        h.session.setDevicePosition(north(5000))
        h.session.settle()
        XCTAssertEqual(h.map.camera.zoom, 10)
        XCTAssertFalse(h.log.contains(notPrecise), "an accuracy-only change calls no authorization callback")
    }

    func testDenialWhileUpdatingStopsUpdatesForGood() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        h.clearEvents()
        let before = h.log.count
        h.deny()
        h.session.settle()
        XCTAssertEqual(Array(h.log[before...]), [precise, "User denied access to location.", deniedError])
        XCTAssertFalse(app.locationManager.isUpdating)
        XCTAssertEqual(h.pitfalls, ["P5"])

        h.allow()
        h.session.settle()
        XCTAssertEqual(h.log.last, "Location status is OK.")
        h.session.setDevicePosition(north(500))
        h.session.advance(by: 600)
        XCTAssertEqual(h.session.stats.locationUpdates, 1, "P5: no more fixes this session")
        XCTAssertEqual(h.log.filter { $0.hasPrefix("Location: ") }, [sydneyFixAt1400ms])
    }

    func testTransientLocationErrorAlsoStopsUpdates() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        h.session.failLocation(.locationUnknown)
        XCTAssertEqual(h.log.last, "Error: Error Domain=kCLErrorDomain Code=0 \"(null)\"")
        XCTAssertFalse(app.locationManager.isUpdating)
        h.session.setDevicePosition(north(1000))
        h.session.advance(by: 60)
        XCTAssertEqual(h.session.stats.locationUpdates, 1)
    }

    func testObjectiveCErrorLineUsesTheLocalizedDescription() {
        let h = Harness()
        h.launchAllowedAtSydney(flavor: .objc)
        h.session.failLocation(.network)
        XCTAssertEqual(
            h.log.last,
            nslog("09:00:01.800000", "Error: The operation couldn’t be completed. (kCLErrorDomain error 2.)"))
    }

    func testObjectiveCFixLine() {
        let h = Harness()
        h.launchAllowedAtSydney(flavor: .objc)
        XCTAssertEqual(h.log[h.log.count - 1], nslog("09:00:01.400000", sydneyFixAt1400ms))
    }

    // MARK: Picker

    func testPickerGetsASnapshot() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        let count = app.likelyPlaces.count
        XCTAssertGreaterThan(count, 0)
        h.session.setDevicePosition(north(120))
        h.session.advance(by: 1.0)  // fix delivered: list cleared, request in flight
        XCTAssertEqual(app.likelyPlaces, [])
        XCTAssertEqual(app.requestsInFlight, 1)
        h.session.showPicker()
        XCTAssertEqual(app.screen, .picker)
        XCTAssertEqual(app.pickerPlaces, [])
        h.session.settle()
        XCTAssertGreaterThan(app.likelyPlaces.count, 0)
        XCTAssertEqual(app.pickerPlaces, [], "P2: the response does not reach the open picker")
        XCTAssertEqual(app.pickerRows, [])
    }

    func testPickerShowsNamesInSwiftAndBlankRowsInObjectiveC() {
        let swift = Harness()
        let app = swift.launchAllowedAtSydney()
        swift.session.showPicker()
        XCTAssertEqual(app.pickerRows, app.likelyPlaces.map { $0.place.name ?? "?" })
        XCTAssertTrue(app.pickerRows.allSatisfy { !$0.isEmpty })

        let objc = Harness()
        let objcApp = objc.launchAllowedAtSydney(flavor: .objc)
        objc.session.showPicker()
        XCTAssertEqual(objcApp.pickerRows.count, objcApp.likelyPlaces.count)
        XCTAssertGreaterThan(objcApp.pickerRows.count, 0)
        XCTAssertTrue(objcApp.pickerRows.allSatisfy(\.isEmpty), "P8: the cell text is never set")
    }

    func testTwoRequestsInFlightAppendDuplicates() {
        let h = Harness()
        h.session.device.privacy.permission = .whileUsing
        h.locateSydney()
        let app = h.session.launch(flavor: .swift)
        XCTAssertTrue(h.session.step())  // authorization callback
        XCTAssertTrue(h.session.step())  // the viewDidLoad request answers at 0.4
        let list = app.likelyPlaces
        XCTAssertGreaterThan(list.count, 0)
        h.session.showPicker()
        XCTAssertTrue(h.session.step())  // the first fix at 1.0: list cleared, request B
        XCTAssertEqual(h.session.clock, 1.0)
        XCTAssertEqual(app.likelyPlaces, [])
        h.session.selectRow(0)  // unwind: request C while B is in flight
        XCTAssertEqual(app.requestsInFlight, 2)
        h.session.settle()
        XCTAssertEqual(app.requestsInFlight, 0)
        XCTAssertEqual(app.likelyPlaces.count, 2 * list.count, "P3: both responses appended after one removeAll")
        XCTAssertEqual(
            Array(app.likelyPlaces[..<list.count]).map(\.place.source.id),
            Array(app.likelyPlaces[list.count...]).map(\.place.source.id))
    }

    // MARK: Select, back, marker

    func testSelectAddsOneMarkerAndSendsARequest() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        let camera = app.mapView.camera
        h.session.showPicker()
        let row0 = app.pickerPlaces![0].place
        let row1 = app.pickerPlaces![1].place
        h.clearEvents()
        h.session.selectRow(0)
        XCTAssertEqual(app.screen, .map)
        XCTAssertNil(app.pickerPlaces)
        XCTAssertEqual(app.selectedPlace, row0)
        XCTAssertEqual(app.mapView.markers, [Marker(position: row0.coordinate, title: row0.name, snippet: nil)])
        XCTAssertEqual(app.mapView.markers[0].title, row0.source.name)
        XCTAssertNil(app.mapView.selectedMarker, "not auto-selected")
        XCTAssertEqual(h.pitfalls, ["P1"], "P1: no snippet with [.name, .coordinate]")
        XCTAssertEqual(h.session.stats.placesRequests, 3)
        XCTAssertEqual(app.mapView.camera, camera, "the camera does not move to the marker")
        XCTAssertTrue(h.session.pendingEvents.allSatisfy { !$0.label.contains("idleAt") })

        h.session.settle()
        h.session.showPicker()
        XCTAssertEqual(app.pickerPlaces![1].place, row1)
        h.session.selectRow(1)
        XCTAssertEqual(app.mapView.markers.map(\.title), [row1.name], "the old marker is cleared first")
        XCTAssertEqual(h.session.stats.placesRequests, 4)
    }

    func testSnippetCarriesTheAddressWhenRequested() {
        let h = Harness()
        h.session.places.requestedFields.insert("formattedAddress")
        let app = h.launchAllowedAtSydney()
        h.session.showPicker()
        let place = app.pickerPlaces![0].place
        XCTAssertNotNil(place.formattedAddress)
        h.clearEvents()
        h.session.selectRow(0)
        XCTAssertEqual(
            app.mapView.markers, [Marker(position: place.coordinate, title: place.name, snippet: place.source.address)])
        XCTAssertEqual(h.pitfalls, [])
        XCTAssertEqual(h.session.stats.billing.map(\.sku), ["findCurrentPlace", "basicData"])
    }

    func testUnrequestedCoordinatePutsTheMarkerAtTheInvalidPoint() {
        // P10: the mask of 2020-07 was .name only.
        let h = Harness()
        h.session.places.requestedFields = PlaceFields(names: ["name"])
        let app = h.launchAllowedAtSydney()
        h.session.showPicker()
        h.clearEvents()
        h.session.selectRow(0)
        XCTAssertEqual(app.mapView.markers.first?.position, GeoPoint.invalid)
        XCTAssertEqual(h.pitfalls, ["P1", "P10"])
    }

    func testObjectiveCSelectAddsNoMarker() {
        let h = Harness()
        let app = h.launchAllowedAtSydney(flavor: .objc)
        h.session.showPicker()
        h.clearEvents()
        h.session.selectRow(0)
        XCTAssertEqual(app.mapView.markers, [])
        XCTAssertNil(app.selectedPlace)
        XCTAssertEqual(app.screen, .map)
        XCTAssertEqual(h.pitfalls, ["P8"])
        XCTAssertEqual(h.session.stats.placesRequests, 3, "the unwind still sends a request")
    }

    func testBackChangesNothingAndSendsNoRequest() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        h.session.showPicker()
        h.session.selectRow(0)
        h.session.settle()
        let markers = app.mapView.markers
        let list = app.likelyPlaces
        let requests = h.session.stats.placesRequests
        let camera = app.mapView.camera
        let log = h.log
        h.session.showPicker()
        h.session.goBack()
        XCTAssertEqual(app.screen, .map)
        XCTAssertNil(app.pickerPlaces)
        XCTAssertEqual(app.mapView.markers, markers)
        XCTAssertEqual(app.likelyPlaces, list)
        XCTAssertEqual(h.session.stats.placesRequests, requests)
        XCTAssertEqual(app.mapView.camera, camera)
        XCTAssertEqual(h.log, log)
        XCTAssertTrue(h.session.pendingEvents.isEmpty)
    }

    func testSelectingARowThatIsNotThereChangesNothing() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        h.session.showPicker()
        let count = app.pickerPlaces!.count
        h.session.selectRow(count)
        h.session.selectRow(-1)
        XCTAssertEqual(app.screen, .picker)
        XCTAssertEqual(app.pickerPlaces?.count, count)
        XCTAssertEqual(h.session.stats.placesRequests, 2)
        XCTAssertEqual(app.mapView.markers, [])
    }

    // MARK: My-location button

    func testMyLocationButtonCentresOnTheDeviceKeepingZoom() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        app.mapView.setCamera(CameraPosition(target: sydney, zoom: 12, bearing: 30, viewingAngle: 20))
        h.session.setDevicePosition(north(40))  // under the distance filter: no fix
        h.session.settle()
        XCTAssertEqual(h.session.stats.locationUpdates, 1)
        let requests = h.session.stats.placesRequests
        XCTAssertTrue(h.session.tapMyLocationButton())
        let expected = CameraPosition(target: north(40).coordinate, zoom: 12, bearing: 30, viewingAngle: 20)
        XCTAssertEqual(app.mapView.animation?.to, expected)
        h.session.settle()
        XCTAssertEqual(app.mapView.camera, expected)
        XCTAssertEqual(h.session.stats.placesRequests, requests)
    }

    func testMyLocationButtonNeedsPermissionAndAPosition() {
        let h = Harness()
        h.locateSydney()
        let app = h.session.launch(flavor: .swift)
        h.session.settle()
        XCTAssertFalse(h.session.tapMyLocationButton(), "not authorized yet")
        h.allow()
        h.session.settle()
        h.session.setDevicePosition(nil)
        XCTAssertFalse(h.session.tapMyLocationButton(), "no position")
        XCTAssertNil(app.mapView.animation)
        h.session.terminate()
        XCTAssertFalse(h.session.tapMyLocationButton(), "no app")
    }

    func testMyLocationButtonWithReducedAccuracyGoesToTheCoarsePosition() {
        let h = Harness()
        h.locateSydney()
        h.session.launch(flavor: .swift)
        h.session.settle()
        h.allow(precise: false)
        h.session.settle()
        XCTAssertTrue(h.session.tapMyLocationButton())
        h.session.settle()
        XCTAssertEqual(h.map.camera.target.latitude, -33.87, accuracy: 1e-9)
        XCTAssertEqual(h.map.camera.target.longitude, 151.19, accuracy: 1e-9)
        XCTAssertEqual(h.map.camera.zoom, 10)
    }

    // MARK: Lifecycle

    func testUnknownStatusCrashesTheApp() {
        let h = Harness()
        let app = h.launchAllowedAtSydney()
        h.clearEvents()
        let before = h.log.count
        h.session.changePrivacy { $0.unknownFutureStatus = true }
        h.session.settle()
        let runtimeLine = "current_place_on_map/MapViewController.swift:155: Fatal error"
        XCTAssertEqual(
            Array(h.log[before...]), [precise, runtimeLine],
            "the accuracy line prints before the status switch, then the runtime's own line")
        XCTAssertFalse(app.isRunning)
        XCTAssertNil(h.session.app)
        XCTAssertTrue(h.session.lastApp === app)
        XCTAssertEqual(app.crashMessage, runtimeLine)
        XCTAssertEqual(h.eventNames(), ["console", "console", "crash"])
        XCTAssertEqual(h.events.last?.fields.last, Value.Field("pitfall", .string("P11")))
        XCTAssertTrue(h.session.pendingEvents.isEmpty)
    }

    func testUnknownStatusLeavesTheObjectiveCAppRunning() {
        let h = Harness()
        let app = h.launchAllowedAtSydney(flavor: .objc)
        h.clearEvents()
        let before = h.log.count
        h.session.changePrivacy { $0.unknownFutureStatus = true }
        h.session.settle()
        XCTAssertEqual(h.log.count, before + 1, "only the accuracy line: no case matches and there is no default")
        XCTAssertTrue(h.log.last?.hasSuffix(" Location accuracy is precise.") ?? false)
        XCTAssertTrue(app.isRunning)
        XCTAssertTrue(h.session.app === app)
        XCTAssertNil(app.crashMessage)
        XCTAssertEqual(h.eventNames(), ["console", "note"])
    }

    func testAllowOnceRevertsAtTheNextLaunch() {
        let h = Harness()
        h.locateSydney()
        h.session.launch(flavor: .swift)
        h.session.settle()
        XCTAssertTrue(h.session.device.promptOpen)
        h.allowOnce()
        h.session.settle()
        XCTAssertEqual(h.session.device.privacy.status, .authorizedWhenInUse)
        XCTAssertEqual(h.session.device.privacy.settingName, "Allow Once (this session)")
        XCTAssertEqual(h.session.stats.locationUpdates, 1)
        h.session.terminate()
        XCTAssertEqual(h.session.device.privacy.status, .notDetermined)
        XCTAssertEqual(h.session.device.privacy.settingName, "Ask Next Time")

        h.clearEvents()
        let app = h.session.launch(flavor: .swift)
        h.session.settle()
        XCTAssertEqual(h.log, [precise, "Location status not determined.", currentPlaceError(.locationError)])
        XCTAssertTrue(h.session.device.promptOpen, "the alert appears again")
        XCTAssertTrue(h.eventNames().contains("alert"))
        XCTAssertTrue(app.mapView.isHidden)
    }

    func testPersistentChoiceSurvivesARelaunch() {
        let h = Harness()
        h.launchAllowedAtSydney()
        let app = h.session.launch(flavor: .swift)
        h.session.settle()
        XCTAssertEqual(
            h.log,
            [precise, "Location status is OK.", sydneyFixAt1400ms.replacingOccurrences(of: "9:00:01", with: "9:00:02")])
        XCTAssertFalse(app.mapView.isHidden)
        XCTAssertFalse(h.session.device.promptOpen)
        XCTAssertEqual(h.session.stats.placesRequests, 2, "stats count from the launch")
    }

    func testResetIsEraseAllContentAndSettings() {
        let h = Harness()
        h.launchAllowedAtSydney()
        h.session.places.requestedFields.insert("rating")
        h.session.reset()
        XCTAssertNil(h.session.app)
        XCTAssertNil(h.session.lastApp)
        XCTAssertEqual(h.session.device.privacy, PrivacySettings())
        XCTAssertFalse(h.session.device.promptOpen)
        XCTAssertEqual(h.session.log, [])
        XCTAssertEqual(h.session.stats.placesRequests, 0)
        XCTAssertEqual(h.session.stats.locationUpdates, 0)
        XCTAssertTrue(h.session.stats.billing.isEmpty)
        XCTAssertEqual(h.session.device.position?.coordinate, sydney, "the simulated location stays")
        XCTAssertTrue(h.session.pendingEvents.isEmpty)
        h.session.launch(flavor: .swift)
        h.session.settle()
        XCTAssertTrue(h.session.device.promptOpen)
    }

    func testTerminateEndsTheAppAndItsCallbacks() {
        let h = Harness()
        h.locateSydney()
        let app = h.session.launch(flavor: .swift)
        h.session.settle()
        h.allow()
        h.session.terminate()
        XCTAssertFalse(app.isRunning)
        XCTAssertFalse(app.locationManager.isUpdating)
        XCTAssertTrue(h.session.pendingEvents.isEmpty)
        let log = h.log
        h.session.advance(by: 60)
        XCTAssertEqual(h.log, log)
        XCTAssertEqual(h.session.device.privacy.status, .authorizedWhenInUse, "a persistent answer stays")
    }

    func testUserActionsWithoutAnAppDoNothing() {
        let h = Harness()
        h.session.showPicker()
        h.session.selectRow(0)
        h.session.goBack()
        h.session.tapMarker(0)
        h.session.failLocation(.denied)
        XCTAssertNil(h.session.app)
        XCTAssertEqual(h.log, [])
        XCTAssertTrue(h.session.pendingEvents.isEmpty)
    }
}
