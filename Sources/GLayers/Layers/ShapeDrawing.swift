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

    /// One raster: `image` covers `rect` of the layer's coordinates.
    private struct Raster {
        var grid: Grid
        var image: CGImage
        var rect: CGRect
        /// Whether it covers only part of the extent (`rect`, what showed and a margin).
        var partial: Bool
        var lastUse: UInt64
        /// For a raster of a whole stroke trimmed where it is drawn: the lengths along the path
        /// at its pixels (`StrokeCenterline.lengths`).
        var lengths: CGImage? = nil
    }

    /// The rasters kept of a drawing, and what decides the grid of the next one.
    private final class Rasters {
        var kept: [Raster] = []
        var clock: UInt64 = 0
        /// How many times in a row the drawing landed on another grid than the time before (it
        /// moves once this is over 2).
        var moves = 0
        /// The aligned grid asked for last.
        var lastAlignedGrid: Grid?
        /// How many rasters were drawn.
        var count = 0
    }

    /// What the drawings of one path stroked in one style (no fill, no dashes), trimmed to
    /// different parts of it, share (a shape layer whose `strokeStart` or `strokeEnd` animates
    /// makes such a drawing at every frame: `retrimmed(…)`): the path's centre line, measured
    /// when first needed, and, once the trim changes and when the stroke does not overlap
    /// itself, the rasters of the whole stroke, which each frame shows trimmed where it is
    /// drawn (docs/renderer.md, "Trimmed strokes"), so that nothing is rasterized while only
    /// the trim changes.
    private final class Trimming {
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
    private enum Paint {
        /// A path with `style`: filled when `fill` is set, stroked where `stroke` says.
        case path(fill: CGPath?, style: Style)
        /// A gradient layer's gradient over its bounds, rasterized at no more than `cap`
        /// pixels per unit.
        ///
        /// While the drawing is new it is rasterized at no more than `coarse` pixels per unit;
        /// drawn a `settlingDraws`-th time, it stands still, at no more than `cap`.
        case gradient(GradientPaint, cap: CGFloat, coarse: CGFloat)
    }
    private let paint: Paint
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
    private let rasters = Rasters()
    /// For a stroke alone, without dashes, trimmed to part of the path: what the drawings of
    /// the same path and style share.
    private let trimming: Trimming?
    /// How many rasters were drawn for the drawing (for tests and benchmarks): of the whole
    /// stroke, for every trim, when its stroke is trimmed where it is drawn.
    package var rasterCount: Int {
        guard let trimming, trimming.isInUse else { return rasters.count }
        return trimming.rasters.count
    }
    /// What a path drawing was made of (`drawsSame(as:)`; nil for a gradient).
    private let made: (path: CGPath, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat)?

    /// A drawing of `path` with `style`, or nil when it draws nothing.
    init?(path: CGPath?, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat) {
        guard let path, !path.isEmpty, let copy = path.copy() else { return nil }
        made = (copy, style, strokeStart, strokeEnd)
        let strokes = style.stroke.map { $0.alpha > 0 } == true && style.lineWidth > 0
        let fillPath = style.fill.map { $0.alpha > 0 } == true ? copy : nil
        // Whether a trim leaves anything is known when it is measured: a path of no length
        // trimmed to part of it makes a drawing that draws nothing (it made none).
        let start = min(max(strokeStart, 0), 1), end = min(max(strokeEnd, 0), 1)
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

    /// What stands for `self`, drawn after `last`: `last` when it draws the same, the drawing of
    /// `last`'s stroke trimmed as `self` sharing `last`'s rasters (`retrimmed`), or nil.
    func reusing(_ last: ShapeDrawing) -> ShapeDrawing? {
        if drawsSame(as: last) { return last }
        guard let made else { return nil }
        return last.retrimmed(
            path: made.path, style: made.style, strokeStart: made.strokeStart, strokeEnd: made.strokeEnd)
    }

    /// The drawing of this drawing's path and style with its stroke trimmed to
    /// `strokeStart`…`strokeEnd`, sharing its rasters of the whole stroke: nil unless `path`
    /// and `style` are this drawing's and its stroke is trimmed where it is drawn (see
    /// `Trimming`), and the new trim cuts the path too.
    func retrimmed(path: CGPath?, style: Style, strokeStart: CGFloat, strokeEnd: CGFloat) -> ShapeDrawing? {
        let start = min(max(strokeStart, 0), 1), end = min(max(strokeEnd, 0), 1)
        guard let trimming, let made, let path, end > start, start > 0 || end < 1, made.style == style,
            made.path == path, trimming.isUsable
        else { return nil }
        trimming.changes = true
        return ShapeDrawing(
            trimming: trimming, of: self, made: (made.path, style, strokeStart, strokeEnd), start: start, end: end)
    }

    /// `base`'s path and style trimmed to `start`…`end` (in [0, 1]), sharing `trimming`.
    private init(
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
            grid = store.moves <= 2 ? aligned : Grid(scale: Self.quantized(pixelsPerUnit))
        } else {
            grid = Grid(scale: Self.quantized(pixelsPerUnit))
        }
        guard let raster = cached(grid, shown, store) ?? make(grid, shown, store, trimmed) else { return nil }
        var out = Rasterized(image: raster.image, rect: raster.rect)
        if let trimmed, let lengths = raster.lengths, let centerline = trimmed.centerline {
            trim(centerline, lengths, into: &out)
        }
        return out
    }

    /// Sets the drawing's trim of the raster of its whole stroke in `out` (`StrokeTrim`, in
    /// texels along the path): a cut end of the path has the line's cap (a square cap half a
    /// width further); an open path's own ends are not cut. When the trimmed stroke covers
    /// under nine tenths of the raster, only the texels around it (and two more) are drawn.
    private func trim(_ centerline: StrokeCenterline, _ lengths: CGImage, into out: inout Rasterized) {
        guard let made, case .path(_, let style) = paint else { return }
        let w = CGFloat(out.image.width), h = CGFloat(out.image.height)
        let sx = w / out.rect.width, sy = h / out.rect.height
        // Along the path, in units, then in texels.
        let total = centerline.total, half = style.lineWidth / 2
        let start = min(max(made.strokeStart, 0), 1), end = min(max(made.strokeEnd, 0), 1)
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

    /// The grid of a raster aligned with the pixels when the layer's origin lands at `origin`.
    private func alignedGrid(_ scale: CGFloat, _ origin: CGPoint) -> Grid? {
        guard scale.isFinite, scale > 0, origin.x.isFinite, origin.y.isFinite else { return nil }
        let x = scale * extent.minX + origin.x, y = scale * extent.minY + origin.y
        return Grid(scale: scale, phase: CGPoint(x: x - x.rounded(.down), y: y - y.rounded(.down)))
    }

    /// A kept raster on `grid` that covers `shown` (the whole extent when nil).
    private func cached(_ grid: Grid, _ shown: CGRect?, _ store: Rasters) -> Raster? {
        guard
            let i = store.kept.firstIndex(where: {
                $0.grid == grid && (!$0.partial || shown.map($0.rect.contains) == true)
            })
        else { return nil }
        store.kept[i].lastUse = store.clock
        return store.kept[i]
    }

    /// Draws a raster on `grid` covering `shown` (or the whole extent) and keeps it, in place
    /// of the one used least recently; of the whole stroke, with its lengths, when `trimmed`.
    private func make(_ grid: Grid, _ shown: CGRect?, _ store: Rasters, _ trimmed: Trimming?) -> Raster? {
        let window = shown.flatMap { part(showing: $0, at: grid, store) }
        guard
            let (image, rect) = draw(at: grid.scale, phase: grid.phase ?? .zero, window: window, whole: trimmed != nil)
        else { return nil }
        var entry = Raster(grid: grid, image: image, rect: rect, partial: window != nil, lastUse: store.clock)
        if let trimmed, let centerline = trimmed.centerline {
            let scale = CGFloat(image.width) / rect.width
            guard
                let lengths = centerline.lengths(
                    width: image.width, height: image.height, scale: scale, origin: rect.origin, coverage: image)
            else {
                // Lengths that do not fit their image: the trimmed stroke, rasterized.
                trimmed.failed = true
                return cached(grid, shown, rasters) ?? make(grid, shown, rasters, nil)
            }
            entry.lengths = lengths
        }
        store.count += 1
        if store.kept.count < Self.capacity {
            store.kept.append(entry)
        } else if let oldest = store.kept.indices.min(by: { store.kept[$0].lastUse < store.kept[$1].lastUse }) {
            store.kept[oldest] = entry
        }
        return entry
    }

    /// The part of the extent to rasterize on `grid` when `shown` shows, or nil for the whole
    /// extent: what shows and two pixels when it is under half of a whole raster of at least
    /// `partialMinimumPixels`; half as much again on each side when a partial raster on the
    /// same grid no longer covers what shows (the drawing moves).
    private func part(showing shown: CGRect, at grid: Grid, _ store: Rasters) -> CGRect? {
        let pixelsPerArea = grid.scale * grid.scale
        let whole = extent.width * extent.height * pixelsPerArea
        guard whole >= Self.partialMinimumPixels, shown.width * shown.height * pixelsPerArea < whole / 2 else {
            return nil
        }
        let moving = store.kept.contains { $0.partial && $0.grid == grid }
        let dx = moving ? shown.width / 2 : 2 / grid.scale, dy = moving ? shown.height / 2 : 2 / grid.scale
        let window = shown.insetBy(dx: -dx, dy: -dy).intersection(extent)
        return window.isNull || window.width <= 0 || window.height <= 0 ? nil : window
    }

    /// `s` rounded up to a half-octave step (2^(k/2)) in [1/16, 64]; a scale a hair above a step
    /// (rotations measure 1.0000001) stays on it.
    static func quantized(_ s: CGFloat) -> CGFloat {
        guard s.isFinite, s > 0 else { return 1 }
        let steps = (2 * log2(s) - 1e-3).rounded(.up)
        return pow(2, min(max(steps, -8), 12) / 2)
    }

    /// The drawing rasterized at `requested` pixels per unit (less when the limits say so), on
    /// a pixel grid `phase` pixels before the extent's corner, over `window` (part of the
    /// extent) or the whole extent; the whole stroke, untrimmed, when `whole`.
    private func draw(at requested: CGFloat, phase: CGPoint, window: CGRect?, whole: Bool = false) -> (CGImage, CGRect)?
    {
        let region = window ?? extent
        // The grid's pixel corner at or before the extent's corner.
        let anchor = CGPoint(x: extent.minX - phase.x / requested, y: extent.minY - phase.y / requested)
        // The size to cover, from the anchor for the whole extent.
        let w = window?.width ?? extent.width + phase.x / requested
        let h = window?.height ?? extent.height + phase.y / requested
        guard w > 0, h > 0 else { return nil }
        let limit = min(Self.maximumSide / w, Self.maximumSide / h, (Self.maximumPixels / (w * h)).squareRoot())
        var scale = requested, pw = 0, ph = 0, corner = window?.origin ?? anchor
        if requested > limit {
            // Whole pixels within the limits, at a scale that still covers the region.
            (pw, ph) = (Int((w * limit).rounded(.down)), Int((h * limit).rounded(.down)))
            scale = min(CGFloat(pw) / w, CGFloat(ph) / h)
        } else if let window {
            // From the grid's pixel that holds the window's corner.
            let kx = ((window.minX - anchor.x) * scale).rounded(.down)
            let ky = ((window.minY - anchor.y) * scale).rounded(.down)
            corner = CGPoint(x: anchor.x + kx / scale, y: anchor.y + ky / scale)
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
                of: fillPath, color: fill.rgba, width: pw, height: ph, scale: scale, origin: corner)
        {
            // A plain fill, without cairo (PathFill: the same picture for a fraction of the cost).
            return (image, rect)
        }
        guard let ctx = CGContext.bitmap(width: pw, height: ph, scale: scale) else { return nil }
        ctx.translateBy(x: -corner.x, y: -corner.y)
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
