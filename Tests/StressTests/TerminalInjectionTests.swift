import Foundation
import TestSupport
import XCTest

/// Control characters in file data — a place name that would retitle the terminal window
/// (`ESC ] 0 ; … BEL`), clear the screen (`ESC [ 2 J`) or overwrite the line (`CR`) — never
/// reach the terminal raw: every command that shows the name shows them as `\u{1b}`, `\u{7}`,
/// `\r`, aligned as they are shown; `--json` escapes them as JSON does.
extension HostileInputTests {
    static let hostileName = "Evil\u{1B}]0;pwned\u{07} Cafe\u{1B}[2J\rX\u{9B}1m"
    static let shownName = #"Evil\u{1b}]0;pwned\u{7} Cafe\u{1b}[2J\rX\u{9b}1m"#

    func testControlCharactersInDataAreShownNotSent() throws {
        let csv = "name,latitude,longitude,types\n\"\(Self.hostileName)\",-33.869405,151.199,\"cafe\u{1B}[5m\"\n"
        directory.write("evil.csv", csv)
        let r = try script(
            "evil.placescript",
            [
                "places load evil.csv", "locate sydney", "places near radius=5m", "launch", "auth allow", "wait 2s",
                "likely", "select 1", "markers", "status", "explain", "tap marker 1",
                #"places load "missing\u{1b}[2J.csv""#, "echo done",
            ])
        for (stream, bytes) in [("stdout", r.stdout), ("stderr", r.stderr)] {
            let raw = bytes.enumerated().filter { i, b in
                (b < 0x20 && b != 0x0A) || b == 0x7F || (b == 0xC2 && i + 1 < bytes.count && bytes[i + 1] < 0xA0)
            }
            XCTAssertTrue(raw.isEmpty, "\(stream) has raw control bytes: \(raw.prefix(5).map { $0.element })")
        }
        XCTAssertTrue(r.stdoutText.contains(Self.shownName), r.stdoutText + r.stderrText)
        XCTAssertTrue(r.stdoutText.hasSuffix("done\n"), r.stdoutText)
        XCTAssertTrue(r.stderrText.contains(#"cannot read 'missing\u{1b}[2J.csv'"#), r.stderrText)
        // The table stays aligned: the ID column starts at the same cell in the header and the row.
        let lines = r.stdoutText.split(separator: "\n").map(String.init)
        if let header = lines.first(where: { $0.hasPrefix("#  DISTANCE") }),
            let row = lines.first(where: { $0.contains(Self.shownName) && $0.contains("p:") })
        {
            XCTAssertEqual(
                header.range(of: "ID")?.lowerBound.utf16Offset(in: header),
                row.range(of: "p:")?.lowerBound.utf16Offset(in: row), "\(header)\n\(row)")
        } else {
            XCTFail("no places near table in:\n\(r.stdoutText)")
        }

        // JSON keeps the name exactly, escaped as JSON escapes it.
        let j = try placeshell(
            ["--json", "-c", "places load evil.csv; places near -33.869405,151.199 radius=5m"], "evil --json",
            megabytes: 150)
        XCTAssertTrue(j.stdoutText.contains(#""Evil\u001b]0;pwned\u0007 Cafe\u001b[2J\rX\u009b1m""#), j.stdoutText)
    }
}
