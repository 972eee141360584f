import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// Nearby Search (New): the request the migrated app builds, and the Places APIs the key's
    /// Cloud project has enabled.
    public static let nearby = CommandFamily(
        name: "Nearby",
        summary: "the migrated app's Nearby Search (New) request, and the APIs the Cloud project enables",
        manual: #"""
            The request the Nearby Search (New) flavour
            .Pq Ic launch Fl Fl flavor Cm nearby
            builds, and the Places APIs the key's Cloud project has enabled.
            """#,
        commands: [
            CommandSpec(
                "nearby",
                summary: "show the nearby app's GMSPlaceSearchNearbyRequest: radius, rank, max, types, fields",
                effect: .looks,
                api: APIEntry(what: "the request listLikelyPlaces() builds: GMSPlaceSearchNearbyRequest"),
                manual: #"""
                    .It Ic nearby
                    Show the request the nearby flavour builds at each fix and each selection:
                    a
                    .Vt GMSPlaceSearchNearbyRequest
                    with a circle
                    .Pq Fn GMSPlaceCircularLocationOption center radius
                    around the last location the app received, its place properties,
                    .Va maxResultCount ,
                    .Va rankPreference
                    and type filters, and the SKU it bills.
                    The subcommands change them; a change takes effect with the next request and
                    lasts across
                    .Ic launch
                    and
                    .Ic reset .
                    Values the SDK does not take are kept and the output warns: the request then
                    fails with
                    .Dv invalidRequest
                    (\-12) in the app's console, as the SDK fails it.
                    """#,
                examples: ["nearby", "nearby radius 1km", "nearby rank distance"],
                subcommands: [
                    CommandSpec(
                        "radius",
                        arguments: [ArgSpec("DISTANCE", .number(.length), summary: "the circle's radius (0…50 km)")],
                        summary: "the search circle's radius (0…50 km; default 500 m)",
                        effect: .acts,
                        manual: #"""
                            .It Ic nearby radius Ar DISTANCE
                            The radius of the circle
                            .Pq Fn GMSPlaceCircularLocationOption center radius
                            around the app's last location: 500 m until changed
                            .Pq a choice: no radius is recommended .
                            The SDK takes 0 to 50 km; outside that the request fails with
                            .Dv invalidRequest
                            (\-12).
                            """#,
                        examples: ["nearby radius 1km", "nearby radius 250"],
                        handler: { ctx throws(Diagnostic) in
                            let q = try ctx.required("DISTANCE", as: .number)
                            guard q.value.isFinite, abs(q.value) <= 1e9 else {
                                throw .runtime(
                                    "radius \(formatNumber(q.value)) m is beyond any request", at: ctx.location,
                                    help: "0…50 km")
                            }
                            ctx.session.places.nearby.radius = q.value
                            return nearbyResult(ctx.shell)
                        }),
                    CommandSpec(
                        "rank",
                        arguments: [
                            ArgSpec(
                                "ORDER", .choice(NearbyRank.allCases.map(\.rawValue)), summary: "popularity or distance"
                            )
                        ],
                        summary: "rankPreference: popularity (the SDK's default) or distance",
                        effect: .acts,
                        manual: #"""
                            .It Ic nearby rank Cm popularity|distance
                            The request's
                            .Va rankPreference :
                            .Cm popularity ,
                            the SDK's default, orders the places in the circle by the popularity
                            model
                            .Pq Sx POPULARITY MODEL ;
                            .Cm distance
                            by distance from the centre.
                            """#,
                        examples: ["nearby rank distance", "nearby rank popularity"],
                        handler: { ctx throws(Diagnostic) in
                            let word = try ctx.required("ORDER", as: .word)
                            ctx.session.places.nearby.rank = NearbyRank(rawValue: word) ?? .popularity
                            return nearbyResult(ctx.shell)
                        }),
                    CommandSpec(
                        "max",
                        arguments: [ArgSpec("N", .integer(-1_000_000...1_000_000), summary: "1…20")],
                        summary: "maxResultCount: 1…20 (default 20)",
                        effect: .acts,
                        manual: #"""
                            .It Ic nearby max Ar N
                            The request's
                            .Va maxResultCount :
                            1 to 20, 20 by default; outside that the request fails with
                            .Dv invalidRequest
                            (\-12).
                            """#,
                        examples: ["nearby max 5"],
                        handler: { ctx throws(Diagnostic) in
                            ctx.session.places.nearby.maxResultCount = try ctx.required("N", as: .integer)
                            return nearbyResult(ctx.shell)
                        }),
                    CommandSpec(
                        "types",
                        arguments: [
                            ArgSpec(
                                "TYPE", placeTypesType, optional: true, summary: "+TYPE includes, -TYPE excludes, clear"
                            )
                        ],
                        summary: "includedTypes (+TYPE) and excludedTypes (-TYPE); clear empties both",
                        effect: .acts,
                        manual: #"""
                            .It Ic nearby types Op Ar TYPE ...
                            The request's
                            .Va includedTypes
                            .Pq Cm + Ns Ar TYPE
                            and
                            .Va excludedTypes
                            .Pq Cm - Ns Ar TYPE ;
                            .Cm clear
                            empties both.
                            Each
                            .Cm + Ns Ar TYPE
                            or
                            .Cm - Ns Ar TYPE
                            adds to its list:
                            .Ql +cafe
                            adds cafe to
                            .Va includedTypes ,
                            .Ql -parking
                            adds parking to
                            .Va excludedTypes .
                            A place passes when it has one of the included types (any, when none is
                            given) and none of the excluded ones.
                            More than 50 in a list, or a type in both, fails the request with
                            .Dv invalidRequest
                            (\-12).
                            """#,
                        examples: ["nearby types +cafe -bar", "nearby types clear"],
                        handler: { ctx throws(Diagnostic) in
                            for word in try ctx.optional("TYPE", as: .words) ?? [] {
                                if word == "clear" {
                                    ctx.session.places.nearby.includedTypes = []
                                    ctx.session.places.nearby.excludedTypes = []
                                } else if word.hasPrefix("-") {
                                    let type = String(word.dropFirst())
                                    if !ctx.session.places.nearby.excludedTypes.contains(type) {
                                        ctx.session.places.nearby.excludedTypes.append(type)
                                    }
                                } else {
                                    let type = word.hasPrefix("+") ? String(word.dropFirst()) : word
                                    if !ctx.session.places.nearby.includedTypes.contains(type) {
                                        ctx.session.places.nearby.includedTypes.append(type)
                                    }
                                }
                            }
                            return nearbyResult(ctx.shell)
                        }),
                    CommandSpec(
                        "fields",
                        arguments: [
                            ArgSpec(
                                "PROPERTY", nearbyPropertiesType, optional: true,
                                summary: "properties, +property, -property, all, reset")
                        ],
                        summary: "the place properties (GMSPlaceProperty) the request asks for",
                        effect: .acts,
                        manual: #"""
                            .It Ic nearby fields Op Ar PROPERTY ...
                            The place properties
                            .Pq Vt GMSPlaceProperty
                            the request asks for, changed as
                            .Ic fields
                            changes the legacy mask:
                            .Ql nearby fields P1,P2
                            sets the list,
                            .Cm + Ns Ar P
                            adds,
                            .Cm - Ns Ar P
                            removes,
                            .Cm reset
                            goes back to the app's
                            .Bq GMSPlaceProperty.name, .coordinate ,
                            .Cm all
                            asks for every property.
                            The properties:
                            .Cm name , placeID , coordinate , formattedAddress , types , businessStatus ,
                            .Cm photos , addressComponents , plusCode , viewport
                            (Pro),
                            .Cm rating , userRatingsTotal , priceLevel , currentOpeningHours ,
                            .Cm phoneNumber , website
                            (Enterprise),
                            .Cm curbsidePickup , delivery , dineIn , allowsDogs
                            (Enterprise + Atmosphere).
                            The request bills one SKU, the highest its properties need.
                            The SKUs are Nearby Search Pro, Nearby Search Enterprise and Nearby Search
                            Enterprise + Atmosphere.
                            An empty list fails the request with
                            .Dv invalidRequest
                            (\-12).
                            An unknown property is an error when the script is read.
                            """#,
                        examples: ["nearby fields +formattedAddress", "nearby fields reset"],
                        handler: { ctx throws(Diagnostic) in
                            let words = try ctx.optional("PROPERTY", as: .words) ?? []
                            if !words.isEmpty {
                                var properties = ctx.session.places.nearby.properties
                                if !words.allSatisfy({ $0.hasPrefix("+") || $0.hasPrefix("-") }) { properties = [] }
                                for word in words {
                                    switch word {
                                    case "reset": properties = NearbyProperties.tutorial
                                    case "all": properties = NearbyProperties.allNames
                                    default:
                                        if word.hasPrefix("-") {
                                            properties.removeAll { $0 == String(word.dropFirst()) }
                                        } else {
                                            properties.append(word.hasPrefix("+") ? String(word.dropFirst()) : word)
                                        }
                                    }
                                }
                                ctx.session.places.nearby.properties = NearbyProperties.normalized(properties)
                            }
                            return nearbyResult(ctx.shell)
                        }),
                ],
                handler: { ctx throws(Diagnostic) in nearbyResult(ctx.shell) }),
            CommandSpec(
                "project",
                summary: "which Places APIs the key's Cloud project has enabled: legacy, new-api",
                effect: .looks,
                api: APIEntry(what: "APIs & Services in the Cloud console of the key's project"),
                manual: #"""
                    .It Ic project
                    Show which Places APIs the key's Cloud project has enabled.
                    A session starts with an existing project that has both Places API (Legacy)
                    and Places API (New), so the legacy flavours work as before.
                    .Ql project legacy off
                    is a new project, for which Places API (Legacy) cannot be enabled: the
                    .Cm swift
                    and
                    .Cm objc
                    flavours' requests then fail with
                    .Dv accessNotConfigured
                    (\-9), and a note points to the migration.
                    The nearby flavour needs Places API (New).
                    The setting lasts across
                    .Ic launch
                    and
                    .Ic reset ,
                    like
                    .Ic apikey .
                    """#,
                examples: ["project", "project legacy off"],
                subcommands: [
                    CommandSpec(
                        "legacy", arguments: [ArgSpec("STATE", .choice(["on", "off"]), summary: "on or off")],
                        summary: "Places API (Legacy) on or off (off: a new project)",
                        effect: .acts,
                        manual: #"""
                            .It Ic project legacy Cm on|off
                            Places API (Legacy) enabled or not.
                            Off, as for a project made since March 2025, the
                            .Cm swift
                            and
                            .Cm objc
                            flavours' Current Place requests fail with
                            .Dv accessNotConfigured
                            (\-9) after the network and API key checks, and a note points to the
                            migration
                            .Pq Ic launch Fl Fl flavor Cm nearby .
                            """#,
                        examples: ["project legacy off"],
                        handler: { ctx throws(Diagnostic) in
                            ctx.session.places.project.legacy = try ctx.required("STATE", as: .word) == "on"
                            return projectResult(ctx.shell)
                        }),
                    CommandSpec(
                        "new-api", arguments: [ArgSpec("STATE", .choice(["on", "off"]), summary: "on or off")],
                        summary: "Places API (New) on or off",
                        effect: .acts,
                        manual: #"""
                            .It Ic project new-api Cm on|off
                            Places API (New) enabled or not; off, the nearby flavour's requests fail
                            with
                            .Dv accessNotConfigured
                            (\-9).
                            """#,
                        examples: ["project new-api off"],
                        handler: { ctx throws(Diagnostic) in
                            ctx.session.places.project.newAPI = try ctx.required("STATE", as: .word) == "on"
                            return projectResult(ctx.shell)
                        }),
                ],
                handler: { ctx throws(Diagnostic) in projectResult(ctx.shell) }),
            CommandSpec(
                "compare",
                summary: "the legacy likelihoods and Nearby Search (New) at the device's position, side by side",
                effect: .looks,
                api: APIEntry(
                    what:
                        "what findPlaceLikelihoodsFromCurrentLocation and searchNearby(with:completion:) would answer here"
                ),
                manual: #"""
                    .It Ic compare
                    Both requests at the device's position, side by side: the legacy
                    .Fn findPlaceLikelihoodsFromCurrentLocation
                    list, with its likelihoods
                    .Pq Sx LIKELIHOOD MODEL ,
                    and Nearby Search (New) under the current
                    .Ic nearby
                    knobs (radius, rank, max, types;
                    .Sx POPULARITY MODEL ) .
                    Each row gives the rank, the name, the likelihood (legacy only) and the
                    distance from the position; the last column is the nearby place's rank in
                    the legacy list.
                    The line below counts the places of the legacy top 5 that the new top 5
                    keeps.
                    Under reduced accuracy the position is coarsened as the app's fix would be.
                    A side-by-side look: nothing is sent, so no request is counted or billed, no
                    fault, permission or project setting applies, and the app's list and
                    .Ic stats
                    stay as they are.
                    Knobs the SDK refuses leave the nearby side empty, with the reason.
                    Works in any flavour, with or without a running app; fails when the device
                    has no position
                    .Pq Ic locate .
                    With
                    .Fl Fl json
                    the result holds
                    .Li legacy
                    and
                    .Li nearby ,
                    lists of records
                    .Pq Li rank , name , placeID , likelihood , distance ,
                    .Li nearby
                    records also
                    .Li legacyRank ;
                    .Li kept
                    (the count) and
                    .Li problems .
                    """#,
                examples: ["compare"],
                handler: compareCommand),
        ],
        stateRoots: [
            StateRoot(
                "nearby", summary: "the nearby app's request",
                manual: #"""
                    .It Li nearby.radius , nearby.rank , nearby.max , nearby.includedTypes , nearby.excludedTypes , nearby.fields
                    The request the nearby flavour builds: the circle's radius (a length),
                    .Qq popularity
                    or
                    .Qq distance ,
                    .Va maxResultCount ,
                    the type filters and the place properties, as lists of words.
                    """#,
                shape: .record([
                    "radius": .number(.length), "rank": .words(NearbyRank.self), "max": .plain,
                    "includedTypes": .list(.text), "excludedTypes": .list(.text), "fields": .list(.text),
                ])
            ) { shell in
                .leaf(nearbyValue(shell))
            },
            StateRoot(
                "project", summary: "the Places APIs the key's Cloud project has enabled",
                manual: #"""
                    .It Li project.legacy , project.newAPI
                    Whether Places API (Legacy) and Places API (New) are enabled in the key's
                    Cloud project.
                    """#,
                shape: .record(["legacy": .bool, "newAPI": .bool])
            ) { shell in
                .fields([
                    ("legacy", .bool(shell.session.places.project.legacy)),
                    ("newAPI", .bool(shell.session.places.project.newAPI)),
                ])
            },
        ],
        topics: [
            HelpTopic(
                "popularity", summary: "how Nearby Search ranks places by popularity",
                manualSection: "POPULARITY MODEL", text: popularityHelp),
            HelpTopic(
                "flavor nearby", summary: "the nearby flavour's code: the tutorial migrated to Nearby Search (New)",
                text: nearbyFlavorSource),
        ])
}

/// A place type word (`cafe`, `+cafe`, `-bar`) or `clear`: letters, digits and underscores.
let placeTypesType = ArgType(
    usage: "TYPE…", isGreedy: true,
    completions: { _ in ["clear"] + LikelihoodModel.typePriors.flatMap { ["+" + $0.type, "-" + $0.type] } }
) { (c: inout TokenCursor) throws(Diagnostic) in
    var words: [String] = []
    while let t = c.next() {
        let word = t.text
        let name = word.hasPrefix("+") || word.hasPrefix("-") ? String(word.dropFirst()) : word
        let valid =
            !name.isEmpty
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        guard word == "clear" || valid else {
            throw .syntax(
                "'\(word)' is not a place type", at: c.location(of: t),
                help: "+TYPE or -TYPE, a type in lower case with underscores (+cafe, -parking), or clear")
        }
        words.append(word)
    }
    return .words(words)
}

/// `name,coordinate`, `+formattedAddress`, `-rating`, `all`, `reset`, as for `fields`.
let nearbyPropertiesType = ArgType(
    usage: "PROPERTY…", isGreedy: true,
    completions: { _ in NearbyProperties.allNames + NearbyProperties.allNames.map { "+" + $0 } + ["all", "reset"] }
) { (c: inout TokenCursor) throws(Diagnostic) in
    var words: [String] = []
    while let t = c.next() {
        for part in t.text.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(part)
            let name = word.hasPrefix("+") || word.hasPrefix("-") ? String(word.dropFirst()) : word
            if !["all", "reset"].contains(word) && !NearbyProperties.allNames.contains(name) {
                throw .syntax(
                    "unknown place property '\(name)'", at: c.location(of: t),
                    help: suggestion(for: name, among: NearbyProperties.allNames)
                        ?? "properties: " + NearbyProperties.allNames.joined(separator: ", "))
            }
            words.append(word)
        }
    }
    return .words(words)
}

func nearbyValue(_ shell: Shell) -> Value {
    let n = shell.session.places.nearby
    return .record([
        Value.Field("radius", .number(n.radius, .length)), Value.Field("rank", .string(n.rank.rawValue)),
        Value.Field("max", .int(n.maxResultCount)),
        Value.Field("includedTypes", .list(n.includedTypes.map { .string($0) })),
        Value.Field("excludedTypes", .list(n.excludedTypes.map { .string($0) })),
        Value.Field("fields", .list(n.properties.map { .string($0) })),
    ])
}

private func nearbyResult(_ shell: Shell) -> CommandResult {
    let n = shell.session.places.nearby
    var rows = [
        ["radius", formatQuantity(n.radius, .length) + " around the app's last location"],
        ["rank", "." + n.rank.rawValue], ["max", String(n.maxResultCount)],
        ["includedTypes", n.includedTypes.isEmpty ? "(any)" : n.includedTypes.joined(separator: ", ")],
        ["excludedTypes", n.excludedTypes.isEmpty ? "(none)" : n.excludedTypes.joined(separator: ", ")],
        ["fields", NearbyProperties.swiftSyntax(n.properties)],
        ["bills", NearbyProperties.sku(n.properties).name],
    ]
    if !shell.session.places.project.newAPI {
        rows.append(["project", "Places API (New) is off: requests fail with accessNotConfigured (-9)"])
    }
    var text = TextTable(headers: ["", ""], rows: rows).render()
    for problem in n.problems {
        text.append("warning: \(problem): the SDK refuses the request with invalidRequest (-12)")
    }
    return CommandResult(value: nearbyValue(shell), text: text)
}

private func projectResult(_ shell: Shell) -> CommandResult {
    let p = shell.session.places.project
    var lines = [projectText(p)]
    if !p.legacy {
        lines.append(
            "note: the swift and objc flavours' Current Place requests fail with accessNotConfigured (-9); 'launch --flavor nearby' is the migrated app"
        )
    }
    if !p.newAPI { lines.append("note: the nearby flavour's requests fail with accessNotConfigured (-9)") }
    return CommandResult(
        value: .record([Value.Field("legacy", .bool(p.legacy)), Value.Field("newAPI", .bool(p.newAPI))]), text: lines)
}

/// `Places API (Legacy) on, Places API (New) on`.
func projectText(_ p: CloudProject) -> String {
    "Places API (Legacy) \(p.legacy ? "on" : "off"), Places API (New) \(p.newAPI ? "on" : "off")"
}

let popularityHelp: String = """
    Nearby Search (New) ranks the places whose point lies in the request's circle. With
    rankPreference .popularity (the SDK's default) the most popular come first:

      popularity = prior(type) × quality × reach
      quality    = rating / 5, or 0.5 for a place with no rating
      reach      = 1 + log2(1 + radius / 25 m)      (radius: the place's size; big places draw more)

    then by distance from the centre, then by place ID. prior(type) is the likelihood model's
    ('help likelihood'). The real service's model is not published; it has rating counts and
    visits, which the datasets here do not. With .distance the nearest come first, then by ID.
    Type filters apply before ranking; at most maxResultCount (1…20) places are returned. There
    is no likelihood: likely[N].likelihood is nil and likely[N].distance is the place's distance
    from the centre.
    """

let nearbyFlavorSource: String = """
    The nearby flavour ('launch --flavor nearby') is the tutorial's Swift app, migrated to
    Nearby Search (New) as placeshell imagines it: the screens, the permission and the location
    code are the same; these are the methods that change (GooglePlaces SDK 9 or later).

      var currentLocation: CLLocation?

      func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let location: CLLocation = locations.last!
        print("Location: \\(location)")
        currentLocation = location
        // … the camera, as before …
        listLikelyPlaces()
      }

      func listLikelyPlaces() {
        likelyPlaces.removeAll()
        guard let location = currentLocation else {
          print("Nearby search skipped: no location yet.")
          return
        }
        let circle = GMSPlaceCircularLocationOption(location.coordinate, 500)
        let properties = [GMSPlaceProperty.name, .coordinate].map(\\.rawValue)
        let request = GMSPlaceSearchNearbyRequest(locationRestriction: circle, placeProperties: properties)
        request.maxResultCount = 20
        request.rankPreference = .popularity
        placesClient.searchNearby(with: request) { response, error in
          if let error = error {
            print("Nearby Search error: \\(error.localizedDescription)")
            return
          }
          // No likelihoods: the order the places came in is the ranking.
          self.likelyPlaces.append(contentsOf: response?.places ?? [])
        }
      }

    likelyPlaces is [GMSPlace]; the picker and the marker read place.name, place.coordinate
    and place.formattedAddress as before. The numbers above are 'nearby''s defaults:
    'nearby radius', 'nearby rank', 'nearby max', 'nearby types' and 'nearby fields' change
    them. The project must have Places API (New) enabled ('project').
    """

/// How many places `compare` holds the two top lists to.
let compareTop = 5

/// `compare`: the legacy likelihoods and Nearby Search (New) at the device's position.
private func compareCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    guard let c = ctx.session.compareRequests() else {
        throw .runtime(
            "the device has no position: there is nowhere to compare the two requests", at: ctx.location,
            help: "give it one first, e.g. 'locate sydney' or 'locate -33.8688 151.2093'")
    }
    func metres(_ d: Double) -> String { formatFixed(d, decimals: 0) + " m" }
    let n = c.settings
    var lines = [
        "At \(formatFixed(c.point.latitude, decimals: 6)), \(formatFixed(c.point.longitude, decimals: 6)) ±\(formatNumber(c.accuracy)) m"
            + (c.reduced ? " (reduced accuracy)" : "") + ": legacy likelihoods beside Nearby Search (New), "
            + "\(formatQuantity(n.radius, .length)) circle, .\(n.rank.rawValue), max \(n.maxResultCount)"
            + (n.includedTypes.isEmpty ? "" : ", +" + n.includedTypes.joined(separator: " +"))
            + (n.excludedTypes.isEmpty ? "" : ", -" + n.excludedTypes.joined(separator: " -")) + "."
    ]
    var rows: [[String]] = []
    for i in 0..<max(c.legacy.count, c.nearby.count) {
        var row = [String(i + 1)]
        if i < c.legacy.count {
            let l = c.legacy[i]
            row += [l.place.name, formatFixed(l.likelihood * 100, decimals: 1) + " %", metres(l.distance)]
        } else {
            row += ["", "", ""]
        }
        row.append("│")
        if i < c.nearby.count {
            let f = c.nearby[i]
            row += [f.place.name, metres(f.distance), c.legacyRank(of: f.place.id).map(String.init) ?? "—"]
        } else {
            row += ["", "", ""]
        }
        rows.append(row)
    }
    if rows.isEmpty {
        lines.append("Neither request finds a place here.")
    } else {
        lines += TextTable(
            headers: [
                "#", "CURRENT PLACE (LEGACY)", "LIKELIHOOD", "DIST", "│", "NEARBY SEARCH (NEW)", "DIST", "LEGACY #",
            ],
            alignments: [.right, .left, .right, .right, .left, .left, .right, .right], rows: rows
        ).render(style: ctx.shell.outputStyle)
    }
    for problem in c.problems {
        lines.append(
            "warning: \(problem): the SDK refuses the nearby request with invalidRequest (-12); 'nearby' shows it")
    }
    if c.problems.isEmpty && c.nearby.isEmpty && !c.legacy.isEmpty {
        lines.append("Nearby Search (New) finds no place in the circle with these knobs.")
    }
    if c.legacy.isEmpty && !c.nearby.isEmpty { lines.append("The legacy request finds no place within reach.") }
    let kept = c.kept(top: compareTop)
    let legacyTop = min(compareTop, c.legacy.count)
    let nearbyTop = min(compareTop, c.nearby.count)
    if legacyTop > 0 && nearbyTop > 0 {
        lines.append(
            oneLine(
                "The new top \(nearbyTop) keeps \(kept.count) of the legacy top \(legacyTop)"
                    + (kept.isEmpty ? "." : ": " + kept.map(\.name).joined(separator: ", ") + ".")))
    }
    lines.append("A side-by-side look: nothing was sent, counted or billed, and the app's list is as it was.")
    func record(_ rank: Int, _ place: Place, likelihood: Double?, distance: Double, legacyRank: Int??) -> Value {
        var fields = [
            Value.Field("rank", .int(rank)), Value.Field("name", .string(place.name)),
            Value.Field("placeID", .string(place.id)),
            Value.Field("likelihood", likelihood.map { .number($0) } ?? .null),
            Value.Field("distance", .number(distance, .length)),
        ]
        if let legacyRank { fields.append(Value.Field("legacyRank", legacyRank.map { .int($0) } ?? .null)) }
        return .record(fields)
    }
    let value = Value.record([
        Value.Field("latitude", .number(c.point.latitude)),
        Value.Field("longitude", .number(c.point.longitude)),
        Value.Field("accuracy", .number(c.accuracy, .length)),
        Value.Field("nearbySettings", nearbyValue(ctx.shell)),
        Value.Field(
            "legacy",
            .list(
                c.legacy.enumerated().map {
                    record(
                        $0.offset + 1, $0.element.place, likelihood: $0.element.likelihood,
                        distance: $0.element.distance,
                        legacyRank: nil)
                })),
        Value.Field(
            "nearby",
            .list(
                c.nearby.enumerated().map {
                    record(
                        $0.offset + 1, $0.element.place, likelihood: nil, distance: $0.element.distance,
                        legacyRank: .some(c.legacyRank(of: $0.element.place.id)))
                })),
        Value.Field("top", .int(compareTop)), Value.Field("kept", .int(kept.count)),
        Value.Field("problems", .list(c.problems.map { .string($0) })),
    ])
    return CommandResult(value: value, text: lines)
}
