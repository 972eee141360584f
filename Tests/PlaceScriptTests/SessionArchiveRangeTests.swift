import Foundation
import PlaceFormats
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

@testable import PlaceScript

/// A saved session mutated member by member: every number is held to the range the simulation
/// can produce, and a number outside it is an error naming its path, never a trap.
final class SessionArchiveRangeTests: XCTestCase {
    /// The JSON of a session that has launched, been allowed, got a fix and a list of places.
    private func savedSession() throws -> String {
        let t = TestShell(table: .standard)
        XCTAssertEqual(
            t.run("set simulator-no-location silent\nlaunch\nauth allow\nlocate sydney\nwait 2s\n"), 0, t.err.text)
        return jsonText(try SessionArchive.archive(t.shell.session, extra: []))
    }

    private func restoreError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard case .success(let json) = JSON.parse(Array(text.utf8)) else {
            XCTFail("not JSON", file: file, line: line)
            return nil
        }
        do {
            _ = try SessionArchive.restore(json)
            return nil
        } catch {
            return error.message
        }
    }

    func testTheSavedSessionReadsBack() throws {
        XCTAssertNil(restoreError(try savedSession()))
    }

    /// A blank map reads back blank, with its cause and whether the Maps SDK has logged; a file
    /// saved before the blank map existed reads back as a map with its tiles.
    func testTheBlankMapReadsBack() throws {
        let t = TestShell(table: .standard)
        XCTAssertEqual(t.run("apikey expired\nlocate sydney\nlaunch\nauth allow\nwait 2s\n"), 0, t.err.text)
        XCTAssertEqual(t.shell.session.app?.mapView.isBlank, true)
        let text = jsonText(try SessionArchive.archive(t.shell.session, extra: []))
        XCTAssertTrue(text.contains("\"hasTiles\":false,\"blankCause\":\"expired\",\"keyFailureLogged\":true"), text)
        guard case .success(let json) = JSON.parse(Array(text.utf8)) else { return XCTFail("not JSON") }
        let map = try SessionArchive.restore(json).0.app?.mapView
        XCTAssertEqual(map?.isBlank, true)
        XCTAssertEqual(map?.blankCause, .apiKey(.expired))

        let without = text.replacingOccurrences(
            of: "\"hasTiles\":false,\"blankCause\":\"expired\",\"keyFailureLogged\":true,", with: "")
        let old = without.replacingOccurrences(of: "\"version\":\(SessionArchive.version),", with: "\"version\":1,")
        XCTAssertNotEqual(old, without)
        guard case .success(let oldJSON) = JSON.parse(Array(old.utf8)) else { return XCTFail("not JSON") }
        XCTAssertEqual(try SessionArchive.restore(oldJSON).0.app?.mapView.isBlank, false)
        // A file of the format that has them must have them.
        XCTAssertEqual(restoreError(without), "app.mapView.blankCause: missing")

        XCTAssertEqual(
            restoreError(text.replacingOccurrences(of: "\"blankCause\":\"expired\"", with: "\"blankCause\":\"valid\"")),
            "app.mapView.blankCause: not network or a refused key's state")
    }

    /// Each fault is saved under its own key (`PlacesFault.all`), and read back as it was; a file
    /// of the current format without one is refused with its path, not read as unset.
    func testEveryFaultReadsBackAndNoneMayBeMissing() throws {
        let t = TestShell(table: .standard)
        XCTAssertEqual(t.run("network off\napikey expired\nfail places -2 always\nratelimit 4\n"), 0, t.err.text)
        let text = jsonText(try SessionArchive.archive(t.shell.session, extra: []))
        guard case .success(let json) = JSON.parse(Array(text.utf8)) else { return XCTFail("not JSON") }
        XCTAssertEqual(try SessionArchive.restore(json).0.places.faults, t.shell.session.places.faults)
        let faults = try XCTUnwrap(text.range(of: "\"faults\":{"))
        for fault in PlacesFault.all {
            let key = "\"\(fault.archiveKey)\":"
            let at = try XCTUnwrap(text.range(of: key, range: faults.upperBound..<text.endIndex), key)
            let without = text.replacingCharacters(in: at, with: "\"unused\(fault.archiveKey)\":")
            XCTAssertEqual(restoreError(without), "places.faults.\(fault.archiveKey): missing", fault.name)
        }
    }

    func testNumbersAtTheEndsOfDoubleAreRefusedWithTheirPath() throws {
        let good = try savedSession()
        let fix = "\"horizontalAccuracy\":5,\"speed\":-1,\"course\":-1,\"timestamp\":1.4"
        let cases: [(String, String, String)] = [
            ("\"selectedMarker\":null", "\"selectedMarker\":1e19", "app.mapView.selectedMarker: no such marker"),
            ("\"selectedMarker\":null", "\"selectedMarker\":0.5", "app.mapView.selectedMarker: no such marker"),
            ("\"locationError\":null", "\"locationError\":1e308", "app.locationError: not a code"),
            ("{\"answered\":13}", "{\"failed\":-1e308}", "app.lastPlacesResponse.failed: not a Places error code"),
            (
                "{\"answered\":13}", "{\"answered\":-1}",
                "app.lastPlacesResponse.answered: -1 is outside the allowed range 0…20"
            ),
            (
                "\"placesRequests\":2", "\"placesRequests\":1e308",
                "stats.placesRequests: 1e+308 is outside the allowed range 0…1000000000000000"
            ),
            (
                fix, fix.replacingOccurrences(of: "1.4", with: "9.2e18"),
                "app.locationManager.lastDelivered.timestamp: 9.2e+18 is outside the allowed range 0…1000000000000"
            ),
            (
                fix, fix.replacingOccurrences(of: "\"course\":-1", with: "\"course\":361"),
                "app.locationManager.lastDelivered.course: 361 is outside the allowed range -1…360"
            ),
            (
                "\"distanceFilter\":50", "\"distanceFilter\":-1e308",
                "app.locationManager.distanceFilter: -1e+308 is outside the allowed range -1…100000"
            ),
            ("\"clock\":3800000", "\"clock\":3800000.5", "clock: expected a whole number"),
        ]
        for (old, new, message) in cases {
            XCTAssertTrue(good.contains(old), old)
            XCTAssertEqual(restoreError(good.replacingOccurrences(of: old, with: new)), message, new)
        }
    }

    /// Dates and the terminal map stay in bounds for any number, even ones `load` refuses.
    func testDatesOfAnyTimeAreBounded() {
        for t in [Double.nan, .infinity, -.infinity, 1e308, -1e308, 9.3e18, -9.3e18] {
            let d = VirtualDate(clock: t)
            XCTAssertTrue((0...999_999).contains(d.microsecond), "\(t)")
            _ = d.localeDescription
            _ = VirtualDate(unixTime: t).localeDescription
        }
    }

    /// An accuracy ring of any size draws in time bounded by the view: a radius of 2^31 points
    /// hung `map` (a loop over the circumference), 1e308 trapped.
    func testAccuracyRingsOfAnySizeDrawQuickly() throws {
        let t = TestShell(table: .standard)
        XCTAssertEqual(
            t.run("set simulator-no-location silent\nlaunch\nauth allow\nlocate sydney\nwait 2s\n"), 0, t.err.text)
        let app = try XCTUnwrap(t.shell.session.app)
        var scene = MapScene(app: app, session: t.shell.session)
        let me = try XCTUnwrap(scene.myLocation)
        var rings: [Int] = []
        // The processor time of the quickest of three draws: no ring may take more than 20
        // times a small one's (a loop over the circumference of 2^31 points takes thousands).
        var costs: [Double] = []
        for radius in [50, 5_000, 2_147_483_648, 1e15, 1e308, .infinity, .nan] {
            scene.myLocation = MapScene.MyLocation(x: me.x, y: me.y, accuracyMetres: radius, radius: radius)
            var lines: [String] = []
            var least = Double.infinity
            for _ in 0..<3 {
                let start = threadCPUSeconds()
                lines = TerminalMap(scene: scene, columns: 80, lines: 22, unicode: true, color: false).render().lines
                least = min(least, threadCPUSeconds() - start)
            }
            costs.append(least)
            XCTAssertEqual(lines.count, 24, "\(radius)")
            rings.append(lines.joined().filter { $0 == "·" }.count)
        }
        for (radius, cost) in zip([50, 5_000, 2_147_483_648, 1e15, 1e308, .infinity, .nan], costs) {
            XCTAssertLessThan(
                cost, max(costs[0], 1e-4) * 20, "a ring of radius \(radius) costs \(cost) s against \(costs[0]) s")
        }
        // Off to one side, a ring a thousand views wide crosses the view as a near-straight line.
        scene.myLocation = MapScene.MyLocation(x: -400_000 + 100, y: me.y, accuracyMetres: 0, radius: 400_000)
        let edge = TerminalMap(scene: scene, columns: 80, lines: 22, unicode: true, color: false).render().lines
        XCTAssertGreaterThanOrEqual(
            edge.joined().filter { $0 == "·" }.count, rings.last! + 10, edge.joined(separator: "\n"))
        // The last (NaN) draws no ring: its count is the dots of the frame's own text.
        XCTAssertGreaterThan(rings[0], rings.last! + 10, "a small ring shows")
        XCTAssertTrue(
            rings[2...].allSatisfy { $0 == rings.last! }, "a ring larger than the view is outside it: \(rings)")
    }
}

