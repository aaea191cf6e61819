import Foundation

/// A small deterministic generator, so a failing case can be found again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The generator of a randomized test: seeded from `SHARELINT_TEST_SEED` when it is set,
    /// else from `fallback`; the seed is printed first, so a failing run (a crash included)
    /// can be repeated with that variable.
    static func forTest(_ name: String, fallback: UInt64) -> SeededGenerator {
        let seed = ProcessInfo.processInfo.environment["SHARELINT_TEST_SEED"].flatMap { UInt64($0) } ?? fallback
        print("\(name): seed \(seed) (SHARELINT_TEST_SEED=\(seed) repeats it)")
        return SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
