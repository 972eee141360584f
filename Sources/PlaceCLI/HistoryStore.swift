import CEditLine
import PlaceFormats
import PlaceScript

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The prompt's history file: `$XDG_STATE_HOME/placeshell/history`, falling back to
/// `~/.local/state/placeshell/history`. Mode 0600, at most `limit` entries, written to a temporary
/// file and renamed into place. A file that exists but cannot be read as a history is left alone
/// (a warning, and no saving), so a foreign file is never overwritten. Saving re-reads the file
/// under a lock and appends this session's lines, so two shells that exit together keep both
/// sessions' entries.
final class HistoryStore {
    static let limit: Int32 = 1000
    let path: String?
    private let history: OpaquePointer?
    private var added: [String] = []
    private var canSave: Bool

    init(enabled: Bool) {
        history = history_init()
        if let history {
            _ = shim_hist_setsize(history, Self.limit)
            _ = shim_hist_setunique(history, 1)
        }
        path = enabled ? Self.defaultPath() : nil
        canSave = enabled
    }

    static func defaultPath() -> String? {
        if let state = environmentValue("XDG_STATE_HOME"), state.hasPrefix("/") {
            return state + "/placeshell/history"
        }
        // HOME only: the password database would need NSS, which a static build cannot load.
        guard let home = environmentValue("HOME"), !home.isEmpty else { return nil }
        return home + "/.local/state/placeshell/history"
    }

    func attach(to el: OpaquePointer) {
        if let history { _ = shim_el_set_hist(el, history) }
    }

    /// Loads the file into the editor's history and the shell's `history` list.
    func load(into shell: Shell) {
        guard let path, let history else { return }
        var st = stat()
        if stat(path, &st) != 0 {
            if errno != ENOENT {
                shell.warn("cannot read the history file '\(path)': \(errnoReason()); history will not be saved")
                canSave = false
            }
            return
        }
        if (st.st_mode & S_IFMT) != S_IFREG {
            shell.warn("the history file '\(path)' is not a regular file; history will not be saved")
            canSave = false
            return
        }
        if st.st_size == 0 { return }
        if shim_hist_load(history, path) < 0 {
            shell.warn(
                "cannot read the history file '\(path)' (not a placeshell history, or unreadable); "
                    + "it is left as it is and this session's history will not be saved")
            canSave = false
            return
        }
        shell.history = entries(of: history)
    }

    private func entries(of history: OpaquePointer) -> [String] {
        var out: [String] = []
        var entry = shim_hist_first_oldest(history)
        while let e = entry {
            var text = String(cString: e)
            if text.hasSuffix("\n") { text.removeLast() }
            out.append(text)
            entry = shim_hist_next_newer(history)
        }
        return out
    }

    /// The longest line the history keeps, in bytes: a longer one (a pasted file) runs, but is
    /// left out with a warning rather than kept a thousand times over in memory and on disk.
    static let entryLimit = 64 * 1024

    /// Records a line entered at the prompt; one that is too long, or that the line editor
    /// cannot take, is left out with a warning (never replaced by another).
    func add(_ line: String, to shell: Shell) {
        guard line.utf8.count <= Self.entryLimit else {
            shell.warn(
                "the line (\(groupedThousands(line.utf8.count)) bytes) is longer than the history keeps (\(groupedThousands(Self.entryLimit)) bytes): it ran, but is not in the history"
            )
            return
        }
        if let history, shim_hist_enter(history, line) < 0 {
            shell.warn("the line could not be added to the history (out of memory): it ran, but is not in the history")
            return
        }
        if shell.history.last != line { shell.history.append(line) }
        // safe: limit is a small constant
        if shell.history.count > Int(Self.limit) { shell.history.removeFirst(shell.history.count - Int(Self.limit)) }
        added.append(line)
    }

    /// Writes the history: re-reads the file under a lock, appends this session's lines and
    /// replaces the file (`FileReplacement`: mode 0600 when new, the old file's mode otherwise).
    func save() {
        guard canSave, let path, !added.isEmpty, let merged = history_init() else { return }
        defer { history_end(merged) }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        makeDirectories(directory)
        // Never through a link: one planted at the lock's name would have a file created
        // wherever it points (the history is saved without the lock then).
        let lockFD = open(path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if lockFD >= 0 { flock(lockFD, LOCK_EX) }
        defer {
            if lockFD >= 0 {
                flock(lockFD, LOCK_UN)
                closeDescriptor(lockFD)
            }
        }
        _ = shim_hist_setsize(merged, Self.limit)
        _ = shim_hist_setunique(merged, 1)
        var st = stat()
        if stat(path, &st) == 0 && st.st_size > 0 && shim_hist_load(merged, path) < 0 {
            say(.warning, "the history file '\(path)' changed into something unreadable; not saved")
            return
        }
        for line in added { _ = shim_hist_enter(merged, line) }
        let result = FileReplacement.begin(path, newFileMode: 0o600).flatMap { replacement -> Result<Void, FileError> in
            if let failure = Self.write(merged, to: replacement) { return .failure(replacement.abandon(failure)) }
            return replacement.commit()
        }
        if case .failure(let e) = result {
            say(.warning, "cannot write the history file '\(path)': \(e.writeOutcome)")
            return
        }
        added = []
    }

    /// Writes the history to the replacement's temporary file. libedit's own H_SAVE ignores the
    /// error of its final flush, so a full disk or the file size limit would leave half a history
    /// to be renamed over the whole one; here every step is checked. Returns the errno of the
    /// first failure, or nil.
    private static func write(_ history: OpaquePointer, to replacement: FileReplacement) -> Int32? {
        // The stream has a descriptor of its own, so closing it leaves the replacement's open.
        let fd = dup(replacement.descriptor)
        guard fd >= 0 else { return errno }
        guard let stream = fdopen(fd, "w") else {
            let code = errno
            closeDescriptor(fd)
            return code
        }
        var failure: Int32? = nil
        errno = 0
        if shim_hist_save_fp(history, stream) < 0 || fflush(stream) != 0 || ferror(stream) != 0 {
            failure = errno == 0 ? EIO : errno
        }
        if fclose(stream) != 0 && failure == nil { failure = errno }
        return failure
    }

    func close() {
        if let history { history_end(history) }
    }
}

/// `mkdir -p` with mode 0700 for the directories it creates.
private func makeDirectories(_ path: String) {
    var current = ""
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        current += "/" + part
        mkdir(current, 0o700)
    }
}
