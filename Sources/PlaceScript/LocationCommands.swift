import PlaceFormats
import PlaceKit

extension CommandFamily {
    /// The device's position and what the app has received of it.
    public static let location = CommandFamily(
        name: "Location",
        summary: "move the simulated device; see the fixes the app received",
        commands: [
            CommandSpec(
                "locate",
                arguments: [
                    ArgSpec("WHERE", locationTargetType, summary: "LAT LNG, a preset, or none"),
                    ArgSpec(
                        "ACCURACY", .number(.length, range: 0.1...100_000), optional: true,
                        summary: "horizontal accuracy, default 5m"),
                ],
                summary: "put the device somewhere (a fixed position), or nowhere",
                details: """
                    Sets the simulated location, as the Simulator's Features ▸ Location menu does.
                    Presets: \(LocationPreset.all.map(\.name).joined(separator: ", ")).
                    'none' removes the position (no fixes come). The app receives a fix 1 s later
                    when it is authorized and updating, and only if the device moved at least the
                    distance filter (50 m) from the last fix it received. With reduced accuracy the
                    fix is snapped to about 2 km and at most one comes every 15 minutes: one held
                    back arrives when the interval is over ('wait').
                    """,
                effect: .acts,
                api: APIEntry(
                    what: "Simulator: Features ▸ Location ▸ Custom Location (or xcrun simctl location set)",
                    callbacks: ["locationManager(_:didUpdateLocations:) once the device moved past distanceFilter"]),
                examples: ["locate sydney", "locate -33.8688 151.2093", "locate -33.8688,151.2093 65m", "locate none"],
                handler: locateCommand),
            CommandSpec(
                "location",
                summary: "print the last fix the app received, as the app's print(\"Location: …\") does",
                effect: .looks,
                api: APIEntry(what: "print(\"Location: \\(location)\") of the last fix (CLLocation.description)"),
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
            StateRoot("location", summary: "the last fix delivered to the app, or nil") { shell in
                .leaf(shell.session.app?.locationManager.lastDelivered.map(fixValue) ?? .null)
            },
            StateRoot("device", summary: "the simulated device: position (or nil), updating, distanceFilter") { shell in
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
                ])
            },
        ])
}

/// `LAT LNG`, `LAT,LNG`, a preset name or `none`.
let locationTargetType = ArgType(
    usage: "LAT LNG|PRESET|none", completions: { _ in LocationPreset.all.map(\.name) + ["none"] }
) { (c: inout TokenCursor) throws(Diagnostic) in
    guard let token = c.current else { return .word("") }
    if !token.isQuoted, token.text == "none" || LocationPreset.named(token.text) != nil {
        _ = c.next()
        return .word(token.text)
    }
    if let first = token.text.unicodeScalars.first, first.properties.isAlphabetic {
        _ = c.next()
        throw .syntax(
            "unknown place '\(token.text)'", at: c.location(of: token),
            help: suggestion(for: token.text, among: LocationPreset.all.map(\.name) + ["none"])
                ?? "presets: " + (LocationPreset.all.map(\.name) + ["none"]).joined(separator: ", "))
    }
    return try ArgType.coordinate.read(&c)
}

private func locateCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let accuracy = ctx.quantity(1)?.value ?? SimulationChoices.defaultHorizontalAccuracy
    var point: GeoPoint
    switch ctx.arg(0)?.value {
    case .word("none")?:
        ctx.session.stopRoute()
        ctx.session.setDevicePosition(nil)
        return .line("the device has no position: no fixes will come", value: .null)
    case .word(let name)?:
        guard let preset = LocationPreset.named(name) else { return .none }
        point = preset.coordinate
    case .coordinate(let c)?:
        point = GeoPoint(latitude: c.latitude, longitude: c.longitude)
    default:
        return .none
    }
    ctx.session.stopRoute()  // a fixed position replaces a route, as simctl's set does
    ctx.session.setDevicePosition(DevicePosition(coordinate: point, horizontalAccuracy: accuracy))
    let value = Value.record([
        Value.Field("latitude", .number(point.latitude)), Value.Field("longitude", .number(point.longitude)),
        Value.Field("horizontalAccuracy", .number(accuracy, .length)),
    ])
    return .line(
        "device at \(formatNumber(point.latitude)), \(formatNumber(point.longitude)) ±\(formatNumber(accuracy)) m",
        value: value)
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
