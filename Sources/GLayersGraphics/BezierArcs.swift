/// Circular arcs as cubic Bézier curves, shared by `CGMutablePath` and `CGContext` so both
/// draw the same curves. Each piece spans at most 90°.
///
/// - Handles are the minimax length rather than the usual midpoint-exact `4/3 · tan(θ/4)`:
///   shortened by a factor `1 − (1.0339e-4 + 2.663e-6 θ²) θ⁴` (a fit of the numerically
///   optimal value, exact to 1e-7), the curve crosses the circle and its radial error is
///   ±0.0196 % of the radius for a 90° piece instead of +0.027 %, and its length is within
///   4e-5 of the arc's instead of 1.4e-4.
import Foundation

/// Arc-to-Bézier conversion (internal).
enum BezierArcs {
    /// The handle length of a piece of `theta` radians of the unit circle (minimax, signed).
    static func handle(_ theta: CGFloat) -> CGFloat {
        let t2 = theta * theta
        return 4.0 / 3.0 * tan(theta / 4) * (1 - (1.0339e-4 + 2.663e-6 * t2) * t2 * t2)
    }

    /// The handle length of a 90° piece of the unit circle (≈ 0.551915).
    static let kappa: CGFloat = handle(.pi / 2)

    /// An arc as its start point and cubic pieces.
    struct Arc {
        /// The first point of the arc.
        var start: CGPoint
        /// `.curveTo` elements, each at most 90°.
        var curves: [PathElement]
    }

    /// The arc of the circle (`center`, `radius`) from `startAngle` over `sweep` radians
    /// (positive sweeps increase the angle, which turns +x toward +y).
    static func arc(center: CGPoint, radius r: CGFloat, startAngle a0: CGFloat, sweep: CGFloat) -> Arc {
        func point(_ a: CGFloat) -> CGPoint { CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)) }
        let start = point(a0)
        guard sweep != 0, r > 0 else { return Arc(start: start, curves: []) }
        let n = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let theta = sweep / CGFloat(n)
        let k = handle(theta) * r
        var curves: [PathElement] = []
        curves.reserveCapacity(n)
        var a = a0
        var p0 = start
        for i in 1...n {
            let b = i == n ? a0 + sweep : a0 + theta * CGFloat(i)
            let p3 = point(b)
            let c1 = CGPoint(x: p0.x - k * sin(a), y: p0.y + k * cos(a))
            let c2 = CGPoint(x: p3.x + k * sin(b), y: p3.y - k * cos(b))
            curves.append(.curveTo(c1, c2, p3))
            (a, p0) = (b, p3)
        }
        return Arc(start: start, curves: curves)
    }

    /// The signed sweep CoreGraphics draws for `addArc(…clockwise:)`: `clockwise` means
    /// decreasing angle. The sweep is brought into [0, 2π) in the direction of travel; a
    /// difference of 2π or more in that direction draws the full circle.
    static func sweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let twoPi = 2 * CGFloat.pi
        let d = clockwise ? start - end : end - start
        var amount: CGFloat
        if d >= twoPi {
            amount = twoPi
        } else {
            amount = d.truncatingRemainder(dividingBy: twoPi)
            if amount < 0 { amount += twoPi }
        }
        return clockwise ? -amount : amount
    }

    /// The arc tangent to the lines `p0→p1` and `p1→p2` with radius `r`, as the two tangent
    /// points and the arc between them; nil when the lines are collinear or `r` is zero.
    static func tangentArc(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, radius r: CGFloat)
        -> (tangent1: CGPoint, arc: Arc)?
    {
        let v1 = Vec2(p0) - Vec2(p1), v2 = Vec2(p2) - Vec2(p1)
        guard r > 0, v1.length > 0, v2.length > 0 else { return nil }
        let u1 = v1.normalized, u2 = v2.normalized
        let cross = Vec2.cross(u1, u2)
        guard abs(cross) > 1e-12 else { return nil }
        let phi = acos(max(-1, min(1, Vec2.dot(u1, u2))))  // The angle at p1, in (0, π).
        let t1 = (Vec2(p1) + (r / tan(phi / 2)) * u1).point
        let center = (Vec2(p1) + (r / sin(phi / 2)) * (u1 + u2).normalized).point
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        // Travelling p0→p1→p2 turns toward increasing angle when cross(−u1, u2) > 0.
        let sweep = (cross < 0 ? 1 : -1) * (CGFloat.pi - phi)
        return (t1, arc(center: center, radius: r, startAngle: a0, sweep: sweep))
    }
}

extension CGMutablePath {
    /// Adds an arc of a circle; `clockwise` means decreasing angle (CoreGraphics semantics).
    ///
    /// - Angles are in radians from +x toward +y. A line joins the current point to the arc's
    ///   start when there is a current point elsewhere; otherwise the arc starts a subpath.
    /// - See `BezierArcs.sweep` for how start and end angles are normalised.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        guard startAngle.isFinite, endAngle.isFinite else { return }
        let sweep = BezierArcs.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// Adds an arc of `delta` radians from `startAngle` (positive: increasing angle; any size).
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard center.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite, delta.isFinite else { return }
        appendArc(BezierArcs.arc(center: center, radius: radius, startAngle: startAngle, sweep: delta), transform)
    }

    /// Adds an arc tangent to the lines from the current point to `tangent1End` and from
    /// there to `tangent2End`, preceded by a line to the first tangent point.
    ///
    /// - With no current point it starts a subpath at `tangent1End`; collinear points or a
    ///   zero radius give a line to `tangent1End`.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard tangent1End.isFinite, tangent2End.isFinite, radius.isFinite, radius >= 0 else { return }
        guard let current = lastPoint else { return move(to: tangent1End, transform: transform) }
        let p0 = transform.isIdentity ? current : current.applying(transform.inverted())
        guard let (t1, arc) = BezierArcs.tangentArc(p0, tangent1End, tangent2End, radius: radius) else {
            return lineIfNeeded(to: tangent1End, transform)
        }
        lineIfNeeded(to: t1, transform)
        for c in arc.curves { append(c, transform) }
    }

    /// Joins or starts the subpath at the arc's start, then appends its curves.
    private func appendArc(_ arc: BezierArcs.Arc, _ t: CGAffineTransform) {
        if lastPoint == nil { append(.moveTo(arc.start), t) } else { lineIfNeeded(to: arc.start, t) }
        for c in arc.curves { append(c, t) }
    }
}
