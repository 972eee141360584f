import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// Faults: places errors, the network, the API key, a rate limit, location errors and the
    /// Info.plist usage keys.
    public static let faults = CommandFamily(
        name: "Faults",
        summary: "make places requests fail, send location errors, remove Info.plist keys",
        manual: #"""
            Make places requests fail, send the app a location error, remove an
            Info.plist key.
            Faults last until changed: a
            .Ic launch
            and
            .Ic reset
            keep them
            .Pq they belong to the network, the servers, the API key and the app bundle .
            A likelihood request is judged when it is made, by these checks in this order;
            the first that fails answers it:
            \#(PlacesCheck.manualOrder)
            The app prints
            .Ql Current Place error:
            and the error's
            .Va localizedDescription :
            the SDK's own text for the code, as the logs quote it
            .Pq Sx SIMULATION CHOICES : No places errors ,
            and the shell adds a note with what the code means and whether the SDK marks it retryable
            .Pq \-1 to \-3 are; the tutorial retries nothing .
            A failed request bills nothing but counts in
            .Li stats.placesRequests .
            """#,
        commands: [
            CommandSpec(
                "faults",
                summary: "show the faults set: network, API key, armed places error, rate limit",
                effect: .looks,
                api: APIEntry(what: "the faults set on the simulated device and service"),
                manual: #"""
                    .It Ic faults
                    Show what is set: the network, the API key, the armed places error and the
                    rate limit with how much of it the last 60 s used.
                    A places request is checked in this order, and the first check that fails
                    answers it:
                    \#(PlacesCheck.manualOrder)
                    """#,
                examples: ["faults"],
                handler: { ctx throws(Diagnostic) in
                    let shell = ctx.shell
                    let rows = PlacesFault.all.map { [$0.name, $0.row(shell.session)] }
                    return CommandResult(
                        value: faultsValue(shell), text: TextTable(headers: ["", ""], rows: rows).render())
                }),
            CommandSpec(
                "fail",
                summary: "make places requests fail, or send the app a location error",
                api: APIEntry(
                    what: "an error from the places service, or from Core Location",
                    callbacks: [
                        "the places callback with an NSError (com.google.places.ErrorDomain)",
                        "locationManager(_:didFailWithError:) (kCLErrorDomain)",
                    ]),
                subcommands: [
                    CommandSpec(
                        "places",
                        arguments: [
                            ArgSpec(
                                "CODE", placesCodeType,
                                summary: "-1…-12 or a Swift case name such as networkError; off clears"),
                            ArgSpec(
                                "MODE", .choice(["once", "always", "off"]), optional: true,
                                summary: "once (default), always, or off"),
                        ],
                        summary: "make likelihood requests fail with a GMSPlacesErrorCode",
                        effect: .acts,
                        manual: #"""
                            .It Ic fail places Ar CODE|NAME|off Op Cm once|always|off
                            Arm an error for the requests that reach the Places servers, by number
                            .Pq \-1 to \-12
                            or by Swift case name:
                            \-1
                            .Dv networkError ,
                            \-2
                            .Dv serverError ,
                            \-3
                            .Dv internalError ,
                            \-4
                            .Dv keyInvalid ,
                            \-5
                            .Dv keyExpired ,
                            \-6
                            .Dv usageLimitExceeded ,
                            \-7
                            .Dv rateLimitExceeded ,
                            \-8
                            .Dv deviceRateLimitExceeded ,
                            \-9
                            .Dv accessNotConfigured ,
                            \-10
                            .Dv incorrectBundleIdentifier ,
                            \-11
                            .Dv locationError ,
                            \-12
                            .Dv invalidRequest .
                            .Cm once
                            .Pq the default
                            fails the next such request and is then spent;
                            .Cm always
                            fails every one until
                            .Ql fail places off .
                            After a failure the app's list of likely places
                            .Pq Li likely
                            stays empty until the next fix or selection sends a new request.
                            A request that fails an earlier check leaves the error armed: the launch's
                            request, made before the permission is answered, still fails with
                            .Dv locationError
                            .Pq P4 .
                            .Ql fail places CODE off
                            clears the error when it is the one armed.
                            An unknown code or name is an error when the script is read.
                            """#,
                        examples: ["fail places -2", "fail places usageLimitExceeded always", "fail places off"],
                        handler: failPlacesCommand),
                    CommandSpec(
                        "location",
                        arguments: [
                            ArgSpec(
                                "ERROR", .choice(locationErrorWords), summary: "unknown (0), denied (1) or network (2)")
                        ],
                        summary: "Core Location reports a kCLErrorDomain error to the running app",
                        effect: .acts,
                        manual: #"""
                            .It Ic fail location Cm unknown|denied|network
                            Have Core Location call
                            .Fn locationManager _:didFailWithError:
                            on the next turn of the run loop with
                            .Dv kCLErrorDomain
                            code 0
                            .Pq Dv locationUnknown ,
                            1
                            .Pq Dv denied
                            or 2
                            .Pq Dv network .
                            The tutorial stops updating and prints
                            .Ql Error: Error Domain=kCLErrorDomain Code=0 \(dq(null)\(dq
                            (Swift) or
                            .Ql Error: The operation couldn\(cqt be completed. (kCLErrorDomain error 0.)
                            (Objective-C
                            .Fn NSLog ) .
                            Updates never start again in this launch, not even after the transient
                            .Dv locationUnknown
                            .Pq P5 :
                            no fix comes however the device moves
                            .Pq Li device.updating No is Li false .
                            With updates already stopped there is nothing to fail, and nothing happens.
                            Refused while the status is
                            .Qq notDetermined :
                            updates wait for the answer, so Core Location has no fix to fail
                            .Pq see Sx SIMULATION CHOICES .
                            Fails when the app is not running.
                            .Ql locate none
                            is the other way to get no fixes.
                            """#,
                        examples: ["fail location unknown", "fail location denied", "fail location network"],
                        handler: failLocationCommand),
                ]),
            CommandSpec(
                "network", arguments: [ArgSpec("STATE", .choice(["on", "off"]), optional: true, summary: "on or off")],
                summary: "turn the device's network off or on (off: places requests fail with networkError)",
                effect: .acts,
                api: APIEntry(
                    what: "Airplane Mode, or no network",
                    callbacks: [
                        "places callbacks fail with kGMSPlacesNetworkError",
                        "a map view that needs its first tiles stays blank",
                    ]),
                manual: #"""
                    .It Ic network Op Cm on|off
                    Turn the device's network off or on; with no argument, show it.
                    While it is off, every places request that gets past the fields and the location
                    check fails with
                    .Dv networkError
                    (\-1).
                    Core Location keeps working: fixes need no network.
                    A map view shown for the first time in a launch while the network is off gets
                    no tiles: it is blank
                    .Pq Li map.blank
                    until the camera moves with the network back on
                    .Pq see Sx SIMULATION CHOICES .
                    """#,
                examples: ["network off", "network on", "network"],
                handler: { ctx throws(Diagnostic) in
                    let session = ctx.session
                    if let word = try ctx.optional("STATE", as: .word) {
                        session.places.faults.networkOnline = word == "on"
                    }
                    let online = session.places.faults.networkOnline
                    let text =
                        online
                        ? "network on: places requests reach the servers"
                        : "network off: places requests fail with networkError (-1) until 'network on'"
                    return .line(text, value: .string(online ? "on" : "off"))
                }),
            CommandSpec(
                "apikey",
                arguments: [
                    ArgSpec(
                        "STATE", .choice(APIKeyState.allCases.map(\.rawValue)), optional: true,
                        summary: "how the servers judge the key")
                ],
                summary: "the API key the app provides: valid, invalid, expired or not allowed for the bundle id",
                effect: .acts,
                api: APIEntry(
                    what:
                        "the key passed to GMSServices.provideAPIKey and GMSPlacesClient.provideAPIKey in AppDelegate",
                    calls: ["GMSServices.provideAPIKey(_:)", "GMSPlacesClient.provideAPIKey(_:)"]),
                manual: #"""
                    .It Ic apikey Op Cm valid|invalid|expired|unauthorized-bundle
                    How the Places servers judge the key the app passes to
                    .Fn GMSPlacesClient.provideAPIKey :
                    .Cm invalid
                    gives
                    .Dv keyInvalid
                    (\-4),
                    .Cm expired
                    .Dv keyExpired
                    (\-5),
                    .Cm unauthorized-bundle
                    .Dv incorrectBundleIdentifier
                    (\-10).
                    .Cm unauthorized-bundle
                    is a key whose iOS-app restriction does not list the app's bundle identifier,
                    .Ql \#(tutorialBundleIdentifier) .
                    A note says what a developer would check: the key passed to
                    .Fn GMSPlacesClient.provideAPIKey
                    .Pq the sample ships with the placeholder Ql YOUR_API_KEY ,
                    that the Places API for iOS is enabled for the key's Cloud project, and that
                    the key's iOS-app restriction lists the bundle identifier
                    .Ql com.google.examples.current-place-on-map .
                    The app delegate passes the same key to
                    .Fn GMSServices.provideAPIKey :
                    a key the servers refuse leaves a map view that needs its first tiles blank
                    .Pq Li map.blank ,
                    and the Maps SDK logs why, once a launch
                    .Pq see Sx SIMULATION CHOICES .
                    Places errors are as above.
                    With no argument, show the state.
                    """#,
                examples: ["apikey expired", "apikey unauthorized-bundle", "apikey valid"],
                handler: { ctx throws(Diagnostic) in
                    let session = ctx.session
                    if let state = try ctx.optional("STATE", as: apiKeyState) {
                        session.places.faults.apiKey = state
                        if let code = state.errorCode {
                            session.emit(.note("\(code.name) (\(code.rawValue)): \(code.meaning); " + apiKeyChecklist))
                        }
                    }
                    let state = session.places.faults.apiKey
                    return .line("API key " + PlacesFault.apiKey.row(session), value: .string(state.rawValue))
                }),
            CommandSpec(
                "ratelimit",
                arguments: [ArgSpec("LIMIT", rateLimitType, optional: true, summary: "requests per minute, or off")],
                summary:
                    "allow N places requests per virtual minute (a sliding window); more fail with rateLimitExceeded",
                effect: .acts,
                api: APIEntry(what: "the key's quota and rate limits in the Cloud console"),
                manual: #"""
                    .It Ic ratelimit Op Ar N|off
                    Let
                    .Ar N
                    requests through in any 60 seconds of virtual time
                    .Pq a sliding window ;
                    the next fails with
                    .Dv rateLimitExceeded
                    (\-7) and does not count.
                    A request stops counting 60 s after it was made
                    .Pq Ic wait .
                    The count starts afresh when a limit is set;
                    .Cm off
                    removes the limit.
                    Requests that fail an earlier check never reach the limit.
                    With no argument, show the limit, how many requests the last 60 s used and,
                    when it is reached, when the next one is let through.
                    """#,
                examples: ["ratelimit 2", "ratelimit", "ratelimit off"],
                handler: { ctx throws(Diagnostic) in
                    let session = ctx.session
                    switch try ctx.optional("LIMIT", as: RateLimitChange.kind) {
                    case .perMinute(let n)?: session.places.faults.rateLimit = PlacesRateLimit(perMinute: n)
                    case .off?: session.places.faults.rateLimit = nil
                    case nil: break
                    }
                    return .line(
                        "rate limit: " + PlacesFault.rateLimit.row(session),
                        value: PlacesFault.rateLimit.value(session))
                }),
            CommandSpec(
                "plist",
                summary: "show or change the location keys of the app's Info.plist",
                effect: .looks,
                api: APIEntry(
                    what: "the app's Info.plist usage descriptions",
                    callbacks: ["nothing when the key is missing: iOS ignores the request"]),
                manual: #"""
                    .It Ic plist
                    Show the location keys of the app's Info.plist, as
                    .Ic plist show
                    does.
                    The tutorial's Info.plist has all three location usage keys:
                    .Dv NSLocationWhenInUseUsageDescription
                    with the text
                    .Qq \#(InfoPlist.tutorialText) ,
                    the two Always keys with
                    .Qq \#(InfoPlist.tutorialAlwaysText)
                    .Pq with a period .
                    The tutorial's text tells readers to add
                    .Dv NSLocationAlwaysUsageDescription ,
                    but its code asks for when-in-use permission, which needs
                    .Dv NSLocationWhenInUseUsageDescription :
                    without it the request is ignored: no alert, the status stays
                    .Qq notDetermined ,
                    no fix ever comes, and iOS prints a message naming the key in the app's console.
                    The key's text is the alert's message; the alert's title names the app by its
                    .Dv CFBundleDisplayName ,
                    else its
                    .Dv CFBundleName :
                    .Qq \#(InfoPlist.tutorialDisplayName) .
                    .Dv NSLocationDefaultAccuracyReduced ,
                    a Boolean the tutorial does not have, set to true makes the alert offer
                    approximate location only.
                    Info.plist is part of the app bundle: it is read at launch.
                    """#,
                examples: ["plist"],
                subcommands: [
                    CommandSpec(
                        "show", summary: "list the location keys and their texts",
                        effect: .acts,
                        manual: #"""
                            .It Ic plist show
                            List the bundle's names
                            .Dv ( CFBundleDisplayName ,
                            the app's name in the permission alert, and
                            .Dv CFBundleName ,
                            both
                            .Qq current-place-on-map )
                            and the three location usage keys with their texts, or
                            .Ql (missing) .
                            The tutorial has all three,
                            .Dv NSLocationWhenInUseUsageDescription ,
                            .Dv NSLocationAlwaysAndWhenInUseUsageDescription
                            and
                            .Dv NSLocationAlwaysUsageDescription ,
                            with the texts
                            .Qq \#(InfoPlist.tutorialText)
                            and, for the two Always keys,
                            .Qq \#(InfoPlist.tutorialAlwaysText) ;
                            and
                            .Dv NSLocationDefaultAccuracyReduced
                            with its value when the Info.plist has it.
                            """#,
                        examples: ["plist show"],
                        handler: plistShowCommand),
                    CommandSpec(
                        "remove",
                        arguments: [
                            ArgSpec(
                                "KEY", usageKeyType,
                                summary: "a location usage key, or NSLocationDefaultAccuracyReduced")
                        ],
                        summary: "remove a usage key (the when-in-use one: the permission request is ignored)",
                        effect: .acts,
                        manual: #"""
                            .It Ic plist remove Ar KEY
                            Remove a usage key.
                            Without
                            .Dv NSLocationWhenInUseUsageDescription
                            the app's
                            .Fn requestWhenInUseAuthorization
                            at its next launch is ignored: no alert, the status stays
                            .Qq notDetermined ,
                            no fix ever comes, and iOS prints in the app's console
                            .Ql This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an \(lqNSLocationWhenInUseUsageDescription\(rq key with a string value explaining to the user how the app uses this data .
                            The other two keys matter only for always requests
                            .Pq Ic launch Fl Fl request Cm always ,
                            which the tutorial does not make, and, for
                            .Dv NSLocationAlwaysAndWhenInUseUsageDescription ,
                            for Always in Settings
                            .Pq Ic auth always .
                            .Dv NSLocationDefaultAccuracyReduced
                            can be removed too: the alert offers precise location again.
                            Removing a key that is not there is an error.
                            """#,
                        examples: ["plist remove NSLocationWhenInUseUsageDescription"],
                        handler: { ctx throws(Diagnostic) in
                            if try ctx.required("KEY", as: .word) == InfoPlist.defaultAccuracyReducedKey {
                                let name = InfoPlist.defaultAccuracyReducedKey
                                guard ctx.session.device.infoPlist.defaultAccuracyReduced != nil else {
                                    throw .runtime(
                                        "Info.plist has no \(name)", at: try ctx.location(of: "KEY"),
                                        help: "'plist show' lists the keys; 'plist add \(name) true' adds it")
                                }
                                ctx.session.device.infoPlist.defaultAccuracyReduced = nil
                                var text = "removed \(name): the alert offers precise location again"
                                if ctx.session.app != nil { text += " (from the next alert)" }
                                return .line(text, value: plistValue(ctx.shell))
                            }
                            let key = try ctx.required("KEY", as: usageKey)
                            guard ctx.session.device.infoPlist.remove(key) else {
                                throw .runtime(
                                    "Info.plist has no \(key.rawValue)", at: try ctx.location(of: "KEY"),
                                    help: "'plist show' lists the keys; 'plist add \(key.rawValue)' puts it back")
                            }
                            var text = "removed \(key.rawValue): "
                            switch key {
                            case .whenInUse:
                                text +=
                                    "the app's permission request will be ignored (no alert, status stays notDetermined)"
                            case .alwaysAndWhenInUse:
                                text +=
                                    "an always request (launch --request always) will be ignored and Settings no longer offers Always; the tutorial's request is unaffected"
                            case .always:
                                text +=
                                    "needed only for \(key.neededFor.split(separator: ";")[0]); the tutorial's request is unaffected"
                            }
                            let asked = key == .whenInUse ? AuthorizationRequest?.none : .always
                            if key != .always, let app = ctx.session.app,
                                asked == nil || app.authorizationRequest == asked
                            {
                                text += "; the running app asked at launch: this counts from the next launch"
                            }
                            return .line(text, value: plistValue(ctx.shell))
                        }),
                    CommandSpec(
                        "add",
                        arguments: [
                            ArgSpec(
                                "KEY", usageKeyType,
                                summary: "a location usage key, or NSLocationDefaultAccuracyReduced"),
                            ArgSpec(
                                "TEXT", .text, optional: true,
                                summary:
                                    "the usage string, default the tutorial's (true|false for NSLocationDefaultAccuracyReduced)"
                            ),
                        ],
                        summary:
                            "add a usage key, or change its text (the alert's message), or set NSLocationDefaultAccuracyReduced",
                        effect: .acts,
                        manual: #"""
                            .It Ic plist add Ar KEY Op Ar TEXT ...
                            Add a usage key, or change its text, which is the alert's message; without
                            .Ar TEXT ,
                            the tutorial's.
                            Info.plist is read at launch: a change counts from the next
                            .Ic launch .
                            .Pp
                            .Dv NSLocationDefaultAccuracyReduced
                            takes
                            .Cm true
                            .Pq the default
                            or
                            .Cm false .
                            True makes reduced accuracy the default, as Apple documents the key: the
                            alert shows an approximate map with
                            .Ql [Precise: Off]
                            and no switch, so Allow While Using App and Allow Once give
                            .Qq reduced
                            accuracy, and Settings' Precise switch is off until
                            .Ic auth precise on
                            .Pq see Sx SIMULATION CHOICES .
                            """#,
                        examples: [
                            "plist add NSLocationWhenInUseUsageDescription",
                            "plist add NSLocationWhenInUseUsageDescription Shows where you are",
                            "plist add NSLocationDefaultAccuracyReduced true",
                        ],
                        handler: { ctx throws(Diagnostic) in
                            if try ctx.required("KEY", as: .word) == InfoPlist.defaultAccuracyReducedKey {
                                return try addDefaultAccuracyReduced(ctx)
                            }
                            let key = try ctx.required("KEY", as: usageKey)
                            let text = try ctx.optional("TEXT", as: .word) ?? InfoPlist.tutorialText(for: key)
                            guard !text.isEmpty else {
                                throw .runtime(
                                    "a usage description needs text", at: try ctx.location(of: "TEXT"),
                                    help: "leave TEXT out for the tutorial's \"\(InfoPlist.tutorialText(for: key))\"")
                            }
                            ctx.session.device.infoPlist.set(key, text: text)
                            var line = "\(key.rawValue) = \"\(text)\""
                            if ctx.session.app != nil {
                                line +=
                                    key == .alwaysAndWhenInUse
                                    ? " (Settings offers Always now; the app's request reads it from the next launch)"
                                    : " (from the next launch)"
                            }
                            return .line(line, value: plistValue(ctx.shell))
                        }),
                ],
                handler: plistShowCommand),
        ],
        stateRoots: [
            StateRoot(
                "faults", summary: "the faults set",
                manual: PlacesFault.all.map(\.manual).joined(separator: "\n"),
                shape: .record(PlacesFault.all.map { StateMember(name: $0.member, shape: $0.shape) })
            ) {
                shell in .leaf(faultsValue(shell))
            },
            StateRoot(
                "plist", summary: "the app's Info.plist location keys",
                manual: #"""
                    .It Li plist.keys
                    The location usage keys the app's Info.plist has, a list.
                    .It Li plist.appName
                    The name iOS shows for the app, in the permission alert's title: the bundle's
                    .Dv CFBundleDisplayName ,
                    else its
                    .Dv CFBundleName ;
                    the tutorial's is
                    .Qq current-place-on-map .
                    .It Li plist.NSLocationWhenInUseUsageDescription , plist.NSLocationAlwaysAndWhenInUseUsageDescription , plist.NSLocationAlwaysUsageDescription
                    Each key's text, or
                    .Li nil
                    when the key is missing.
                    .It Li plist.NSLocationDefaultAccuracyReduced
                    .Li true
                    or
                    .Li false ,
                    or
                    .Li nil
                    when the Info.plist does not have the key
                    .Pq the same as false .
                    """#,
                shape: .record([
                    "keys": .list(.text), "appName": .text, "NSLocationWhenInUseUsageDescription": .optional(.text),
                    "NSLocationAlwaysAndWhenInUseUsageDescription": .optional(.text),
                    "NSLocationAlwaysUsageDescription": .optional(.text),
                    "NSLocationDefaultAccuracyReduced": .optional(.bool),
                ])
            ) {
                shell in
                .leaf(plistValue(shell))
            },
        ])
}

/// What Google's troubleshooting has a developer check when the key is refused.
private let apiKeyChecklist =
    "in a real app check the key passed to GMSPlacesClient.provideAPIKey, that the Places API for iOS is enabled "
    + "for the key's project, and that the key's iOS-app restriction lists \(tutorialBundleIdentifier)"

private let locationErrorWords = ["unknown", "denied", "network"]

private func locationErrorCode(_ word: String) -> LocationErrorCode? {
    switch word {
    case "unknown": return .locationUnknown
    case "denied": return .denied
    case "network": return .network
    default: return nil
    }
}

/// `-7`, `rateLimitExceeded` or `off`.
let placesCodeType: ArgType = {
    let words = PlacesErrorCode.allCases.map(\.name) + ["off"]
    let numbers = PlacesErrorCode.allCases.map { String($0.rawValue) }
    return ArgType(usage: "CODE|NAME|off", completions: { _ in numbers + words }) {
        (c: inout TokenCursor) throws(Diagnostic) in
        guard let t = c.next() else { return .word("") }
        if t.text == "off" || PlacesErrorCode(codeOrName: t.text) != nil { return .word(t.text) }
        if Int(t.text) != nil {  // safe: parses text: nil when it is not a number
            throw .syntax(
                "\(t.text) is not a GMSPlacesErrorCode", at: c.location(of: t),
                help: "the codes run from -1 (networkError) to -12 (invalidRequest)")
        }
        throw .syntax(
            "unknown places error '\(t.text)'", at: c.location(of: t),
            help: suggestion(for: t.text, among: words) ?? "expected -1…-12, off, or one of: "
                + words.dropLast().joined(separator: ", "))
    }
}()

/// A whole number of requests per minute, or `off`.
let rateLimitType = ArgType(usage: "N|off", completions: { _ in ["off"] }) {
    (c: inout TokenCursor) throws(Diagnostic) in
    guard let t = c.current else { return .word("") }
    if t.text == "off" {
        _ = c.next()
        return .word("off")
    }
    guard let first = t.text.utf8.first, first >= 0x30 && first <= 0x39 else {
        _ = c.next()
        throw .syntax(
            "expected a number of requests per minute or 'off', found '\(t.text)'", at: c.location(of: t),
            help: "e.g. 'ratelimit 5' or 'ratelimit off'")
    }
    return try ArgType.integer(1...1_000_000).read(&c)
}

/// An API key state, as `apikey`'s choice binds it.
private let apiKeyState = ArgKind.word("an API key state", APIKeyState.init(rawValue:))

/// A usage key, as `usageKeyType` binds it.
private let usageKey = ArgKind.word("a location usage key", UsageKey.init(rawValue:))

/// What `ratelimit` was given: requests per minute, or `off`.
private enum RateLimitChange {
    case perMinute(Int)
    case off

    /// A whole number or `off`, as `rateLimitType` binds them.
    static let kind = ArgKind<RateLimitChange>("a number of requests per minute or 'off'") { value in
        switch value {
        case .integer(let n): .perMinute(n)
        case .word("off"): .off
        default: nil
        }
    }
}

/// `plist add NSLocationDefaultAccuracyReduced [true|false]`: a Boolean, true when left out.
private func addDefaultAccuracyReduced(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let name = InfoPlist.defaultAccuracyReducedKey
    let word = try ctx.optional("TEXT", as: .word) ?? "true"
    guard word == "true" || word == "false" else {
        throw .runtime(
            "\(name) is a Boolean: true or false, not '\(word)'", at: try ctx.location(of: "TEXT"),
            help: "'plist add \(name) true' (or leave the value out) makes reduced accuracy the alert's default")
    }
    let reduced = word == "true"
    ctx.session.device.infoPlist.defaultAccuracyReduced = reduced
    var line =
        "\(name) = \(word): "
        + (reduced
            ? "the alert offers approximate location only (Precise off)" : "the alert offers precise location")
    if ctx.session.app != nil { line += " (from the next alert)" }
    return .line(line, value: plistValue(ctx.shell))
}

/// One of the location keys of the Info.plist: a usage key, or `NSLocationDefaultAccuracyReduced`.
let usageKeyType: ArgType = {
    let keys = UsageKey.allCases.map(\.rawValue) + [InfoPlist.defaultAccuracyReducedKey]
    return ArgType(usage: "KEY", completions: { _ in keys }) { (c: inout TokenCursor) throws(Diagnostic) in
        guard let t = c.next() else { return .word("") }
        guard keys.contains(t.text) else {
            throw .syntax(
                "'\(t.text)' is not a location key of the Info.plist", at: c.location(of: t),
                help: suggestion(for: t.text, among: keys) ?? "keys: " + keys.joined(separator: ", "))
        }
        return .word(t.text)
    }
}()

private func failPlacesCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let session = ctx.session
    let word = try ctx.required("CODE", as: .word)
    let mode = try ctx.optional("MODE", as: .word)
    let armed = session.places.faults.injected
    if word == "off" || mode == "off" {
        if word == "off", mode != nil {
            throw .runtime(
                "'fail places off' takes no mode", at: try ctx.location(of: "MODE"), help: "type 'fail places off'")
        }
        if let armed, let code = PlacesErrorCode(codeOrName: word), code != armed.code {
            throw .runtime(
                "the armed error is \(armed.code.name) (\(armed.code.rawValue)), not \(code.name) (\(code.rawValue))",
                at: try ctx.location(of: "CODE"), help: "'fail places off' clears whatever is armed")
        }
        session.places.faults.injected = nil
        let text =
            armed.map { "places: \($0.code.name) (\($0.code.rawValue)) disarmed" } ?? "places: no error was armed"
        return .line(text, value: faultsValue(ctx.shell))
    }
    guard let code = PlacesErrorCode(codeOrName: word) else {
        throw .runtime("unknown places error '\(word)'", at: try ctx.location(of: "CODE"))
    }
    let fault = InjectedPlacesFault(code: code, mode: mode == "always" ? .always : .once)
    session.places.faults.injected = fault
    return .line(
        "places: " + PlacesFault.injected.row(session) + " — " + code.meaning, value: faultsValue(ctx.shell))
}

private func failLocationCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    let code = try ctx.required("ERROR", as: .word("a location error", locationErrorCode))
    guard !app.isInBackground else {
        throw .runtime(
            "the app is in the background: Core Location delivers nothing to it, errors included, until it is back",
            at: ctx.location, help: "'app foreground' first")
    }
    guard app.locationManager.authorizationStatus != .notDetermined else {
        // Updates wait for the answer: until then Core Location has no fix to fail.
        throw .runtime(
            "Core Location reports no \(code.name) error while the permission is not answered (status notDetermined): updates wait for the answer",
            at: ctx.location,
            help: ctx.session.device.promptOpen
                ? "answer the alert first: " + permissionAlertAnswers
                : "allow location first ('auth allow')")
    }
    let value = Value.record([
        Value.Field("domain", .string("kCLErrorDomain")), Value.Field("code", .int(code.rawValue)),
        Value.Field("name", .string(code.name)), Value.Field("delivered", .bool(app.locationManager.isUpdating)),
    ])
    guard ctx.session.injectLocationError(code) else {
        return .line(
            "location updates are stopped: Core Location has nothing to report a \(code.name) (\(code.rawValue)) error on; nothing happens",
            value: value)
    }
    return .line("Core Location reports kCLErrorDomain code \(code.rawValue) (\(code.name)) to the app", value: value)
}

private func plistShowCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let plist = ctx.session.device.infoPlist
    var rows = UsageKey.allCases.map { key in
        [key.rawValue, plist.text(for: key).map { "\"\($0)\"" } ?? "(missing) — needed for \(key.neededFor)"]
    }
    if let reduced = plist.defaultAccuracyReduced {
        rows.append([
            InfoPlist.defaultAccuracyReducedKey,
            reduced
                ? "true — the alert offers approximate location only (Precise off)"
                : "false — the alert offers precise location, as without the key",
        ])
    }
    var lines = ["Info.plist of \(tutorialBundleIdentifier):"]
    let nameRows = [
        [
            "CFBundleDisplayName",
            plist.displayName.map { "\"\($0)\" — the app's name in the permission alert" } ?? "(missing)",
        ],
        ["CFBundleName", plist.bundleName.map { "\"\($0)\"" } ?? "(missing)"],
    ]
    lines += TextTable(headers: ["", ""], rows: nameRows + rows).render(indent: "  ")
    return CommandResult(value: plistValue(ctx.shell), text: lines)
}

func faultsValue(_ shell: Shell) -> Value {
    .record(PlacesFault.all.map { Value.Field($0.member, $0.value(shell.session)) })
}

func plistValue(_ shell: Shell) -> Value {
    let plist = shell.session.device.infoPlist
    return .record(
        [
            Value.Field("keys", .list(plist.keys.map { .string($0.rawValue) })),
            Value.Field("appName", .string(plist.appName)),
        ]
            + UsageKey.allCases.map { Value.Field($0.rawValue, .optional(plist.text(for: $0))) }
            + [
                Value.Field(
                    InfoPlist.defaultAccuracyReducedKey, plist.defaultAccuracyReduced.map { .bool($0) } ?? .null)
            ])
}
