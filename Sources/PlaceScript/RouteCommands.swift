import PlaceFormats
import PlaceKit

extension CommandFamily {
    /// The device on the move: waypoints, our own scenario routes, GPX files.
    public static let route = CommandFamily(
        name: "Route",
        summary: "move the device over virtual time: waypoints, scenario routes, GPX files",
        commands: [
            CommandSpec(
                "route",
                summary: "show the route's progress, or start and stop one",
                details: """
                    A route moves the device over virtual time: 'wait' lets it go on. Each position
                    reaches the app at once through the location manager, so the distance filter
                    (50 m) decides which become fixes; each fix animates the camera and sends a new
                    places request, as in the tutorial. Positions carry speed and course, and
                    'location' shows them. 'locate' stops a route.
                    """,
                effect: .looks,
                api: APIEntry(
                    what:
                        "Simulator: Features ▸ Location ▸ City Run and friends, xcrun simctl location start/run, or a GPX file in the scheme",
                    callbacks: [
                        "locationManager(_:didUpdateLocations:) for each position past distanceFilter, then animate(to:) and listLikelyPlaces()"
                    ]),
                examples: ["route", "route start -33.8694,151.199 -33.8655,151.1955 speed=1.4", "route run city-run"],
                subcommands: [
                    CommandSpec(
                        "start",
                        arguments: [ArgSpec("WAYPOINTS", waypointsType, summary: "two or more LAT,LNG")],
                        options: routeOptions(),
                        summary: "follow waypoints joined by straight lines, as xcrun simctl location start",
                        details: """
                            The first waypoint at once, then a position every interval= seconds
                            (default 1 s) or every distance= metres travelled, at speed= (default 20 m/s),
                            and the last waypoint at the end. interval= and distance= exclude each other.
                            """,
                        effect: .acts,
                        examples: [
                            "route start -33.8694,151.199 -33.8655,151.1955",
                            "route start 37.33,-122.03 37.32,-122.01 speed=5 distance=50",
                        ],
                        handler: { ctx throws(Diagnostic) in
                            guard case .words(let words)? = ctx.arg(0)?.value else { return .none }
                            let points = words.compactMap(parseWaypoint)
                            let (speed, spacing) = try routeSettings(ctx, defaultSpeed: SimulationChoices.routeSpeed)
                            let route = try makeRoute(ctx) { () throws(Route.TooLong) in
                                try Route.waypoints(
                                    points, speed: speed, spacing: spacing, name: "\(points.count) waypoints")
                            }
                            return startRoute(ctx, route)
                        }),
                    CommandSpec(
                        "run",
                        arguments: [
                            ArgSpec("NAME", .choice(BuiltinRoute.allCases.map(\.rawValue)), summary: "a scenario route")
                        ],
                        summary: "follow one of our scenario routes (route list shows them)",
                        effect: .acts,
                        examples: ["route run city-run", "route run freeway-drive"],
                        handler: { ctx throws(Diagnostic) in
                            guard let name = ctx.word(0), let builtin = BuiltinRoute(rawValue: name) else {
                                return .none
                            }
                            return startRoute(ctx, builtin.route)
                        }),
                    CommandSpec(
                        "gpx", arguments: [ArgSpec("FILE", .path, summary: "a GPX 1.0 or 1.1 file")],
                        options: routeOptions(),
                        summary: "follow the points of a GPX file (trkpt, else rtept, else wpt)",
                        details: """
                            Timed points are played at the pace their times imply; untimed points move at
                            speed= (default 20 m/s); one point is a fixed location, as Xcode's
                            single-waypoint files. Odd files are played in a documented way and each odd
                            case is reported: partial, equal or backward times, long pauses, points
                            without a usable position. A relative path is taken from the script's folder.
                            """,
                        effect: .acts,
                        examples: ["route gpx walk.gpx", "route gpx drive.gpx speed=15"],
                        handler: gpxCommand),
                    CommandSpec(
                        "stop", summary: "stop the route; the device stays where it is",
                        effect: .acts,
                        examples: ["route stop"],
                        handler: { ctx throws(Diagnostic) in
                            guard let player = ctx.session.route, !player.isFinished else {
                                throw .runtime(
                                    "no route is running", at: ctx.location, help: "route start, route run or route gpx"
                                )
                            }
                            ctx.session.stopRoute()
                            return .line("the route '\(player.route.name)' stopped", value: routeValue(ctx.shell))
                        }),
                    CommandSpec(
                        "list", summary: "the scenario routes: where they go, how long, how fast",
                        effect: .acts,
                        examples: ["route list"],
                        handler: { ctx throws(Diagnostic) in
                            var lines: [String] = []
                            var values: [Value] = []
                            for builtin in BuiltinRoute.allCases {
                                let route = builtin.route
                                lines.append(
                                    "\(builtin.rawValue): \(formatFixed(route.length / 1000, decimals: 1)) km, "
                                        + "\(formatDuration(route.duration)) at \(formatNumber(builtin.speed)) m/s "
                                        + "(\(formatFixed(builtin.speed * 3.6, decimals: 1)) km/h)")
                                lines.append("  " + builtin.summary)
                                values.append(
                                    .record([
                                        Value.Field("name", .string(builtin.rawValue)),
                                        Value.Field("length", .number(route.length, .length)),
                                        Value.Field("duration", .number(route.duration, .duration)),
                                        Value.Field("speed", .number(builtin.speed, .speed)),
                                    ]))
                            }
                            return CommandResult(value: .list(values), text: lines)
                        }),
                ],
                handler: { ctx throws(Diagnostic) in
                    CommandResult(value: routeValue(ctx.shell), text: routeProgress(ctx.shell))
                })
        ],
        stateRoots: [
            StateRoot(
                "route", summary: "the route: running, name, source, progress, elapsed, duration, length, index, count"
            ) {
                shell in .leaf(routeValue(shell))
            }
        ])
}

