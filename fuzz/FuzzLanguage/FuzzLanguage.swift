// libFuzzer target: the lexer and the binder over the standard command table. Arbitrary bytes
// are parsed as a script (nothing runs). Build and run with fuzz/run (see fuzz/README.md).
import CFuzzDriver
import PlaceScript

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

@main
struct FuzzLanguage {
    nonisolated(unsafe) static var shell: Shell?
    /// Inputs since the start; the shell (and its collected output) is renewed every 1000.
    nonisolated(unsafe) static var inputs = 0

    static func main() {
        shell = Shell(stdout: StringSink(), stderr: StringSink())
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let rc = fuzz_run_driver(&argc, &argv) { data, size in
            let bytes = Array(UnsafeBufferPointer(start: data, count: size))
            let source = SourceText(name: "fuzz.placescript", bytes: bytes)
            guard let shell = FuzzLanguage.shell else { return 0 }
            switch shell.parse(source) {
            case .success(let invocations): _ = invocations.count
            case .failure(let errors):
                // Renders each error with its location and caret, as a script run would.
                shell.reportSyntaxErrors(errors.items)
            }
            if FuzzLanguage.inputs % 1000 == 0 {
                FuzzLanguage.shell = Shell(stdout: StringSink(), stderr: StringSink())
            }
            FuzzLanguage.inputs += 1
            return 0
        }
        if rc == -1 {
            fputs("not a fuzzer build: build with fuzz/run (swift build -Xswiftc -sanitize=fuzzer)\n", stderr)
            exit(255)
        }
        exit(rc)
    }
}
