import Foundation
import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// Ctrl-C at safe points, and the bounds that keep a long command's memory flat.
final class InterruptionTests: XCTestCase {
    /// A shell over the standard table whose Ctrl-C flag is `pressed` after `after` polls.
    final class Harness {
        let test = TestShell(table: .standard)
        var polls = 0
        var pressAfter = Int.max

        init() {
            test.shell.interruptRequested = { [unowned self] in
                polls += 1
                return polls > pressAfter
            }
        }
    }

    let longRoute = "locate sydney; launch; auth allow; route start -33.8694,151.199 -33.80,151.26 speed=1"
    /// Sydney to Singapore at 50 m/s: a fix every second past the app's 50 m distance filter.
    let fastRoute = "locate sydney; launch; auth allow; route start -33.8694,151.199 1.35,103.8 speed=50"

    func testCtrlCStopsAWaitBetweenEventsAndTheScriptWith130() {
        let h = Harness()
        h.pressAfter = 500
        let status = h.test.run(longRoute + "\nwait 10h\necho not-reached\n")
        XCTAssertEqual(status, 130)
        XCTAssertFalse(h.test.out.text.contains("not-reached"))
        let err = h.test.err.text
        XCTAssertTrue(err.contains("error: interrupted: the wait stopped after "), err)
        XCTAssertTrue(err.contains("events are still queued"), err)
        XCTAssertEqual(err.components(separatedBy: "interrupted").count - 1, 1, "said once: \(err)")
        // The clock stopped short of ten hours, at the last event delivered.
        XCTAssertLessThan(h.test.shell.session.clock, 36_000)
        XCTAssertFalse(h.test.shell.session.pendingEvents.isEmpty)
    }

    func testKeepGoingDoesNotOutliveCtrlC() {
        let h = Harness()
        h.test.shell.keepGoing = true
        h.pressAfter = 500
        XCTAssertEqual(h.test.run(longRoute + "\nwait 10h\necho not-reached\n"), 130)
        XCTAssertFalse(h.test.out.text.contains("not-reached"))
    }

    /// At the prompt the shell forgets an interruption once it has been dealt with.
    func testClearInterruptionLetsTheNextLineRun() {
        let h = Harness()
        h.pressAfter = 0
        XCTAssertEqual(h.test.run("echo one\necho two\n"), 130)
        XCTAssertEqual(h.test.out.text, "")
        h.test.shell.clearInterruption()
        h.pressAfter = .max
        XCTAssertEqual(h.test.run("echo three\n"), 0)
        XCTAssertEqual(h.test.out.text, "three\n")
    }

    /// Past `Shell.heldEventLimit` a command's events print as they come (before its result),
    /// so a long wait does not hold them all; a wait prints its clock line last either way.
    func testManyEventsStreamAndTheLogIsCapped() {
        let h = Harness()
        // 14,400 fixes (one every 2 s), each a console line and an event.
        XCTAssertEqual(h.test.run(fastRoute + "\nwait 8h\n"), 0, h.test.err.text)
        let out = h.test.out.text
        guard let clockLine = out.range(of: "\nclock ", options: .backwards),
            let lastFix = out.range(of: "Location: <", options: .backwards)
        else { return XCTFail("no clock line or fixes") }
        XCTAssertGreaterThan(clockLine.lowerBound, lastFix.lowerBound, "the result follows streamed events")

        let short = Harness()
        XCTAssertEqual(short.test.run(fastRoute + "\nwait 3s\n"), 0)
        let text = short.test.out.text
        guard let c = text.range(of: "\nclock ", options: .backwards),
            let f = text.range(of: "Location: <", options: .backwards)
        else {
            return XCTFail("no clock line or fixes")
        }
        XCTAssertGreaterThan(c.lowerBound, f.lowerBound, "a wait's clock line follows what it delivered")
    }

