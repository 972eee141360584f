@preconcurrency import Glibc
import PlaceFormats
import PlaceScript

// `placeshell test [OPTIONS] [PATH…]`: finds the scripts, runs each in its own process (this
// same executable, `placeshell -- FILE ARG…`), a few at a time, and reports them in path order.

/// What `placeshell test` was asked to do.
struct TestOptions {
    enum Format { case text, tap, json }
    var paths: [String] = []
    var jobs: Int? = nil
    var filter: String? = nil
    var junitPath: String? = nil
    var format: Format = .text
    /// Milliseconds, or nil for no limit.
    var timeout: Int? = nil
    var quiet = false
    var update = false
    var help = false
}

/// Parses the words after `test`.
func parseTestOptions(_ args: [String]) throws(UsageError) -> TestOptions {
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
        var name = arg
        var inline: String? = nil
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            name = String(arg[..<eq])
            inline = String(arg[arg.index(after: eq)...])
        } else if arg.hasPrefix("-j"), arg.count > 2, !arg.hasPrefix("--") {
            name = "-j"
            inline = String(arg.dropFirst(2))
        }
        guard let spec = CommandLineOption.named(name, in: CommandLineOption.testTable) else {
            throw UsageError(
                message: "unknown option '\(arg)' for 'placeshell test'",
                help: suggestion(for: name, among: CommandLineOption.testTable.flatMap(\.names))
                    ?? "type 'placeshell test --help' for its options")
        }
        if spec.value == nil, inline != nil {
            throw UsageError(message: "option '\(name)' takes no value", help: "write '\(name)' alone")
        }
        var given = ""
        if spec.value != nil {
            if let inline {
                given = inline
            } else {
                i += 1
                guard i < args.count else { throw UsageError(message: "option '\(name)' needs a value") }
                given = args[i]
            }
        }
        switch spec.action {
        case .jobs:
            guard let n = Int(given), n > 0 else {  // safe: parses text: nil when it is not a number
                throw UsageError(message: "'\(given)' is not a number of jobs", help: "write a whole number, 1 or more")
            }
            options.jobs = n
        case .filter:
            do {
                _ = try Regex(given)
            } catch {
                throw UsageError(message: "--filter: '\(given)' is not a regular expression: \(error)")
            }
            options.filter = given
        case .junit: options.junitPath = given
        case .tap, .json:
            let format: TestOptions.Format = spec.action == .tap ? .tap : .json
            if options.format != .text && options.format != format {
                throw UsageError(message: "--tap and --json cannot be used together", help: "choose one")
            }
            options.format = format
        case .timeout:
            guard let ms = parseDuration(given) else {
                throw UsageError(
                    message: "'\(given)' is not a duration", help: "write it as 30s, 500ms or 2m (at least 1ms)")
            }
            options.timeout = ms
        case .quiet: options.quiet = true
        case .update: options.update = true
        case .help:
            options.help = true
            return options
        default:
            break
        }
        i += 1
    }
    if options.paths.isEmpty { options.paths = ["."] }
    return options
}

/// `30s`, `500ms`, `2m`, `1h`, or a bare number of seconds, as milliseconds.
func parseDuration(_ text: String) -> Int? {
    let units: [(String, Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("", 1000)]
    for (suffix, scale) in units where text.hasSuffix(suffix) {
        let number = text.dropLast(suffix.count)
        guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(number) else {
            continue
        }
        // A number too large for milliseconds (99999999999999999999s, 1e400) is not a duration.
        guard let ms = checkedInt((value * scale).rounded()), ms >= 1 else { return nil }
        return ms
    }
    return nil
}

// MARK: - Finding the scripts

/// One script to run.
struct TestScript {
    var path: String
    var arguments: [String] = []
    var skipReason: String? = nil
    /// `NAME.placescript.out`, where it exists.
    var goldenPath: String? = nil
    /// Why the script could not be read (it then fails without running).
    var readError: String? = nil
}

/// The scripts under `paths`, in byte order of their paths, each once. A PATH that does not
/// exist is a usage error. Folders are searched recursively for `*.placescript`, skipping
/// hidden folders (`.build`, `.git`) and links to folders; a file named on the command line is
/// run whatever its name.
func findScripts(_ paths: [String]) throws(UsageError) -> [String] {
    var found: [String] = []
    for path in paths {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw UsageError(
                message: "cannot find '\(path)': \(errnoReason())", help: "name folders or .placescript files")
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            walk(path, into: &found)
        } else {
            found.append(path)
        }
    }
    var seen = Set<String>()
    return
        found
        .map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        .filter { seen.insert($0).inserted }
        .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

private func walk(_ folder: String, into found: inout [String]) {
    guard let dir = opendir(folder) else { return }
    defer { closedir(dir) }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name == "." || name == ".." { continue }
        let path = prefix + name
        var st = stat()
        guard lstat(path, &st) == 0 else { continue }
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            if !name.hasPrefix(".") { walk(path, into: &found) }
        case S_IFREG, S_IFLNK:
            if name.hasSuffix(".placescript"), stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG {
                found.append(path)
            }
        default:
            break
        }
    }
}

