#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The pager `help` goes through at the prompt: `$PAGER` (`less` when unset) run by /bin/sh,
/// as git does; nil when it is empty or `cat`, which print straight.
func pagerCommand() -> String? {
    let pager = environmentValue("PAGER") ?? "less"
    let trimmed = pager.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
    let command = String(trimmed)
    return command.isEmpty || command == "cat" ? nil : command
}

/// Shows `lines` through the pager when they are more than the screen holds (`Shell.pager`):
/// true when the pager showed them, false when they are to be printed as usual — they fit,
/// the screen's height is unknown, no pager is set, or it could not be run (the shell could
/// not find it: exit status 126 or 127). The pager gets `LESS=FRX` when `LESS` is unset (quit
/// at once when the text fits, pass colours, leave the screen as it was), reads the text on
/// its standard input, and has the terminal until it ends; Ctrl-C meanwhile is the pager's.
func showInPager(_ lines: [String]) -> Bool {
    guard let command = pagerCommand(), let rows = terminalHeight(), lines.count >= rows - 1 else { return false }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return false }
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    var actions = makeSpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    var attributes = makeSpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The pager starts with the signals placeshell ignores (SIGPIPE) back at their defaults.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for sig in [SIGINT, SIGPIPE, SIGTERM, SIGHUP] { sigaddset(&defaults, sig) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // safe: the flag is a small constant
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    var environment = environmentEntries()
    if !environment.contains(where: { $0.hasPrefix("LESS=") }) { environment.append("LESS=FRX") }
    let words: [String] = ["sh", "-c", command]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
    defer {
        for p in argv { free(p) }
        for p in envp { free(p) }
    }
    var pid = pid_t()
    let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv + [nil], envp + [nil])
    close(fds[0])
    guard rc == 0 else {
        close(fds[1])
        return false
    }
    // Ctrl-C while the pager runs reaches it too: placeshell lets it pass rather than
    // stopping the next command.
    signal(SIGINT, SIG_IGN)
    defer { restoreInterruptHandler() }
    var text = Array(lines.joined(separator: "\n").utf8)
    text.append(0x0A)
    var written = 0
    while written < text.count {
        let n = text[written...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        if n > 0 {
            written += n
        } else if n < 0 && errno == EINTR {
            continue
        } else {
            break  // the pager left before reading it all (EPIPE): nothing more to show
        }
    }
    close(fds[1])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // The exit status, when the pager exited (the low seven bits are a signal's number).
    let exited = status & 0x7F == 0
    let code = (status >> 8) & 0xFF
    return !(exited && (code == 126 || code == 127))
}
