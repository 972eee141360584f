import PlaceFormats
import PlaceKit
import PlaceStorage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// What the session did that a real Simulator can follow, command by command: the state a
/// Simulator could be brought to (`SimulatorState`) is taken after every command that acts, and
/// what changed becomes steps. `export simctl` writes them as a shell script.
public final class SimulatorJournal {
    /// One command's steps, with where the command was and the virtual time it began at.
    struct Entry {
        /// Where the command is written (not the command itself: its bound arguments are let go).
        var location: SourceLocation
        var clock: Double
        /// Its steps: `actions[first..<end]` of the journal.
        var first: Int
        var end: Int
        /// Until this virtual time after it, the time to the next step matters
        /// (`timeMattersUntil`).
        var timeMatters: Double?
    }
    /// Every entry's steps, one after the other.
    private(set) var actions: [SimulatorAction] = []

    /// The most entries kept: a script that starts a route in a loop a million times gets a
    /// script of its first steps, and says so.
    static let limit = 100_000

    /// The shell's session this journal follows (`Shell.sessionGeneration`): a `load` or a
    /// replay starts a new one from where it left the session.
    private(set) var generation: Int
    /// The steps that bring a blank Simulator to where the journal began.
    private(set) var start: [SimulatorAction]
    /// The virtual time the journal began at.
    private(set) var startClock: Double
    /// What began it after the first: the command that loaded or replaced the session.
    private(set) var startedBy: String?
    /// The same where it began.
    private(set) var startTimeMatters: Double?
    private(set) var entries: [Entry] = []
    /// Entries left out past `limit`.
    private(set) var dropped = 0
    /// The state after the last command that acts (taken out while a command is recorded, so
    /// that it is never copied).
    private var last: SimulatorState?

    init(_ session: Session, generation: Int, startedBy: String? = nil) {
        self.generation = generation
        self.startedBy = startedBy
        let now = SimulatorState(session)
        var built = SimulatorBuild.tutorial
        start = now.actions(since: .blank(session), session: session, build: &built)
        build = built
        if let player = session.route, !player.isFinished {
            start.append(
                .note(
                    "the route had run \(formatDuration(player.elapsed(at: session.clock))) of \(formatDuration(player.route.duration)) here; the Simulator starts it from its beginning"
                ))
        }
        startTimeMatters = SimulatorJournal.timeMattersUntil(session, running: now.routeRunning)
        startClock = session.clock
        clock = session.clock
        last = now
    }

    /// The virtual time after the last command.
    private(set) var clock: Double

    /// What the Simulator's app is built with after the last step.
    private var build = SimulatorBuild.tutorial

    /// What `session` changed in the app's Info.plist and code after the app's last launch.
    func notYetInstalled(_ session: Session) -> [String] { SimulatorBuild(session).changes(from: build) }

    /// Takes the state after a command that acts and keeps what changed, at the virtual time
    /// the command began (what it set off may take time: a launch's alert, an animation); a
    /// command that only looks moves neither the state nor the clock.
    func record(_ shell: Shell) {
        let session = shell.session
        let began = clock
        guard let spec = shell.lastCommand, let invocation = shell.lastInvocation else { return }
        let now = SimulatorState(session)
        clock = now.clock
        let timeMatters = SimulatorJournal.timeMattersUntil(session, running: now.routeRunning)
        let first = actions.count
        if let old = last.take(), now != old {
            now.appendActions(since: old, session: session, build: &build, to: &actions)
        }
        if actions.count == first && spec.effect == .touches && session.app != nil && !shell.lastFailed {
            // A gesture on the map (a marker, a drag, a pinch, the my-location button); one the
            // shell refused did nothing.
            actions.append(.byHand("in the app, what '\(invocation.text)' does: \(spec.summary)"))
        }
        last = consume now
        guard actions.count > first else { return }
        if entries.count >= SimulatorJournal.limit {
            dropped += 1
            actions.removeSubrange(first...)
            return
        }
        entries.append(
            Entry(
                location: invocation.location, clock: began,
                first: first, end: actions.count, timeMatters: timeMatters))
    }

    /// Until when what happens depends on time passing, in virtual time: the running route's
    /// end; with approximate location, always (a fix is held back for minutes); nil: nothing.
    static func timeMattersUntil(_ session: Session, running: Bool) -> Double? {
        if !session.device.privacy.precise && session.device.position != nil { return .infinity }
        guard running, let player = session.route else { return nil }
        return Double(player.startMicros) / 1_000_000 + player.route.duration
    }
}

extension Shell {
    /// What the session did that a real Simulator can follow (`export simctl`), begun anew when
    /// the session is replaced.
    public var simulatorJournal: SimulatorJournal {
        if let journal = _simulatorJournal, journal.generation == sessionGeneration { return journal }
        let startedBy = lastInvocation.map { "'\($0.text)' (\(describe($0.location)))" }
        let journal = SimulatorJournal(session, generation: sessionGeneration, startedBy: startedBy)
        _simulatorJournal = journal
        return journal
    }
}

/// `FILE:LINE`.
private func describe(_ location: SourceLocation) -> String { "\(location.source.name):\(location.line)" }

