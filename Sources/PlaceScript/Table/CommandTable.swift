import PlaceKit
import PlaceStorage

/// A command with its arguments checked and converted: ready to run.
public struct Invocation: Sendable {
    public let spec: CommandSpec
    public let source: SourceText
    /// Offset and length of the command's words in the source.
    public internal(set) var offset: Int
    public let length: Int
    /// By argument index, as the binder reads them; nil for an optional argument not given.
    /// Handlers read arguments by name (`required(_:as:)`), never by index.
    public var args: [BoundArg?]
    /// Options given, by name.
    public var options: [String: BoundArg]

    public var location: SourceLocation { SourceLocation(source: source, offset: offset, length: length) }
    /// The command as written.
    public var text: String { location.text }
}

/// Arguments and options read by the names their specs give them, with the type the handler
/// expects. A name the spec does not declare, or a value of another kind, is a mistake in the
/// handler: it fails the command with an internal error, never a silent default.
extension Invocation {
    /// The required argument `name`, as `kind`.
    public func required<Output>(_ name: String, as kind: ArgKind<Output>) throws(Diagnostic) -> Output {
        let (isOptional, bound) = try argument(name)
        if isOptional {
            throw internalError("asks for its optional argument '\(name)' as required")
        }
        guard let bound else { throw internalError("has no value for its argument '\(name)'") }
        return try value(of: bound, as: kind, what: "its argument '\(name)'")
    }

    /// The argument `name`, as `kind`, or nil when it was not given.
    public func optional<Output>(_ name: String, as kind: ArgKind<Output>) throws(Diagnostic) -> Output? {
        guard let bound = try argument(name).bound else { return nil }
        return try value(of: bound, as: kind, what: "its argument '\(name)'")
    }

    /// The value of the option `name`, as `kind`, or nil when it was not given.
    public func option<Output>(_ name: String, as kind: ArgKind<Output>) throws(Diagnostic) -> Output? {
        let spec = try optionSpec(name)
        guard spec.type != nil else {
            throw internalError("asks for the value of '--\(name)', which is a flag")
        }
        guard let bound = options[name] else { return nil }
        return try value(of: bound, as: kind, what: "the option '--\(name)'")
    }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) throws(Diagnostic) -> Bool {
        let spec = try optionSpec(name)
        guard spec.type == nil else {
            throw internalError("asks for '--\(name)' as a flag, but it takes a value")
        }
        return options[name] != nil
    }

    /// Where the argument or option `name` was written, or the whole command when it was not given.
    public func location(of name: String) throws(Diagnostic) -> SourceLocation {
        let bound: BoundArg?
        if spec.arguments.contains(where: { $0.name == name }) {
            bound = try argument(name).bound
        } else if spec.options.contains(where: { $0.name == name }) {
            bound = options[name]
        } else {
            throw internalError("asks where '\(name)' was written, but declares no argument or option of that name")
        }
        guard let bound else { return location }
        return SourceLocation(source: source, offset: offset + bound.start, length: bound.length)
    }

    /// Whether the argument `name` is optional, and its bound value (nil when not given): not
    /// its whole spec, whose copy (two names and three closures) cost a fix hundreds of
    /// instructions.
    private func argument(_ name: String) throws(Diagnostic) -> (isOptional: Bool, bound: BoundArg?) {
        guard let index = spec.arguments.firstIndex(where: { $0.name == name }) else {
            let names = spec.arguments.map(\.name)
            var d = internalError("asks for an argument '\(name)' it does not declare")
            d.help = names.isEmpty ? "it declares no arguments" : "its arguments: " + names.joined(separator: ", ")
            throw d
        }
        return (spec.arguments[index].isOptional, index < args.count ? args[index] : nil)
    }

    /// The spec of the option `name`.
    private func optionSpec(_ name: String) throws(Diagnostic) -> OptionSpec {
        guard let option = spec.options.first(where: { $0.name == name }) else {
            let names = spec.options.map(\.name)
            var d = internalError("asks for an option '--\(name)' it does not declare")
            d.help = names.isEmpty ? "it declares no options" : "its options: " + names.joined(separator: ", ")
            throw d
        }
        return option
    }

    /// A bound value as `kind`, or the error that it is of another kind.
    private func value<Output>(
        of bound: BoundArg, as kind: ArgKind<Output>, what: @autoclosure () -> String
    ) throws(Diagnostic) -> Output {
        guard let value = kind.extract(bound.value) else {
            throw internalError(
                "asks for \(what()) as \(kind.description), but it is \(bound.value.kindDescription)")
        }
        return value
    }

    /// A mistake in the command's handler, at the command: `internal error: 'select' asks for …`.
    private func internalError(_ what: String) -> Diagnostic {
        .runtime("internal error: '\(spec.fullName)' \(what)", at: location)
    }
}

