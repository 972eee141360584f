import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// The device's position and what the app has received of it.
    public static let location = CommandFamily(
        name: "Location",
        summary: "move the simulated device; see the fixes the app received",
        manual: #"""
            Move the simulated device; see the fixes the app received.
            """#,
        commands: [
            CommandSpec(
                "locate",
                arguments: [
                    ArgSpec(
                        "WHERE", locationTargetType, summary: "LAT LNG, a preset, an area's or a place's name, or none"),
                    ArgSpec(
                        "ACCURACY", .number(.length, range: 0.1...100_000), optional: true,
                        summary: "horizontal accuracy, default 5m"),
                ],
                summary: "put the device somewhere (a fixed position), or nowhere",
                effect: .acts,
                api: APIEntry(
                    what: "Simulator: Features ▸ Location ▸ Custom Location (or xcrun simctl location set)",
                    callbacks: [
                        "locationManager(_:didUpdateLocations:) once the device moved past distanceFilter",
                        "locationManager(_:didFailWithError:) with kCLErrorLocationUnknown after 'none'",
                    ]),
                manual: #"""
                    .It Ic locate Ar LAT LNG|PRESET|NAME|none Op Ar ACCURACY
                    Set the simulated location, as the Simulator's Features \(-> Location menu
                    does: a position
                    .Pq Sx Positions ,
                    a preset, the name of an area or a place of the dataset, or
                    .Cm none
                    for no position.
                    .Ar ACCURACY
                    is the fix's horizontal accuracy
                    .Pq 0.1 m to 100 km; default 5 m, the Simulator's .
                    The presets:
                    .Bl -tag -width "google-sydney" -compact
                    .It Cm sydney
                    \-33.869405, 151.199: the tutorial's default point, Pyrmont and Darling
                    Harbour, Sydney.
                    .It Cm sf
                    37.785834, \-122.406417: the Simulator's default custom location, Union Square,
                    San Francisco.
                    .It Cm apple
                    37.33233141, \-122.0312186: the Simulator's Apple location, Infinite Loop,
                    Cupertino.
                    .It Cm google-sydney
                    \-33.866651, 151.195827: Google Sydney, 48 Pirrama Rd, Pyrmont.
                    .El
                    .Pp
                    Any other
                    .Ar NAME
                    is looked up in the dataset as the command runs
                    .Pq so a place loaded just before is found :
                    an area
                    .Pq Ql locate cupertino ,
                    one of the names
                    .Ic places
                    lists, puts the device at the middle of its places' extent; else the place
                    whose name it is, ignoring case
                    .Pq Ql locate \(dqAustralian National Maritime Museum\(dq ,
                    or
                    .Ql locate Grossm\(:unster
                    once a Zurich extract is loaded;
                    else the one place whose name contains it, as
                    .Ic places find
                    matches names.
                    A name several places match fails and names three of them; one that none
                    matches fails with a suggestion.
                    A name of several words is quoted: unquoted, its second word is an error
                    that says so.
                    The output names what the device was put at.
                    When no place of the dataset is within 2 km of a position but some are near
                    the position with its two numbers swapped, a note says that positions are
                    latitude first (GeoJSON writes longitude first).
                    .Pp
                    The running app receives a fix
                    .Pq Fn locationManager _:didUpdateLocations:
                    1 s later when it is authorized and updating, and only when the device has moved
                    at least the distance filter (50 m) from the last fix it received.
                    With reduced accuracy the fix is snapped to a grid of about 2 km, its accuracy
                    is 3000 m, and at most one comes every 15 minutes; a fix held back arrives when
                    the interval is over, with
                    .Ic wait .
                    Moves made while a fix still waits in the run loop
                    .Po
                    .Ql set autorun off
                    and several moves before
                    .Ic step ,
                    .Ic run
                    or
                    .Ic wait
                    .Pc
                    reach the app together: one
                    .Fn locationManager _:didUpdateLocations:
                    call with all their locations, oldest first, of which the app uses the last
                    .Pq Sx SIMULATION CHOICES , batched locations .
                    With
                    .Cm none ,
                    as with the Simulator's Features \(-> Location \(-> None, no fix comes, and
                    places requests fail with
                    .Dv locationError
                    (\-11); an app that is updating and authorized gets
                    .Fn locationManager _:didFailWithError:
                    with
                    .Dv kCLErrorLocationUnknown
                    (code 0) 1 s later, and the tutorial stops updating for good
                    .Pq P5 :
                    a position chosen afterwards never reaches it, and the map stays hidden.
                    .Ql set simulator-no-location silent
                    makes it report nothing instead, so that a later
                    .Ic locate
                    delivers.
                    A latitude or longitude out of range is an error when the script is read.
                    Works with or without a running app.
                    """#,
                examples: [
                    "locate sydney", "locate -33.8688 151.2093", "locate -33.8688,151.2093 65m", "locate cupertino",
                    "locate \"Darling Harbour\"", "locate none",
                ],
                handler: locateCommand),
            CommandSpec(
                "location",
                summary: "print the last fix the app received, as the app's print(\"Location: …\") does",
                effect: .looks,
                api: APIEntry(what: "print(\"Location: \\(location)\") of the last fix (CLLocation.description)"),
                manual: #"""
                    .It Ic location
                    Print the last fix the app received as the app's
                    .Ql print(\(dqLocation: \e(location)\(dq)
                    prints it
                    .Pq Vt CLLocation Ns 's description :
                    .Bd -literal -offset indent
                    Location: <-33.86940500,+151.19900000> +/- 5.00m (speed -1.00 mps
                     / course -1.00) @ 6/1/24, 9:00:01 AM Coordinated Universal Time
                    .Ed
                    .Pp
                    (one line in the output).
                    With no app running, or no fix received yet, it says so and its value is
                    .Li nil ;
                    it does not fail.
                    """#,
                examples: ["location"],
                handler: { ctx throws(Diagnostic) in
                    guard let fix = ctx.session.app?.locationManager.lastDelivered else {
                        let why =
                            ctx.session.app == nil
                            ? "no location: the app is not running" : "no location has reached the app yet"
                        return .line(why, value: .null)
                    }
                    return .line("Location: " + fix.description, value: fixValue(fix))
                }),
        ],
        stateRoots: [
            StateRoot(
                "location", summary: "the last fix the app received (nil before one)",
                manual: #"""
                    .It Li location
                    The last fix delivered to the app, or
                    .Li nil
                    (also with no app running):
                    .Li location.latitude ,
                    .Li location.longitude ,
                    .Li location.horizontalAccuracy ,
                    .Li location.speed
                    and
                    .Li location.course
                    .Pq \-1 when unknown ,
                    .Li location.timestamp
                    (on the virtual clock),
                    .Li location.description
                    (the text after
                    .Ql Location:\& ) .
                    """#,
                shape: .optional(
                    .record([
                        "latitude": .plain, "longitude": .plain, "horizontalAccuracy": .number(.length),
                        "speed": .number(.speed), "course": .number(.angle), "timestamp": .number(.duration),
                        "description": .text,
                    ]))
            ) { shell in
                .leaf(shell.session.app?.locationManager.lastDelivered.map(fixValue) ?? .null)
            },
            StateRoot(
                "device", summary: "the simulated device",
                manual: #"""
                    .It Li device.position.latitude , device.position.longitude , device.position.horizontalAccuracy , device.position.speed , device.position.course
                    The simulated location, as
                    .Ic locate
                    or a route set it, with its speed and course
                    .Pq \-1 when unknown, as after Ic locate ;
                    .Li device.position
                    is
                    .Li nil
                    after
                    .Ql locate none
                    and at the start.
                    .It Li device.updating , device.distanceFilter
                    Whether the app's location manager is updating; its distance filter
                    .Pq Li 50m ; Li -1m with no app .
                    .It Li device.noLocation
                    .Qq error
                    or
                    .Qq silent :
                    what an updating app hears while the device has no position
                    .Pq Ic set simulator-no-location .
                    .It Li device.queuedLocations
                    How many locations wait in the run loop for the next
                    .Fn locationManager _:didUpdateLocations:
                    call
                    .Pq 0 with no app .
                    .It Li device.language
                    The device's language code
                    .Pq Ic set language :
                    the words of the permission alert.
                    """#,
                shape: .record([
                    "position": .optional(
                        .record([
                            "latitude": .plain, "longitude": .plain, "horizontalAccuracy": .number(.length),
                            "speed": .number(.speed), "course": .number(.angle),
                        ])),
                    "updating": .bool, "distanceFilter": .number(.length), "noLocation": .words(NoLocationReport.self),
                    "queuedLocations": .plain, "language": .words(DeviceLanguage.all.map(\.code)),
                ])
            ) { shell in
                let position = shell.session.device.position
                return .fields([
                    (
                        "position",
                        position.map {
                            .record([
                                Value.Field("latitude", .number($0.coordinate.latitude)),
                                Value.Field("longitude", .number($0.coordinate.longitude)),
                                Value.Field("horizontalAccuracy", .number($0.horizontalAccuracy, .length)),
                                Value.Field("speed", .number($0.speed, .speed)),
                                Value.Field("course", .number($0.course, .angle)),
                            ])
                        } ?? .null
                    ),
                    ("updating", .bool(shell.session.app?.locationManager.isUpdating ?? false)),
                    ("distanceFilter", .number(shell.session.app?.locationManager.distanceFilter ?? -1, .length)),
                    ("noLocation", .string(shell.session.device.noLocationReport.rawValue)),
                    ("queuedLocations", .int(shell.session.app?.locationManager.queuedReadings.count ?? 0)),
                    ("language", .string(shell.session.device.language.code)),
                ])
            },
        ],
        settings: [
            SettingSpec(
                "simulator-no-location", values: NoLocationReport.allCases.map(\.rawValue), on: "error", off: "silent",
                summary: "with no position, an updating app gets kCLErrorLocationUnknown (error) or nothing (silent)",
                manual: #"""
                    .Cm error | silent :
                    what an app that is updating and authorized hears while the device has no
                    position
                    .Pq Ql locate none :
                    .Cm error ,
                    the default, calls
                    .Fn locationManager _:didFailWithError:
                    with
                    .Dv kCLErrorLocationUnknown
                    1 s later, as the Simulator does;
                    .Cm silent
                    reports nothing, so that a later
                    .Ic locate
                    delivers
                    .Pq Sx SIMULATION CHOICES , no location .
                    """#,
                get: { $0.session.device.noLocationReport.rawValue },
                set: { shell, value in shell.session.setNoLocationReport(NoLocationReport(rawValue: value) ?? .error) }),
            SettingSpec(
                "language", values: DeviceLanguage.all.map(\.code), on: "en", off: "en",
                summary: "the device's language: the words of the permission alert (en, de, es, ko, vi, fa)",
                manual: #"""
                    .Cm en | de | es | ko | vi | fa :
                    the device's language, which a new session takes from
                    .Ev LC_ALL ,
                    .Ev LC_MESSAGES
                    or
                    .Ev LANG
                    .Pq Ql ko_KR.UTF-8 is Cm ko ,
                    English for any other: the title and buttons of the permission alert, as
                    printed and as
                    .Ic snapshot
                    draws them, in that language where iOS's wording is confirmed, in English
                    where it is not
                    .Pq Sx SIMULATION CHOICES , the alert's language .
                    The console, the trace and the shell's own lines stay as they are.
                    """#,
                get: { $0.session.device.language.code },
                set: { shell, value in shell.session.device.language = DeviceLanguage.named(value) ?? .english }),
        ])
}

/// `LAT LNG`, `LAT,LNG`, a preset name or `none`.
let locationTargetType: ArgType = {
    var type = ArgType(
        usage: "LAT LNG|PRESET|NAME|none", completions: { _ in LocationPreset.all.map(\.name) + ["none"] },
        read: readLocationTarget)
    // A script of fixes binds its positions from their bytes; a preset or `none` is the binder's.
    type.readPlain = { words, k in
        guard let first = words.word(k).first, beginsNumber(first) else { return nil }
        return ArgType.readPlainCoordinate(words, k)
    }
    return type
}()

/// Whether a word whose first byte is `first` is read as a number (a digit, a sign or a
/// point): a position, never a preset or `none`.
private func beginsNumber(_ first: UInt8) -> Bool {
    first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
        || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
}

/// `locationTargetType`'s reading of tokens.
@Sendable private func readLocationTarget(_ c: inout TokenCursor) throws(Diagnostic) -> ArgValue {
    guard let token = c.current else { return .word("") }
    // A number (a digit, a sign or a point first) is a position: no preset or 'none' is
    // looked for, as a script of fixes has one a line.
    if let first = token.text.utf8.first, beginsNumber(first) {
        return try ArgType.coordinate.read(&c)
    }
    if !token.isQuoted, token.text == "none" || LocationPreset.named(token.text) != nil {
        _ = c.next()
        return .word(token.text)
    }
    // Any other name (a quoted one, or a word that starts with a letter) is an area's or a
    // place's, looked up in the dataset when the command runs: the dataset may change before.
    // (`nan` and `inf` are numbers gone wrong, and read as numbers to say so.)
    let notANumber = ["nan", "inf", "infinity"].contains(token.text.lowercased())
    if token.isQuoted || (!notANumber && token.text.unicodeScalars.first?.properties.isAlphabetic == true) {
        _ = c.next()
        // A name of several words unquoted: the next word would be read as the accuracy.
        if !token.isQuoted, let next = c.current, !next.isQuoted,
            next.text.unicodeScalars.first?.properties.isAlphabetic == true
        {
            throw .syntax(
                "a name of several words: '\(token.text) \(next.text)'", at: c.location(of: next),
                help: "quote it: locate \"\(token.text) \(next.text)\"")
        }
        return .words([token.text])  // a name: a one-word list, where a preset is a word
    }
    return try ArgType.coordinate.read(&c)
}

/// Where `locate` puts the device.
private enum LocateTarget {
    case nowhere
    case point(GeoPoint)
    /// An area's or a place's name, looked up in the dataset (`resolveLocateName`).
    case name(String)

    /// `none`, a preset's name, a position written out, or a name.
    static let kind = ArgKind<LocateTarget>("a position, a preset, a name or 'none'") { value in
        switch value {
        case .word("none"): .nowhere
        case .word(let name): LocationPreset.named(name).map { .point($0.coordinate) }
        case .words(let words) where words.count == 1:
            // A quoted preset's name is the preset still.
            LocationPreset.named(words[0]).map { .point($0.coordinate) } ?? .name(words[0])
        case .coordinate(let c): .point(GeoPoint(latitude: c.latitude, longitude: c.longitude))
        default: nil
        }
    }
}

/// The point a name stands for in `store`, and what it is (`the area cupertino's 54 places`,
/// `Grossmünster`): an area (a source tag, `places`) at the middle of its places' extent, else
/// the one place whose name is it (ignoring case), else the one place whose name contains it
/// (as `places find` folds names). Several places, or none, is an error that says which.
private func resolveLocateName(
    _ name: String, in store: PlaceStore, at location: SourceLocation?
) throws(Diagnostic) -> (point: GeoPoint, what: String) {
    if let area = store.areas.first(where: { $0.name.lowercased() == name.lowercased() }) {
        var south = 90.0
        var north = -90.0
        var west = 180.0
        var east = -180.0
        for row in 0..<store.count where store.place(at: row).area == area.name {
            let c = store.coordinate(at: row)
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            west = min(west, c.longitude)
            east = max(east, c.longitude)
        }
        // To the store's 1e-7° (a centimetre), so the position reads as it was stored.
        func stored(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }
        return (
            GeoPoint(latitude: stored((south + north) / 2), longitude: stored((west + east) / 2)),
            "the middle of area \(area.name)'s \(counted(area.count, "place"))"
        )
    }
    var rows = store.indexes(named: name)
    if rows.isEmpty { rows = store.indexes(nameContaining: name) }
    if rows.count == 1 { return (store.coordinate(at: rows[0]), store.name(at: rows[0])) }
    if rows.isEmpty {
        // The places' names too, for a dataset small enough to look through at once.
        var known = LocationPreset.all.map(\.name) + store.areas.map(\.name)
        if store.count <= 20_000 { known += (0..<store.count).map { store.name(at: $0) } }
        throw .runtime(
            "no preset, area or place named '\(name)'", at: location,
            help: suggestion(for: name, among: known)
                ?? "presets: \(LocationPreset.all.map(\.name).joined(separator: ", ")); areas: \(store.areas.map(\.name).joined(separator: ", ")); 'places find' looks for a place"
        )
    }
    let shown = rows.prefix(3).map { "\(store.name(at: $0)) (\(store.id(at: $0)))" }
    throw .runtime(
        "\(rows.count) places' names match '\(name)': " + shown.joined(separator: ", ")
            + (rows.count > 3 ? ", …" : ""),
        at: location, help: "give more of the name, or a position: 'places find \(name)' lists them with theirs")
}

private func locateCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let accuracy = try ctx.optional("ACCURACY", as: .number)?.value ?? SimulationChoices.defaultHorizontalAccuracy
    var named: String?
    let point: GeoPoint
    switch try ctx.required("WHERE", as: LocateTarget.kind) {
    case .point(let p): point = p
    case .name(let name):
        let found = try resolveLocateName(name, in: ctx.session.places.dataset, at: try ctx.location(of: "WHERE"))
        point = found.point
        named = found.what
    case .nowhere:
        ctx.session.stopRoute()
        ctx.session.setDevicePosition(nil)
        let consequence =
            ctx.session.device.noLocationReport == .error
            ? "an updating app gets kCLErrorLocationUnknown (code 0) 1 s later"
            : "no fixes will come, and no error (simulator-no-location silent)"
        return .line("the device has no position: " + consequence, value: .null)
    }
    ctx.session.stopRoute()  // a fixed position replaces a route, as simctl's set does
    ctx.session.setDevicePosition(DevicePosition(coordinate: point, horizontalAccuracy: accuracy))
    let value = Value.record([
        Value.Field("latitude", .number(point.latitude)), Value.Field("longitude", .number(point.longitude)),
        Value.Field("horizontalAccuracy", .number(accuracy, .length)),
    ])
    // One String written whole (at most 10 + 3 × 24 + 2 + 3 + 2 bytes): a script of fixes
    // locates before each.
    let line = TextWriter.string(capacity: 96) { text in
        text.append("device at ")
        text.append(number: point.latitude)
        text.append(", ")
        text.append(number: point.longitude)
        text.append(" ±")
        text.append(number: accuracy)
        text.append(" m")
    }
    guard named != nil || ctx.session.places.dataset.count > 0 else { return .line(line, value: value) }
    var lines = [named.map { line + " (\($0))" } ?? line]
    if named == nil, let hint = geoJSONOrderHint(point, ctx.shell) { lines.append(hint) }
    return CommandResult(value: value, text: lines)
}

/// The last 0.1° cell `geoJSONOrderHint` looked at: a script of fixes along a route asks once
/// per cell, not once per fix.
private final class GeoJSONOrderCheck {
    var cell: (Int, Int)?
}

/// A note when nothing in the dataset is near `point` but places are near the point with its
/// two numbers swapped: the position was likely written longitude first, as GeoJSON orders it.
private func geoJSONOrderHint(_ point: GeoPoint, _ shell: Shell) -> String? {
    let swapped = GeoPoint(latitude: point.longitude, longitude: point.latitude)
    guard abs(point.longitude) <= 90, point.latitude != point.longitude else { return nil }
    let check = shell.state(GeoJSONOrderCheck.self) { GeoJSONOrderCheck() }
    // safe: a position's degrees are in range, so the tenths are too
    let cell = (Int((point.latitude * 10).rounded(.down)), Int((point.longitude * 10).rounded(.down)))
    if let last = check.cell, last == cell { return nil }
    check.cell = cell
    let store = shell.session.places.dataset
    let reach = 2_000.0
    guard store.near(point, radius: reach, limit: 1).isEmpty else { return nil }
    let there = store.near(swapped, radius: reach, limit: 1_000).count
    guard there > 0 else { return nil }
    return "note: no place within 2 km; \(formatNumber(swapped.latitude)), \(formatNumber(swapped.longitude)) has "
        + (there == 1_000 ? "1,000 or more places" : counted(there, "place"))
        + " — positions are latitude first (GeoJSON writes longitude first)"
}

/// A fix as a state value.
func fixValue(_ fix: LocationFix) -> Value {
    .record([
        Value.Field("latitude", .number(fix.coordinate.latitude)),
        Value.Field("longitude", .number(fix.coordinate.longitude)),
        Value.Field("horizontalAccuracy", .number(fix.horizontalAccuracy, .length)),
        Value.Field("speed", .number(fix.speed, .speed)),
        Value.Field("course", .number(fix.course, .angle)),
        Value.Field("timestamp", .number(fix.timestamp, .duration)),
        Value.Field("description", .string(fix.description)),
    ])
}
