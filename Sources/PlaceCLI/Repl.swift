import CEditLine
import PlaceScript

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

// libedit calls back through C function pointers, which cannot capture context: the state they
// need lives in these globals, used only on the main thread and only in this file.
nonisolated(unsafe) private var promptBuffer: UnsafeMutablePointer<CChar>? = nil
nonisolated(unsafe) private var completionShell: Shell? = nil
nonisolated(unsafe) private var completionOutput: UnsafeMutablePointer<FILE>? = nil

private func setPrompt(_ text: String) {
    free(promptBuffer)
    promptBuffer = strdup(text)
}

/// libedit asks for the prompt each time it draws the line, after it has put its own signal
/// handlers in place for the read. Its handler for SIGINT, SIGTERM and SIGHUP re-sends the signal
/// with `kill(0, …)`, to the whole process group: a SIGTERM meant for placeshell would also reach
/// the script or terminal program that started it. So each time, placeshell's own handlers take
/// those three back, and SIGWINCH, whose handler in libedit would resize to any size the
/// terminal reports (`editorTakes`); libedit keeps Ctrl-Z and SIGCONT, and puts placeshell's
/// handlers back when the read ends.
private let promptCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { _ in
    reclaimSignalsFromLineEditor()
    return promptBuffer
}

/// Tab: completes the word before the cursor from the command table; inserts the common prefix,
/// or lists the candidates when they differ.
private let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    guard let el, let shell = completionShell, let info = el_line(el)?.pointee, let buffer = info.buffer,
        let cursor = info.cursor
    else { return UInt8(CC_ERROR) }  // safe: libedit return codes are 0…6
    let count = cursor - buffer
    let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
    let completion = shell.complete(line)
    let typed = String(decoding: Array(line.utf8)[completion.wordStart...], as: UTF8.self)
    let candidates = completion.candidates
    if candidates.isEmpty { return UInt8(CC_REFRESH_BEEP) }  // safe: libedit return codes are 0…6
    if candidates.count == 1 {
        let rest = String(candidates[0].utf8.dropFirst(typed.utf8.count)) ?? ""
        // After `name=` the value follows, and after a folder `dir/` a name in it: no space.
        let suffix = candidates[0].hasSuffix("=") || candidates[0].hasSuffix("/") ? "" : " "
        _ = el_insertstr(el, rest + suffix)
        return UInt8(CC_REFRESH)  // safe: libedit return codes are 0…6
    }
    var common = candidates[0]
    for c in candidates.dropFirst() {
        while !c.hasPrefix(common) { common.removeLast() }
    }
    if common.utf8.count > typed.utf8.count {
        _ = el_insertstr(el, String(common.utf8.dropFirst(typed.utf8.count)) ?? "")
        return UInt8(CC_REFRESH)  // safe: libedit return codes are 0…6
    }
    let width = (candidates.map { $0.count }.max() ?? 0) + 2
    let columns = max(1, (terminalWidth() ?? 80) / width)
    var listing = "\n"
    for (i, c) in candidates.enumerated() {
        listing += c.padding(to: width)
        if (i + 1) % columns == 0 || i == candidates.count - 1 { listing += "\n" }
    }
    fputs(visibleControls(listing, colours: false), completionOutput ?? shim_stdout())
    return UInt8(CC_REDISPLAY)  // safe: libedit return codes are 0…6
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// The interactive prompt: libedit editing, history, Tab completion, Ctrl-C that cancels the
/// line, Ctrl-D that leaves. Returns the exit status.
func runREPL(_ shell: Shell, historyEnabled: Bool, live: LiveHost? = nil) -> Int32 {
    setUpUTF8Locale()
    // With stdout redirected, libedit would switch editing off; it draws on stderr instead.
    let output = isTerminal(STDOUT_FILENO) ? shim_stdout() : shim_stderr()
    completionOutput = output
    completionShell = shell
    let history = HistoryStore(enabled: historyEnabled)
    defer { history.close() }
    history.load(into: shell)
    shell.historyPath = history.path
    var reader = TerminalLineReader(shell: shell, output: output, history: history, live: live)
    defer { reader.close() }
    return runPrompt(shell, reader: &reader, history: history) { text in fputs(text, output) }
}

/// Lines from the terminal, edited with libedit.
///
/// libedit takes the terminal's size at every line it reads, and makes buffers of that many
/// cells, whatever the size: while the terminal reports more than it can draw on
/// (`editorTakes`), lines are read without it (`PlainLineReader`: no editing or completion;
/// history is still kept), and it is started, or taken up again, when the size comes back
/// within bounds.
struct TerminalLineReader: LineReader {
    let shell: Shell
    let output: UnsafeMutablePointer<FILE>?
    let history: HistoryStore
    /// The live page, served while the prompt waits for a key.
    let live: LiveHost?
    private var editor: OpaquePointer?
    private var plain = PlainLineReader()
    private var editingOff = false
    private var failedToStart = false