/// Reads a script's header: `# args: WORD…` and `# skip: REASON` in its leading comment lines.
func loadScript(_ path: String) -> TestScript {
    var script = TestScript(path: path)
    if fileExists(path + ".out") { script.goldenPath = path + ".out" }
    switch readWholeFile(path, limit: 1 << 30) {
    case .failure(let e):
        script.readError = e.message
    case .success(let bytes):
        for line in String(decoding: bytes.prefix(64 * 1024), as: UTF8.self).split(separator: "\n").prefix(50) {
            guard line.hasPrefix("#") else { break }
            let text = line.dropFirst().drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("args:") {
                script.arguments = splitWords(String(text.dropFirst(5)))
            } else if text.hasPrefix("skip:") || text == "skip" {
                let reason = text.dropFirst(4).drop { $0 == ":" || $0 == " " }
                script.skipReason = reason.isEmpty ? "skipped" : String(reason)
            }
        }
    }
    return script
}

/// Splits a line into words; `'…'` and `"…"` group words with spaces.
func splitWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    for ch in text {
        if let q = quote {
            if ch == q { quote = nil } else { current.append(ch) }
        } else if ch == "'" || ch == "\"" {
            quote = ch
            inWord = true
        } else if ch == " " || ch == "\t" || ch == "\r" {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(ch)
            inWord = true
        }
    }
    if inWord { words.append(current) }
    return words
}

// MARK: - Running

/// How one script ended.
struct TestOutcome {
    enum Status: String { case passed, failed, skipped }
    var status: Status
    var milliseconds: Int = 0
    var exitStatus: Int32? = nil
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    /// One line: why it failed or was skipped; empty when it passed.
    var message = ""
    /// The lines shown under a failing script: its stderr, a diff.
    var detail: [String] = []
}

/// The monotonic clock in milliseconds.
private func monotonicMilliseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000  // safe: monotonic clock seconds and nanoseconds widen
}

/// This executable's path, to run each script with.
private func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if n > 0 {
        buffer[n] = 0
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return CommandLine.arguments[0]
}

/// A script's process while it runs.
private final class RunningScript {
    let index: Int
    let pid: pid_t
    let started: Int
    var fds: [Int32]
    var output: [[UInt8]] = [[], []]
    var timedOut = false
    var exitStatus: Int32? = nil
    var signal: Int32? = nil
    var ended: Int? = nil

    init(index: Int, pid: pid_t, started: Int, fds: [Int32]) {
        self.index = index
        self.pid = pid
        self.started = started
        self.fds = fds
    }
}

/// A pipe whose ends close on exec (the child gets copies on 1 and 2 only).
private func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}

/// Starts `executable -- script.path ARG…` with stdin from /dev/null and stdout and stderr into
/// pipes. Returns nil and the reason when it cannot.
private func spawnScript(_ executable: String, _ script: TestScript, index: Int) -> (RunningScript?, String?) {
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    guard makePipe(&outPipe) else { return (nil, "cannot make a pipe: \(errnoReason())") }
    guard makePipe(&errPipe) else {
        close(outPipe[0])
        close(outPipe[1])
        return (nil, "cannot make a pipe: \(errnoReason())")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable, "--", script.path] + script.arguments).map { strdup($0) }
    defer { for p in argv { free(p) } }
    var pid = pid_t()
    let started = monotonicMilliseconds()
    let rc = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
    close(outPipe[1])
    close(errPipe[1])
    guard rc == 0 else {
        close(outPipe[0])
        close(errPipe[0])
        return (nil, "cannot run '\(executable)': \(errnoReason(rc))")
    }
    return (RunningScript(index: index, pid: pid, started: started, fds: [outPipe[0], errPipe[0]]), nil)
}

