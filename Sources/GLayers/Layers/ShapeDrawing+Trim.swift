/// Strokes trimmed where they are drawn (docs/renderer.md, "Trimmed strokes"): the drawings of
/// one path and style whose trim changes share one raster of the whole stroke, and each gives
/// the compositor the part of it to show.
import Foundation
import GLayersGraphics
import GLayersRenderList

extension ShapeDrawing {
    /// What the drawings of one path stroked in one style (no fill, no dashes), trimmed to
    /// different parts of it, share (a shape layer whose `strokeStart` or `strokeEnd` animates
    /// makes such a drawing at every frame: `retrimmed(…)`): the path's centre line, measured
    /// when first needed, and, once the trim changes and when the stroke does not overlap
    /// itself, the rasters of the whole stroke, which each frame shows trimmed where it is
    /// drawn (docs/renderer.md, "Trimmed strokes"), so that nothing is rasterized while only
    /// the trim changes.
    final class Trimming {
        let path: CGPath
        let lineWidth: CGFloat
        /// The centre line (nil when the stroke overlaps itself: then each drawing rasterizes
        /// its trimmed stroke); measured when first asked for.
        private(set) lazy var centerline: StrokeCenterline? = StrokeCenterline(path: path, lineWidth: lineWidth)
        /// The rasters of the whole stroke.
        let rasters = Rasters()
        /// Set when a raster's lengths could not be written (a path too long for them): the
        /// trimmed stroke is rasterized from then on.
        var failed = false
        /// Set when a drawing was made of the same path and style trimmed otherwise: the trim
        /// changes. A trim that never changes is rasterized trimmed, once, and costs the
        /// compositor nothing more than any image.
        var changes = false

        init(path: CGPath, lineWidth: CGFloat) { (self.path, self.lineWidth) = (path, lineWidth) }

        /// Whether the stroke can be trimmed where it is drawn.
        var isUsable: Bool { !failed && centerline != nil }
        /// Whether the stroke is trimmed where it is drawn.
        var isInUse: Bool { changes && isUsable }
    }

    /// What stands for `self`, drawn after `last`: `last` when it draws the same, the drawing of
    /// `last`'s stroke trimmed as `self` sharing `last`'s rasters (`retrimmed`), or nil.
    func reusing(_ last: ShapeDrawing) -> ShapeDrawing? {
        guard let made else { return drawsSame(as: last) ? last : nil }
        return last.again(path: made.path, style: made.style, strokeStart: made.strokeStart, strokeEnd: made.strokeEnd)
    }

    /// What stands, after this drawing, for the drawing of `path` and `style` trimmed to
    /// `strokeStart`…`strokeEnd`: this drawing when it is that drawing, the same stroke trimmed
    /// anew (`retrimmed`) when only the trim changed, or nil (a new drawing is made).
    func again(path: CGPath?, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat) -> ShapeDrawing? {
        if draws(path: path, style: style, strokeStart: strokeStart, strokeEnd: strokeEnd) { return self }
        return retrimmed(path: path, style: style, strokeStart: strokeStart, strokeEnd: strokeEnd)
    }

    /// The drawing of this drawing's path and style with its stroke trimmed to
    /// `strokeStart`…`strokeEnd`, sharing its `Trimming`: nil unless `path` and `style` are
    /// this drawing's, its stroke is trimmed, and the new trim cuts the path too. It shows the
    /// rasters of the whole stroke trimmed where it is drawn when the stroke can be (see
    /// `Trimming`); otherwise it rasterizes its trimmed stroke, and the shared `Trimming`
    /// keeps the path from being measured again at every frame only to learn that.
    private func retrimmed(path: CGPath?, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat) -> ShapeDrawing? {
        let (start, end) = Self.unitTrim(strokeStart, strokeEnd)
        guard let trimming, let made, let path, end > start, start > 0 || end < 1, made.style == style,
            made.path == path
        else { return nil }
        trimming.changes = true
        return ShapeDrawing(
            trimming: trimming, of: self, made: (made.path, style, strokeStart, strokeEnd), start: start, end: end)
    }

    /// Sets the drawing's trim of the raster of its whole stroke in `out` (`StrokeTrim`, in
    /// texels along the path): a cut end of the path has the line's cap (a square cap half a
    /// width further); an open path's own ends are not cut. When the trimmed stroke covers
    /// under nine tenths of the raster, only the texels around it (and two more) are drawn.
    func trim(_ centerline: StrokeCenterline, _ lengths: CGImage, into out: inout Rasterized) {
        guard let made, case .path(_, let style) = paint else { return }
        let w = CGFloat(out.image.width), h = CGFloat(out.image.height)
        let sx = w / out.rect.width, sy = h / out.rect.height
        // Along the path, in units, then in texels.
        let total = centerline.total, half = style.lineWidth / 2
        let (start, end) = Self.unitTrim(made.strokeStart, made.strokeEnd)
        let square = style.lineCap == .square ? half : 0
        let cutStart = centerline.closed || start > 0, cutEnd = centerline.closed || end < 1
        let from = start * total - square, to = end * total + square
        let uncut = half * sx + 16
        var trim = StrokeTrim(
            start: cutStart ? Float(from * sx) : Float(-uncut),
            end: cutEnd ? Float(to * sx) : Float(total * sx + uncut),
            loop: Float(centerline.loop * sx), capRadius: style.lineCap == .round ? Float(half * sx) : 0)
        // What the stroke reaches from the points shown: a miter's point, a square cap's corner.
        let miter = style.lineJoin == .miter ? min(centerline.sharpestMiter, style.miterLimit) : 1
        let reach = half * max(CGFloat(2).squareRoot(), miter)
        if let box = centerline.bounds(from: cutStart ? from : 0, to: cutEnd ? to : total) {
            let r = out.rect
            let x0 = max(0, ((box.minX - reach - r.minX) * sx).rounded(.down) - 2)
            let y0 = max(0, ((box.minY - reach - r.minY) * sy).rounded(.down) - 2)
            let x1 = min(w, ((box.maxX + reach - r.minX) * sx).rounded(.up) + 2)
            let y1 = min(h, ((box.maxY + reach - r.minY) * sy).rounded(.up) + 2)
            if x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) < 0.9 * w * h {
                out.shown = CGRect(
                    x: r.minX + x0 / sx, y: r.minY + y0 / sy, width: (x1 - x0) / sx, height: (y1 - y0) / sy)
                out.source = CGRect(x: x0 / w, y: y0 / h, width: (x1 - x0) / w, height: (y1 - y0) / h)
                // Two texels or more past the reach on every side, or at an edge of the raster
                // past its extent's margin: not shown.
                trim.clearEdges = true
            }
        }
        out.trim = (lengths, trim)
    }
}
