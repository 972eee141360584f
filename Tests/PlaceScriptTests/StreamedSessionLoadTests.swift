import Foundation
import PlaceFormats
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

@testable import PlaceScript

/// `load` reads the places of a session file one at a time as the parser meets them
/// (`SessionArchive.restore(bytes:)`); the tree read whole (`restore(_:)`) is the reference:
/// both load the same files into the same sessions, and refuse the same files with the same
/// message.
final class StreamedSessionLoadTests: XCTestCase {
    /// The two loads of `bytes`: the session each made, saved again, or the message of its
    /// refusal.
    private func both(_ bytes: [UInt8]) -> (streamed: String, whole: String) {
        let streamed: String
        switch SessionArchive.restore(bytes: bytes) {
        case .success(let r): streamed = (try? jsonText(SessionArchive.archive(r.0, extra: []))) ?? "cannot save"
        case .failure(.damaged(let e)): streamed = "damaged: \(e.message) at \(e.offset)"
        case .failure(.invalid(let e)): streamed = "invalid: \(e.message)"
        }
        let whole: String
        switch JSON.parse(bytes) {
        case .failure(let e): whole = "damaged: \(e.message) at \(e.offset)"
        case .success(let json):
            do {
                let r = try SessionArchive.restore(json)
                whole = (try? jsonText(SessionArchive.archive(r.0, extra: []))) ?? "cannot save"
            } catch {
                whole = "invalid: \(error.message)"
            }
        }
        return (streamed, whole)
    }

    /// A session with places from several sources, in runs, saved.
    private func savedSession() throws -> String {
        let t = TestShell(table: .standard)
        let script = """
            locate sydney
            places generate 300 --seed 4
            places add "Café ☕ Nord" -33.8690 151.2000 type=cafe address="1 Rue" rating=4.5 price=2
            places generate 200 --seed 5 --around -33.87,151.21
            launch
            auth allow
            wait 2s
            """
        XCTAssertEqual(t.run(script + "\n"), 0, t.err.text)
        return jsonText(try SessionArchive.archive(t.shell.session, extra: []))
    }

    func testBothLoadsMakeTheSameSessionOfEveryFileKept() throws {
        let folder = Repository.fixtures.appendingPathComponent("sessions")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(files.count, 5)
        for name in files.sorted() {
            let bytes = try Repository.bytes("Tests/Fixtures/sessions/" + name)
            let (streamed, whole) = both(bytes)
            XCTAssertFalse(streamed.hasPrefix("invalid") || streamed.hasPrefix("damaged"), "\(name): \(streamed)")
            XCTAssertEqual(streamed, whole, name)
        }
        let text = try savedSession()
        let (streamed, whole) = both(Array(text.utf8))
        XCTAssertEqual(streamed, whole)
        XCTAssertEqual(streamed, text, "a session saved, loaded and saved again is the same")
    }

    /// Broken files: refused alike, with the message the whole read gives, whatever is wrong
    /// and wherever (a bad place early or late, a dataset that is not an array, a second
    /// dataset, a newer format, broken JSON inside the dataset).
    func testBothLoadsRefuseTheSameFilesAlike() throws {
        let text = try savedSession()
        let firstPlace = try XCTUnwrap(text.range(of: "\"dataset\":[{"))
        let datasetEnd = try XCTUnwrap(text.range(of: "}],\"fields\":"))
        let lastArea = try XCTUnwrap(
            text.range(of: "\"area\":", options: .backwards, range: firstPlace.upperBound..<datasetEnd.lowerBound))
        let variants: [(String, String)] = [
            ("a place without its name", text.replacingOccurrences(of: "\"name\":", with: "\"nom\":")),
            ("a bad rating", text.replacingOccurrences(of: "\"rating\":4.5", with: "\"rating\":\"high\"")),
            (
                "a dataset made an object, badly",
                text.replacingOccurrences(of: "\"dataset\":[", with: "\"dataset\":{\"x\":[")
                    .replacingOccurrences(of: "],\"source\"", with: "]},\"source\"")
            ),
            ("a bad area in the last place", text.replacingCharacters(in: lastArea, with: "\"area\":7,\"a\":")),
            ("a second dataset", text.replacingOccurrences(of: "\"dataset\":[", with: "\"dataset\":[],\"dataset\":[")),
            ("a newer format", text.replacingOccurrences(of: "\"version\":", with: "\"version\":9")),
            (
                "broken JSON in a place",
                text.replacingCharacters(
                    in: firstPlace.upperBound..<text.index(after: firstPlace.upperBound), with: "}")
            ),
            ("not a session", text.replacingOccurrences(of: "placeshell-session", with: "something-else")),
        ]
        for (what, variant) in variants {
            XCTAssertNotEqual(variant, text, what)
            let (streamed, whole) = both(Array(variant.utf8))
            XCTAssertEqual(streamed, whole, what)
            if what != "a second dataset" {
                XCTAssertTrue(
                    whole.hasPrefix("invalid: ") || whole.hasPrefix("damaged: "), "\(what): \(whole.prefix(200))")
            }
            print("\(what): \(whole.prefix(120))")
        }
    }
}
