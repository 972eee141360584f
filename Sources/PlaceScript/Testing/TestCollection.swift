import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tests `placeshell test` found, in byte order of their paths, and what it has to say
/// about how it found them (a folder reached twice through links).
public struct CollectedTests: Sendable {
    public var cases: [TestCase] = []
    public var notes: [String] = []
}

/// Finds the scripts under `paths` and reads their headers. A folder is searched recursively
/// for `*.placescript`; names that start with `.` or `_`, and folders named `lib`, are left out
/// (they hold helpers that scripts `source`); a file named on the command line is run whatever
/// its name. A link to a folder is followed; a link back into a folder being searched (a cycle)
/// is an error, and a folder reached a second time through another link is searched once and
/// said so. A PATH that does not exist is an error. Each script runs as each flavour of its
/// `# flavors:` header, else of `flavors`, else once.
public func collectTests(_ paths: [String], flavors: [AppFlavor]?) throws(TestUsageError) -> CollectedTests {
    var collected = CollectedTests()
    var found: [FoundScript] = []
    var walked: [FileIdentity: String] = [:]
    for path in paths {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw TestUsageError(
                message: "cannot find '\(path)': \(errnoReason())", help: "name folders or .placescript files")
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            let root = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            try walkTests(
                root, shown: root == "." ? "" : root, suite: "", ancestors: [FileIdentity(st): root], walked: &walked,
                into: &found, notes: &collected.notes)
        } else {
            found.append(FoundScript(path: displayPath(path), suitePath: lastPathComponent(path)))
        }
    }
    var seen = Set<String>()
    found = found.filter { seen.insert(canonicalPath($0.path) ?? $0.path).inserted }
    found.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    for script in found {
        let path = script.path
        var test = TestCase(path: path, suitePath: script.suitePath)
        switch script.problem.map({ .failure(FileError(path: path, reason: $0)) })
            ?? readWholeFile(path, limit: 1 << 30)
        {
        case .failure(let e):
            test.readError = e.message
        case .success(let bytes):
            switch ScriptHeader.read(SourceText(name: path, bytes: bytes)) {
            case .success(let header): test.header = header
            case .failure(let errors):
                let renderer = DiagnosticRenderer(showsSource: false)
                test.headerErrors = errors.items.flatMap { UnifiedDiff.lines(Array(renderer.render($0).utf8)) }
            }
        }
        let matrix = test.header.flavors ?? flavors ?? []
        for flavor in matrix {
            var one = test
            one.flavor = flavor
            one.isMatrix = matrix.count > 1
            collected.cases.append(one)
        }
        if matrix.isEmpty { collected.cases.append(test) }
    }
    return collected
}

/// A file's device and inode: a folder reached through two names is one folder.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ st: stat) {
        device = UInt64(truncatingIfNeeded: st.st_dev)
        inode = UInt64(truncatingIfNeeded: st.st_ino)
    }
}

/// A script found: its path as shown and run, its path within the suite, and why it cannot
/// be read when that is known before trying (its name is not UTF-8; it is a broken link).
private struct FoundScript {
    var path: String
    var suitePath: String
    var problem: String? = nil
}

