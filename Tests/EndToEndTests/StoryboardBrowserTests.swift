import CZlib
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The storyboard of an example opened in a real browser: Debian's `chromium`, headless, driven
/// through the DevTools protocol over a pipe (`--remote-debugging-pipe`: no port, no network).
/// The test presses the arrow keys as a reader does (`Input.dispatchKeyEvent`), reads the page's
/// DOM after each (the step shown, its phone SVG with the base map), and takes a screenshot whose
/// pixels must show the map's colours. The page itself is left as it is: no script is added to
/// it, and it is opened from a file.
///
/// `scripts/setup test` installs chromium; where it is missing (a clone on its own) the test is
/// skipped with the reason. `PLACESHELL_CHROMIUM` names another Chromium-based browser.
final class StoryboardBrowserTests: XCTestCase {
    func testStoryboardInChromiumFollowsTheArrowKeysAndShowsTheMap() throws {
        guard let chromium = Self.chromium() else {
            throw XCTSkip(
                "chromium is not installed (scripts/setup test installs Debian's chromium; PLACESHELL_CHROMIUM names another): the storyboard was not opened in a browser"
            )
        }
        guard let binary = Paths.binaryOrFail() else { throw XCTSkip("no placeshell binary") }
        let home = TemporaryDirectory()
        let page = home.file("tour.html")
        let example = Paths.examples.appendingPathComponent("scenario-bring-your-city.placescript")
        let result = try runProcess(
            binary, ["--storyboard", page.path, example.path], in: Paths.examples,
            environment: cleanEnvironment(home: home.path), timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let commands = try String(contentsOf: example, encoding: .utf8).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.hasPrefix("#") && !$0.isEmpty }
        // The step after 'zoom 17': the phone at zoom 17 over the extract's base map.
        guard let zoomed = commands.firstIndex(of: "zoom 17") else {
            return XCTFail("the example no longer zooms to 17: \(commands)")
        }

        let browser = try DevToolsBrowser(chromium: chromium, profile: home.file("profile"))
        defer { browser.close() }
        let session = try browser.open(page)

        var state = try session.pageState()
        XCTAssertEqual(state.current, 1, "the page opens at the first step")
        XCTAssertEqual(state.position, "step 1 of \(commands.count)")
        XCTAssertEqual(state.shown, 1, "one step shown at a time")
        XCTAssertEqual(state.command, "placeshell> \(commands[0])")
        XCTAssertFalse(state.svg, "before 'launch' the app is not running: no phone")

        for step in 1...zoomed {
            try session.press("ArrowRight", code: 39)
            state = try session.pageState()
            XCTAssertEqual(state.current, step + 1, "after \(step) × →")
            XCTAssertEqual(state.shown, 1)
        }
        XCTAssertEqual(state.position, "step \(zoomed + 1) of \(commands.count)")
        XCTAssertEqual(state.command, "placeshell> zoom 17")
        XCTAssertTrue(state.svg, "the phone is drawn once the app runs")
        XCTAssertTrue(state.basemap, "the phone shows the extract's base map")
        XCTAssertEqual(state.width, 421, accuracy: 1, "the phone's SVG laid out at its size")
        XCTAssertEqual(state.height, 880, accuracy: 1)

        try session.press("ArrowLeft", code: 37)
        state = try session.pageState()
        XCTAssertEqual(state.current, zoomed, "← goes back a step")
        XCTAssertEqual(state.command, "placeshell> \(commands[zoomed - 1])")
        try session.press("ArrowRight", code: 39)
        state = try session.pageState()
        XCTAssertEqual(state.current, zoomed + 1)

        // The pixels of the phone: the base map's ground and buildings, the places' dots and the
        // blue dot of the device, not a blank page.
        let png = try session.screenshot(clip: state.rect)
        if let keep = ProcessInfo.processInfo.environment["PLACESHELL_KEEP_SCREENSHOT"], !keep.isEmpty {
            try Data(png).write(to: URL(fileURLWithPath: keep))
        }
        let image = try PNGImage(png)
        XCTAssertEqual(image.width, 421, "the screenshot is the phone's rectangle")
        let counts = image.count([
            "ground": (0xF5, 0xF3, 0xEF), "building": (0xE8, 0xE9, 0xED), "place dot": (0x9A, 0xA0, 0xA6),
            "my location": (0x42, 0x85, 0xF4), "white": (0xFF, 0xFF, 0xFF),
        ])
        let total = image.width * image.height
        XCTAssertGreaterThan(counts["ground", default: 0], total / 10, "the base map's ground: \(counts)")
        XCTAssertGreaterThan(counts["building", default: 0], total / 100, "the buildings: \(counts)")
        XCTAssertGreaterThan(counts["place dot", default: 0], 100, "the places' dots: \(counts)")
        XCTAssertGreaterThan(counts["my location", default: 0], 50, "the device's blue dot: \(counts)")
        XCTAssertLessThan(counts["white", default: 0], total / 2, "not a blank page: \(counts)")
        XCTAssertGreaterThan(image.distinctColours, 50, "a drawn map has many colours")

        // A step whose phone is the one an earlier step drew holds no copy in the file; the
        // page puts one in place when the step is shown.
        let shared =
            (try session.evaluate(
                "(function () { var p = document.querySelector('.phone[data-same-as]'); return p ? Number(p.parentNode.id.slice(5)) : 0; })()"
            ) as? NSNumber)?.intValue ?? 0
        XCTAssertGreaterThan(shared, 0, "the example has steps that change nothing on the phone")
        while state.current != shared {
            let forward = state.current < shared
            try session.press(forward ? "ArrowRight" : "ArrowLeft", code: forward ? 39 : 37)
            state = try session.pageState()
        }
        XCTAssertTrue(state.svg, "step \(shared) shows the phone it shares")
        XCTAssertEqual(state.width, 421, accuracy: 1)
    }

