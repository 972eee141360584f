import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// The app's life: launch, terminate, reset, the clock, and the one-screen status.
    public static let app = CommandFamily(
        name: "App",
        summary: "launch the tutorial app, let time pass, see where things stand",
        manual: #"""
            Launch the tutorial app, let time pass, see where things stand.
            """#,
        commands: [
            CommandSpec(
                "launch",
                options: [
                    OptionSpec(
                        "flavor", .choice(AppFlavor.allCases.map(\.rawValue)), valueName: "swift|objc|nearby",
                        summary:
                            "which version of the tutorial's code runs (nearby: migrated to Nearby Search (New); default: --flavor of the shell, swift)"
                    ),
                    OptionSpec(
                        "request", .choice(AuthorizationRequest.allCases.map(\.rawValue)),
                        valueName: "when-in-use|always",
                        summary:
                            "the permission viewDidLoad asks for (default when-in-use, as the tutorial; always: requestAlwaysAuthorization(), P9)"
                    ),
                ],
                summary: "start the app: the map screen's viewDidLoad, in the tutorial's order",
                effect: .acts,
                api: APIEntry(
                    what: "the app starts: MapViewController.viewDidLoad()",
                    calls: [
                        "CLLocationManager()", "locationManager.desiredAccuracy = kCLLocationAccuracyBest",
                        "locationManager.requestWhenInUseAuthorization()", "locationManager.distanceFilter = 50",
                        "locationManager.startUpdatingLocation()", "locationManager.delegate = self",
                        "GMSPlacesClient.shared()",
                        "GMSCameraPosition.camera(withLatitude:longitude:zoom:)", "GMSMapView.map(withFrame:camera:)",
                        "mapView.settings.myLocationButton = true",
                        "mapView.autoresizingMask = [.flexibleWidth, .flexibleHeight]",
                        "mapView.isMyLocationEnabled = true", "view.addSubview(mapView)", "mapView.isHidden = true",
                        "placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:) (the nearby flavour sends nothing: listLikelyPlaces() stops at its guard, no location yet)",
                    ],
                    callbacks: [
                        "locationManager(_:didChangeAuthorization:) (the initial state)",
                        "the system alert, if notDetermined",
                        "the places callback (locationError before permission; none in the nearby flavour)",
                    ]),
                manual: #"""
                    .It Ic launch Oo Fl Fl flavor Ar swift|objc|nearby Oc Op Fl Fl request Ar when-in-use|always
                    Start the app: the map screen's
                    .Fn viewDidLoad ,
                    in the tutorial's order.
                    A
                    .Vt CLLocationManager
                    is created, and Core Location reports the current authorization to it on the
                    next turn of the run loop
                    .Po
                    .Fn locationManager _:didChangeAuthorization: :
                    the accuracy line and the status line
                    .Pc ;
                    .Va desiredAccuracy
                    is set to
                    .Dv kCLLocationAccuracyBest ;
                    .Fn requestWhenInUseAuthorization
                    shows the system alert when the status is
                    .Qq notDetermined ;
                    .Va distanceFilter
                    is set to 50 m and
                    .Fn startUpdatingLocation
                    is called; the map is created hidden at the default point
                    .Pq \-33.869405, 151.199
                    with zoom 15, or 10 when accuracy is reduced
                    .Pq Objective-C: 15 ;
                    the my-location dot and button are turned on; and
                    .Fn listLikelyPlaces
                    sends the first likely-places request, before anyone has answered the alert,
                    so it fails with
                    .Dv locationError
                    (\-11) and the app prints
                    .Ql Current Place error: ...
                    .Pq P4 .
                    .Pp
                    With
                    .Fl Fl request Cm always
                    the app calls
                    .Fn requestAlwaysAuthorization
                    instead, the change the tutorial's troubleshooting suggests and its code made
                    until 2020
                    .Pq P9 .
                    It needs both
                    .Dv NSLocationWhenInUseUsageDescription
                    and
                    .Dv NSLocationAlwaysAndWhenInUseUsageDescription
                    in the Info.plist: without either, no alert appears, the status stays
                    .Qq notDetermined
                    and iOS prints
                    .Ql This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain both \(lqNSLocationAlwaysAndWhenInUseUsageDescription\(rq and \(lqNSLocationWhenInUseUsageDescription\(rq keys with string values explaining to the user how the app uses this data .
                    With both, the same three-button alert appears, with the when-in-use text, and
                    Allow While Using App gives provisional Always: status
                    .Qq authorizedAlways ,
                    which both flavours report as
                    .Ql Location status is OK.
                    .Pp
                    .Fl Fl flavor Cm nearby
                    runs the Swift app migrated to Nearby Search (New)
                    .Pq Ql help flavor nearby :
                    the same screens and location code, but
                    .Fn listLikelyPlaces
                    searches a circle around the last location the app received with
                    .Fn placesClient.searchNearby with:callback:
                    or, where the SDK declares it,
                    .Fn placesClient.searchNearby with:completion:
                    .Pq Ic nearby , Ic sdk ;
                    before the first fix it sends nothing and prints
                    .Ql Nearby search skipped: no location yet.
                    Its places have no likelihood; the picker lists them in the order they came.
                    .Pp
                    The flavour is the one
                    .Fl Fl flavor
                    gives here, else the shell's
                    .Fl Fl flavor ,
                    else
                    .Cm swift .
                    .Pp
                    The app is built against the project's GooglePlaces SDK first
                    .Pq Ic sdk :
                    a build that differs from the last launch's prints the compiler's
                    deprecation warnings as Xcode words them
                    .Po
                    .Ql MapViewController.swift:75:18: warning: ... is deprecated: ...
                    from 10.4.0
                    .Pc ,
                    and a build whose call the SDK does not declare fails with the compiler's
                    errors and what to change; nothing else happens then, and a running app
                    keeps running.
                    A running app is terminated first, which ends an Allow Once permission.
                    The console log and the counters start afresh.
                    .Ic launch
                    fails only when the app does not build.
                    """#,
                examples: ["launch", "launch --flavor objc", "launch --flavor nearby", "launch --request always"],
                handler: { ctx throws(Diagnostic) in
                    let asked = try ctx.option("flavor", as: .word("a flavour", AppFlavor.init(rawValue:)))
                    let flavor = asked ?? ctx.shell.defaultFlavor
                    // A run given a flavour (placeshell --flavor, a test of a flavour matrix)
                    // that launches another would not test the flavour it was given.
                    if let asked, let given = ctx.shell.commandLineFlavor, asked != given {
                        ctx.shell.warn(
                            "'launch --flavor \(asked.rawValue)' launches another flavour than this run's --flavor \(given.rawValue)"
                        )
                    }
                    let request =
                        try ctx.option("request", as: .word("a request", AuthorizationRequest.init(rawValue:)))
                        ?? .whenInUse
                    // Xcode builds the app against the project's GooglePlaces first: a build that
                    // fails leaves whatever ran before as it was.
                    let build = ctx.session.build(flavor)
                    guard build.succeeded else {
                        throw Diagnostic(
                            .runtime,
                            "the \(flavor.title) app does not build against GooglePlaces \(ctx.session.places.sdk)",
                            at: ctx.location, help: build.fix, notes: build.errors,
                            details: [Value.Field("errors", .list(build.errors.map { .string($0) }))])
                    }
                    ctx.session.launch(flavor: flavor, request: request)
                    return CommandResult(
                        value: appValue(ctx.shell),
                        text: build.warnings + [
                            "launched the \(flavor.title) app: map screen, map hidden until the first fix"
                                + (request == .always ? "; it asks for Always (requestAlwaysAuthorization)" : "")
                        ])
                }),
            CommandSpec(
                "terminate", aliases: ["kill"],
                summary: "end the app (an Allow Once permission ends with it)",
                effect: .acts,
                api: APIEntry(what: "the process ends (swipe away in the app switcher)"),
                manual: #"""
                    .It Ic terminate
                    End the app's process, as swiping it away does.
                    Its pending callbacks and places responses die with it, location updates stop,
                    the picker closes, and an Allow Once permission ends: the status reads
                    .Qq notDetermined
                    again.
                    The log and the counters stay for
                    .Ic log
                    and
                    .Ic stats
                    until the next
                    .Ic launch .
                    Fails when the app is not running.
                    Alias:
                    .Ic kill .
                    """#,
                examples: ["terminate"],
                handler: { ctx throws(Diagnostic) in
                    _ = try requireApp(ctx)
                    ctx.session.terminate()
                    return .line("the app was terminated", value: appValue(ctx.shell))
                }),
            CommandSpec(
                "app",
                summary: "show whether the app is active, in the background or not running",
                effect: .looks,
                api: APIEntry(what: "UIApplication.shared.applicationState"),
                manual: #"""
                    .It Ic app
                    Show the app's state:
                    .Qq active ,
                    .Qq background
                    or
                    .Qq notRunning
                    .Pq also Li app.state .
                    These are the names
                    .Vt UIApplication
                    gives the state;
                    .Qq active
                    is in the foreground.
                    .Ic app background
                    sends the app to the background and
                    .Ic app foreground
                    brings it back.
                    """#,
                examples: ["app"],
                subcommands: [
                    CommandSpec(
                        "background",
                        arguments: [
                            ArgSpec(
                                "DURATION", .number(.duration, range: 0...31_536_000), optional: true,
                                summary: "stay away this long, then come back (as 'wait' lets time pass)")
                        ],
                        summary: "send the app to the background (the Home gesture); with DURATION, come back after it",
                        effect: .acts,
                        api: APIEntry(
                            what: "the Home gesture or another app: the app is suspended",
                            callbacks: [
                                "none while suspended; back in the foreground: locationManager(_:didChangeAuthorization:) when the status changed, then one fix"
                            ]),
                        manual: #"""
                            .It Ic app background Op Ar DURATION
                            Send the app to the background, as the Home gesture does.
                            The tutorial has no location background mode
                            .Po
                            no
                            .Li UIBackgroundModes
                            location,
                            .Va allowsBackgroundLocationUpdates
                            false
                            .Pc ,
                            so the app is suspended: no
                            .Fn locationManager _:didUpdateLocations:
                            reaches it while it is away, and its callbacks wait for its return.
                            It implements no
                            .Fn applicationDidEnterBackground
                            or scene delegate method, so it prints nothing.
                            An open permission alert is dismissed unanswered.
                            An Allow Once permission ends when the app has been away 10 s: the
                            status reads
                            .Qq notDetermined
                            again, and the app is told when it is back
                            .Pq see Sx SIMULATION CHOICES .
                            While the app is away the commands that touch it are refused; the
                            device, Settings and
                            .Ic wait
                            work.
                            With
                            .Ar DURATION ,
                            virtual time passes as
                            .Ic wait
                            lets it
                            .Pq 0 to one year ,
                            then the app comes back to the foreground as
                            .Ic app foreground
                            brings it.
                            Fails when the app is not running or is already in the background.
                            """#,
                        examples: ["app background", "app background 1min"],
                        handler: appBackgroundCommand),
                    CommandSpec(
                        "foreground",
                        summary: "bring the app back from the background: what it missed arrives",
                        effect: .acts,
                        api: APIEntry(
                            what: "the app is opened again from the Home Screen or the app switcher",
                            callbacks: [
                                "locationManager(_:didChangeAuthorization:) when the status changed while away",
                                "the places callbacks that came back meanwhile",
                                "locationManager(_:didUpdateLocations:) 1 s later, where the device is now",
                            ]),
                        manual: #"""
                            .It Ic app foreground
                            Bring the app back from the background.
                            A status that changed while it was away reaches
                            .Fn locationManager _:didChangeAuthorization:
                            first, with the app's lines
                            .Po
                            after an Allow Once that ended:
                            .Ql Location status not determined.
                            .Pc ;
                            then the places callbacks whose responses came meanwhile run; and
                            when updates are on and allowed, one fix of where the device is now
                            follows 1 s later, through the distance filter, whatever moves it
                            made meanwhile.
                            Fails when the app is not in the background.
                            """#,
                        examples: ["app foreground"],
                        handler: { ctx throws(Diagnostic) in
                            let app = try requireApp(ctx)
                            guard app.isInBackground else {
                                throw .runtime(
                                    "the app is already in the foreground", at: ctx.location,
                                    help: "'app background' sends it away")
                            }
                            ctx.session.bringAppToForeground()
                            return .line("the app is back in the foreground", value: appValue(ctx.shell))
                        }),
                ],
                handler: { ctx throws(Diagnostic) in
                    let state = appState(ctx.shell)
                    return .line("app state: " + state, value: .string(state))
                }),
            CommandSpec(
                "reset",
                summary:
                    "the simulator's Erase All Content and Settings: permission and Precise back to their defaults",
                effect: .acts,
                api: APIEntry(what: "Simulator: Device ▸ Erase All Content and Settings"),
                manual: #"""
                    .It Ic reset
                    The Simulator's Erase All Content and Settings: terminates the app when it runs
                    and puts every privacy setting back to its default (permission Ask Next Time,
                    Precise on, Location Services on, no restriction), so the next
                    .Ic launch
                    shows the alert again.
                    The log and the counters are cleared.
                    The simulated location, the place dataset and the fields the app requests are
                    kept.
                    Works with or without a running app.
                    """#,
                examples: ["reset"],
                handler: { ctx throws(Diagnostic) in
                    ctx.session.reset()
                    return .line("content and settings erased", value: .null)
                }),
            CommandSpec(
                "wait",
                arguments: [
                    ArgSpec(
                        "DURATION", .number(.duration, range: 0...31_536_000),
                        summary: "virtual time, e.g. 1.5s, 200ms, 3min")
                ],
                summary: "let virtual time pass, delivering whatever falls due",
                effect: .acts,
                api: APIEntry(
                    what: "time passes: the run loop delivers what falls due",
                    callbacks: ["whatever is pending ('events')"]),
                manual: #"""
                    .It Ic wait Ar DURATION
                    Let virtual time pass: move the clock forward by
                    .Ar DURATION
                    .Po
                    a bare number is seconds; 0 to one year, e.g.
                    .Li 1.5s ,
                    .Li 200ms ,
                    .Li 15min
                    .Pc ,
                    running every callback, response and animation that falls due on the way, in
                    order, then print the clock and the virtual date, after the lines of what was
                    delivered:
                    .Ql clock 900s (6/1/24, 9:15:00 AM Coordinated Universal Time) .
                    Most events need no
                    .Ic wait :
                    they run after each command
                    .Pq see Sx Clock and run loop .
                    A reduced-accuracy fix held back by the 15-minute limit is the exception: only
                    .Ic wait
                    reaches it.
                    Ctrl-C stops a long wait at a safe point.
                    It stops between two events: the clock stays at the last one delivered and
                    the rest stay queued
                    .Pq Ic events ,
                    so a further
                    .Ic wait
                    carries on from there.
                    The virtual clock ends at 1000000000000 s (about 31,700 years): a
                    .Ic wait ,
                    .Ic app background
                    or route that would take it further is refused, and the clock stays.
                    """#,
                examples: ["wait 1s", "wait 15min"],
                handler: { ctx throws(Diagnostic) in
                    let seconds = try ctx.required("DURATION", as: .number).value
                    // The message reads the session alone: an autoclosure that reads `ctx` holds a
                    // copy of it (the command's invocation with it), made and destroyed every wait.
                    let session = ctx.session
                    try passTime(ctx, seconds, stopped: "\(session.pendingEvents.count) events are still queued")
                    return .line(clockLine(session.clock), value: .number(session.clock, .duration))
                }),
            CommandSpec(
                "status", aliases: ["st"],
                summary: "one screen: app, screen, permission, location, camera, list, markers, requests",
                effect: .looks,
                api: APIEntry(what: "a look at the phone, Settings and the debugger at once"),
                manual: #"""
                    .It Ic status
                    One screen: the app (running, flavour, screen, or how it crashed), the
                    permission (status, accuracy, Settings entry, Precise, Location Services,
                    restriction, whether the alert is waiting), the device's position, the last
                    fix the app received, whether updates are on, the map (hidden or shown, camera
                    target and zoom, animating), the likely-places list and requests in flight, the
                    picker, the markers, the request counters, the Cloud project's Places APIs
                    .Pq Ic project ,
                    the GooglePlaces SDK the app builds against
                    .Pq Ic sdk
                    and the clock.
                    Without a running app only the app, permission, device, requests, project,
                    SDK and clock rows are shown.
                    Alias:
                    .Ic st .
                    """#,
                examples: ["status"],
                handler: statusCommand),
            CommandSpec(
                "log",
                arguments: [ArgSpec("N", .integer(1...1_000_000), optional: true, summary: "only the last N lines")],
                summary: "show the app's console lines again",
                effect: .looks,
                api: APIEntry(what: "Xcode's console: what the app printed with print() or NSLog()"),
                manual: #"""
                    .It Ic log Op Ar N
                    Show the app's console lines again, in order: everything the app printed with
                    .Fn print
                    .Pq Swift
                    or
                    .Fn NSLog
                    .Pq Objective-C, with NSLog's prefix
                    since the last
                    .Ic launch ,
                    or only the last
                    .Ar N
                    .Pq 1 or more .
                    The simulator's own
                    .Ql note:
                    lines, the alert and crash reports are not console lines and are not in the
                    log.
                    With nothing printed yet:
                    .Ql (the console is empty) .
                    """#,
                examples: ["log", "log 3"],
                handler: { ctx throws(Diagnostic) in
                    let all = ctx.session.log
                    let n = min(try ctx.optional("N", as: .integer) ?? all.count, all.count)
                    let lines = Array(all.suffix(n))
                    return CommandResult(
                        value: .list(lines.map { .string($0) }),
                        text: lines.isEmpty ? ["(the console is empty)"] : lines)
                }),
        ],
        stateRoots: [
            StateRoot(
                "app", summary: "the app",
                manual: #"""
                    .It Li app.running , app.flavor , app.request , app.screen , app.crashed , app.state
                    Whether the app runs;
                    .Qq swift ,
                    .Qq objc
                    or
                    .Qq nearby
                    (of the app that runs or ran last, else the shell's flavour);
                    .Qq when-in-use
                    or
                    .Qq always ,
                    the permission that app asks for
                    .Pq Ic launch Fl Fl request ;
                    .Qq map
                    or
                    .Qq picker ,
                    or
                    .Li nil
                    when the app is not running; whether the app that ran last crashed
                    .Pq P11 ;
                    .Qq active ,
                    .Qq background
                    or
                    .Qq notRunning ,
                    as
                    .Vt UIApplication.State
                    names the first two
                    .Pq Ic app background .
                    """#,
                shape: .record([
                    "running": .bool, "flavor": .words(AppFlavor.self), "request": .words(AuthorizationRequest.self),
                    "screen": .optional(.words(AppScreen.self)), "crashed": .bool,
                    "state": .words(["active", "background", "notRunning"]),
                ])
            ) { shell in .leaf(appValue(shell)) },
            StateRoot(
                "log", summary: "the app's console lines since launch",
                manual: #"""
                    .It Li log.count , log[ Ns Ar N Ns Li ] , log
                    The app's console lines since the last launch, in order;
                    .Li log
                    alone is all of them, as a list.
                    The console is text:
                    .Ql expect log contains TEXT
                    looks for TEXT within its lines, and
                    .Ic matches
                    tries the pattern on each line.
                    """#,
                shape: .lines
            ) { shell in
                let log = shell.session.log
                return .list(count: log.count, element: { .leaf(.string(log[$0])) })
            },
            StateRoot(
                "stats", summary: "counters since launch",
                manual: #"""
                    .It Li stats.placesRequests , stats.locationUpdates , stats.inFlight , stats.billing
                    Places requests sent and fixes delivered since the last launch, requests
                    waiting for their response, and the billable units of each SKU (0 for one not
                    billed):
                    .Li stats.billing.findCurrentPlace ,
                    .Li stats.billing.basicData ,
                    .Li contactData ,
                    .Li atmosphereData ,
                    .Li nearbySearchPro ,
                    .Li nearbySearchEnterprise ,
                    .Li nearbySearchEnterpriseAtmosphere .
                    """#,
                shape: .record(
                    [
                        StateMember(name: "placesRequests", shape: .plain),
                        StateMember(name: "locationUpdates", shape: .plain),
                        StateMember(name: "inFlight", shape: .plain),
                        StateMember(
                            name: "billing", shape: .record(Stats.skus.map { StateMember(name: $0, shape: .plain) })),
                    ])
            ) {
                shell in
                let s = shell.session.stats
                return .fields([
                    ("placesRequests", .int(s.placesRequests)), ("locationUpdates", .int(s.locationUpdates)),
                    ("inFlight", .int(shell.session.app?.requestsInFlight ?? 0)),
                    ("billing", .record(Stats.skus.map { Value.Field($0, .int(s.billed($0))) })),
                ])
            },
        ],
        promptTag: { shell in
            guard let app = shell.session.app else { return nil }
            var tag = app.screen.rawValue
            if app.isInBackground { tag += " background" }
            if shell.session.device.promptOpen || shell.session.device.servicesAlertOpen { tag += " alert" }
            return tag
        },
        afterCommand: { shell in shell.settleRunLoop() })
}

extension Shell {
    /// After each command the run loop delivers what is due (unless stepping is on).
    func settleRunLoop() {
        if autorun { session.settle() }
    }
}

/// The running app, or an error saying how to start it.
func requireApp(_ ctx: CommandContext) throws(Diagnostic) -> TutorialApp {
    guard let app = ctx.session.app else {
        var help = "type 'launch' first"
        if let crashed = ctx.session.lastApp?.crashMessage {
            help = "it crashed (\(crashed)); type 'launch' to start it again"
            if ctx.session.device.privacy.unknownFutureStatus {
                help += " — it crashes again while the status is unknown: change it first, e.g. 'auth allow'"
            }
        }
        throw .runtime("the app is not running", at: ctx.location, help: help)
    }
    return app
}

/// `wait`'s line, `clock 900s (6/1/24, 9:15:00 AM Coordinated Universal Time)`, written into one
/// String (at most 6 + 24 + 1 + 2 + 50 + 1 bytes): a script of fixes waits after each.
func clockLine(_ clock: Double) -> String {
    TextWriter.string(capacity: 96) { text in
        text.append("clock ")
        text.append(number: clock)
        text.append(contentsOf: Dimension.duration.baseUnit)
        text.append(" (")
        VirtualDate(clock: clock).writeLocaleDescription(to: &text)
        text.append(")")
    }
}

/// Lets `seconds` of virtual time pass for a command and prints what they delivered (it happened
/// before the clock they reached, so it comes first). Ctrl-C stops at a safe point: the error says
/// how far the time got and, from `stopped`, what is still so.
func passTime(_ ctx: CommandContext, _ seconds: Double, stopped: @autoclosure () -> String) throws(Diagnostic) {
    try checkTimeLeft(ctx, seconds)
    let start = ctx.session.clock
    let finished = ctx.session.advance(by: seconds, interrupted: ctx.shell.interruptRequested)
    ctx.shell.printHeldEvents()
    guard finished else {
        let passed = ctx.session.clock - start
        throw .interrupted(
            "the wait stopped after \(formatQuantity(passed, .duration)) of \(formatQuantity(seconds, .duration)), at clock \(formatQuantity(ctx.session.clock, .duration)); \(stopped())"
        )
    }
}

/// Refuses to let `seconds` pass when they would take the clock beyond its end (about 31,700
/// years), before anything changes.
func checkTimeLeft(_ ctx: CommandContext, _ seconds: Double) throws(Diagnostic) {
    let left = ctx.session.timeLeft
    guard seconds > left + 0.000_000_5 else { return }
    throw .runtime(
        "the virtual clock ends at \(formatQuantity(Session.clockEnd, .duration)) (about 31,700 years) and is at \(formatQuantity(ctx.session.clock, .duration)): \(formatQuantity(left, .duration)) can still pass, not \(formatQuantity(seconds, .duration))",
        at: ctx.location, help: "the clock never goes back: start a new session, or 'load' one saved earlier")
}

/// The app's state as `UIApplication.State` names it, or notRunning.
func appState(_ shell: Shell) -> String {
    guard let app = shell.session.app else { return "notRunning" }
    return app.isInBackground ? "background" : "active"
}

/// `app background [DURATION]`.
private func appBackgroundCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let app = try requireApp(ctx)
    let duration = try ctx.optional("DURATION", as: .number)?.value
    guard !app.isInBackground else {
        throw .runtime(
            "the app is already in the background", at: ctx.location, help: "'app foreground' brings it back")
    }
    if let duration { try checkTimeLeft(ctx, duration) }
    ctx.session.sendAppToBackground()
    guard let seconds = duration else {
        return .line("the app is in the background", value: appValue(ctx.shell))
    }
    // What happened while the app was away prints before its return.
    try passTime(ctx, seconds, stopped: "the app is still in the background ('app foreground' brings it back)")
    ctx.session.bringAppToForeground()
    return .line(
        "the app was in the background for \(formatQuantity(seconds, .duration)) and is back in the foreground at clock \(formatQuantity(ctx.session.clock, .duration))",
        value: appValue(ctx.shell))
}

func appValue(_ shell: Shell) -> Value {
    let app = shell.session.app
    let last = shell.session.lastApp
    return .record([
        Value.Field("running", .bool(app != nil)),
        Value.Field("flavor", .string(((app ?? last)?.flavor ?? shell.defaultFlavor).rawValue)),
        Value.Field("request", .string(((app ?? last)?.authorizationRequest ?? .whenInUse).rawValue)),
        Value.Field("screen", app.map { .string($0.screen.rawValue) } ?? .null),
        Value.Field("crashed", .bool(app == nil && last?.crashMessage != nil)),
        Value.Field("state", .string(appState(shell))),
    ])
}

private func statusCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let session = ctx.session
    var rows: [[String]] = []
    if let app = session.app {
        rows.append([
            "app",
            "running (\(app.flavor.rawValue)), \(app.screen == .map ? "map screen" : "picker open")"
                + (app.isInBackground ? ", in the background ('app foreground' brings it back)" : ""),
        ])
    } else if let crashed = session.lastApp?.crashMessage {
        rows.append(["app", "crashed: \(crashed)"])
    } else {
        rows.append(["app", "not running"])
    }
    let privacy = session.device.privacy
    var permission = "\(privacy.status.rawValue), accuracy \(privacy.accuracy.rawValue)"
    permission += " — Settings: \(privacy.settingName), Precise \(privacy.precise ? "on" : "off")"
    if !privacy.servicesEnabled { permission += ", Location Services off" }
    if privacy.restricted { permission += ", restricted" }
    if session.device.promptOpen { permission += " — the alert is waiting for an answer" }
    if session.device.servicesAlertOpen { permission += " — the Location Services alert is waiting" }
    rows.append(["permission", permission])
    if let position = session.device.position {
        rows.append([
            "device",
            "\(formatNumber(position.coordinate.latitude)), \(formatNumber(position.coordinate.longitude)) ±\(formatNumber(position.horizontalAccuracy)) m",
        ])
    } else {
        rows.append(["device", "no position (locate LAT LNG)"])
    }
    let language = session.device.language
    rows.append(["language", "\(language.code) (\(language.name)): \(language.alertCoverage)"])
    if let app = session.app {
        let fix = app.locationManager.lastDelivered
        rows.append(["location", fix.map { $0.description } ?? "none delivered yet"])
        rows.append([
            "updates",
            (app.locationManager.isUpdating
                ? "on, distance filter \(formatNumber(app.locationManager.distanceFilter)) m" : "stopped")
                + (app.isInBackground && app.locationManager.isUpdating
                    ? " — nothing is delivered while the app is in the background" : ""),
        ])
        let map = app.mapView
        let cam = map.camera
        rows.append([
            "map",
            (map.isHidden ? "hidden" : map.isBlank ? "shown, blank (no tiles)" : "shown")
                + ", camera \(formatNumber(cam.target.latitude)), \(formatNumber(cam.target.longitude)) zoom \(formatNumber(cam.zoom))"
                + (map.animation != nil ? " (animating)" : ""),
        ])
        rows.append([
            "list",
            "\(app.likelyPlaces.count) likely place\(app.likelyPlaces.count == 1 ? "" : "s")"
                + (app.requestsInFlight > 0
                    ? ", \(app.requestsInFlight) request\(app.requestsInFlight == 1 ? "" : "s") in flight" : ""),
        ])
        if let rows2 = app.pickerPlaces {
            rows.append(["picker", "open, \(rows2.count) row\(rows2.count == 1 ? "" : "s")"])
        }
        let markers = map.markers.enumerated().map { i, m in
            "\(i + 1). \(m.title ?? "(no title)")" + (m.snippet == nil ? " (no snippet)" : "")
        }
        rows.append(["markers", markers.isEmpty ? "none" : markers.joined(separator: "; ")])
    }
    rows.append([
        "requests", "\(session.stats.placesRequests) places, \(session.stats.locationUpdates) location updates",
    ])
    rows.append(["project", projectText(session.places.project)])
    rows.append(["sdk", sdkText(session.places.sdk)])
    rows.append([
        "clock", "\(formatQuantity(session.clock, .duration)) (\(VirtualDate(clock: session.clock).localeDescription))",
    ])
    let table = TextTable(headers: ["", ""], rows: rows)
    let value = Value.record(rows.map { Value.Field($0[0], .string($0[1])) })
    return CommandResult(value: value, text: table.render())
}
