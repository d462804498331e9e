/// Text layout and rasterisation for `CATextLayer` with pango, cairo and fontconfig (issue #5).
///
/// Takes a string, a `TextStyle` and the layer's size; draws the text into a `CGContext`
/// (`CATextLayer.draw(in:)`), produces a premultiplied RGBA image of `ceil(size · scale)`
/// pixels with the text drawn at `scale`, or the size the text needs. It follows CATextLayer:
/// text starts at the top-left, is aligned within the width, wraps at the width when
/// `wrapped`, and is ellipsized when it does not fit (each line when not wrapped; the last
/// visible line when wrapped). The style's runs (an attributed string's) set the font, size,
/// colour, underline and kern of their ranges.
///
/// - Shaping, bidi and font fallback (CJK, emoji) are pango's.
/// - Layout is independent of scale: hinting of metrics and rounding of glyph positions are
///   off, so `measure` matches `render` at any scale.
/// - Pango and fontconfig are not thread-safe: every call runs under one lock, with one cached
///   font map and context.
import CCairo
import Foundation

/// Renders and measures text for `CATextLayer`.
public enum TextRenderer {
    /// The text drawn into a transparent image of `ceil(size · scale)` pixels.
    ///
    /// - Returns nil for a non-positive or non-finite size or scale, or an image over
    ///   `CGImage`'s limits.
    public static func render(_ string: String, style: TextStyle, size: CGSize, scale: CGFloat) -> CGImage? {
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, size.width > 0, size.height > 0,
            scale > 0, style.fontSize.isFinite
        else { return nil }
        let pw = (size.width * scale).rounded(.up), ph = (size.height * scale).rounded(.up)
        guard pw <= CGFloat(CGImage.maximumSide), ph <= CGFloat(CGImage.maximumSide) else { return nil }
        let (w, h) = (Int(pw), Int(ph))
        guard (try? CGImage.checkLimits(width: w, height: h, name: "text")) != nil,
            let context = CGContext.bitmap(width: w, height: h, scale: scale)
        else { return nil }
        draw(string, style: style, in: CGRect(origin: .zero, size: size), context: context)
        return context.makeImage()
    }

    /// Draws the text laid out in `rect` (its size plays the layer's part) into `context`,
    /// through its current transformation, clip and alpha.
    ///
    /// - The first line starts at the rect's top as the context shows it: where user space
    ///   runs y up on the bitmap (the context of a flipped layer), the text is turned about
    ///   the rect's middle so it stays upright, as `CATextLayer` draws in any context.
    public static func draw(_ string: String, style: TextStyle, in rect: CGRect, context: CGContext) {
        guard !string.isEmpty, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
            rect.minX.isFinite, rect.minY.isFinite, style.fontSize.isFinite
        else { return }
        let alpha = context.state.alpha
        context.paint {
            let cr = context.cr
            cairo_save(cr)
            defer { cairo_restore(cr) }
            if context.ctm.d < 0 {
                cairo_translate(cr, 0, Double(rect.minY + rect.maxY))
                cairo_scale(cr, 1, -1)
            }
            // The context's alpha applies to the whole text, whatever colours its runs have.
            let translucent = alpha < 1
            if translucent { cairo_push_group(cr) }
            defer {
                if translucent {
                    cairo_pop_group_to_source(cr)
                    cairo_paint_with_alpha(cr, Double(max(0, alpha)))
                }
            }
            PangoSession.shared.withContext { session in
                pango_cairo_update_context(cr, session.context)
                guard let layout = session.layout(string, style: style, width: rect.width, height: rect.height) else {
                    return
                }
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                let x = blockOffset(layout, style: style, width: rect.width)
                func c(_ v: CGFloat) -> Double { v.isFinite ? Double(min(1, max(0, v))) : 0 }
                let color = style.color
                cairo_set_source_rgba(cr, c(color.r), c(color.g), c(color.b), c(color.a))
                cairo_move_to(cr, Double(rect.minX + x), Double(rect.minY))
                pango_cairo_show_layout(cr, layout)
            }
        }
    }

    /// The size, in points, of the text's logical extents laid out with `style`.
    ///
    /// - `maxWidth` plays the layer width's part: lines wrap at it when `style.wrapped`, or are
    ///   ellipsized at it when `style.truncation` is set; otherwise it is ignored. The height
    ///   counts every line (there is no height limit). Sizes are not rounded.
    public static func measure(_ string: String, style: TextStyle, maxWidth: CGFloat?) -> CGSize {
        guard style.fontSize.isFinite else { return .zero }
        let width = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        return PangoSession.shared.withContext { session -> CGSize in
            pango_context_set_matrix(session.context, nil)
            guard let layout = session.layout(string, style: style, width: width, height: nil) else { return .zero }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let scale = CGFloat(PANGO_SCALE)
            return CGSize(width: CGFloat(logical.width) / scale, height: CGFloat(logical.height) / scale)
        }
    }

    /// How far below the top of the text laid out with `style` (as `render` lays it out) its
    /// first line's baseline lies, in points; 0 for an empty string.
    public static func firstBaseline(_ string: String, style: TextStyle) -> CGFloat {
        guard style.fontSize.isFinite else { return 0 }
        return PangoSession.shared.withContext(
            { session -> CGFloat in
                pango_context_set_matrix(session.context, nil)
                guard let layout = session.layout(string, style: style, width: nil, height: nil) else { return 0 }
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                return CGFloat(pango_layout_get_baseline(layout)) / CGFloat(PANGO_SCALE)
            }, fallback: 0)
    }

    /// Where the layout goes horizontally when pango has no width to align it in (text neither
    /// wrapped nor truncated): aligned as a block within `width`, overflowing as CATextLayer does.
    private static func blockOffset(_ layout: OpaquePointer, style: TextStyle, width: CGFloat) -> CGFloat {
        guard pango_layout_get_width(layout) < 0 else { return 0 }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = CGFloat(PANGO_SCALE)
        let textWidth = CGFloat(logical.width) / scale, x0 = CGFloat(logical.x) / scale
        let rtl = pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL
        switch style.alignment {
        case .left: return -x0
        case .right: return width - textWidth - x0
        case .center: return (width - textWidth) / 2 - x0
        case .natural, .justified: return (rtl ? width - textWidth : 0) - x0
        }
    }
}