/// The command table: every family's commands, state roots, settings and help topics, with the
/// one binder that checks arity and argument types for all of them.
public final class CommandTable: @unchecked Sendable {
    public let families: [CommandFamily]
    /// Command names and aliases, bucketed by length and first byte: finding the command of each
    /// line of a long script costs a comparison or two instead of hashing the word.
    private let nameBuckets: [[NameEntry]]

    /// A command name with its bytes packed for comparing with a script's word: the length and
    /// the first eight bytes as one number, and the bytes after those.
    private struct NameEntry {
        var name: String
        var spec: CommandSpec
        var length: Int
        var head: UInt64
        var tail: [UInt8]

        init(_ name: String, _ spec: CommandSpec) {
            self.name = name
            self.spec = spec
            let bytes = Array(name.utf8)
            length = bytes.count
            head = bytes.withUnsafeBufferPointer { CommandTable.head(of: $0[...]) }
            tail = Array(bytes.dropFirst(8))
        }
    }

    /// The first eight bytes of `word` (fewer when it is shorter) as one number, the first byte
    /// lowest.
    @inline(__always)
    private static func head(of word: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
        var head: UInt64 = 0
        var shift: UInt64 = 0
        for byte in word.prefix(8) {
            head |= UInt64(byte) << shift  // safe: a byte widens
            shift += 8
        }
        return head
    }
    private var roots: [String: StateRoot] = [:]
    private var settingsByName: [String: SettingSpec] = [:]
    private var topicsByName: [String: HelpTopic] = [:]
    /// The families' after-command hooks, in family order: a constant, read after every command
    /// without the run-time check a variable's read has.
    public let afterCommandHooks: [@Sendable (Shell) -> Void]
    /// The families' hooks for commands that act (`CommandFamily.afterActingCommand`).
    public let afterActingCommandHooks: [@Sendable (Shell) -> Void]

    public init(families: [CommandFamily]) {
        self.families = families
        var nameBuckets: [[NameEntry]] = Array(repeating: [], count: 256)
        for family in families {
            for command in family.commands {
                Self.assignFamily(command, family.name)
                for name in [command.name] + command.aliases {
                    let bucket = Self.bucket(count: name.utf8.count, first: name.utf8.first ?? 0)
                    if let index = nameBuckets[bucket].firstIndex(where: { $0.name == name }) {
                        nameBuckets[bucket][index].spec = command
                    } else {
                        nameBuckets[bucket].append(NameEntry(name, command))
                    }
                }
            }
        }
        self.nameBuckets = nameBuckets
        afterCommandHooks = families.compactMap(\.afterCommand)
        afterActingCommandHooks = families.compactMap(\.afterActingCommand)
        for family in families {
            for root in family.stateRoots { roots[root.name] = root }
            for setting in family.settings {
                settingsByName[setting.name] = setting
                for alias in setting.aliases { settingsByName[alias] = setting }
            }
            for topic in family.topics { topicsByName[topic.name] = topic }
        }
    }

    private static func assignFamily(_ spec: CommandSpec, _ family: String) {
        spec.family = family
        for sub in spec.subcommands { assignFamily(sub, family) }
    }

    /// Every command, in family order.
    public var commands: [CommandSpec] { families.flatMap(\.commands) }
    /// Names and aliases of all top-level commands.
    public var commandNames: [String] { commands.flatMap { [$0.name] + $0.aliases } }
    public func command(named name: String) -> CommandSpec? {
        let bucket = Self.bucket(count: name.utf8.count, first: name.utf8.first ?? 0)
        return nameBuckets.withUnsafeBufferPointer { buckets in
            for entry in buckets[bucket] where entry.name == name { return entry.spec }
            return nil
        }
    }

