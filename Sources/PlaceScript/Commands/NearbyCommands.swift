import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// Nearby Search (New): the request the migrated app builds, and the Places APIs the key's
    /// Cloud project has enabled.
    public static let nearby = CommandFamily(
        name: "Nearby",
        summary: "the migrated app's Nearby Search (New) request, the APIs the Cloud project enables, the SDK",
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
                        effect: .acts, readAt: .nextRequest,
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
                        effect: .acts, readAt: .nextRequest,
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
                        effect: .acts, readAt: .nextRequest,
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
                        "call",
                        arguments: [
                            ArgSpec(
                                "SPELLING", .choice(NearbyCallSpelling.allCases.map(\.rawValue)),
                                summary: "sdk, callback or completion")
                        ],
                        summary: "how the code calls searchNearby: as the SDK has it (sdk), callback: or completion:",
                        effect: .acts,
                        manual: #"""
                            .It Ic nearby call Cm sdk|callback|completion
                            How the nearby app's code calls Nearby Search (New).
                            .Cm sdk ,
                            the default, writes it as the project's GooglePlaces has it
                            .Pq Ic sdk :
                            .Fn searchNearby with:completion: ,
                            whose closure gets a
                            .Vt GMSPlaceSearchNearbyResponse ,
                            where the SDK declares it, else
                            .Fn searchNearby with:callback: ,
                            whose closure gets
                            .Vt [GMSPlace]? .
                            .Cm callback
                            and
                            .Cm completion
                            spell it one way whatever the SDK: code written for a newer SDK than
                            the project pins does not build
                            .Po
                            .Ql incorrect argument label in call
                            .Pc ,
                            and
                            .Cm callback
                            against an SDK that deprecates it builds with a warning.
                            The code is built at the next
                            .Ic launch .
                            """#,
                        examples: ["nearby call completion", "nearby call sdk"],
                        handler: { ctx throws(Diagnostic) in
                            let word = try ctx.required("SPELLING", as: .word)
                            ctx.session.places.nearby.call = NearbyCallSpelling(rawValue: word) ?? .sdk
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
                        effect: .acts, readAt: .nextRequest,
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
                            Only the types of Table A of Places API (New)'s place types can filter
                            .Pq Ql help choices ;
                            another word, or a Table B type such as
                            .Cm food ,
                            makes the service refuse the request with
                            .Ql INVALID_ARGUMENT: Unsupported types: food. ,
                            as does more than 50 in a list or a type in both: the app gets
                            .Dv invalidRequest
                            (\-12).
                            """#,
                        examples: ["nearby types +cafe -bar", "nearby types clear"],
                        handler: { ctx throws(Diagnostic) in
                            // One access to the settings: the two lists are members of it.
                            var n = ctx.session.places.nearby
                            applyTypeWords(
                                try ctx.optional("TYPE", as: .words) ?? [], &n.includedTypes, &n.excludedTypes)
                            ctx.session.places.nearby = n
                            return nearbyResult(ctx.shell)
                        }),
                    CommandSpec(
                        "primary",
                        arguments: [
                            ArgSpec(
                                "TYPE", placeTypesType, optional: true, summary: "+TYPE includes, -TYPE excludes, clear"
                            )
                        ],
                        summary: "includedPrimaryTypes (+TYPE) and excludedPrimaryTypes (-TYPE); clear empties both",
                        effect: .acts, readAt: .nextRequest,
                        manual: #"""
                            .It Ic nearby primary Op Ar TYPE ...
                            The request's
                            .Va includedPrimaryTypes
                            .Pq Cm + Ns Ar TYPE
                            and
                            .Va excludedPrimaryTypes
                            .Pq Cm - Ns Ar TYPE ,
                            as
                            .Ic nearby types
                            sets the others: they filter on a place's primary type, the first of its
                            types in the dataset
                            .Pq a choice: a place has at most one .
                            The same Table A check and limits apply.
                            """#,
                        examples: ["nearby primary +restaurant", "nearby primary clear"],
                        handler: { ctx throws(Diagnostic) in
                            var n = ctx.session.places.nearby
                            applyTypeWords(
                                try ctx.optional("TYPE", as: .words) ?? [], &n.includedPrimaryTypes,
                                &n.excludedPrimaryTypes)
                            ctx.session.places.nearby = n
                            return nearbyResult(ctx.shell)
                        }),
                    CommandSpec(
                        "region",
                        arguments: [ArgSpec("CODE", .word, summary: "a CLDR region code (au), or none")],
                        summary: "regionCode: the region the answer is formatted for (none: not set)",
                        effect: .acts, readAt: .nextRequest,
                        manual: #"""
                            .It Ic nearby region Ar CODE
                            The request's
                            .Va regionCode ,
                            a CLDR region code such as
                            .Cm au ,
                            or
                            .Cm none
                            to leave it out, as the tutorial does.
                            The service formats addresses for it; the simulated places keep the
                            addresses their dataset holds, so only the request and its trace show it.
                            A code that is not two letters fails the request with
                            .Dv invalidRequest
                            (\-12).
                            """#,
                        examples: ["nearby region au", "nearby region none"],
                        handler: { ctx throws(Diagnostic) in
                            let code = try ctx.required("CODE", as: .word)
                            ctx.session.places.nearby.regionCode = code == "none" ? nil : code
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
                        effect: .acts, readAt: .nextRequest,
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
                summary: "which APIs the key's Cloud project has enabled: legacy, new-api, maps",
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
                        effect: .acts, readAt: .nextRequest,
                        manual: #"""
                            .It Ic project legacy Cm on|off
                            Places API (Legacy) enabled or not.
                            Off, as for a project made since October 2026 (Places API
                            (Legacy) has been legacy since March 1, 2025, and new projects can no
                            longer enable it), the
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
                            return notReadBy(projectResult(ctx.shell), ctx.shell, unless: { $0.usesLegacyAPI })
                        }),
                    CommandSpec(
                        "new-api", arguments: [ArgSpec("STATE", .choice(["on", "off"]), summary: "on or off")],
                        summary: "Places API (New) on or off",
                        effect: .acts, readAt: .nextRequest,
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
                            return notReadBy(projectResult(ctx.shell), ctx.shell, unless: { !$0.usesLegacyAPI })
                        }),
                    CommandSpec(
                        "maps", arguments: [ArgSpec("STATE", .choice(["on", "off"]), summary: "on or off")],
                        summary: "the Maps SDK for iOS on or off for the key (off: a blank map while Places works)",
                        effect: .acts,
                        manual: #"""
                            .It Ic project maps Cm on|off
                            The Maps SDK for iOS enabled in the key's Cloud project and allowed on the
                            key, as the tutorial has it, or not: a project that never enabled it, or a
                            key restricted to the Places APIs.
                            Off, the map loads no tiles the next time it needs them: it is blank under
                            its markers and my-location dot, the Maps SDK logs its key failure once a
                            launch, and Places answers as before with the same key.
                            On again, the tiles come at the next camera move.
                            """#,
                        examples: ["project maps off"],
                        handler: { ctx throws(Diagnostic) in
                            ctx.session.places.project.maps = try ctx.required("STATE", as: .word) == "on"
                            return projectResult(ctx.shell)
                        }),
                ],
                handler: { ctx throws(Diagnostic) in projectResult(ctx.shell) }),
            CommandSpec(
                "sdk",
                summary: "the GooglePlaces SDK the app builds against, and the calls it declares",
                effect: .looks,
                api: APIEntry(what: "the GooglePlaces version the project's Podfile or Swift package resolves"),
                manual: #"""
                    .It Ic sdk
                    Show the GooglePlaces SDK the project builds the app against, and how its
                    .Pa GMSPlacesClient.h
                    declares the calls the flavours make: Current Place's
                    .Fn findPlaceLikelihoodsFromCurrentLocation withPlaceFields:callback: ,
                    and Nearby Search (New)'s
                    .Fn searchNearby with:callback:
                    and
                    .Fn searchNearby with:completion: ,
                    each absent, declared or deprecated.
                    A session starts with \#(PlacesSDK.pinned), what the tutorial's Podfile pins; its Swift
                    Package Manager steps take the latest release instead
                    .Pq Ic sdk places Cm latest .
                    The version decides what
                    .Ic launch
                    builds and what its build warns about
                    .Pq from \#(sdkFirstDeprecated(.findPlaceLikelihoods)) the Current Place call is deprecated ,
                    how the nearby app's code calls
                    .Fn searchNearby
                    .Pq Ic nearby call ,
                    and so what
                    .Ic trace ,
                    .Ql explain migrate ,
                    .Ic compare
                    and the tutorial's migration chapter show.
                    What each version declares is read from the headers of published projects
                    that vendor the pod
                    .Pq Ic sdk headers ;
                    a version between two of them that differ is taken as the older one, and
                    .Ic sdk
                    says so
                    .Pq Sx SIMULATION CHOICES .
                    The setting is part of the project: it lasts across
                    .Ic launch
                    and
                    .Ic reset
                    and is saved with the session.
                    """#,
                examples: ["sdk", "sdk places latest", "sdk places 10.14.0", "sdk headers"],
                subcommands: [
                    CommandSpec(
                        "places",
                        arguments: [
                            ArgSpec(
                                "VERSION", .word, summary: "MAJOR[.MINOR[.PATCH]], pinned (9.0.0) or latest")
                        ],
                        summary: "build against GooglePlaces VERSION (pinned: 9.0.0, latest: the newest release)",
                        effect: .acts,
                        manual: #"""
                            .It Ic sdk places Ar VERSION
                            Build the app against GooglePlaces
                            .Ar VERSION
                            .Pq for example 10.14.0 or 10.6 ,
                            or
                            .Cm pinned
                            or
                            .Cm latest ;
                            .Cm pinned
                            is the tutorial's Podfile's 9.0.0,
                            .Cm latest
                            the newest release the release notes name.
                            Versions before 3.0.0, which lack the tutorial's
                            .Vt GMSPlaceField
                            call, are refused.
                            The app is built with it at the next
                            .Ic launch ;
                            a running app keeps the code it was built with.
                            """#,
                        examples: ["sdk places latest", "sdk places 10.14.0", "sdk places pinned"],
                        handler: { ctx throws(Diagnostic) in
                            let word = try ctx.required("VERSION", as: .word)
                            let version: SDKVersion
                            switch word {
                            case "pinned": version = PlacesSDK.pinned
                            case "latest": version = PlacesSDK.latest
                            default:
                                guard let v = SDKVersion(word) else {
                                    throw .runtime(
                                        "'\(word)' is not a GooglePlaces version", at: try ctx.location(of: "VERSION"),
                                        help:
                                            "MAJOR.MINOR.PATCH, e.g. 10.14.0; or pinned (\(PlacesSDK.pinned)) or latest (\(PlacesSDK.latest))"
                                    )
                                }
                                version = v
                            }
                            guard version >= PlacesSDK.oldest else {
                                throw .runtime(
                                    "GooglePlaces \(version) is older than the tutorial's code: GMSPlaceField and findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:) came with \(PlacesSDK.oldest)",
                                    at: try ctx.location(of: "VERSION"), help: "\(PlacesSDK.oldest) or later")
                            }
                            ctx.session.places.sdk = version
                            var result = sdkResult(ctx.shell)
                            if ctx.session.app != nil {
                                result.text.append(
                                    "note: the running app keeps the code it was built with; the next 'launch' builds against \(version)"
                                )
                            }
                            return result
                        }),
                    CommandSpec(
                        "headers",
                        summary: "the GMSPlacesClient.h headers placeshell read, version by version",
                        effect: .looks,
                        manual: #"""
                            .It Ic sdk headers
                            List the
                            .Pa GMSPlacesClient.h
                            headers of known version that placeshell's reading of the SDK rests on:
                            each version, how it declares the three calls, and the published
                            project, commit and framework slice it was read from.
                            """#,
                        examples: ["sdk headers"],
                        handler: { ctx throws(Diagnostic) in
                            let rows = PlacesSDK.headers.map { h in
                                [h.version.description] + PlacesSDKCall.allCases.map { h.declaration(of: $0).rawValue }
                                    + [h.source]
                            }
                            let table = TextTable(
                                headers: [
                                    "VERSION", "FINDPLACELIKELIHOODS", "NEARBY CALLBACK:", "NEARBY COMPLETION:",
                                    "READ FROM",
                                ],
                                rows: rows)
                            let values = PlacesSDK.headers.map { h in
                                Value.record(
                                    [Value.Field("version", .string(h.version.description))]
                                        + PlacesSDKCall.allCases.map {
                                            Value.Field($0.rawValue, .string(h.declaration(of: $0).rawValue))
                                        }
                                        + [Value.Field("source", .string(h.source))])
                            }
                            return CommandResult(value: .list(values), text: table.render(style: ctx.shell.outputStyle))
                        }),
                ],
                handler: { ctx throws(Diagnostic) in sdkResult(ctx.shell) }),
            CommandSpec(
                "compare",
                summary: "the legacy likelihoods and Nearby Search (New) at the device's position, side by side",
                effect: .looks,
                api: APIEntry(
                    what:
                        "what findPlaceLikelihoodsFromCurrentLocation and searchNearby would answer here (the call as the project's SDK spells it)"
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
                    .It Li nearby.radius , nearby.rank , nearby.max , nearby.includedTypes , nearby.excludedTypes , nearby.includedPrimaryTypes , nearby.excludedPrimaryTypes , nearby.regionCode , nearby.fields , nearby.call
                    The request the nearby flavour builds: the circle's radius (a length),
                    .Qq popularity
                    or
                    .Qq distance ,
                    .Va maxResultCount ,
                    the type filters and the place properties, as lists of words, the region
                    code
                    .Pq nil when none ;
                    and how its
                    code calls
                    .Fn searchNearby :
                    .Qq sdk ,
                    .Qq callback
                    or
                    .Qq completion .
                    """#,
                shape: .record([
                    "radius": .number(.length), "rank": .words(NearbyRank.self), "max": .plain,
                    "includedTypes": .list(.text), "excludedTypes": .list(.text),
                    "includedPrimaryTypes": .list(.text), "excludedPrimaryTypes": .list(.text),
                    "regionCode": .optional(.text), "fields": .list(.text),
                    "call": .words(NearbyCallSpelling.self),
                ])
            ) { shell in
                .leaf(nearbyValue(shell))
            },
            StateRoot(
                "sdk", summary: "the GooglePlaces SDK the app builds against",
                manual: #"""
                    .It Li sdk.places , sdk.findPlaceLikelihoods , sdk.searchNearbyCallback , sdk.searchNearbyCompletion
                    The GooglePlaces version the project builds against
                    .Pq Qq 9.0.0 ,
                    and how it declares each call:
                    .Qq absent ,
                    .Qq declared
                    or
                    .Qq deprecated .
                    """#,
                shape: .record([
                    "places": .text, "findPlaceLikelihoods": .words(SDKDeclaration.self),
                    "searchNearbyCallback": .words(SDKDeclaration.self),
                    "searchNearbyCompletion": .words(SDKDeclaration.self),
                ])
            ) { shell in
                .leaf(sdkValue(shell))
            },
            StateRoot(
                "project", summary: "the Places APIs and the Maps SDK the key's Cloud project has enabled",
                manual: #"""
                    .It Li project.legacy , project.newAPI , project.maps
                    Whether Places API (Legacy), Places API (New) and the Maps SDK for iOS are
                    enabled in the key's Cloud project (and, for the Maps SDK, allowed on the
                    key).
                    """#,
                shape: .record(["legacy": .bool, "newAPI": .bool, "maps": .bool])
            ) { shell in
                .fields([
                    ("legacy", .bool(shell.session.places.project.legacy)),
                    ("newAPI", .bool(shell.session.places.project.newAPI)),
                    ("maps", .bool(shell.session.places.project.maps)),
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
    completions: { _ in ["clear"] + PlaceTypeTables.tableA.sorted().flatMap { ["+" + $0, "-" + $0] } }
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

/// `+TYPE` (or a bare TYPE) adds to `included`, `-TYPE` to `excluded`, each once; `clear`
/// empties both.
private func applyTypeWords(_ words: [String], _ included: inout [String], _ excluded: inout [String]) {
    for word in words {
        if word == "clear" {
            included = []
            excluded = []
        } else if word.hasPrefix("-") {
            let type = String(word.dropFirst())
            if !excluded.contains(type) { excluded.append(type) }
        } else {
            let type = word.hasPrefix("+") ? String(word.dropFirst()) : word
            if !included.contains(type) { included.append(type) }
        }
    }
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
        Value.Field("includedPrimaryTypes", .list(n.includedPrimaryTypes.map { .string($0) })),
        Value.Field("excludedPrimaryTypes", .list(n.excludedPrimaryTypes.map { .string($0) })),
        Value.Field("regionCode", n.regionCode.map { .string($0) } ?? .null),
        Value.Field("fields", .list(n.properties.map { .string($0) })),
        Value.Field("call", .string(n.call.rawValue)),
    ])
}

/// `result` with a note when the running app's flavour does not send the request the setting
/// belongs to (`reads`): the Swift app never sends a Nearby Search request, the nearby app never
/// a Current Place one.
private func notReadBy(_ result: CommandResult, _ shell: Shell, unless reads: (AppFlavor) -> Bool) -> CommandResult {
    guard let flavor = shell.session.app?.flavor, !reads(flavor) else { return result }
    var result = result
    result.notReadByTheApp = true
    result.text.append(
        flavor.usesLegacyAPI
            ? "note: the running \(flavor.title) app sends Current Place requests, not Nearby Search: this is the nearby app's ('launch --flavor nearby')"
            : "note: the running \(flavor.title) app sends Nearby Search requests: Places API (Legacy) is the swift and objc flavours'"
    )
    return result
}

private func nearbyResult(_ shell: Shell) -> CommandResult {
    notReadBy(nearbyRequestResult(shell), shell, unless: { !$0.usesLegacyAPI })
}

private func nearbyRequestResult(_ shell: Shell) -> CommandResult {
    let n = shell.session.places.nearby
    var rows = [
        ["radius", formatQuantity(n.radius, .length) + " around the app's last location"],
        ["rank", "." + n.rank.rawValue], ["max", String(n.maxResultCount)],
        ["includedTypes", n.includedTypes.isEmpty ? "(any)" : n.includedTypes.joined(separator: ", ")],
        ["excludedTypes", n.excludedTypes.isEmpty ? "(none)" : n.excludedTypes.joined(separator: ", ")],
    ]
    if !n.includedPrimaryTypes.isEmpty || !n.excludedPrimaryTypes.isEmpty {
        rows += [
            [
                "includedPrimaryTypes",
                n.includedPrimaryTypes.isEmpty ? "(any)" : n.includedPrimaryTypes.joined(separator: ", "),
            ],
            [
                "excludedPrimaryTypes",
                n.excludedPrimaryTypes.isEmpty ? "(none)" : n.excludedPrimaryTypes.joined(separator: ", "),
            ],
        ]
    }
    if let region = n.regionCode { rows.append(["regionCode", "\"\(region)\""]) }
    rows += [
        ["fields", NearbyProperties.swiftSyntax(n.properties)],
        ["bills", NearbyProperties.sku(n.properties).name],
        [
            "call",
            n.call.call(in: shell.session.places.sdk).swiftName
                + (n.call == .sdk ? " (as GooglePlaces \(shell.session.places.sdk) has it)" : ""),
        ],
    ]
    if !shell.session.places.project.newAPI {
        rows.append(["project", "Places API (New) is off: requests fail with accessNotConfigured (-9)"])
    }
    var text = TextTable(headers: ["", ""], rows: rows).render()
    let call = n.call.call(in: shell.session.places.sdk)
    if !PlacesSDK.has(call, in: shell.session.places.sdk) {
        text.append(
            "warning: GooglePlaces \(shell.session.places.sdk) has no \(call.swiftName): the nearby app will not build at the next launch ('sdk')"
        )
    }
    for problem in n.problems {
        text.append("warning: the request will fail with invalidRequest (-12): \(problem)")
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
    if !p.newAPI {
        lines.append(
            "note: the nearby flavour's requests fail: GooglePlaces 9 reports com.google.HTTPStatus 403 \"Internal Error\""
        )
    }
    if !p.maps {
        lines.append("note: the map loads no tiles: it is blank under its markers, while Places still answers")
    }
    return CommandResult(
        value: .record([
            Value.Field("legacy", .bool(p.legacy)), Value.Field("newAPI", .bool(p.newAPI)),
            Value.Field("maps", .bool(p.maps)),
        ]), text: lines)
}

/// `Places API (Legacy) on, Places API (New) on`.
func projectText(_ p: CloudProject) -> String {
    "Places API (Legacy) \(p.legacy ? "on" : "off"), Places API (New) \(p.newAPI ? "on" : "off")"
        + (p.maps ? "" : ", Maps SDK for iOS off")
}

func sdkValue(_ shell: Shell) -> Value {
    let version = shell.session.places.sdk
    return .record(
        [Value.Field("places", .string(version.description))]
            + PlacesSDKCall.allCases.map {
                Value.Field($0.rawValue, .string(PlacesSDK.declaration(of: $0, in: version).rawValue))
            })
}

/// `GooglePlaces 9.0.0 (the tutorial's Podfile pin)`.
func sdkText(_ version: SDKVersion) -> String {
    "GooglePlaces \(version)"
        + (version == PlacesSDK.pinned
            ? " (the tutorial's Podfile pin)" : version == PlacesSDK.latest ? " (the latest release)" : "")
}

private func sdkResult(_ shell: Shell) -> CommandResult {
    let version = shell.session.places.sdk
    var rows = [["version", sdkText(version)]]
    for call in PlacesSDKCall.allCases {
        var state = PlacesSDK.declaration(of: call, in: version).rawValue
        if state == "absent", let first = PlacesSDK.firstSeen(call) { state += " (first seen in \(first))" }
        rows.append([call.swiftName, state])
    }
    let nearby = shell.session.places.nearby.call
    let nearbyCall = nearby.call(in: version)
    rows.append([
        "nearby app calls",
        PlacesSDK.has(nearbyCall, in: version)
            ? nearbyCall.swiftName + " ('nearby call \(nearby.rawValue)')"
            : "\(nearbyCall.swiftName), which this version lacks: the nearby app does not build",
    ])
    var text = TextTable(headers: ["", ""], rows: rows).render()
    if version > PlacesSDK.latest {
        text.append("note: newer than \(PlacesSDK.latest), the latest release placeshell knows of")
    }
    for call in PlacesSDKCall.allCases {
        if let doubt = PlacesSDK.uncertainty(of: call, in: version) { text.append("unconfirmed: " + doubt) }
    }
    return CommandResult(value: sdkValue(shell), text: text)
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
    code are the same; these are the methods that change. Nearby Search (New) needs
    GooglePlaces 9.0.0 or later, and how it is called depends on the version ('sdk').

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
        placesClient.searchNearby(with: request, completion: { response, error in
          if let error = error {
            print("Nearby Search error: \\(error.localizedDescription)")
            return
          }
          // No likelihoods: the order the places came in is the ranking.
          self.likelyPlaces.append(contentsOf: response?.places ?? [])
        })
      }

    That is the call from GooglePlaces \(sdkFirst(.searchNearbyCompletion)) on, the first among the headers seen ('sdk
    headers') that declares searchNearbyWithRequest:completion: (\(sdkFirstDeprecated(.searchNearbyCallback)) deprecates the
    callback: form). The \(PlacesSDK.pinned) the tutorial's Podfile pins, and every version before \(sdkFirst(.searchNearbyCompletion)),
    has only the callback: form, whose closure gets the places themselves:

        placesClient.searchNearby(with: request, callback: { places, error in
          …
          self.likelyPlaces.append(contentsOf: places ?? [])
        })

    The completion: form does not build there ("incorrect argument label in call"). 'nearby
    call' spells it one way or the other; by default the app follows the project's SDK.

    likelyPlaces is [GMSPlace]; the picker and the marker read place.name, place.coordinate
    and place.formattedAddress as before. The numbers above are 'nearby''s defaults:
    'nearby radius', 'nearby rank', 'nearby max', 'nearby types' and 'nearby fields' change
    them. The project must have Places API (New) enabled ('project').
    """

