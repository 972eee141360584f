// libFuzzer target: whole-line execution against a live session. The input is split into
// lines; each is parsed and run (a line that does not parse is skipped), then a few state
// paths are queried. Build and run with fuzz/run (see fuzz/README.md).
//
// Bounds, so that one input cannot take long or write outside the run's directory:
// - the process works in a fresh temporary directory, and lines with '/' or '~' are skipped
//   (no absolute paths or '..': `save`, `export`, `snapshot`, `source` and `places load` only
//   touch files there);
// - `places generate` is skipped (5,000,000 places would take seconds and a gigabyte);
// - every input gets a budget of `eventBudget` polls of `Shell.interruptRequested`, which the
//   run loop makes once per event while `wait` advances the clock and the shell makes between
//   commands: a `wait 1000000d` with updates running is cut short like a Ctrl-C, whatever the
//   virtual time asked for;
// - the shell is replaced every `inputsPerShell` inputs, after `quit`, and after an interrupt.
import CFuzzDriver
import PlaceKit
import PlaceScript
import PlaceStorage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

@main
struct FuzzSession {
    nonisolated(unsafe) static var shell = makeShell()
    nonisolated(unsafe) static var inputs = 0
    nonisolated(unsafe) static var polls = 0
    static let inputsPerShell = 200
    static let eventBudget = 20_000
    /// Every state root whole, and a few paths into them (some resolve only in some states).
    static let paths =
        (CommandTable.standard.stateRoots.map(\.name) + [
            "camera.zoom", "markers[1].title", "log.count", "markers[0]", "nearby.radius", "nearby.fields[1]",
            "likely[1].distance", "stats.billing.nearbySearchPro", "project.newAPI",
        ])
        .compactMap { try? StatePath.parse($0).get() }

    static func makeShell() -> Shell {
        let shell = Shell(stdout: StringSink(), stderr: StringSink())
        shell.keepGoing = true
        shell.interruptRequested = {
            FuzzSession.polls += 1
            return FuzzSession.polls > FuzzSession.eventBudget
        }
        return shell
    }

    static func runOne(_ bytes: UnsafeBufferPointer<UInt8>) {
        inputs += 1
        if inputs % inputsPerShell == 0 { shell = makeShell() }
        polls = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if line.contains(0x2F) || line.contains(0x7E) { continue }  // '/' '~'
            let source = SourceText(name: "fuzz", bytes: Array(line))
            guard case .success(let invocations) = shell.parse(source) else { continue }
            if invocations.contains(where: { $0.spec.fullName.contains("generate") }) { continue }
            shell.run(invocations)
            if shell.exitRequest != nil || shell.wasInterrupted || polls > eventBudget { break }
        }
        for path in paths { _ = shell.resolve(path).map { $0.materialize() } }
        if shell.exitRequest != nil || shell.wasInterrupted || polls > eventBudget { shell = makeShell() }
    }

    static func main() {
        var template = Array("/tmp/placeshell-fuzz-session.XXXXXX".utf8CString)
        if let dir = mkdtemp(&template) { _ = chdir(dir) }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let rc = fuzz_run_driver(&argc, &argv) { data, size in
            FuzzSession.runOne(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
        if rc == -1 {
            fputs("not a fuzzer build: build with fuzz/run (swift build -Xswiftc -sanitize=fuzzer)\n", stderr)
            exit(255)
        }
        exit(rc)
    }
}
