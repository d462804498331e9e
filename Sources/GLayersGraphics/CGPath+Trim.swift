/// Trimming and interpolating paths (glayers' extensions, for `CAShapeLayer.strokeStart`,
/// `strokeEnd` and path animations).
import Foundation

extension CGPath {
    /// The part of the path between fractions `start` and `end` of its total length
    /// (0 ≤ start ≤ end ≤ 1), as new segments that follow the original curves exactly.
    public func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        let s0 = min(max(start, 0), 1), s1 = min(max(end, 0), 1)
        if s0 <= 0 && s1 >= 1 { return self }
        let out = CGMutablePath()
        guard s1 > s0 else { return out }
        let segs = segments()
        let total = segs.reduce(CGFloat(0)) { $0 + $1.length }
        guard total > 0 else { return out }
        let from = s0 * total, to = s1 * total
        // At most a move and an element a segment: one allocation, not one per doubling.
        out.storage.reserveCapacity(2 * segs.count)
        var walked: CGFloat = 0
        var pen: CGPoint?
        for seg in segs {
            let a = walked, b = walked + seg.length
            walked = b
            guard b > from, a < to else { continue }
            let t0 = seg.parameter(atLength: max(from - a, 0))
            let t1 = seg.parameter(atLength: min(to - a, seg.length))
            let piece = PathSegment.split(seg.geometry, t0, t1)
            // The piece's ends from its points (a `PathSegment` would measure its length).
            let startPoint = piece.start
            if pen == nil || pen != startPoint { out.move(to: startPoint) }
            switch piece {
            case .line(_, let p): out.addLine(to: p)
            case .quadCurve(_, let c, let p): out.addQuadCurve(to: p, control: c)
            case .curve(_, let c1, let c2, let p): out.addCurve(to: p, control1: c1, control2: c2)
            }
            pen = piece.end
        }
        return out
    }

    /// The path between `self` and `other` at fraction `t` when both have as many elements, of
    /// the same kinds but for their degree: point by point, a line or a quadratic curve facing a
    /// cubic raised to a cubic first (a line's control points on its ends, a quadratic's by
    /// degree elevation), as Core Animation morphs a line into a curve (docs/semantics.md,
    /// "Value types"). Otherwise the nearer of the two.
    public func interpolated(to other: CGPath, _ t: CGFloat) -> CGPath {
        let a = elements, b = other.elements
        guard a.count == b.count, t > 0, t < 1 else { return t < 0.5 ? self : other }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        let out = CGMutablePath()
        out.reserveCapacity(adding: a.count)
        // Each path's current point and its subpath's start, for raising a segment's degree.
        var pen = (CGPoint.zero, CGPoint.zero), start = (CGPoint.zero, CGPoint.zero)
        for (e, f) in zip(a, b) {
            switch (e, f) {
            case (.moveTo(let p), .moveTo(let q)):
                out.move(to: mix(p, q))
                (pen, start) = ((p, q), (p, q))
                continue
            case (.lineTo(let p), .lineTo(let q)): out.addLine(to: mix(p, q))
            case (.quadCurveTo(let c, let p), .quadCurveTo(let d, let q)):
                out.addQuadCurve(to: mix(p, q), control: mix(c, d))
            case (.closeSubpath, .closeSubpath):
                out.closeSubpath()
                pen = start
                continue
            default:
                guard let (c1, c2, p) = e.cubic(from: pen.0), let (d1, d2, q) = f.cubic(from: pen.1) else {
                    return t < 0.5 ? self : other
                }
                out.addCurve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
            }
            pen = (e.endPoint ?? pen.0, f.endPoint ?? pen.1)
        }
        return out
    }
}

extension PathElement {
    /// A drawing element as a cubic from `pen` (its control points and end): a line's control
    /// points on its ends, a quadratic's raised exactly; nil for a move or a close.
    fileprivate func cubic(from pen: CGPoint) -> (CGPoint, CGPoint, CGPoint)? {
        switch self {
        case .lineTo(let p): return (pen, p, p)
        case .quadCurveTo(let c, let p):
            let (c1, c2) = Bezier.cubicControls(ofQuad: pen, c, p)
            return (c1, c2, p)
        case .curveTo(let c1, let c2, let p): return (c1, c2, p)
        case .moveTo, .closeSubpath: return nil
        }
    }
}

extension PathSegment {
    /// The part of a segment between curve parameters t0 and t1 (de Casteljau).
    public static func split(_ g: Geometry, _ t0: CGFloat, _ t1: CGFloat) -> Geometry {
        func lerp(_ p: CGPoint, _ q: CGPoint, _ t: CGFloat) -> CGPoint {
            CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
        }
        switch g {
        case .line(let a, let b):
            return .line(lerp(a, b, t0), lerp(a, b, t1))
        case .quadCurve(let a, let c, let b):
            // Right part from t0, then left part up to the remapped t1.
            let ac = lerp(a, c, t0), cb = lerp(c, b, t0), p0 = lerp(ac, cb, t0)
            let u = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
            let q1 = lerp(p0, cb, u), q2 = lerp(cb, b, u), p1 = lerp(q1, q2, u)
            return .quadCurve(p0, q1, p1)
        case .curve(let a, let c1, let c2, let b):
            let ab = lerp(a, c1, t0), bc = lerp(c1, c2, t0), cd = lerp(c2, b, t0)
            let abc = lerp(ab, bc, t0), bcd = lerp(bc, cd, t0), p0 = lerp(abc, bcd, t0)
            let u = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
            let e1 = lerp(p0, bcd, u), e2 = lerp(bcd, cd, u), e3 = lerp(cd, b, u)
            let f1 = lerp(e1, e2, u), f2 = lerp(e2, e3, u), p1 = lerp(f1, f2, u)
            return .curve(p0, e1, f1, p1)
        }
    }
}
