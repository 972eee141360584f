import PlaceFormats
import PlaceStorage

/// One position of a route: where the device is at `offset` seconds after the route started,
/// how fast it moves and where it heads.
public struct RouteSample: Sendable, Equatable {
    public var coordinate: GeoPoint
    /// Metres per second (0 when standing still).
    public var speed: Double
    /// Degrees clockwise from north; -1 when standing still.
    public var course: Double
    /// Seconds since the start of the route.
    public var offset: Double
}

/// A point a route passes through, and when (seconds from the route's start): what the route
/// was made of, as a GPX file or `xcrun simctl location start` would give it.
public struct RouteWaypoint: Sendable, Equatable {
    public var coordinate: GeoPoint
    public var time: Double

    public init(coordinate: GeoPoint, time: Double) {
        self.coordinate = coordinate
        self.time = time
    }
}

/// A path the simulated device follows over virtual time: the positions it reports, computed
/// once when the route is made.
public struct Route: Sendable {
    /// What to call it: `city-run`, a file name, `3 waypoints`.
    public var name: String
    /// Where it came from: `waypoints`, `built-in`, `gpx`.
    public var source: String
    public var samples: [RouteSample]
    /// Metres along the path.
    public var length: Double
    /// Things worth knowing about how the route was made (from a GPX file's odd cases).
    public var warnings: [String]
    /// The points it was made of, with the times it reaches them: the waypoints, or a GPX
    /// file's points as played (times that only move forward).
    public var waypoints: [RouteWaypoint]
    /// How its positions are spaced.
    public var spacing: Spacing
    /// The one speed it moves at (m/s) when it was made from waypoints; nil when times set the
    /// pace (a GPX file's).
    public var speed: Double?

    public init(
        name: String, source: String, samples: [RouteSample], length: Double, warnings: [String],
        waypoints: [RouteWaypoint] = [], spacing: Spacing = .interval(1), speed: Double? = nil
    ) {
        self.name = name
        self.source = source
        self.samples = samples
        self.length = length
        self.warnings = warnings
        self.waypoints = waypoints
        self.spacing = spacing
        self.speed = speed
    }

    /// Seconds from the first position to the last.
    public var duration: Double { samples.last?.offset ?? 0 }

    /// How positions are spaced along the path.
    public enum Spacing: Sendable, Equatable {
        /// A position every so many seconds (simctl's `--interval`, default 1 s).
        case interval(Double)
        /// A position every so many metres travelled (simctl's `--distance`).
        case distance(Double)
    }

    /// The most positions a route may have (a day at one a second is 86,400).
    public static let maximumSamples = 2_000_000

    /// Why a route cannot be made.
    public struct TooLong: Error, Sendable {
        public var samples: Double
        public var message: String {
            "the route would have \(formatNumber(samples.rounded())) positions, more than \(Route.maximumSamples)"
        }
    }

    /// Waypoints joined by straight lines and travelled at a constant speed, as
    /// `xcrun simctl location start` does: the first waypoint at once, then a position per
    /// `spacing`, and the last waypoint at the end.
    public static func waypoints(
        _ points: [GeoPoint], speed: Double, spacing: Spacing, name: String, source: String = "waypoints"
    ) throws(TooLong) -> Route {
        var timed: [(point: GeoPoint, time: Double)] = []
        var elapsed = 0.0
        for (i, p) in points.enumerated() {
            if i > 0 { elapsed += distance(points[i - 1], p) / speed }
            timed.append((p, elapsed))
        }
        var route = try along(timed, spacing: spacing, name: name, source: source, warnings: [])
        route.speed = speed
        return route
    }

    /// Points with times (seconds from the first), joined by straight lines: the device moves
    /// between them at the pace their times imply. Positions are spaced as `spacing` says.
    public static func timed(
        _ points: [(point: GeoPoint, time: Double)], spacing: Spacing, name: String, source: String,
        warnings: [String]
    ) throws(TooLong) -> Route {
        try along(points, spacing: spacing, name: name, source: source, warnings: warnings)
    }

