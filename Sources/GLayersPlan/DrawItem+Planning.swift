/// What planning asks of the render list's values: finiteness, and how blend modes are drawn.
import GLayersRenderList

extension Color {
    /// Whether every component is finite.
    var isFinite: Bool { r.isFinite && g.isFinite && b.isFinite && a.isFinite }
}

extension DrawItem {
    /// Whether the numbers `FramePlanner.planItem` checks are all finite: the transform's
    /// sixteen entries (its homography's nine among them), the rect, the opacity, corner
    /// radius, border width and both colours. One sum of vectors: x · 0 is 0 for finite x and
    /// NaN for infinities and NaNs, and a NaN stays one through the sum.
    @inline(__always)
    var numbersAreFinite: Bool {
        let zero = SIMD4<Float>.zero
        let m: SIMD16<Float> = transform.m * 0
        let rows: SIMD4<Float> = (m.lowHalf.lowHalf + m.lowHalf.highHalf) + (m.highHalf.lowHalf + m.highHalf.highHalf)
        let rectAndBackground: SIMD4<Float> = rect.vector * zero + background.vector * zero
        let values = SIMD4(opacity, cornerRadius, borderWidth, 0)
        let borderAndValues: SIMD4<Float> = borderColor.vector * zero + values * zero
        return rows + rectAndBackground + borderAndValues == zero
    }
}

extension BlendMode {
    /// `u_blendMode` in quad.frag.glsl (0 normal, 1 multiply … 23 luminosity: the modes'
    /// `ordinal`s). The fixed-function modes (`isFixedFunction`) are never drawn through the
    /// shader.
    var shaderIndex: Int32 { isFixedFunction ? 0 : Int32(ordinal) }

    /// Whether fixed-function blending draws the mode exactly on premultiplied colour, so its
    /// items batch like normal ones: normal, screen, additive (`plusLighter`) and Porter-Duff
    /// XOR (`Blending`). The others read a copy of what lies under the item.
    var isFixedFunction: Bool {
        switch self {
        case .normal, .screen, .plusLighter, .xor: return true
        default: return false
        }
    }
}
