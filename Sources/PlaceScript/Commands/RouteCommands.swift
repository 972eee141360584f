import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// The device on the move: waypoints, our own scenario routes, GPX files.
    public static let route = CommandFamily(
        name: "Route",
        summary: "move the device over virtual time: waypoints, scenario routes, GPX files",
        manual: #"""
            Move the device over virtual time, as
            .Ql xcrun simctl location start ,
            the Simulator's moving locations and a GPX file in an Xcode scheme do.
            A route computes its positions when it starts: the first at once, the others at
            exact offsets from the start, which
            .Ic wait
            .Pq or Ic step
            reaches.
            Each position reaches the running app at once through its location manager, so
            the distance filter (50 m, measured from the last fix the app received) decides
            which become fixes; each fix prints its
            .Ql Location:
            line, animates the camera
            .Pq the first shows the map
            and sends a new places request, as in the tutorial.
            Positions carry a speed (m/s) and a course (degrees clockwise from north);
            .Ic location
            prints them, and they are 0 and \-1 while the route pauses.
            At the end the device stands still at the last point (speed 0, course \-1) and
            the shell says the route is over.
            .Ic locate
            stops a route, as
            .Ql simctl location set
            does; a
            .Ic launch
            does not, and
            .Ic reset
            keeps it running too
            .Pq the simulated location is not content or settings .
            One route runs at a time: starting one stops the last.
            All of these work with or without a running app.
            """#,
        commands: [
            CommandSpec(
                "route",
                summary: "show the route's progress, or start and stop one",
                effect: .looks,
                api: APIEntry(
                    what:
                        "Simulator: Features ▸ Location ▸ City Run and friends, xcrun simctl location start/run, or a GPX file in the scheme",
                    callbacks: [
                        "locationManager(_:didUpdateLocations:) for each position past distanceFilter, then animate(to:) and listLikelyPlaces()"
                    ]),
                manual: #"""
                    .It Ic route
                    Show the route's progress: its name and source, whether it is running,
                    stopped or finished, the percentage with the time elapsed and the duration, the
                    position reached and the count, the length, the device's position, speed and
                    course, and any warnings from its GPX file.
                    Without a route it says so.
                    """#,
                examples: ["route", "route start -33.8694,151.199 -33.8655,151.1955 speed=1.4", "route run city-run"],
                subcommands: [
                    CommandSpec(
                        "start",
                        arguments: [ArgSpec("WAYPOINTS", waypointsType, summary: "two or more LAT,LNG")],
                        options: routeOptions(),
                        summary: "follow waypoints joined by straight lines, as xcrun simctl location start",
                        effect: .acts,
                        manual: #"""
                            .It Ic route start Oo Fl Fl speed Ar M/S Oc Oo Fl Fl interval Ar S Oc Oo Fl Fl distance Ar M Oc Ar LAT,LNG LAT,LNG ...
                            Follow two or more waypoints joined by straight lines at a constant speed, as
                            .Ql xcrun simctl location start
                            does: the first waypoint at once, then a position every
                            .Ar S
                            seconds
                            .Pq Cm interval= , No default 1 s
                            or every
                            .Ar M
                            metres travelled
                            .Pq Cm distance= ,
                            at
                            .Ar M/S
                            .Pq Cm speed= , No default 20 m/s ,
                            and the last waypoint, exactly, at the end.
                            A waypoint is a position in any form
                            .Ic locate
                            takes
                            .Po
                            .Ar LAT,LNG ,
                            .Ar LAT , LNG
                            or
                            .Ar LAT LNG ;
                            see
                            .Sx Positions
                            .Pc ,
                            checked like any position.
                            Ranges: speed 0.01 to 1000 m/s, interval 0.01 s to a day, distance 0.1 m to
                            1000 km.
                            Giving both
                            .Cm interval=
                            and
                            .Cm distance=
                            is an error
                            .Pq simctl leaves the choice unstated ;
                            so is a single waypoint
                            .Pq use Ic locate ,
                            and a route of more than 2,000,000 positions.
                            The route is named after its waypoint count:
                            .Ql 2 waypoints .
                            """#,
                        examples: [
                            "route start -33.8694,151.199 -33.8655,151.1955",
                            "route start 37.33,-122.03 37.32,-122.01 speed=5 distance=50",
                        ],
                        handler: { ctx throws(Diagnostic) in
                            let points = try ctx.required("WAYPOINTS", as: .words).compactMap(parseWaypoint)
                            let (speed, spacing) = try routeSettings(ctx, defaultSpeed: SimulationChoices.routeSpeed)
                            let route = try makeRoute(ctx) { () throws(Route.TooLong) in
                                try Route.waypoints(
                                    points, speed: speed, spacing: spacing, name: "\(points.count) waypoints")
                            }
                            return try startRoute(ctx, route)
                        }),
                    CommandSpec(
                        "run",
                        arguments: [
                            ArgSpec("NAME", .choice(BuiltinRoute.allCases.map(\.rawValue)), summary: "a scenario route")
                        ],
                        summary: "follow one of our scenario routes (route list shows them)",
                        effect: .acts,
                        manual: #"""
                            .It Ic route run Ar city-run|bicycle-ride|freeway-drive
                            Follow one of the shell's own scenario routes, in the spirit of the
                            Simulator's City Run, City Bicycle Ride and Freeway Drive, around Cupertino as
                            those are; a position a second:
                            .Bl -tag -width "freeway-drive" -compact
                            .It Cm city-run
                            4.9 km, 27 min 20 s at 3 m/s (10.8 km/h): a loop from Infinite Loop down De
                            Anza Blvd, east on Stevens Creek Blvd, up Wolfe Rd and back.
                            .It Cm bicycle-ride
                            10.1 km, 28 min 02 s at 6 m/s (21.6 km/h): Infinite Loop, west on Stevens
                            Creek Blvd to Foothill Blvd, back along McClellan Rd and De Anza Blvd.
                            .It Cm freeway-drive
                            12.4 km, 7 min 07 s at 29 m/s (104.4 km/h): I-280 south-east from Cupertino
                            past Lawrence Expressway and Winchester Blvd towards downtown San Jose.
                            .El
                            """#,
                        examples: ["route run city-run", "route run freeway-drive"],
                        handler: { ctx throws(Diagnostic) in
                            let builtin = try ctx.required(
                                "NAME", as: .word("a scenario route", BuiltinRoute.init(rawValue:)))
                            return try startRoute(ctx, builtin.route)
                        }),
                    CommandSpec(
                        "gpx", arguments: [ArgSpec("FILE", .path(".gpx"), summary: "a GPX 1.0 or 1.1 file")],
                        options: routeOptions(),
                        summary: "follow the points of a GPX file (trkpt, else rtept, else wpt)",
                        effect: .acts,
                        manual: #"""
                            .It Ic route gpx Oo Fl Fl speed Ar M/S Oc Oo Fl Fl interval Ar S Oc Oo Fl Fl distance Ar M Oc Ar FILE
                            Follow the points of a GPX 1.0 or 1.1 file: every
                            .Li trk/trkseg/trkpt
                            of every track, in file order, if it has any; else every
                            .Li rte/rtept ;
                            else every
                            .Li wpt
                            .Pq Xcode's format .
                            A relative
                            .Ar FILE
                            is taken from the directory of the script
                            .Pq at the prompt and in Fl c : No from the current directory .
                            The route is named after the first track or route
                            .Li name ,
                            else the file's, else the file name.
                            How times are played:
                            .Bl -bullet -compact
                            .It
                            Points with a
                            .Li <time>
                            are played at the pace their times imply: the route's clock starts at the
                            first point, whatever its date.
                            .It
                            Untimed points between two timed ones get times in proportion to the distance
                            along the path (partial times).
                            .It
                            Untimed points before the first timed one or after the last, and every point
                            of a file without times, move at
                            .Cm speed=
                            .Pq default 20 m/s .
                            .It
                            A segment whose time runs backwards, that keeps the same time while the
                            position jumps, or that pauses longer than a day (a file stitched together from
                            days apart, a 1901 date next to real ones) is crossed at
                            .Cm speed=
                            instead, with a warning.
                            A pause of a day or less at one spot is played as a pause.
                            .It
                            A file with one usable point is a fixed location, as Xcode's single-waypoint
                            files are: the device stays there, a route that was running stops, and the app
                            reads it 1 s later, as after
                            .Ic locate .
                            .El
                            .Pp
                            The reader itself handles a file's odd cases so and reports each as a
                            .Ql warning:
                            line, never failing on them: a point without a usable
                            .Li lat
                            or
                            .Li lon
                            is skipped; a malformed time, or one before 1980-01-06 (the GPS epoch) or from
                            2100 on while other points have plausible times, leaves its point untimed (all
                            absurd times are kept, the pace between them may still be right); times that
                            decrease keep the longest run that never decreases and the others are
                            untimed; identical times, partial times, times without an offset (read as UTC),
                            .Li <extensions> ,
                            GPX 1.0
                            .Li <speed>
                            and
                            .Li <course>
                            (ignored: speed and course follow from positions and times), a missing
                            .Li version
                            (read as 1.1) and points of kinds not used are reported.
                            Fractional seconds, a leap second and offsets such as
                            .Li +00:00
                            are understood.
                            A file that cannot be read, that is not well-formed XML, whose root is not
                            .Li gpx ,
                            or that has no usable point is an error naming the line and column.
                            """#,
                        examples: ["route gpx walk.gpx", "route gpx drive.gpx speed=15"],
                        handler: gpxCommand),
                    CommandSpec(
                        "export", arguments: [ArgSpec("FILE", .path(".gpx"), summary: "a .gpx file to write")],
                        options: [
                            OptionSpec(
                                "milliseconds",
                                summary:
                                    "times to the millisecond, for short fast segments (Xcode's own files have whole seconds)"
                            )
                        ],
                        summary: "write the route as a GPX file Xcode plays as a simulated location",
                        effect: .acts,
                        api: APIEntry(
                            what:
                                "Xcode: a GPX file added to the project, chosen in Edit Scheme ▸ Run ▸ Options ▸ Default Location or the debug bar's location menu"
                        ),
                        manual: #"""
                            .It Ic route export Oo Fl Fl milliseconds Oc Ar FILE
                            Writes the route the device follows, or last followed, as a GPX 1.1 file in
                            the shape of Xcode's own location files:
                            .Li <gpx version="1.1" creator="Xcode">
                            with one
                            .Li <wpt lat=".." lon="..">
                            a waypoint
                            .Pq the waypoints of Ic route start , No the scenario route's corners, a GPX file's points ,
                            each with a
                            .Li <time>
                            in UTC, whole seconds as Xcode's files have them, so that Xcode moves at the
                            route's pace.
                            The first waypoint's time is the virtual date the route started at, and its
                            .Li <name>
                            the route's name.
                            With no route, the device's position is written as one waypoint: a fixed
                            location, as Xcode plays a file with one.
                            Added to the app's project, the file is a location Xcode simulates
                            .Pq Edit Scheme \(-> Run \(-> Options \(-> Default Location, or the debug bar's location button .
                            Xcode sends about a position a second: a route's
                            .Cm interval=
                            or
                            .Cm distance=
                            is not in the file, and the command says so.
                            When whole seconds change the pace of a short segment by more than 1 %
                            .Pq points metres apart on a fast route ,
                            it says by how much;
                            .Fl Fl milliseconds
                            writes times to the millisecond instead
                            .Pq Li 2024-06-01T09:00:00.250Z ,
                            which ISO 8601 and GPX allow and
                            .Ic route gpx
                            reads; whether Xcode honours the fraction is unconfirmed.
                            .Ic route gpx
                            reads the file back with the same positions and, to the second (or the
                            millisecond), the same times; the route is then named after the file.
                            A relative
                            .Ar FILE
                            is taken from the script's folder.
                            Fails when no route has run and the device has no position.
                            """#,
                        examples: ["route export walk.gpx", "route export drive.gpx --milliseconds"],
                        handler: routeExportCommand),
                    CommandSpec(
                        "stop", summary: "stop the route; the device stays where it is",
                        effect: .acts,
                        manual: #"""
                            .It Ic route stop
                            Stop the route: no more positions come, and the device stands still where it
                            is (speed 0, course \-1).
                            Fails when no route is running.
                            """#,
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
                        manual: #"""
                            .It Ic route list
                            List the scenario routes with their length, duration and speed, and where
                            they go, as
                            .Ic route run
                            above describes them.
                            """#,
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
                "route", summary: "the route",
                manual: #"""
                    .It Li route.running , route.name , route.source , route.progress , route.elapsed , route.duration , route.length , route.index , route.count , route.warnings
                    The route the device follows, or the last one it followed:
                    .Li route.running
                    is
                    .Li true
                    until it finishes or stops;
                    .Li route.name
                    the waypoint count
                    .Pq Qq 2 waypoints ,
                    the scenario's name or the GPX file's name
                    .Pq Li nil No when no route has run ;
                    .Li route.source
                    .Qq waypoints ,
                    .Qq built-in
                    or
                    .Qq gpx ;
                    .Li route.progress
                    from 0 to 1;
                    .Li route.elapsed
                    and
                    .Li route.duration ,
                    durations;
                    .Li route.length ,
                    a length;
                    .Li route.index ,
                    how many positions have been delivered, of
                    .Li route.count ;
                    .Li route.warnings ,
                    the GPX file's warnings, a list.
                    """#,
                shape: .record([
                    "running": .bool, "name": .optional(.text),
                    "source": .optional(.words(["waypoints", "built-in", "gpx"])), "progress": .optional(.plain),
                    "elapsed": .optional(.number(.duration)), "duration": .optional(.number(.duration)),
                    "length": .optional(.number(.length)), "index": .optional(.plain), "count": .optional(.plain),
                    "warnings": .optional(.list(.text)),
                ])
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

/// Two or more waypoints, each a position in any form `locate` takes (`LAT,LNG`, `LAT, LNG`,
/// `LAT LNG`), checked like one; bound as words `LAT,LNG` that `parseWaypoint` reads back exactly.
private let waypointsType = ArgType(usage: "LAT,LNG LAT,LNG…", isGreedy: true) {
    (c: inout TokenCursor) throws(Diagnostic) in
    var words: [String] = []
    while !c.atEnd {
        guard case .coordinate(let point) = try ArgType.coordinate.read(&c) else { continue }
        words.append("\(point.latitude),\(point.longitude)")
    }
    guard words.count >= 2 else {
        throw .syntax(
            "a route needs at least two waypoints", at: c.tokens.last.map { c.location(of: $0) },
            help: "for one position use 'locate LAT LNG'")
    }
    return .words(words)
}

private func parseWaypoint(_ text: String) -> GeoPoint? {
    let parts = text.split(separator: ",", maxSplits: 1)
    guard parts.count == 2, let lat = Double(parts[0]), let lng = Double(parts[1]) else { return nil }
    return GeoPoint(latitude: lat, longitude: lng)
}

private func routeSettings(_ ctx: CommandContext, defaultSpeed: Double) throws(Diagnostic) -> (Double, Route.Spacing) {
    let speed = try ctx.option("speed", as: .number)?.value ?? defaultSpeed
    let interval = try ctx.option("interval", as: .number)
    let distance = try ctx.option("distance", as: .number)
    if interval != nil, distance != nil {
        throw .runtime(
            "give interval= or distance=, not both", at: try ctx.location(of: "interval"),
            help: "interval=S: a position every S seconds; distance=M: every M metres")
    }
    if let distance { return (speed, .distance(distance.value)) }
    return (speed, .interval(interval?.value ?? 1))
}

private func makeRoute(_ ctx: CommandContext, _ build: () throws(Route.TooLong) -> Route) throws(Diagnostic) -> Route {
    do {
        return try build()
    } catch {
        throw .runtime(error.message, at: ctx.location, help: "use a larger interval= or distance=, or a higher speed=")
    }
}

private func startRoute(_ ctx: CommandContext, _ route: Route) throws(Diagnostic) -> CommandResult {
    // A route longer than the time the clock has left would deliver its later positions all at
    // the clock's end.
    try checkTimeLeft(ctx, route.duration)
    ctx.session.startRoute(route)
    var lines = [
        "route '\(oneLine(route.name))': \(formatFixed(route.length / 1000, decimals: 2)) km, \(route.samples.count) position\(route.samples.count == 1 ? "" : "s") over \(formatDuration(route.duration)); 'wait' to move along"
    ]
    for warning in route.warnings { lines.append("warning: " + oneLine(warning)) }
    return CommandResult(value: routeValue(ctx.shell), text: lines)
}

private func gpxCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let (path, bytes, at) = try ctx.readFile(argument: "FILE")
    let track: GPXTrack
    switch GPX.parse(bytes, interruption: ImportInterruption(ctx.shell.interruptRequested)) {
    case .success(let t): track = t
    case .failure(let e) where e.isInterruption:
        throw .interrupted("'\(path)' was not read; the route is unchanged", at: at)
    case .failure(let e):
        throw .runtime("'\(path)' line \(e.line), column \(e.column): \(e.message)", at: at)
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
    var result = try startRoute(ctx, route)
    // Every point timed, and no segment crossed at speed= (which would have been warned).
    if try ctx.option("speed", as: .number) != nil, route.warnings.isEmpty,
        track.points.allSatisfy({ $0.time != nil })
    {
        result.text.append("note: speed= is not used: every point of the file has a time, which sets the pace")
    }
    return result
}

private func routeExportCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let path = ctx.resolvedPath(try ctx.required("FILE", as: .word))
    let milliseconds = try ctx.flag("milliseconds")
    guard let player = ctx.session.route else {
        // No route: the device's fixed position is a one-waypoint file, Xcode's fixed location.
        guard let position = ctx.session.device.position?.coordinate else {
            throw .runtime(
                "no route to export, and the device has no position", at: ctx.location,
                help: "route start, route run or route gpx; or locate, for a fixed location")
        }
        let point = (
            latitude: position.latitude, longitude: position.longitude,
            time: VirtualDate(clock: ctx.session.clock.rounded(.down)).iso8601
        )
        try writeGPX(ctx, path, GPX.xcodeFile([point], comment: "placeshell: a fixed location", name: "fixed location"))
        return CommandResult(
            value: .record([
                Value.Field("path", .string(path)), Value.Field("waypoints", .int(1)),
                Value.Field("duration", .number(0, .duration)), Value.Field("notes", .list([])),
            ]),
            text: ["wrote the device's position, a fixed location (one waypoint), to \(path): no route has run"])
    }
    let route = player.route
    // Whole seconds (or milliseconds) from the second the route started in.
    let base = (Double(player.startMicros) / 1_000_000).rounded(.down)
    let startOffset = Double(player.startMicros) / 1_000_000 - base
    let unit = milliseconds ? 1000.0 : 1
    let seconds = route.waypoints.map { (($0.time + startOffset) * unit).rounded() / unit }
    let points = zip(route.waypoints, seconds).map { waypoint, second in
        var date = VirtualDate(clock: base + second)
        var time = date.iso8601
        if milliseconds {
            date.microsecond = min(999, (date.microsecond + 500) / 1000)
            var digits = String(date.microsecond)
            while digits.count < 3 { digits = "0" + digits }
            time = String(time.dropLast()) + "." + digits + "Z"
        }
        return (latitude: waypoint.coordinate.latitude, longitude: waypoint.coordinate.longitude, time: time)
    }
    let comment =
        "placeshell route '\(oneLine(route.name))' (\(route.source)): \(route.waypoints.count) waypoints, \(formatFixed(route.length / 1000, decimals: 2)) km over \(formatDuration(route.duration))"
    try writeGPX(ctx, path, GPX.xcodeFile(points, comment: comment, name: route.name))
    let lines = ["wrote \(route.waypoints.count) waypoints of '\(oneLine(route.name))' to \(path)"]
    var notes: [String] = []
    // How far whole seconds move the pace of each segment.
    var worst = 0.0
    var changed = 0
    for i in route.waypoints.indices.dropFirst() {
        let exact = route.waypoints[i].time - route.waypoints[i - 1].time
        let written = seconds[i] - seconds[i - 1]
        guard exact > 0 else { continue }
        let change = abs(written - exact) / exact
        if change > 0.01 {
            changed += 1
            worst = max(worst, change)
        }
    }
    if changed > 0 {
        notes.append(
            "in whole seconds, \(changed) short segment\(changed == 1 ? "" : "s") change\(changed == 1 ? "s" : "") pace, by up to \(formatFixed(worst * 100, decimals: 1)) %; --milliseconds keeps it"
        )
    }
    switch route.spacing {
    case .interval(let s) where s == 1: break
    case .interval(let s):
        notes.append(
            "Xcode sends about a position a second; the route's interval=\(formatNumber(s)) is not in the file")
    case .distance(let m):
        notes.append(
            "Xcode sends about a position a second; the route's distance=\(formatNumber(m)) is not in the file")
    }
    return CommandResult(
        value: .record([
            Value.Field("path", .string(path)), Value.Field("waypoints", .int(route.waypoints.count)),
            Value.Field("duration", .number(seconds.last ?? 0, .duration)),
            Value.Field("notes", .list(notes.map { .string($0) })),
        ]), text: lines + notes.map { "note: " + $0 })
}

private func writeGPX(_ ctx: CommandContext, _ path: String, _ text: String) throws(Diagnostic) {
    switch writeFileAtomically(path, Array(text.utf8)) {
    case .success: break
    case .failure(let e): throw .runtime(writeFailureMessage(path, e), at: try ctx.location(of: "FILE"))
    }
}

/// `1h 02min 05s`, `4min 10s`, `12s`.
func formatDuration(_ seconds: Double) -> String {
    let total = clampedInt(seconds.rounded(), -Int(Int32.max)...Int(Int32.max))  // safe: Int32.max fits Int
    let h = total / 3600
    let m = total % 3600 / 60
    let s = total % 60
    if h > 0 { return "\(h)h \(m < 10 ? "0" : "")\(m)min \(s < 10 ? "0" : "")\(s)s" }
    if m > 0 { return "\(m)min \(s < 10 ? "0" : "")\(s)s" }
    return formatNumber((seconds * 10).rounded() / 10) + "s"
}

func routeValue(_ shell: Shell) -> Value {
    // Before the first route every member is there, nil but `running`.
    let player = shell.session.route
    let route = player?.route
    let elapsed = player?.elapsed(at: shell.session.clock)
    func value<T>(_ part: T?, _ make: (T) -> Value) -> Value { part.map(make) ?? .null }
    return .record([
        Value.Field("running", .bool(player.map { !$0.isFinished } ?? false)),
        Value.Field("name", value(route) { .string($0.name) }),
        Value.Field("source", value(route) { .string($0.source) }),
        Value.Field(
            "progress",
            value(player) { player in
                let duration = player.route.duration
                return .number(duration > 0 ? (elapsed ?? 0) / duration : (player.isFinished ? 1 : 0))
            }),
        Value.Field("elapsed", value(elapsed) { .number($0, .duration) }),
        Value.Field("duration", value(route) { .number($0.duration, .duration) }),
        Value.Field("length", value(route) { .number($0.length, .length) }),
        Value.Field("index", value(player) { .int($0.nextIndex) }),
        Value.Field("count", value(route) { .int($0.samples.count) }),
        Value.Field("warnings", value(route) { .list($0.warnings.map { .string($0) }) }),
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
