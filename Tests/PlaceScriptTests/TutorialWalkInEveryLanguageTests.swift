import Foundation
import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// The whole walk, in every language the tutorial has: the same commands take a new session
/// through every step, each step says it is done in that language's words, and no hint comes.
final class TutorialWalkInEveryLanguageTests: XCTestCase {
    func testEveryLanguageWalksEveryStepWithTheSameCommands() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("placeshell-walk-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for language in tutorialCatalogs.keys.sorted() {
            guard case .success(let text) = try XCTUnwrap(parsedTutorials[language]) else {
                XCTFail("the tutorial text '\(language)' does not parse")
                continue
            }
            let out = StringSink()
            let shell = Shell(stdout: out, stderr: StringSink())
            XCTAssertEqual(
                shell.runScript(SourceText(name: "t", text: "tutorial language \(language); tutorial")), 0, language)
            for step in text.steps {
                // Every state the walk passes through is explained in the student's words.
                for finding in shell.session.findings() {
                    XCTAssertFalse(
                        finding.sentences.isEmpty, "\(language) step \(step.number): '\(finding.text)' is English only")
                }
                for command in step.type {
                    // 'snapshot' writes a file: into a directory of the test's own.
                    let typed =
                        command.hasPrefix("snapshot ")
                        ? "snapshot \(directory.appendingPathComponent("\(language)-marker.svg").path)" : command
                    XCTAssertEqual(
                        shell.runScript(SourceText(name: "t", text: typed)), 0,
                        "\(language) step \(step.number): '\(typed)'")
                }
                let done = text.message("done", ["n": text.number(step.number), "title": step.title])
                XCTAssertTrue(out.text.contains(done + "\n"), "\(language): no '\(done)'")
            }
            XCTAssertEqual(
                shell.resolveState("tutorial.done"), .list(text.steps.map { .int($0.number) }), "\(language)")
            XCTAssertFalse(out.text.contains("\ntutorial: "), "\(language): a hint came on the straight walk")
            XCTAssertTrue(
                out.text.contains(text.message("finished").prefix(20)), "\(language): the walk did not finish")
        }
    }
}

/// The walk done wrong, in every language: Objective-C too early, Allow Once where the step
/// wants While Using, and going back and forth after changing the "code": each ends where the
/// step says, in that language's words.
final class TutorialWalkDoneWrongTests: XCTestCase {
    private let errors = StringSink()

    private func walk(_ language: String) throws -> (TutorialText, Shell, StringSink) {
        guard case .success(let text) = try XCTUnwrap(parsedTutorials[language]) else {
            throw XCTSkip("the tutorial text '\(language)' does not parse")
        }
        let out = StringSink()
        let shell = Shell(stdout: out, stderr: errors)
        XCTAssertEqual(
            shell.runScript(SourceText(name: "t", text: "tutorial language \(language); tutorial")), 0, language)
        return (text, shell, out)
    }

    func testObjectiveCTooEarlySaysWhenItComesAndStays() throws {
        for language in tutorialCatalogs.keys.sorted() {
            let (text, shell, out) = try walk(language)
            _ = shell.runScript(SourceText(name: "t", text: "trace on; launch --flavor objc; tutorial hint"))
            XCTAssertEqual(shell.resolveState("tutorial.step"), .int(1), language)
            // The message's longest stretch of words between its values, as printed (wrapped).
            let later = text.message("flavorLater").split(separator: /\{[a-z]+\}/).max { $0.count < $1.count } ?? ""
            let printed = out.text.replacing("\u{200F}", with: "").replacing("\n", with: " ")
            XCTAssertGreaterThan(later.count, 8)
            XCTAssertTrue(printed.contains(later), "\(language): no '\(later)'")
        }
    }

    func testAllowOnceGetsItsOwnHintAndTheStepWaits() throws {
        for language in tutorialCatalogs.keys.sorted() {
            let (text, shell, out) = try walk(language)
            XCTAssertEqual(
                shell.runScript(SourceText(name: "t", text: "trace on; launch; auth allow once; tutorial hint")), 0)
            XCTAssertEqual(shell.resolveState("tutorial.step"), .int(2), language)
            let allowOnce = text.steps[1].hints[3].text
            XCTAssertFalse(allowOnce.isEmpty)
            // The hint as printed is wrapped: compare its first words.
            XCTAssertTrue(out.text.contains(allowOnce.prefix(12)), "\(language): no Allow Once hint")
            let denied = text.steps[1].hints[0].text
            XCTAssertFalse(out.text.contains(denied.prefix(40)), "\(language): the denial's hint")
        }
    }

    /// With places of its own the walk's checks cannot hold: `goto` stops at the step that does
    /// not, and the walk waits there, running, with the session as that step left it.
    func testAReplayThatCannotGoOnLeavesTheWalkAtTheStep() throws {
        for language in ["en", "fa"] {
            let (text, shell, _) = try walk(language)
            XCTAssertNotEqual(
                shell.runScript(SourceText(name: "t", text: "places generate 10 --replace; tutorial goto 7")), 0)
            XCTAssertEqual(shell.resolveState("tutorial.running"), .bool(true), language)
            XCTAssertEqual(shell.resolveState("tutorial.step"), .int(5), language)
            XCTAssertTrue(errors.text.contains(text.message("replayStuckHelp")), "\(language): \(errors.text)")
        }
    }

    func testGotoAndBackAfterChangesBringTheStepsState() throws {
        for language in tutorialCatalogs.keys.sorted() {
            let (text, shell, out) = try walk(language)
            let changes = "fields +formattedAddress; nearby rank distance; project legacy off; tutorial goto 8"
            XCTAssertEqual(shell.runScript(SourceText(name: "t", text: changes)), 0, language)
            XCTAssertEqual(shell.resolveState("tutorial.step"), .int(8), language)
            // Step 8 starts with the tutorial's field mask: the snippet is still missing.
            XCTAssertEqual(
                shell.resolveState("fields"), .list([.string("name"), .string("coordinate")]), language)
            XCTAssertEqual(shell.resolveState("project.legacy"), .bool(true), language)
            XCTAssertEqual(shell.resolveState("markers.count"), .int(1), language)
            XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "tutorial back")), 0, language)
            XCTAssertEqual(shell.resolveState("tutorial.step"), .int(7), language)
            XCTAssertEqual(shell.resolveState("app.screen"), .string("map"), language)
            XCTAssertTrue(
                out.text.contains(
                    text.message("step", ["n": text.number(7), "total": text.number(20), "title": text.steps[6].title])),
                language)
            // explain speaks the walk's language: its topics and sentences.
            let before = out.text.count
            XCTAssertEqual(shell.runScript(SourceText(name: "t", text: "explain")), 0, language)
            let explained = String(out.text.dropFirst(before))
            XCTAssertTrue(explained.contains(text.explain[.topicMap] ?? "?"), "\(language): \(explained)")
            if language != defaultTutorialLanguage {
                XCTAssertFalse(explained.contains("The map is shown"), "\(language): \(explained)")
                XCTAssertFalse(explained.contains("The list has"), "\(language): \(explained)")
            }
        }
    }
}

extension Shell {
    fileprivate func resolveState(_ path: String) -> Value? {
        guard case .success(let p) = StatePath.parse(path), case .success(let node) = resolve(p) else { return nil }
        return node.materialize()
    }
}
