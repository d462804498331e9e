/// The random numbers of particles: a SplitMix64 generator seeded afresh for every simulation
/// step from the layer's `seed` and the step's number, so a step draws the same numbers whatever
/// came before it (a simulation restarted at a later step draws what a full one would there).
import Foundation

/// A seeded generator of the numbers one simulation step draws.
struct ParticleRandom {
    private var state: UInt64

    /// The generator of step `step` of an emitter seeded with `seed`.
    init(seed: UInt32, step: Int64) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: step) &* 0xD1B5_4A32_D192_ED03
        _ = next()
    }

    /// The next 64 random bits (SplitMix64).
    @inline(__always)
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    @inline(__always)
    mutating func unit() -> Float { Float(next() >> 40) * 0x1p-24 }

    /// A number in [−1, 1): a range's offset is `range × symmetric()`.
    @inline(__always)
    mutating func symmetric() -> Float { unit() * 2 - 1 }

    /// An integer in 0..<n (n > 0).
    @inline(__always)
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
