/// Drawing glyphs into a `CGContext` as Core Graphics and Core Text do (#11): `CTLineDraw`,
/// `CTRunDraw`, `CTFrameDraw`, `CTFontDrawGlyphs` and `showGlyphs(_:at:)`, with the text
/// drawing mode, font and size of the graphics state.
///
/// - Glyphs are placed in text space (y up, as Core Graphics' fonts), which the `textMatrix`
///   (whose translation is the `textPosition`) maps into the context's user space. So, as on
///   Apple's platforms, text drawn with the identity text matrix into a y-down context (the
///   ones `draw(in:)` gets, like iOS's) comes out upside down, and code flips the context
///   first (`translateBy(x: 0, y: bounds.height); scaleBy(x: 1, y: -1)`) to draw it upright;
///   in a y-up context (a flipped layer's, or after that flip) it is upright.
/// - Glyphs are filled with their run's colour (the context's fill colour for
///   `showGlyphs(_:at:)`, `CTFontDrawGlyphs` and runs with
///   `kCTForegroundColorFromContextAttributeName`) and stroked with the context's stroke colour
///   and line settings, in user space; the context's alpha, blend mode, clip and shadow apply.
/// - `CTLineDraw` moves the text position to the end of the line (its typographic width along
///   the text matrix's x axis); `CTRunDraw`, `showGlyphs(_:at:)` and `CTFontDrawGlyphs` leave it.
import CCairo
import Foundation

/// Glyphs of one font to draw: pango glyph values and their positions in text space.
struct GlyphRun {
    /// The font.
    var font: CTFont
    /// The glyphs (pango values; empty and unknown glyphs draw nothing).
    var glyphs: [UInt32]
    /// Each glyph's origin in text space (y up).
    var positions: [CGPoint]
    /// The fill colour, or nil for the context's.
    var color: RGBA?
}

extension CGContext {
    /// Sets how text is drawn: filled, stroked, both, not at all, and whether it joins the clip
    /// (part of the graphics state; `.fill` at first).
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.textDrawingMode = mode }

    /// Sets the extra space between characters that Core Graphics' text showing without
    /// positions adds (part of the graphics state).
    ///
    /// - glayers keeps it; nothing it draws uses it: Core Text and `showGlyphs(_:at:)` place
    ///   every glyph at its own position, as on Apple's platforms.
    public func setCharacterSpacing(_ spacing: CGFloat) { state.characterSpacing = spacing.isFinite ? spacing : 0 }

    /// Sets the font `showGlyphs(_:at:)` draws with (part of the graphics state).
    public func setFont(_ font: CGFont) { state.font = font }

    /// Sets the size of that font in text-space units (part of the graphics state; 12 at first).
    public func setFontSize(_ size: CGFloat) { if size.isFinite, size > 0 { state.fontSize = size } }

    /// Draws `glyphs` of the context's font and size at `positions` in text space (through the
    /// text matrix), filled with the fill colour; extra glyphs or positions are ignored.
    ///
    /// - Nothing is drawn before `setFont(_:)`.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        guard let font = state.font else { return }
        let n = min(glyphs.count, positions.count)
        drawGlyphs([
            GlyphRun(
                font: CTFont(name: font.name, size: state.fontSize), glyphs: glyphs.prefix(n).map(pangoGlyph),
                positions: Array(positions.prefix(n)), color: nil)
        ])
    }

    /// Draws glyph runs through the text matrix in the current text drawing mode.
    func drawGlyphs(_ runs: [GlyphRun]) {
        let mode = state.textDrawingMode
        let tm = storedTextMatrix
        guard !state.singular, mode != .invisible, !runs.isEmpty,
            [tm.a, tm.b, tm.c, tm.d, tm.tx, tm.ty].allSatisfy(\.isFinite), tm.a * tm.d - tm.b * tm.c != 0
        else { return }
        PangoSession.shared.withContext { (session: PangoSession) -> Void in
            let fonts = runs.map { session.loadedFont($0.font)?.scaledFont }
            if mode.fills || mode.strokes {
                withScratchPath {
                    paint {
                        for (run, scaled) in zip(runs, fonts) {
                            guard let scaled else { continue }
                            draw(run, font: scaled, mode: mode, textMatrix: tm)
                        }
                    }
                }
            }
            if mode.clips {
                withScratchPath {
                    for (run, scaled) in zip(runs, fonts) {
                        guard let scaled else { continue }
                        inTextSpace(tm, font: scaled) { glyphPath(run) }
                    }
                    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                    cairo_clip(cr)
                }
            }
        }
    }

    /// Draws one run (inside `paint`).
    private func draw(_ run: GlyphRun, font: OpaquePointer, mode: CGTextDrawingMode, textMatrix: CGAffineTransform) {
        let fill = run.color ?? state.fill
        if mode.fills && !mode.strokes {
            setSource(fill)
            inTextSpace(textMatrix, font: font) {
                var glyphs = cairoGlyphs(run)
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            }
            return
        }
        // The outlines, filled and stroked in user space (the line width is the user's).
        inTextSpace(textMatrix, font: font) { glyphPath(run) }
        if mode.fills {
            setSource(fill)
            cairo_fill_preserve(cr)
        }
        if mode.strokes {
            setSource(state.stroke)
            strokePreservingPath()
        }
        cairo_new_path(cr)
    }

    /// Runs `body` with cairo's matrix mapping text space (y up, through `textMatrix`) and with
    /// `font` set, then puts the matrix and font back.
    private func inTextSpace(_ textMatrix: CGAffineTransform, font: OpaquePointer, _ body: () -> Void) {
        cairo_save(cr)
        var m = cairo_matrix_t(
            xx: textMatrix.a, yx: textMatrix.b, xy: textMatrix.c, yy: textMatrix.d, x0: textMatrix.tx,
            y0: textMatrix.ty)
        cairo_transform(cr, &m)
        cairo_scale(cr, 1, -1)  // cairo's glyphs are y down; text space is y up.
        cairo_set_scaled_font(cr, font)
        body()
        cairo_restore(cr)  // the path cairo keeps in device space stays
    }

    /// Adds the run's glyph outlines to the current path (in text space).
    private func glyphPath(_ run: GlyphRun) {
        var glyphs = cairoGlyphs(run)
        cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
    }

    /// The run's drawable glyphs for cairo, at their positions in cairo's y-down text space.
    private func cairoGlyphs(_ run: GlyphRun) -> [cairo_glyph_t] {
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(run.glyphs.count)
        for (g, p) in zip(run.glyphs, run.positions)
        where g != 0x0FFF_FFFF && g & 0x1000_0000 == 0 && p.x.isFinite && p.y.isFinite {
            glyphs.append(cairo_glyph_t(index: UInt(g), x: Double(p.x), y: -Double(p.y)))
        }
        return glyphs
    }
}

