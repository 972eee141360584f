import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// Checks that must not pass when what they check is false: a script's green means it held.
final class GreenMeansItHeldTests: XCTestCase {
    /// A session at Darling Harbour with the likely list shown and row 2 picked.
    let picked = "locate sydney\nlaunch\nauth allow\nwait 2s\nlikely\nselect 2\n"

    /// Runs `picked` then `check`; returns the status and what the check printed on stderr.
    private func check(_ check: String, after setup: String? = nil) -> (Int32, String) {
        let t = TestShell(table: .standard)
        let status = t.run((setup ?? picked) + check + "\n")
        return (status, t.err.text)
    }

    // MARK: - contains and matches on lists

    /// `!contains` on a list of records looks at the records: a place that is row 12 of the
    /// list makes `likely !contains` fail, and `contains` pass; so for markers by their title.
    func testNotContainsLooksAtTheRecordsOfAList() {
        XCTAssertEqual(check("expect likely contains \"SEA LIFE Sydney Aquarium\"").0, 0)
        let (status, err) = check("expect likely !contains \"SEA LIFE Sydney Aquarium\"")
        XCTAssertEqual(status, 1)
        XCTAssertTrue(err.contains("note: item [12] is \"SEA LIFE Sydney Aquarium\""), err)
        XCTAssertTrue(err.contains("actual:   likely[*].name = ["), err)
        XCTAssertEqual(check("expect markers contains \"Darling Harbour\"").0, 0)
        XCTAssertEqual(check("expect markers !contains \"Darling Harbour\"").0, 1)
        XCTAssertEqual(check("expect markers !contains \"Pyrmont Bridge\"").0, 0)
        XCTAssertEqual(check("expect likely matches \"^SEA LIFE\"").0, 0)
        XCTAssertEqual(check("expect likely !matches \"^SEA LIFE\"").0, 1)
    }

    /// On a list, `contains` is an element equal to the value: "Pyrmont Bridge Hotel" is not
    /// "Pyrmont Bridge"; on text (and the console's lines) it is a substring.
    func testContainsOnAListIsAnEqualElement() {
        XCTAssertEqual(check("expect picker.rows contains \"Pyrmont Bridge\"").0, 1, "the picker is closed")
        let open = picked + "likely\n"
        XCTAssertEqual(check("expect picker.rows contains \"Pyrmont Bridge\"", after: open).0, 0)
        XCTAssertEqual(check("expect picker.rows contains \"Pyrmont\"", after: open).0, 1)
        XCTAssertEqual(check("expect picker.rows !contains \"Pyrmont\"", after: open).0, 0)
        XCTAssertEqual(check("expect likely contains \"Pyrmont\"").0, 1)
        XCTAssertEqual(check("expect likely[*].name contains \"Pyrmont Bridge Hotel\"").0, 0)
        XCTAssertEqual(check("expect likely[*].name contains \"Pyrmont Bridge Hote\"").0, 1)
        XCTAssertEqual(check("expect likely[1].name contains \"Maritime\"").0, 0, "text: a substring")
        XCTAssertEqual(check("expect log contains \"Location status is OK\"").0, 0, "lines: a substring")
        XCTAssertEqual(check("expect log !contains \"status is OK\"").0, 1)
        XCTAssertEqual(check("expect fields contains \"name\"").0, 0)
        XCTAssertEqual(check("expect fields contains \"nam\"").0, 1)
        // A whole record compares whole; a list of records without a name cannot be searched by one.
        XCTAssertEqual(check("expect likely[*].latitude contains -33.871429").0, 0)
    }

    // MARK: - members of nil

    /// A misspelt member is refused when the script is read, whatever value is there now (nil
    /// before launch, nil with no fault armed).
    func testAMisspeltMemberUnderNilIsRefused() {
        for (path, message) in [
            ("location.horizontalAcuracy", "'location' has no member 'horizontalAcuracy'"),
            ("faults.places.cod", "'faults.places' has no member 'cod'"),
            ("camera.zom", "'camera' has no member 'zom'"),
            ("map.hidn", "'map' has no member 'hidn'"),
            ("route.progres", "'route' has no member 'progres'"),
        ] {
            let t = TestShell(table: .standard)
            XCTAssertEqual(t.run("echo before\nexpect \(path) == nil\n"), 2, path)
            XCTAssertEqual(t.out.text, "", "nothing ran: \(path)")
            XCTAssertTrue(t.err.text.contains(message), t.err.text)
            let shown = TestShell(table: .standard)
            XCTAssertEqual(shown.run("show \(path)\n"), 2, path)
        }
        // Spelt right, a member of nil is nil.
        let t = TestShell(table: .standard)
        XCTAssertEqual(
            t.run(
                "expect location.horizontalAccuracy == nil\nexpect faults.places.code == nil\nexpect camera.zoom == nil\n"
            ), 0,
            t.err.text)
    }

