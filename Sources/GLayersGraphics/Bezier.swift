/// Bézier curve evaluation, derivatives, extrema and flattening step counts (internal).
import Foundation

/// Quadratic and cubic Bézier math on points.
enum Bezier {
    /// The quadratic curve at `t`.
    static func quad(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(
            x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
            y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    /// The cubic curve at `t`.
    static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(
            x: a * p0.x + b * c1.x + c * c2.x + d * p1.x,
            y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// The derivative of the quadratic curve at `t`.
    static func quadDerivative(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> Vec2 {
        let u = 1 - t
        return Vec2(2 * u * (c.x - p0.x) + 2 * t * (p1.x - c.x), 2 * u * (c.y - p0.y) + 2 * t * (p1.y - c.y))
    }

    /// The derivative of the cubic curve at `t`.
    static func cubicDerivative(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> Vec2 {
        let u = 1 - t
        let (a, b, c) = (3 * u * u, 6 * u * t, 3 * t * t)
        return Vec2(
            a * (c1.x - p0.x) + b * (c2.x - c1.x) + c * (p1.x - c2.x),
            a * (c1.y - p0.y) + b * (c2.y - c1.y) + c * (p1.y - c2.y))
    }

    /// Parameters in (0, 1) where the quadratic curve's x or y is extreme.
    static func quadExtrema(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, d) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
            let denom = a - 2 * b + d
            if denom != 0 {
                let t = (a - b) / denom
                if t > 0, t < 1 { ts.append(t) }
            }
        }
        return ts
    }

    /// Parameters in (0, 1) where the cubic curve's x or y is extreme.
    static func cubicExtrema(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, c, d) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
            // Derivative / 3: A t² + B t + C.
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            for t in solveQuadratic(qa, qb, qc) where t > 0 && t < 1 { ts.append(t) }
        }
        return ts
    }

    /// Real roots of `a t² + b t + c` (a linear equation when `a` is negligible).
    static func solveQuadratic(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) < 1e-12 * scale { return b != 0 ? [-c / b] : [] }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return [] }
        let s = disc.squareRoot()
        return [(-b + s) / (2 * a), (-b - s) / (2 * a)]
    }

    /// Line count that keeps a flattened quadratic within `tolerance` (Wang's formula).
    static func quadSteps(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, tolerance: CGFloat) -> Int {
        let dd = (Vec2(p0) - 2 * Vec2(c) + Vec2(p1)).length
        return steps(0.25 * dd / tolerance)
    }

    /// Line count that keeps a flattened cubic within `tolerance` (Wang's formula).
    static func cubicSteps(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, tolerance: CGFloat) -> Int {
        let d1 = (Vec2(p0) - 2 * Vec2(c1) + Vec2(c2)).length
        let d2 = (Vec2(c1) - 2 * Vec2(c2) + Vec2(p1)).length
        return steps(0.75 * max(d1, d2) / tolerance)
    }

    /// `ceil(√x)` clamped to [1, 1000].
    private static func steps(_ x: CGFloat) -> Int {
        guard x.isFinite, x > 0 else { return 1 }
        return min(1000, max(1, Int(x.squareRoot().rounded(.up))))
    }
}