/// A comment of the script: one line, whatever the names in it hold (a file name may have a
/// line break, which would end the comment and make the rest a command).
private func comment(_ text: String) -> String { "# " + oneLine(text) }

/// The steps of a journal as a POSIX shell script of `xcrun simctl` commands, with the steps no
/// simctl command does as `by_hand` lines.
struct SimctlScript {
    var device: String
    var bundle: String
    var lines: [String] = []
    /// How many simctl commands, steps by hand and seconds of sleep it has.
    var commands = 0
    var byHand = 0
    var slept = 0.0

    /// Waypoints past this many go on standard input (`-`), one a line.
    static let inlineWaypoints = 20

    init(device: String, bundle: String) {
        self.device = device
        self.bundle = bundle
    }

    /// `session`: the session the journal followed, as it is now.
    mutating func write(_ journal: SimulatorJournal, session: Session, origin: String) {
        lines += [
            "#!/bin/sh",
            comment("Brings a Simulator where the placeshell session \(origin) went (written by 'export simctl')."),
            "# The commands follow 'xcrun simctl help location' and 'xcrun simctl help privacy' as",
            "# Xcode 16 to 26 print them. Before running it, boot the Simulator and run the tutorial",
            "# app on it once from Xcode (bundle \(bundle)). The app's places come from",
            "# Google's servers, not from placeshell's dataset; commands that change only placeshell's",
            "# world (the dataset, the shell's settings) have no step here. A command that failed",
            "# did nothing, and has none either.",
            "# What no simctl command does is a 'by_hand' step: the script says it and, run from a",
            "# terminal, waits for Return. 'pause' lets the time pass that passed in the session (less",
            "# what the steps by hand took; a minute at most while nothing moves).",
            "set -eu",
            "spent=0",
            "",
            "by_hand() {",
            "    printf 'by hand: %s\\n' \"$1\"",
            "    if [ -t 0 ]; then",
            "        began=$(date +%s)",
            "        printf '  press Return when done '",
            "        read -r _",
            "        spent=$((spent + $(date +%s) - began))",
            "    fi",
            "}",
            "",
            "pause() {",
            "    left=$(awk -v s=\"$1\" -v d=\"$spent\" 'BEGIN { x = s - d; if (x < 0) x = 0; print x }')",
            "    spent=0",
            "    sleep \"$left\"",
            "}",
            "",
            "# A clean start: the app not running, its location permission not asked, no simulated location.",
        ]
        emit(.terminate)
        emit(.privacy(action: "reset", service: "location", why: "Ask Next Time"))
        emit(.clearLocation)
        if !journal.start.isEmpty {
            lines.append("")
            lines.append(
                journal.startedBy.map { comment("Where \($0) left the session:") } ?? "# Where the session began:")
            for action in journal.start { emit(action) }
        }
        var time = journal.startClock
        var timeMatters = journal.startTimeMatters
        for entry in journal.entries {
            lines.append("")
            if entry.clock > time {
                pause(entry.clock - time, mattersFor: timeMatters.map { max(0, $0 - time) })
                time = entry.clock
            }
            timeMatters = entry.timeMatters
            lines.append(comment("\(describe(entry.location)): \(entry.location.text)"))
            for action in journal.actions[entry.first..<entry.end] { emit(action) }
        }
        if journal.dropped > 0 {
            lines.append("")
            lines.append(
                "# The session went on with \(journal.dropped) more step\(journal.dropped == 1 ? "" : "s"), past the \(SimulatorJournal.limit) a script holds."
            )
        }
        if journal.clock > time {
            lines.append("")
            lines.append("# The session went on for \(formatDuration(journal.clock - time)) more.")
        }
        let pending = journal.notYetInstalled(session)
        if !pending.isEmpty {
            lines.append("")
            lines.append(
                "# Not yet built into the Simulator's app (changed after its last launch; a launch builds it in):")
            for change in pending { lines.append(comment("  " + change)) }
        }
    }

    /// The longest pause while nothing moves: time the app only waits through.
    static let idleLimit = 60.0

    /// `seconds` of the session; `mattersFor`: how long of them time matters (a route runs;
    /// infinite with approximate location; nil: none).
    private mutating func pause(_ seconds: Double, mattersFor: Double?) {
        let rounded = (seconds * 1000).rounded() / 1000
        guard rounded > 0 else { return }
        let whole = formatDuration(rounded.rounded(.down))
        if let moving = mattersFor.map({ ($0 * 1000).rounded() / 1000 }) {
            // Moving, then idle: the route's time, then a minute at most.
            if rounded > moving + Self.idleLimit {
                let cut = moving + Self.idleLimit
                lines.append(
                    "pause \(SimulatorAction.decimal(cut, 3))  # \(whole) in the session; the route ends after \(formatDuration(moving)), then a minute"
                )
                slept += cut
                return
            }
        } else if rounded > Self.idleLimit {
            lines.append(
                "pause \(SimulatorAction.decimal(Self.idleLimit, 0))  # \(whole) in the session, with nothing moving: a minute here"
            )
            slept += Self.idleLimit
            return
        }
        lines.append("pause \(SimulatorAction.decimal(rounded, 3))" + (rounded >= 60 ? "  # \(whole)" : ""))
        slept += rounded
    }

