import Foundation
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

/// `save` and `load`: a session written, read back and written again gives the same bytes; a
/// loaded session carries on exactly as the original would have; a bad file changes nothing.
final class SessionFileTests: XCTestCase {
    private func run(_ commands: String, in directory: TemporaryDirectory) throws -> RunResult {
        guard let binary = Paths.binaryOrFail() else { throw XCTSkip("no binary (reported as a failure)") }
        return try runProcess(
            binary, ["-c", commands], in: directory.url, environment: cleanEnvironment(home: directory.path),
            timeout: 120)
    }

    /// Scenarios that leave different parts of the model in use.
    private let scenarios: [(String, String)] = [
        ("fresh", "version"),
        ("flow", "fields +formattedAddress; locate sydney; launch; auth allow; likely; select 2; tap marker 1; likely"),
        ("route", "locate sydney; launch; auth allow; route run city-run; wait 90s"),
        ("approximate", "locate apple; launch; auth allow --approximate; locate 37.36 -122.03; wait 1s"),
        (
            "faults",
            "network off; apikey expired; ratelimit 3; fail places usageLimitExceeded always; locate sf; launch --flavor objc; auth deny"
        ),
        ("crashed", "locate sydney; launch; auth unknown; set autorun off; set keep-going"),
        ("stopped", "locate sydney; launch; auth allow; fail location unknown; pan 120 -40; zoom 17"),
        ("always", "plist add NSLocationDefaultAccuracyReduced; locate sydney; launch --request always; auth allow"),
        ("reduced-alert", "plist add NSLocationDefaultAccuracyReduced false; locate sf; launch --request always"),
        ("provisional", "locate sydney; launch --request always; auth allow; auth precise off"),
        ("korean", "set language ko; locate sydney; launch"),
    ]

