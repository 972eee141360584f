import CPlatform
import PlaceScript

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The live page's server, served from the prompt's own thread: the front end waits on the
/// terminal and on these sockets together (`descriptors`, then `serve`), so the session is
/// touched from one thread only.
///
/// Safe by default: it listens on 127.0.0.1 unless a host is named; every request needs the
/// random token the printed address carries; the Host header must name this server (a page of
/// another site that makes its name point here, DNS rebinding, is refused); only `GET /` (the
/// page) and `GET /events` (the event stream) are answered, and no file is ever read. A
/// request's head is at most 8 KiB and must come within 10 s; there are at most 64 viewers and
/// 128 connections; a viewer that falls 4 MiB behind is let go, so that a slow or silent
/// client never holds the shell up.
final class LiveServer {
    static let maxConnections = 128
    static let maxViewers = 64
    static let maxRequest = 8192
    static let requestMilliseconds = 10_000
    static let maxBehind = 4 << 20

    /// One client connection: the request being read, then what is queued for it.
    final class Connection {
        /// -1 once closed (taken out of the list by the next sweep).
        var fd: Int32
        let opened: Int
        var input: [UInt8] = []
        var output: [UInt8] = []
        var sent = 0
        /// An event stream: stays open and gets each frame.
        var isViewer = false
        /// Closes once its answer is sent.
        var closing = false

        init(fd: Int32, opened: Int) {
            self.fd = fd
            self.opened = opened
        }

        var pending: Int { output.count - sent }
    }

    let host: String
    let port: Int
    let token: String
    private let listener: Int32
    private var connections: [Connection] = []
    /// The last frame (JSON), and how many have been made.
    private var frame = ""
    private(set) var sequence = 0
    /// Makes the frame of the session as it is now, given its number; asked only when someone
    /// looks (a page, a viewer), so that an unwatched session draws no phone.
    var makeFrame: (Int) -> String = { _ in "" }
    /// The session changed since `frame` was made.
    private var stale = true

    /// The frame of the session as it is now.
    func currentFrame() -> String {
        if stale {
            sequence += 1
            frame = makeFrame(sequence)
            stale = false
        }
        return frame
    }

    /// The session changed: viewers get the new frame now, a page asked for later makes it then.
    func sessionChanged() {
        stale = true
        if viewers > 0 { publish(currentFrame()) }
    }
    /// The Host header values that name this server.
    private let hostNames: Set<String>
    private let anyAddress: Bool

