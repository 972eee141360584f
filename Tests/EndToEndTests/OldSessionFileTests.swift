import Foundation
import PlaceKit
import PlaceStorage
import TestSupport
import XCTest

/// Every shape of session file a placeshell ever wrote loads. `Tests/Fixtures/sessions` keeps a
/// file saved by each version whose writer added members (made by its `make` script from the
/// same scenario); today's placeshell must load each, keep every value the file holds, fill in
/// what it lacks, and carry on. When the writer adds a member, the newest kept file lacks it, and
/// a test here says to keep a file of the new shape too.
final class OldSessionFileTests: XCTestCase {
    private let folder = Repository.fixtures.appendingPathComponent("sessions")

    private func files(nearby: Bool) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && $0.lastPathComponent.hasSuffix("-nearby.json") == nearby }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> RunResult {
        guard let binary = Paths.binaryOrFail() else { throw XCTSkip("no binary (reported as a failure)") }
        return try runProcess(
            binary, arguments, in: directory.url, environment: cleanEnvironment(home: directory.path), timeout: 600)
    }

    private func json(_ url: URL) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
    }

    /// The paths where `old` and `new` differ, looking only at the members `old` has (a newer
    /// file may have more); lists must have the same length.
    private func differences(_ old: Any, _ new: Any, _ path: String = "") -> [String] {
        switch (old, new) {
        case (let o as [String: Any], let n as [String: Any]):
            return o.keys.sorted().flatMap { key -> [String] in
                guard let value = n[key] else { return ["\(path).\(key): missing after the load"] }
                return differences(o[key] as Any, value, "\(path).\(key)")
            }
        case (let o as [Any], let n as [Any]):
            guard o.count == n.count else { return ["\(path): \(o.count) items, then \(n.count)"] }
            return zip(o, n).enumerated().flatMap { differences($1.0, $1.1, "\(path)[\($0)]") }
        case (let o as NSObject, let n as NSObject):
            return o.isEqual(n) ? [] : ["\(path): \(o), then \(n)"]
        default:
            return ["\(path): \(old), then \(new)"]
        }
    }

    /// The members of every object, as paths with list items merged (`a.b[].c`).
    private func members(_ value: Any, _ path: String = "") -> Set<String> {
        switch value {
        case let o as [String: Any]:
            return o.reduce(into: Set<String>()) { out, member in
                out.insert("\(path).\(member.key)")
                out.formUnion(members(member.value, "\(path).\(member.key)"))
            }
        case let a as [Any]:
            return a.reduce(into: Set<String>()) { $0.formUnion(members($1, "\(path)[]")) }
        default:
            return []
        }
    }

    func testTheFolderHoldsTheFormatsSinceTheFirst() throws {
        let app = try files(nearby: false).map(\.lastPathComponent)
        XCTAssertGreaterThanOrEqual(app.count, 8, "\(app)")
        XCTAssertEqual(app.first, "2026-11-29-52cf859.json", "the first session format's file")
        XCTAssertGreaterThanOrEqual(try files(nearby: true).count, 2)
    }

    func testEveryOldFileLoadsKeepsItsValuesAndCarriesOn() throws {
        for file in try files(nearby: false) + files(nearby: true) {
            let name = file.lastPathComponent
            let directory = TemporaryDirectory()
            let r = try run(
                [
                    "-c",
                    "load '\(file.path)'; save again.json; load again.json; save twice.json; wait 1min; status; show app.screen",
                ], in: directory)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderrText)")
            XCTAssertTrue(r.stdoutText.hasPrefix("loaded the session from"), "\(name): \(r.stdoutText.prefix(300))")
            guard r.status == 0 else { continue }
            var old = try XCTUnwrap(try json(file) as? [String: Any], name)
            let again = try XCTUnwrap(try json(directory.file("again.json")) as? [String: Any], name)
            // Saved again, it is in today's format; every other value is kept.
            XCTAssertEqual(again["version"] as? Int, SessionArchive.version, name)
            old["version"] = again["version"]
            XCTAssertEqual(differences(old, again), [], "\(name): a value changed in the load")
            XCTAssertEqual(
                try Data(contentsOf: directory.file("again.json")), try Data(contentsOf: directory.file("twice.json")),
                "\(name): load → save → load → save differs")
        }
    }

    func testTheNewestFileHasEveryMemberTodaysWriterWrites() throws {
        for nearby in [false, true] {
            let newest = try XCTUnwrap(try files(nearby: nearby).last)
            let directory = TemporaryDirectory()
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("places.csv"), to: directory.file("places.csv"))
            let script = try String(
                contentsOf: folder.appendingPathComponent(
                    nearby ? "scenario-nearby.placescript" : "scenario.placescript"),
                encoding: .utf8)
            directory.write("scenario.placescript", script + "save today.json\n")
            let r = try run(["scenario.placescript"], in: directory)
            XCTAssertEqual(r.status, 0, r.stderrText)
            let today = members(try json(directory.file("today.json")))
            let kept = members(try json(newest))
            XCTAssertFalse(today.isEmpty)
            XCTAssertEqual(
                today.subtracting(kept).sorted(), [],
                "today's writer writes members \(newest.lastPathComponent) lacks: keep a file of the new shape too (Tests/Fixtures/sessions/make COMMIT\(nearby ? " nearby" : ""), after committing)"
            )
        }
    }
}
