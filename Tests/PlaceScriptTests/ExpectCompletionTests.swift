import XCTest

@testable import PlaceScript

/// Tab in an expectation: a path's members from the schema when it names nothing now (no app:
/// `map.`), and after an operator the values the path takes.
final class ExpectCompletionTests: XCTestCase {
    func testMembersComeFromTheSchemaWhenThePathNamesNothingNow() {
        let shell = Shell(stdout: StringSink(), stderr: StringSink())
        XCTAssertNil(shell.session.app, "a new session: no app, no map")
        let members = shell.complete("expect map.").candidates
        XCTAssertTrue(members.contains("map.hidden"), "\(members)")
        XCTAssertTrue(shell.complete("expect map.hi").candidates == ["map.hidden"])
        XCTAssertEqual(shell.complete("show map.bl").candidates, ["map.blank"])
        XCTAssertEqual(shell.complete("expect markers.").candidates, ["markers.count"])
    }

    func testValuesAfterAnOperator() {
        let shell = Shell(stdout: StringSink(), stderr: StringSink())
        XCTAssertEqual(shell.complete("expect app.screen == ").candidates, ["map", "nil", "picker"])
        XCTAssertEqual(shell.complete("expect app.screen != pi").candidates, ["picker"])
        XCTAssertEqual(
            shell.complete("expect auth.status == not").candidates, ["notDetermined"])
        XCTAssertEqual(shell.complete("expect map.hidden == ").candidates, ["false", "nil", "true"])
        // A number or free text has no values to offer; an unknown path none either.
        XCTAssertEqual(shell.complete("expect clock == ").candidates, [])
        XCTAssertEqual(shell.complete("expect camera.zoom == ").candidates, ["nil"], "no camera without an app")
        XCTAssertEqual(shell.complete("expect no.such == ").candidates, [])
    }
}
