/// A minimal reader of the protocol buffers wire format, for the OpenStreetMap PBF importer.
///
/// Only what PBF needs: varints (unsigned, two's-complement and zigzag), 32- and 64-bit fixed
/// fields (skipped), length-delimited fields (bytes, strings, sub-messages) and packed repeated
/// scalars. It is written here rather than taken from a package because the project has no
/// outside dependencies, and because every read must be bounds-checked: the input is a file a
/// person hands us, and a cut or corrupt file must give an error naming the offset, never a
/// crash or an allocation the file's own length fields ask for.
///
/// The reader works over an `UnsafeBufferPointer` that the caller keeps alive, limited to a
/// window `[position, end)`; a sub-message is read by a new reader over its window. Every length
/// is checked against the bytes that remain before anything is read, so no read goes past
/// `end` and no length field can make the reader allocate (nothing here allocates at all).
package struct ProtoReader {
    /// A malformed message: what is wrong and the byte offset (from the start of the buffer the
    /// reader was made over) where it was found.
    package struct Failure: Error, Equatable {
        package var message: String
        package var offset: Int
    }

    /// How a field's value is encoded on the wire (the low three bits of its key).
    package enum WireType: UInt8 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case startGroup = 3
        case endGroup = 4
        case fixed32 = 5
    }

    /// A field key: its number and wire type.
    package struct Key {
        package var field: UInt64
        package var wireType: WireType
        /// Where the key starts, for error messages.
        package var offset: Int
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    package private(set) var position: Int
    /// One past the last byte of this reader's window.
    package let end: Int

    /// A reader over `range` of `bytes` (the whole buffer by default).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
        self.bytes = bytes
        let r = range ?? 0..<bytes.count
        precondition(r.lowerBound >= 0 && r.upperBound <= bytes.count, "window outside the buffer")
        position = r.lowerBound
        end = r.upperBound
    }

    /// True when the window is used up.
    package var isAtEnd: Bool { position >= end }

    /// An unsigned varint (at most ten bytes; the tenth may only hold the top bit).
    @inline(__always)
    package mutating func varint() throws(Failure) -> UInt64 {
        // Fast path: one byte (most keys, small ids and deltas).
        if position < end, bytes[position] < 0x80 {
            let v = UInt64(bytes[position])  // safe: a byte widens
            position += 1
            return v
        }
        return try varintSlow()
    }

    private mutating func varintSlow() throws(Failure) -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw Failure(message: "truncated varint", offset: start) }
            let b = bytes[position]
            position += 1
            if shift == 63 && b > 1 { throw Failure(message: "varint longer than 64 bits", offset: start) }
            result |= UInt64(b & 0x7F) << shift  // safe: a byte widens
            if b < 0x80 { return result }
            shift += 7
        }
    }

    /// A zigzag-encoded signed varint (`sint32`/`sint64`).
    @inline(__always)
    package mutating func zigzag() throws(Failure) -> Int64 {
        Self.unzigzag(try varint())
    }

    /// A two's-complement signed varint (`int32`/`int64`; negative values take ten bytes).
    @inline(__always)
    package mutating func int64() throws(Failure) -> Int64 {
        Int64(bitPattern: try varint())
    }

    /// Zigzag decoding: 0, -1, 1, -2, … from 0, 1, 2, 3, ….
    @inline(__always)
    package static func unzigzag(_ v: UInt64) -> Int64 {
        Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// Zigzag encoding, the inverse of `unzigzag` (for the tests' encoder).
    package static func zigzag(_ v: Int64) -> UInt64 {
        UInt64(bitPattern: (v << 1) ^ (v >> 63))
    }

    /// The next field key, or nil at the end of the window. Field number 0 and the group wire
    /// types (deprecated, never used by PBF) are errors.
    package mutating func key() throws(Failure) -> Key? {
        guard position < end else { return nil }
        let offset = position
        let raw = try varint()
        guard let wire = WireType(rawValue: UInt8(raw & 7)) else {  // safe: masked to 0…7
            throw Failure(message: "invalid wire type \(raw & 7)", offset: offset)
        }
        let field = raw >> 3
        guard field != 0 else { throw Failure(message: "field number 0", offset: offset) }
        if wire == .startGroup || wire == .endGroup {
            throw Failure(message: "group fields are not supported (field \(field))", offset: offset)
        }
        return Key(field: field, wireType: wire, offset: offset)
    }

    /// The byte range of a length-delimited value, checked against the window; the reader moves
    /// past it.
    package mutating func lengthDelimited() throws(Failure) -> Range<Int> {
        let start = position
        let length = try varint()
        guard length <= UInt64(end - position) else {  // safe: end ≥ position in a window
            throw Failure(message: "length \(length) runs past the end (\(end - position) bytes left)", offset: start)
        }
        let r = position..<(position + Int(length))  // safe: length ≤ end − position, checked above
        position = r.upperBound
        return r
    }

    /// A reader over a length-delimited value (a sub-message or a packed field).
    package mutating func subReader() throws(Failure) -> ProtoReader {
        ProtoReader(bytes, range: try lengthDelimited())
    }

    /// Skips the value of a field whose key was just read.
    package mutating func skip(_ key: Key) throws(Failure) {
        switch key.wireType {
        case .varint: _ = try varint()
        case .fixed64: try advance(8, key)
        case .fixed32: try advance(4, key)
        case .lengthDelimited: _ = try lengthDelimited()
        case .startGroup, .endGroup:
            throw Failure(message: "group fields are not supported (field \(key.field))", offset: key.offset)
        }
    }

    private mutating func advance(_ n: Int, _ key: Key) throws(Failure) {
        guard end - position >= n else {
            throw Failure(message: "truncated fixed-size field \(key.field)", offset: key.offset)
        }
        position += n
    }

    /// Checks that a field has the wire type its schema says, so a corrupt key is an error here
    /// rather than a misread value later.
    package static func expect(_ key: Key, _ wire: WireType, _ what: StaticString) throws(Failure) {
        guard key.wireType == wire else {
            throw Failure(
                message:
                    "\(what) (field \(key.field)) has wire type \(key.wireType.rawValue), expected \(wire.rawValue)",
                offset: key.offset)
        }
    }

    /// A length-delimited value as a String (UTF-8; invalid sequences become U+FFFD).
    package mutating func string() throws(Failure) -> String {
        let r = try lengthDelimited()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
    }

    /// Calls `body` for each varint of a packed repeated field whose key was just read. A field
    /// written unpacked (one varint, as encoders may) is accepted too, as protobuf requires.
    package mutating func forEachPacked(_ key: Key, _ body: (UInt64) throws(Failure) -> Void) throws(Failure) {
        if key.wireType == .varint {
            try body(try varint())
            return
        }
        try Self.expect(key, .lengthDelimited, "packed field")
        var sub = try subReader()
        while !sub.isAtEnd { try body(try sub.varint()) }
    }
}

