import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// Likely places: "Get Place", the picker, the fields the app requests, billing.
    public static let places = CommandFamily(
        name: "Places",
        summary: "tap Get Place, pick a row, choose the fields the app requests",
        manual: #"""
            Tap
            .Dq Get Place ,
            pick a row, choose the fields the app requests.
            """#,
        commands: [
            CommandSpec(
                "likely", aliases: ["getplace"],
                summary: "tap \"Get Place\": open the picker with a copy of the app's list as it is now",
                effect: .touches,
                api: APIEntry(
                    what: "the \"Get Place\" bar button, wired in the storyboard to the segue \"segueToSelect\"",
                    calls: [
                        "prepare(for:sender:) hands PlacesViewController the likelyPlaces array (a copy)",
                        "PlacesViewController.viewDidLoad(): tableView.reloadData()",
                    ],
                    callbacks: [
                        "tableView(_:numberOfRowsInSection:)",
                        "tableView(_:cellForRowAt:) sets cell.textLabel?.text = place.name",
                    ],
                    objcCalls: [
                        "[self prepareForSegue:segue sender:sender] hands PlacesViewController the likelyPlaces array (the same NSMutableArray, not a copy)"
                    ],
                    objcCallbacks: [
                        "[placesViewController tableView:tableView numberOfRowsInSection:0]",
                        "[placesViewController tableView:tableView cellForRowAtIndexPath:indexPath] dequeues a cell and never sets its text (blank rows, P8)",
                    ]),
                manual: #"""
                    .It Ic likely
                    Tap
                    .Dq Get Place :
                    the segue
                    .Li segueToSelect
                    hands
                    .Vt PlacesViewController
                    the app's
                    .Va likelyPlaces
                    array and the picker screen,
                    .Dq Choose a place ,
                    opens.
                    Swift arrays are values, so the picker keeps its own copy: a response that
                    arrives later does not reach it
                    .Pq P2 .
                    The picker shows each place's name, five rows per screen; the Objective-C picker
                    never sets the cell's text, so its rows are blank
                    .Pq P8 .
                    Right after a
                    .Ic launch
                    that shows the alert the list is empty: the first request failed
                    .Pq P4 .
                    Fails when the app is not running or the picker is already open.
                    Alias:
                    .Ic getplace .
                    """#,
                examples: ["likely"],
                handler: { ctx throws(Diagnostic) in
                    let app = try requireApp(ctx)
                    guard app.screen == .map else {
                        throw .runtime("the picker is already open", at: ctx.location, help: "select N, or back")
                    }
                    ctx.session.showPicker()
                    return pickerResult(ctx.shell, app)
                }),
            CommandSpec(
                "picker", summary: "show the open picker's rows again",
                effect: .looks,
                api: APIEntry(what: "looking at PlacesViewController's table again"),
                manual: #"""
                    .It Ic picker
                    Show the open picker's rows again.
                    Fails when the app is not running or the picker is not open.
                    """#,
                examples: ["picker"],
                handler: { ctx throws(Diagnostic) in
                    let app = try requireApp(ctx)
                    guard app.pickerPlaces != nil else {
                        throw .runtime(
                            "the picker is not open", at: ctx.location, help: "tap \"Get Place\" with 'likely'")
                    }
                    return pickerResult(ctx.shell, app)
                }),
            CommandSpec(
                "select", arguments: [ArgSpec("N", .integer(), summary: "the row, from 1")],
                summary: "tap row N of the picker: back to the map, marker for that place, new request",
                effect: .touches,
                api: APIEntry(
                    what: "a tap on a row: tableView(_:didSelectRowAt:)",
                    calls: [
                        "selectedPlace = likelyPlaces[indexPath.row]", "performSegue(withIdentifier: \"unwindToMain\")",
                        "prepare(for:sender:): mapViewController.selectedPlace = selectedPlace (empty in Objective-C: P8)",
                        "unwindToMain(segue:): mapView.clear()", "GMSMarker(position: place.coordinate)",
                        "marker.title = place.name",
                        "marker.snippet = place.formattedAddress", "marker.map = mapView", "listLikelyPlaces()",
                    ],
                    callbacks: ["the places callback"],
                    objcCalls: [
                        "self.selectedPlace = [self.likelyPlaces objectAtIndex:indexPath.row] (the picker's own property)",
                        "[self performSegueWithIdentifier:@\"unwindToMain\" sender:self]",
                        "[placesViewController prepareForSegue:segue sender:sender] is empty: the selection never reaches the map (P8)",
                        "[mapViewController unwindToMain:segue]: [mapView clear]",
                        "selectedPlace is nil there, so no GMSMarker is made: no title, no snippet, nothing on the map",
                        "[self listLikelyPlaces]",
                    ]),
                manual: #"""
                    .It Ic select Ar N
                    Tap row
                    .Ar N
                    .Pq from 1 :
                    .Va selectedPlace
                    is set and the app unwinds to the map
                    .Pq Fn unwindToMain segue: .
                    The map is cleared
                    .Pq Fn mapView.clear ,
                    the old marker goes; a
                    .Vt GMSMarker
                    is added at the place's coordinate with the place's name as title and its
                    formattedAddress as snippet
                    .Po
                    .Li nil
                    with the tutorial's fields
                    .Bq .name, .coordinate :
                    P1; without
                    .Cm coordinate
                    the marker stands at
                    .Dv kCLLocationCoordinate2DInvalid :
                    P10
                    .Pc ;
                    and
                    .Fn listLikelyPlaces
                    sends a new, billed request.
                    The camera does not move and the marker's info window does not open.
                    In the Objective-C flavour the selection never reaches the map: the map is
                    cleared and no marker is added
                    .Pq P8 .
                    Fails when the app is not running, when no picker is open, when the picker is
                    empty, or when there is no row
                    .Ar N
                    .Pq Ql row 9 does not exist: the picker has 3 rows ;
                    and for row 6 or later, out of a finger's reach: each row is a fifth of the
                    table's height and the table does not scroll, as the code's comment says
                    .Po
                    .Ic set picker-scroll on
                    lets it scroll, as the storyboard would
                    .Pc .
                    On an empty picker the error gives the cause, as
                    .Ic explain
                    does: the copy was taken while a request was in flight
                    .Pq P2 ,
                    the last request failed
                    .Pq a denial, the network off ,
                    or the service found no place near the device.
                    """#,
                examples: ["select 1", "select 3"],
                handler: selectCommand),
            CommandSpec(
                "back", summary: "leave the picker with its Back button, choosing nothing",
                effect: .touches,
                api: APIEntry(what: "the navigation bar's Back button: popViewController, no unwind action"),
                manual: #"""
                    .It Ic back
                    Leave the picker with its Back button, choosing nothing: no unwind action runs,
                    nothing on the map changes and no request is sent.
                    Fails when the app is not running or the picker is not open.
                    """#,
                examples: ["back"],
                handler: { ctx throws(Diagnostic) in
                    let app = try requireApp(ctx)
                    guard app.pickerPlaces != nil else {
                        throw .runtime("the picker is not open: there is nothing to go back from", at: ctx.location)
                    }
                    ctx.session.goBack()
                    return .line("back to the map; nothing changed", value: appValue(ctx.shell))
                }),
            CommandSpec(
                "fields",
                arguments: [
                    ArgSpec("FIELD", placeFieldsType, optional: true, summary: "fields, +field, -field, all, reset")
                ],
                summary: "show or change the place fields the app requests",
                effect: .acts, readAt: .nextRequest,
                api: APIEntry(
                    what:
                        "the GMSPlaceField mask the app's code passes to findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)"
                ),
                manual: #"""
                    .It Ic fields Op Ar FIELD ...
                    Show or change the place fields
                    .Pq Vt GMSPlaceField
                    the app requests.
                    The tutorial requests
                    .Bq .name, .coordinate .
                    .Ql fields F1,F2
                    or
                    .Ql fields F1 F2
                    sets the list;
                    .Cm + Ns Ar F
                    adds a field and
                    .Cm - Ns Ar F
                    removes one;
                    .Cm reset
                    goes back to the tutorial's;
                    .Cm all
                    asks for every field likelihood requests support.
                    The fields:
                    .Cm name , placeID , plusCode , coordinate , openingHours , phoneNumber ,
                    .Cm formattedAddress , rating , priceLevel , types , website , viewport ,
                    .Cm addressComponents , photos , userRatingsTotal , utcOffsetMinutes ,
                    .Cm businessStatus , iconImageURL , iconBackgroundColor .
                    Fields not requested read as absent (text
                    .Li nil ,
                    rating 0, priceLevel \-1, coordinate invalid), so the marker's snippet stays
                    empty until
                    .Cm formattedAddress
                    is requested; the output says so.
                    With no field at all the request succeeds and the places come back empty.
                    .Cm phoneNumber , website , addressComponents , openingHours
                    and
                    .Cm utcOffsetMinutes
                    are not supported for likely places, and no field at all is not a request:
                    the output warns, and requests fail with
                    .Dv invalidRequest
                    (\-12).
                    It prints the fields in Swift syntax and what each request bills: the base
                    SKU, Find Current Place, plus one Places Data SKU per tier the fields touch
                    (Basic, Contact, Atmosphere).
                    The change takes effect with the next request and lasts across
                    .Ic launch
                    and
                    .Ic reset .
                    An unknown field name is an error when the script is read.
                    """#,
                examples: [
                    "fields", "fields +formattedAddress", "fields name,coordinate,formattedAddress", "fields reset",
                ],
                handler: fieldsCommand),
            CommandSpec(
                "stats", summary: "requests and fixes since launch, and what the requests would bill",
                effect: .looks,
                api: APIEntry(what: "the Cloud console's view of requests and SKUs billed"),
                manual: #"""
                    .It Ic stats
                    Places requests, location updates delivered and requests in flight since the
                    last
                    .Ic launch ,
                    and the billable units per SKU.
                    Every request counts; only an answered one is billed.
                    """#,
                examples: ["stats", "stats billing"],
                subcommands: [
                    CommandSpec(
                        "billing",
                        summary: "per SKU: the calls billed since launch, the free calls a month, the price past them",
                        effect: .looks,
                        api: APIEntry(what: "the Cloud console's billing report, by SKU"),
                        manual: #"""
                            .It Ic stats billing
                            Per SKU of both flows, the calls billed since the last
                            .Ic launch ,
                            the free calls a month and the price past them.
                            The legacy call bills
                            .Sy Find Current Place
                            plus one
                            .Sy Places Data
                            SKU (Basic, Contact, Atmosphere) per tier its fields touch; a Nearby Search
                            (New) request bills one SKU, the highest its place properties need:
                            .Sy Nearby Search Pro , Enterprise
                            or
                            .Sy Enterprise + Atmosphere .
                            Only answered requests bill.
                            Free calls and prices are shown only where a price list states them
                            (Find Current Place: 5,000 free, then $30.00 per 1,000 to 100,000 a month;
                            Nearby Search Pro 5,000 and Enterprise 1,000 free); the others read
                            .Ql \(em
                            .Pq Sx SIMULATION CHOICES , billing figures .
                            The last line says what the next answered request of the app's flavour
                            (or of
                            .Fl Fl flavor
                            before a launch) bills, with the fields or properties it asks for now.
                            With
                            .Fl Fl json ,
                            .Li skus
                            is a list of records
                            .Pq Li key , name , billed , freePerMonth , pricePer1000 , priceBandEnd ,
                            absent figures
                            .Li null ,
                            and
                            .Li nextRequest
                            the keys the next request bills.
                            """#,
                        examples: ["stats billing"],
                        handler: statsBillingCommand)
                ],
                handler: { ctx throws(Diagnostic) in
                    let s = ctx.session.stats
                    var rows = [
                        ["places requests", String(s.placesRequests)], ["location updates", String(s.locationUpdates)],
                        ["in flight", String(ctx.session.app?.requestsInFlight ?? 0)],
                    ]
                    for entry in s.billing {
                        rows.append(["billed: " + Stats.skuName(entry.sku), String(entry.count)])
                    }
                    let value = Value.record([
                        Value.Field("placesRequests", .int(s.placesRequests)),
                        Value.Field("locationUpdates", .int(s.locationUpdates)),
                        Value.Field("billing", .record(s.billing.map { Value.Field($0.sku, .int($0.count)) })),
                    ])
                    return CommandResult(
                        value: value,
                        text: TextTable(headers: ["", ""], alignments: [.left, .right], rows: rows).render())
                }),
        ],
        stateRoots: [
            StateRoot(
                "likely",
                summary: "the app's list of likely places",
                manual: #"""
                    .It Li likely.count , likely[ Ns Ar N Ns Li ].name , likely[ Ns Ar N Ns Li ].likelihood , likely[ Ns Ar N Ns Li ].distance , likely[ Ns Ar N Ns Li ].latitude , likely[ Ns Ar N Ns Li ].longitude , likely[ Ns Ar N Ns Li ].placeID , likely[ Ns Ar N Ns Li ].formattedAddress
                    The app's current list of likely places, most likely first, as the app holds
                    it: a field that was not requested reads
                    .Li nil ,
                    or \-180 for a coordinate.
                    In the nearby flavour the list is Nearby Search's, in the order it came:
                    .Li likelihood
                    is
                    .Li nil
                    and
                    .Li distance
                    is the place's distance from the search circle's centre
                    .Pq Li nil No in the legacy flavours .
                    """#,
                shape: .list(
                    .record([
                        "name": .optional(.text), "likelihood": .optional(.plain),
                        "distance": .optional(.number(.length)),
                        "latitude": .plain, "longitude": .plain, "placeID": .optional(.text),
                        "formattedAddress": .optional(.text),
                    ]), key: "name")
            ) {
                shell in
                let list = shell.session.app?.likelyPlaces ?? []
                return .list(count: list.count, element: { .leaf(likelihoodValue(list[$0])) })
            },
            StateRoot(
                "picker", summary: "the picker (its own copy of the list)",
                manual: #"""
                    .It Li picker.open , picker.rows.count , picker.rows[ Ns Ar N Ns Li \&] , picker.reachable , picker.array.count
                    Whether the picker is open; what its table shows (the rows it loaded when it
                    opened; empty text for the Objective-C picker's blank rows); how many rows a
                    finger can reach (the first five unless
                    .Ic set picker-scroll on ) ;
                    and the names in the array the picker holds: the Swift picker's own copy,
                    the same as its rows, or the Objective-C picker's
                    .Vt NSMutableArray ,
                    the map controller's own, which a later places answer fills while the table
                    still shows what it loaded (P2).
                    """#,
                shape: .record(["open": .bool, "rows": .list(.text), "reachable": .plain, "array": .list(.text)])
            ) { shell in
                let app = shell.session.app
                let rows = app?.pickerRows ?? []
                let array = (app?.pickerArray ?? []).map { $0.place.name ?? "" }
                return .record(
                    fields: ["open", "rows", "reachable", "array"],
                    child: { name in
                        switch name {
                        case "open": return .leaf(.bool(app?.pickerPlaces != nil))
                        case "reachable": return .leaf(.int(app?.reachablePickerRows ?? 0))
                        case "rows": return .list(count: rows.count, element: { .leaf(.string(rows[$0])) })
                        case "array": return .list(count: array.count, element: { .leaf(.string(array[$0])) })
                        default: return nil
                        }
                    })
            },
            StateRoot(
                "fields", summary: "the place fields the app requests",
                manual: #"""
                    .It Li fields.count , fields[ Ns Ar N Ns Li \&]
                    The place fields the app requests, by name
                    .Pq for example Qq name .
                    """#,
                shape: .list(.text)
            ) { shell in
                .leaf(.list(shell.session.places.requestedFields.names.map { .string($0) }))
            },
        ],
        settings: [
            SettingSpec(
                "picker-scroll", values: ["off", "on"],
                summary: "the picker's table scrolls (on), or only its first five rows can be tapped (off)",
                manual: #"""
                    .Cm off | on :
                    whether the picker's table scrolls:
                    .Cm off ,
                    the default, as the code's comment says, so only its first five rows, each a
                    fifth of the table's height, can be tapped and
                    .Ql select 6
                    is refused;
                    .Cm on ,
                    as the storyboard leaves it, so every row can be scrolled into reach
                    .Pq Sx SIMULATION CHOICES , picker scrolling .
                    """#,
                get: { $0.session.device.pickerScrolls ? "on" : "off" },
                set: { shell, value in shell.session.device.pickerScrolls = value == "on" })
        ],
        topics: [
            HelpTopic(
                "likelihood", summary: "how likely places are scored", manualSection: "LIKELIHOOD MODEL",
                text: likelihoodHelp),
            HelpTopic(
                "choices", summary: "behaviours the real APIs leave unstated, as simulated",
                manualSection: "SIMULATION CHOICES", text: choicesHelp),
        ])
}

let likelihoodHelp: String = {
    let priors = LikelihoodModel.typePriors.map { "\($0.type) \(formatNumber($0.prior))" }.joined(separator: ", ")
    return """
        The places service scores every place near the position it is given (the device's, snapped
        to about 2 km when accuracy is reduced):

          s = sqrt(accuracy² + radius² + \(formatNumber(SimulationChoices.baselineSpread))²)   the spread in metres (radius: the place's size)
          w = prior(type) × exp(−d² / (2 s²))   the weight (d: distance to the place)
          likelihood = w / (Σ w + \(formatNumber(SimulationChoices.elsewhereWeight)))         the rest is "somewhere else"

        Candidates lie within max(\(formatNumber(SimulationChoices.candidateSpreads)) s, \(formatNumber(SimulationChoices.minimumSearchRadius)) m). The \(SimulationChoices.maximumLikelihoods) heaviest are returned (Σ w sums
        their weights), sorted by likelihood, then distance, then place ID; each is in 0…1 and they
        sum to less than 1. With no place in range the list is empty. Kilometre-level (reduced)
        accuracy makes s large: many places, each with a small, similar likelihood.

        Type priors (the first of a place's types found here counts, else 1):
        """ + "\n" + wrapText(priors + ".", width: 90, indent: "  ")
}()

let choicesHelp: String = {
    "Where the real APIs leave a behaviour unstated, placeshell does this:\n\n"
        + ManualText.render(CommandTable.choicesList).joined(separator: "\n")
        + "\n\nThe built-in places are real, with approximate positions and addresses: illustrative, not authoritative."
}()

func likelihoodValue(_ l: PlaceLikelihood) -> Value {
    .record([
        Value.Field("name", .optional(l.place.name)),
        Value.Field("likelihood", l.likelihood.map { .number($0) } ?? .null),
        Value.Field("distance", l.distance.map { .number($0, .length) } ?? .null),
        Value.Field("latitude", l.place.coordinate.isValid ? .number(l.place.coordinate.latitude) : .number(-180)),
        Value.Field("longitude", l.place.coordinate.isValid ? .number(l.place.coordinate.longitude) : .number(-180)),
        Value.Field("placeID", .optional(l.place.placeID)),
        Value.Field("formattedAddress", .optional(l.place.formattedAddress)),
    ])
}

/// The picker's rows as a person sees them: five to a screen. During a walk, its heading and
/// notes are in the walk's language.
private func pickerResult(_ shell: Shell, _ app: TutorialApp) -> CommandResult {
    let rows = app.pickerRows
    let perScreen = SimulationChoices.pickerRowsPerScreen
    let walk = shell.runningTutorialText
    let words = walk ?? englishTutorialText
    func say(_ line: String) -> String { words.directed(line) }
    var lines = [
        say(
            rows.count == 1
                ? words.message("pickerHeadingOne", ["perScreen": words.number(perScreen)])
                : words.message(
                    "pickerHeading", ["rows": words.number(rows.count), "perScreen": words.number(perScreen)]))
    ]
    if rows.isEmpty {
        lines.append(say("  " + words.message("pickerEmpty")))
        // The same reasons 'explain' gives, so the two never disagree.
        if !app.likelyPlaces.isEmpty {
            lines.append(say("  " + words.message("pickerLate")))
        } else if let why = app.why(.emptyList).first {
            let rtl = words.direction == .rtl
            let cause =
                why.causeText.flatMap { text in
                    walk == nil
                        ? nil
                        : text.said(
                            in: { words.explain[$0] }, isolate: rtl ? leftToRightIsolated : { $0 },
                            numeral: words.numeral)
                } ?? why.cause
            lines.append(
                say(
                    oneLine(
                        "  " + words.message("pickerEmptyBecause", ["cause": cause])
                            + (why.pitfall.map { " (\($0))" } ?? ""))))
        }
    }
    for (i, row) in rows.enumerated() {
        if i == perScreen && !shell.session.device.pickerScrolls {
            lines.append(say("  " + words.message("pickerBelow")))
        } else if i > 0 && i % perScreen == 0 && shell.session.device.pickerScrolls {
            lines.append(say("  " + words.message("pickerScreen", ["n": words.number(i / perScreen + 1)])))
        }
        lines.append(
            leftPadded(String(i + 1), to: 4) + "  " + (row.isEmpty ? say(words.message("pickerBlank")) : oneLine(row)))
    }
    let value = Value.record([
        Value.Field("rows", .list(rows.map { .string($0) })), Value.Field("screen", .string(app.screen.rawValue)),
        Value.Field("reachable", .int(app.reachablePickerRows)),
    ])
    return CommandResult(value: value, text: lines)
}

/// `select` on an empty picker: why its copy of the list is empty, as `explain` reasons.
private func emptyPickerError(_ app: TutorialApp, _ status: AuthorizationStatus, at location: SourceLocation)
    -> Diagnostic
{
    let count = app.likelyPlaces.count
    if count > 0 {
        let places = "\(count) place\(count == 1 ? "" : "s")"
        return .runtime(
            "the picker is empty: it copied the list when \"Get Place\" was tapped, before the places response came",
            at: location, help: "the list now has \(places): tap \"Get Place\" again ('back', 'likely') (P2)")
    }
    let why =
        app.why(.emptyList).first
        ?? WhyReason(cause: "no places response has come yet", help: "wait for one ('wait')")
    return .runtime(
        "the picker is empty: " + why.cause, at: location, help: why.help + (why.pitfall.map { " (\($0))" } ?? ""))
}

private func selectCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    let n = try ctx.required("N", as: .integer)
    guard let rows = app.pickerPlaces else {
        throw .runtime(
            "no picker is open: there is no row to select", at: ctx.location,
            help: "tap \"Get Place\" first with 'likely'")
    }
    guard rows.count > 0 else {
        throw emptyPickerError(app, ctx.session.device.privacy.status, at: try ctx.location(of: "N"))
    }
    guard n >= 1 && n <= rows.count else {
        throw .runtime(
            "row \(n) does not exist: the picker has \(rows.count) row\(rows.count == 1 ? "" : "s")",
            at: try ctx.location(of: "N"), help: "select 1…\(app.reachablePickerRows)")
    }
    guard n <= app.reachablePickerRows else {
        let perScreen = SimulationChoices.pickerRowsPerScreen
        throw .runtime(
            "row \(n) is out of reach: each row is a fifth of the table's height and the table does not scroll, so a finger reaches rows 1…\(perScreen) only",
            at: try ctx.location(of: "N"),
            help:
                "select 1…\(perScreen); 'set picker-scroll on' for the reading where the table scrolls (the storyboard does not disable it)"
        )
    }
    let chosen = rows[n - 1].place
    ctx.session.selectRow(n - 1)
    let marker = app.mapView.markers.last
    var text = "selected row \(n): \(chosen.name ?? "(no name)")"
    if let marker {
        text += " — marker added" + (marker.snippet == nil ? " (no snippet)" : "")
    } else {
        text += " — no marker"
    }
    return .line(text, value: markersValue(app))
}

// MARK: - fields

/// `name,coordinate`, `+formattedAddress`, `-rating`, `all`, `reset` — several words allowed.
let placeFieldsType = ArgType(
    usage: "FIELD…", isGreedy: true,
    completions: { _ in PlaceFields.allNames + PlaceFields.allNames.map { "+" + $0 } + ["all", "reset"] }
) { (c: inout TokenCursor) throws(Diagnostic) in
    var words: [String] = []
    while let t = c.next() {
        var offset = t.offset
        for part in t.text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(part)
            let name = word.hasPrefix("+") || word.hasPrefix("-") ? String(word.dropFirst()) : word
            if !["all", "reset"].contains(word) && !PlaceFields.allNames.contains(name) {
                let near = suggestion(for: name, among: PlaceFields.allNames)
                throw .syntax(
                    "unknown place field '\(name)'",
                    at: SourceLocation(
                        source: c.source, offset: t.isVerbatim ? offset : t.offset, length: max(1, word.utf8.count)),
                    help: near ?? "fields: " + PlaceFields.allNames.joined(separator: ", "))
            }
            words.append(word)
            offset += word.utf8.count + 1
        }
    }
    return .words(words)
}

private func fieldsCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let session = ctx.session
    let words = try ctx.optional("FIELD", as: .words) ?? []
    if !words.isEmpty {
        var fields = session.places.requestedFields
        let additive = words.allSatisfy { $0.hasPrefix("+") || $0.hasPrefix("-") }
        if !additive { fields = PlaceFields() }
        for word in words {
            switch word {
            case "reset": fields = .tutorial
            case "all":
                for entry in PlaceFields.catalogue where entry.likelihoods { fields.insert(entry.name) }
            default:
                if word.hasPrefix("-") {
                    fields.remove(String(word.dropFirst()))
                } else {
                    fields.insert(word.hasPrefix("+") ? String(word.dropFirst()) : word)
                }
            }
        }
        session.places.requestedFields = fields
    }
    let fields = session.places.requestedFields
    var lines = ["fields: \(fields.swiftSyntax)"]
    lines.append(
        "bills: " + (["Find Current Place"] + fields.tiers.map { "Places Data: \($0)" }).joined(separator: " + "))
    if !fields.unsupported.isEmpty {
        lines.append(
            "warning: likely places do not support \(fields.unsupported.joined(separator: ", ")): requests will fail with invalidRequest (-12)"
        )
    }
    if fields.bits == 0 {
        lines.append("note: no fields: the service answers with empty places (no name, coordinate invalid)")
    }
    if !fields.contains("formattedAddress") {
        lines.append("note: without formattedAddress the marker has no snippet (P1)")
    }
    let nearbyApp = (ctx.session.app?.flavor ?? ctx.shell.defaultFlavor) == .nearby
    if nearbyApp {
        lines.append(
            "note: these are the Current Place fields of the swift and objc flavours; the nearby app requests 'nearby fields'"
        )
    }
    var result = CommandResult(value: .list(fields.names.map { .string($0) }), text: lines)
    result.notReadByTheApp = nearbyApp
    return result
}

/// `stats billing`: every SKU of both flows with its count, free calls and price, and what the
/// next answered request bills.
private func statsBillingCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let s = ctx.session.stats
    let flavor = ctx.session.app?.flavor ?? ctx.shell.defaultFlavor
    let fields = ctx.session.places.requestedFields
    let nearby = ctx.session.places.nearby
    func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
    var rows: [[String]] = []
    var skus: [Value] = []
    for sku in Billing.skus {
        let billed = s.billing.first { $0.sku == sku.key }?.count ?? 0
        let price: String
        if let p = sku.pricePer1000 {
            price =
                "$" + formatFixed(p, decimals: 2) + " per 1,000" + (sku.priceBandEnd.map { " to " + grouped($0) } ?? "")
        } else {
            price = "—"
        }
        rows.append([sku.name, grouped(billed), sku.freePerMonth.map(grouped) ?? "—", price])
        skus.append(
            .record([
                Value.Field("key", .string(sku.key)), Value.Field("name", .string(sku.name)),
                Value.Field("billed", .int(billed)),
                Value.Field("freePerMonth", sku.freePerMonth.map { .int($0) } ?? .null),
                Value.Field("pricePer1000", sku.pricePer1000.map { .number($0) } ?? .null),
                Value.Field("priceBandEnd", sku.priceBandEnd.map { .int($0) } ?? .null),
            ]))
    }
    // A SKU billed that the table does not know (none today) still shows.
    for entry in s.billing where Billing.sku(entry.sku) == nil {
        rows.append([Stats.skuName(entry.sku), grouped(entry.count), "—", "—"])
        skus.append(
            .record([
                Value.Field("key", .string(entry.sku)), Value.Field("name", .string(Stats.skuName(entry.sku))),
                Value.Field("billed", .int(entry.count)), Value.Field("freePerMonth", .null),
                Value.Field("pricePer1000", .null), Value.Field("priceBandEnd", .null),
            ]))
    }
    let next = Billing.request(flavor: flavor, fields: fields, nearby: nearby)
    var why: String
    if flavor == .nearby {
        why = "for " + Billing.nearbyReasons(nearby).joined(separator: ", ")
    } else {
        why = "fields " + fields.swiftSyntax
    }
    let refusal = flavor == .nearby ? nearby.problems : fields.unsupported.map { "\($0) is not a likelihood field" }
    if !refusal.isEmpty {
        why += "; as set now the SDK refuses it, billing nothing: " + refusal.joined(separator: "; ")
    }
    var text = TextTable(
        headers: ["SKU", "BILLED", "FREE A MONTH", "PAST THE FREE CALLS"], alignments: [.left, .right, .right, .left],
        rows: rows
    ).render(style: ctx.shell.outputStyle)
    text.append(
        "next answered \(flavor.rawValue) request bills: "
            + next.map(Stats.skuName).joined(separator: " + ") + " (\(why))")
    text.append("billed: answered requests since the last launch; —: no price list states it ('help choices')")
    let value = Value.record([
        Value.Field("skus", .list(skus)), Value.Field("flavor", .string(flavor.rawValue)),
        Value.Field("nextRequest", .list(next.map { .string($0) })),
    ])
    return CommandResult(value: value, text: text)
}
