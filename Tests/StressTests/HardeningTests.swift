import Foundation
import TestSupport
import XCTest

/// Small inputs that once cost a crash, gigabytes or minutes, each through the built binary:
/// the run ends normally within the memory budget stated, says what it refused, and leaves the
/// session and the files as they were.
final class HardeningTests: BudgetedTestCase {
    // MARK: - The end of the virtual clock

    /// A year at a time to the clock's end (10¹² s), then everything that schedules something:
    /// no trap, a message for time that cannot pass, and a session saved there loads.
    func testTheClocksEndIsRefusedWithAMessage() throws {
        let years = 31_709  // 31,709 × 31,536,000 s, and 24,976,000 s more, is 10¹² s
        var lines = Array(repeating: "wait 31536000", count: years) + ["wait 24976000"]
        lines += [
            "show clock", "locate sydney", "launch", "auth allow", "likely", "select 1", "camera", "wait 1",
            "route run city-run", "app background 5", "app background", "app foreground", "show app.state",
            "save s.json", "load s.json", "show clock", "wait 0", "echo done",
        ]
        let r = try script("clock-end.placescript", lines, megabytes: 120)
        XCTAssertEqual(r.status, 1, r.stderrText)
        let errors = r.stderrText.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        let ends = "error: the virtual clock ends at 1000000000000s (about 31,700 years) and is at 1000000000000s"
        XCTAssertEqual(
            errors,
            [
                "clock-end.placescript:\(years + 9):1: \(ends): 0s can still pass, not 1s",
                "clock-end.placescript:\(years + 10):1: \(ends): 0s can still pass, not 1640.0912722917017s",
                "clock-end.placescript:\(years + 11):1: \(ends): 0s can still pass, not 5s",
            ])
        XCTAssertTrue(r.stdoutText.contains("clock = 1000000000000s\n"), String(r.stdoutText.suffix(2000)))
        XCTAssertTrue(r.stdoutText.contains("app.state = \"active\"\nsaved the session to s.json ("), r.stdoutText)
        XCTAssertTrue(
            r.stdoutText.hasSuffix(
                "loaded the session from s.json: clock 1000000000000s\nclock = 1000000000000s\nclock 1000000000000s (2/26/13, 10:46:40 AM Coordinated Universal Time)\ndone\n"
            ), String(r.stdoutText.suffix(600)))
    }

