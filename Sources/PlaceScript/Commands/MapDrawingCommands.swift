import PlaceFormats
import PlaceKit
import PlaceStorage

/// `map` and `snapshot`: the map view drawn in the terminal and as an SVG of the phone screen.
/// Part of the Map family.
let mapDrawingCommands: [CommandSpec] = [
    CommandSpec(
        "map",
        options: [
            OptionSpec(
                "width", .integer(20...500), valueName: "W",
                summary: "columns, frame included (default: the terminal's, or 80)"),
            OptionSpec("height", .integer(5...500), valueName: "H", summary: "lines of the frame (default 22)"),
            OptionSpec("ascii", summary: "plain ASCII: + - | for the frame, o V @ for places, markers, you"),
        ],
        summary: "draw the map view in the terminal: places, markers, you, a scale bar and north",
        effect: .acts,
        api: APIEntry(what: "looking at the phone: the map view as it is drawn now"),
        manual: #"""
            .It Ic map Oo Fl Fl width Ar W Oc Oo Fl Fl height Ar H Oc Op Fl Fl ascii
            Draw the map view in the terminal: the places of the dataset in view as
            .Ql \(bu ,
            labelled with their names where a name fits without touching another label or
            symbol
            .Pq the app's likely places first, then the nearest; a name that does not fit whole is shortened with an ellipsis, never through a wide character ,
            the markers as
            .Ql \[u25BC]
            with their titles
            .Pq an open info window as a box with the title and the snippet ,
            the device as the my-location dot with its accuracy ring when the ring is wider
            than a cell, a scale bar of a round distance, north, and the camera in the top
            border.
            The device is drawn as
            .Ql \[u25C9] .
            North is up.
            In the
            .Cm nearby
            flavour, once the app has sent a request, the circle it searches is drawn as a
            ring of
            .Ql \[u2218]
            .Pq Ql \&:
            in ASCII: around the last location the app received, with the radius
            .Ic nearby radius
            sets now, as
            .Ic export geojson
            gives it; the legend names it with its radius.
            No circle is drawn in the other flavours, before the first request, or with a
            radius the SDK refuses.
            The frame's inner width spans the map view's 393 points and a line is two
            columns tall, so distances look the same across and down; the lines show the
            middle of the view, never more than its 852 points; when they show less, the
            legend says how much and the
            .Fl \-height
            that shows it all.
            .Ar W
            is 20 to 500 columns, frame included
            .Pq default: the terminal's width, or 80 ;
            .Ar H
            is 5 to 500 lines of the frame
            .Pq default 22 .
            Box drawing and symbol characters on a UTF-8 locale
            .Pq the first set of Ev LC_ALL , LC_CTYPE , LANG names UTF-8 ;
            plain ASCII otherwise or with
            .Fl Fl ascii .
            Colour only when the output is coloured
            .Pq a terminal, never with Ev NO_COLOR .
            A hidden map is not drawn: the line says why.
            A blank map
            .Pq Li map.blank : no tiles
            has no places, only the markers, the info window and the device, with
            .Ql no map tiles
            in the frame and the reason in the legend.
            A map is blank when the device had no network when the map needed its tiles,
            or when the Maps SDK refused the app's API key.
            With the picker open the map is drawn with a line saying the picker covers it.
            Fails when the app is not running.
            """#,
        examples: ["map", "map --width 100 --height 40", "map --ascii"],
        handler: mapCommand),
    CommandSpec(
        "snapshot",
        arguments: [ArgSpec("FILE", svgPathType.completingFileNames(".svg"), summary: "where to write the SVG")],
        summary: "write the phone screen as a standalone SVG: map, markers, info window, picker",
        effect: .acts,
        api: APIEntry(what: "a screenshot of the phone (Simulator: File ▸ Save Screen), without map tiles"),
        manual: #"""
            .It Ic snapshot Ar FILE.svg
            Write what the phone screen shows as a standalone SVG that opens in any
            browser, without map tiles: the device frame around the map view's 393
            \(mu 852 points, the navigation bar
            .Po
            .Dq Current Place on a Map ,
            .Dq Get Place
            .Pc ,
            a light background with a grid at the scale bar's distance, the places as dots
            with labels that do not overlap, the markers as pins with their title and
            snippet, the open info window
            .Pq bold title, snippet below ,
            the my-location dot with its accuracy circle and the my-location button, in the
            .Cm nearby
            flavour once the app has sent a request the circle it searches
            .Pq dashed, under the places; as for Ic map ,
            and a
            scale bar; a hidden map leaves the screen blank with a note; a blank map
            .Pq Li map.blank : no tiles
            is the SDK's plain beige-grey background with no grid and no places, the markers,
            info window and my-location dot drawn over it; when the picker is
            open, the picker instead
            .Pq Dq Choose a place , five rows a screen, Dq Back ;
            blank rows in the Objective-C flavour; a scroll indicator when it has more than
            five rows and
            .Ic set picker-scroll on
            lets it scroll.
            Text is escaped for XML.
            The picture names its fonts, the first one a renderer has drawing each letter:
            the system face, then faces with Hangul
            .Pq Apple SD Gothic Neo on a Mac; Noto Sans CJK KR, Debian's Li fonts-noto-cjk
            and with Persian letters
            .Pq Noto Sans Arabic, Debian's Li fonts-noto-core ; Vazirmatn; Nazli, Li fonts-farsiweb ,
            then
            .Ql sans-serif ;
            a renderer with none of them draws Korean or Persian text as empty boxes.
            Persian text is laid out right to left: a label ends at its point, and the info
            window's lines start at its right edge.
            The file is written atomically: a failed write leaves the old file; a relative
            path is taken from the script's folder.
            A
            .Ar FILE
            that does not end in
            .Pa .svg
            is an error when the script is read, before anything runs.
            Fails when the app is not running and when the file cannot be written.
            """#,
        examples: ["snapshot map.svg"],
        handler: snapshotCommand),
]

/// A path ending in `.svg`.
/// A file name ending in `.svg`, checked when the script is read: a wrong name runs nothing.
private let svgPathType = ArgType(usage: "FILE.svg") { (c: inout TokenCursor) throws(Diagnostic) in
    guard let t = c.next() else { return .word("") }
    let path = t.text
    guard path.lowercased().hasSuffix(".svg") else {
        throw .syntax(
            "snapshot writes SVG: '\(path)' does not end in .svg", at: c.location(of: t),
            help: "name the file FILE.svg, e.g. 'snapshot map.svg'")
    }
    guard path.count > 4, !path.hasSuffix("/.svg") else {
        throw .syntax(
            "snapshot needs a file name before .svg: '\(path)'", at: c.location(of: t),
            help: "e.g. 'snapshot map.svg'")
    }
    return .word(path)
}

private func mapCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    let scene = MapScene(app: app, session: ctx.session)
    if let reason = scene.hiddenReason {
        let text = "the map is hidden: " + reason
        return .line(
            text, value: .record([Value.Field("hidden", .bool(true)), Value.Field("reason", .string(reason))]))
    }
    let width =
        try ctx.option("width", as: .integer) ?? min(200, max(20, ctx.shell.environment.terminalWidth ?? 80))
    let height = try ctx.option("height", as: .integer) ?? 22
    let ascii = try ctx.flag("ascii") || !ctx.shell.environment.localeIsUTF8
    let drawing = TerminalMap(
        scene: scene, columns: width, lines: height, unicode: !ascii, color: ctx.shell.outputStyle.enabled
    ).render()
    var text = drawing.lines
    if scene.pickerRows != nil { text.append("the picker covers the map on the phone ('back' to return to it)") }
    let value = Value.record([
        Value.Field("hidden", .bool(false)), Value.Field("blank", .bool(scene.blankReason != nil)),
        Value.Field("width", .int(width)),
        Value.Field("placesInView", .int(drawing.placesInView)),
        Value.Field("labels", .list(drawing.labels.map { .string($0) })),
    ])
    return CommandResult(value: value, text: text)
}

private func snapshotCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    let path = ctx.resolvedPath(try ctx.required("FILE", as: .word))
    let at = try ctx.location(of: "FILE")
    let scene = MapScene(app: app, session: ctx.session)
    let picture = SVGSnapshot(scene: scene).render()
    if case .failure(let e) = writeFileAtomically(path, Array(picture.svg.utf8)) {
        throw .runtime(writeFailureMessage(path, e), at: at)
    }
    var what: String
    if scene.pickerRows != nil {
        what = "the picker, " + counted(scene.pickerRows?.count ?? 0, "row")
    } else if let reason = scene.hiddenReason {
        what = "the map screen, map hidden (\(reason))"
    } else {
        let markers = scene.markers.filter(\.isInFrame)
        what =
            scene.blankReason.map { "the map screen, blank map (no tiles: \($0))" }
            ?? "the map screen, \(scene.places.count) place\(scene.places.count == 1 ? "" : "s")"
        what += ", \(markers.count) marker\(markers.count == 1 ? "" : "s")"
        if markers.contains(where: \.isOpen) { what += " (info window open)" }
        if let me = scene.myLocation { what += ", you ±" + formatNumber(me.accuracyMetres.rounded()) + " m" }
    }
    if let alert = scene.alert {
        what += ", under the permission alert (Precise: \(alert.precise ? "On" : "Off"))"
    }
    let value = Value.record([
        Value.Field("path", .string(path)), Value.Field("bytes", .int(picture.svg.utf8.count)),
        Value.Field("screen", .string(scene.pickerRows != nil ? "picker" : "map")),
        Value.Field("hidden", .bool(scene.hiddenReason != nil)),
        Value.Field("blank", .bool(scene.blankReason != nil)),
        Value.Field("labels", .list(picture.labels.map { .string($0) })),
    ])
    return .line("wrote \(path): \(what)", value: value)
}
