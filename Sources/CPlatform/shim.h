/* What the C libraries placeshell runs on (glibc on Linux, libSystem on macOS) spell
   differently, behind one spelling each. Inline functions: nothing to link. */
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__APPLE__)
#include <crt_externs.h>
#include <mach-o/dyld.h>
#include <stdlib.h>
#include <sys/param.h>
#endif

/* A buffer of 128 KiB or more gets pages of its own, given back when it is freed. glibc raises
   that threshold to the largest such buffer freed so far, after which a table dropped midway
   through a load stays in the heap and adds to the load's peak; fixing it keeps the peak at
   what is live. Other C libraries have no such knob (macOS's allocator gives large blocks
   back on its own), so there it does nothing. */
static inline void placeshell_tune_allocator(void) {
#if defined(__GLIBC__)
    (void)mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

/* The process's environment, NULL-terminated "NAME=value" strings (`environ`, which macOS
   offers to programs through _NSGetEnviron). */
static inline char *const *placeshell_environment(void) {
#if defined(__APPLE__)
    return *_NSGetEnviron();
#else
    extern char **environ;
    return environ;
#endif
}

/* This executable's path into `buffer` (NUL-terminated): the link /proc/self/exe on Linux,
   _NSGetExecutablePath resolved on macOS. Returns 0, or -1 when it cannot be told or does not
   fit in `size` bytes. */
static inline int placeshell_executable_path(char *buffer, size_t size) {
    if (size == 0) return -1;
#if defined(__APPLE__)
    char found[MAXPATHLEN];
    uint32_t length = sizeof found;
    if (_NSGetExecutablePath(found, &length) != 0) return -1;
    char resolved[MAXPATHLEN];
    if (realpath(found, resolved) == NULL) return -1;
    if (strlen(resolved) >= size) return -1;
    strcpy(buffer, resolved);
    return 0;
#else
    ssize_t n = readlink("/proc/self/exe", buffer, size - 1);
    if (n <= 0) return -1;
    buffer[n] = '\0';
    return 0;
#endif
}

/* Installs `handler` for `sig` with an empty mask; `restart` sets SA_RESTART (a read under way
   goes on; without it, the read returns EINTR so the caller can look at what the handler set).
   The field that holds the handler is named differently on glibc and Darwin, so the struct is
   filled here. */
static inline int placeshell_set_signal_handler(int sig, void (*handler)(int), int restart) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = restart ? SA_RESTART : 0;
    return sigaction(sig, &action, NULL);
}
