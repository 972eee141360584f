import PlaceKit
import PlaceScript

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// What the command line asked for.
struct Options {
    enum Mode {
        case repl
        case stdin
        case script(path: String)
        case commands(String)
        case help
        case version
        case completions(CompletionShell)
        case manualSections
        case test(TestOptions)
        case check(paths: [String])
    }
    var mode: Mode = .repl
    var arguments: [String] = []
    var json = false
    var keepGoing = false
    var echo = false
    /// `-C DIR`: the folder to change to before anything else.
    var directory: String?
    var color: ColorMode = .auto
    var flavor: AppFlavor = .swift
    /// `--flavor` was given (a script's `# flavors:` header decides otherwise).
    var flavorGiven = false
    /// `--language`: the device's language, otherwise a script's `# language:` header's, otherwise
    /// the locale's.
    var language: DeviceLanguage?
    var historyEnabled = true
    /// `--storyboard FILE.html`: record the run as a storyboard.
    var storyboard: String?
    /// Warnings about the command line that do not stop it (an option written after FILE).
    var warnings: [String] = []
}

/// A command-line mistake: exit status 2.
struct UsageError: Error {
    var message: String
    var help: String?
    /// Who says it: `placeshell`, or `placeshell test` for the options of a test run.
    var program = "placeshell"
}

// MARK: - The options table

/// One command-line option: how it is spelt, the value it takes, its line in `--help`, and what
/// it does. The usage text, the parser, "did you mean" and the shell completion scripts are all
/// made from `CommandLineOption.table`; nothing else lists the options.
struct CommandLineOption: Sendable {
    /// What an option does to `Options`.
    enum Action: Sendable {
        case commands, json, keepGoing, flavor, color, noHistory, help, version, completions, manualSections, check
        case storyboard, language, echo, directory
    }

    /// Every spelling, the short one first: `["-h", "--help"]`.
    var names: [String]
    /// The value's name in the usage text, or nil for a flag.
    var value: String? = nil
    /// The values it accepts, where they are a fixed set (validated and completed).
    var choices: [String] = []
    /// What a value is called in the message for one outside `choices`: "unknown flavor 'x'".
    var noun = "value"
    /// Spellings that work but are not shown (`--colour`).
    var hiddenNames: [String] = []
    /// Its line in `--help`.
    var summary: String
    var action: Action

    static let table: [CommandLineOption] = [
        CommandLineOption(
            names: ["-c"], value: "COMMANDS", summary: "run COMMANDS (separated by ';' or newlines) and exit",
            action: .commands),
        CommandLineOption(
            names: ["--json"], summary: "print one JSON object per line for every command and event", action: .json),
        CommandLineOption(
            names: ["--keep-going"], summary: "do not stop a script at the first failed command", action: .keepGoing),
        CommandLineOption(
            names: ["-C"], value: "DIR", summary: "start in DIR, as if placeshell were run there", action: .directory),
        CommandLineOption(
            names: ["--echo"], summary: "print each command before its output, as written ('+ launch')",
            action: .echo),
        CommandLineOption(
            names: ["--flavor"], value: "FLAVOR", choices: AppFlavor.allCases.map(\.rawValue), noun: "flavor",
            summary: "the app's flavour for 'launch': " + listed(AppFlavor.allCases.map(\.rawValue), default: "swift"),
            action: .flavor),
        CommandLineOption(
            names: ["--language"], value: "CODE", choices: DeviceLanguage.all.map(\.code), noun: "language",
            summary: "the device's language: " + DeviceLanguage.all.map(\.code).joined(separator: ", ")
                + " (default: the locale's)",
            action: .language),
        CommandLineOption(
            names: ["--color"], value: "WHEN", choices: ColorMode.allCases.map(\.rawValue), noun: "colour mode",
            hiddenNames: ["--colour"],
            summary: "colour: auto (on a terminal), always, never; NO_COLOR disables it", action: .color),
        CommandLineOption(
            names: ["--storyboard"], value: "FILE",
            summary: "record the run as a storyboard: one HTML page, a step per command",
            action: .storyboard),
        CommandLineOption(
            names: ["--no-history"], summary: "at the prompt, do not read or write the history file",
            action: .noHistory),
        CommandLineOption(
            names: ["--completions"], value: "SHELL", choices: CompletionShell.allCases.map(\.rawValue), noun: "shell",
            summary: "print the completion script for bash, zsh or fish and exit", action: .completions),
        CommandLineOption(
            names: ["--check"], summary: "parse and bind each FILE, run nothing; list every error and exit",
            action: .check),
        CommandLineOption(
            names: ["--manual-sections"],
            summary: "print the manual's sections made from the command table, and exit",
            action: .manualSections),
        CommandLineOption(names: ["-h", "--help"], summary: "show this help and exit", action: .help),
        CommandLineOption(names: ["-V", "--version"], summary: "show the version and exit", action: .version),
    ]

