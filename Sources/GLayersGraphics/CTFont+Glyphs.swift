/// Core Text's glyph functions on `CTFont`: glyphs of characters, their outlines, advances and
/// bounding boxes, and the font's ascent, descent and leading (#11).
///
/// A `CTFont` loads the font fontconfig resolves its name to through pango, at its size, the
/// first time one of these is called (`LoadedFont`); glyph indices are that font file's and
/// outlines and metrics come from cairo's FreeType font, unhinted. Text space is Core
/// Graphics': y up, the origin on the baseline.
import CCairo
import Foundation

/// A pango font held by a `CTFont`: one reference, released under the pango lock.
final class LoadedFont: @unchecked Sendable {
    /// The font (a `PangoCairoFont`).
    let font: UnsafeMutablePointer<PangoFont>

    /// Takes over the reference the caller holds.
    init(adopting font: UnsafeMutablePointer<PangoFont>) { self.font = font }

    /// Takes a reference of its own.
    convenience init(retaining font: UnsafeMutablePointer<PangoFont>) {
        g_object_ref(UnsafeMutableRawPointer(font))
        self.init(adopting: font)
    }

    deinit {
        let font = self.font
        PangoSession.shared.withContext { _ in g_object_unref(UnsafeMutableRawPointer(font)) }
    }

    /// cairo's font for it (owned by the pango font). Call under the pango lock.
    var scaledFont: OpaquePointer? { pango_cairo_font_get_scaled_font(OpaquePointer(font)) }

    /// The font's description without its size ("DejaVu Sans Bold"). Call under the pango lock.
    var name: String {
        guard let description = pango_font_describe(font) else { return "Sans" }
        defer { pango_font_description_free(description) }
        pango_font_description_unset_fields(description, PANGO_FONT_MASK_SIZE)
        guard let text = pango_font_description_to_string(description) else { return "Sans" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// What tells two pango fonts apart for Core Text: the font's description with its size
    /// ("DejaVu Sans 18px"). Call under the pango lock.
    static func key(of font: UnsafeMutablePointer<PangoFont>) -> String {
        guard let description = pango_font_describe_with_absolute_size(font) else { return "" }
        defer { pango_font_description_free(description) }
        guard let text = pango_font_description_to_string(description) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Ascent, descent and leading (line gap) in points. Call under the pango lock.
    var metrics: (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        guard let scaled = scaledFont else { return (0, 0, 0) }
        var e = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &e)
        return (CGFloat(e.ascent), CGFloat(e.descent), CGFloat(max(0, e.height - e.ascent - e.descent)))
    }

    /// Runs `body` with a scratch cairo context whose font is this one at the identity CTM.
    func withScratch<R>(_ fallback: R, _ body: (OpaquePointer) -> R) -> R {
        guard let scaled = scaledFont, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else {
            return fallback
        }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return fallback }
        defer { cairo_destroy(cr) }
        cairo_set_scaled_font(cr, scaled)
        return body(cr)
    }

    /// The glyph's outline in text space (y up), or nil when it has none.
    func path(of glyph: UInt32) -> CGPath? {
        withScratch(nil) { cr -> CGPath? in
            var g = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
            cairo_glyph_path(cr, &g, 1)
            guard let copied = cairo_copy_path(cr) else { return nil }
            defer { cairo_path_destroy(copied) }
            let path = CGMutablePath()
            guard copied.pointee.status == CAIRO_STATUS_SUCCESS, let data = copied.pointee.data else { return nil }
            let count = Int(copied.pointee.num_data)
            var i = 0
            func point(_ k: Int) -> CGPoint {
                let p = data[min(i + k, count - 1)].point
                return CGPoint(x: p.x, y: -p.y)
            }
            while i < count {
                let header = data[i].header
                switch header.type {
                case CAIRO_PATH_MOVE_TO: path.move(to: point(1))
                case CAIRO_PATH_LINE_TO: path.addLine(to: point(1))
                case CAIRO_PATH_CURVE_TO: path.addCurve(to: point(3), control1: point(1), control2: point(2))
                default: path.closeSubpath()
                }
                i += max(1, Int(header.length))
            }
            return path.isEmpty ? nil : path
        }
    }

    /// The glyph's advance and ink box in text space (y up).
    func extents(of glyph: UInt32) -> (advance: CGSize, box: CGRect) {
        guard let scaled = scaledFont else { return (.zero, .null) }
        var g = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var e = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaled, &g, 1, &e)
        let box =
            e.width > 0 && e.height > 0
            ? CGRect(x: e.x_bearing, y: -(e.y_bearing + e.height), width: e.width, height: e.height) : .zero
        return (CGSize(width: e.x_advance, height: -e.y_advance), box)
    }
}

extension PangoSession {
    /// The pango font `font` resolves to (loaded on first use). Call inside `withContext`.
    func loadedFont(_ font: CTFont) -> LoadedFont? {
        if let loaded = font.loaded { return loaded }
        guard let context, let fontMap, let description = fontDescription(font.name, size: font.size) else {
            return nil
        }
        defer { pango_font_description_free(description) }
        pango_context_set_matrix(context, nil)
        guard let made = pango_font_map_load_font(fontMap, context, description) else { return nil }
        let loaded = LoadedFont(adopting: made)
        font.loaded = loaded
        return loaded
    }
}