    /// `$PLACESHELL_CHROMIUM`, else the first of chromium, chromium-browser, google-chrome on PATH.
    static func chromium() -> URL? {
        let fm = FileManager.default
        let env = ProcessInfo.processInfo.environment
        if let explicit = env["PLACESHELL_CHROMIUM"], !explicit.isEmpty {
            return fm.isExecutableFile(atPath: explicit) ? URL(fileURLWithPath: explicit) : nil
        }
        let path = env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if fm.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
            }
        }
        return nil
    }
}

/// What the page shows, read from its DOM.
struct StoryboardPageState: Decodable {
    var current: Int
    var position: String
    var shown: Int
    var command: String
    var svg: Bool
    var basemap: Bool
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var rect: [String: Double] { ["x": x, "y": y, "width": width, "height": height, "scale": 1] }
}

struct DevToolsError: Error, CustomStringConvertible {
    var description: String
}

/// A headless Chromium driven through the DevTools protocol on a pipe: JSON messages ended by
/// NUL, written to its descriptor 3 and read from its descriptor 4.
final class DevToolsBrowser: @unchecked Sendable {
    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let stderrPath: String
    private let condition = NSCondition()
    private var replies: [Int: [String: Any]] = [:]
    private var ended = false
    private var nextID = 0
    private var closed = false