    /// The command named by the bytes `word` (a word of a script, not made into a `String`).
    func command(named word: Slice<UnsafeBufferPointer<UInt8>>) -> CommandSpec? {
        guard let first = word.first else { return nil }
        let bucket = Self.bucket(count: word.count, first: first)
        let count = word.count
        let head = Self.head(of: word)
        return nameBuckets.withUnsafeBufferPointer { buckets in
            for entry in buckets[bucket] where entry.length == count && entry.head == head {
                if count <= 8 || entry.tail.elementsEqual(word.dropFirst(8)) { return entry.spec }
            }
            return nil
        }
    }

    @inline(__always)
    private static func bucket(count: Int, first: UInt8) -> Int {
        (count &* 37 &+ Int(first)) & 255  // safe: a byte widens
    }
    public func stateRoot(named name: String) -> StateRoot? { roots[name] }
    public var stateRoots: [StateRoot] { families.flatMap(\.stateRoots) }
    public var stateRootNames: [String] { stateRoots.map(\.name) }
    public func setting(named name: String) -> SettingSpec? { settingsByName[name] }

    /// A command's text with the table's settings where it names them (`settingsManualMarker`).
    public func manualText(of spec: CommandSpec) -> String {
        guard spec.manual.contains(settingsManualMarker) else { return spec.manual }
        return spec.manual.replacing(settingsManualMarker, with: settingsManual(families.flatMap(\.settings)))
    }
    public var settings: [SettingSpec] { families.flatMap(\.settings) }
    public func topic(named name: String) -> HelpTopic? { topicsByName[name] }
    public var topics: [HelpTopic] { families.flatMap(\.topics) }

    /// The help topic that stands for each section of the manual a topic names.
    public var topicsBySection: [String: String] {
        var found: [String: String] = [:]
        for topic in topics { if let section = topic.manualSection { found[section] = topic.name } }
        return found
    }

