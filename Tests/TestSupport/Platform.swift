// What the tests spell differently on Linux (glibc) and macOS (Darwin).
#if canImport(Glibc)
    import Glibc

    /// posix_spawn's file actions: a struct on glibc, an opaque pointer on Darwin.
    public typealias SpawnFileActions = posix_spawn_file_actions_t
    /// posix_spawn's attributes: a struct on glibc, an opaque pointer on Darwin.
    public typealias SpawnAttributes = posix_spawnattr_t
    public func makeSpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
    public func makeSpawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }
#elseif canImport(Darwin)
    import Darwin

    public typealias SpawnFileActions = posix_spawn_file_actions_t?
    public typealias SpawnAttributes = posix_spawnattr_t?
    public func makeSpawnFileActions() -> SpawnFileActions { nil }
    public func makeSpawnAttributes() -> SpawnAttributes { nil }
#endif
