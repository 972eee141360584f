import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - The text, parsed

/// One step of the walk, as its language file writes it.
struct TutorialStep: Sendable {
    var number: Int
    var title: String
    var isOptional = false
    /// The part of the published tutorial the step's code belongs to (translated).
    var part = ""
    /// Paragraphs.
    var say: [String] = []
    var api: [String] = []
    /// The calls the step exercises, one a line, as 'trace' prints them (never translated).
    var code: [String] = []
    /// One line said under the step's ✓ once it is done.
    var recap = ""
    /// Commands to type, in order.
    var type: [String] = []
    /// Expectations, as `expect` takes them, with the line each is on.
    var done: [(text: String, line: Int)] = []
    /// What must have happened, in order: patterns over the walk's journal.
    var happened: [JournalPattern] = []
    /// Where `happened:` starts reading the journal.
    var from: JournalScope = .step
    /// The hint when no conditional one applies.
    var hint = ""
    /// Hints that apply when their conditions hold, in order: the first that applies is given.
    var hints: [TutorialHint] = []
    /// Paragraphs shown once the step is done.
    var after: [String] = []
    var line: Int
}

/// The way a language's text runs.
enum TextDirection: String, Sendable {
    /// Left to right (Latin, Hangul, …).
    case ltr
    /// Right to left (Persian, Arabic, Hebrew): printed in logical order; see `bidiLine`.
    case rtl
}

/// A language file, parsed.
struct TutorialText: Sendable {
    var language = ""
    var name = ""
    /// `direction:` in the header; left to right when it is not given.
    var direction = TextDirection.ltr
    /// `digits:` in the header: the ten digits the walk writes its numbers with (step numbers,
    /// counts), 0 to 9; ASCII when it is not given.
    var digits: [Character] = Array("0123456789")
    var messages: [String: String] = [:]
    /// `explain`'s sentences in the language (`WhyPhrase`).
    var explain: [WhyPhrase: String] = [:]
    var steps: [TutorialStep] = []

    /// A message with its placeholders filled in. Every message is there (the parser checks);
    /// a key that is not one is a mistake in the code, and shows as itself.
    func message(_ key: String, _ values: [String: String] = [:]) -> String {
        WhyText.filledIn(messages[key] ?? key, values)
    }

    /// A line of the walk's own text, marked right to left when the language is written so.
    func directed(_ line: String) -> String { direction == .rtl ? rightToLeftLine(line) : line }

    /// `n` written with the language's digits.
    func number(_ n: Int) -> String { numeral(String(n)) }

    /// A number as written in English (`12`, `0.252`) with the language's digits, and its
    /// decimal separator where the language has one of its own (Persian's ٫).
    func numeral(_ s: String) -> String {
        let own = digits.first != "0"
        return String(
            s.map { c in c.isASCII ? c.wholeNumberValue.map { digits[$0] } ?? (own && c == "." ? "٫" : c) : c })
    }
}

/// The walk's English words (the template): what the picker says outside a walk.
var englishTutorialText: TutorialText {
    if case .success(let text) = parsedEnglishTutorial { return text }
    return TutorialText()
}

/// What is wrong with a language file, and on which line.
struct TutorialFormatError: Error, Sendable, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
}

/// The messages every language file must have (`message.KEY:` in its header), with the
/// placeholders each may use.
let tutorialMessages: [(key: String, placeholders: [String])] = [
    ("welcome", ["total"]), ("step", ["n", "total", "title"]), ("optional", []), ("part", ["part"]),
    ("api", []), ("code", []), ("type", []), ("done", ["n", "title"]), ("doneToo", ["n", "title"]),
    ("already", []), ("hint", ["n", "hint"]), ("hintNow", ["n", "hint"]), ("replayed", ["steps"]),
    ("range", ["first", "last"]), ("forgotten", []), ("finished", []), ("stopped", ["n"]), ("notRunning", []),
    ("first", []), ("last", []), ("language", ["title", "list"]), ("list", ["done", "total"]),
    ("noStep", ["n", "total"]), ("noStepHelp", []), ("noLanguage", ["code"]), ("languages", ["list"]),
    ("replayFailed", ["n", "step", "command"]), ("replayStuck", ["n", "step"]),
    ("flavorLater", ["range", "flavor", "running", "at", "launch"]), ("flavorNow", ["flavor", "running", "launch"]),
    ("pickerHeading", ["rows", "perScreen"]), ("pickerHeadingOne", ["perScreen"]), ("pickerEmpty", []),
    ("pickerLate", []), ("pickerEmptyBecause", ["cause"]), ("pickerBelow", []), ("pickerScreen", ["n"]),
    ("pickerBlank", []), ("replayStuckHelp", []), ("pagePrevious", []), ("pageNext", []),
    ("pagePosition", ["n", "total"]), ("pageConsole", []), ("pageNoApp", []), ("pageSameAs", ["n"]),
]

/// The keys of `tutorialMessages`.
let tutorialMessageKeys = tutorialMessages.map(\.key)

/// The words of a step that the language files give (`step.N.FIELD`): the steps file has none.
let tutorialProseFields = ["title", "part", "say", "recap", "after"]

