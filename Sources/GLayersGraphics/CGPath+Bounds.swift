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
                Bezier.forEachQuadExtremum(current, c, p) { box.add(Bezier.quad(current, c, p, $0)) }
            case .curveTo(let c1, let c2, let p):
                box.add(p)
                Bezier.forEachCubicExtremum(current, c1, c2, p) { box.add(Bezier.cubic(current, c1, c2, p, $0)) }
            case .closeSubpath:
                break
            }
            if let p = e.endPoint { current = p }
        }
        return box.rect
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
