import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// Routes: sampling waypoints, GPX timing rules, and playing a route through the session.
final class RouteTests: XCTestCase {
    private let sydney = GeoPoint(latitude: -33.869405, longitude: 151.199)
    /// Metres per degree of latitude on the mean sphere.
    private let metresPerDegree = earthRadius * .pi / 180

    private func north(_ metres: Double, of p: GeoPoint? = nil) -> GeoPoint {
        let p = p ?? sydney
        return GeoPoint(latitude: p.latitude + metres / metresPerDegree, longitude: p.longitude)
    }

    private func east(_ metres: Double, of p: GeoPoint) -> GeoPoint {
        destination(from: p, bearing: 90, metres: metres)
    }

    // MARK: - Waypoints

    func testIntervalSamplingCountFirstLastAndSpacing() throws {
        let end = north(100)
        let route = try Route.waypoints([sydney, end], speed: 2, spacing: .interval(1), name: "walk")
        // 100 m at 2 m/s: 50 s; positions at 0, 1, …, 49 s and the last waypoint at 50 s.
        XCTAssertEqual(route.duration, 50, accuracy: 1e-9)
        XCTAssertEqual(route.samples.count, 51)
        XCTAssertEqual(route.samples.first?.coordinate, sydney)
        XCTAssertEqual(route.samples.first?.offset, 0)
        XCTAssertEqual(route.samples.last?.coordinate, end)
        for (k, sample) in route.samples.dropLast().enumerated() {
            XCTAssertEqual(sample.offset, Double(k))
            XCTAssertEqual(distance(sydney, sample.coordinate), 2 * Double(k), accuracy: 1e-6)
        }
        XCTAssertEqual(route.length, 100, accuracy: 1e-6)
    }

    func testTheLastWaypointComesAtTheEndEvenOffTheInterval() throws {
        let route = try Route.waypoints([sydney, north(25)], speed: 10, spacing: .interval(1), name: "w")
        // 2.5 s: positions at 0, 1, 2 and the last waypoint at 2.5 s.
        XCTAssertEqual(route.samples.map(\.offset).count, 4)
        XCTAssertEqual(route.samples.last!.offset, 2.5, accuracy: 1e-9)
        XCTAssertEqual(route.samples.last!.coordinate, north(25))
    }

    func testDistanceSpacing() throws {
        let end = north(100)
        let route = try Route.waypoints([sydney, end], speed: 4, spacing: .distance(30), name: "w")
        // Positions at 0, 30, 60, 90 m and the last waypoint at 100 m; times follow at 4 m/s.
        XCTAssertEqual(route.samples.count, 5)
        for (k, sample) in route.samples.dropLast().enumerated() {
            XCTAssertEqual(distance(sydney, sample.coordinate), 30 * Double(k), accuracy: 1e-6)
            XCTAssertEqual(sample.offset, 30 * Double(k) / 4, accuracy: 1e-9)
        }
        XCTAssertEqual(route.samples.last!.coordinate, end)
        XCTAssertEqual(route.samples.last!.offset, 25, accuracy: 1e-9)
    }

    func testSpeedAndCourseFollowEachSegment() throws {
        let corner = north(100)
        let end = east(100, of: corner)
        let route = try Route.waypoints([sydney, corner, end], speed: 5, spacing: .interval(1), name: "w")
        let onFirst = route.samples[10]
        XCTAssertEqual(onFirst.speed, 5, accuracy: 1e-9)
        XCTAssertEqual(onFirst.course, 0, accuracy: 1e-6)
        let onSecond = route.samples[30]
        XCTAssertEqual(onSecond.speed, 5, accuracy: 1e-6)
        XCTAssertEqual(onSecond.course, 90, accuracy: 0.01)
    }

