/// Path bounds and hit testing.
///
/// - `boundingBox` includes control points (CoreGraphics' `CGPathGetBoundingBox`);
///   `boundingBoxOfPath` is tight, from curve extrema.
/// - `contains` flattens curves to within 1/10 000 of the path's size and counts windings;
///   every subpath is treated as closed, as filling does.
import Foundation

extension CGPath {
    /// The smallest rectangle containing every point of the path, control points included;
    /// `.null` for an empty path.
    public var boundingBox: CGRect {
        var box = BoxBuilder()
        for e in storage {
            switch e {
            case .moveTo(let p), .lineTo(let p): box.add(p)
            case .quadCurveTo(let c, let p): box.add(c); box.add(p)
            case .curveTo(let c1, let c2, let p): box.add(c1); box.add(c2); box.add(p)
            case .closeSubpath: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle containing the path's outline (control points excluded);
    /// `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoxBuilder()
        var current = CGPoint.zero
        for e in storage {
            switch e {
            case .moveTo(let p), .lineTo(let p):
                box.add(p)
            case .quadCurveTo(let c, let p):
                box.add(p)
                guard !Self.within(c, current, p) else { break }
                Bezier.forEachQuadExtremum(current, c, p) { box.add(Bezier.quad(current, c, p, $0)) }
            case .curveTo(let c1, let c2, let p):
                box.add(p)
                guard !Self.within(c1, current, p) || !Self.within(c2, current, p) else { break }
                Bezier.forEachCubicExtremum(current, c1, c2, p) { box.add(Bezier.cubic(current, c1, c2, p, $0)) }
            case .closeSubpath:
                break
            }
            if let p = e.endPoint { current = p }
        }
        return box.rect
    }

    /// Whether `c` lies in the box of `a` and `b`. A curve whose control points all do lies in
    /// that box too (it is within their convex hull), so its extrema widen nothing: an
    /// ellipse's quarters and most exported curves skip solving for them.
    @inline(__always)
    private static func within(_ c: CGPoint, _ a: CGPoint, _ b: CGPoint) -> Bool {
        c.x >= min(a.x, b.x) && c.x <= max(a.x, b.x) && c.y >= min(a.y, b.y) && c.y <= max(a.y, b.y)
    }

    /// How far, in half line widths, the path's mitred joins reach past its lines at most: 1
    /// when no join is mitred (each within `limit`, as a stroker draws it: `1 / sin(θ / 2)` for
    /// the angle θ between a join's two segments, bevelled when that exceeds the limit), else
    /// the longest miter drawn. Joins are where segments of one subpath meet (and where a
    /// closed subpath's last meets its first); segments of no length join nothing.
    ///
    /// - Why: a stroke's bounds from the miter limit alone are as far off as the limit is
    ///   large (a Lottie file asking for a limit of 10⁹⁹ made rasters of every repeated copy of
    ///   a stroked circle at their largest size, 24 GB in all), where the path's own joins
    ///   rarely reach a few widths.
    public func miterReach(limit: CGFloat) -> CGFloat {
        var reach: CGFloat = 1
        // The direction the current subpath leaves its start by and arrives at its end by.
        var first: CGPoint?, last: CGPoint?
        var start = CGPoint.zero, current = CGPoint.zero
        func join(_ incoming: CGPoint, _ outgoing: CGPoint) {
            let li = hypot(incoming.x, incoming.y), lo = hypot(outgoing.x, outgoing.y)
            guard li > 0, lo > 0 else { return }
            // The angle between the segments is π minus the turn: sin(θ / 2) = cos(turn / 2).
            let cosine = min(max((incoming.x * outgoing.x + incoming.y * outgoing.y) / (li * lo), -1), 1)
            let half = ((1 + cosine) / 2).squareRoot()
            let miter = half > 0 ? 1 / half : .infinity
            if miter <= limit { reach = max(reach, miter) }
        }
        func segment(_ leaving: CGPoint, _ arriving: CGPoint) {
            if let last { join(last, leaving) }
            if first == nil { first = leaving }
            last = arriving
        }
        func direction(_ from: CGPoint, _ to: CGPoint) -> CGPoint { CGPoint(x: to.x - from.x, y: to.y - from.y) }
        // The first direction that is one (no array made: this runs for every shape drawn).
        func nonzero(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint? = nil) -> CGPoint? {
            if a.x != 0 || a.y != 0 { return a }
            if b.x != 0 || b.y != 0 { return b }
            return c.flatMap { $0.x != 0 || $0.y != 0 ? $0 : nil }
        }
        for e in storage {
            switch e {
            case .moveTo(let p):
                (first, last, start) = (nil, nil, p)
            case .lineTo(let p):
                let d = direction(current, p)
                if d.x != 0 || d.y != 0 { segment(d, d) }
            case .quadCurveTo(let c, let p):
                if let a = nonzero(direction(current, c), direction(current, p)),
                    let b = nonzero(direction(c, p), direction(current, p))
                {
                    segment(a, b)
                }
            case .curveTo(let c1, let c2, let p):
                if let a = nonzero(direction(current, c1), direction(current, c2), direction(current, p)),
                    let b = nonzero(direction(c2, p), direction(c1, p), direction(current, p))
                {
                    segment(a, b)
                }
            case .closeSubpath:
                let d = direction(current, start)
                if d.x != 0 || d.y != 0 { segment(d, d) }
                if let last, let first { join(last, first) }
                (first, last) = (nil, nil)
                current = start
            }
            if let p = e.endPoint { current = p }
        }
        return reach
    }

    /// How far a stroke of the path reaches past its lines at most: half the line width, times
    /// the longest miter drawn (`miterReach`) where joins are mitred, or √2 (a square cap's
    /// corner) where caps are square.
    public func strokeReach(
        lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat
    ) -> CGFloat {
        let miter = lineJoin == .miter ? miterReach(limit: miterLimit) : 1
        return lineWidth / 2 * max(miter, lineCap == .square ? CGFloat(2).squareRoot() : 1)
    }

    /// Whether `point`, mapped by `transform`, lies inside the path under `rule`.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let p = point.applying(transform)
        let bounds = boundingBox
        guard p.isFinite, !bounds.isNull, bounds.insetBy(dx: -1e-9, dy: -1e-9).contains(p) else { return false }
        let tolerance = max(bounds.width, bounds.height, 1e-9) * 1e-4
        var winding = 0
        forEachFlattenedEdge(tolerance: tolerance) { a, b in
            // Crossing number with upward/downward direction (half-open on y).
            if a.y <= p.y {
                if b.y > p.y, Vec2.cross(Vec2(b) - Vec2(a), Vec2(p) - Vec2(a)) > 0 { winding += 1 }
            } else if b.y <= p.y, Vec2.cross(Vec2(b) - Vec2(a), Vec2(p) - Vec2(a)) < 0 {
                winding -= 1
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// Calls `edge` for each line of the flattened path, each subpath closed.
    func forEachFlattenedEdge(tolerance: CGFloat, _ edge: (CGPoint, CGPoint) -> Void) {
        var start: CGPoint?
        var current = CGPoint.zero
        func closeCurrent() {
            if let s = start, s != current { edge(current, s) }
        }
        for e in storage {
            switch e {
            case .moveTo(let p):
                closeCurrent()
                start = p
                current = p
            case .lineTo(let p):
                edge(current, p)
                current = p
            case .quadCurveTo(let c, let p):
                let n = Bezier.quadSteps(current, c, p, tolerance: tolerance)
                var prev = current
                for i in 1...n {
                    let q = i == n ? p : Bezier.quad(current, c, p, CGFloat(i) / CGFloat(n))
                    edge(prev, q)
                    prev = q
                }
                current = p
            case .curveTo(let c1, let c2, let p):
                let n = Bezier.cubicSteps(current, c1, c2, p, tolerance: tolerance)
                var prev = current
                for i in 1...n {
                    let q = i == n ? p : Bezier.cubic(current, c1, c2, p, CGFloat(i) / CGFloat(n))
                    edge(prev, q)
                    prev = q
                }
                current = p
            case .closeSubpath:
                closeCurrent()
                if let s = start { current = s }
            }
        }
        closeCurrent()
    }
}

/// Accumulates the bounding box of points.
private struct BoxBuilder {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y)
        maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
    }
}
