import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// The map view: camera, markers, info windows, the my-location button.
    public static let map = CommandFamily(
        name: "Map",
        summary: "the map view: camera, markers, info windows, my-location button",
        manual: #"""
            The map view: camera, markers, info windows, the my-location button.
            These commands fail when the app is not running.
            """#,
        commands: [
            CommandSpec(
                "camera", summary: "show the camera: target, zoom, bearing, angle, and the visible region",
                effect: .looks,
                api: APIEntry(what: "mapView.camera and mapView.projection.visibleRegion()"),
                manual: #"""
                    .It Ic camera
                    Show the camera: target, zoom, bearing, viewing angle, whether the map is
                    hidden or blank, the frame (393 \(mu 852 points, an iPhone 15) with the metres
                    per point at the target, the four corners of the visible region (Web Mercator,
                    256 points per tile at zoom 0), and the last animation.
                    The first fix sets the camera instantly and shows the map; later fixes animate
                    it
                    .Pq Fn animate to: , 0.5 s .
                    While an animation runs, the camera is where the move has got at the virtual
                    clock, eased in and out
                    .Pq see Sx SIMULATION CHOICES ,
                    and the last row says how far it is: with
                    .Ql set autorun off ,
                    a
                    .Ic step
                    that delivers a fix and
                    .Ql wait 0.25s
                    show the camera half way.
                    """#,
                examples: ["camera"],
                handler: cameraCommand),
            CommandSpec(
                "markers", summary: "list the markers on the map",
                effect: .looks,
                api: APIEntry(what: "the GMSMarkers whose map is mapView"),
                manual: #"""
                    .It Ic markers
                    List the markers in the order added: number, title, snippet
                    .Pq Li nil No when absent ,
                    position, and
                    .Ql open
                    for the one whose info window is open.
                    """#,
                examples: ["markers"],
                handler: { ctx throws(Diagnostic) in
                    let app = try requireApp(ctx)
                    let markers = app.mapView.markers
                    guard !markers.isEmpty else { return CommandResult(value: markersValue(app), text: ["no markers"]) }
                    let rows = markers.enumerated().map { i, m in
                        [
                            String(i + 1), m.title ?? "nil", m.snippet ?? "nil",
                            formatFixed(m.position.latitude, decimals: 6),
                            formatFixed(m.position.longitude, decimals: 6),
                            app.mapView.selectedMarker == i ? "open" : "",
                        ]
                    }
                    let table = TextTable(
                        headers: ["#", "TITLE", "SNIPPET", "LATITUDE", "LONGITUDE", "INFO"],
                        alignments: [.right, .left, .left, .right, .right, .left], rows: rows)
                    return CommandResult(value: markersValue(app), text: table.render(style: ctx.shell.outputStyle))
                }),
            CommandSpec(
                "tap", summary: "tap something on the map",
                api: APIEntry(
                    what: "a tap on a marker: the map has no delegate, so the SDK's default selection follows",
                    calls: ["mapView.selectedMarker = marker", "the camera animates to the marker's position"],
                    callbacks: ["the info window shows title and snippet", "mapView(_:idleAt:) when the camera stops"]),
                subcommands: [
                    CommandSpec(
                        "marker", arguments: [ArgSpec("N", .integer(), summary: "the marker, from 1")],
                        summary: "tap marker N: its info window opens (not when title and snippet are both empty)",
                        effect: .touches,
                        manual: #"""
                            .It Ic tap Cm marker Ar N
                            Tap marker
                            .Ar N
                            .Pq from 1 :
                            it becomes the map's
                            .Va selectedMarker
                            and its info window opens with the title and, below it, the snippet; the shell
                            says when the snippet is missing
                            .Pq P1 .
                            A marker whose title and snippet are both empty opens no info window.
                            The tutorial's map has no delegate, so the Maps SDK's default selection
                            follows: the camera also animates to centre the marker, keeping its zoom
                            .Pq see Sx SIMULATION CHOICES .
                            Fails when the picker covers the map, when the map is hidden, when there are no
                            markers, when there is no marker
                            .Ar N ,
                            or when the marker is off the screen, where a finger cannot reach it
                            .Pq pan or zoom out first .
                            """#,
                        examples: ["tap marker 1"],
                        handler: tapMarkerCommand),
                    CommandSpec(
                        "map", arguments: [ArgSpec("POSITION", .coordinate, optional: true, summary: "LAT LNG")],
                        summary:
                            "tap the map where no marker is (at the centre, or at LAT LNG): an open info window closes",
                        effect: .touches,
                        manual: #"""
                            .It Ic tap Cm map Op Ar LAT LNG
                            Tap the map at a position on the screen, by default its centre, where no marker
                            is: an open info window closes, as the SDK does by default (the tutorial's app
                            has no
                            .Li mapView(_:didTapAt:) ) .
                            A position off the screen is refused, as a finger cannot reach it, and so is
                            one within 22 points of a marker (half of the 44-point touch target Apple's
                            Human Interface Guidelines give): that tap is
                            .Ic tap marker Ar N .
                            """#,
                        examples: ["tap map", "tap map -33.8688 151.2093"],
                        handler: tapMapCommand),
                ]),
            CommandSpec(
                "pan",
                arguments: [
                    ArgSpec(
                        "DX", .number(nil, range: -100_000...100_000), summary: "points to the right (negative: left)"),
                    ArgSpec("DY", .number(nil, range: -100_000...100_000), summary: "points down (negative: up)"),
                ],
                summary: "drag the map: the centre moves DX points right and DY points down (scrollBy)",
                effect: .touches,
                api: APIEntry(
                    what: "a drag gesture", calls: ["mapView.moveCamera(GMSCameraUpdate.scrollBy(x:y:))"],
                    callbacks: ["mapView(_:willMove:) with gesture true", "mapView(_:idleAt:)"]),
                manual: #"""
                    .It Ic pan Ar DX DY
                    Drag the map, as
                    .Fn GMSCameraUpdate.scrollBy x:y:
                    does: the centre moves
                    .Ar DX
                    points right and
                    .Ar DY
                    points down
                    .Pq negative: left, up ;
                    \-100000 to 100000 points each, in Web Mercator at the current zoom, with
                    bearing 0 as the tutorial's map has it.
                    The camera moves at once; longitude wraps round at \(+-180\(de.
                    The tutorial does not fight the gesture: the next fix animates the camera back
                    to the device, as it does for every fix, and
                    .Ic camera
                    shows that animation's start and end.
                    Fails when the app is not running, when the picker covers the map and when the
                    map is hidden.
                    """#,
                examples: ["pan 100 0", "pan -50 200"],
                handler: { ctx throws(Diagnostic) in
                    let app = try requireVisibleMap(ctx)
                    let dx = try ctx.required("DX", as: .number).value
                    let dy = try ctx.required("DY", as: .number).value
                    ctx.session.panMap(dx: dx, dy: dy)
                    return .line(cameraLine(app), value: cameraValue(app))
                }),
            CommandSpec(
                "zoom", arguments: [ArgSpec("TO", zoomType, summary: "in, out, or a zoom level")],
                summary: "pinch or double-tap: zoom in or out by one level, or to a level",
                effect: .touches,
                api: APIEntry(
                    what: "a pinch or double tap", calls: ["mapView.moveCamera(GMSCameraUpdate.zoom(to:))"],
                    callbacks: ["mapView(_:willMove:) with gesture true", "mapView(_:idleAt:)"]),
                manual: #"""
                    .It Ic zoom Ar in|out|LEVEL
                    Pinch or double-tap:
                    .Cm in
                    and
                    .Cm out
                    change the zoom by one level,
                    .Ar LEVEL
                    .Pq a plain number from 0 to 30
                    sets it; the centre stays.
                    The zoom is clamped to 2...21, so
                    .Ql zoom 25
                    gives 21 and
                    .Ql zoom 1
                    gives 2, and a note says so:
                    .Ql note: the map clamps zoom to 2…21: 25 gives 21 .
                    The next fix animates back to the app's zoom: 15, or 10 with approximate
                    location
                    .Pq P12 .
                    Fails in the same states as
                    .Ic pan .
                    """#,
                examples: ["zoom in", "zoom out", "zoom 17.5"],
                handler: { ctx throws(Diagnostic) in
                    let app = try requireVisibleMap(ctx)
                    let current = app.mapView.camera.zoom
                    let target: Double
                    switch try ctx.required("TO", as: ZoomTarget.kind) {
                    case .in: target = current + 1
                    case .out: target = current - 1
                    case .level(let level): target = level
                    }
                    ctx.session.zoomMap(to: target)
                    var lines = [cameraLine(app)]
                    let reached = app.mapView.camera.zoom
                    if abs(reached - target) > 1e-9 {
                        let range =
                            "\(formatNumber(SimulationChoices.minimumZoom))…\(formatNumber(SimulationChoices.maximumZoom))"
                        let asked = formatNumber(target)
                        lines.append("note: the map clamps zoom to \(range): \(asked) gives \(formatNumber(reached))")
                    }
                    return CommandResult(value: cameraValue(app), text: lines)
                }),
            CommandSpec(
                "mylocation", summary: "tap the my-location button: the camera centres on the device, zoom unchanged",
                effect: .touches,
                api: APIEntry(
                    what: "the my-location button (settings.myLocationButton)",
                    calls: ["mapView.animate(toLocation: myLocation.coordinate)"],
                    callbacks: ["mapView(_:idleAt:) when the animation ends"]),
                manual: #"""
                    .It Ic mylocation
                    Tap the my-location button: the camera animates to the device's position
                    .Pq snapped as a reduced fix is, with reduced accuracy
                    and keeps its zoom, bearing and viewing angle.
                    With no permission or no position nothing happens, and the shell says so.
                    Fails when the picker covers the map or the map is hidden.
                    """#,
                examples: ["mylocation"],
                handler: { ctx throws(Diagnostic) in
                    let app = try requireApp(ctx)
                    guard app.screen == .map else {
                        throw .runtime("the picker covers the map", at: ctx.location, help: "back, then mylocation")
                    }
                    guard !app.mapView.isHidden else {
                        throw .runtime("the map is hidden: there is no button to tap", at: ctx.location)
                    }
                    if ctx.session.tapMyLocationButton() {
                        return .line("the camera moves to the device", value: cameraValue(app))
                    }
                    return .line(
                        "nothing happens: the map has no location for the device (no permission or no position)",
                        value: cameraValue(app))
                }),
        ] + mapDrawingCommands,
        stateRoots: [
            StateRoot(
                "map",
                summary: "the map view",
                manual: #"""
                    .It Li map.hidden , map.myLocationEnabled , map.myLocationButton
                    Booleans.
                    .It Li map.blank
                    Whether the map view is on screen with no tiles: no network when it needed
                    them, or a key the Maps SDK was refused
                    .Pq see Ic apikey ;
                    markers and the my-location dot are still drawn.
                    .Li false
                    while the map is hidden and once its tiles have loaded.
                    .It Li map.width , map.height
                    The map's frame in points.
                    .It Li map.selectedMarker
                    The number of the marker whose info window is open, or
                    .Li nil .
                    """#,
                shape: .optional(
                    .record([
                        "hidden": .bool, "blank": .bool, "myLocationEnabled": .bool, "myLocationButton": .bool,
                        "width": .plain, "height": .plain, "selectedMarker": .optional(.plain),
                    ]))
            ) {
                shell in
                guard let map = shell.session.app?.mapView else { return .leaf(.null) }
                return .fields([
                    ("hidden", .bool(map.isHidden)), ("blank", .bool(map.isBlank)),
                    ("myLocationEnabled", .bool(map.isMyLocationEnabled)),
                    ("myLocationButton", .bool(map.myLocationButton)), ("width", .number(map.width)),
                    ("height", .number(map.height)),
                    ("selectedMarker", map.selectedMarker.map { .int($0 + 1) } ?? .null),
                ])
            },
            StateRoot(
                "camera", summary: "the camera",
                manual: #"""
                    .It Li camera.latitude , camera.longitude , camera.zoom , camera.bearing , camera.viewingAngle
                    The camera: numbers; bearing and viewing angle in degrees.
                    During an animation, where the move has got at the virtual clock.
                    .It Li camera.animating
                    Whether an
                    .Fn animate to:
                    is under way.
                    """#,
                shape: .optional(
                    .record([
                        "latitude": .plain, "longitude": .plain, "zoom": .plain, "bearing": .number(.angle),
                        "viewingAngle": .number(.angle), "animating": .bool,
                    ]))
            ) {
                shell in
                guard let app = shell.session.app else { return .leaf(.null) }
                return .leaf(cameraValue(app))
            },
            StateRoot(
                "markers", summary: "markers in the order added",
                manual: #"""
                    .It Li markers.count , markers[ Ns Ar N Ns Li ].title , markers[ Ns Ar N Ns Li ].snippet , markers[ Ns Ar N Ns Li ].latitude , markers[ Ns Ar N Ns Li ].longitude , markers[ Ns Ar N Ns Li ].infoWindow
                    Marker
                    .Ar N
                    in the order added; absent text is
                    .Li nil ;
                    .Li infoWindow
                    is whether its info window is open.
                    """#,
                shape: .list(
                    .record([
                        "title": .optional(.text), "snippet": .optional(.text), "latitude": .plain, "longitude": .plain,
                        "infoWindow": .bool,
                    ]), key: "title")
            ) {
                shell in
                guard let app = shell.session.app else { return .values([]) }
                guard case .list(let items) = markersValue(app) else { return .values([]) }
                return .values(items)
            },
        ])
}

func cameraValue(_ app: TutorialApp) -> Value {
    let c = app.mapView.camera
    return .record([
        Value.Field("latitude", .number(c.target.latitude)), Value.Field("longitude", .number(c.target.longitude)),
        Value.Field("zoom", .number(c.zoom)), Value.Field("bearing", .number(c.bearing, .angle)),
        Value.Field("viewingAngle", .number(c.viewingAngle, .angle)),
        Value.Field("animating", .bool(app.mapView.animation != nil)),
    ])
}

func markersValue(_ app: TutorialApp) -> Value {
    .list(
        app.mapView.markers.enumerated().map { i, m in
            .record([
                Value.Field("title", .optional(m.title)), Value.Field("snippet", .optional(m.snippet)),
                Value.Field("latitude", .number(m.position.latitude)),
                Value.Field("longitude", .number(m.position.longitude)),
                Value.Field("infoWindow", .bool(app.mapView.selectedMarker == i)),
            ])
        })
}

private func cameraCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    let map = app.mapView
    let c = map.camera
    func point(_ p: GeoPoint) -> String {
        formatFixed(p.latitude, decimals: 6) + ", " + formatFixed(p.longitude, decimals: 6)
    }
    let region = map.visibleRegion
    var rows = [
        ["target", point(c.target)], ["zoom", formatNumber(c.zoom)], ["bearing", formatNumber(c.bearing) + "°"],
        ["viewing angle", formatNumber(c.viewingAngle) + "°"],
        ["map", map.isHidden ? "hidden" : map.isBlank ? "shown, blank (no tiles)" : "shown"],
        [
            "frame",
            "\(formatNumber(map.width)) × \(formatNumber(map.height)) pt, \(formatFixed(c.metresPerPoint, decimals: 2)) m/pt",
        ],
        ["visible", "far left \(point(region.farLeft)), far right \(point(region.farRight))"],
        ["", "near left \(point(region.nearLeft)), near right \(point(region.nearRight))"],
    ]
    if let move = map.lastAnimation {
        let state = map.animation != nil ? "animating" : "last animation"
        rows.append([
            state,
            "\(point(move.from.target)) zoom \(formatNumber(move.from.zoom)) → \(point(move.to.target)) zoom \(formatNumber(move.to.zoom))",
        ])
        if map.animation != nil {
            let t = move.progress(at: ctx.session.clock)
            let elapsed = formatNumber(((ctx.session.clock - move.start) * 1000).rounded() / 1000)
            let eased = formatNumber((CameraEasing.easeInEaseOut(t) * 1000).rounded() / 10)
            rows.append(["", "\(elapsed) s of \(formatNumber(move.end - move.start)) s, \(eased) % of the way (eased)"])
        }
    }
    return CommandResult(value: cameraValue(app), text: TextTable(headers: ["", ""], rows: rows).render())
}

private func tapMarkerCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    let n = try ctx.required("N", as: .integer)
    let markers = app.mapView.markers
    guard app.screen == .map else { throw .runtime("the picker covers the map", at: ctx.location, help: "back first") }
    guard !app.mapView.isHidden else { throw .runtime("the map is hidden: there is nothing to tap", at: ctx.location) }
    guard !markers.isEmpty else {
        throw .runtime("there are no markers on the map", at: ctx.location, help: "likely, then select N, adds one")
    }
    guard n >= 1 && n <= markers.count else {
        throw .runtime(
            "marker \(n) does not exist: the map has \(markers.count) marker\(markers.count == 1 ? "" : "s")",
            at: try ctx.location(of: "N"), help: "tap marker 1…\(markers.count)")
    }
    let marker = markers[n - 1]
    guard app.mapView.isOnScreen(marker.position) else {
        throw .runtime(
            "marker \(n) is off the screen: a finger cannot reach it", at: try ctx.location(of: "N"),
            help: "bring it into view first: pan, or zoom out")
    }
    let empty = (marker.title ?? "").isEmpty && (marker.snippet ?? "").isEmpty
    let centred = app.mapView.camera.target == marker.position
    ctx.session.tapMarker(n - 1)
    var lines: [String] = []
    if empty {
        lines.append("no info window: the marker has neither title nor snippet")
    } else {
        lines.append("info window: " + oneLine(marker.title ?? ""))
        if let snippet = marker.snippet, !snippet.isEmpty {
            lines.append("             " + oneLine(snippet))
        } else {
            lines.append("             (no snippet: the place was fetched without formattedAddress — P1)")
        }
    }
    if !centred {
        lines.append("the camera animates to centre the marker (the SDK's default: the map has no delegate)")
    }
    return CommandResult(value: markersValue(app), text: lines)
}

private func tapMapCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    guard app.screen == .map else { throw .runtime("the picker covers the map", at: ctx.location, help: "back first") }
    guard !app.mapView.isHidden else { throw .runtime("the map is hidden: there is nothing to tap", at: ctx.location) }
    let map = app.mapView
    var point = map.camera.target
    if let c = try ctx.optional("POSITION", as: .coordinate) {
        point = GeoPoint(latitude: c.latitude, longitude: c.longitude)
        guard map.isOnScreen(point) else {
            throw .runtime(
                "\(formatNumber(c.latitude)), \(formatNumber(c.longitude)) is off the screen: a finger cannot reach it",
                at: try ctx.location(of: "POSITION"), help: "bring it into view first: pan, or zoom out")
        }
    }
    let tapped = map.screenPoint(of: point)
    for (i, marker) in map.markers.enumerated().reversed() {
        let m = map.screenPoint(of: marker.position)
        let dx = m.x - tapped.x
        let dy = m.y - tapped.y
        if dx * dx + dy * dy <= 22 * 22 {
            throw .runtime(
                "marker \(i + 1) is there: that tap is a tap on the marker", at: ctx.location,
                help:
                    "'tap marker \(i + 1)' taps it; to close an info window, tap the map away from it: 'tap map LAT LNG' (a tapped marker sits at the centre)"
            )
        }
    }
    let closed = ctx.session.tapEmptyMap()
    return .line(
        closed ? "info window closed" : "nothing happens: no info window is open, and the app has no map tap handler",
        value: markersValue(app))
}

/// `in`, `out` or a number.
private let zoomType = ArgType(usage: "in|out|LEVEL", completions: { _ in ["in", "out"] }) {
    (c: inout TokenCursor) throws(Diagnostic) in
    guard let t = c.current else { return .word("") }
    if !t.isQuoted && (t.text == "in" || t.text == "out") {
        _ = c.next()
        return .word(t.text)
    }
    let q = try readQuantity(t, cursor: c)
    _ = c.next()
    guard q.dimension == .none else {
        throw .syntax("'\(t.text)' is not a zoom level (in, out, or a number such as 15)", at: c.location(of: t))
    }
    guard q.value >= 0, q.value <= 30 else {
        throw .syntax(
            "zoom level '\(t.text)' is out of range (0…30)", at: c.location(of: t),
            help:
                "the map clamps zoom to \(formatNumber(SimulationChoices.minimumZoom))…\(formatNumber(SimulationChoices.maximumZoom))"
        )
    }
    return .number(q)
}

/// What `zoom` was asked for: one level in or out, or a level.
private enum ZoomTarget {
    case `in`, out
    case level(Double)

    /// `in`, `out` or a number, as `zoomType` binds them.
    static let kind = ArgKind<ZoomTarget>("in, out or a zoom level") { value in
        switch value {
        case .word("in"): .in
        case .word("out"): .out
        case .number(let q): .level(q.value)
        default: nil
        }
    }
}

/// The running app with its map on screen, or an error saying why a gesture cannot reach it.
private func requireVisibleMap(_ ctx: CommandContext) throws(Diagnostic) -> TutorialApp {
    let app = try requireApp(ctx)
    guard app.screen == .map else { throw .runtime("the picker covers the map", at: ctx.location, help: "back first") }
    guard !app.mapView.isHidden else {
        throw .runtime("the map is hidden: there is nothing to drag or pinch", at: ctx.location)
    }
    return app
}

private func cameraLine(_ app: TutorialApp) -> String {
    let c = app.mapView.camera
    return
        "camera at \(formatFixed(c.target.latitude, decimals: 6)), \(formatFixed(c.target.longitude, decimals: 6)) zoom \(formatNumber(c.zoom))"
}
