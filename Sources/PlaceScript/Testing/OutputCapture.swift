#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stream a test prints (its standard output or error), kept whole in memory up to
/// `memoryLimit` bytes and past that in a temporary file of its own, which is unlinked as soon
/// as it is made: a script that prints 650 MB costs `placeshell test` a few megabytes, times
/// `-j`, and nothing is left behind however the run ends. The first `memoryLimit` bytes stay in
/// memory for the reports; comparing with an expected file and writing one read the whole.
///
/// Every `needle` in the stream (the test's `$TMP` folder) is written `replacement` as the
/// bytes come, also when one is split across two reads.
public final class OutputCapture {
    /// What is kept in memory of each stream: 4 MiB.
    public static let defaultMemoryLimit = 4 << 20

    public let memoryLimit: Int
    /// The bytes so far, after replacement.
    public private(set) var count = 0
    /// The first `memoryLimit` bytes (all of them while `isWhole`).
    public private(set) var head: [UInt8] = []
    /// Why the temporary file could not be made or written, once that happened: the stream
    /// then holds its first `memoryLimit` bytes only, and a comparison fails saying so.
    public private(set) var failure: String?
    private var file: Int32 = -1
    private let needle: [UInt8]
    private let replacement: [UInt8]
    /// The end of what came that may begin a `needle`: held until the next bytes say.
    private var carry: [UInt8] = []
    private let folder: String

    /// A capture that spills into `folder` (TMPDIR's, by default).
    public init(
        replacing needle: String = "", with replacement: String = "", memoryLimit: Int = defaultMemoryLimit,
        folder: String? = nil
    ) {
        self.needle = Array(needle.utf8)
        self.replacement = Array(replacement.utf8)
        self.memoryLimit = max(1, memoryLimit)
        self.folder = folder ?? temporaryParent()
    }

    /// A stream that is `bytes`, whole in memory.
    public convenience init(bytes: [UInt8]) {
        self.init(memoryLimit: max(1, bytes.count))
        head = bytes
        count = bytes.count
    }

    /// The contents of the file at `path` as a stream: its first `memoryLimit` bytes in
    /// memory, the rest read from the file when asked for (it is kept open, not copied). Nil
    /// when it cannot be opened or read.
    public convenience init?(contentsOfFile path: String, memoryLimit: Int = defaultMemoryLimit) {
        self.init(memoryLimit: memoryLimit)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        file = fd
        count = Int(st.st_size)  // safe: the size of a regular file, which is never negative
        guard let start = read(0..<min(count, self.memoryLimit)) else {
            close(fd)
            file = -1
            return nil
        }
        head = start
        count = max(count, head.count)
        if count <= self.memoryLimit {
            close(fd)
            file = -1
        }
    }

    deinit { if file >= 0 { close(file) } }

