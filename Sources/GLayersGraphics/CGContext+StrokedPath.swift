/// The current path as a `CGPath` (`CGContext.path`) and `replacePathWithStrokedPath()`, which
/// code uses to fill or clip to a stroke's area (a gradient along a line: replace, clip, draw
/// the gradient).
import CCairo
import Foundation

extension CGContext {
    /// A copy of the current path in user space, or nil when it is empty.
    ///
    /// - Cairo keeps the path in device space: it comes back mapped through the inverse of the
    ///   current CTM, so a path built under another CTM returns transformed, and quadratic
    ///   curves come back as the equivalent cubics.
    public var path: CGPath? {
        guard !isPathEmpty, let data = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(data) }
        guard data.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        let out = CGMutablePath()
        var i = 0
        let n = Int(data.pointee.num_data)
        while i < n {
            let header = data.pointee.data[i].header
            func point(_ k: Int) -> CGPoint {
                let p = data.pointee.data[i + k].point
                return CGPoint(x: p.x, y: p.y)
            }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: out.move(to: point(1))
            case CAIRO_PATH_LINE_TO: out.addLine(to: point(1))
            case CAIRO_PATH_CURVE_TO: out.addCurve(to: point(3), control1: point(1), control2: point(2))
            case CAIRO_PATH_CLOSE_PATH: out.closeSubpath()
            default: break
            }
            i += max(1, Int(header.length))
        }
        return out.isEmpty ? nil : out
    }

    /// Replaces the current path with the outline of its stroke under the current line width,
    /// cap, join, miter limit and dash pattern, so that `fillPath()` or `clip()` next covers
    /// what `strokePath()` would have drawn.
    ///
    /// - The outline is `CGPath.copy(strokingWithWidth:…)` of the dashes
    ///   (`copy(dashingWithPhase:lengths:)`): overlapping pieces, covered exactly by the
    ///   non-zero winding rule (the default of `fillPath` and `clip`), not by even-odd.
    public func replacePathWithStrokedPath() {
        guard let current = path else { return }
        var source: CGPath = current
        let count = Int(cairo_get_dash_count(cr))
        if count > 0 {
            var dashes = [Double](repeating: 0, count: count)
            var phase = 0.0
            cairo_get_dash(cr, &dashes, &phase)
            source = current.copy(dashingWithPhase: CGFloat(phase), lengths: dashes.map { CGFloat($0) })
        }
        let cap: CGLineCap, join: CGLineJoin
        switch cairo_get_line_cap(cr) {
        case CAIRO_LINE_CAP_ROUND: cap = .round
        case CAIRO_LINE_CAP_SQUARE: cap = .square
        default: cap = .butt
        }
        switch cairo_get_line_join(cr) {
        case CAIRO_LINE_JOIN_ROUND: join = .round
        case CAIRO_LINE_JOIN_BEVEL: join = .bevel
        default: join = .miter
        }
        let outline = source.copy(
            strokingWithWidth: CGFloat(cairo_get_line_width(cr)), lineCap: cap, lineJoin: join,
            miterLimit: CGFloat(cairo_get_miter_limit(cr)))
        beginPath()
        addPath(outline)
    }
}