/// Runs `scripts`, at most `jobs` at a time, and hands each outcome to `report` in the order of
/// `scripts`, as soon as it and every one before it have ended.
private func runAll(
    _ scripts: [TestScript], jobs: Int, timeout: Int?, update: Bool, report: (Int, TestOutcome) -> Void
) {
    let executable = executablePath()
    var outcomes = [TestOutcome?](repeating: nil, count: scripts.count)
    var running: [RunningScript] = []
    var next = 0
    var reported = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while reported < scripts.count {
        while running.count < jobs && next < scripts.count {
            let script = scripts[next]
            if let reason = script.skipReason {
                outcomes[next] = TestOutcome(status: .skipped, message: reason)
            } else if let error = script.readError {
                outcomes[next] = TestOutcome(status: .failed, message: error, detail: [error])
            } else {
                let (child, error) = spawnScript(executable, script, index: next)
                if let child {
                    running.append(child)
                } else {
                    let message = error ?? "cannot run it"
                    outcomes[next] = TestOutcome(status: .failed, message: message, detail: [message])
                }
            }
            next += 1
        }
        while reported < scripts.count, let outcome = outcomes[reported] {
            report(reported, outcome)
            outcomes[reported] = nil
            reported += 1
        }
        if running.isEmpty { continue }

        // Wait for output, an end, or the nearest deadline.
        var pollfds: [pollfd] = []
        var owners: [(RunningScript, Int)] = []
        for child in running {
            for (k, fd) in child.fds.enumerated() where fd >= 0 {
                pollfds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))  // safe: POLLIN is 1
                owners.append((child, k))
            }
        }
        let now = monotonicMilliseconds()
        var wait: Int32 = -1
        // A child that closed its output is about to exit: look again soon.
        if running.contains(where: { $0.fds.allSatisfy { $0 < 0 } }) { wait = 1 }
        if let timeout {
            for child in running where !child.timedOut {
                let left = max(0, child.started + timeout - now)
                // safe: 0…60000 after min, and left is not negative here
                wait = wait < 0 ? Int32(min(left, 60_000)) : min(wait, Int32(min(left, 60_000)))
            }
        }
        if !pollfds.isEmpty {
            let n = poll(&pollfds, nfds_t(pollfds.count), wait)
            if n > 0 {
                for (k, p) in pollfds.enumerated() where p.revents != 0 {
                    let (child, which) = owners[k]
                    let got = buffer.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
                    if got > 0 {
                        child.output[which].append(contentsOf: buffer[0..<got])
                    } else if got == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(p.fd)
                        child.fds[which] = -1
                    }
                }
            }
        } else if wait > 0 {
            usleep(useconds_t(wait) * 1000)
        }

        // Deadlines, then ends.
        let after = monotonicMilliseconds()
        if let timeout {
            for child in running where !child.timedOut && after - child.started >= timeout {
                child.timedOut = true
                kill(child.pid, SIGKILL)
            }
        }
        // With no deadline and every child's output closed, nothing else can happen: wait.
        let blocking = timeout == nil && running.allSatisfy { $0.fds.allSatisfy { $0 < 0 } }
        for (k, child) in running.enumerated() where child.fds.allSatisfy({ $0 < 0 }) {
            var status: Int32 = 0
            let r = waitpid(child.pid, &status, blocking && k == 0 ? 0 : WNOHANG)
            guard r == child.pid else { continue }
            child.ended = monotonicMilliseconds()
            if status & 0x7f == 0 {
                child.exitStatus = (status >> 8) & 0xff
            } else {
                child.signal = status & 0x7f
            }
        }
        for child in running where child.ended != nil {
            outcomes[child.index] = finish(child, scripts[child.index], timeout: timeout, update: update)
        }
        running.removeAll { $0.ended != nil }
    }
}

