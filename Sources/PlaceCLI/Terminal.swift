import CEditLine
import PlaceFormats
import PlaceKit
import PlaceScript
import PlaceStorage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// What the signal handlers set, in memory of its own read and written through a pointer: a
/// Swift global `var` would go through the run-time exclusivity check, which is not safe in a
/// handler, and a handler interrupting the main code's read of the same variable between the
/// check's start and end would be reported as an overlapping access and stop the process.
/// Made before any handler is installed (`installSignalHandlers`), so a handler only reads it.
nonisolated(unsafe) private let signalFlags: UnsafeMutablePointer<sig_atomic_t> = {
    let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 2)
    flags.initialize(repeating: 0, count: 2)
    return flags
}()

/// The line editor the SIGWINCH handler resizes, in memory of its own for the same reason.
nonisolated(unsafe) private let resizedEditor: UnsafeMutablePointer<OpaquePointer?> = {
    let slot = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: 1)
    slot.initialize(to: nil)
    return slot
}()

/// Set by the SIGINT handler; the REPL and long-running commands poll it.
var interruptFlag: sig_atomic_t {
    get { signalFlags[0] }
    set { signalFlags[0] = newValue }
}
/// Set by SIGTERM and SIGHUP: save the history, then exit.
var terminateSignal: sig_atomic_t {
    get { signalFlags[1] }
    set { signalFlags[1] = newValue }
}

/// The largest terminal line editing draws on: 4096 columns and 2048 rows. libedit keeps two
/// buffers of rows × columns wide characters, made again at every resize and cleared at every
/// line: a terminal that reports 30000 × 30000 cells would need 7 GB of them, and libedit does
/// not survive the allocation failing. No screen has such a terminal; a pty can be told it has one. Literal
/// numbers, for the SIGWINCH handler (a `static let` is made on first use, with a lock).
@inline(__always)
func editorTakes(_ size: winsize) -> Bool { size.ws_col <= 4096 && size.ws_row <= 2048 }

/// The size of the terminal placeshell reads from, as libedit asks for it (TIOCGWINSZ on
/// standard input), or nil when it has none.
func inputWindowSize() -> winsize? {
    var size = winsize()
    // safe: TIOCGWINSZ is a small constant
    return ioctl(STDIN_FILENO, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
}

/// Makes `editor` the line editor the SIGWINCH handler resizes (nil: none).
func setResizedEditor(_ editor: OpaquePointer?) { resizedEditor.pointee = editor }

/// Installs the signal handlers: SIGINT without SA_RESTART so that a read at the prompt returns
/// and the line is cancelled; SIGPIPE ignored so that a closed pipe is an error we handle
/// (ending quietly) rather than a silent death; at the prompt, SIGTERM and SIGHUP end the REPL
/// after saving the history.
func installSignalHandlers(interactive: Bool) {
    _ = signalFlags  // made now, not first in a handler
    signal(SIGPIPE, SIG_IGN)
    // Over the file size limit (ulimit -f), a write fails with EFBIG and the command says so,
    // keeping the old file, instead of the process dying mid-write.
    signal(SIGXFSZ, SIG_IGN)
    setSignalHandler(SIGINT, onInterrupt)
    PendingTemporaryFiles.prepare()
    if interactive {
        setSignalHandler(SIGTERM, onTerminate)
        setSignalHandler(SIGHUP, onTerminate)
        handlesTermination = true
    } else {
        // A script ends at once, as by default, but without leaving the temporary file of a
        // `save` or an export it was writing.
        setSignalHandler(SIGTERM, removeTemporaryFilesAndEnd)
        setSignalHandler(SIGHUP, removeTemporaryFilesAndEnd)
    }
}

private let removeTemporaryFilesAndEnd: @convention(c) (Int32) -> Void = { sig in
    PendingTemporaryFiles.removeAll()
    signal(sig, SIG_DFL)
    raise(sig)
}

nonisolated(unsafe) private var handlesTermination = false
/// Without SA_RESTART: a read at the prompt returns when the signal comes.
private let onInterrupt: @convention(c) (Int32) -> Void = { _ in signalFlags[0] = 1 }
private let onTerminate: @convention(c) (Int32) -> Void = { sig in signalFlags[1] = sig }

/// SIGWINCH while a line is edited: libedit's own handler would resize to whatever the
/// terminal reports (see `editorTakes`); this one resizes only within the limit, as libedit
/// does (`el_resize` in the handler), and otherwise keeps the size the line is drawn at (the
/// next line is read without editing). Installed with SA_RESTART: the read goes on, the typed
/// text kept.
private let onResize: @convention(c) (Int32) -> Void = { _ in
    guard let size = inputWindowSize(), editorTakes(size) else { return }
    if let editor = resizedEditor.pointee { el_resize(editor) }
}

/// Puts placeshell's SIGINT handler back (after the pager had Ctrl-C).
func restoreInterruptHandler() {
    setSignalHandler(SIGINT, onInterrupt)
}

/// Puts placeshell's handlers for SIGINT, SIGTERM, SIGHUP and SIGWINCH back in place of the
/// line editor's, which would re-send the signal to the whole process group (see the prompt
/// callback) or resize past what it can draw on.
func reclaimSignalsFromLineEditor() {
    setSignalHandler(SIGINT, onInterrupt)
    setSignalHandler(SIGWINCH, restart: true, onResize)
    if handlesTermination {
        setSignalHandler(SIGTERM, onTerminate)
        setSignalHandler(SIGHUP, onTerminate)
    }
}

/// Makes libedit decode typed UTF-8 whatever the locale says: LC_CTYPE from the environment,
/// falling back to C.UTF-8 when that is not UTF-8. LC_NUMERIC stays "C".
func setUpUTF8Locale() {
    _ = setlocale(LC_CTYPE, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
}

/// Whether the user's locale is UTF-8, as the environment names it (the first set of LC_ALL,
/// LC_CTYPE, LANG; unset is the C locale, ASCII). Read from the names rather than from
/// `setlocale`, which the REPL later forces to UTF-8 for libedit.
func localeIsUTF8() -> Bool {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
        guard let value = environmentValue(name), !value.isEmpty else { continue }
        let upper = value.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8")
    }
    return false
}

/// The device language the messages' locale asks for (the first set of LC_ALL, LC_MESSAGES,
/// LANG, as the tutorial reads it: `ko_KR.UTF-8` is Korean), English for one placeshell lacks.
func localeDeviceLanguage() -> DeviceLanguage {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        guard let value = environmentValue(name), !value.isEmpty else { continue }
        return DeviceLanguage.fromLocale(value)
    }
    return .english
}