/// Reads the steps (`tutorialSteps`; the format is described at the top of it): every field
/// but the words. A hint's text is its key there (`default`, `1`, …) until a language's words
/// replace it (`tutorialText(steps:catalog:template:)`).
func parseTutorialSteps(_ text: String) -> Result<[TutorialStep], TutorialFormatError> {
    var steps: [TutorialStep] = []
    var step: TutorialStep? = nil
    // The conditions read for the next `hint:` of the step, and the line of the first.
    var pendingHint = TutorialHint()
    var pendingHintLine = 0
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    func fail(_ line: Int, _ message: String) -> Result<[TutorialStep], TutorialFormatError> {
        .failure(TutorialFormatError(line: line, message: message))
    }
    func closeStep() -> TutorialFormatError? {
        guard let s = step else { return nil }
        step = nil
        if !pendingHint.when.isEmpty || !pendingHint.happened.isEmpty {
            return TutorialFormatError(
                line: pendingHintLine, message: "step \(s.number) has 'when:' lines with no 'hint:' after them")
        }
        let missing = [
            ("type", s.type.isEmpty), ("done", s.done.isEmpty && s.happened.isEmpty), ("hint", s.hint.isEmpty),
        ].filter(\.1).map(\.0)
        if !missing.isEmpty {
            return TutorialFormatError(
                line: s.line, message: "step \(s.number) has no " + missing.map { "'\($0):'" }.joined(separator: ", "))
        }
        steps.append(s)
        return nil
    }

    for (index, raw) in lines.enumerated() {
        let lineNumber = index + 1
        var line = raw
        while line.hasSuffix(" ") || line.hasSuffix("\t") || line.hasSuffix("\r") { line.removeLast() }
        if line.hasPrefix("#") || line.isEmpty { continue }
        if line.first == " " || line.first == "\t" {
            return fail(lineNumber, "a line starts with a space: every field is one line")
        }
        if line.hasPrefix("==") {
            if let e = closeStep() { return .failure(e) }
            let numberText = String(line.dropFirst(2)).trimmingLeadingSpace()
            // safe: parses text: nil when it is not a number
            guard let n = Int(numberText) else { return fail(lineNumber, "a step heading is '== N'") }
            guard n == steps.count + 1 else {
                return fail(lineNumber, "step \(n) follows step \(steps.count): steps count 1, 2, 3, …")
            }
            step = TutorialStep(number: n, title: "", line: lineNumber)
            continue
        }
        guard let colon = line.firstIndex(of: ":") else {
            return fail(lineNumber, "expected 'field: text', a '== N' heading or a '#' comment")
        }
        let name = String(line[..<colon])
        let value = String(line[line.index(after: colon)...]).trimmingLeadingSpace()
        guard var s = step else { return fail(lineNumber, "'\(name):' comes before the first step ('== 1')") }
        if tutorialProseFields.contains(name) {
            return fail(lineNumber, "'\(name):' is words: they are in the language files (step.\(s.number).\(name))")
        }
        guard !value.isEmpty || name == "optional" else { return fail(lineNumber, "'\(name):' has no text") }
        switch name {
        case "optional":
            guard value == "yes" || value == "no" else { return fail(lineNumber, "'optional:' is yes or no") }
            s.isOptional = value == "yes"
        case "from":
            guard let scope = JournalScope(rawValue: value) else {
                return fail(lineNumber, "'from:' is step or launch")
            }
            s.from = scope
        case "api": s.api.append(value)
        case "code": s.code.append(value)
        case "type": s.type.append(value)
        case "done": s.done.append((value, lineNumber))
        case "happened", "when.happened":
            switch JournalPattern.parse(value, line: lineNumber) {
            case .failure(let e): return .failure(e)
            case .success(let pattern):
                if name == "happened" {
                    s.happened.append(pattern)
                } else {
                    if pendingHint.when.isEmpty && pendingHint.happened.isEmpty { pendingHintLine = lineNumber }
                    pendingHint.happened.append(pattern)
                }
            }
        case "when":
            if pendingHint.when.isEmpty && pendingHint.happened.isEmpty { pendingHintLine = lineNumber }
            pendingHint.when.append((value, lineNumber))
        case "hint":
            if pendingHint.when.isEmpty && pendingHint.happened.isEmpty {
                guard value == "default" else {
                    return fail(lineNumber, "a hint without 'when:' is 'hint: default'")
                }
                guard s.hint.isEmpty else {
                    return fail(lineNumber, "step \(s.number) has two 'hint: default' lines")
                }
                s.hint = value
            } else {
                guard value == String(s.hints.count + 1) else {
                    return fail(
                        lineNumber,
                        "step \(s.number)'s hints after 'when:' count 1, 2, 3, …: this one is \(s.hints.count + 1)")
                }
                pendingHint.text = value
                s.hints.append(pendingHint)
                pendingHint = TutorialHint()
            }
        default:
            return fail(
                lineNumber,
                "unknown field '\(name):' (optional, code, api, type, done, happened, from, when, when.happened, hint)"
            )
        }
        step = s
    }
    if let e = closeStep() { return .failure(e) }
    if steps.isEmpty { return fail(lines.count, "there are no steps ('== 1' starts the first)") }
    return .success(steps)
}

/// Every language's text, parsed the first time the tutorial is used.
let parsedTutorials = Dictionary(
    uniqueKeysWithValues: tutorialCatalogs.map { code, bytes in
        (code, code == defaultTutorialLanguage ? parsedEnglishTutorial : parseTutorialText(bytes))
    })

/// The English text alone, parsed the first time the picker draws (without the other languages).
private let parsedEnglishTutorial = parseTutorialText(tutorialCatalogs[defaultTutorialLanguage] ?? [])

private let parsedTutorialSteps = parseTutorialSteps(tutorialSteps)
private let parsedTutorialTemplate = parseCatalog(tutorialTemplate)

/// One language's catalog with the steps and the template.
private func parseTutorialText(_ catalog: [UInt8]) -> Result<TutorialText, TutorialFormatError> {
    switch (parsedTutorialSteps, parsedTutorialTemplate, parseCatalog(catalog)) {
    case (.failure(let e), _, _): return .failure(e)
    case (_, .failure(let e), _): return .failure(e)
    case (_, _, .failure(let e)): return .failure(e)
    case (.success(let steps), .success(let template), .success(let catalog)):
        return tutorialText(steps: steps, catalog: catalog, template: template)
    }
}

/// The language the environment asks for (LC_ALL, then LC_MESSAGES, then LANG: `de_DE.UTF-8` is
/// `de`), when the tutorial has it; English otherwise.
func preferredTutorialLanguage(_ variable: (String) -> String?) -> String {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        guard let value = variable(name), !value.isEmpty else { continue }
        let code = String(value.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }).lowercased()
        return tutorialCatalogs[code] != nil ? code : defaultTutorialLanguage
    }
    return defaultTutorialLanguage
}

