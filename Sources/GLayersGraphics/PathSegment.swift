/// One drawn piece of a path (a line, a quadratic or a cubic) with its arc length, for
/// keyframe path animations (glayers' extension; CoreGraphics has no equivalent).
///
/// - Lengths integrate the curve's speed with 5-point Gauss–Legendre quadrature, halving
///   intervals until the estimated error is within 1e-12 of the length (1e-6 is the promise).
/// - `point(atLength:)` inverts the arc length by Newton steps inside a shrinking bracket,
///   measuring only the length between one step and the next.
import Foundation

/// A segment of a path: the geometry of one line or curve element, with its length.
public struct PathSegment: Equatable, Sendable {
    /// The shape of a segment, with every point including its start.
    public enum Geometry: Equatable, Sendable {
        /// A straight line: start, end.
        case line(CGPoint, CGPoint)
        /// A quadratic Bézier curve: start, control, end.
        case quadCurve(CGPoint, CGPoint, CGPoint)
        /// A cubic Bézier curve: start, control 1, control 2, end.
        case curve(CGPoint, CGPoint, CGPoint, CGPoint)

        /// The first point.
        public var start: CGPoint {
            switch self {
            case .line(let p, _), .quadCurve(let p, _, _), .curve(let p, _, _, _): return p
            }
        }

        /// The last point.
        public var end: CGPoint {
            switch self {
            case .line(_, let p), .quadCurve(_, _, let p), .curve(_, _, _, let p): return p
            }
        }

        /// The point at curve parameter `t` (clamped to [0, 1]); not proportional to length.
        public func point(at t: CGFloat) -> CGPoint {
            let t = t.isNaN ? 0 : min(1, max(0, t))
            switch self {
            case .line(let a, let b): return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            case .quadCurve(let a, let c, let b): return Bezier.quad(a, c, b, t)
            case .curve(let a, let c1, let c2, let b): return Bezier.cubic(a, c1, c2, b, t)
            }
        }
    }

    /// The segment's shape.
    public let geometry: Geometry
    /// Whether this is the line a `closeSubpath` draws back to the subpath's start.
    public let closesSubpath: Bool
    /// The arc length.
    public let length: CGFloat

    /// A segment of `geometry`; its length is computed here.
    public init(_ geometry: Geometry, closesSubpath: Bool = false) {
        self.geometry = geometry
        self.closesSubpath = closesSubpath
        self.length = PathSegment.arcLength(geometry, from: 0, to: 1)
    }

    /// The first point.
    public var start: CGPoint { geometry.start }

    /// The last point.
    public var end: CGPoint { geometry.end }

    /// The point at curve parameter `t` (clamped to [0, 1]); not proportional to length.
    public func point(at t: CGFloat) -> CGPoint { geometry.point(at: t) }

    /// The unit tangent (direction of travel) at curve parameter `t`.
    ///
    /// - Where the derivative vanishes (a control point on an end point) the direction
    ///   toward the nearest distinct point is used; a segment that is a single point gives `.zero`.
    public func tangent(at t: CGFloat) -> CGPoint {
        let t = t.isNaN ? 0 : min(1, max(0, t))
        let d = PathSegment.derivative(geometry, t)
        if d.length > 1e-12 * max(1, length) { return d.normalized.point }
        // Degenerate derivative: look a little along the curve instead.
        let (a, b) = t < 0.5 ? (point(at: t), point(at: t + 1e-3)) : (point(at: t - 1e-3), point(at: t))
        let v = Vec2(b) - Vec2(a)
        if v.length > 0 { return v.normalized.point }
        return (Vec2(end) - Vec2(start)).normalized.point
    }

    /// The curve parameter at arc length `s` from the start (clamped to [0, length]).
    public func parameter(atLength s: CGFloat) -> CGFloat {
        guard length > 0, s.isFinite, s > 0 else { return 0 }
        if s >= length { return 1 }
        let t = s / length
        return parameter(atLength: s, from: (t, PathSegment.arcLength(geometry, from: 0, to: t)))
    }