/// Draws `line` with its baseline's left end at the context's text position, through the text
/// matrix, in the context's text drawing mode; then moves the text position to the line's end.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    context.drawGlyphs(line.runs.map(glyphRun))
    let m = context.textMatrix
    context.textPosition.x += m.a * line.width
    context.textPosition.y += m.b * line.width
}

/// Draws the glyphs of `range` of `run` (a length of 0: to the end) at the context's text
/// position, as `CTLineDraw` draws them; the text position stays.
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    let indices = range.resolved(count: run.rawGlyphs.count)
    var part = glyphRun(run)
    part.glyphs = Array(part.glyphs[indices])
    part.positions = Array(part.positions[indices])
    context.drawGlyphs([part])
}

/// Draws the frame's lines, each at its origin plus the path's bounding box origin (set as the
/// text position), through the text matrix.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    let box = frame.path.boundingBoxOfPath
    let base = box.isNull ? CGPoint.zero : box.origin
    for (line, origin) in zip(frame.lines, frame.origins) {
        context.textPosition = CGPoint(x: base.x + origin.x, y: base.y + origin.y)
        CTLineDraw(line, context)
    }
}

/// Draws `count` glyphs of `font` at `positions` in text space (through the text matrix),
/// filled with the context's fill colour.
public func CTFontDrawGlyphs(
    _ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>, _ count: Int,
    _ context: CGContext
) {
    guard count > 0 else { return }
    context.drawGlyphs([
        GlyphRun(
            font: font, glyphs: UnsafeBufferPointer(start: glyphs, count: count).map(pangoGlyph),
            positions: Array(UnsafeBufferPointer(start: positions, count: count)), color: nil)
    ])
}

/// A run's glyphs as the context draws them.
private func glyphRun(_ run: CTRun) -> GlyphRun {
    GlyphRun(font: run.font, glyphs: run.rawGlyphs, positions: Array(run.positions), color: run.color)
}

/// The pango value of a glyph index (`kCGFontIndexInvalid`: pango's empty glyph).
private func pangoGlyph(_ glyph: CGGlyph) -> UInt32 { glyph == kCGFontIndexInvalid ? 0x0FFF_FFFF : UInt32(glyph) }
