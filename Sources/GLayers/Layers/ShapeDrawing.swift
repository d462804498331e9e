/// A shape layer's drawing kept as vectors: its path and style, rasterized with cairo at the
/// scale the layer lands on screen, so a shape scaled up by a transform or a scale animation
/// stays sharp (Apple's `CAShapeLayer` reference: "whenever possible it will be mapped into
/// screen space before being rasterized to preserve resolution independence").
///
/// Takes a path and style when the layer displays, and later the pixels per path unit that
/// flattening measures; produces bitmaps covering the path's extent (which may lie outside the
/// layer's bounds). Scales are quantized to half octaves (powers of √2), so a scale animation
/// rasterizes a few times, not every frame, and the few latest rasters are kept.
import Foundation
import GLayersGraphics

/// A shape layer's path and style, and its recent rasters.
///
/// - Immutable but for its cache of rasters: a change of any shape property makes a new one.
/// - A resource limit: a raster is at most `maximumSide` pixels a side and `maximumPixels` in
///   all; a shape that would need more is drawn at a lower scale (softer, never missing).
package final class ShapeDrawing {
    /// How the path is filled and stroked.
    struct Style {
        var fill: CGColor?
        var fillRule: CGPathFillRule
        var stroke: CGColor?
        var lineWidth: CGFloat
        var miterLimit: CGFloat
        var lineCap: CGLineCap
        var lineJoin: CGLineJoin
        var dashPhase: CGFloat
        var dashLengths: [CGFloat]
    }

    /// One raster: `image` covers `rect` of the layer's coordinates.
    private struct Raster {
        var scale: CGFloat
        var image: CGImage
        var rect: CGRect
        var lastUse: UInt64
    }

    /// The largest side of a raster, in pixels.
    static let maximumSide: CGFloat = 4096
    /// The most pixels of one raster (32 MiB of RGBA).
    static let maximumPixels: CGFloat = 8_388_608
    /// Rasters kept per drawing: eight half-octave steps (scales over a range of 11 times), so
    /// that a repeating scale animation within them draws each step once (docs/performance.md,
    /// "The per-frame contract for every animation (#21)"); each step holds half the pixels of
    /// the next, so all of them take less than twice the largest.
    static let capacity = 8

    let fillPath: CGPath?
    let strokePath: CGPath?
    let style: Style
    /// The part of the layer's coordinates the drawing may cover (on whole points).
    package let extent: CGRect
    private var rasters: [Raster] = []
    private var clock: UInt64 = 0
    /// How many rasters were drawn (for tests and benchmarks).
    package private(set) var rasterCount = 0

    /// A drawing of `path` with `style`, or nil when it draws nothing.
    init?(path: CGPath?, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat) {
        guard let path, !path.isEmpty, let copy = path.copy() else { return nil }
        let strokes = style.stroke.map { $0.alpha > 0 } == true && style.lineWidth > 0
        fillPath = style.fill.map { $0.alpha > 0 } == true ? copy : nil
        strokePath = strokes ? copy.trimmed(from: strokeStart, to: strokeEnd) : nil
        guard fillPath != nil || strokePath.map({ !$0.isEmpty }) == true else { return nil }
        self.style = style
        // A miter reaches miterLimit · lineWidth / 2 beyond the path; a square cap lineWidth · √2 / 2.
        let margin = strokes ? style.lineWidth * max(1, style.miterLimit / 2) : 0
        let box = copy.boundingBoxOfPath
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else {
            return nil
        }
        let extent = box.insetBy(dx: -margin - 1, dy: -margin - 1).integral
        // A huge line width or miter limit makes the margin overflow: nothing sensible to draw.
        guard extent.width.isFinite, extent.height.isFinite, extent.minX.isFinite, extent.minY.isFinite else {
            return nil
        }
        self.extent = extent
    }

    /// The raster of the drawing for `pixelsPerUnit` pixels per unit of the layer's
    /// coordinates: an image and the part of the layer it covers; nil when nothing can be drawn.
    package func raster(pixelsPerUnit: CGFloat) -> (image: CGImage, rect: CGRect)? {
        clock &+= 1
        let scale = Self.quantized(pixelsPerUnit)
        if let i = rasters.firstIndex(where: { $0.scale == scale }) {
            rasters[i].lastUse = clock
            return (rasters[i].image, rasters[i].rect)
        }
        guard let (image, rect) = draw(at: scale) else { return nil }
        rasterCount += 1
        let entry = Raster(scale: scale, image: image, rect: rect, lastUse: clock)
        if rasters.count < Self.capacity {
            rasters.append(entry)
        } else if let oldest = rasters.indices.min(by: { rasters[$0].lastUse < rasters[$1].lastUse }) {
            rasters[oldest] = entry
        }
        return (image, rect)
    }

    /// `s` rounded up to a half-octave step (2^(k/2)) in [1/16, 64]; a scale a hair above a step
    /// (rotations measure 1.0000001) stays on it.
    static func quantized(_ s: CGFloat) -> CGFloat {
        guard s.isFinite, s > 0 else { return 1 }
        let steps = (2 * log2(s) - 1e-3).rounded(.up)
        return pow(2, min(max(steps, -8), 12) / 2)
    }

    /// The drawing rasterized at `requested` pixels per unit (less when the limits say so).
    private func draw(at requested: CGFloat) -> (CGImage, CGRect)? {
        let w = extent.width, h = extent.height
        guard w > 0, h > 0 else { return nil }
        let limit = min(Self.maximumSide / w, Self.maximumSide / h, (Self.maximumPixels / (w * h)).squareRoot())
        var scale = requested, pw = 0, ph = 0
        if requested > limit {
            // Whole pixels within the limits, at a scale that still covers the extent.
            (pw, ph) = (Int((w * limit).rounded(.down)), Int((h * limit).rounded(.down)))
            scale = min(CGFloat(pw) / w, CGFloat(ph) / h)
        } else {
            (pw, ph) = (Int((w * scale).rounded(.up)), Int((h * scale).rounded(.up)))
        }
        guard scale > 0, pw > 0, ph > 0, let ctx = CGContext.bitmap(width: pw, height: ph, scale: scale) else {
            return nil
        }
        ctx.translateBy(x: -extent.minX, y: -extent.minY)
        draw(in: ctx)
        guard let image = ctx.makeImage() else { return nil }
        let rect = CGRect(x: extent.minX, y: extent.minY, width: CGFloat(pw) / scale, height: CGFloat(ph) / scale)
        return (image, rect)
    }

    /// Fills and strokes the path into `ctx`, whose user space is the layer's coordinates
    /// (vectors: sharp at any scale; `CALayer.render(in:)` draws with it too).
    package func draw(in ctx: CGContext) {
        if let fillPath, let fill = style.fill {
            ctx.addPath(fillPath)
            ctx.setFillColor(fill)
            ctx.fillPath(using: style.fillRule)
        }
        if let strokePath, let stroke = style.stroke {
            ctx.addPath(strokePath)
            ctx.setStrokeColor(stroke)
            ctx.setLineWidth(style.lineWidth)
            ctx.setMiterLimit(style.miterLimit)
            ctx.setLineCap(style.lineCap)
            ctx.setLineJoin(style.lineJoin)
            if !style.dashLengths.isEmpty { ctx.setLineDash(phase: style.dashPhase, lengths: style.dashLengths) }
            ctx.strokePath()
        }
    }
}
