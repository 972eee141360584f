import PlaceScript
import TestSupport
import XCTest

@testable import PlaceCLI

/// Types a transcript's lines at the prompt and writes each prompt and line where the output
/// goes, as a terminal shows them, so the run reads as the transcript does.
private struct TranscriptReader: LineReader {
    var lines: [String]
    let screen: StringSink

    mutating func read(prompt: String) -> PromptRead {
        guard !lines.isEmpty else {
            screen.write(String(prompt.reversed().drop { $0 == " " }.reversed()) + "\n")
            return .end
        }
        let line = lines.removeFirst()
        screen.write(prompt + line + "\n")
        return .line(line)
    }
}

/// Every prompt transcript in the README is typed at the prompt (`runPrompt`, the loop the
/// terminal feeds) and what the prompt and the commands print is compared with the page: the
/// prompts too, so a transcript that shows `placeshell[map alert]>` where the shell says
/// otherwise fails. The README's console sessions and the manual's EXAMPLES run as processes
/// (EndToEndTests.DocumentationTests).
final class ReadmeTranscriptTests: XCTestCase {
    /// Runs `example`; nil when it shows what the shell prints, else what differs.
    static func check(_ example: Documentation.Example) -> String? {
        let screen = StringSink()
        let shell = Shell(stdout: screen, stderr: screen)
        let typed = example.lines.compactMap(Documentation.afterPrompt).filter { !$0.isEmpty }
        var reader = TranscriptReader(lines: typed, screen: screen)
        let history = HistoryStore(enabled: false)
        defer { history.close() }
        _ = runPrompt(shell, reader: &reader, history: history) { _ in }
        var actual = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if actual.last == "" { actual.removeLast() }
        // The greeting comes before the first prompt; a transcript starts at a prompt.
        if let first = actual.first, first.hasPrefix("placeshell \(placeshellVersion): ") { actual.removeFirst() }
        return Documentation.mismatch(expected: example.lines, actual: actual)
    }

    func testEveryTranscriptInTheReadmeShowsWhatTheShellPrints() throws {
        let text = String(decoding: try Repository.bytes("README.md"), as: UTF8.self)
        let transcripts = Documentation.markdownExamples(text, name: "README.md").filter { $0.kind == .transcript }
        XCTAssertFalse(transcripts.isEmpty, "the README shows no transcript: the reader missed them")
        let contributing = String(decoding: try Repository.bytes("CONTRIBUTING.md"), as: UTF8.self)
        for example in transcripts
            + Documentation.markdownExamples(contributing, name: "CONTRIBUTING.md").filter({ $0.kind == .transcript })
        {
            if let difference = Self.check(example) { XCTFail("\(example.place): \(difference)") }
        }
    }

    /// The check can fail: a transcript with one line changed, one with a wrong prompt, one that
    /// leaves a line out, each differ; an ellipsis stands only where it is written.
    func testATranscriptThatDriftedFails() {
        let good = Documentation.Example(
            kind: .transcript, place: "t",
            lines: ["placeshell> echo one", "one", "placeshell> version", "placeshell 0.1.0", "placeshell>"])
        XCTAssertNil(Self.check(good))
        var changed = good
        changed.lines[1] = "two"
        XCTAssertNotNil(Self.check(changed))
        var prompt = good
        prompt.lines[2] = "placeshell[map]> version"
        XCTAssertNotNil(Self.check(prompt))
        var missing = good
        missing.lines.remove(at: 3)
        XCTAssertNotNil(Self.check(missing))
        var elided = good
        elided.lines[3] = "placeshell …"
        XCTAssertNil(Self.check(elided))
        elided.lines[3] = "placeshall …"
        XCTAssertNotNil(Self.check(elided))
    }
}