private func routeOptions() -> [OptionSpec] {
    [
        OptionSpec(
            "speed", .number(.speed, range: 0.01...1000), valueName: "M/S", summary: "metres per second (default 20)"),
        OptionSpec(
            "interval", .number(.duration, range: 0.01...86_400), valueName: "S",
            summary: "a position every S seconds (default 1)"),
        OptionSpec(
            "distance", .number(.length, range: 0.1...1_000_000), valueName: "M",
            summary: "a position every M metres instead"),
    ]
}

/// `LAT,LNG` tokens, at least two, each checked like a position.
private let waypointsType = ArgType(usage: "LAT,LNG LAT,LNG…", isGreedy: true) {
    (c: inout TokenCursor) throws(Diagnostic) in
    var words: [String] = []
    while let t = c.current {
        guard t.text.contains(",") else {
            _ = c.next()
            throw .syntax(
                "a waypoint is LAT,LNG with no space, found '\(t.text)'", at: c.location(of: t),
                help: "route start -33.8694,151.199 -33.8655,151.1955")
        }
        // Reuse the coordinate type's checks (ranges, units, columns) on this one word.
        var single = TokenCursor(tokens: [t], index: 0, source: c.source, table: c.table)
        _ = try ArgType.coordinate.read(&single)
        _ = c.next()
        words.append(t.text)
    }
    guard words.count >= 2 else {
        throw .syntax(
            "a route needs at least two waypoints", at: c.tokens.last.map { c.location(of: $0) },
            help: "for one position use 'locate LAT LNG'")
    }
    return .words(words)
}

private func parseWaypoint(_ text: String) -> GeoPoint? {
    let parts = text.split(separator: ",", maxSplits: 1).map(String.init)
    guard parts.count == 2, case .success(let lat) = parseQuantity(parts[0]),
        case .success(let lng) = parseQuantity(parts[1])
    else { return nil }
    return GeoPoint(latitude: lat.value, longitude: lng.value)
}

private func routeSettings(_ ctx: CommandContext, defaultSpeed: Double) throws(Diagnostic) -> (Double, Route.Spacing) {
    var speed = defaultSpeed
    if case .number(let q)? = ctx.option("speed")?.value { speed = q.value }
    var spacing = Route.Spacing.interval(1)
    let interval = ctx.option("interval")
    let distance = ctx.option("distance")
    if let interval, distance != nil {
        throw .runtime(
            "give interval= or distance=, not both",
            at: SourceLocation(source: ctx.invocation.source, offset: interval.offset, length: interval.length),
            help: "interval=S: a position every S seconds; distance=M: every M metres")
    }
    if case .number(let q)? = interval?.value { spacing = .interval(q.value) }
    if case .number(let q)? = distance?.value { spacing = .distance(q.value) }
    return (speed, spacing)
}

private func makeRoute(_ ctx: CommandContext, _ build: () throws(Route.TooLong) -> Route) throws(Diagnostic) -> Route {
    do {
        return try build()
    } catch {
        throw .runtime(error.message, at: ctx.location, help: "use a larger interval= or distance=, or a higher speed=")
    }
}

