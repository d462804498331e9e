/// A small deterministic random number generator (SplitMix64) for tests that draw many
/// inputs: the same seed gives the same numbers on every run and machine.
public struct SplitMix: RandomNumberGenerator {
    /// The generator's state, advanced by every draw.
    public var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<n`.
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A value in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
