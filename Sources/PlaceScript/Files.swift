#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read, in words for a message.
public struct FileError: Error, Sendable {
    public var path: String
    public var reason: String
    public var message: String { "cannot read '\(path)': \(reason)" }
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

/// Reads a whole file into memory. Directories, devices that never end and files that cannot be
/// opened are errors with a reason, never a crash.
public func readWholeFile(_ path: String, limit: Int = 1 << 31) -> Result<[UInt8], FileError> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(FileError(path: path, reason: errnoReason())) }
    defer { close(fd) }
    var st = stat()
    if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
        return .failure(FileError(path: path, reason: "it is a directory"))
    }
    var bytes: [UInt8] = []
    // safe: st_size of a regular file, positive here
    if (st.st_mode & S_IFMT) == S_IFREG && st.st_size > 0 { bytes.reserveCapacity(Int(st.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            return .failure(FileError(path: path, reason: errnoReason()))
        }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > limit { return .failure(FileError(path: path, reason: "it is larger than \(limit) bytes")) }
    }
    return .success(bytes)
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

/// The error for a failed `writeFileAtomically`: why, and what became of the file — the old
/// one is unchanged, or none was written.
public func writeFailureMessage(_ shownPath: String, _ error: FileError) -> String {
    var st = stat()
    let kept = stat(error.path, &st) == 0 ? "the old file is unchanged" : "no file was written"
    return "cannot write '\(shownPath)': \(error.reason); \(kept)"
}

/// Writes a file so that it is either wholly the new content or untouched: the bytes go to a
/// temporary file beside it, are flushed to disk, and the temporary file is renamed over the
/// old one. On any failure (a full disk, no permission) the old file stays as it was.
public func writeFileAtomically(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) -> Result<Void, FileError> {
    let temporary = path + ".tmp.\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { return .failure(FileError(path: path, reason: errnoReason())) }
    var written = 0
    var failure: Int32? = nil
    bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        while written < raw.count {
            let n = write(fd, base + written, raw.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            written += n
        }
    }
    if failure == nil && fsync(fd) != 0 { failure = errno }
    if close(fd) != 0 && failure == nil { failure = errno }
    if let failure {
        unlink(temporary)
        return .failure(FileError(path: path, reason: errnoReason(failure)))
    }
    if rename(temporary, path) != 0 {
        let code = errno
        unlink(temporary)
        return .failure(FileError(path: path, reason: errnoReason(code)))
    }
    return .success(())
}

/// Writes a file atomically, as `writeFileAtomically(_:_:mode:)` does, from chunks made one at a
/// time, so a large file never has to be whole in memory. `produce` is given `append`, which
/// writes bytes to the temporary file and returns false once a write has failed; `produce`
/// returns nil when the content is complete, or the reason to give up (a size limit reached),
/// and then the temporary file is removed and the old file stays as it was.
public func writeFileAtomically(
    _ path: String, mode: mode_t = 0o644, produce: (_ append: ([UInt8]) -> Bool) -> String?
) -> Result<Void, FileError> {
    let temporary = path + ".tmp.\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { return .failure(FileError(path: path, reason: errnoReason())) }
    var failure: Int32? = nil
    let refusal = produce { bytes in
        guard failure == nil else { return false }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var written = 0
            while written < raw.count {
                let n = write(fd, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        return failure == nil
    }
    if refusal == nil && failure == nil && fsync(fd) != 0 { failure = errno }
    if close(fd) != 0 && failure == nil { failure = errno }
    if refusal != nil || failure != nil {
        unlink(temporary)
        return .failure(FileError(path: path, reason: refusal ?? errnoReason(failure ?? EIO)))
    }
    if rename(temporary, path) != 0 {
        let code = errno
        unlink(temporary)
        return .failure(FileError(path: path, reason: errnoReason(code)))
    }
    return .success(())
}

/// What Tab offers for a partly typed file name: the entries of its folder (relative to the
/// current directory; `~/` is the home folder) that start with what follows the last `/`, each as
/// the whole word typed so far plus the rest of the name, folders with a `/` so that completion
/// can go on into them. Hidden entries only when the name typed starts with `.`.
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
