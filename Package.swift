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
        .target(name: "PlaceKit", dependencies: ["CZlib"]),
        .target(name: "PlaceScript", dependencies: ["PlaceKit"]),
        .executableTarget(name: "placeshell", dependencies: ["CEditLine", "PlaceKit", "PlaceScript"]),
        // The place-store benchmark (benchmarks/places): times queries and the index build inside
        // one process, so start-up does not blur a per-query figure.
        .executableTarget(name: "PlaceBench", dependencies: ["PlaceKit"], path: "benchmarks/PlaceBench"),
        // libFuzzer targets (fuzz/run builds them with -sanitize=fuzzer; in an ordinary build they
        // print "not a fuzzer build" and exit 255). CFuzzDriver reaches libFuzzer's driver weakly.
        .target(name: "CFuzzDriver"),
        .executableTarget(name: "FuzzLanguage", dependencies: ["CFuzzDriver", "PlaceScript"]),
        .executableTarget(name: "FuzzSession", dependencies: ["CFuzzDriver", "PlaceScript"]),
        .executableTarget(name: "FuzzImporters", dependencies: ["CFuzzDriver", "PlaceKit", "PlaceScript"]),
        // What the test targets share: where the repository's files are, and the real data in
        // ../shared/data that a test reads where it exists and skips, with a reason, where not.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PlaceKitTests", dependencies: ["PlaceKit", "TestSupport"]),
        .testTarget(name: "PlaceScriptTests", dependencies: ["PlaceScript", "TestSupport"]),
        // Snapshots/ holds the golden SVGs the tests read from disk.
        .testTarget(
            name: "EndToEndTests", dependencies: ["placeshell", "PlaceKit", "TestSupport"], exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
