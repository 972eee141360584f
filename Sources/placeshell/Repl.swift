import CEditLine
@preconcurrency import Glibc
import PlaceScript

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
/// those three back; libedit keeps Ctrl-Z, SIGCONT and window resizes, and puts placeshell's
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
func runREPL(_ shell: Shell, historyEnabled: Bool) -> Int32 {
    setUpUTF8Locale()
    // With stdout redirected, libedit would switch editing off; it draws on stderr instead.
    let output = isTerminal(STDOUT_FILENO) ? shim_stdout() : shim_stderr()
    completionOutput = output
    completionShell = shell
    guard let el = el_init("placeshell", shim_stdin(), output, shim_stderr()) else {
        shell.warn("cannot start line editing")
        return 1
    }
    defer { el_end(el) }
    _ = shim_el_set_editor(el, "emacs")
    _ = shim_el_set_signal(el, 1)
    _ = shim_el_set_prompt(el, promptCallback)
    _ = shim_el_addfn(el, "placeshell-complete", "complete a command, option or value", completeCallback)
    _ = shim_el_bind(el, "^I", "placeshell-complete")
    _ = shim_el_source(el)  // the user's ~/.editrc, if any

    let history = HistoryStore(enabled: historyEnabled)
    defer { history.close() }
    history.attach(to: el)
    history.load(into: shell)
    shell.historyPath = history.path

    shell.stdout.write(
        "placeshell \(placeshellVersion): type 'help' for commands, 'help syntax' for the language, Ctrl-D to leave\n")
    shell.stdout.flush()
    var pending = ""
    var lineNumber = 1
    var pendingFirstLine = 1
    while shell.exitRequest == nil && terminateSignal == 0 {
        setPrompt(pending.isEmpty ? shell.prompt : shell.continuationPrompt)
        var count: Int32 = 0
        interruptFlag = 0
        shell.clearInterruption()
        let raw = el_gets(el, &count)
        if terminateSignal != 0 { break }
        if interruptFlag != 0 {
            // Ctrl-C: drop the line (and any continued lines), keep the shell.
            fputs("^C\n", output)
            pending = ""
            continue
        }
        guard let raw, count > 0 else {
            fputs("\n", output)
            break  // Ctrl-D on an empty line
        }
        var line = String(cString: raw)
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
        history.add(entry, to: shell)
        switch shell.parse(source) {
        case .failure(let errors):
            shell.reportSyntaxErrors(errors.items)
        case .success(let invocations):
            shell.hadFailure = false
            shell.run(invocations)
        }
        shell.stdout.flush()
    }
    if terminateSignal != 0 { fputs("\n", output) }  // the shell's prompt goes on a line of its own
    history.save()
    if let status = shell.exitRequest { return status }
    if terminateSignal != 0 { return 128 + terminateSignal }
    return 0
}
