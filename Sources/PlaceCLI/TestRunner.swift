import PlaceFormats
import PlaceKit
import PlaceScript
import PlaceStorage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

// `placeshell test [OPTIONS] [PATH…]`: finds the tests (PlaceScript's collectTests), runs each
// in its own process (this same executable, `placeshell -C FOLDER -- NAME ARG…`), a few at a
// time, judges each (PlaceScript's judge) and reports it. What is judged and how a report reads
// is in PlaceScript/Testing; this file starts, watches and stops processes.

/// Runs `placeshell test`; returns the exit status.
func runTests(_ options: TestOptions) -> Int32 {
    if options.help {
        print(testUsageText)
        return 0
    }
    signal(SIGPIPE, SIG_IGN)
    func usage(_ message: String, _ help: String? = nil) -> Int32 {
        say(message, help: help, from: "placeshell test")
        return 2
    }
    // A report that cannot be written is found out before anything runs.
    if let junit = options.junitPath, let why = unwritableReason(junit) {
        return usage("cannot write the JUnit report '\(junit)': \(why)", "name a file in a folder you can write")
    }
    var collected: CollectedTests
    do throws(TestUsageError) {
        collected = try collectTests(options.paths, flavors: options.flavors)
    } catch {
        return usage(error.message, error.help)
    }
    for note in collected.notes { say(.note, note, from: "placeshell test") }
    let filters = options.filters.compactMap { try? Regex($0) }
    var tests = collected.cases.filter { $0.matches(filters) }
    let cache = LastFailedCache()
    if options.lastFailed {
        let failed = cache.read()
        let again = tests.filter { failed.contains(cache.key(for: $0)) }
        if again.isEmpty {
            say(.note, "no test among these failed last time: running them all", from: "placeshell test")
        } else {
            tests = again
        }
    }
    if tests.isEmpty && !options.allowEmpty {
        let what = collected.cases.isEmpty ? "no .placescript file was found" : "no script matches the filters"
        say(
            "\(what) under \(options.paths.map { "'\($0)'" }.joined(separator: ", ")): no test ran, which is not a pass",
            help: "name the folders or scripts to run, or pass --allow-empty when none is all right",
            from: "placeshell test")
        if !options.list { print("0 passed, 0 failed") }
        return 5
    }
    if options.list {
        for test in tests {
            var line = escapingControlCharacters(test.name)
            if let reason = test.header.skip { line += "  (skip: \(escapingControlCharacters(reason)))" }
            print(line)
        }
        return 0
    }
    let runner = TestRun(options: options, tests: tests)
    let status = runner.run()
    cache.update(with: runner.results, among: tests)
    return status
}

