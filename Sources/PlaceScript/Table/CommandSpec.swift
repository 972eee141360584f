import PlaceKit
import PlaceStorage

/// A typed argument value, after the binder has checked and converted the words.
public enum ArgValue: Sendable {
    case word(String)
    case words([String])
    case number(Quantity)
    case integer(Int)
    case coordinate(Coordinate)
    case flag(Bool)
    case statePath(StatePath)
    case expectation(Expectation)
}

extension ArgValue {
    /// What the value is, in words: `the word 'in'`, `a coordinate`.
    var kindDescription: String {
        switch self {
        case .word(let w): "the word '\(w.count > 40 ? w.prefix(40) + "…" : w)'"
        case .words: "a list of words"
        case .number: "a number"
        case .integer: "a whole number"
        case .coordinate: "a coordinate"
        case .flag: "a flag"
        case .statePath: "a state path"
        case .expectation: "an expectation"
        }
    }
}

/// How a handler reads a bound argument or option: the Swift value it wants out of an `ArgValue`.
/// The standard kinds follow `ArgValue`'s cases; a command may define its own (`locate`'s target).
public struct ArgKind<Output>: Sendable {
    /// The kind in words, for the diagnostic when the bound value is of another kind: `a word`.
    public let description: String
    /// The value, or nil when the bound value is not of this kind.
    public let extract: @Sendable (ArgValue) -> Output?

    /// A kind called `description` in diagnostics, whose values `extract` takes out.
    public init(_ description: String, extract: @escaping @Sendable (ArgValue) -> Output?) {
        self.description = description
        self.extract = extract
    }
}

extension ArgKind where Output == String {
    /// One word: what `.word`, `.path`, `.text`, `.choice` and most custom types bind.
    public static var word: Self { Self("a word") { if case .word(let w) = $0 { w } else { nil } } }
}

extension ArgKind {
    /// One word turned into a value by `convert` (a choice into its enum case), nil when it
    /// does not convert: `.word("a usage key", UsageKey.init(rawValue:))`.
    public static func word(_ description: String, _ convert: @escaping @Sendable (String) -> Output?) -> Self {
        Self(description) { if case .word(let w) = $0 { convert(w) } else { nil } }
    }
}

extension ArgKind where Output == [String] {
    /// Several words, kept apart (`.words`).
    public static var words: Self { Self("a list of words") { if case .words(let w) = $0 { w } else { nil } } }
}

extension ArgKind where Output == Quantity {
    /// A number with its dimension (`.number`).
    public static var number: Self { Self("a number") { if case .number(let q) = $0 { q } else { nil } } }
}

extension ArgKind where Output == Int {
    /// A whole number (`.integer`).
    public static var integer: Self { Self("a whole number") { if case .integer(let n) = $0 { n } else { nil } } }
}

extension ArgKind where Output == Coordinate {
    /// A latitude and longitude (`.coordinate`).
    public static var coordinate: Self {
        Self("a coordinate") { if case .coordinate(let c) = $0 { c } else { nil } }
    }
}

extension ArgKind where Output == StatePath {
    /// A state path (`.statePath`).
    public static var statePath: Self {
        Self("a state path") { if case .statePath(let p) = $0 { p } else { nil } }
    }
}

extension ArgKind where Output == Expectation {
    /// The expression of `expect` (`.expectation`).
    public static var expectation: Self {
        Self("an expectation") { if case .expectation(let e) = $0 { e } else { nil } }
    }
}

/// A latitude and longitude in degrees, checked to be on the globe.
public struct Coordinate: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A bound argument and where it was written: `start` bytes after its command's first word
/// (`Invocation.offset`), so that a command written again further on (a script's repeated
/// `wait 3s`) moves by its own offset alone, and every line shares one array of arguments.
public struct BoundArg: Sendable {
    public var value: ArgValue
    public var start: Int
    public var length: Int
}

/// The words an argument type reads, one at a time, with what the binder knows.
public struct TokenCursor {
    public let tokens: [Token]
    public var index: Int
    public let source: SourceText
    /// The command table, for types that check names (state paths).
    public let table: CommandTable
    /// The words are only being checked (the first pass over a long script): the value read is
    /// thrown away, so a type may skip building one when building cannot fail.
    public var isCheckingOnly = false

