import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// Why the session is the way it is, and what each command stands for in the real app.
    public static let explain = CommandFamily(
        name: "Explain",
        summary: "why things are as they are, and what a command stands for in the real app",
        manual: #"""
            Why the session is the way it is, and what each command stands for in the real
            app: the API calls it makes and the callbacks that follow.
            """#,
        commands: [
            CommandSpec(
                "explain", arguments: [ArgSpec("COMMAND", explainTopicType, optional: true, summary: "a command")],
                summary: "explain the current state in plain words, or what a command stands for",
                effect: .looks,
                manual: #"""
                    .It Ic explain Op Ar COMMAND
                    With no argument, explains the current state in plain words, one topic a
                    line: the app, the permission, why the map is hidden or shown, why fixes come
                    or not (the distance filter, the 15-minute rate of approximate location, a
                    location error that stopped updates for good), why the list is empty (a
                    request in flight, the error the last one failed with, nothing nearby), why
                    the picker's copy differs from the app's list, why a marker has no snippet,
                    the faults that are set and what the run loop holds; each with the pitfall it
                    shows, as
                    .Bq P5 .
                    With a command, says what it stands for in the real app: the API calls, and
                    the delegate callbacks that follow.
                    In the Objective-C flavour
                    .Pq the running app's, or the one Ic launch No would start
                    they are the Objective-C app's calls and callbacks, where its code differs.
                    A command of the shell's own stands for nothing.
                    A command whose name is also a topic of the state's account
                    .Po
                    .Ql explain map :
                    the command, or why the map is hidden?
                    .Pc
                    gets both: what the command stands for, then that topic's lines of the
                    account as they stand now.
                    .Ql explain likely
                    scores the app's list again for the position and accuracy its request was
                    answered for and shows, for each place, its distance, spread, prior, weight,
                    its share of the likelihood and why it ranks where it does, by placeshell's
                    own likelihood model (Google does not publish how it ranks).
                    In the nearby flavour
                    .Pq Ic launch Fl Fl flavor Cm nearby
                    there is no likelihood:
                    .Ql explain likely
                    searches the last request's circle again and shows, for each place in the
                    order the answer gave, its distance from the centre, its type prior, quality,
                    reach and popularity
                    .Pq Sx POPULARITY MODEL
                    and whether the device stands in it.
                    With a pitfall's id,
                    .Ql explain P4
                    gives that pitfall in full: what goes wrong, where in the tutorial's code, the
                    example that shows it and the fix, the change the code needs;
                    .Ql help pitfalls
                    lists them all, and an id that names none fails, saying which there are
                    .Po
                    .Ql help P4
                    and
                    .Ql help migrate
                    point here
                    .Pc .
                    .Ql explain migrate
                    says what changes when the app moves from Current Place to Nearby Search
                    (New): why (Places API (Legacy), legacy since March 1, 2025, can no longer
                    be enabled for a new Cloud project as of October 2026), the APIs the project
                    needs, the GooglePlaces version and how it spells the call
                    .Pq Ic sdk ,
                    who gives the location, the required property list, the order that replaces
                    the likelihood, billing, and the callbacks and their deprecations, each with
                    the pitfalls it brings
                    .Pq P14 No to P17 ;
                    and where this session's project and app stand.
                    """#,
                examples: [
                    "explain", "explain likely", "explain launch", "explain select", "explain P4", "explain migrate",
                ],
                handler: { ctx throws(Diagnostic) in
                    let words = try ctx.optional("COMMAND", as: .words) ?? []
                    if words.isEmpty { return explainState(ctx.shell) }
                    if words == ["likely"] { return try explainLikely(ctx) }
                    if words == ["migrate"] { return explainMigrate(ctx.shell) }
                    if words.count == 1, let pitfall = Pitfalls.named(words[0]) { return explainPitfall(pitfall) }
                    if words.count == 1, let first = words[0].first, first == "P" || first == "p",
                        words[0].count > 1, words[0].dropFirst().allSatisfy(\.isASCII),
                        Int(words[0].dropFirst()) != nil  // safe: parsing text gives nil, never traps
                    {
                        let ids = Pitfalls.all.map(\.id)
                        throw .runtime(
                            "no pitfall '\(words[0])': the tutorial's pitfalls are \(ids.first ?? "")–\(ids.last ?? "")",
                            at: try ctx.location(of: "COMMAND"), help: "'help pitfalls' lists them")
                    }
                    return try explainCommand(ctx, words)
                }),
            CommandSpec(
                "trace", arguments: [ArgSpec("STATE", .choice(["on", "off"]), optional: true, summary: "on or off")],
                summary: "print each simulated API call and delegate callback as it happens",
                effect: .looks,
                api: APIEntry(what: "Xcode's debugger with a breakpoint logging every call and callback"),
                manual: #"""
                    .It Ic trace Op Cm on Ns | Ns Cm off
                    With trace on, every call the app makes
                    .Pq marked \(->
                    and every callback it receives
                    .Pq marked \(<-
                    is printed in Swift form as it happens, between the app's console lines:
                    .Fn locationManager _:didUpdateLocations: ,
                    .Fn findPlaceLikelihoodsFromCurrentLocation withPlaceFields:callback: ,
                    .Fn mapView.animate to: .
                    With
                    .Fl \-json
                    each is an
                    .Li {"event":"trace","kind":"call","signature":"..."}
                    line.
                    .Ic trace
                    alone says whether it is on; the
                    .Cm trace
                    setting
                    .Pq Ic set trace on
                    is the same switch.
                    """#,
                examples: ["trace on", "launch", "trace off"],
                handler: { ctx throws(Diagnostic) in
                    if let state = try ctx.optional("STATE", as: .word) { ctx.session.tracing = state == "on" }
                    let on = ctx.session.tracing
                    return .line("trace is \(on ? "on" : "off")", value: .bool(on))
                }),
        ],
        stateRoots: [
            StateRoot(
                "why", summary: "the pitfall behind what went wrong",
                manual: #"""
                    .It Li why.noFix , why.emptyList , why.hiddenMap , why.blankRows
                    The pitfall
                    .Pq for example Qq P5
                    that best explains why no fix comes, the app's list is empty, the map is
                    hidden or the picker's rows are blank, as
                    .Ic explain
                    gives it;
                    .Qq
                    when the cause is no pitfall,
                    .Li nil
                    when the question does not arise (or no app runs).
                    The tutorial's hints read them.
                    """#,
                shape: .record([
                    "noFix": .optional(.text), "emptyList": .optional(.text), "hiddenMap": .optional(.text),
                    "blankRows": .optional(.text),
                ])
            ) { shell in
                let app = shell.session.app
                let questions: [(String, WhyQuestion)] = [
                    ("noFix", .noFix), ("emptyList", .emptyList), ("hiddenMap", .hiddenMap), ("blankRows", .blankRows),
                ]
                return .leaf(
                    .record(
                        questions.map { name, question in
                            guard let first = app?.why(question).first else { return Value.Field(name, .null) }
                            return Value.Field(name, .string(first.pitfall ?? ""))
                        }))
            }
        ],
        settings: [
            SettingSpec(
                "trace", values: ["on", "off"],
                summary: "print each simulated API call and callback (as the trace command)",
                get: { $0.session.tracing ? "on" : "off" }, set: { $0.session.tracing = $1 == "on" })
        ],
        topics: [
            HelpTopic(
                "pitfalls", summary: "the tutorial's pitfalls P1…: what, where in the code, which example",
                text: pitfallsHelp)
        ])
}

/// `help pitfalls`: every pitfall, from the one table `explain P4` reads too.
let pitfallsHelp: String = {
    var text = "The pitfalls of the tutorial's code that placeshell reproduces ('explain ID' gives one):\n\n"
    for p in Pitfalls.all {
        text += padded(p.id, to: 4) + p.title + "\n"
        text += wrapText(p.what, width: 90, indent: "    ") + "\n"
        text += wrapText("code: " + p.code, width: 90, indent: "    ", hanging: "          ") + "\n"
        text += wrapText("shown by: " + p.example, width: 90, indent: "    ", hanging: "              ") + "\n"
        text += wrapText("fix: " + p.fix, width: 90, indent: "    ", hanging: "         ") + "\n"
    }
    return text
}()

/// `explain P4`: one pitfall in full.
func explainPitfall(_ p: Pitfall) -> CommandResult {
    let value = Value.record([
        Value.Field("id", .string(p.id)), Value.Field("title", .string(p.title)),
        Value.Field("what", .string(p.what)), Value.Field("code", .string(p.code)),
        Value.Field("example", .string(p.example)), Value.Field("fix", .string(p.fix)),
    ])
    var lines = [
        "\(p.id): \(p.title)", wrapText(p.what, width: 90, indent: "  "),
        wrapText("code: " + p.code, width: 90, indent: "  ", hanging: "        "),
        wrapText("shown by: " + p.example, width: 90, indent: "  ", hanging: "            "),
    ]
    lines.append(wrapText("fix: " + p.fix, width: 90, indent: "  ", hanging: "       "))
    return CommandResult(
        value: value,
        text: lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) })
}

private let explainTopicType = ArgType(
    usage: "COMMAND", isGreedy: true,
    completions: { shell in shell.table.commandNames + ["migrate"] + Pitfalls.all.map(\.id) }
) { (c: inout TokenCursor) throws(Diagnostic) in
    var words: [String] = []
    while let t = c.next() { words.append(t.text) }
    return .words(words)
}

/// `explain` with no argument: the session's account (`Session.findings`), and what the shell
/// itself holds back.
private func explainState(_ shell: Shell) -> CommandResult {
    var findings = shell.session.findings()
    if !shell.autorun && !shell.session.pendingEvents.isEmpty {
        let n = shell.session.pendingEvents.count
        findings.append(
            WhyFinding(
                topic: "run loop",
                text: "autorun is off: \(n) event\(n == 1 ? " waits" : "s wait") ('events', 'step', 'run', 'wait')."))
    }
    return render(findings, shell, inWalksLanguage: true)
}

/// The findings as `explain` prints them; `inWalksLanguage`: in the language of a walk that
/// runs (`explain` alone), else English (`explain COMMAND`, which stays English whole).
private func render(_ reasons: [WhyFinding], _ shell: Shell, inWalksLanguage: Bool = false) -> CommandResult {
    let width = max(60, min(100, shell.environment.terminalWidth ?? 100))
    let walk = inWalksLanguage ? shell.runningTutorialText : nil
    let words = walk.flatMap { $0.language == defaultTutorialLanguage ? nil : $0 }
    // The topics' column fits the widest name in the language.
    let topics = reasons.map { r in r.topicPhrase.flatMap { words?.explain[$0] } ?? r.topic }
    let column = max(11, (topics.map(displayWidth).max() ?? 0) + 1)
    var lines: [String] = []
    for (r, topic) in zip(reasons, topics) {
        // In a walk, the student's language where it has the words (the JSON stays English).
        var said = r.text
        if let words, !r.sentences.isEmpty {
            let rtl = words.direction == .rtl
            let sentences = r.sentences.map {
                $0.said(
                    in: { words.explain[$0] }, isolate: rtl ? leftToRightIsolated : { $0 }, numeral: words.numeral)
            }
            if sentences.allSatisfy({ $0 != nil }) {
                said = sentences.compactMap { $0.map(WhyText.sentence) }.joined(separator: " ")
            }
        }
        // One paragraph: a line break in a name it quotes is shown, not made.
        let text = oneLine(said + (r.pitfall.map { " [\($0)]" } ?? ""))
        let paragraph = wrapText(
            text, width: width, indent: padded(topic, to: column), hanging: String(repeating: " ", count: column))
        // A right-to-left paragraph has every line marked, also one holding only "[P5]".
        let marked = words?.direction == .rtl && hasRightToLeftLetters(paragraph)
        lines.append(
            marked
                ? paragraph.split(separator: "\n").map { String(rightToLeftMark) + $0 }.joined(separator: "\n")
                : paragraph)
    }
    let value = Value.list(
        reasons.map {
            .record([
                Value.Field("topic", .string($0.topic)), Value.Field("text", .string($0.text)),
                Value.Field("pitfall", .optional($0.pitfall)),
            ])
        })
    return CommandResult(
        value: value,
        text: lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) })
}

// MARK: - explain COMMAND

private func explainCommand(_ ctx: CommandContext, _ words: [String]) throws(Diagnostic) -> CommandResult {
    let table = ctx.shell.table
    guard var spec = table.command(named: words[0]) else {
        throw .runtime(
            "no command '\(words[0])'", at: try ctx.location(of: "COMMAND"),
            help: suggestion(for: words[0], among: table.commandNames))
    }
    for word in words.dropFirst() {
        guard let sub = spec.subcommand(named: word) else { break }
        spec = sub
    }
    let name = spec.fullName
    guard let entry = spec.standsFor else {
        return .line(
            "'\(name)' is the shell's own: it stands for nothing in the app.",
            value: .record([Value.Field("command", .string(name))]))
    }
    // The flavour the app runs in, or the one 'launch' would start: the Objective-C code differs.
    let objc = (ctx.session.app?.flavor ?? ctx.shell.defaultFlavor) == .objc
    let calls = objc ? entry.objcCalls ?? entry.calls : entry.calls
    let callbacks = objc ? entry.objcCallbacks ?? entry.callbacks : entry.callbacks
    var lines = ["\(name): \(entry.what)"]
    if objc && (entry.objcCalls != nil || entry.objcCallbacks != nil) {
        lines.append("in the Objective-C app:")
    }
    if !calls.isEmpty {
        lines.append("calls:")
        lines += calls.map { "  " + $0 }
    }
    if !callbacks.isEmpty {
        lines.append("then:")
        lines += callbacks.map { "  " + $0 }
    }
    var fields = [
        Value.Field("command", .string(name)), Value.Field("what", .string(entry.what)),
        Value.Field("calls", .list(calls.map { .string($0) })),
        Value.Field("callbacks", .list(callbacks.map { .string($0) })),
    ]
    // A word that is both a command and a topic of the state's account ('explain map': the
    // command, or why the map is as it is?) gets both readings.
    if words.count == 1 {
        let standing = ctx.session.findings().filter { $0.topic == words[0] }
        if !standing.isEmpty {
            let state = render(standing, ctx.shell)
            lines.append("")
            lines.append("the \(words[0]) now ('explain' alone gives the whole state):")
            lines += state.text
            fields.append(Value.Field("state", state.value))
        }
    }
    return CommandResult(value: .record(fields), text: lines)
}

// MARK: - explain likely

/// The app's list, scored again for the position and accuracy its request was answered for:
/// distance, spread, prior, weight, share, and what made each place rank where it does.
private func explainLikely(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    if app.flavor == .nearby { return explainNearbyLikely(ctx, app) }
    guard !app.likelyPlaces.isEmpty else {
        var text = "The app's list is empty: nothing to explain. 'explain' says why."
        if let query = ctx.session.lastAnsweredQuery {
            text =
                "The list is empty; the last answer, for \(formatFixed(query.point.latitude, decimals: 6)), \(formatFixed(query.point.longitude, decimals: 6)) ±\(formatNumber(query.accuracy)) m, had no place within reach."
        }
        return .line(text, value: .list([]))
    }
    guard let query = ctx.session.lastAnsweredQuery else {
        return .line(
            "The position this list was asked for is not known (a loaded session): ask again to explain it.",
            value: .list([]))
    }
    let ranked = LikelihoodModel.rank(ctx.session.places.dataset, at: query.point, accuracy: query.accuracy)
    var lines = [
        "placeshell's likelihood model, not Google's (Google does not publish how it ranks; 'help likelihood').",
        "For \(formatFixed(query.point.latitude, decimals: 6)), \(formatFixed(query.point.longitude, decimals: 6)) ±\(formatNumber(query.accuracy)) m: "
            + "w = prior × exp(−d²/2s²), s = √(accuracy² + radius² + \(formatNumber(SimulationChoices.baselineSpread))²), "
            + "share = w / (Σw + \(formatNumber(SimulationChoices.elsewhereWeight))).",
    ]
    var rows: [[String]] = []
    var values: [Value] = []
    let best = ranked.first
    for (i, s) in ranked.enumerated() {
        var why: [String] = []
        if i == 0 { why.append("the heaviest") }
        if s.distance <= s.spread {
            why.append("within its spread")
        } else {
            why.append(formatFixed(s.distance / s.spread, decimals: 1) + " spreads away")
        }
        if s.prior != 1 { why.append("type prior \(formatNumber(s.prior))") }
        if s.place.radius >= 150 { why.append("a large place (\(formatNumber(s.place.radius)) m)") }
        if let best, i > 0, s.distance < best.distance { why.append("nearer than #1 but lighter") }
        rows.append([
            String(i + 1), s.place.name, formatDistance(s.distance, decimals: 0),
            formatFixed(s.spread, decimals: 0) + " m",
            formatNumber(s.prior), formatFixed(s.weight, decimals: 4),
            formatFixed(s.likelihood * 100, decimals: 1) + " %",
            why.joined(separator: "; "),
        ])
        values.append(
            .record([
                Value.Field("rank", .int(i + 1)), Value.Field("name", .string(s.place.name)),
                Value.Field("id", .string(s.place.id)),
                Value.Field("distance", .number(s.distance, .length)),
                Value.Field("spread", .number(s.spread, .length)),
                Value.Field("prior", .number(s.prior)), Value.Field("weight", .number(s.weight)),
                Value.Field("likelihood", .number(s.likelihood)),
            ]))
    }
    lines += TextTable(
        headers: ["#", "PLACE", "DIST", "SPREAD", "PRIOR", "WEIGHT", "SHARE", "WHY"],
        alignments: [.right, .left, .right, .right, .right, .right, .right, .left], rows: rows
    ).render(style: ctx.shell.outputStyle)
    let total = ranked.reduce(0) { $0 + $1.likelihood }
    lines.append(
        "The shares sum to \(formatFixed(total * 100, decimals: 1)) %; the rest is \"somewhere not in the list\".")
    lines += staleListNote(ranked.map(\.place.id), app: app)
    return CommandResult(value: .list(values), text: lines)
}

// MARK: - explain migrate

/// `explain migrate`: what changes when the tutorial moves from Current Place (Places API
/// (Legacy)) to Nearby Search (New), topic by topic, with where this session stands.
private func explainMigrate(_ shell: Shell) -> CommandResult {
    let session = shell.session
    let project = session.places.project
    let flavor = session.app?.flavor
    var now = "This session's project: \(projectText(project))"
    if project.legacy {
        now += "; 'project legacy off' makes it a new project, where the legacy call fails."
    } else {
        now += ": a new project, where the legacy call fails with accessNotConfigured (-9)."
    }
    var reasons = [
        WhyFinding(
            topic: "why",
            text:
                "The tutorial's findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:), Current Place, belongs to Places API (Legacy), legacy since March 1, 2025: as of October 2026 a new Cloud project can no longer enable it (existing projects keep it), and without it the call fails with accessNotConfigured (-9). Places API (New) has no Current Place: the app searches nearby instead. "
                + now),
        WhyFinding(
            topic: "APIs",
            text:
                "Enable Places API (New) (places.googleapis.com) in the key's Cloud project and allow it on the key, beside the Maps SDK for iOS the map needs. No line of code chooses the API: the SDK's version and the services the key may call decide what works. With Places API (New) off, GooglePlaces 9 was reported to fail the search with com.google.HTTPStatus 403 \"Internal Error\", not accessNotConfigured (-9)."
                + (project.newAPI ? "" : " This session's project has Places API (New) off ('project new-api on').")),
        WhyFinding(topic: "SDK", text: migrateSDKText(session)),
        WhyFinding(
            topic: "location",
            text:
                "The legacy call located the device itself; the new request needs a centre. Keep the last location locationManager(_:didUpdateLocations:) gives (currentLocation) and search a circle around it: GMSPlaceCircularLocationOption(center, radius), 0…50000 m. Before the first fix there is no centre (P16). A place is found when its point lies in the circle, so the radius must reach the places the user may stand in (P14)."
        ),
        WhyFinding(
            topic: "fields",
            text:
                "The property list is required: GMSPlaceSearchNearbyRequest(locationRestriction:placeProperties:) with [GMSPlaceProperty.name, .coordinate, .formattedAddress].map(\\.rawValue); an empty list fails with invalidRequest (-12) (P17). Ask for formattedAddress if the marker's snippet is to show (P1)."
        ),
        WhyFinding(
            topic: "order",
            text:
                "There is no GMSPlaceLikelihood: the places come without a likelihood, and their order is the answer (likely[N].likelihood is nil). rankPreference .popularity, the default, puts the most popular first, which may not be where the user is (P15); .distance puts the nearest first. maxResultCount is 1…20, 20 by default."
        ),
        WhyFinding(
            topic: "billing",
            text:
                "The legacy call bills Find Current Place and a data SKU for each tier of fields it asks for (Basic, Contact, Atmosphere). A nearby search bills one SKU, the highest its properties need: Nearby Search Pro (name, coordinate, formattedAddress, placeID, types, …), Enterprise (currentOpeningHours, …) or Enterprise + Atmosphere (delivery, dineIn, …); the tutorial's properties stay at Pro. Every fix and every selection still sends a billed request (P13): 'stats billing' shows what the session billed, SKU by SKU."
        ),
        WhyFinding(
            topic: "callbacks",
            text:
                migrateCallbacksText(session)),
    ]
    var here =
        "'project legacy off' makes the session's project a new one; 'launch --flavor nearby' runs the migrated app ('help flavor nearby' shows its code); 'nearby' shows its request and changes it; 'compare' puts the legacy likelihoods and the new list side by side at the device's position. examples/migrate-to-nearby.placescript walks through it."
    switch flavor {
    case .nearby?: here += " Now the nearby app runs."
    case let f?: here += " Now the \(f.title) app runs: it still calls Current Place."
    case nil: break
    }
    reasons.append(WhyFinding(topic: "placeshell", text: here))
    return render(reasons, shell)
}

/// The `SDK` finding of `explain migrate`: the version Nearby Search needs, and this project's.
private func migrateSDKText(_ session: Session) -> String {
    let sdk = session.places.sdk
    let completion = sdkFirst(.searchNearbyCompletion)
    var text =
        "Nearby Search (New) needs GooglePlaces 9.0.0 or later, and its call depends on the version: before \(completion) there is only searchNearby(with:callback:); \(completion) adds searchNearby(with:completion:), and \(sdkFirstDeprecated(.searchNearbyCallback)) deprecates the callback: form ('sdk headers'). From \(sdkFirstDeprecated(.findPlaceLikelihoods)) Current Place itself is deprecated: the legacy app builds with a warning. The tutorial's Podfile pins \(PlacesSDK.pinned); its Swift Package Manager steps take the latest (\(PlacesSDK.latest)). "
    if PlacesSDK.has(.searchNearbyCompletion, in: sdk) {
        text += "This session's project builds against \(sdk): the completion: form."
    } else if PlacesSDK.has(.searchNearbyCallback, in: sdk) {
        text +=
            "This session's project builds against \(sdk): the callback: form, as code written for a newer SDK does not build here ('sdk places latest' updates it)."
    } else {
        text +=
            "This session's project builds against \(sdk), which has no Nearby Search: 'sdk places \(PlacesSDK.pinned)' or later."
    }
    let written = session.places.nearby.call.call(in: sdk)
    if PlacesSDK.has(.searchNearbyCallback, in: sdk) && !PlacesSDK.has(written, in: sdk) {
        text +=
            " The nearby app's code ('nearby call \(session.places.nearby.call.rawValue)') calls \(written.swiftName), which \(sdk) lacks: it does not build ('nearby call sdk')."
    }
    return text
}

/// The `callbacks` finding of `explain migrate`, spelled for this project's SDK.
private func migrateCallbacksText(_ session: Session) -> String {
    // What the SDK offers, whatever the code ('nearby call') was written for.
    let call = NearbyCallSpelling.sdk.call(in: session.places.sdk)
    let delivered =
        call == .searchNearbyCompletion
        ? "which delivers a GMSPlaceSearchNearbyResponse? (its places, [GMSPlace]?) and an Error?"
        : "which delivers [GMSPlace]? and an Error?"
    return
        "The legacy call delivers [GMSPlaceLikelihood]? to a GMSPlaceLikelihoodsCallback; with GooglePlaces \(session.places.sdk) the new one is \(call.traceLine), \(delivered). The callback types were deprecated in turn: GMSPlaceLikelihoodsCallback gave way to GMSPlaceSearchNearbyResultCallback, which gave way to GMSPlaceSearchNearbyResponseCallback, as searchNearby(with:callback:), which delivers [GMSPlace]?, gave way to searchNearby(with:completion:). In GooglePlacesSwift: await PlacesClient.shared.searchNearby(with: SearchNearbyRequest(…)) gives a Result of [Place] or a PlacesError. Call on the main thread; the answer comes there."
}

/// `explain likely` in the nearby flavour: no likelihoods, only the order; each place's
/// distance and popularity, searched again for the circle the last request asked for.
private func explainNearbyLikely(_ ctx: CommandContext, _ app: TutorialApp) -> CommandResult {
    guard let query = ctx.session.lastNearbyQuery, case .answered? = app.lastPlacesResponse else {
        let why = app.why(.emptyList).first.map { ": " + $0.cause } ?? ""
        return .line("The nearby app's list has no answer to explain\(why).", value: .list([]))
    }
    let settings = query.settings
    let found = NearbyModel.search(ctx.session.places.dataset, center: query.center, settings: settings)
    let inside = Set(NearbyModel.containing(ctx.session.places.dataset, point: query.center).map(\.place.id))
    var lines = [
        "Nearby Search gives no likelihood: the order is the answer. placeshell's popularity model, not Google's ('help popularity').",
        "For the \(formatNumber(settings.radius)) m circle around \(formatFixed(query.center.latitude, decimals: 6)), \(formatFixed(query.center.longitude, decimals: 6)), rankPreference .\(settings.rank.rawValue)"
            + (settings.rank == .popularity
                ? ": popularity = prior × quality × reach, then distance."
                : ": nearest first; popularity plays no part."),
    ]
    var rows: [[String]] = []
    var values: [Value] = []
    for (i, f) in found.enumerated() {
        let (prior, quality, reach) = PopularityModel.factors(
            types: f.place.types, rating: f.place.rating, radius: f.place.radius)
        var why: [String] = []
        if inside.contains(f.place.id) { why.append("the device stands in it") }
        if i == 0 { why.append(settings.rank == .popularity ? "the most popular" : "the nearest") }
        rows.append([
            String(i + 1), f.place.name, formatDistance(f.distance, decimals: 0), formatNumber(prior),
            formatFixed(quality, decimals: 2), formatFixed(reach, decimals: 2), formatFixed(f.popularity, decimals: 2),
            why.joined(separator: "; "),
        ])
        values.append(
            .record([
                Value.Field("rank", .int(i + 1)), Value.Field("name", .string(f.place.name)),
                Value.Field("id", .string(f.place.id)), Value.Field("distance", .number(f.distance, .length)),
                Value.Field("popularity", .number(f.popularity)),
                Value.Field("standsIn", .bool(inside.contains(f.place.id))),
            ]))
    }
    lines += TextTable(
        headers: ["#", "PLACE", "DIST", "PRIOR", "QUALITY", "REACH", "POPULARITY", "WHY"],
        alignments: [.right, .left, .right, .right, .right, .right, .right, .left], rows: rows
    ).render(style: ctx.shell.outputStyle)
    if let standing = app.nearbyStanding, let pitfall = standing.pitfall, let cause = standing.cause {
        lines.append("note: " + cause + (standing.help.map { " — " + $0 } ?? "") + " (\(pitfall))")
    }
    lines += staleListNote(found.map(\.place.id), app: app)
    return CommandResult(value: .list(values), text: lines)
}

/// A note when the places `explain likely` ranks now are not the app's answered list.
private func staleListNote(_ ids: [String], app: TutorialApp) -> [String] {
    let same = ids.count == app.likelyPlaces.count && zip(ids, app.likelyPlaces).allSatisfy { $0 == $1.place.source.id }
    return same ? [] : ["note: the dataset has changed since the list was answered; this is how it would rank now."]
}
