/* What the C libraries placeshell runs on (glibc on Linux, libSystem on macOS) spell
   differently, behind one spelling each. Inline functions: nothing to link. */
#include <signal.h>
#include <stdio.h>
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

/* ---- Sockets for `--live`: one spelling for glibc and Darwin ---- */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/types.h>

/* Makes `fd` non-blocking and close-on-exec (a pager or a test started later must not hold
   it); on Darwin also quiet on a closed peer (SO_NOSIGPIPE; Linux asks it of each send). */
static inline int placeshell_socket_setup(int fd) {
    int flags = fcntl(fd, F_GETFL, 0);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) return -1;
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) return -1;
#if defined(__APPLE__)
    int one = 1;
    if (setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one) < 0) return -1;
#endif
    return 0;
}

/* Listens on `host` (a name or an address; IPv4 or IPv6) and `port` (0: one the system picks),
   non-blocking. Returns the socket, or -1 with errno set, or -2 when the host is not found
   (`*gai_error` then holds getaddrinfo's code, for gai_strerror). */
static inline int placeshell_listen(const char *host, int port, int backlog, int *gai_error) {
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo *found = NULL;
    int rc = getaddrinfo(host, service, &hints, &found);
    if (rc != 0) {
        *gai_error = rc;
        return -2;
    }
    int fd = -1;
    int saved = 0;
    for (struct addrinfo *a = found; a != NULL; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd < 0) { saved = errno; continue; }
        int one = 1;
        (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (placeshell_socket_setup(fd) == 0 && bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, backlog) == 0)
            break;
        saved = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(found);
    if (fd < 0) errno = saved;
    return fd;
}

/* The port a socket is bound to, or -1. */
static inline int placeshell_local_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return -1;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return -1;
}

/* Accepts a connection, set up as `placeshell_socket_setup` does, with a send buffer of 256 KiB
   at most (what the system holds for a viewer that does not read); -1 with errno (EAGAIN:
   none). */
static inline int placeshell_accept(int listener) {
    int fd = accept(listener, NULL, NULL);
    if (fd < 0) return -1;
    int size = 256 * 1024;
    (void)setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    if (placeshell_socket_setup(fd) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/* Sends without blocking and without SIGPIPE; as send(2). */
static inline ssize_t placeshell_send(int fd, const void *bytes, size_t count) {
#if defined(__APPLE__)
    return send(fd, bytes, count, 0);
#else
    return send(fd, bytes, count, MSG_NOSIGNAL);
#endif
}

/* Fills `bytes` with `count` random bytes from the system (for a URL's secret token; never
   for the simulation, which is deterministic). Returns 0, or -1. */
static inline int placeshell_random_bytes(void *bytes, size_t count) {
#if defined(__APPLE__)
    arc4random_buf(bytes, count);
    return 0;
#else
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t done = 0;
    while (done < count) {
        ssize_t n = read(fd, (char *)bytes + done, count - done);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) continue;
            close(fd);
            return -1;
        }
        done += (size_t)n;
    }
    close(fd);
    return 0;
#endif
}