/// The outcome of an ended script: its exit status, its timeout, its golden output.
private func finish(_ child: RunningScript, _ script: TestScript, timeout: Int?, update: Bool) -> TestOutcome {
    var outcome = TestOutcome(status: .passed)
    outcome.milliseconds = (child.ended ?? child.started) - child.started
    outcome.exitStatus = child.exitStatus
    outcome.stdout = child.output[0]
    outcome.stderr = child.output[1]
    let stderrLines = lines(of: child.output[1])
    if child.timedOut {
        outcome.status = .failed
        outcome.message = "timed out after \(formatDuration(timeout ?? 0)); killed"
        outcome.detail = [outcome.message] + stderrLines
        return outcome
    }
    if let signal = child.signal {
        outcome.status = .failed
        outcome.message = "killed by signal \(signal)"
        outcome.detail = stderrLines + [outcome.message]
        return outcome
    }
    if let code = child.exitStatus, code != 0 {
        outcome.status = .failed
        let firstError = stderrLines.first { $0.contains("error:") } ?? stderrLines.first
        outcome.message = firstError ?? "exited with status \(code)"
        outcome.detail = stderrLines.isEmpty ? ["exited with status \(code)"] : stderrLines
    }
    if let golden = script.goldenPath {
        let name = lastPathComponent(golden)
        if update {
            var same = false
            if case .success(let old) = readWholeFile(golden) { same = old == child.output[0] }
            if !same {
                if case .failure(let e) = writeFileAtomically(golden, child.output[0]) {
                    outcome.status = .failed
                    outcome.message = writeFailureMessage(golden, e)
                    outcome.detail.append(outcome.message)
                }
            }
        } else {
            switch readWholeFile(golden) {
            case .failure(let e):
                outcome.status = .failed
                outcome.message = e.message
                outcome.detail.append(e.message)
            case .success(let expected) where expected != child.output[0]:
                let message = "standard output differs from \(name) (-expected +actual)"
                if outcome.status == .passed { outcome.message = message }
                outcome.status = .failed
                outcome.detail.append(message)
                outcome.detail += shortDiff(expected: lines(of: expected), actual: lines(of: child.output[0]))
            default:
                break
            }
        }
    }
    return outcome
}

/// Text as lines, without a last empty one.
func lines(of bytes: [UInt8]) -> [String] {
    var all = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
    if all.last == "" { all.removeLast() }
    return all
}

/// A short diff: from the first line that differs, at most 10 lines of each side, each with
/// its line number.
func shortDiff(expected: [String], actual: [String], limit: Int = 10) -> [String] {
    var first = 0
    while first < expected.count && first < actual.count && expected[first] == actual[first] { first += 1 }
    var out = ["@@ line \(first + 1) @@"]
    let removed = expected.dropFirst(first).prefix(limit)
    let added = actual.dropFirst(first).prefix(limit)
    out += removed.map { "-" + $0 }
    if expected.count - first > limit { out.append("-… \(expected.count - first - limit) more lines") }
    out += added.map { "+" + $0 }
    if actual.count - first > limit { out.append("+… \(actual.count - first - limit) more lines") }
    if removed.isEmpty && added.isEmpty { out.append("(the files differ in their last newline)") }
    return out
}

/// `30s`, `1.5s`, `500ms`.
func formatDuration(_ ms: Int) -> String {
    if ms % 1000 == 0 { return "\(ms / 1000)s" }
    if ms > 1000 { return "\(ms / 1000).\(String(ms % 1000 + 1000).dropFirst())s" }
    return "\(ms)ms"
}

// MARK: - Reporting

