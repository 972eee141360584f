import Foundation
import TestSupport
import XCTest

/// Where a written file went, as the user can open it, and a storyboard the session ended
/// without `record stop` written all the same.
final class WrittenFileTests: XCTestCase {
    func testAScriptInAFolderSaysWhereItsFilesWent() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.file("rec"), withIntermediateDirectories: true)
        directory.write(
            "rec/scenario.placescript",
            """
            launch
            snapshot s.svg
            save s.json
            export geojson s.geojson
            places export p.csv
            record tour.html
            echo a step
            """)
        let r = try runProcess(
            binary, ["rec/scenario.placescript"], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 60)
        XCTAssertEqual(r.status, 0, r.stderrText)
        for (line, file) in [
            ("wrote rec/s.svg:", "rec/s.svg"), ("saved the session to rec/s.json", "rec/s.json"),
            ("to rec/s.geojson", "rec/s.geojson"), ("to rec/p.csv", "rec/p.csv"),
            ("recording a storyboard to rec/tour.html", "rec/tour.html"),
        ] {
            XCTAssertTrue(r.stdoutText.contains(line), "no '\(line)' in:\n\(r.stdoutText)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.file(file).path), "\(file) not written")
        }
        // The script ended while recording: the page is written, and a note says where.
        XCTAssertTrue(
            r.stderrText.contains(
                "note: the session ended while recording: wrote rec/tour.html, a storyboard of 1 step"),
            r.stderrText)
        let page = try String(contentsOf: directory.file("rec/tour.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("a step"), "the step is not on the page")
    }

    func testTheEndOfCommandsWritesTheStoryboard() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        let r = try runProcess(
            binary, ["-c", "record t.html; launch; echo done"], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 60)
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertTrue(r.stderrText.contains("wrote t.html, a storyboard of 2 steps"), r.stderrText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.file("t.html").path))
        // 'record stop' leaves nothing to write at the end, and no note.
        let stopped = try runProcess(
            binary, ["-c", "record u.html; echo x; record stop"], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 60)
        XCTAssertEqual(stopped.status, 0, stopped.stderrText)
        XCTAssertFalse(stopped.stderrText.contains("session ended while recording"), stopped.stderrText)
    }
}
