import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// The snapshot's number writers and label widths: each fast way gives exactly what the plain
/// way gives, on many values.
final class SVGTextTests: XCTestCase {
    /// Values at the writers' edges: zeros of both signs, halves at every place, values just
    /// beside them, the largest formatFixed writes, and values that are not finite.
    private func numbers() -> [Double] {
        var values: [Double] = [
            0, -0.0, 0.005, -0.005, 0.004999, 0.015, 0.025, 0.125, -0.125, 1.005, 2.675, 0.05, -0.05, 0.04999,
            0.95, -0.95, 0.995, 9.995, 99.995, -99.995, 1.5, -1.5, 12.3, -4, 393, 852, 421, 880, 1e15, 8.9e13,
            9e13, 9.1e13, 1e16, -1e16, 1e300, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, 2_147_483_647.5, -100_000_000, 10_000_000.04, -10_000_000.06,
        ]
        for k in -3000...3000 {
            let x = Double(k) / 1000
            values += [x, x.nextUp, x.nextDown, x + 0.0005, x - 0.0005, (x + 0.0005).nextDown, (x + 0.0005).nextUp]
        }
        var seed: UInt64 = 0xF00D
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(seed >> 11) / Double(1 << 53)
            values.append((unit - 0.5) * [1, 10, 1_000, 100_000, 1e9][Int(seed % 5)])
        }
        return values
    }

    func testNumbersAreWrittenAsFormatFixedWritesThem() {
        for x in numbers() {
            XCTAssertEqual(svgNumber(x), trimmedDecimals(x), "\(x) (bits \(x.bitPattern))")
        }
        XCTAssertEqual(svgNumber(-0.0), "0")
        XCTAssertEqual(svgNumber(-0.004), "0")
        XCTAssertEqual(svgNumber(12.5), "12.5")
        XCTAssertEqual(svgNumber(-7.05), "-7.05")
    }

    func testTenthsAreWrittenAsBefore() {
        for x in numbers() {
            var fast: [UInt8] = []
            appendTenths(&fast, x)
            XCTAssertEqual(String(decoding: fast, as: UTF8.self), referenceTenths(x), "\(x) (bits \(x.bitPattern))")
        }
    }

    func testTenthsAreRoundedAsTheLibraryRoundsThem() {
        for x in numbers() {
            XCTAssertEqual(
                roundedTenths(x), clampedInt((x * 10).rounded(), -100_000_000...100_000_000),
                "\(x) (bits \(x.bitPattern))")
        }
    }

    /// The look for right-to-left letters that skips plain ASCII eight bytes at a time answers as
    /// a look at every byte does, wherever the letter falls against the words.
    func testTheWordAtATimeLookAnswersAsTheByteLook() {
        let scalars: [Unicode.Scalar] = [
            "a", "\u{7F}", "é", "\u{590}", "\u{5D0}", "\u{627}", "\u{6F1}", "\u{8FF}", "\u{900}", "\u{FB1D}",
            "\u{FDFF}",
            "\u{FE70}", "\u{FEFF}", "\u{FFFD}", "한", "…", "\u{1F600}",
        ]
        for scalar in scalars {
            for before in 0..<20 {
                for after in [0, 1, 7, 8, 9, 17] {
                    let text =
                        String(repeating: "x", count: before) + String(Character(scalar))
                        + String(repeating: "y", count: after)
                    XCTAssertEqual(mayHoldRightToLeftLetters(text), referenceMayHold(text), "\(scalar) at \(before)")
                }
            }
        }
        XCTAssertFalse(mayHoldRightToLeftLetters(""))
    }

    /// The look at every byte.
    private func referenceMayHold(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        for i in bytes.indices {
            let b = bytes[i]
            if b >= 0xD6 && b <= 0xDF { return true }
            if (b == 0xE0 || b == 0xEF) && i + 1 < bytes.count {
                let c = bytes[i + 1]
                if b == 0xE0 && c >= 0xA0 && c <= 0xA3 { return true }
                if b == 0xEF && c >= 0xAC && c <= 0xBB { return true }
            }
        }
        return false
    }

    /// Coordinates to a tenth the plain way: the digits from the largest power of ten down.
    private func referenceTenths(_ x: Double) -> String {
        let tenths = clampedInt((x * 10).rounded(), -100_000_000...100_000_000)
        let whole = abs(tenths) / 10
        let tenth = abs(tenths) % 10
        var d = tenths < 0 ? "-" : ""
        d += String(whole)
        if tenth != 0 { d += "." + String(tenth) }
        return d
    }

    func testLabelWidthsAndCutsMatchCountingByCharacter() throws {
        let t = TestShell(table: .standard)
        XCTAssertEqual(t.run("launch\n"), 0, t.err.text)
        let app = try XCTUnwrap(t.shell.session.app)
        let snapshot = SVGSnapshot(scene: MapScene(app: app, session: t.shell.session))
        let texts = [
            "", " ", "a", "Z", "George Street", "Circular Quay Wharf 5", "  leading and trailing  ",
            "Australian Securities Exchange (ASX)", "St Mary's Cathedral College, Sydney", "~!@#$%^&*()_+{}|:<>?`",
            "Café Courtyard", "Bouillon L'Entrecôte", "한국어 이름", "کافه", "line\nbreak", "cr\r\nlf", "tab\there",
            "e\u{301}", "A very long name that certainly does not fit in the space a label has on the map",
            "Words with many spaces                                       at the cut",
            String(repeating: "W", count: 60), String(repeating: "i ", count: 60),
        ]
        // Labels cut short end in "…": their widths too.
        var labels = texts + ["…", "a…", "A…", "…a", "Café…", "George St…"]
        for text in texts {
            for maxWidth in stride(from: 0.0, through: 300, by: 10) {
                labels.append(snapshot.ellipsized(text, maxWidth: maxWidth, size: 11, bold: false))
            }
        }
        for text in labels {
            for (size, bold) in [(11.0, false), (12, true), (13, false), (15, true), (17, false)] {
                XCTAssertEqual(
                    snapshot.textWidth(text, size: size, bold: bold),
                    SVGSnapshot.emsByCharacters(text) * size * (bold ? 1.08 : 1), "\(text)")
            }
        }
        for text in texts {
            for (size, bold) in [(11.0, false), (12, true), (13, false), (15, true), (17, false)] {
                for maxWidth in stride(from: 0.0, through: 400, by: 2.5) {
                    XCTAssertEqual(
                        snapshot.ellipsized(text, maxWidth: maxWidth, size: size, bold: bold),
                        snapshot.ellipsizedByCharacters(text, maxWidth: maxWidth, size: size, bold: bold),
                        "\(text) in \(maxWidth)")
                }
            }
        }
    }
}
