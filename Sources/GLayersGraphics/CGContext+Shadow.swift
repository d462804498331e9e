/// `CGContext` shadows (`setShadow(offset:blur:color:)`): while one is set, every fill,
/// stroke, image, text and gradient drawn casts a blurred, tinted copy of its alpha under it.
///
/// - The offset and blur are in the base space: the context's device space at creation in
///   units of the creation scale (points for `CGContext.bitmap(width:height:scale:)` and for
///   the contexts `draw(in:)` gets, pixels for `CGContext(data:…)`), with y down as in iOS's
///   contexts. The CTM moves, turns and scales the shape, never its shadow's offset or blur.
/// - The blur is a Gaussian of σ = blur / 2 base units (the HTML canvas standard's reading of
///   a shadow blur), at most `ShadowBlur.maximumSigma` device pixels.
/// - Paths, images and text cast the shadow of their whole shape, before the clip, so that
///   filling outside a clipped hole shades the inside of the hole (the usual inner shadow);
///   the clip then applies to the shadow as to the shape. Gradients, which fill the clip, cast
///   the shadow of what they paint inside it. `clear(_:)` casts none.
/// - Scratch memory: one 8-bit plane of the context's size plus the blur margin on each side
///   (`ShadowBlur.margin`), and two rows of that width for the blur.
/// - The decisions and their reasons: docs/porting.md#drawing-with-cgcontext.
import CCairo
import Foundation

extension CGContext {
    /// A shadow of the graphics state, in device pixels.
    struct Shadow {
        var offset: CGSize
        var sigma: CGFloat
        var color: RGBA
    }

    /// Which pixels cast the shadow of a drawing operation.
    enum ShadowSource {
        /// The operation's shape, ignoring the clip (paths, images, text).
        case shape
        /// What the operation paints within the clip (gradients).
        case clippedPaint
        /// Nothing: the operation casts no shadow (`clear`).
        case none
    }