    private static func along(
        _ points: [(point: GeoPoint, time: Double)], spacing: Spacing, name: String, source: String,
        warnings: [String]
    ) throws(TooLong) -> Route {
        let waypoints = points.map { RouteWaypoint(coordinate: $0.point, time: $0.time) }
        guard let first = points.first else {
            return Route(name: name, source: source, samples: [], length: 0, warnings: warnings, spacing: spacing)
        }
        // Cumulative distance at each point.
        var cumulative = [0.0]
        for i in 1..<max(1, points.count) where points.count > 1 {
            cumulative.append(cumulative[i - 1] + distance(points[i - 1].point, points[i].point))
        }
        let length = cumulative.last ?? 0
        let end = points[points.count - 1].time
        let estimate: Double
        switch spacing {
        case .interval(let step): estimate = end / step
        case .distance(let metres): estimate = length / metres
        }
        guard estimate.isFinite, estimate < Double(maximumSamples) else { throw TooLong(samples: estimate) }
        var samples: [RouteSample] = []
        samples.reserveCapacity(Int(estimate) + 2)  // safe: finite and below maximumSamples, checked above
        var segment = 0
        /// The sample at time `t` (seconds from the start), on segment `segment` or later.
        func sample(at t: Double) -> RouteSample {
            while segment < points.count - 2 && points[segment + 1].time <= t { segment += 1 }
            guard points.count > 1 else {
                return RouteSample(coordinate: first.point, speed: 0, course: -1, offset: t)
            }
            let a = points[segment]
            let b = points[segment + 1]
            let span = b.time - a.time
            let f = span > 0 ? min(1, max(0, (t - a.time) / span)) : 1
            let d = cumulative[segment + 1] - cumulative[segment]
            let coordinate = GeoPoint(
                latitude: a.point.latitude + (b.point.latitude - a.point.latitude) * f,
                longitude: a.point.longitude + (b.point.longitude - a.point.longitude) * f)
            let moving = d > 0 && span > 0
            return RouteSample(
                coordinate: coordinate, speed: moving ? d / span : 0,
                course: moving ? bearing(from: a.point, to: b.point) : -1, offset: t)
        }
        switch spacing {
        case .interval(let step):
            var k = 0
            while true {
                let t = Double(k) * step
                if t >= end { break }
                samples.append(sample(at: t))
                k += 1
            }
        case .distance(let metres):
            // Positions every `metres` along the path: find the time each distance is reached.
            var k = 0
            var seg = 0
            while true {
                let d = Double(k) * metres
                if d >= length { break }
                while seg < points.count - 2 && cumulative[seg + 1] <= d { seg += 1 }
                let segLength = cumulative[seg + 1] - cumulative[seg]
                let f = segLength > 0 ? (d - cumulative[seg]) / segLength : 0
                let t = points[seg].time + (points[seg + 1].time - points[seg].time) * f
                samples.append(sample(at: t))
                k += 1
            }
        }
        // The last point, exactly, at the end.
        var last = sample(at: end)
        last.coordinate = points[points.count - 1].point
        if samples.last?.offset != end || samples.isEmpty { samples.append(last) }
        return Route(
            name: name, source: source, samples: samples, length: length, warnings: warnings, waypoints: waypoints,
            spacing: spacing)
    }
}

/// Routes of our own in the spirit of the Simulator's City Run, City Bicycle Ride and Freeway
/// Drive, around Cupertino as Apple's are.
public enum BuiltinRoute: String, Sendable, CaseIterable {
    case cityRun = "city-run"
    case bicycleRide = "bicycle-ride"
    case freewayDrive = "freeway-drive"

    /// Metres per second.
    public var speed: Double {
        switch self {
        case .cityRun: return 3.0  // 10.8 km/h, an easy run
        case .bicycleRide: return 6.0  // 21.6 km/h
        case .freewayDrive: return 29.0  // 104 km/h
        }
    }

    /// The Simulator's own scenario it stands for, as its Features ▸ Location menu and
    /// `xcrun simctl location list` name it.
    public var simulatorScenario: String {
        switch self {
        case .cityRun: return "City Run"
        case .bicycleRide: return "City Bicycle Ride"
        case .freewayDrive: return "Freeway Drive"
        }
    }

    /// Where it goes, in words.
    public var summary: String {
        switch self {
        case .cityRun:
            return "a loop from Infinite Loop down De Anza Blvd, east on Stevens Creek Blvd, up Wolfe Rd and back"
        case .bicycleRide:
            return
                "Infinite Loop, west on Stevens Creek Blvd to Foothill Blvd, back along McClellan Rd and De Anza Blvd"
        case .freewayDrive:
            return
                "I-280 south-east from Cupertino past Lawrence Expressway and Winchester Blvd towards downtown San Jose"
        }
    }

    public var waypoints: [GeoPoint] {
        func p(_ lat: Double, _ lng: Double) -> GeoPoint { GeoPoint(latitude: lat, longitude: lng) }
        switch self {
        case .cityRun:
            return [
                p(37.33182, -122.03118), p(37.32330, -122.03222), p(37.32335, -122.01480), p(37.33200, -122.01460),
                p(37.33182, -122.03118),
            ]
        case .bicycleRide:
            return [
                p(37.33182, -122.03118), p(37.32330, -122.03222), p(37.32360, -122.06460), p(37.31170, -122.06340),
                p(37.31200, -122.03240), p(37.32330, -122.03222), p(37.33182, -122.03118),
            ]
        case .freewayDrive:
            return [
                p(37.33480, -122.03800), p(37.33340, -122.01500), p(37.33070, -121.99000), p(37.32430, -121.95260),
                p(37.31790, -121.93300), p(37.32760, -121.90300),
            ]
        }
    }