    public var atEnd: Bool { index >= tokens.count }
    public var current: Token? { index < tokens.count ? tokens[index] : nil }
    public mutating func next() -> Token? {
        guard index < tokens.count else { return nil }
        defer { index += 1 }
        return tokens[index]
    }
    public func location(of token: Token) -> SourceLocation {
        SourceLocation(source: source, offset: token.offset, length: max(token.length, 1))
    }
}

/// The type of an argument: how it reads words, what its usage says, and what completes it.
public struct ArgType: Sendable {
    /// How the argument is written in usage lines when it has no name of its own (`LAT LNG`).
    public var usage: String?
    /// Reads the argument's words from the cursor (at least one is there) and converts them.
    public var read: @Sendable (inout TokenCursor) throws(Diagnostic) -> ArgValue
    /// Words Tab offers for this argument; the shell is passed so later families can offer
    /// values from the session (place names).
    public var completions: @Sendable (Shell) -> [String]
    /// Takes every remaining word.
    public var isGreedy: Bool
    /// For values too many to list (place names): the ones that start with what was typed
    /// (unescaped), found by the session. Tab escapes their spaces.
    public var prefixCompletions: (@Sendable (Shell, String) -> [String])?
    /// Reads every remaining word, however written, and joins them with single spaces (`.text`):
    /// it never fails, so a command whose only argument it is binds from its words alone.
    var joinsWords = false
    /// Reads the argument from a script's plain words (`PlainWords`) from word `first` on,
    /// without tokens: its value and how many words it took. Nil leaves the whole command to
    /// the binder, which reads it with `read`, and gives the same value or the error: a type
    /// gives this only when its reading of plain words is `read`'s exactly.
    var readPlain: (@Sendable (PlainWords, _ first: Int) -> (value: ArgValue, words: Int)?)?

    public init(
        usage: String? = nil, isGreedy: Bool = false,
        completions: @escaping @Sendable (Shell) -> [String] = { _ in [] },
        read: @escaping @Sendable (inout TokenCursor) throws(Diagnostic) -> ArgValue
    ) {
        self.usage = usage
        self.isGreedy = isGreedy
        self.completions = completions
        self.read = read
    }
}

/// The words of a plain command (bytes of the script itself: no quote, escape or `$`), as the
/// lexer's scan found them: word `k` is `bytes[starts[k]..<ends[k]]`, the command's name first.
struct PlainWords {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<Int>
    let ends: UnsafeBufferPointer<Int>
    let count: Int

    /// Word `k`'s bytes.
    func word(_ k: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[starts[k]..<ends[k]]) }
}

/// A positional argument of a command.
public struct ArgSpec: Sendable {
    public var name: String
    public var type: ArgType
    public var isOptional: Bool
    public var summary: String

    public init(_ name: String, _ type: ArgType, optional: Bool = false, summary: String = "") {
        self.name = name
        self.type = type
        self.isOptional = optional
        self.summary = summary
    }

    /// `N`, `[ACCURACY]`, `LAT LNG`.
    public var usage: String {
        let base = type.usage ?? name
        return isOptional ? "[\(base)]" : base
    }
}

/// An option: `--name` (a flag), `--name VALUE`, `--name=VALUE` or `name=VALUE`.
public struct OptionSpec: Sendable {
    public var name: String
    /// nil for a flag that takes no value.
    public var type: ArgType?
    public var valueName: String
    public var summary: String

    public init(_ name: String, _ type: ArgType? = nil, valueName: String = "VALUE", summary: String = "") {
        self.name = name
        self.type = type
        self.valueName = valueName
        self.summary = summary
    }

    public var usage: String { type == nil ? "--\(name)" : "--\(name) \(valueName)" }
}

/// What a command hands back: a value for `--json` and the lines a person reads.
public struct CommandResult: Sendable {
    public var value: Value
    private var lines: [String]
    private var singleLine: String?
    /// A change the running app does not read at all (the Current Place fields while the nearby
    /// app runs): no note that its next request reads it (`SettingRead`).
    public var notReadByTheApp = false
    /// Text worth a pager when it is longer than the screen (`help`): see `Shell.pager`.
    public var pageable = false

    public init(value: Value = .null, text: [String] = []) {
        self.value = value
        self.lines = text
    }

