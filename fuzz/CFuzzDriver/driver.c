#include "CFuzzDriver.h"

// Weak references: in an ordinary build libFuzzer is not linked, the symbols stay null and
// the fuzz executables still link (they print "not a fuzzer build" and exit 255).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) __attribute__((weak));
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize) __attribute__((weak));

int fuzz_run_driver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) {
    return LLVMFuzzerRunDriver ? LLVMFuzzerRunDriver(argc, argv, callback) : -1;
}

size_t fuzz_default_mutate(uint8_t *data, size_t size, size_t maxSize) {
    return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, maxSize) : size;
}
