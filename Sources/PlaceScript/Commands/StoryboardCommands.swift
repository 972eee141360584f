import PlaceFormats
import PlaceKit

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
                    ArgSpec("FILE", storyboardPathType.completingFileNames(), summary: "FILE.html to write, or stop")
                ],
                summary: "record the commands that follow as a storyboard (FILE.html); 'record stop' writes it",
                details: """
                    From 'record FILE.html' until 'record stop' (or the end of the script or session),
                    each command becomes a step of one self-contained HTML page: the command, its
                    output and the app's console lines, the phone as 'snapshot' draws it (once the app
                    runs), and the tutorial's step text while the tutorial runs. The page has previous
                    and next buttons, the arrow keys and a list of the steps, and opens at the step its
                    address names (tour.html#step-3); it needs no network and no script from elsewhere,
                    and works opened from a file. It is written atomically. A phone a command did not
                    change is drawn once and shown again; past 64 MiB, a step keeps its command, and
                    its phone and output only where they fit (a warning and the page say from which step).
                    """,
                effect: .acts,
                api: APIEntry(what: "nothing in the app: a page of the session, step by step, for people to read"),
                manual: #"""
                    .It Ic record Ar FILE.html Ns | Ns Cm stop
                    From
                    .Ic record Ar FILE.html
                    until
                    .Ic record stop ,
                    or the end of the script or session, each command becomes a step of a
                    storyboard: one self-contained HTML page with the command, its output and
                    error, the app's console lines, the phone as
                    .Ic snapshot
                    draws it once the app runs, and the tutorial's step text while the tutorial
                    runs.
                    The page has previous and next buttons, the left and right arrow keys, and a list
                    of the steps; each step has an address, and the page opens at the step its
                    address names
                    .Pq Pa tour.html#step-3 .
                    It loads nothing from the network and runs no script from
                    elsewhere, so it works opened from a file.
                    A phone that a command did not change is drawn once, in the first step that
                    shows it, and shown again from there.
                    A storyboard keeps at most 64 MiB: past that, a step keeps its command, and
                    its phone and output only where they fit; a warning says from which step, and
                    so do the page and
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
                    .Dl record tour.html
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
    /// How many console lines the session had at the last step (lines after it are the next
    /// step's).
    var logCount = 0

    /// Starts afresh, to `path`.
    func start(_ path: String, shown: String, logCount: Int) {
        self.path = path
        shownPath = shown
        steps = []
        frames = []
        frameIndex = [:]
        bytes = 0
        limitedFrom = nil
        self.logCount = logCount
    }

    /// Keeps `lines` as far as they fit in what is left; the rest is counted in a last line.
    func fitting(_ lines: [String]) -> (lines: [String], cut: Bool) {
        var kept: [String] = []
        for (i, line) in lines.enumerated() {
            if bytes + line.utf8.count + 1 > Self.byteLimit {
                let left = lines.count - i
                kept.append("… \(counted(left, "more line")) not kept: the storyboard is at its 64 MiB limit")
                return (kept, true)
            }
            bytes += line.utf8.count + 1
            kept.append(line)
        }
        return (kept, false)
    }

    /// The frame of `svg`: one drawn before, or a new one while it fits; nil past the limit.
    func frame(_ svg: String) -> Int? {
        if let known = frameIndex[svg] { return known }
        guard bytes + svg.utf8.count <= Self.byteLimit else { return nil }
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
    var tutorial: String?
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
        try finishStoryboard(ctx.shell, at: try ctx.location(of: "FILE"))
        var fields = [Value.Field("path", .string(shown)), Value.Field("steps", .int(count))]
        if let limited { fields.append(Value.Field("limitedFrom", .int(limited))) }
        return .line(
            "wrote \(shown): a storyboard of \(counted(count, "step"))"
                + (limited.map { ", cut to its 64 MiB limit from step \($0)" } ?? ""),
            value: .record(fields))
    }
    if recording.path != nil {
        throw .runtime(
            "already recording to '\(recording.shownPath)'", at: try ctx.location(of: "FILE"),
            help: "'record stop' writes it first")
    }
    recording.start(ctx.resolvedPath(word), shown: word, logCount: ctx.session.log.count)
    return .line(
        "recording a storyboard to \(word): each command is a step until 'record stop'",
        value: .record([Value.Field("path", .string(word))]))
}

/// Writes the storyboard being recorded and stops recording; does nothing when none is.
func finishStoryboard(_ shell: Shell, at location: SourceLocation?) throws(Diagnostic) {
    guard let recording = shell.existingState(StoryboardRecording.self), let path = recording.path else { return }
    let html = StoryboardPage(
        steps: recording.steps, frames: recording.frames, title: lastPathComponent(recording.shownPath),
        limitedFrom: recording.limitedFrom
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
    let words = invocation.source.bytes[invocation.offset..<(invocation.offset + invocation.length)]
    let command = String(decoding: words, as: UTF8.self)
    let output = recording.fitting(shell.lastOutput)
    let console = recording.fitting(fresh)
    recording.bytes += command.utf8.count
    if (phoneLeftOut || output.cut || console.cut) && recording.limitedFrom == nil {
        recording.limitedFrom = number
        shell.warn(
            "the storyboard '\(recording.shownPath)' reached its 64 MiB limit at step \(number): "
                + "steps from there keep their command, and a phone or output only where it fits")
    }
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

    /// Writes the storyboard still recording, if any; false (with the error reported) when it
    /// cannot be written.
    public func finishStoryboard() -> Bool {
        do throws(Diagnostic) {
            try PlaceScript.finishStoryboard(self, at: nil)
            return true
        } catch {
            report(error, command: nil)
            return false
        }
    }
}
