import Foundation
import TestSupport
import XCTest

/// Keeps `man/placeshell.1` honest: it must lint clean under mandoc, its STATE PATHS and COMMANDS
/// sections must be what the command table makes of them (`scripts/manual` writes them), and the
/// COMMANDS section must document every command of the table, with the usage line `help` prints.
/// A new command, or a changed signature, without a matching man page entry fails the build.
final class ManPageTests: XCTestCase {
    /// The repository root, from this file's path (Tests/EndToEndTests/ManPageTests.swift).
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let manPage = repository.appendingPathComponent("man/placeshell.1")

    func testManPageLintsCleanUnderMandoc() throws {
        let mandoc = try XCTUnwrap(
            Self.executableOnPath("mandoc"),
            "mandoc is not installed; install it with 'scripts/setup test' (apt-get install mandoc)")
        let run = try Self.run(mandoc, ["-T", "lint", "-W", "warning", Self.manPage.path])
        let messages = run.output + run.errors
        XCTAssertEqual(
            run.status, 0, "mandoc -T lint -W warning man/placeshell.1 exited \(run.status):\n\(messages)")
        XCTAssertEqual(messages, "", "mandoc -T lint -W warning man/placeshell.1 is not clean")
    }

    func testEveryCommandIsInTheManPageCommandsSection() throws {
        let names = try commandNames()
        XCTAssertFalse(names.isEmpty, "'placeshell --json -c help' listed no commands")
        let documented = Set(try commandsSectionSource().compactMap(Self.itemCommandName))
        let missing = names.filter { !documented.contains($0) }
        XCTAssertEqual(
            missing, [],
            "commands without an '.It Ic NAME' entry in the COMMANDS section of man/placeshell.1: "
                + missing.joined(separator: ", "))
    }

