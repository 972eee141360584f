import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read or written, in words for a message.
public struct FileError: Error, Sendable {
    public var path: String
    public var reason: String
    /// Ctrl-C stopped the read (an open that waits for a FIFO's writer, a pipe that never ends):
    /// not a fault of the file, and reported as an interruption.
    public var isInterruption = false
    /// For a write: a file was there before, and it still is, unchanged.
    public var oldFileKept = false
    public var message: String { "cannot read '\(path)': \(reason)" }
    /// For a failed write: the reason and what became of the file ("file too large; the old
    /// file is unchanged").
    public var writeOutcome: String {
        "\(reason); \(oldFileKept ? "the old file is unchanged" : "no file was written")"
    }

    public init(path: String, reason: String, isInterruption: Bool = false, oldFileKept: Bool = false) {
        self.path = path
        self.reason = reason
        self.isInterruption = isInterruption
        self.oldFileKept = oldFileKept
    }
}

/// The reason for the current `errno`, in lower case: "no such file or directory".
public func errnoReason(_ code: Int32 = errno) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    var reason = String(cString: text)
    if let first = reason.first, first.isUppercase, !reason.hasPrefix("I/O") {
        reason = first.lowercased() + reason.dropFirst()
    }
    return reason
}

/// `2 GiB`, `16 MiB`: a size limit in words (whole binary units where it has them).
func sizeInWords(_ bytes: Int) -> String {
    for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 { return "\(bytes >> shift) \(unit)" }
    }
    return "\(bytes) bytes"
}

// MARK: - A script's temporary folder

/// `$TMP`: a folder of a script run's own, for the files it writes and reads back, so that
/// scripts run side by side (`placeshell test -j 4`) never share one. `placeshell test` names a
/// fresh one for each script in `PLACESHELL_TMP` (and removes or keeps it after); a direct run
/// makes one under `$TMPDIR` (or /tmp). Either is made the first time `$TMP` is read; a direct
/// run removes its own when the script passes.
public final class TemporaryFolder: @unchecked Sendable {
    /// What the folder is.
    public enum Kind: Sendable {
        /// Given whole (by `placeshell test`, which makes and removes it).
        case given(String)
        /// Made here on first use, under this parent.
        case made(parent: String)
        /// A name only, for `--check`: nothing is made.
        case placeholder
    }

    public let kind: Kind
    private var made: String?

    public init(_ kind: Kind) { self.kind = kind }

    /// The folder for a run: `PLACESHELL_TMP` when set, otherwise one made under `TMPDIR`.
    public static func forRun(environment: (String) -> String?) -> TemporaryFolder {
        if let given = environment("PLACESHELL_TMP"), !given.isEmpty { return TemporaryFolder(.given(given)) }
        return TemporaryFolder(.made(parent: temporaryParent(environment: environment)))
    }

