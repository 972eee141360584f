// Running the built placeshell from tests. XCTest is there only in test builds; `swift build -c
// release` builds this module too, without it.
#if canImport(XCTest)

    import Foundation
    import XCTest

    /// What one run of the binary produced.
    public struct RunResult {
        public var stdout: Data
        public var stderr: Data
        public var status: Int32
        /// The process was killed by a signal (a crash), not ended with exit().
        public var signaled: Bool
        public var timedOut: Bool
        /// The program's peak resident set size in kilobytes: the largest `VmHWM` read from
        /// /proc/PID/status while it ran (0 where there is no /proc).
        public var maxRSSKilobytes: Int
        /// The processor time the program used, user and system, in seconds.
        public var cpuSeconds: Double = 0

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Where things are: the repository, the tests' scripts and the built `placeshell`.
    public enum Paths {
        /// The repository root, found from this file's own path.
        public static let repository = Repository.root

        public static let scripts = repository.appendingPathComponent("Tests/Scripts")
        public static let examples = repository.appendingPathComponent("examples")

        /// The `placeshell` executable that `swift test` built beside the test bundle. Looked for,
        /// in order: `$PLACESHELL_BIN`; the directory of the running test executable (on Linux the
        /// `.xctest` bundle is itself the executable, found through /proc/self/exe; on macOS it is a
        /// bundle inside that directory); the directory of `CommandLine.arguments[0]`.
        public static let binary: Result<URL, BinaryNotFound> = {
            let fm = FileManager.default
            if let explicit = ProcessInfo.processInfo.environment["PLACESHELL_BIN"], !explicit.isEmpty {
                return fm.isExecutableFile(atPath: explicit)
                    ? .success(URL(fileURLWithPath: explicit))
                    : .failure(BinaryNotFound(searched: [explicit]))
            }
            var directories: [URL] = []
            if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
            }
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                directories.append(bundle.bundleURL.deletingLastPathComponent())
            }
            if let exe = Bundle.main.executableURL { directories.append(exe.deletingLastPathComponent()) }
            if let first = CommandLine.arguments.first {
                directories.append(URL(fileURLWithPath: first).standardizedFileURL.deletingLastPathComponent())
            }
            var searched: [String] = []
            for directory in directories {
                // On macOS the executable inside a bundle is three levels below the build directory.
                var candidates = [directory.appendingPathComponent("placeshell")]
                var up = directory
                for _ in 0..<3 {
                    up.deleteLastPathComponent()
                    candidates.append(up.appendingPathComponent("placeshell"))
                }
                for candidate in candidates {
                    searched.append(candidate.path)
                    var isDirectory: ObjCBool = false
                    if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                        fm.isExecutableFile(atPath: candidate.path)
                    {
                        return .success(candidate)
                    }
                }
            }
            return .failure(BinaryNotFound(searched: searched))
        }()

        /// The binary, or a test failure that says where it was looked for.
        public static func binaryOrFail(file: StaticString = #filePath, line: UInt = #line) -> URL? {
            switch binary {
            case .success(let url): return url
            case .failure(let e):
                XCTFail(
                    "cannot find the placeshell executable built by 'swift test'; looked in:\n  "
                        + e.searched.joined(separator: "\n  ") + "\nset PLACESHELL_BIN to its path",
                    file: file, line: line)
                return nil
            }
        }
    }

    public struct BinaryNotFound: Error {
        public var searched: [String]
    }

    /// An end-to-end test case that runs the built binary in a fresh temporary directory.
    open class BinaryTestCase: XCTestCase {
        public var binary: URL!
        public var directory: TemporaryDirectory!

        open override func setUpWithError() throws {
            guard let found = Paths.binaryOrFail() else {
                throw XCTSkip("placeshell was not found (reported as a failure)")
            }
            binary = found
            directory = TemporaryDirectory()
        }

        open override func tearDown() {
            directory = nil
        }
    }

    /// The run ended normally with one of the documented statuses and no crash report on stderr;
    /// `detail` (figures measured) is added to the timeout message.
    public func assertNoCrash(
        _ r: RunResult, _ what: String, detail: String? = nil,
        crashMarkers: [String] = ["Fatal error", "Crash", "Current stack trace", "💣"], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertFalse(r.timedOut, "\(what): timed out" + (detail.map { " (\($0))" } ?? ""), file: file, line: line)
        XCTAssertFalse(
            r.signaled, "\(what): killed by signal \(r.status)\n\(r.stderrText.prefix(2000))", file: file, line: line)
        XCTAssertTrue([0, 1, 2].contains(r.status), "\(what): exit status \(r.status)", file: file, line: line)
        for marker in crashMarkers {
            XCTAssertFalse(
                r.stderrText.contains(marker), "\(what): stderr mentions '\(marker)'\n\(r.stderrText.prefix(2000))",
                file: file, line: line)
        }
    }

    /// A fresh temporary directory, removed when the value is released.
    public final class TemporaryDirectory {
        public let url: URL
        public var path: String { url.path }

        public init() {
            let base = URL(fileURLWithPath: NSTemporaryDirectory())
            url = base.appendingPathComponent("placeshell-test-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

        @discardableResult
        public func write(_ name: String, _ bytes: [UInt8]) -> URL {
            let target = file(name)
            // Data.write without .atomic: FileManager.createFile writes through a replacement
            // directory in /tmp that swift-corelibs-foundation leaves behind.
            do { try Data(bytes).write(to: target) } catch { XCTFail("cannot write \(target.path): \(error)") }
            return target
        }

        @discardableResult
        public func write(_ name: String, _ text: String) -> URL { write(name, Array(text.utf8)) }
    }

    /// The environment every run gets: nothing inherited (so NO_COLOR and the user's locale never
    /// leak in), a fresh HOME and XDG_STATE_HOME, a UTF-8 locale and a minimal PATH.
    public func cleanEnvironment(home: String, extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "HOME": home,
            "XDG_STATE_HOME": home + "/state",
            "LANG": "C.UTF-8",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
        ]
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs an executable with the given arguments, working directory, environment and standard
    /// input (a file, or nothing: /dev/null). Output goes to temporary files, so a large output can
    /// never deadlock a pipe. A run longer than `timeout` seconds is killed and reported.
    ///
    /// Uses posix_spawn and wait4 rather than Foundation's Process: on Linux, Process notices the
    /// end of a child through a descriptor the child inherits, so a child that leaves a daemon
    /// behind (the tmux client starting its server) would never be seen to end.
    ///
    /// The peak memory (`maxRSSKilobytes`) is sampled from /proc/PID/status (`VmHWM`, the high-water
    /// mark of the process's current memory map) at every poll, not taken from wait4's ru_maxrss:
    /// posix_spawn starts the child with vfork, and Linux carries the high-water mark of the memory
    /// map an exec replaces into ru_maxrss, so wait4 reports the test runner's own peak. `env -C`
    /// execs placeshell in the same process, so the figure is placeshell's. The last sample comes at
    /// most 5 ms before the end, when a program frees memory rather than taking more.
    ///
    /// `signal`, when given, is sent to the process once its `condition` holds: an event the run
    /// shows (a line on stdout, the process waiting in a given kernel function), never a time, so
    /// that the signal lands where the test means it to on a quiet machine and a busy one alike.
    public func runProcess(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String],
        stdin: URL? = nil, timeout: TimeInterval = 60, signal trigger: SignalTrigger? = nil
    ) throws -> RunResult {
        let scratch = TemporaryDirectory()
        let outPath = scratch.file("stdout").path
        let errPath = scratch.file("stderr").path
        let inPath = stdin?.path ?? "/dev/null"
        let inFD = open(inPath, O_RDONLY | O_CLOEXEC)
        let outFD = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errFD = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            for fd in [inFD, outFD, errFD] where fd >= 0 { close(fd) }
        }
        guard inFD >= 0, outFD >= 0, errFD >= 0 else {
            throw SpawnError(message: "cannot open \(inPath): errno \(errno)")
        }

        var actions = makeSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inFD, 0)
        posix_spawn_file_actions_adddup2(&actions, outFD, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        var attributes = makeSpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal handling in the child (the test runner may ignore SIGPIPE), and its own
        // process group, so that a timeout can end it and anything it started.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        // `env -C DIR` changes directory and then execs the program (posix_spawn's own chdir action
        // is not visible from Swift on every libc).
        let launcher = "/usr/bin/env"
        let argv = ([launcher, "-C", directory.path, executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, launcher, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw SpawnError(message: "cannot start \(executable.path): error \(rc)") }

        var status: Int32 = 0
        var timedOut = false
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 200
        var peak = 0
        var signalled = trigger == nil
        var seenSizes = (-1, -1)
        var usage = rusage()
        while true {
            peak = max(peak, highWaterMarkKilobytes(of: pid))
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if !signalled, let trigger {
                // The output is read again only when it has grown.
                let sizes = (fileSize(outPath), fileSize(errPath))
                var progress = RunProgress(pid: pid, stdout: nil, stderr: nil)
                if sizes != seenSizes {
                    seenSizes = sizes
                    progress.stdout = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
                    progress.stderr = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
                }
                if trigger.condition(progress) {
                    kill(pid, trigger.signal)
                    signalled = true
                }
            }
            if r < 0 && errno != EINTR { throw SpawnError(message: "wait4 failed: errno \(errno)") }
            if Date() > deadline {
                timedOut = true
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                break
            }
            usleep(pause)
            pause = min(pause * 2, 5000)
        }
        let signal = status & 0x7F
        return RunResult(
            stdout: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(),
            stderr: (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data(),
            status: signal == 0 ? (status >> 8) & 0xFF : signal,
            signaled: signal != 0,
            timedOut: timedOut,
            maxRSSKilobytes: peak,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    private func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }

    /// The processor time this thread has used, in seconds.
    public func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Checks that work grows in proportion to its input, not faster, without a time limit that
    /// a slow or busy machine could miss: `cost(n)` (processor seconds, the best of `rounds`)
    /// for a `small` input and one `factor` times larger. Linear work costs about `factor` times
    /// as much, quadratic work `factor` squared; the check fails past `factor` × 2.5, which
    /// leaves room for caches and noise and none for a square.
    public func assertCostGrowsLinearly(
        _ what: String, small: Int, factor: Int = 4, rounds: Int = 3, file: StaticString = #filePath,
        line: UInt = #line, cost: (Int) throws -> Double
    ) rethrows {
        func best(_ n: Int) throws -> Double {
            var least = Double.infinity
            for _ in 0..<rounds { least = min(least, try cost(n)) }
            return least
        }
        let a = try best(small)
        let b = try best(small * factor)
        let ratio = b / max(a, 1e-6)
        XCTAssertLessThan(
            ratio, Double(factor) * 2.5,
            "\(what): \(factor)× the input took \(String(format: "%.1f", ratio))× the time (\(String(format: "%.4f", a)) s → \(String(format: "%.4f", b)) s): it grows faster than its input",
            file: file, line: line)
    }

    /// `assertGrowsLinearly` for work done in this thread: `work(n)` timed by this thread's
    /// processor clock.
    public func assertGrowsLinearly(
        _ what: String, small: Int, factor: Int = 4, rounds: Int = 3, file: StaticString = #filePath,
        line: UInt = #line, work: (Int) throws -> Void
    ) rethrows {
        try assertCostGrowsLinearly(what, small: small, factor: factor, rounds: rounds, file: file, line: line) {
            (n: Int) throws -> Double in
            let start = threadCPUSeconds()
            try work(n)
            return threadCPUSeconds() - start
        }
    }

    /// A signal for `runProcess` to send once something has happened in the run.
    public struct SignalTrigger {
        public var signal: Int32
        public var condition: (RunProgress) -> Bool

        public init(_ signal: Int32, when condition: @escaping (RunProgress) -> Bool) {
            self.signal = signal
            self.condition = condition
        }

        /// `signal` once standard output holds `text`.
        public static func onOutput(_ text: String, send signal: Int32) -> SignalTrigger {
            var seen = false
            return SignalTrigger(signal) { progress in
                if let out = progress.stdout { seen = seen || String(decoding: out, as: UTF8.self).contains(text) }
                return seen
            }
        }

        /// `signal` once standard output has anything on it: a buffered writer has filled its
        /// buffer once, so the work that prints is under way.
        public static func onAnyOutput(send signal: Int32) -> SignalTrigger {
            var seen = false
            return SignalTrigger(signal) { progress in
                if let out = progress.stdout { seen = seen || !out.isEmpty }
                return seen
            }
        }

        /// `signal` once the process waits in a kernel function whose name contains `channel`
        /// (/proc/PID/wchan): `wait_for_partner` is an open of a FIFO that waits for the other end,
        /// `pipe_read` a read of a pipe that waits for data.
        public static func onWaitChannel(_ channel: String, send signal: Int32) -> SignalTrigger {
            SignalTrigger(signal) { progress in waitChannel(of: progress.pid)?.contains(channel) ?? false }
        }
    }

    /// What a run has shown so far, for a `SignalTrigger`: its output is nil when it has not
    /// changed since the last look.
    public struct RunProgress {
        public var pid: pid_t
        public var stdout: Data?
        public var stderr: Data?
    }

    /// The kernel function a process waits in (`/proc/PID/wchan`), or nil when it runs or the
    /// system does not tell.
    public func waitChannel(of pid: pid_t) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8), !text.isEmpty, text != "0"
        else { return nil }
        return text
    }

    /// Whether `/proc/PID/wchan` tells where a process waits on this system: a test that waits
    /// for a wait channel is skipped where it does not.
    public var waitChannelsAreVisible: Bool {
        // This process's own wait channel reads as "0" while it runs, as a name while it sleeps:
        // the file is there and readable either way where the kernel shows them.
        FileManager.default.isReadableFile(atPath: "/proc/self/wchan")
    }

    private func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : -1
    }

    /// `VmHWM` of a running process in kilobytes, or 0 when it cannot be read.
    private func highWaterMarkKilobytes(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(3)) ?? 0
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// A line diff of expected against actual text: `-` lines expected but missing, `+` lines
    /// produced but not expected, with two lines of context, at most `limit` lines long.
    public func lineDiff(expected: String, actual: String, limit: Int = 60) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var ops: [(Character, String)] = []
        if a.count * b.count <= 4_000_000 {
            // Longest common subsequence, then walk it.
            var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < a.count || j < b.count {
                if i < a.count && j < b.count && a[i] == b[j] {
                    ops.append((" ", a[i]))
                    i += 1
                    j += 1
                } else if i < a.count && (j == b.count || lcs[i + 1][j] >= lcs[i][j + 1]) {
                    ops.append(("-", a[i]))
                    i += 1
                } else {
                    ops.append(("+", b[j]))
                    j += 1
                }
            }
        } else {
            // Too large for the table: show where they start to differ.
            let common = zip(a, b).prefix { $0 == $1 }.count
            ops = a[..<common].map { (" ", $0) }
            if common < a.count { ops.append(("-", a[common])) }
            if common < b.count { ops.append(("+", b[common])) }
        }
        var keep = Array(repeating: false, count: ops.count)
        for (k, op) in ops.enumerated() where op.0 != " " {
            for m in max(0, k - 2)...min(ops.count - 1, k + 2) { keep[m] = true }
        }
        var out: [String] = []
        var skipped = false
        for (k, op) in ops.enumerated() {
            if keep[k] {
                if skipped { out.append("  …") }
                skipped = false
                let shown = op.1.count > 300 ? String(op.1.prefix(300)) + "…(\(op.1.utf8.count) bytes)" : op.1
                out.append("\(op.0) \(shown)")
            } else {
                skipped = true
            }
            if out.count >= limit {
                out.append("  … (diff cut)")
                break
            }
        }
        return out.joined(separator: "\n")
    }

#endif
