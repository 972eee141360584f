import Foundation
import TestSupport
import XCTest

/// The mutation corpus (Tests/Mutations/mutants.txt): each mutant is an example with one
/// realistic mistake in it, and every one must fail, through `placeshell test`, with a
/// diagnostic at its line and, for an expectation, what was expected and what was found. A
/// mutant that passes is a check that passed when it should not have.
final class MutationTests: BinaryTestCase {
    struct Mutant {
        var kind: String
        var example: String
        var line: Int
        var old: String
        var new: String
        var manifestLine: Int
    }

    /// The manifest's mutants; a line that does not read is a failure.
    func manifest() throws -> [Mutant] {
        let path = Repository.root.appendingPathComponent("Tests/Mutations/mutants.txt")
        let text = try String(contentsOf: path, encoding: .utf8)
        var mutants: [Mutant] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.components(separatedBy: " | ")
            guard fields.count == 4, let colon = fields[1].lastIndex(of: ":"),
                let number = Int(fields[1][fields[1].index(after: colon)...])
            else {
                XCTFail("mutants.txt:\(i + 1): not KIND | FILE:LINE | OLD | NEW: \(line)")
                continue
            }
            mutants.append(
                Mutant(
                    kind: fields[0], example: String(fields[1][..<colon]), line: number, old: fields[2],
                    new: fields[3], manifestLine: i + 1))
        }
        return mutants
    }

    /// The example with the mutant's edit, or nil (and a failure) when the edit no longer applies.
    func apply(_ m: Mutant) throws -> String? {
        let original = try String(
            contentsOf: Repository.root.appendingPathComponent(m.example), encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let index = m.line - 1
        let replacement = m.new.components(separatedBy: "\\n")
        if m.old == "<insert>" {
            guard index >= 0 && index <= lines.count else {
                XCTFail("mutants.txt:\(m.manifestLine): line \(m.line) is not in \(m.example)")
                return nil
            }
            lines.insert(contentsOf: replacement, at: index)
        } else {
            guard index >= 0 && index < lines.count, lines[index].components(separatedBy: m.old).count == 2 else {
                XCTFail(
                    "mutants.txt:\(m.manifestLine): '\(m.old)' is not once on line \(m.line) of \(m.example): "
                        + "the example changed; mend the mutant")
                return nil
            }
            if m.new == "<delete>" {
                lines.remove(at: index)
            } else {
                lines[index] = lines[index].replacingOccurrences(of: m.old, with: m.new)
            }
        }
        let mutated = lines.joined(separator: "\n") + "\n"
        if mutated == original {
            XCTFail("mutants.txt:\(m.manifestLine): the edit changes nothing")
            return nil
        }
        return mutated
    }

    /// Writes every mutant into `mutants/` of the temporary directory, with the examples' data
    /// beside them; returns them by file name.
    func writeMutants() throws -> [String: Mutant] {
        let mutants = try manifest()
        XCTAssertGreaterThanOrEqual(mutants.count, 60, "the corpus is at least 60 mutants")
        XCTAssertGreaterThanOrEqual(Set(mutants.map(\.kind)).count, 10, "of many kinds")
        let folder = directory.file("mutants")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Paths.examples.appendingPathComponent("data"), to: folder.appendingPathComponent("data"))
        var names: [String: Mutant] = [:]
        for (n, m) in mutants.enumerated() {
            guard let text = try apply(m) else { continue }
            let example = URL(fileURLWithPath: m.example).deletingPathExtension().lastPathComponent
            let name = String(format: "%03d-%@-%@.placescript", n + 1, m.kind, example)
            directory.write("mutants/" + name, text)
            names[name] = m
        }
        return names
    }

    /// The repository's examples and the mutants, run three times with four jobs under a German
    /// locale: the same verdicts, and the TAP and JUnit reports byte for byte (times aside).
    func testReportsAreTheSameOnEveryRunAndInAnyLocale() throws {
        _ = try writeMutants()
        var reports: [String] = []
        for round in 1...3 {
            let r = try runProcess(
                binary, ["test", "-j", "4", "--tap", "--junit", "report.xml", Paths.examples.path, "mutants"],
                in: directory.url,
                environment: cleanEnvironment(
                    home: directory.path, extra: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]),
                timeout: 1800)
            XCTAssertEqual(r.status, 1, "round \(round): the mutants fail\n\(r.stderrText)")
            let junit = try String(contentsOf: directory.file("report.xml"), encoding: .utf8)
            let masked = (r.stdoutText + junit).replacing(#/duration_ms: \d+/#, with: "duration_ms: N")
                .replacing(#/time="[0-9.]+"/#, with: "time=\"N\"")
            reports.append(masked)
            // Every example passes, every mutant fails.
            for line in r.stdoutText.split(separator: "\n") where line.hasPrefix("ok ") || line.hasPrefix("not ok ") {
                XCTAssertEqual(line.hasPrefix("ok "), line.contains("/examples/"), String(line))
            }
        }
        XCTAssertEqual(reports[0], reports[1], lineDiff(expected: reports[0], actual: reports[1]))
        XCTAssertEqual(reports[0], reports[2], lineDiff(expected: reports[0], actual: reports[2]))
    }

    func testEveryMutantFailsWithItsPlaceAndWhatWasExpected() throws {
        let names = try writeMutants()
        let r = try runProcess(
            binary, ["test", "--json", "mutants"], in: directory.url,
            environment: cleanEnvironment(home: directory.path), timeout: 1800)
        XCTAssertEqual(r.status, 1, "every mutant fails\n\(r.stderrText)")
        var seen = 0
        for line in r.stdoutText.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let path = object["path"] as? String
            else { continue }
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let m = names[name] else { continue }
            seen += 1
            let what = "mutants.txt:\(m.manifestLine) (\(m.kind), \(m.example):\(m.line))"
            let status = object["status"] as? String ?? ""
            let stderr = object["stderr"] as? String ?? ""
            XCTAssertTrue(["failed", "error"].contains(status), "\(what) PASSED: a wrong pass\n\(stderr)")
            let located = stderr.range(
                of: "(^|\\n)\(NSRegularExpression.escapedPattern(for: name)):[0-9]+:[0-9]+: error: ",
                options: .regularExpression)
            XCTAssertNotNil(located, "\(what): no diagnostic at FILE:LINE:COL\n\(stderr)")
            if stderr.contains("expectation failed") {
                XCTAssertTrue(
                    stderr.contains("\n  expected: ") && stderr.contains("\n  actual:   "),
                    "\(what): an expectation failed without saying what was expected and found\n\(stderr)")
            }
        }
        XCTAssertEqual(seen, names.count, "every mutant was reported")
    }
}
