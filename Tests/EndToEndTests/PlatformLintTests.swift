import Foundation
import TestSupport
import XCTest

/// `scripts/lint-platform`, the check that code builds on Linux and on macOS: it passes on the
/// repository, and fails on a file with an unguarded `import Glibc`, a glibc-only spelling, a
/// glibc header or an x86 intrinsic outside its condition, naming each line; the same inside
/// their branches, and in comments, pass.
final class PlatformLintTests: XCTestCase {
    private let script = LintScript("lint-platform")

    func testTheRepositoryBuildsOnBothSystems() throws {
        try script.assertPasses()
    }

    func testPlatformCodeOutsideItsBranchFailsWithItsLine() throws {
        let directory = TemporaryDirectory()
        let bad = [
            "@preconcurrency import Glibc",
            "#if canImport(Darwin)",
            "    import Darwin",
            "#endif",
            "let n = Glibc.read(0, nil, 0)",
            "var a = sigaction(); a.__sigaction_handler.sa_handler = handler",
            "while let entry = environ[k] { k += 1 }",
            "_ = mallopt(M_MMAP_THRESHOLD, 1)",
            "var actions = posix_spawn_file_actions_t()",
            "#if canImport(Darwin)",
            "#else",
            "    var attributes = posix_spawnattr_t()",
            "#endif",
            "let path = \"/proc/self/exe\"",
        ]
        let good = [
            "#if canImport(Glibc)",
            "    @preconcurrency import Glibc",
            "    var actions = posix_spawn_file_actions_t()",
            "    let n = Glibc.read(0, nil, 0)",
            "    #if DEBUG",
            "        let p = \"/proc/self/exe\"",
            "    #endif",
            "#elseif canImport(Darwin)",
            "    @preconcurrency import Darwin",
            "    let n = Darwin.read(0, nil, 0)",
            "#endif",
            "// import Glibc, environ and mallopt in a comment",
            "let environment = environmentEntries()",
        ]
        let onlyGlibc = ["#if canImport(Glibc)", "    import Glibc", "#endif", "let x = 1"]
        let badC = [
            "#include <malloc.h>",
            "#include <emmintrin.h>",
            "static inline int f(void) { return mallopt(M_MMAP_THRESHOLD, 1); }",
            "static inline __m128i g(__m128i v) { return _mm_or_si128(v, v); }",
            "#if defined(__SSE2__)",
            "#else",
            "static inline __m128i h(void) { return _mm_setzero_si128(); }",
            "#endif",
        ]
        let goodC = [
            "#if defined(__GLIBC__)",
            "#include <malloc.h>",
            "static inline void tune(void) { (void)mallopt(M_MMAP_THRESHOLD, 1); }",
            "#endif",
            "#if defined(__SSE2__) && !defined(PLACESHELL_PORTABLE)",
            "#include <emmintrin.h>",
            "static inline __m128i g(__m128i v) { return _mm_or_si128(v, v); }",
            "#else",
            "static inline int g(int v) { return v; }",
            "#endif",
            "/* _mm_or_si128 and <malloc.h> in a comment */",
            "/* a comment of lines:",
            "   _mm_set1_epi8 and #include <malloc.h>",
            "   */",
            "#if defined(__SSE2__) \\",
            "    && !defined(PLACESHELL_PORTABLE)",
            "static inline __m128i h(__m128i v) { return _mm_and_si128(v, v); }",
            "#elif defined(__ARM_NEON) && !defined(PLACESHELL_PORTABLE)",
            "#include <arm_neon.h>",
            "#else",
            "static inline int h(int v) { return v; }",
            "#endif",
            "#ifdef __GLIBC__",
            "#include <malloc.h>",
            "#endif",
        ]
        // A branch guards only when it asks for the platform plainly; x86 code needs the
        // portable build's switch and a portable `#else`.
        let negatedC = [
            "#ifndef __GLIBC__",
            "#include <malloc.h>",
            "#endif",
            "#if defined(__GLIBC__) || defined(__APPLE__)",
            "static inline void t(void) { (void)mallopt(M_MMAP_THRESHOLD, 1); }",
            "#endif",
            "#if !defined(__SSE2__)",
            "static inline __m128i a(void) { return _mm_setzero_si128(); }",
            "#endif",
            "#if defined(__x86_64__)",
            "static inline unsigned long long b(void) { return __rdtsc(); }",
            "#else",
            "#endif",
            "#if defined(__SSE2__) && !defined(PLACESHELL_PORTABLE)",
            "static inline __m128i c(void) { return _mm_setzero_si128(); }",
            "#endif",
            "#include <arm_neon.h>",
        ]
        let negatedSwift = [
            "#if !canImport(Glibc)",
            "    import Glibc",
            "#elseif canImport(Glibc) || os(macOS)",
            "    import Glibc",
            "#elseif canImport(Darwin)",
            "    import Darwin",
            "#endif",
            "/* a comment of lines:",
            "   import Glibc",
            "*/",
        ]
        directory.write("negated.h", negatedC.joined(separator: "\n") + "\n")
        directory.write("negated.swift", negatedSwift.joined(separator: "\n") + "\n")
        directory.write("bad.swift", bad.joined(separator: "\n") + "\n")
        directory.write("good.swift", good.joined(separator: "\n") + "\n")
        directory.write("glibc-only.swift", onlyGlibc.joined(separator: "\n") + "\n")
        directory.write("bad.h", badC.joined(separator: "\n") + "\n")
        directory.write("good.h", goodC.joined(separator: "\n") + "\n")
        directory.write("notes.txt", "@preconcurrency import Glibc\n")

        let r = try script.run([directory.path])
        XCTAssertEqual(r.status, 1, r.stderrText)
        let flagged = LintScript.flagged(r.stdoutText)
        XCTAssertEqual(
            flagged,
            ["bad.h:1", "bad.h:2", "bad.h:3", "bad.h:4", "bad.h:7"]
                + ["bad.swift:1", "bad.swift:5", "bad.swift:6", "bad.swift:7", "bad.swift:8", "bad.swift:9"]
                + ["bad.swift:12", "bad.swift:14", "glibc-only.swift:2"]
                + ["negated.h:2", "negated.h:5", "negated.h:8", "negated.h:11", "negated.h:14", "negated.h:17"]
                + ["negated.swift:2", "negated.swift:4"],
            r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("without a Darwin branch"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("an x86 intrinsic"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("without a portable path (no `#else`)"), r.stdoutText)

        for name in ["good.swift", "good.h"] {
            let clean = try script.run([directory.file(name).path])
            XCTAssertEqual(clean.status, 0, name + ": " + clean.stdoutText)
        }
        XCTAssertEqual(try script.run([directory.file("missing").path]).status, 2)
    }
}