private func startRoute(_ ctx: CommandContext, _ route: Route) -> CommandResult {
    ctx.session.startRoute(route)
    var lines = [
        "route '\(route.name)': \(formatFixed(route.length / 1000, decimals: 2)) km, \(route.samples.count) position\(route.samples.count == 1 ? "" : "s") over \(formatDuration(route.duration)); 'wait' to move along"
    ]
    for warning in route.warnings { lines.append("warning: " + warning) }
    return CommandResult(value: routeValue(ctx.shell), text: lines)
}

private func gpxCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    guard let path = ctx.word(0) else { return .none }
    let bytes: [UInt8]
    switch readWholeFile(ctx.resolvedPath(path)) {
    case .success(let b): bytes = b
    case .failure(let e): throw .runtime("cannot read '\(path)': \(e.reason)", at: ctx.location(ofArg: 0))
    }
    let track: GPXTrack
    switch GPX.parse(bytes) {
    case .success(let t): track = t
    case .failure(let e):
        throw .runtime("'\(path)' line \(e.line), column \(e.column): \(e.message)", at: ctx.location(ofArg: 0))
    }
    let (speed, spacing) = try routeSettings(ctx, defaultSpeed: SimulationChoices.routeSpeed)
    let name = track.name ?? lastPathComponent(path)
    if track.points.count == 1, let only = track.points.first {
        // Xcode's single-waypoint file: a fixed location.
        ctx.session.stopRoute()
        let point = GeoPoint(latitude: only.latitude, longitude: only.longitude)
        ctx.session.setDevicePosition(DevicePosition(coordinate: point))
        var lines = [
            "'\(name)' has one point: the device stays at \(formatNumber(point.latitude)), \(formatNumber(point.longitude))"
        ]
        for warning in track.warnings { lines.append("warning: " + warning) }
        return CommandResult(value: routeValue(ctx.shell), text: lines)
    }
    let route = try makeRoute(ctx) { () throws(Route.TooLong) in
        try Route.gpx(track, speed: speed, spacing: spacing, name: name)
    }
    return startRoute(ctx, route)
}

/// `1h 02min 05s`, `4min 10s`, `12s`.
func formatDuration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let h = total / 3600
    let m = total % 3600 / 60
    let s = total % 60
    if h > 0 { return "\(h)h \(m < 10 ? "0" : "")\(m)min \(s < 10 ? "0" : "")\(s)s" }
    if m > 0 { return "\(m)min \(s < 10 ? "0" : "")\(s)s" }
    return formatNumber((seconds * 10).rounded() / 10) + "s"
}

func routeValue(_ shell: Shell) -> Value {
    guard let player = shell.session.route else {
        return .record([Value.Field("running", .bool(false)), Value.Field("name", .null)])
    }
    let route = player.route
    let elapsed = player.elapsed(at: shell.session.clock)
    return .record([
        Value.Field("running", .bool(!player.isFinished)),
        Value.Field("name", .string(route.name)),
        Value.Field("source", .string(route.source)),
        Value.Field("progress", .number(route.duration > 0 ? elapsed / route.duration : (player.isFinished ? 1 : 0))),
        Value.Field("elapsed", .number(elapsed, .duration)),
        Value.Field("duration", .number(route.duration, .duration)),
        Value.Field("length", .number(route.length, .length)),
        Value.Field("index", .int(player.nextIndex)),
        Value.Field("count", .int(route.samples.count)),
        Value.Field("warnings", .list(route.warnings.map { .string($0) })),
    ])
}

private func routeProgress(_ shell: Shell) -> [String] {
    guard let player = shell.session.route else { return ["no route: the device stays where 'locate' put it"] }
    let route = player.route
    let elapsed = player.elapsed(at: shell.session.clock)
    let percent = route.duration > 0 ? elapsed / route.duration * 100 : 100
    let state = player.isFinished ? (player.nextIndex >= route.samples.count ? "finished" : "stopped") : "running"
    var rows = [
        ["route", "\(route.name) (\(route.source)), \(state)"],
        [
            "progress",
            "\(formatFixed(percent, decimals: 1)) %: \(formatDuration(elapsed)) of \(formatDuration(route.duration)), position \(player.nextIndex) of \(route.samples.count)",
        ],
        ["length", "\(formatFixed(route.length / 1000, decimals: 2)) km"],
    ]
    if let position = shell.session.device.position {
        var text =
            "\(formatFixed(position.coordinate.latitude, decimals: 6)), \(formatFixed(position.coordinate.longitude, decimals: 6))"
        if position.speed >= 0 { text += ", \(formatFixed(position.speed, decimals: 2)) m/s" }
        if position.course >= 0 { text += ", course \(formatFixed(position.course, decimals: 1))°" }
        rows.append(["device", text])
    }
    for warning in route.warnings { rows.append(["warning", warning]) }
    return TextTable(headers: ["", ""], rows: rows).render()
}
