import PlaceFormats
// PlaceBench: the place store's side of benchmarks/places. It times, inside one process (so
// start-up does not blur a per-query figure), what a person with a million places loaded waits
// for: a likely-places query at 5 m and 100 m accuracy, and building the spatial index.
//
//   PlaceBench query N Q SEED [DIR [DATASET [OSM]]]
//                                     N synthetic places (seed SEED), Q query points; prints
//                                     `key value` lines; with DIR (made when missing, one
//                                     level), writes the places and
//                                     queries for the Python reference, the expected top 20 of
//                                     the first queries, and `fixes.placescript` (every
//                                     point as `locate LAT LNG` + `wait 3s`). Also prints
//                                     warm_us_5m and warm_us_100m: each query run again right
//                                     after itself (its data in the caches). DATASET:
//                                     uniform (default: 20 km around Sydney, no built-in
//                                     places), mixed (the built-in places + 10 km around
//                                     Sydney), osm (mixed + the OSM file OSM), country
//                                     (1,000 km across central Australia, no built-in places).
//   PlaceBench memory N               N places with 20-character names, one query, exit: run it
//                                     under /usr/bin/time -f %M against N = 0.
//   PlaceBench csv-read FILE          reads the CSV file FILE as `places load` does (a window at a
//                                     time, every row checked and its numbers read) into a sink
//                                     that keeps nothing; prints the rows: the reader's part of
//                                     a load, to time against the load (`perf stat`).
//   PlaceBench shell SETUP FIXES      runs the script SETUP in a shell as placeshell runs a file
//                                     (output to /dev/null), then FIXES in the same shell, and
//                                     prints the wall and CPU seconds of FIXES alone: a fix's
//                                     reaction through the shell, without the setup's time (a
//                                     million places generated) to subtract.
import PlaceKit
import PlaceScript
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let sydney = GeoPoint(latitude: -33.8688, longitude: 151.2093)
let args = CommandLine.arguments

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

/// Says what went wrong on standard error and exits with status 2 (the benchmark could not run).
func fail(_ message: String) -> Never {
    let line = "PlaceBench: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}

func write(_ path: String, _ values: [Double]) {
    guard let f = fopen(path, "wb") else { fail("cannot write \(path)") }
    values.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 8, $0.count, f) }
    fclose(f)
}

/// The bytes of the file at `path`.
func readFile(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else { fail("cannot read \(path)") }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let got = fread(&chunk, 1, chunk.count, f)
        if got == 0 { break }
        bytes += chunk[0..<got]
    }
    return bytes
}

/// Query points: near existing places (a person stands by a place, ±30 m), seeded.
func queryPoints(_ store: PlaceStore, _ q: Int, seed: UInt64) -> [GeoPoint] {
    var rng = SeededRandom(seed: seed ^ 0xBEEF)
    return (0..<q).map { _ in
        let p = store.coordinate(at: rng.below(max(1, store.count)))
        return destination(from: p, bearing: rng.unit() * 360, metres: abs(rng.gaussian()) * 30)
    }
}