    /// The lines a person reads (none for a quiet command).
    public var text: [String] {
        get { singleLine.map { [$0] } ?? lines }
        set {
            lines = newValue
            singleLine = nil
        }
    }

    /// Calls `body` with each line, without building an array for a one-line result.
    func forEachLine(_ body: (String) -> Void) {
        if let singleLine { body(singleLine) } else { lines.forEach(body) }
    }

    public static let none = CommandResult()
    /// A result whose text is its one line: a line feed or a tab in what it quotes (a place's
    /// name, a route's) is shown as `\n` or `\t` (`oneLine`); its value, unless given, is the
    /// text as it was.
    public static func line(_ s: String, value: Value? = nil) -> CommandResult {
        var result = CommandResult(value: value ?? .string(s))
        result.singleLine = oneLine(s)
        return result
    }
}

/// Whether a command only looks (shows state, talks about the shell), acts (changes the app,
/// the device, the service or the shell's settings) or touches (a tap or a gesture on the app's
/// screens, which also acts). The tutorial's hints count the commands that act or touch as
/// leading away from the step. The permission alert is modal: while it is on screen the shell
/// refuses every command that touches, as a device lets no touch through to the app.
public enum CommandEffect: Sendable {
    case looks, acts, touches
}

/// When the app reads what a command sets, for one it does not read at once.
public enum SettingRead: Sendable {
    /// The app's next places request reads it (sent at its next location fix or selection): an
    /// answer it already has stays as it was.
    case nextRequest

    /// What a change says after it is made, in a session where `appRuns` or not.
    public func note(appRuns: Bool) -> String {
        switch self {
        case .nextRequest:
            "note: from the app's next request"
                + (appRuns ? " (at its next location fix or selection); the list it has stays as answered" : "")
        }
    }

    /// What `help` and the manual say of such a command, in plain words.
    public static let explanation =
        "The app reads the setting when it sends its next places request, at its next location fix or selection: a change leaves the list it already has as it was answered."
}

/// What a command stands for in the real app, as `explain COMMAND` prints it: what it is, the
/// API calls it makes, and the callbacks that follow.
public struct APIEntry: Sendable {
    public var what: String
    public var calls: [String]
    public var callbacks: [String]
    /// The calls as the Objective-C app makes them, where its code differs; nil: the same calls.
    public var objcCalls: [String]?
    /// The callbacks as the Objective-C app has them, where its code differs.
    public var objcCallbacks: [String]?

    public init(
        what: String, calls: [String] = [], callbacks: [String] = [], objcCalls: [String]? = nil,
        objcCallbacks: [String]? = nil
    ) {
        self.what = what
        self.calls = calls
        self.callbacks = callbacks
        self.objcCalls = objcCalls
        self.objcCallbacks = objcCallbacks
    }
}

/// Runs a bound command against the shell.
public typealias CommandHandler = (CommandContext) throws(Diagnostic) -> CommandResult

/// One command of the table: everything `help`, completion, the binder and the man page need.
public final class CommandSpec: @unchecked Sendable {
    public let name: String
    public let aliases: [String]
    public let arguments: [ArgSpec]
    public let options: [OptionSpec]
    /// One line: what `help` lists and the head of `help COMMAND`.
    public let summary: String
    /// Whether it only looks or acts. Every command that runs says which; nil only for a command
    /// that cannot run on its own (`fail`: its subcommands say), and a unit test fails on any other.
    public let effect: CommandEffect?
    /// When the app reads the setting it changes, for one it does not read at once: a change
    /// says so, and so do `help` and the manual.
    public let readAt: SettingRead?
    /// What it stands for in the real app (`explain COMMAND`); nil for the shell's own commands
    /// and for a subcommand that stands for what its parent does.
    public let api: APIEntry?
    /// Its one text, in mdoc: the `.It Ic …` line and its body. The manual's COMMANDS section
    /// prints it as it is, followed by the examples; `help COMMAND` prints it as plain text
    /// (`ManualText`), after the usage that stands for the `.It` line. Empty only for a command
    /// that cannot run on its own (`fail`: its subcommands have theirs).
    public let manual: String
    /// Command lines that show it at work: `help` lists them, the manual displays them.
    public let examples: [String]
    public let subcommands: [CommandSpec]
    public let handler: CommandHandler?
    /// A check of its own made when a script is read, before anything runs, beyond its
    /// arguments' types (`source` reads and checks the file it names).
    public let checkWhenRead: (@Sendable (Shell, Invocation) throws(Diagnostic) -> Void)?
    /// Set by the table: the family it belongs to and the parent of a subcommand.
    public internal(set) var family: String = ""
    public internal(set) weak var parent: CommandSpec?
    /// It runs, with no options, no subcommands and one argument that joins its words (`echo`):
    /// any words bind, so a script's line of plain words binds without being lexed into tokens.
    let isTextOnly: Bool
    /// It runs, with no options and no subcommands, and every argument reads plain words
    /// (`locate LAT LNG`, `wait DURATION`): a script's line of plain words may bind from its
    /// bytes (`Lexer.plainArgumentsInvocation`).
    let readsPlainWords: Bool

