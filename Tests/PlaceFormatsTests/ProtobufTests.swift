import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The protobuf wire-format reader behind the PBF importer: every value kind, and every way a
/// message can be malformed (each an error with the right offset, never a crash).
final class ProtobufTests: XCTestCase {
    /// Runs `body` with a reader over `bytes`.
    private func read<T>(_ bytes: [UInt8], _ body: (inout ProtoReader) throws(ProtoReader.Failure) -> T) -> Result<
        T, ProtoReader.Failure
    > {
        bytes.withUnsafeBufferPointer { buffer in
            var r = ProtoReader(buffer)
            do throws(ProtoReader.Failure) {
                return .success(try body(&r))
            } catch {
                return .failure(error)
            }
        }
    }

    private func failure<T>(
        _ result: Result<T, ProtoReader.Failure>, file: StaticString = #filePath, line: UInt = #line
    ) -> ProtoReader.Failure? {
        switch result {
        case .success(let v):
            XCTFail("expected an error, got \(v)", file: file, line: line)
            return nil
        case .failure(let f): return f
        }
    }

    func testVarintRoundTrips() {
        let values: [UInt64] = [0, 1, 127, 128, 255, 300, 16_383, 16_384, 1 << 32, (1 << 63) - 1, 1 << 63, .max]
        for v in values {
            var w = ProtoWriter()
            w.varint(v)
            XCTAssertEqual(try read(w.bytes) { r throws(ProtoReader.Failure) in try r.varint() }.get(), v)
        }
        // Known encodings from the protobuf documentation.
        var w = ProtoWriter()
        w.varint(300)
        XCTAssertEqual(w.bytes, [0xAC, 0x02])
        w = ProtoWriter()
        w.varint(.max)
        XCTAssertEqual(w.bytes.count, 10)
        XCTAssertEqual(w.bytes.last, 0x01)
    }

    func testZigzag() {
        let pairs: [(Int64, UInt64)] = [
            (0, 0), (-1, 1), (1, 2), (-2, 3), (2_147_483_647, 4_294_967_294), (-2_147_483_648, 4_294_967_295),
        ]
        for (signed, encoded) in pairs {
            XCTAssertEqual(ProtoReader.zigzag(signed), encoded)
            XCTAssertEqual(ProtoReader.unzigzag(encoded), signed)
        }
        for v: Int64 in [.min, .max, -123_456_789_012, 987_654_321] {
            XCTAssertEqual(ProtoReader.unzigzag(ProtoReader.zigzag(v)), v)
            var w = ProtoWriter()
            w.sintField(1, v)
            let got = try? read(w.bytes) { r throws(ProtoReader.Failure) -> Int64 in
                _ = try r.key()
                return try r.zigzag()
            }.get()
            XCTAssertEqual(got, v)
        }
    }

    func testNegativeInt64TakesTenBytes() {
        var w = ProtoWriter()
        w.intField(1, -5)
        XCTAssertEqual(w.bytes.count, 11)
        XCTAssertEqual(
            try read(w.bytes) { r throws(ProtoReader.Failure) -> Int64 in
                _ = try r.key()
                return try r.int64()
            }.get(), -5)
    }

    func testTruncatedVarint() {
        let f = failure(
            read([0x08, 0x96]) { r throws(ProtoReader.Failure) in
                _ = try r.key()
                return try r.varint()
            })
        XCTAssertEqual(f, ProtoReader.Failure(message: "truncated varint", offset: 1))
        XCTAssertEqual(failure(read([]) { r throws(ProtoReader.Failure) in try r.varint() })?.offset, 0)
    }

    func testOverlongVarint() {
        // Eleven bytes, and ten bytes whose last holds more than the 64th bit.
        let eleven = [UInt8](repeating: 0xFF, count: 10) + [0x01]
        XCTAssertEqual(
            failure(read(eleven) { r throws(ProtoReader.Failure) in try r.varint() })?.message,
            "varint longer than 64 bits")
        let tenTooBig = [UInt8](repeating: 0xFF, count: 9) + [0x02]
        XCTAssertEqual(
            failure(read(tenTooBig) { r throws(ProtoReader.Failure) in try r.varint() })?.message,
            "varint longer than 64 bits")
    }

    func testKeys() {
        var w = ProtoWriter()
        w.varintField(17, 5)
        let key = try? read(w.bytes) { r throws(ProtoReader.Failure) in try r.key() }.get()
        XCTAssertEqual(key?.field, 17)
        XCTAssertEqual(key?.wireType, .varint)
        XCTAssertNil(try? read([]) { r throws(ProtoReader.Failure) in try r.key() }.get() as ProtoReader.Key?)
        XCTAssertEqual(
            failure(read([0x06]) { r throws(ProtoReader.Failure) in try r.key() })?.message, "invalid wire type 6")
        XCTAssertEqual(
            failure(read([0x07]) { r throws(ProtoReader.Failure) in try r.key() })?.message, "invalid wire type 7")
        XCTAssertEqual(
            failure(read([0x00]) { r throws(ProtoReader.Failure) in try r.key() })?.message, "field number 0")
        XCTAssertEqual(
            failure(read([0x0B]) { r throws(ProtoReader.Failure) in try r.key() })?.message,
            "group fields are not supported (field 1)")
    }

