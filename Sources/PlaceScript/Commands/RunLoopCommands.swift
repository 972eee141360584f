import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// The run loop, by hand: what is pending, one event at a time.
    public static let runLoop = CommandFamily(
        name: "Run loop",
        summary: "see and step through the callbacks, responses and animations waiting to happen",
        manual: #"""
            See and step through what the run loop has pending: authorization callbacks,
            the permission alert, location fixes, places responses, the end of camera
            animations, the positions of a route.
            By default each command lets the run loop settle
            .Pq Sx Clock and run loop ;
            with
            .Ql set autorun off
            those events wait until
            .Ic step ,
            .Ic run
            or
            .Ic wait
            delivers them, so the tutorial's timing pitfalls can be watched one callback
            at a time: P4, the first places request racing the permission alert; P2,
            .Dq Get Place
            tapped before the response arrives; P3, two requests in flight filling one
            list twice
            .Pq Sx Pitfalls .
            """#,
        commands: [
            CommandSpec(
                "events", summary: "list what the run loop has pending, with when it is due",
                effect: .looks,
                api: APIEntry(what: "the main run loop's queue"),
                manual: #"""
                    .It Ic events
                    List the pending events, earliest first: number, due time on the clock, how
                    long until then
                    .Pq Ql now No or Ql in 0.4s ,
                    and what each is, such as
                    .Ql locationManager(_:didUpdateLocations:) ,
                    .Ql findPlaceLikelihoodsFromCurrentLocation callback ,
                    .Ql permission alert ,
                    .Ql route position .
                    """#,
                examples: ["set autorun off", "launch", "events"],
                handler: { ctx throws(Diagnostic) in
                    let session = ctx.session
                    let pending = session.pendingEvents
                    // The app's callbacks that fell due while it is in the background.
                    let held = session.heldWhileSuspended
                    let heldText = held.map {
                        "held until the app is back in the foreground: \($0.label) (due at \(formatQuantity($0.time, .duration)))"
                    }
                    let heldValue = held.map {
                        Value.record([
                            Value.Field("time", .number($0.time, .duration)), Value.Field("label", .string($0.label)),
                            Value.Field("held", .bool(true)),
                        ])
                    }
                    guard !pending.isEmpty else {
                        return CommandResult(value: .list(heldValue), text: ["no events pending"] + heldText)
                    }
                    let rows = pending.enumerated().map { i, e in
                        [
                            String(i + 1), "at " + formatQuantity(e.time, .duration), dueText(e.time - session.clock),
                            e.label,
                        ]
                    }
                    let value = Value.list(
                        pending.map {
                            .record([
                                Value.Field("time", .number($0.time, .duration)),
                                Value.Field("label", .string($0.label)),
                            ])
                        } + heldValue)
                    return CommandResult(
                        value: value,
                        text: TextTable(
                            headers: ["#", "DUE", "", "EVENT"], alignments: [.right, .left, .left, .left], rows: rows
                        )
                        .render(style: ctx.shell.outputStyle) + heldText)
                }),
            CommandSpec(
                "step",
                arguments: [
                    ArgSpec("N", .integer(1...1_000_000), optional: true, summary: "how many events (default 1)")
                ],
                summary: "deliver the next pending event (moving the clock to its time)",
                effect: .acts,
                api: APIEntry(what: "one turn of the main run loop", callbacks: ["the next pending callback"]),
                manual: #"""
                    .It Ic step Op Ar N
                    Deliver the next pending event, or the next
                    .Ar N
                    .Pq default 1 ,
                    moving the clock to each one's time; a line
                    .Ql \(-> 0.4s: LABEL
                    before what it causes says which.
                    With nothing pending it says so.
                    """#,
                examples: ["step", "step 3"],
                handler: { ctx throws(Diagnostic) in
                    let session = ctx.session
                    let n = try ctx.optional("N", as: .integer) ?? 1
                    var labels: [String] = []
                    for _ in 0..<n {
                        guard let next = session.pendingEvents.first else { break }
                        labels.append(next.label)
                        ctx.shell.announce("→ \(formatQuantity(next.time, .duration)): \(next.label)")
                        session.step()
                    }
                    if labels.isEmpty {
                        return .line("nothing to step: no events pending", value: .list([]))
                    }
                    return CommandResult(value: .list(labels.map { .string($0) }))
                }),
            CommandSpec(
                "run", summary: "deliver every event that is due now (the clock does not move)",
                effect: .acts,
                api: APIEntry(what: "the main run loop draining what is due", callbacks: ["every callback due now"]),
                manual: #"""
                    .It Ic run
                    Deliver every event that is due now, and what they schedule for now; the
                    clock does not move, so a places response 0.4 s away stays pending.
                    Says how many were delivered and how many are due later.
                    Events due later need
                    .Ic wait ,
                    or
                    .Ic step ,
                    which moves the clock to the next one.
                    """#,
                examples: ["run"],
                handler: { ctx throws(Diagnostic) in
                    let count = ctx.session.runDue()
                    let later = ctx.session.pendingEvents.count
                    var text = "\(count) event\(count == 1 ? "" : "s") delivered"
                    if later > 0 { text += "; \(later) due later (wait, or step)" }
                    return .line(text, value: .int(count))
                }),
        ],
        settings: [
            SettingSpec(
                "autorun", values: ["on", "off"],
                summary: "after each command, deliver the events it set off (off: step through them)",
                manual: #"""
                    .Cm on | off :
                    after each command the run loop delivers the events the command set off
                    .Pq on, the default ;
                    off leaves them pending for
                    .Ic events ,
                    .Ic step ,
                    .Ic run
                    and
                    .Ic wait
                    .Pq Sx Run loop .
                    Turning it back on delivers what is pending at once.
                    """#,
                get: { $0.autorun ? "on" : "off" }, set: { $0.autorun = $1 == "on" })
        ])
}

/// `now`, `in 0.4s`.
private func dueText(_ delta: Double) -> String {
    delta <= 0 ? "now" : "in " + formatQuantity((delta * 1_000_000).rounded() / 1_000_000, .duration)
}
