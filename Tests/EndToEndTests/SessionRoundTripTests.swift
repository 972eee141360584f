import Foundation
import TestSupport
import XCTest

/// What the session file gained with format 3 comes back as it was saved: the SDK, the nearby
/// app's call and filters, the Maps SDK's switch, the Location Services alert, the
/// Objective-C picker's shared array.
final class SessionRoundTripTests: XCTestCase {
    func testFormatThreeMembersComeBack() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        let setup = [
            "sdk places 10.14", "nearby call callback", "nearby primary +museum -bar", "nearby region au",
            "project maps off", "locate sydney", "launch --flavor objc", "auth allow", "set autorun off",
            "locate google-sydney", "step", "likely", "step", "set autorun on", "save s.json",
        ]
        let check = [
            "load s.json", "expect sdk.places == \"10.14.0\"", "expect nearby.call == \"callback\"",
            "expect nearby.includedPrimaryTypes contains \"museum\"",
            "expect nearby.excludedPrimaryTypes contains \"bar\"", "expect nearby.regionCode == \"au\"",
            "expect project.maps == false", "expect picker.rows.count == 0", "expect picker.array.count == 11",
            "auth services off", "launch", "save t.json", "load t.json", "expect auth.servicesAlert == true",
        ]
        for (name, lines) in [("setup", setup), ("check", check)] {
            let r = try runProcess(
                binary, ["-c", lines.joined(separator: "; ")], in: directory.url,
                environment: cleanEnvironment(home: directory.path), timeout: 600)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderrText)")
        }
    }
}
