import CZlib

/// OSM PBF files built by hand for the stress tests: protocol buffers, and blobs framed with
/// their headers, raw or zlib-packed (the importer's own encoder is internal to PlaceFormats).
enum PBFWriting {
    /// A protocol buffers message being written.
    struct Proto {
        var bytes: [UInt8] = []
        mutating func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                bytes.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }
        mutating func field(_ n: UInt64, _ v: UInt64) {
            varint(n << 3)
            varint(v)
        }
        mutating func field(_ n: UInt64, _ message: [UInt8]) {
            varint(n << 3 | 2)
            varint(UInt64(message.count))
            bytes += message
        }
        mutating func field(_ n: UInt64, _ text: String) { field(n, Array(text.utf8)) }
        static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    }

    /// A blob of `type` holding `data` (raw, or zlib-packed at level 9), after its 4-byte length
    /// and BlobHeader.
    static func frame(_ type: String, _ data: [UInt8], zlib: Bool = false) -> [UInt8] {
        var blob = Proto()
        if zlib {
            blob.field(2, UInt64(data.count))
            blob.field(3, compressed(data))
        } else {
            blob.field(1, data)
        }
        var header = Proto()
        header.field(1, type)
        header.field(3, UInt64(blob.bytes.count))
        let n = header.bytes.count
        return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + header.bytes
            + blob.bytes
    }

    /// `data` packed by zlib's compress2 at level 9 (empty if zlib fails, which no test expects).
    static func compressed(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(data.count))))
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { dst in
            data.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &length, src.baseAddress, uLong(src.count), 9)
            }
        }
        return status == Z_OK ? Array(out.prefix(Int(length))) : []
    }
}