    func testZeroLengthSegmentsAndASinglePoint() throws {
        // A repeated waypoint adds no time and no distance.
        let end = north(20)
        let route = try Route.waypoints([sydney, sydney, end, end], speed: 10, spacing: .interval(1), name: "w")
        XCTAssertEqual(route.length, 20, accuracy: 1e-6)
        XCTAssertEqual(route.duration, 2, accuracy: 1e-9)
        XCTAssertEqual(route.samples.count, 3)
        XCTAssertEqual(route.samples.last!.coordinate, end)
        XCTAssertTrue(route.samples.allSatisfy { $0.speed.isFinite && $0.course.isFinite })
        // Two identical waypoints: one position, standing still.
        let still = try Route.waypoints([sydney, sydney], speed: 10, spacing: .interval(1), name: "w")
        XCTAssertEqual(still.samples.count, 1)
        XCTAssertEqual(still.samples[0].speed, 0)
        XCTAssertEqual(still.samples[0].course, -1)
        // One point, by the timed path: one position at 0 s.
        let one = try Route.timed(
            [(point: sydney, time: 0)], spacing: .distance(10), name: "one", source: "gpx", warnings: [])
        XCTAssertEqual(one.samples, [RouteSample(coordinate: sydney, speed: 0, course: -1, offset: 0)])
    }

    func testTooManySamplesIsAnError() {
        let far = GeoPoint(latitude: 37.785834, longitude: -122.406417)
        XCTAssertThrowsError(try Route.waypoints([sydney, far], speed: 1, spacing: .interval(1), name: "w")) { error in
            let tooLong = error as? Route.TooLong
            XCTAssertNotNil(tooLong)
            XCTAssertGreaterThan(tooLong?.samples ?? 0, Double(Route.maximumSamples))
            XCTAssertTrue(tooLong?.message.hasSuffix("positions, more than 2000000") ?? false, tooLong?.message ?? "")
        }
        // Just under the limit is fine: a day at one a second.
        XCTAssertNoThrow(try Route.waypoints([sydney, north(86_400)], speed: 1, spacing: .interval(1), name: "w"))
    }

    // MARK: - GPX timing

    private func track(_ points: [(Double, Double?)]) -> GPXTrack {
        GPXTrack(
            version: "1.1", name: "t", kind: .track,
            points: points.map { metres, time in
                let p = north(metres)
                return GPXPoint(latitude: p.latitude, longitude: p.longitude, time: time.map { 1_700_000_000 + $0 })
            }, warnings: [])
    }

    /// The offset of the sample nearest a point `metres` along a straight northward track.
    private func time(at metres: Double, in route: Route) -> Double {
        route.samples.min {
            abs(distance(sydney, $0.coordinate) - metres) < abs(distance(sydney, $1.coordinate) - metres)
        }!
        .offset
    }

    func testTimedPointsPlayAtTheirPace() throws {
        let route = try Route.gpx(track([(0, 0), (100, 50), (300, 250)]), speed: 20, spacing: .interval(1), name: "t")
        XCTAssertEqual(route.duration, 250, accuracy: 1e-9)
        XCTAssertEqual(route.samples[10].speed, 2, accuracy: 1e-6)
        XCTAssertEqual(route.samples[100].speed, 1, accuracy: 1e-6)
        XCTAssertEqual(route.warnings, [])
    }

    func testPartialTimesAreInterpolatedByDistance() throws {
        // Untimed points at 100 and 300 m between timed ones at 0 m (0 s) and 400 m (400 s).
        let route = try Route.gpx(
            track([(0, 0), (100, nil), (300, nil), (400, 400)]), speed: 20, spacing: .interval(1), name: "t")
        XCTAssertEqual(route.duration, 400, accuracy: 1e-9)
        XCTAssertEqual(time(at: 100, in: route), 100, accuracy: 1e-6)
        XCTAssertEqual(time(at: 300, in: route), 300, accuracy: 1e-6)
        // Untimed points before the first and after the last timed one move at the speed.
        let ends = try Route.gpx(
            track([(0, nil), (100, 0), (200, 10), (300, nil)]), speed: 20, spacing: .interval(0.5), name: "t")
        XCTAssertEqual(ends.duration, 5 + 10 + 5, accuracy: 1e-9)
        XCTAssertEqual(ends.samples[2].speed, 20, accuracy: 1e-6)
    }

    func testFilesWithoutTimesMoveAtTheSpeed() throws {
        let route = try Route.gpx(
            track([(0, nil), (100, nil), (250, nil)]), speed: 5, spacing: .interval(1), name: "t")
        XCTAssertEqual(route.duration, 50, accuracy: 1e-9)
        XCTAssertTrue(route.samples.dropLast().allSatisfy { abs($0.speed - 5) < 1e-6 })
    }