    /// Checks a command's words against its spec and converts them to typed values. This is the
    /// only place arity, option names and argument types are checked.
    ///
    /// With `checkingOnly` (the first pass over a script too long to keep bound), every check is
    /// made but the invocation comes back without its argument values, and types may skip
    /// building values that cannot fail.
    public func bind(_ raw: RawCommand, source: SourceText, checkingOnly: Bool = false) throws(Diagnostic)
        -> Invocation
    {
        let tokens = raw.tokens
        let first = tokens[0]
        func loc(_ t: Token) -> SourceLocation {
            SourceLocation(source: source, offset: t.offset, length: max(1, t.length))
        }
        guard var spec = command(named: first.text) else {
            var help = subcommandSuggestion(for: first.text) ?? suggestion(for: first.text, among: commandNames)
            if help == nil { help = "type 'help' for the list of commands" }
            if first.text.isEmpty { throw .syntax("empty command name", at: loc(first), help: help) }
            throw .syntax("unknown command '\(first.text)'", at: loc(first), help: help)
        }
        var index = 1
        // Subcommands: `auth allow`, `route start`.
        while !spec.subcommands.isEmpty {
            if index < tokens.count, !tokens[index].isQuoted, let sub = spec.subcommand(named: tokens[index].text) {
                spec = sub
                index += 1
                continue
            }
            if spec.handler != nil {
                // A command that also runs alone: a word that is not an argument of its own is a
                // subcommand misspelt (`auth alow`), never an extra argument.
                if index < tokens.count, !tokens[index].isQuoted, !tokens[index].isFlag, !tokens[index].isOption,
                    let error = unknownSubcommand(tokens[index], of: spec, source: source)
                {
                    throw error
                }
                break
            }
            let names = spec.subcommands.map(\.name)
            if index < tokens.count {
                let word = tokens[index]
                throw .syntax(
                    "unknown subcommand '\(word.text)' for '\(spec.fullName)'", at: loc(word),
                    help: suggestion(for: word.text, among: names) ?? "subcommands: " + names.joined(separator: ", "))
            }
            throw .syntax(
                "'\(spec.fullName)' needs a subcommand", at: loc(tokens[index - 1]),
                help: "subcommands: " + names.joined(separator: ", "))
        }
        let last = tokens[tokens.count - 1]
        var invocation = Invocation(
            spec: spec, source: source, offset: first.offset, length: last.offset + last.length - first.offset,
            args: [], options: [:])
        // Options first (wherever they stand), then the positional words in order. A command
        // without options reads its words in place.
        var positional: [Token] = []
        let positionalStart = spec.options.isEmpty ? index : 0
        let optionsEnded = spec.options.isEmpty
        while !optionsEnded && index < tokens.count {
            let token = tokens[index]
            index += 1
            // An option's name must be bare (`name="a value"` is an option, `"name=value"` text).
            let endOfOptions = token.text == "--" && !token.isQuoted
            if !(token.isFlag || token.isOption || endOfOptions) {
                positional.append(token)
                continue
            }
            if endOfOptions {
                positional.append(contentsOf: tokens[index...])
                break
            }
            guard let name = token.optionName, let option = spec.options.first(where: { $0.name == name }) else {
                let shown = token.isFlag ? "--" + (token.optionName ?? "") : (token.optionName ?? token.text)
                let names = spec.options.map(\.name)
                let near = suggestion(
                    for: token.optionName ?? "", among: names, quoting: { token.isFlag ? "--" + $0 : $0 + "=" })
                throw .syntax(
                    "unknown option '\(shown)' for '\(spec.fullName)'", at: loc(token),
                    help: near ?? "usage: " + spec.usage)
            }
            // Given twice, an option would quietly take one of its values.
            if invocation.options[name] != nil {
                throw .syntax(
                    "option '--\(name)' is given twice", at: loc(token), help: "give it once: usage: " + spec.usage)
            }
            guard let type = option.type else {
                if token.optionValue != nil {
                    throw .syntax("option '--\(name)' takes no value", at: loc(token), help: "usage: " + spec.usage)
                }
                invocation.options[name] = BoundArg(
                    value: .flag(true), start: token.offset - invocation.offset, length: token.length)
                continue
            }
            var valueToken: Token
            if let value = token.optionValue {
                valueToken = Token(
                    text: value, offset: token.optionValueOffset,
                    length: token.length - (token.optionValueOffset - token.offset), isQuoted: token.isQuoted,
                    isExpanded: token.isExpanded)
            } else {
                guard index < tokens.count else {
                    throw .syntax(
                        "option '--\(name)' needs a value", at: loc(token), help: "usage: " + spec.usage)
                }
                valueToken = tokens[index]
                index += 1
            }
            valueToken.isFlag = false
            var cursor = TokenCursor(tokens: [valueToken], index: 0, source: source, table: self)
            let value = try type.read(&cursor)
            invocation.options[name] = BoundArg(
                value: value, start: token.offset - invocation.offset, length: token.length)
        }
        // A command with a check of its own needs its values even in a first pass.
        var cursor = TokenCursor(
            tokens: spec.options.isEmpty ? tokens : positional, index: positionalStart, source: source, table: self,
            isCheckingOnly: checkingOnly && spec.checkWhenRead == nil)
        let arguments = spec.arguments
        if !arguments.isEmpty && !checkingOnly { invocation.args.reserveCapacity(arguments.count) }
        for argIndex in arguments.indices {
            guard let token = cursor.current else {
                if arguments[argIndex].isOptional {
                    if !checkingOnly { invocation.args.append(nil) }
                    continue
                }
                let arg = arguments[argIndex]
                throw .syntax(
                    "'\(spec.fullName)' needs \(arg.usage)\(arg.summary.isEmpty ? "" : " (\(arg.summary))")",
                    at: loc(last), help: "usage: " + spec.usage)
            }
            let value: ArgValue
            do {
                value = try arguments[argIndex].type.read(&cursor)
            } catch {
                throw optionWithoutDashes(token, of: spec, error)
            }
            if checkingOnly && spec.checkWhenRead == nil {
                // What the shell checks once a command is bound (the state paths it reads, an
                // expectation's paths and units; all of a command with a check of its own) is
                // kept even when nothing else is.
                switch value {
                case .statePath, .expectation: break
                default: continue
                }
            }
            let end = cursor.tokens[cursor.index - 1]
            invocation.args.append(
                BoundArg(
                    value: value, start: token.offset - invocation.offset,
                    length: end.offset + end.length - token.offset))
        }
        if let extra = cursor.current {
            let what =
                spec.arguments.isEmpty ? "'\(spec.fullName)' takes no arguments" : "unexpected argument '\(extra.text)'"
            var help = "usage: " + spec.usage
            // A name of several words, unquoted: the word before took the argument, this one is
            // left over (places info Darling Harbour).
            let takesName = spec.arguments.last.map { $0.usage.contains("NAME") || $0.usage.contains("TEXT") } ?? false
            if cursor.index > 0, takesName, !extra.isQuoted,
                extra.text.unicodeScalars.first?.properties.isAlphabetic == true
            {
                let before = cursor.tokens[cursor.index - 1]
                // Not after a keyword the usage names (zoom in|out|LEVEL), nor the command's name.
                let keywords = spec.arguments.flatMap { $0.usage.split(separator: "|").map(String.init) }
                if !before.isQuoted, before.text.unicodeScalars.first?.properties.isAlphabetic == true,
                    !keywords.contains(before.text), spec.subcommand(named: before.text) == nil,
                    spec.fullName.split(separator: " ").last.map(String.init) != before.text
                {
                    help =
                        "a name of several words is quoted: \(spec.fullName) \"\(before.text) \(extra.text)\" (\(help))"
                }
            }
            throw optionWithoutDashes(extra, of: spec, .syntax(what, at: loc(extra), help: help))
        }
        return invocation
    }
}