/// Runs `placeshell test`; returns the exit status.
func runTests(_ options: TestOptions) -> Int32 {
    if options.help {
        print(testUsageText)
        return 0
    }
    signal(SIGPIPE, SIG_IGN)
    let paths: [String]
    do {
        paths = try findScripts(options.paths)
    } catch {
        printError("placeshell test: \(error.message)\n")
        if let help = error.help { printError("help: \(help)\n") }
        return 2
    }
    var selected = paths
    if let pattern = options.filter, let regex = try? Regex(pattern) {
        selected = paths.filter { $0.contains(regex) }
    }
    let scripts = selected.map(loadScript)
    // safe: _SC_NPROCESSORS_ONLN is a small constant; a count of processors fits
    let jobs = options.jobs ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    let utf8 = localeIsUTF8()
    let color = isTerminal(STDOUT_FILENO) && (environmentValue("NO_COLOR") ?? "").isEmpty
    let out = FileDescriptorSink(fd: STDOUT_FILENO)
    out.passesColour = { color }
    defer { out.flush() }
    let width = scripts.map { displayWidth($0.path) }.max() ?? 0
    var counts: [TestOutcome.Status: Int] = [:]
    var totalMilliseconds = 0
    var junitCases: [String] = []
    let started = monotonicMilliseconds()

    if options.format == .tap { out.write("TAP version 13\n1..\(scripts.count)\n") }
    runAll(scripts, jobs: jobs, timeout: options.timeout, update: options.update) { index, outcome in
        let script = scripts[index]
        counts[outcome.status, default: 0] += 1
        totalMilliseconds += outcome.milliseconds
        if options.junitPath != nil { junitCases.append(junitCase(script, outcome)) }
        switch options.format {
        case .text:
            if options.quiet && outcome.status != .failed { return }
            out.write(textLine(script, outcome, width: width, utf8: utf8, color: color))
        case .tap:
            out.write(tapLines(index + 1, script, outcome))
        case .json:
            out.write(jsonLine(script, outcome))
        }
        out.flush()
    }
    let passed = counts[.passed] ?? 0
    let failed = counts[.failed] ?? 0
    let skipped = counts[.skipped] ?? 0
    var summary = "\(passed) passed, \(failed) failed"
    if skipped > 0 { summary += ", \(skipped) skipped" }
    switch options.format {
    case .text: out.write(summary + "\n")
    case .tap: out.write("# " + summary + "\n")
    case .json:
        var line = "{\"summary\":{\"passed\":\(passed),\"failed\":\(failed),\"skipped\":\(skipped)"
        line += ",\"time_ms\":\(monotonicMilliseconds() - started)}}\n"
        out.write(line)
    }
    out.flush()
    var status: Int32 = failed > 0 ? 1 : 0
    if let junit = options.junitPath {
        let seconds = formatSeconds(monotonicMilliseconds() - started)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counted = "tests=\"\(scripts.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\""
        xml += "<testsuites \(counted) time=\"\(seconds)\">\n"
        xml += "  <testsuite name=\"placeshell test\" \(counted) time=\"\(seconds)\">\n"
        xml += junitCases.joined()
        xml += "  </testsuite>\n</testsuites>\n"
        if case .failure(let e) = writeFileAtomically(junit, Array(xml.utf8)) {
            printError("placeshell test: \(escapingControlCharacters(writeFailureMessage(junit, e)))\n")
            status = 1
        }
    }
    if out.failure != nil && out.failure != EPIPE {
        printError("placeshell test: cannot write to standard output: \(errnoReason(out.failure ?? 0))\n")
        status = 1
    }
    return status
}

private func textLine(_ script: TestScript, _ outcome: TestOutcome, width: Int, utf8: Bool, color: Bool) -> String {
    var mark: String
    var paint: String
    switch outcome.status {
    case .passed: (mark, paint) = (utf8 ? "✓" : "ok", "32")
    case .failed: (mark, paint) = (utf8 ? "✗" : "FAIL", "31")
    case .skipped: (mark, paint) = (utf8 ? "-" : "skip", "33")
    }
    if !utf8 { mark += String(repeating: " ", count: 4 - mark.count) }
    if color { mark = "\u{1B}[\(paint)m\(mark)\u{1B}[0m" }
    let padding = String(repeating: " ", count: max(0, width - displayWidth(script.path)))
    var line: String
    if outcome.status == .skipped {
        line = "\(mark) \(script.path)\(padding)  skipped: \(outcome.message)\n"
    } else {
        let time = String(outcome.milliseconds)
        line = "\(mark) \(script.path)\(padding)  \(String(repeating: " ", count: max(0, 5 - time.count)))\(time) ms\n"
    }
    if outcome.status == .failed {
        let shown = outcome.detail.prefix(40)
        for detail in shown { line += "    " + detail + "\n" }
        if outcome.detail.count > shown.count { line += "    … \(outcome.detail.count - shown.count) more lines\n" }
    }
    return line
}

