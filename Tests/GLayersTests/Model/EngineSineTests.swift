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

    @Test func nonFiniteAnglesGiveNaN() {
        let m = TransformParts.rotationMatrix(SIMD3(.infinity, 0, 0))
        #expect(m.m22.isNaN && m.m23.isNaN)
    }
}