/// The first version the headers seen give `call` in, for help texts.
func sdkFirst(_ call: PlacesSDKCall) -> String { PlacesSDK.firstSeen(call)?.description ?? "no version seen" }

/// The first version a header seen deprecates `call` in.
func sdkFirstDeprecated(_ call: PlacesSDKCall) -> String {
    PlacesSDK.firstDeprecated(call)?.description ?? "no version seen"
}

/// How many places `compare` holds the two top lists to.
let compareTop = 5

/// `compare`: the legacy likelihoods and Nearby Search (New) at the device's position.
private func compareCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    guard let c = ctx.session.compareRequests() else {
        throw .runtime(
            "the device has no position: there is nowhere to compare the two requests", at: ctx.location,
            help: "give it one first, e.g. 'locate sydney' or 'locate -33.8688 151.2093'")
    }
    func metres(_ d: Double) -> String { formatDistance(d, decimals: 0) }
    let n = c.settings
    var lines = [
        "At \(formatFixed(c.point.latitude, decimals: 6)), \(formatFixed(c.point.longitude, decimals: 6)) ±\(formatNumber(c.accuracy)) m"
            + (c.reduced ? " (reduced accuracy)" : "") + ": legacy likelihoods beside Nearby Search (New) ("
            + ctx.session.places.nearby.call.call(in: ctx.session.places.sdk).swiftName
            + " with GooglePlaces \(ctx.session.places.sdk)), "
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