    func testTheConsoleLogKeepsTheLastLines() {
        let h = Harness()
        // Sydney to London at 50 m/s: some 170,000 fixes, more console lines than the log keeps.
        let route = "locate sydney; launch; auth allow; route start -33.8694,151.199 51.5,-0.12 speed=50\nwait 100h\n"
        XCTAssertEqual(h.test.run(route), 0, String(h.test.err.text.prefix(500)))
        let log = h.test.shell.session.log
        XCTAssertLessThanOrEqual(log.count, Session.logLimit)
        XCTAssertGreaterThan(log.count, Session.logLimit * 9 / 10)
        XCTAssertTrue(log.last?.hasPrefix("Location: <") ?? false, log.last ?? "")
        XCTAssertTrue(log.first?.hasPrefix("Location: <") ?? false, "the oldest lines are dropped: \(log.first ?? "")")
    }

    func testCtrlCStopsPlacesGenerateAndKeepsTheDataset() {
        let h = Harness()
        h.pressAfter = 3
        XCTAssertEqual(h.test.run("places generate 100000 --replace\necho not-reached\n"), 130)
        XCTAssertEqual(
            h.test.err.text,
            "test.placescript:1:1: error: interrupted: no places were generated; the dataset is unchanged (173 places)\n"
        )
        XCTAssertEqual(h.test.shell.session.places.dataset.count, 173)
    }

