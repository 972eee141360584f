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

extension Shell {
    fileprivate func resolveState(_ path: String) -> Value? {
        guard case .success(let p) = StatePath.parse(path), case .success(let node) = resolve(p) else { return nil }
        return node.materialize()
    }
}
