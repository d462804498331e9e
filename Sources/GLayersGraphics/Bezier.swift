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

    /// The control points of the cubic that draws the quadratic curve exactly (degree
    /// elevation: each two thirds of the way from its end to the quadratic's control point).
    static func cubicControls(ofQuad p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> (CGPoint, CGPoint) {
        (
            CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y)),
            CGPoint(x: p1.x + 2 / 3 * (c.x - p1.x), y: p1.y + 2 / 3 * (c.y - p1.y))
        )
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

    /// Calls `body` with each parameter in (0, 1) where the quadratic curve's x or y is extreme.
    static func forEachQuadExtremum(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ body: (CGFloat) -> Void) {
        func axis(_ a: CGFloat, _ b: CGFloat, _ d: CGFloat) {
            let denom = a - 2 * b + d
            guard denom != 0 else { return }
            let t = (a - b) / denom
            if t > 0, t < 1 { body(t) }
        }
        axis(p0.x, c.x, p1.x)
        axis(p0.y, c.y, p1.y)
    }

    /// Calls `body` with each parameter in (0, 1) where the cubic curve's x or y is extreme
    /// (no array made: bounding boxes are taken every frame for animated shapes).
    static func forEachCubicExtremum(
        _ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ body: (CGFloat) -> Void
    ) {
        func axis(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) {
            // Derivative / 3: A t² + B t + C.
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            forEachQuadraticRoot(qa, qb, qc) { t in if t > 0 && t < 1 { body(t) } }
        }
        axis(p0.x, c1.x, c2.x, p1.x)
        axis(p0.y, c1.y, c2.y, p1.y)
    }

    /// Calls `body` with each real root of `a t² + b t + c` (of a linear equation when `a` is
    /// negligible).
    static func forEachQuadraticRoot(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ body: (CGFloat) -> Void) {
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return }
        if abs(a) < 1e-12 * scale {
            if b != 0 { body(-c / b) }
            return
        }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return }
        let s = disc.squareRoot()
        body((-b + s) / (2 * a))
        body((-b - s) / (2 * a))
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