/// A minimal protocol buffers writer, the inverse of `ProtoReader`. PlaceKit itself never writes
/// PBF; the tests use it to build edge cases byte by byte, and it lives here so the two stay
/// in step. Both are `package`: the fuzzing harness's PBF mutator (fuzz/FuzzImporters) reads and
/// rewrites files with them.
package struct ProtoWriter {
    /// The message so far.
    package var bytes: [UInt8] = []

    /// A writer with an empty message.
    package init() {}

    /// Appends an unsigned varint.
    package mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)  // safe: masked to 0…127, plus 0x80
            v >>= 7
        }
        bytes.append(UInt8(v))  // safe: below 0x80 after the loop
    }

    /// Appends a field key.
    package mutating func key(_ field: Int, _ wire: ProtoReader.WireType) {
        varint(UInt64(field) << 3 | UInt64(wire.rawValue))  // safe: field numbers are positive
    }

    /// A varint field (`uint*`, `int*` as two's complement, `bool`, `enum`).
    package mutating func varintField(_ field: Int, _ v: UInt64) {
        key(field, .varint)
        varint(v)
    }

    /// A signed two's-complement varint field (`int32`/`int64`).
    package mutating func intField(_ field: Int, _ v: Int64) {
        varintField(field, UInt64(bitPattern: v))
    }

    /// A zigzag varint field (`sint32`/`sint64`).
    package mutating func sintField(_ field: Int, _ v: Int64) {
        varintField(field, ProtoReader.zigzag(v))
    }

    /// A length-delimited field (bytes, string or an encoded sub-message).
    package mutating func bytesField(_ field: Int, _ value: [UInt8]) {
        key(field, .lengthDelimited)
        varint(UInt64(value.count))  // safe: a count is not negative
        bytes.append(contentsOf: value)
    }

    /// A string field.
    package mutating func stringField(_ field: Int, _ value: String) {
        bytesField(field, Array(value.utf8))
    }

    /// A packed repeated varint field.
    package mutating func packedField(_ field: Int, _ values: [UInt64]) {
        var inner = ProtoWriter()
        for v in values { inner.varint(v) }
        bytesField(field, inner.bytes)
    }
}
