import PlaceFormats
import PlaceScript

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// placeshell's front end: parses the command line and picks the REPL, a batch run or a test
/// run; returns the exit status. The simulation and the language live in PlaceKit and
/// PlaceScript; the executable only calls this.
public func runPlaceshell() -> Int32 {
    // A String cannot hold bytes that are not UTF-8: an argument with them (a file name made on
    // another system) would name another file, or run other words. Said, not guessed at.
    for i in 1..<Int(CommandLine.argc) {  // safe: an Int32 widens
        guard let raw = CommandLine.unsafeArgv[i] else { continue }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        let text = String(decoding: bytes, as: UTF8.self)
        guard !text.utf8.elementsEqual(bytes) else { continue }
        say(
            "argument \(i), '\(text)', is not UTF-8",
            help: "placeshell takes its arguments in UTF-8; a file name made on another system may not be: rename it")
        return 2
    }
    let options: Options
    do {
        options = try parseOptions(Array(CommandLine.arguments.dropFirst()))
    } catch {
        say(error.message, help: error.help, from: error.program)
        return 2
    }
    switch options.mode {
    case .help:
        print(usageText)
        return 0
    case .version:
        print("placeshell \(placeshellVersion)")
        return 0
    case .completions(let shell):
        print(completionScript(for: shell), terminator: "")
        return 0
    case .manualSections:
        print(manualOptionsSection + CommandTable.standard.manualSections(), terminator: "")
        return 0
    case .test(let testOptions):
        return runTests(testOptions)
    default:
        break
    }
    if let directory = options.directory, chdir(directory) != 0 {
        say("cannot change to '\(directory)': \(errnoReason())")
        return 2
    }
    holdClosedStandardDescriptors()
    let stdinIsTerminal = isTerminal(STDIN_FILENO)
    var interactive = false
    if case .repl = options.mode, stdinIsTerminal { interactive = true }
    installSignalHandlers(interactive: interactive)
    let noColor = (environmentValue("NO_COLOR") ?? "").isEmpty == false
    let environment = ShellEnvironment(
        stdoutIsTerminal: isTerminal(STDOUT_FILENO), stderrIsTerminal: isTerminal(STDERR_FILENO), noColor: noColor,
        isInteractive: interactive, terminalWidth: terminalWidth(), localeIsUTF8: localeIsUTF8(),
        deviceLanguage: options.language ?? localeDeviceLanguage())
    let stdout = FileDescriptorSink(fd: STDOUT_FILENO)
    let stderr = FileDescriptorSink(fd: STDERR_FILENO, capacity: 0)
    let shell = Shell(environment: environment, stdout: stdout, stderr: stderr)
    shell.json = options.json
    shell.keepGoing = options.keepGoing
    shell.echo = options.echo
    shell.colorMode = options.color
    shell.defaultFlavor = options.flavor
    if options.flavorGiven { shell.commandLineFlavor = options.flavor }
    stdout.passesColour = { [unowned shell] in shell.outputStyle.enabled }
    stderr.passesColour = { [unowned shell] in shell.errorStyle.enabled }
    // SIGTERM and SIGHUP at the prompt stop a long command as Ctrl-C does, then the REPL
    // saves the history and exits.
    shell.interruptRequested = { interruptFlag != 0 || terminateSignal != 0 }
    if interactive && environment.stdoutIsTerminal { shell.pager = showInPager }
    defer { stdout.flush() }

    if let storyboard = options.storyboard { shell.startStoryboard(storyboard) }
    let trace = TestRunnerTrace.fromEnvironment()
    trace?.follow(shell, stdout: stdout)
    defer { trace?.flush() }
    // The live page: served from this thread, between commands and while the prompt waits.
    // `--pace` paces a script, not the lines typed at the prompt.
    let live = LiveHost(pace: interactive ? nil : options.pace, flush: { stdout.flush() }) { stderr.write($0 + "\n") }
    // Under `placeshell test` (its trace asked for) a script serves no page: it would wait forever.
    if trace == nil { shell.liveControl = live }
    defer { live.stop() }
    if trace == nil, let address = options.live,
        !live.startForCommandLine(host: address.host, port: address.port, shell: shell)
    {
        return 1
    }
    // `$TMP`: made on first use, removed when the run passes, kept (and named) when it fails.
    let temporaryFolder = TemporaryFolder.forRun(environment: environmentValue)
    var status: Int32
    switch options.mode {
    case .check(let paths):
        status = checkScripts(paths, shell: shell)
    case .script(let path):
        let bytes: [UInt8]
        switch readWholeFile(path, interrupted: shell.interruptRequested) {
        case .success(let b): bytes = b
        case .failure(let e): return reportUnreadable(e)
        }
        let header: ScriptHeader
        switch ScriptHeader.read(SourceText(name: path, bytes: bytes)) {
        case .success(let h): header = h
        case .failure(let errors):
            shell.reportSyntaxErrors(errors.items)
            return 2
        }
        for warning in options.warnings { say(.warning, warning) }
        // The header's arguments, flavour and language stand in for what the command line
        // does not give.
        let arguments = options.arguments.isEmpty ? header.arguments ?? [] : options.arguments
        if !options.flavorGiven, let first = header.flavors?.first { shell.defaultFlavor = first }
        if options.language == nil, let language = header.language {
            shell.environment.deviceLanguage = language
            shell.session.device.language = language
        }
        shell.enterScript(path: path)
        status = shell.runScript(
            SourceText(
                name: path, bytes: bytes,
                arguments: ScriptArguments(scriptName: path, values: arguments, temporaryFolder: temporaryFolder)))
    case .commands(let text):
        status = shell.runScript(
            SourceText(
                name: "<command-line>", text: text,
                arguments: ScriptArguments(
                    scriptName: "placeshell", values: options.arguments, temporaryFolder: temporaryFolder)))
    case .stdin, .repl:
        if interactive {
            status = runREPL(shell, historyEnabled: options.historyEnabled, live: live)
        } else {
            switch readWholeFile("/dev/stdin", interrupted: shell.interruptRequested) {
            case .success(let bytes):
                status = shell.runScript(
                    SourceText(
                        name: "<stdin>", bytes: bytes,
                        arguments: ScriptArguments(
                            scriptName: "placeshell", values: options.arguments, temporaryFolder: temporaryFolder)))
            case .failure(let e):
                return reportUnreadable(e)
            }
        }
    case .help, .version, .completions, .manualSections, .test:
        status = 0
    }
    // With a script, the page stays up after its last command until Ctrl-C.
    if live.server != nil, !interactive, terminateSignal == 0, interruptFlag == 0 {
        switch options.mode {
        case .script, .commands, .stdin, .repl:
            stdout.flush()
            stderr.write("the script has ended (exit status \(status)); the live page stays served until Ctrl-C\n")
            _ = live.wait(milliseconds: nil, input: nil)
        default: break
        }
    }
    if options.pace != nil, !interactive, !live.everServed {
        say(.note, "--pace paced nothing: the live page was not served (--live, or 'live on' in the script)")
    }
    // A storyboard still recording (`--storyboard`, or `record` without `record stop`) is
    // written as the session ends.
    if !shell.finishStoryboard(), status == 0 { status = 1 }
    stdout.flush()
    if status == 0 {
        temporaryFolder.removeMade()
    } else if let kept = temporaryFolder.madePath {
        say(.note, "$TMP is kept for a look: \(kept)")
    }
    switch stdout.failure {
    case nil:
        return status
    case EPIPE?:
        // A reader that went away (`placeshell FILE | head -1`) is not a failure.
        return 0
    case let code?:
        // A closed stdout, a full disk: the output is lost, and that is an error.
        say("cannot write to standard output: \(errnoReason(code))")
        return status == 0 ? 1 : status
    }
}