    /// A script too long to keep bound is checked command by command before it runs, and
    /// that check reads state paths and units too: a misspelt member deep in it stops it.
    func testAMisspeltMemberIsFoundInAScriptTooLongToKeep() {
        let t = TestShell(table: .standard)
        let source = SourceText(
            name: "long.placescript", text: "echo a\nlaunch\necho b\nexpect camera.zom == 15\nexpect clock == 5m\n")
        guard case .failure(let errors) = t.shell.parse(source, retainingAtMost: 0) else {
            return XCTFail("the script was accepted")
        }
        XCTAssertEqual(
            errors.items.map(\.message),
            [
                "'camera' has no member 'zom'", "cannot compare a duration with a length: 'clock' is a duration",
            ])
    }

    // MARK: - kinds that never compare

    /// Values of two kinds are never equal, so `!=` and `!contains` between them would always
    /// hold: refused when the script is read (the schema knows the path's kind), and a failure
    /// when only the run can tell.
    func testValuesOfTwoKindsNeverPassANegatedCheck() {
        for expression in [
            "markers.count != \"1\"", "camera.zoom != \"15\"", "clock != \"4.2s\"", "map.hidden != \"false\"",
            "app.running != 1", "markers[1] != \"Darling Harbour\"", "likely[*].latitude !contains \"-33.871429\"",
            "fields !contains [\"name\"]", "faults.network != false", "clock != nil", "app.screen", "log == likely",
        ] {
            let (status, err) = check("expect \(expression)")
            XCTAssertEqual(status, 2, "\(expression): \(err)")
        }
        // Where only the run knows the kinds (a literal against a literal), a failure.
        XCTAssertEqual(check("expect [1] != [\"1\"]").0, 2)
        XCTAssertEqual(check("expect markers contains \"Darling Harbour\"").0, 0, "a record by its name")
        XCTAssertEqual(check("expect markers[*] contains \"Darling Harbour\"").0, 0)
    }

    /// A coordinate the app did not fetch is no position: `near` fails rather than measuring
    /// from -180, -180 (or 0, 0).
    func testNearFailsOnACoordinateThatWasNotFetched() {
        let setup = "fields -coordinate\nlocate sydney\nlaunch\nauth allow\nwait 2s\nlikely\nselect 1\n"
        for expression in [
            "markers[1] near 0,0 within 1m", "markers[1] near likely[1] within 0m",
            "likely[1] near likely[5] within 0m",
        ] {
            let (status, err) = check("expect \(expression)", after: setup)
            XCTAssertEqual(status, 1, expression)
            XCTAssertTrue(err.contains("kCLLocationCoordinate2DInvalid"), err)
        }
    }

    /// A list literal on the left is a list too, not the text "[a]".
    func testAListLiteralOnTheLeft() {
        XCTAssertEqual(check("expect [\"a\"] != [\"a\"]").0, 1)
        XCTAssertEqual(check("expect [\"a\", \"b\"] contains \"[\"").0, 1)
        XCTAssertEqual(check("expect [\"a\"] == \"[a]\"").0, 2)
        XCTAssertEqual(check("expect [\"a\", \"b\"] == [\"a\",\"b\"]").0, 0)
    }

    /// Numbers at a tolerance's edge and in a smaller unit compare as written: 1400ms is 1.4s,
    /// and 4.2s is within 200ms of 4s.
    func testUnitsAndTolerancesAreExactAtTheirEdges() {
        XCTAssertEqual(check("expect location.timestamp == 1400ms").0, 0)
        XCTAssertEqual(check("wait 4.2s\nexpect clock ~= 4s within 200ms", after: "").0, 0)
        XCTAssertEqual(check("wait 4.2s\nexpect clock ~= 4s within 199ms", after: "").0, 1)
    }

    /// An option given twice would quietly take one of its values.
    func testAnOptionGivenTwiceIsAnError() {
        XCTAssertEqual(check("launch --flavor objc --flavor nearby", after: "").0, 2)
    }

    // MARK: - quit

    /// `quit 0` after a failed expectation in a script exits 1 and says why; without a failure
    /// it exits 0, and at the prompt the status typed is the status.
    func testQuitZeroAfterAFailureFailsTheScript() {
        let t = TestShell(table: .standard)
        t.shell.keepGoing = true
        XCTAssertEqual(t.run("expect clock == 5s\nquit 0\necho not-reached\n"), 1)
        XCTAssertTrue(
            t.err.text.hasSuffix("warning: 'quit 0' after a failed command: the script exits with 1\n"), t.err.text)
        XCTAssertEqual(t.out.text, "")

        let clean = TestShell(table: .standard)
        XCTAssertEqual(clean.run("expect clock == 0s\nquit 0\n"), 0)
        XCTAssertEqual(clean.err.text, "")

        let three = TestShell(table: .standard)
        three.shell.keepGoing = true
        XCTAssertEqual(three.run("expect clock == 5s\nquit 3\n"), 3)

        let prompt = TestShell(table: .standard, environment: ShellEnvironment(isInteractive: true))
        XCTAssertEqual(prompt.run("select 9\n", name: "<stdin>"), 1)
        XCTAssertEqual(prompt.run("quit 0\n", name: "<stdin>"), 0)
        XCTAssertFalse(prompt.err.text.contains("warning"), prompt.err.text)
    }
}
