import Foundation
import TestSupport
import XCTest

/// `export simctl` writes commands a real `xcrun simctl` takes: the script is run with a
/// stand-in `xcrun` (and `sleep`) that only writes down what it is given, and every call is held
/// to the published usage (`Tests/Fixtures/simctl/usage.txt`, read by a small parser here) and
/// to what the session did.
final class SimctlExportTests: XCTestCase {
    // MARK: - The published syntax

    /// One usage line's words: literal text and placeholders, optional groups with choices,
    /// repeats.
    indirect enum Node {
        case word([Part], repeats: Bool)
        case group([[Node]], repeats: Bool)
    }

    enum Part: Equatable {
        case text(String)
        case hole(String)
    }

    /// The usage lines, the words placeholders take, and the actions that require an optional
    /// placeholder.
    struct Grammar {
        var usages: [[Node]] = []
        var values: [String: [String]] = [:]
        var requires: [String: [String]] = [:]

        init(_ text: String) throws {
            for raw in text.split(separator: "\n") {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("usage: ") {
                    var chars = Array(line.dropFirst(7))
                    var at = 0
                    usages.append(try Grammar.sequence(&chars, &at, closing: nil).first ?? [])
                } else if line.hasPrefix("values ") || line.hasPrefix("requires ") {
                    let isValues = line.hasPrefix("values ")
                    guard let colon = line.firstIndex(of: ":") else { throw Bad("no colon: \(line)") }
                    let name = String(line[line.index(line.startIndex, offsetBy: isValues ? 7 : 9)..<colon])
                    let words = Grammar.words(String(line[line.index(after: colon)...]))
                    if isValues { values[name] = words } else { requires[name] = words }
                }
            }
        }

        /// Words separated by spaces, a "quoted phrase" being one word.
        static func words(_ text: String) -> [String] {
            var words: [String] = []
            var current = ""
            var quoted = false
            for c in text {
                if c == "\"" {
                    quoted.toggle()
                } else if c == " " && !quoted {
                    if !current.isEmpty { words.append(current) }
                    current = ""
                } else {
                    current.append(c)
                }
            }
            if !current.isEmpty { words.append(current) }
            return words
        }

        /// Alternatives (split at `|`) of node sequences, up to `closing` or the end.
        static func sequence(_ c: inout [Character], _ at: inout Int, closing: Character?) throws -> [[Node]] {
            var alternatives: [[Node]] = [[]]
            var parts: [Part] = []
            var text = ""
            func endWord() {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                if !parts.isEmpty { alternatives[alternatives.count - 1].append(.word(parts, repeats: false)) }
                parts = []
            }
            while at < c.count {
                let ch = c[at]
                if ch == "<" {
                    if !text.isEmpty { parts.append(.text(text)) }
                    text = ""
                    guard let end = c[at...].firstIndex(of: ">") else { throw Bad("unclosed <") }
                    parts.append(.hole(String(c[(at + 1)..<end])))
                    at = end + 1
                } else if ch == "[" {
                    endWord()
                    at += 1
                    let inner = try sequence(&c, &at, closing: "]")
                    alternatives[alternatives.count - 1].append(.group(inner, repeats: false))
                } else if ch == "]" {
                    guard closing == "]" else { throw Bad("stray ]") }
                    endWord()
                    at += 1
                    return alternatives
                } else if ch == "|" {
                    endWord()
                    alternatives.append([])
                    at += 1
                } else if ch == " " {
                    endWord()
                    at += 1
                } else if ch == "." && c.count >= at + 3 && c[at + 1] == "." && c[at + 2] == "." {
                    endWord()
                    at += 3
                    // The last node repeats.
                    var last = alternatives[alternatives.count - 1]
                    if case .word(let p, _)? = last.last {
                        last[last.count - 1] = .word(p, repeats: true)
                    } else if case .group(let g, _)? = last.last {
                        last[last.count - 1] = .group(g, repeats: true)
                    }
                    alternatives[alternatives.count - 1] = last
                } else {
                    text.append(ch)
                    at += 1
                }
            }
            guard closing == nil else { throw Bad("unclosed [") }
            endWord()
            return alternatives
        }

