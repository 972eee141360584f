import PlaceScript

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Where the prompt's lines come from: the terminal (`TerminalLineReader`: libedit, or the
/// terminal's own line discipline when libedit cannot draw), or a list of lines in tests. The prompt's loop (`runPrompt`: continuation, history, running each
/// command) is the same for all of them.
public protocol LineReader {
    /// Shows `prompt` and reads one line: its text (a line break at its end is dropped), Ctrl-C,
    /// or the end.
    mutating func read(prompt: String) -> PromptRead
}

/// What reading a line at the prompt gave.
public enum PromptRead: Equatable {
    /// A line as typed.
    case line(String)
    /// Ctrl-C: the line is dropped; `echoed` when the terminal has shown `^C` itself.
    case interrupted(echoed: Bool)
    /// Ctrl-D on an empty line, or the end of the input.
    case end
}

/// The prompt's loop: reads lines from `reader` (given the prompt to show), joins the lines of a
/// command that goes on, runs each command, and keeps what `history` keeps. `echo` writes to
/// the terminal where the lines are read (a Ctrl-C's `^C`, the line break after Ctrl-D).
/// Returns the exit status.
func runPrompt(
    _ shell: Shell, reader: inout some LineReader, history: HistoryStore?, echo: (String) -> Void
) -> Int32 {
    shell.stdout.write(
        "placeshell \(placeshellVersion): type 'help' for commands, 'help syntax' for the language, Ctrl-D to leave\n")
    shell.stdout.flush()
    var pending = ""
    var lineNumber = 1
    var pendingFirstLine = 1
    input: while shell.exitRequest == nil && terminateSignal == 0 {
        interruptFlag = 0
        shell.clearInterruption()
        let read = reader.read(prompt: pending.isEmpty ? shell.prompt : shell.continuationPrompt)
        if terminateSignal != 0 { break }
        var line: String
        switch read {
        case .interrupted(let echoed):
            // Ctrl-C: drop the line (and any continued lines), keep the shell.
            echo(echoed ? "\n" : "^C\n")
            pending = ""
            continue
        case .end:
            echo("\n")
            // Ctrl-D on an empty line. After an open quote or a backslash, the command it ends
            // is not run, and that is said rather than passed over.
            if !pending.isEmpty {
                let source = SourceText(name: "<stdin>", text: pending, firstLine: pendingFirstLine)
                var lexer = Lexer(source: source)
                if case .incomplete(let why)? = try? lexer.lex() {
                    shell.reportSyntaxErrors([Shell.incompleteError(why, source: source)])
                }
            }
            break input
        case .line(let text):
            line = text
        }
        if line.hasSuffix("\n") { line.removeLast() }
        if pending.isEmpty { pendingFirstLine = lineNumber }
        lineNumber += 1
        pending += pending.isEmpty ? line : "\n" + line
        let source = SourceText(name: "<stdin>", text: pending, firstLine: pendingFirstLine)
        var lexer = Lexer(source: source)
        if case .incomplete? = try? lexer.lex() { continue }
        let entry = pending
        pending = ""
        if entry.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
        history?.add(entry, to: shell)
        switch shell.parse(source) {
        case .failure(let errors):
            shell.reportSyntaxErrors(errors.items)
        case .success(let invocations):
            shell.hadFailure = false
            shell.run(invocations)
        }
        shell.stdout.flush()
    }
    if terminateSignal != 0 { echo("\n") }  // the shell's prompt goes on a line of its own
    history?.save()
    if let status = shell.exitRequest { return status }
    if terminateSignal != 0 { return 128 + terminateSignal }
    return 0
}

/// Lines from standard input as the terminal's own line discipline edits them (erase, kill,
/// Ctrl-D), for a prompt without libedit. A read cut by Ctrl-C (SIGINT comes without
/// SA_RESTART) drops what was typed.
struct PlainLineReader {
    private var buffered: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 4096)

    /// Reads a line; the caller writes the prompt, on the stream it knows.
    mutating func read() -> PromptRead {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return .line(line)
            }
            let n = chunk.withUnsafeMutableBytes { readDescriptor(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR && interruptFlag != 0 {
                    buffered = []
                    // The terminal's line discipline has echoed the ^C itself.
                    return .interrupted(echoed: true)
                }
                if errno == EINTR && terminateSignal == 0 { continue }
                return .end
            }
            if n == 0 {
                // Ctrl-D: on an empty line the end; after text, that text as a last line.
                guard !buffered.isEmpty else { return .end }
                let line = String(decoding: buffered, as: UTF8.self)
                buffered = []
                return .line(line)
            }
            buffered += chunk[..<n]
        }
    }
}