func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

/// The size standard output's terminal reports, or nil.
private func outputWindowSize() -> winsize? {
    var size = winsize()
    // safe: TIOCGWINSZ is a small constant
    return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
}

/// The terminal's width in columns, or nil.
func terminalWidth() -> Int? {
    // safe: a UInt16 widens
    outputWindowSize().flatMap { $0.ws_col > 0 ? Int($0.ws_col) : nil }
}

/// The terminal's height in lines, or nil.
func terminalHeight() -> Int? {
    // safe: a UInt16 widens
    outputWindowSize().flatMap { $0.ws_row > 0 ? Int($0.ws_row) : nil }
}

/// An environment variable, or nil.
func environmentValue(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

/// Writes straight to stderr (for start-up errors, before a shell exists).
/// What the front end says on standard error outside a shell's run (a run reports through its
/// own renderer): `placeshell: MESSAGE`, or `placeshell: warning: …`, `placeshell: note: …`
/// (`placeshell test: …` from the test runner), then `help: HELP` on a line of its own. Data in
/// the message or the help (a file name, an argument) is shown, never sent to the terminal
/// (`escapingControlCharacters`). The one way it says anything there.
func say(_ kind: MessageKind, _ message: String, help: String? = nil, from program: String = "placeshell") {
    let prefix = kind == .error ? program + ": " : program + ": " + kind.rawValue + ": "
    var text = prefix + escapingControlCharacters(message) + "\n"
    if let help { text += "help: " + escapingControlCharacters(help) + "\n" }
    printError(text)
}

/// An error: `say(.error, …)`.
func say(_ message: String, help: String? = nil, from program: String = "placeshell") {
    say(.error, message, help: help, from: program)
}

enum MessageKind: String {
    case error
    case warning
    case note
}

/// Writes `text` to standard error as it is, unbuffered (`say` frames a message).
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// A closed standard descriptor would be handed out by the next `open`, and a file being saved
/// could then receive the shell's output. Each closed one is held by /dev/null opened the wrong
/// way round, so reads and writes on it still fail (EBADF) as they would on a closed descriptor.
func holdClosedStandardDescriptors() {
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
        let held = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY)
        if held >= 0 && held != fd {
            _ = dup2(held, fd)
            _ = close(held)
        }
    }
}
