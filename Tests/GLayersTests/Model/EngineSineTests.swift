import CEngineSupport
import Foundation
import Testing

@testable import GLayers

/// The rotation matrices of transform key paths use the engine's own inlined sine and cosine
/// (`CEngineSupport`); they must agree with the C library's to within a unit in the last place.
@Suite struct EngineSineTests {
    @Test func sinesAndCosinesAgreeWithTheCLibrary() {
        var worst = 0.0
        var angles = (0..<40_001).map { Double($0 - 20_000) * 0.0123 }  // −246 … 246
        angles += [0, .pi / 2, .pi, 3 * .pi / 2, 2 * .pi, -.pi / 4, 1e-9, -1e-300, 1_000_000.5, 1e7, -3e9]
        for a in angles {
            let m = TransformParts.rotationMatrix(SIMD3(a, 0, 0))
            if a == 0 {
                #expect(m == .identity)
                continue
            }
            worst = max(worst, abs(m.m22 - cos(a)), abs(m.m23 - sin(a)))
        }
        // One unit in the last place of a result near 1 is 2.2e-16: both are within about an
        // ulp of the true value, so they differ by at most that (the largest measured is less).
        #expect(worst <= 2.3e-16, "largest difference \(worst)")
    }

    /// A rotation's three angles are evaluated together, without a branch per angle: the
    /// values are those of one angle at a time, to the bit, in range or not.
    @Test func threeAnglesTogetherGiveWhatOneAtATimeGives() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(seed >> 11) / Double(1 << 53)
            switch seed & 7 {
            case 0: return 0
            case 1: return (unit - 0.5) * 4e6  // some beyond the kernel's range
            case 2: return -0.0
            // Multiples of π/4, either sign: the quadrant's edges, read from the rounding's bits.
            case 3: return Double(Int64(seed >> 40) - 8_388_608) * (.pi / 4)
            default: return (unit - 0.5) * 40
            }
        }
        var mismatches = 0
        for _ in 0..<30_000 {
            let (x, y, z) = (next(), next(), next())
            var (sx, cx, sy, cy, sz, cz) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            glayers_sincos3(x, y, z, &sx, &cx, &sy, &cy, &sz, &cz)
            let s = [sx, sy, sz], c = [cx, cy, cz]
            for (i, a) in [x, y, z].enumerated() {
                var one = (0.0, 0.0)
                glayers_sincos(a, &one.0, &one.1)
                if s[i].bitPattern != one.0.bitPattern || c[i].bitPattern != one.1.bitPattern { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        // A zero angle gives exactly (0, 1), as the matrix's identity rows need.
        var zero = (0.0, 0.0)
        glayers_sincos(0, &zero.0, &zero.1)
        #expect(zero.0 == 0 && zero.1 == 1)
    }

    @Test func nonFiniteAnglesGiveNaN() {
        let m = TransformParts.rotationMatrix(SIMD3(.infinity, 0, 0))
        #expect(m.m22.isNaN && m.m23.isNaN)
    }
}