    init(shell: Shell, output: UnsafeMutablePointer<FILE>?, history: HistoryStore, live: LiveHost? = nil) {
        self.shell = shell
        self.output = output
        self.history = history
        self.live = live
    }

    mutating func read(prompt text: String) -> PromptRead {
        let read = readLine(prompt: text)
        // The width output wraps to follows the terminal's, read afresh once the line is in: a
        // window resized while it was typed is drawn for by the command it holds.
        if let width = terminalWidth() { shell.environment.terminalWidth = width }
        return read
    }

    private mutating func readLine(prompt text: String) -> PromptRead {
        if let size = inputWindowSize(), !editorTakes(size) {
            if !editingOff {
                editingOff = true
                shell.warn(
                    "the terminal reports \(size.ws_col) × \(size.ws_row) cells, more than line editing draws on "
                        + "(4096 × 2048): lines are read without editing until it is smaller")
            }
            return readPlain(prompt: text)
        }
        editingOff = false
        if editor == nil && !failedToStart {
            editor = startLineEditor(output: output, history: history)
            if editor == nil {
                failedToStart = true
                shell.warn("cannot start line editing: lines are read without it")
            }
        }
        guard let el = editor else { return readPlain(prompt: text) }
        setPrompt(text)
        if let live, live.server != nil { return readServing(el, live: live) }
        var count: Int32 = 0
        let raw = el_gets(el, &count)
        if interruptFlag != 0 { return .interrupted(echoed: false) }
        guard let raw, count > 0 else { return .end }
        return .line(String(cString: raw))
    }

    /// A line read a key at a time while the live page is served: libedit in unbuffered mode
    /// (`el_gets` returns after each key, with the line so far) is called only when a key has
    /// come, and meanwhile the page's sockets are served, on this thread.
    private func readServing(_ el: OpaquePointer, live: LiveHost) -> PromptRead {
        _ = shim_el_set_unbuffered(el, 1)  // draws the prompt
        defer { _ = shim_el_set_unbuffered(el, 0) }
        var empty = 0
        while true {
            switch live.wait(milliseconds: nil, input: STDIN_FILENO) {
            case .signal:
                if interruptFlag != 0 { return .interrupted(echoed: false) }
                return .end
            case .timeout:
                continue
            case .input:
                var count: Int32 = 0
                errno = 0
                let raw = el_gets(el, &count)
                if interruptFlag != 0 { return .interrupted(echoed: false) }
                // No line: the line is empty (a key that left it so, or changed nothing). A
                // terminal that hangs up sends SIGHUP; one that keeps giving nothing is gone.
                guard let raw else {
                    empty += 1
                    if errno != 0 && errno != EINTR && errno != EAGAIN || empty > 10_000 { return .end }
                    continue
                }
                empty = 0
                // The line so far is `count` bytes: in this mode libedit does not end it with a NUL,
                // and what follows is left over from earlier lines.
                let length = Int(max(0, count))  // safe: an Int32 widens
                let line = String(decoding: UnsafeRawBufferPointer(start: raw, count: length), as: UTF8.self)
                // Ctrl-D on an empty line comes as the line "^D".
                if line == "\u{04}" { return .end }
                if line.hasSuffix("\n") { return .line(String(line.dropLast())) }
                // The page stopped meanwhile (`live off` cannot come mid-line; a signal can end it).
                if live.server == nil { continue }
            }
        }
    }

    private mutating func readPlain(prompt text: String) -> PromptRead {
        fputs(text, output)
        fflush(output)
        if let live, live.server != nil {
            // Served until the line's first bytes come; the line discipline gives the rest whole.
            switch live.wait(milliseconds: nil, input: STDIN_FILENO) {
            case .signal where interruptFlag != 0: return .interrupted(echoed: true)
            case .signal: return .end
            default: break
            }
        }
        return plain.read()
    }

    /// Ends line editing.
    mutating func close() {
        setResizedEditor(nil)
        if let editor { el_end(editor) }
        editor = nil
    }
}

/// A libedit editor on the terminal: emacs keys, placeshell's completion on Tab, the user's
/// ~/.editrc, `history` as its history; resized by placeshell's SIGWINCH handler.
private func startLineEditor(output: UnsafeMutablePointer<FILE>?, history: HistoryStore) -> OpaquePointer? {
    guard let el = el_init("placeshell", shim_stdin(), output, shim_stderr()) else { return nil }
    setResizedEditor(el)
    _ = shim_el_set_editor(el, "emacs")
    _ = shim_el_set_signal(el, 1)
    _ = shim_el_set_prompt(el, promptCallback)
    _ = shim_el_addfn(el, "placeshell-complete", "complete a command, option or value", completeCallback)
    _ = shim_el_bind(el, "^I", "placeshell-complete")
    _ = shim_el_source(el)  // the user's ~/.editrc, if any
    history.attach(to: el)
    return el
}
