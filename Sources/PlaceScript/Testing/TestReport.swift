import PlaceFormats
import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// What `placeshell test` knows of each script and how it came out, and the reports it writes:
// text for people, TAP, JSON lines and JUnit XML for programs. Nothing here runs a process.

/// One test: a script, run as one flavour when it runs as several.
public struct TestCase: Sendable {
    /// The script's path as found (relative to where `placeshell test` runs, or as given).
    public var path: String
    /// Its path below the folder named on the command line: what `--filter` matches.
    public var suitePath: String
    /// The flavour it runs as, when its header or `--flavor` names one.
    public var flavor: AppFlavor?
    /// One flavour of several: its name says which.
    public var isMatrix = false
    public var header: ScriptHeader
    /// The header's errors, as diagnostics print them (the script does not run).
    public var headerErrors: [String] = []
    /// Why the script could not be read (it does not run).
    public var readError: String?

    public init(path: String, suitePath: String, flavor: AppFlavor? = nil, header: ScriptHeader = ScriptHeader()) {
        self.path = path
        self.suitePath = suitePath
        self.flavor = flavor
        self.header = header
    }

    /// `suite/x.placescript`, or `suite/x.placescript [objc]` as one flavour of several.
    public var name: String {
        guard isMatrix, let flavor else { return path }
        return "\(path) [\(flavor.rawValue)]"
    }

    /// The expected standard output (`.out`) or error (`.err`) file: the flavour's own
    /// (`NAME.placescript.objc.out`) where there is one, else the script's.
    public func goldenPaths(_ suffix: String) -> [String] {
        var paths = [path + "." + suffix]
        if let flavor { paths.insert(path + "." + flavor.rawValue + "." + suffix, at: 0) }
        return paths
    }
}

/// How a test came out.
public enum TestVerdict: String, Sendable {
    case passed, failed
    /// It could not run: its header or its script does not parse, or it could not be started.
    case error
    case skipped
    /// It failed, as its `# xfail:` header expects.
    case xfailed
    /// It passed although its `# xfail:` header expects it to fail: a failure of the run.
    case xpassed

    /// Whether this fails the run.
    public var failsTheRun: Bool { self == .failed || self == .error || self == .xpassed }
}

/// Where a command of the script started in its standard output, as the script's process tells
/// `placeshell test` (`PLACESHELL_TEST_TRACE`).
public struct TraceRecord: Sendable, Equatable {
    public var offset: Int
    public var file: String
    public var line: Int
    public var command: String

    public init(offset: Int, file: String, line: Int, command: String) {
        self.offset = offset
        self.file = file
        self.line = line
        self.command = command
    }

    /// `OFFSET\tLINE\tFILE\tCOMMAND\n`, tabs and line breaks in the text escaped.
    public var encoded: String {
        "\(offset)\t\(line)\t\(Self.escape(file))\t\(Self.escape(command))\n"
    }

