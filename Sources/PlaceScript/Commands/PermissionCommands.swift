import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// Location permission: the system alert, the app's Settings entry, Location Services.
    public static let permission = CommandFamily(
        name: "Permission",
        summary: "answer the location alert, or change the app's Settings entry",
        manual: #"""
            Answer the location alert, or change the app's entry in Settings.
            While the alert is on screen
            .Po
            .Li auth.prompt
            is
            .Li true ;
            the prompt shows
            .Ql alert
            .Pc ,
            .Ic auth allow ,
            .Ic auth allow once ,
            .Ic auth allow --approximate
            and
            .Ic auth deny
            press its buttons.
            The alert is modal, as on a device: until it is answered, every command that
            touches the app's screens
            .Pq listed under Sx COMMANDS
            fails with an error that names the answers, and changes nothing; the commands
            that look, the run loop, the device and Settings work as before.
            With no alert the same words change the app's entry in Settings \(->
            Privacy \(-> Location Services.
            Every change of the status reaches a running app through
            .Fn locationManager _:didChangeAuthorization:
            on the next turn of the run loop, with the app's console lines; a change of the
            accuracy alone does not
            .Pq see Sx SIMULATION CHOICES .
            When the status becomes
            .Qq denied
            or
            .Qq restricted
            while the app is updating, Core Location then calls
            .Fn locationManager _:didFailWithError:
            with
            .Dv kCLErrorDomain
            code 1; the app prints
            .Ql Error: Error Domain=kCLErrorDomain Code=1 \(dq(null)\(dq
            and stops updating for good
            .Pq P5 :
            no fix comes again until the next
            .Ic launch ,
            whatever the status later becomes.
            The permission commands work with or without a running app, except
            .Ic auth unknown .
            """#,
        commands: [
            CommandSpec(
                "auth",
                summary: "show the authorization status, or answer the alert / change Settings",
                effect: .looks,
                api: APIEntry(
                    what: "the system alert's buttons, or Settings ▸ Privacy & Security ▸ Location Services ▸ the app",
                    callbacks: [
                        "locationManager(_:didChangeAuthorization:) when the status changes",
                        "locationManager(_:didFailWithError:) (kCLErrorDenied) when updating and no longer allowed",
                    ]),
                manual: #"""
                    .It Ic auth
                    Show the authorization status, the accuracy, the Settings entry, the Precise
                    switch, Location Services, a restriction when there is one, and whether the
                    alert is waiting for an answer.
                    With
                    .Fl Fl approximate ,
                    .Ic auth allow
                    turns the Precise switch off before it presses the button.
                    While the alert is on screen, commands that touch the app, such as
                    .Ic likely ,
                    .Ic select
                    and
                    .Ic tap ,
                    are refused.
                    With no alert,
                    .Ic auth allow
                    chooses While Using the App,
                    .Ic auth allow once
                    Ask Next Time,
                    .Ic auth deny
                    Never,
                    .Ic auth always
                    Always
                    .Po
                    which Settings offers only when the Info.plist has
                    .Dv NSLocationAlwaysAndWhenInUseUsageDescription
                    .Pc ,
                    and
                    .Ic auth precise
                    sets the Precise switch.
                    """#,
                examples: ["auth"],  // each subcommand adds its own
                subcommands: [
                    CommandSpec(
                        "allow", arguments: [ArgSpec("once", .choice(["once"]), optional: true, summary: "Allow Once")],
                        options: [OptionSpec("approximate", summary: "Precise off: reduced accuracy")],
                        summary: "Allow While Using App (or Allow Once); in Settings: While Using the App",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth allow Oo Fl Fl approximate Oc Op Cm once
                            At the alert: Allow While Using App, status
                            .Qq authorizedWhenInUse ;
                            with
                            .Cm once ,
                            Allow Once: the same status until the app terminates or has
                            been in the background for 10 s
                            .Po
                            Settings reads
                            .Ql Allow Once (this session)
                            .Pc ;
                            with
                            .Fl Fl approximate ,
                            the Precise switch is turned off first and the accuracy is
                            .Qq reduced .
                            At the alert of an always request
                            .Pq Ic launch Fl Fl request Cm always ,
                            Allow While Using App gives provisional Always: status
                            .Qq authorizedAlways ,
                            Settings reads
                            .Ql While Using the App (provisional Always) .
                            When the Info.plist has
                            .Dv NSLocationDefaultAccuracyReduced
                            set to true, the alert has no Precise switch: allowing gives
                            .Qq reduced
                            accuracy, and
                            .Ic auth precise on
                            turns it on afterwards.
                            In Settings: While Using the App; the Precise switch is an entry of
                            its own there and stays as it was
                            .Po
                            .Ic auth precise off ;
                            .Ic auth allow
                            keeps it off
                            .Pc ,
                            unless
                            .Fl Fl approximate
                            turns it off;
                            .Cm once
                            in Settings means Ask Next Time: status
                            .Qq notDetermined ,
                            and the alert comes back at the next
                            .Ic launch .
                            The app prints
                            .Ql Location accuracy is precise.
                            .Pq or Ql ... is not precise.
                            and
                            .Ql Location status is OK. ;
                            when it is updating and the device has a position, its first fix follows 1 s
                            later.
                            """#,
                        examples: ["auth allow", "auth allow once", "auth allow --approximate"],
                        handler: { ctx throws(Diagnostic) in
                            let once = try ctx.optional("once", as: .word) == "once"
                            let device = ctx.session.device
                            let fromAlert = device.promptOpen
                            // An alert shown for an Info.plist that asks for reduced accuracy
                            // has no Precise switch: it stays off.
                            // In Settings the Precise switch is an entry of its own: choosing
                            // While Using the App leaves it as it was.
                            let approximate = try ctx.flag("approximate")
                            let precise =
                                fromAlert
                                ? !approximate && !device.promptAccuracyReduced
                                : !approximate && device.privacy.precise
                            // Allow While Using App at the alert of an always request: provisional Always.
                            let provisional = fromAlert && ctx.session.app?.authorizationRequest == .always
                            return answer(ctx) { p in
                                p.precise = precise
                                if once {
                                    // Allow Once is a button of the alert; in Settings the same
                                    // words mean Ask Next Time.
                                    p.permission = .askNextTime
                                    p.allowedOnce = fromAlert
                                } else {
                                    p.permission = .whileUsing
                                    p.allowedOnce = false
                                    p.provisionalAlways = provisional
                                }
                            }
                        }),
                    CommandSpec(
                        "always", options: [OptionSpec("approximate", summary: "Precise off: reduced accuracy")],
                        summary: "in Settings: Always (only for an app whose Info.plist declares it)",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth always Op Fl Fl approximate
                            In Settings: Always, with the Precise switch as it was
                            .Pq turned off with Fl Fl approximate ;
                            status
                            .Qq authorizedAlways .
                            The alert has no such button, so with the alert on screen going to Settings
                            dismisses it unanswered first.
                            Settings offers Always only to an app whose Info.plist has
                            .Dv NSLocationAlwaysAndWhenInUseUsageDescription ,
                            as the tutorial's does; without it
                            .Po
                            .Ic plist remove
                            .Pc
                            the change is refused and nothing changes.
                            The app treats the status as it treats when-in-use: both flavours print
                            .Ql Location status is OK.
                            .Pq the Objective-C switch falls into the same line .
                            """#,
                        examples: ["auth always", "auth always --approximate"],
                        handler: { ctx throws(Diagnostic) in
                            // Settings keeps the Precise switch apart (see `auth allow`).
                            let precise = try !ctx.flag("approximate") && ctx.session.device.privacy.precise
                            let key = UsageKey.alwaysAndWhenInUse
                            guard ctx.session.device.infoPlist.text(for: key) != nil else {
                                throw .runtime(
                                    "Settings offers no Always for this app: its Info.plist has no \(key.rawValue)",
                                    at: ctx.location,
                                    help:
                                        "iOS lists Always only for an app that declares it may use location at all times; 'plist add \(key.rawValue)' declares it, 'auth allow' chooses While Using the App"
                                )
                            }
                            return settingsChange(ctx, saying: "Settings: Always") { p in
                                p.permission = .always
                                p.allowedOnce = false
                                p.provisionalAlways = false
                                p.precise = precise
                            }
                        }),
                    CommandSpec(
                        "deny", aliases: ["never"],
                        summary: "Don't Allow; in Settings: Never",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth deny
                            At the alert: Don't Allow; in Settings: Never.
                            Status
                            .Qq denied .
                            The app prints
                            .Ql User denied access to location.
                            and shows the map at the default point in Sydney; didFailWithError follows
                            .Pq P5 .
                            Alias:
                            .Ic auth never .
                            """#,
                        examples: ["auth deny"],
                        handler: { ctx throws(Diagnostic) in
                            answer(ctx) { p in
                                p.permission = .never
                                p.allowedOnce = false
                            }
                        }),
                    CommandSpec(
                        "precise", arguments: [ArgSpec("STATE", .choice(["on", "off"]), summary: "on or off")],
                        summary: "turn the Precise switch on or off in Settings",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth precise Cm on|off
                            Turn the Precise switch in Settings on or off.
                            Only the accuracy changes, so the tutorial's deprecated callback is not called
                            and the app prints nothing; the next fix and the next places request use the
                            new accuracy, and the zoom the app picks at that fix follows it (P12).
                            Turning Precise on ends any wait for the reduced-accuracy rate: a full-accuracy
                            fix follows 1 s later.
                            """#,
                        examples: ["auth precise off"],
                        handler: { ctx throws(Diagnostic) in
                            let on = try ctx.required("STATE", as: .word) == "on"
                            return settingsChange(ctx) { $0.precise = on }
                        }),
                    CommandSpec(
                        "restrict",
                        arguments: [
                            ArgSpec("STATE", .choice(["on", "off"]), optional: true, summary: "on (default) or off")
                        ],
                        summary: "a parental restriction on location for the app (status restricted)",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth restrict Op Cm on|off
                            A parental restriction on location for the app
                            .Po Cm on , the default Pc
                            or its removal
                            .Pq Cm off .
                            Restricted wins over every other setting: status
                            .Qq restricted .
                            The app prints
                            .Ql Location access was restricted.
                            and does nothing else: the map stays as it was, hidden for good
                            when no fix has come yet
                            .Pq P6 ,
                            shown where it is after one; didFailWithError follows and stops
                            updates, so no fix moves it again.
                            With the restriction removed, the status is what Settings say again.
                            """#,
                        examples: ["auth restrict", "auth restrict off"],
                        handler: { ctx throws(Diagnostic) in
                            let on = try ctx.optional("STATE", as: .word) != "off"
                            return settingsChange(ctx) { $0.restricted = on }
                        }),
                    CommandSpec(
                        "services", arguments: [ArgSpec("STATE", .choice(["on", "off"]), summary: "on or off")],
                        summary: "the global Location Services switch (off reads as denied)",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth services Cm on|off
                            The global Location Services switch.
                            Off reads as
                            .Qq denied
                            to the app, as for
                            .Ic auth deny ;
                            on restores the status the Settings entry gives.
                            An app that starts location updates while it is off gets iOS's own
                            alert on top of the denial,
                            .Ql Turn On Location Services to Allow \(lqcurrent-place-on-map\(rq to Determine Your Location ,
                            with Settings and Cancel, as
                            .Va locationServicesEnabled Ns 's
                            documentation says: the alert takes every touch until
                            .Ic auth services on
                            .Pq Settings, where the switch is turned on
                            or
                            .Ic auth cancel
                            answers it.
                            """#,
                        examples: ["auth services off", "auth services on"],
                        handler: { ctx throws(Diagnostic) in
                            let on = try ctx.required("STATE", as: .word) == "on"
                            return settingsChange(ctx) { $0.servicesEnabled = on }
                        }),
                    CommandSpec(
                        "cancel",
                        summary: "Cancel at iOS's \"Turn On Location Services\" alert",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth cancel
                            Cancel at the alert iOS shows when the app starts location updates while
                            Location Services are off: the alert goes, Location Services stay off and
                            the app stays denied.
                            Fails when that alert is not on screen.
                            """#,
                        examples: ["auth cancel"],
                        handler: { ctx throws(Diagnostic) in
                            guard ctx.session.device.servicesAlertOpen else {
                                throw .runtime(
                                    "the Location Services alert is not on screen", at: ctx.location,
                                    help: "it appears when the app starts location updates with 'auth services off'")
                            }
                            ctx.session.device.servicesAlertOpen = false
                            return .line(
                                "Location Services alert cancelled — Location Services stay off, status denied",
                                value: authValue(ctx.shell))
                        }),
                    CommandSpec(
                        "unknown",
                        summary: "report a status the app's code does not know, as a future iOS might (P11)",
                        effect: .acts,
                        manual: #"""
                            .It Ic auth unknown
                            Report a status the app's code does not know, as a future iOS might.
                            At the callback the app prints its accuracy line.
                            The Swift app then reaches its status switch's
                            .Ql @unknown default: fatalError()
                            and crashes: its console, and
                            .Li log ,
                            show the Swift runtime's line
                            .Ql current_place_on_map/MapViewController.swift:155: Fatal error ,
                            a note says why
                            .Pq P11 ,
                            .Li app.crashed
                            is
                            .Li true
                            and the app is not running; the shell goes on.
                            The Objective-C switch has a case for each known status and no default:
                            that app prints nothing more and keeps running.
                            A new
                            .Ic launch
                            of the Swift app crashes again until another
                            .Ic auth
                            subcommand, such as
                            .Ic auth allow ,
                            clears the unknown status.
                            Fails when the app is not running.
                            """#,
                        examples: ["auth unknown"],
                        handler: { ctx throws(Diagnostic) in
                            _ = try requireApp(ctx)
                            ctx.session.changePrivacy { $0.unknownFutureStatus = true }
                            return .line(
                                "Core Location reports a status this code does not know", value: authValue(ctx.shell))
                        }),
                ],
                handler: { ctx throws(Diagnostic) in
                    let shell = ctx.shell
                    let p = shell.session.device.privacy
                    var rows = [
                        ["status", p.status.rawValue], ["accuracy", p.accuracy.rawValue], ["settings", p.settingName],
                        ["precise", p.precise ? "on" : "off"], ["services", p.servicesEnabled ? "on" : "off"],
                    ]
                    if p.restricted { rows.append(["restricted", "yes"]) }
                    if shell.session.device.promptOpen {
                        rows.append([
                            "alert", "waiting: auth allow | auth allow once | auth allow --approximate | auth deny",
                        ])
                    }
                    return CommandResult(
                        value: authValue(shell), text: TextTable(headers: ["", ""], rows: rows).render())
                })
        ],
        stateRoots: [
            StateRoot(
                "auth", summary: "permission",
                manual: #"""
                    .It Li auth.status
                    .Qq notDetermined ,
                    .Qq restricted ,
                    .Qq denied ,
                    .Qq authorizedAlways
                    or
                    .Qq authorizedWhenInUse .
                    .It Li auth.accuracy
                    .Qq full
                    or
                    .Qq reduced .
                    .It Li auth.prompt , auth.servicesAlert
                    Whether the permission alert is on screen; whether iOS's
                    .Dq Turn On Location Services
                    alert is.
                    .It Li auth.settings
                    The app's entry in Settings:
                    .Qq Ask Next Time ,
                    .Qq Allow Once (this session) ,
                    .Qq While Using the App ,
                    .Qq While Using the App (provisional Always) ,
                    .Qq Always ,
                    .Qq Never .
                    .It Li auth.precise , auth.services , auth.restricted
                    The Precise switch, the global Location Services switch, a parental
                    restriction: booleans.
                    """#,
                shape: .record([
                    "status": .words(AuthorizationStatus.self), "accuracy": .words(AccuracyAuthorization.self),
                    "prompt": .bool, "settings": .text, "precise": .bool, "services": .bool, "restricted": .bool,
                    "servicesAlert": .bool,
                ])
            ) {
                shell in .leaf(authValue(shell))
            }
        ])
}

/// Presses a button of the alert when it is open; otherwise changes Settings.
private func answer(_ ctx: CommandContext, _ change: @escaping (inout PrivacySettings) -> Void) -> CommandResult {
    let session = ctx.session
    let fromAlert = session.device.promptOpen
    session.device.promptOpen = false
    session.changePrivacy { p in
        p.provisionalAlways = false
        change(&p)
        p.unknownFutureStatus = false
    }
    let p = session.device.privacy
    let what = fromAlert ? "alert answered" : "Settings: \(p.settingName), Precise \(p.precise ? "on" : "off")"
    return .line("\(what) — status \(p.status.rawValue), accuracy \(p.accuracy.rawValue)", value: authValue(ctx.shell))
}

private func settingsChange(
    _ ctx: CommandContext, saying entry: String? = nil, _ change: @escaping (inout PrivacySettings) -> Void
) -> CommandResult {
    if ctx.session.device.promptOpen {
        // Going to Settings sends the app to the background: the alert goes away unanswered.
        ctx.session.device.promptOpen = false
        ctx.session.emit(.note("the permission alert was dismissed unanswered when you left the app for Settings"))
    }
    if ctx.session.device.servicesAlertOpen {
        // Its Settings button is the way there; any way to Settings takes the alert away.
        ctx.session.device.servicesAlertOpen = false
        ctx.session.emit(.note("the Location Services alert went away as Settings opened"))
    }
    ctx.session.changePrivacy { p in
        change(&p)
        p.unknownFutureStatus = false
    }
    let p = ctx.session.device.privacy
    var line = "status \(p.status.rawValue), accuracy \(p.accuracy.rawValue)"
    if let entry { line = "\(entry), Precise \(p.precise ? "on" : "off") — " + line }
    return .line(line, value: authValue(ctx.shell))
}

func authValue(_ shell: Shell) -> Value {
    let p = shell.session.device.privacy
    return .record([
        Value.Field("status", .string(p.status.rawValue)),
        Value.Field("accuracy", .string(p.accuracy.rawValue)),
        Value.Field("prompt", .bool(shell.session.device.promptOpen)),
        Value.Field("settings", .string(p.settingName)),
        Value.Field("precise", .bool(p.precise)),
        Value.Field("services", .bool(p.servicesEnabled)),
        Value.Field("restricted", .bool(p.restricted)),
        Value.Field("servicesAlert", .bool(shell.session.device.servicesAlertOpen)),
    ])
}
