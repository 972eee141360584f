import PlaceFormats
import PlaceKit
import PlaceStorage

/// The version `version` and `--version` print.
public let placeshellVersion = "0.1.0"

extension CommandFamily {
    /// The shell's own commands: help, echo, show, expect, source, set/unset, history, version,
    /// quit. The simulation's families come after it.
    public static let builtins = CommandFamily(
        name: "Shell",
        summary: "the shell itself: help, output, checks, scripts and settings",
        manual: #"""
            The shell itself: help, output, checks, scripts and settings.
            """#,
        commands: [
            CommandSpec(
                "help", aliases: ["?"],
                arguments: [ArgSpec("TOPIC", helpTopicType, optional: true, summary: "a command or a topic")],
                summary: "list commands, or show a command's usage and examples",
                effect: .looks,
                manual: #"""
                    .It Ic help Op Ar TOPIC
                    List commands, or show a command's usage and examples.
                    With no argument, lists every command by family.
                    With a command name
                    .Pq or a command and subcommand, such as Ql help auth allow ,
                    shows its usage, what it does, its arguments, options and examples.
                    Topics:
                    .Cm syntax
                    (the language),
                    .Cm paths
                    (the state paths
                    .Ic show
                    and
                    .Ic expect
                    read),
                    .Cm units
                    (numbers with units),
                    .Cm likelihood
                    .Pq Sx LIKELIHOOD MODEL ,
                    .Cm choices
                    .Pq Sx SIMULATION CHOICES ,
                    .Cm signals
                    .Pq Sx Signals
                    and
                    .Cm limits
                    .Pq Sx LIMITS .
                    Alias:
                    .Ic \&? .
                    At the prompt, on a terminal, help longer than the screen goes through
                    .Ev PAGER
                    .Po
                    .Ql less
                    when unset, with
                    .Ev LESS
                    set to
                    .Ql FRX
                    when that is unset, as git does
                    .Pc ;
                    .Ql PAGER=cat
                    or an empty
                    .Ev PAGER
                    prints it straight.
                    """#,
                examples: ["help", "help expect", "help syntax", "help auth allow"],
                handler: { ctx throws(Diagnostic) in
                    // Long help goes through the pager at a prompt on a terminal (`Shell.pager`).
                    var result = try helpCommand(ctx)
                    result.pageable = true
                    return result
                }),
            CommandSpec(
                "echo", arguments: [ArgSpec("TEXT", .text, optional: true, summary: "words to print")],
                summary: "print text",
                effect: .looks,
                manual: #"""
                    .It Ic echo Op Ar TEXT ...
                    Print text: the words separated by single spaces.
                    Quote text to keep its spacing.
                    """#,
                examples: ["echo step 1: launch the app", "echo \"two  spaces\""],
                handler: { ctx throws(Diagnostic) in
                    // The script's own words: a "\n" in them is a line break it asked for.
                    let text = try ctx.optional("TEXT", as: .word) ?? ""
                    return CommandResult(value: .string(text), text: [text])
                }),
            CommandSpec(
                "show", arguments: [ArgSpec("PATH", .statePath, optional: true, summary: "a state path")],
                summary: "print a state path, or list the top-level paths",
                effect: .looks,
                manual: #"""
                    .It Ic show Op Ar PATH
                    Print the value at a state path as
                    .Ql PATH = VALUE
                    lines, one per leaf, in the form
                    .Ic expect
                    accepts, so a line can be pasted into a test.
                    A list prints its
                    .Li .count
                    first, then its items.
                    With no path, lists the top-level paths.
                    Indexes are 1-based:
                    .Li markers[1]
                    is the first marker.
                    A negative index counts from the end:
                    .Li log[-1]
                    is the last line.
                    """#,
                examples: ["show", "show clock", "show camera", "show markers[1].title", "show shell", "show log[-1]"],
                handler: showCommand),
            CommandSpec(
                "expect", arguments: [ArgSpec("EXPRESSION", .expectation)],
                summary: "check the session's state; fail the script when it does not hold",
                effect: .looks,
                manual: #"""
                    .It Ic expect Ar EXPRESSION
                    Check the session's state; fail the script when it does not hold.
                    See
                    .Sx EXPECT .
                    .Ic expect Ar LHS OP RHS Op Cm within Ar TOLERANCE
                    or
                    .Ic expect Ar PATH Cm near Ar POSITION Cm within Ar DISTANCE .
                    Each side is a state path or a literal: a number (with a unit if you like), a
                    quoted string,
                    .Li true ,
                    .Li false
                    or
                    .Li nil .
                    A bare word that is one of the values the other side can take is that value:
                    .Ql app.screen == map
                    compares with the text
                    .Qq map .
                    A path that is
                    .Li nil
                    .Pq no app running, no fix yet
                    matches only
                    .Li nil :
                    compared with anything else the expectation fails and says why.
                    Operators:
                    .Li == != < <= > >= ~= contains !contains matches !matches near .
                    .Li ~=
                    compares numbers within
                    .Ar TOLERANCE
                    .Pq default Li 1e-6 , in the values' unit ;
                    .Li ==
                    is exact.
                    .Li contains
                    finds text in text
                    .Pq and in the console's lines: Li log ,
                    or an item equal to the value in a list: a record by its name
                    .Pq a place's name, a marker's title ,
                    so
                    .Ql likely contains \(dqDarling Harbour\(dq ;
                    .Li likely[*].placeID
                    is that member of every item.
                    .Li matches
                    takes a regular expression, matched without backtracking
                    .Pq no back-references or lookaround
                    in linear time.
                    .Li near
                    checks that a position
                    .Po
                    .Li location ,
                    .Li camera ,
                    .Li markers[N] ,
                    .Li likely[N]
                    .Pc
                    lies within
                    .Ar DISTANCE
                    of a coordinate, a preset or another position's path.
                    .Ql expect PATH
                    alone checks that a boolean is
                    .Li true .
                    A failure names the path, the expected and the actual value, and the script
                    location.
                    A path member that no state has, such as
                    .Li markers.cont ,
                    is an error before the script runs, and so is a tolerance whose unit does not
                    fit the values
                    .Pq Ql location.latitude ~= -30 within 5m : No a latitude has no unit .
                    Write
                    .Ql within 0.00005
                    instead.
                    """#,
                examples: [
                    "expect clock == 0", "expect camera.zoom == 15",
                    "expect location.latitude ~= -33.8688 within 1e-6",
                    "expect log contains \"Location status is OK.\"",
                    "expect location near -33.8694,151.199 within 10m", "expect app.screen == map",
                    "expect app.running",
                ],
                handler: { ctx throws(Diagnostic) in
                    let e = try ctx.required("EXPRESSION", as: .expectation)
                    switch ctx.shell.check(e, at: ctx.location) {
                    case .passed: return CommandResult(value: .bool(true))
                    case .failed(let d): throw d
                    }
                }),
            CommandSpec(
                "source", aliases: ["."],
                arguments: [
                    ArgSpec("FILE", .path(".placescript"), summary: "a .placescript file"),
                    ArgSpec("ARGS", .words, optional: true, summary: "its $1, $2, …"),
                ],
                summary: "run the commands of a script file",
                effect: .looks,
                manual: #"""
                    .It Ic source Ar FILE Op Ar ARGS
                    Run the commands of a script file in this session, with
                    .Ar ARGS
                    as its
                    .Li $1 ,
                    .Li $2
                    and so on.
                    The whole file is read and checked, then run.
                    A relative path is taken from the directory of the script that sources it
                    (at the prompt and in
                    .Fl c :
                    from the current directory).
                    Scripts may nest \#(Shell.maxSourceDepth) deep, and one
                    .Ic source
                    may run \#(groupedThousands(Shell.maxSourcedFiles)) files in all, counting the
                    files they source in turn; a script that sources itself, directly or through
                    others, is an error that shows the cycle.
                    The file is read and checked when the script that sources it is read: a
                    file that is not there, or does not parse, stops that script before
                    anything runs, as a mistake in it would
                    .Pq and so does Fl Fl check .
                    If a command in the sourced script fails,
                    .Ic source
                    fails.
                    Alias:
                    .Ql \&. .
                    """#,
                examples: ["source examples/01-launch.placescript", "source setup.placescript sydney"],
                handler: { ctx throws(Diagnostic) in
                    let path = try ctx.required("FILE", as: .word)
                    let arguments = try ctx.optional("ARGS", as: .words) ?? []
                    try ctx.shell.sourceFile(path, from: ctx.invocation.source, arguments: arguments, at: ctx.location)
                    return CommandResult(value: .string(path))
                },
                checkWhenRead: { shell, invocation throws(Diagnostic) in try shell.checkSourcedFile(invocation) }),
            CommandSpec(
                "set",
                arguments: [
                    ArgSpec("NAME", settingNameType, optional: true, summary: "a setting"),
                    ArgSpec("VALUE", .word, optional: true, summary: "its new value"),
                ],
                summary: "show or change the shell's settings ('set' alone lists them)",
                effect: .acts,
                manual: #"""
                    .It Ic set Oo Ar NAME Oc Op Ar VALUE
                    Show or change shell settings.
                    .Ql set
                    alone lists the settings and their values;
                    .Ql set Ar NAME
                    turns an
                    .Cm on | off
                    setting on, and shows the value of any other, changing nothing
                    .Pq Ql set language ;
                    .Ql set Ar NAME VALUE
                    gives it a value
                    .Po
                    .Li true
                    and
                    .Li yes
                    mean on,
                    .Li false
                    and
                    .Li no
                    mean off
                    .Pc .
                    .Ql unset NAME
                    turns it off.
                    The settings:
                    .\" SETTINGS: the table's, each with its text (SettingSpec.manual)
                    An unknown setting is an error when the script is read; a value the setting
                    does not take is an error when
                    .Ic set
                    runs.
                    """#,
                examples: ["set", "set json", "set keep-going off", "set color never", "set language ko"],
                handler: setCommand),
            CommandSpec(
                "unset", arguments: [ArgSpec("NAME", settingNameType, summary: "a setting")],
                summary: "turn a shell setting off",
                effect: .acts,
                manual: #"""
                    .It Ic unset Ar NAME
                    Turn a shell setting off
                    .Pq Cm color No becomes Cm never .
                    """#,
                examples: ["unset json"],
                handler: { ctx throws(Diagnostic) in
                    let name = try ctx.required("NAME", as: .word)
                    let setting = try namedSetting(ctx, name)
                    setting.set(ctx.shell, setting.offValue)
                    return .line("\(name) = \(setting.get(ctx.shell))", value: .string(setting.get(ctx.shell)))
                }),
            CommandSpec(
                "history", arguments: [ArgSpec("N", .integer(1...1_000_000), optional: true, summary: "how many")],
                summary: "list the lines entered at the prompt",
                effect: .looks,
                manual: #"""
                    .It Ic history Op Ar N
                    List the lines entered at the prompt, oldest first, numbered: the last
                    .Ar N ,
                    or all of them.
                    In a script started from a file,
                    .Fl c
                    or standard input, the list is empty unless the prompt has been used.
                    The history is kept in
                    .Pa $XDG_STATE_HOME/placeshell/history
                    .Pq or Pa ~/.local/state/placeshell/history ,
                    with mode 0600, and holds at most 1000 lines.
                    See
                    .Sx History .
                    """#,
                examples: ["history", "history 10"],
                handler: historyCommand),
            CommandSpec(
                "version", summary: "print placeshell's version",
                effect: .looks,
                manual: #"""
                    .It Ic version
                    Print
                    .Nm Ns 's
                    version.
                    """#,
                examples: ["version"],
                handler: { _ throws(Diagnostic) in
                    .line("placeshell \(placeshellVersion)", value: .string(placeshellVersion))
                }),
            CommandSpec(
                "quit", aliases: ["exit"],
                arguments: [ArgSpec("STATUS", .integer(0...255), optional: true, summary: "exit status")],
                summary: "leave placeshell",
                effect: .looks,
                manual: #"""
                    .It Ic quit Op Ar STATUS
                    Leave
                    .Nm ;
                    in a script, stop it.
                    The exit status is
                    .Ar STATUS
                    .Pq 0 to 255
                    when given; otherwise 1 if a command of the script has failed and 0 if not.
                    In a script,
                    .Ql quit 0
                    after a failed command or expectation (with
                    .Fl \-keep\-going )
                    exits 1 and says so in a warning: a script that failed never passes.
                    At the prompt, Ctrl-D on an empty line does the same.
                    Alias:
                    .Ic exit .
                    """#,
                examples: ["quit", "exit 3"],
                handler: { ctx throws(Diagnostic) in
                    // safe: STATUS is bound to 0…255
                    var status = Int32(try ctx.optional("STATUS", as: .integer) ?? (ctx.shell.hadFailure ? 1 : 0))
                    // A script's failure is not undone by its last line: CI reads the status.
                    if status == 0 && ctx.shell.hadFailure && !ctx.shell.isAtPrompt(ctx.location) {
                        let bytes = ctx.invocation.source.bytes
                        let end = min(ctx.invocation.offset + ctx.invocation.length, bytes.count)
                        let written = String(decoding: bytes[min(ctx.invocation.offset, end)..<end], as: UTF8.self)
                        ctx.shell.warn("'\(written)' after a failed command: the script exits with 1")
                        status = 1
                    }
                    ctx.shell.exitRequest = status
                    return CommandResult(value: .int(Int(status)))  // safe: Int holds every Int32
                }),
        ],
        stateRoots: [
            StateRoot(
                "clock", summary: "virtual seconds since the session began",
                manual: #"""
                    .It Li clock
                    Virtual seconds since the session began, a duration
                    .Pq Li 0s at the start .
                    """#,
                shape: .number(.duration)
            ) { shell in
                .leaf(.number(shell.session.clock, .duration))
            },
            StateRoot(
                "shell", summary: "the shell's settings",
                manual: #"""
                    .It Li shell.json , shell.keepGoing , shell.autorun
                    Booleans: the
                    .Cm json ,
                    .Cm keep-going
                    and
                    .Cm autorun
                    settings.
                    .It Li shell.color
                    .Qq auto ,
                    .Qq always
                    or
                    .Qq never .
                    .It Li shell.version
                    The version, as text.
                    """#,
                shape: .record([
                    "json": .bool, "keepGoing": .bool, "color": .words(ColorMode.self), "autorun": .bool,
                    "version": .text,
                ])
            ) { shell in
                .fields([
                    ("json", .bool(shell.json)), ("keepGoing", .bool(shell.keepGoing)),
                    ("color", .string(shell.colorMode.rawValue)), ("autorun", .bool(shell.autorun)),
                    ("version", .string(placeshellVersion)),
                ])
            },
        ],
        settings: [
            SettingSpec(
                "json", values: ["on", "off"], summary: "one JSON object per line on stdout",
                manual: #"""
                    .Cm on | off :
                    one JSON object per line on stdout, as with
                    .Fl Fl json .
                    """#,
                get: { $0.json ? "on" : "off" }, set: { $0.json = $1 == "on" }),
            SettingSpec(
                "keep-going", values: ["on", "off"], summary: "a failed command does not stop a script",
                manual: #"""
                    .Cm on | off :
                    a failed command does not stop a script, as with
                    .Fl Fl keep-going .
                    """#,
                get: { $0.keepGoing ? "on" : "off" }, set: { $0.keepGoing = $1 == "on" }),
            SettingSpec(
                "echo", values: ["on", "off"],
                summary: "print each command before its output ('+ launch'), as bash -x does",
                get: { $0.echo ? "on" : "off" }, set: { $0.echo = $1 == "on" }),
            SettingSpec(
                "color", values: ColorMode.allCases.map(\.rawValue), on: "always", off: "never",
                summary: "colour the output: auto (on a terminal), always, never",
                manual: #"""
                    .Cm auto | always | never :
                    colour the output (on is
                    .Cm always ,
                    off is
                    .Cm never ) .
                    .Cm auto
                    colours it only on a terminal.
                    .Ev NO_COLOR
                    in the environment always wins.
                    .Cm colour
                    is the same setting.
                    """#,
                aliases: ["colour"],
                get: { $0.colorMode.rawValue }, set: { $0.colorMode = ColorMode(rawValue: $1) ?? .auto }),
        ],
        topics: [
            HelpTopic("syntax", summary: "the command language", manualSection: "THE LANGUAGE", text: syntaxHelp),
            HelpTopic(
                "paths", summary: "the state paths that show and expect read", manualSection: "STATE PATHS", text: ""
            ),
            HelpTopic("units", summary: "numbers with units", text: unitsHelp),
            HelpTopic(
                "test", summary: "placeshell test: run scripts as a test suite, for CI", manualSection: "RUNNING TESTS",
                text: testUsageText),
            HelpTopic(
                "signals", summary: "Ctrl-C, SIGTERM, closed pipes, and files that are never half-written",
                text: signalsHelp),
            HelpTopic(
                "limits", summary: "what is accepted at the edges, and what happens beyond", manualSection: "LIMITS",
                text: limitsHelp),
        ])
}

/// The names `help` accepts: commands, subcommands and topics.
private let helpTopicType = ArgType(
    usage: "TOPIC", isGreedy: true,
    completions: { shell in shell.table.commandNames + shell.table.topics.map(\.name) }
) { (c: inout TokenCursor) throws(Diagnostic) in
    var words: [String] = []
    while let t = c.next() { words.append(t.text) }
    return .words(words)
}

/// The name of a setting, checked when the script is read.
private let settingNameType = ArgType(
    usage: "NAME", completions: { shell in shell.table.settings.map(\.name) }
) { (c: inout TokenCursor) throws(Diagnostic) in
    guard let t = c.next() else { return .word("") }
    guard c.table.setting(named: t.text) != nil else {
        let names = c.table.settings.map(\.name)
        throw .syntax(
            "unknown setting '\(t.text)'", at: c.location(of: t),
            help: suggestion(for: t.text, among: names) ?? "settings: " + names.joined(separator: ", "))
    }
    return .word(t.text)
}

private func setCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let shell = ctx.shell
    guard let name = try ctx.optional("NAME", as: .word) else {
        let table = TextTable(
            headers: ["SETTING", "VALUE", "MEANING"],
            rows: shell.table.settings.map { [$0.name, $0.get(shell), $0.summary] })
        let value = Value.record(shell.table.settings.map { Value.Field($0.name, .string($0.get(shell))) })
        return CommandResult(value: value, text: table.render(style: shell.outputStyle))
    }
    let setting = try namedSetting(ctx, name)
    // 'set NAME' alone turns a flag on; a setting of other values it shows, changing nothing.
    let isFlag = Set(setting.values) == ["on", "off"]
    guard let given = try ctx.optional("VALUE", as: .word) ?? (isFlag ? setting.onValue : nil) else {
        return .line("\(name) = \(setting.get(shell))", value: .string(setting.get(shell)))
    }
    var value = given
    if value == "true" || value == "yes" { value = setting.onValue }
    if value == "false" || value == "no" { value = setting.offValue }
    guard setting.values.contains(value) else {
        throw .runtime(
            "'\(value)' is not a value of '\(name)'", at: try ctx.location(of: "VALUE"),
            help: "values: " + setting.values.joined(separator: ", "))
    }
    setting.set(shell, value)
    return .line("\(name) = \(setting.get(shell))", value: .string(setting.get(shell)))
}

/// The setting the argument NAME names (the binder has checked that there is one).
private func namedSetting(_ ctx: CommandContext, _ name: String) throws(Diagnostic) -> SettingSpec {
    guard let setting = ctx.shell.table.setting(named: name) else {
        throw .runtime("unknown setting '\(name)'", at: try ctx.location(of: "NAME"))
    }
    return setting
}

private func historyCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let all = ctx.shell.history
    let count = min(try ctx.optional("N", as: .integer) ?? all.count, all.count)
    let first = all.count - count
    let width = String(all.count).count
    var lines: [String] = []
    for i in first..<all.count { lines.append(leftPadded(String(i + 1), to: width) + "  " + all[i]) }
    if all.isEmpty { lines = ["(no history yet)"] }
    return CommandResult(value: .list(all[first...].map { .string($0) }), text: lines)
}

// MARK: - show

private func showCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let shell = ctx.shell
    guard let path = try ctx.optional("PATH", as: .statePath) else {
        let rows = shell.table.stateRoots.map { [$0.name, $0.description] }
        let table = TextTable(headers: ["PATH", "WHAT"], rows: rows)
        let value = Value.list(shell.table.stateRoots.map { .string($0.name) })
        return CommandResult(value: value, text: table.render(style: shell.outputStyle))
    }
    switch shell.resolve(path) {
    case .failure(let e):
        throw .runtime(e.message, at: try ctx.location(of: "PATH"), help: e.help)
    case .success(let node):
        var lines: [String] = []
        if let star = path.components.firstIndex(of: .all) {
            // `likely[*].name`: each item's, under the path that names it (`likely[3].name`),
            // which `show` and `expect` read back.
            guard case .list(let items) = node.materialize() else { return CommandResult(value: .null) }
            lines.append("\(StatePath(components: Array(path.components[..<star]))).count = \(items.count)")
            for (i, item) in items.enumerated() {
                var one = path
                one.components[star] = .index(i + 1)
                appendLeaves(of: .leaf(item), path: one.description, to: &lines)
            }
            return CommandResult(value: .list(items), text: lines)
        }
        appendLeaves(of: node, path: path.description, to: &lines)
        return CommandResult(value: node.materialize(), text: lines)
    }
}

/// `path = value` for every leaf under a node, lists with their count first.
private func appendLeaves(of node: StateNode, path: String, to lines: inout [String]) {
    switch node {
    case .leaf(.record(let fields)):
        if fields.isEmpty { lines.append("\(path) = {}") }
        // A member named from data (an area, a file's name) is shown on its line.
        for f in fields { appendLeaves(of: .leaf(f.value), path: path + "." + oneLine(f.name), to: &lines) }
    case .leaf(.list(let items)):
        appendLeaves(of: .values(items), path: path, to: &lines)
    case .leaf(let value):
        lines.append("\(path) = \(formatLiteral(value, limit: Int.max))")
    case .record(let names, let child):
        for name in names {
            appendLeaves(of: child(name) ?? .leaf(.null), path: path + "." + oneLine(name), to: &lines)
        }
    case .list(let count, let element):
        lines.append("\(path).count = \(count)")
        for i in 0..<count { appendLeaves(of: element(i), path: path + "[\(i + 1)]", to: &lines) }
    }
}

// MARK: - help

private func helpCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let shell = ctx.shell
    let style = shell.outputStyle
    let words = try ctx.optional("TOPIC", as: .words) ?? []
    if words.isEmpty { return helpOverview(shell) }
    let topicName = words.joined(separator: " ")
    if let topic = shell.table.topic(named: topicName) {
        let text = topic.name == "paths" ? pathsHelp(shell) : topic.text
        return CommandResult(
            value: .record([Value.Field("topic", .string(topic.name)), Value.Field("text", .string(text))]),
            text: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
    guard var spec = shell.table.command(named: words[0]) else {
        let candidates = shell.table.commandNames + shell.table.topics.map(\.name)
        // What 'explain' tells: a pitfall, the migration.
        // A pitfall is shown as 'explain' gives it; the migration, which 'explain migrate'
        // tells for this session's project and app, is pointed to.
        if words.count == 1, let pitfall = Pitfalls.named(words[0]) {
            var shown = explainPitfall(pitfall)
            shown.text.append("('explain \(pitfall.id)' says the same; 'help pitfalls' lists them all.)")
            return shown
        }
        if words == ["migrate"] || words == ["migration"] {
            let text =
                "'explain migrate' says what changes from Current Place to Nearby Search (New), for this session's Cloud project, SDK and app; 'help flavor nearby' shows the migrated app."
            return .line(
                text, value: .record([Value.Field("topic", .string("migrate")), Value.Field("text", .string(text))]))
        }
        let help = suggestion(for: words[0], among: candidates) ?? "type 'help' for the list"
        throw .runtime(
            "no help for '\(topicName)': no such command or topic", at: try ctx.location(of: "TOPIC"), help: help)
    }
    for word in words.dropFirst() {
        guard let sub = spec.subcommand(named: word) else {
            throw .runtime(
                "'\(spec.fullName)' has no subcommand '\(word)'", at: try ctx.location(of: "TOPIC"),
                help: suggestion(for: word, among: spec.subcommands.map(\.name))
                    ?? (spec.subcommands.isEmpty
                        ? nil : "subcommands: " + spec.subcommands.map(\.name).joined(separator: ", ")))
        }
        spec = sub
    }
    return helpFor(spec, style: style, table: shell.table, width: helpWidth(shell))
}

/// The width help is wrapped to: 80 columns, or the terminal's when it is narrower (40 at
/// least).
func helpWidth(_ shell: Shell) -> Int { max(40, min(80, shell.environment.terminalWidth ?? 80)) }

private func helpOverview(_ shell: Shell) -> CommandResult {
    let style = shell.outputStyle
    var lines = ["placeshell \(placeshellVersion): the \"current place on a map\" app, simulated", ""]
    var families: [Value] = []
    // Fitted to the terminal: a summary too long for its line goes on under itself.
    let width = max(40, min(100, shell.environment.terminalWidth ?? 100))
    for family in shell.table.families {
        let heading = wrapText(family.name + " — " + family.summary, width: width, hanging: "  ")
            .split(separator: "\n").map(String.init)
        lines.append(style.heading(family.name) + (heading.first ?? "").dropFirst(family.name.count))
        lines += heading.dropFirst()
        let column = family.commands.map { displayWidth($0.name) }.max() ?? 0
        for command in family.commands {
            let lead = "  " + padded(command.name, to: column) + "  "
            let hanging = String(repeating: " ", count: column + 4)
            lines += wrapText(command.summary, width: width, indent: lead, hanging: hanging)
                .split(separator: "\n").map(String.init)
        }
        lines.append("")
        families.append(
            .record([
                Value.Field("family", .string(family.name)),
                Value.Field(
                    "commands",
                    .list(
                        family.commands.map {
                            .record([
                                Value.Field("name", .string($0.name)), Value.Field("summary", .string($0.summary)),
                            ])
                        })),
            ]))
    }
    lines.append("Topics: " + shell.table.topics.map(\.name).joined(separator: ", "))
    lines.append("Type 'help COMMAND' for usage and examples, 'help syntax' for the language.")
    // The lines without a column of their own are wrapped here, to the same width.
    let fitted = lines.flatMap { line in
        displayWidth(line) <= width || line.hasPrefix(" ") || line.contains("\u{1B}")
            ? [line] : wrapText(line, width: width, hanging: "  ").split(separator: "\n").map(String.init)
    }
    return CommandResult(value: .list(families), text: fitted)
}

/// The full help of one command.
public func helpFor(
    _ spec: CommandSpec, style: TextStyle = .plain, table: CommandTable = .standard, width: Int = 80
) -> CommandResult {
    var lines: [String] = []
    // Each usage in 80 columns, a long one going on under its arguments.
    for (i, usage) in spec.usageLines.enumerated() {
        let command = spec.fullName.split(separator: " ").count
        let head = usage.split(separator: " ").prefix(command).joined(separator: " ")
        let wrapped = wrapText(
            usage, width: width, indent: "       ", hanging: String(repeating: " ", count: 8 + displayWidth(head)))
        var parts = wrapped.split(separator: "\n").map(String.init)
        if !parts.isEmpty { parts[0] = (i == 0 ? style.bold("usage:") + " " : "       ") + parts[0].dropFirst(7) }
        lines += parts
    }
    lines.append("")
    let text = ManualText.render(table.manualText(of: spec), width: width, topics: table.topicsBySection)
    // The text most often opens with the summary's words: then they are said once.
    if !startsWithSummary(text, spec.summary) {
        lines += wrapText(spec.summary, width: width, indent: "  ").split(separator: "\n").map(String.init)
    }
    if !text.isEmpty {
        if lines.last != "" { lines.append("") }
        lines += text
    }
    if spec.effect == .touches {
        lines.append("")
        let touch =
            "A touch on the app: refused while the permission alert is on screen, until it is answered with "
            + permissionAlertAnswers + ", and while the app is in the background, until 'app foreground'."
        lines += wrapText(touch, width: width, indent: "  ").split(separator: "\n").map(String.init)
    }
    if spec.readAt != nil {
        lines.append("")
        lines += wrapText(SettingRead.explanation, width: width, indent: "  ").split(separator: "\n").map(String.init)
    }
    if !spec.aliases.isEmpty {
        lines.append("")
        lines.append("  aliases: " + spec.aliases.joined(separator: ", "))
    }
    let arguments = spec.arguments.filter { !$0.summary.isEmpty }
    if !arguments.isEmpty {
        lines.append("")
        lines.append(style.bold("arguments:"))
        lines += helpColumns(arguments.map { ($0.usage, $0.summary) }, width: width)
    }
    if !spec.options.isEmpty {
        lines.append("")
        lines.append(style.bold("options:"))
        lines += helpColumns(spec.options.map { ($0.usage, $0.summary) }, width: width)
    }
    if !spec.subcommands.isEmpty {
        lines.append("")
        lines.append(style.bold("subcommands:"))
        lines += helpColumns(spec.subcommands.map { ($0.usage, $0.summary) }, width: width)
    }
    // The examples the text does not show already, each once.
    let shown = ManualText.displays(in: spec.manual)
    var examples: [String] = []
    for example in spec.examples + spec.subcommands.flatMap(\.examples)
    where !shown.contains(example) && !examples.contains(example) {
        examples.append(example)
    }
    if !examples.isEmpty {
        lines.append("")
        lines.append(style.bold("examples:"))
        lines += examples.map { "  " + $0 }
    }
    let value = Value.record([
        Value.Field("name", .string(spec.fullName)),
        Value.Field("usage", .list(spec.usageLines.map { .string($0) })),
        Value.Field("summary", .string(spec.summary)),
        Value.Field("details", .string(text.map { String($0.drop { $0 == " " }) }.joined(separator: "\n"))),
        Value.Field("aliases", .list(spec.aliases.map { .string($0) })),
        Value.Field("examples", .list(examples.map { .string($0) })),
    ])
    return CommandResult(value: value, text: lines)
}

/// Two columns for `help` (a usage and what it is), in `width` columns: the second wrapped under
/// itself; a first cell too wide to leave the second room puts the second under it.
func helpColumns(_ rows: [(String, String)], width: Int = 80) -> [String] {
    let widest = min(34, width / 2 - 4)
    let column = min(rows.map { displayWidth(oneLine($0.0)) }.filter { $0 <= widest }.max() ?? 0, widest)
    let hanging = String(repeating: " ", count: 2 + column + 2)
    var lines: [String] = []
    for (name, text) in rows {
        let name = "  " + oneLine(name)
        let wrapped: String
        if displayWidth(name) > 2 + column {
            // A long usage goes on under its arguments.
            let words = name.split(separator: " ", maxSplits: 3)
            let under = String(repeating: " ", count: 2 + displayWidth(words.prefix(2).joined(separator: " ")) + 1)
            lines += wrapText(String(name.dropFirst(2)), width: width, indent: "  ", hanging: under)
                .split(separator: "\n").map(String.init)
            wrapped = wrapText(oneLine(text), width: width, indent: hanging)
        } else {
            wrapped = wrapText(
                oneLine(text), width: width, indent: padded(name, to: 2 + column) + "  ", hanging: hanging)
        }
        lines += wrapped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    return lines
}

/// Whether the plain `text` begins with the words of `summary` (letters and digits compared,
/// case aside: `viewDidLoad` and `viewDidLoad()` are the same words).
private func startsWithSummary(_ text: [String], _ summary: String) -> Bool {
    func letters<S: Sequence<Character>>(_ s: S) -> [Character] {
        s.filter { $0.isLetter || $0.isNumber }.map { Character($0.lowercased()) }
    }
    let wanted = letters(summary)
    let have = letters(text.joined(separator: " ").prefix(summary.count * 2))
    return !wanted.isEmpty && have.starts(with: wanted)
}

private func pathsHelp(_ shell: Shell) -> String {
    var text = """
        State paths name parts of the session, for show and expect. A path is a name followed by
        .member or [N] parts; indexes are 1-based, and a negative one counts from the end ([-1] is
        the last item). A list also has .count, and [*] stands for each item: likely[*].name is
        the list of names. Every member is known whatever the value holds now: a misspelt one is
        an error before a script runs, and a member of nil, spelt right, is nil.


        """
    let rows = shell.table.stateRoots.map { ["  " + $0.name, $0.description] }
    text += TextTable(headers: ["", ""], rows: rows).render().joined(separator: "\n")
    text += "\n\nType 'show PATH' to see a path's current value."
    return text
}

let unitsHelp: String = {
    var text = "Numbers may carry a unit, written right after the number: 50m, 2.5km, 1.5s, 200ms.\n"
    text += "Each is stored in its base unit (metres, seconds, metres per second, degrees).\n\n"
    let rows = knownUnits.map { ["  " + $0.symbol, $0.name, $0.dimension.noun] }
    text += TextTable(headers: ["", "", ""], rows: rows).render().joined(separator: "\n")
    text += "\n\nA number without a unit takes the unit the argument expects (locate ... 65 means 65 m)."
    return text
}()

let signalsHelp = """
    Ctrl-C at the prompt cancels the line. While a command runs, it stops the command at a safe
    point and the command fails with 'interrupted: …': 'wait' stops between two events (the clock
    stays at the last one, later events stay queued), 'places load' and 'places generate' leave
    the dataset as it was. Between commands it stops the rest of the line or sourced script. In
    a script, Ctrl-C ends placeshell with status 130, even with --keep-going.

    SIGTERM and SIGHUP at the prompt stop a running command, save the history and exit with
    128 + the signal (143, 129). A script ends at once, removing the temporary file of a save
    or export it was writing. A reader that goes away (placeshell FILE | head -1) ends
    placeshell quietly with status 0; a closed or full standard output is an error (status 1).
    A resized terminal redraws the line being edited, up to 4096 columns and 2048 rows; past
    that, lines are read without editing until the terminal is smaller.

    Files (the history, save, places export, export geojson, snapshot) are written to a
    temporary file beside the target, flushed and renamed: a failed write says so and leaves
    the old file as it was. Two shells exiting at once both keep their history lines.
    """

let limitsHelp = """
    Numbers are decimal: nan, inf and hexadecimal are not numbers; 1e309 is out of range; -0
    is 0. Every argument has a range and the error names it (wait 0…31536000 s, zoom 0…30,
    places generate 1…5000000). Latitude -90…90, longitude -180…180, both ends included.

    A script is checked whole first: a bad argument anywhere runs nothing (status 2). source
    nests 32 deep, runs at most 10,000 files for one source, and refuses a cycle, however the
    path is spelled. The virtual clock ends at 10^12 s (about 31,700 years).

    JSON nests at most 512 deep; XML has no depth limit and expands no declared entities. An
    OSM PBF file may make 16 bytes in memory for each of its bytes, and 64 MiB more. A saved
    session loads in about 1.5 times its size and 40 MB, a GeoJSON file in about 3.5 times;
    a storyboard keeps at most 64 MiB.
    A value quoted from a file in a message is cut to 40 characters. A route has at most
    2,000,000 positions. The app's console log keeps its last 100,000 lines, and a command that
    raises more than 10,000 events prints them as they come, before its result.

    A failed load (places load, route gpx, load) changes nothing. Arguments and file names are
    UTF-8; a symbolic link is followed to the bytes of the name it holds, UTF-8 or not. What a
    file brings is shown on its line: a line feed or tab in a name as \\n or \\t, control and
    bidirectional characters as \\u{…}. See LIMITS and OUTPUT in the manual.
    """

let syntaxHelp = """
    One command per line. ';' separates commands on a line; '#' at the start of a word begins a
    comment that runs to the end of the line.

      launch; auth allow      # two commands
      echo 'single quotes keep everything literal: $1 \\n'
      echo "double quotes allow escapes: \\" \\\\ \\$ \\n \\t \\u{263A}"
      locate -33.8688 151.2093 \\
             65m               # a trailing backslash continues the line

    Words are separated by spaces or tabs. Quoted parts join the word they touch:
    name="Café Sydney" is one word. A backslash outside quotes escapes the next character.

    Numbers: 15, -33.8688, 1e-6; with a unit: 50m, 2.5km, 1.5s, 200ms, 3min (see 'help units').
    Positions: LAT LNG or LAT,LNG in degrees; latitude -90…90, longitude -180…180.
    Options: --flag, --name VALUE, --name=VALUE, or name=VALUE; '--' ends options.
    Script arguments: $1 … $9 and ${N} expand to the arguments a script was run with (its
    '# args:' header line gives them when none are); $# is their count, $@ all of them joined
    by spaces in one word, and $0 the script's name; ${N:-default} gives a default. $TMP is a
    folder of the run's own, removed when the script passes. '$' before anything else is
    literal. Outside quotes an argument is read as the word it is (locate $1 with sydney goes
    to the preset); inside double quotes it is text. It never makes an option. A position may
    come in one word, "LAT LNG": 'locate $@' takes the two numbers of
    'placeshell s.placescript -33.8688 151.2093'.

    A script is read and checked whole before anything runs: a syntax error, an unknown
    command or a badly typed argument anywhere stops it with status 2 and runs nothing; so do
    a path member no state has (markers.cont) and a file name whose extension does not fit
    (snapshot out.png, places export out.txt).
    """
