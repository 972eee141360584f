import PlaceFormats
import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When to colour text.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never
}

/// Facts about the process the shell runs in, gathered once by the executable (or set by tests).
public struct ShellEnvironment: Sendable {
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// `NO_COLOR` is set to a non-empty value: never colour.
    public var noColor: Bool
    /// A person types at a prompt: errors print without `FILE:LINE:COL`.
    public var isInteractive: Bool
    /// Terminal width, when known.
    public var terminalWidth: Int?
    /// The locale's character set is UTF-8 (LC_ALL, LC_CTYPE or LANG names it): `map` draws
    /// with box-drawing and symbol characters, otherwise in plain ASCII.
    public var localeIsUTF8: Bool
    /// The language a new session's device starts in (`set language`): the locale's, as
    /// `DeviceLanguage.fromLocale` reads it, English by default.
    public var deviceLanguage: DeviceLanguage

    public init(
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, noColor: Bool = false,
        isInteractive: Bool = false, terminalWidth: Int? = nil, localeIsUTF8: Bool = true,
        deviceLanguage: DeviceLanguage = .english
    ) {
        self.deviceLanguage = deviceLanguage
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.noColor = noColor
        self.isInteractive = isInteractive
        self.terminalWidth = terminalWidth
        self.localeIsUTF8 = localeIsUTF8
    }
}

/// The context a command handler runs in: the shell, its bound arguments and where it was written.
public struct CommandContext {
    public let shell: Shell
    public let invocation: Invocation

    public var session: Session { shell.session }
    public var location: SourceLocation { invocation.location }

    /// The required argument `name` (as its `ArgSpec` calls it), as `kind`: `required("FILE", as: .word)`.
    public func required<Output>(_ name: String, as kind: ArgKind<Output>) throws(Diagnostic) -> Output {
        try invocation.required(name, as: kind)
    }
    /// The optional argument `name`, as `kind`, or nil when it was not given.
    public func optional<Output>(_ name: String, as kind: ArgKind<Output>) throws(Diagnostic) -> Output? {
        try invocation.optional(name, as: kind)
    }
    /// The value of the option `name` (`--name VALUE`, `name=VALUE`), as `kind`, or nil when not given.
    public func option<Output>(_ name: String, as kind: ArgKind<Output>) throws(Diagnostic) -> Output? {
        try invocation.option(name, as: kind)
    }
    /// Whether the flag `--name` was given.
    public func flag(_ name: String) throws(Diagnostic) -> Bool { try invocation.flag(name) }
    /// Where the argument or option `name` was written, for a runtime error about it.
    public func location(of name: String) throws(Diagnostic) -> SourceLocation { try invocation.location(of: name) }
    /// A file path argument as the script means it (see `resolvePath`).
    public func resolvedPath(_ path: String) -> String { resolvePath(path, from: invocation.source) }

    /// The file named by the argument `name` (a path as the script means it), read whole: its
    /// path as written, its bytes, and where the argument stands, for the caller's own messages.
    /// A file that cannot be read is an error at the argument: "cannot read 'x': reason".
    public func readFile(argument name: String) throws(Diagnostic) -> (
        path: String, bytes: [UInt8], at: SourceLocation
    ) {
        let path = try required(name, as: .word)
        let at = try location(of: name)
        switch readWholeFile(resolvedPath(path), interrupted: shell.interruptRequested) {
        case .success(let bytes): return (path, bytes, at)
        case .failure(let e) where e.isInterruption:
            throw .interrupted("'\(path)' was not read; nothing changed", at: at)
        case .failure(let e): throw .runtime("cannot read '\(path)': \(e.reason)", at: at)
        }
    }
}

/// The command that ran last: what it was, as bound, and its result or its error message.
private struct LastCommand {
    var command: CommandSpec?
    var invocation: Invocation?
    /// Kept as it is: its lines are made only when a storyboard asks for them.
    var result = CommandResult.none
    /// nil when it succeeded.
    var error: String?
}

/// The interpreter: owns the session, the settings and the output, runs bound commands and
/// reports their results and errors. The REPL, batch mode and the tests all drive a `Shell`.
///
/// Its public state is read through computed properties over storage of its own module's, so
/// that the optimizer can leave out the run-time exclusivity check (see PlaceKit's `Session`).
public final class Shell {
    public let table: CommandTable
    /// The simulated world. `load` replaces it whole with a saved one.
    public private(set) var session: Session {
        get { _session }
        set { _session = newValue }
    }
    private var _session: Session
    public let stdout: TextSink
    public let stderr: TextSink
    public var environment: ShellEnvironment {
        get { _environment }
        set { _environment = newValue }
    }
    var _environment: ShellEnvironment