    init(chromium: URL, profile: URL) throws {
        try? FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        stderrPath = profile.path + ".stderr"
        var commands: [Int32] = [0, 0]
        var events: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&events) == 0 else {
            throw DevToolsError(description: "pipe: errno \(errno)")
        }
        // Out of the way of 3 and 4, so that dup2 onto them never meets itself, and closed on exec.
        func high(_ fd: Int32) -> Int32 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            closeDescriptor(fd)
            return moved
        }
        let browserReads = high(commands[0])
        let browserWrites = high(events[1])
        toBrowser = high(commands[1])
        fromBrowser = high(events[0])
        let nullFD = openDescriptor("/dev/null", O_RDWR | O_CLOEXEC)
        let errFD = openDescriptor(stderrPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
        defer {
            for fd in [browserReads, browserWrites, nullFD, errFD] where fd >= 0 { closeDescriptor(fd) }
        }
        var actions = makeSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, nullFD, 0)
        posix_spawn_file_actions_adddup2(&actions, nullFD, 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)
        posix_spawn_file_actions_adddup2(&actions, browserReads, 3)
        posix_spawn_file_actions_adddup2(&actions, browserWrites, 4)
        var attributes = makeSpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let arguments = [
            chromium.path, "--headless", "--disable-gpu", "--no-sandbox", "--remote-debugging-pipe",
            "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-sync", "--force-color-profile=srgb", "--hide-scrollbars",
            "--window-size=1100,960", "about:blank",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, chromium.path, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            closeDescriptor(toBrowser)
            closeDescriptor(fromBrowser)
            throw DevToolsError(description: "cannot start \(chromium.path): error \(rc)")
        }
        pid = child
        let thread = Thread { [self] in readLoop() }
        thread.start()
    }

    /// Reads NUL-ended messages until the browser closes its end; keeps the replies by id.
    private func readLoop() {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            pending += buffer[0..<n]
            while let end = pending.firstIndex(of: 0) {
                let message = Data(pending[..<end])
                pending.removeSubrange(...end)
                guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any],
                    let id = object["id"] as? Int
                else { continue }
                condition.lock()
                replies[id] = object
                condition.broadcast()
                condition.unlock()
            }
        }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// Sends a command and waits for its reply (its `result`), up to `timeout` seconds.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: TimeInterval = 60)
        throws -> [String: Any]
    {
        condition.lock()
        nextID += 1
        let id = nextID
        condition.unlock()
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw DevToolsError(description: "\(method): the browser's pipe is closed\(log)") }
            written += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while replies[id] == nil {
            if ended { throw DevToolsError(description: "\(method): the browser ended\(log)") }
            if !condition.wait(until: deadline) {
                throw DevToolsError(description: "\(method): no reply in \(Int(timeout)) s\(log)")
            }
        }
        let reply = replies.removeValue(forKey: id) ?? [:]
        if let error = reply["error"] as? [String: Any] {
            throw DevToolsError(description: "\(method): \(error["message"] ?? error)")
        }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// The end of the browser's stderr, for a failure message.
    private var log: String {
        guard let text = try? String(contentsOfFile: stderrPath, encoding: .utf8), !text.isEmpty else { return "" }
        return "; the browser's stderr ends:\n" + text.suffix(1500)
    }

    /// A new tab with `file` (or an http address), attached, once its document is complete.
    func open(_ file: URL) throws -> DevToolsPage {
        let target = try send("Target.createTarget", ["url": file.absoluteString])
        guard let targetID = target["targetId"] as? String else {
            throw DevToolsError(description: "Target.createTarget gave no targetId: \(target)")
        }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw DevToolsError(description: "Target.attachToTarget gave no sessionId: \(attached)")
        }
        let page = DevToolsPage(browser: self, session: session)
        try send("Page.bringToFront", session: session)
        let deadline = Date().addingTimeInterval(60)
        // The new tab is about:blank, complete, until the page replaces it.
        let loaded =
            file.isFileURL
            ? "location.protocol === 'file:' && document.readyState === 'complete'"
            : "location.protocol === '\(file.scheme ?? "http"):' && document.readyState === 'complete'"
        while try page.evaluate(loaded) as? Bool != true {
            guard Date() < deadline else { throw DevToolsError(description: "the page did not load in 60 s") }
            usleep(50_000)
        }
        return page
    }

    /// Asks the browser to close, then ends it (and anything it started) if it has not.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close", timeout: 10)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(20_000)
        }
        closeDescriptor(toBrowser)
        condition.lock()
        let ends = Date().addingTimeInterval(10)
        while !ended && condition.wait(until: ends) {}
        condition.unlock()
        closeDescriptor(fromBrowser)
    }
}

/// `close(2)` and `open(2)`, out of reach of `DevToolsBrowser.close()` and `open(_:)`.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
private func openDescriptor(_ path: String, _ flags: Int32) -> Int32 { open(path, flags, 0o600) }

