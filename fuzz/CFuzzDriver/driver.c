#include "CFuzzDriver.h"

// A weak reference: in an ordinary build libFuzzer is not linked, the symbol stays null and
// the fuzz executables still link (they print "not a fuzzer build" and exit 255).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) __attribute__((weak));

int fuzz_run_driver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) {
    return LLVMFuzzerRunDriver ? LLVMFuzzerRunDriver(argc, argv, callback) : -1;
}