private func tapLines(_ number: Int, _ script: TestScript, _ outcome: TestOutcome) -> String {
    let path = script.path.replacingOccurrences("#", with: "\\#")
    switch outcome.status {
    case .passed:
        return "ok \(number) - \(path)\n"
    case .skipped:
        return "ok \(number) - \(path) # SKIP \(outcome.message)\n"
    case .failed:
        var text = "not ok \(number) - \(path)\n  ---\n  message: "
        JSON.appendQuoted(outcome.message, to: &text)
        text += "\n  severity: fail\n"
        if let code = outcome.exitStatus { text += "  exit_status: \(code)\n" }
        text += "  duration_ms: \(outcome.milliseconds)\n"
        if !outcome.detail.isEmpty {
            text += "  detail: |\n"
            for line in outcome.detail.prefix(40) { text += "    " + line + "\n" }
        }
        return text + "  ...\n"
    }
}

/// At most 2000 bytes of output, cut at a character, with "…" when cut.
private func excerpt(_ bytes: [UInt8]) -> String {
    if bytes.count <= 2000 { return String(decoding: bytes, as: UTF8.self) }
    var cut = 2000
    while cut > 0 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return String(decoding: bytes[0..<cut], as: UTF8.self) + "…"
}

private func jsonLine(_ script: TestScript, _ outcome: TestOutcome) -> String {
    var line = "{\"path\":"
    JSON.appendQuoted(script.path, to: &line)
    line += ",\"status\":\"\(outcome.status.rawValue)\",\"time_ms\":\(outcome.milliseconds)"
    if let code = outcome.exitStatus { line += ",\"exit_status\":\(code)" }
    if !outcome.message.isEmpty {
        line += ",\"message\":"
        JSON.appendQuoted(outcome.message, to: &line)
    }
    line += ",\"stdout\":"
    JSON.appendQuoted(excerpt(outcome.stdout), to: &line)
    line += ",\"stderr\":"
    JSON.appendQuoted(excerpt(outcome.stderr), to: &line)
    return line + "}\n"
}

/// Milliseconds as seconds with three decimals: `0.012`.
private func formatSeconds(_ ms: Int) -> String {
    "\(ms / 1000).\(String(ms % 1000 + 1000).dropFirst())"
}

private func junitCase(_ script: TestScript, _ outcome: TestOutcome) -> String {
    let folder = directoryName(script.path)
    let classname = folder == "." ? "placeshell" : folder.split(separator: "/").joined(separator: ".")
    var name = lastPathComponent(script.path)
    if name.hasSuffix(".placescript") { name.removeLast(".placescript".count) }
    var xml = "    <testcase classname=\"\(xmlEscaped(classname, attribute: true))\""
    xml += " name=\"\(xmlEscaped(name, attribute: true))\""
    xml += " file=\"\(xmlEscaped(script.path, attribute: true))\" time=\"\(formatSeconds(outcome.milliseconds))\""
    switch outcome.status {
    case .passed:
        return xml + "/>\n"
    case .skipped:
        return xml
            + ">\n      <skipped message=\"\(xmlEscaped(outcome.message, attribute: true))\"/>\n    </testcase>\n"
    case .failed:
        // The message names the script where the diagnostic does not: `PATH: MESSAGE`.
        let message =
            outcome.message.hasPrefix(script.path + ":") ? outcome.message : script.path + ": " + outcome.message
        xml += ">\n      <failure message=\"\(xmlEscaped(message, attribute: true))\" type=\"failure\">"
        let body = outcome.detail.joined(separator: "\n")
        xml += xmlEscaped(body)
        xml += "</failure>\n"
        if !outcome.stdout.isEmpty {
            xml += "      <system-out>\(xmlEscaped(excerpt(outcome.stdout)))"
            xml += "</system-out>\n"
        }
        return xml + "    </testcase>\n"
    }
}

extension String {
    /// Every `target` replaced by `replacement` (without Foundation).
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
