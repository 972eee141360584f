import PlaceFormats
import PlaceKit
import PlaceStorage

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
///
/// Its public state is read through computed properties over storage of its own module's, so
/// that the optimizer can leave out the run-time exclusivity check (see PlaceKit's `Session`).
public final class FileDescriptorSink: TextSink {
    private let fd: Int32
    /// The bytes not yet written, `used` of `capacity`: memory of the sink's own rather than an
    /// array, so that adding a line is not an exclusive access to a property, which the runtime
    /// checks at every call (two for each line printed). Every access to `used` and `broken` is
    /// a plain read or write, so the compiler needs no check for them either.
    private let pending: UnsafeMutablePointer<UInt8>
    private var used = 0
    private let capacity: Int
    private var broken = false
    public var isBroken: Bool { broken }
    /// Why the last write failed (an errno: EPIPE for a reader that went away, EBADF for a
    /// closed descriptor, ENOSPC for a full disk), once it has.
    public private(set) var failure: Int32?
    /// Whether placeshell's colour sequences pass (colour is on for this stream); every other
    /// control character is shown, not sent (`visibleControls`).
    public var passesColour: () -> Bool = { false }

    /// A sink on `fd` that holds up to `capacity` bytes before writing them (0: writes each
    /// piece at once).
    public init(fd: Int32, capacity: Int = 1 << 16) {
        self.fd = fd
        self.capacity = max(0, capacity)
        pending = .allocate(capacity: max(1, capacity))
    }

    deinit { pending.deallocate() }

    public func write(_ text: String) {
        if broken { return }
        // Whatever a command prints, data in it cannot drive the terminal. Text without
        // control characters (nearly all of it) is copied as it is, in one pass.
        var text = text
        let copied = text.withUTF8 { bytes -> Bool in
            guard !containsControls(bytes) else { return false }
            add(bytes)
            return true
        }
        if !copied {
            var visible = visibleControls(text, colours: passesColour())
            visible.withUTF8 { add($0) }
        }
        if used >= capacity { flush() }
    }

    public func writeLine(_ text: String) {
        if broken { return }
        write(text)
        var newline: UInt8 = 0x0A
        withUnsafePointer(to: &newline) { add(UnsafeBufferPointer(start: $0, count: 1)) }
        if used >= capacity { flush() }
    }

    /// Adds `bytes` to what is pending; what does not fit goes out first, and a piece larger
    /// than the whole buffer is written as it is.
    /// Bytes taken so far, written or waiting: where the next byte will be in the output.
    public private(set) var accepted: Int {
        get { _accepted }
        set { _accepted = newValue }
    }
    private var _accepted: Int = 0

    private func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _accepted &+= bytes.count
        if bytes.count > capacity - used {
            flush()
            if bytes.count > capacity {
                writeAll(base, bytes.count)
                return
            }
        }
        (pending + used).initialize(from: base, count: bytes.count)
        used = used + bytes.count
    }

    public func flush() {
        let count = used
        used = 0
        if count > 0 { writeAll(pending, count) }
    }

    /// Writes `count` bytes at `base`, all of them unless the descriptor fails.
    private func writeAll(_ base: UnsafePointer<UInt8>, _ count: Int) {
        guard !broken else { return }
        var written = 0
        while written < count {
            let n = writeDescriptor(fd, base + written, count - written)
            if n < 0 {
                if errno == EINTR { continue }
                // EPIPE, EBADF (a closed stdout), ENOSPC: the output is gone; stop writing.
                failure = errno
                broken = true
                return
            }
            written += n
        }
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

/// write(2), for code in a type that has a `write` of its own.
private func writeDescriptor(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