    /// The curve parameter at arc length `s`, searched from a point whose parameter and arc
    /// length are known (a nearby sample's): only the lengths between the points the search
    /// visits are measured, so samples taken along the segment in order each cost a short
    /// integral instead of one from the start.
    public func parameter(atLength s: CGFloat, from known: (parameter: CGFloat, length: CGFloat)) -> CGFloat {
        guard length > 0, s.isFinite, s > 0 else { return 0 }
        if s >= length { return 1 }
        if case .line = geometry { return s / length }
        var (lo, hi) = (CGFloat(0), CGFloat(1))
        let usable = known.parameter >= 0 && known.parameter <= 1 && known.length.isFinite
        var t = usable ? known.parameter : 0
        // The arc length to t, less s.
        var f = (usable ? known.length : 0) - s
        for _ in 0..<50 {
            if abs(f) <= 1e-12 * length { break }
            if f > 0 { hi = t } else { lo = t }
            let speed = PathSegment.derivative(geometry, t).length
            var next = speed > 0 ? t - f / speed : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - t) < 1e-15 { break }
            // Within an absolute tolerance: relative to a short piece's own length, a piece
            // at a cusp (where the speed vanishes) would be halved to the bottom on every branch.
            let tolerance = 1e-13 * length
            f +=
                next > t
                ? PathSegment.arcLength(geometry, from: t, to: next, tolerance: tolerance)
                : -PathSegment.arcLength(geometry, from: next, to: t, tolerance: tolerance)
            t = next
        }
        return t
    }

    /// The point at arc length `s` from the start (clamped to [0, length]).
    public func point(atLength s: CGFloat) -> CGPoint { point(at: parameter(atLength: s)) }

    /// The unit tangent at arc length `s` from the start.
    public func tangent(atLength s: CGFloat) -> CGPoint { tangent(at: parameter(atLength: s)) }

    // MARK: - Arc length

    /// The derivative of `g` at `t`.
    static func derivative(_ g: Geometry, _ t: CGFloat) -> Vec2 {
        switch g {
        case .line(let a, let b): return Vec2(b) - Vec2(a)
        case .quadCurve(let a, let c, let b): return Bezier.quadDerivative(a, c, b, t)
        case .curve(let a, let c1, let c2, let b): return Bezier.cubicDerivative(a, c1, c2, b, t)
        }
    }

    /// The arc length of `g` between parameters `t0` and `t1`, within `tolerance` (default:
    /// 1e-12 of the length).
    static func arcLength(_ g: Geometry, from t0: CGFloat, to t1: CGFloat, tolerance: CGFloat? = nil) -> CGFloat {
        if case .line(let a, let b) = g { return (Vec2(b) - Vec2(a)).length * (t1 - t0) }
        guard t1 > t0 else { return 0 }
        let speed = Speed(g)
        let whole = gauss(speed, t0, t1)
        return adaptive(speed, t0, t1, whole, tolerance: tolerance ?? max(whole, 1e-300) * 1e-12, depth: 0)
    }

    /// Refines a Gauss–Legendre estimate by halving until the halves' sum is within `tolerance`
    /// (split between the halves) by Richardson's estimate of its error: the 5-point rule's error
    /// shrinks as the tenth power of the interval, so the sum of the halves is off by about
    /// `|sum − whole| / 1023`. (Requiring `|sum − whole|` itself within the tolerance asked a
    /// thousand times the precision of what is returned: one more halving, twice the work, a
    /// sixth of building a large Lottie file.)
    private static func adaptive(
        _ speed: Speed, _ a: CGFloat, _ b: CGFloat, _ whole: CGFloat, tolerance: CGFloat, depth: Int
    ) -> CGFloat {
        let m = (a + b) / 2
        let left = gauss(speed, a, m), right = gauss(speed, m, b)
        let sum = left + right
        // A length that overflowed (coordinates near the largest doubles) cannot be refined:
        // comparisons with NaN or infinity never succeed, and halving would go on to depth 24
        // on every branch, 2^25 estimates (#14).
        if depth >= 24 || abs(sum - whole) <= 1023 * tolerance || !sum.isFinite { return sum }
        return adaptive(speed, a, m, left, tolerance: tolerance / 2, depth: depth + 1)
            + adaptive(speed, m, b, right, tolerance: tolerance / 2, depth: depth + 1)
    }

    /// 5-point Gauss–Legendre estimate of the length between `a` and `b` (nodes and weights
    /// on [−1, 1] written out: read from a global table, each estimate paid for the table's
    /// lazy initialisation check and bounds checks, three times the arithmetic's cost).
    @inline(__always)
    static func gauss(_ speed: Speed, _ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let h = (b - a) / 2, m = (a + b) / 2
        let x1 = 0.5384693101056831 * h, x2 = 0.9061798459386640 * h
        let sum =
            0.5688888888888889 * speed.at(m)
            + 0.4786286704993665 * (speed.at(m - x1) + speed.at(m + x1))
            + 0.2369268850561891 * (speed.at(m - x2) + speed.at(m + x2))
        return sum * h
    }

    /// The speed `|B′(t)|` of a curve, with the derivative as a polynomial in `t` whose
    /// coefficients are made once per measurement from the differences of the control points
    /// (as the Bernstein form takes them, so large coordinates lose no more precision than
    /// there).
    struct Speed {
        /// `B′(t) = c0 + c1·t + c2·t²`.
        let c0: Vec2, c1: Vec2, c2: Vec2

        init(_ g: Geometry) {
            switch g {
            case .line(let a, let b):
                (c0, c1, c2) = (Vec2(b) - Vec2(a), .zero, .zero)
            case .quadCurve(let p0, let c, let p1):
                // 2·((1 − t)·d0 + t·d1)
                let d0 = Vec2(c) - Vec2(p0), d1 = Vec2(p1) - Vec2(c)
                (c0, c1, c2) = (2 * d0, 2 * (d1 - d0), .zero)
            case .curve(let p0, let k1, let k2, let p1):
                // 3·((1 − t)²·d0 + 2·(1 − t)·t·d1 + t²·d2)
                let d0 = Vec2(k1) - Vec2(p0), d1 = Vec2(k2) - Vec2(k1), d2 = Vec2(p1) - Vec2(k2)
                (c0, c1, c2) = (3 * d0, 6 * (d1 - d0), 3 * (d0 - 2 * d1 + d2))
            }
        }

        /// The speed at `t`.
        @inline(__always)
        func at(_ t: CGFloat) -> CGFloat {
            Vec2((c2.x * t + c1.x) * t + c0.x, (c2.y * t + c1.y) * t + c0.y).length
        }
    }
}