    /// Listens on `host` (nil: 127.0.0.1) and `port` (0: a free one).
    init(host: String?, port: Int) throws(LiveStartError) {
        let name = host ?? "127.0.0.1"
        var gaiError: Int32 = 0
        let fd = placeshell_listen(name, Int32(port), 64, &gaiError)  // safe: 0…65535, parsed before
        if fd == -2 {
            throw LiveStartError("cannot listen on \(name): \(String(cString: gai_strerror(gaiError)))")
        }
        if fd < 0 {
            let why = errno == EADDRINUSE ? "the port is taken" : String(cString: strerror(errno))
            throw LiveStartError("cannot listen on \(name):\(port): \(why)")
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard placeshell_random_bytes(&bytes, bytes.count) == 0 else {
            closeDescriptor(fd)
            throw LiveStartError("cannot make the page's token: no random bytes from the system")
        }
        listener = fd
        self.host = name
        self.port = Int(placeshell_local_port(fd))  // safe: an Int32 widens
        token = bytes.map { b in String(b >> 4, radix: 16) + String(b & 15, radix: 16) }.joined()
        anyAddress = name == "0.0.0.0" || name == "::"
        let shown = name.contains(":") ? "[\(name)]" : name
        var names: Set<String> = ["\(shown):\(self.port)"]
        if host == nil || name == "127.0.0.1" || name == "localhost" || name == "::1" || anyAddress {
            names.formUnion(["127.0.0.1:\(self.port)", "localhost:\(self.port)", "[::1]:\(self.port)"])
        }
        if anyAddress {
            // The machine's own name, as the room's other machines may know it.
            var buffer = [CChar](repeating: 0, count: 256)
            if gethostname(&buffer, buffer.count - 1) == 0 {
                let machine = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    .lowercased()
                if !machine.isEmpty {
                    names.insert("\(machine):\(self.port)")
                    if !machine.hasSuffix(".local") { names.insert("\(machine).local:\(self.port)") }
                }
            }
        }
        hostNames = names
    }

    /// Said with the address when it listens on every address: how others reach it.
    var othersNote: String? {
        anyAddress ? "from another machine, put this machine's address or name in place of 127.0.0.1" : nil
    }

    /// The page's address, with its token.
    var url: String {
        let shown = anyAddress ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        return "http://\(shown):\(port)/?token=\(token)"
    }

    var viewers: Int { connections.reduce(0) { $0 + ($1.isViewer ? 1 : 0) } }
    var connectionCount: Int { connections.count }

    /// The descriptors to wait on, after the caller's own: the listener, and each connection
    /// (for reading, and writing while it has something queued).
    func descriptors(into fds: inout [pollfd]) {
        fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))  // safe: POLLIN is 1
        for c in connections {
            var events = Int16(POLLIN)  // safe: POLLIN is 1
            if c.pending > 0 { events |= Int16(POLLOUT) }  // safe: POLLOUT is 4
            fds.append(pollfd(fd: c.fd, events: events, revents: 0))
        }
    }

    /// Milliseconds until a request's time runs out, nil when none is being read.
    func timeout(now: Int) -> Int? {
        connections.filter { !$0.isViewer }.map { max(0, $0.opened + Self.requestMilliseconds - now) }
            .min()
    }

    /// Serves what `poll` found ready: `fds` is what `descriptors` added, as `poll` left it.
    func serve(_ fds: ArraySlice<pollfd>, now: Int) {
        var ready: [Int32: Int16] = [:]
        var listenerReady = false
        for p in fds {
            if p.fd == listener {
                listenerReady = p.revents != 0
            } else if p.revents != 0 {
                ready[p.fd] = p.revents
            }
        }
        for c in connections {
            guard let revents = ready[c.fd] else { continue }
            if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(c, now: now) }  // safe: small flags
            if c.pending > 0 { write(c) }
        }
        if listenerReady { accept(now: now) }
        // Requests that took too long, and connections that are done.
        for c in connections where !c.isViewer && now - c.opened >= Self.requestMilliseconds {
            drop(c)
        }
        connections.removeAll { $0.fd < 0 }
    }

    /// Queues a frame (JSON, one line) for every viewer.
    private func publish(_ json: String) {
        let event = Array("event: frame\ndata: \(json)\n\n".utf8)
        for c in connections where c.isViewer {
            if c.pending + event.count > Self.maxBehind {
                drop(c)
                continue
            }
            c.output += event
            write(c)
        }
        connections.removeAll { $0.fd < 0 }
    }

    /// Tells every viewer the page has stopped, lets every client go and stops listening.
    func close() {
        let end = Array("event: end\ndata: {}\n\n".utf8)
        for c in connections where c.isViewer && c.pending + end.count <= Self.maxBehind {
            c.output += end
            write(c)
        }
        for c in connections { drop(c) }
        connections = []
        closeDescriptor(listener)
    }

    // MARK: - Connections

    private func accept(now: Int) {
        while true {
            let fd = placeshell_accept(listener)
            if fd < 0 { return }  // EAGAIN: none left; anything else: try at the next poll
            guard connections.count < Self.maxConnections else {
                _ = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".withCString {
                    placeshell_send(fd, $0, strlen($0))
                }
                closeDescriptor(fd)
                continue
            }
            connections.append(Connection(fd: fd, opened: now))
        }
    }

    private func read(_ c: Connection, now: Int) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while c.fd >= 0 {
            let n = chunk.withUnsafeMutableBytes { readDescriptor(c.fd, $0.baseAddress, $0.count) }
            if n == 0 {
                drop(c)
                return
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { drop(c) }
                return
            }
            // Once its request is read, what a client sends is not looked at.
            guard !c.isViewer && !c.closing else { continue }
            c.input += chunk[..<n]
            if let end = headEnd(c.input) {
                if end > Self.maxRequest {
                    respond(c, 431, "Request Header Fields Too Large", "the request's head is over 8 KiB")
                } else {
                    answer(c, head: Array(c.input[..<end]))
                }
                c.input = []
            } else if c.input.count > Self.maxRequest {
                respond(c, 431, "Request Header Fields Too Large", "the request's head is over 8 KiB")
                c.input = []
            }
        }
    }

    private func write(_ c: Connection) {
        while c.fd >= 0 && c.pending > 0 {
            let n = c.output.withUnsafeBytes { raw in
                placeshell_send(c.fd, raw.baseAddress.map { $0 + c.sent }, c.pending)
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { drop(c) }
                return
            }
            c.sent += n
        }
        guard c.fd >= 0 else { return }
        if c.pending == 0 {
            c.output = []
            c.sent = 0
            if c.closing { drop(c) }
        } else if c.sent > 1 << 16 {
            c.output.removeFirst(c.sent)
            c.sent = 0
        }
    }

    private func drop(_ c: Connection) {
        guard c.fd >= 0 else { return }
        closeDescriptor(c.fd)
        c.fd = -1
        c.output = []
        c.input = []
    }

    /// Where the request's head ends (after its blank line), if it has.
    private func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 3..<bytes.count where bytes[i] == 0x0A {
            if bytes[i - 1] == 0x0A { return i + 1 }
            if bytes[i - 1] == 0x0D && bytes[i - 2] == 0x0A { return i + 1 }
        }
        return nil
    }

    // MARK: - HTTP

    private func answer(_ c: Connection, head: [UInt8]) {
        // By bytes: "\r\n" is one Character, which a split at "\n" would not cut.
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            Substring(String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self))
        }
        let requestLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
            return respond(c, 400, "Bad Request", "not an HTTP/1 request")
        }
        var hosts: [Substring] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                return respond(c, 400, "Bad Request", "a header line without a colon")
            }
            if line[..<colon].lowercased() == "host" {
                hosts.append(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
            }
        }
        guard parts[0] == "GET" else {
            return respond(c, 405, "Method Not Allowed", "only GET", extra: "Allow: GET\r\n")
        }
        // One Host header, naming this server: a page whose own name was pointed here is refused.
        guard hosts.count == 1, allows(host: String(hosts[0].reversed().drop { $0 == " " }.reversed())) else {
            return respond(c, 403, "Forbidden", "the Host header does not name this server")
        }
        let target = parts[1]
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let query =
            target.contains("?") ? target[target.index(after: target.firstIndex(of: "?") ?? target.startIndex)...] : ""
        guard path == "/" || path == "/events" else { return respond(c, 404, "Not Found", "no such page") }
        let given = query.split(separator: "&").first { $0.hasPrefix("token=") }.map { $0.dropFirst(6) } ?? ""
        guard sameToken(String(given)) else {
            return respond(c, 403, "Forbidden", "the address needs placeshell's token: use the one it printed")
        }
        if path == "/" {
            let page = LivePage.html(frame: currentFrame(), events: "/events?token=\(token)")
            return respond(c, 200, "OK", page, type: "text/html; charset=utf-8")
        }
        guard viewers < Self.maxViewers else {
            return respond(c, 503, "Service Unavailable", "placeshell has \(Self.maxViewers) viewers already")
        }
        c.isViewer = true
        var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        head += "Cache-Control: no-store\r\nConnection: keep-alive\r\nX-Content-Type-Options: nosniff\r\n\r\n"
        head += "retry: 1000\n\n"
        head += "event: frame\ndata: \(currentFrame())\n\n"
        c.output += Array(head.utf8)
        write(c)
    }

    /// Whether a Host header names this server.
    private func allows(host: String) -> Bool {
        if hostNames.contains(host.lowercased()) { return true }
        guard anyAddress, let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...] == "\(port)" else {
            return false
        }
        // Listening on every address: any address literal of this machine's, never a name.
        let name = host[..<colon]
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }
    }

    /// Compares with the token in time that does not depend on where they differ.
    private func sameToken(_ given: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in a.indices { diff |= a[i] ^ b[i] }
        return diff == 0
    }

    private func respond(
        _ c: Connection, _ code: Int, _ reason: String, _ body: String, type: String = "text/plain; charset=utf-8",
        extra: String = ""
    ) {
        let bytes = Array((code == 200 ? body : body + "\n").utf8)
        var head = "HTTP/1.1 \(code) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\n"
        head += "Cache-Control: no-store\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n"
        head += "Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n"
        head += "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        head += "connect-src 'self'; img-src data:; base-uri 'none'; frame-ancestors 'none'\r\n" + extra + "\r\n"
        c.output += Array(head.utf8) + bytes
        c.closing = true
        write(c)
    }
}