    func testLengthDelimitedAndSubmessages() {
        var inner = ProtoWriter()
        inner.stringField(1, "name")
        inner.varintField(2, 42)
        var w = ProtoWriter()
        w.bytesField(3, inner.bytes)
        w.varintField(4, 7)
        let result = read(w.bytes) { r throws(ProtoReader.Failure) -> (String, UInt64, UInt64) in
            guard let k = try r.key(), k.field == 3 else { throw ProtoReader.Failure(message: "no field 3", offset: 0) }
            var sub = try r.subReader()
            _ = try sub.key()
            let s = try sub.string()
            _ = try sub.key()
            let n = try sub.varint()
            XCTAssertTrue(sub.isAtEnd)
            XCTAssertNil(try sub.key())
            _ = try r.key()
            return (s, n, try r.varint())
        }
        let v = try? result.get()
        XCTAssertEqual(v?.0, "name")
        XCTAssertEqual(v?.1, 42)
        XCTAssertEqual(v?.2, 7)
    }

    func testLengthPastTheEnd() {
        // Field 1, length 10, only 3 bytes follow.
        let f = failure(
            read([0x0A, 0x0A, 1, 2, 3]) { r throws(ProtoReader.Failure) in
                _ = try r.key()
                return try r.lengthDelimited()
            })
        XCTAssertEqual(f, ProtoReader.Failure(message: "length 10 runs past the end (3 bytes left)", offset: 1))
        // A length near 2^64 must not overflow into a small one.
        let huge: [UInt8] = [0x0A] + [UInt8](repeating: 0xFF, count: 9) + [0x01]
        XCTAssertNotNil(
            failure(
                read(huge) { r throws(ProtoReader.Failure) in
                    _ = try r.key()
                    return try r.lengthDelimited()
                }))
    }

    func testSubReaderStaysInItsWindow() {
        // An inner message whose own length claims more than the outer window holds.
        var w = ProtoWriter()
        w.bytesField(1, [0x0A, 0x05, 0x41])
        w.bytes.append(contentsOf: [0x41, 0x41, 0x41, 0x41])
        let f = failure(
            read(w.bytes) { r throws(ProtoReader.Failure) in
                _ = try r.key()
                var sub = try r.subReader()
                _ = try sub.key()
                return try sub.lengthDelimited()
            })
        XCTAssertEqual(f?.offset, 3)
    }

    func testPackedAndUnpacked() {
        var w = ProtoWriter()
        w.packedField(1, [1, 300, 0, .max])
        w.varintField(1, 9)  // the same field written unpacked
        let got = read(w.bytes) { r throws(ProtoReader.Failure) -> [UInt64] in
            var out: [UInt64] = []
            while let k = try r.key() { try r.forEachPacked(k) { out.append($0) } }
            return out
        }
        XCTAssertEqual(try? got.get(), [1, 300, 0, .max, 9])
        // A packed field cut inside its last varint.
        let cut: [UInt8] = [0x0A, 0x02, 0x01, 0x80]
        XCTAssertEqual(
            failure(
                read(cut) { r throws(ProtoReader.Failure) in
                    let k = try r.key()!
                    try r.forEachPacked(k) { _ in }
                })?.message, "truncated varint")
        // A packed field of a fixed-size wire type is an error, not a misread.
        XCTAssertNotNil(
            failure(
                read([0x0D, 1, 2, 3, 4]) { r throws(ProtoReader.Failure) in
                    let k = try r.key()!
                    try r.forEachPacked(k) { _ in }
                }))
    }

    func testSkip() {
        var w = ProtoWriter()
        w.key(1, .fixed64)
        w.bytes += [1, 2, 3, 4, 5, 6, 7, 8]
        w.key(2, .fixed32)
        w.bytes += [1, 2, 3, 4]
        w.bytesField(3, [9, 9, 9])
        w.varintField(4, 1 << 40)
        w.varintField(5, 77)
        let got = read(w.bytes) { r throws(ProtoReader.Failure) -> UInt64 in
            while let k = try r.key() {
                if k.field == 5 { return try r.varint() }
                try r.skip(k)
            }
            return 0
        }
        XCTAssertEqual(try? got.get(), 77)
        XCTAssertEqual(
            failure(
                read([0x09, 1, 2, 3]) { r throws(ProtoReader.Failure) in
                    let k = try r.key()!
                    try r.skip(k)
                })?.message, "truncated fixed-size field 1")
        XCTAssertEqual(
            failure(
                read([0x15, 1]) { r throws(ProtoReader.Failure) in
                    let k = try r.key()!
                    try r.skip(k)
                })?.message, "truncated fixed-size field 2")
    }

    func testExpectWireType() {
        var w = ProtoWriter()
        w.varintField(2, 1)
        let f = failure(
            read(w.bytes) { r throws(ProtoReader.Failure) in
                let k = try r.key()!
                try ProtoReader.expect(k, .lengthDelimited, "Thing.name")
            })
        XCTAssertEqual(f, ProtoReader.Failure(message: "Thing.name (field 2) has wire type 0, expected 2", offset: 0))
    }

    /// Every byte string of length ≤ 3 and many random ones: reading keys and skipping values
    /// ends in an error or the end, never a crash or a loop.
    func testArbitraryBytesNeverCrash() {
        func walk(_ bytes: [UInt8]) {
            _ = read(bytes) { r throws(ProtoReader.Failure) in
                var steps = 0
                while let k = try r.key() {
                    try r.skip(k)
                    steps += 1
                    XCTAssertLessThanOrEqual(steps, bytes.count)
                }
            }
        }
        for a in 0..<256 {
            walk([UInt8(a)])
            for b in stride(from: 0, to: 256, by: 3) {
                walk([UInt8(a), UInt8(b)])
                walk([UInt8(a), UInt8(b), 0x80])
            }
        }
        var rng = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            walk((0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        }
    }
}