    /// The folder's path, made now if it is made here and was not yet.
    public func path() throws(FileError) -> String {
        switch kind {
        case .given(let path):
            // Made here when first used: a script that never reads $TMP leaves nothing behind.
            if made == nil {
                if mkdir(path, 0o700) != 0 && errno != EEXIST { throw FileError(path: path, reason: errnoReason()) }
                made = path
            }
            return path
        case .placeholder: return "/tmp/placeshell-XXXXXX"
        case .made(let parent):
            if let made { return made }
            var template = Array((parent + "/placeshell-XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
                guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
                return String(cString: base)
            }
            guard let made else { throw FileError(path: parent, reason: errnoReason()) }
            self.made = made
            return made
        }
    }

    /// The folder made here, if one was (not a given one: its giver keeps or removes it).
    public var madePath: String? {
        if case .given = kind { return nil }
        return made
    }

    /// Removes the folder made here and everything in it; a folder given from outside stays.
    public func removeMade() {
        guard let made = madePath else { return }
        removeTree(made)
        self.made = nil
    }
}

/// Removes a file, or a folder and everything under it, without following links out of it.
public func removeTree(_ path: String) {
    var st = stat()
    guard lstat(path, &st) == 0 else { return }
    if (st.st_mode & S_IFMT) == S_IFDIR {
        if let dir = opendir(path) {
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names { removeTree(path + "/" + name) }
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}

// MARK: - Reading

/// The most read from a device (a terminal, /dev/null, /dev/zero): a device has no size to check
/// first and some never end, so it is read in chunks up to this and no further.
public let deviceReadLimit = 16 << 20

/// Reads a whole file into memory. A regular file larger than `limit` is refused before it is
/// read; pipes and FIFOs (`/dev/stdin`, `<(…)`) are read in chunks with the limit enforced as they
/// arrive, devices up to `deviceReadLimit`; a directory is refused. `interrupted` is asked before
/// the open, between chunks and whenever a signal cuts a wait short (an open that waits for a
/// FIFO's writer, a read that waits for data), so Ctrl-C always ends the read, as an
/// interruption. Failures are errors with a reason, never a crash.
public func readWholeFile(
    _ path: String, limit: Int = 1 << 31, interrupted: () -> Bool = { false }
) -> Result<[UInt8], FileError> {
    let interruption = FileError(path: path, reason: "interrupted", isInterruption: true)
    if interrupted() { return .failure(interruption) }
    var fd: Int32
    repeat {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 && errno == EINTR && interrupted() { return .failure(interruption) }
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else { return .failure(FileError(path: path, reason: errnoReason())) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return .failure(FileError(path: path, reason: errnoReason())) }
    var most = limit
    var tooLarge = "it is larger than \(sizeInWords(limit))"
    switch st.st_mode & S_IFMT {
    case S_IFDIR:
        return .failure(FileError(path: path, reason: "it is a directory"))
    case S_IFREG:
        if st.st_size > limit { return .failure(FileError(path: path, reason: tooLarge)) }
    case S_IFCHR, S_IFBLK:
        most = min(limit, deviceReadLimit)
        tooLarge = "it is a device and gave more than \(sizeInWords(most)), the most read from a device"
    default:
        tooLarge = "it gave more than \(sizeInWords(limit))"
    }
    var bytes: [UInt8] = []
    var chunkSize = 1 << 20
    if (st.st_mode & S_IFMT) == S_IFREG && st.st_size > 0 {
        bytes.reserveCapacity(Int(st.st_size))  // safe: st_size of a regular file, positive here
        // A small file is read with a small buffer: a megabyte, zeroed and given back, costs
        // more than reading a script of a few lines (a helper sourced thousands of times).
        chunkSize = max(4096, min(chunkSize, Int(st.st_size) + 1))  // safe: as above
    }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
        if interrupted() { return .failure(interruption) }
        // One byte past the limit at most, so that going over it is seen without holding more.
        let wanted = min(chunk.count - 1, most - bytes.count) + 1
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
        if n < 0 {
            if errno == EINTR { continue }
            return .failure(FileError(path: path, reason: errnoReason()))
        }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > most { return .failure(FileError(path: path, reason: tooLarge)) }
    }
    return .success(bytes)
}

/// A regular file larger than its first `prefixBytes`, open to be read a window at a time
/// (`places load` of a large CSV file never holds it whole): its first bytes, to tell its
/// format, and the file as a `ByteSource`.
public final class FileSource: ByteSource {
    private let fd: Int32
    /// The file's first bytes.
    public let prefix: [UInt8]
    /// The file's size when it was opened.
    public let size: Int?

    /// Nil for anything else (a file that cannot be opened, is not regular, is not larger than
    /// `prefixBytes` or is larger than `limit`, the limit `readWholeFile` has): read that whole,
    /// which says why it cannot be read, if it cannot.
    public init?(_ path: String, prefixBytes: Int, limit: Int = 1 << 31) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > prefixBytes, st.st_size <= limit
        else {
            close(fd)
            return nil
        }
        var head = [UInt8](repeating: 0, count: prefixBytes)
        var got = 0
        while got < prefixBytes {
            let n = head.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress.map { $0 + got }, prefixBytes - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            got += n
        }
        guard got == prefixBytes else {
            close(fd)
            return nil
        }
        self.fd = fd
        prefix = head
        size = clampedInt(Double(st.st_size), 0...limit)
    }

    deinit { close(fd) }

    public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ImportError) -> Int {
        while true {
            let n = readBytes(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { throw ImportError("cannot read the file: \(errnoReason())") }
        }
    }

    public func rewind() throws(ImportError) {
        if lseek(fd, 0, SEEK_SET) < 0 { throw ImportError("cannot read the file: \(errnoReason())") }
    }
}

/// `read(2)`, by a name the `read(into:)` methods do not hide.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// The canonical path of a file (symbolic links and `..` resolved), or nil.
public func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// A path as a script means it: relative to the folder of the script that names it; at the
/// prompt and with `-c`, relative to the current directory.
public func resolvePath(_ path: String, from source: SourceText) -> String {
    if !path.hasPrefix("/") && source.arguments != nil && source.name.contains("/") {
        return directoryName(source.name) + "/" + path
    }
    return path
}

/// The last part of a path: `walk.gpx` of `routes/walk.gpx`.
public func lastPathComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}

/// The directory part of a path (`.` when it has none).
public func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}