/// The live page for one run of placeshell: the server while the page is served, and the waits
/// that serve it (between a script's commands, at the prompt).
final class LiveHost: LiveControl {
    private(set) var server: LiveServer?
    /// Where the page's address is said when it starts, and the next command under `--pace key`.
    private let announce: (String) -> Void
    /// Puts what was printed on the terminal.
    private let flush: () -> Void
    /// `--pace`, and how far it has gone: a command has run while served (no pause before the
    /// first); standard input still gives lines for `key`.
    private let pace: Pace?
    private var served = false
    private var keys = true
    /// The page was served at some time in this run.
    private(set) var everServed = false

    init(pace: Pace?, flush: @escaping () -> Void, announce: @escaping (String) -> Void) {
        self.pace = pace
        self.flush = flush
        self.announce = announce
    }

    /// Between commands: the live page is served, and with `--pace` the next command waits its
    /// time (or a line on standard input).
    func beforeCommand(_ invocation: Invocation) {
        guard server != nil else { return }
        defer { served = true }
        // What the last command printed is on the terminal before the next waits.
        flush()
        switch pace {
        case .seconds(let s)? where served:
            _ = wait(milliseconds: Int((s * 1000).rounded()), input: nil)  // safe: at most 3,600,000
        case .key? where keys:
            // A line on standard input, the terminal's Return (before the first command too, so
            // that the class can open the page first); at its end, no more waiting.
            if isTerminal(STDIN_FILENO) { announce("next: \(oneLine(invocation.text)) — Return") }
            if wait(milliseconds: nil, input: STDIN_FILENO) == .input {
                var byte: UInt8 = 0
                while readDescriptor(STDIN_FILENO, &byte, 1) == 1 && byte != 0x0A {}
                if byte != 0x0A { keys = false }
            }
        default:
            serveReady()
        }
    }

