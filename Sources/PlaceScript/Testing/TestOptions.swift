import PlaceKit
import PlaceStorage

// `placeshell test`: what it can be asked, declared once. Its `--help`, `help test` at the prompt,
// the manual's section and the shell completions are made from `TestOption.all` and
// `ScriptHeaderField.all`; the parser reads the same table.

/// What `placeshell test` was asked to do.
public struct TestOptions: Sendable {
    public enum Format: Sendable { case text, tap, json }
    public var paths: [String] = []
    public var jobs: Int? = nil
    /// Regular expressions; a script runs when any matches its path below the suite's folder.
    public var filters: [String] = []
    public var junitPath: String? = nil
    public var format: Format = .text
    /// Milliseconds a script may run; nil for no limit.
    public var timeout: Int? = TestOptions.defaultTimeout
    public var quiet = false
    public var verbose = false
    public var update = false
    public var force = false
    public var exitFirst = false
    public var lastFailed = false
    public var list = false
    public var allowEmpty = false
    /// `--flavor swift,objc`: each script without a `# flavors:` header runs as each of these.
    public var flavors: [AppFlavor]? = nil
    public var help = false

    /// How long a script may run unless `--timeout` or its `# timeout:` header says otherwise.
    public static let defaultTimeout = 60_000

    public init() {}
}

/// One option of `placeshell test`.
public struct TestOption: Sendable {
    public enum Action: Sendable {
        case jobs, filter, timeout, junit, tap, json, quiet, verbose, update, force, exitFirst, lastFailed, list
        case allowEmpty, flavor, help
    }
    /// Every spelling, the short one first.
    public var names: [String]
    /// The value's name in the usage text, or nil for a flag.
    public var value: String?
    /// Its line in `--help`.
    public var summary: String
    public var action: Action

    /// `-j, --jobs N`.
    public var synopsis: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }

    public static let all: [TestOption] = [
        TestOption(
            names: ["-j", "--jobs"], value: "N", summary: "run N scripts at a time (default: the number of cores)",
            action: .jobs),
        TestOption(
            names: ["-k", "--filter"], value: "REGEX",
            summary: "run only the scripts whose path below PATH matches REGEX (any, if repeated)",
            action: .filter),
        TestOption(
            names: ["--timeout"], value: "DURATION",
            summary: "stop and fail a script still running after DURATION (60s; 0: none)",
            action: .timeout),
        TestOption(
            names: ["--flavor"], value: "LIST",
            summary: "run each script as each flavour in LIST (swift,objc,nearby)", action: .flavor),
        TestOption(
            names: ["-x", "--exitfirst"], summary: "stop at the first script that fails", action: .exitFirst),
        TestOption(
            names: ["--lf", "--last-failed"], summary: "run only the scripts that failed last time (all if none did)",
            action: .lastFailed),
        TestOption(names: ["--list"], summary: "list the scripts that would run, and run none", action: .list),
        TestOption(
            names: ["--junit"], value: "FILE", summary: "also write the results to FILE as JUnit XML", action: .junit),
        TestOption(names: ["--tap"], summary: "print the results as TAP version 13", action: .tap),
        TestOption(
            names: ["--json"], summary: "print one JSON object per script, then a summary object", action: .json),
        TestOption(names: ["-q", "--quiet"], summary: "print only the failures and the closing line", action: .quiet),
        TestOption(
            names: ["-v", "--verbose"], summary: "also print how each script was run, to run it again by hand",
            action: .verbose),
        TestOption(
            names: ["--update"],
            summary: "write each script's NAME.placescript.out (and .err) from this run",
            action: .update),
        TestOption(
            names: ["--force"], summary: "with --update, record scripts that failed for another reason too",
            action: .force),
        TestOption(
            names: ["--allow-empty"], summary: "a run that finds no script passes (otherwise it exits 5)",
            action: .allowEmpty),
        TestOption(names: ["-h", "--help"], summary: "show this help and exit", action: .help),
    ]

    public static func named(_ name: String) -> TestOption? { all.first { $0.names.contains(name) } }
}

/// An option word as its name and the value written into it: `--name=value` is `--name` and
/// `value`; any other word is itself and no value.
public func splitOptionWord(_ arg: String) -> (name: String, inline: String?) {
    guard arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") else { return (arg, nil) }
    return (String(arg[..<eq]), String(arg[arg.index(after: eq)...]))
}

/// A mistake on `placeshell test`'s command line: exit status 2.
public struct TestUsageError: Error, Sendable {
    public var message: String
    public var help: String?
    public init(message: String, help: String? = nil) {
        self.message = message
        self.help = help
    }
}

