/// Drawing images into a `CGContext`.
import CCairo
import Foundation

extension CGContext {
    /// Draws `image` scaled to fill `rect`, upright in glayers' y-down user space (the image's
    /// top row at `rect.minY`).
    ///
    /// - Sampling follows `interpolationQuality` (bilinear by default); edge pixels are
    ///   extended, so the drawn rectangle has crisp edges. A negative width or height mirrors
    ///   the image. The current path is kept.
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard let pattern = imagePattern(image, in: rect, extend: CAIRO_EXTEND_PAD) else { return }
        defer { cairo_pattern_destroy(pattern) }
        withScratchPath {
            cairo_rectangle(cr, rect.origin.x, rect.origin.y, rect.width, rect.height)
            paint {
                cairo_set_source(cr, pattern)
                if state.alpha >= 1 {
                    cairo_fill_preserve(cr)
                } else {
                    cairo_save(cr)
                    cairo_clip_preserve(cr)
                    cairo_paint_with_alpha(cr, Double(state.alpha))
                    cairo_restore(cr)
                }
            }
        }
    }

    /// Draws `image` scaled to `rect` and, with `byTiling`, repeated from there in every
    /// direction over the whole clip, as Core Graphics' `draw(_:in:byTiling:)`; without it, as
    /// `draw(_:in:)`.
    ///
    /// - Tiles are upright in glayers' y-down user space, edge to edge, sampled by
    ///   `interpolationQuality`; the current path is kept. A tiled image casts a shadow of
    ///   what it paints within the clip, as a gradient does.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        guard byTiling else { return draw(image, in: rect) }
        guard let pattern = imagePattern(image, in: rect, extend: CAIRO_EXTEND_REPEAT) else { return }
        defer { cairo_pattern_destroy(pattern) }
        withScratchPath {
            paint(shadow: .clippedPaint) {
                cairo_set_source(cr, pattern)
                cairo_paint_with_alpha(cr, Double(state.alpha))
            }
        }
    }

    /// A cairo pattern of `image` mapped onto `rect`, sampled by `interpolationQuality`, with
    /// `extend` beyond it (the caller destroys it); nil for a non-finite or empty rectangle.
    private func imagePattern(_ image: CGImage, in rect: CGRect, extend: cairo_extend_t) -> OpaquePointer? {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite,
            rect.width != 0, rect.height != 0, let source = CGContext.surface(for: image)
        else { return nil }
        defer { cairo_surface_destroy(source) }
        guard let pattern = cairo_pattern_create_for_surface(source) else { return nil }
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, Double(image.width) / rect.width, Double(image.height) / rect.height)
        cairo_matrix_translate(&m, -rect.origin.x, -rect.origin.y)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, state.interpolation.cairo)
        cairo_pattern_set_extend(pattern, extend)
        return pattern
    }

    /// A new cairo ARGB32 surface holding `image`'s pixels (the caller destroys it).
    static func surface(for image: CGImage) -> OpaquePointer? {
        let format = image.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard let s = cairo_image_surface_create(format, Int32(image.width), Int32(image.height)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(s) else {
            cairo_surface_destroy(s)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(s))
        image.withUnsafeBytes { src in
            PixelConversion.writeARGB32(
                fromRGBA: src, to: data, width: image.width, height: image.height, stride: stride)
        }
        cairo_surface_mark_dirty(s)
        return s
    }
}
