#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver with `callback` as the target, when the binary was linked with
/// `-sanitize=fuzzer`; otherwise returns -1 at once (see fuzz/README.md).
int fuzz_run_driver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));

#endif