extension TestOptions {
    /// Parses the words after `test`.
    public static func parse(_ args: [String]) throws(TestUsageError) -> TestOptions {
        var options = TestOptions()
        var i = 0
        var onlyPaths = false
        while i < args.count {
            let arg = args[i]
            if onlyPaths || !arg.hasPrefix("-") || arg == "-" {
                options.paths.append(arg)
                i += 1
                continue
            }
            if arg == "--" {
                onlyPaths = true
                i += 1
                continue
            }
            var (name, inline) = splitOptionWord(arg)
            if !arg.hasPrefix("--"), arg.count > 2, let short = TestOption.named(String(arg.prefix(2))),
                short.value != nil
            {
                // -j4, -kname
                name = String(arg.prefix(2))
                inline = String(arg.dropFirst(2))
            }
            guard let spec = TestOption.named(name) else {
                throw TestUsageError(
                    message: "unknown option '\(arg)'",
                    help: suggestion(for: name, among: TestOption.all.flatMap(\.names))
                        ?? "type 'placeshell test --help' for its options")
            }
            if spec.value == nil, inline != nil {
                throw TestUsageError(message: "option '\(name)' takes no value", help: "write '\(name)' alone")
            }
            var given = ""
            if spec.value != nil {
                if let inline {
                    given = inline
                } else {
                    i += 1
                    guard i < args.count else {
                        throw TestUsageError(
                            message: "option '\(name)' needs a value",
                            help: "write it after the option, as in '\(name) \(spec.value ?? "VALUE")'")
                    }
                    given = args[i]
                }
            }
            switch spec.action {
            case .jobs:
                guard let n = Int(given), n > 0 else {  // safe: parses text: nil when it is not a number
                    throw TestUsageError(
                        message: "'\(given)' is not a number of jobs", help: "write a whole number, 1 or more")
                }
                options.jobs = n
            case .filter:
                do {
                    _ = try Regex(given)
                } catch {
                    throw TestUsageError(message: "\(name): '\(given)' is not a regular expression: \(error)")
                }
                options.filters.append(given)
            case .junit: options.junitPath = given
            case .tap, .json:
                let format: Format = spec.action == .tap ? .tap : .json
                if options.format != .text && options.format != format {
                    throw TestUsageError(message: "--tap and --json cannot be used together", help: "choose one")
                }
                options.format = format
            case .timeout:
                if given == "0" || given == "none" {
                    options.timeout = nil
                } else {
                    guard let ms = parseTestDuration(given) else {
                        throw TestUsageError(
                            message: "'\(given)' is not a duration",
                            help: "write it as 30s, 500ms or 2m (at least 1ms), or 0 for no limit")
                    }
                    options.timeout = ms
                }
            case .flavor:
                do throws(Diagnostic) {
                    options.flavors = try parseFlavorList(
                        given, at: SourceLocation(source: SourceText(name: "--flavor", text: given), offset: 0))
                } catch {
                    throw TestUsageError(message: "--flavor: \(error.message)", help: error.help)
                }
            case .quiet: options.quiet = true
            case .verbose: options.verbose = true
            case .update: options.update = true
            case .force: options.force = true
            case .exitFirst: options.exitFirst = true
            case .lastFailed: options.lastFailed = true
            case .list: options.list = true
            case .allowEmpty: options.allowEmpty = true
            case .help:
                options.help = true
                return options
            }
            i += 1
        }
        if options.force && !options.update {
            throw TestUsageError(message: "--force goes with --update", help: "placeshell test --update --force")
        }
        if options.quiet && options.verbose {
            throw TestUsageError(message: "--quiet and --verbose cannot be used together", help: "choose one")
        }
        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }
}

/// `placeshell test --help` and `help test` at the prompt: the options and the header lines,
/// from their tables.
public let testUsageText: String = {
    func aligned(_ rows: [(String, String)]) -> String {
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 }
            .joined(separator: "\n")
    }
    let options = aligned(TestOption.all.map { ($0.synopsis, $0.summary) })
    let headers = aligned(ScriptHeaderField.all.map { ($0.synopsis, $0.summary) })
    return """
        usage: placeshell test [OPTIONS] [PATH…]

        Runs every *.placescript under each PATH (default: the current directory), each in a
        fresh session in its own process, from its own folder, with the device in English, and
        reports each as it finishes, then the failures again in path order and the closing line
        'N passed, N failed'. A script passes when it exits with the status it expects (0 unless
        it says), and its standard output and error equal NAME.placescript.out and .err where
        those exist ($TMP is written as $TMP in them). Files and folders whose names start with
        '_' or '.', and folders named lib, hold helpers for 'source' and are not collected.

        options:
        \(options)

        header lines, at the top of a script:
        \(headers)

        $TMP in a script is a folder of its own, made fresh for each script: removed when the
        script passes, kept and named when it fails.

        A script's own '# timeout:' wins over --timeout. A test runs as each flavour of a matrix
        with '[flavour]' after its path, which --filter matches too.

        exit status: 0 every script passed (or was skipped, or failed as expected), 1 one or more
        failed, 2 a usage error, 5 no script was found (unless --allow-empty), 130 or 143 when
        stopped by SIGINT or SIGTERM (the results so far are reported and written).
        """
}()