        /// Whether `value` is something placeholder `name` takes.
        func accepts(_ name: String, _ value: String) -> Bool {
            if let words = values[name] { return words.contains(value) }
            let decimal = value.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil
            switch name {
            case "lat": return decimal && (Double(value).map { abs($0) <= 90 } ?? false)
            case "lon": return decimal && (Double(value).map { abs($0) <= 180 } ?? false)
            case "meters per second", "meters", "seconds": return decimal && (Double(value).map { $0 > 0 } ?? false)
            default: return !value.isEmpty && !value.contains(where: { $0.isNewline })
            }
        }

        /// The placeholders' values when `word` matches `parts`, else nil.
        func match(_ parts: [Part], _ word: String) -> [String: String]? {
            var bound: [String: String] = [:]
            var rest = Substring(word)
            for (i, part) in parts.enumerated() {
                switch part {
                case .text(let t):
                    guard rest.hasPrefix(t) else { return nil }
                    rest = rest.dropFirst(t.count)
                case .hole(let name):
                    // Up to the next literal text, or the end.
                    var value = rest
                    if i + 1 < parts.count, case .text(let next) = parts[i + 1] {
                        guard let r = rest.range(of: next) else { return nil }
                        value = rest[..<r.lowerBound]
                    }
                    guard accepts(name, String(value)) else { return nil }
                    bound[name] = String(value)
                    rest = rest.dropFirst(value.count)
                }
            }
            return rest.isEmpty ? bound : nil
        }

        /// Every way `nodes` can take `args` from `at`: the bindings of each full match.
        func matches(_ nodes: ArraySlice<Node>, _ args: [String], _ at: Int, _ bound: [String: String]) -> [[String:
            String]]
        {
            guard let first = nodes.first else { return at == args.count ? [bound] : [] }
            let rest = nodes.dropFirst()
            switch first {
            case .word(let parts, let repeats):
                guard at < args.count, let b = match(parts, args[at]) else { return [] }
                let merged = bound.merging(b) { $1 }
                var out = matches(rest, args, at + 1, merged)
                if repeats { out += matches(nodes, args, at + 1, merged) }
                return out
            case .group(let alternatives, let repeats):
                var out = matches(rest, args, at, bound)  // left out
                for alternative in alternatives {
                    // The group's own words, then the rest (or the group again).
                    var states: [(Int, [String: String])] = []
                    collect(ArraySlice(alternative), args, at, bound, &states)
                    for (next, b) in states where next > at {
                        out += matches(rest, args, next, b)
                        if repeats { out += matches(nodes, args, next, b) }
                    }
                }
                return out
            }
        }

        /// Where `nodes` can end when they start at `at`, with what they bound.
        func collect(
            _ nodes: ArraySlice<Node>, _ args: [String], _ at: Int, _ bound: [String: String],
            _ out: inout [(Int, [String: String])]
        ) {
            guard let first = nodes.first else {
                out.append((at, bound))
                return
            }
            let rest = nodes.dropFirst()
            switch first {
            case .word(let parts, let repeats):
                guard at < args.count, let b = match(parts, args[at]) else { return }
                let merged = bound.merging(b) { $1 }
                collect(rest, args, at + 1, merged, &out)
                if repeats { collect(nodes, args, at + 1, merged, &out) }
            case .group(let alternatives, _):
                collect(rest, args, at, bound, &out)
                for alternative in alternatives {
                    var inner: [(Int, [String: String])] = []
                    collect(ArraySlice(alternative), args, at, bound, &inner)
                    for (next, b) in inner where next > at { collect(rest, args, next, b, &out) }
                }
            }
        }

        /// Whether `args` (after `xcrun simctl`) is a command the usage allows.
        func allows(_ args: [String]) -> Bool {
            for usage in usages {
                for bound in matches(ArraySlice(usage), args, 0, [:]) {
                    let missing = requires.contains { name, actions in
                        actions.contains(bound["action"] ?? "") && bound[name] == nil
                    }
                    if !missing { return true }
                }
            }
            return false
        }
    }

    struct Bad: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    static func grammar() throws -> Grammar {
        let bytes = try Repository.bytes("Tests/Fixtures/simctl/usage.txt")
        return try Grammar(String(decoding: bytes, as: UTF8.self))
    }