    func testSaveLoadSaveIsByteIdentical() throws {
        for (name, commands) in scenarios {
            let directory = TemporaryDirectory()
            let r = try run("\(commands); save a.json; load a.json; save b.json", in: directory)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderrText)")
            let a = try Data(contentsOf: directory.file("a.json"))
            let b = try Data(contentsOf: directory.file("b.json"))
            XCTAssertGreaterThan(a.count, 1000, name)
            XCTAssertEqual(a, b, "\(name): save → load → save differs")
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: a) as? [String: Any], name)
            XCTAssertEqual(object["kind"] as? String, "placeshell-session", name)
            XCTAssertEqual(object["version"] as? Int, SessionArchive.version, name)
        }
    }

    func testALoadedSessionCarriesOnAsTheOriginal() throws {
        let after = "echo ---; wait 4min; status; show location; show markers; likely; back; log 4; stats; explain"
        for (name, commands) in scenarios where name != "crashed" {
            let directory = TemporaryDirectory()
            let straight = try run("\(commands); \(after)", in: directory)
            _ = try run("\(commands); save s.json", in: directory)
            let resumed = try run("load s.json; \(after)", in: directory)
            func tail(_ text: String) -> String {
                guard let range = text.range(of: "---\n") else { return "(no marker)\n" + text }
                return String(text[range.upperBound...])
            }
            XCTAssertEqual(tail(resumed.stdoutText), tail(straight.stdoutText), "\(name): the resumed session differs")
            // The same errors, at other columns of the other command line.
            func messages(_ text: String) -> String {
                text.replacingOccurrences(of: #"<command-line>:1:\d+: "#, with: "", options: .regularExpression)
            }
            XCTAssertEqual(messages(resumed.stderrText), messages(straight.stderrText), name)
        }
    }

    func testABadFileLeavesTheSessionUntouched() throws {
        let directory = TemporaryDirectory()
        _ = try run("locate sydney; launch; auth allow; save good.json", in: directory)
        var good = try String(contentsOf: directory.file("good.json"), encoding: .utf8)
        let current = SessionArchive.version
        directory.write(
            "newer.json",
            good.replacingOccurrences(of: "\"version\":\(current)", with: "\"version\":\(current + 1)"))
        directory.write("damaged.json", String(good.prefix(300)))
        directory.write(
            "types.json", good.replacingOccurrences(of: "\"promptOpen\":false", with: "\"promptOpen\":\"no\""))
        directory.write("other.json", "{\"type\":\"FeatureCollection\",\"features\":[]}")
        good = ""
        let cases: [(String, String)] = [
            (
                "newer.json",
                "the file was saved by a newer placeshell (session format \(current + 1)); this one reads format \(current)"
            ),
            ("damaged.json", "is damaged: line 1, column"),
            ("types.json", "device.promptOpen: expected true or false, found a string"),
            ("other.json", "this is not a placeshell session file"),
            ("missing.json", "cannot read 'missing.json': no such file or directory"),
        ]
        for (file, message) in cases {
            let r = try run(
                "locate sf; launch --flavor objc; set keep-going; load \(file); show app.flavor; show device.position.latitude",
                in: directory)
            XCTAssertEqual(r.status, 1, file)
            XCTAssertTrue(r.stderrText.contains(message), "\(file): \(r.stderrText)")
            XCTAssertTrue(r.stdoutText.contains("app.flavor = \"objc\""), "\(file): the session changed")
            XCTAssertTrue(r.stdoutText.contains("device.position.latitude = 37.785834"), "\(file): the session changed")
        }
    }

    /// The alert of an always request, shown for an Info.plist that asks for reduced accuracy,
    /// is answered after a load as it would have been before the save.
    func testALoadedAlertKeepsItsRequestAndItsPreciseSwitch() throws {
        let directory = TemporaryDirectory()
        let saved = try run(
            "plist add NSLocationDefaultAccuracyReduced; locate sydney; launch --request always; save s.json",
            in: directory)
        XCTAssertEqual(saved.status, 0, saved.stderrText)
        let r = try run(
            "load s.json; show plist.NSLocationDefaultAccuracyReduced; show app.request; auth allow; show auth.status; show auth.accuracy",
            in: directory)
        XCTAssertEqual(r.status, 0, r.stderrText)
        let shown = r.stdoutText.split(separator: "\n").filter { $0.contains(" = ") }
        XCTAssertEqual(
            shown,
            [
                "plist.NSLocationDefaultAccuracyReduced = true", "app.request = \"always\"",
                "auth.status = \"authorizedAlways\"", "auth.accuracy = \"reduced\"",
            ], r.stdoutText)
    }

    /// The device's language is saved with the device: a loaded session's alert, and its picture,
    /// keep the words of the language it was saved in, whatever the loading shell's locale.
    func testALoadedSessionKeepsTheDevicesLanguage() throws {
        let directory = TemporaryDirectory()
        let saved = try run("set language de; locate sydney; launch; save s.json", in: directory)
        XCTAssertEqual(saved.status, 0, saved.stderrText)
        let file = String(decoding: try Data(contentsOf: directory.file("s.json")), as: UTF8.self)
        XCTAssertTrue(file.contains("\"language\":\"de\""), file)
        let r = try run("show device.language; load s.json; show device.language; snapshot s.svg", in: directory)
        XCTAssertEqual(r.status, 0, r.stderrText)
        let shown = r.stdoutText.split(separator: "\n").filter { $0.contains(" = ") }
        XCTAssertEqual(shown, ["device.language = \"en\"", "device.language = \"de\""], r.stdoutText)
        let svg = String(decoding: try Data(contentsOf: directory.file("s.svg")), as: UTF8.self)
        XCTAssertTrue(svg.contains(">Beim Verwenden der App erlauben</text>"), svg)
        XCTAssertTrue(svg.contains("xml:lang=\"de\""), svg)

        let bad = try run("load s.json", in: directory)
        XCTAssertEqual(bad.status, 0, bad.stderrText)
        try file.replacingOccurrences(of: "\"language\":\"de\"", with: "\"language\":\"xx\"")
            .write(to: directory.file("s.json"), atomically: true, encoding: .utf8)
        let refused = try run("load s.json", in: directory)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(
            refused.stderrText.contains("language: 'xx' is not one of en, de, es, ko, vi, fa"), refused.stderrText)
    }

    func testPendingCallbacksCannotBeSaved() throws {
        let directory = TemporaryDirectory()
        let r = try run("set autorun off; locate sydney; launch; save s.json", in: directory)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stderrText.contains(
                "cannot save now: 3 events are still pending (locationManager(_:didChangeAuthorization:)"),
            r.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("s.json").path))
        let settled = try run("set autorun off; locate sydney; launch; wait 1s; save s.json", in: directory)
        XCTAssertEqual(settled.status, 0, settled.stderrText)
    }
}