    func testBackwardsEqualAndDayLongGapsAreCrossedAtSpeedWithWarnings() throws {
        // 100 m back in time, 100 m at the same time, 100 m after two days: each crossed at 10 m/s.
        let route = try Route.gpx(
            track([(0, 100), (100, 50), (200, 50), (300, 50 + 2 * 86_400), (400, 60 + 2 * 86_400)]), speed: 10,
            spacing: .interval(1), name: "t")
        XCTAssertEqual(route.duration, 10 + 10 + 10 + 10, accuracy: 1e-9)
        XCTAssertEqual(
            route.warnings,
            [
                "1 segment whose time runs backwards crossed at 10 m/s",
                "1 segment with the same time at both ends crossed at 10 m/s",
                "1 pause longer than a day crossed at 10 m/s",
            ])
        // A pause at one spot (same position, later time) is played as a pause, up to a day.
        let pause = try Route.gpx(
            track([(0, 0), (0, 3_600), (100, 3_700)]), speed: 10, spacing: .interval(60), name: "t")
        XCTAssertEqual(pause.duration, 3_700, accuracy: 1e-9)
        XCTAssertEqual(pause.samples[30].speed, 0)
        XCTAssertEqual(pause.samples[30].course, -1)
        XCTAssertEqual(pause.warnings, [])
        // Equal times at the same spot are not a jump: no warning, no time.
        let same = try Route.gpx(track([(0, 0), (0, 0), (100, 10)]), speed: 10, spacing: .interval(1), name: "t")
        XCTAssertEqual(same.duration, 10, accuracy: 1e-9)
        XCTAssertEqual(same.warnings, [])
        // Plural wording.
        let two = try Route.gpx(track([(0, 100), (100, 50), (200, 0)]), speed: 10, spacing: .interval(1), name: "t")
        XCTAssertEqual(two.warnings, ["2 segments whose time runs backwards crossed at 10 m/s"])
    }

    func testTheReadersWarningsComeFirst() throws {
        var t = track([(0, 0), (100, 10)])
        t.warnings = ["ignored 1 <extensions> element (vendor data)"]
        let route = try Route.gpx(t, speed: 20, spacing: .interval(1), name: "t")
        XCTAssertEqual(route.warnings, ["ignored 1 <extensions> element (vendor data)"])
        XCTAssertEqual(route.source, "gpx")
    }

    // MARK: - Playing through the session

    func testPositionsComeAtExactlyStartPlusOffsetWithoutDrift() throws {
        let session = Session()
        session.advance(by: 0.3)  // start off the whole second
        // 36,000 positions: 35,999 s at 1 m/s plus the last waypoint.
        let route = try Route.waypoints([sydney, north(35_999.5)], speed: 1, spacing: .interval(1), name: "long")
        XCTAssertEqual(route.samples.count, 36_001)
        var times: [Double] = []
        var lastLatitude = -90.0
        var moving = true
        session.startRoute(route)
        times.append(session.clock)
        while let next = session.pendingEvents.first, next.label == "route position" {
            session.step()
            times.append(session.clock)
            let latitude = session.device.position!.coordinate.latitude
            if latitude <= lastLatitude { moving = false }
            lastLatitude = latitude
        }
        XCTAssertTrue(moving)
        // After the last position, one more timer: a second later the device stands still.
        XCTAssertEqual(session.pendingEvents.map(\.label), ["route end"])
        XCTAssertGreaterThan(session.device.position!.speed, 0, "the last reading still moves")
        session.step()
        XCTAssertEqual(session.clock, 0.3 + 35_999.5 + 1, accuracy: 1e-9)
        XCTAssertEqual(session.device.position!.speed, 0)
        XCTAssertEqual(session.device.position!.course, -1)
        XCTAssertTrue(session.pendingEvents.isEmpty)
        XCTAssertEqual(times.count, 36_001)
        for (k, t) in times.enumerated() where k < 36_000 {
            // Whole microseconds from the start: exactly 0.3 + k.
            XCTAssertEqual(t, 0.3 + Double(k), accuracy: 1e-9)
        }
        XCTAssertEqual(times.last!, 0.3 + 35_999.5, accuracy: 1e-9)
        XCTAssertTrue(session.route!.isFinished)
        XCTAssertEqual(session.route!.nextIndex, 36_001)
    }

