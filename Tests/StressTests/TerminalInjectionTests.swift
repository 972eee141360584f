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

    /// A line feed, a tab, a line separator or a right-to-left override in a name cannot make a
    /// line of its own ("FAKE error: …") or make a line read otherwise than it is: every command
    /// that shows the name shows them as `\n`, `\t`, `\u{2028}`, `\u{202e}`; JSON escapes them
    /// and keeps the name exactly.
    func testLineBreaksAndReorderingInDataCannotForgeLines() throws {
        let names = [
            "Cafe\nFAKE error: forged\tcolumn", "\u{202E}txt.exe", "Sep\u{2028}FAKE line", "Iso\u{2067}late\u{2069}",
        ]
        var csv = "name,latitude,longitude,address\n"
        for (i, name) in names.enumerated() {
            csv += "\"\(name)\",-33.86940\(i),151.199,\"1 St\nFAKE address\"\n"
        }
        directory.write("forged.csv", csv)
        directory.write("bad\nFAKE error: file.csv", csv + "x,1,2,3,4\n")
        directory.write(
            "walk.gpx",
            #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Walk&#10;FAKE error: route</name><trkseg><trkpt lat="-33.8694" lon="151.199"><time>2024-06-01T09:00:00Z</time></trkpt><trkpt lat="-33.8695" lon="151.1991"><time>2024-06-01T09:00:10Z</time></trkpt></trkseg></trk></gpx>"#
        )
        let r = try script(
            "forged.placescript",
            [
                "places load forged.csv", "locate sydney", "places near radius=10m", "places find FAKE",
                "places info 1", "launch", "auth allow", "wait 2s", "likely", "select 1", "markers", "explain",
                "explain likely", #"places add "Added\nFAKE error: added\u{202e}" -33.8694 151.199"#,
                #"places remove "Added\nFAKE error: added\u{202e}""#, #"places info "nobody\nFAKE error: x""#,
                "map --width 80 --height 12", "tap marker 1", "map --width 80 --height 12",
                #"places load "bad\nFAKE error: file.csv""#, "places", "show places", "route gpx walk.gpx",
                "echo done",
            ])
        for (stream, bytes) in [("stdout", r.stdout), ("stderr", r.stderr)] {
            let text = String(decoding: bytes, as: UTF8.self)
            let forged = text.split(separator: "\n").filter { $0.hasPrefix("FAKE") }
            XCTAssertTrue(forged.isEmpty, "\(stream) has a forged line: \(forged)\n\(text)")
            let obeyed = text.unicodeScalars.filter {
                $0 == "\t" || (0x2028...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            }
            XCTAssertTrue(obeyed.isEmpty, "\(stream) has \(obeyed.map { String($0.value, radix: 16) })")
        }
        for shown in [#"Cafe\nFAKE error: forged\tcolumn"#, #"\u{202e}txt.exe"#, #"Sep\u{2028}FAKE line"#] {
            XCTAssertTrue(r.stdoutText.contains(shown), "\(shown) not in:\n\(r.stdoutText)")
        }
        XCTAssertTrue(r.stdoutText.contains(#"added Added\nFAKE error: added\u{202e} as p:"#), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains(#"route 'Walk\nFAKE error: route'"#), r.stdoutText)
        XCTAssertTrue(r.stdoutText.hasSuffix("done\n"), r.stdoutText)
        // The map's frame stays whole: every line of it is as wide as its top.
        let mapLines = r.stdoutText.split(separator: "\n").drop { !$0.hasPrefix("┌─") }.prefix { !$0.hasPrefix("└") }
        XCTAssertGreaterThan(mapLines.count, 5, r.stdoutText)
        for line in mapLines.dropFirst() {
            XCTAssertEqual(
                displayWidthForTest(String(line)), displayWidthForTest(String(mapLines.first ?? "")), String(line))
        }

        // The Nearby flavour's side-by-side look names the places on one line too.
        let n = try placeshell(
            [
                "--flavor", "nearby", "-c",
                "places load forged.csv; locate -33.869400 151.199; launch; auth allow; wait 2s; compare",
            ],
            "forged compare", megabytes: 150)
        let forgedInCompare = n.stdoutText.split(separator: "\n").filter { $0.hasPrefix("FAKE") }
        XCTAssertTrue(forgedInCompare.isEmpty, "\(forgedInCompare)\n\(n.stdoutText)")

        // JSON: every line is one JSON value, and the names read back exactly.
        let j = try placeshell(
            ["--json", "-c", "places load forged.csv; places near -33.86940,151.199 radius=10m"], "forged --json",
            megabytes: 150)
        let lines = j.stdoutText.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, j.stdoutText)
        var found: Set<String> = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            if let result = (object as? [String: Any])?["result"] as? [[String: Any]] {
                for place in result { if let name = place["name"] as? String { found.insert(name) } }
            }
            let obeyed = line.unicodeScalars.filter { (0x2028...0x202E).contains($0.value) }
            XCTAssertTrue(obeyed.isEmpty, String(line))
        }
        XCTAssertEqual(found, Set(names), j.stdoutText)
    }
}

/// Cells a line takes on a terminal (wide characters two, marks none), for the frame check.
private func displayWidthForTest(_ s: String) -> Int {
    s.unicodeScalars.reduce(0) { width, scalar in
        let v = scalar.value
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v)
        {
            return width + 2
        }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .format {
            return width
        }
        return width + 1
    }
}