extension CommandTable {
    /// "did you mean 'auth allow'?" for a word that is not a command but is the name of a
    /// subcommand (`allow` typed alone while the alert is up), or nil.
    fileprivate func subcommandSuggestion(for word: String) -> String? {
        var found: [String] = []
        func visit(_ spec: CommandSpec) {
            for sub in spec.subcommands {
                if sub.name == word || sub.aliases.contains(word) { found.append(sub.fullName) }
                visit(sub)
            }
        }
        for spec in commands { visit(spec) }
        guard !found.isEmpty, found.count <= 3 else { return nil }
        return "did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// `error`, with "did you mean '--approximate'?" as its help when `word` is, bare, the name
    /// of one of the command's options.
    fileprivate func optionWithoutDashes(_ word: Token, of spec: CommandSpec, _ error: Diagnostic) -> Diagnostic {
        guard !word.isQuoted, !word.isFlag, !word.isOption,
            let option = spec.options.first(where: { $0.name == word.text })
        else { return error }
        var e = error
        e.help = "did you mean '--\(option.name)'? An option starts with '--'"
        return e
    }

    /// The error for `word` written where `spec`, which has subcommands and also runs alone,
    /// takes one: when `spec` takes no arguments any word is a misspelt subcommand; when it does,
    /// only a word close to a subcommand's name that its first argument does not accept.
    fileprivate func unknownSubcommand(_ word: Token, of spec: CommandSpec, source: SourceText) -> Diagnostic? {
        let names = spec.subcommands.map(\.name)
        let near = suggestion(for: word.text, among: names)
        if let first = spec.arguments.first {
            guard near != nil else { return nil }
            var cursor = TokenCursor(tokens: [word], index: 0, source: source, table: self, isCheckingOnly: true)
            if (try? first.type.read(&cursor)) != nil { return nil }
        }
        return .syntax(
            "unknown subcommand '\(word.text)' for '\(spec.fullName)'",
            at: SourceLocation(source: source, offset: word.offset, length: max(1, word.length)),
            help: near ?? "subcommands: " + names.joined(separator: ", ") + "; or '\(spec.fullName)' alone")
    }
}

/// "did you mean 'select'?" for the nearest of `candidates`, or nil when nothing is close.
public func suggestion(for word: String, among candidates: [String], quoting: (String) -> String = { $0 }) -> String? {
    guard !word.isEmpty else { return nil }
    let lowered = word.lowercased()
    var best: (String, Int)? = nil
    for candidate in candidates {
        let d = editDistance(lowered, candidate.lowercased())
        let limit = max(1, min(3, candidate.count / 3))
        let isPrefix = candidate.hasPrefix(lowered) && lowered.count >= 2
        if d <= limit || isPrefix {
            let score = isPrefix ? 0 : d
            if best.map({ score < $0.1 }) ?? true { best = (candidate, score) }
        }
    }
    return best.map { "did you mean '\(quoting($0.0))'?" }
}

/// Damerau–Levenshtein distance (with adjacent transpositions), on Unicode scalars.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    if x.count > 64 || y.count > 64 { return max(x.count, y.count) }
    var d = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { d[i][0] = i }
    for j in 0...y.count { d[0][j] = j }
    for i in 1...x.count {
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[x.count][y.count]
}
