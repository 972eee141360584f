import Foundation

// Only the test targets use this module, but `swift build -c release` builds every target, and
// XCTest is not there in a release build: without it a missing folder is a plain error.
#if canImport(XCTest)
    import XCTest
#endif

/// Where the repository's own files are, found from this file's path
/// (Tests/TestSupport/Repository.swift → the root is three levels up).
public enum Repository {
    /// The repository root.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `examples/`: the scripts every user sees, and `examples/data/` beside them.
    public static let examples = root.appendingPathComponent("examples")

    /// `Tests/Fixtures/`: small input files the project wrote for its tests.
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")

    /// The bytes of a file below the repository root (`examples/data/cockle-bay.osm`,
    /// `Tests/Fixtures/gpx/stationary.gpx`). A missing file is an error: these files are committed.
    public static func bytes(_ path: String) throws -> [UInt8] {
        let url = root.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw MissingFile(path: url.path)
        }
        return [UInt8](data)
    }

    /// A committed file that is not there.
    public struct MissingFile: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "missing \(path): the file is committed to the repository" }
    }
}

/// Real data that nobody on the project wrote — OpenStreetMap extracts and GPX tracks — kept in
/// `../shared/data` beside the repository and never committed to it (see its README for origins
/// and licences). CI has it; a clone on its own does not, and then the tests that read it are
/// skipped with a one-line reason. Each such test has a smaller case of its own that reads files
/// the repository ships (`Repository.fixtures`, `examples/data`).
public enum RealData {
    /// `../shared/data`, beside the repository.
    public static let directory = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/data")

    /// Whether the folder is there at all.
    public static var isPresent: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The URL of `path` (e.g. `osm/sydney_cbd_2023.osm.pbf`) inside the folder. Without the
    /// folder this throws `XCTSkip`, naming the file and the smaller case that runs instead; with
    /// the folder but without the file it throws an error, so a renamed file fails in CI rather
    /// than being skipped there.
    public static func url(_ path: String, smallerCase: String) throws -> URL {
        let url = directory.appendingPathComponent(path)
        guard isPresent else {
            #if canImport(XCTest)
                throw XCTSkip(skipReason(path, smallerCase: smallerCase))
            #else
                throw Repository.MissingFile(path: url.path)
            #endif
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Repository.MissingFile(path: url.path)
        }
        return url
    }

    /// The bytes of `path` inside the folder, on the terms of `url(_:smallerCase:)`.
    public static func bytes(_ path: String, smallerCase: String) throws -> [UInt8] {
        let url = try url(path, smallerCase: smallerCase)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Repository.MissingFile(path: url.path)
        }
        return [UInt8](data)
    }

    /// The one-line reason a test that reads `path` is skipped.
    public static func skipReason(_ path: String, smallerCase: String) -> String {
        "needs ../shared/data/\(path), which is not beside this clone; \(smallerCase) covers the same on a file the repository ships"
    }
}
