import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--live`: the page and its event stream, served by placeshell from the thread that runs the
/// commands. A script is played a command a line of standard input (`--pace key`), so the test
/// decides when the session moves on; every wait is for something to happen (a line, an event,
/// a closed socket), never for a time.
final class LivePageTests: XCTestCase {
    /// A placeshell playing `commands` with `--live 0 --pace key`: its address, and a line of
    /// standard input for each next command.
    final class LiveRun {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        var stderrText = ""
        var port = 0
        var token = ""

        /// `captureOutput`: its standard output is a pipe `printed` reads (which must then be read:
        /// a full pipe would stop placeshell); else /dev/null.
        init(_ commands: String, in directory: TemporaryDirectory, captureOutput: Bool = false) throws {
            guard let binary = Paths.binaryOrFail() else { throw XCTSkip("no placeshell binary") }
            process.executableURL = binary
            process.arguments = ["--live", "0", "--pace", "key", "-c", commands]
            process.currentDirectoryURL = directory.url
            process.environment = cleanEnvironment(home: directory.path)
            process.standardInput = input
            process.standardOutput = captureOutput ? output : FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = errors
            try process.run()
            let url = try waitForStderr { $0.contains("the live page: http://") }
            guard let match = url.firstMatch(of: /http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=([0-9a-f]{32})/),
                let port = Int(match.1)
            else { throw PaneError(message: "no address in: \(url)") }
            self.port = port
            token = String(match.2)
            // With `--pace key` the first command waits for its line too: a viewer sees it run.
            watcher = try Client(port: port)
            watcher?.send("GET /events?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            try next(
                expecting: commands.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
            watcher?.close()
            watcher = nil
        }

        /// A viewer of its own, to know when a command has run.
        var watcher: Client?

        /// Lets the next command run, and waits until a viewer has seen it.
        func next(expecting command: String) throws {
            next()
            guard watcher?.read(until: { $0.contains("\"command\":\"\(command)\"") }) == true else {
                throw PaneError(message: "'\(command)' did not run: \(stderrText)")
            }
        }

        /// Reads standard error until `condition` holds for it.
        @discardableResult
        func waitForStderr(_ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(60)
            while !condition(stderrText) {
                guard Date() < deadline else { throw PaneError(message: "placeshell said: \(stderrText)") }
                let data = errors.fileHandleForReading.availableData
                if data.isEmpty { throw PaneError(message: "placeshell ended: \(stderrText)") }
                stderrText += String(decoding: data, as: UTF8.self)
            }
            return stderrText
        }

        /// What it printed so far (read as it comes, up to `text`); false if `text` never comes.
        func printed(_ text: String) -> Bool {
            let fd = output.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(60)
            var seen = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while !String(decoding: seen, as: UTF8.self).contains(text) {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
                if poll(&p, 1, left) <= 0 { return false }
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { return false }
                seen += chunk[..<n]
            }
            return true
        }

        func next(_ count: Int = 1) {
            input.fileHandleForWriting.write(Data(repeating: 0x0A, count: count))
        }

        /// Its open descriptors (Linux), nil elsewhere.
        var descriptors: Int? {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd"))?.count
        }

        /// Its resident memory in KiB (Linux), nil elsewhere.
        var residentKiB: Int? {
            guard
                let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
            else { return nil }
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }

        /// Ctrl-C: the page stops and placeshell ends.
        func stop() -> Int32 {
            process.interrupt()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// A client socket to the live page.
    final class Client {
        let fd: Int32
        var received: [UInt8] = []

        init(port: Int, receiveBuffer: Int32? = nil) throws {
            fd = socket(AF_INET, Int32(streamSocketType), 0)
            if var size = receiveBuffer {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard rc == 0 else { throw PaneError(message: "connect: \(String(cString: strerror(errno)))") }
        }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            var done = 0
            while done < bytes.count {
                let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                done += n
            }
        }

        /// Reads until `condition` holds for what came, or the server closes; false on timeout.
        @discardableResult
        func read(until condition: (String) -> Bool, timeout: TimeInterval = 60) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            var chunk = [UInt8](repeating: 0, count: 65536)
            while !condition(text) {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
                if poll(&p, 1, left) <= 0 { return false }
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { return condition(text) }
                received += chunk[..<n]
            }
            return true
        }

        /// Reads until the server closes; the bytes it sent, or nil on timeout.
        func readToEnd(timeout: TimeInterval = 60) -> Int? {
            let deadline = Date().addingTimeInterval(timeout)
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
                if poll(&p, 1, left) <= 0 { return nil }
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { return received.count }
                received += chunk[..<n]
            }
        }

        var text: String { String(decoding: received, as: UTF8.self) }

        func close() { _ = closeSocket(fd) }
    }

    /// One request, its whole answer.
    func request(_ port: Int, _ head: String) throws -> String {
        let c = try Client(port: port)
        defer { c.close() }
        c.send(head)
        _ = c.readToEnd()
        return c.text
    }

    func testThePageItsStreamAndWhatIsRefused() throws {
        let directory = TemporaryDirectory()
        let run = try LiveRun("locate sydney; launch; auth allow", in: directory, captureOutput: true)
        defer { _ = run.stop() }
        let port = run.port
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let page = try request(port, "GET /?token=\(run.token) HTTP/1.1\r\n\(host)\r\n")
        XCTAssertTrue(page.hasPrefix("HTTP/1.1 200 OK\r\n"), page)
        XCTAssertTrue(page.contains("Content-Security-Policy: default-src 'none'"), page)
        XCTAssertTrue(page.contains("Cache-Control: no-store"), page)
        XCTAssertTrue(page.contains("\"command\":\"locate sydney\""), "the page shows the state of now")
        XCTAssertTrue(page.contains("new EventSource(\"/events?token=\(run.token)\")"))
        // What is refused, and how.
        let refusals: [(String, String)] = [
            ("GET /?token=0123 HTTP/1.1\r\n\(host)\r\n", "403"),
            ("GET / HTTP/1.1\r\n\(host)\r\n", "403"),
            ("GET /?token=\(run.token) HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n", "403"),
            ("GET /?token=\(run.token) HTTP/1.1\r\n\r\n", "403"),
            ("GET /?token=\(run.token) HTTP/1.1\r\n\(host)\(host)\r\n", "403"),
            ("POST /?token=\(run.token) HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n", "405"),
            ("GET /etc/passwd?token=\(run.token) HTTP/1.1\r\n\(host)\r\n", "404"),
            ("GET /../README.md?token=\(run.token) HTTP/1.1\r\n\(host)\r\n", "404"),
            ("HELLO\r\n\r\n", "400"),
            ("GET / HTTP/1.1\r\n" + String(repeating: "X-Filler: 0123456789\r\n", count: 500), "431"),
            (
                "GET /?token=\(run.token) HTTP/1.1\r\n\(host)"
                    + String(repeating: "X-Filler: 0123456789\r\n", count: 500) + "\r\n", "431"
            ),
        ]
        for (head, code) in refusals {
            let answer = try request(port, head)
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 \(code) "), "\(head.prefix(60)) → \(answer.prefix(80))")
            XCTAssertFalse(answer.contains("\"command\""), "nothing of the session in a refusal")
        }
        // The stream: the state of now, then each command's as it runs.
        let viewer = try Client(port: port)
        defer { viewer.close() }
        viewer.send("GET /events?token=\(run.token) HTTP/1.1\r\n\(host)\r\n")
        XCTAssertTrue(viewer.read { $0.contains("\"command\":\"locate sydney\"") }, viewer.text)
        XCTAssertTrue(viewer.text.contains("Content-Type: text/event-stream"))
        run.next()
        XCTAssertTrue(viewer.read { $0.contains("\"command\":\"launch\"") }, viewer.text)
        XCTAssertTrue(viewer.text.contains("\"phone\":\"<?xml"), "a running app's phone")
        // A viewer that joins late sees the same.
        // What the commands print reaches the terminal as they run, not at the end.
        XCTAssertTrue(run.printed("launched the Swift app"), "stdout while the page is served")
        let late = try Client(port: port)
        defer { late.close() }
        late.send("GET /events?token=\(run.token) HTTP/1.1\r\n\(host)\r\n")
        XCTAssertTrue(late.read { $0.contains("\"command\":\"launch\"") }, late.text)
        run.next()
        XCTAssertTrue(viewer.read { $0.contains("\"command\":\"auth allow\"") })
        XCTAssertTrue(late.read { $0.contains("\"command\":\"auth allow\"") })
        try run.waitForStderr { $0.contains("the script has ended") }
    }

    /// During a walk the page shows its step in the walk's language, with the commands to type
    /// (the same the terminal printed), and nothing of it once the walk stops.
    func testTheWalksStepAndWhatToTypeInItsLanguage() throws {
        let directory = TemporaryDirectory()
        let run = try LiveRun("tutorial language fa; tutorial; tutorial stop", in: directory, captureOutput: true)
        defer { _ = run.stop() }
        let viewer = try Client(port: run.port)
        defer { viewer.close() }
        viewer.send("GET /events?token=\(run.token) HTTP/1.1\r\nHost: 127.0.0.1:\(run.port)\r\n\r\n")
        XCTAssertTrue(viewer.read { $0.contains("\"command\":\"tutorial language fa\"") }, viewer.text)
        run.next()
        XCTAssertTrue(viewer.read { $0.contains("\"command\":\"tutorial\"") }, viewer.text)
        XCTAssertTrue(run.printed("trace on"), "the terminal shows the step")
        let frame = try XCTUnwrap(lastFrame(viewer.text))
        let tutorial = try XCTUnwrap(frame["tutorial"] as? [String: Any], "\(frame)")
        XCTAssertEqual(tutorial["lang"] as? String, "fa")
        XCTAssertEqual(tutorial["dir"] as? String, "rtl")
        XCTAssertEqual(tutorial["type"] as? [String], ["trace on", "launch"])
        let label = try XCTUnwrap(tutorial["typeLabel"] as? String)
        XCTAssertFalse(label.isEmpty || label.contains("Type"), "the label in Persian: \(label)")
        run.next()
        XCTAssertTrue(viewer.read { $0.contains("\"command\":\"tutorial stop\"") }, viewer.text)
        let after = try XCTUnwrap(lastFrame(viewer.text))
        XCTAssertTrue(after["tutorial"] is NSNull, "\(after)")
    }

    /// `--pace SECONDS` waits between commands, not before the first; Ctrl-C during a wait
    /// stops the script there: the next command does not run.
    func testAPaceWaitsBetweenCommandsAndCtrlCEndsTheWait() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        let process = Process()
        process.executableURL = binary
        // An hour between commands: the first runs at once, or never within the test's time.
        process.arguments = ["--live", "0", "--pace", "3600", "-c", "echo first; echo second"]
        process.currentDirectoryURL = directory.url
        process.environment = cleanEnvironment(home: directory.path)
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var printed = ""
        while !printed.contains("first\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        XCTAssertEqual(printed, "first\n", "the first command runs without waiting")
        process.interrupt()
        process.waitUntilExit()
        printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 130, said)
        XCTAssertEqual(printed, "first\n", "the command waiting its turn does not run")
        XCTAssertTrue(said.contains("interrupted: the script stopped before its next command"), said)
    }

    /// A script on standard input stays served after its end as a script file does; `--pace`
    /// without a page served says it did nothing.
    func testAPipedScriptStaysServedAndAPaceWithoutAPageSaysSo() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        let alone = try runProcess(
            binary, ["--pace", "1", "-c", "echo hi"], in: directory.url,
            environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(alone.status, 0, alone.stderrText)
        XCTAssertEqual(alone.stdoutText, "hi\n")
        XCTAssertTrue(alone.stderrText.contains("--pace paced nothing"), alone.stderrText)
        let process = Process()
        process.executableURL = binary
        process.currentDirectoryURL = directory.url
        process.environment = cleanEnvironment(home: directory.path)
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("live on 0\necho a\n".utf8))
        try input.fileHandleForWriting.close()
        var said = ""
        while !said.contains("stays served until Ctrl-C") {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
        }
        XCTAssertTrue(process.isRunning, "served after the script's end: \(said)")
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
    }

    /// The last frame of an event stream, parsed.
    func lastFrame(_ stream: String) -> [String: Any]? {
        guard let line = stream.split(separator: "\n").last(where: { $0.hasPrefix("data: ") }) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any]
    }

    /// Under `placeshell test` a script serves no page: `live on` fails at once, not when the
    /// test's time runs out.
    func testATestScriptServesNoPage() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.file("t"), withIntermediateDirectories: true)
        directory.write("t/a.placescript", "live on 0\necho after\n")
        let r = try runProcess(
            binary, ["test", "t"], in: directory.url, environment: cleanEnvironment(home: directory.path),
            timeout: 120)
        XCTAssertEqual(r.status, 1, r.stdoutText + r.stderrText)
        XCTAssertTrue((r.stdoutText + r.stderrText).contains("not here"), r.stdoutText + r.stderrText)
        XCTAssertFalse((r.stdoutText + r.stderrText).contains("timed out"), r.stdoutText)
    }

    func testFiftyViewersASilentOneAndSlowRequestsHoldNothingUpAndLeakNothing() throws {
        let directory = TemporaryDirectory()
        // Enough frames, each with the phone, to fill a silent viewer's socket and its queue.
        let commands = "locate sydney; launch; auth allow" + String(repeating: "; likely; back", count: 1000)
        let run = try LiveRun(commands, in: directory)
        defer { _ = run.stop() }
        let port = run.port
        let host = "Host: localhost:\(port)\r\n"
        // A request answered: the first viewer's close has been seen too.
        _ = try request(port, "\r\n\r\n")
        let before = (fds: run.descriptors, memory: run.residentKiB)

        func cycle(advance: Int) throws -> Client {
            var viewers: [Client] = []
            for _ in 0..<50 {
                let v = try Client(port: port)
                v.send("GET /events?token=\(run.token) HTTP/1.1\r\n\(host)\r\n")
                viewers.append(v)
            }
            for v in viewers { XCTAssertTrue(v.read { $0.contains("event: frame") }, v.text) }
            // A viewer that never reads, with a small window; a request that never ends; one
            // that is not HTTP.
            let silent = try Client(port: port, receiveBuffer: 4096)
            silent.send("GET /events?token=\(run.token) HTTP/1.1\r\n\(host)\r\n")
            let slow = try Client(port: port)
            slow.send("GET /?token=\(run.token) HTTP/1.1\r\nHost: loc")
            let junk = try Client(port: port)
            junk.send("\u{0}\u{1}\u{2}\r\n\r\n")
            run.next(advance)
            var seen = 0
            for v in viewers {
                if v.read(until: { $0.contains("\"command\":\"back\"") }) { seen += 1 }
            }
            XCTAssertEqual(seen, 50, "every viewer follows")
            let junkAnswer = junk.readToEnd()
            XCTAssertNotNil(junkAnswer)
            XCTAssertTrue(junk.text.hasPrefix("HTTP/1.1 400 "), junk.text)
            for v in viewers { v.close() }
            slow.close()
            junk.close()
            return silent
        }

        // The silent viewer is let go once it is far behind, and the script goes on meanwhile.
        let silent = try cycle(advance: 10)
        run.next(2000)
        try run.waitForStderr { $0.contains("the script has ended") }
        XCTAssertNotNil(silent.readToEnd(), "the viewer that did not read was let go")
        silent.close()
        // Once its clients are gone, placeshell holds the descriptors it held before them.
        if let fds = before.fds {
            let deadline = Date().addingTimeInterval(60)
            while (run.descriptors ?? 0) > fds && Date() < deadline { _ = try? request(port, "\r\n\r\n") }
            // The probe's own connection is closed by the time it returns.
            XCTAssertEqual(run.descriptors, fds, "descriptors before and after")
        }
        if let memory = before.memory, let after = run.residentKiB {
            XCTAssertLessThan(after - memory, 16 * 1024, "resident memory grew by \(after - memory) KiB")
        }
    }
}

// The socket type's spelling differs between glibc and Darwin.
#if canImport(Glibc)
    private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
    private let streamSocketType = SOCK_STREAM
#endif

/// close(2), out of reach of `Client.close()`.
private func closeSocket(_ fd: Int32) -> Int32 { close(fd) }

/// The live page in a real browser, following commands typed at the prompt: placeshell runs in
/// a terminal (tmux) with `--live 0`; headless Chromium opens the address it printed; each
/// command typed changes what the page shows (its DOM, and its pixels).
final class LiveBrowserTests: XCTestCase {
    func testACommandTypedAtThePromptChangesThePageInChromium() throws {
        guard let chromium = StoryboardBrowserTests.chromium() else {
            throw XCTSkip(
                "chromium is not installed (scripts/setup test installs Debian's chromium; PLACESHELL_CHROMIUM names another): the live page was not opened in a browser"
            )
        }
        guard let binary = Paths.binaryOrFail() else { throw XCTSkip("no placeshell binary") }
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("tmux is not installed (scripts/setup test installs it)") }
        let home = TemporaryDirectory()
        let pane = TmuxPane(tmux: URL(fileURLWithPath: tmux), home: home)
        defer { pane.kill() }
        try pane.start(environment: [
            "HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "LANG": "C.UTF-8", "TERM": "screen",
            "PATH": "/usr/local/bin:/usr/bin:/bin", "PS1": "$ ",
        ])
        try pane.waitFor("the bash prompt") { lines($0).contains("$") }
        try pane.type("\(shellQuote(binary.path)) --live 0 --no-history; echo \"exit-status=$?\"")
        try pane.press("Enter")
        try pane.waitFor("the placeshell prompt") { lines($0).contains("placeshell>") }
        // Keys that leave the line empty edit it: they do not end the session.
        for key in ["BSpace", "Left", "Up", "C-u", "Tab", "Home"] { try pane.press(key) }
        let screen = try pane.screen().replacingOccurrences(of: "\n", with: "")
        guard let match = screen.firstMatch(of: /(http:\/\/127\.0\.0\.1:[0-9]+\/\?token=[0-9a-f]{32})/),
            let url = URL(string: String(match.1))
        else { return XCTFail("no address on the screen:\n\(screen)") }

        let browser = try DevToolsBrowser(chromium: chromium, profile: home.file("profile"))
        defer { browser.close() }
        let page = try browser.open(url)
        /// Waits until the page shows `command`; its phone then.
        func waitForCommand(_ command: String) throws -> (svg: Bool, seq: Int) {
            let deadline = Date().addingTimeInterval(60)
            let probe = """
                JSON.stringify({ command: document.getElementById('command').textContent,
                  svg: document.querySelector('#phone svg') !== null, seq: Number(document.body.dataset.seq || 0),
                  status: document.getElementById('status').textContent })
                """
            var last: [String: Any] = [:]
            while Date() < deadline {
                if let json = try page.evaluate(probe) as? String,
                    let state = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
                {
                    last = state
                    if state["command"] as? String == "> " + command && state["status"] as? String == "live" {
                        return (state["svg"] as? Bool ?? false, state["seq"] as? Int ?? 0)
                    }
                }
                usleep(50_000)
            }
            throw DevToolsError(description: "the page did not show '\(command)': \(last)")
        }
        let phone: [String: Double] = ["x": 16, "y": 60, "width": 393, "height": 600, "scale": 1]
        try pane.enterAndWaitUntilTaken("locate sydney")
        var state = try waitForCommand("locate sydney")
        XCTAssertFalse(state.svg, "before launch, no phone")
        let before = try page.screenshot(clip: phone)
        try pane.enterAndWaitUntilTaken("launch")
        state = try waitForCommand("launch")
        XCTAssertTrue(state.svg, "the app's phone, drawn")
        let after = try page.screenshot(clip: phone)
        XCTAssertNotEqual(before, after, "the phone's pixels changed with the command")
        // A second page opened now shows the same state.
        let second = try browser.open(url)
        let seq = try second.evaluate("Number(document.body.dataset.seq)") as? Int
        XCTAssertEqual(seq, state.seq, "a page opened late shows the latest frame")
        // A walk: its step, and the commands to type as a block of code.
        try pane.enterAndWaitUntilTaken("tutorial")
        _ = try waitForCommand("tutorial")
        let box = try page.evaluate(
            "JSON.stringify([document.getElementById('tutorial').hidden, document.querySelector('#tutorial h3')?.textContent.startsWith('Step 1 of '), document.querySelector('#tutorial pre.type')?.textContent])"
        )
        XCTAssertEqual(box as? String, #"[false,true,"trace on\nlaunch"]"#)
        try pane.press("C-d")
        try pane.waitForLine("exit-status=0")
        // placeshell has stopped: the page says so.
        let deadline = Date().addingTimeInterval(60)
        while try page.evaluate("document.getElementById('status').className") as? String != "lost" {
            guard Date() < deadline else { return XCTFail("the page did not notice placeshell stopped") }
            usleep(50_000)
        }
    }
}