    /// `range` of the file, by pread; nil when it cannot be read whole.
    private func read(_ range: Range<Int>) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let got = out.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                // safe: an offset within the file
                return pread(file, base + done, raw.count - done, off_t(range.lowerBound + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return out
    }

    /// Whether all the bytes are in `head`.
    public var isWhole: Bool { count <= memoryLimit && failure == nil }

    /// Takes bytes as they were read.
    public func append(_ bytes: ArraySlice<UInt8>) {
        if needle.isEmpty {
            keep(bytes)
            return
        }
        var data = carry
        data += bytes
        carry = []
        let n = needle.count
        var i = 0
        var plainFrom = 0
        while i < data.count {
            // The next byte that may begin a needle, found by memchr.
            let first = Int32(needle[0])  // safe: a byte widens
            let next = data.withUnsafeBytes { raw -> Int? in
                guard let base = raw.baseAddress, let hit = memchr(base + i, first, raw.count - i) else {
                    return nil
                }
                return base.distance(to: UnsafeRawPointer(hit))
            }
            guard let next else { break }
            i = next
            let left = data.count - i
            if left < n {
                // Perhaps the start of a needle the next bytes end: held back.
                if data[i...].elementsEqual(needle[..<left]) {
                    keep(data[plainFrom..<i])
                    carry = Array(data[i...])
                    return
                }
                i += 1
                continue
            }
            if data[i..<(i + n)].elementsEqual(needle) {
                keep(data[plainFrom..<i])
                keep(replacement[...])
                i += n
                plainFrom = i
            } else {
                i += 1
            }
        }
        keep(data[plainFrom...])
    }

    /// The end of the stream: what was held back is kept as it is.
    public func finish() {
        let rest = carry
        carry = []
        keep(rest[...])
    }

    private func keep(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        let before = count
        let room = memoryLimit - head.count
        if room > 0 { head += bytes.prefix(room) }
        count += bytes.count
        guard count > memoryLimit, failure == nil else { return }
        if file < 0 {
            // Past the limit for the first time: the file gets what came before (all of it in
            // `head`), then these bytes.
            guard openFile() else { return }
            if !writeToFile(head[..<before]) {
                failure = "the output could not be kept: \(errnoReason())"
                return
            }
        }
        if !writeToFile(bytes) { failure = "the output could not be kept: \(errnoReason())" }
    }

    /// Makes the temporary file, unlinked at once.
    private func openFile() -> Bool {
        var template = Array((folder + "/placeshell-output-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let fd = mkstemp(base)
            if fd >= 0 { unlink(base) }
            return fd
        }
        guard fd >= 0 else {
            failure = "the output could not be kept: cannot make a temporary file in '\(folder)': \(errnoReason())"
            return false
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        file = fd
        return true
    }

    private func writeToFile(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { writeFully(file, $0) == nil }
    }

    /// Calls `body` with the whole stream in pieces of at most 1 MiB, in order, until it
    /// returns false. False when the stream is not whole (`failure`) or could not be read.
    @discardableResult
    public func forEachPiece(_ body: (ArraySlice<UInt8>) -> Bool) -> Bool {
        if isWhole {
            if !head.isEmpty { _ = body(head[...]) }
            return true
        }
        guard failure == nil, file >= 0 else { return false }
        var offset = 0
        while offset < count {
            guard let piece = read(offset..<min(count, offset + (1 << 20))) else { return false }
            if !body(piece[...]) { return true }
            offset += piece.count
        }
        return true
    }

    /// Whether the stream is `expected`, byte for byte.
    public func equals(_ expected: [UInt8]) -> Bool { firstDifference(from: expected) == nil }

    /// The offset of the first byte where the stream and `expected` differ (where the shorter
    /// ends, when one is the start of the other), or nil when they are the same.
    public func firstDifference(from expected: [UInt8]) -> Int? {
        firstDifference(length: expected.count) { Array(expected[$0.clamped(to: 0..<expected.count)]) }
    }

    /// Where this stream and `other` first differ, as for bytes. A stream that is not whole
    /// (`failure`) differs from everything.
    public func firstDifference(from other: OutputCapture) -> Int? {
        guard other.failure == nil else { return 0 }
        return firstDifference(length: other.count) { other.bytes(in: $0) }
    }

    /// The comparison, piece by piece, with a text of `length` bytes whose bytes in a range
    /// `theirs` gives.
    private func firstDifference(length: Int, theirs: (Range<Int>) -> [UInt8]) -> Int? {
        var offset = 0
        var found: Int? = nil
        let read = forEachPiece { piece in
            let other = theirs(offset..<(offset + piece.count))
            let same = piece.withUnsafeBytes { mine in
                other.withUnsafeBytes { them in
                    guard let a = mine.baseAddress, let b = them.baseAddress else { return true }
                    return memcmp(a, b, them.count) == 0
                }
            }
            if !same {
                for (k, (mine, them)) in zip(piece, other).enumerated() where mine != them {
                    found = offset + k
                    return false
                }
            }
            if other.count < piece.count {
                found = offset + other.count
                return false
            }
            offset += piece.count
            return true
        }
        if !read { return min(offset, count) }
        if let found { return found }
        return length == count ? nil : min(count, length)
    }

    /// The bytes in `range` (cut to the stream), read from the file when they are not in
    /// memory; what cannot be read is left out.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        let range = range.clamped(to: 0..<count)
        if range.upperBound <= head.count { return Array(head[range]) }
        guard failure == nil, file >= 0 else { return Array(head[range.clamped(to: 0..<head.count)]) }
        return read(range) ?? []
    }

}

/// The trace of a test's commands as it comes (`TraceRecord.encoded` lines on descriptor 3),
/// kept within bounds: the first `headLimit` records and about the last `tailLimit`. Where
/// records were left out, `records` has a record of line 0 at the offset of the first one
/// dropped, so that output printed there is put down to no command rather than a wrong one.
public final class TraceCapture {
    public static let defaultHeadLimit = 100_000
    public static let defaultTailLimit = 1_000
    /// A line of the trace longer than this (a command of megabytes) is left out.
    static let lineLimit = 1 << 16

    let headLimit: Int
    let tailLimit: Int
    private var head: [TraceRecord] = []
    private var tail: [TraceRecord] = []
    /// The offset of the first record left out, once one was.
    public private(set) var gapStart: Int?
    private var partial: [UInt8] = []
    private var skippingLine = false

    public init(headLimit: Int = defaultHeadLimit, tailLimit: Int = defaultTailLimit) {
        self.headLimit = max(1, headLimit)
        self.tailLimit = max(1, tailLimit)
    }

    /// Takes bytes as they were read.
    public func append(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes
        while let newline = rest.firstIndex(of: 0x0A) {
            if !skippingLine {
                partial += rest[..<newline]
                take(partial)
            }
            partial = []
            skippingLine = false
            rest = rest[(newline + 1)...]
        }
        guard !skippingLine else { return }
        partial += rest
        if partial.count > Self.lineLimit {
            partial = []
            skippingLine = true
        }
    }

    private func take(_ line: [UInt8]) {
        guard let record = TraceRecord.decode(line + [0x0A]).first else { return }
        if head.count < headLimit {
            head.append(record)
            return
        }
        tail.append(record)
        if tail.count >= 2 * tailLimit {
            if gapStart == nil { gapStart = tail[0].offset }
            tail.removeFirst(tail.count - tailLimit)
        }
    }

    /// The records kept, in order, with the mark of line 0 where some were left out.
    public var records: [TraceRecord] {
        guard let gapStart else { return head + tail }
        return head + [TraceRecord(offset: gapStart, file: "", line: 0, command: "")] + tail
    }
}
