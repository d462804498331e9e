/// The per-instance record of quad.vert.glsl: twelve 16-byte vectors per draw item, written
/// straight into the frame's staging array.
import GLayersRenderList

/// Bits of `i_flags.x` (keep in step with quad.vert.glsl and quad.frag.glsl).
package struct QuadFlags: OptionSet {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }
    package static let texture = QuadFlags(rawValue: 1)
    package static let crossfade = QuadFlags(rawValue: 2)
    package static let nineSlice = QuadFlags(rawValue: 4)
    /// Nearest sampling where the content is magnified.
    package static let nearest = QuadFlags(rawValue: 8)
    package static let clipsContent = QuadFlags(rawValue: 16)
    package static let blurredShape = QuadFlags(rawValue: 32)
    package static let screenTexture = QuadFlags(rawValue: 64)
    package static let noDilate = QuadFlags(rawValue: 128)
    /// Nearest sampling where the content is minified.
    package static let minifyNearest = QuadFlags(rawValue: 256)
    /// Mipmapped (trilinear) sampling where the content is minified.
    package static let minifyTrilinear = QuadFlags(rawValue: 512)
    /// The content is multiplied by the background vector, which holds the item's
    /// `contentTint` (a tinted item draws no background).
    package static let tint = QuadFlags(rawValue: 1024)
    /// A fused matte's mask is inverted (`QuadVariant.simpleMasked`): the item shows where the
    /// mask image does not.
    package static let invertedMask = QuadFlags(rawValue: 2048)
    /// The content is a stroke's raster shown trimmed (`ItemContent.trimmedStroke`): the second
    /// texture holds the lengths along the path, the centre vector the trim.
    package static let trim = QuadFlags(rawValue: 4096)
}

/// Bits of `i_flags.z` besides the rounded corners (bits 0–3).
package enum ShapeBits {
    /// The rounded corners are continuous.
    package static let continuous: UInt32 = 16
    /// The shift of the aliased edges (bits 8–11: minX, maxX, minY, maxY drawn hard).
    package static let aliasedEdgesShift: UInt32 = 8

    /// The shape bits of rounded `corners` with `curve` and `aliased` edges.
    @inline(__always)
    package static func pack(corners: UInt8, curve: CornerCurve, aliased: RectEdges) -> UInt32 {
        UInt32(corners & 0xF) | (curve == .continuous ? continuous : 0)
            | UInt32(aliased.rawValue & 0xF) << aliasedEdgesShift
    }
}

/// One quad as the shaders read it (attribute locations 0…11).
package struct QuadInstance {
    /// Vectors per instance.
    package static let vectorCount = 12
    /// Bytes per instance.
    package static let stride = vectorCount * MemoryLayout<SIMD4<Float>>.stride

    /// Local → target pixels.
    package var h: Homography
    package var opacity: Float = 1
    package var cornerRadius: Float = 0
    package var borderWidth: Float = 0
    package var rect: Rect
    package var geometry: Rect
    // Clear, zero and the unit rect as literals: the list module's `Color.clear`, `Rect.zero`
    // and `Rect.unit`, read from this module, are each a call to a lazy global's accessor.
    package var background = Color(r: 0, g: 0, b: 0, a: 0)
    package var borderColor = Color(r: 0, g: 0, b: 0, a: 0)
    package var destination = Rect(x: 0, y: 0, width: 0, height: 0)
    package var source = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Nine-slice centre, (sigma, 0, 0, 0) for a blurred shape, or a trimmed stroke's (start,
    /// end, loop, cap radius).
    package var center: SIMD4<Float> = .zero
    package var naturalWidth: Float = 0
    package var naturalHeight: Float = 0
    package var progress: Float = 0
    /// The minification filter's level-of-detail bias.
    package var lodBias: Float = 0
    package var flags: QuadFlags = []
    package var clip: Int32 = -1
    /// Rounded corners, corner curve and aliased edges (`ShapeBits`).
    package var shape: UInt32 = 0xF
    /// The content's layer of a texture array (the `simpleArray` program), else 0.
    package var layer: Int32 = 0
    /// For the simple program: the four projected edges as lines a·x + b·y + c (pixels,
    /// positive inside), written in place of border colour, centre and extra.
    package var edgeLines: EdgeLines?

    /// Whether the instance shows the whole of its texture (`source` is the unit rect).
    var showsWholeTexture: Bool { source == Rect(x: 0, y: 0, width: 1, height: 1) }

    /// Writes the twelve vectors at `out` (memory of an `InstanceBuffer`).
    @inline(__always)
    package func write(to out: UnsafeMutablePointer<SIMD4<Float>>) {
        let flagBits = SIMD4(
            Float(bitPattern: UInt32(bitPattern: flags.rawValue)), Float(bitPattern: UInt32(bitPattern: clip)),
            Float(bitPattern: shape), Float(bitPattern: UInt32(bitPattern: layer)))
        out.initialize(to: SIMD4(h.c0, opacity))
        (out + 1).initialize(to: SIMD4(h.c1, cornerRadius))
        (out + 2).initialize(to: SIMD4(h.c2, borderWidth))
        // The simple program reads no rect (its edge lines hold it); a trimmed stroke's trim
        // takes its place there, the centre vector holding the lines (`simpleTrimmed`).
        (out + 3).initialize(to: edgeLines != nil && flags.contains(.trim) ? center : rect.vector)
        (out + 4).initialize(to: geometry.vector)
        (out + 5).initialize(to: background.vector)
        (out + 6).initialize(to: edgeLines?.a ?? borderColor.vector)
        (out + 7).initialize(to: destination.vector)
        (out + 8).initialize(to: source.vector)
        (out + 9).initialize(to: edgeLines?.b ?? center)
        (out + 10).initialize(to: edgeLines?.c ?? SIMD4(naturalWidth, naturalHeight, progress, lodBias))
        (out + 11).initialize(to: flagBits)
    }
}

extension Rect {
    /// (x, y, width, height).
    package var vector: SIMD4<Float> { SIMD4(x, y, width, height) }

    /// The smallest rect holding both; exactly `self` (or `other`) when it holds the other.
    ///
    /// - Exact, not recomputed: far from the origin, x + width − x is not width in floats, and
    ///   a quad whose geometry differs from its rect in the last bit misses the simple program.
    @inline(__always)
    package func union(_ other: Rect) -> Rect {
        if contains(other) { return self }
        if other.contains(self) { return other }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Whether `other` lies within it.
    @inline(__always)
    package func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Grown by `d` on every side.
    package func insetBy(_ d: Float) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }

    /// Whether every field is finite (x · 0 is 0 for finite x, NaN for infinities and NaNs).
    @inline(__always)
    package var isFinite: Bool { all(vector * 0 .== SIMD4<Float>.zero) }
}

extension Color {
    /// (r, g, b, a).
    package var vector: SIMD4<Float> { SIMD4(r, g, b, a) }
}
