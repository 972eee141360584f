import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// Recording a session as a storyboard: one HTML page, a step per command, the phone drawn
    /// at each.
    public static let storyboard = CommandFamily(
        name: "Storyboard",
        summary: "record the commands that follow as one HTML page: a step per command, the phone at each",
        manual: #"""
            Record a session as a storyboard: one self-contained HTML page with a step for
            each command, its output and console lines, and the phone as
            .Ic snapshot
            draws it.
            """#,
        commands: [
            CommandSpec(
                "record",
                arguments: [
                    ArgSpec(
                        "FILE", storyboardPathType.completingFileNames(".html"), summary: "FILE.html to write, or stop")
                ],
                summary: "record the commands that follow as a storyboard (FILE.html); 'record stop' writes it",
                effect: .acts,
                api: APIEntry(what: "nothing in the app: a page of the session, step by step, for people to read"),
                manual: #"""
                    .It Ic record Ar FILE.html Ns | Ns Cm stop
                    From
                    .Ic record Ar FILE.html
                    until
                    .Ic record stop ,
                    or the end of the script or session
                    .Po
                    .Ic quit ,
                    Ctrl-D, the end of
                    .Fl c
                    or of standard input; a note then says where it went
                    .Pc ,
                    each command becomes a step of a
                    storyboard: one self-contained HTML page with the command, its output and
                    error, the app's console lines, the phone as
                    .Ic snapshot
                    draws it once the app runs, and the tutorial's step text while the tutorial
                    runs.
                    A walk's step text carries its language's
                    .Li lang
                    and direction
                    .Pq Persian right to left, Korean without breaks inside words ;
                    when every step of the walk is in one language, the whole page is in it:
                    its buttons, its headings and its position, with commands, output and the
                    phone kept left to right.
                    The page has previous and next buttons, the left and right arrow keys, and a list
                    of the steps; each step has an address, and the page opens at the step its
                    address names
                    .Pq Pa tour.html#step-3 .
                    It loads nothing from the network and runs no script from
                    elsewhere, so it works opened from a file.
                    A phone that a command did not change is drawn once, in the first step that
                    shows it, and shown again from there.
                    The page is at most 64 MiB: near it, a step keeps its command, cut to 200
                    bytes, and its phone and output only where they fit; when not even the
                    commands fit, the page ends and says how many commands came after it.
                    A warning says from which step, and so do the page and
                    .Ic record stop .
                    It is written atomically
                    .Pq a relative path from the script's folder ;
                    a second
                    .Ic record
                    while recording is an error, and so is
                    .Ic record stop
                    with nothing recording.
                    A
                    .Ar FILE
                    that does not end in
                    .Pa .html
                    is an error when the script is read.
                    """#,
                examples: ["record tour.html", "record stop"],
                handler: recordCommand)
        ],
        afterCommand: { shell in storyboardAfterCommand(shell) })
}

/// `FILE.html` or `stop`, checked when the script is read.
private let storyboardPathType = ArgType(usage: "FILE.html|stop") { (c: inout TokenCursor) throws(Diagnostic) in
    guard let t = c.next() else { return .word("") }
    let path = t.text
    guard path == "stop" || (path.lowercased().hasSuffix(".html") && path.count > 5 && !path.hasSuffix("/.html"))
    else {
        throw .syntax(
            "record writes a storyboard as HTML: '\(path)' does not end in .html", at: c.location(of: t),
            help: "name the file FILE.html, e.g. 'record tour.html', or 'record stop'")
    }
    return .word(path)
}

/// A recording in progress: where it goes and the steps so far.
final class StoryboardRecording {
    /// What a storyboard keeps, and so the page's size: 64 MiB of text (the phones, which are
    /// most of it, and the steps' output). Past it, a step keeps its command, but not a phone
    /// it has not drawn before, nor output past what fits.
    static let byteLimit = 64 << 20
    /// What phones and output may take of it: the last MiB is kept for the steps' commands
    /// (each cut to `commandLimit` bytes past this) and the page's own markup of each step.
    static let contentLimit = byteLimit - (1 << 20)
    static let commandLimit = 200
    /// The page's markup for a step (its section, its link in the list), counted with it.
    static let stepOverhead = 400

    var path: String?
    var shownPath = ""
    var steps: [StoryboardStep] = []
    /// The phones drawn, each once: a step whose phone is the same as an earlier one's (the
    /// command changed nothing on the screen) refers to it.
    var frames: [String] = []
    var frameIndex: [String: Int] = [:]
    /// The bytes kept so far, against `byteLimit`.
    var bytes = 0
    /// The first step (1-based) that lost something to the limit.
    var limitedFrom: Int?
    /// Commands after the page was full, not recorded at all.
    var notRecorded = 0
    /// How many console lines the session had at the last step (lines after it are the next
    /// step's).
    var logCount = 0
    /// Started by the `record` command (not `--storyboard`): a session that ends while it
    /// records says where the page went.
    var byCommand = false

    /// Starts afresh, to `path`.
    func start(_ path: String, shown: String, logCount: Int, byCommand: Bool = false) {
        self.path = path
        shownPath = shown
        self.byCommand = byCommand
        steps = []
        frames = []
        frameIndex = [:]
        bytes = 0
        limitedFrom = nil
        notRecorded = 0
        self.logCount = logCount
    }

    /// Keeps `lines` as far as they fit in what is left; the rest is counted in a last line.
    func fitting(_ lines: [String]) -> (lines: [String], cut: Bool) {
        var kept: [String] = []
        for (i, line) in lines.enumerated() {
            let size = htmlSize(line) + 1
            if bytes + size > Self.contentLimit {
                let left = lines.count - i
                kept.append("… \(counted(left, "more line")) not kept: the storyboard is at its 64 MiB limit")
                return (kept, true)
            }
            bytes += size
            kept.append(line)
        }
        return (kept, false)
    }

    /// The frame of `svg`: one drawn before, or a new one while it fits; nil past the limit.
    func frame(_ svg: String) -> Int? {
        if let known = frameIndex[svg] { return known }
        guard bytes + svg.utf8.count <= Self.contentLimit else { return nil }
        bytes += svg.utf8.count
        frames.append(svg)
        frameIndex[svg] = frames.count - 1
        return frames.count - 1
    }
}

/// One command of a storyboard.
struct StoryboardStep {
    var command: String
    var output: [String]
    var failed: Bool
    var console: [String]
    /// The phone (`StoryboardRecording.frames`), nil when the app is not running.
    var frame: Int?
    /// The app ran but its phone was not kept (the storyboard's size limit).
    var phoneLeftOut = false
    var tutorial: StoryboardTutorial?
}

private func recordCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let word = try ctx.required("FILE", as: .word)
    let recording = ctx.shell.state(StoryboardRecording.self) { StoryboardRecording() }
    if word == "stop" {
        guard recording.path != nil else {
            throw .runtime("nothing is recording", at: ctx.location, help: "'record FILE.html' starts a storyboard")
        }
        let count = recording.steps.count
        let shown = recording.shownPath
        let limited = recording.limitedFrom
        let notRecorded = recording.notRecorded
        try finishStoryboard(ctx.shell, at: try ctx.location(of: "FILE"))
        var fields = [Value.Field("path", .string(shown)), Value.Field("steps", .int(count))]
        if let limited { fields.append(Value.Field("limitedFrom", .int(limited))) }
        return .line(
            "wrote \(shown): a storyboard of \(counted(count, "step"))"
                + (limited.map { ", cut to its 64 MiB limit from step \($0)" } ?? "")
                + (notRecorded > 0 ? "; the \(counted(notRecorded, "command")) after its last step are not on it" : ""),
            value: .record(fields))
    }
    if recording.path != nil {
        throw .runtime(
            "already recording to '\(recording.shownPath)'", at: try ctx.location(of: "FILE"),
            help: "'record stop' writes it first")
    }
    let path = ctx.resolvedPath(word)
    recording.start(path, shown: path, logCount: ctx.session.log.count, byCommand: true)
    return .line(
        "recording a storyboard to \(path): each command is a step until 'record stop' or the session's end",
        value: .record([Value.Field("path", .string(path))]))
}

/// Writes the storyboard being recorded and stops recording; does nothing when none is.
func finishStoryboard(_ shell: Shell, at location: SourceLocation?) throws(Diagnostic) {
    guard let recording = shell.existingState(StoryboardRecording.self), let path = recording.path else { return }
    let html = StoryboardPage(
        steps: recording.steps, frames: recording.frames, title: lastPathComponent(recording.shownPath),
        limitedFrom: recording.limitedFrom, notRecorded: recording.notRecorded
    ).render()
    recording.path = nil
    recording.frames = []
    recording.frameIndex = [:]
    recording.steps = []
    if case .failure(let e) = writeFileAtomically(path, Array(html.utf8)) {
        throw .runtime(writeFailureMessage(recording.shownPath, e), at: location)
    }
}

/// After every command while recording: the command, what it printed, the console lines since
/// the last step, the phone, the tutorial's step.
private func storyboardAfterCommand(_ shell: Shell) {
    guard let recording = shell.existingState(StoryboardRecording.self), recording.path != nil,
        let invocation = shell.lastInvocation, invocation.spec.name != "record"
    else { return }
    let session = shell.session
    let log = session.log
    let fresh = recording.logCount <= log.count ? Array(log[recording.logCount...]) : log
    recording.logCount = log.count
    let number = recording.steps.count + 1
    var frame: Int?
    var phoneLeftOut = false
    if let app = session.app {
        let svg = SVGSnapshot(scene: MapScene(app: app, session: session)).render().svg
        frame = recording.frame(svg)
        phoneLeftOut = frame == nil
    }
    var command = invocation.text
    // The command is on the page twice (the list of steps, the step's heading), escaped.
    var commandCut = false
    if recording.bytes + 2 * htmlSize(command) + StoryboardRecording.stepOverhead > StoryboardRecording.contentLimit {
        let cut = excerptOfCommand(command)
        commandCut = cut != command
        command = cut
    }
    let commandSize = 2 * htmlSize(command) + StoryboardRecording.stepOverhead
    guard recording.bytes + commandSize <= StoryboardRecording.byteLimit else {
        // Not even the command fits: the page ends here, and says how many followed.
        if recording.notRecorded == 0 {
            noteLimit(shell, recording, at: number)
            shell.warn(
                "the storyboard '\(recording.shownPath)' is full: it ends at step \(number - 1), "
                    + "and the commands after it are not recorded")
        }
        recording.notRecorded += 1
        return
    }
    let output = recording.fitting(shell.lastOutput)
    let console = recording.fitting(fresh)
    recording.bytes += commandSize
    if phoneLeftOut || output.cut || console.cut || commandCut { noteLimit(shell, recording, at: number) }
    recording.steps.append(
        StoryboardStep(
            command: command, output: output.lines, failed: shell.lastFailed, console: console.lines, frame: frame,
            phoneLeftOut: phoneLeftOut, tutorial: tutorialStepText(shell)))
}

extension Shell {
    /// `placeshell --storyboard FILE.html`: records every command that follows, as
    /// `record FILE.html` does (a relative path from the current directory).
    public func startStoryboard(_ path: String) {
        let recording = state(StoryboardRecording.self) { StoryboardRecording() }
        recording.start(path, shown: path, logCount: session.log.count)
    }

    /// Writes the storyboard still recording when the session ends, if any; false (with the
    /// error reported) when it cannot be written. One that `record` started (the session ended
    /// without `record stop`) is announced in a note, as `record stop` would say it.
    public func finishStoryboard() -> Bool {
        guard let recording = existingState(StoryboardRecording.self), recording.path != nil else { return true }
        let byCommand = recording.byCommand
        let shown = recording.shownPath
        let count = recording.steps.count
        do throws(Diagnostic) {
            try PlaceScript.finishStoryboard(self, at: nil)
            if byCommand {
                notice("the session ended while recording: wrote \(shown), a storyboard of \(counted(count, "step"))")
            }
            return true
        } catch {
            report(error, command: nil)
            return false
        }
    }
}

/// The first time the recording loses something to its limit: which step, and a warning.
private func noteLimit(_ shell: Shell, _ recording: StoryboardRecording, at number: Int) {
    guard recording.limitedFrom == nil else { return }
    recording.limitedFrom = number
    shell.warn(
        "the storyboard '\(recording.shownPath)' reached its 64 MiB limit at step \(number): "
            + "steps from there keep their command, and a phone or output only where it fits")
}

/// The bytes `text` takes on the page, escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;` at most
/// six bytes a character): counted so, the page never passes the storyboard's limit.
func htmlSize(_ text: String) -> Int {
    var size = 0
    for b in text.utf8 {
        switch b {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): size += 6
        case 0..<0x20, 0x7F: size += 8  // shown as `\u{1b}`
        default: size += 1
        }
    }
    return size
}

/// A command cut to `StoryboardRecording.commandLimit` bytes (at a character), with `…`.
private func excerptOfCommand(_ command: String) -> String {
    guard command.utf8.count > StoryboardRecording.commandLimit else { return command }
    var kept = ""
    var used = 0
    for ch in command {
        used += ch.utf8.count
        if used > StoryboardRecording.commandLimit { break }
        kept.append(ch)
    }
    return kept + "…"
}
