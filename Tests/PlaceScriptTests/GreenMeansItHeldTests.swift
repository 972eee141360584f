import PlaceFormats
import PlaceKit
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