/// Where temporary files go: `$TMPDIR`, or /tmp when it is unset or empty, without a slash at
/// its end.
public func temporaryParent(
    environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
) -> String {
    var parent = environment("TMPDIR") ?? "/tmp"
    if parent.isEmpty { parent = "/tmp" }
    while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
    return parent
}

// MARK: - Writing

/// The error for a failed write: why, and what became of the file — the old one is unchanged
/// (said only when there was one), or none was written.
public func writeFailureMessage(_ shownPath: String, _ error: FileError) -> String {
    "cannot write '\(shownPath)': \(error.writeOutcome)"
}

/// Writes a file so that it is either wholly the new content or untouched (see
/// `FileReplacement`). On any failure (a full disk, no permission) the old file stays as it was.
/// `newFileMode` is the mode of a file that did not exist (default 0666 less the umask).
public func writeFileAtomically(_ path: String, _ bytes: [UInt8], newFileMode: mode_t? = nil) -> Result<
    Void, FileError
> {
    writeFileAtomically(path, newFileMode: newFileMode) { append in
        _ = append(bytes)
        return nil
    }
}

/// A file being replaced whole, as editors do. The new bytes go to a temporary file created
/// exclusively (O_EXCL, O_NOFOLLOW, mode 0600) under an unpredictable name beside the file, so a
/// link planted at that name is never followed; `commit` flushes it to disk, gives it the old
/// file's mode and owner, and renames it over the old file. A symbolic link at the path is
/// followed to the file it names, which is the one replaced (the link stays a link); a read-only
/// file, a directory or a device is refused before anything is written. Until `commit`
/// succeeds the old file is untouched, and no temporary file outlives a failure.
public final class FileReplacement {
    /// The path as asked for, for messages.
    public let path: String
    /// The file replaced: `path` with symbolic links followed, as bytes (a link may name a
    /// file whose name is not UTF-8).
    let target: BytePath
    /// Where the new bytes are written until `commit`.
    let temporary: BytePath
    /// The temporary file, open for writing.
    public let descriptor: Int32
    private let existing: stat?
    private let mode: mode_t
    private var finished = false

    /// Where the temporary file is listed for a signal to remove (`PendingTemporaryFiles`).
    private let pendingSlot: Int?

    private init(
        path: String, target: BytePath, temporary: BytePath, descriptor: Int32, existing: stat?, mode: mode_t
    ) {
        self.path = path
        self.target = target
        self.temporary = temporary
        self.descriptor = descriptor
        self.existing = existing
        self.mode = mode
        pendingSlot = PendingTemporaryFiles.add(temporary)
    }