private func environmentVariable(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

// MARK: - The walk

/// One step's checks, bound against the shell's command table.
private struct CompiledStep {
    var checks: [(Expectation, SourceLocation)]
    var happened: [JournalPattern]
    var from: JournalScope
    /// The conditional hints' expectations, bound, in the order of the hints.
    var hintChecks: [[(Expectation, SourceLocation)]]
    /// The full names of the commands the step asks for (`auth allow`, `locate`).
    var commands: Set<String>
    /// The app the step is about: the flavour its last `launch` starts, else the one before's.
    var flavor: AppFlavor
}

/// The walk of one shell: where it is, what is done, the language.
final class TutorialWalk {
    var language: String
    var isRunning = false
    /// 0-based index of the current step.
    var current = 0
    var done: Set<Int> = []
    /// The current step already held when the walk was moved to it by hand: it waits for
    /// 'tutorial next' (or for its checks to fail and hold again) instead of moving on at once.
    var arrivedDone = false
    /// Commands in a row that led away from the step.
    var offTrack = 0
    /// Where 'tutorial stop' left the walk, for 'tutorial' to take it up again.
    var stoppedAt: Int?
    /// How many of the current step's checks held after the last command.
    var lastPassing = 0
    /// The commands the step lists that were typed since it began: typing one again does not
    /// count as following the step.
    var typedListed: Set<String> = []
    /// What happened since the walk began (the oldest dropped past `journalLimit`).
    var journal: [JournalEntry] = []
    /// Where in `journal` the current step began.
    var stepStart = 0
    /// Where in `journal` the last command's entries end: the next command's begin there.
    var commandStart = 0
    /// Whether the permission alert was on screen after the last command.
    var alertWasOpen = false
    /// The app process that ran after the last command.
    var lastApp: TutorialApp?
    static let journalLimit = 20_000
    /// Where the progress is kept between sessions (beside the history file), or nil.
    var progressPath: String?
    /// The progress as last written or read.
    var savedProgress: TutorialProgress?
    /// The student chose the language with 'tutorial language XX' (`TutorialProgress`).
    var languageChosen = false
    private var compiled: (language: String, steps: [CompiledStep])?

    init(language: String) { self.language = language }

    func text() throws(Diagnostic) -> TutorialText {
        let chosen = parsedTutorials[language] ?? parsedTutorials[defaultTutorialLanguage]
        switch chosen {
        case .success(let t)?: return t
        case .failure(let e)?:
            throw .runtime("the tutorial text for '\(language)' is damaged: \(e)", at: nil)
        case nil:
            throw .runtime("no tutorial text for '\(language)'", at: nil)
        }
    }

    fileprivate func steps(_ shell: Shell, _ text: TutorialText) throws(Diagnostic) -> [CompiledStep] {
        if let compiled, compiled.language == text.language { return compiled.steps }
        var steps: [CompiledStep] = []
        var flavor = AppFlavor.swift
        for step in text.steps {
            var checks: [(Expectation, SourceLocation)] = []
            for (expression, line) in step.done {
                let (e, location) = try bindExpectation(
                    expression, line: line, language: text.language, table: shell.table)
                checks.append((e, location))
            }
            var commands: Set<String> = []
            for command in step.type {
                let invocation = try bindCommand(command, language: text.language, table: shell.table)
                commands.insert(invocation.spec.fullName)
                if invocation.spec.fullName == "launch" {
                    flavor = AppFlavor(rawValue: try invocation.option("flavor", as: .word) ?? "swift") ?? .swift
                }
            }
            var hintChecks: [[(Expectation, SourceLocation)]] = []
            for hint in step.hints {
                var bound: [(Expectation, SourceLocation)] = []
                for (expression, line) in hint.when {
                    bound.append(
                        try bindExpectation(expression, line: line, language: text.language, table: shell.table))
                }
                hintChecks.append(bound)
            }
            steps.append(
                CompiledStep(
                    checks: checks, happened: step.happened, from: step.from, hintChecks: hintChecks,
                    commands: commands, flavor: flavor))
        }
        compiled = (text.language, steps)
        return steps
    }
}

/// Binds `expect EXPRESSION` through the command table, as a script line would be.
func bindExpectation(_ expression: String, line: Int, language: String, table: CommandTable) throws(Diagnostic)
    -> (Expectation, SourceLocation)
{
    let invocation = try bindCommand("expect " + expression, language: language, table: table, line: line)
    return (try invocation.required("EXPRESSION", as: .expectation), invocation.location)
}

/// Binds one command line of the tutorial text (a `type:` line, or an expectation).
func bindCommand(_ text: String, language: String, table: CommandTable, line: Int = 1) throws(Diagnostic) -> Invocation
{
    let source = SourceText(name: "tutorial text '\(language)'", text: text, firstLine: line)
    var lexer = Lexer(source: source)
    guard case .command(let raw) = try lexer.nextCommand() else {
        throw .runtime("'\(text)' is not a command", at: SourceLocation(source: source, offset: 0))
    }
    return try table.bind(raw, source: source)
}

extension Shell {
    /// This shell's walk, made (in the environment's language) the first time it is asked for.
    var tutorialWalk: TutorialWalk {
        state(TutorialWalk.self) {
            let walk = TutorialWalk(language: preferredTutorialLanguage(environmentVariable))
            walk.lastApp = session.app
            walk.alertWasOpen = session.device.promptOpen
            if let historyPath {
                walk.loadProgress(
                    from: tutorialProgressPath(historyPath: historyPath), steps: (try? walk.text())?.steps.count ?? 0)
            }
            // The walk's journal sees every event the shell prints.
            let earlier = eventObserver
            eventObserver = { [weak walk] event in
                earlier?(event)
                if let walk, let entry = journalEntry(for: event) { walk.record(entry) }
            }
            return walk
        }
    }
}

extension Shell {
    /// The text of the walk that runs, or nil; asking makes no walk (a walk, once made, follows
    /// every command).
    var runningTutorialText: TutorialText? {
        guard let walk = existingState(TutorialWalk.self), walk.isRunning else { return nil }
        return try? walk.text()
    }
}

/// How many of `checks` hold now.
private func passingChecks(_ checks: [(Expectation, SourceLocation)], _ shell: Shell) -> Int {
    var count = 0
    for (e, location) in checks {
        if case .passed = shell.check(e, at: location) { count += 1 }
    }
    return count
}

/// How far along the step the session is: its state checks that hold, and its `happened:`
/// patterns matched in order.
private func passing(_ step: CompiledStep, _ shell: Shell) -> Int {
    let walk = shell.tutorialWalk
    return passingChecks(step.checks, shell) + journalProgress(step.happened, walk.entries(step.from))
}

/// Whether the step is done: every state check holds and what it asks to have happened did.
private func holds(_ step: CompiledStep, _ shell: Shell) -> Bool {
    passingChecks(step.checks, shell) == step.checks.count
        && journalMatches(step.happened, shell.tutorialWalk.entries(step.from))
}

extension TutorialWalk {
    /// The journal from where `scope` starts: the current step's start, or the last launch.
    func entries(_ scope: JournalScope) -> ArraySlice<JournalEntry> {
        switch scope {
        case .step: return journal[min(stepStart, journal.count)...]
        case .launch:
            let start = journal.lastIndex { $0.kind == "launch" } ?? 0
            return journal[start...]
        }
    }

    /// Adds an entry, dropping the oldest past the limit.
    func record(_ entry: JournalEntry, at index: Int? = nil) {
        if let index, index < journal.count {
            journal.insert(entry, at: index)
        } else {
            journal.append(entry)
        }
        if journal.count > Self.journalLimit {
            let drop = Self.journalLimit / 10
            journal.removeFirst(drop)
            stepStart = max(0, stepStart - drop)
            commandStart = max(0, commandStart - drop)
        }
    }

    /// The hint that fits the session now: the app of another flavour than the step's said
    /// first (with the steps that use it), else the first conditional hint whose conditions
    /// hold, or the step's plain one.
    fileprivate func currentHint(_ info: TutorialStep, _ step: CompiledStep, _ shell: Shell) -> String {
        if let running = shell.session.app?.flavor, running != step.flavor,
            let text = try? text(), let steps = try? steps(shell, text)
        {
            var first = current
            while first > 0, steps[first - 1].flavor == step.flavor { first -= 1 }
            var last = current
            while last + 1 < steps.count, steps[last + 1].flavor == step.flavor { last += 1 }
            var launch = step.flavor == .swift ? "launch" : "launch --flavor \(step.flavor.rawValue)"
            // A step that watches the launch with the trace on asks for the trace too.
            if info.type.contains("trace on") && !shell.session.tracing { launch = "trace on; " + launch }
            var values = [
                "flavor": step.flavor.title, "running": running.title, "launch": launch,
                "range": first == last
                    ? text.number(first + 1)
                    : text.message("range", ["first": text.number(first + 1), "last": text.number(last + 1)]),
            ]
            if let later = steps.indices.first(where: { $0 > current && steps[$0].flavor == running }) {
                values["at"] = text.number(later + 1)
                return text.message("flavorLater", values)
            }
            return text.message("flavorNow", values)
        }
        for (hint, checks) in zip(info.hints, step.hintChecks) {
            guard passingChecks(checks, shell) == checks.count else { continue }
            guard journalMatches(hint.happened, entries(step.from)) else { continue }
            return hint.text
        }
        return info.hint
    }
}

// MARK: - Output

/// The width prose is wrapped to.
private func proseWidth(_ shell: Shell) -> Int { min(88, max(40, shell.environment.terminalWidth ?? 88)) }

/// A step as people read it.
extension TutorialStep {
    /// The step's calls with the Nearby Search call spelled as `session`'s SDK has it: the
    /// running nearby app's, else the SDK's own (`{searchNearbyCall}` and kin).
    func calls(in session: Session) -> [String] { code.map { Self.resolve($0, session) } }
    /// The step's APIs, spelled the same way.
    func apis(in session: Session) -> [String] { api.map { Self.resolve($0, session) } }

    private static func resolve(_ line: String, _ session: Session) -> String {
        guard line.contains("{") else { return line }
        let call =
            session.app.flatMap { $0.flavor == .nearby ? $0.nearbyCall : nil }
            ?? NearbyCallSpelling.sdk.call(in: session.places.sdk)
        return
            line
            .replacing("{searchNearbyCall}", with: call.traceLine)
            .replacing("{searchNearbyAnswer}", with: call.answerPrefix)
            .replacing("{searchNearby}", with: call.swiftName)
    }
}

private func stepLines(_ step: TutorialStep, _ text: TutorialText, _ shell: Shell) -> [String] {
    let style = shell.outputStyle
    let width = proseWidth(shell)
    var title = text.message(
        "step", ["n": text.number(step.number), "total": text.number(text.steps.count), "title": step.title])
    if step.isOptional { title += " " + text.message("optional") }
    var lines = [style.heading(title)]
    lines += wrapLines(text.message("part", ["part": step.part]), width: width, indent: "  ").map(style.dim)
    lines.append("")
    for (i, paragraph) in step.say.enumerated() {
        if i > 0 { lines.append("") }
        lines += wrapLines(paragraph, width: width, indent: "  ")
    }
    lines.append("")
    if !step.code.isEmpty {
        // The calls, as 'trace' prints them: '→' a call the app makes, '←' one it receives.
        lines.append("  " + text.message("code"))
        lines += step.calls(in: shell.session).map { "    " + $0 }
        lines.append("")
    }
    let labels = [text.message("api"), text.message("type")]
    if text.direction == .rtl {
        // Right to left, a label and a command cannot share an aligned column (the label runs
        // from the right, the command from the left): each label has its own line, and the
        // names and commands under it are laid out as code.
        for (label, items) in zip(labels, [step.apis(in: shell.session), step.type]) where !items.isEmpty {
            // Marked even when the label has no Persian letter of its own ("API:").
            lines.append(String(rightToLeftMark) + "  " + label)
            lines += items.map { "    " + $0 }
        }
        return lines
    }
    let labelWidth = labels.map(displayWidth).max() ?? 0
    for (label, items) in zip(labels, [step.apis(in: shell.session), step.type]) where !items.isEmpty {
        for (i, item) in items.enumerated() {
            lines.append("  " + padded(i == 0 ? label : "", to: labelWidth) + " " + item)
        }
    }
    return lines
}

/// A paragraph wrapped to `width`. A paragraph written right to left has every line marked so,
/// also a line that holds only a command or a name: the terminal lays the paragraph out as one.
private func wrapLines(_ text: String, width: Int, indent: String) -> [String] {
    // Right-to-left prose has its number runs marked before it is wrapped, so that none is cut.
    let rtl = hasRightToLeftLetters(text)
    let lines = wrapProse(rtl ? keepingNumbersInOrder(text) : text, width: width, indent: indent)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard rtl else { return lines }
    return lines.map { $0.first == rightToLeftMark ? $0 : String(rightToLeftMark) + $0 }
}

/// A step as a JSON value.
private func stepValue(_ step: TutorialStep, _ walk: TutorialWalk, total: Int, _ session: Session) -> [Value.Field] {
    [
        Value.Field("step", .int(step.number)), Value.Field("of", .int(total)),
        Value.Field("title", .string(step.title)),
        Value.Field("optional", .bool(step.isOptional)),
        Value.Field("part", .string(step.part)),
        Value.Field("say", .string(step.say.joined(separator: "\n\n"))),
        Value.Field("code", .list(step.calls(in: session).map { .string($0) })),
        Value.Field("api", .list(step.apis(in: session).map { .string($0) })),
        Value.Field("type", .list(step.type.map { .string($0) })),
        Value.Field("done", .bool(walk.done.contains(step.number - 1))),
    ]
}

/// Prints what the walk says between commands: text lines, or with `--json` one
/// `{"event":"tutorial","kind":…}` line.
private func tell(_ shell: Shell, kind: String, fields: [Value.Field], lines: [String]) {
    let rtl = (try? shell.tutorialWalk.text())?.direction == .rtl
    let lines = rtl ? lines.map(rightToLeftLine) : lines
    if shell.json {
        shell.report(
            Event(
                "tutorial", text: lines.joined(separator: "\n"), fields: [Value.Field("kind", .string(kind))] + fields))
    } else {
        for line in lines {
            shell.stdout.write(line)
            shell.stdout.write("\n")
        }
    }
}

/// The tutorial's current step as a storyboard shows it (its number, title and paragraphs), or
/// nil when the tutorial is not running.
func tutorialStepText(_ shell: Shell) -> StoryboardTutorial? {
    guard let walk = shell.existingState(TutorialWalk.self), walk.isRunning, let text = try? walk.text(),
        text.steps.indices.contains(walk.current)
    else { return nil }
    let step = text.steps[walk.current]
    let heading = text.message(
        "step", ["n": text.number(step.number), "total": text.number(text.steps.count), "title": step.title])
    return StoryboardTutorial(
        language: text.language, heading: heading, paragraphs: step.say,
        words: StoryboardWords(text), typeLabel: text.message("type"), type: step.type)
}

// MARK: - After every command

private func tutorialAfterCommand(_ shell: Shell) {
    guard let walk = shell.existingState(TutorialWalk.self) else { return }
    defer { walk.saveProgress() }
    guard let command = shell.lastCommand, command.family != CommandFamily.tutorial.name else {
        walk.commandStart = walk.journal.count
        return
    }
    journalCommand(walk, shell)
    guard walk.isRunning else { return }
    guard let text = try? walk.text(), let steps = try? walk.steps(shell, text), walk.current < steps.count else {
        return
    }
    let step = steps[walk.current]
    if holds(step, shell) {
        if walk.arrivedDone { return }
        complete(walk, text, steps, shell)
        return
    }
    walk.arrivedDone = false
    let count = passing(step, shell)
    let progressed = count > walk.lastPassing
    walk.lastPassing = count
    // A command the step lists counts as following it the first time it is typed; typed again,
    // it counts like any other.
    let listedFirstTime = step.commands.contains(command.fullName) && walk.typedListed.insert(command.fullName).inserted
    if progressed || listedFirstTime {
        walk.offTrack = 0
        return
    }
    // A command that only looks (or talks about the shell itself) never counts as leading away.
    if command.effect == .looks { return }
    walk.offTrack += 1
    guard walk.offTrack >= 2 else { return }
    walk.offTrack = 0
    let info = text.steps[walk.current]
    let hint = walk.currentHint(info, step, shell)
    let line = text.message("hint", ["hint": hint, "n": text.number(info.number)])
    tell(
        shell, kind: "hint", fields: [Value.Field("step", .int(info.number)), Value.Field("text", .string(hint))],
        lines: [shell.outputStyle.dim(line)])
}

/// Writes what the last command did into the journal, ahead of the events it caused: the
/// command as typed, a new launch of the app, and the alert's answer when the alert that was on
/// screen is gone.
private func journalCommand(_ walk: TutorialWalk, _ shell: Shell) {
    var typed = ""
    if let invocation = shell.lastInvocation {
        let bytes = invocation.source.bytes
        let start = min(max(0, invocation.offset), bytes.count)
        let end = min(start + max(0, invocation.length), bytes.count)
        typed = String(decoding: bytes[start..<end], as: UTF8.self).split { $0 == " " || $0 == "\t" || $0 == "\n" }
            .joined(separator: " ")
    }
    var at = min(walk.commandStart, walk.journal.count)
    walk.record(JournalEntry(kind: "typed", text: typed), at: at)
    at += 1
    let app = shell.session.app
    if let app, app !== walk.lastApp {
        walk.record(JournalEntry(kind: "launch", text: app.flavor.rawValue), at: at)
        at += 1
    }
    walk.lastApp = app
    let open = shell.session.device.promptOpen
    if walk.alertWasOpen && !open { walk.record(JournalEntry(kind: "answer", text: typed), at: at) }
    walk.alertWasOpen = open
    walk.commandStart = walk.journal.count
}

/// The current step is done: say so, and move to the first step after it that is not.
private func complete(_ walk: TutorialWalk, _ text: TutorialText, _ steps: [CompiledStep], _ shell: Shell) {
    let style = shell.outputStyle
    let width = proseWidth(shell)
    let finished = text.steps[walk.current]
    walk.done.insert(walk.current)
    // What happened so far belongs to the step just done.
    walk.stepStart = walk.journal.count
    var lines = [style.good(text.message("done", ["n": text.number(finished.number), "title": finished.title]))]
    lines += wrapLines(finished.recap, width: width, indent: "  ")
    for paragraph in finished.after { lines += wrapLines(paragraph, width: width, indent: "  ") }
    tell(
        shell, kind: "done",
        fields: [
            Value.Field("step", .int(finished.number)), Value.Field("title", .string(finished.title)),
            Value.Field("recap", .string(finished.recap)),
            Value.Field("after", .optional(finished.after.isEmpty ? nil : finished.after.joined(separator: "\n\n"))),
        ], lines: lines)
    var next = walk.current + 1
    while next < steps.count && holds(steps[next], shell) {
        walk.done.insert(next)
        let s = text.steps[next]
        tell(
            shell, kind: "done",
            fields: [
                Value.Field("step", .int(s.number)), Value.Field("title", .string(s.title)),
                Value.Field("recap", .string(s.recap)),
            ],
            lines: [style.good(text.message("doneToo", ["n": text.number(s.number), "title": s.title]))]
                + wrapLines(s.recap, width: width, indent: "  "))
        next += 1
    }
    if next >= steps.count {
        walk.isRunning = false
        tell(
            shell, kind: "finished", fields: [],
            lines: [""] + wrapLines(text.message("finished"), width: width, indent: ""))
        return
    }
    move(walk, to: next, steps, shell, byHand: false)
    tell(
        shell, kind: "step", fields: stepValue(text.steps[next], walk, total: steps.count, shell.session),
        lines: [""] + stepLines(text.steps[next], text, shell))
}

/// Makes `index` the current step.
private func move(_ walk: TutorialWalk, to index: Int, _ steps: [CompiledStep], _ shell: Shell, byHand: Bool) {
    walk.current = index
    walk.offTrack = 0
    walk.typedListed = []
    walk.stepStart = walk.journal.count
    let count = passing(steps[index], shell)
    walk.lastPassing = count
    walk.arrivedDone = byHand && holds(steps[index], shell)
}

// MARK: - The commands

/// The current step as a command's result: its text, and `already` when it holds.
private func showCurrent(_ ctx: CommandContext, intro: [String] = []) throws(Diagnostic) -> CommandResult {
    let shell = ctx.shell
    let walk = shell.tutorialWalk
    let text = try walk.text()
    let steps = try walk.steps(shell, text)
    let step = text.steps[walk.current]
    var lines = intro + stepLines(step, text, shell)
    let already = holds(steps[walk.current], shell)
    if already { lines += [""] + wrapLines(text.message("already"), width: proseWidth(shell), indent: "") }
    var fields =
        [Value.Field("running", .bool(walk.isRunning))] + stepValue(step, walk, total: steps.count, shell.session)
    fields.append(Value.Field("holds", .bool(already)))
    return CommandResult(value: .record(fields), text: lines.map(text.directed))
}

/// `tutorial goto N` on a session where no app has run (a new one, or one just erased with
/// `reset`): types the `type:` lines of the steps before N, silently, checking that each step
/// holds after its lines, so that step N starts where the walk would have brought it. Returns
/// false when the session has an app already, and nothing is typed.
private func replay(
    upTo index: Int, _ ctx: CommandContext, at location: SourceLocation, startingOver: Bool = false
) throws(Diagnostic) -> Bool {
    let shell = ctx.shell
    let session = shell.session
    // Going to a step (goto, back, restart) starts the session over first: what the student
    // did, to the app, to its "code" and with faults, is not what the steps before `index`
    // leave. Taking a walk up again (`tutorial`) keeps the session as it is.
    if startingOver { startOver(shell) }
    guard index > 0, session.app == nil, session.lastApp == nil else { return false }
    let walk = shell.tutorialWalk
    let text = try walk.text()
    let probe = Shell(table: shell.table, environment: shell.environment, stdout: StringSink(), stderr: StringSink())
    let errors = probe.stderr as? StringSink
    probe.replaceSession(with: session)
    defer { shell.replaceSession(with: session) }
    let probeWalk = probe.tutorialWalk
    probeWalk.language = walk.language
    probeWalk.lastApp = nil
    probeWalk.alertWasOpen = session.device.promptOpen
    let steps = try probeWalk.steps(probe, text)
    // A replay that cannot go on leaves the walk running at the step where it stopped, with
    // the session as that step's commands left it: the student takes it from there.
    func stop(at i: Int) {
        shell.autorun = probe.autorun
        walk.journal = probeWalk.journal
        walk.lastApp = session.app
        walk.alertWasOpen = session.device.promptOpen
        walk.isRunning = true
        walk.stoppedAt = nil
        shell.replaceSession(with: session)
        move(walk, to: i, steps, shell, byHand: true)
        walk.commandStart = walk.journal.count
    }
    for i in 0..<index {
        probeWalk.stepStart = probeWalk.journal.count
        for line in text.steps[i].type {
            let invocation = try bindCommand(line, language: text.language, table: probe.table)
            // A picture of the screen changes nothing in the session: the replay writes no file.
            if invocation.spec.fullName == "snapshot" {
                probeWalk.record(JournalEntry(kind: "typed", text: line))
                probeWalk.commandStart = probeWalk.journal.count
                continue
            }
            guard probe.execute(invocation) else {
                stop(at: i)
                // Why, as the command said it (without the tutorial text's own location).
                throw .runtime(
                    text.message(
                        "replayFailed",
                        ["n": text.number(index + 1), "step": text.number(i + 1), "command": line]),
                    at: location,
                    help: probe.lastError ?? (errors?.text ?? "").split(separator: "\n").first.map(String.init))
            }
        }
        guard holds(steps[i], probe) else {
            // Why, as the step's hint would say it to a student there, when one fits; else
            // where to look: the session is where the step stopped.
            probeWalk.current = i
            let hint = probeWalk.currentHint(text.steps[i], steps[i], probe)
            stop(at: i)
            throw .runtime(
                text.message("replayStuck", ["n": text.number(index + 1), "step": text.number(i + 1)]),
                at: location,
                help: hint != text.steps[i].hint ? hint : text.message("replayStuckHelp"))
        }
    }
    shell.autorun = probe.autorun
    walk.journal = probeWalk.journal
    walk.commandStart = walk.journal.count
    walk.lastApp = session.app
    walk.alertWasOpen = session.device.promptOpen
    return true
}

/// The session as a walk begins it: the simulator erased (`reset`: the app ended, the
/// permission asked afresh, no position), and the tutorial's "code" as the tutorial writes it —
/// its field mask, its Nearby Search request, its Info.plist, a Cloud project with every API
/// on, no fault — with the run loop running by itself. The dataset, the SDK and the shell's
/// other settings stay.
private func startOver(_ shell: Shell) {
    let session = shell.session
    session.stopRoute()
    session.reset()
    session.setDevicePosition(nil)
    session.places.requestedFields = .tutorial
    session.places.nearby = NearbySettings()
    session.places.project = CloudProject()
    session.places.faults = PlacesFaults()
    session.device.infoPlist = .tutorial
    shell.autorun = true
}

/// "The walk typed … the steps before this one (1–6)", and a blank line.
private func replayNote(_ index: Int, _ text: TutorialText, _ shell: Shell) -> [String] {
    let steps =
        index == 1 ? text.number(1) : text.message("range", ["first": text.number(1), "last": text.number(index)])
    let note = text.message("replayed", ["steps": steps])
    return wrapLines(note, width: proseWidth(shell), indent: "") + [""]
}

/// `tutorial hint`: the hint that fits the session now.
private func hintNow(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let shell = ctx.shell
    let walk = shell.tutorialWalk
    let text = try walk.text()
    guard walk.isRunning else { return .line(text.directed(text.message("notRunning")), value: .null) }
    let steps = try walk.steps(shell, text)
    let info = text.steps[walk.current]
    let hint = walk.currentHint(info, steps[walk.current], shell)
    let line = text.message("hintNow", ["hint": hint, "n": text.number(info.number)])
    return CommandResult(
        value: .record([Value.Field("step", .int(info.number)), Value.Field("text", .string(hint))]),
        text: wrapLines(line, width: proseWidth(shell), indent: "").map(text.directed))
}

private func goTo(_ ctx: CommandContext, _ index: Int) throws(Diagnostic) -> CommandResult {
    let shell = ctx.shell
    let walk = shell.tutorialWalk
    let text = try walk.text()
    let steps = try walk.steps(shell, text)
    walk.isRunning = true
    move(walk, to: index, steps, shell, byHand: true)
    return try showCurrent(ctx)
}

private let languageType = ArgType(usage: "LANG", completions: { _ in tutorialCatalogs.keys.sorted() }) {
    (c: inout TokenCursor) throws(Diagnostic) in
    guard let t = c.next() else { return .word("") }
    return .word(t.text)
}

extension CommandFamily {
    /// The guided tutorial: the app's flow one step at a time, each checked against the session.
    public static let tutorial = CommandFamily(
        name: "Tutorial",
        summary: "a guided walk through the tutorial app, one checked step at a time",
        manual: #"""
            A guided walk through the tutorial app, in the order the tutorial teaches it:
            start the app with the trace on, answer the permission alert, set up the
            location manager, add the map, ask for likely
            places, let the user pick, add the marker; then the pitfalls: the missing
            snippet
            .Pq P1 ,
            denied, approximate location
            .Pq P12
            and the Objective-C differences
            .Pq P7 , P8 ;
            and, marked optional, the first request racing the prompt
            .Pq P4 ,
            the empty list
            .Pq P2
            and duplicate rows
            .Pq P3 ,
            stepped with
            .Ic set autorun off ;
            last, the app migrated to Nearby Search (New), step by step: a new Cloud project
            without Places API (Legacy)
            .Pq Ic project legacy off ,
            the nearby flavour that sends nothing before the first fix, its place properties
            .Pq P1 again ,
            ranking by distance in a smaller circle, and no more results than the picker
            shows
            .Pq Ic nearby fields , Ic nearby rank , Ic nearby radius , Ic nearby max .
            Each step names the part of the published tutorial its code belongs to, says
            what the app does at that point, shows the calls it exercises as
            .Ic trace
            prints them (Swift, or Objective-C for the Objective-C steps), names the real
            API involved, and says what to type: along the way
            .Ic trace on ,
            .Ic explain
            where the hidden map and the empty list puzzle,
            .Ic map
            and
            .Ic snapshot .
            A step is done when its checks hold: expectations on the state now, read
            through the same state paths as
            .Ic expect
            .Pq Li app.running == true , Li markers[1].snippet != nil ,
            and checks on what happened: the walk keeps a journal of the commands typed
            and the events printed (the alert, console lines, notes, the events
            .Ic step
            delivers), with a launch of the app and the alert's answer marked, and a step
            can ask that things happened in an order (step 1: the trace showed
            .Fn viewDidLoad
            and the alert was shown; step 2: the alert was answered with
            .Ic auth allow ,
            then the app printed its status line; step 13:
            .Ic set autorun off
            came before
            .Ic launch ) .
            After every command while a walk runs, the current step is checked; when it
            holds the walk prints
            .Ql \[u2713] step N done ,
            a one-line recap of what the step showed, and the next step (a following step that already holds is marked done too).
            After two commands in a row that are not what the step asks and bring it no
            closer, it prints a one-line hint; commands that only look
            .Po
            .Ic show ,
            .Ic help ,
            .Ic explain ,
            .Ic status
            and the like
            .Pc
            never count, and a command the step lists counts as following it the first
            time only.
            .Ic tutorial hint
            (or
            .Ic hint )
            gives the hint at any time.
            A hint reads the session and says what is wrong now: the alert was denied,
            the fix already came, a field mask replaced the whole list.
            .Pp
            .Ic tutorial goto Ar N
            in a session where no app has run yet (a new one, or one just erased with
            .Ic reset )
            first types, silently, the commands of the steps before
            .Ar N ,
            each step checked, so that step
            .Ar N
            starts where the walk would have brought it.
            At the prompt, the walk's progress (the steps done, the step it is on and
            the language) is kept in the file
            .Pa tutorial
            beside the history file
            .Pq Pa $XDG_STATE_HOME/placeshell/tutorial , else Pa ~/.local/state/placeshell/tutorial ;
            .Ic tutorial
            in a later session takes the walk up where it was, typing the earlier
            steps' commands as
            .Ic tutorial goto
            does.
            The language is taken up only when the student chose it with
            .Ic tutorial language ;
            one that came from the environment is not, so that on a shared machine the
            next student's own
            .Ev LANG
            wins.
            .Ic tutorial reset
            forgets it.
            Scripts and
            .Fl Fl no-history
            keep none.
            With
            .Fl Fl json
            the walk prints
            .Li {"event":"tutorial","kind":...}
            lines instead of text, with
            .Li kind
            .Li done ,
            .Li step ,
            .Li hint
            or
            .Li finished .
            The state path
            .Li tutorial
            holds
            .Li running ,
            .Li step ,
            .Li title ,
            .Li done
            (the numbers of the steps done),
            .Li steps
            and
            .Li language .
            .Pp
            The walk is written in English
            .Pq Li en ,
            German
            .Pq Li de ,
            Spanish
            .Pq Li es ,
            Persian
            .Pq Li fa ,
            Korean
            .Pq Li ko
            and Vietnamese
            .Pq Li vi .
            The steps are written once, without words
            .Pq Pa Sources/PlaceScript/Tutorial/Steps.swift :
            what to type, what is checked, the calls shown, which are never translated.
            The words are gettext catalogues, keyed by step
            .Pq Li step.3.say , step.3.hint.1 , message.welcome :
            the English in
            .Pa Tutorial/tutorial.pot ,
            each translation in its
            .Pa Tutorial/ Ns Ar XX Ns Pa .po ,
            which any PO editor opens; a language is its file and a line in
            .Pa Tutorial/Languages.swift
            and
            .Pa Package.swift .
            A translation lacking an entry, with one the walk does not have, or translated
            from an older English text
            .Po
            .Ql msgmerge -U XX.po tutorial.pot
            marks those fuzzy
            .Pc
            is refused by the tests.
            The language is the first of
            .Ev LC_ALL ,
            .Ev LC_MESSAGES
            and
            .Ev LANG
            that is set, when the tutorial has it
            .Pq Li fa_IR.UTF-8 No is Li fa ;
            English otherwise;
            .Ic tutorial language
            chooses another.
            The device's language, which the same variables give a new session and
            .Ic set language
            changes, is the permission alert's
            .Pq Sx SIMULATION CHOICES , the alert's language .
            Text is wrapped and aligned by terminal cells: a Hangul syllable takes two, a
            letter with its combining marks (Vietnamese) one, the zero-width non-joiner and
            the short vowels of Persian none.
            .Pp
            While the walk runs in a language, what it sends the student to speaks that
            language too: its steps and hints, and its own notes (a replay, a stop); the
            picker's heading and notes
            .Pq Ic likely , Ic picker ;
            .Ic explain
            with no argument, topic by topic
            .Po
            its
            .Fl Fl json
            stays English, for programs
            .Pc ;
            and a storyboard recorded during it
            .Pq Ic record ,
            whose page takes the language's
            .Li lang
            and direction.
            The rest stays English, as most command-line tools do: other commands' output
            and the simulation's
            .Ql note:
            lines, errors and their help lines,
            .Ic help ,
            .Ic explain Ar COMMAND
            and the pitfalls.
            An
            .Ic explain
            finding the catalogues have no words for
            .Pq a fault, a missing Info.plist key
            is said whole in English rather than half translated.
            .Pp
            Persian is written right to left.
            Its lines are printed in logical order (the order it is typed and read in), each
            opened with U+200F RIGHT-TO-LEFT MARK, which takes no cell; a paragraph's lines
            are all marked, also one that holds only a command.
            Commands, calls and API names stay left to right, on lines of their own under
            their label.
            A coordinate pair or a negative number in the prose, such as
            .Ql (-33.869405, 151.199) ,
            is set between U+200E LEFT-TO-RIGHT MARKs, so that a terminal or browser that
            lays the line out right to left keeps its order; a quoted command gets none, so
            that it can be copied as it is.
            Terminals that lay out each line right to left by its first strong character
            show the text as it is read: Konsole, mlterm, PuTTY and the macOS Terminal do so
            by themselves; GNOME Terminal and the other terminals built on VTE 0.58 or later
            reorder right-to-left text, and with direction autodetection on
            .Pq Li printf '\\e[?2501h'
            also align it on the right.
            Terminals without bidirectional support (xterm, Alacritty, kitty, Windows
            Terminal, among others) and tmux show the letters in logical order, left to right.
            """#,
        commands: [
            CommandSpec(
                "tutorial",
                summary: "start the guided tutorial, or show the step you are on",
                effect: .looks,
                api: APIEntry(what: "nothing in the app: the shell's guided walk through it, step by step"),
                manual: #"""
                    .It Ic tutorial
                    Starts the walk at step 1, takes up a stopped walk where it stopped, or, while
                    one runs, shows the current step again: its number and title, the part of the
                    published tutorial it belongs to, what the app does, the calls as
                    .Ic trace
                    prints them, the API, and the commands to type.
                    Some steps also check what happened, in order: the step that looks at the
                    app's list is done only once it has been looked at with
                    .Ic show
                    after the places answer came.
                    The walk's last step asks Nearby Search (New) for five results
                    .Pq Ql nearby max 5 .
                    .Ic set language Ar LANG
                    takes the same language codes; the device's language gives the words of the
                    permission alert, both as printed and as
                    .Ic snapshot
                    draws it.
                    """#,
                examples: ["tutorial", "tutorial list", "tutorial goto 7"],
                subcommands: [
                    CommandSpec(
                        "next", summary: "go to the next step, done or not",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial next
                            Goes to the next step, whether the current one is done or not.
                            """#,
                        examples: ["tutorial next"],
                        handler: { ctx throws(Diagnostic) in
                            let walk = ctx.shell.tutorialWalk
                            let total = try walk.text().steps.count
                            guard walk.isRunning else { return try start(ctx) }
                            guard walk.current + 1 < total else {
                                return try showCurrent(ctx, intro: [try walk.text().message("last"), ""])
                            }
                            return try goTo(ctx, walk.current + 1)
                        }),
                    CommandSpec(
                        "hint", summary: "what to do now: a hint that reads the session",
                        effect: .looks,
                        manual: #"""
                            .It Ic tutorial hint
                            Says what to do next on the current step, reading the session: what
                            is wrong now (the alert was denied, the fix already came, a field
                            mask replaced the whole list) and how to go on.
                            .Ic hint
                            alone is the same.
                            """#,
                        examples: ["tutorial hint"],
                        handler: { ctx throws(Diagnostic) in try hintNow(ctx) }),
                    CommandSpec(
                        "back", summary: "go back to the previous step",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial back
                            Goes back to the previous step, bringing the session to where that
                            step starts as
                            .Ic tutorial goto
                            does.
                            A step reached by hand that already holds says so and waits for
                            .Ic tutorial next .
                            """#,
                        examples: ["tutorial back"],
                        handler: { ctx throws(Diagnostic) in
                            let walk = ctx.shell.tutorialWalk
                            guard walk.isRunning else { return try start(ctx) }
                            guard walk.current > 0 else {
                                return try showCurrent(ctx, intro: [try walk.text().message("first"), ""])
                            }
                            let index = walk.current - 1
                            let replayed = try replay(upTo: index, ctx, at: ctx.location, startingOver: true)
                            let result = try goTo(ctx, index)
                            guard replayed else { return result }
                            let text = try walk.text()
                            return CommandResult(
                                value: result.value,
                                text: (replayNote(index, text, ctx.shell) + result.text).map(text.directed))
                        }),
                    CommandSpec(
                        "restart", summary: "start again at step 1, with no step done",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial restart
                            Starts again at step 1 with no step done, in a session started over
                            as
                            .Ic tutorial goto
                            starts it.
                            """#,
                        examples: ["tutorial restart"],
                        handler: { ctx throws(Diagnostic) in
                            let walk = ctx.shell.tutorialWalk
                            walk.done = []
                            walk.stoppedAt = nil
                            let text = try walk.text()
                            _ = try replay(upTo: 0, ctx, at: ctx.location, startingOver: true)
                            let result = try goTo(ctx, 0)
                            return CommandResult(
                                value: result.value, text: (welcome(text, ctx.shell) + result.text).map(text.directed)
                            )
                        }),
                    CommandSpec(
                        "goto",
                        arguments: [ArgSpec("N", .integer(1...999), summary: "a step number ('tutorial list')")],
                        summary: "go to step N",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial goto Ar N
                            Goes to step
                            .Ar N ,
                            with the session where the walk would have brought it.
                            The session is started over first: the
                            simulator erased as
                            .Ic reset
                            erases it, the device without a position, and the tutorial's code as
                            the tutorial writes it (the field mask, the Nearby Search request,
                            the Info.plist, a Cloud project with every API on, no fault set),
                            with the run loop running by itself; the dataset, the SDK and the
                            shell's other settings stay.
                            Then it types the
                            .Li type:
                            commands of the steps before
                            .Ar N ,
                            silently, and checks that each of those steps holds.
                            A command that fails stops it there, naming the step, the command
                            and why.
                            """#,
                        examples: ["tutorial goto 7"],
                        handler: { ctx throws(Diagnostic) in
                            let n = try ctx.required("N", as: .integer)
                            let goal = try ctx.shell.tutorialWalk.text()
                            let total = goal.steps.count
                            guard n <= total else {
                                throw .runtime(
                                    goal.message("noStep", ["n": goal.number(n), "total": goal.number(total)]),
                                    at: try ctx.location(of: "N"),
                                    help: goal.message("noStepHelp"))
                            }
                            let replayed = try replay(
                                upTo: n - 1, ctx, at: try ctx.location(of: "N"), startingOver: true)
                            let result = try goTo(ctx, n - 1)
                            guard replayed else { return result }
                            let text = try ctx.shell.tutorialWalk.text()
                            return CommandResult(
                                value: result.value,
                                text: (replayNote(n - 1, text, ctx.shell) + result.text).map(text.directed))
                        }),
                    CommandSpec(
                        "stop", summary: "end the walk (the steps done are kept: 'tutorial' takes it up again)",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial stop
                            Ends the walk; the steps done are kept.
                            """#,
                        examples: ["tutorial stop"],
                        handler: { ctx throws(Diagnostic) in
                            let walk = ctx.shell.tutorialWalk
                            let text = try walk.text()
                            guard walk.isRunning else {
                                return .line(text.directed(text.message("notRunning")), value: .bool(false))
                            }
                            walk.isRunning = false
                            walk.stoppedAt = walk.current
                            return .line(
                                text.directed(text.message("stopped", ["n": text.number(walk.current + 1)])),
                                value: .int(walk.current + 1))
                        }),
                    CommandSpec(
                        "reset", summary: "forget the progress: no step done, and nothing kept for the next session",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial reset
                            Ends the walk and forgets its progress: no step is done, and the
                            progress kept beside the history file is removed.
                            """#,
                        examples: ["tutorial reset"],
                        handler: { ctx throws(Diagnostic) in
                            let walk = ctx.shell.tutorialWalk
                            let text = try walk.text()
                            walk.isRunning = false
                            walk.done = []
                            walk.stoppedAt = nil
                            walk.forgetProgress()
                            return .line(text.directed(text.message("forgotten")), value: .bool(true))
                        }),
                    CommandSpec(
                        "list", summary: "list the steps, with a mark for those done",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial list
                            Lists the steps, with
                            .Ql \[u2713]
                            for those done and
                            .Ql \[->]
                            for the current one.
                            """#,
                        examples: ["tutorial list"],
                        handler: { ctx throws(Diagnostic) in
                            let shell = ctx.shell
                            let walk = shell.tutorialWalk
                            let text = try walk.text()
                            let optional = " " + text.message("optional")
                            let rows = text.steps.map { step -> [String] in
                                let i = step.number - 1
                                let mark =
                                    walk.done.contains(i) ? "✓" : (walk.isRunning && walk.current == i ? "→" : "")
                                return [mark, text.number(step.number), step.title + (step.isOptional ? optional : "")]
                            }
                            let value = Value.list(
                                text.steps.map { step in
                                    .record([
                                        Value.Field("step", .int(step.number)),
                                        Value.Field("title", .string(step.title)),
                                        Value.Field("optional", .bool(step.isOptional)),
                                        Value.Field("done", .bool(walk.done.contains(step.number - 1))),
                                        Value.Field(
                                            "current", .bool(walk.isRunning && walk.current == step.number - 1)),
                                    ])
                                })
                            let heading = text.message(
                                "list",
                                ["done": text.number(walk.done.count), "total": text.number(text.steps.count)])
                            let numberWidth = rows.map { displayWidth($0[1]) }.max() ?? 0
                            let lines = rows.map { row in
                                // Units under units: right to left, a number's last digit is on its left.
                                let number =
                                    text.direction == .rtl
                                    ? padded(row[1], to: numberWidth) : leftPadded(row[1], to: numberWidth)
                                return padded(row[0], to: 1) + " " + number + "  " + row[2]
                            }
                            return CommandResult(value: value, text: ([heading] + lines).map(text.directed))
                        }),
                    CommandSpec(
                        "language",
                        arguments: [ArgSpec("LANG", languageType, optional: true, summary: "a language code, e.g. en")],
                        summary: "show the tutorial's language and those it has, or choose one",
                        effect: .acts,
                        manual: #"""
                            .It Ic tutorial language Op Ar LANG
                            Shows the walk's language and those the tutorial has, or chooses one.
                            """#,
                        examples: ["tutorial language", "tutorial language en"],
                        handler: { ctx throws(Diagnostic) in
                            let walk = ctx.shell.tutorialWalk
                            if let code = try ctx.optional("LANG", as: .word) {
                                guard tutorialCatalogs[code] != nil else {
                                    let codes = tutorialCatalogs.keys.sorted()
                                    let now = try walk.text()
                                    throw .runtime(
                                        now.message("noLanguage", ["code": code]), at: try ctx.location(of: "LANG"),
                                        help: suggestion(for: code, among: codes)
                                            ?? now.message("languages", ["list": codes.joined(separator: ", ")]))
                                }
                                walk.language = code
                                walk.languageChosen = true
                            }
                            let text = try walk.text()
                            let available = tutorialCatalogs.keys.sorted().map { code -> String in
                                if case .success(let t)? = parsedTutorials[code] { return "\(code) (\(t.name))" }
                                return code
                            }
                            return .line(
                                text.directed(
                                    text.message(
                                        "language",
                                        [
                                            "title": "\(text.language) (\(text.name))",
                                            "list": available.joined(separator: ", "),
                                        ])),
                                value: .string(text.language))
                        }),
                ],
                handler: { ctx throws(Diagnostic) in
                    let walk = ctx.shell.tutorialWalk
                    if walk.isRunning { return try showCurrent(ctx) }
                    return try start(ctx)
                }),
            CommandSpec(
                "hint",
                summary: "the guided tutorial's hint for the step you are on ('tutorial hint')",
                effect: .looks,
                api: APIEntry(what: "nothing in the app: the guided walk's hint"),
                manual: #"""
                    .It Ic hint
                    The same as
                    .Ic tutorial hint :
                    what to do next on the tutorial's current step, read from the session.
                    """#,
                examples: ["hint"],
                handler: { ctx throws(Diagnostic) in try hintNow(ctx) }),
        ],
        stateRoots: [
            StateRoot(
                "tutorial", summary: "the guided tutorial",
                manual: #"""
                    .It Li tutorial.running , tutorial.step , tutorial.title , tutorial.done , tutorial.steps , tutorial.language
                    The guided walk
                    .Pq Sx Tutorial :
                    whether it runs; the number and title of the current step
                    .Pq Li nil No when no walk runs ;
                    the numbers of the steps done, a list; how many steps the walk has; and the
                    language of its text
                    .Pq Qq en .
                    """#,
                shape: .record([
                    "running": .bool, "step": .optional(.plain), "title": .optional(.text), "done": .list(.plain),
                    "steps": .plain, "language": .words(tutorialCatalogs.keys.sorted()),
                ])
            ) {
                shell in
                let walk = shell.tutorialWalk
                let text = try? walk.text()
                let title = walk.isRunning ? text?.steps[walk.current].title : nil
                return .fields([
                    ("running", .bool(walk.isRunning)), ("step", walk.isRunning ? .int(walk.current + 1) : .null),
                    ("title", .optional(title)), ("done", .list(walk.done.sorted().map { .int($0 + 1) })),
                    ("steps", .int(text?.steps.count ?? 0)), ("language", .string(walk.language)),
                ])
            }
        ],
        afterCommand: tutorialAfterCommand)
}

/// `tutorial` when no walk runs: a stopped walk goes on where it stopped; a finished or new one
/// starts at step 1.
private func start(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let walk = ctx.shell.tutorialWalk
    let text = try walk.text()
    let total = text.steps.count
    let resumeAt = walk.stoppedAt.flatMap { $0 < total ? $0 : nil }
    walk.stoppedAt = nil
    if resumeAt == nil { walk.done = [] }
    // A walk taken up in a session where no app has run yet (kept from an earlier session)
    // starts where it stopped.
    let replayed = try replay(upTo: resumeAt ?? 0, ctx, at: ctx.invocation.location)
    let result = try goTo(ctx, resumeAt ?? 0)
    var intro = resumeAt != nil ? [] : welcome(text, ctx.shell)
    if replayed { intro += replayNote(resumeAt ?? 0, text, ctx.shell) }
    return CommandResult(value: result.value, text: (intro + result.text).map(text.directed))
}

/// The walk's opening paragraph, and a blank line.
private func welcome(_ text: TutorialText, _ shell: Shell) -> [String] {
    wrapLines(text.message("welcome", ["total": text.number(text.steps.count)]), width: proseWidth(shell), indent: "")
        + [""]
}

extension String {
    func trimmingLeadingSpace() -> String {
        String(drop { $0 == " " || $0 == "\t" })
    }
}
