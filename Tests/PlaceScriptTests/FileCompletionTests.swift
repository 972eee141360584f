import Foundation
import TestSupport
import XCTest

@testable import PlaceScript

/// Tab completes file and folder names for every file argument (`places load`, `source`, `load`,
/// `save`, `route gpx`, `export geojson`, `places export`, `snapshot`), the kinds of file it
/// takes first.
final class FileCompletionTests: XCTestCase {
    private let shell = Shell(stdout: StringSink(), stderr: StringSink())

    /// A folder with a few files, a subfolder, a hidden file and a name with a space.
    private func folder() -> TemporaryDirectory {
        let dir = TemporaryDirectory()
        dir.write("city.osm", "<osm/>")
        dir.write("city.csv", "name,lat,lng\n")
        dir.write("walk.gpx", "<gpx/>")
        dir.write("my walk.gpx", "<gpx/>")
        dir.write(".hidden", "")
        try? FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("cities"), withIntermediateDirectories: true)
        dir.write("cities/sydney.osm.pbf", "")
        return dir
    }

    func testEveryFileArgumentCompletesNames() {
        let dir = folder()
        let base = dir.path + "/"
        for command in [
            "places load ", "source ", "load ", "save ", "route gpx ", "export geojson ", "places export ", "snapshot ",
        ] {
            let line = command + base + "cit"
            let completion = shell.complete(line)
            // 'places export' writes GeoJSON or CSV: the OSM file is not offered.
            let names = command == "places export " ? ["cities/", "city.csv"] : ["cities/", "city.csv", "city.osm"]
            XCTAssertEqual(completion.candidates, names.map { base + $0 }, "\(command)")
            XCTAssertEqual(completion.wordStart, command.utf8.count, "\(command)")
        }
    }

    /// A file argument offers folders and the files of the kinds it takes; when none of those
    /// is there, every file.
    func testAFileArgumentOffersTheKindsItTakes() {
        let dir = folder()
        dir.write("tour.placescript", "")
        dir.write("s.json", "{}")
        let base = dir.path + "/"
        let cases: [(String, [String])] = [
            ("route gpx ", ["cities/", "my\\ walk.gpx", "walk.gpx"]),
            ("places load ", ["cities/", "city.csv", "city.osm", "s.json"]),
            ("source ", ["cities/", "tour.placescript"]),
            ("load ", ["cities/", "s.json"]),
            (
                "snapshot ",
                ["cities/", "city.csv", "city.osm", "my\\ walk.gpx", "s.json", "tour.placescript", "walk.gpx"]
            ),
        ]
        for (command, names) in cases {
            XCTAssertEqual(shell.complete(command + base).candidates, names.map { base + $0 }, command)
        }
        // A name typed on purpose completes whatever its kind.
        XCTAssertEqual(shell.complete("route gpx " + base + "city.c").candidates, [base + "city.csv"])
    }

    func testFoldersGoOnAndHiddenFilesOnlyWhenAskedFor() {
        let dir = folder()
        let base = dir.path + "/"
        XCTAssertEqual(shell.complete("places load " + base + "cities/").candidates, [base + "cities/sydney.osm.pbf"])
        XCTAssertFalse(shell.complete("places load " + base).candidates.contains(base + ".hidden"))
        XCTAssertEqual(shell.complete("places load " + base + ".h").candidates, [base + ".hidden"])
        XCTAssertEqual(shell.complete("places load " + base + "nothing-like-it").candidates, [])
        XCTAssertEqual(shell.complete("places load /no/such/folder/x").candidates, [])
    }

    func testSpacesInNamesAreEscapedAndReadBack() {
        let dir = folder()
        let base = dir.path + "/"
        XCTAssertEqual(shell.complete("route gpx " + base + "my").candidates, [base + #"my\ walk.gpx"#])
    }
}