/// Under `placeshell test` (`PLACESHELL_TEST_TRACE` names a descriptor the runner reads), tells
/// it where each command starts in the output, so that a difference in the output can be shown
/// with the line of the script that printed it, and a script that runs too long with the line
/// it is on. The records are written in blocks and when the run ends (also when a timeout's
/// SIGINT ends it), not one write a command.
final class TestRunnerTrace {
    private let fd: Int32
    private var pending: [UInt8] = []

    /// The trace the runner asked for, or nil.
    static func fromEnvironment() -> TestRunnerTrace? {
        // safe: parses text: nil when it is not a number
        guard let value = environmentValue("PLACESHELL_TEST_TRACE"), let fd = Int32(value), fd > 2 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return TestRunnerTrace(fd: fd)
    }

    private init(fd: Int32) { self.fd = fd }

    /// Follows `shell`'s commands, each at the place `stdout` has reached.
    func follow(_ shell: Shell, stdout: FileDescriptorSink) {
        shell.beforeCommand = { [unowned self] invocation in
            let record = TraceRecord(
                offset: stdout.accepted, file: invocation.source.name, line: invocation.location.line,
                command: invocation.text)
            pending.append(contentsOf: record.encoded.utf8)
            if pending.count >= 1 << 16 { flush() }
        }
    }

    func flush() {
        var done = 0
        while done < pending.count {
            let n = pending[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        pending.removeAll(keepingCapacity: true)
    }
}

/// `placeshell --check FILE…`: parses and binds every file and runs nothing. Every error is
/// reported (as JSON objects too with `--json`); 2 when any file has one or cannot be read.
func checkScripts(_ paths: [String], shell: Shell) -> Int32 {
    var status: Int32 = 0
    for path in paths {
        switch readWholeFile(path, interrupted: shell.interruptRequested) {
        case .failure(let e):
            status = reportUnreadable(e)
            if e.isInterruption { return status }
        case .success(let bytes):
            // The header is read as a run reads it: its errors are the script's, and its
            // arguments are the ones the script is checked with.
            let header: ScriptHeader
            switch ScriptHeader.read(SourceText(name: path, bytes: bytes)) {
            case .success(let h): header = h
            case .failure(let errors):
                shell.reportSyntaxErrors(errors.items)
                status = 2
                continue
            }
            let arguments = ScriptArguments(
                scriptName: path, values: header.arguments ?? [], temporaryFolder: TemporaryFolder(.placeholder))
            let source = SourceText(name: path, bytes: bytes, arguments: arguments)
            if case .failure(let errors) = shell.parse(source, retainingAtMost: 0) {
                shell.reportSyntaxErrors(errors.items)
                status = 2
            }
        }
    }
    return status
}

/// Says why a script could not be read and gives the status: 2, or 130 when Ctrl-C stopped
/// the read (an open waiting for a FIFO's writer), as for any interrupted script.
func reportUnreadable(_ e: FileError) -> Int32 {
    if e.isInterruption {
        say("interrupted: '\(e.path)' was not read")
        return 130
    }
    // `placeshell --flavor objc test`: the options of a test run come after the word.
    var help = e.path == "test" ? "'test' comes first, its options after it: placeshell test [OPTIONS] [PATH…]" : nil
    // `placeshell help`, `placeshell version`: a command or an option was meant, not a file.
    if e.path == "version" {
        help = "'placeshell --version' prints the version; 'placeshell --help' lists the options"
    } else if help == nil, e.path.allSatisfy(\.isLetter), CommandTable.standard.command(named: e.path) != nil {
        help = "a command runs with -c: 'placeshell -c \(e.path)'; 'placeshell --help' lists the options"
    }
    say(e.message, help: help)
    return 2
}
