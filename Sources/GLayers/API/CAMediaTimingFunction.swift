/// `CAMediaTimingFunction`: the cubic Bézier pacing curves of animations.
///
/// The curve runs from (0, 0) through control points c1, c2 to (1, 1). Evaluating at input
/// time x solves Bx(s) = x for the curve parameter s (Newton–Raphson, then bisection, to 1e-9)
/// and returns By(s). Inputs are clamped to [0, 1], as Core Animation does (docs/semantics.md#timing-functions).
import Foundation

/// A cubic Bézier from (0, 0) to (1, 1) solved for x → y: the value part of a timing function,
/// stored inline where timing is evaluated every frame, and evaluated without making an object
/// where a curve is only sampled (a Lottie keyframe's easing, at every frame of a sampled value).
package struct BezierCurve: Equatable {
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// Whether the curve is the identity map.
    let isLinear: Bool

    /// The identity map.
    package static let linear = BezierCurve(CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))

    init(_ c1: CGPoint, _ c2: CGPoint) {
        cx = 3 * Double(c1.x)
        bx = 3 * (Double(c2.x) - Double(c1.x)) - cx
        ax = 1 - cx - bx
        cy = 3 * Double(c1.y)
        by = 3 * (Double(c2.y) - Double(c1.y)) - cy
        ay = 1 - cy - by
        isLinear = c1.x == c1.y && c2.x == c2.y
    }

    /// The curve of `CAMediaTimingFunction(controlPoints:)` (x clamped to [0, 1]); nil when a
    /// coordinate is not finite, where that function warns and is linear.
    package init?(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        guard let (c1, c2) = Self.controlPoints(c1x, c1y, c2x, c2y) else { return nil }
        self.init(c1, c2)
    }

    /// The control points of a curve given as Floats: x clamped to [0, 1]; nil when one is not
    /// finite.
    static func controlPoints(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) -> (CGPoint, CGPoint)? {
        guard c1x.isFinite, c1y.isFinite, c2x.isFinite, c2y.isFinite else { return nil }
        return (
            CGPoint(x: CGFloat(min(max(c1x, 0), 1)), y: CGFloat(c1y)),
            CGPoint(x: CGFloat(min(max(c2x, 0), 1)), y: CGFloat(c2y))
        )
    }

    /// The eased progress for input progress `x` (clamped to [0, 1]).
    @inline(__always)
    package func evaluate(_ x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        let s = solveCurveX(x)
        return ((ay * s + by) * s + cy) * s
    }

    private func curveX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func curveDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter s with Bx(s) = x, to 1e-9: Newton–Raphson, then bisection.
    private func solveCurveX(_ x: Double) -> Double {
        let epsilon = 1e-9
        var s = x
        for _ in 0..<8 {
            let err = curveX(s) - x
            if abs(err) < epsilon { return s }
            let d = curveDerivativeX(s)
            if abs(d) < 1e-7 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = curveX(s)
            if abs(v - x) < epsilon { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}

/// A timing function: maps an animation's progress in [0, 1] to an eased progress.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    /// The first control point.
    public let c1: CGPoint
    /// The second control point.
    public let c2: CGPoint
    /// The solved curve.
    let curve: BezierCurve

    /// One of the predefined curves.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default:
            Diagnostics.warn("CAMediaTimingFunction: unknown name \"\(name.rawValue)\"; using linear")
            self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// A curve with control points (c1x, c1y) and (c2x, c2y).
    ///
    /// - The x coordinates are clamped to [0, 1] so the curve stays a function of time.
    /// - A coordinate that is not finite (NaN, infinite, or a Double too large for a Float) is
    ///   reported and the curve is linear: no time could be read from it.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        guard let (p1, p2) = BezierCurve.controlPoints(c1x, c1y, c2x, c2y) else {
            Diagnostics.warn(
                "CAMediaTimingFunction(controlPoints: \(c1x), \(c1y), \(c2x), \(c2y)): control points must be finite; the function is linear"
            )
            c1 = .zero
            c2 = CGPoint(x: 1, y: 1)
            curve = BezierCurve(c1, c2)
            super.init()
            return
        }
        (c1, c2) = (p1, p2)
        curve = BezierCurve(c1, c2)
        super.init()
    }

    /// Control point `index` (0 … 3) of the curve: (0,0), c1, c2, (1,1).
    ///
    /// - `values` receives two Floats. An index outside 0…3 leaves it unchanged.
    open func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: CGPoint
        switch index {
        case 0: p = .zero
        case 1: p = c1
        case 2: p = c2
        case 3: p = CGPoint(x: 1, y: 1)
        default: return
        }
        ptr[0] = Float(p.x)
        ptr[1] = Float(p.y)
    }

    /// Whether the curve is the identity (linear) map.
    var isLinear: Bool { curve.isLinear }

    /// The eased progress for input progress `x` (clamped to [0, 1]).
    public func evaluate(_ x: Double) -> Double { curve.evaluate(x) }

    open override var description: String {
        "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))"
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CAMediaTimingFunction else { return false }
        return o.c1 == c1 && o.c2 == c2
    }
}
