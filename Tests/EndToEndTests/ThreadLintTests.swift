import Foundation
import TestSupport
import XCTest

/// `scripts/lint-threads`, the check that nothing linking placeshell's modules starts a thread
/// or a task (they count references on the assumption of one thread): it passes on the
/// repository, and fails on a file that starts them, naming each line, while the same words in
/// comments, in string literals and inside longer names pass.
final class ThreadLintTests: XCTestCase {
    private let script = LintScript("lint-threads")

    func testTheRepositoryStartsNoThread() throws {
        try script.assertPasses()
    }

    func testThreadsAndTasksFailWithTheirLines() throws {
        let directory = TemporaryDirectory()
        let bad = [
            "import Foundation",
            "@preconcurrency import Dispatch",
            "let t = Thread { work() }",
            "pthread_create(&id, nil, start, nil)",
            "DispatchQueue.global().async { work() }",
            "Task { await work() }",
            "func load() async throws -> Int { 1 }",
            "actor Counter { var n = 0 }",
            "await withTaskGroup(of: Int.self) { _ in }",
            "let x = f(\"quoted\") + Task.detached { }",
        ]
        let good = [
            "import Glibc",
            "// a Thread, a Task and an actor in a comment",
            "let a = \"await the first fix; async in a string\"",
            "let b = \"an escaped \\\" quote, then Task\"",
            "let c = \"\"\"",
            "    Thread and Task in a multi-line string",
            "    \"\"\"",
            "let d = taskCount + asyncCount + threads",
            "let e = posix_spawn(&pid, path, &actions, nil, argv, envp)",
            "let f = myTask.actorName  // Task",
        ]
        directory.write("bad.swift", bad.joined(separator: "\n") + "\n")
        directory.write("good.swift", good.joined(separator: "\n") + "\n")
        directory.write("notes.txt", "let t = Thread { work() }\n")

        let r = try script.run([directory.path])
        XCTAssertEqual(r.status, 1, r.stderrText)
        let flagged = LintScript.flagged(r.stdoutText)
        XCTAssertEqual(flagged, (1...bad.count).map { "bad.swift:\($0)" }, r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("an import that brings threads"), r.stdoutText)
        XCTAssertTrue(r.stdoutText.contains("a thread or a task"), r.stdoutText)

        let clean = try script.run([directory.file("good.swift").path])
        XCTAssertEqual(clean.status, 0, clean.stdoutText)
        XCTAssertEqual(try script.run([directory.file("missing").path]).status, 2)
    }
}