    public var route: Route {
        // A few kilometres at a position a second: far below the limit.
        (try? Route.waypoints(waypoints, speed: speed, spacing: .interval(1), name: rawValue, source: "built-in"))
            ?? Route(name: rawValue, source: "built-in", samples: [], length: 0, warnings: [])
    }
}

/// A route being played: which position comes next and when it started.
public final class RoutePlayer {
    public let route: Route
    /// Virtual time (µs) the route started.
    public let startMicros: Int64
    /// The index of the next position to deliver.
    public internal(set) var nextIndex = 0
    public internal(set) var isFinished = false
    /// Virtual time (µs) `route stop` stopped it: its progress stays there.
    var stoppedMicros: Int64?
    var pendingEvent: Int?
    /// The event that stops the device a second after the last position.
    var standstillEvent: Int?

    init(route: Route, startMicros: Int64) {
        self.route = route
        self.startMicros = startMicros
    }

    /// Seconds since the route started, at the session's clock.
    public func elapsed(at clock: Double) -> Double {
        let now = stoppedMicros.map { min(clock, Double($0) / 1_000_000) } ?? clock
        return min(route.duration, max(0, now - Double(startMicros) / 1_000_000))
    }
}

extension Route {
    /// The longest pause between two points of a GPX file that is played as a pause; a longer
    /// gap (a file stitched from days apart, a 1901 date) is crossed at the given speed instead.
    public static let longestGPXGap = 86_400.0

    /// A route from the points of a GPX file. Timed points are played at the pace their times
    /// imply; untimed points between timed ones get times in proportion to distance; untimed
    /// points before the first or after the last timed one, and files without times, move at
    /// `speed`. A segment whose time runs backwards, stands still while the position jumps, or
    /// pauses longer than a day is crossed at `speed` too, with a warning.
    public static func gpx(
        _ track: GPXTrack, speed: Double, spacing: Spacing, name: String
    ) throws(TooLong) -> Route {
        let points = track.points.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
        var warnings = track.warnings
        guard !points.isEmpty else {
            return Route(name: name, source: "gpx", samples: [], length: 0, warnings: warnings, spacing: spacing)
        }
        var cumulative = [0.0]
        for i in 1..<max(1, points.count) where points.count > 1 {
            cumulative.append(cumulative[i - 1] + distance(points[i - 1], points[i]))
        }
        let timedIndexes = track.points.indices.filter { track.points[$0].time != nil }
        var times = [Double](repeating: 0, count: points.count)
        if let first = timedIndexes.first, let last = timedIndexes.last {
            for i in timedIndexes { times[i] = track.points[i].time ?? 0 }
            for i in 0..<first { times[i] = times[first] - (cumulative[first] - cumulative[i]) / speed }
            for i in (last + 1)..<points.count { times[i] = times[last] + (cumulative[i] - cumulative[last]) / speed }
            for (a, b) in zip(timedIndexes, timedIndexes.dropFirst()) where b > a + 1 {
                let span = cumulative[b] - cumulative[a]
                for i in (a + 1)..<b {
                    let f = span > 0 ? (cumulative[i] - cumulative[a]) / span : Double(i - a) / Double(b - a)
                    times[i] = times[a] + (times[b] - times[a]) * f
                }
            }
        } else {
            for i in points.indices { times[i] = cumulative[i] / speed }
        }
        // Relative times that only move forward.
        var relative = [0.0]
        var backwards = 0
        var jumps = 0
        var gaps = 0
        for i in 1..<max(1, points.count) where points.count > 1 {
            let d = cumulative[i] - cumulative[i - 1]
            var delta = times[i] - times[i - 1]
            if delta < 0 {
                backwards += 1
                delta = d / speed
            } else if delta == 0 && d > 0 {
                jumps += 1
                delta = d / speed
            } else if delta > longestGPXGap {
                gaps += 1
                delta = d / speed
            }
            relative.append(relative[i - 1] + delta)
        }
        let speedText = formatNumber(speed) + " m/s"
        if backwards > 0 {
            warnings.append(
                "\(backwards) segment\(backwards == 1 ? "" : "s") whose time runs backwards crossed at \(speedText)")
        }
        if jumps > 0 {
            warnings.append(
                "\(jumps) segment\(jumps == 1 ? "" : "s") with the same time at both ends crossed at \(speedText)")
        }
        if gaps > 0 {
            warnings.append("\(gaps) pause\(gaps == 1 ? "" : "s") longer than a day crossed at \(speedText)")
        }
        var route = try Route.timed(
            Array(zip(points, relative)).map { (point: $0.0, time: $0.1) }, spacing: spacing, name: name, source: "gpx",
            warnings: warnings)
        // A file without times moves at one speed, as a route of waypoints does.
        if timedIndexes.isEmpty { route.speed = speed }
        return route
    }
}
