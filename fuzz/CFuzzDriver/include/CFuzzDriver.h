#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver with `callback` as the target, when the binary was linked with
/// `-sanitize=fuzzer`; otherwise returns -1 at once (see fuzz/README.md).
int fuzz_run_driver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));

/// libFuzzer's own mutator (`LLVMFuzzerMutate`: bit flips, byte runs, dictionary words, …) on
/// `data[0..<size]`, in place, within `maxSize` bytes; returns the new size. A target's custom
/// mutator calls it for the mutations it leaves to libFuzzer. Outside a fuzzer build it
/// returns `size`, leaving the bytes as they are.
size_t fuzz_default_mutate(uint8_t *data, size_t size, size_t maxSize);

#endif