/// One tab, through its flat session.
struct DevToolsPage {
    let browser: DevToolsBrowser
    let session: String

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) throws -> Any? {
        let reply = try browser.send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
        if let exception = reply["exceptionDetails"] { throw DevToolsError(description: "\(expression): \(exception)") }
        return (reply["result"] as? [String: Any])?["value"]
    }

    /// A key pressed and released, as the keyboard sends it.
    func press(_ key: String, code: Int) throws {
        for type in ["rawKeyDown", "keyUp"] {
            try browser.send(
                "Input.dispatchKeyEvent",
                ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code],
                session: session)
        }
    }

    /// The step shown and its phone, read from the DOM.
    func pageState() throws -> StoryboardPageState {
        let script = """
            (function () {
              var shown = [].filter.call(document.querySelectorAll('section.step'), function (s) { return !s.hidden; });
              var step = shown[0];
              var svg = step ? step.querySelector('.phone svg') : null;
              var r = svg ? svg.getBoundingClientRect() : { x: 0, y: 0, width: 0, height: 0 };
              return JSON.stringify({
                current: Number(document.body.getAttribute('data-current')),
                position: document.getElementById('position').textContent,
                shown: shown.length,
                command: step ? step.querySelector('.command').textContent : '',
                svg: svg !== null,
                basemap: svg !== null && svg.querySelector('#basemap') !== null,
                x: r.x, y: r.y, width: r.width, height: r.height
              });
            })()
            """
        guard let json = try evaluate(script) as? String else {
            throw DevToolsError(description: "the page's state is not a string")
        }
        return try JSONDecoder().decode(StoryboardPageState.self, from: Data(json.utf8))
    }

    /// A PNG of a rectangle of the page, in CSS pixels.
    func screenshot(clip: [String: Double]) throws -> [UInt8] {
        let reply = try browser.send(
            "Page.captureScreenshot", ["format": "png", "clip": clip, "captureBeyondViewport": true], session: session)
        guard let base64 = reply["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw DevToolsError(description: "Page.captureScreenshot gave no image")
        }
        return [UInt8](data)
    }
}

/// An 8-bit RGB or RGBA PNG, not interlaced (what Chromium's screenshots are), decoded to RGB.
struct PNGImage {
    var width = 0
    var height = 0
    var rgb: [UInt8] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw DevToolsError(description: "not a PNG")
        }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var at = 8
        var channels = 0
        var compressed: [UInt8] = []
        while at + 12 <= bytes.count {
            let length = be32(at)
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard at + 12 + length <= bytes.count else { throw DevToolsError(description: "PNG cut short") }
            let body = bytes[at + 8..<at + 8 + length]
            switch type {
            case "IHDR":
                width = be32(at + 8)
                height = be32(at + 12)
                let depth = body[body.startIndex + 8]
                let colour = body[body.startIndex + 9]
                let interlace = body[body.startIndex + 12]
                guard depth == 8, colour == 2 || colour == 6, interlace == 0 else {
                    throw DevToolsError(description: "PNG depth \(depth), colour \(colour), interlace \(interlace)")
                }
                channels = colour == 6 ? 4 : 3
            case "IDAT": compressed += body
            default: break
            }
            at += 12 + length
        }
        let rowBytes = width * channels
        var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var size = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &size, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(size) == raw.count else {
            throw DevToolsError(description: "PNG data: zlib \(status)")
        }
        // Undo each row's filter.
        var pixels = [UInt8](repeating: 0, count: height * rowBytes)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            for x in 0..<rowBytes {
                let value = raw[y * (rowBytes + 1) + 1 + x]
                let a = x >= channels ? Int(pixels[y * rowBytes + x - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * rowBytes + x]) : 0
                let c = x >= channels && y > 0 ? Int(pixels[(y - 1) * rowBytes + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predicted = 0
                }
                pixels[y * rowBytes + x] = UInt8(truncatingIfNeeded: Int(value) + predicted)
            }
        }
        rgb.reserveCapacity(width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: channels) {
            rgb += pixels[i..<i + 3]
        }
    }

    /// How many pixels are each named colour (within 3 of each channel).
    func count(_ colours: [String: (Int, Int, Int)]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for i in stride(from: 0, to: rgb.count, by: 3) {
            let (r, g, b) = (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
            for (name, c) in colours where abs(r - c.0) <= 3 && abs(g - c.1) <= 3 && abs(b - c.2) <= 3 {
                counts[name, default: 0] += 1
            }
        }
        return counts
    }

    /// How many different colours the image has.
    var distinctColours: Int {
        var seen = Set<Int>()
        for i in stride(from: 0, to: rgb.count, by: 3) {
            seen.insert(Int(rgb[i]) << 16 | Int(rgb[i + 1]) << 8 | Int(rgb[i + 2]))
        }
        return seen.count
    }
}