    /// The parser reads the usage as published and refuses what it does not allow: the tests
    /// below can fail.
    func testTheUsageParserRefusesWhatSimctlDoesNot() throws {
        let g = try Self.grammar()
        XCTAssertEqual(g.usages.count, 9)
        let good: [[String]] = [
            ["location", "booted", "set", "-33.8694,151.199"],
            ["location", "booted", "clear"],
            ["location", "booted", "run", "City Run"],
            ["location", "booted", "start", "--speed=5", "--interval=1", "1,2", "3,4"],
            ["location", "booted", "start", "--distance=50", "1,2", "3,4", "5,6"],
            ["location", "booted", "start", "--speed=5", "-"],
            ["location", "booted", "start", "1,2", "3,4"],
            ["privacy", "booted", "grant", "location", "com.example.app"],
            ["privacy", "booted", "reset", "location"],
            ["launch", "booted", "com.example.app"],
            ["terminate", "booted", "com.example.app"],
        ]
        for args in good { XCTAssertTrue(g.allows(args), "\(args)") }
        let bad: [[String]] = [
            ["location", "booted", "set", "91,0"],  // latitude out of range
            ["location", "booted", "set", "1e-5,0"],  // an exponent
            ["location", "booted", "set", "1", "2"],  // two words
            ["location", "booted", "start", "--speed=5", "1,2"],  // one waypoint
            ["location", "booted", "start", "--distance=5", "--interval=1", "1,2", "3,4"],  // both
            ["location", "booted", "start", "--speed 5", "1,2", "3,4"],  // no =
            ["location", "booted", "run", "city-run"],  // not a scenario
            ["privacy", "booted", "grant", "location"],  // grant needs the bundle
            ["privacy", "booted", "allow", "location", "com.example.app"],
            ["privacy", "booted", "grant", "location-when-in-use", "com.example.app"],
            ["launch", "booted"],
        ]
        for args in bad { XCTAssertFalse(g.allows(args), "\(args)") }
    }

    // MARK: - The script, run

    /// One call the script made: `xcrun simctl ARGS` (with its standard input), or `sleep N`.
    struct Call: Equatable {
        var args: [String]
        var stdin: [String] = []
    }

    /// Runs placeshell on `script`, then the simctl script it wrote with stand-ins for `xcrun` and
    /// `sleep` first on PATH, and returns the calls in order and the script's text.
    func replay(_ script: String, export: String = "export simctl replay.sh", files: [String: String] = [:])
        throws -> (calls: [Call], text: String, output: String)?
    {
        guard let binary = Paths.binaryOrFail() else { return nil }
        let directory = TemporaryDirectory()
        for (name, text) in files { directory.write(name, text) }
        directory.write("scenario.placescript", script + "\n" + export + "\n")
        let r = try runProcess(
            binary, ["scenario.placescript"], in: directory.url, environment: cleanEnvironment(home: directory.path),
            timeout: 120)
        XCTAssertEqual(r.status, 0, r.stderrText)
        let bin = directory.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let calls = directory.url.appendingPathComponent("calls")
        try FileManager.default.createDirectory(at: calls, withIntermediateDirectories: true)
        // Each call is a file, numbered: its arguments a line each, then `--stdin--` and what it read.
        let recorder = """
            #!/bin/sh
            n=$(ls "$CALLS" | wc -l | tr -d ' ')
            f="$CALLS/$(printf '%06d' "$n")"
            printf '%s\\n' "$(basename "$0")" "$@" > "$f.tmp"
            last=""
            for a in "$@"; do last=$a; done
            if [ "$last" = "-" ]; then printf -- '--stdin--\\n' >> "$f.tmp"; cat >> "$f.tmp"; fi
            mv "$f.tmp" "$f"
            """
        for name in ["xcrun", "sleep"] {
            let url = directory.write("bin/" + name, recorder)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let scriptURL = directory.file("replay.sh")
        let text = try String(contentsOf: scriptURL, encoding: .utf8)
        let mode = try FileManager.default.attributesOfItem(atPath: scriptURL.path)[.posixPermissions] as? Int
        XCTAssertEqual((mode ?? 0) & 0o100, 0o100, "the script is executable")
        var env = cleanEnvironment(home: directory.path)
        env["PATH"] = bin.path + ":/usr/bin:/bin"
        env["CALLS"] = calls.path
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["replay.sh"], in: directory.url, environment: env)
        XCTAssertEqual(run.status, 0, run.stderrText)
        var out: [Call] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: calls.path).sorted() {
            let lines = try String(contentsOf: calls.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
            var args = Array(lines)
            var stdin: [String] = []
            if let marker = args.firstIndex(of: "--stdin--") {
                stdin = Array(args[(marker + 1)...])
                args = Array(args[..<marker])
            }
            out.append(Call(args: args, stdin: stdin))
        }
        return (out, text, r.stdoutText + run.stdoutText)
    }

