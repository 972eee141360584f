import Foundation
import TestSupport
import XCTest

/// The shell completion scripts `placeshell --completions SHELL` writes (and scripts/install
/// installs): each names every option of `--help`, and bash and fish complete options, their
/// values, `.placescript` files for FILE and any file for the script's arguments when asked as a
/// person pressing Tab would. zsh is checked for syntax and for every option.
final class CompletionScriptTests: BinaryTestCase {
    /// The options `--help` lists: the first word of each line under "options:", and its second
    /// spelling after a comma.
    private func helpOptions() throws -> [String] {
        let help = try runProcess(binary, ["--help"], in: directory.url, environment: cleanEnvironment(home: "/"))
        var names: [String] = []
        for line in help.stdoutText.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ").prefix(2) where word.hasPrefix("-") {
                names.append(String(word.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
            }
        }
        XCTAssertTrue(names.contains("--json") && names.contains("-c") && names.contains("--version"), "\(names)")
        return names
    }

    /// Writes the completion script for `shell` into the temporary directory.
    private func script(_ shell: String) throws -> URL {
        let r = try runProcess(
            binary, ["--completions", shell], in: directory.url, environment: cleanEnvironment(home: "/"))
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(r.stderrText, "")
        return directory.write("completion.\(shell)", r.stdoutText)
    }

    /// Runs `shell` with `arguments` in a folder holding a script, another file and a subfolder.
    private func run(_ shell: String, _ arguments: [String]) throws -> RunResult {
        let work = TemporaryDirectory()
        work.write("walk.placescript", "launch\n")
        work.write("notes.txt", "\n")
        try FileManager.default.createDirectory(
            at: work.url.appendingPathComponent("more"), withIntermediateDirectories: true)
        let path = try XCTUnwrap(
            ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "\(shell) is not installed (scripts/setup test installs it)")
        return try runProcess(
            URL(fileURLWithPath: path), arguments, in: work.url, environment: cleanEnvironment(home: work.path))
    }

    func testEveryScriptNamesEveryOption() throws {
        let options = try helpOptions()
        for shell in ["bash", "zsh", "fish"] {
            let text = try String(contentsOf: try script(shell), encoding: .utf8)
            for option in options {
                // fish writes `-l json` and `-s c`.
                let fishForm = option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                XCTAssertTrue(
                    text.contains(shell == "fish" ? fishForm : option), "the \(shell) script lacks \(option)")
            }
        }
    }

