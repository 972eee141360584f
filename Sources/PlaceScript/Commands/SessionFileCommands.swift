import PlaceFormats
import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CommandFamily {
    /// Files a session writes: GeoJSON of what the map shows, and the whole session saved and loaded.
    public static let files = CommandFamily(
        name: "Files",
        summary: "export what the map shows as GeoJSON; save and load whole sessions",
        manual: #"""
            Export what the map shows for GIS tools; write the whole session to a file and
            load it again, to resume it or to attach it to a bug report.
            """#,
        commands: [
            CommandSpec(
                "export",
                summary: "write what the session shows to a file for other tools",
                api: APIEntry(what: "nothing in the app: a file for GIS tools of what the map shows"),
                subcommands: [
                    CommandSpec(
                        "geojson", arguments: [ArgSpec("FILE", .path(".geojson", ".json"), summary: "a .geojson file")],
                        summary:
                            "the markers, the device and its accuracy, the likely places, the route so far and the visible region, as GeoJSON",
                        effect: .acts,
                        manual: #"""
                            .It Ic export geojson Ar FILE
                            Writes what the map shows as an RFC 7946 FeatureCollection that GIS tools
                            .Pq QGIS, geojson.io, ogr2ogr
                            open.
                            Each feature has a
                            .Li kind
                            property:
                            .Li marker
                            (title, snippet, infoWindow),
                            .Li device
                            (horizontalAccuracy, speed, course) with its
                            .Li accuracy
                            circle as a polygon,
                            .Li likely
                            (rank, name, likelihood, placeID),
                            .Li route
                            (the positions travelled so far, a line) and
                            .Li visibleRegion
                            (the camera's frame, a polygon).
                            Positions are [longitude, latitude]; rings are closed and run
                            counter-clockwise.
                            The file is written to a temporary name and renamed; a relative path is taken
                            from the script's folder.
                            Written so, the file is never left half-written.
                            """#,
                        examples: ["export geojson scenario.geojson"],
                        handler: exportGeoJSONCommand),
                    CommandSpec(
                        "simctl", arguments: [ArgSpec("FILE", .path(".sh"), summary: "a shell script to write")],
                        options: [
                            OptionSpec(
                                "device", .word, valueName: "DEVICE",
                                summary: "the Simulator: booted (the default), a UDID or a name"),
                            OptionSpec(
                                "bundle", .word, valueName: "ID",
                                summary: "the app's bundle identifier (default \(tutorialBundleIdentifier))"),
                        ],
                        summary:
                            "write a shell script of xcrun simctl commands that takes a real Simulator where the session went",
                        effect: .acts,
                        api: APIEntry(
                            what:
                                "Xcode's xcrun simctl: location set/clear/start/run, privacy grant/revoke/reset, launch, terminate"
                        ),
                        manual: #"""
                            .It Ic export simctl Oo Fl Fl device Ar DEVICE Oc Oo Fl Fl bundle Ar ID Oc Ar FILE
                            Writes a POSIX shell script of
                            .Ql xcrun simctl
                            commands that takes a real Simulator where the session went, step by step:
                            .Bl -bullet -compact
                            .It
                            the device's position:
                            .Ql location DEVICE set LAT,LNG ,
                            and
                            .Ql location DEVICE clear
                            for
                            .Ic locate none ;
                            .It
                            routes:
                            .Ql location DEVICE start --speed=M/S --interval=S
                            .Pq or Ql --distance=M
                            and the waypoints, more than 20 of them on standard input
                            .Pq Ql - ;
                            a GPX file's route at its average speed, with a comment
                            .Pq its times vary the pace ;
                            the scenario routes as
                            .Ql location DEVICE run \(dqCity Run\(dq
                            and its kin, with the
                            .Ql start
                            command for placeshell's own path as a comment;
                            .Ic route stop
                            as a
                            .Ql set
                            where the device stood;
                            .It
                            the app's Settings entry:
                            .Ql privacy DEVICE grant location ,
                            .Ql grant location-always ,
                            .Ql revoke location
                            and
                            .Ql reset location ;
                            .It
                            the app's process:
                            .Ql launch DEVICE ID
                            and
                            .Ql terminate DEVICE ID ;
                            .It
                            time: the virtual time between two steps is a
                            .Ql pause
                            of as many seconds, less the time the steps by hand took, so that a route
                            is where it was when the next step comes; while no route runs, a pause is
                            a minute at most (after a route's end, its time and a minute).
                            .El
                            What no simctl command does is a
                            .Ql by_hand
                            step that says what to do, and waits for Return when the script runs on a
                            terminal: the alert's answer (Allow Once, Allow While Using App, Don't Allow,
                            Precise turned off in the alert), the Precise switch, Location Services, a
                            restriction, the app going to the background and back, the taps (Get Place,
                            a row, Back, the map's gestures), the faults (the Mac's network, the API key,
                            the servers' errors, the quota), the APIs of the key's Cloud project, and
                            what is changed in Xcode: another flavour of the app, Info.plist keys, the
                            app's code
                            .Po
                            .Ic fields ,
                            .Ic nearby
                            settings,
                            .Ic sdk
                            .Pc ,
                            each built and installed with
                            .Ql xcrun simctl install
                            rather than run (running it from Xcode would start the app, with its alert),
                            just before the app's next launch: the running app keeps its build, and what
                            changed after its last launch is listed at the script's end.
                            A crash, a command that failed, and commands that change only placeshell's
                            own world (the place dataset, the shell's settings) have no step.
                            Each step is under a comment naming the command and its line.
                            The script begins from a clean state (the app terminated, its location
                            permission reset, no simulated location) and brings the Simulator to where
                            the session began: after
                            .Ic load ,
                            the loaded session's state, its app brought back to the place chosen, the
                            open picker or info window and the background by hand (a route it was
                            following starts from its beginning, and a comment says so).
                            .Ar DEVICE
                            is
                            .Ql booted
                            unless given
                            .Pq a UDID or a name ;
                            .Ar ID
                            is the tutorial app's bundle identifier unless given.
                            The commands follow
                            .Ql xcrun simctl help location
                            and
                            .Ql xcrun simctl help privacy
                            as Xcode 16 to 26 print them; the app must be installed (run once from
                            Xcode) before the script runs.
                            A relative
                            .Ar FILE
                            is taken from the script's folder; it is written whole or not at all,
                            executable.
                            """#,
                        examples: ["export simctl replay.sh", "export simctl replay.sh --device 'iPhone 17'"],
                        handler: exportSimctlCommand),
                ]),
            CommandSpec(
                "save", arguments: [ArgSpec("FILE", .path(".json"), summary: "a .json file")],
                summary: "save the whole session (model, clock, log, settings) as versioned JSON",
                effect: .acts,
                api: APIEntry(
                    what: "nothing in the app: the simulated world written down, to resume or to attach to a bug report"
                ),
                manual: #"""
                    .It Ic save Ar FILE
                    Saves the whole session as versioned JSON: the clock, the device (position,
                    privacy settings, Info.plist), the place dataset, the requested fields, the
                    faults, the app (screen, location manager, map, markers, lists, the last
                    places answer), the log, the counters, the route and the shell's settings
                    .Pq keep-going , color , autorun , the flavour ;
                    not
                    .Fl \-json
                    or the tutorial's progress.
                    Callbacks waiting in the run loop cannot be written down: with
                    .Cm autorun
                    off,
                    .Ic run
                    or
                    .Ic wait
                    until only timers (a route's next position, a held-back approximate fix) are
                    left.
                    Saving, loading and saving again gives the same bytes.
                    The file is written to a temporary name as it is made, a megabyte at a time
                    (the places are never all in memory as JSON), and renamed.
                    Written so, the file is never half-written.
                    A session that would pass 2 GiB (2147483648 bytes), the most
                    .Ic load
                    reads, is refused part way and the old file kept
                    .Pq Sx LIMITS .
                    """#,
                examples: ["save before-the-bug.json"],
                handler: saveCommand),
            CommandSpec(
                "load", arguments: [ArgSpec("FILE", .path(".json"), summary: "a file written by save")],
                summary: "replace the session with a saved one",
                effect: .acts,
                api: APIEntry(what: "nothing in the app: a saved world put back in place of this one"),
                manual: #"""
                    .It Ic load Ar FILE
                    Replaces the session with a saved one, which carries on exactly as the
                    original would have.
                    The whole file is read first: a damaged file, one saved by a newer placeshell
                    (a larger
                    .Li version ) ,
                    a member missing that the file's format has, a member of the wrong type or a
                    number outside the range the simulation can produce
                    .Pq Sx LIMITS
                    is an error that names where, and the current session stays exactly as it was.
                    A file saved by any earlier placeshell loads; a member its format did not
                    have yet takes its default.
                    The places are read one at a time as they are met: a load takes about 1.5
                    times the file's size in memory, and 40 MB.
                    """#,
                examples: ["load before-the-bug.json"],
                handler: loadSessionCommand),
        ],
        afterActingCommand: { shell in shell.simulatorJournal.record(shell) })
}

/// The shell's settings kept with a saved session (not --json: that is how the output is read).
private func settingsFields(_ shell: Shell) -> [Value.Field] {
    [
        Value.Field("keepGoing", .bool(shell.keepGoing)), Value.Field("color", .string(shell.colorMode.rawValue)),
        Value.Field("autorun", .bool(shell.autorun)), Value.Field("flavor", .string(shell.defaultFlavor.rawValue)),
    ]
}

private func saveCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let path = ctx.resolvedPath(try ctx.required("FILE", as: .word))
    let value: Value
    do {
        value = try SessionArchive.archive(ctx.session, extra: settingsFields(ctx.shell), datasetSeparately: true)
    } catch {
        throw .runtime("cannot save now: \(error.message)", at: ctx.location)
    }
    var size = 0
    let result = writeFileAtomically(path) { append in
        writeSessionJSON(value, dataset: ctx.session.places.dataset, limit: SessionArchive.maxFileSize) { chunk in
            size += chunk.count
            return append(chunk)
        }
    }
    if case .failure(let e) = result {
        throw .runtime(writeFailureMessage(path, e), at: try ctx.location(of: "FILE"))
    }
    return .line(
        "saved the session to \(path) (\(groupedThousands(size)) bytes)",
        value: .record([Value.Field("path", .string(path)), Value.Field("bytes", .int(size))]))
}

/// Writes a saved session as JSON in chunks of about a megabyte through `emit`: `value` as
/// `SessionArchive.archive(_:extra:datasetSeparately:)` made it, with the places of `dataset`
/// written one by one where `places.dataset` is, and a final line break. Stops when `emit`
/// returns false (a failed write: nil, the writer has the reason) or when the file would pass
/// `limit` bytes (the reason, so that `save` never writes what `load` refuses).
func writeSessionJSON(_ value: Value, dataset: PlaceStore, limit: Int, emit: ([UInt8]) -> Bool) -> String? {
    var out = ""
    var total = 0
    var failed = false
    /// Hands the text so far to `emit` once it is large (or at the end); false to stop.
    func flush(force: Bool = false) -> Bool {
        guard force || out.utf8.count >= 1 << 20 else { return true }
        total += out.utf8.count
        if total > limit { return false }
        if !emit(Array(out.utf8)) {
            failed = true
            return false
        }
        out = ""
        return true
    }
    func fields(_ fields: [Value.Field], _ body: (Value.Field) -> Bool) -> Bool {
        out += "{"
        for (i, field) in fields.enumerated() {
            if i > 0 { out += "," }
            JSON.appendQuoted(field.name, to: &out)
            out += ":"
            guard body(field) else { return false }
        }
        out += "}"
        return true
    }
    guard case .record(let root) = value else { return "the session is not a record" }
    let complete = fields(root) { field in
        guard field.name == "places", case .record(let places) = field.value else {
            appendJSON(field.value, to: &out)
            return flush()
        }
        return fields(places) { member in
            guard member.name == "dataset" else {
                appendJSON(member.value, to: &out)
                return true
            }
            out += "["
            for i in 0..<dataset.count {
                if i > 0 { out += "," }
                appendJSON(SessionArchive.placeRecord(dataset.place(at: i)), to: &out)
                guard flush() else { return false }
            }
            out += "]"
            return true
        }
    }
    if complete {
        out += "\n"
        if flush(force: true) { return nil }
    }
    if failed { return nil }
    return "the session would be larger than \(groupedThousands(limit)) bytes, the most 'load' reads"
}

private func loadSessionCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let (path, bytes, at) = try ctx.readFile(argument: "FILE")
    let restored: (Session, settings: JSONObject)
    switch SessionArchive.restore(bytes: bytes) {
    case .success(let r): restored = r
    case .failure(.damaged(let e)):
        throw .runtime(
            "'\(path)' is damaged: line \(e.line), column \(e.column): \(e.message); the session is unchanged",
            at: at)
    case .failure(.invalid(let error)):
        throw .runtime("cannot load '\(path)': \(error.message); the session is unchanged", at: at)
    }
    // Settings are read before anything changes, so a bad one leaves the session as it was.
    let settings = restored.settings
    let color = settings["color"]?.string.flatMap(ColorMode.init(rawValue:))
    let flavor = settings["flavor"]?.string.flatMap(AppFlavor.init(rawValue:))
    guard case .bool(let keepGoing)? = settings["keepGoing"], case .bool(let autorun)? = settings["autorun"], let color,
        let flavor
    else {
        throw .runtime(
            "cannot load '\(path)': settings: missing or of the wrong type; the session is unchanged",
            at: at)
    }
    ctx.shell.replaceSession(with: restored.0)
    ctx.shell.keepGoing = keepGoing
    ctx.shell.colorMode = color
    ctx.shell.autorun = autorun
    ctx.shell.defaultFlavor = flavor
    let clock = formatQuantity(ctx.session.clock, .duration)
    return .line(
        "loaded the session from \(path): clock \(clock)", value: .record([Value.Field("path", .string(path))]))
}

private func point(_ p: GeoPoint) -> Value { .list([.number(p.longitude), .number(p.latitude)]) }

private func feature(_ geometry: Value, _ properties: [Value.Field]) -> Value {
    .record([
        Value.Field("type", .string("Feature")), Value.Field("geometry", geometry),
        Value.Field("properties", .record(properties)),
    ])
}

private func geometry(_ type: String, _ coordinates: Value) -> Value {
    .record([Value.Field("type", .string(type)), Value.Field("coordinates", coordinates)])
}

/// A circle on the globe as a closed, counter-clockwise ring of 64 points (RFC 7946's right-hand
/// rule for exterior rings).
private func circleRing(_ centre: GeoPoint, radius: Double) -> Value {
    var ring: [Value] = []
    for i in 0...64 {
        // Counter-clockwise seen from above: bearings decreasing.
        let b = 360 - Double(i % 64) * 360 / 64
        ring.append(point(destination(from: centre, bearing: b.truncatingRemainder(dividingBy: 360), metres: radius)))
    }
    return .list([.list(ring)])
}

/// The features of the session, in a fixed order.
func sessionFeatures(_ shell: Shell) -> [Value] {
    let session = shell.session
    var features: [Value] = []
    if let app = session.app {
        let region = app.mapView.visibleRegion
        let ring: [Value] = [region.nearLeft, region.nearRight, region.farRight, region.farLeft, region.nearLeft].map(
            point)
        features.append(
            feature(
                geometry("Polygon", .list([.list(ring)])),
                [
                    Value.Field("kind", .string("visibleRegion")),
                    Value.Field("zoom", .number(app.mapView.camera.zoom)),
                    Value.Field("hidden", .bool(app.mapView.isHidden)),
                ]))
    }
    if let player = session.route, player.nextIndex > 0 {
        let travelled = player.route.samples.prefix(player.nextIndex).map { point($0.coordinate) }
        if travelled.count >= 2 {
            features.append(
                feature(
                    geometry("LineString", .list(Array(travelled))),
                    [Value.Field("kind", .string("route")), Value.Field("name", .string(player.route.name))]))
        }
    }
    if let position = session.device.position {
        var properties = [
            Value.Field("kind", .string("device")),
            Value.Field("horizontalAccuracy", .number(position.horizontalAccuracy)),
        ]
        if position.speed >= 0 { properties.append(Value.Field("speed", .number(position.speed))) }
        if position.course >= 0 { properties.append(Value.Field("course", .number(position.course))) }
        features.append(feature(geometry("Point", point(position.coordinate)), properties))
        features.append(
            feature(
                geometry("Polygon", circleRing(position.coordinate, radius: max(position.horizontalAccuracy, 1))),
                [Value.Field("kind", .string("accuracy")), Value.Field("radius", .number(position.horizontalAccuracy))])
        )
    }
    if let app = session.app {
        for (i, l) in app.likelyPlaces.enumerated() where l.place.coordinate.isValid {
            features.append(
                feature(
                    geometry("Point", point(l.place.coordinate)),
                    [
                        Value.Field("kind", .string("likely")), Value.Field("rank", .int(i + 1)),
                        Value.Field("name", .optional(l.place.name)),
                        Value.Field("likelihood", l.likelihood.map { .number($0) } ?? .null),
                        Value.Field("placeID", .optional(l.place.placeID)),
                    ] + (l.distance.map { [Value.Field("distance", .number($0))] } ?? []))
            )
        }
        // The circle the nearby app searches: around its last location, with the request's radius.
        let settings = session.places.nearby
        if app.flavor == .nearby, let center = app.currentLocation?.coordinate,
            NearbySettings.radiusRange.contains(settings.radius)
        {
            features.append(
                feature(
                    geometry("Polygon", circleRing(center, radius: max(settings.radius, 1))),
                    [
                        Value.Field("kind", .string("searchCircle")), Value.Field("radius", .number(settings.radius)),
                        Value.Field("rank", .string(settings.rank.rawValue)),
                    ]))
        }
        for (i, m) in app.mapView.markers.enumerated() where m.position.isValid {
            features.append(
                feature(
                    geometry("Point", point(m.position)),
                    [
                        Value.Field("kind", .string("marker")), Value.Field("number", .int(i + 1)),
                        Value.Field("title", .optional(m.title)), Value.Field("snippet", .optional(m.snippet)),
                        Value.Field("infoWindow", .bool(app.mapView.selectedMarker == i)),
                    ]))
        }
    }
    return features
}

private func exportGeoJSONCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let path = ctx.resolvedPath(try ctx.required("FILE", as: .word))
    let features = sessionFeatures(ctx.shell)
    let collection = Value.record([
        Value.Field("type", .string("FeatureCollection")), Value.Field("features", .list(features)),
    ])
    var bytes = Array(jsonText(collection).utf8)
    bytes.append(0x0A)
    switch writeFileAtomically(path, bytes) {
    case .success: break
    case .failure(let e):
        throw .runtime(writeFailureMessage(path, e), at: try ctx.location(of: "FILE"))
    }
    return .line(
        "wrote \(features.count) feature\(features.count == 1 ? "" : "s") to \(path)",
        value: .record([Value.Field("path", .string(path)), Value.Field("features", .int(features.count))]))
}