/// Runs `body` with the pango font of `font` under the pango lock; `fallback` when it cannot load.
func withLoadedFont<R>(_ font: CTFont, fallback: R, _ body: (LoadedFont) -> R) -> R {
    PangoSession.shared.withContext(
        { session in session.loadedFont(font).map(body) ?? fallback }, fallback: fallback)
}

/// The orientation of glyph metrics (Core Text's `CTFontOrientation`); glayers lays out
/// horizontally only.
public enum CTFontOrientation: UInt32, Sendable {
    /// The font's default (horizontal).
    case `default` = 0
    /// Horizontal.
    case horizontal = 1
    /// Vertical: glayers gives horizontal metrics.
    case vertical = 2
}

/// Fills `glyphs` with the glyph of each of the `count` UTF-16 `characters` in `font`'s own
/// font file (no fallback); returns whether every character has one.
///
/// - A character the font lacks gets glyph 0; the second unit of a surrogate pair gets 0, its
///   glyph going to the first, as Core Text does.
public func CTFontGetGlyphsForCharacters(
    _ font: CTFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex
) -> Bool {
    guard count > 0 else { return true }
    let units = Array(UnsafeBufferPointer(start: characters, count: count))
    return withLoadedFont(font, fallback: false) { loaded -> Bool in
        guard let scaled = loaded.scaledFont else { return false }
        var all = true
        var i = 0
        while i < count {
            var width = 1
            var scalar: Unicode.Scalar?
            if UTF16.isLeadSurrogate(units[i]), i + 1 < count, UTF16.isTrailSurrogate(units[i + 1]) {
                scalar = Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([units[i], units[i + 1]])).value)
                width = 2
            } else {
                scalar = Unicode.Scalar(units[i])
            }
            var glyph: CGGlyph = 0
            if let scalar {
                var list: UnsafeMutablePointer<cairo_glyph_t>?
                var n: Int32 = 0
                let status = cairo_scaled_font_text_to_glyphs(
                    scaled, 0, 0, String(Character(scalar)), -1, &list, &n, nil, nil, nil)
                if status == CAIRO_STATUS_SUCCESS, n > 0, let list, list[0].index <= 0xFFFE {
                    glyph = CGGlyph(list[0].index)
                }
                cairo_glyph_free(list)
            }
            if glyph == 0 { all = false }
            glyphs[i] = glyph
            if width == 2 { glyphs[i + 1] = 0 }
            i += width
        }
        return all
    }
}

/// The outline of `glyph` in `font`, in text space (y up, origin on the baseline at the
/// glyph's origin), mapped by `matrix` when one is given; nil for a glyph without an outline
/// (a space, a missing glyph index, a bitmap glyph).
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?)
    -> CGPath?
{
    guard glyph != kCGFontIndexInvalid,
        let path = withLoadedFont(font, fallback: nil, { $0.path(of: UInt32(glyph)) })
    else { return nil }
    guard let matrix else { return path }
    let mapped = CGMutablePath()
    mapped.addPath(path, transform: matrix.pointee)
    return mapped
}

/// Fills `advances` (when given) with the advance of each of the `count` glyphs and returns
/// their sum (horizontal metrics whatever the orientation).
@discardableResult
public func CTFontGetAdvancesForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex
) -> Double {
    guard count > 0 else { return 0 }
    return withLoadedFont(font, fallback: 0) { loaded -> Double in
        var total = 0.0
        for i in 0..<count {
            let advance = glyphs[i] == kCGFontIndexInvalid ? .zero : loaded.extents(of: UInt32(glyphs[i])).advance
            advances?[i] = advance
            total += Double(advance.width)
        }
        return total
    }
}

/// Fills `boundingRects` (when given) with the ink box of each of the `count` glyphs in text
/// space (y up; `.zero` for a glyph without ink) and returns their union.
@discardableResult
public func CTFontGetBoundingRectsForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex
) -> CGRect {
    guard count > 0 else { return .null }
    return withLoadedFont(font, fallback: .null) { loaded -> CGRect in
        var union = CGRect.null
        for i in 0..<count {
            let box = glyphs[i] == kCGFontIndexInvalid ? .zero : loaded.extents(of: UInt32(glyphs[i])).box
            boundingRects?[i] = box
            if !box.isEmpty { union = union.union(box) }
        }
        return union
    }
}

/// The font's ascent in points: from the baseline up to the top of its line.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat {
    withLoadedFont(font, fallback: 0) { $0.metrics.ascent }
}

/// The font's descent in points: from the baseline down to the bottom of its line (positive).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat {
    withLoadedFont(font, fallback: 0) { $0.metrics.descent }
}

/// The font's leading in points: the gap its designer puts between lines.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat {
    withLoadedFont(font, fallback: 0) { $0.metrics.leading }
}