    /// Every xcrun call is `xcrun simctl …` as the usage allows; standard input, when read, is
    /// one waypoint a line, two or more.
    func checkSyntax(_ calls: [Call], file: StaticString = #filePath, line: UInt = #line) throws {
        let g = try Self.grammar()
        for call in calls where call.args.first == "xcrun" {
            XCTAssertEqual(call.args.dropFirst().first, "simctl", file: file, line: line)
            let args = Array(call.args.dropFirst(2))
            XCTAssertTrue(g.allows(args), "not in the published usage: \(args)", file: file, line: line)
            if args.last == "-" {
                XCTAssertGreaterThanOrEqual(call.stdin.count, 2, file: file, line: line)
                for w in call.stdin {
                    XCTAssertNotNil(g.match([.hole("lat"), .text(","), .hole("lon")], w), w, file: file, line: line)
                }
            }
        }
    }

    func simctl(_ calls: [Call]) -> [[String]] {
        calls.filter { $0.args.first == "xcrun" }.map { Array($0.args.dropFirst(2)) }
    }

    let bundle = "com.google.examples.current-place-on-map"

    func testASessionBecomesSimctlCommandsInOrder() throws {
        guard
            let (calls, text, output) = try replay(
                """
                locate sydney
                launch
                auth allow
                wait 2
                likely
                select 2
                route start -33.8694,151.199 -33.8655,151.1955 speed=5 distance=50
                wait 30
                route stop
                route run city-run
                wait 10
                locate none
                auth deny
                auth always
                terminate
                """)
        else { return }
        try checkSyntax(calls)
        let b = bundle
        XCTAssertEqual(
            simctl(calls),
            [
                ["terminate", "booted", b], ["privacy", "booted", "reset", "location", b],
                ["location", "booted", "clear"],
                ["location", "booted", "set", "-33.869405,151.199"],
                ["launch", "booted", b],
                ["location", "booted", "start", "--speed=5", "--distance=50", "-33.8694,151.199", "-33.8655,151.1955"],
                // route stop: the device stays where the route had taken it.
                ["location", "booted", "set", "-33.8683183,151.1980293"],
                ["location", "booted", "run", "City Run"],
                ["location", "booted", "clear"],
                ["privacy", "booted", "revoke", "location", b],
                ["privacy", "booted", "grant", "location-always", b],
                ["terminate", "booted", b],
            ])
        // The answer to the alert and the taps are by hand, in order.
        let hands = text.split(separator: "\n").filter { $0.hasPrefix("by_hand ") }
        XCTAssertEqual(hands.count, 3, hands.joined(separator: "\n"))
        XCTAssertTrue(hands[0].contains("Allow While Using App"))
        XCTAssertTrue(hands[1].contains("Get Place"))
        XCTAssertTrue(hands[2].contains("in the list"))
        XCTAssertTrue(output.contains("by hand: tap \"Get Place\""), output)
        // Time passes as it did: 30 s of the route before it stops, 10 s of City Run.
        let sleeps = calls.filter { $0.args.first == "sleep" }.compactMap { Double($0.args[1]) }
        XCTAssertGreaterThanOrEqual(sleeps.reduce(0, +), 42, "\(sleeps)")
        let order = calls.map {
            $0.args.first == "sleep" ? "sleep" : $0.args.dropFirst(2).prefix(3).joined(separator: " ")
        }
        let start = try XCTUnwrap(order.firstIndex(of: "location booted start"))
        XCTAssertEqual(order[start + 1], "sleep")
        XCTAssertTrue(
            text.contains("#   xcrun simctl location booted start --speed=3 --interval=1 37.33182,-122.03118"))
    }

