import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

@testable import PlaceScript

/// `places load FILE --replace` does not need the dataset it replaces: the built-in places, not
/// yet built, stay unbuilt when the load fails, and are there as before afterwards.
final class DatasetReplaceTests: XCTestCase {
    let data = Paths.scripts.appendingPathComponent("dataset/data")

    func testAFailedReplacingLoadLeavesTheBuiltInPlacesUnread() {
        for file in ["no-latitude.csv", "malformed.geojson"] {
            let t = TestShell(table: .standard)
            XCTAssertEqual(t.run("places load \(data.appendingPathComponent(file).path) --replace\n"), 1, file)
            XCTAssertFalse(t.shell.session.places.hasReadDataset, file)
            XCTAssertEqual(t.shell.session.places.dataset.count, 173, file)
        }
    }

    func testAReplacingLoadHoldsTheFilesPlacesOnly() {
        for (file, count) in [("food-trucks.csv", 3), ("food-trucks.geojson", 2)] {
            let t = TestShell(table: .standard)
            let path = data.appendingPathComponent(file).path
            XCTAssertEqual(t.run("places load \(path) --replace --name Applicant\n"), 0, t.err.text)
            XCTAssertEqual(t.shell.session.places.dataset.source, file)
            XCTAssertEqual(t.shell.session.places.dataset.count, count, file)
        }
    }
}
