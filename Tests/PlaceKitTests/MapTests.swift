import Foundation
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// `GMSCameraPosition` clamping, the visible region, camera moves and `clear()`.
final class MapTests: XCTestCase {
    private let sydney = GeoPoint(latitude: -33.869405, longitude: 151.199)
    private final class Owner {}

    private func camera(lat: Double = 0, lng: Double = 0, zoom: Double = 10, bearing: Double = 0, angle: Double = 0)
        -> CameraPosition
    {
        CameraPosition(
            target: GeoPoint(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, viewingAngle: angle)
    }

    func testLatitudeIsClampedToEightyFive() {
        XCTAssertEqual(camera(lat: 90).target.latitude, 85)
        XCTAssertEqual(camera(lat: 85.5).target.latitude, 85)
        XCTAssertEqual(camera(lat: -100).target.latitude, -85)
        XCTAssertEqual(camera(lat: -33.869405).target.latitude, -33.869405)
    }

    func testLongitudeWrapsIntoMinus180To180() {
        XCTAssertEqual(camera(lng: 190).target.longitude, -170, accuracy: 1e-9)
        XCTAssertEqual(camera(lng: -190).target.longitude, 170, accuracy: 1e-9)
        XCTAssertEqual(camera(lng: 180).target.longitude, -180)
        XCTAssertEqual(camera(lng: -180).target.longitude, -180)
        XCTAssertEqual(camera(lng: 540).target.longitude, -180)
        XCTAssertEqual(camera(lng: 721).target.longitude, 1, accuracy: 1e-9)
        XCTAssertEqual(camera(lng: 151.199).target.longitude, 151.199, accuracy: 1e-12)
        XCTAssertEqual(camera(lng: -122.406417).target.longitude, -122.406417, accuracy: 1e-12)
    }

    func testZoomIsClampedToTwoThroughTwentyOne() {
        XCTAssertEqual(camera(zoom: 0).zoom, 2)
        XCTAssertEqual(camera(zoom: 1.99).zoom, 2)
        XCTAssertEqual(camera(zoom: 21).zoom, 21)
        XCTAssertEqual(camera(zoom: 30).zoom, 21)
        XCTAssertEqual(camera(zoom: 15).zoom, 15)
        XCTAssertEqual(camera(zoom: 12.5).zoom, 12.5)
    }

    func testBearingWrapsIntoZeroTo360() {
        XCTAssertEqual(camera(bearing: -90).bearing, 270)
        XCTAssertEqual(camera(bearing: 360).bearing, 0)
        XCTAssertEqual(camera(bearing: 725).bearing, 5)
        XCTAssertEqual(camera(bearing: -720).bearing, 0)
        XCTAssertEqual(camera(bearing: 359.5).bearing, 359.5)
    }

    func testViewingAngleLimitsByZoom() {
        XCTAssertEqual(CameraPosition.maximumViewingAngle(zoom: 2), 30)
        XCTAssertEqual(CameraPosition.maximumViewingAngle(zoom: 10), 30)
        XCTAssertEqual(CameraPosition.maximumViewingAngle(zoom: 13), 47.5)
        XCTAssertEqual(CameraPosition.maximumViewingAngle(zoom: 16), 65)
        XCTAssertEqual(CameraPosition.maximumViewingAngle(zoom: 21), 65)
        XCTAssertEqual(camera(zoom: 5, angle: 80).viewingAngle, 30)
        XCTAssertEqual(camera(zoom: 13, angle: 80).viewingAngle, 47.5)
        XCTAssertEqual(camera(zoom: 20, angle: 80).viewingAngle, 65)
        XCTAssertEqual(camera(zoom: 20, angle: 40).viewingAngle, 40)
        XCTAssertEqual(camera(zoom: 20, angle: -10).viewingAngle, 0)
        // The limit follows the clamped zoom: zoom 40 is 21.
        XCTAssertEqual(camera(zoom: 40, angle: 80).viewingAngle, 65)
        XCTAssertEqual(camera(zoom: -3, angle: 80).viewingAngle, 30)
    }

    func testCameraDefaultsBearingAndAngleToZero() {
        let c = CameraPosition(target: sydney, zoom: 15)
        XCTAssertEqual(c.bearing, 0)
        XCTAssertEqual(c.viewingAngle, 0)
        XCTAssertEqual(c.target, sydney)
    }

    func testMetresPerPoint() {
        XCTAssertEqual(CameraPosition(target: sydney, zoom: 15).metresPerPoint, 3.97, accuracy: 0.005)
        XCTAssertEqual(
            CameraPosition(target: GeoPoint(latitude: -33.87, longitude: 151.2), zoom: 10).metresPerPoint, 127,
            accuracy: 0.5)
        XCTAssertEqual(
            CameraPosition(target: GeoPoint(latitude: 37.79, longitude: -122.4), zoom: 15).metresPerPoint, 3.78,
            accuracy: 0.005)
        XCTAssertEqual(camera(lat: 0, zoom: 2).metresPerPoint, 156_543.033_92 / 4, accuracy: 1e-6)
        // Each zoom level halves it.
        XCTAssertEqual(
            CameraPosition(target: sydney, zoom: 14).metresPerPoint
                / CameraPosition(target: sydney, zoom: 15).metresPerPoint,
            2, accuracy: 1e-12)
    }

    private func map(_ camera: CameraPosition, width: Double = 393, height: Double = 852) -> (Session, MapView) {
        let session = Session()
        return (session, MapView(session: session, camera: camera, width: width, height: height))
    }

    func testVisibleRegionIsSymmetricAroundTheTarget() {
        for zoom in [10.0, 15, 18] {
            let (_, view) = map(CameraPosition(target: sydney, zoom: zoom))
            let r = view.visibleRegion
            XCTAssertEqual((r.nearLeft.longitude + r.nearRight.longitude) / 2, sydney.longitude, accuracy: 1e-9)
            XCTAssertEqual(r.farLeft.longitude, r.nearLeft.longitude, accuracy: 1e-12)
            XCTAssertEqual(r.farRight.longitude, r.nearRight.longitude, accuracy: 1e-12)
            XCTAssertEqual(r.nearLeft.latitude, r.nearRight.latitude, accuracy: 1e-12)
            XCTAssertEqual(r.farLeft.latitude, r.farRight.latitude, accuracy: 1e-12)
            // "Near" is the bottom of the screen: south of the target, north up.
            XCTAssertLessThan(r.nearLeft.latitude, sydney.latitude)
            XCTAssertGreaterThan(r.farLeft.latitude, sydney.latitude)
            XCTAssertLessThan(r.nearLeft.longitude, sydney.longitude)
            // Symmetric in projected points; in degrees only up to Mercator's stretch.
            let c = worldPoint(sydney, zoom: zoom)
            XCTAssertEqual(worldPoint(r.nearLeft, zoom: zoom).y - c.y, 426, accuracy: 1e-6)
            XCTAssertEqual(c.y - worldPoint(r.farLeft, zoom: zoom).y, 426, accuracy: 1e-6)
            XCTAssertEqual(c.x - worldPoint(r.nearLeft, zoom: zoom).x, 196.5, accuracy: 1e-6)
            if zoom >= 15 {
                // Over a few kilometres Mercator's stretch is negligible.
                XCTAssertEqual((r.nearLeft.latitude + r.farLeft.latitude) / 2, sydney.latitude, accuracy: 1e-5)
            }
        }
    }

    func testVisibleRegionSpanMatchesFrameTimesMetresPerPoint() {
        let cam = CameraPosition(target: sydney, zoom: 15)
        let (_, view) = map(cam)
        let r = view.visibleRegion
        let mpp = cam.metresPerPoint
        let across = distance(
            GeoPoint(latitude: sydney.latitude, longitude: r.nearLeft.longitude),
            GeoPoint(latitude: sydney.latitude, longitude: r.nearRight.longitude))
        let up = distance(r.nearLeft, r.farLeft)
        // Web Mercator uses the equatorial radius, distances the mean radius: 0.11 % apart.
        XCTAssertEqual(across / (393 * mpp), 1, accuracy: 0.002)
        XCTAssertEqual(up / (852 * mpp), 1, accuracy: 0.002)
        XCTAssertEqual(across, 1559, accuracy: 5)
        // The longitude span follows from the zoom alone.
        XCTAssertEqual(r.nearRight.longitude - r.nearLeft.longitude, 393 * 360 / (256 * 32768), accuracy: 1e-9)
    }

    func testSetCameraIsInstant() {
        let (session, view) = map(CameraPosition(target: sydney, zoom: 15))
        let target = CameraPosition(target: GeoPoint(latitude: 37.785834, longitude: -122.406417), zoom: 12)
        view.setCamera(target)
        XCTAssertEqual(view.camera, target)
        XCTAssertNil(view.animation)
        XCTAssertTrue(session.pendingEvents.isEmpty)
    }

    func testAnimateFinishesAfterTheDuration() {
        let (session, view) = map(CameraPosition(target: sydney, zoom: 15))
        let owner = Owner()
        let start = view.camera
        let end = CameraPosition(target: destination(from: sydney, bearing: 0, metres: 200), zoom: 15)
        session.advance(by: 2)
        view.animate(to: end, owner: owner)
        XCTAssertEqual(view.animation, CameraAnimation(from: start, to: end, start: 2, end: 2.5))
        XCTAssertEqual(view.camera, start, "the camera reads the start when the move begins")
        session.advance(by: 0.25)
        XCTAssertEqual(
            view.camera.target.latitude, (start.target.latitude + end.target.latitude) / 2, accuracy: 1e-9,
            "half way at half time: the curve is symmetric")
        session.advance(by: 0.249999)
        XCTAssertEqual(view.camera.target.latitude, end.target.latitude, accuracy: 1e-8, "eased in at the end")
        XCTAssertNotNil(view.animation)
        session.advance(by: 0.000001)
        XCTAssertEqual(view.camera, end)
        XCTAssertNil(view.animation)
        XCTAssertEqual(view.lastAnimation?.end, 2.5)
        XCTAssertEqual(SimulationChoices.cameraAnimationDuration, 0.5)
    }

    func testANewMoveInterruptsAnAnimation() {
        let (session, view) = map(CameraPosition(target: sydney, zoom: 15))
        let owner = Owner()
        let first = CameraPosition(target: destination(from: sydney, bearing: 90, metres: 300), zoom: 15)
        let second = CameraPosition(target: destination(from: sydney, bearing: 180, metres: 300), zoom: 14)
        view.animate(to: first, owner: owner)
        session.advance(by: 0.2)
        let reached = view.camera
        XCTAssertNotEqual(reached, first)
        view.animate(to: second, owner: owner)
        XCTAssertEqual(view.animation?.from, reached, "the new move starts where the interrupted one had got")
        XCTAssertEqual(view.camera, reached)
        XCTAssertEqual(session.pendingEvents.count, 1)
        session.settle()
        XCTAssertEqual(view.camera, second)
        XCTAssertEqual(session.clock, 0.7)

        view.animate(to: first, owner: owner)
        let instant = CameraPosition(target: sydney, zoom: 3)
        view.setCamera(instant)
        XCTAssertNil(view.animation)
        XCTAssertTrue(session.pendingEvents.isEmpty)
        session.settle()
        XCTAssertEqual(view.camera, instant, "a set camera is not overwritten by the stopped animation")
    }

    // MARK: - Animation

    func testEasingEndsExactlyAndNeverGoesBack() {
        XCTAssertEqual(CameraEasing.easeInEaseOut(0), 0)
        XCTAssertEqual(CameraEasing.easeInEaseOut(1), 1)
        XCTAssertEqual(CameraEasing.easeInEaseOut(-0.5), 0)
        XCTAssertEqual(CameraEasing.easeInEaseOut(1.5), 1)
        XCTAssertEqual(CameraEasing.easeInEaseOut(0.5), 0.5, accuracy: 1e-12, "symmetric")
        // Eases in (slower than linear at first) and out (slower at the end).
        XCTAssertLessThan(CameraEasing.easeInEaseOut(0.25), 0.25)
        XCTAssertGreaterThan(CameraEasing.easeInEaseOut(0.75), 0.75)
        XCTAssertEqual(
            CameraEasing.easeInEaseOut(0.25) + CameraEasing.easeInEaseOut(0.75), 1, accuracy: 1e-12)
        var last = 0.0
        for i in 0...2000 {
            let e = CameraEasing.easeInEaseOut(Double(i) / 2000)
            XCTAssertGreaterThanOrEqual(e, last, "at \(i)/2000")
            XCTAssertTrue((0...1).contains(e))
            last = e
        }
        // Core Animation's ease-in-ease-out: the Bézier at parameter 0.25 is x 0.2...,
        // y = 3s² − 2s³ = 0.15625; the curve maps that x to that y.
        let s = 0.25
        let x = 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s
        XCTAssertEqual(CameraEasing.easeInEaseOut(x), 0.15625, accuracy: 1e-12)
    }

    func testInterpolationEndsExactly() {
        let a = CameraPosition(target: sydney, zoom: 15, bearing: 10, viewingAngle: 20)
        let b = CameraPosition(target: GeoPoint(latitude: 37.785834, longitude: -122.406417), zoom: 10, bearing: 350)
        XCTAssertEqual(a.interpolated(to: b, fraction: 0), a)
        XCTAssertEqual(a.interpolated(to: b, fraction: 1), b)
        XCTAssertEqual(a.interpolated(to: b, fraction: -1), a)
        XCTAssertEqual(a.interpolated(to: b, fraction: 2), b)
        let move = CameraAnimation(from: a, to: b, start: 10, end: 10.5)
        XCTAssertEqual(move.position(at: 10), a)
        XCTAssertEqual(move.position(at: 9), a)
        XCTAssertEqual(move.position(at: 10.5), b)
        XCTAssertEqual(move.position(at: 11), b)
    }

    func testInterpolationIsMonotonicInEveryNumber() {
        let a = CameraPosition(target: GeoPoint(latitude: -33.87, longitude: 151.2), zoom: 15)
        let b = CameraPosition(target: GeoPoint(latitude: -33.80, longitude: 151.3), zoom: 12, viewingAngle: 25)
        let move = CameraAnimation(from: a, to: b, start: 0, end: 0.5)
        var last = a
        for i in 1...500 {
            let c = move.position(at: Double(i) / 1000)
            XCTAssertGreaterThanOrEqual(c.target.latitude, last.target.latitude)
            XCTAssertGreaterThanOrEqual(c.target.longitude, last.target.longitude)
            XCTAssertLessThanOrEqual(c.zoom, last.zoom)
            XCTAssertGreaterThanOrEqual(c.viewingAngle, last.viewingAngle)
            last = c
        }
        XCTAssertEqual(last, b)
    }

    func testZoomMovesInZoomLevels() {
        let a = CameraPosition(target: sydney, zoom: 10)
        let b = CameraPosition(target: sydney, zoom: 20)
        XCTAssertEqual(a.interpolated(to: b, fraction: 0.5).zoom, 15, accuracy: 1e-9, "not log2 of the mean scale")
        XCTAssertEqual(a.interpolated(to: b, fraction: 0.25).zoom, 12.5, accuracy: 1e-9)
    }

    func testLongitudeCrossesThe180LineTheShortWay() {
        let east = CameraPosition(target: GeoPoint(latitude: 0, longitude: 179), zoom: 10)
        let west = CameraPosition(target: GeoPoint(latitude: 0, longitude: -179), zoom: 10)
        XCTAssertEqual(east.interpolated(to: west, fraction: 0.25).target.longitude, 179.5, accuracy: 1e-9)
        // 180 is written -180: the camera wraps longitudes into -180..<180.
        XCTAssertEqual(east.interpolated(to: west, fraction: 0.5).target.longitude, -180, accuracy: 1e-9)
        XCTAssertEqual(east.interpolated(to: west, fraction: 0.75).target.longitude, -179.5, accuracy: 1e-9)
        XCTAssertEqual(west.interpolated(to: east, fraction: 0.25).target.longitude, -179.5, accuracy: 1e-9)
        XCTAssertEqual(west.interpolated(to: east, fraction: 0.75).target.longitude, 179.5, accuracy: 1e-9)
        // Every point of the move stays within a degree of the line, never passing 0°.
        let move = CameraAnimation(from: east, to: west, start: 0, end: 1)
        for i in 0...100 {
            let lng = move.position(at: Double(i) / 100).target.longitude
            XCTAssertTrue(lng >= 179 || lng <= -179, "\(lng) at \(i)")
        }
        // An ordinary move goes the plain way.
        let a = CameraPosition(target: GeoPoint(latitude: 0, longitude: -10), zoom: 10)
        let b = CameraPosition(target: GeoPoint(latitude: 0, longitude: 10), zoom: 10)
        XCTAssertEqual(a.interpolated(to: b, fraction: 0.5).target.longitude, 0, accuracy: 1e-9)
    }

    func testBearingTurnsTheShortWay() {
        let a = CameraPosition(target: sydney, zoom: 15, bearing: 350)
        let b = CameraPosition(target: sydney, zoom: 15, bearing: 10)
        XCTAssertEqual(a.interpolated(to: b, fraction: 0.5).bearing, 0, accuracy: 1e-9)
        XCTAssertEqual(a.interpolated(to: b, fraction: 0.25).bearing, 355, accuracy: 1e-9)
        XCTAssertEqual(b.interpolated(to: a, fraction: 0.75).bearing, 355, accuracy: 1e-9)
    }

    func testSetCameraDuringAnAnimationKeepsItsOwnPosition() {
        let (session, view) = map(CameraPosition(target: sydney, zoom: 15))
        let owner = Owner()
        view.animate(to: CameraPosition(target: sydney, zoom: 10), owner: owner)
        session.advance(by: 0.3)
        let set = CameraPosition(target: sydney, zoom: 18)
        view.setCamera(set)
        XCTAssertEqual(view.camera, set)
        session.advance(by: 1)
        XCTAssertEqual(view.camera, set)
    }

    // MARK: - Tiles

    func testAShownMapLoadsItsTilesWithAGoodKeyAndANetwork() {
        let (session, view) = map(CameraPosition(target: sydney, zoom: 15))
        XCTAssertTrue(view.isHidden, "off screen until the controller shows it")
        XCTAssertFalse(view.isBlank)
        view.isHidden = false
        XCTAssertTrue(view.hasTiles)
        XCTAssertFalse(view.isBlank)
        XCTAssertNil(view.blankCause)
        XCTAssertTrue(session.log.isEmpty)
    }

    func testARefusedKeyBlanksTheMapAndLogsOnce() {
        for state in [APIKeyState.invalid, .expired, .unauthorizedBundle] {
            let (session, view) = map(CameraPosition(target: sydney, zoom: 15))
            session.places.faults.apiKey = state
            view.setCamera(CameraPosition(target: sydney, zoom: 14))
            XCTAssertTrue(session.log.isEmpty, "a hidden map fetches nothing")
            view.isHidden = false
            XCTAssertTrue(view.isBlank)
            XCTAssertEqual(view.blankCause, .apiKey(state))
            XCTAssertEqual(session.log.count, SimulationChoices.mapsKeyFailureLog.count)
            XCTAssertTrue(session.log[0].hasSuffix(SimulationChoices.mapsKeyFailureLog[0]))
            view.setCamera(CameraPosition(target: sydney, zoom: 13))
            XCTAssertEqual(session.log.count, SimulationChoices.mapsKeyFailureLog.count, "logged once a launch")
            XCTAssertTrue(view.isBlank)
            // A good key: the next camera move brings the tiles, and they stay.
            session.places.faults.apiKey = .valid
            XCTAssertTrue(view.isBlank, "nothing happens until the map needs tiles again")
            view.setCamera(CameraPosition(target: sydney, zoom: 14))
            XCTAssertFalse(view.isBlank)
            XCTAssertNil(view.blankCause)
            session.places.faults.apiKey = state
            view.setCamera(CameraPosition(target: sydney, zoom: 15))
            XCTAssertFalse(view.isBlank, "tiles loaded once stay for the launch")
        }
    }

    func testNoNetworkAtTheFirstTilesBlanksTheMapUntilAMoveWithTheNetworkBack() {
        let (session, view) = map(CameraPosition(target: sydney, zoom: 15))
        let owner = Owner()
        session.places.faults.networkOnline = false
        session.places.faults.apiKey = .expired
        view.isHidden = false
        XCTAssertEqual(view.blankCause, .network, "the key is not checked without a network")
        XCTAssertTrue(session.log.isEmpty, "no network logs nothing")
        session.places.faults.networkOnline = true
        session.places.faults.apiKey = .valid
        XCTAssertTrue(view.isBlank)
        view.animate(to: CameraPosition(target: sydney, zoom: 16), owner: owner)
        XCTAssertFalse(view.isBlank, "an animation needs tiles as it starts")
    }

    func testClearRemovesMarkersAndTheInfoWindowAndKeepsMyLocation() {
        let (_, view) = map(CameraPosition(target: sydney, zoom: 15))
        view.isMyLocationEnabled = true
        view.myLocationButton = true
        view.add(Marker(position: sydney, title: "A", snippet: nil))
        view.add(Marker(position: sydney, title: "B", snippet: "b"))
        view.selectedMarker = 1
        view.clear()
        XCTAssertEqual(view.markers, [])
        XCTAssertNil(view.selectedMarker)
        XCTAssertTrue(view.isMyLocationEnabled)
        XCTAssertTrue(view.myLocationButton)
        XCTAssertEqual(view.camera.target, sydney)
    }

    func testMarkerTapOpensTheInfoWindowUnlessEmpty() {
        let h = Harness()
        h.launchAllowedAtSydney()
        let map = h.map
        map.add(Marker(position: TutorialApp.defaultLocation, title: "Titled", snippet: nil))
        map.add(Marker(position: TutorialApp.defaultLocation, title: nil, snippet: nil))
        map.add(Marker(position: TutorialApp.defaultLocation, title: "", snippet: "only a snippet"))
        let camera = map.camera
        h.session.tapMarker(0)
        XCTAssertEqual(map.selectedMarker, 0)
        h.session.tapMarker(2)
        XCTAssertEqual(map.selectedMarker, 2, "tapping another marker switches the window")
        h.session.tapMarker(1)
        XCTAssertNil(map.selectedMarker, "no window for a marker with neither title nor snippet")
        h.session.tapMarker(7)
        XCTAssertNil(map.selectedMarker)
        XCTAssertEqual(map.camera, camera, "marker taps do not move the camera")
    }
}
