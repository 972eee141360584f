import XCTest

@testable import PlaceScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FileDescriptorSink`: what reaches the descriptor is exactly what was written, in order,
/// whatever the buffer's size and the pieces' lengths, and a reader that went away is noticed.
final class OutputSinkTests: XCTestCase {
    /// The bytes written to a pipe through a sink of `capacity`, by `body`.
    private func through(capacity: Int, _ body: (FileDescriptorSink) -> Void) -> [UInt8] {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        // A reader on its own thread, so that a full pipe never blocks the writer.
        let reader = fds[0]
        nonisolated(unsafe) var received: [UInt8] = []
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, 4096) }
                if n <= 0 { break }
                received.append(contentsOf: chunk[0..<n])
            }
            done.signal()
        }
        let sink = FileDescriptorSink(fd: fds[1], capacity: capacity)
        body(sink)
        sink.flush()
        close(fds[1])
        done.wait()
        close(reader)
        return received
    }

    func testEveryByteArrivesInOrderWhateverTheBufferAndPieces() {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {  // a fixed sequence in 0..<n
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var pieces: [(text: String, line: Bool)] = []
        for k in 0..<400 {
            let length = [0, 1, 5, 63, 64, 65, 200, 5000][next(8)]
            let text =
                String(repeating: String(UnicodeScalar(UInt8(0x61 + k % 26))), count: length)
                + (k % 37 == 0 ? "é\u{1B}[2J" : "")
            pieces.append((text, next(2) == 0))
        }
        var expected = ""
        for piece in pieces {
            expected += visibleControls(piece.text, colours: false) + (piece.line ? "\n" : "")
        }
        for capacity in [0, 1, 7, 64, 4096, 1 << 16] {
            let bytes = through(capacity: capacity) { sink in
                for piece in pieces {
                    if piece.line { sink.writeLine(piece.text) } else { sink.write(piece.text) }
                }
            }
            XCTAssertEqual(bytes, Array(expected.utf8), "capacity \(capacity)")
        }
    }

    func testABufferedLineWaitsForFlushAndAnUnbufferedOneDoesNot() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        var chunk = [UInt8](repeating: 0, count: 64)
        func available() -> Int { chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, 64) } }
        let buffered = FileDescriptorSink(fd: fds[1])
        buffered.writeLine("held")
        XCTAssertEqual(available(), -1, "nothing written before a flush")
        buffered.flush()
        XCTAssertEqual(available(), 5)
        let unbuffered = FileDescriptorSink(fd: fds[1], capacity: 0)
        unbuffered.writeLine("now")
        XCTAssertEqual(available(), 4)
        XCTAssertEqual(Array(chunk[0..<4]), Array("now\n".utf8))
    }

    func testAReaderThatWentAwayBreaksTheSink() {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])
        defer { close(fds[1]) }
        let sink = FileDescriptorSink(fd: fds[1], capacity: 8)
        sink.writeLine("more than eight bytes")
        XCTAssertTrue(sink.isBroken)
        XCTAssertEqual(sink.failure, EPIPE)
        sink.writeLine("after")  // nothing more is tried
        sink.flush()
        XCTAssertTrue(sink.isBroken)
    }
}
