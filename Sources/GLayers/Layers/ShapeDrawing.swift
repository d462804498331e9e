/// A shape layer's drawing kept as vectors: its path and style (or a gradient layer's
/// gradient), rasterized (plain fills by `PathFill`, the rest with cairo) at the scale the
/// layer lands on screen, so a shape scaled up by a transform or a scale animation stays
/// sharp (Apple's `CAShapeLayer` reference:
/// "whenever possible it will be mapped into screen space before being rasterized to preserve
/// resolution independence"), and nothing is rasterized for a layer that is never drawn (a
/// gradient whose colours animate is drawn from its presented values).
///
/// Takes a path and style when the layer displays, and later the pixels per path unit that
/// flattening measures; produces bitmaps covering the path's extent (which may lie outside the
/// layer's bounds), and keeps the few latest.
///
/// - Where the layer lands on the pixel grid with a plain scale (mirrored or not) and offset
///   (no rotation, skew or perspective beyond a quarter of a pixel over the shape:
///   `FrameBuilder.pixelPlacement`) and stands still, its raster is drawn at exactly that
///   scale and aligned
///   with the pixels it covers, so each texel is one pixel and an edge is as sharp as cairo
///   draws it: Core Animation's shape layers are rasterized in screen space. A raster that
///   does not line up is resampled, which spreads every edge over two pixels.
/// - A drawing that landed on another grid three times in a row is moving (an animated
///   position or scale, or copies drawn at several places): until it lands on the same grid
///   twice in a row, it is drawn from rasters at scales quantized to half octaves (powers of
///   √2), so an animation rasterizes a few times, not every frame (Chromium keeps the raster
///   scale of an animating layer the same way, and rasters it sharp when it stops).
/// - A drawing much larger than what shows of it (a Lottie shape reaching thousands of points
///   past its composition) is rasterized only where it shows, given the part of the layer's
///   coordinates that may show (`raster(…, showing:)`), as Chromium rasterizes only the
///   visible tiles of a large layer. A raster of part of the extent serves while what shows
///   stays within it; once what shows moves out of it, the next covers half as much again on
///   each side, so a drawing moving across the screen rasterizes every few frames, not every
///   frame.
/// - A stroke whose trim changes (`strokeStart`, `strokeEnd`) is rasterized whole once and
///   trimmed by the compositor (`ShapeDrawing+Trim.swift`; docs/renderer.md, "Trimmed
///   strokes"). The kept rasters and how they are drawn are in `ShapeDrawing+Rasters.swift`.
import Foundation
import GLayersGraphics
import GLayersRenderList
import Synchronization