    deinit {
        if !finished {
            close(descriptor)
            _ = temporary.withCString { unlink($0) }
        }
        PendingTemporaryFiles.remove(pendingSlot)
    }

    /// Starts replacing `path`: checks what is there and creates the temporary file.
    public static func begin(_ path: String, newFileMode: mode_t? = nil) -> Result<FileReplacement, FileError> {
        let target: BytePath
        switch followSymbolicLinks(path) {
        case .success(let t): target = t
        case .failure(let e): return .failure(e)
        }
        var st = stat()
        var existing: stat?
        let mode: mode_t
        if target.withCString({ stat($0, &st) }) == 0 {
            let linked = target.bytes == Array(path.utf8) ? "it" : "it links to '\(target.shown)', which"
            switch st.st_mode & S_IFMT {
            case S_IFDIR: return .failure(FileError(path: path, reason: "\(linked) is a directory"))
            case S_IFREG: break
            default: return .failure(FileError(path: path, reason: "\(linked) is not a regular file"))
            }
            if target.withCString({ isReadOnly($0, st) }) {
                return .failure(FileError(path: path, reason: "\(linked) is read-only", oldFileKept: true))
            }
            existing = st
            mode = st.st_mode & 0o7777
        } else if errno == ENOENT {
            mode = newFileMode ?? (0o666 & ~currentUmask())
        } else {
            return .failure(FileError(path: path, reason: errnoReason()))
        }
        let directory = target.directory
        let kept = existing != nil
        for _ in 0..<100 {
            let temporary = directory.appending(temporaryFileName(for: target.lastComponent))
            let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
            if fd >= 0 {
                return .success(
                    FileReplacement(
                        path: path, target: target, temporary: temporary, descriptor: fd, existing: existing, mode: mode
                    ))
            }
            if errno != EEXIST && errno != EINTR {
                return .failure(FileError(path: path, reason: errnoReason(), oldFileKept: kept))
            }
        }
        return .failure(FileError(path: path, reason: "no free temporary file name beside it", oldFileKept: kept))
    }

    /// Writes all of `bytes` to the temporary file; the errno of a failure, or nil.
    public func append(_ bytes: UnsafeRawBufferPointer) -> Int32? { writeFully(descriptor, bytes) }

    /// Gives up: the temporary file is removed and the old file stays. Returns the error for
    /// `code`, saying whether an old file is kept.
    public func abandon(_ code: Int32) -> FileError { abandon(reason: errnoReason(code)) }

    /// Gives up for a reason of the writer's own (a size limit reached).
    public func abandon(reason: String) -> FileError {
        finish()
        return FileError(path: path, reason: reason, oldFileKept: existing != nil)
    }

    /// Flushes the temporary file, gives it the mode (and, where allowed, the owner) of the file
    /// it replaces, and renames it over that file.
    public func commit() -> Result<Void, FileError> {
        if let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
            // Only root may give a file away; for others a failure leaves the file theirs.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        var failure: Int32?
        if fchmod(descriptor, mode) != 0 {
            failure = errno
        } else if fsync(descriptor) != 0 {
            failure = errno
        }
        finished = true
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure == nil && temporary.withCString({ from in target.withCString { rename(from, $0) } }) != 0 {
            failure = errno
        }
        defer { PendingTemporaryFiles.remove(pendingSlot) }
        if let failure {
            _ = temporary.withCString { unlink($0) }
            return .failure(FileError(path: path, reason: errnoReason(failure), oldFileKept: existing != nil))
        }
        return .success(())
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        _ = temporary.withCString { unlink($0) }
        PendingTemporaryFiles.remove(pendingSlot)
    }
}

/// Writes all of `bytes` to `fd`, again after EINTR; the errno of a failure, or nil.
func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var written = 0
    while written < bytes.count {
        let n = write(fd, base + written, bytes.count - written)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        written += n
    }
    return nil
}

