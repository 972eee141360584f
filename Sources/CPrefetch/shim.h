/* The compiler's prefetch hint, which Swift has no spelling for: asks for the cache line at
   `address` without waiting for it (a plain load would stall once the processor's window of
   instructions fills behind it). A hint only: it never faults and changes no result. */
static inline void placeshell_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/* Gives the whole pages inside [address, address + bytes) back to the system (madvise
   MADV_DONTNEED): their contents are lost. For the unused end of a large scratch buffer that
   is about to be freed anyway, so that it adds nothing to the peak meanwhile; nothing reads
   those pages again (on macOS the call is advice, and what they held may stay). The page size
   is the system's: 4 KiB on x86-64, 16 KiB on Apple silicon, up to 64 KiB on arm64 Linux. */
static inline void placeshell_release_pages(void *address, size_t bytes) {
    const long size = sysconf(_SC_PAGESIZE);
    if (size <= 0 || (size & (size - 1)) != 0) return;
    const uintptr_t page = (uintptr_t)size;
    uintptr_t start = ((uintptr_t)address + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)address + bytes) & ~(page - 1);
    if (end > start) (void)madvise((void *)start, end - start, MADV_DONTNEED);
}