    /// The records of a trace, in the order written; lines that do not read are left out.
    public static func decode(_ bytes: [UInt8]) -> [TraceRecord] {
        var records: [TraceRecord] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            // safe: parses text: nil when it is not a number
            guard parts.count == 4, let offset = Int(parts[0]), let number = Int(parts[1]) else { continue }
            records.append(
                TraceRecord(
                    offset: offset, file: unescape(String(parts[2])), line: number,
                    command: unescape(String(parts[3]))))
        }
        return records
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }

    private static func unescape(_ text: String) -> String {
        var out = ""
        var escaped = false
        for ch in text {
            if escaped {
                out.append(ch == "t" ? "\t" : ch == "n" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// For each line of `output`, the record of the command that printed it (the last to start
    /// before the line did), or nil for lines printed before the first command.
    public static func attribute(_ records: [TraceRecord], to output: [UInt8]) -> [TraceRecord?] {
        var starts = [0]
        for (i, b) in output.enumerated() where b == 0x0A && i + 1 < output.count { starts.append(i + 1) }
        if output.isEmpty { starts = [] }
        var result: [TraceRecord?] = []
        var k = -1
        for start in starts {
            while k + 1 < records.count && records[k + 1].offset <= start { k += 1 }
            result.append(k >= 0 ? records[k] : nil)
        }
        return result
    }
}

/// What a script's process did, as `placeshell test` saw it.
public struct ScriptRun {
    public var exitStatus: Int32?
    public var signal: Int32?
    /// The run went past its time: after how long, and the command that was running.
    public var timedOut: (milliseconds: Int, running: TraceRecord?)?
    /// The output, whole; or, when `stdoutCapture` holds more than memory keeps, its start.
    public var stdout: [UInt8] = []
    public var stderr: [UInt8] = []
    /// The whole output when it is longer than `stdout` holds (`OutputCapture`), else nil.
    public var stdoutCapture: OutputCapture?
    public var stderrCapture: OutputCapture?
    public var trace: [TraceRecord] = []
    public var milliseconds = 0

    public init() {}

    /// The whole standard output, as a stream.
    public var stdoutContent: OutputCapture { stdoutCapture ?? OutputCapture(bytes: stdout) }
    public var stderrContent: OutputCapture { stderrCapture ?? OutputCapture(bytes: stderr) }
}

/// An expected output: the file's name as a report shows it, and its contents (`OutputCapture`:
/// its start in memory, the rest read from the file as the comparison goes).
public typealias ExpectedOutput = (name: String, content: OutputCapture)

/// What a report keeps of each stream: its first megabyte (the JSON line and the JUnit XML
/// say how long the whole was).
public let reportedOutputLimit = 1 << 20

/// How one test came out, with everything a report shows of it.
public struct TestOutcome: Sendable {
    public var verdict: TestVerdict
    public var milliseconds = 0
    public var exitStatus: Int32?
    /// The output, or its first `reportedOutputLimit` bytes: `stdoutBytes` says how long it was.
    public var stdout: [UInt8] = []
    public var stderr: [UInt8] = []
    public var stdoutBytes = 0
    public var stderrBytes = 0
    /// One line: why it failed, was skipped or failed as expected; empty when it passed.
    public var message = ""
    /// The lines shown under it: its diagnostics, its diffs, where its $TMP was kept.
    public var detail: [String] = []
    /// The golden files `--update` wrote, or why it did not.
    public var updates: [String] = []
    /// How to run it again by hand (`-v`).
    public var command = ""

    public init(verdict: TestVerdict, message: String = "", detail: [String] = []) {
        self.verdict = verdict
        self.message = message
        self.detail = detail
    }
}

/// Judges a run: its exit status against the one it expects, its output against the expected
/// files (nil where there is none), its `# xfail:`. `scriptFile` is the name the script's
/// process gave its diagnostics (it runs from its own folder); they are shown with `test.path`.
public func judge(
    _ test: TestCase, _ run: ScriptRun, expectedStdout: ExpectedOutput?, expectedStderr: ExpectedOutput?,
    unicode: Bool
) -> TestOutcome {
    var outcome = TestOutcome(verdict: .passed)
    outcome.milliseconds = run.milliseconds
    outcome.exitStatus = run.exitStatus
    outcome.keepOutput(of: run)
    let scriptFile = lastPathComponent(test.path)
    let stderrLines = UnifiedDiff.lines(run.stderr).map { shownWithPath($0, file: scriptFile, path: test.path) }
    var problems: [String] = []
    var detail: [String] = []
    var isError = false
    if let (ms, running) = run.timedOut {
        var message = "timed out after \(formatTestDuration(ms))"
        if let running { message += ", running \(describe(running, scriptFile: scriptFile, path: test.path))" }
        problems.append(message)
        detail = [message] + stderrLines
    } else if let signal = run.signal {
        problems.append("killed by signal \(signal)")
        detail = stderrLines + ["killed by signal \(signal)"]
    } else if let status = run.exitStatus {
        let expected = test.header.exitStatus ?? 0
        if status != expected {
            let firstError = stderrLines.first { $0.contains("error:") } ?? stderrLines.first
            let statusLine = "exited with status \(status), expected \(expected)"
            if status == 2 && expected != 2 {
                isError = true
                problems.append(firstError ?? "the script does not parse (exit status 2)")
            } else if expected != 0 || firstError == nil {
                problems.append(statusLine)
            } else {
                problems.append(firstError ?? statusLine)
            }
            detail = stderrLines
            if expected != 0 || firstError == nil { detail.append(statusLine) }
        }
    }
    // Which command printed each line is worked out only for a diff.
    var attributed: [TraceRecord?]? = nil
    func label(_ line: Int) -> String? {
        if attributed == nil { attributed = TraceRecord.attribute(run.trace, to: run.stdout) }
        let attribution = attributed ?? []
        // Lines missing at the end: after the last command that ran.
        if line >= attribution.count, let last = run.trace.last {
            return "after " + describe(last, scriptFile: scriptFile, path: test.path)
        }
        // Line 0 marks where the trace left records out (`TraceCapture`): no command is named.
        guard line < attribution.count, let record = attribution[line], record.line > 0 else { return nil }
        return describe(record, scriptFile: scriptFile, path: test.path)
    }
    if let (name, expected) = expectedStdout, let at = run.stdoutContent.firstDifference(from: expected) {
        let message = "standard output differs from \(name) (-expected +actual)"
        problems.append(message)
        detail.append(message)
        if run.stdoutCapture != nil || !expected.isWhole {
            detail += longDiff(expected, run.stdoutContent, at: at, unicode: unicode) { offset in
                // The command that printed the line at `offset`: the last to start before it.
                var found: TraceRecord? = nil
                for record in run.trace {
                    if record.offset > offset { break }
                    found = record
                }
                guard let found, found.line > 0 else { return nil }
                return describe(found, scriptFile: scriptFile, path: test.path)
            }
        } else {
            detail += UnifiedDiff(expected: expected.head, actual: run.stdout).render(unicode: unicode, label: label)
        }
    }
    if let (name, expected) = expectedStderr, let at = run.stderrContent.firstDifference(from: expected) {
        let message = "standard error differs from \(name) (-expected +actual)"
        problems.append(message)
        // Only stdout is traced: the lines of stderr are not attributed.
        if detail.starts(with: stderrLines) { detail.removeFirst(stderrLines.count) }
        detail.append(message)
        if run.stderrCapture != nil || !expected.isWhole {
            detail += longDiff(expected, run.stderrContent, at: at, unicode: unicode) { _ in nil }
        } else {
            detail += UnifiedDiff(expected: expected.head, actual: run.stderr).render(unicode: unicode)
        }
    }
    if let first = problems.first {
        outcome.verdict = isError ? .error : .failed
        outcome.message = first
        outcome.detail = detail
    }
    // An expected failure is a command or an expectation that failed, or output that differs:
    // a script that does not parse, runs out of time or is killed is not what was expected.
    if let reason = test.header.xfail, run.timedOut == nil, run.signal == nil, outcome.verdict != .error {
        if outcome.verdict == .passed {
            outcome.verdict = .xpassed
            outcome.message = "passed, but it is expected to fail (xfail: \(reason))"
            outcome.detail = [outcome.message]
        } else {
            outcome.detail = ["failed as expected (xfail: \(reason)): \(outcome.message)"]
            outcome.verdict = .xfailed
            outcome.message = reason
        }
    }
    return outcome
}

extension TestOutcome {
    /// Keeps what a report shows of the run's output: the first `reportedOutputLimit` bytes
    /// of each stream, and how long each was.
    public mutating func keepOutput(of run: ScriptRun) {
        stdout = reported(run.stdout)
        stderr = reported(run.stderr)
        stdoutBytes = run.stdoutCapture?.count ?? run.stdout.count
        stderrBytes = run.stderrCapture?.count ?? run.stderr.count
    }
}

/// The first `reportedOutputLimit` bytes of `bytes`, cut before a character, never inside one.
private func reported(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count > reportedOutputLimit else { return bytes }
    var end = reportedOutputLimit
    while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return Array(bytes[..<end])
}

/// The diff of an output longer than memory keeps (`OutputCapture`) from what was expected:
/// the lines around the first difference, at `at`, numbered as in the whole; `label` names
/// the command that printed the line at an offset of the output.
private func longDiff(
    _ expected: OutputCapture, _ capture: OutputCapture, at: Int, unicode: Bool, label: (Int) -> String?
) -> [String] {
    if let failure = capture.failure ?? expected.failure { return [failure + "; it is not compared further"] }
    // From the start of the line where they part, some lines before it, to about 16 KiB on.
    let before = capture.bytes(in: max(0, at - (16 << 10))..<at)
    var start = at - before.count
    var newlines = 0
    for (i, b) in before.enumerated().reversed() where b == 0x0A {
        newlines += 1
        if newlines == 4 {
            start += i + 1
            break
        }
    }
    if newlines < 4 && start > 0, let first = before.firstIndex(of: 0x0A) { start += first + 1 }
    func window(_ bytes: [UInt8]) -> [UInt8] {
        var piece = bytes
        if let last = piece.lastIndex(of: 0x0A), piece.count > at - start + (8 << 10) { piece = Array(piece[...last]) }
        return piece
    }
    let actual = window(capture.bytes(in: start..<(at + (16 << 10))))
    let theirs = window(expected.bytes(in: start..<(at + (16 << 10))))
    // The line `start` begins: counted through the stream up to it.
    var line = 0
    var offset = 0
    capture.forEachPiece { piece in
        piece.prefix(start - offset).withUnsafeBytes { raw in
            guard var p = raw.baseAddress else { return }
            let end = p + raw.count
            while p < end, let hit = memchr(p, 0x0A, end - p) {
                line += 1
                p = UnsafeRawPointer(hit) + 1
            }
        }
        offset += piece.count
        return offset < start
    }
    var diff = UnifiedDiff(expected: theirs, actual: actual)
    diff.shift(byLines: line)
    let lineOffsets = [start] + actual.indices.filter { actual[$0] == 0x0A }.map { start + $0 + 1 }
    var out = [
        "the output is \(counted(capture.count, "byte")), \(counted(expected.count, "byte")) expected; "
            + "they agree up to byte \(groupedThousands(at)): the lines around it"
    ]
    out += diff.render(unicode: unicode) { n in
        let k = n - line
        return k >= 0 && k < lineOffsets.count ? label(lineOffsets[k]) : nil
    }
    return out
}

/// `line 7: select 2`, or `lib/helper.placescript:3: echo x` in a sourced file.
private func describe(_ record: TraceRecord, scriptFile: String, path: String) -> String {
    let place =
        record.file == scriptFile
        ? "line \(record.line)" : "\(fileAsShown(record.file, scriptFile: scriptFile, path: path)):\(record.line)"
    return "\(place): \(record.command)"
}

/// A file the script's process names (it runs from the script's folder: the script by its
/// file name, a file it sources relative to that folder) as the report names files: relative
/// to where `placeshell test` runs.
private func fileAsShown(_ file: String, scriptFile: String, path: String) -> String {
    if file == scriptFile { return path }
    if file.hasPrefix("/") || file.hasPrefix("<") { return file }
    let folder = directoryName(path)
    return normalizedPath(folder == "." ? file : folder + "/" + file)
}

/// `a/./b/../c` as `a/c`: `.` and `name/..` taken out, as far as the path itself says.
private func normalizedPath(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        if part == "." { continue }
        if part == "..", let last = parts.last, last != ".." {
            parts.removeLast()
            continue
        }
        parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
}

/// A diagnostic of the script's process (`FILE:LINE:COL: …`), with its file named as the
/// report names files.
private func shownWithPath(_ line: String, file: String, path: String) -> String {
    guard let named = diagnosticFile(line) else { return line }
    let shown = fileAsShown(named, scriptFile: file, path: path)
    if shown == named { return line }
    return shown + line.dropFirst(named.count)
}

/// The file a diagnostic line names, `FILE` of `FILE:LINE:COL: …` (the name up to the line's
/// first colon), or nil for another line.
private func diagnosticFile(_ line: String) -> String? {
    let bytes = Array(line.utf8)
    guard let colon = bytes.firstIndex(of: 0x3A), colon > 0 else { return nil }
    func digits(from start: Int) -> Int? {
        var end = start
        while end < bytes.count && bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
        return end > start && end < bytes.count && bytes[end] == 0x3A ? end : nil
    }
    guard let afterLine = digits(from: colon + 1), let afterColumn = digits(from: afterLine + 1),
        afterColumn + 1 < bytes.count, bytes[afterColumn + 1] == 0x20
    else { return nil }
    return String(decoding: bytes[..<colon], as: UTF8.self)
}

/// `30s`, `1.5s`, `500ms`.
public func formatTestDuration(_ ms: Int) -> String {
    if ms % 1000 == 0 { return "\(ms / 1000)s" }
    if ms > 1000 { return "\(ms / 1000).\(String(ms % 1000 + 1000).dropFirst())s" }
    return "\(ms)ms"
}

// MARK: - Reports

/// The counts of a run and its closing line: `N passed, N failed[, N skipped][, N xfailed]`.
public struct TestTally: Sendable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    public var xfailed = 0
    public var errors = 0

    public init() {}

    public mutating func count(_ verdict: TestVerdict) {
        switch verdict {
        case .passed: passed += 1
        case .failed, .xpassed: failed += 1
        case .error:
            failed += 1
            errors += 1
        case .skipped: skipped += 1
        case .xfailed: xfailed += 1
        }
    }

    public var total: Int { passed + failed + skipped + xfailed }

    public var closingLine: String {
        var line = "\(passed) passed, \(failed) failed"
        if skipped > 0 { line += ", \(skipped) skipped" }
        if xfailed > 0 { line += ", \(xfailed) xfailed" }
        return line
    }
}

/// The text report's line for a test, and its detail under it when it failed.
public func testTextLines(
    _ test: TestCase, _ outcome: TestOutcome, width: Int, utf8: Bool, color: Bool, verbose: Bool
) -> String {
    var mark: String
    var paint: String
    switch outcome.verdict {
    case .passed: (mark, paint) = (utf8 ? "✓" : "ok", "32")
    case .failed, .error, .xpassed: (mark, paint) = (utf8 ? "✗" : "FAIL", "31")
    case .skipped: (mark, paint) = (utf8 ? "-" : "skip", "33")
    case .xfailed: (mark, paint) = (utf8 ? "x" : "xf", "33")
    }
    if !utf8 { mark += String(repeating: " ", count: 4 - mark.count) }
    if color { mark = "\u{1B}[\(paint)m\(mark)\u{1B}[0m" }
    let name = escapingControlCharacters(test.name)
    let padding = String(repeating: " ", count: max(0, width - displayWidth(name)))
    var line: String
    switch outcome.verdict {
    case .skipped:
        line = "\(mark) \(name)\(padding)  skipped: \(escapingControlCharacters(outcome.message))\n"
    case .xfailed:
        line = "\(mark) \(name)\(padding)  xfail: \(escapingControlCharacters(outcome.message))\n"
    default:
        let time = String(outcome.milliseconds)
        line = "\(mark) \(name)\(padding)  \(String(repeating: " ", count: max(0, 5 - time.count)))\(time) ms\n"
    }
    if outcome.verdict.failsTheRun {
        let shown = outcome.detail.prefix(200)
        for detail in shown { line += "    " + escapingControlCharacters(detail) + "\n" }
        if outcome.detail.count > shown.count { line += "    … \(outcome.detail.count - shown.count) more lines\n" }
    }
    for update in outcome.updates { line += "    " + escapingControlCharacters(update) + "\n" }
    if verbose && !outcome.command.isEmpty { line += "    run: " + escapingControlCharacters(outcome.command) + "\n" }
    return line
}

/// The TAP lines of test `number`.
public func testTAPLines(_ number: Int, _ test: TestCase, _ outcome: TestOutcome) -> String {
    let name = escapingControlCharacters(test.name).replacing("#", with: "\\#")
    switch outcome.verdict {
    case .passed:
        return "ok \(number) - \(name)\n"
    case .skipped:
        return "ok \(number) - \(name) # SKIP \(escapingControlCharacters(outcome.message))\n"
    case .xfailed:
        return "not ok \(number) - \(name) # TODO \(escapingControlCharacters(outcome.message))\n"
    case .failed, .error, .xpassed:
        var text = "not ok \(number) - \(name)\n  ---\n  message: "
        JSON.appendQuoted(outcome.message, to: &text)
        text += "\n  severity: \(outcome.verdict == .error ? "error" : "fail")\n"
        if let code = outcome.exitStatus { text += "  exit_status: \(code)\n" }
        text += "  duration_ms: \(outcome.milliseconds)\n"
        if !outcome.detail.isEmpty {
            text += "  detail: |\n"
            for line in outcome.detail { text += "    " + escapingControlCharacters(line) + "\n" }
        }
        return text + "  ...\n"
    }
}

/// The JSON object of a test, on one line: its whole output, not an excerpt, up to
/// `reportedOutputLimit` bytes of each stream; past that, the start and `stdout_bytes`.
public func testJSONLine(_ test: TestCase, _ outcome: TestOutcome) -> String {
    var line = "{\"path\":"
    JSON.appendQuoted(test.path, to: &line)
    if let flavor = test.flavor { line += ",\"flavor\":\"\(flavor.rawValue)\"" }
    line += ",\"status\":\"\(outcome.verdict.rawValue)\",\"time_ms\":\(outcome.milliseconds)"
    if let code = outcome.exitStatus { line += ",\"exit_status\":\(code)" }
    if !outcome.message.isEmpty {
        line += ",\"message\":"
        JSON.appendQuoted(outcome.message, to: &line)
    }
    if !outcome.detail.isEmpty {
        line += ",\"detail\":["
        for (i, d) in outcome.detail.enumerated() {
            if i > 0 { line += "," }
            JSON.appendQuoted(d, to: &line)
        }
        line += "]"
    }
    line += ",\"stdout\":"
    JSON.appendQuoted(String(decoding: outcome.stdout, as: UTF8.self), to: &line)
    line += ",\"stderr\":"
    JSON.appendQuoted(String(decoding: outcome.stderr, as: UTF8.self), to: &line)
    // A stream longer than a report keeps: its start above, and how long it was.
    if outcome.stdoutBytes > outcome.stdout.count { line += ",\"stdout_bytes\":\(outcome.stdoutBytes)" }
    if outcome.stderrBytes > outcome.stderr.count { line += ",\"stderr_bytes\":\(outcome.stderrBytes)" }
    return line + "}\n"
}

/// Milliseconds as seconds with three decimals: `0.012`.
func formatSeconds(_ ms: Int) -> String { "\(ms / 1000).\(String(ms % 1000 + 1000).dropFirst())" }

/// The JUnit XML of a run, in the strict form Jenkins' `junit-10.xsd` allows: one test suite,
/// a test case per test with its folder as the class name; a script that could not run is an
/// `<error>`, a failure a `<failure>`; the whole output in `<system-out>` and `<system-err>`.
public func junitReport(_ results: [(TestCase, TestOutcome)], milliseconds: Int) -> String {
    var tally = TestTally()
    for (_, outcome) in results { tally.count(outcome.verdict) }
    let failures = tally.failed - tally.errors
    let seconds = formatSeconds(milliseconds)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let counted = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(tally.errors)\""
    xml += "<testsuites name=\"placeshell test\" \(counted) time=\"\(seconds)\">\n"
    xml += "  <testsuite name=\"placeshell test\" \(counted) skipped=\"\(tally.skipped + tally.xfailed)\""
    xml += " time=\"\(seconds)\">\n"
    for (test, outcome) in results { xml += junitCase(test, outcome) }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
}

private func junitCase(_ test: TestCase, _ outcome: TestOutcome) -> String {
    let folder = directoryName(test.path)
    let classname = folder == "." ? "placeshell" : folder.split(separator: "/").joined(separator: ".")
    var name = lastPathComponent(test.path)
    if name.hasSuffix(".placescript") { name.removeLast(".placescript".count) }
    if test.isMatrix, let flavor = test.flavor { name += "[\(flavor.rawValue)]" }
    var xml = "    <testcase classname=\"\(xmlEscaped(classname, attribute: true))\""
    xml += " name=\"\(xmlEscaped(name, attribute: true))\" time=\"\(formatSeconds(outcome.milliseconds))\""
    // The message names the script where the diagnostic does not: `PATH: MESSAGE`.
    let message = outcome.message.hasPrefix(test.path + ":") ? outcome.message : test.path + ": " + outcome.message
    var body = ""
    switch outcome.verdict {
    case .passed:
        break
    case .skipped, .xfailed:
        body += "      <skipped message=\"\(xmlEscaped(outcome.message, attribute: true))\"/>\n"
    case .failed, .xpassed, .error:
        let element = outcome.verdict == .error ? "error" : "failure"
        let type = outcome.verdict == .error ? "error" : outcome.verdict == .xpassed ? "xpass" : "failure"
        body += "      <\(element) message=\"\(xmlEscaped(message, attribute: true))\" type=\"\(type)\">"
        body += xmlEscaped(outcome.detail.joined(separator: "\n"))
        body += "</\(element)>\n"
    }
    if outcome.verdict != .skipped {
        for (element, bytes, total) in [
            ("system-out", outcome.stdout, outcome.stdoutBytes), ("system-err", outcome.stderr, outcome.stderrBytes),
        ] where !bytes.isEmpty {
            var text = String(decoding: bytes, as: UTF8.self)
            if total > bytes.count {
                text += "\n[placeshell test: the first \(counted(bytes.count, "byte")) of \(counted(total, "byte"))]"
            }
            body += "      <\(element)>\(xmlEscaped(text))</\(element)>\n"
        }
    }
    return body.isEmpty ? xml + "/>\n" : xml + ">\n" + body + "    </testcase>\n"
}
