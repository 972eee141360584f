// What differs between the C libraries the front end runs on (glibc on Linux, libSystem on
// macOS), spelled once. The C-level differences (the signal action's fields, `environ`, the
// executable's path, glibc's allocator tuning) are in the CPlatform module; the types that
// Swift imports differently are here.
import CPlatform

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

#if canImport(Glibc)
    /// posix_spawn's file actions: a struct on glibc, an opaque pointer on Darwin.
    typealias SpawnFileActions = posix_spawn_file_actions_t
    /// posix_spawn's attributes: a struct on glibc, an opaque pointer on Darwin.
    typealias SpawnAttributes = posix_spawnattr_t
    func makeSpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
    func makeSpawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }
#elseif canImport(Darwin)
    typealias SpawnFileActions = posix_spawn_file_actions_t?
    typealias SpawnAttributes = posix_spawnattr_t?
    func makeSpawnFileActions() -> SpawnFileActions { nil }
    func makeSpawnAttributes() -> SpawnAttributes { nil }
#endif

/// read(2), for code in a type that has a `read` of its own.
func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// close(2), for code in a type that has a `close` of its own.
@discardableResult
func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }

/// Installs `handler` for `signal`; `restart`: a read under way goes on (SA_RESTART) rather than
/// returning EINTR.
func setSignalHandler(_ signal: Int32, restart: Bool = false, _ handler: @convention(c) (Int32) -> Void) {
    _ = placeshell_set_signal_handler(signal, handler, restart ? 1 : 0)
}

/// The process's environment as "NAME=value" strings.
func environmentEntries() -> [String] {
    var entries: [String] = []
    guard let environment = placeshell_environment() else { return entries }
    var k = 0
    while let entry = environment[k] {
        entries.append(String(cString: entry))
        k += 1
    }
    return entries
}

/// This executable's path, to run tests with; the name it was started by when the system cannot
/// tell.
func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    if placeshell_executable_path(&buffer, buffer.count) == 0 {
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return CommandLine.arguments[0]
}
