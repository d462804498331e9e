/// `CGContext`'s graphics state: save/restore, the current transformation matrix, colours,
/// line attributes, alpha, blend mode, antialiasing and interpolation quality.
import CCairo
import Foundation

extension CGContext {
    // MARK: - Save and restore

    /// Pushes a copy of the graphics state (CTM, clip, colours, line settings, alpha, blend mode…).
    public func saveGState() {
        saved.append(state)
        cairo_save(cr)
    }

    /// Pops the graphics state pushed by the matching `saveGState` (ignored when unbalanced,
    /// or when the matching save came before the open transparency layer began).
    public func restoreGState() {
        guard saved.count > (layers.last?.depth ?? 0), let top = saved.popLast() else { return }
        state = top
        cairo_restore(cr)
        applyAntialias()
    }

    // MARK: - Current transformation matrix

    /// The current transformation matrix, from user space to pixels (including the base scale).
    public var ctm: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// The transform from user space to device pixels (CoreGraphics' name for `ctm`).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    /// Prepends `transform` to the CTM: user-space points are mapped by it first.
    ///
    /// - A transform that makes the CTM singular or non-finite is not passed to cairo; nothing
    ///   draws until the graphics state is restored (as in CoreGraphics, where a zero scale
    ///   draws nothing).
    public func concatenate(_ transform: CGAffineTransform) {
        guard !state.singular else { return }
        let next = transform.concatenating(ctm)
        let det = next.a * next.d - next.b * next.c
        guard [next.a, next.b, next.c, next.d, next.tx, next.ty].allSatisfy(\.isFinite), det != 0, det.isFinite
        else {
            state.singular = true
            return
        }
        var m = cairo_matrix_t(
            xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
            x0: transform.tx, y0: transform.ty)
        cairo_transform(cr, &m)
    }

    /// Moves the origin of user space by `(x, y)`.
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }

    /// Scales user space by `(x, y)`.
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }

    /// Rotates user space by `angle` radians (+x toward +y: clockwise on screen, y being down).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// Rotates user space by `angle` radians (the spelling the glayers brief uses for `rotate(by:)`).
    public func rotateBy(_ angle: CGFloat) { rotate(by: angle) }

    /// `point` in user space mapped to device pixels.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }

    /// `point` in device pixels mapped to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }

    // MARK: - Text matrix

    /// The transform from text space to user space that Core Text drawing reads (identity at
    /// first).
    ///
    /// - As in Core Graphics it is not part of the graphics state: `saveGState` and
    ///   `restoreGState` leave it alone. `CTLineDraw`, `CTFrameDraw` and `showGlyphs(_:at:)`
    ///   map text space (y up) through it into user space.
    public var textMatrix: CGAffineTransform {
        get { storedTextMatrix }
        set { storedTextMatrix = newValue }
    }

    /// Where the next glyph would be drawn, in text space: the translation of `textMatrix`.
    public var textPosition: CGPoint {
        get { CGPoint(x: storedTextMatrix.tx, y: storedTextMatrix.ty) }
        set {
            storedTextMatrix.tx = newValue.x
            storedTextMatrix.ty = newValue.y
        }
    }

    // MARK: - Colours and alpha

    /// Sets the fill colour (black by default); colours are read as sRGB RGBA.
    public func setFillColor(_ color: CGColor) { state.fill = color.rgba }

    /// Sets the stroke colour (black by default).
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.rgba }

    /// Sets the fill colour from components in [0, 1].
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = RGBA(red, green, blue, alpha)
    }

    /// Sets the stroke colour from components in [0, 1].
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = RGBA(red, green, blue, alpha)
    }

    /// Sets the fill colour to a gray.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fill = RGBA(gray, gray, gray, alpha) }

    /// Sets the stroke colour to a gray.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.stroke = RGBA(gray, gray, gray, alpha) }

    /// The alpha `setAlpha(_:)` last set (glayers: Core Graphics keeps it private), for code that
    /// multiplies its own into it.
    package var globalAlpha: CGFloat { state.alpha }

    /// Sets how out-of-gamut colours are mapped: kept in the graphics state, without effect
    /// (glayers draws in sRGB and matches no colours; `CGColorRenderingIntent`).
    public func setRenderingIntent(_ intent: CGColorRenderingIntent) { state.renderingIntent = intent }

    /// Sets the global alpha (clamped to [0, 1]) that multiplies everything drawn.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 1 : min(1, max(0, alpha)) }

    /// Makes `color` (times the global alpha) cairo's source.
    func setSource(_ color: RGBA) {
        let c = color.clampedToUnit
        cairo_set_source_rgba(cr, Double(c.r), Double(c.g), Double(c.b), Double(c.a) * Double(state.alpha))
    }

    // MARK: - Lines

    /// Sets the stroke width in user-space units (1 by default; negative or NaN becomes 0).
    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cr, width.isFinite ? max(0, width) : 0) }

    /// Sets how line ends are drawn.
    public func setLineCap(_ cap: CGLineCap) { cairo_set_line_cap(cr, cap.cairo) }

    /// Sets how corners are drawn.
    public func setLineJoin(_ join: CGLineJoin) { cairo_set_line_join(cr, join.cairo) }

    /// Sets the miter limit (10 by default, as in CoreGraphics).
    public func setMiterLimit(_ limit: CGFloat) { if limit.isFinite { cairo_set_miter_limit(cr, max(1, limit)) } }

    /// Sets the dash pattern: alternating on and off lengths, starting `phase` into it.
    ///
    /// - An empty pattern, or one with a negative, non-finite or all-zero length, draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let valid =
            !lengths.isEmpty && lengths.allSatisfy { $0.isFinite && $0 >= 0 }
            && lengths.contains { $0 > 0 } && phase.isFinite
        guard valid else { return cairo_set_dash(cr, nil, 0, 0) }
        let dashes = lengths.map { Double($0) }
        cairo_set_dash(cr, dashes, Int32(dashes.count), Double(phase))
    }

    /// Sets how drawn colours combine with the destination (`.normal` by default).
    public func setBlendMode(_ mode: CGBlendMode) { cairo_set_operator(cr, mode.cairo) }

    // MARK: - Quality

    /// Sets how far, in device pixels, a flattened curve may stray from the true one (part of
    /// the graphics state; glayers starts at cairo's 0.1, finer than Core Graphics' default).
    ///
    /// - Values under 0.01 count as 0.01; NaN and infinity are ignored.
    public func setFlatness(_ flatness: CGFloat) {
        guard flatness.isFinite else { return }
        cairo_set_tolerance(cr, Double(max(0.01, flatness)))
    }

    /// Turns antialiasing of paths on or off (part of the graphics state; on by default).
    public func setShouldAntialias(_ should: Bool) {
        state.shouldAntialias = should
        applyAntialias()
    }

    /// Allows or forbids antialiasing for the whole context (not part of the graphics state).
    public func setAllowsAntialiasing(_ allows: Bool) {
        allowsAntialiasing = allows
        applyAntialias()
    }

    func applyAntialias() {
        cairo_set_antialias(
            cr, state.shouldAntialias && allowsAntialiasing ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    /// The quality of image scaling in `draw(_:in:)` (bilinear by default).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }
}
