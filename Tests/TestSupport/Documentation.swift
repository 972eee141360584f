import Foundation

/// The examples the documentation shows — the README's transcripts and the manual's EXAMPLES —
/// read as tests, as Rust's doc tests and Python's doctest read theirs: each is run, and what it
/// prints is compared with what the page shows, so the pages cannot drift from the program.
///
/// Three kinds of example:
/// - a **prompt transcript**: lines that start with the prompt (`placeshell> `,
///   `placeshell[map alert]> `) are what was typed, the lines under each what it printed;
/// - a **console session** (a README block marked `console`, a manual display whose first line
///   starts with `$ `): lines that start with `$ ` are shell commands (a here-document's lines go
///   with its command), the lines under them what they printed, standard error and output as a
///   terminal shows them;
/// - a **file** the manual names before its display (`.Pa tour.placescript :`), which the
///   console sessions after it may run;
/// - **commands** (a README block marked `placeshell`): run as a script, which must exit 0;
/// - a **command line** shown alone (the manual's `.Dl $ …`): run, and it must not exit with a
///   usage or read error.
///
/// An expected line that is `…` (or `...`) alone stands for any number of lines; one that ends
/// in ` …` (or ` ...`) for a line that starts with what comes before it. Nothing else is loose.
public enum Documentation {
    public enum Kind: Equatable, Sendable {
        case transcript
        case console
        case file(name: String)
        case commands
        /// A command line shown without its output (the manual's `.Dl $ …`): it runs, and
        /// must not fail as a usage or read error does (status 2 or more).
        case commandLine
    }

    public struct Example: Sendable {
        public var kind: Kind
        /// Where it is: `README.md:112`.
        public var place: String
        public var lines: [String]

        public init(kind: Kind, place: String, lines: [String]) {
            self.kind = kind
            self.place = place
            self.lines = lines
        }
    }