    public init(
        _ name: String, aliases: [String] = [], arguments: [ArgSpec] = [], options: [OptionSpec] = [],
        summary: String, effect: CommandEffect? = nil, readAt: SettingRead? = nil, api: APIEntry? = nil,
        manual: String = "", examples: [String] = [], subcommands: [CommandSpec] = [],
        handler: CommandHandler? = nil,
        checkWhenRead: (@Sendable (Shell, Invocation) throws(Diagnostic) -> Void)? = nil
    ) {
        self.checkWhenRead = checkWhenRead
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.options = options
        self.summary = summary
        self.effect = effect
        self.readAt = readAt
        self.api = api
        self.manual = manual
        self.examples = examples
        self.subcommands = subcommands
        self.handler = handler
        self.isTextOnly =
            handler != nil && subcommands.isEmpty && options.isEmpty && arguments.count == 1
            && arguments[0].type.joinsWords
        self.readsPlainWords =
            handler != nil && subcommands.isEmpty && options.isEmpty && !arguments.isEmpty
            && arguments.allSatisfy { $0.type.readPlain != nil }
        for sub in subcommands { sub.parent = self }
    }

    /// The full name as typed: `auth allow`.
    public var fullName: String {
        if let parent { return parent.fullName + " " + name }
        return name
    }

    /// What `explain` says it stands for: its own API entry, else its parent's; nil for the
    /// shell's own commands.
    public var standsFor: APIEntry? { api ?? parent?.standsFor }

    /// The usage line: `locate LAT LNG [ACCURACY]`, `launch [--flavor swift|objc]`.
    public var usage: String {
        var parts = [fullName]
        if handler == nil && !subcommands.isEmpty {
            parts.append("SUBCOMMAND")
        } else {
            parts += options.map { "[\($0.usage)]" }
            parts += arguments.map(\.usage)
        }
        return parts.joined(separator: " ")
    }

    /// Usage lines of this command and of all its subcommands.
    public var usageLines: [String] {
        var lines: [String] = []
        if handler != nil || subcommands.isEmpty { lines.append(usage) }
        for sub in subcommands { lines += sub.usageLines }
        return lines
    }

    func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word || $0.aliases.contains(word) }
    }
}

/// A shell setting changed with `set NAME VALUE` and `unset NAME`.
public struct SettingSpec: Sendable {
    public var name: String
    public var values: [String]
    public var summary: String
    public var get: @Sendable (Shell) -> String
    public var set: @Sendable (Shell, String) -> Void
    /// The value `set NAME` alone and `unset NAME` give.
    public var onValue: String
    public var offValue: String
    /// Its text in the manual and in `help set` (mdoc, after its `.It Cm NAME` line): its
    /// values, then what it does; made from `values` and `summary` when not given.
    public var manual: String
    /// Other spellings `set` and `unset` take (`colour`).
    public var aliases: [String]

    public init(
        _ name: String, values: [String], on: String = "on", off: String = "off", summary: String,
        manual: String = "", aliases: [String] = [],
        get: @escaping @Sendable (Shell) -> String, set: @escaping @Sendable (Shell, String) -> Void
    ) {
        self.name = name
        self.values = values
        self.onValue = on
        self.offValue = off
        self.summary = summary
        self.manual =
            manual.isEmpty
            ? ".Cm " + values.joined(separator: " | ") + " :\n" + summary + "." : manual
        self.aliases = aliases
        self.get = get
        self.set = set
    }
}