    private mutating func emit(_ action: SimulatorAction) {
        switch action {
        case .byHand(let text):
            lines.append("by_hand " + shellQuoted(text))
            byHand += 1
            return
        case .note(let text):
            lines.append(comment(text))
            return
        case .runScenario(let builtin):
            lines.append(
                "# The Simulator's \(builtin.simulatorScenario); placeshell's \(builtin.rawValue) goes its own way in that spirit. For its path, instead:"
            )
            let ours = SimulatorAction.startRoute(
                name: builtin.rawValue, waypoints: builtin.waypoints, speed: builtin.speed, spacing: .interval(1),
                varies: false)
            if let words = ours.arguments(device: device, bundle: bundle) {
                lines.append("#   xcrun simctl " + words.map(shellQuoted).joined(separator: " "))
            }
        case .startRoute(let name, let points, _, let spacing, let varies):
            if varies {
                lines.append(
                    comment(
                        "'\(name)': its times vary the pace, and simctl moves at one speed (the average, here). For the file's own pace, give Xcode the GPX file ('route export FILE.gpx'): Edit Scheme ▸ Run ▸ Options ▸ Default Location."
                    ))
            }
            if case .distance = spacing {
            } else if case .interval(let s) = spacing, s == 1 {
            } else {
                lines.append("# (the spacing of positions is the session's; simctl's default is one a second)")
            }
            if points.count > SimctlScript.inlineWaypoints,
                var words = action.arguments(device: device, bundle: bundle)
            {
                words.removeLast(points.count)
                lines.append("xcrun simctl " + words.map(shellQuoted).joined(separator: " ") + " - <<'WAYPOINTS'")
                lines += points.map(SimulatorAction.pair)
                lines.append("WAYPOINTS")
                commands += 1
                return
            }
        case .privacy(_, _, let why):
            lines.append("# Settings: \(why)")
        default:
            break
        }
        guard let words = action.arguments(device: device, bundle: bundle) else { return }
        var line = "xcrun simctl " + words.map(shellQuoted).joined(separator: " ")
        if action == .terminate { line += " 2>/dev/null || true" }
        lines.append(line)
        commands += 1
    }
}

/// A word for a POSIX shell: as it is when it has only characters no shell treats specially,
/// else in single quotes.
func shellQuoted(_ word: String) -> String {
    let plain =
        !word.isEmpty
        && word.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || "@%+=:,./-_".utf8.contains(b)
        }
    if plain { return word }
    if word.contains("'") && !word.contains(where: { "\"$`\\".contains($0) }) { return "\"" + word + "\"" }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

func exportSimctlCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let shown = try ctx.required("FILE", as: .word)
    let path = ctx.resolvedPath(shown)
    let device = try ctx.option("device", as: .word) ?? "booted"
    let bundle = try ctx.option("bundle", as: .word) ?? tutorialBundleIdentifier
    guard device.contains(where: { $0 != " " }), !device.hasPrefix("-"),
        device.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
    else {
        throw .runtime(
            "'\(oneLine(device))' is not a device simctl takes", at: try ctx.location(of: "device"),
            help: "'booted', a device's UDID, or its name as 'xcrun simctl list devices' prints it")
    }
    // Reverse-DNS words of letters, digits and '-', joined by dots, as Xcode takes them.
    let words = bundle.split(separator: ".", omittingEmptySubsequences: false)
    guard words.count >= 2, !bundle.hasPrefix("-"),
        words.allSatisfy({ word in
            !word.isEmpty
                && word.utf8.allSatisfy { b in
                    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D
                }
        })
    else {
        throw .runtime(
            "'\(oneLine(bundle))' is not a bundle identifier", at: try ctx.location(of: "bundle"),
            help: "words of letters, digits and '-' joined by dots, as in \(tutorialBundleIdentifier)")
    }
    let journal = ctx.shell.simulatorJournal
    var script = SimctlScript(device: device, bundle: bundle)
    let name = ctx.location.source.name
    let origin =
        name == "<command-line>" ? "given with -c" : name == "<stdin>" ? "read from standard input" : "of \(name)"
    script.write(journal, session: ctx.session, origin: origin)
    let bytes = Array((script.lines.joined(separator: "\n") + "\n").utf8)
    // Executable, as the umask lets files be.
    let mask = umask(0)
    umask(mask)
    switch writeFileAtomically(path, bytes, newFileMode: 0o777 & ~mask) {
    case .success: break
    case .failure(let e): throw .runtime(writeFailureMessage(path, e), at: try ctx.location(of: "FILE"))
    }
    func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    var text = "wrote \(path): \(count(script.commands, "simctl command")), \(count(script.byHand, "step")) by hand"
    if script.slept > 0 { text += ", \(formatDuration(script.slept)) of sleep" }
    return .line(
        text,
        value: .record([
            Value.Field("path", .string(path)), Value.Field("commands", .int(script.commands)),
            Value.Field("byHand", .int(script.byHand)), Value.Field("sleep", .number(script.slept, .duration)),
        ]))
}
