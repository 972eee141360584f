import Foundation
import TestSupport
import XCTest

@testable import PlaceScript

/// Tab completes file and folder names for every file argument (`places load`, `source`, `load`,
/// `save`, `route gpx`, `export geojson`, `places export`, `snapshot`).
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
            XCTAssertEqual(
                completion.candidates, [base + "cities/", base + "city.csv", base + "city.osm"], "\(command)")
            XCTAssertEqual(completion.wordStart, command.utf8.count, "\(command)")
        }
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
