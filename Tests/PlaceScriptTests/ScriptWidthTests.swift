import XCTest

@testable import PlaceScript

/// Widths, wrapping and direction of text in the scripts the tutorial is written in: a line
/// never runs past the width it is wrapped to, counted in terminal cells.
final class ScriptWidthTests: XCTestCase {
    /// Every line of `text` wrapped to `width` fits in it, and no word is split or lost.
    private func assertWraps(_ text: String, width: Int, file: StaticString = #filePath, line: UInt = #line) {
        let lines = wrapText(text, width: width, indent: "  ").split(separator: "\n").map(String.init)
        for l in lines {
            XCTAssertLessThanOrEqual(displayWidth(l), width, "'\(l)'", file: file, line: line)
        }
        XCTAssertEqual(
            lines.flatMap { $0.split(separator: " ") }, text.split(separator: " "), file: file, line: line)
    }

    /// The snapshot's quick look at the bytes never misses a right-to-left letter: every scalar
    /// `hasRightToLeftLetters` takes is seen by it, alone and inside Latin text.
    func testTheQuickLookForRightToLeftLettersMissesNone() {
        var seen = 0
        for v: UInt32 in 0x0080...0x1_0000 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let text = "a <text>" + String(Character(scalar)) + "</text> z"
            if hasRightToLeftLetters(text) {
                seen += 1
                XCTAssertTrue(mayHoldRightToLeftLetters(text), String(format: "U+%04X", v))
            }
        }
        XCTAssertGreaterThan(seen, 1000, "the right-to-left blocks were visited")
        XCTAssertFalse(mayHoldRightToLeftLetters("<text>Pontoon Bar — 한국 Tiếng Việt</text>"))
        let plain = "<svg><text x=\"1\">Sussex Street</text></svg>"
        XCTAssertEqual(markingRightToLeftTexts(plain), plain)
        let persian = markingRightToLeftTexts("<svg><text x=\"1\">کافه نادری</text></svg>")
        XCTAssertTrue(persian.contains("direction=\"rtl\""), persian)
    }

    func testHangulTakesTwoColumns() {
        XCTAssertEqual(displayWidth("위치"), 4)
        XCTAssertEqual(displayWidth("지도 보기"), 9)
        // A syllable written as conjoining jamo (ᄒ + ᅡ + ᆫ) is one syllable: two columns.
        XCTAssertEqual(displayWidth("\u{1112}\u{1161}\u{11AB}"), 2)
        XCTAssertEqual(displayWidth("\u{1112}\u{D7B0}"), 2)
        let korean = "앱이 위치 권한을 요청하면 iOS가 알림을 띄웁니다. 'auth allow'로 허용하면 상태가 authorizedWhenInUse로 바뀝니다."
        for width in [28, 31, 40] { assertWraps(korean, width: width) }
        let wrapped = wrapText("가나다 라마바", width: 8)
        XCTAssertEqual(wrapped, "가나다\n라마바", "7 columns do not fit 6 + 1 + 6")
    }

    func testVietnameseTakesOneColumnPerCharacterAsSeen() {
        // Precomposed and decomposed (a base letter and its combining marks) take the same cells.
        let composed = "Bước tiếp theo"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        XCTAssertNotEqual(Array(composed.unicodeScalars).count, Array(decomposed.unicodeScalars).count)
        XCTAssertEqual(displayWidth(composed), 14)
        XCTAssertEqual(displayWidth(decomposed), 14)
        XCTAssertEqual(displayWidth("ệ"), 1)
        XCTAssertEqual(displayWidth("e\u{0323}\u{0302}"), 1)
        let text = "Ứng dụng gọi requestWhenInUseAuthorization() và iOS hiển thị hộp thoại xin quyền truy cập vị trí."
        for width in [36, 41, 50] {
            assertWraps(text, width: width)
            assertWraps(text.decomposedStringWithCanonicalMapping, width: width)
        }
    }

    func testPersianLettersMarksAndTheZeroWidthNonJoiner() {
        XCTAssertEqual(displayWidth("نقشه"), 4)
        // The zero-width non-joiner of می‌شود and the short vowels take no cell.
        XCTAssertEqual(displayWidth("می\u{200C}شود"), 5)
        XCTAssertEqual(displayWidth("بِ"), 1)
        XCTAssertEqual(displayWidth("۱۲۳"), 3)
        let text = "برنامه با 'auth allow' اجازه می‌گیرد و وضعیت به authorizedWhenInUse تغییر می‌کند؛ فاصله‌ی ۵۰ متر."
        for width in [24, 35, 60] { assertWraps(text, width: width) }
    }

    func testRightToLeftLinesAreMarkedAndKeepTheirWidth() {
        let line = "  برنامه را با 'launch' اجرا کنید."
        let marked = rightToLeftLine(line)
        XCTAssertEqual(marked.first, rightToLeftMark)
        XCTAssertEqual(String(marked.dropFirst()), line, "the text stays in logical order")
        XCTAssertEqual(displayWidth(marked), displayWidth(line))
        XCTAssertEqual(rightToLeftLine(marked), marked, "marked once")
        // Lines with no right-to-left letter (a command, a call, English) are left alone.
        for ltr in ["    ← MapViewController.viewDidLoad()", "trace on", "Step 1 of 15", "위치", "vị trí", ""] {
            XCTAssertEqual(rightToLeftLine(ltr), ltr)
        }
        XCTAssertTrue(hasRightToLeftLetters("שלום"))
        XCTAssertFalse(hasRightToLeftLetters("۱۲۳ abc"), "digits alone are not letters of a script")
    }
}
