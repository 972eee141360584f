import PlaceKit

extension CommandFamily {
    /// Location permission: the system alert, the app's Settings entry, Location Services.
    public static let permission = CommandFamily(
        name: "Permission",
        summary: "answer the location alert, or change the app's Settings entry",
        commands: [
            CommandSpec(
                "auth",
                summary: "show the authorization status, or answer the alert / change Settings",
                details: """
                    With no subcommand, shows the status, the accuracy, the Settings entry and
                    whether the alert is waiting. While the alert is on screen, 'auth allow',
                    'auth allow once', 'auth allow --approximate' and 'auth deny' press its
                    buttons (--approximate turns Precise off first). With no alert, the same words
                    change the app's entry in Settings: While Using the App, Ask Next Time, Never,
                    and the Precise switch. Each status change reaches the running app through
                    locationManager(_:didChangeAuthorization:), with the app's console lines.
                    """,
                effect: .looks,
                api: APIEntry(
                    what: "the system alert's buttons, or Settings ▸ Privacy & Security ▸ Location Services ▸ the app",
                    callbacks: [
                        "locationManager(_:didChangeAuthorization:) when the status changes",
                        "locationManager(_:didFailWithError:) (kCLErrorDenied) when updating and no longer allowed",
                    ]),
                examples: ["auth"],  // each subcommand adds its own
                subcommands: [
                    CommandSpec(
                        "allow", arguments: [ArgSpec("once", .choice(["once"]), optional: true, summary: "Allow Once")],
                        options: [OptionSpec("approximate", summary: "Precise off: reduced accuracy")],
                        summary: "Allow While Using App (or Allow Once); in Settings: While Using the App",
                        effect: .acts,
                        examples: ["auth allow", "auth allow once", "auth allow --approximate"],
                        handler: { ctx throws(Diagnostic) in
                            let once = ctx.word(0) == "once"
                            let precise = !ctx.flag("approximate")
                            let fromAlert = ctx.session.device.promptOpen
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
                                }
                            }
                        }),
                    CommandSpec(
                        "deny", aliases: ["never"],
                        summary: "Don't Allow; in Settings: Never",
                        effect: .acts,
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
                        examples: ["auth precise off"],
                        handler: { ctx throws(Diagnostic) in
                            let on = ctx.word(0) == "on"
                            return settingsChange(ctx) { $0.precise = on }
                        }),
                    CommandSpec(
                        "restrict",
                        arguments: [
                            ArgSpec("STATE", .choice(["on", "off"]), optional: true, summary: "on (default) or off")
                        ],
                        summary: "a parental restriction on location for the app (status restricted)",
                        effect: .acts,
                        examples: ["auth restrict", "auth restrict off"],
                        handler: { ctx throws(Diagnostic) in
                            let on = ctx.word(0) != "off"
                            return settingsChange(ctx) { $0.restricted = on }
                        }),
                    CommandSpec(
                        "services", arguments: [ArgSpec("STATE", .choice(["on", "off"]), summary: "on or off")],
                        summary: "the global Location Services switch (off reads as denied)",
                        effect: .acts,
                        examples: ["auth services off", "auth services on"],
                        handler: { ctx throws(Diagnostic) in
                            let on = ctx.word(0) == "on"
                            return settingsChange(ctx) { $0.servicesEnabled = on }
                        }),
                    CommandSpec(
                        "unknown",
                        summary: "report a status the app's code does not know, as a future iOS might (P11)",
                        details: """
                            The tutorial's switch ends in `@unknown default: fatalError()`: a status it
                            does not know crashes the app. This reports such a status to the running
                            app; the shell shows where the app would crash and the app stops.
                            """,
                        effect: .acts,
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
            StateRoot("auth", summary: "permission: status, accuracy, prompt, settings, precise, services, restricted")
            {
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
        change(&p)
        p.unknownFutureStatus = false
    }
    let p = session.device.privacy
    let what = fromAlert ? "alert answered" : "Settings: \(p.settingName), Precise \(p.precise ? "on" : "off")"
    return .line("\(what) — status \(p.status.rawValue), accuracy \(p.accuracy.rawValue)", value: authValue(ctx.shell))
}

private func settingsChange(_ ctx: CommandContext, _ change: @escaping (inout PrivacySettings) -> Void) -> CommandResult
{
    if ctx.session.device.promptOpen {
        // Going to Settings sends the app to the background: the alert goes away unanswered.
        ctx.session.device.promptOpen = false
        ctx.session.emit(.note("the permission alert was dismissed unanswered when you left the app for Settings"))
    }
    ctx.session.changePrivacy { p in
        change(&p)
        p.unknownFutureStatus = false
    }
    let p = ctx.session.device.privacy
    return .line("status \(p.status.rawValue), accuracy \(p.accuracy.rawValue)", value: authValue(ctx.shell))
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
    ])
}
