/// The mutable path: CoreGraphics' `CGMutablePath` construction API. Arcs, ellipses and
/// rounded rectangles become cubic Béziers (see `BezierArcs.swift`).
///
/// - Every `transform` maps the given points before they are stored.
/// - Non-finite coordinates are ignored rather than stored, so a path never holds NaN.
import Foundation

/// A mutable graphics path (CoreGraphics' `CGMutablePath`).
public final class CGMutablePath: CGPath {
    /// An empty path.
    public init() { super.init(elements: []) }

    /// Appends an element, starting a subpath implicitly after a close (see `CGPath`).
    func append(_ e: PathElement) {
        // The last element's kind matched, not compared with `==` (which compares payloads),
        // and the storage reached once for the common append (building paths is most of
        // building a Lottie file's shapes).
        switch e {
        case .moveTo:
            storage.append(e)
        case .closeSubpath:
            guard let last = storage.last else { return }
            if case .closeSubpath = last { return }
            storage.append(e)
        case .lineTo, .quadCurveTo, .curveTo:
            guard let last = storage.last else { return }
            if case .closeSubpath = last, let start = subpathStart { storage.append(.moveTo(start)) }
            storage.append(e)
        }
    }

    /// Makes room for `count` more elements (for builders that know how many they add),
    /// growing at least twofold, so that many small reservations stay linear.
    package func reserveCapacity(adding count: Int) {
        let needed = storage.count + count
        if needed > storage.capacity { storage.reserveCapacity(max(needed, 2 * storage.capacity)) }
    }

    /// Appends `e` mapped by `t`, unless one of its points is not finite.
    func append(_ e: PathElement, _ t: CGAffineTransform) {
        let mapped = t.isIdentity ? e : e.applying(t)
        switch mapped {
        case .moveTo(let p), .lineTo(let p): guard p.isFinite else { return }
        case .quadCurveTo(let c, let p): guard c.isFinite, p.isFinite else { return }
        case .curveTo(let c1, let c2, let p): guard c1.isFinite, c2.isFinite, p.isFinite else { return }
        case .closeSubpath: break
        }
        append(mapped)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.moveTo(point), transform)
    }

    /// Adds a line from the current point to `point` (ignored when the path is empty).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.lineTo(point), transform)
    }

    /// Starts a subpath at the first point and adds lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append(.quadCurveTo(control, end), transform)
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        append(.curveTo(control1, control2, end), transform)
    }

    /// Closes the current subpath with a line back to its start (ignored with no subpath).
    public func closeSubpath() { append(.closeSubpath) }

    /// Adds a closed rectangle: a move to its origin and lines through the other corners in
    /// increasing-angle order (right, then down in glayers' y-down space).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull, !rect.isInfinite else { return }
        let r = rect.standardized
        addLines(
            between: [
                CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
            ], transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as a closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds a closed ellipse inscribed in `rect`: four cubic curves starting at (maxX, midY),
    /// angle increasing (clockwise on screen in glayers' y-down space).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull, !rect.isInfinite else { return }
        let r = rect.standardized
        let arc = BezierArcs.arc(center: .zero, radius: 1, startAngle: 0, sweep: 2 * .pi)
        // The unit circle scaled to the rectangle, then mapped by `transform`.
        let t = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
            .concatenating(transform)
        append(.moveTo(arc.start), t)
        for c in arc.curves { append(c, t) }
        closeSubpath()
    }

    /// Adds a closed rounded rectangle with elliptical corners.
    ///
    /// - Corner sizes are clamped to [0, half the side] (CoreGraphics asserts instead); a zero
    ///   corner size gives a plain rectangle.
    /// - Starts at (maxX, minY + cornerHeight) and runs in increasing-angle order, as
    ///   `addEllipse` does.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard !rect.isNull, !rect.isInfinite, cornerWidth.isFinite, cornerHeight.isFinite else { return }
        let r = rect.standardized
        let cw = min(max(cornerWidth, 0), r.width / 2), ch = min(max(cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else { return addRect(r, transform: transform) }
        let k = BezierArcs.kappa
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        append(.moveTo(p(x1, y0 + ch)), transform)
        lineIfNeeded(to: p(x1, y1 - ch), transform)
        append(.curveTo(p(x1, y1 - ch + k * ch), p(x1 - cw + k * cw, y1), p(x1 - cw, y1)), transform)
        lineIfNeeded(to: p(x0 + cw, y1), transform)
        append(.curveTo(p(x0 + cw - k * cw, y1), p(x0, y1 - ch + k * ch), p(x0, y1 - ch)), transform)
        lineIfNeeded(to: p(x0, y0 + ch), transform)
        append(.curveTo(p(x0, y0 + ch - k * ch), p(x0 + cw - k * cw, y0), p(x0 + cw, y0)), transform)
        lineIfNeeded(to: p(x1 - cw, y0), transform)
        append(.curveTo(p(x1 - cw + k * cw, y0), p(x1, y0 + ch - k * ch), p(x1, y0 + ch)), transform)
        closeSubpath()
    }

    /// Adds a line to `p` (mapped by `t`) unless the current point is already there.
    func lineIfNeeded(to p: CGPoint, _ t: CGAffineTransform) {
        let mapped = p.applying(t)
        if lastPoint != mapped { append(.lineTo(mapped)) }
    }

    /// Appends `path`'s elements, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for e in path.storage { append(e, transform) }
    }
}

extension CGPoint {
    /// Whether both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}