switch args.count > 1 ? args[1] : "" {
case "query":
    let n = Int(args[2])!
    let q = Int(args[3])!
    let seed = UInt64(args[4])!
    let dataset = args.count > 6 ? args[6] : "uniform"
    // The output folder is made (one level) before the places are, not found missing after.
    if args.count > 5 {
        var info = stat()
        if stat(args[5], &info) != 0 && mkdir(args[5], 0o755) != 0 {
            fail("cannot make the folder \(args[5]): \(String(cString: strerror(errno)))")
        }
    }
    let clock = ContinuousClock()
    var store = PlaceStore.builtin
    if dataset == "uniform" || dataset == "country" { store.replaceAll(with: [], source: "bench") }
    if dataset == "osm" {
        guard args.count > 7 else { fail("osm: no file") }
        guard case .success(let summary) = OSMPBFImporter.parse(readFile(args[7])) else {
            fail("osm: cannot read")
        }
        store.merge(summary.records, source: "osm")
    }
    let genTime = clock.measure {
        switch dataset {
        case "uniform":
            store.generate(count: n, around: sydney, radius: 20_000, seed: seed, source: "synthetic")
        case "country":
            store.generate(
                count: n, around: GeoPoint(latitude: -25, longitude: 134), radius: 500_000, seed: seed,
                source: "synthetic")
        default:
            store.generate(
                count: n, around: GeoPoint(latitude: -33.87, longitude: 151.2), radius: 10_000, seed: seed,
                source: "synthetic")
        }
    }
    // The index build alone, the best of three (the first one ran inside generate).
    var build = Double.infinity
    for _ in 0..<3 { build = min(build, seconds(clock.measure { store.rebuildIndex() })) }
    let points = queryPoints(store, q, seed: seed)
    print("places \(store.count)")
    print("generate_s \(seconds(genTime))")
    print("index_build_ms \(build * 1000)")
    var expected: [String] = []
    for accuracy in [5.0, 100.0] {
        var checksum = 0.0
        var candidates = 0
        // One untimed pass warms the caches as a running session's would be.
        for p in points.prefix(50) { _ = LikelihoodModel.rank(store, at: p, accuracy: accuracy) }
        let t = clock.measure {
            for p in points {
                let ranked = LikelihoodModel.rank(store, at: p, accuracy: accuracy)
                candidates += ranked.count
                checksum += ranked.first?.likelihood ?? 0
            }
        }
        print("query_us_\(Int(accuracy))m \(seconds(t) / Double(q) * 1e6)")
        print("results_\(Int(accuracy))m \(Double(candidates) / Double(q))")
        // Each point again right after itself: what the query costs when what it reads is in
        // the caches already, so that the difference from the figure above is its wait for memory.
        var warm = Duration.zero
        for p in points {
            candidates += LikelihoodModel.rank(store, at: p, accuracy: accuracy).count
            warm += clock.measure { candidates += LikelihoodModel.rank(store, at: p, accuracy: accuracy).count }
        }
        print("warm_us_\(Int(accuracy))m \(seconds(warm) / Double(q) * 1e6)")
        for p in points.prefix(100) {
            expected.append(
                LikelihoodModel.rank(store, at: p, accuracy: accuracy).map { String($0.index!) }.joined(separator: " "))
        }
    }
    // Nearby Search (New) at the nearby app's default request (500 m, 20 results), each rank
    // preference: per request at most as slow as the likelihood query.
    for rank in NearbyRank.allCases {
        var settings = NearbySettings()
        settings.rank = rank
        var found = 0
        for p in points.prefix(50) { _ = NearbyModel.search(store, center: p, settings: settings) }
        let t = clock.measure {
            for p in points { found += NearbyModel.search(store, center: p, settings: settings).count }
        }
        print("nearby_us_\(rank.rawValue) \(seconds(t) / Double(q) * 1e6)")
        print("nearby_results_\(rank.rawValue) \(Double(found) / Double(q))")
    }
    let bytes = store.storageBytes
    print(
        "store_bytes_per_place \(Double(bytes.places + bytes.text + bytes.ids + bytes.index) / Double(max(1, store.count)))"
    )
    if args.count > 5 {
        let dir = args[5]
        var flat: [Double] = []
        flat.reserveCapacity(store.count * 4)
        for i in 0..<store.count {
            let c = store.coordinate(at: i)
            flat += [c.latitude, c.longitude, store.radius(at: i), store.prior(at: i)]
        }
        write(dir + "/places.f64", flat)
        write(dir + "/queries.f64", points.flatMap { [$0.latitude, $0.longitude] })
        var fixes = ""
        for p in points { fixes += "locate \(p.latitude) \(p.longitude)\nwait 3s\n" }
        guard let ff = fopen(dir + "/fixes.placescript", "w") else { fail("cannot write fixes") }
        fputs(fixes, ff)
        fclose(ff)
        let text = expected.joined(separator: "\n") + "\n"
        guard let f = fopen(dir + "/expected.txt", "w") else { fail("cannot write expected.txt") }
        fputs(text, f)
        fclose(f)
    }
case "memory":
    let n = Int(args[2])!
    var store = PlaceStore(source: "bench")
    // 20-character names, a type, no address: the issue's "1,000,000 places with 20-character
    // names" (positions and types from the synthetic generator, names padded or cut to 20).
    // Streamed through merge(contentsOf:), as an importer would hand them over: the only
    // transient memory is one small slice of records.
    let stream = stride(from: 0, to: n, by: 4096).lazy.flatMap { start in
        PlaceStore.synthetic(count: n, around: sydney, radius: 20_000, seed: 1, range: start..<min(n, start + 4096))
            .enumerated().map { k, r -> PlaceRecord in
                var r = r
                var name = r.name + " #" + String(start + k)
                while name.utf8.count < 20 { name += "." }
                r.name = String(name.utf8.prefix(20))!
                r.address = nil
                r.rating = nil
                r.priceLevel = nil
                return r
            }
    }
    store.merge(contentsOf: stream, source: "bench", expectedCount: n, textBytes: n * 23)
    let ranked = LikelihoodModel.rank(store, at: sydney, accuracy: 5)
    let bytes = store.storageBytes
    print("places \(store.count) results \(ranked.count)")
    print(
        "store_bytes_per_place \(Double(bytes.places + bytes.text + bytes.ids + bytes.index) / Double(max(1, store.count)))"
    )
    print("parts places \(bytes.places) text \(bytes.text) ids \(bytes.ids) index \(bytes.index)")
case "csv-read":
    guard args.count == 3 else { fail("usage: PlaceBench csv-read FILE") }
    /// Counts the rows and adds up a little of each, so that nothing read is left unused.
    struct Tally: PlaceSink {
        var rows = 0
        var bytes = 0
        var degrees = 0.0
        mutating func expect(places: Int) {}
        mutating func add(_ place: PlaceBytes) {
            rows += 1
            bytes += place.id.count + place.name.count + place.address.count + place.types.count
            degrees += place.latitude + place.longitude + (place.radius ?? 0) + (place.rating ?? 0)
        }
    }
    guard let source = FileSource(args[2], prefixBytes: 16) else { fail("cannot read \(args[2]) a window at a time") }
    var tally = Tally()
    var never = ImportInterruption.none
    do throws(ImportError) {
        _ = try CSVImporter.read(from: source, into: &tally, interruption: &never)
    } catch {
        fail("\(args[2]): \(error.message)")
    }
    print("rows \(tally.rows) bytes \(tally.bytes) degrees \(tally.degrees)")
case "shell":
    let devNull = open("/dev/null", O_WRONLY)
    let shell = Shell(stdout: FileDescriptorSink(fd: devNull), stderr: FileDescriptorSink(fd: STDERR_FILENO))
    /// Runs the script at `path` in the shell; its status.
    func run(_ path: String) -> Int32 {
        shell.runScript(
            SourceText(name: path, bytes: readFile(path), arguments: ScriptArguments(scriptName: path, values: [])))
    }
    func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
    guard run(args[2]) == 0 else { fail("the setup script failed") }
    let clock = ContinuousClock()
    let cpu0 = cpuSeconds()
    let start = clock.now
    guard run(args[3]) == 0 else { fail("the fixes script failed") }
    let wall = seconds(clock.now - start)
    let cpu = cpuSeconds() - cpu0
    print("fixes_wall_s \(wall)")
    print("fixes_cpu_s \(cpu)")
default:
    print(
        "usage: PlaceBench query N Q SEED [DIR] | PlaceBench memory N | PlaceBench csv-read FILE | PlaceBench shell SETUP FIXES"
    )
    exit(2)
}