    /// Each usage line `help CMD` prints (subcommands included) appears in the rendered COMMANDS
    /// section, so the man page's signatures cannot drift from the table's.
    func testManPageUsageLinesMatchTheCommandTable() throws {
        let names = try commandNames()
        let script = names.map { "help \($0)" }.joined(separator: "; ")
        let output = try runPlaceshell(["--json", "-c", script])
        var usages: [String] = []
        for line in output.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let result = object?["result"] as? [String: Any]
            usages += try XCTUnwrap(result?["usage"] as? [String], "no usage in: \(line)")
        }
        let mandoc = try XCTUnwrap(
            Self.executableOnPath("mandoc"),
            "mandoc is not installed; install it with 'scripts/setup test' (apt-get install mandoc)")
        let rendered = Self.withoutOverstrike(
            try Self.run(mandoc, ["-T", "ascii", "-O", "width=250", Self.manPage.path]).output)
        let section = Self.renderedCommandsSection(rendered).map(Self.normalized)
        // A short entry renders its description on the same line, after at least two spaces.
        let missing = usages.map(Self.normalized).filter { usage in
            !section.contains { $0 == usage || $0.hasPrefix(usage + "  ") }
        }
        XCTAssertEqual(
            missing, [],
            "usage lines not found as entries in the COMMANDS section of man/placeshell.1 "
                + "(write them as '.It Ic NAME Op Ar ARG' so they render the same): "
                + missing.map { "'\($0)'" }.joined(separator: ", "))
    }

    /// The OPTIONS, STATE PATHS, COMMANDS, RUNNING TESTS and SIMULATION CHOICES sections are
    /// made from tables in the code (the `manual` fields): the committed manual must hold exactly
    /// what `placeshell --manual-sections` prints, so a new option, command or choice or a changed
    /// entry cannot be left out of man/placeshell.1.
    func testGeneratedSectionsAreTheCommittedOnes() throws {
        let generated = Self.sections(of: try runPlaceshell(["--manual-sections"]))
        XCTAssertEqual(
            generated.map(\.name), ["OPTIONS", "STATE PATHS", "COMMANDS", "RUNNING TESTS", "SIMULATION CHOICES"],
            "'placeshell --manual-sections' printed other sections")
        let committed = Self.sections(of: try String(contentsOf: Self.manPage, encoding: .utf8))
        for (name, text) in generated {
            guard let inManual = committed.first(where: { $0.name == name })?.text else {
                XCTFail("man/placeshell.1 has no section '.Sh \(name)' for the generated one")
                continue
            }
            XCTAssertTrue(
                inManual == text,
                "the \(name) section of man/placeshell.1 is not what the command table makes of it; "
                    + "run scripts/manual to regenerate it (-committed +generated):\n"
                    + lineDiff(expected: inManual, actual: text))
        }
    }

    // MARK: - Helpers

    /// The `.Sh` sections of mdoc text, each from its `.Sh` line to the next (the text before
    /// the first is left out).
    private static func sections(of text: String) -> [(name: String, text: String)] {
        var sections: [(name: String, text: String)] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        for line in lines {
            if line.hasPrefix(".Sh ") {
                sections.append((String(line.dropFirst(4)), ""))
            } else if sections.isEmpty {
                continue
            }
            sections[sections.count - 1].text += line + "\n"
        }
        // Without a final newline, the last line has none of its own.
        if !sections.isEmpty && !text.hasSuffix("\n") { sections[sections.count - 1].text.removeLast() }
        return sections
    }

    /// The top-level command names, from `placeshell --json -c help`.
    private func commandNames() throws -> [String] {
        let output = try runPlaceshell(["--json", "-c", "help"])
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let families = try XCTUnwrap(object?["result"] as? [[String: Any]], "unexpected 'help' JSON: \(output)")
        return families.flatMap { family in
            (family["commands"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
    }

    /// `help choices` prints every choice of the manual's SIMULATION CHOICES section, each under
    /// its topic.
    func testHelpChoicesListsEveryChoiceOfTheManPage() throws {
        let output = try runPlaceshell(["--json", "-c", "help choices"])
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let text = try XCTUnwrap((object?["result"] as? [String: Any])?["text"] as? String, output)
        let topics = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map {
                String($0.dropFirst(2))
            })
        let items = try sectionSource("SIMULATION CHOICES").filter { $0.hasPrefix(".It ") }.map {
            String($0.dropFirst(4))
        }
        XCTAssertGreaterThan(items.count, 60, "the SIMULATION CHOICES section has too few choices")
        let missing = items.filter { !topics.contains($0) }
        XCTAssertEqual(
            missing, [], "choices of the manual that 'help choices' does not list: " + missing.joined(separator: ", "))
    }

    /// The mdoc source lines between `.Sh COMMANDS` and the next `.Sh`.
    private func commandsSectionSource() throws -> [Substring] { try sectionSource("COMMANDS") }

    /// The mdoc source lines between `.Sh NAME` and the next `.Sh`.
    private func sectionSource(_ name: String) throws -> [Substring] {
        let text = try String(contentsOf: Self.manPage, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex { $0 == ".Sh \(name)" }, "man/placeshell.1 has no \(name) section")
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(".Sh ") })
    }

    /// `echo` for `.It Ic echo Op Ar TEXT ...`; nil for other lines.
    private static func itemCommandName(_ line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard words.count >= 3, words[0] == ".It", words[1] == "Ic" else { return nil }
        return String(words[2])
    }

    /// The rendered lines of the COMMANDS section, trimmed.
    private static func renderedCommandsSection(_ rendered: String) -> [String] {
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "COMMANDS") else { return [] }
        let rest = lines[(start + 1)...].prefix { $0.isEmpty || $0.hasPrefix(" ") }
        return rest.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Plain text from mandoc's terminal output, which draws bold and underline by overstriking
    /// (`X\bX`, `_\bX`), as `col -b` does.
    private static func withoutOverstrike(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\u{8}" {
                if !out.isEmpty { out.removeLast() }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Spelling differences that do not matter: `…` and ` ...`.
    private static func normalized(_ s: String) -> String {
        s.replacingOccurrences(of: "…", with: "...").replacingOccurrences(of: " ...", with: "...")
    }

    private func runPlaceshell(_ arguments: [String]) throws -> String {
        let binary = try XCTUnwrap(
            Self.placeshellBinary(), "cannot find the placeshell executable; set PLACESHELL_BIN to its path")
        let run = try Self.run(binary, arguments)
        XCTAssertEqual(
            run.status, 0, "placeshell \(arguments.joined(separator: " ")) failed:\n\(run.output)\(run.errors)")
        return run.output
    }

    /// The `placeshell` that `swift test` built: `$PLACESHELL_BIN`, or the build directory that
    /// holds the running test executable (on Linux the .xctest bundle is that executable).
    private static func placeshellBinary() -> URL? {
        let fm = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["PLACESHELL_BIN"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        var directories: [URL] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("placeshell")
            if fm.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    private static func executableOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs a program with no stdin and colour off.
    private static func run(_ executable: URL, _ arguments: [String]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        // Files, not pipes: a large output on one stream can never block the other.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manpage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }
}
