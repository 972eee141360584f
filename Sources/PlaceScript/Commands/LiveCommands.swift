import PlaceFormats
import PlaceKit

/// What serves the live page: placeshell's front end sets one (`Shell.liveControl`); the
/// language itself opens no socket.
public protocol LiveControl: AnyObject {
    /// Starts serving on `host` (nil: 127.0.0.1) and `port` (0: one the system picks); returns
    /// the page's address with its token, or why it cannot.
    func start(host: String?, port: Int) -> Result<String, LiveStartError>
    /// Stops serving: every viewer is let go.
    func stop()
    /// The page's address and how many viewers follow it, while it is served.
    var status: (url: String, viewers: Int)? { get }
    /// Sends the session's state after a command to every viewer.
    func publish(_ shell: Shell)
    /// Before each command while the page is served: what the last one printed reaches the
    /// terminal, waiting viewers are served, and a pace is kept.
    func beforeCommand(_ invocation: Invocation)
}

/// Why the live page cannot be served.
public struct LiveStartError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension Shell {
    /// What serves the live page; nil where nothing can (`placeshell test`, the library alone).
    public var liveControl: LiveControl? {
        get { _liveControl }
        set { _liveControl = newValue }
    }
}

/// `[HOST:]PORT`: the port alone, or a host (a name, an IPv4 address, `[IPv6]`) and the port.
public func parseLiveAddress(_ text: String) -> (host: String?, port: Int)? {
    var host: String?
    var port = Substring(text)
    if let colon = text.lastIndex(of: ":") {
        var name = text[..<colon]
        port = text[text.index(after: colon)...]
        if name.hasPrefix("[") && name.hasSuffix("]") { name = name.dropFirst().dropLast() }
        guard !name.isEmpty else { return nil }
        host = String(name)
    }
    guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(port),  // safe: at most five digits, checked above
        number <= 65535
    else { return nil }
    return (host, number)
}

extension CommandFamily {
    /// The phone screen in a browser, following the session.
    public static let live = CommandFamily(
        name: "Live",
        summary: "serve the phone screen to a browser that follows the session as it is typed",
        manual: #"""
            Serve a page to browsers that shows the phone screen as
            .Ic snapshot
            draws it, the last command and its output, the app's last console lines and,
            during
            .Ic tutorial ,
            the current step in the walk's language with the commands to type; each viewer's
            page follows the session, command by command.
            See
            .Sx LIVE PAGE .
            """#,
        commands: [
            CommandSpec(
                "live",
                summary: "show whether the live page is served, its address and its viewers",
                effect: .looks,
                api: APIEntry(what: "nothing in the app: a browser page that follows the session"),
                manual: #"""
                    .It Ic live
                    Says whether the live page is served, its address (with its token) and how
                    many viewers follow it.
                    """#,
                examples: ["live", "live on 8080", "live off"],
                subcommands: [
                    CommandSpec(
                        "on",
                        arguments: [
                            ArgSpec(
                                "ADDRESS", .word, optional: true, summary: "[HOST:]PORT: the port, 0 for any free one")
                        ],
                        summary: "serve the live page (127.0.0.1 unless a host is named; port 0 picks a free one)",
                        effect: .acts,
                        manual: #"""
                            .It Ic live on Op Ar ADDRESS
                            Starts serving the live page and prints its address, with the token a browser
                            needs
                            .Pq Sx LIVE PAGE .
                            .Ar ADDRESS
                            is
                            .Oo Ar HOST : Oc Ns Ar PORT .
                            Without an address, or with a port alone, it listens on 127.0.0.1 only; port 0
                            .Pq the default
                            lets the system pick a free one.
                            Fails when the page is served already, when the port is taken, and where
                            placeshell cannot serve
                            .Pq Ic placeshell test .
                            """#,
                        examples: ["live on", "live on 8080", "live on 0.0.0.0:8080"],
                        handler: liveOnCommand),
                    CommandSpec(
                        "status",
                        summary: "whether the live page is served, its address and its viewers, as 'live' alone",
                        effect: .looks,
                        manual: #"""
                            .It Ic live status
                            The same as
                            .Ic live
                            alone.
                            """#,
                        examples: ["live status"],
                        handler: liveStatusCommand),
                    CommandSpec(
                        "off", summary: "stop serving the live page: its viewers see it has stopped",
                        effect: .acts,
                        manual: #"""
                            .It Ic live off
                            Stops serving the live page; open pages say placeshell has stopped.
                            Fails when it is not served.
                            """#,
                        examples: ["live off"],
                        handler: { ctx throws(Diagnostic) in
                            guard let control = ctx.shell.liveControl, control.status != nil else {
                                throw .runtime(
                                    "the live page is not served", at: ctx.location, help: "'live on' serves it")
                            }
                            control.stop()
                            ctx.shell.isLiveServing = false
                            return .line("the live page is no longer served", value: liveValue(ctx.shell))
                        }),
                ],
                handler: liveStatusCommand)
        ],
        stateRoots: [
            StateRoot(
                "live", summary: "the live page",
                manual: #"""
                    .It Li live.on , live.url , live.viewers
                    Whether the live page is served, its address with its token
                    .Pq Li nil No when it is not ,
                    and how many viewers follow it.
                    """#,
                shape: .record(["on": .bool, "url": .optional(.text), "viewers": .plain])
            ) { shell in .leaf(liveValue(shell)) }
        ])
}

private func liveValue(_ shell: Shell) -> Value {
    let status = shell.liveControl?.status
    return .record([
        Value.Field("on", .bool(status != nil)), Value.Field("url", status.map { .string($0.url) } ?? .null),
        Value.Field("viewers", .int(status?.viewers ?? 0)),
    ])
}

private func liveStatusCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    guard let status = ctx.shell.liveControl?.status else {
        return .line("the live page is not served; 'live on' serves it", value: liveValue(ctx.shell))
    }
    return .line(
        "the live page: \(status.url) (\(status.viewers) viewer\(status.viewers == 1 ? "" : "s"))",
        value: liveValue(ctx.shell))
}

private func liveOnCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    guard let control = ctx.shell.liveControl else {
        throw .runtime(
            "the live page is served by placeshell at a prompt or running a script, not here", at: ctx.location,
            help: "'placeshell --live PORT FILE' or 'live on' at the prompt")
    }
    if let status = control.status {
        throw .runtime("the live page is served already: \(status.url)", at: ctx.location, help: "'live off' first")
    }
    let word = try ctx.optional("ADDRESS", as: .word) ?? "0"
    let at = (try? ctx.location(of: "ADDRESS")) ?? ctx.location
    guard let address = parseLiveAddress(word) else {
        throw .runtime(
            "'\(oneLine(word))' is not [HOST:]PORT", at: at,
            help: "a port (0 to 65535), or a host and a port: 8080, 127.0.0.1:8080, [::1]:8080")
    }
    switch control.start(host: address.host, port: address.port) {
    case .success(let url):
        ctx.shell.isLiveServing = true
        control.publish(ctx.shell)
        return .line("the live page: \(url)", value: liveValue(ctx.shell))
    case .failure(let e):
        throw .runtime(e.message, at: at)
    }
}
