/// `CABasicAnimation`'s value at a moment, written once for every value type: the per-frame
/// fast path (numbers and points, in `Lanes`) and the general path (any value, through a
/// `StateAccess`) both compute it here, top-level or inside a group
/// (docs/semantics.md#basic-animations).
import Foundation

/// Where a basic animation's ends come from: the seven from/to/by combinations of the timing
/// guide, reduced to the four that remain once the constant ones are combined.
struct BasicEnds<V: Interpolatable> {
    enum Kind: UInt8 {
        /// Both ends constant: from `x` to `y` (from/to, from/by, by/to).
        case fixed
        /// From `x` to the underlying value (`fromValue` only; also implicit animations, whose
        /// `x` is the value on screen before the change).
        case fromValue
        /// From the underlying value to `y` (`toValue` only).
        case toValue
        /// From the underlying value to underlying + `x` (`byValue` only).
        case byValue
    }

    var x: V
    var y: V
    var kind: Kind

    static func fixed(_ a: V, _ b: V) -> BasicEnds { BasicEnds(x: a, y: b, kind: .fixed) }
    static func fromValue(_ a: V) -> BasicEnds { BasicEnds(x: a, y: a, kind: .fromValue) }
    static func toValue(_ b: V) -> BasicEnds { BasicEnds(x: b, y: b, kind: .toValue) }
    static func byValue(_ d: V) -> BasicEnds { BasicEnds(x: d, y: d, kind: .byValue) }

    /// The two ends over the underlying value `u`.
    @inline(__always)
    func resolve(underlying u: V) -> (V, V) {
        switch kind {
        case .fixed: return (x, y)
        case .fromValue: return (x, u)
        case .toValue: return (u, y)
        case .byValue: return (u, V.sum(u, x))
        }
    }

    /// The same ends with every value converted by `f`.
    func map<W>(_ f: (V) -> W) -> BasicEnds<W> {
        BasicEnds<W>(x: f(x), y: f(y), kind: BasicEnds<W>.Kind(rawValue: kind.rawValue) ?? .fixed)
    }
}

/// How a basic animation combines with the underlying value and across repeats.
struct BasicOptions: OptionSet {
    let rawValue: UInt8
    /// The value is added to the underlying value (`isAdditive`).
    static let additive = BasicOptions(rawValue: 1)
    /// Each repeat adds the end value of the previous ones (`isCumulative`).
    static let cumulative = BasicOptions(rawValue: 2)
    /// The animation runs back after each cycle (then cumulation adds the start value).
    static let autoreverses = BasicOptions(rawValue: 4)
    /// The progress is eased by a timing function (read by the fast path only).
    static let eased = BasicOptions(rawValue: 8)
}

/// A basic animation's ends and options.
struct BasicInterpolation<V: Interpolatable> {
    var ends: BasicEnds<V>
    var options: BasicOptions

    /// The presented value at `progress` (eased) of cycle `iteration`, over the underlying value:
    /// the value between the ends; plus, when cumulative, the end value of each completed cycle
    /// ("the value at the end of the previous repeat cycle, plus the value of the current repeat
    /// cycle"); plus, when additive, the underlying value.
    @inline(__always)
    func value(underlying: V, progress: Double, iteration: Double) -> V {
        let additive = options.contains(.additive)
        let (a, b) = ends.resolve(underlying: additive ? V.difference(underlying, underlying) : underlying)
        var v = V.lerp(a, b, progress)
        if options.contains(.cumulative) && iteration > 0 {
            v = V.sum(v, V.scaled(options.contains(.autoreverses) ? a : b, iteration))
        }
        if additive { v = V.sum(underlying, v) }
        return v
    }
}

/// One number or a point, as the fast path computes them (a number in `x`).
struct Lanes: Interpolatable, Equatable {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static let zero = Lanes(0, 0)

    var hasFiniteComponents: Bool { x.isFinite && y.isFinite }

    @inline(__always)
    static func lerp(_ a: Lanes, _ b: Lanes, _ t: Double) -> Lanes {
        Lanes(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }
    @inline(__always)
    static func sum(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a.x + b.x, a.y + b.y) }
    @inline(__always)
    static func difference(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a.x - b.x, a.y - b.y) }
    @inline(__always)
    static func scaled(_ a: Lanes, _ k: Double) -> Lanes { Lanes(a.x * k, a.y * k) }
    static func distance(_ a: Lanes, _ b: Lanes) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
