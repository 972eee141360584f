/* The compiler's prefetch hint, which Swift has no spelling for: asks for the cache line at
   `address` without waiting for it (a plain load would stall once the processor's window of
   instructions fills behind it). A hint only: it never faults and changes no result. */
static inline void placeshell_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