/// `save` streams the file: the bytes are those of the whole value as JSON, a file that would
/// pass the limit is refused part way, and a refused or failed write leaves the old file.
final class SessionStreamingTests: XCTestCase {
    private func session() throws -> Session {
        let t = TestShell(table: .standard)
        XCTAssertEqual(
            t.run(
                "places generate 3000\nset simulator-no-location silent\nlaunch\nauth allow\nlocate sydney\nwait 2s\n"),
            0, t.err.text)
        return t.shell.session
    }

    func testStreamedBytesAreTheWholeValueAsJSON() throws {
        let s = try session()
        let whole = Array((jsonText(try SessionArchive.archive(s, extra: [])) + "\n").utf8)
        var streamed: [UInt8] = []
        var chunks = 0
        let refusal = writeSessionJSON(
            try SessionArchive.archive(s, extra: [], datasetSeparately: true), dataset: s.places.dataset,
            limit: SessionArchive.maxFileSize
        ) {
            streamed += $0
            chunks += 1
            return true
        }
        XCTAssertNil(refusal)
        XCTAssertEqual(streamed, whole)
        XCTAssertGreaterThanOrEqual(whole.count, 700_000)
        XCTAssertGreaterThan(chunks, 0)
    }

    func testALimitIsCheckedWhileStreaming() throws {
        let s = try session()
        let value = try SessionArchive.archive(s, extra: [], datasetSeparately: true)
        var written = 0
        let refusal = writeSessionJSON(value, dataset: s.places.dataset, limit: 100_000) {
            written += $0.count
            return true
        }
        XCTAssertEqual(refusal, "the session would be larger than 100,000 bytes, the most 'load' reads")
        XCTAssertLessThanOrEqual(written, 100_000)
        // A failed write stops the stream; the writer has the reason.
        var calls = 0
        XCTAssertNil(
            writeSessionJSON(value, dataset: s.places.dataset, limit: SessionArchive.maxFileSize) { _ in
                calls += 1
                return false
            })
        XCTAssertEqual(calls, 1)
    }

    func testARefusedStreamLeavesTheOldFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.json").path
        XCTAssertNoThrow(try writeFileAtomically(path, Array("old\n".utf8)).get())
        let result = writeFileAtomically(path) { append in
            _ = append(Array("new, part way".utf8))
            return "too large"
        }
        guard case .failure(let e) = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(writeFailureMessage("s.json", e), "cannot write 's.json': too large; the old file is unchanged")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["s.json"])
    }
}