    func testEveryTapOfARowIsSaidTheSamePlaceAgainAndABlankRow() throws {
        // The same row chosen again after Back is a tap of that row, not of Back; in the
        // Objective-C build the rows are blank and the map's selection stays empty.
        for (flavor, row) in [("swift", "tap \"Darling Harbour\" in the list"), ("objc", "tap row 2 (a blank row")] {
            guard
                let (_, text, _) = try replay(
                    """
                    locate sydney
                    launch --flavor \(flavor)
                    auth allow
                    wait 2
                    likely
                    select 2
                    likely
                    select 2
                    likely
                    back
                    """)
            else { return }
            // (The Objective-C build is installed by hand first.)
            let hands = text.split(separator: "\n").filter {
                $0.hasPrefix("by_hand ") && !$0.contains("build of the app")
            }
            .map(String.init)
            XCTAssertEqual(hands.count, 7, hands.joined(separator: "\n"))
            guard hands.count == 7 else { continue }
            for i in [1, 3, 5] { XCTAssertTrue(hands[i].contains("tap \"Get Place\""), hands[i]) }
            for i in [2, 4] { XCTAssertTrue(hands[i].contains(row), "\(flavor): \(hands[i])") }
            XCTAssertTrue(hands[6].contains("tap \"Back\""), hands[6])
        }
    }

    func testManyWaypointsGoOnStandardInputAndGPXPaceIsSaid() throws {
        let points = (0..<25).map { "-33.86\(10 + $0),151.20\(10 + $0)" }.joined(separator: " ")
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="-33.8700" lon="151.2000"><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="-33.8690" lon="151.2000"><time>2024-01-01T00:01:00Z</time></trkpt>
            <trkpt lat="-33.8680" lon="151.2000"><time>2024-01-01T00:01:10Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        guard
            let (calls, text, _) = try replay(
                "route start \(points) speed=2\nwait 5\nroute gpx walk.gpx\n", files: ["walk.gpx": gpx])
        else { return }
        try checkSyntax(calls)
        let starts = calls.filter { $0.args.count > 4 && $0.args[2...4] == ["location", "booted", "start"] }
        XCTAssertEqual(starts.count, 2)
        XCTAssertEqual(starts[0].args.last, "-")
        XCTAssertEqual(starts[0].stdin.count, 25)
        XCTAssertEqual(starts[0].stdin.first, "-33.861,151.201")
        // The GPX file's pace varies: simctl gets its average, and the script says so.
        XCTAssertEqual(Array(starts[1].args.suffix(3)), ["-33.87,151.2", "-33.869,151.2", "-33.868,151.2"])
        XCTAssertTrue(text.contains("its times vary the pace"), text)
    }