    func testUnknownShellIsAUsageError() throws {
        let r = try runProcess(
            binary, ["--completions", "tcsh"], in: directory.url, environment: cleanEnvironment(home: "/"))
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderrText, "placeshell: unknown shell 'tcsh'\nhelp: use bash, zsh or fish\n")
    }

    /// What bash offers for the words typed so far (the last one is being completed).
    private func bash(_ words: [String]) throws -> [String] {
        let file = try script("bash")
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let driver = """
            source '\(file.path)'
            COMP_WORDS=(placeshell \(quoted)); COMP_CWORD=\(words.count)
            _placeshell
            printf '%s\\n' "${COMPREPLY[@]}" | sort
            """
        let r = try run("bash", ["-c", driver])
        XCTAssertEqual(r.status, 0, r.stderrText)
        return r.stdoutText.split(separator: "\n").map(String.init)
    }

    func testBashCompletesOptionsValuesAndScripts() throws {
        XCTAssertEqual(try bash(["--fl"]), ["--flavor"])
        XCTAssertEqual(try bash(["--flavor", ""]), ["nearby", "objc", "swift"])
        XCTAssertEqual(try bash(["--json", "--color", "a"]), ["always", "auto"])
        XCTAssertEqual(try bash(["--completions", ""]), ["bash", "fish", "zsh"])
        XCTAssertEqual(try bash(["-c", ""]), [], "COMMANDS is free text")
        // FILE: scripts and folders, not other files.
        XCTAssertEqual(try bash([""]), ["more", "walk.placescript"])
        XCTAssertEqual(try bash(["--json", "w"]), ["walk.placescript"])
        // After FILE, the script's arguments: any file.
        XCTAssertEqual(try bash(["walk.placescript", ""]), ["more", "notes.txt", "walk.placescript"])
        XCTAssertEqual(try bash(["--flavor", "objc", "walk.placescript", "--"]), [])
        // placeshell test: the word, then its own options, folders and scripts.
        XCTAssertEqual(try bash(["te"]), ["test"])
        XCTAssertEqual(try bash(["test", "--ti"]), ["--timeout"])
        XCTAssertEqual(try bash(["test", "--j"]), ["--jobs", "--json", "--junit"])
        XCTAssertEqual(try bash(["test", "--colo"]), [], "placeshell's own options are not test's")
        XCTAssertEqual(try bash(["test", "--fla"]), ["--flavor"], "test has its own --flavor")
        XCTAssertEqual(try bash(["test", ""]), ["more", "walk.placescript"])
        XCTAssertEqual(try bash(["test", "--timeout", ""]), [])
        XCTAssertEqual(try bash(["test", "--junit", "n"]), ["notes.txt"])
    }

    /// What fish offers: `complete -C` asks for the completions of a command line.
    private func fish(_ line: String) throws -> [String] {
        let file = try script("fish")
        let r = try run("fish", ["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"])
        XCTAssertEqual(r.status, 0, r.stderrText)
        // Each line is the candidate, a tab and its description; in fish's order.
        return r.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    func testFishCompletesOptionsValuesAndScripts() throws {
        XCTAssertEqual(try fish("placeshell --fla"), ["--flavor"])
        XCTAssertEqual(try fish("placeshell --flavor ").sorted(), ["nearby", "objc", "swift"])
        XCTAssertEqual(try fish("placeshell --colo").sorted(), ["--color", "--colour"])
        XCTAssertEqual(
            try fish("placeshell -").sorted(),
            [
                "--check", "--color", "--colour", "--completions", "--echo", "--flavor", "--help", "--json",
                "--keep-going", "--language", "--live", "--manual-sections", "--no-history", "--pace", "--storyboard",
                "--version", "-C", "-V", "-c", "-h",
            ])
        // FILE: fish's rule for a suffix, scripts first and then the other files and folders.
        XCTAssertEqual(try fish("placeshell ").first, "walk.placescript")
        XCTAssertTrue(try fish("placeshell --json walk.placescript n").contains("notes.txt"), "arguments: any file")
        XCTAssertTrue(try fish("placeshell -c echo n").contains("notes.txt"), "arguments after -c COMMANDS")
        XCTAssertEqual(try fish("placeshell walk.placescript --js"), [], "no options after FILE")
        // placeshell test: the word, then its own options, folders and scripts.
        XCTAssertTrue(try fish("placeshell ").contains("test"))
        XCTAssertEqual(try fish("placeshell t"), ["test"])
        XCTAssertEqual(try fish("placeshell test --ti"), ["--timeout"])
        XCTAssertEqual(try fish("placeshell test --j").sorted(), ["--jobs", "--json", "--junit"])
        XCTAssertEqual(try fish("placeshell test --colo"), [], "placeshell's own options are not test's")
        XCTAssertEqual(try fish("placeshell test ").first, "walk.placescript")
    }

    func testZshScriptParses() throws {
        let file = try script("zsh")
        let r = try run("zsh", ["-n", file.path])
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertEqual(r.stderrText, "")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("#compdef placeshell\n"), "zsh finds it by its first line")
        XCTAssertTrue(text.contains("'--flavor=[the app'\\''s flavour for '\\''launch'\\''\\: "), text)
        XCTAssertTrue(text.contains("if [[ $words[2] == test ]]"), "placeshell test has its own options")
        XCTAssertTrue(text.contains("'--timeout=[stop and fail"), text)
    }
}