    /// A session whose timers fall due at the clock's end saves and loads, and one whose clock
    /// lies beyond it is refused with the range.
    func testNoSavedTimeLiesBeyondTheClocksEnd() throws {
        var lines = Array(repeating: "wait 31536000", count: 31_709) + ["wait 24975990"]
        lines += ["locate sydney", "launch", "auth allow once", "save s.json", "load s.json", "wait 1", "echo done"]
        let r = try script("timers.placescript", lines, megabytes: 120)
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertTrue(r.stdoutText.hasSuffix("done\n"))
        let text = try String(contentsOf: directory.file("s.json"), encoding: .utf8)
        let clock = try XCTUnwrap(text.range(of: #""clock":[0-9.e+]+"#, options: .regularExpression))
        directory.write("beyond.json", text.replacingCharacters(in: clock, with: #""clock":1000000000000000128"#))
        let beyond = try script("beyond.placescript", ["load beyond.json", "show clock"])
        XCTAssertEqual(beyond.status, 1)
        XCTAssertTrue(
            beyond.stderrText.contains("clock: 1.0000000000000001e+18 is outside the allowed range 0…1e+18"),
            beyond.stderrText)
        XCTAssertTrue(beyond.stdoutText.hasSuffix("clock = 0s\n"), beyond.stdoutText)
    }

    // MARK: - source

    /// 26 files that each source the next twice: read in linear time (each file checked once),
    /// and the run stops at 10,000 files with a message, not after 2^26.
    func testSourceFanOutHasABudget() throws {
        for i in 1...26 {
            directory.write(
                "f\(i).placescript",
                i < 26 ? "source f\(i + 1).placescript\nsource f\(i + 1).placescript\n" : "echo leaf\n")
        }
        directory.write("main.placescript", "source f1.placescript\necho after\n")
        let check = try placeshell(["--check", "main.placescript"], "--check of a fan-out", megabytes: 60)
        XCTAssertEqual(check.status, 0, check.stderrText)
        let r = try placeshell(["--keep-going", "main.placescript"], "a fan-out", megabytes: 60)
        XCTAssertEqual(r.status, 1)
        let errors = r.stderrText.split(separator: "\n")
        XCTAssertEqual(
            errors.first.map(String.init),
            "f20.placescript:1:1: error: 'source' would run more than 10,000 files for one 'source' (files that source files in turn), the most it may"
        )
        // With --keep-going each file goes on past its failed 'source', which fails at once.
        for error in errors where error.contains(": error: ") {
            XCTAssertTrue(
                error.hasSuffix("files in turn), the most it may") || error.hasSuffix("had a failed command"),
                String(error))
        }
        // Files run before the budget ran out: the leaves among them.
        XCTAssertEqual(r.stdoutText.components(separatedBy: "leaf\n").count - 1, 4992)
        XCTAssertTrue(r.stdoutText.hasSuffix("after\n"), "the script went on with --keep-going")
        // Each top-level 'source' has a budget of its own: 12,000 of them in one script run.
        directory.write("many.placescript", String(repeating: "source f26.placescript\n", count: 12_000))
        let many = try placeshell(["many.placescript"], "12,000 sources", megabytes: 60)
        XCTAssertEqual(many.status, 0, String(many.stderrText.prefix(500)))
        XCTAssertEqual(many.stdoutText.components(separatedBy: "leaf\n").count - 1, 12_000)
    }

    // MARK: - A PBF file that inflates

    /// An OSM PBF file whose every data blob holds one way of `refs` references, all to node 1
    /// (a first delta of 1, then zeros: a byte each, which zlib packs a thousandfold).
    private func inflatingPBF(blobs: Int, refs: Int) -> [UInt8] {
        var headerBlock = PBFWriting.Proto()
        headerBlock.field(4, "OsmSchema-V0.6")
        var file = PBFWriting.frame("OSMHeader", headerBlock.bytes, zlib: true)
        var strings = PBFWriting.Proto()
        strings.field(1, [UInt8]())
        for i in 0..<blobs {
            var way = PBFWriting.Proto()
            way.field(1, UInt64(i + 1))
            way.field(8, [2] + [UInt8](repeating: 0, count: refs - 1))
            var group = PBFWriting.Proto()
            group.field(3, way.bytes)
            var block = PBFWriting.Proto()
            block.field(1, strings.bytes)
            block.field(2, group.bytes)
            file += PBFWriting.frame("OSMData", block.bytes, zlib: true)
        }
        return file
    }

    /// 32 MiB of references a blob, a few kilobytes each in the file: refused with the budget
    /// it passed, within it, and the dataset unchanged.
    func testAPBFFileThatInflatesIsRefusedWithinItsBudget() throws {
        let file = inflatingPBF(blobs: 16, refs: 32 * 1024 * 1024 - 64)
        XCTAssertLessThan(file.count, 1 << 20, "the file is small")
        directory.write("bomb.osm.pbf", file)
        let r = try script("bomb.placescript", ["places load bomb.osm.pbf"] + Self.builtInPlaces, megabytes: 250)
        XCTAssertEqual(r.status, 1, r.stderrText)
        XCTAssertTrue(
            r.stderrText.contains(
                "'bomb.osm.pbf' (OSM PBF): blob 2 (OSMData) at file offset 45: "),
            r.stderrText)
        XCTAssertTrue(
            r.stderrText.contains(
                "the file holds more nodes, references, members and tags than a file of \(grouped(file.count)) bytes can: they would take more than \(((64 << 20) + 16 * file.count) >> 20) MiB in memory (16 bytes for each byte of the file, and 64 MiB)"
            ), r.stderrText)
        XCTAssertEqual(r.stdoutText, Self.builtInPlacesOutput)
    }

    /// `n` with a comma every three digits, as placeshell writes counts.
    private func grouped(_ n: Int) -> String {
        var digits = String(n)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    // MARK: - SIGTERM while a file is written

    /// SIGTERM or SIGHUP while a script writes a file (`places export`, `save`): the process
    /// ends by the signal, as by default, and neither the file nor its hidden temporary file is
    /// left. The signal is sent while placeshell is stopped (SIGSTOP) with the temporary file
    /// there, so it is known to arrive mid-write; a write that finished before the stop is let
    /// go, and the next one of the script is tried.
    func testATerminatedScriptLeavesNoPartialFile() throws {
        for sig in [SIGTERM, SIGHUP] {
            let folder = TemporaryDirectory()
            var lines = ["places generate 200000 --replace"]
            for i in 1...20 { lines += ["places export e\(i).csv", "save s\(i).json"] }
            folder.write("write.placescript", lines.joined(separator: "\n") + "\n")
            var stoppedMidWrite: String?
            let trigger = SignalTrigger(SIGCONT) { progress in
                guard stoppedMidWrite == nil, let temporary = Self.temporaryFile(in: folder) else { return false }
                kill(progress.pid, SIGSTOP)
                while let state = Self.state(of: progress.pid), state != "T" { usleep(100) }
                guard FileManager.default.fileExists(atPath: folder.path + "/" + temporary) else {
                    kill(progress.pid, SIGCONT)  // that write ended before the stop: the next one
                    return false
                }
                stoppedMidWrite = temporary
                kill(progress.pid, sig)
                return true  // SIGCONT: the signal is handled as the process goes on
            }
            let r = try runProcess(
                binary, ["write.placescript"], in: folder.url, environment: cleanEnvironment(home: folder.path),
                timeout: hangGuard, signal: trigger)
            let written = try XCTUnwrap(stoppedMidWrite, "no write was caught in progress")
            XCTAssertTrue(r.signaled, "\(sig): status \(r.status)")
            XCTAssertEqual(r.status, sig)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            XCTAssertNil(Self.temporaryFile(in: folder), "\(sig): a temporary file is left: \(left)")
            // The file whose write was stopped is not there, half-written or at all.
            let target =
                String(written.dropFirst().prefix { $0 != "." }) + (written.contains(".csv.") ? ".csv" : ".json")
            XCTAssertFalse(left.contains(target), "\(sig): \(target) was written: \(left)")
        }
    }

    /// The name of a hidden temporary file (`.NAME.XXXXXXXX.tmp`) in `folder`, if any.
    private static func temporaryFile(in folder: TemporaryDirectory) -> String? {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.first {
            $0.hasPrefix(".") && $0.hasSuffix(".tmp")
        }
    }

    /// A process's state letter from /proc/PID/stat (`T` when stopped).
    private static func state(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].dropFirst().first
    }

    // MARK: - Patterns

    /// A pattern that takes a backtracking engine exponential time (`^(a|a)*$` against 10,000
    /// a's and a b: 2^10,000 paths) fails at once, and one that needs backtracking is refused
    /// when the script is read.
    func testMatchesNeverBacktracks() throws {
        let text = String(repeating: "a", count: 10_000) + "b"
        let r = try script("match.placescript", ["expect '\(text)' !matches '^(a|a)*$'", "echo done"], megabytes: 60)
        XCTAssertEqual(r.status, 0, String(r.stderrText.prefix(500)))
        XCTAssertEqual(r.stdoutText, "done\n")
        let refused = try script("backref.placescript", ["echo never", "expect 'aa' matches '(a)\\1'"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stdoutText, "")
        XCTAssertTrue(
            refused.stderrText.contains(
                "is not a valid regular expression: back-references (\\1) are not supported (matching never backtracks)"
            ),
            refused.stderrText)
    }

    // MARK: - Storyboards

    /// A phone that a step does not change is drawn once: 100 steps that change nothing on a
    /// screen of 20,000 places make a page of one phone and 100 small steps, not 100 phones.
    func testAStoryboardDrawsAPhoneOnce() throws {
        var lines = ["locate sydney", "places generate 20000 --seed 3", "launch", "auth allow", "wait 2s"]
        lines.append("record same.html")
        lines += Array(repeating: "stats", count: 100)
        lines.append("record stop")
        let r = try script("same.placescript", lines, megabytes: 300)
        XCTAssertEqual(r.status, 0, r.stderrText)
        let page = try Data(contentsOf: directory.file("same.html"))
        let html = String(decoding: page, as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, 1, "one phone drawn")
        XCTAssertEqual(html.components(separatedBy: "data-same-as=\"1\"").count - 1, 99, "99 steps refer to it")
        XCTAssertLessThan(page.count, 2 * 1024 * 1024, "a page of \(page.count) bytes")
        print("a storyboard of 100 steps over 20,000 places: \(page.count) bytes")
    }

    /// A storyboard is cut at 64 MiB, with a warning and a note on the page: 70 steps that each
    /// print a megabyte keep their commands, and output only while it fits.
    func testAStoryboardHasASizeLimit() throws {
        var lines = ["locate sydney", "places generate 10000 --seed 3", "record big.html"]
        lines += Array(repeating: "places near --limit 10000 --radius 50km", count: 70)
        lines += ["record stop", "echo done"]
        let r = try script("big.placescript", lines, megabytes: 600)
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssertTrue(r.stdoutText.hasSuffix("done\n"))
        let warning = try XCTUnwrap(
            r.stderrText.split(separator: "\n").first { $0.contains("reached its 64 MiB limit at step") }, r.stderrText)
        XCTAssertEqual(
            r.stderrText.components(separatedBy: "64 MiB limit").count - 1, 1, "one warning: \(r.stderrText)")
        let step = try XCTUnwrap(
            Int(warning.split(separator: " ").last { Int($0.dropLast()) != nil }?.dropLast() ?? ""))
        XCTAssertGreaterThan(step, 50)
        XCTAssertLessThan(step, 70)
        XCTAssertTrue(
            r.stdoutText.contains("a storyboard of 70 steps, cut to its 64 MiB limit from step \(step)"), r.stdoutText)
        let page = try Data(contentsOf: directory.file("big.html"))
        XCTAssertLessThan(page.count, (64 << 20) + (1 << 20), "a page of \(page.count) bytes")
        let html = String(decoding: page, as: UTF8.self)
        XCTAssertTrue(html.contains("This storyboard reached its 64 MiB limit at step \(step)"))
        XCTAssertEqual(html.components(separatedBy: "<section class=\"step\"").count - 1, 70, "every step is kept")
        XCTAssertTrue(html.contains("not kept: the storyboard is at its 64 MiB limit"))
    }

    /// Long commands count too: 8,000 commands of 10 KB (each on the page twice) fill it, and
    /// the page still holds to 64 MiB, cutting commands past the limit and saying how many
    /// came after its last step.
    func testAStoryboardOfLongCommandsHoldsToItsLimit() throws {
        let long = String(repeating: "x", count: 10_000)
        let lines = ["record cmds.html"] + Array(repeating: "echo " + long, count: 8000) + ["record stop"]
        let r = try script("cmds.placescript", lines, megabytes: 600)
        XCTAssertEqual(r.status, 0, r.stderrText)
        let page = try Data(contentsOf: directory.file("cmds.html"))
        XCTAssertLessThanOrEqual(page.count, 64 << 20, "a page of \(page.count) bytes")
        let html = String(decoding: page, as: UTF8.self)
        XCTAssertTrue(html.contains("commands after the last step are not on it"), String(html.prefix(2000)))
        XCTAssertTrue(r.stdoutText.contains("cut to its 64 MiB limit from step"), r.stdoutText.suffix(300) + "")
        XCTAssertTrue(
            r.stdoutText.contains("commands after its last step are not on it"), r.stdoutText.suffix(300) + "")
        XCTAssertTrue(r.stderrText.contains("is full: it ends at step"), r.stderrText)
    }

    // MARK: - Loading a session

    /// A session's places are read one at a time as the parser meets them: a file of 200,000
    /// places (about 49 MB) loads within 1.5 times its size and 40 MB, where the tree of every
    /// place took about 17 times the file. A GeoJSON export of them is read feature by feature.
    func testALoadTakesLittleMoreThanItsFile() throws {
        let saved = try script(
            "save.placescript",
            ["locate sydney", "places generate 200000 --seed 1", "save big.json", "places export big.geojson"],
            megabytes: 600)
        XCTAssertEqual(saved.status, 0, saved.stderrText)
        let size = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: directory.file("big.json").path)[.size] as? Int)
        XCTAssertGreaterThan(size, 40_000_000)
        let budget = size * 3 / 2 / 1_000_000 + 40
        let loaded = try placeshell(["-c", "load big.json; show places.count"], "load big.json", megabytes: budget)
        XCTAssertEqual(loaded.status, 0, loaded.stderrText)
        XCTAssertTrue(loaded.stdoutText.hasSuffix("places.count = 200173\n"), loaded.stdoutText)
        print("a session of \(size) bytes loads within a budget of \(budget) MB")

        // A GeoJSON FeatureCollection is read feature by feature too; its records are held
        // until they are merged, as every format's are: 3.5 times the file and 40 MB.
        let geojson = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: directory.file("big.geojson").path)[.size] as? Int)
        let geojsonBudget = geojson * 7 / 2 / 1_000_000 + 40
        let read = try placeshell(
            ["-c", "places load big.geojson --replace; show places.count"], "places load big.geojson",
            megabytes: geojsonBudget)
        XCTAssertEqual(read.status, 0, read.stderrText)
        XCTAssertTrue(read.stdoutText.hasSuffix("places.count = 200173\n"), read.stdoutText)
        print("a GeoJSON file of \(geojson) bytes loads within a budget of \(geojsonBudget) MB")
    }
}
