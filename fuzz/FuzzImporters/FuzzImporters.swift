// libFuzzer target: the importers. The first byte picks the format (its value modulo 6), the
// rest is the file: 0 GPX, 1 GeoJSON, 2 CSV, 3 OSM XML, 4 OSM PBF, 5 a saved session (JSON
// parsed, then restored as `load` does). What a format reads is merged into a place store as
// `places load` does: CSV streamed into an empty store and then into the full one (the two
// paths of `PlaceStore.mergeCSV`), the others' records merged twice. A session that restores is
// put in a shell as `load` puts it, and `afterLoad` runs against it: what a user does next draws
// the map and reads every state path of the restored session.
// Build and run with fuzz/run (see fuzz/README.md).
import CFuzzDriver
import PlaceFormats
import PlaceKit
import PlaceScript
import PlaceStorage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

@main
struct FuzzImporters {
    static func runOne(_ selector: UInt8, _ bytes: [UInt8]) {
        switch selector % 6 {
        case 0: _ = GPX.parse(bytes)
        case 1: merge(GeoJSONImporter.parse(bytes))
        case 2:
            _ = CSVImporter.parse(bytes)
            var store = PlaceStore()
            _ = store.mergeCSV(bytes, source: "fuzz.csv")
            _ = store.mergeCSV(bytes, source: "fuzz.csv")
        case 3: merge(OSMXMLImporter.parse(bytes))
        case 4: merge(OSMPBFImporter.parse(bytes))
        default:
            // The places read as the parser meets them, and the tree read whole: both or neither
            // load, and what loads saves the same.
            let streamed = SessionArchive.restore(bytes: bytes)
            var whole: (Session, settings: JSONObject)? = nil
            if case .success(let json) = JSON.parse(bytes) { whole = try? SessionArchive.restore(json) }
            guard case .success(let restored) = streamed else {
                if whole != nil { fatalError("the streamed load refused what the whole load took") }
                return
            }
            guard let other = whole else { fatalError("the streamed load took what the whole load refused") }
            let a = try? SessionArchive.archive(restored.0, extra: [])
            let b = try? SessionArchive.archive(other.0, extra: [])
            if a != b { fatalError("the streamed and the whole load made different sessions") }
            let shell = Shell(stdout: StringSink(), stderr: StringSink())
            shell.keepGoing = true
            var polls = 0
            shell.interruptRequested = {  // a bound on the events `wait` may deliver
                polls += 1
                return polls > 20_000
            }
            shell.replaceSession(with: restored.0)
            if case .success(let invocations) = shell.parse(afterLoad) { shell.run(invocations) }
        }
    }

    /// What runs against a restored session: the map drawn, the nearby request and both lists side
    /// by side, the bill, every state root read, time passing.
    static let afterLoad = SourceText(
        name: "fuzz",
        text: ([
            "status", "map", "camera", "markers", "events", "wait 2s", "likely", "select 1", "status", "map", "nearby",
            "project", "compare", "stats billing",
        ]
            + CommandTable.standard.stateRoots.map { "show " + $0.name }).joined(separator: "\n"))

    static func merge(_ result: Result<ImportSummary, ImportError>) {
        guard case .success(let summary) = result else { return }
        var store = PlaceStore()
        store.merge(summary.records, source: "fuzz")
        store.merge(summary.records, source: "fuzz")
    }

    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count == 5, arguments[1] == "-mutate", let count = Int(arguments[2]) {
            exit(mutate(count: count, arguments[3], into: arguments[4]))
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let rc = fuzz_run_driver(&argc, &argv) { data, size in
            guard size > 0, let data else { return 0 }
            FuzzImporters.runOne(data[0], Array(UnsafeBufferPointer(start: data + 1, count: size - 1)))
            return 0
        }
        if rc == -1 {
            fputs("not a fuzzer build: build with fuzz/run (swift build -Xswiftc -sanitize=fuzzer)\n", stderr)
            exit(255)
        }
        exit(rc)
    }

    /// `FuzzImporters -mutate COUNT INPUT DIR`: writes the custom mutator's first COUNT outputs
    /// for INPUT (a selector byte and a file), with the seeds 1…COUNT, to DIR/1, DIR/2, …, to
    /// look at what it makes. Outside a fuzzer build libFuzzer's own mutations leave the input
    /// as it is.
    static func mutate(count: Int, _ input: String, into directory: String) -> Int32 {
        guard let file = fopen(input, "rb") else {
            fputs("cannot read \(input)\n", stderr)
            return 1
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk.prefix(n)
        }
        fclose(file)
        let maxSize = max(bytes.count * 2, 131_072)
        for i in 0..<count {
            var buffer = bytes + [UInt8](repeating: 0, count: maxSize - bytes.count)
            let size = buffer.withUnsafeMutableBufferPointer {
                fuzzCustomMutator($0.baseAddress, bytes.count, maxSize, UInt32(i + 1))
            }
            guard let out = fopen("\(directory)/\(i + 1)", "wb") else { return 1 }
            fwrite(buffer, 1, size, out)
            fclose(out)
        }
        return 0
    }
}