private func displayPath(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

private func walkTests(
    _ folder: String, shown: String, suite: String, ancestors: [FileIdentity: String],
    walked: inout [FileIdentity: String], into found: inout [FoundScript], notes: inout [String]
) throws(TestUsageError) {
    var st = stat()
    guard stat(folder, &st) == 0 else { return }
    let identity = FileIdentity(st)
    if let first = walked[identity] {
        notes.append("'\(shown)' is '\(first)' again, through a link: its scripts are run once")
        return
    }
    walked[identity] = shown.isEmpty ? "." : shown
    guard let dir = opendir(folder) else { return }
    var names: [String] = []
    // Names whose bytes are not UTF-8: a String cannot hold them (their odd bytes would become
    // U+FFFD, a name no file has), so such a script is reported, not run and not left out.
    var notUTF8: [String: [UInt8]] = [:]
    while let entry = readdir(dir) {
        let bytes = withUnsafePointer(to: &entry.pointee.d_name) {
            $0.withMemoryRebound(to: UInt8.self, capacity: 256) {
                Array(UnsafeBufferPointer(start: $0, count: strlen($0)))
            }
        }
        let name = String(decoding: bytes, as: UTF8.self)
        if Array(name.utf8) != bytes { notUTF8[name] = bytes }
        names.append(name)
    }
    closedir(dir)
    notes += strayExpectedOutputs(names, in: shown)
    for name in names.sorted() where name != "." && name != ".." {
        if name.hasPrefix(".") || name.hasPrefix("_") { continue }
        let path = folder + "/" + name
        let shownPath = shown.isEmpty ? name : shown + "/" + name
        let suitePath = suite.isEmpty ? name : suite + "/" + name
        if let raw = notUTF8[name] {
            // Looked at by its bytes: a folder of scripts is as much a gap as a script.
            var st = stat()
            let isFolder =
                BytePath(folder).appending(raw).withCString { stat($0, &st) } == 0 && (st.st_mode & S_IFMT) == S_IFDIR
            if name.hasSuffix(".placescript") || isFolder {
                found.append(
                    FoundScript(
                        path: shownPath, suitePath: suitePath,
                        problem: isFolder
                            ? "it is a folder whose name is not UTF-8: its scripts cannot be named to run; rename it"
                            : "its name is not UTF-8, so it cannot be named to run; rename it"))
            }
            continue
        }
        var target = stat()
        guard stat(path, &target) == 0 else {
            // A link to nothing: a script that is named but cannot run is a failure, not a gap.
            if name.hasSuffix(".placescript") {
                let reason = errnoReason()
                var link = stat()
                let dangling = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
                found.append(
                    FoundScript(
                        path: shownPath, suitePath: suitePath,
                        problem: dangling ? "it is a symbolic link to nothing (\(reason))" : reason))
            }
            continue
        }
        switch target.st_mode & S_IFMT {
        case S_IFDIR:
            if name == "lib" { continue }
            if let ancestor = ancestors[FileIdentity(target)] {
                throw TestUsageError(
                    message: "'\(shownPath)' leads back to '\(ancestor)': a cycle of links",
                    help: "remove the link, or name the folders to run")
            }
            var deeper = ancestors
            deeper[FileIdentity(target)] = shownPath
            try walkTests(
                path, shown: shownPath, suite: suitePath, ancestors: deeper, walked: &walked, into: &found,
                notes: &notes)
        case S_IFREG:
            if name.hasSuffix(".placescript") { found.append(FoundScript(path: shownPath, suitePath: suitePath)) }
        default:
            // A FIFO or a device named as a script: said, not left out.
            if name.hasSuffix(".placescript") {
                found.append(FoundScript(path: shownPath, suitePath: suitePath, problem: "it is not a regular file"))
            }
        }
    }
}

/// The files of a folder that look like a script's expected output but are not read as one
/// (`x.out` beside `x.placescript`, `x.placescript.obj.out`): said, so that a check does not
/// silently go missing.
private func strayExpectedOutputs(_ names: [String], in folder: String) -> [String] {
    let scripts = Set(names.filter { $0.hasSuffix(".placescript") })
    let flavors = AppFlavor.allCases.map(\.rawValue)
    var notes: [String] = []
    for name in names.sorted() where name.hasSuffix(".out") || name.hasSuffix(".err") {
        let stem = String(name.dropLast(4))
        if scripts.contains(stem) { continue }
        if let dot = stem.lastIndex(of: "."), scripts.contains(String(stem[..<dot])),
            flavors.contains(String(stem[stem.index(after: dot)...]))
        {
            continue
        }
        let script =
            scripts.first { stem.hasPrefix($0 + ".") }
            ?? (scripts.contains(stem + ".placescript") ? stem + ".placescript" : nil)
        guard let script else { continue }
        let shown = folder.isEmpty ? name : folder + "/" + name
        notes.append(
            "'\(shown)' is not read as \(script)'s expected output: that is \(script)\(name.suffix(4)) "
                + "(or \(script).FLAVOR\(name.suffix(4)))")
    }
    return notes
}

extension TestCase {
    /// Whether any of `filters` matches the test's path below its suite's folder (with its
    /// flavour, `x.placescript [objc]`, for a flavour of several).
    public func matches(_ filters: [Regex<AnyRegexOutput>]) -> Bool {
        guard !filters.isEmpty else { return true }
        let names = [suitePath] + (isMatrix ? flavor.map { ["\(suitePath) [\($0.rawValue)]"] } ?? [] : [])
        return filters.contains { regex in names.contains { $0.contains(regex) } }
    }
}