    /// A GPX file without times moves at one speed: simctl gets it, with no word of a pace that
    /// varies; in a file whose every point has a time, speed= is not used, and the shell says so.
    func testAGPXFileWithoutTimesMovesAtOneSpeed() throws {
        let untimed = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="-33.8700" lon="151.2000"/><trkpt lat="-33.8690" lon="151.2000"/>
            </trkseg></trk></gpx>
            """
        let timed = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="-33.8700" lon="151.2000"><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="-33.8690" lon="151.2000"><time>2024-01-01T00:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        guard
            let (calls, text, output) = try replay(
                "route gpx untimed.gpx speed=3\nroute gpx timed.gpx speed=15",
                files: ["untimed.gpx": untimed, "timed.gpx": timed])
        else { return }
        try checkSyntax(calls)
        let starts = simctl(calls).filter { $0.count > 2 && $0[2] == "start" }
        XCTAssertEqual(starts.first?[3], "--speed=3", "\(starts)")
        XCTAssertEqual(text.components(separatedBy: "vary the pace").count, 2, "said once, of the timed file:\n\(text)")
        XCTAssertEqual(output.components(separatedBy: "speed= is not used").count, 2, output)
    }

    func testStepsWithoutSimctlAreByHand() throws {
        guard
            let (calls, text, _) = try replay(
                """
                locate sydney
                launch
                auth allow once --approximate
                wait 2
                app background
                app foreground
                auth precise on
                network off
                apikey invalid
                ratelimit 5
                fail places usageLimitExceeded always
                auth services off
                """)
        else { return }
        try checkSyntax(calls)
        let hands = text.split(separator: "\n").filter { $0.hasPrefix("by_hand ") }.joined(separator: "\n")
        for needle in [
            "Allow Once", "turn Precise off", "Device ▸ Home", "tap its icon", "Precise Location: on",
            "network off", "provideAPIKey", "quota to 5", "mitmproxy", "Location Services: off",
        ] {
            XCTAssertTrue(hands.contains(needle), "\(needle) in\n\(hands)")
        }
        // Allow Once has no Settings entry of its own: no privacy command for it.
        XCTAssertFalse(simctl(calls).dropFirst(3).contains { $0.first == "privacy" }, "\(simctl(calls))")
    }

    /// Runs `script` in `directory`, which saves the session in `s.json`; its path.
    func savedSession(_ script: String, in directory: TemporaryDirectory) throws -> String? {
        guard let binary = Paths.binaryOrFail() else { return nil }
        directory.write("first.placescript", script + "\nsave s.json\n")
        let first = try runProcess(
            binary, ["first.placescript"], in: directory.url, environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(first.status, 0, first.stderrText)
        return directory.file("s.json").path
    }

    func testALoadedSessionStartsWhereItWasAndDeviceAndBundleAreQuoted() throws {
        let directory = TemporaryDirectory()
        guard let saved = try savedSession("locate sydney\nlaunch\nauth allow", in: directory),
            let (calls, text, _) = try replay(
                "load \(saved)\nlocate 37.33,-122.03",
                export: "export simctl replay.sh --device 'iPhone 17 Pro' --bundle com.example.places")
        else { return }
        try checkSyntax(calls)
        XCTAssertEqual(
            simctl(calls),
            [
                ["terminate", "iPhone 17 Pro", "com.example.places"],
                ["privacy", "iPhone 17 Pro", "reset", "location", "com.example.places"],
                ["location", "iPhone 17 Pro", "clear"],
                ["privacy", "iPhone 17 Pro", "grant", "location", "com.example.places"],
                ["location", "iPhone 17 Pro", "set", "-33.869405,151.199"],
                ["launch", "iPhone 17 Pro", "com.example.places"],
                ["location", "iPhone 17 Pro", "set", "37.33,-122.03"],
            ])
        XCTAssertTrue(text.contains("# Where 'load "), text)
        XCTAssertFalse(text.contains("Info.plist"), "the Info.plist was never changed")
    }

    /// What is changed in Xcode (the Info.plist, the code, another flavour) is built and
    /// installed before the app starts; the Cloud console's APIs and Settings' order are said.
    func testXcodeAndCloudChangesComeBeforeTheLaunchAndSettingsInAnOrderThatCanBeFollowed() throws {
        guard
            let (calls, text, _) = try replay(
                """
                plist add NSLocationDefaultAccuracyReduced
                plist add NSLocationWhenInUseUsageDescription Shows where you are
                locate sydney
                project legacy off
                sdk places latest
                launch --flavor nearby
                auth allow
                nearby radius 100m
                auth precise off
                auth services off
                reset
                """)
        else { return }
        try checkSyntax(calls)
        let lines = text.split(separator: "\n").map(String.init)
        func index(_ needle: String) -> Int? { lines.firstIndex { $0.contains(needle) } }
        let launch = try XCTUnwrap(index("xcrun simctl launch"))
        for needle in [
            "add NSLocationDefaultAccuracyReduced YES",
            "set NSLocationWhenInUseUsageDescription to \"Shows where you are\"",
            "disable Places API (Legacy)", "build against GooglePlaces", "the Nearby Search (Swift) build of the app",
        ] {
            let at = try XCTUnwrap(index(needle), "\(needle) in\n\(text)")
            XCTAssertLessThan(at, launch, needle)
        }
        XCTAssertFalse(text.contains("run it once"), "built and installed, never run from Xcode")
        XCTAssertFalse(text.contains("turn Precise off"), "with reduced accuracy by default, the alert has no switch")
        XCTAssertNotNil(index("the Nearby Search request with radius 100 m"), text)
        // After 'reset', Location Services comes back on before the app's own page is reachable.
        let on = try XCTUnwrap(lines.lastIndex { $0.contains("Location Services: on") })
        let precise = try XCTUnwrap(lines.lastIndex { $0.contains("Precise Location: on") })
        XCTAssertLessThan(on, precise)
    }

    /// The Info.plist and the code changed while the app runs are built in at its next launch
    /// (said at the end when there is none); the crash on a status no iOS reports is a
    /// terminate; with approximate location, time is not cut short (a fix is held back).
    func testChangesWhileTheAppRunsWaitForItsNextLaunch() throws {
        guard
            let (calls, text, _) = try replay(
                """
                locate sydney
                launch
                auth allow once
                likely
                select 2
                plist add NSLocationWhenInUseUsageDescription Where are you
                fields +formattedAddress
                tap marker 1
                nearby max 5
                """)
        else { return }
        try checkSyntax(calls)
        XCTAssertEqual(simctl(calls).filter { $0.first == "launch" }.count, 1, "no restart: \(simctl(calls))")
        let lines = text.split(separator: "\n").map(String.init)
        let end = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("# Not yet built into the Simulator's app") }, text)
        XCTAssertTrue(lines[end...].contains { $0.contains("NSLocationWhenInUseUsageDescription") }, text)
        XCTAssertTrue(lines[end...].contains { $0.contains("maxResultCount 5") }, text)
        XCTAssertFalse(lines[..<end].contains { $0.contains("Where are you") || $0.contains("formattedAddress") }, text)
        guard
            let (calls2, text2, _) = try replay(
                """
                locate sydney
                launch
                auth allow
                fields +formattedAddress
                auth unknown
                reset
                launch
                auth allow --approximate
                locate -33.90 151.25
                wait 20min
                likely
                """)
        else { return }
        try checkSyntax(calls2)
        let commands = simctl(calls2).map { $0.first ?? "" }
        let launch = try XCTUnwrap(commands.firstIndex(of: "launch"))
        let relaunch = try XCTUnwrap(commands.lastIndex(of: "launch"))
        XCTAssertTrue(commands[launch..<relaunch].contains("terminate"), "the crash on 'auth unknown': \(commands)")
        let lines2 = text2.split(separator: "\n").map(String.init)
        let fields = try XCTUnwrap(lines2.firstIndex { $0.contains("request the place fields") }, text2)
        let launches = lines2.indices.filter { lines2[$0].hasPrefix("xcrun simctl launch") }
        XCTAssertEqual(launches.count, 2)
        XCTAssertTrue(fields > launches[0] && fields < launches[1], "built in at the second launch:\n\(text2)")
        let sleeps = calls2.filter { $0.args.first == "sleep" }.compactMap { Double($0.args[1]) }
        XCTAssertTrue(sleeps.contains { $0 >= 1200 }, "approximate: twenty minutes kept, \(sleeps)")
    }

    /// A loaded session's app is brought back where it was: the place chosen, the background;
    /// its Info.plist is changed before the app starts.
    func testALoadedAppIsBroughtBackWhereItWas() throws {
        let directory = TemporaryDirectory()
        guard
            let saved = try savedSession(
                """
                plist add NSLocationDefaultAccuracyReduced
                locate sydney
                launch
                auth allow
                wait 2
                likely
                select 2
                tap marker 1
                likely
                app background
                auth services off
                """, in: directory),
            let (calls, text, _) = try replay("load \(saved)")
        else { return }
        try checkSyntax(calls)
        let lines = text.split(separator: "\n").map(String.init)
        func index(_ needle: String) -> Int? { lines.firstIndex { $0.contains(needle) } }
        let launch = try XCTUnwrap(index("xcrun simctl launch"))
        let plist = try XCTUnwrap(index("add NSLocationDefaultAccuracyReduced"), text)
        let chosen = try XCTUnwrap(index("tap \"Get Place\", then \""), text)
        let background = try XCTUnwrap(index("send the app to the background"), text)
        let marker = try XCTUnwrap(index("tap the marker"), text)
        let picker = try XCTUnwrap(lines.lastIndex { $0.contains("by_hand 'tap \"Get Place\"'") }, text)
        let servicesOff = try XCTUnwrap(index("Location Services: off"), text)
        XCTAssertLessThan(plist, launch)
        XCTAssertLessThan(launch, servicesOff, "off before the launch, the launch would ask to turn it on")
        XCTAssertLessThan(launch, chosen)
        XCTAssertLessThan(chosen, marker)
        XCTAssertLessThan(marker, picker, "the list covers the map")
        XCTAssertLessThan(picker, background)
    }

    /// A command that failed did nothing: no step, not even a gesture's.
    func testAFailedCommandHasNoStep() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        directory.write(
            "s.placescript",
            "locate sydney\nlaunch\nlikely\nauth allow\nlikely\nselect 7\nselect 99\nselect 1\nexport simctl out.sh\n")
        let r = try runProcess(
            binary, ["--keep-going", "s.placescript"], in: directory.url,
            environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(r.status, 1, "three commands fail: \(r.stderrText)")
        let text = try String(contentsOf: directory.file("out.sh"), encoding: .utf8)
        let hands = text.split(separator: "\n").filter { $0.hasPrefix("by_hand ") }
        XCTAssertEqual(hands.count, 3, hands.joined(separator: "\n"))
        XCTAssertFalse(text.contains("what '"), text)
    }

    func testGesturesErrorsTripsAndOtherBuildsAreSaidAndIdleTimeIsShort() throws {
        guard
            let (calls, text, _) = try replay(
                """
                locate sydney 65m
                launch
                auth allow
                wait 2
                likely
                select 2
                tap marker 1
                pan 10 20
                zoom 17
                fail location unknown
                app background 30s
                wait 10h
                route start -33.8694,151.199 -33.8655,151.1955 -33.8655,151.1955 -33.8650,151.1956 speed=1.3515580838
                wait 2min
                zoom 16
                wait 10min
                locate 0.0000001 -0.00000001
                launch --flavor objc
                """)
        else { return }
        try checkSyntax(calls)
        let hands = text.split(separator: "\n").filter { $0.hasPrefix("by_hand ") }.joined(separator: "\n")
        for needle in [
            "Objective-C", "tap the marker", "'pan 10 20'", "'zoom 17'", "kCLErrorLocationUnknown", "30 s later",
        ] {
            XCTAssertTrue(hands.contains(needle), "\(needle) in\n\(hands)")
        }
        XCTAssertTrue(text.contains("accurate to 65 m"), text)
        // A tiny coordinate is a plain decimal; a speed three decimals at most; the repeated
        // waypoint once.
        XCTAssertTrue(simctl(calls).contains(["location", "booted", "set", "0.0000001,0"]), "\(simctl(calls))")
        let start = try XCTUnwrap(simctl(calls).first { $0.count > 2 && $0[2] == "start" })
        XCTAssertEqual(start[3], "--speed=1.352")
        XCTAssertEqual(Array(start.suffix(3)), ["-33.8694,151.199", "-33.8655,151.1955", "-33.865,151.1956"])
        // Ten idle hours are a minute; two minutes of a route are two minutes; ten minutes more
        // of a route that ends 5min 22s into them are those and a minute.
        let sleeps = calls.filter { $0.args.first == "sleep" }.compactMap { Double($0.args[1]) }
        XCTAssertTrue(sleeps.contains(60), "\(sleeps)")
        XCTAssertTrue(sleeps.contains { abs($0 - 120) < 1 }, "\(sleeps)")
        XCTAssertTrue(sleeps.contains { abs($0 - (441.846 - 120 + 60)) < 1 }, "\(sleeps)")
        XCTAssertFalse(sleeps.contains { $0 > 400 }, "\(sleeps)")
        XCTAssertTrue(text.contains("10min 00s in the session; the route ends after 5min 22s, then a minute"), text)
    }

    func testNamesWithLineBreaksStayInTheirComments() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        let name = "x\necho INJECTED; #.placescript"
        directory.write(name, "locate sydney\nlaunch\nexport simctl out.sh\n")
        let r = try runProcess(
            binary, [name], in: directory.url, environment: cleanEnvironment(home: directory.path))
        XCTAssertEqual(r.status, 0, r.stderrText)
        let text = try String(contentsOf: directory.file("out.sh"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            XCTAssertFalse(line.hasPrefix("echo"), "a command from a name: \(line)")
        }
        // Written as the umask lets files be: executable, and no more writable than others are.
        var mask = umask(0)
        umask(mask)
        mask &= 0o777
        let mode =
            try FileManager.default.attributesOfItem(atPath: directory.file("out.sh").path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o777 & ~Int(mask))
    }

    func testABadBundleOrDeviceIsRefusedAndNothingIsWritten() throws {
        guard let binary = Paths.binaryOrFail() else { return }
        let directory = TemporaryDirectory()
        for bad in [
            "export simctl x.sh --bundle 'com.example/app'", "export simctl x.sh --device ''",
            "export simctl x.sh --bundle -com.x", "export simctl x.sh --bundle a", "export simctl x.sh --bundle ..",
            "export simctl x.sh --device -x",
        ] {
            let r = try runProcess(
                binary, ["-c", bad], in: directory.url, environment: cleanEnvironment(home: directory.path))
            XCTAssertEqual(r.status, 1, bad)
            XCTAssertTrue(r.stderrText.contains("error: "), r.stderrText)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("x.sh").path))
        }
    }
}