/// A shape layer's path and style, and its recent rasters.
///
/// - Immutable but for its cache of rasters: a change of any shape property makes a new one.
/// - A resource limit: a raster is at most `maximumSide` pixels a side and `maximumPixels` in
///   all; a shape that would need more is drawn at a lower scale (softer, never missing).
package final class ShapeDrawing {
    /// How the path is filled and stroked.
    struct Style: Equatable {
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

    /// Where a raster's pixels lie: `scale` pixels per unit and, for a raster aligned with the
    /// pixels it lands on, the fraction of a pixel (in [0, 1)) by which the extent's corner lies
    /// past a pixel's corner.
    struct Grid: Equatable {
        var scale: CGFloat
        var phase: CGPoint? = nil

        /// The same grid, within a thousandth of a pixel.
        static func == (a: Grid, b: Grid) -> Bool {
            guard a.scale == b.scale else { return false }
            guard let p = a.phase, let q = b.phase else { return a.phase == nil && b.phase == nil }
            return abs(p.x - q.x) < 1e-3 && abs(p.y - q.y) < 1e-3
        }
    }

    /// A raster of the drawing: `image` covers `rect` of the layer's coordinates; for a stroke
    /// trimmed where it is drawn, `image` is the whole stroke, `trim` what of it shows, and
    /// `shown` the part of the image to draw (layer coordinates, on its texels) and `source`
    /// that part in unit coordinates of the image.
    package struct Rasterized {
        package var image: CGImage
        package var rect: CGRect
        package var trim: (lengths: CGImage, StrokeTrim)? = nil
        package var shown: CGRect
        package var source = CGRect(x: 0, y: 0, width: 1, height: 1)

        init(image: CGImage, rect: CGRect) { (self.image, self.rect, shown) = (image, rect, rect) }
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
    /// The draws after which a gradient stands still: from this one on, it is rasterized at
    /// its full resolution. A gentle gradient magnified from few texels costs a software
    /// rasterizer more per pixel than one drawn texel for pixel (`samples/snowfall.json`'s sky,
    /// 3.7 → 4.4 ms a frame on llvmpipe), so only drawings that change every frame keep the
    /// coarse raster.
    static let settlingDraws: UInt64 = 3
    /// The fewest pixels of a whole raster drawn only where it shows: smaller drawings are
    /// rasterized whole (one raster serving wherever they move).
    static let partialMinimumPixels: CGFloat = 262_144

    /// What is drawn.
    enum Paint {
        /// A path with `style`: filled when `fill` is set, stroked where `stroke` says.
        case path(fill: CGPath?, style: Style)
        /// A gradient layer's gradient over its bounds, rasterized at no more than `cap`
        /// pixels per unit.
        ///
        /// While the drawing is new it is rasterized at no more than `coarse` pixels per unit;
        /// drawn a `settlingDraws`-th time, it stands still, at no more than `cap`.
        case gradient(GradientPaint, cap: CGFloat, coarse: CGFloat)
    }
    let paint: Paint
    /// The stroked part of the path: a trim to part of it is measured when first drawn, not
    /// when the layer displays (a shape layer whose trim animates is drawn from its presented
    /// values, never from the model's, and measuring a path's length is most of displaying it).
    private var strokePath: CGPath? {
        stroke.withLock { part in
            if case .trim(let path, let start, let end) = part { part = .path(path.trimmed(from: start, to: end)) }
            guard case .path(let path) = part else { return nil }
            return path
        }
    }
    private enum StrokePart {
        case none
        case path(CGPath)
        case trim(CGPath, start: CGFloat, end: CGFloat)
    }
    /// Behind a lock: `render(in:)` may draw a model layer's drawing while flattening draws it.
    private let stroke: Mutex<StrokePart>
    /// The part of the layer's coordinates the drawing may cover (on whole points; a
    /// gradient's bounds exactly).
    package let extent: CGRect
    /// The drawing's own rasters (of its trimmed stroke, when it is not trimmed where drawn).
    let rasters = Rasters()
    /// For a stroke alone, without dashes, trimmed to part of the path: what the drawings of
    /// the same path and style share.
    let trimming: Trimming?
    /// How many rasters were drawn for the drawing (for tests and benchmarks): of the whole
    /// stroke, for every trim, when its stroke is trimmed where it is drawn.
    package var rasterCount: Int {
        guard let trimming, trimming.isInUse else { return rasters.count }
        return trimming.rasters.count
    }
    /// What a path drawing was made of (`drawsSame(as:)`; nil for a gradient).
    let made: (path: CGPath, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat)?

    /// A drawing of `path` with `style`, or nil when it draws nothing.
    init?(path: CGPath?, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat) {
        guard let path, !path.isEmpty, let copy = path.copy() else { return nil }
        made = (copy, style, strokeStart, strokeEnd)
        let strokes = style.stroke.map { $0.alpha > 0 } == true && style.lineWidth > 0
        let fillPath = style.fill.map { $0.alpha > 0 } == true ? copy : nil
        // Whether a trim leaves anything is known when it is measured: a path of no length
        // trimmed to part of it makes a drawing that draws nothing (it made none).
        let (start, end) = Self.unitTrim(strokeStart, strokeEnd)
        let part: StrokePart =
            !strokes || end <= start
            ? .none : start <= 0 && end >= 1 ? .path(copy) : .trim(copy, start: start, end: end)
        if case .none = part, fillPath == nil { return nil }
        stroke = Mutex(part)
        paint = .path(fill: fillPath, style: style)
        if case .trim = part, fillPath == nil, style.dashLengths.isEmpty {
            trimming = Trimming(path: copy, lineWidth: style.lineWidth)
        } else {
            trimming = nil
        }
        // What the stroke reaches past the path (its longest miter, a square cap's corner), and
        // a line width at least.
        let reach = copy.strokeReach(
            lineWidth: style.lineWidth, lineCap: style.lineCap, lineJoin: style.lineJoin, miterLimit: style.miterLimit)
        let margin = strokes ? max(style.lineWidth, reach) : 0
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

    /// A drawing of `gradient` over its bounds, or nil when it draws nothing (no colours, or
    /// bounds empty or not finite).
    init?(gradient: GradientPaint) {
        let b = gradient.bounds
        guard !gradient.colors.isEmpty, b.width > 0, b.height > 0,
            b.minX.isFinite, b.minY.isFinite, b.width.isFinite, b.height.isFinite
        else { return nil }
        // A smooth gradient's only edges are the item's (clipped by the compositor at any
        // scale): drawn at no more than its layer's `contentsScale`, as its backing store was,
        // and magnified (a Lottie file scaled up four times drew its animated gradients with
        // sixteen times the pixels at the scale they landed at). While new, not more than draws
        // it within a level either (`GradientPaint.smoothScale`): a gradient whose colours or
        // points animate is a new drawing every frame, rasterized every frame. One with a seam
        // (conic) or a hard stop is drawn at the scale it lands at, as a path is.
        let cap = gradient.isSmooth ? gradient.scale : .infinity
        paint = .gradient(gradient, cap: cap, coarse: gradient.isSmooth ? min(cap, gradient.smoothScale) : cap)
        stroke = Mutex(.none)
        made = nil
        trimming = nil
        // The bounds exactly: its raster covers them (stretched by less than a pixel to whole
        // pixels), so that the item's content is its rect, as an image of the bounds is.
        extent = b
    }

    /// `strokeStart` and `strokeEnd` clamped to [0, 1], as the stroke is trimmed.
    static func unitTrim(_ start: CGFloat, _ end: CGFloat) -> (start: CGFloat, end: CGFloat) {
        (min(max(start, 0), 1), min(max(end, 0), 1))
    }

    /// Whether `other` draws the same pixels: made of the same path point for point, style
    /// and trim, or of the same gradient.
    func drawsSame(as other: ShapeDrawing) -> Bool {
        if let b = other.made {
            return draws(path: b.path, style: b.style, strokeStart: b.strokeStart, strokeEnd: b.strokeEnd)
        }
        if case .gradient(let a, _, _) = paint, case .gradient(let b, _, _) = other.paint { return a == b }
        return false
    }

    /// Whether this is the drawing `init(path:style:strokeStart:strokeEnd:)` makes of these
    /// (asked before making one, which measures the path).
    func draws(path: CGPath?, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat) -> Bool {
        guard let made, let path else { return false }
        return made.strokeStart == strokeStart && made.strokeEnd == strokeEnd && made.style == style
            && made.path == path
    }

    /// `base`'s path and style trimmed to `start`…`end` (in [0, 1]), sharing `trimming`
    /// (`retrimmed`).
    init(
        trimming: Trimming, of base: ShapeDrawing,
        made: (path: CGPath, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat), start: CGFloat, end: CGFloat
    ) {
        self.trimming = trimming
        self.made = made
        paint = base.paint
        extent = base.extent
        stroke = Mutex(.trim(made.path, start: start, end: end))
    }

    /// The raster of the drawing for `pixelsPerUnit` pixels per unit of the layer's
    /// coordinates: an image and the part of the layer it covers (for a stroke trimmed where
    /// it is drawn, the whole stroke and the trim); nil when nothing can be drawn or nothing
    /// of it shows.
    ///
    /// - `origin`: where the layer's origin lands, in pixels, when the layer lands on the pixel
    ///   grid with no more than `pixelsPerUnit` and an offset; the raster is then aligned with
    ///   the pixels unless the drawing moves (see the type's comment).
    /// - `showing`: the part of the layer's coordinates that may show, when it is known; a
    ///   large drawing is then rasterized only there (see the type's comment).
    /// - `trimWhereDrawn`: false to rasterize a trimmed stroke trimmed even where it could be
    ///   trimmed where drawn (in a mask, which is then one plain image).
    package func raster(
        pixelsPerUnit: CGFloat, origin: CGPoint? = nil, showing: CGRect? = nil, trimWhereDrawn: Bool = true
    ) -> Rasterized? {
        let trimmed = trimWhereDrawn && trimming?.isInUse == true ? trimming : nil
        let store = trimmed?.rasters ?? rasters
        store.clock &+= 1
        var shown: CGRect?
        if let showing {
            let r = showing.intersection(extent)
            guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
            shown = r
        }
        let grid: Grid
        if case .gradient(_, let cap, let coarse) = paint {
            grid = Grid(scale: Self.quantized(min(pixelsPerUnit, store.clock < Self.settlingDraws ? coarse : cap)))
        } else if let origin, let aligned = alignedGrid(pixelsPerUnit, origin) {
            store.moves = store.lastAlignedGrid == aligned ? 0 : min(store.moves + 1, 3)
            store.lastAlignedGrid = aligned
            grid = store.moves <= 2 ? aligned : latticeGrid(Self.quantized(pixelsPerUnit))
        } else {
            grid = latticeGrid(Self.quantized(pixelsPerUnit))
        }
        guard let raster = cached(grid, shown, store) ?? make(grid, shown, store, trimmed) else { return nil }
        var out = Rasterized(image: raster.image, rect: raster.rect)
        if let trimmed, let lengths = raster.lengths, let centerline = trimmed.centerline {
            trim(centerline, lengths, into: &out)
        }
        return out
    }

    /// The drawing rasterized at `requested` pixels per unit (less when the limits say so), on
    /// a pixel grid `phase` pixels before the extent's corner, over `window` (part of the
    /// extent) or the whole extent; the whole stroke, untrimmed, when `whole`.
    func draw(at requested: CGFloat, phase: CGPoint, window: CGRect?, whole: Bool = false) -> (CGImage, CGRect)? {
        let region = window ?? extent
        // The grid's pixel corner at or before the extent's corner.
        let anchor = CGPoint(x: extent.minX - phase.x / requested, y: extent.minY - phase.y / requested)
        // The size to cover, from the anchor for the whole extent.
        let w = window?.width ?? extent.width + phase.x / requested
        let h = window?.height ?? extent.height + phase.y / requested
        guard w > 0, h > 0 else { return nil }
        let limit = min(Self.maximumSide / w, Self.maximumSide / h, (Self.maximumPixels / (w * h)).squareRoot())
        var scale = requested, pw = 0, ph = 0, corner = window?.origin ?? anchor
        // Whole pixels from the grid's anchor to the raster's corner (nil: off the grid).
        var shift: CGPoint? = .zero
        if requested > limit {
            // Whole pixels within the limits, at a scale that still covers the region.
            (pw, ph) = (Int((w * limit).rounded(.down)), Int((h * limit).rounded(.down)))
            scale = min(CGFloat(pw) / w, CGFloat(ph) / h)
            shift = nil
        } else if let window {
            // From the grid's pixel that holds the window's corner.
            let kx = ((window.minX - anchor.x) * scale).rounded(.down)
            let ky = ((window.minY - anchor.y) * scale).rounded(.down)
            corner = CGPoint(x: anchor.x + kx / scale, y: anchor.y + ky / scale)
            shift = CGPoint(x: kx, y: ky)
            pw = Int(((window.maxX - corner.x) * scale).rounded(.up))
            ph = Int(((window.maxY - corner.y) * scale).rounded(.up))
        } else {
            (pw, ph) = (Int((w * scale).rounded(.up)), Int((h * scale).rounded(.up)))
        }
        if case .gradient = paint {
            // Covering the region exactly (see `init(gradient:)`; never aligned, so no phase).
            guard pw > 0, ph > 0, let ctx = CGContext.bitmap(width: pw, height: ph) else { return nil }
            ctx.scaleBy(x: CGFloat(pw) / region.width, y: CGFloat(ph) / region.height)
            ctx.translateBy(x: -region.minX, y: -region.minY)
            draw(in: ctx)
            return ctx.makeImage().map { ($0, region) }
        }
        guard scale > 0, pw > 0, ph > 0 else { return nil }
        let rect = CGRect(x: corner.x, y: corner.y, width: CGFloat(pw) / scale, height: CGFloat(ph) / scale)
        if case .path(let fillPath?, let style) = paint, let fill = style.fill, style.fillRule == .winding,
            style.stroke == nil || strokePath == nil,
            let image = PathFill.image(
                of: fillPath, color: fill.rgba, width: pw, height: ph, scale: scale,
                origin: shift == nil ? corner : anchor,
                shift: shift ?? .zero)
        {
            // A plain fill, without cairo (PathFill: the same picture for a fraction of the cost).
            return (image, rect)
        }
        guard let ctx = CGContext.bitmap(width: pw, height: ph, scale: shift == nil ? scale : 1) else { return nil }
        if let shift {
            // The whole raster's matrix moved by whole pixels: a part draws the whole's pixels
            // (up to rounding at its edges).
            ctx.baseScale = scale
            ctx.concatenate(
                CGAffineTransform(
                    a: scale, b: 0, c: 0, d: scale, tx: -(scale * anchor.x) - shift.x, ty: -(scale * anchor.y) - shift.y
                ))
        } else {
            ctx.translateBy(x: -corner.x, y: -corner.y)
        }
        if whole, case .path(let fillPath, let style) = paint, let path = made?.path {
            drawPath(filling: fillPath, style, stroking: path, in: ctx)
        } else {
            draw(in: ctx)
        }
        guard let image = ctx.makeImage() else { return nil }
        return (image, rect)
    }

    /// Fills and strokes the path (or paints the gradient) into `ctx`, whose user space is the
    /// layer's coordinates (vectors: sharp at any scale; `CALayer.render(in:)` draws with it
    /// too).
    package func draw(in ctx: CGContext) {
        switch paint {
        case .gradient(let gradient, _, _): gradient.draw(in: ctx)
        case .path(let fill, let style): drawPath(filling: fill, style, stroking: strokePath, in: ctx)
        }
    }

    private func drawPath(filling fillPath: CGPath?, _ style: Style, stroking strokePath: CGPath?, in ctx: CGContext) {
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