    /// A prompt at the start of a line: `placeshell> ` or `placeshell[…]> `; nil when the line
    /// has none. Returns what follows it, trimmed of a trailing space (an empty prompt at the end).
    public static func afterPrompt(_ line: String) -> String? {
        guard line.hasPrefix("placeshell") else { return nil }
        var rest = line.dropFirst("placeshell".count)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            rest = rest[rest.index(after: close)...]
        }
        guard rest.hasPrefix(">") else { return nil }
        rest = rest.dropFirst()
        if rest.isEmpty { return "" }
        guard rest.hasPrefix(" ") else { return nil }
        return String(rest.dropFirst())
    }

    /// The README's fenced blocks that are examples: those with prompt lines, and those marked
    /// `console` or `placeshell`. Other blocks (set-up commands, a layout) are not.
    public static func markdownExamples(_ text: String, name: String) -> [Example] {
        var examples: [Example] = []
        var fence: (info: String, line: Int)?
        var body: [String] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if let open = fence {
                if line.hasPrefix("```") {
                    let place = "\(name):\(open.line)"
                    switch open.info {
                    case "console": examples.append(Example(kind: .console, place: place, lines: body))
                    case "placeshell": examples.append(Example(kind: .commands, place: place, lines: body))
                    default:
                        if body.contains(where: { afterPrompt($0) != nil }) {
                            examples.append(Example(kind: .transcript, place: place, lines: body))
                        }
                    }
                    fence = nil
                } else {
                    body.append(line)
                }
            } else if line.hasPrefix("```") {
                fence = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), i + 1)
                body = []
            }
        }
        return examples
    }

    /// The manual's EXAMPLES section: each literal display, a console session when it starts with
    /// `$ `, else a file named by the `.Pa NAME` before it.
    public static func manualExamples(_ mdoc: String, name: String) throws -> [Example] {
        let lines = mdoc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: ".Sh EXAMPLES") else { throw Unreadable("no EXAMPLES section") }
        var examples: [Example] = []
        var lastPath: String?
        var i = start + 1
        while i < lines.count, !lines[i].hasPrefix(".Sh ") {
            let line = lines[i]
            if line.hasPrefix(".Dl $ ") {
                let command = try unescape(String(line.dropFirst(".Dl $ ".count)), at: "\(name):\(i + 1)")
                examples.append(Example(kind: .commandLine, place: "\(name):\(i + 1)", lines: [command]))
            } else if line.hasPrefix(".Pa ") {
                lastPath = String(line.dropFirst(4).split(separator: " ").first ?? "")
            } else if line.hasPrefix(".Pp") {
                lastPath = nil
            } else if line.hasPrefix(".Bd -literal") {
                let first = i + 1
                var body: [String] = []
                i += 1
                while i < lines.count, lines[i] != ".Ed" {
                    body.append(try unescape(lines[i], at: "\(name):\(i + 1)"))
                    i += 1
                }
                let place = "\(name):\(first)"
                if body.first?.hasPrefix("$ ") == true {
                    examples.append(Example(kind: .console, place: place, lines: body))
                } else if let path = lastPath {
                    examples.append(Example(kind: .file(name: path), place: place, lines: body))
                    lastPath = nil
                } else {
                    throw Unreadable("\(place): a display that is neither a console session nor a named file")
                }
            }
            i += 1
        }
        return examples
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The mdoc escapes the manual's displays use, as a terminal shows them; any other is an
    /// error, so an example never passes by reading an escape as something else.
    static func unescape(_ line: String, at place: String) throws -> String {
        let named = [
            "(+-": "±", "(em": "—", "(cq": "’", "(aq": "'", "(dq": "\"", "(rq": "”", "(lq": "“", "(->": "→",
            "(<-": "←",
        ]
        var out = ""
        var rest = Substring(line)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            let after = rest[rest.index(after: slash)...]
            if after.hasPrefix("&") {
                rest = after.dropFirst()
            } else if after.hasPrefix("e") {
                out += "\\"
                rest = after.dropFirst()
            } else if after.hasPrefix("-") {
                out += "-"
                rest = after.dropFirst()
            } else if let (escape, text) = named.first(where: { after.hasPrefix($0.key) }) {
                out += text
                rest = after.dropFirst(escape.count)
            } else {
                throw Unreadable("\(place): an escape the example reader does not know: \\\(after.prefix(3))")
            }
        }
        return out + rest
    }

    /// A console session's shell script (its commands in order, a here-document's lines with its
    /// command) and the lines it should print.
    public static func consoleParts(_ lines: [String]) -> (script: String, expected: [String]) {
        var script: [String] = []
        var expected: [String] = []
        var hereEnd: String?
        for line in lines {
            if let end = hereEnd {
                script.append(line)
                if line == end { hereEnd = nil }
            } else if line.hasPrefix("$ ") {
                let command = String(line.dropFirst(2))
                script.append(command)
                if let range = command.range(of: "<<") {
                    let word = command[range.upperBound...].trimmingCharacters(in: .whitespaces)
                    hereEnd = word.trimmingCharacters(in: CharacterSet(charactersIn: "'\"-"))
                }
            } else {
                expected.append(line)
            }
        }
        return (script.joined(separator: "\n") + "\n", expected)
    }

    /// Whether `actual` is what `expected` shows, with its ellipses; nil when it is, else a
    /// message naming the first line that differs.
    public static func mismatch(expected: [String], actual: [String]) -> String? {
        // Dynamic programming over (expected, actual) positions: an ellipsis line may take any
        // number of actual lines, so the first difference is the furthest point reached.
        var reachable = Set<[Int]>([[0, 0]])
        var frontier: [[Int]] = [[0, 0]]
        var furthest = (expected: 0, actual: 0)
        while let state = frontier.popLast() {
            let (e, a) = (state[0], state[1])
            if e > furthest.expected || (e == furthest.expected && a > furthest.actual) { furthest = (e, a) }
            if e == expected.count {
                if a == actual.count { return nil }
                continue
            }
            var next: [[Int]] = []
            if isAnyLines(expected[e]) {
                next.append([e + 1, a])
                if a < actual.count { next.append([e, a + 1]) }
            } else if a < actual.count, lineMatches(expected[e], actual[a]) {
                next.append([e + 1, a + 1])
            }
            for n in next where reachable.insert(n).inserted { frontier.append(n) }
        }
        let shown = furthest.expected < expected.count ? "'\(expected[furthest.expected])'" : "the end"
        let found = furthest.actual < actual.count ? "'\(actual[furthest.actual])'" : "the end"
        return "expected line \(furthest.expected + 1) \(shown), found \(found) (output line \(furthest.actual + 1))"
    }

    static func isAnyLines(_ line: String) -> Bool {
        let t = line.trimmingCharacters(in: .whitespaces)
        return t == "…" || t == "..."
    }

    static func lineMatches(_ expected: String, _ actual: String) -> Bool {
        if expected == actual { return true }
        for ellipsis in [" …", " ..."] where expected.hasSuffix(ellipsis) {
            return actual.hasPrefix(String(expected.dropLast(ellipsis.count)))
        }
        return false
    }
}
