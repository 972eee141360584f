import PlaceScript

/// What the command line asked for.
struct Options {
    enum Mode {
        case repl
        case stdin
        case script(path: String)
        case commands(String)
        case help
        case version
    }
    var mode: Mode = .repl
    var arguments: [String] = []
    var json = false
    var keepGoing = false
    var color: ColorMode = .auto
    var flavor = "swift"
    var historyEnabled = true
}

/// A command-line mistake: exit status 2.
struct UsageError: Error {
    var message: String
    var help: String?
}

let usageText = """
    usage: placeshell [OPTIONS] [FILE [ARG…]]
           placeshell [OPTIONS] -c COMMANDS [ARG…]

    A shell for the "current place on a map" iOS app, simulated: permission, location,
    likely places, the picker and the map, one command at a time or in scripts.

    With no FILE, reads commands from the terminal (an editing prompt with history and Tab
    completion) or, when standard input is not a terminal, runs it as a script.

    options:
      -c COMMANDS        run COMMANDS (separated by ';' or newlines) and exit
      --json             print one JSON object per line for every command and event
      --keep-going       do not stop a script at the first failed command
      --flavor FLAVOR    the app's flavour for 'launch': swift (default) or objc
      --color WHEN       colour: auto (on a terminal), always, never; NO_COLOR disables it
      --no-history       at the prompt, do not read or write the history file
      -h, --help         show this help and exit
      -V, --version      show the version and exit

    exit status: 0 all commands succeeded, 1 a command or an expect failed,
    2 a usage error or a script that does not parse (nothing ran).

    Type 'help' at the prompt for the commands; 'man placeshell' for the manual.
    """

/// Parses the command line (without the program name).
func parseOptions(_ args: [String]) throws(UsageError) -> Options {
    var options = Options()
    var i = 0
    var commands: String? = nil
    let optionNames = ["-c", "--json", "--keep-going", "--flavor", "--color", "--no-history", "--help", "--version"]
    func value(for name: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        i += 1
        guard i < args.count else { throw UsageError(message: "option '\(name)' needs a value") }
        return args[i]
    }
    while i < args.count {
        let arg = args[i]
        var name = arg
        var inline: String? = nil
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            name = String(arg[..<eq])
            inline = String(arg[arg.index(after: eq)...])
        }
        switch name {
        case "--":
            i += 1
            if commands == nil && i < args.count {
                options.mode = .script(path: args[i])
                i += 1
            }
            options.arguments = Array(args[min(i, args.count)...])
            i = args.count
            continue
        case "-c":
            commands = try value(for: "-c", inline: nil)
        case "--json":
            options.json = true
        case "--keep-going":
            options.keepGoing = true
        case "--no-history":
            options.historyEnabled = false
        case "--flavor":
            let v = try value(for: name, inline: inline)
            guard v == "swift" || v == "objc" else {
                throw UsageError(message: "unknown flavor '\(v)'", help: "flavors: swift, objc")
            }
            options.flavor = v
        case "--color", "--colour":
            let v = try value(for: name, inline: inline)
            guard let mode = ColorMode(rawValue: v) else {
                throw UsageError(message: "unknown colour mode '\(v)'", help: "use auto, always or never")
            }
            options.color = mode
        case "-h", "--help":
            options.mode = .help
            return options
        case "-V", "--version":
            options.mode = .version
            return options
        default:
            if arg.hasPrefix("-") && arg != "-" {
                throw UsageError(
                    message: "unknown option '\(arg)'",
                    help: suggestion(for: name, among: optionNames) ?? "type 'placeshell --help' for the options")
            }
            if commands != nil {
                options.arguments = Array(args[i...])
            } else {
                options.mode = arg == "-" ? .stdin : .script(path: arg)
                options.arguments = Array(args[(i + 1)...])
            }
            i = args.count
            continue
        }
        i += 1
    }
    if let commands { options.mode = .commands(commands) }
    return options
}