    func testWaitReachesPositionsAndSettlingStopsBeforeThem() throws {
        let h = Harness()
        let route = try Route.waypoints([sydney, north(10)], speed: 1, spacing: .interval(1), name: "w")
        h.session.startRoute(route)
        XCTAssertEqual(h.session.device.position?.coordinate, sydney)
        h.session.settle()
        XCTAssertEqual(h.session.clock, 0)
        XCTAssertEqual(h.session.route?.nextIndex, 1)
        h.session.advance(by: 4.5)
        XCTAssertEqual(h.session.route?.nextIndex, 5)
        XCTAssertEqual(h.session.device.position!.coordinate.latitude, north(4).latitude, accuracy: 1e-12)
        XCTAssertEqual(h.session.device.position!.speed, 1, accuracy: 1e-9)
    }

    func testStopRouteLeavesTheDeviceStandingStill() throws {
        let h = Harness()
        let route = try Route.waypoints([sydney, north(100)], speed: 2, spacing: .interval(1), name: "w")
        h.session.startRoute(route)
        h.session.advance(by: 10)
        let player = try XCTUnwrap(h.session.route)
        h.session.stopRoute()
        XCTAssertTrue(player.isFinished)
        XCTAssertTrue(h.session.pendingEvents.isEmpty)
        XCTAssertEqual(h.session.device.position!.speed, 0)
        XCTAssertEqual(h.session.device.position!.course, -1)
        let stoppedAt = h.session.device.position!.coordinate
        h.session.advance(by: 100)
        XCTAssertEqual(h.session.device.position!.coordinate, stoppedAt)
        XCTAssertEqual(player.elapsed(at: h.session.clock), 10, accuracy: 1e-9)
        XCTAssertEqual(player.nextIndex, 11)
    }

    func testAtTheEndTheDeviceStandsStillAtTheLastPoint() throws {
        let h = Harness()
        let end = north(30)
        h.session.startRoute(try Route.waypoints([sydney, end], speed: 3, spacing: .interval(1), name: "w"))
        h.session.advance(by: 60)
        XCTAssertTrue(h.session.route!.isFinished)
        XCTAssertEqual(h.session.device.position!.coordinate, end)
        XCTAssertEqual(h.session.device.position!.speed, 0)
        XCTAssertEqual(h.session.device.position!.course, -1)
        XCTAssertTrue(h.events.contains { $0.text.contains("is over") })
        XCTAssertEqual(h.session.route!.elapsed(at: h.session.clock), 10, accuracy: 1e-9)
    }

    func testTheDistanceFilterDecidesWhichPositionsBecomeFixes() throws {
        let h = Harness()
        h.launchAllowedAtSydney()
        XCTAssertEqual(h.session.stats.locationUpdates, 1)
        // 1.4 m a second: a fix every 36 positions (50.4 m).
        h.session.startRoute(try Route.waypoints([sydney, north(500)], speed: 1.4, spacing: .interval(1), name: "w"))
        h.session.settle()
        let start = h.session.route!.startMicros
        h.session.advance(by: Double(start) / 1_000_000 + 200 - h.session.clock)
        h.session.settle()
        XCTAssertEqual(h.session.stats.locationUpdates, 1 + 5)
        let fix = try XCTUnwrap(h.app.locationManager.lastDelivered)
        XCTAssertEqual(distance(sydney, fix.coordinate), 180 * 1.4, accuracy: 1e-6)
        XCTAssertEqual(fix.speed, 1.4, accuracy: 1e-9)
        XCTAssertEqual(fix.course, 0, accuracy: 1e-6)
        // Each fix sent a places request and animated the camera to it.
        XCTAssertEqual(h.session.stats.placesRequests, 2 + 5)
        XCTAssertEqual(h.map.camera.target.latitude, fix.coordinate.latitude, accuracy: 1e-12)
    }
}
