import Foundation
import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// What the walk sends a student to speaks their language: the picker, `explain`, the
/// storyboard page; right-to-left prose keeps its numbers in order.
final class WalkLanguageTests: XCTestCase {
    private func shell(_ script: String) -> (Shell, StringSink) {
        let out = StringSink()
        let shell = Shell(stdout: out, stderr: StringSink())
        _ = shell.runScript(SourceText(name: "t", text: script))
        return (shell, out)
    }

    private func text(_ language: String) throws -> TutorialText {
        guard case .success(let text) = try XCTUnwrap(parsedTutorials[language]) else {
            throw XCTSkip("the tutorial text '\(language)' does not parse")
        }
        return text
    }

    func testNumbersInRightToLeftProseKeepTheirOrder() {
        let lrm = "\u{200E}"
        XCTAssertEqual(
            keepingNumbersInOrder("نقشه در (-33.869405, 151.199) است"), "نقشه در \(lrm)(-33.869405, 151.199)\(lrm) است")
        XCTAssertEqual(keepingNumbersInOrder("دما -5 است"), "دما \(lrm)-5\(lrm) است")
        // A quoted command is copied as it is; a plain number keeps its order anyway.
        XCTAssertEqual(
            keepingNumbersInOrder("بزنید 'locate -33.870305 151.199' و ۱۵"), "بزنید 'locate -33.870305 151.199' و ۱۵")
        XCTAssertEqual(keepingNumbersInOrder("زوم 15 است"), "زوم 15 است")
        // An unclosed parenthesis stays outside the run.
        XCTAssertEqual(keepingNumbersInOrder("(-33.8, 151.2 و"), "(\(lrm)-33.8, 151.2\(lrm) و")
        XCTAssertEqual(rightToLeftLine("در (-1, 2)"), "\u{200F}در \(lrm)(-1, 2)\(lrm)")
        XCTAssertEqual(rightToLeftLine("(-1, 2)"), "(-1, 2)", "no right-to-left letter: left as it is")
        XCTAssertEqual(leftToRightIsolated("-33.87"), "\(lrm)-33.87\(lrm)")
        XCTAssertEqual(leftToRightIsolated("Swift"), "Swift")
        XCTAssertEqual(leftToRightIsolated("تهران"), "تهران")
    }

    /// Values are put in once, in one pass: a name that looks like a slot stays as named, and
    /// the result does not depend on the order a dictionary gives.
    func testValuesAreFilledInOnce() {
        XCTAssertEqual(WhyText.filledIn("{a} and {b}", ["a": "{b}", "b": "x"]), "{b} and x")
        XCTAssertEqual(WhyText.filledIn("{unknown} {a", ["a": "x"]), "{unknown} {a")
        let text = WhyText(.listHasRanked, ["count": .number("3"), "name": .plain("Café {count}")])
        XCTAssertEqual(text.english, "The list has 3 likely places; Nearby Search ranked Café {count} first.")
    }

    func testACallsParenthesesStayWithItsName() {
        let lrm = "\u{200E}"
        XCTAssertEqual(keepingNumbersInOrder("متد viewDidLoad() را"), "متد viewDidLoad()\(lrm) را")
        XCTAssertEqual(keepingNumbersInOrder("متد prepare(for:sender:) را"), "متد prepare(for:sender:)\(lrm) را")
        // Marked once: marking again changes nothing.
        let once = keepingNumbersInOrder("در (-33.869405, 151.199) و viewDidLoad() است")
        XCTAssertEqual(keepingNumbersInOrder(once), once)
        XCTAssertEqual(keepingNumbersInOrder("(پرانتز)"), "(پرانتز)", "no call: no mark")
    }

