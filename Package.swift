// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "placeshell",
    products: [
        .executable(name: "placeshell", targets: ["placeshell"])
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // What glibc and macOS's C library spell differently (signal actions, the environment,
        // the executable's path, glibc's allocator tuning): inline functions, nothing to link.
        .systemLibrary(name: "CPlatform"),
        // The compiler's cache prefetch hint (one inline function, nothing to link).
        .systemLibrary(name: "CPrefetch"),
        // 64 bytes compared with three values into the bits of a word (one inline function).
        .systemLibrary(name: "CByteMask"),
        // File formats below the model (JSON, XML, protobuf, GPX, GeoJSON, CSV, OSM XML and PBF):
        // they know nothing of the simulation.
        .target(name: "PlaceFormats", dependencies: ["CByteMask", "CZlib"]),
        // The place store, below the simulation: places stored compactly with their spatial grid,
        // loaded, generated and found by name, and the grid's searches, which the simulation's
        // likelihood and popularity models call with their numbers.
        .target(name: "PlaceStorage", dependencies: ["CPrefetch", "PlaceFormats"]),
        .target(name: "PlaceKit", dependencies: ["CPrefetch", "PlaceFormats", "PlaceStorage"]),
        // The tutorial's words are gettext catalogues (Tutorial/*.po, *.pot), embedded in the code.
        .target(
            name: "PlaceScript", dependencies: ["CByteMask", "PlaceFormats", "PlaceKit", "PlaceStorage"],
            resources: [
                .embedInCode("Tutorial/tutorial.pot"), .embedInCode("Tutorial/de.po"), .embedInCode("Tutorial/es.po"),
                .embedInCode("Tutorial/fa.po"), .embedInCode("Tutorial/ko.po"), .embedInCode("Tutorial/vi.po"),
            ]),
        // The front end: the command line, the prompt (libedit behind LineReader), the history
        // file, completion scripts, signals and `placeshell test`'s runner.
        .target(
            name: "PlaceCLI",
            dependencies: ["CEditLine", "CPlatform", "PlaceFormats", "PlaceKit", "PlaceScript", "PlaceStorage"]),
        // The executable: main.swift alone, which calls PlaceCLI.
        .executableTarget(name: "placeshell", dependencies: ["CPlatform", "PlaceCLI"]),
        // The place-store benchmark (benchmarks/places): times queries, the index build and a
        // shell's fixes inside one process, so start-up and setup do not blur a per-query figure.
        .executableTarget(
            name: "PlaceBench", dependencies: ["PlaceFormats", "PlaceKit", "PlaceScript", "PlaceStorage"],
            path: "benchmarks/PlaceBench"
        ),
        // libFuzzer targets (fuzz/run builds them with -sanitize=fuzzer; in an ordinary build they
        // print "not a fuzzer build" and exit 255). CFuzzDriver reaches libFuzzer's driver weakly.
        .target(name: "CFuzzDriver", path: "fuzz/CFuzzDriver"),
        .executableTarget(
            name: "FuzzLanguage", dependencies: ["CFuzzDriver", "PlaceScript"], path: "fuzz/FuzzLanguage"),
        .executableTarget(name: "FuzzSession", dependencies: ["CFuzzDriver", "PlaceScript"], path: "fuzz/FuzzSession"),
        .executableTarget(
            name: "FuzzImporters",
            dependencies: ["CFuzzDriver", "CZlib", "PlaceFormats", "PlaceKit", "PlaceScript", "PlaceStorage"],
            path: "fuzz/FuzzImporters"),
        // What the test targets share: where the repository's files are, and the real data in
        // ../shared/data that a test reads where it exists and skips, with a reason, where not.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The importers and exporters; PlaceKit for where they meet the store (a CSV load into a
        // PlaceStore, an export of Places) and for its seeded random generator.
        .testTarget(
            name: "PlaceFormatsTests", dependencies: ["PlaceFormats", "PlaceKit", "PlaceStorage", "TestSupport"]),
        .testTarget(name: "PlaceKitTests", dependencies: ["PlaceFormats", "PlaceKit", "PlaceStorage", "TestSupport"]),
        .testTarget(
            name: "PlaceScriptTests",
            dependencies: ["PlaceFormats", "PlaceKit", "PlaceScript", "PlaceStorage", "TestSupport"]),
        // The front end's loop and stores without a terminal: the prompt fed by a scripted reader.
        .testTarget(name: "PlaceCLITests", dependencies: ["PlaceCLI", "PlaceScript", "TestSupport"]),
        // Snapshots/ holds the golden SVGs the tests read from disk; zlib decodes the browser's
        // screenshots of a storyboard.
        .testTarget(
            name: "EndToEndTests", dependencies: ["placeshell", "PlaceKit", "PlaceStorage", "TestSupport", "CZlib"],
            exclude: ["Snapshots"]),
        // Hostile and heavy input end to end (a million commands, huge files; about 90 s): apart,
        // so the quick targets can run alone (scripts/test runs them all). zlib packs the blobs
        // of PBF files made to inflate.
        .testTarget(name: "StressTests", dependencies: ["placeshell", "TestSupport", "CZlib"]),
    ],
    swiftLanguageModes: [.v6]
)
