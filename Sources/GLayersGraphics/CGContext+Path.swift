/// `CGContext`'s current path, and the operations that fill, stroke or clip with it.
///
/// - Points are mapped by the CTM when they are added, as in CoreGraphics.
/// - A line or curve with no current point is ignored (CoreGraphics logs and ignores it).
/// - `fillPath`, `strokePath`, `drawPath` and `clip` consume the path; the rectangle and
///   ellipse conveniences and image and gradient drawing leave it alone.
import CCairo
import Foundation

extension CGContext {
    // MARK: - Building the path

    /// Discards the current path.
    public func beginPath() { cairo_new_path(cr) }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { !hasCurrentPoint }

    /// The current point of the path in user space, `.zero` when there is none.
    public var currentPointOfPath: CGPoint { currentPoint ?? .zero }

    var hasCurrentPoint: Bool { cairo_has_current_point(cr) != 0 }

    var currentPoint: CGPoint? {
        guard hasCurrentPoint else { return nil }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// Whether path input can be passed to cairo safely.
    private func usable(_ points: CGPoint...) -> Bool {
        !state.singular && points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        guard usable(point) else { return }
        cairo_move_to(cr, point.x, point.y)
    }

    /// Adds a line from the current point to `point`.
    public func addLine(to point: CGPoint) {
        guard usable(point), hasCurrentPoint else { return }
        cairo_line_to(cr, point.x, point.y)
    }

    /// Starts a subpath at the first point and adds lines through the others.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard usable(end, control1, control2), hasCurrentPoint else { return }
        cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }

    /// Adds a quadratic Bézier curve (as the equivalent cubic) from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard usable(end, control), let p0 = currentPoint else { return }
        let (c1, c2) = Bezier.cubicControls(ofQuad: p0, control, end)
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
    }

    /// Adds an arc; `clockwise` means decreasing angle in user space, before the CTM (see
    /// `CGMutablePath.addArc`): under a flipped CTM it draws counterclockwise on the page.
    ///
    /// - Equal angles add only the start point; a whole number of turns adds the full circle.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let p = CGMutablePath()
        if let current = currentPoint { p.move(to: current) }
        p.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        append(p, skippingFirstMove: hasCurrentPoint)
    }

    /// Adds an arc tangent to two lines (see `CGMutablePath.addArc(tangent1End:tangent2End:radius:)`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard let current = currentPoint else { return }
        let p = CGMutablePath()
        p.move(to: current)
        p.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        append(p, skippingFirstMove: true)
    }

    /// Adds a closed rectangle.
    public func addRect(_ rect: CGRect) { addPath(CGPath(rect: rect, transform: nil)) }

    /// Adds closed rectangles.
    public func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }

    /// Adds a closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { addPath(CGPath(ellipseIn: rect, transform: nil)) }

    /// Adds the elements of `path` (in user space).
    public func addPath(_ path: CGPath) { append(path, skippingFirstMove: false) }

    /// Closes the current subpath with a line to its start.
    public func closePath() { if hasCurrentPoint { cairo_close_path(cr) } }

    /// Feeds `path`'s elements to cairo.
    private func append(_ path: CGPath, skippingFirstMove: Bool) {
        guard !state.singular else { return }
        var skip = skippingFirstMove
        for e in path.storage {
            switch e {
            case .moveTo(let p):
                if skip { skip = false } else { move(to: p) }
            case .lineTo(let p): addLine(to: p)
            case .quadCurveTo(let c, let p): addQuadCurve(to: p, control: c)
            case .curveTo(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closePath()
            }
        }
    }

    // MARK: - Filling, stroking, clipping

    /// Fills the current path with the fill colour, then discards the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        paint {
            cairo_set_fill_rule(cr, rule.cairo)
            setSource(state.fill)
            cairo_fill_preserve(cr)
        }
        cairo_new_path(cr)
    }

    /// Strokes the current path with the stroke colour and line settings, then discards it.
    public func strokePath() {
        paint {
            setSource(state.stroke)
            strokePreservingPath()
        }
        cairo_new_path(cr)
    }

    /// Strokes the current path (kept) with the dash pattern set, or solid when the path is so
    /// long against the pattern that it would hold more than `CGPath.maximumDashCount` dashes,
    /// as `copy(dashingWithPhase:lengths:)` leaves such a path undashed: cairo would spend
    /// minutes on a pattern of 0.15 along a path thousands of points long (#24).
    func strokePreservingPath() {
        let count = Int(cairo_get_dash_count(cr))
        guard count > 0 else { return cairo_stroke_preserve(cr) }
        var dashes = [Double](repeating: 0, count: count)
        var phase = 0.0
        cairo_get_dash(cr, &dashes, &phase)
        let period = dashes.reduce(0, +) * (count % 2 == 1 ? 2 : 1)
        guard flatPathLength() / period > Double(CGPath.maximumDashCount) else { return cairo_stroke_preserve(cr) }
        cairo_set_dash(cr, nil, 0, 0)
        cairo_stroke_preserve(cr)
        cairo_set_dash(cr, dashes, Int32(count), phase)
    }

    /// The length of the current path in user space, its curves flattened.
    private func flatPathLength() -> Double {
        guard let data = cairo_copy_path_flat(cr) else { return 0 }
        defer { cairo_path_destroy(data) }
        var length = 0.0, start = (0.0, 0.0), pen = (0.0, 0.0), i = 0
        while i < Int(data.pointee.num_data) {
            let header = data.pointee.data[i].header
            var p = pen
            if header.length > 1 { p = (data.pointee.data[i + 1].point.x, data.pointee.data[i + 1].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: start = p
            case CAIRO_PATH_LINE_TO: length += hypot(p.0 - pen.0, p.1 - pen.1)
            case CAIRO_PATH_CLOSE_PATH: length += hypot(start.0 - pen.0, start.1 - pen.1)
            default: break
            }
            pen = header.type == CAIRO_PATH_CLOSE_PATH ? start : p
            i += max(1, Int(header.length))
        }
        return length
    }

    /// Fills and/or strokes the current path, then discards it.
    public func drawPath(using mode: CGPathDrawingMode) {
        paint {
            if mode != .stroke {
                cairo_set_fill_rule(
                    cr, mode == .eoFill || mode == .eoFillStroke ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                setSource(state.fill)
                cairo_fill_preserve(cr)
            }
            if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke {
                setSource(state.stroke)
                strokePreservingPath()
            }
        }
        cairo_new_path(cr)
    }

    /// Intersects the clip with the current path (non-zero winding), then discards the path.
    public func clip() { clip(using: .winding) }

    /// Intersects the clip with the current path under `rule`, then discards the path.
    public func clip(using rule: CGPathFillRule) {
        if state.singular {
            // Nothing can draw in this state anyway; keep the path rules the same.
            cairo_new_path(cr)
            return
        }
        cairo_set_fill_rule(cr, rule.cairo)
        cairo_clip(cr)
    }

    /// Intersects the clip with `rect` (the current path is kept).
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects` (the current path is kept).
    public func clip(to rects: [CGRect]) {
        withScratchPath {
            addRects(rects)
            clip(using: .winding)
        }
    }

    /// Resets the clip to the whole context (and removes a `clip(to:mask:)` mask).
    public func resetClip() {
        cairo_reset_clip(cr)
        state.clipMask = nil
    }

    /// The bounding box of the current path in user space (control points included, as Core
    /// Graphics' reference says), or `CGRect.null` when there is no path.
    public var boundingBoxOfPath: CGRect {
        guard hasCurrentPoint else { return .null }
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The bounding box of the clip in user space.
    public var boundingBoxOfClipPath: CGRect {
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Conveniences (the current path is kept)

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills the rectangles with the fill colour.
    public func fill(_ rects: [CGRect]) {
        withScratchPath {
            addRects(rects)
            fillPath()
        }
    }

    /// Strokes the outline of `rect`.
    public func stroke(_ rect: CGRect) {
        withScratchPath {
            addRect(rect)
            strokePath()
        }
    }

    /// Strokes the outline of `rect` with line width `width` (the context's width is unchanged).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let previous = cairo_get_line_width(cr)
        setLineWidth(width)
        stroke(rect)
        cairo_set_line_width(cr, previous)
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        withScratchPath {
            addEllipse(in: rect)
            fillPath()
        }
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        withScratchPath {
            addEllipse(in: rect)
            strokePath()
        }
    }

    /// Strokes separate lines between pairs of points (CoreGraphics' `strokeLineSegments`).
    public func strokeLineSegments(between points: [CGPoint]) {
        withScratchPath {
            var i = 0
            while i + 1 < points.count {
                move(to: points[i])
                addLine(to: points[i + 1])
                i += 2
            }
            strokePath()
        }
    }

    /// Makes `rect` transparent (within the clip).
    public func clear(_ rect: CGRect) {
        withScratchPath {
            addRect(rect)
            paint(shadow: .none) {
                if let mask = state.clipMask { return clearThroughClipMask(mask) }
                cairo_save(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_fill_preserve(cr)
                cairo_restore(cr)
            }
        }
    }
}

extension CGPathFillRule {
    var cairo: cairo_fill_rule_t { self == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD }
}