/// The line in `set`'s text where the settings go, each with its text (`settingsManual`): the
/// one list of them is the table's.
public let settingsManualMarker = #".\" SETTINGS: the table's, each with its text (SettingSpec.manual)"#

/// The settings as an mdoc tag list.
public func settingsManual(_ settings: [SettingSpec]) -> String {
    let widest = settings.map(\.name).max { $0.count < $1.count } ?? "Ds"
    return
        ([".Bl -tag -width \"\(widest)\" -compact"]
        + settings.map { ".It Cm \($0.name)\n" + $0.manual } + [".El"]).joined(separator: "\n")
}

/// A top-level name of the state tree (`camera`, `log`, `clock`), read by `show` and `expect`.
public struct StateRoot: Sendable {
    public var name: String
    /// What it is, in a few words; `description` adds its members from its shape.
    public var summary: String

    /// `the camera: latitude, longitude, zoom, …`: the summary and the members, from the
    /// shape (of each item, for a list of records).
    public var description: String {
        var shape = self.shape.unwrapped
        if case .list(let element, _) = shape { shape = element.unwrapped }
        let members = shape.members.map(\.name)
        return members.isEmpty ? summary : summary + ": " + members.joined(separator: ", ")
    }
    /// Its entries in the manual's STATE PATHS section, in mdoc: `.It Li …` items with their
    /// bodies, one for each path or group of paths under it.
    public var manual: String
    public var node: @Sendable (Shell) -> StateNode
    /// What it is, whatever it holds now: every member of every path below it, their kinds, and
    /// the words a member of fixed values takes (`app.screen`: map, picker).
    public var shape: StateShape
    public init(
        _ name: String, summary: String, manual: String = "", shape: StateShape,
        node: @escaping @Sendable (Shell) -> StateNode
    ) {
        self.name = name
        self.summary = summary
        self.manual = manual
        self.shape = shape
        self.node = node
    }
}

/// A help topic that is not a command: `help syntax`, `help paths`.
public struct HelpTopic: Sendable {
    public var name: String
    public var summary: String
    /// The manual's section that says the same at length (`POPULARITY MODEL`): a command's text
    /// that points to it (`.Sx`) points to this topic in `help`.
    public var manualSection: String?
    /// Built when the topic is shown, not when the table is made (start-up stays cheap).
    private let makeText: @Sendable () -> String
    public var text: String { makeText() }
    public init(
        _ name: String, summary: String, manualSection: String? = nil,
        text: @escaping @autoclosure @Sendable () -> String
    ) {
        self.name = name
        self.summary = summary
        self.manualSection = manualSection
        self.makeText = text
    }
}

/// A command family: its commands, its state paths, its settings and its help topics. A new part
/// of the simulation is one new family registered in `CommandTable.standard`.
public struct CommandFamily: Sendable {
    public var name: String
    public var summary: String
    /// Its introduction in the manual's COMMANDS section, in mdoc: the text between `.Ss NAME`
    /// and the list of its commands.
    public var manual: String
    public var commands: [CommandSpec]
    public var stateRoots: [StateRoot]
    public var settings: [SettingSpec]
    public var topics: [HelpTopic]
    /// A word for the prompt that shows this family's state (`map`, `picker`), or nil.
    public var promptTag: (@Sendable (Shell) -> String?)?
    /// Runs after every command, whether it succeeded or not (the run loop settles here).
    public var afterCommand: (@Sendable (Shell) -> Void)?
    /// Runs after every command that acts (not one that only looks), after `afterCommand`:
    /// what follows changes only, without a cost to commands that cannot make any.
    public var afterActingCommand: (@Sendable (Shell) -> Void)?

    public init(
        name: String, summary: String, manual: String = "", commands: [CommandSpec], stateRoots: [StateRoot] = [],
        settings: [SettingSpec] = [], topics: [HelpTopic] = [], promptTag: (@Sendable (Shell) -> String?)? = nil,
        afterCommand: (@Sendable (Shell) -> Void)? = nil, afterActingCommand: (@Sendable (Shell) -> Void)? = nil
    ) {
        self.promptTag = promptTag
        self.afterCommand = afterCommand
        self.afterActingCommand = afterActingCommand
        self.name = name
        self.summary = summary
        self.manual = manual
        self.commands = commands
        self.stateRoots = stateRoots
        self.settings = settings
        self.topics = topics
    }
}
