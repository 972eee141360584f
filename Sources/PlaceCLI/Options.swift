import PlaceKit
import PlaceScript
import PlaceStorage

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
    /// `--live [HOST:]PORT`: serve the live page from the start.
    var live: (host: String?, port: Int)?
    /// `--pace SECONDS|key`: a script's commands a pace apart (seconds), or each after a key.
    var pace: Pace?
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
        case storyboard, language, echo, directory, live, pace
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
    /// Its entry in the manual's OPTIONS section, in mdoc, after the `.It` line its names and
    /// value make.
    var manual: String

    static let table: [CommandLineOption] = [
        CommandLineOption(
            names: ["-c"], value: "COMMANDS", summary: "run COMMANDS (separated by ';' or newlines) and exit",
            action: .commands,
            manual: #"""
                Run
                .Ar COMMANDS
                and exit.
                Words after
                .Ar COMMANDS
                that are not options are the script's arguments.
                """#),
        CommandLineOption(
            names: ["--json"], summary: "print one JSON object per line for every command and event", action: .json,
            manual: #"""
                Print one JSON object per line for every command and every event, instead of
                text
                .Pq see Sx OUTPUT .
                The same as
                .Ql set json .
                """#),
        CommandLineOption(
            names: ["--keep-going"], summary: "do not stop a script at the first failed command", action: .keepGoing,
            manual: #"""
                Do not stop a script at the first failed command: run on, and exit 1 at the
                end if any command failed.
                The same as
                .Ql set keep-going .
                """#),
        CommandLineOption(
            names: ["-C"], value: "DIR", summary: "start in DIR, as if placeshell were run there", action: .directory,
            manual: #"""
                Change to
                .Ar DIR
                before anything else, as if
                .Nm
                had been started there.
                """#),
        CommandLineOption(
            names: ["--echo"], summary: "print each command before its output, as written ('+ launch')",
            action: .echo,
            manual: #"""
                Print each command, as written, before its output:
                .Ql + locate sydney
                .Po
                in JSON,
                .Ql {"event":"echo","text":...,"file":...,"line":N}
                .Pc ,
                so that a log shows which line printed what.
                The same as
                .Ql set echo on .
                """#),
        CommandLineOption(
            names: ["--flavor"], value: "FLAVOR", choices: AppFlavor.allCases.map(\.rawValue), noun: "flavor",
            summary: "the app's flavour for 'launch': " + listed(AppFlavor.allCases.map(\.rawValue), default: "swift"),
            action: .flavor,
            manual: #"""
                The flavour of the app that
                .Ic launch
                starts:
                \#(manualWords(AppFlavor.allCases.map(\.rawValue))) ;
                the default is
                .Cm swift .
                .Cm swift
                and
                .Cm objc
                behave as the tutorial's Swift and Objective-C versions do,
                .Cm nearby
                as the Swift version migrated to Nearby Search (New).
                Any other value is a usage error.
                """#),
        CommandLineOption(
            names: ["--language"], value: "CODE", choices: DeviceLanguage.all.map(\.code), noun: "language",
            summary: "the device's language: " + DeviceLanguage.all.map(\.code).joined(separator: ", ")
                + " (default: the locale's)",
            action: .language,
            manual: #"""
                The device's language:
                \#(manualWords(DeviceLanguage.all.map(\.code))) ,
                as
                .Ql set language
                sets it; otherwise a script's
                .Ql # language:
                header's, otherwise the locale's
                .Pq see Sx ENVIRONMENT .
                """#),
        CommandLineOption(
            names: ["--color"], value: "WHEN", choices: ColorMode.allCases.map(\.rawValue), noun: "colour mode",
            hiddenNames: ["--colour"],
            summary: "colour: auto (on a terminal), always, never; NO_COLOR disables it", action: .color,
            manual: #"""
                When to colour the output:
                .Cm auto
                .Pq the default: only on a terminal ,
                .Cm always
                or
                .Cm never .
                .Fl Fl colour
                is accepted too.
                A non-empty
                .Ev NO_COLOR
                turns colour off whatever this says.
                """#),
        CommandLineOption(
            names: ["--storyboard"], value: "FILE",
            summary: "record the run as a storyboard: one HTML page, a step per command",
            action: .storyboard,
            manual: #"""
                Record the script, the commands or the session as a storyboard, as
                .Ic record Ar FILE.html
                and
                .Ic record stop
                around it would; the page is written at the end
                .Pq see Sx COMMANDS .
                """#),
        CommandLineOption(
            names: ["--live"], value: "[HOST:]PORT",
            summary: "serve the phone screen to browsers as the session goes (127.0.0.1 by default)",
            action: .live,
            manual: #"""
                Serve the live page from the start, as
                .Ic live on Ar ADDRESS
                does: placeshell prints its address, with the token browsers need, on standard
                error.
                With a script
                .Po a file,
                .Fl c ,
                or standard input that is not a terminal
                .Pc ,
                the page stays served after the last command until Ctrl-C
                .Pq see Sx LIVE PAGE .
                """#),
        CommandLineOption(
            names: ["--pace"], value: "SECONDS|key",
            summary: "with --live and a script: seconds between commands, or key: Return",
            action: .pace,
            manual: #"""
                With
                .Fl Fl live
                and a script or
                .Fl c :
                play the commands a pace apart, so that a class can follow them on the page:
                a number of seconds (such as
                .Li 2
                or
                .Li 0.5 ;
                a duration as
                .Ic wait
                takes it too:
                .Li 500ms ,
                .Li 2s ,
                .Li 1min ;
                an hour at most), or
                .Cm key
                to wait for a line of standard input (Return on the terminal, which shows the
                next command) before each command, the first too, so that the class can open
                the page first.
                The page is served meanwhile; Ctrl-C during a wait stops the script there
                .Pq status 130 .
                Without the live page served
                .Po
                .Fl Fl live ,
                or
                .Ic live on
                in the script
                .Pc
                it does nothing.
                """#),
        CommandLineOption(
            names: ["--no-history"], summary: "at the prompt, do not read or write the history file",
            action: .noHistory,
            manual: #"""
                At the prompt, neither read nor write the history file.
                """#),
        CommandLineOption(
            names: ["--completions"], value: "SHELL", choices: CompletionShell.allCases.map(\.rawValue), noun: "shell",
            summary: "print the completion script for bash, zsh or fish and exit", action: .completions,
            manual: #"""
                Print the completion script for
                .Ar SHELL
                .Po
                .Cm bash ,
                .Cm zsh
                or
                .Cm fish
                .Pc
                and exit 0.
                It completes the options, the values of
                .Fl Fl flavor ,
                .Fl Fl color
                and
                .Fl Fl completions ,
                .Pa .placescript
                files for
                .Ar file ,
                and any file for the script's arguments.
                .Pa scripts/install
                installs all three where the shells look for them
                .Pq see Sx FILES ;
                to load one by hand:
                .Ql source <(placeshell --completions bash) .
                """#),
        CommandLineOption(
            names: ["--check"], summary: "parse and bind each FILE, run nothing; list every error and exit",
            action: .check,
            manual: #"""
                Parse and bind every
                .Ar file ,
                as a script is checked before it runs
                .Pq see Sx The whole script is checked before anything runs ,
                with the arguments of its
                .Ql # args:
                header
                .Pq see Sx RUNNING TESTS ,
                and run nothing.
                Every error of every file is listed as the usual
                .Ql FILE:LINE:COL: error: MESSAGE
                diagnostic on standard error; the exit status is 2 when any file has one or
                cannot be read, 0 when all are well-formed, and nothing is printed then.
                With
                .Fl Fl json ,
                each error is also a line on standard output:
                .Bd -literal -offset indent
                {"event":"syntax-error","message":"unknown command 'ech'","file":"a.placescript","line":3,"column":1,"help":"did you mean 'echo'?"}
                .Ed
                .Pp
                A script run with
                .Fl Fl json
                that does not parse prints the same lines.
                """#),
        CommandLineOption(
            names: ["--manual-sections"],
            summary: "print the manual's sections made from the command table, and exit",
            action: .manualSections,
            manual: #"""
                Print the sections of this manual that are made from tables in the code, in
                mdoc, and exit 0:
                .Sx OPTIONS
                from the options' table,
                .Sx STATE PATHS
                and
                .Sx COMMANDS
                from the command table (each family's introduction, each command's text and
                examples, each state root's entries, written beside the command's code; the
                same texts
                .Ic help
                prints as plain text),
                .Sx RUNNING TESTS
                from the test runner's options and headers, and
                .Sx SIMULATION CHOICES
                from the simulation's table of choices.
                .Pa scripts/manual
                puts them into
                .Pa man/placeshell.1 .
                """#),
        CommandLineOption(
            names: ["-h", "--help"], summary: "show this help and exit", action: .help,
            manual: #"""
                Print a short usage text and exit 0.
                """#),
        CommandLineOption(
            names: ["-V", "--version"], summary: "show the version and exit", action: .version,
            manual: #"""
                Print
                .Ql placeshell VERSION
                and exit 0.
                """#),
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

/// The manual's OPTIONS section, from the table: each option's names and value make its `.It`
/// line (`.It Fl Fl flavor Ar FLAVOR`), its `manual` the entry; then what holds for them all.
let manualOptionsSection: String = {
    func item(_ option: CommandLineOption) -> String {
        let names = option.names.map { name in
            name.hasPrefix("--") ? "Fl Fl " + name.dropFirst(2) : "Fl " + name.dropFirst()
        }
        return ".It " + names.joined(separator: " , ") + (option.value.map { " Ar " + $0 } ?? "")
    }
    let entries = CommandLineOption.table.flatMap { [item($0), $0.manual] }
    return
        ([".Sh OPTIONS", ".Bl -tag -width Ds"] + entries + [".It Fl Fl", endOfOptionsManual, ".El", optionsManualEnd])
        .joined(separator: "\n") + "\n"
}()

/// `--`, which is no option but the end of them.
private let endOfOptionsManual = #"""
    End of the options: the next word is the script
    .Ar file
    .Po or, after
    .Fl c ,
    the first argument
    .Pc ,
    even if it starts with
    .Ql - .
    """#

/// What holds for every option: how values are written, and words after the script.
private let optionsManualEnd = #"""
    .Pp
    Options that take a value accept it as the next word or after
    .Ql = :
    .Fl Fl flavor Ar objc
    or
    .Fl Fl flavor Ns = Ns Ar objc .
    An unknown option is a usage error, with a suggestion when one is close
    .Pq Ql did you mean '--json'? .
    .Pp
    The words after
    .Ar file
    are the script's arguments, whatever they look like.
    Where one names an existing
    .Pa .placescript
    file
    .Pq Ql placeshell a.placescript b.placescript runs only the first
    or is one of
    .Nm Ns 's
    own options
    .Pq Ql placeshell x.placescript --json passes --json to the script ,
    a warning on standard error says so and points to
    .Nm
    .Cm test
    or to putting the options first;
    .Ql placeshell Oo Ar options Oc -- Ar file Op Ar arg ...
    passes them on without it.
    After
    .Fl c Ar commands ,
    a negative number
    .Pq Ql -33.86
    is the first argument, not an option.
    """#

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

        Type 'help' at the prompt for the commands; 'man placeshell' for the manual once
        scripts/install has installed it ('man -l man/placeshell.1' in the source tree).
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
        case .live:
            guard let address = parseLiveAddress(given) else {
                throw UsageError(
                    message: "--live takes [HOST:]PORT: '\(given)' is not one",
                    help: "e.g. --live 8080, --live 127.0.0.1:8080, --live 0 for any free port")
            }
            options.live = address
        case .pace:
            guard let pace = Pace(given) else {
                throw UsageError(
                    message: "--pace takes seconds (an hour at most) or 'key': '\(given)' is neither",
                    help: "e.g. --pace 2, --pace 500ms, --pace 1min, --pace key")
            }
            options.pace = pace
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

/// How a script is played with `--live`: commands some seconds apart, or each after a key.
enum Pace: Equatable {
    case seconds(Double)
    case key

    init?(_ text: String) {
        if text == "key" {
            self = .key
            return
        }
        // Seconds, or a duration as the language writes one (`500ms`, `2s`, `1min`).
        guard case .success(let q) = parseQuantity(text), q.dimension == .none || q.dimension == .duration,
            q.value >= 0, q.value <= 3600
        else { return nil }
        self = .seconds(q.value)
    }
}