    /// Ctrl-C part-way through the rows of a large CSV file stops `places load` with the
    /// dataset as it was, and says so; the script ends with 130.
    func testCtrlCStopsALoadHalfWayThroughAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placeshell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var csv = "name,latitude,longitude\n"
        for i in 0..<200_000 { csv += "Place \(i),\(-33.8 - Double(i % 1000) / 10_000),151.2\n" }
        try csv.write(to: folder.appendingPathComponent("big.csv"), atomically: false, encoding: .utf8)
        let h = Harness()
        var polls: [Int] = []
        // How often a whole load polls, then a press half-way through those polls.
        h.test.shell.interruptRequested = {
            polls.append(0)
            return false
        }
        let script = folder.appendingPathComponent("load.placescript").path
        XCTAssertEqual(h.test.run("places load big.csv --replace\n", name: script, arguments: []), 0, h.test.err.text)
        XCTAssertGreaterThan(polls.count, 4, "the load polls for Ctrl-C as it goes")
        let h2 = Harness()
        h2.pressAfter = polls.count / 2
        XCTAssertEqual(
            h2.test.run("places load big.csv --replace\necho not-reached\n", name: script, arguments: []), 130)
        XCTAssertEqual(
            h2.test.err.text,
            "\(script):1:13: error: interrupted: 'big.csv' was not loaded; the dataset is unchanged (173 places)\n")
        XCTAssertFalse(h2.test.out.text.contains("not-reached"))
        XCTAssertEqual(h2.test.shell.session.places.dataset.count, 173)
    }

    /// A load stopped part-way into a dataset it has been changing in place (Ctrl-C, or a bad
    /// row after thousands of good ones that replaced places, moved them and added new ones with
    /// new types) gives the dataset back exactly as it was: every place in its row, its ID, its
    /// sources, the text it keeps and what a search near a point returns.
    func testAStoppedLoadUndoesItsChangesInPlace() {
        let centre = GeoPoint(latitude: -33.87, longitude: 151.2)
        func make() -> PlaceStore {
            var store = PlaceStore.builtin
            store.generate(count: 5000, around: centre, radius: 3000, seed: 2, source: "gen")
            return store
        }
        let expected = make()
        var changed = Array(expected.places.prefix(3000))
        for k in changed.indices {
            changed[k].name += " Renamed"
            changed[k].coordinate.latitude += 0.001
            if k % 2 == 0 { changed[k].types = ["weird_type", "food"] }
        }
        let good = CSVExporter.write(changed)
        var fresh = Array(expected.places.suffix(2000))
        for k in fresh.indices {
            fresh[k].id = ""
            fresh[k].name = "New \(k)"
        }
        let more = CSVExporter.write(fresh).split(separator: 0x0A, maxSplits: 1).last.map(Array.init) ?? []
        func check(_ store: PlaceStore, _ what: String) {
            XCTAssertEqual(store.places, expected.places, what)
            XCTAssertEqual(store.source, expected.source, what)
            XCTAssertEqual(store.areas.map(\.name), expected.areas.map(\.name), what)
            XCTAssertEqual(store.storageBytes.text, expected.storageBytes.text, what)
            for row in stride(from: 0, to: store.count, by: 7) {
                XCTAssertEqual(store.index(ofID: expected.id(at: row)), row, what)
            }
            for p in [centre, expected.coordinate(at: 4000), expected.coordinate(at: 100)] {
                XCTAssertEqual(
                    store.near(p, radius: 400, limit: 100).map(\.index),
                    expected.near(p, radius: 400, limit: 100).map(\.index), what)
            }
        }
        // A bad row at the end, after every change.
        var store = make()
        let bad = good + more + Array(",Bad,abc,151.2,,,,,\n".utf8)
        for streaming in [false, true] {
            let result =
                streaming
                ? store.mergeCSV(streaming: BytesSource(bad), source: "changes.csv")
                : store.mergeCSV(bad, source: "changes.csv")
            guard case .failure(let e) = result else { return XCTFail("a bad file loaded") }
            XCTAssertEqual(e.message, "line \(3000 + 2000 + 2): 'abc' is not a latitude")
            check(store, "bad row, streaming \(streaming)")
        }
        // Ctrl-C part-way: asked every 1,000 rows (the file is read once): after 3,000
        // replaced places and 1,000 new ones.
        var asked = 0
        let interruption = ImportInterruption(every: 1000) {
            asked += 1
            return asked >= 4
        }
        let result = store.mergeCSV(
            streaming: BytesSource(good + more), source: "changes.csv", interruption: interruption)
        guard case .failure(let e) = result else { return XCTFail("the load was not interrupted") }
        XCTAssertTrue(e.isInterruption)
        check(store, "interrupted")
        // Generating, stopped part-way.
        var slices = 0
        let done = store.generate(count: 50_000, around: centre, radius: 2000, seed: 9, source: "more") {
            slices += 1
            return slices > 5
        }
        XCTAssertNil(done)
        check(store, "generate interrupted")
        // And the same loads, not stopped, do change it.
        XCTAssertNotNil(try? store.mergeCSV(good + more, source: "changes.csv").get())
        XCTAssertEqual(store.count, expected.count + 2000)
        XCTAssertEqual(store.name(at: 0), expected.name(at: 0) + " Renamed")
    }

    /// The importers stop at a safe point and change nothing.
    func testImportsStopWhenAsked() {
        var csv = "name,latitude,longitude\n"
        for i in 0..<20_000 { csv += "P\(i),-33.\(i % 1000),151.2\n" }
        var store = PlaceStore(source: "before")
        let before = store.count
        var asked = 0
        let interruption = ImportInterruption(every: 1000) {
            asked += 1
            return asked >= 3
        }
        let result = store.mergeCSV(Array(csv.utf8), source: "x.csv", interruption: interruption)
        guard case .failure(let e) = result else { return XCTFail("the CSV load was not interrupted") }
        XCTAssertTrue(e.isInterruption)
        XCTAssertEqual(store.count, before, "an interrupted load changed the dataset")

        var features: [String] = []
        for i in 0..<10_000 {
            features.append(
                "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[151.2,-33.8]},\"properties\":{\"name\":\"P\(i)\"}}"
            )
        }
        let geojson = "{\"type\":\"FeatureCollection\",\"features\":[" + features.joined(separator: ",") + "]}"
        guard
            case .failure(let g) = GeoJSONImporter.parse(Array(geojson.utf8), interruption: ImportInterruption { true })
        else { return XCTFail("the GeoJSON load was not interrupted") }
        XCTAssertTrue(g.isInterruption)

        var osm = "<osm version=\"0.6\">"
        for i in 1...10_000 {
            osm += "<node id=\"\(i)\" lat=\"-33.8\" lon=\"151.2\"><tag k=\"name\" v=\"N\(i)\"/></node>"
        }
        osm += "</osm>"
        guard case .failure(let x) = OSMXMLImporter.parse(Array(osm.utf8), interruption: ImportInterruption { true })
        else { return XCTFail("the OSM XML load was not interrupted") }
        XCTAssertTrue(x.isInterruption)
        // Never asked to stop: the same inputs load.
        guard case .success = OSMXMLImporter.parse(Array(osm.utf8)) else { return XCTFail("OSM XML did not load") }
    }
}