    /// Sets a shadow of `color` for what is drawn next, offset by `offset` and blurred by `blur`,
    /// both in base-space units (see the file comment); a nil or transparent colour turns it off.
    ///
    /// - The shadow is part of the graphics state: `restoreGState` brings back the one before.
    /// - A non-finite offset, or a non-finite or negative blur, counts as 0.
    /// - An offset that moves the shadow wholly off the context is clamped to one that still
    ///   does (the same picture): the plane's origin is an `Int` made from it.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.rgba.a > 0 else {
            state.shadow = nil
            return
        }
        let scale = baseScale
        let offside = CGFloat(max(width, height) + 4 * ShadowBlur.margin(sigma: ShadowBlur.maximumSigma) + 4)
        func clamped(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v * scale, -offside), offside) : 0 }
        let blur = blur.isFinite ? max(0, blur) : 0
        state.shadow = Shadow(
            offset: CGSize(width: clamped(offset.width), height: clamped(offset.height)),
            sigma: min(blur / 2 * scale, ShadowBlur.maximumSigma), color: color.rgba)
    }

    /// Sets a shadow of black at one-third alpha (Core Graphics' default shadow colour).
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }

    /// Draws the shadow that `body` casts (when a shadow is set), then runs `body` itself.
    func drawWithShadow(_ source: ShadowSource, _ body: () -> Void) {
        guard let shadow = state.shadow, source != .none else { return body() }
        switch source {
        case .shape:
            if let plane = shapePlane(shadow, body) {
                defer { cairo_surface_destroy(plane.surface) }
                castShadow(shadow, plane: plane.surface, at: plane.origin)
            }
            body()
        case .clippedPaint:
            cairo_push_group(cr)
            body()
            guard let group = cairo_pop_group(cr) else { return }
            defer { cairo_pattern_destroy(group) }
            var target: OpaquePointer?
            if cairo_pattern_get_surface(group, &target) == CAIRO_STATUS_SUCCESS, let target,
                let plane = alphaPlane(of: target, sigma: shadow.sigma)
            {
                defer { cairo_surface_destroy(plane.surface) }
                castShadow(shadow, plane: plane.surface, at: plane.origin)
            }
            cairo_save(cr)
            cairo_set_source(cr, group)
            cairo_paint(cr)
            cairo_restore(cr)
        case .none: body()
        }
    }

    /// `body`'s shape drawn unclipped into a new alpha plane that covers, with the blur's margin,
    /// the device area whose shadow lands on the context; the plane's device origin.
    private func shapePlane(_ shadow: Shadow, _ body: () -> Void) -> (surface: OpaquePointer, origin: (Int, Int))? {
        let margin = ShadowBlur.margin(sigma: shadow.sigma) + 1
        let x0 = Int((-shadow.offset.width).rounded(.down)) - margin
        let y0 = Int((-shadow.offset.height).rounded(.down)) - margin
        let w = width + 2 * margin + 1, h = height + 2 * margin + 1
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let scratch = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        defer { cairo_destroy(scratch) }
        copyDrawingState(to: scratch, shiftedBy: (x0, y0))
        let real = cr
        cr = scratch
        body()
        cr = real
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        ShadowBlur.blur(
            data, width: w, height: h, stride: Int(cairo_image_surface_get_stride(surface)),
            sigma: shadow.sigma)
        cairo_surface_mark_dirty(surface)
        return (surface, (x0, y0))
    }

    /// The alpha of a cairo group's surface, with the blur's margin around it, blurred; the
    /// plane's device origin.
    private func alphaPlane(of group: OpaquePointer, sigma: CGFloat) -> (surface: OpaquePointer, origin: (Int, Int))? {
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(group, &ox, &oy)
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        let probe = cairo_create(group)
        cairo_clip_extents(probe, &x0, &y0, &x1, &y1)
        cairo_destroy(probe)
        let margin = ShadowBlur.margin(sigma: sigma) + 1
        let gx = Int(x0.rounded(.down)), gy = Int(y0.rounded(.down))
        let w = Int(x1.rounded(.up)) - gx + 2 * margin, h = Int(y1.rounded(.up)) - gy + 2 * margin
        guard w > 2 * margin, h > 2 * margin,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let copy = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_set_source_surface(copy, group, Double(margin - gx), Double(margin - gy))
        cairo_paint(copy)
        cairo_destroy(copy)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        ShadowBlur.blur(data, width: w, height: h, stride: Int(cairo_image_surface_get_stride(surface)), sigma: sigma)
        cairo_surface_mark_dirty(surface)
        return (surface, (gx - margin, gy - margin))
    }

    /// Paints the shadow colour through `plane` (placed at device `origin`), moved by the offset,
    /// with the context's clip and blend mode.
    private func castShadow(_ shadow: Shadow, plane: OpaquePointer, at origin: (Int, Int)) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = shadow.color
        func unit(_ v: CGFloat) -> Double { v.isFinite ? Double(min(1, max(0, v))) : 0 }
        cairo_set_source_rgba(cr, unit(c.r), unit(c.g), unit(c.b), unit(c.a))
        cairo_mask_surface(cr, plane, Double(origin.0) + shadow.offset.width, Double(origin.1) + shadow.offset.height)
        cairo_restore(cr)
    }

    /// Gives `scratch` the CTM (moved so that device point `origin` is its pixel (0, 0)), path
    /// and line settings of the context, with the `over` operator and no clip.
    private func copyDrawingState(to scratch: OpaquePointer, shiftedBy origin: (Int, Int)) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        m.x0 -= Double(origin.0)
        m.y0 -= Double(origin.1)
        cairo_set_matrix(scratch, &m)
        cairo_set_line_width(scratch, cairo_get_line_width(cr))
        cairo_set_line_cap(scratch, cairo_get_line_cap(cr))
        cairo_set_line_join(scratch, cairo_get_line_join(cr))
        cairo_set_miter_limit(scratch, cairo_get_miter_limit(cr))
        cairo_set_fill_rule(scratch, cairo_get_fill_rule(cr))
        cairo_set_antialias(scratch, cairo_get_antialias(cr))
        cairo_set_tolerance(scratch, cairo_get_tolerance(cr))
        let count = Int(cairo_get_dash_count(cr))
        if count > 0 {
            var dashes = [Double](repeating: 0, count: count)
            var phase = 0.0
            cairo_get_dash(cr, &dashes, &phase)
            cairo_set_dash(scratch, dashes, Int32(count), phase)
        }
        if let path = cairo_copy_path(cr) {
            if path.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(scratch, path) }
            cairo_path_destroy(path)
        }
    }
}