    /// `--json` / `set json`: one JSON object per line on stdout.
    public var json: Bool {
        get { _json }
        set { _json = newValue }
    }
    var _json: Bool = false
    /// `--keep-going` / `set keep-going`: a failed command does not stop a script.
    public var keepGoing: Bool {
        get { _keepGoing }
        set { _keepGoing = newValue }
    }
    var _keepGoing: Bool = false
    public var colorMode: ColorMode {
        get { _colorMode }
        set { _colorMode = newValue }
    }
    var _colorMode: ColorMode = .auto
    /// The app flavour `launch` uses when not told: `swift` or `objc` (`--flavor`).
    public var defaultFlavor: AppFlavor = .swift
    /// The flavour `--flavor` gave the run, if it gave one: a `launch --flavor` of another is
    /// warned about.
    public var commandLineFlavor: AppFlavor?
    /// `--echo` / `set echo`: each command is printed before its output, as written (`+ launch`).
    public var echo: Bool {
        get { _echo }
        set { _echo = newValue }
    }
    var _echo: Bool = false
    /// Called with each command just before it runs (`placeshell test` learns from it which line
    /// printed what).
    public var beforeCommand: ((Invocation) -> Void)? {
        get { _beforeCommand }
        set { _beforeCommand = newValue }
    }
    var _beforeCommand: ((Invocation) -> Void)?
    /// `set autorun`: after each command the run loop delivers what the command set off. Off,
    /// events wait until `step`, `run` or `wait`.
    public var autorun: Bool {
        get { _autorun }
        set { _autorun = newValue }
    }
    var _autorun: Bool = true
    /// Lines entered at the prompt (and loaded from the history file), oldest first.
    public var history: [String] = []
    /// Where the history is kept, for `history` to show.
    public var historyPath: String?
    /// Set by `quit`/`exit`: the status to exit with.
    public var exitRequest: Int32? {
        get { _exitRequest }
        set { _exitRequest = newValue }
    }
    var _exitRequest: Int32?
    /// Some command has failed in this run.
    public var hadFailure: Bool {
        get { _hadFailure }
        set { _hadFailure = newValue }
    }
    var _hadFailure: Bool = false
    /// Sees every event as it is printed (the tutorial and traces listen here).
    public var eventObserver: ((Event) -> Void)? {
        get { _eventObserver }
        set { _eventObserver = newValue }
    }
    var _eventObserver: ((Event) -> Void)?
    /// See `liveControl`.
    var _liveControl: LiveControl?
    /// The command that ran last, set before the after-command hooks run (the tutorial reads it).
    public var lastCommand: CommandSpec? { last.command }
    /// The command that ran last as it was bound (its words, for the tutorial's journal).
    public var lastInvocation: Invocation? { last.invocation }
    /// What the command that ran last printed as its result, or its error message (a storyboard's
    /// step shows it).
    public var lastOutput: [String] {
        if let error = last.error { return ["error: " + error] }
        return last.result.text
    }
    /// Whether the command that ran last failed.
    public var lastFailed: Bool { last.error != nil }
    /// The command that ran last and how it went, set whole after each command.
    private var last = LastCommand()
    /// The error of the last command run, nil when it succeeded (the tutorial's replay says why
    /// a step's command failed).
    var lastError: String? { last.error }
    /// What families keep for this shell between commands, one object per type (the tutorial's
    /// walk): see `state(_:make:)`.
    private var familyStates: [ObjectIdentifier: AnyObject] = [:]
    /// The family state of type `T` this shell keeps, made by `make` the first time it is asked
    /// for. Keyed by the type itself, so a family gets back what it stored, typed.
    public func state<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        if let existing = existingState(type) { return existing }
        let made = make()
        // Taken out, changed and put back whole: no access to `familyStates` lasts across a
        // call, so the compiler can leave out the run-time exclusivity check of the read after
        // every command (`existingState`).
        var states = familyStates
        familyStates = [:]
        states[ObjectIdentifier(type)] = made
        familyStates = states
        return made
    }

    /// The family state of type `T`, or nil before anything asked for it.
    public func existingState<T: AnyObject>(_ type: T.Type) -> T? {
        // Asked after every command: with no state kept (nearly always), without hashing.
        if familyStates.isEmpty { return nil }
        return familyStates[ObjectIdentifier(type)] as? T
    }

    /// Polled at safe points by long-running commands (Ctrl-C); assigned whole.
    public var interruptRequested: () -> Bool {
        get { _interruptRequested }
        set { _interruptRequested = newValue }
    }
    var _interruptRequested: () -> Bool = { false }
    /// A script run was stopped by Ctrl-C (exit status 130, as shells use).
    public private(set) var wasInterrupted: Bool {
        get { _wasInterrupted }
        set { _wasInterrupted = newValue }
    }
    private var _wasInterrupted: Bool = false

    /// Checked between commands: Ctrl-C stops a script (or the rest of a line typed at the
    /// prompt) at a command boundary, with the state consistent, and says so once.
    private func stopForInterrupt() -> Bool {
        if wasInterrupted { return true }
        guard interruptRequested() else { return false }
        wasInterrupted = true
        warn("interrupted: the script stopped before its next command")
        return true
    }

    /// Forgets an interruption that has been dealt with: the prompt calls this before each line.
    public func clearInterruption() { wasInterrupted = false }

    /// Canonical paths of the scripts being sourced, innermost last.
    var sourceStack: [String] = []
    /// How deep `source` may nest.
    public static let maxSourceDepth = 32
    /// How many files one `source` may run in all, its own and those its files source in turn:
    /// files that each source the next twice would otherwise run 2^32 of them.
    public static let maxSourcedFiles = 10_000
    /// Files run by the outermost `source` running now, and how many `source`s are running.
    private var sourcedFiles = 0
    private var activeSources = 0

    public init(
        table: CommandTable = .standard, environment: ShellEnvironment = ShellEnvironment(), stdout: TextSink,
        stderr: TextSink
    ) {
        self.table = table
        self._environment = environment
        self.stdout = stdout
        self.stderr = stderr
        self._session = Session()
        session.device.language = environment.deviceLanguage
        session.eventSink = { [unowned self] event in self.report(event) }
        _simulatorJournal = SimulatorJournal(session, generation: 0)
    }

    /// Puts a restored session in place of the current one (which is dropped whole).
    public func replaceSession(with new: Session) {
        new.eventSink = { [unowned self] event in self.report(event) }
        session = new
        sessionGeneration += 1
    }

    /// How many times the session has been replaced (`load`, a replay).
    public private(set) var sessionGeneration = 0
    /// See `simulatorJournal`.
    var _simulatorJournal: SimulatorJournal?

    /// Colour for what goes to stdout.
    public var outputStyle: TextStyle { TextStyle(enabled: colorEnabled(terminal: environment.stdoutIsTerminal)) }
    /// Colour for diagnostics on stderr.
    public var errorStyle: TextStyle { TextStyle(enabled: colorEnabled(terminal: environment.stderrIsTerminal)) }

    private func colorEnabled(terminal: Bool) -> Bool {
        if environment.noColor { return false }
        switch colorMode {
        case .always: return true
        case .never: return false
        case .auto: return terminal
        }
    }

    /// The prompt: `placeshell> `, with a tag for the session's state from the families.
    public var prompt: String {
        var tags: [String] = []
        for family in table.families { if let tag = family.promptTag?(self) { tags.append(tag) } }
        return tags.isEmpty ? "placeshell> " : "placeshell[\(tags.joined(separator: " "))]> "
    }

    /// The prompt for a continuation line (open quote or trailing backslash).
    public var continuationPrompt: String { String(repeating: " ", count: max(0, displayWidth(prompt) - 4)) + "... " }

    // MARK: - Running

    /// How many commands a script may have for `parse` to keep them all; a longer script is
    /// checked whole, then read a second time as it runs, so memory stays flat.
    public static let retainedCommandLimit = 50_000

    /// How many commands `parse` binds before it remembers them by their text.
    static let rememberingAfter = 16

    /// A checked script: its commands, or (for a very long script) the promise that all of it
    /// binds, to be read again while running.
    public enum ParsedScript {
        case commands([Invocation])
        case checked(SourceText)
    }

    /// Lexes and binds a whole source. Returns the commands, or every syntax error found.
    public func parse(_ source: SourceText) -> Result<[Invocation], DiagnosticList> {
        parse(source, retainingAtMost: Int.max).map { parsed in
            if case .commands(let all) = parsed { return all }
            return []
        }
    }

    /// Checks a whole source, keeping at most `limit` bound commands in memory.
    public func parse(_ source: SourceText, retainingAtMost limit: Int) -> Result<ParsedScript, DiagnosticList> {
        parse(source, retainingAtMost: limit, rememberingAfter: Self.rememberingAfter)
    }

    /// `parse`, remembering commands by their text once `rememberingAfter` are bound.
    func parse(_ source: SourceText, retainingAtMost limit: Int, rememberingAfter: Int) -> Result<
        ParsedScript, DiagnosticList
    > {
        // A command written exactly like one bound before (a script's `wait 3s` between fixes)
        // is that one, moved, neither lexed into tokens nor bound again; remembered once a
        // script has enough commands to repeat some, as a line typed alone does not.
        var reader = ScriptReader(source: source, table: table, purpose: .keep, remembering: false)
        var invocations: [Invocation] = []
        var errors: [Diagnostic] = []
        // The first commands are kept bound, to run as they are.
        while true {
            if invocations.count >= rememberingAfter { reader.startRemembering() }
            let read: ScriptReader.Read
            do {
                read = try reader.next { command throws(Diagnostic) in
                    try bindChecked(command, source: source, checkingOnly: false)
                }
            } catch {
                errors.append(error)
                continue
            }
            guard case .command(let invocation) = read else { break }
            guard invocations.count < limit else {
                // Too many to keep: the rest is checked only, and read again as it runs.
                invocations = []
                return checkRest(of: source, reader: reader, errors: errors)
            }
            invocations.append(invocation)
        }
        if !errors.isEmpty { return .failure(DiagnosticList(errors)) }
        return .success(.commands(invocations))
    }

    /// The first pass over the rest of a script too long to keep bound: every command is checked
    /// and none kept. A line of plain words for a command that takes any words (`echo`) needs
    /// no binding, one that binds from its bytes (`plainArgumentsInvocation`) is sound, and a
    /// command written exactly like one already checked (the check remembers up to 1,024 by
    /// their source text) binds the same way: none is lexed into tokens.
    private func checkRest(of source: SourceText, reader kept: ScriptReader, errors: [Diagnostic]) -> Result<
        ParsedScript, DiagnosticList
    > {
        var errors = errors
        var reader = kept.continued(for: .check)
        while true {
            do {
                let read = try reader.next { command throws(Diagnostic) in
                    try bindChecked(command, source: source, checkingOnly: true)
                }
                if case .end = read { break }
            } catch {
                errors.append(error)
            }
        }
        if !errors.isEmpty { return .failure(DiagnosticList(errors)) }
        return .success(.checked(source))
    }

    /// Binds a command and checks what binding leaves to the session: the units of a tolerance
    /// and the state paths it reads. The error is located, at the command when nothing closer.
    private func bindChecked(_ command: RawCommand, source: SourceText, checkingOnly: Bool) throws(Diagnostic)
        -> Invocation
    {
        do throws(Diagnostic) {
            let invocation = try table.bind(command, source: source, checkingOnly: checkingOnly)
            for case let bound? in invocation.args {
                guard case .expectation(let e) = bound.value, let why = toleranceError(e) else { continue }
                let at = SourceLocation(source: source, offset: e.toleranceOffset, length: max(1, e.toleranceLength))
                throw Diagnostic.syntax(why.message, at: at, help: why.help)
            }
            for (path, offset, length) in pathsToCheck(invocation) {
                guard let error = structuralError(path) else { continue }
                throw Diagnostic.syntax(
                    error.message, at: SourceLocation(source: source, offset: offset, length: max(1, length)),
                    help: error.help)
            }
            for case let bound? in invocation.args {
                guard case .expectation(let e) = bound.value else { continue }
                if let why = unitError(e) {
                    let at = SourceLocation(source: source, offset: why.offset, length: max(1, why.length))
                    throw Diagnostic.syntax(why.message, at: at, help: why.help)
                }
                if let why = kindError(e) {
                    let at = SourceLocation(source: source, offset: why.offset, length: max(1, why.length))
                    throw Diagnostic.syntax(why.message, at: at, help: why.help)
                }
            }
            try invocation.spec.checkWhenRead?(self, invocation)
            return invocation
        } catch {
            var e = error
            if e.location == nil { e.location = SourceLocation(source: source, offset: command.offset) }
            throw e
        }
    }

    /// Runs a checked script.
    @discardableResult
    public func run(_ parsed: ParsedScript) -> Bool {
        switch parsed {
        case .commands(let invocations):
            return run(invocations)
        case .checked(let source):
            // The script is read again, command by command: a line of plain words for a command
            // that takes any words is bound from its bytes, and a command written exactly like
            // one bound before (up to 1,024 remembered by their source text) is that one, moved.
            var reader = ScriptReader(source: source, table: table, purpose: .run, remembering: true)
            var ok = true
            while exitRequest == nil && !stdout.isBroken && !stopForInterrupt() {
                let invocation: Invocation
                do {
                    let read = try reader.next { command throws(Diagnostic) in
                        try table.bind(command, source: source)
                    }
                    guard case .command(let next) = read else { return ok }
                    invocation = next
                } catch {
                    // The whole script was checked before it ran: a command that does not
                    // read now is placeshell's own failure, said as one, never passed over.
                    var e = Diagnostic.runtime(
                        "internal error: a command checked before the script ran does not read as it runs: "
                            + error.message,
                        at: error.location,
                        help: "please report this with the script")
                    e.notes = error.notes
                    report(e, command: nil)
                    hadFailure = true
                    return false
                }
                if !execute(invocation) {
                    ok = false
                    if !keepGoing { break }
                }
            }
            return ok
        }
    }

    /// The error for input that ended inside a quote or after a backslash.
    public static func incompleteError(_ why: Incompleteness, source: SourceText) -> Diagnostic {
        switch why {
        case .openSingleQuote(let offset):
            return .syntax(
                "unterminated single-quoted string", at: SourceLocation(source: source, offset: offset),
                help: "close it with '")
        case .openDoubleQuote(let offset):
            return .syntax(
                "unterminated double-quoted string", at: SourceLocation(source: source, offset: offset),
                help: "close it with \"")
        case .trailingBackslash(let offset):
            return .syntax(
                "the input ends after a line-continuing backslash",
                at: SourceLocation(source: source, offset: offset),
                help: "remove the trailing '\\' or add the line it continues")
        case .openBrace(let offset):
            return .syntax(
                "unterminated '${'", at: SourceLocation(source: source, offset: offset), help: "close it with '}'")
        }
    }

    /// Runs a whole script: parses everything first (a syntax error runs nothing and gives 2),
    /// then runs the commands in order, stopping at the first failure unless `keepGoing`.
    /// Returns the exit status.
    public func runScript(_ source: SourceText) -> Int32 {
        switch parse(source, retainingAtMost: Self.retainedCommandLimit) {
        case .failure(let errors):
            reportSyntaxErrors(errors.items)
            // Ctrl-C while the script was read (a sourced file being read): stopped, not wrong.
            if errors.items.contains(where: \.isInterruption) {
                wasInterrupted = true
                return 130
            }
            return 2
        case .success(let parsed):
            let ok = run(parsed)
            if let status = exitRequest { return status }
            if wasInterrupted { return 130 }
            return ok && !hadFailure ? 0 : 1
        }
    }

    /// Reports syntax errors, at most 20 of them; with `json`, each is also a
    /// `{"event":"syntax-error","message":…,"file":…,"line":…,"column":…}` line on stdout.
    public func reportSyntaxErrors(_ errors: [Diagnostic]) {
        for e in errors.prefix(20) {
            if json {
                var line = "{\"event\":\"syntax-error\""
                if case .record(let fields) = e.jsonObject {
                    for field in fields {
                        line += ","
                        JSON.appendQuoted(field.name, to: &line)
                        line += ":"
                        appendJSON(field.value, to: &line)
                    }
                }
                stdout.write(line + "}\n")
            }
            report(e, command: nil)
        }
        if errors.count > 20 {
            stdout.flush()
            stderr.write("placeshell: \(errors.count - 20) more errors not shown\n")
        }
    }

    /// Runs bound commands in order. Returns false if one failed (and the run stopped there
    /// unless `keepGoing`). Stops early on `quit`, a closed stdout, or Ctrl-C.
    @discardableResult
    public func run(_ invocations: [Invocation]) -> Bool {
        var ok = true
        for invocation in invocations {
            if exitRequest != nil || stdout.isBroken || stopForInterrupt() { break }
            if !execute(invocation) {
                ok = false
                if !keepGoing || wasInterrupted { break }
            }
        }
        return ok
    }

    /// Runs one command and reports its result or its error. Returns whether it succeeded.
    @discardableResult
    public func execute(_ invocation: Invocation) -> Bool {
        let spec = invocation.spec
        guard let handler = spec.handler else { return true }
        if let beforeCommand { beforeCommand(invocation) }
        // While the page is served (a test of a Boolean when it is not).
        if _isLiveServing {
            _liveControl?.beforeCommand(invocation)
            // Ctrl-C while the command waited its turn (`--pace`): it does not run.
            if stopForInterrupt() { return false }
            if spec.family != CommandFamily.live.name { liveEventLines.removeAll(keepingCapacity: true) }
        }
        if echo { echoCommand(invocation) }
        // Events the command causes print after its own result: first those it caused
        // directly (held back while it runs), then those of the run loop settling.
        holdingEvents = true
        defer { holdingEvents = false }
        do {
            if spec.effect == .touches {
                try refuseTouchUnderAlert(spec)
                try refuseTouchInBackground(spec)
            }
            var result = try handler(CommandContext(shell: self, invocation: invocation))
            if let read = spec.readAt, !result.notReadByTheApp, invocation.args.contains(where: { $0 != nil }) {
                result.text.append(read.note(appRuns: session.app != nil))
            }
            emit(result, command: spec.fullName)
            releaseHeldEvents()
            last = LastCommand(command: spec, invocation: invocation, result: result)
            afterCommand(spec)
            return true
        } catch {
            var e = error
            if e.location == nil { e.location = invocation.location }
            if e.isInterruption { wasInterrupted = true }
            report(e, command: spec.fullName)
            releaseHeldEvents()
            last = LastCommand(command: spec, invocation: invocation, error: e.message)
            afterCommand(spec)
            hadFailure = true
            return false
        }
    }

    /// The families' hooks after a command; then the live page, while it is served (checked
    /// here, not as a hook, so that a session without one pays a test of a Boolean).
    private func afterCommand(_ spec: CommandSpec) {
        for hook in table.afterCommandHooks { hook(self) }
        if spec.effect != .looks { for hook in table.afterActingCommandHooks { hook(self) } }
        // The page's own commands are not shown on it (its address and token would be).
        if isLiveServing, spec.family != CommandFamily.live.name, let live = _liveControl { live.publish(self) }
    }

    /// What the last command set off, as printed (not the console's lines), for the live page.
    public private(set) var liveEventLines: [String] = []

    /// The live page is served: after each command, it is sent what changed.
    public var isLiveServing: Bool {
        get { _isLiveServing }
        set { _isLiveServing = newValue }
    }
    private var _isLiveServing = false

    /// Prints a command as written, before it runs: `+ locate sydney`, or an `echo` event.
    private func echoCommand(_ invocation: Invocation) {
        let text = invocation.text
        if json {
            var line = "{\"event\":\"echo\",\"text\":"
            JSON.appendQuoted(text, to: &line)
            line += ",\"file\":"
            JSON.appendQuoted(invocation.source.name, to: &line)
            line += ",\"line\":\(invocation.location.line)}\n"
            stdout.write(line)
        } else {
            stdout.write("+ " + text + "\n")
        }
    }

    /// The permission alert is modal: while it is on screen no tap or gesture reaches the app,
    /// so a command that touches fails before it runs and changes nothing.
    private func refuseTouchUnderAlert(_ spec: CommandSpec) throws(Diagnostic) {
        if session.device.servicesAlertOpen {
            throw .runtime(
                "the Location Services alert is on screen: '\(spec.fullName)' would touch the app, and the alert takes every touch until it is answered",
                help: "answer it first: 'auth services on' (Settings) or 'auth cancel'")
        }
        guard session.device.promptOpen else { return }
        throw .runtime(
            "the permission alert is on screen: '\(spec.fullName)' would touch the app, and the alert takes every touch until it is answered",
            help: "answer it first: " + permissionAlertAnswers)
    }

    /// An app in the background has no screen to touch: a command that touches fails before it
    /// runs and changes nothing.
    private func refuseTouchInBackground(_ spec: CommandSpec) throws(Diagnostic) {
        guard session.app?.isInBackground == true else { return }
        throw .runtime(
            "the app is in the background: '\(spec.fullName)' would touch its screen, and none is showing",
            help: "bring it back first: 'app foreground'")
    }

    /// Writes a command's result: its text lines, or one JSON line (which alone names the
    /// command: its full name is worked out only then).
    public func emit(_ result: CommandResult, command: @autoclosure () -> String) {
        if json {
            var line = "{\"command\":"
            JSON.appendQuoted(command(), to: &line)
            line += ",\"ok\":true,\"result\":"
            appendJSON(result.value, to: &line)
            line += "}\n"
            stdout.write(line)
        } else if result.pageable, let pager, environment.isInteractive, environment.stdoutIsTerminal {
            stdout.flush()
            if pager(result.text) { return }
            result.forEachLine { line in stdout.writeLine(line) }
        } else {
            result.forEachLine { line in stdout.writeLine(line) }
        }
    }

    /// Shows long text a screen at a time (the front end's `$PAGER`, at a prompt on a
    /// terminal): true when it did, false when the text is to be printed as usual (it fits the
    /// screen, or no pager runs).
    public var pager: (([String]) -> Bool)? = nil

    /// Reports an error: the diagnostic on stderr and, with `--json`, its JSON line on stdout.
    public func report(_ diagnostic: Diagnostic, command: String?) {
        if json, let command {
            var line = "{\"command\":"
            JSON.appendQuoted(command, to: &line)
            line += ",\"ok\":false,\"error\":"
            appendJSON(diagnostic.jsonObject, to: &line)
            line += "}\n"
            stdout.write(line)
        }
        stdout.flush()
        let renderer = DiagnosticRenderer(
            showsSource: environment.stderrIsTerminal,
            omitsLocationPrefix: environment.isInteractive && isPromptSource(diagnostic),
            style: errorStyle)
        stderr.write(renderer.render(diagnostic))
        stderr.flush()
    }

    private func isPromptSource(_ d: Diagnostic) -> Bool {
        d.location?.source.name == "<stdin>" || d.location == nil
    }

    /// Whether a command at `location` was typed at the prompt (not read from a script, `-c`
    /// or a pipe).
    func isAtPrompt(_ location: SourceLocation) -> Bool {
        environment.isInteractive && location.source.name == "<stdin>"
    }

    /// Events raised while a command's handler runs, printed after its result; past
    /// `heldEventLimit` (a long `wait` along a route), they print as they come instead, and the
    /// result follows them, so memory stays bounded.
    private var heldEvents: [Event] = []
    private var holdingEvents = false
    public static let heldEventLimit = 10_000

    private func releaseHeldEvents() {
        holdingEvents = false
        // Most commands raise none: nothing to take or put back.
        if heldEvents.isEmpty { return }
        var events = heldEvents
        heldEvents = []
        for event in events { report(event) }
        // A small array's room is kept for the next command's events (a fix raises one or
        // two), unless reporting these raised more.
        if heldEvents.isEmpty && events.capacity <= 64 {
            events.removeAll(keepingCapacity: true)
            heldEvents = events
        }
    }

    /// Prints the events the running command has raised so far, ahead of its result: for a
    /// command whose result comes after what it delivered, in time order (`wait` prints the
    /// clock it reached last). Events raised later are held again.
    public func printHeldEvents() {
        guard holdingEvents else { return }
        releaseHeldEvents()
        holdingEvents = true
    }

    /// Writes an event from the simulation as it happens (or after the running command's result).
    public func report(_ event: Event) {
        if holdingEvents {
            // Taken out, added to and put back whole, as `familyStates` is.
            var held = heldEvents
            heldEvents = []
            held.append(event)
            heldEvents = held
            if held.count >= Self.heldEventLimit { releaseHeldEvents() }
            return
        }
        if let observer = eventObserver { observer(event) }
        // The live page shows what a command printed: its result, then what it set off.
        if _isLiveServing && event.name != "console" {
            liveEventLines.append(contentsOf: event.text.split(separator: "\n").map(String.init))
            if liveEventLines.count > 2 * LivePage.lines { liveEventLines.removeFirst(LivePage.lines) }
        }
        if json {
            var line = "{\"event\":"
            JSON.appendQuoted(event.name, to: &line)
            for field in event.fields {
                line += ","
                JSON.appendQuoted(field.name, to: &line)
                line += ":"
                appendJSON(field.value, to: &line)
            }
            line += "}\n"
            stdout.write(line)
        } else {
            let style = outputStyle
            // An event is one line but for the alert, whose box is three; a line feed in what
            // it quotes (a place's name in a console line) is shown, not obeyed.
            let text = event.name == "alert" ? event.text : escapingControlCharacters(event.text)
            switch event.name {
            case "console": stdout.writeLine(text)
            case "crash": stdout.writeLine(style.error(text))
            default: stdout.writeLine(style.dim(text))
            }
        }
    }

    /// A line of the shell's own about what happens (which event `step` delivers), in order with
    /// the events it causes.
    public func announce(_ text: String) {
        report(Event("step", text: text, fields: [Value.Field("text", .string(text))]))
    }

    /// A warning that is not an error (an unreadable history file): stderr only.
    public func warn(_ message: String) {
        stdout.flush()
        stderr.write(errorStyle.warning("warning:") + " " + escapingControlCharacters(message) + "\n")
        stderr.flush()
    }

    /// A note about the session, not a command's output (where a file went as it ended):
    /// stderr only.
    public func notice(_ message: String) {
        stdout.flush()
        stderr.write(errorStyle.bold("note:") + " " + escapingControlCharacters(message) + "\n")
        stderr.flush()
    }

    // MARK: - Scripts on disk

    /// Reads, parses and runs a script file for `source`, relative paths taken from the directory
    /// of the script that sources it. Guards against cycles and runaway nesting.
    func sourceFile(_ path: String, from including: SourceText, arguments: [String], at location: SourceLocation)
        throws(Diagnostic)
    {
        let resolved = resolvePath(path, from: including)
        let bytes = try readSourced(path, resolved, at: location, phase: .runtime, interrupted: "nothing in it ran")
        let canonical = canonicalPath(resolved) ?? resolved
        if let cycleStart = sourceStack.firstIndex(of: canonical) {
            let chain = (sourceStack[cycleStart...] + [canonical]).map { lastPathComponent($0) }
            throw .runtime(
                "source cycle: " + chain.joined(separator: " → "), at: location,
                help: "a script may not source itself, directly or through others")
        }
        guard sourceStack.count < Self.maxSourceDepth else {
            throw .runtime("'source' nested more than \(Self.maxSourceDepth) deep", at: location)
        }
        if activeSources == 0 { sourcedFiles = 0 }
        sourcedFiles += 1
        guard sourcedFiles <= Self.maxSourcedFiles else {
            throw .runtime(
                "'source' would run more than \(groupedThousands(Self.maxSourcedFiles)) files for one 'source' (files that source files in turn), the most it may",
                at: location,
                help: "a file sourced more than once by each of several files multiplies: source each helper once")
        }
        activeSources += 1
        defer { activeSources -= 1 }
        let source = SourceText(
            name: resolved, bytes: bytes,
            arguments: ScriptArguments(
                scriptName: path, values: arguments, temporaryFolder: including.arguments?.temporaryFolder))
        sourceStack.append(canonical)
        defer { sourceStack.removeLast() }
        switch parse(source, retainingAtMost: Self.retainedCommandLimit) {
        case .failure(let errors):
            reportSyntaxErrors(errors.items)
            throw .runtime("'\(path)' does not parse; nothing in it ran", at: location)
        case .success(let parsed):
            if !run(parsed) {
                throw .runtime(
                    keepGoing ? "'\(path)' had a failed command" : "'\(path)' stopped after a failed command",
                    at: location)
            }
        }
    }

    /// A sourced file's bytes, or the error that says why it cannot be read (of `phase`: when
    /// the script is read, or when it runs).
    private func readSourced(
        _ path: String, _ resolved: String, at location: SourceLocation, phase: Diagnostic.Phase,
        interrupted: String
    ) throws(Diagnostic) -> [UInt8] {
        switch readWholeFile(resolved, interrupted: interruptRequested) {
        case .success(let bytes): return bytes
        case .failure(let e) where e.isInterruption:
            throw .interrupted("'\(path)' was not read; \(interrupted)", at: location)
        case .failure(let e): throw Diagnostic(phase, "cannot source '\(path)': \(e.reason)", at: location)
        }
    }

    /// The files being checked through `source` while a script is read, innermost last.
    private var sourcesBeingChecked: [String] = []
    /// The files (with their arguments) already checked while this script is read or runs: each
    /// is checked once, so that files that source the next one twice are read in linear time.
    private var sourcesChecked: Set<[String]> = []

    /// `source FILE` when a script is read: the file must be there and check as a script does
    /// (with the arguments given), so that a mistake in it stops the script before anything
    /// runs, as one in the script would. A cycle, or nesting past the limit, is left to the run,
    /// which says so.
    func checkSourcedFile(_ invocation: Invocation) throws(Diagnostic) {
        let path = try invocation.required("FILE", as: .word)
        let arguments = try invocation.optional("ARGS", as: .words) ?? []
        let at = try invocation.location(of: "FILE")
        let resolved = resolvePath(path, from: invocation.source)
        // Only a regular file is read now: a pipe or a FIFO (`source /dev/stdin`, `<(…)`) can be
        // read once, by the run.
        var st = stat()
        guard stat(resolved, &st) == 0 else {
            throw .syntax("cannot source '\(path)': \(errnoReason())", at: at)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return }
        let bytes = try readSourced(path, resolved, at: at, phase: .syntax, interrupted: "nothing ran")
        let canonical = canonicalPath(resolved) ?? resolved
        guard !sourcesBeingChecked.contains(canonical), !sourceStack.contains(canonical),
            sourcesBeingChecked.count + sourceStack.count < Self.maxSourceDepth
        else { return }
        // Forgotten when a new script is read, not while one runs: a file its run sources was
        // checked when it was read, and each file is checked again, whole, before it runs.
        if sourcesBeingChecked.isEmpty && activeSources == 0 { sourcesChecked = [] }
        guard sourcesChecked.insert([canonical] + arguments).inserted else { return }
        sourcesBeingChecked.append(canonical)
        defer { sourcesBeingChecked.removeLast() }
        let source = SourceText(
            name: resolved, bytes: bytes,
            arguments: ScriptArguments(
                scriptName: path, values: arguments, temporaryFolder: invocation.source.arguments?.temporaryFolder))
        if case .failure(let errors) = parse(source, retainingAtMost: 0), var first = errors.items.first {
            // Its first mistake, where it is, and where it was sourced from.
            let (line, column) = invocation.source.lineAndColumn(of: invocation.offset)
            first.notes.append(
                "in '\(path)', sourced at \(escapingControlCharacters(invocation.source.name)):\(line):\(column)")
            throw first
        }
    }

    /// Marks the start of a top-level script so that it cannot source itself.
    public func enterScript(path: String) {
        sourceStack = [canonicalPath(path) ?? path]
    }
}

/// The permission alert's answers, as commands: what a refused touch and `help` suggest.
let permissionAlertAnswers = "'auth allow' (Allow While Using App), 'auth allow once' or 'auth deny'"
