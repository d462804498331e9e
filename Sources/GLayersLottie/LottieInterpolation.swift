/// Values of keyframed properties at any frame, as Lottie defines them: each segment eased by
/// its cubic-bezier curve (`o`, `i`), held when `h`, and a motion path (`to`, `ti`) followed
/// at constant speed along its curve. Used for the values the builder sets on the model and for
/// the few values it samples frame by frame instead of leaving them to the engine.
import Foundation
import GLayers
import GLayersGraphics

/// Values that keyframes blend.
protocol LottieInterpolatable {
    /// The value a fraction `t` of the way from `a` to `b` (t may leave [0, 1] when easing
    /// overshoots).
    static func blend(_ a: Self, _ b: Self, _ t: Double) -> Self
}

extension Double: LottieInterpolatable {
    static func blend(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}

extension Array: LottieInterpolatable where Element == Double {
    static func blend(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        guard a.count == b.count else { return t < 1 ? a : b }
        return zip(a, b).map { $0 + ($1 - $0) * t }
    }
}

extension BezierShape: LottieInterpolatable {
    /// Vertex by vertex; shapes with different vertex counts switch at the end.
    static func blend(_ a: BezierShape, _ b: BezierShape, _ t: Double) -> BezierShape {
        guard a.vertices.count == b.vertices.count else { return t < 1 ? a : b }
        func mix(_ p: [CGPoint], _ q: [CGPoint]) -> [CGPoint] {
            zip(p, q).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return BezierShape(
            vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
            outTangents: mix(a.outTangents, b.outTangents), closed: a.closed)
    }
}

extension Keyframe {
    /// The segment's timing curve (from this keyframe to the next).
    var timingFunction: CAMediaTimingFunction {
        let p = easingPoints
        return CAMediaTimingFunction(controlPoints: p.0, p.1, p.2, p.3)
    }

    /// The progress through the segment at linear progress `t`, eased as `timingFunction` eases
    /// it, without making the function (sampling a value evaluates it at every frame); linear
    /// where the easing is not finite, as the function is.
    func eased(_ t: Double) -> Double {
        let p = easingPoints
        return (BezierCurve(controlPoints: p.0, p.1, p.2, p.3) ?? .linear).evaluate(t)
    }

    /// The easing's control points as the timing function takes them (x clamped to [0, 1]
    /// before it becomes a `Float`, so a huge x is 1, not infinite).
    private var easingPoints: (Float, Float, Float, Float) {
        let x1 = min(max(easeOut.x, 0), 1), x2 = min(max(easeIn.x, 0), 1)
        return (Float(x1), Float(easeOut.y), Float(x2), Float(easeIn.y))
    }

    /// Whether the segment's curve is the straight line (no easing).
    var isLinear: Bool {
        easeOut.x == easeOut.y && easeIn.x == easeIn.y
    }

    /// Whether the segment follows a curved motion path.
    var hasSpatialTangents: Bool {
        (spatialOut.map { $0 != .zero } ?? false) || (spatialIn.map { $0 != .zero } ?? false)
    }
}

extension Animated where Value: LottieInterpolatable {
    /// The value at `frame`: the first value before the first keyframe, the last after the last.
    func value(at frame: Double) -> Value {
        guard keyframes.count > 1 else { return keyframes[0].value }
        if frame <= keyframes[0].time { return keyframes[0].value }
        guard let last = keyframes.last, frame < last.time else { return keyframes[keyframes.count - 1].value }
        // The segment holding the frame (binary search: sampling calls this for every frame).
        var lo = 0, hi = keyframes.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyframes[mid].time <= frame { lo = mid } else { hi = mid }
        }
        let a = keyframes[lo], b = keyframes[lo + 1]
        if a.hold || b.time <= a.time { return a.value }
        let linear = (frame - a.time) / (b.time - a.time)
        let t = a.isLinear ? linear : a.eased(linear)
        if a.hasSpatialTangents, let p = a.value as? [Double], let q = b.value as? [Double], p.count >= 2, q.count >= 2,
            let result = MotionPath.point(from: p, to: q, out: a.spatialOut ?? .zero, in: a.spatialIn ?? .zero, at: t)
                as? Value
        {
            return result
        }
        return Value.blend(a.value, b.value, t)
    }
}

/// A segment of a motion path: a cubic from one position to the next, with the spatial
/// tangents as control points. The eased progress is the curve's parameter, as Core Animation
/// follows a keyframe path in the `linear` calculation mode, which is how lottie-ios plays a
/// motion path (docs/lottie.md, "Timing"); the engine's `PathKeyframeEvaluator` does the same
/// for the positions it animates.
enum MotionPath {
    /// The point at progress `t` (clamped to [0, 1], as the engine clamps a path's parameter)
    /// along the segment from `p` to `q`; dimensions past the second move linearly, clamped too.
    static func point(from p: [Double], to q: [Double], out: CGPoint, in inTangent: CGPoint, at t: Double) -> [Double] {
        let p0 = CGPoint(x: p[0], y: p[1]), p3 = CGPoint(x: q[0], y: q[1])
        let curve = PathSegment.Geometry.curve(
            p0, CGPoint(x: p0.x + out.x, y: p0.y + out.y), CGPoint(x: p3.x + inTangent.x, y: p3.y + inTangent.y), p3)
        let point = curve.point(at: CGFloat(t))
        let u = t.isNaN ? 0 : min(max(t, 0), 1)
        var result = p
        result[0] = point.x
        result[1] = point.y
        if q.count == result.count, result.count > 2 {
            for k in 2..<result.count { result[k] = p[k] + (q[k] - p[k]) * u }
        }
        return result
    }
}
