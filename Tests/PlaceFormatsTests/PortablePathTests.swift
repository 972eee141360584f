import CByteMask
import Foundation
import XCTest

/// The byte-mask functions take the path the build asked for: SSE2 on x86-64, the portable
/// path with `-Xcc -DPLACESHELL_PORTABLE` (`PLACESHELL_PORTABLE=1 scripts/test`, which sets
/// the variable for the tests too) and everywhere else. A portable run that still took the
/// SSE2 path would test nothing that Apple silicon runs, and pass.
final class PortablePathTests: XCTestCase {
    func testTheByteMaskPathIsTheOneTheBuildAskedFor() {
        let portable = environmentVariable("PLACESHELL_PORTABLE") == "1"
        #if arch(x86_64)
            XCTAssertEqual(placeshell_byte_mask_uses_sse2(), portable ? 0 : 1, "PLACESHELL_PORTABLE=\(portable)")
        #else
            XCTAssertEqual(placeshell_byte_mask_uses_sse2(), 0)
        #endif
    }

    /// Both paths mark the same bytes: every byte value at every position of a block.
    func testTheMasksMarkWhatTheySay() {
        var block = [UInt8](repeating: 0x61, count: 64)
        for value in 0...255 {
            for position in [0, 15, 16, 33, 63] {
                block[position] = UInt8(value)  // safe: 0…255
                let bits = block.withUnsafeBufferPointer { placeshell_byte_mask64($0.baseAddress!, 0x2C, 0x0A, 0x0D) }
                let expected: UInt64 = [0x2C, 0x0A, 0x0D].contains(value) ? 1 << UInt64(position) : 0
                XCTAssertEqual(bits, expected, "byte \(value) at \(position)")
                if position < 16 {
                    let control = block.withUnsafeBufferPointer { placeshell_control_mask16($0.baseAddress!) }
                    let isControl = value < 0x20 || value == 0x7F || value == 0xC2 || value == 0xE2
                    XCTAssertEqual(control, isControl ? 1 << UInt32(position) : 0, "control \(value) at \(position)")
                    let stop = block.withUnsafeBufferPointer { placeshell_word_stop_mask16($0.baseAddress!) }
                    let stops =
                        value <= 0x20 || value >= 0x7F || [0x3B, 0x22, 0x27, 0x5C, 0x24].contains(value)
                    XCTAssertEqual(stop, stops ? 1 << UInt32(position) : 0, "stop \(value) at \(position)")
                }
                block[position] = 0x61
            }
        }
    }

    private func environmentVariable(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }
}
