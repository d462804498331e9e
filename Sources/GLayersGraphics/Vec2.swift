/// A small 2D vector for the geometry code of paths (internal; Foundation on Linux has no
/// `CGVector`).
import Foundation

/// A 2D vector with the arithmetic that Bézier code needs.
struct Vec2: Equatable {
    var x: CGFloat, y: CGFloat

    init(_ x: CGFloat, _ y: CGFloat) { (self.x, self.y) = (x, y) }
    init(_ p: CGPoint) { (x, y) = (p.x, p.y) }

    static let zero = Vec2(0, 0)
    var point: CGPoint { CGPoint(x: x, y: y) }
    /// The Euclidean length: a square root where the squares neither overflow nor underflow
    /// (libm's `hypot`, which guards against both, cost a tenth of a Lottie file's load in the
    /// arc lengths of its trimmed paths), else `hypot`.
    var length: CGFloat {
        let s = x * x + y * y
        return s.isFinite && s > 1e-290 ? s.squareRoot() : hypot(x, y)
    }
    /// The unit vector in the same direction, or zero for the zero vector.
    var normalized: Vec2 { let l = length; return l > 0 ? Vec2(x / l, y / l) : .zero }

    static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    static func * (s: CGFloat, v: Vec2) -> Vec2 { Vec2(s * v.x, s * v.y) }
    static func dot(_ a: Vec2, _ b: Vec2) -> CGFloat { a.x * b.x + a.y * b.y }
    static func cross(_ a: Vec2, _ b: Vec2) -> CGFloat { a.x * b.y - a.y * b.x }
}
