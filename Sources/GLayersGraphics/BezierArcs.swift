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

    /// The signed sweep CoreGraphics draws for `addArc(…clockwise:)`.
    ///
    /// - `clockwise` is read in the path's own space, where angles run from +x toward +y:
    ///   clockwise means decreasing angle, which is clockwise on a y-up screen (CoreGraphics'
    ///   default space) and counterclockwise on screen in a flipped, y-down space such as
    ///   glayers' or UIKit's. Apple's reference for `CGMutablePath` and `CGContext`
    ///   `addArc(center:radius:startAngle:endAngle:clockwise:)`: "In a flipped coordinate
    ///   system …, specifying a clockwise arc results in a counterclockwise arc after the
    ///   transformation is applied."
    /// - The arc runs from the start angle in the direction of travel to the end angle, less
    ///   than one turn: the difference in that direction is brought into [0, 2π).
    /// - Equal angles give no arc, only the start point, in both directions.
    /// - A difference of one turn or more in the direction of travel, and any other non-zero
    ///   whole number of turns (0 → 2π clockwise, 2π → 0 counterclockwise, π/2 → π/2 + 2π
    ///   either way), gives the full circle, never an empty arc, as CoreGraphics draws it.
    ///   Apple's pages do not spell these cases out. WebKit's and Blink's canvas code
    ///   (`adjustEndAngle`) keeps the same whole circle for 0 → 2π against the direction of
    ///   travel, "because some web sites use arc(x, y, r, 0, 2*Math.PI, true) to draw
    ///   circle", written when Safari drew canvas arcs with CoreGraphics; cairo's
    ///   `cairo_arc_negative` and the canvas spec draw nothing there instead. A whole number
    ///   of turns is recognised to within a few ulps, so `π/2 + 2π` computed in floating
    ///   point counts.
    static func sweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let twoPi = 2 * CGFloat.pi
        let d = clockwise ? start - end : end - start
        let direction: CGFloat = clockwise ? -1 : 1
        guard d != 0 else { return 0 }
        if d >= twoPi { return direction * twoPi }
        let turns = (d / twoPi).rounded()
        let tolerance = 8 * CGFloat.ulpOfOne * max(twoPi, abs(start), abs(end))
        if turns != 0 && abs(d - turns * twoPi) <= tolerance { return direction * twoPi }
        var amount = d.truncatingRemainder(dividingBy: twoPi)
        if amount < 0 { amount += twoPi }
        return direction * amount
    }

    /// The longest sweep a relative arc draws: 1024 turns (a resource limit). Longer sweeps
    /// lose pairs of turns, which changes neither the end point nor the winding parity.
    static let maximumSweep = 2 * CGFloat.pi * 1024

    /// `delta` with whole pairs of turns removed until it is at most `maximumSweep` long.
    static func limited(_ delta: CGFloat) -> CGFloat {
        let size = abs(delta)
        guard size > maximumSweep else { return delta }
        let fourPi = 4 * CGFloat.pi
        let reduced = maximumSweep - fourPi + (size - maximumSweep).truncatingRemainder(dividingBy: fourPi)
        return delta < 0 ? -reduced : reduced
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
    /// Adds an arc of a circle; `clockwise` means decreasing angle in the path's own space, as
    /// in CoreGraphics (counterclockwise on a y-down screen such as glayers').
    ///
    /// - Angles are in radians from +x toward +y. A line joins the current point to the arc's
    ///   start when there is a current point elsewhere; otherwise the arc starts a subpath.
    /// - Equal angles add only the start point; a whole number of turns in either direction
    ///   adds the full circle (see `BezierArcs.sweep` for the rules and their sources).
    /// - A negative or non-finite radius, centre or angle adds nothing.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        guard startAngle.isFinite, endAngle.isFinite else { return }
        let sweep = BezierArcs.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// Adds an arc of `delta` radians from `startAngle` (positive: increasing angle,
    /// counterclockwise in the path's own space, as in CoreGraphics).
    ///
    /// - Any size: more than a turn goes round more than once (up to `BezierArcs.maximumSweep`);
    ///   a zero `delta` adds only the start point.
    /// - A negative or non-finite radius, centre or angle adds nothing.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard center.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite, delta.isFinite else { return }
        let sweep = BezierArcs.limited(delta)
        appendArc(BezierArcs.arc(center: center, radius: radius, startAngle: startAngle, sweep: sweep), transform)
    }

    /// Adds an arc tangent to the lines from the current point to `tangent1End` and from
    /// there to `tangent2End`, preceded by a line to the first tangent point.
    ///
    /// - With no current point it starts a subpath at `tangent1End`; collinear points or a
    ///   zero radius give a line to `tangent1End`.
    /// - The arc turns the short way, whatever the space: no `clockwise` to interpret.
    /// - A negative or non-finite radius or point adds nothing.
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