    func testProseWrapsAroundQuotedCommandsAndMarkedRuns() {
        // The quoted command would be cut at 'rank' at this width: it moves to the next line whole.
        let text = "For where the user is, rank by distance: 'nearby rank distance' and look again."
        let lines = wrapProse(text, width: 50).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("'nearby rank distance'") }, "\(lines)")
        XCTAssertTrue(lines.allSatisfy { displayWidth($0) <= 50 }, "\(lines)")
        // An apostrophe is no quote.
        XCTAssertEqual(
            wrapProse("the app's list and the user's pick", width: 12),
            wrapText("the app's list and the user's pick", width: 12))
        // A coordinate pair between marks stays whole.
        let marked = keepingNumbersInOrder("نقشه روی نقطه‌ی (-33.869405, 151.199) است")
        XCTAssertTrue(
            wrapProse(marked, width: 30).split(separator: "\n").contains { $0.contains("(-33.869405, 151.199)") })
        // A quoted run wider than the line is wrapped word by word.
        XCTAssertEqual(wrapProse("'a b c d e f'", width: 6), wrapText("'a b c d e f'", width: 6))
    }

    func testThePickerSpeaksTheWalksLanguageAndEnglishOutsideIt() throws {
        let ko = try text("ko")
        let (walking, out) = shell("tutorial language ko; tutorial goto 6; picker")
        let heading = ko.message("pickerHeading", ["rows": "12", "perScreen": "5"])
        XCTAssertTrue(out.text.contains(heading + "\n"), out.text)
        XCTAssertTrue(out.text.contains("  " + ko.message("pickerBelow") + "\n"), out.text)
        XCTAssertFalse(out.text.contains("Choose a place"))
        let before = out.text.count
        _ = walking.runScript(SourceText(name: "t", text: "tutorial stop; picker"))
        XCTAssertTrue(String(out.text.dropFirst(before)).contains("Choose a place — 12 rows, 5 per screen\n"))
    }

    func testExplainInTheWalksLanguageKeepsTheJSONEnglish() throws {
        let fa = try text("fa")
        let (_, out) = shell("tutorial language fa; tutorial goto 9; reset; launch; auth deny; explain")
        let denied = try XCTUnwrap(fa.explain[.mapDeniedDefault])
        let expected = denied.replacing("{latitude}", with: "\u{200E}-33.869405\u{200E}")
            .replacing("{longitude}", with: "\u{200E}151.199\u{200E}")
        // Wrapped: compare the first line's words, then that no English finding is left.
        let printed = out.text.replacing("\u{200F}", with: "").replacing("\n           ", with: " ")
        XCTAssertTrue(printed.contains(expected), printed)
        XCTAssertFalse(printed.contains("The map shows the tutorial's default point"), printed)
        // Every line of the account is marked right to left, also a continuation of a paragraph.
        let (walking, all) = shell("tutorial language fa; tutorial goto 8")
        let before = all.text.count
        _ = walking.runScript(SourceText(name: "t", text: "explain"))
        let account = all.text.dropFirst(before).split(separator: "\n")
        XCTAssertGreaterThan(account.count, 5)
        for line in account { XCTAssertEqual(line.first, "\u{200F}", "'\(line)'") }
        let json = StringSink()
        let programs = Shell(stdout: json, stderr: StringSink())
        programs.json = true
        _ = programs.runScript(
            SourceText(name: "t", text: "tutorial language fa; tutorial goto 9; reset; launch; auth deny; explain"))
        XCTAssertTrue(
            json.text.contains("The map shows the tutorial's default point, Sydney (-33.869405, 151.199)"), json.text)
    }

    func testTheStoryboardOfAWalkIsInItsLanguageAndDirection() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("placeshell-page-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (language, direction) in [("fa", "rtl"), ("ko", "ltr"), ("en", "ltr")] {
            let text = try text(language)
            let page = directory.appendingPathComponent("\(language).html").path
            let (_, _) = shell(
                "tutorial language \(language); tutorial goto 4; record \(page); locate -33.870305 151.199; wait 2s; record stop"
            )
            let html = try String(contentsOfFile: page, encoding: .utf8)
            XCTAssertTrue(html.contains("<html lang=\"\(language)\" dir=\"\(direction)\">"), language)
            XCTAssertTrue(html.contains("<div class=\"tutorial\" lang=\"\(language)\" dir=\"\(direction)\">"), language)
            XCTAssertTrue(html.contains(">\(xmlEscaped(text.message("pageNext")))</button>"), language)
            XCTAssertTrue(html.contains("data-words=\"\(xmlEscaped(text.message("pagePosition")))\""), language)
            let heading = text.message(
                "step", ["n": text.number(4), "total": text.number(20), "title": text.steps[3].title])
            XCTAssertTrue(html.contains("<h3>\(xmlEscaped(heading))</h3>"), language)
            // Commands and output stay left to right; Korean keeps its words whole.
            XCTAssertTrue(html.contains("<h2 class=\"command\" dir=\"ltr\">"), language)
            XCTAssertTrue(html.contains(":lang(ko) { word-break: keep-all; }"), language)
            if language == "fa" {
                XCTAssertTrue(html.contains("\u{200E}(-33.869405, 151.199)\u{200E}"), "coordinates kept in order")
            }
        }
    }
}
