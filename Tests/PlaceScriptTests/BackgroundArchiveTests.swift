import Foundation
import PlaceFormats
import PlaceKit
import PlaceStorage
import XCTest

@testable import PlaceScript

/// An app in the background is saved and read back as it was: still in the background, with
/// the Allow Once timer still running from when it left.
final class BackgroundArchiveTests: XCTestCase {
    private func restored(_ script: String) throws -> Session {
        let t = TestShell(table: .standard)
        XCTAssertEqual(t.run(script), 0, t.err.text)
        let text = jsonText(try SessionArchive.archive(t.shell.session, extra: []))
        guard case .success(let json) = JSON.parse(Array(text.utf8)) else {
            XCTFail("not JSON")
            throw ArchiveError("not JSON")
        }
        return try SessionArchive.restore(json).0
    }

    func testAllowOnceEndsOnTimeAfterARestore() throws {
        let s = try restored("locate sydney\nlaunch\nauth allow once\napp background\nwait 4s\n")
        let app = try XCTUnwrap(s.app)
        XCTAssertTrue(app.isInBackground)
        XCTAssertTrue(app.locationManager.isSuspended)
        s.advance(by: 5.9)
        XCTAssertEqual(s.device.privacy.status, .authorizedWhenInUse)
        s.advance(by: 0.1)
        XCTAssertEqual(s.device.privacy.status, .notDetermined)
        XCTAssertTrue(s.bringAppToForeground())
        s.settle()
        XCTAssertEqual(s.log.last, "Location status not determined.")
    }

    func testAFileWithoutTheBackgroundMembersReadsAsForeground() throws {
        let s = try restored("locate sydney\nlaunch\nauth allow\n")
        XCTAssertEqual(s.app?.isInBackground, false)
    }

    func testHeldCallbacksKeepTheSessionFromBeingSaved() throws {
        let t = TestShell(table: .standard)
        XCTAssertEqual(
            t.run("set autorun off\nlocate sydney\nlaunch\nrun\nauth allow\nstep 3\napp background\nwait 1s\n"), 0,
            t.err.text)
        XCTAssertEqual(t.shell.session.heldWhileSuspended.count, 1)
        XCTAssertThrowsError(try SessionArchive.archive(t.shell.session, extra: []))
    }
}
