/// Clipping to an image: `CGContext.clip(to:mask:)`.
///
/// - Cairo clips to paths only, so the mask is kept beside its clip, in the graphics state: an
///   8-bit plane of the context's size in device pixels, made when the clip is set by drawing
///   the image into `rect` under the CTM of that moment (upright, as `draw(_:in:)` draws it,
///   sampled by `interpolationQuality`); outside `rect` nothing paints. A second mask
///   multiplies the first.
/// - An image with an alpha channel masks by its alpha, as Quartz does (an opaque black stroke
///   in a transparent RGBA image is a visible clip); an image without one (the DeviceGray
///   images without alpha that Core Graphics' reference asks for, RGB and JPEG images) by its
///   luminance (0.299 r + 0.587 g + 0.114 b): the gray value, white paints, black masks.
/// - While a mask is set, each drawing operation (with its shadow) is drawn into a cairo group
///   that is then composited through the mask with the blend mode; `clear(_:)` clears through
///   the mask. `resetClip()` removes it; `restoreGState` brings back the one before.
import CCairo
import Foundation

/// An 8-bit device-space plane that multiplies what is drawn (shared by saved states).
final class ClipMask {
    let surface: OpaquePointer

    init(surface: OpaquePointer) { self.surface = surface }

    deinit { cairo_surface_destroy(surface) }
}

extension CGContext {
    /// Intersects the clip with `mask` drawn into `rect`: an image with alpha lets drawing show
    /// where it is opaque; an image without alpha where it is white (or by the gray value of a
    /// gray image); nothing shows outside `rect` (see the file comment).
    public func clip(to rect: CGRect, mask: CGImage) {
        guard !state.singular, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite,
            rect.height.isFinite,
            let drawn = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return }
        defer { cairo_surface_destroy(drawn) }
        guard let plane = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
            cairo_surface_status(plane) == CAIRO_STATUS_SUCCESS, cairo_surface_status(drawn) == CAIRO_STATUS_SUCCESS
        else { return }
        let result = ClipMask(surface: plane)
        if rect.width != 0, rect.height != 0, let source = CGContext.surface(for: mask), let c = cairo_create(drawn) {
            defer {
                cairo_destroy(c)
                cairo_surface_destroy(source)
            }
            var ctm = cairo_matrix_t()
            cairo_get_matrix(cr, &ctm)
            cairo_set_matrix(c, &ctm)
            if let pattern = cairo_pattern_create_for_surface(source) {
                var m = cairo_matrix_t()
                cairo_matrix_init_scale(&m, Double(mask.width) / rect.width, Double(mask.height) / rect.height)
                cairo_matrix_translate(&m, -rect.origin.x, -rect.origin.y)
                cairo_pattern_set_matrix(pattern, &m)
                cairo_pattern_set_filter(pattern, state.interpolation.cairo)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_set_source(c, pattern)
                cairo_rectangle(c, rect.origin.x, rect.origin.y, rect.width, rect.height)
                cairo_fill(c)
                cairo_pattern_destroy(pattern)
            }
        }
        cairo_surface_flush(drawn)
        cairo_surface_flush(plane)
        guard let src = cairo_image_surface_get_data(drawn), let dst = cairo_image_surface_get_data(plane) else {
            return
        }
        let srcStride = Int(cairo_image_surface_get_stride(drawn)),
            dstStride = Int(cairo_image_surface_get_stride(plane))
        var previous: (UnsafeMutablePointer<UInt8>, Int)?
        if let old = state.clipMask, let data = cairo_image_surface_get_data(old.surface) {
            cairo_surface_flush(old.surface)
            previous = (data, Int(cairo_image_surface_get_stride(old.surface)))
        }
        let byAlpha = mask.hasAlphaChannel
        for y in 0..<height {
            let row = UnsafeRawPointer(src + y * srcStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let v = row[x]
                let r = Double((v >> 16) & 0xFF), g = Double((v >> 8) & 0xFF), b = Double(v & 0xFF)
                var value = byAlpha ? Double(v >> 24) : (0.299 * r + 0.587 * g + 0.114 * b).rounded()
                if let (old, stride) = previous { value = (value * Double(old[y * stride + x]) / 255).rounded() }
                dst[y * dstStride + x] = UInt8(min(255, max(0, value)))
            }
        }
        cairo_surface_mark_dirty(plane)
        state.clipMask = result
    }

    /// Runs `draw` (an operation and its shadow) into a group composited through the clip mask
    /// with the blend mode, or directly when there is no mask.
    func drawThroughClipMask(_ draw: () -> Void) {
        guard let mask = state.clipMask else { return draw() }
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw()
        cairo_pop_group_to_source(cr)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, mask.surface, 0, 0)
        cairo_restore(cr)
    }

    /// Clears the current path's area through the clip mask (`clear(_:)` with a mask set).
    func clearThroughClipMask(_ mask: ClipMask) {
        cairo_save(cr)
        cairo_clip_preserve(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_mask_surface(cr, mask.surface, 0, 0)
        cairo_restore(cr)
    }
}
