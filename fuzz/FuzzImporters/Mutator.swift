// libFuzzer's custom mutator for FuzzImporters: structure-aware mutation of the two formats
// whose bugs plain byte mutation does not reach. libFuzzer calls `LLVMFuzzerCustomMutator` in
// place of its own mutations when the binary defines it (it finds the symbol at link time);
// it is given the input, the most it may grow to and a seed, and the seed drives the only
// random generator used here, so a run is reproducible with `-seed=`.
//
// The first byte picks the format, as in the target. For selectors 0 and 3 (GPX, OSM XML) the
// file's elements are found and its structure changed (`XMLMutator`); for 4 (OSM PBF) and 5 (a
// saved session) the file is parsed and one value in it changed (`PBFMutator`, `SessionMutator`); a
// quarter of the time, or when the file does not parse, or the result would not fit, libFuzzer's
// own mutator (`LLVMFuzzerMutate`, with the `-dict=` words) does the work instead, as it does
// for every other selector, except that half of the mutations of other selectors' inputs go
// to a PBF or session input seen before (`StructuredMutation.pool`).
import CFuzzDriver
import PlaceKit
import PlaceStorage

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32)
    -> Int
{
    guard let data, size > 1 else { return fuzz_default_mutate(data, size, maxSize) }
    var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
    var input = Array(UnsafeBufferPointer(start: data, count: size))
    let isStructured = StructuredMutation.formats.contains(input[0] % 6)
    if !isStructured, !StructuredMutation.pool.isEmpty, random.oneIn(2) {
        input = random.pick(StructuredMutation.pool)
    }
    if random.below(4) != 0,
        let mutated = StructuredMutation.mutate(
            selector: input[0], input.dropFirst(), maxSize: maxSize - 1, &random),
        mutated.count + 1 <= maxSize
    {
        if isStructured { StructuredMutation.remember(input, &random) }
        data[0] = input[0]
        mutated.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (data + 1).update(from: base, count: buffer.count)
        }
        return mutated.count + 1
    }
    return fuzz_default_mutate(data, size, maxSize)
}

enum StructuredMutation {
    /// The selectors (modulo 6) with a mutator of their own.
    static let formats: Set<UInt8> = [0, 3, 4, 5]

    /// The file after one structure-aware mutation, or nil when the selector has none or the
    /// file does not parse as its format.
    static func mutate(
        selector: UInt8, _ file: ArraySlice<UInt8>, maxSize: Int, _ random: inout SeededRandom
    ) -> [UInt8]? {
        switch selector % 6 {
        case 0, 3: XMLMutator.mutate(Array(file), maxSize: maxSize, &random)
        case 4: PBFMutator.mutate(Array(file), &random)
        case 5: SessionMutator.mutate(Array(file), &random)
        default: nil
        }
    }

    /// Up to `poolSize` inputs of the structured formats (selector byte included) that parsed,
    /// the latest libFuzzer handed over. When it hands over an input of another format, half
    /// of the time one of these is mutated in its place: the GeoJSON and CSV inputs grow the
    /// corpus far faster than the PBF and session ones, and would otherwise leave the
    /// structured formats a few percent of the mutations. (libFuzzer calls the mutator from one
    /// thread.)
    nonisolated(unsafe) static var pool: [[UInt8]] = []
    static let poolSize = 64

    static func remember(_ input: [UInt8], _ random: inout SeededRandom) {
        if pool.count < poolSize {
            pool.append(input)
        } else {
            pool[random.below(poolSize)] = input
        }
    }
}

extension SeededRandom {
    /// True one time in `n`.
    mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

    /// One of `values` (not empty).
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
