import PlaceFormats
import PlaceKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the shell writes: standard output, standard error, or a string in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// Writes `text` and a newline.
    func writeLine(_ text: String)
    func flush()
    /// The reader went away (a closed pipe): nothing more can be delivered.
    var isBroken: Bool { get }
}

extension TextSink {
    public func writeLine(_ text: String) {
        write(text)
        write("\n")
    }
}

/// A buffered writer on a file descriptor. Writes in large blocks (a million `echo` lines cost a
/// few hundred system calls), flushes when asked, and notices a reader that has gone away
/// instead of dying of SIGPIPE.
public final class FileDescriptorSink: TextSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int
    public private(set) var isBroken = false
    /// Why the last write failed (an errno: EPIPE for a reader that went away, EBADF for a
    /// closed descriptor, ENOSPC for a full disk), once it has.
    public private(set) var failure: Int32?
    /// Whether placeshell's colour sequences pass (colour is on for this stream); every other
    /// control character is shown, not sent (`visibleControls`).
    public var passesColour: () -> Bool = { false }

    public init(fd: Int32, capacity: Int = 1 << 16) {
        self.fd = fd
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    public func write(_ text: String) {
        if isBroken { return }
        // Whatever a command prints, data in it cannot drive the terminal. Text without
        // control characters (nearly all of it) is copied as it is, in one pass.
        var text = text
        let copied = text.withUTF8 { bytes -> Bool in
            guard !containsControls(bytes) else { return false }
            buffer.append(contentsOf: bytes)
            return true
        }
        if !copied { buffer.append(contentsOf: visibleControls(text, colours: passesColour()).utf8) }
        if buffer.count >= capacity { flush() }
    }

    public func writeLine(_ text: String) {
        if isBroken { return }
        write(text)
        buffer.append(0x0A)
        if buffer.count >= capacity { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty, !isBroken else { return }
        var written = 0
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while written < raw.count {
                let n = Glibc.write(fd, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    // EPIPE, EBADF (a closed stdout), ENOSPC: the output is gone; stop writing.
                    failure = errno
                    isBroken = true
                    return
                }
                written += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Collects everything written, for tests and for commands that capture output.
public final class StringSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ s: String) { text += s }
    public func flush() {}
    public var isBroken: Bool { false }
}

/// JSON text for a value (RFC 8259): keys in the record's order, integers without a fraction,
/// non-finite numbers as null, non-ASCII characters as themselves.
public func jsonText(_ value: Value) -> String {
    var out = ""
    appendJSON(value, to: &out)
    return out
}

/// A `Value` as JSON (the `--json` lines and `show --json`), with the one JSON writer's strings
/// and numbers (`JSON.appendQuoted`, `JSON.format`).
func appendJSON(_ value: Value, to out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let x, _): out += x.isFinite ? JSON.format(x) : "null"
    case .string(let s): JSON.appendQuoted(s, to: &out)
    case .list(let items):
        out += "["
        for (i, item) in items.enumerated() {
            if i > 0 { out += "," }
            appendJSON(item, to: &out)
        }
        out += "]"
    case .record(let fields):
        out += "{"
        for (i, field) in fields.enumerated() {
            if i > 0 { out += "," }
            JSON.appendQuoted(field.name, to: &out)
            out += ":"
            appendJSON(field.value, to: &out)
        }
        out += "}"
    }
}
