import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// A command's text is written once, in mdoc: the manual prints it as it is and `help` as plain
/// text. These tests hold the plain rendering to what the markup says, and every text of the
/// table to the part of mdoc the renderer knows.
final class ManualTextTests: XCTestCase {
    private func plain(_ mdoc: String, width: Int = 80) -> String {
        ManualText.render(mdoc, width: width, indent: "", skipHead: false).joined(separator: "\n")
    }

    func testInlineMacrosKeepWhatTheTypographySays() {
        XCTAssertEqual(plain(".Ic launch\nnever fails."), "'launch' never fails.")
        XCTAssertEqual(plain("With\n.Fl Fl json\nor\n.Fl c ,"), "With --json or -c,")
        XCTAssertEqual(
            plain(".Fn viewDidLoad ,\nthen\n.Fn locationManager _:didChangeAuthorization: ."),
            "viewDidLoad(), then locationManager(_:didChangeAuthorization:).")
        XCTAssertEqual(
            plain("It prints\n.Ql Location status is OK.\nfirst."), "It prints 'Location status is OK.' first.")
        XCTAssertEqual(plain(".Pq Dv invalidRequest , No \\-12 ,\nthen"), "(invalidRequest, -12), then")
        XCTAssertEqual(plain(".Op Cm once|always"), "[once|always]")
        XCTAssertEqual(plain(".Qq notDetermined ;"), "\"notDetermined\";")
        XCTAssertEqual(plain(".Nm Ns 's own"), "placeshell's own")
        XCTAssertEqual(plain(".Li likely[*].name"), "likely[*].name")
        XCTAssertEqual(plain("See\n.Sx OUTPUT ."), "See OUTPUT in 'man placeshell'.")
        XCTAssertEqual(plain(".Ql set Ic json"), "'set json'", "a command inside a quote is not quoted again")
        XCTAssertEqual(
            plain(".Ic expect Ar LHS OP RHS Op Cm within Ar TOLERANCE ,\nor"),
            "'expect LHS OP RHS [within TOLERANCE]', or")
        XCTAssertEqual(plain(".Ic launch No would start"), "'launch' would start")
    }

    func testAnEnclosureOpenedOnOneLineClosesOnAnother() {
        XCTAssertEqual(plain("the run loop\n.Po\n.Fn f :\nthe line\n.Pc ;\ndone"), "the run loop (f(): the line); done")
        XCTAssertEqual(plain(".Oo\n.Ar N\n.Oc"), "[N]")
    }

    func testEscapesAreTheCharactersTheyName() {
        XCTAssertEqual(
            plain("couldn\\(cqt \\(lqx\\(rq 30\\(de \\-1 \\&.dot a\\e b \\[u2713]"),
            "couldn’t “x” 30° -1 .dot a\\ b ✓")
    }

    func testANonBreakingSpaceHoldsWordsTogetherAcrossTheWrap() {
        let text = plain("aaaa bbbb cccc dddd\\ eeee", width: 16)
        XCTAssertEqual(text, "aaaa bbbb cccc\ndddd eeee")
    }

    func testBlocksParagraphsListsDisplaysAndLiterals() {
        let mdoc = """
            .It Ic head Ar X
            First paragraph.
            .Pp
            Second.
            .Bl -tag -width Ds
            .It Cm once
            the next one
            .It Cm always
            every one
            .El
            .Bl -bullet
            .It
            a point
            .El
            .Dl fail places \\-2
            .Bd -literal
            {"a": 1}
            .Ed
            After.
            """
        XCTAssertEqual(
            ManualText.render(mdoc, width: 80, indent: "  "),
            [
                "  First paragraph.", "", "  Second.", "", "  once", "      the next one", "", "  always",
                "      every one", "", "    • a point", "", "      fail places -2", "", "      {\"a\": 1}", "  After.",
            ])
    }

    func testUnknownMarkupIsReported() {
        XCTAssertEqual(ManualText.unknowns(in: ".Xo thing\n.Ic fine\nA \\(zz and \\*q"), [".Xo", "\\(zz", "\\*"])
        XCTAssertEqual(ManualText.unknowns(in: ".It Ic x\n.Pq Dv y , No \\-1\n\\(cq"), [])
    }

    /// Every text of the command table (a family's introduction, a command's entry, a state
    /// root's entries) uses only markup the plain rendering knows, so nothing is dropped from
    /// `help`.
    func testEveryTextOfTheTableRendersWhole() {
        let table = CommandTable.standard
        func walk(_ spec: CommandSpec) -> [CommandSpec] { [spec] + spec.subcommands.flatMap(walk) }
        var texts: [(String, String)] = []
        for family in table.families {
            texts.append(("family " + family.name, family.manual))
            for root in family.stateRoots { texts.append(("state " + root.name, root.manual)) }
            for spec in family.commands.flatMap(walk) { texts.append((spec.fullName, table.manualText(of: spec))) }
        }
        // `help choices` renders the simulation's choices too.
        for choice in SimulationChoices.all { texts.append(("choice " + choice.topic, choice.manual)) }
        XCTAssertGreaterThan(texts.count, 200)
        for (name, text) in texts {
            XCTAssertEqual(ManualText.unknowns(in: text), [], name)
        }
    }

    /// `help set` and the manual list every setting of the table, each with its text, from the
    /// one list there is: a setting added to a family is there without another edit.
    func testSetListsEverySettingOfTheTable() throws {
        let table = CommandTable.standard
        let spec = try XCTUnwrap(table.commands.first { $0.name == "set" })
        let text = helpFor(spec).text.joined(separator: "\n")
        let settings = table.families.flatMap(\.settings)
        XCTAssertGreaterThanOrEqual(settings.count, 9)
        for setting in settings {
            XCTAssertTrue(text.contains("\n  \(setting.name)\n"), "help set lacks '\(setting.name)'")
        }
        XCTAssertFalse(text.contains("SETTINGS"), "the marker is replaced")
        let manual = table.manualText(of: spec)
        for setting in settings { XCTAssertTrue(manual.contains(".It Cm \(setting.name)\n"), setting.name) }
    }

    /// `help COMMAND` prints the command's manual text, as plain text.
    func testHelpPrintsTheManualText() throws {
        let spec = CommandTable.standard.commands.first { $0.name == "launch" }
        let lines = helpFor(try XCTUnwrap(spec)).text
        XCTAssertTrue(
            lines.contains { $0.contains("'launch' fails only when the app does not build.") },
            lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.contains(".Fn") || $0.contains("\\-") }, "no markup shows")
    }
}