    func start(host: String?, port: Int) -> Result<String, LiveStartError> {
        do {
            let server = try LiveServer(host: host, port: port)
            self.server = server
            everServed = true
            return .success(server.url)
        } catch {
            return .failure(error)
        }
    }

    func stop() {
        server?.close()
        server = nil
    }

    var status: (url: String, viewers: Int)? { server.map { ($0.url, $0.viewers) } }

    func publish(_ shell: Shell) {
        guard let server else { return }
        server.makeFrame = { [unowned shell] sequence in LivePage.frame(shell, sequence: sequence) }
        server.sessionChanged()
    }

    /// Starts serving for `--live`, saying where; false (said) when it cannot.
    func startForCommandLine(host: String?, port: Int, shell: Shell) -> Bool {
        switch start(host: host, port: port) {
        case .success(let url):
            announce("the live page: \(url)")
            if let note = server?.othersNote { announce("note: " + note) }
            shell.isLiveServing = true
            publish(shell)
            return true
        case .failure(let e):
            say(e.message, help: e.message.hasSuffix("the port is taken") ? "another port, or 0 for any free one" : nil)
            return false
        }
    }

    /// How a wait ended.
    enum WaitEnd {
        case input, timeout, signal
    }

    /// Serves the page until `milliseconds` pass (nil: no limit), `input` can be read, or a
    /// signal comes (Ctrl-C, SIGTERM).
    func wait(milliseconds: Int?, input: Int32?) -> WaitEnd {
        let deadline = milliseconds.map { monotonicMilliseconds() + $0 }
        var fds: [pollfd] = []
        while true {
            if interruptFlag != 0 || terminateSignal != 0 { return .signal }
            let now = monotonicMilliseconds()
            fds.removeAll(keepingCapacity: true)
            if let input { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }  // safe: POLLIN is 1
            let first = fds.count
            server?.descriptors(into: &fds)
            var timeout = deadline.map { max(0, $0 - now) } ?? -1
            if let limit = server?.timeout(now: now) { timeout = timeout < 0 ? limit : min(timeout, limit) }
            let n = fds.withUnsafeMutableBufferPointer {
                poll($0.baseAddress, nfds_t($0.count), Int32(clamping: timeout))
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .signal
            }
            let after = monotonicMilliseconds()
            server?.serve(fds[first...], now: after)
            if input != nil && fds[0].revents != 0 { return .input }
            if let deadline, after >= deadline { return .timeout }
        }
    }

    /// Serves what is ready now, without waiting.
    func serveReady() {
        guard server != nil else { return }
        _ = wait(milliseconds: 0, input: nil)
    }
}
