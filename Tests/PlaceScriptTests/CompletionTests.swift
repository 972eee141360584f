import XCTest

@testable import PlaceScript

final class CompletionTests: XCTestCase {
    func complete(_ line: String) -> Completion { TestShell().shell.complete(line) }

    func testCommandNames() {
        XCTAssertEqual(complete("vers"), Completion(wordStart: 0, candidates: ["version"]))
        XCTAssertEqual(complete("h").candidates, ["help", "history"])
        XCTAssertEqual(complete("  ec").wordStart, 2)
        XCTAssertEqual(complete("  ec").candidates, ["echo"])
        XCTAssertEqual(complete("echo a; sel").candidates, ["select"], "after ';' a new command starts")
        XCTAssertEqual(complete("zzz").candidates, [])
        XCTAssertTrue(complete("").candidates.contains("locate"))
        XCTAssertTrue(complete("").candidates.contains("?"), "aliases complete too")
    }

    func testNamesCompleteByPrefixWithTheirSpacesEscaped() {
        XCTAssertEqual(complete("visit Darl").candidates, [#"Darling\ Harbour"#, #"Darling\ Square"#])
        XCTAssertEqual(complete("visit Darl").wordStart, 6)
        XCTAssertEqual(complete(#"visit Darling\ H"#), Completion(wordStart: 6, candidates: [#"Darling\ Harbour"#]))
        XCTAssertEqual(complete("visit Caf").candidates, ["Café Morso".replacingOccurrences(of: " ", with: #"\ "#)])
        XCTAssertEqual(complete("visit The").candidates, [#"The\ Star\;\ Sydney"#], "';' is escaped too")
        XCTAssertEqual(complete("visit Zzz").candidates, [])
        XCTAssertEqual(
            lexWords(#"visit Darling\ Harbour"#), [["visit", "Darling Harbour"]], "the escaped word reads back")
    }

    func testSubcommandsOptionsAndValues() {
        XCTAssertEqual(complete("auth ").candidates, ["allow", "deny"])
        XCTAssertEqual(complete("auth a").candidates, ["allow"])
        XCTAssertEqual(complete("auth allow --a").candidates, ["--approximate"])
        XCTAssertEqual(complete("locate --").candidates, ["--flavor", "--quiet", "--speed"])
        XCTAssertEqual(complete("locate --flavor ").candidates, ["objc", "swift"])
        XCTAssertEqual(complete("locate flavor=s").candidates, ["flavor=swift"])
        XCTAssertEqual(complete("set ").candidates, ["color", "echo", "json", "keep-going"])
        XCTAssertEqual(complete("unset k").candidates, ["keep-going"])
        XCTAssertEqual(complete("show c").candidates, ["camera", "clock"])
        XCTAssertEqual(complete("help ex").candidates, ["exit", "expect"])
        XCTAssertEqual(complete("help sy").candidates, ["syntax"])
        XCTAssertEqual(complete("expect ").candidates.contains("markers"), false, "expect completes no words yet")
    }

    func testNothingInQuotesOrComments() {
        XCTAssertEqual(complete("echo 'ver").candidates, [])
        XCTAssertEqual(complete("echo x # ver").candidates, [])
        XCTAssertEqual(complete("nosuch ").candidates, [])
    }

    func testWordStartIsAByteOffset() {
        let c = complete("echo 안녕; ver")
        XCTAssertEqual(c.wordStart, Array("echo 안녕; ".utf8).count)
        XCTAssertEqual(c.candidates, ["version"])
    }
}

/// Tab completes state-path members for `show` and in `expect`: from what the path names now,
/// and from the schema when it names nothing now.
final class StatePathCompletionTests: XCTestCase {
    func testMembersOfWhatThePathNamesNow() {
        let t = TestShell(table: .standard)
        let shell = t.shell
        XCTAssertEqual(shell.complete("show camera.zo").candidates, ["camera.zoom"], "no app: the schema's")
        XCTAssertEqual(shell.complete("show markers.c").candidates, ["markers.count"])
        XCTAssertTrue(shell.complete("expect markers[1].").candidates.contains("markers[1].title"), "no marker yet")
        XCTAssertEqual(shell.complete("expect ").candidates, [], "an empty word in expect may be an operator")
        XCTAssertEqual(shell.complete("expect cam").candidates, ["camera"])
        t.run("locate sydney; launch; auth allow; wait 2s; likely; select 1")
        XCTAssertEqual(shell.complete("show camera.zo").candidates, ["camera.zoom"])
        XCTAssertTrue(shell.complete("show camera.").candidates.contains("camera.latitude"))
        XCTAssertEqual(shell.complete("expect markers[1].ti").candidates, ["markers[1].title"])
        XCTAssertEqual(shell.complete("show likely[1].na").candidates, ["likely[1].name"])
        XCTAssertEqual(shell.complete("show nosuchroot.").candidates, [])
    }
}