/// The temporary files being written now (`FileReplacement`), kept where a signal handler can
/// reach them without allocating or locking: when SIGTERM or SIGHUP ends a script, the handler
/// removes them (`removeAll`, which calls only `unlink`) before the process dies, so no hidden
/// partial file is left beside the one being replaced. `prepare()` makes the table before any
/// handler is installed.
public enum PendingTemporaryFiles {
    static let capacity = 64
    /// Each slot: a path made by `strdup`, or nil.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    /// Makes the table now, not first in a signal handler.
    public static func prepare() { _ = slots }

    /// Lists `path`; nil when the table is full (the file is then removed only by its writer).
    static func add(_ path: BytePath) -> Int? {
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = path.withCString { strdup($0) }
            return i
        }
        return nil
    }

    /// Takes a path off the list (after its file was renamed or removed).
    static func remove(_ slot: Int?) {
        guard let slot, let path = slots[slot] else { return }
        slots[slot] = nil
        free(path)
    }

    /// Removes every listed file: for a signal handler (async-signal-safe: reads and `unlink`).
    public static func removeAll() {
        for i in 0..<capacity {
            if let path = slots[i] { unlink(path) }
        }
    }
}

/// A path as the kernel takes it: bytes, which need not be UTF-8. A path a script names is
/// UTF-8, but a symbolic link may name a file whose name is not, and that file is the one a
/// write through the link must replace: a `String` would have turned its odd bytes into
/// U+FFFD and written another file.
struct BytePath: Equatable {
    /// The bytes, without the terminating zero.
    var bytes: [UInt8]

    init(_ path: String) { bytes = Array(path.utf8) }
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Calls `body` with the path as a C string.
    func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
        return body(terminated)
    }

    /// The path for a message: bytes that are not UTF-8 shown as U+FFFD.
    var shown: String { String(decoding: bytes, as: UTF8.self) }

    var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The folder part, as `directoryName` gives it: `.` without a slash, `/` for the root.
    var directory: BytePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return BytePath(".") }
        return slash == 0 ? BytePath("/") : BytePath(bytes: Array(bytes[..<slash]))
    }

    /// The last part, after the last slash.
    var lastComponent: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// `name` inside this folder.
    func appending(_ name: [UInt8]) -> BytePath {
        BytePath(bytes: (bytes == [UInt8(ascii: "/")] ? [] : bytes) + [UInt8(ascii: "/")] + name)
    }
}

/// `path` with the symbolic links of its last part followed (at most 40, as the kernel allows),
/// relative links taken from the folder of the link: the file a write through the path changes,
/// which may not exist yet, as bytes (`BytePath`).
func followSymbolicLinks(_ path: String) -> Result<BytePath, FileError> {
    var current = BytePath(path)
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)  // safe: a small constant
    for _ in 0..<40 {
        var st = stat()
        guard current.withCString({ lstat($0, &st) }) == 0, (st.st_mode & S_IFMT) == S_IFLNK else {
            return .success(current)
        }
        let n = current.withCString { readlink($0, &buffer, buffer.count - 1) }
        guard n >= 0 else { return .failure(FileError(path: path, reason: errnoReason())) }
        let link = BytePath(bytes: buffer[0..<n].map { UInt8(bitPattern: $0) })
        current =
            link.isAbsolute || !current.bytes.contains(UInt8(ascii: "/"))
            ? link : current.directory.appending(link.bytes)
    }
    return .failure(FileError(path: path, reason: errnoReason(ELOOP)))
}

/// Whether a file must not be replaced because it is read-only: no write permission bit at all
/// (which root would otherwise ignore), or, for others, no permission to write it.
func isReadOnly(_ path: UnsafePointer<CChar>, _ st: stat) -> Bool {
    if st.st_mode & 0o222 == 0 { return true }
    return geteuid() != 0 && faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 && errno == EACCES
}