/// Why a report file cannot be written, or nil when it can: its folder must exist and be
/// writable, and the file, if it is there, writable and not a folder.
private func unwritableReason(_ path: String) -> String? {
    var st = stat()
    if stat(path, &st) == 0 {
        if (st.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
        if access(path, W_OK) != 0 { return errnoReason() }
        return nil
    }
    let folder = directoryName(path)
    guard stat(folder, &st) == 0 else { return "its folder '\(folder)' does not exist" }
    guard (st.st_mode & S_IFMT) == S_IFDIR else { return "'\(folder)' is not a folder" }
    if access(folder, W_OK) != 0 { return "its folder '\(folder)': \(errnoReason())" }
    return nil
}

// MARK: - The run

/// SIGINT or SIGTERM to the runner: the number of the signal, 0 before one comes.
nonisolated(unsafe) private var stopSignal: sig_atomic_t = 0

/// One `placeshell test` run: its tests, their processes, their results.
private final class TestRun {
    let options: TestOptions
    let tests: [TestCase]
    let executable = executablePath()
    let jobs: Int
    let utf8 = localeIsUTF8()
    let color: Bool
    let out = FileDescriptorSink(fd: STDOUT_FILENO)
    /// The folder under which each test gets its `$TMP`.
    var temporaryRoot: String?
    /// Each test's outcome, once it has ended (by index in `tests`).
    var outcomes: [TestOutcome?]
    /// The outcomes, in the order of `tests`, of those that ended.
    var results: [(TestCase, TestOutcome)] {
        zip(tests, outcomes).compactMap { test, outcome in outcome.map { (test, $0) } }
    }
    var tally = TestTally()
    /// TAP and JSON print in the order of `tests`: the first not yet printed.
    var nextInOrder = 0
    var width: Int
    var stoppedAfterFailure = false
    let started = monotonicMilliseconds()
    /// The environment every test gets: this one's, with the locale fixed (C.UTF-8: the device
    /// speaks English and text is UTF-8) and the trace's descriptor; a test's $TMP is added.
    let childEnvironment: [String] = {
        let replaced = ["LC_ALL=", "PLACESHELL_TMP=", "PLACESHELL_TEST_TRACE="]
        let kept = environmentEntries().filter { text in !replaced.contains(where: { text.hasPrefix($0) }) }
        return kept + ["LC_ALL=C.UTF-8", "PLACESHELL_TEST_TRACE=3"]
    }()

    init(options: TestOptions, tests: [TestCase]) {
        self.options = options
        self.tests = tests
        // safe: _SC_NPROCESSORS_ONLN is a small constant; a count of processors fits
        jobs = options.jobs ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        color = isTerminal(STDOUT_FILENO) && (environmentValue("NO_COLOR") ?? "").isEmpty
        out.passesColour = { [color] in color }
        outcomes = Array(repeating: nil, count: tests.count)
        width = tests.map { displayWidth(escapingControlCharacters($0.name)) }.max() ?? 0
    }

    /// Runs every test, reports each and the run; returns the exit status.
    func run() -> Int32 {
        defer { out.flush() }
        installStopHandlers()
        temporaryRoot = makeTemporaryRoot()
        if options.format == .tap { out.write("TAP version 13\n1..\(tests.count)\n") }
        out.flush()
        var running: [RunningTest] = []
        var next = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while next < tests.count || !running.isEmpty {
            if stopSignal != 0 { break }
            while running.count < jobs && next < tests.count && !stoppedAfterFailure {
                if let child = start(next) { running.append(child) }
                next += 1
            }
            if stoppedAfterFailure && running.isEmpty { break }
            if running.isEmpty { continue }
            waitForProgress(running, buffer: &buffer)
            let now = monotonicMilliseconds()
            for child in running { child.checkDeadline(now: now) }
            // A script whose output has all closed is ending (placeshell closes them only as it
            // exits): waiting for it costs nothing, and looking again later costs a sleep.
            for child in running where child.fds.allSatisfy({ $0 < 0 }) { child.reap(blocking: true) }
            for child in running where child.ended != nil { finish(child) }
            running.removeAll { $0.ended != nil }
            if options.exitFirst && tally.failed > 0 && !stoppedAfterFailure {
                stoppedAfterFailure = true
                for child in running { child.stop() }
            }
        }
        let stopped = stopSignal
        if stopped != 0 || stoppedAfterFailure {
            // The rest are ended, not left behind: each test runs in a process group of its own.
            for child in running { child.stop() }
            for child in running { child.reap(blocking: true) }
        }
        if stopped != 0 {
            // A test stopped part-way is reported as such, with what it printed.
            for child in running {
                let name = stopped == SIGINT ? "SIGINT" : "SIGTERM"
                let run = child.result
                var outcome = TestOutcome(
                    verdict: .error, message: "stopped by \(name) before it ended",
                    detail: ["stopped by \(name) before it ended"] + textLines(run.stderr))
                outcome.milliseconds = (child.ended ?? child.started) - child.started
                outcome.keepOutput(of: run)
                record(child.index, outcome)
            }
        }
        // TAP and JSON print in order: what ended after a test that did not is printed now.
        printInOrder(upTo: tests.count, skippingGaps: true)
        return report(stoppedBy: stopped, notRun: tests.count - results.count)
    }

    /// The lines of a text.
    private func textLines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Starts test `index`, or judges it at once when it does not run (skipped, unreadable).
    func start(_ index: Int) -> RunningTest? {
        let test = tests[index]
        if let reason = test.header.skip {
            record(index, TestOutcome(verdict: .skipped, message: reason))
            return nil
        }
        if let error = test.readError {
            record(index, TestOutcome(verdict: .error, message: error, detail: [error]))
            return nil
        }
        if let first = test.headerErrors.first {
            record(index, TestOutcome(verdict: .error, message: first, detail: test.headerErrors))
            return nil
        }
        // Named here, made by the script when it first reads $TMP.
        let folder = temporaryRoot.map { "\($0)/\(index + 1)" }
        let command = childArguments(test)
        switch RunningTest.spawn(
            executable, command, environment: childEnvironment, index: index, temporaryFolder: folder,
            timeout: test.header.timeout.map { $0 == 0 ? nil : $0 } ?? options.timeout)
        {
        case .success(let child): return child
        case .failure(let why):
            record(index, TestOutcome(verdict: .error, message: why.reason, detail: [why.reason]))
            return nil
        }
    }

    /// `-C FOLDER [--flavor F] --language L -- NAME ARG…`: the script runs from its folder,
    /// so that its diagnostics and its relative files read the same from wherever the tests run.
    func childArguments(_ test: TestCase) -> [String] {
        var args = ["-C", directoryName(test.path)]
        if let flavor = test.flavor { args += ["--flavor", flavor.rawValue] }
        args += ["--language", (test.header.language ?? .english).code]
        return args + ["--", lastPathComponent(test.path)] + (test.header.arguments ?? [])
    }

    /// Judges an ended test (and, with `--update`, writes its expected output), then reports it.
    func finish(_ child: RunningTest) {
        let test = tests[child.index]
        // The test's own folder is written $TMP in its output (as it comes: `OutputCapture`),
        // so that what is expected holds.
        let run = child.result
        let goldenOut = readGolden(test, "out")
        let goldenErr = readGolden(test, "err")
        var outcome: TestOutcome
        if !options.update, test.isMatrix, goldenOut == nil, let flavor = test.flavor,
            let other = AppFlavor.allCases.first(where: { fileExists(test.path + ".\($0.rawValue).out") })
        {
            // The other flavours are checked against files of their own: one that has none is
            // a file gone missing, not a flavour that may print anything.
            let message =
                "no expected output for [\(flavor.rawValue)]: \(lastPathComponent(test.path)).\(flavor.rawValue).out is missing, "
                + "though [\(other.rawValue)] has its own (--update writes it)"
            outcome = TestOutcome(verdict: .failed, message: message, detail: [message])
            outcome.milliseconds = run.milliseconds
            outcome.keepOutput(of: run)
        } else if let flavor = test.flavor,
            String(decoding: run.stderr, as: UTF8.self).contains("launches another flavour than this run's --flavor")
        {
            // A script that launches a flavour of its own runs the same app in every test of
            // its matrix: the matrix would pass without testing its flavours.
            let message =
                "it launches another flavour than [\(flavor.rawValue)] (launch --flavor): its flavours are not tested"
            outcome = TestOutcome(verdict: .failed, message: message, detail: [message] + textLines(run.stderr))
            outcome.milliseconds = run.milliseconds
            outcome.keepOutput(of: run)
        } else if options.update {
            outcome = update(test, run, goldenOut: goldenOut, goldenErr: goldenErr)
        } else {
            outcome = judge(test, run, expectedStdout: goldenOut, expectedStderr: goldenErr, unicode: utf8)
        }
        outcome.command = reproduction(test)
        if let folder = child.temporaryFolder {
            // Kept for a look when the test failed and wrote something there.
            if outcome.verdict.failsTheRun && !isEmptyFolder(folder) {
                outcome.detail.append("$TMP is kept for a look: \(folder)")
            } else {
                removeTree(folder)
            }
        }
        record(child.index, outcome)
    }

    /// How to run a test again by hand, as it ran here (but for its $TMP, made afresh):
    /// `LC_ALL=C.UTF-8 placeshell -C suite --language en -- x.placescript a </dev/null`.
    func reproduction(_ test: TestCase) -> String {
        let words = ["LC_ALL=C.UTF-8", "placeshell"] + childArguments(test).map(shellWord)
        return words.joined(separator: " ") + " </dev/null"
    }

    /// The expected output of kind `suffix` (`out`, `err`): the flavour's own file or the
    /// script's, with its name as a report shows it; nil when there is none.
    func readGolden(_ test: TestCase, _ suffix: String) -> ExpectedOutput? {
        for path in test.goldenPaths(suffix) where fileExists(path) {
            // A file that cannot be read is expected to be empty: the test fails, showing it all.
            return (lastPathComponent(path), OutputCapture(contentsOfFile: path) ?? OutputCapture(bytes: []))
        }
        return nil
    }

    /// `--update`: the test judged without its expected output, which is then written from this
    /// run, unless the test failed for another reason (then it is not recorded, unless `--force`).
    func update(
        _ test: TestCase, _ run: ScriptRun, goldenOut: ExpectedOutput?, goldenErr: ExpectedOutput?
    ) -> TestOutcome {
        if test.header.xfail != nil {
            // Judged as any run judges it: an expected failure records nothing.
            var outcome = judge(test, run, expectedStdout: goldenOut, expectedStderr: goldenErr, unicode: utf8)
            outcome.updates.append("not recorded: it is expected to fail (xfail)")
            return outcome
        }
        var outcome = judge(test, run, expectedStdout: nil, expectedStderr: nil, unicode: utf8)
        if outcome.verdict.failsTheRun && !options.force {
            outcome.updates.append(
                "not recorded: it failed for another reason than its expected output (--force records it)")
            return outcome
        }
        let streams = [("out", goldenOut, run.stdoutContent), ("err", goldenErr, run.stderrContent)]
        for (suffix, existing, content) in streams {
            // An expected stderr is made only for a script that prints one.
            if existing == nil && suffix == "err" && content.count == 0 { continue }
            func same(_ other: OutputCapture) -> Bool { content.firstDifference(from: other) == nil }
            // The file it was compared with; as one flavour of several, its own file unless the
            // script's holds just what this flavour printed (so the files made do not depend on
            // which flavour ran first).
            let paths = test.goldenPaths(suffix)
            var path = paths.first { lastPathComponent($0) == existing?.name } ?? paths[paths.count - 1]
            if test.flavor != nil && path == paths.last && !(existing.map { same($0.content) } ?? false) {
                path = paths[0]
            }
            let old = fileExists(path) ? OutputCapture(contentsOfFile: path) : nil
            if let old, same(old) { continue }
            if let failure = content.failure {
                outcome.verdict = .error
                outcome.message = "not recorded: \(path): \(failure)"
                outcome.updates.append(outcome.message)
                continue
            }
            let written = writeFileAtomically(path) { append in
                let whole = content.forEachPiece { append(Array($0)) }
                return whole ? nil : "the output could not be read back"
            }
            switch written {
            case .success:
                outcome.updates.append((old == nil ? "created " : "updated ") + path)
            case .failure(let e):
                outcome.verdict = .error
                outcome.message = writeFailureMessage(path, e)
                outcome.updates.append(outcome.message)
            }
        }
        return outcome
    }

    /// Keeps an outcome and prints it: text at once, TAP and JSON in the order of the tests.
    func record(_ index: Int, _ outcome: TestOutcome) {
        outcomes[index] = outcome
        tally.count(outcome.verdict)
        switch options.format {
        case .text:
            if options.quiet && !outcome.verdict.failsTheRun && outcome.updates.isEmpty { break }
            out.write(
                testTextLines(
                    tests[index], outcome, width: width, utf8: utf8, color: color, verbose: options.verbose))
        case .tap, .json:
            printInOrder(upTo: tests.count, skippingGaps: false)
        }
        out.flush()
    }

    /// Prints the TAP or JSON of the tests that ended, in their order, from the first not yet
    /// printed: up to the first that has not ended, or past those too (`skippingGaps`).
    func printInOrder(upTo end: Int, skippingGaps: Bool) {
        guard options.format != .text else { return }
        while nextInOrder < end {
            if let done = outcomes[nextInOrder] {
                if options.format == .tap {
                    out.write(testTAPLines(nextInOrder + 1, tests[nextInOrder], done))
                } else {
                    out.write(testJSONLine(tests[nextInOrder], done))
                }
            } else if !skippingGaps {
                break
            }
            nextInOrder += 1
        }
        out.flush()
    }

    /// The end of the report: the failures again in path order, the closing line, the JUnit
    /// file; and the exit status.
    func report(stoppedBy stopped: sig_atomic_t, notRun: Int) -> Int32 {
        let finished = results
        let failures = finished.filter { $0.1.verdict.failsTheRun }
        var status: Int32 = tally.failed > 0 ? 1 : 0
        switch options.format {
        case .text:
            if !failures.isEmpty && (tests.count > 1 || options.quiet) {
                out.write("failed:\n")
                for (test, outcome) in failures {
                    // A diagnostic names the script already.
                    let line =
                        outcome.message.hasPrefix(test.path + ":") && test.flavor == nil
                        ? outcome.message : test.name + ": " + outcome.message
                    out.write("  \(escapingControlCharacters(line))\n")
                }
            }
            if notRun > 0 {
                let why =
                    stopped != 0
                    ? "stopped by \(stopped == SIGINT ? "SIGINT" : "SIGTERM")" : "stopped at the first failure (-x)"
                out.write("\(why): \(notRun) test\(notRun == 1 ? "" : "s") not run\n")
            }
            let updates = finished.flatMap(\.1.updates).filter { $0.hasPrefix("created ") || $0.hasPrefix("updated ") }
            if options.update {
                out.write("\(updates.count) expected output file\(updates.count == 1 ? "" : "s") written\n")
            }
            out.write(tally.closingLine + "\n")
        case .tap:
            if notRun > 0 {
                out.write("Bail out! \(stopped != 0 ? "stopped by a signal" : "stopped at the first failure")\n")
            }
            out.write("# " + tally.closingLine + "\n")
        case .json:
            var line =
                "{\"summary\":{\"passed\":\(tally.passed),\"failed\":\(tally.failed),\"skipped\":\(tally.skipped)"
            line += ",\"xfailed\":\(tally.xfailed),\"errors\":\(tally.errors),\"not_run\":\(notRun)"
            line += ",\"time_ms\":\(monotonicMilliseconds() - started)}}\n"
            out.write(line)
        }
        out.flush()
        if let junit = options.junitPath {
            let xml = junitReport(finished, milliseconds: monotonicMilliseconds() - started)
            if case .failure(let e) = writeFileAtomically(junit, Array(xml.utf8)) {
                say(writeFailureMessage(junit, e), from: "placeshell test")
                status = 1
            }
        }
        if let root = temporaryRoot { rmdir(root) }  // only when no test left its folder
        if out.failure != nil && out.failure != EPIPE {
            say("cannot write to standard output: \(errnoReason(out.failure ?? 0))", from: "placeshell test")
            status = 1
        }
        if stopped != 0 { return 128 + stopped }
        return status
    }

    /// Waits for output from a test, an end, or the nearest deadline.
    func waitForProgress(_ running: [RunningTest], buffer: inout [UInt8]) {
        var pollfds: [pollfd] = []
        var owners: [(RunningTest, Int)] = []
        for child in running {
            for (k, fd) in child.fds.enumerated() where fd >= 0 {
                pollfds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))  // safe: POLLIN is 1
                owners.append((child, k))
            }
        }
        let now = monotonicMilliseconds()
        var wait = -1
        // A child that closed its output is about to exit: look again soon.
        if running.contains(where: { $0.fds.allSatisfy { $0 < 0 } }) { wait = 1 }
        for child in running {
            if let left = child.millisecondsLeft(now: now) { wait = wait < 0 ? left : min(wait, left) }
        }
        let timeout = Int32(clamping: wait)
        if pollfds.isEmpty {
            if timeout > 0 { usleep(useconds_t(timeout) * 1000) }
            return
        }
        let n = poll(&pollfds, nfds_t(pollfds.count), timeout)
        guard n > 0 else { return }
        for (k, p) in pollfds.enumerated() where p.revents != 0 {
            let (child, which) = owners[k]
            let got = buffer.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
            if got > 0 {
                child.take(which, buffer[0..<got])
            } else if got == 0 || (errno != EINTR && errno != EAGAIN) {
                close(p.fd)
                child.fds[which] = -1
            }
        }
    }

    /// The folder under TMPDIR that holds each test's `$TMP` (nil when it cannot be made: the
    /// tests then have none of their own, and say so when they ask for it).
    func makeTemporaryRoot() -> String? {
        var template = Array((temporaryParent(environment: environmentValue) + "/placeshell-test-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
    }
}

/// SIGINT and SIGTERM end the run: the tests running are stopped, and what finished is reported.
private func installStopHandlers() {
    // Without SA_RESTART: poll returns at once.
    setSignalHandler(SIGINT) { sig in stopSignal = sig }
    setSignalHandler(SIGTERM) { sig in stopSignal = sig }
}

/// Whether a folder has nothing in it (or is not there).
private func isEmptyFolder(_ path: String) -> Bool {
    guard let dir = opendir(path) else { return true }
    defer { closedir(dir) }
    var count = 0
    while readdir(dir) != nil { count += 1 }
    return count <= 2
}

/// A word as a POSIX shell reads it back: quoted when it has to be.
private func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy {
        ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value | 0x20 >= 0x61 && $0.value | 0x20 <= 0x7A)
            || "-_./=,:+@%".unicodeScalars.contains($0)
    }
    if plain && !word.isEmpty { return word }
    // A control or reordering character: bash's $'…', which says it in visible escapes and
    // reads back as the same bytes when pasted.
    if word.unicodeScalars.contains(where: { controlEscape($0) != nil }) {
        var out = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if controlEscape(scalar) != nil {
                    for byte in String(scalar).utf8 { out += "\\x" + String(byte, radix: 16) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

// MARK: - A test's process

/// A test's process while it runs: its output so far, its deadline, how it ended.
private final class RunningTest {
    let index: Int
    let pid: pid_t
    let started: Int
    let timeout: Int?
    let temporaryFolder: String?
    /// stdout, stderr and the trace of the commands, each until it closes (-1 then).
    var fds: [Int32]
    /// What came on stdout and stderr, kept within bounds (`OutputCapture`).
    let streams: [OutputCapture]
    let trace = TraceCapture()
    /// When a stop was asked for (at the deadline: SIGINT first, SIGKILL after a grace).
    var interruptedAt: Int?
    var timedOut = false
    var exitStatus: Int32?
    var signal: Int32?
    var ended: Int?

    /// How long a test stopped at its deadline has to end by itself before it is killed.
    static let grace = 5_000

    init(index: Int, pid: pid_t, started: Int, timeout: Int?, temporaryFolder: String?, fds: [Int32]) {
        self.index = index
        self.pid = pid
        self.started = started
        self.timeout = timeout
        self.temporaryFolder = temporaryFolder
        self.fds = fds
        streams = (0..<2).map { _ in OutputCapture(replacing: temporaryFolder ?? "", with: "$TMP") }
    }

    /// Bytes read from descriptor `which` (0 stdout, 1 stderr, 2 the trace).
    func take(_ which: Int, _ bytes: ArraySlice<UInt8>) {
        if which < 2 { streams[which].append(bytes) } else { trace.append(bytes) }
    }

    /// Starts `executable ARG…` in a process group of its own, stdin from /dev/null, stdout,
    /// stderr and the trace (descriptor 3) into pipes; in the environment, the device's locale
    /// fixed (C.UTF-8), the test's `$TMP` and the trace's descriptor.
    static func spawn(
        _ executable: String, _ arguments: [String], environment base: [String], index: Int,
        temporaryFolder: String?, timeout: Int?
    ) -> Result<RunningTest, SpawnFailure> {
        var pipes: [[Int32]] = []
        defer { for p in pipes { close(p[1]) } }
        for _ in 0..<3 {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else {
                for p in pipes { close(p[0]) }
                return .failure(SpawnFailure(reason: "cannot make a pipe: \(errnoReason())"))
            }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipes.append(fds)
        }
        var actions = makeSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (k, p) in pipes.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, p[1], Int32(k + 1))  // safe: k is 0…2
        }
        var attributes = makeSpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        // safe: the flags are small constants
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var environment = base
        if let temporaryFolder { environment.append("PLACESHELL_TMP=" + temporaryFolder) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid = pid_t()
        let started = monotonicMilliseconds()
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
        guard rc == 0 else {
            for p in pipes { close(p[0]) }
            return .failure(SpawnFailure(reason: "cannot run '\(executable)': \(errnoReason(rc))"))
        }
        return .success(
            RunningTest(
                index: index, pid: pid, started: started, timeout: timeout, temporaryFolder: temporaryFolder,
                fds: pipes.map { $0[0] }))
    }

    /// Milliseconds until this test's next deadline (its timeout, or the end of its grace),
    /// or nil for none.
    func millisecondsLeft(now: Int) -> Int? {
        if let interruptedAt { return max(0, interruptedAt + Self.grace - now) }
        guard let timeout else { return nil }
        return max(0, started + timeout - now)
    }

    /// At the deadline: SIGINT, which stops placeshell at a safe point and says where; after the
    /// grace, SIGKILL to the whole group.
    func checkDeadline(now: Int) {
        guard ended == nil else { return }
        if let interruptedAt {
            if now - interruptedAt >= Self.grace { kill(-pid, SIGKILL) }
            return
        }
        if let timeout, now - started >= timeout {
            timedOut = true
            interruptedAt = now
            kill(-pid, SIGINT)
        }
    }

    /// Ends the test at once (the run stops): its whole process group.
    func stop() {
        guard ended == nil else { return }
        kill(-pid, SIGKILL)
    }

    /// Collects the exit status once the process has ended (waiting for it when `blocking`).
    func reap(blocking: Bool) {
        guard ended == nil else { return }
        var status: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while r < 0 && errno == EINTR
        guard r == pid else { return }
        ended = monotonicMilliseconds()
        if status & 0x7f == 0 {
            exitStatus = (status >> 8) & 0xff
        } else {
            signal = status & 0x7f
        }
        for fd in fds where fd >= 0 { close(fd) }
        fds = fds.map { _ in -1 }
    }

    /// What the process did.
    var result: ScriptRun {
        var run = ScriptRun()
        run.exitStatus = exitStatus
        run.signal = timedOut ? nil : signal
        for stream in streams { stream.finish() }
        run.stdout = streams[0].head
        run.stderr = streams[1].head
        run.stdoutCapture = streams[0].isWhole ? nil : streams[0]
        run.stderrCapture = streams[1].isWhole ? nil : streams[1]
        run.trace = trace.records
        run.milliseconds = (ended ?? started) - started
        if timedOut { run.timedOut = (timeout ?? 0, run.trace.last) }
        return run
    }
}

/// Why a test's process could not be started.
private struct SpawnFailure: Error {
    var reason: String
}

/// The monotonic clock in milliseconds.
func monotonicMilliseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000  // safe: monotonic clock seconds and nanoseconds widen
}

// MARK: - The last run's failures

/// `--lf`: the tests that failed in the last run, by their script's full path and flavour, kept
/// under the XDG cache folder (`$XDG_CACHE_HOME/placeshell/last-failed`, `~/.cache/…`). A run
/// forgets the failures of the tests it ran that passed and adds those that failed.
private struct LastFailedCache {
    let path: String?

    init() {
        if let cache = environmentValue("XDG_CACHE_HOME"), cache.hasPrefix("/") {
            path = cache + "/placeshell/last-failed"
        } else if let home = environmentValue("HOME"), !home.isEmpty {
            path = home + "/.cache/placeshell/last-failed"
        } else {
            path = nil
        }
    }

    /// A test's line in the file: its path and flavour, with a backslash and a line feed in
    /// the path escaped (`\\`, `\n`), so that a name with a line break is one line.
    func key(for test: TestCase) -> String {
        // Absolute however the folder was named, also for a path that leads nowhere (a link to
        // nothing, a name that is not UTF-8): its folder made absolute.
        let absolute =
            canonicalPath(test.path) ?? canonicalPath(directoryName(test.path)).map {
                $0 + "/" + lastPathComponent(test.path)
            }
            ?? test.path
        var path = ""
        for ch in absolute {
            switch ch {
            case "\\": path += "\\\\"
            case "\n": path += "\\n"
            default: path.append(ch)
            }
        }
        return path + (test.flavor.map { " [\($0.rawValue)]" } ?? "")
    }

    func read() -> Set<String> {
        guard let path, case .success(let bytes) = readWholeFile(path, limit: 64 << 20) else { return [] }
        return Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    func update(with results: [(TestCase, TestOutcome)], among tests: [TestCase]) {
        guard let path else { return }
        var failed = read()
        for (test, outcome) in results {
            if outcome.verdict.failsTheRun {
                failed.insert(key(for: test))
            } else {
                failed.remove(key(for: test))
            }
        }
        let folder = directoryName(path)
        mkdir(directoryName(folder), 0o700)
        mkdir(folder, 0o700)
        let text = failed.sorted().map { $0 + "\n" }.joined()
        _ = writeFileAtomically(path, Array(text.utf8))
    }
}