    /// The option spelt `name` (shown or hidden).
    static func named(_ name: String, in table: [CommandLineOption] = table) -> CommandLineOption? {
        table.first { $0.names.contains(name) || $0.hiddenNames.contains(name) }
    }

    /// Its left column in `--help`: `-h, --help`, `--flavor FLAVOR`.
    var synopsis: String {
        names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }

    /// "auto, always or never".
    var listedChoices: String { Self.listed(choices, default: "") }

    /// "swift (default), objc or nearby".
    private static func listed(_ values: [String], default first: String) -> String {
        let shown = values.map { $0 == first ? "\($0) (default)" : $0 }
        guard shown.count > 1, let last = shown.last else { return shown.joined() }
        return shown.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// The usage text of `--help`, with the options from the table.
let usageText: String = {
    let width = (CommandLineOption.table.map(\.synopsis.count).max() ?? 0) + 2
    let options = CommandLineOption.table.map { spec in
        "  " + spec.synopsis + String(repeating: " ", count: width - spec.synopsis.count) + spec.summary
    }
    return """
        usage: placeshell [OPTIONS] [FILE [ARG…]]
               placeshell [OPTIONS] -c COMMANDS [ARG…]
               placeshell --check FILE…
               placeshell test [OPTIONS] [PATH…]

        A shell for the "current place on a map" iOS app, simulated: permission, location,
        likely places, the picker and the map, one command at a time or in scripts.

        With no FILE, reads commands from the terminal (an editing prompt with history and Tab
        completion) or, when standard input is not a terminal, runs it as a script.

        options:
        \(options.joined(separator: "\n"))

        exit status: 0 all commands succeeded, 1 a command or an expect failed,
        2 a usage error or a script that does not parse (nothing ran), 130 stopped by Ctrl-C.

        'placeshell test' runs every .placescript under PATH, each in its own process, and
        reports each one; 'placeshell test --help' lists its options.

        Type 'help' at the prompt for the commands; 'man placeshell' for the manual.
        """
}()

// MARK: - Parsing

/// Parses the command line (without the program name).
func parseOptions(_ args: [String]) throws(UsageError) -> Options {
    var options = Options()
    if args.first == "test" {
        do throws(TestUsageError) {
            options.mode = .test(try TestOptions.parse(Array(args.dropFirst())))
        } catch {
            throw UsageError(message: error.message, help: error.help, program: "placeshell test")
        }
        return options
    }
    var i = 0
    var commands: String? = nil
    var check = false
    var checkPaths: [String] = []
    func value(for name: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        i += 1
        guard i < args.count else {
            let spec = CommandLineOption.named(name)
            let choices = spec.map { $0.choices.isEmpty ? "" : ": " + $0.listedChoices } ?? ""
            throw UsageError(
                message: "option '\(name)' needs a value",
                help: spec.map { "write it after the option, as in '\($0.synopsis)'" + choices })
        }
        return args[i]
    }
    while i < args.count {
        let arg = args[i]
        if arg == "--" {
            i += 1
            if check {
                checkPaths += args[min(i, args.count)...]
                break
            }
            if commands == nil && i < args.count {
                options.mode = .script(path: args[i])
                i += 1
            }
            options.arguments = Array(args[min(i, args.count)...])
            break
        }
        let (name, inline) = splitOptionWord(arg)
        guard let spec = CommandLineOption.named(name) else {
            let looksLikeOption = arg.hasPrefix("-") && arg != "-"
            if check && !looksLikeOption {
                checkPaths.append(arg)
                i += 1
                continue
            }
            // After -c COMMANDS, a negative number is the first argument ($1), not an option.
            if looksLikeOption && !(commands != nil && isNegativeNumber(arg)) {
                // An option of `placeshell test` given to placeshell itself: say where it goes.
                let testHelp =
                    TestOption.named(name) != nil && CommandLineOption.named(name) == nil
                    ? "'\(name)' is an option of 'placeshell test': placeshell test \(name) … [PATH…]" : nil
                throw UsageError(
                    message: "unknown option '\(arg)'",
                    help: testHelp ?? suggestion(for: name, among: CommandLineOption.table.flatMap(\.names))
                        ?? "type 'placeshell --help' for the options")
            }
            if commands != nil {
                options.arguments = Array(args[i...])
            } else {
                options.mode = arg == "-" ? .stdin : .script(path: arg)
                options.arguments = Array(args[(i + 1)...])
                options.warnings = argumentWarnings(script: arg, options.arguments)
            }
            break
        }
        if spec.value == nil, inline != nil {
            throw UsageError(message: "option '\(name)' takes no value", help: "write '\(name)' alone")
        }
        var given = ""
        if spec.value != nil {
            given = try value(for: name, inline: inline)
            if !spec.choices.isEmpty, !spec.choices.contains(given) {
                throw UsageError(message: "unknown \(spec.noun) '\(given)'", help: "use " + spec.listedChoices)
            }
        }
        switch spec.action {
        case .commands: commands = given
        case .check: check = true
        case .json: options.json = true
        case .keepGoing: options.keepGoing = true
        case .echo: options.echo = true
        case .directory: options.directory = given
        case .storyboard:
            guard given.lowercased().hasSuffix(".html") else {
                throw UsageError(
                    message: "--storyboard writes HTML: '\(given)' does not end in .html",
                    help: "e.g. --storyboard tour.html")
            }
            options.storyboard = given
        case .noHistory: options.historyEnabled = false
        case .flavor:
            options.flavor = AppFlavor(rawValue: given) ?? options.flavor
            options.flavorGiven = true
        case .language: options.language = DeviceLanguage.named(given)
        case .color: options.color = ColorMode(rawValue: given) ?? options.color
        case .help:
            options.mode = .help
            return options
        case .version:
            options.mode = .version
            return options
        case .completions:
            options.mode = .completions(CompletionShell(rawValue: given) ?? .bash)
            return options
        case .manualSections:
            options.mode = .manualSections
            return options
        }
        i += 1
    }
    if check {
        if commands != nil {
            throw UsageError(message: "--check reads files, not -c COMMANDS", help: "write the commands to a file")
        }
        if checkPaths.isEmpty {
            throw UsageError(message: "--check needs a FILE", help: "placeshell --check FILE…")
        }
        options.mode = .check(paths: checkPaths)
    } else if let commands {
        options.mode = .commands(commands)
    }
    return options
}

/// `-33.86`, `-2`, `-.5`: a number, not an option.
func isNegativeNumber(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    return Double(word.dropFirst()) != nil && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
}

/// Warnings for the arguments after FILE that were probably meant otherwise: another script
/// (`placeshell a.placescript b.placescript` runs only the first) or one of placeshell's own
/// options (`placeshell x.placescript --json` passes `--json` to the script).
func argumentWarnings(script: String, _ arguments: [String]) -> [String] {
    var warnings: [String] = []
    for (index, arg) in arguments.enumerated() {
        let position = "$\(index + 1)"
        let name = arg.hasPrefix("--") ? String(arg.prefix { $0 != "=" }) : arg
        if arg.hasSuffix(".placescript"), fileExists(arg) {
            warnings.append(
                "'\(arg)' is passed to '\(script)' as its argument \(position), not run; "
                    + "to run several scripts, use 'placeshell test \(script) \(arg)'")
        } else if CommandLineOption.named(name) != nil {
            warnings.append(
                "'\(arg)' comes after the script, so it is passed to '\(script)' as its argument \(position), "
                    + "not read as an option; put placeshell's options before FILE "
                    + "('placeshell [OPTIONS] -- FILE ARG…' passes it on without this warning)")
        }
    }
    return warnings
}

/// Whether something exists at `path` (a file or a folder).
func fileExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
}