/// The process's file mode creation mask (reading it means setting it; it is set back at once).
func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
}

/// The name of a temporary file for `name`: `.NAME.RANDOM.tmp`, hidden, with eight random
/// letters and digits from the system's generator so that nobody can guess it beforehand, and
/// NAME cut (at a character boundary: never before a UTF-8 continuation byte) so that the whole
/// stays within the 255 bytes a file name may have. Bytes, as the name is (`BytePath`).
func temporaryFileName(for name: [UInt8]) -> [UInt8] {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    var generator = SystemRandomNumberGenerator()
    var suffix: [UInt8] = [UInt8(ascii: ".")]
    for _ in 0..<8 {
        // safe: both below the alphabet's 36 letters
        suffix.append(alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))])
    }
    suffix += Array(".tmp".utf8)
    let room = 255 - 1 - suffix.count
    var kept = name.count
    if kept > room {
        kept = room
        while kept > 0 && (name[kept] & 0xC0) == 0x80 { kept -= 1 }
    }
    return [UInt8(ascii: ".")] + name[..<kept] + suffix
}

/// Writes a file atomically, as `writeFileAtomically(_:_:newFileMode:)` does, from chunks made
/// one at a time, so a large file never has to be whole in memory. `produce` is given `append`,
/// which writes bytes to the temporary file and returns false once a write has failed; `produce`
/// returns nil when the content is complete, or the reason to give up (a size limit reached),
/// and then the temporary file is removed and the old file stays as it was.
public func writeFileAtomically(
    _ path: String, newFileMode: mode_t? = nil, produce: (_ append: ([UInt8]) -> Bool) -> String?
) -> Result<Void, FileError> {
    let replacement: FileReplacement
    switch FileReplacement.begin(path, newFileMode: newFileMode) {
    case .success(let r): replacement = r
    case .failure(let e): return .failure(e)
    }
    var failure: Int32? = nil
    let refusal = produce { bytes in
        guard failure == nil else { return false }
        failure = bytes.withUnsafeBytes { replacement.append($0) }
        return failure == nil
    }
    if let failure { return .failure(replacement.abandon(failure)) }
    if let refusal { return .failure(replacement.abandon(reason: refusal)) }
    return replacement.commit()
}

/// What Tab offers for a partly typed file name: the entries of its folder (relative to the
/// current directory; `~/` is the home folder) that start with what follows the last `/`, each as
/// the whole word typed so far plus the rest of the name, folders with a `/` so that completion
/// can go on into them. Hidden entries only when the name typed starts with `.`.
public func fileNameCompletions(_ typed: String, extensions: [String]) -> [String] {
    let all = fileNameCompletions(typed)
    guard !extensions.isEmpty else { return all }
    // Folders, and the files of the kinds the argument takes; every file when none of them is
    // there (a name typed on purpose, a kind the list does not know).
    let fitting = all.filter { name in
        name.hasSuffix("/") || extensions.contains { name.lowercased().hasSuffix($0) }
    }
    return fitting.contains { !$0.hasSuffix("/") } ? fitting : all
}

public func fileNameCompletions(_ typed: String) -> [String] {
    let folderPart: String
    let namePart: String
    if let slash = typed.lastIndex(of: "/") {
        folderPart = String(typed[...slash])
        namePart = String(typed[typed.index(after: slash)...])
    } else {
        folderPart = ""
        namePart = typed
    }
    var folder = folderPart.isEmpty ? "." : folderPart
    if folder.hasPrefix("~/"), let home = getenv("HOME") {
        folder = String(cString: home) + folder.dropFirst()
    }
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." || !name.hasPrefix(namePart) { continue }
        if name.hasPrefix(".") && !namePart.hasPrefix(".") { continue }
        var st = stat()
        let isFolder = stat(folder + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
        out.append(folderPart + name + (isFolder ? "/" : ""))
        if out.count >= 1000 { break }
    }
    return out.sorted()
}
