/// How each kind of value interpolates, adds (for additive, cumulative and `byValue`
/// animations) and measures distance (for paced keyframes).
///
/// - Numbers, points, sizes, rects: component-wise. Rects add all four members.
/// - Colours: straight RGBA component-wise; a missing colour is transparent with the other
///   end's RGB, so fading from nil does not pass through black (a decision: docs/semantics.md#decisions).
/// - Transforms: decomposed (translation, scale, skew, perspective, quaternion rotation) and
///   recomposed; "adding" concatenates (`Concat(value, underlying)`).
/// - Images cross-fade; other values switch half way.
import Foundation
import GLayersGraphics

/// A value an animation can interpolate.
protocol Interpolatable {
    static func lerp(_ a: Self, _ b: Self, _ t: Double) -> Self
    /// `a + b` in the type's sense of addition.
    static func sum(_ a: Self, _ b: Self) -> Self
    /// `a − b`, so that `sum(b, difference(a, b)) == a`.
    static func difference(_ a: Self, _ b: Self) -> Self
    /// `a · k` (k-fold addition).
    static func scaled(_ a: Self, _ k: Double) -> Self
    /// The distance between two values (Euclidean over components).
    static func distance(_ a: Self, _ b: Self) -> Double
    /// Whether every number in the value is finite (animations refuse other values).
    var hasFiniteComponents: Bool { get }
}

extension CGFloat: Interpolatable {
    var hasFiniteComponents: Bool { isFinite }

    static func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { a + (b - a) * CGFloat(t) }
    static func sum(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + b }
    static func difference(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a - b }
    static func scaled(_ a: CGFloat, _ k: Double) -> CGFloat { a * CGFloat(k) }
    static func distance(_ a: CGFloat, _ b: CGFloat) -> Double { Double(Swift.abs(a - b)) }
}

extension CGPoint: Interpolatable {
    var hasFiniteComponents: Bool { x.isFinite && y.isFinite }

    static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: .lerp(a.x, b.x, t), y: .lerp(a.y, b.y, t))
    }
    static func sum(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    static func difference(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    static func scaled(_ a: CGPoint, _ k: Double) -> CGPoint { CGPoint(x: a.x * CGFloat(k), y: a.y * CGFloat(k)) }
    static func distance(_ a: CGPoint, _ b: CGPoint) -> Double { Double(hypot(a.x - b.x, a.y - b.y)) }
}

extension CGSize: Interpolatable {
    var hasFiniteComponents: Bool { width.isFinite && height.isFinite }

    static func lerp(_ a: CGSize, _ b: CGSize, _ t: Double) -> CGSize {
        CGSize(width: .lerp(a.width, b.width, t), height: .lerp(a.height, b.height, t))
    }
    static func sum(_ a: CGSize, _ b: CGSize) -> CGSize {
        CGSize(width: a.width + b.width, height: a.height + b.height)
    }
    static func difference(_ a: CGSize, _ b: CGSize) -> CGSize {
        CGSize(width: a.width - b.width, height: a.height - b.height)
    }
    static func scaled(_ a: CGSize, _ k: Double) -> CGSize {
        CGSize(width: a.width * CGFloat(k), height: a.height * CGFloat(k))
    }
    static func distance(_ a: CGSize, _ b: CGSize) -> Double { Double(hypot(a.width - b.width, a.height - b.height)) }
}

extension CGRect: Interpolatable {
    var hasFiniteComponents: Bool { origin.hasFiniteComponents && size.hasFiniteComponents }

    static func lerp(_ a: CGRect, _ b: CGRect, _ t: Double) -> CGRect {
        CGRect(origin: .lerp(a.origin, b.origin, t), size: .lerp(a.size, b.size, t))
    }
    static func sum(_ a: CGRect, _ b: CGRect) -> CGRect {
        CGRect(origin: .sum(a.origin, b.origin), size: .sum(a.size, b.size))
    }
    static func difference(_ a: CGRect, _ b: CGRect) -> CGRect {
        CGRect(origin: .difference(a.origin, b.origin), size: .difference(a.size, b.size))
    }
    static func scaled(_ a: CGRect, _ k: Double) -> CGRect {
        CGRect(origin: .scaled(a.origin, k), size: .scaled(a.size, k))
    }
    static func distance(_ a: CGRect, _ b: CGRect) -> Double {
        let d = [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height]
        return Double(d.reduce(0) { $0 + $1 * $1 }.squareRoot())
    }
}

extension ColorValue: Interpolatable {
    var hasFiniteComponents: Bool {
        rgba.map { $0.r.isFinite && $0.g.isFinite && $0.b.isFinite && $0.a.isFinite } ?? true
    }

    private static func ends(_ a: ColorValue, _ b: ColorValue) -> (RGBA, RGBA) {
        let ca = a.rgba, cb = b.rgba
        switch (ca, cb) {
        case let (x?, y?): return (x, y)
        case let (nil, y?): return (RGBA(y.r, y.g, y.b, 0), y)
        case let (x?, nil): return (x, RGBA(x.r, x.g, x.b, 0))
        default: return (.clear, .clear)
        }
    }
    static func lerp(_ a: ColorValue, _ b: ColorValue, _ t: Double) -> ColorValue {
        let (x, y) = ends(a, b)
        let k = CGFloat(t)
        return .rgba(RGBA(x.r + (y.r - x.r) * k, x.g + (y.g - x.g) * k, x.b + (y.b - x.b) * k, x.a + (y.a - x.a) * k))
    }
    static func sum(_ a: ColorValue, _ b: ColorValue) -> ColorValue {
        let x = a.rgba ?? .clear, y = b.rgba ?? .clear
        return .rgba(RGBA(x.r + y.r, x.g + y.g, x.b + y.b, x.a + y.a))
    }
    static func difference(_ a: ColorValue, _ b: ColorValue) -> ColorValue {
        let x = a.rgba ?? .clear, y = b.rgba ?? .clear
        return .rgba(RGBA(x.r - y.r, x.g - y.g, x.b - y.b, x.a - y.a))
    }
    static func scaled(_ a: ColorValue, _ k: Double) -> ColorValue {
        let x = a.rgba ?? .clear, f = CGFloat(k)
        return .rgba(RGBA(x.r * f, x.g * f, x.b * f, x.a * f))
    }
    static func distance(_ a: ColorValue, _ b: ColorValue) -> Double {
        let (x, y) = ends(a, b)
        let d = [x.r - y.r, x.g - y.g, x.b - y.b, x.a - y.a]
        return Double(d.reduce(0) { $0 + $1 * $1 }.squareRoot())
    }
}

/// A transform with its decomposition computed once (for constant keyframe values).
struct TransformValue: Interpolatable {
    let matrix: CATransform3D
    private let decomposed: InterpolableTransform?
    var hasFiniteComponents: Bool { matrix.isFinite }

    init(_ matrix: CATransform3D, decompose: Bool = false) {
        self.matrix = matrix
        decomposed = decompose ? InterpolableTransform(matrix) : nil
    }

    var parts: InterpolableTransform { decomposed ?? InterpolableTransform(matrix) }

    static func lerp(_ a: TransformValue, _ b: TransformValue, _ t: Double) -> TransformValue {
        if t <= 0 { return a }
        if t >= 1 { return b }
        return TransformValue(InterpolableTransform.interpolate(a.parts, b.parts, t))
    }
    static func sum(_ a: TransformValue, _ b: TransformValue) -> TransformValue {
        TransformValue(b.matrix.concatenating(a.matrix))
    }
    static func difference(_ a: TransformValue, _ b: TransformValue) -> TransformValue {
        TransformValue(a.matrix.concatenating(CATransform3DInvert(b.matrix)))
    }
    static func scaled(_ a: TransformValue, _ k: Double) -> TransformValue {
        if k == 0 { return TransformValue(.identity) }
        if k == 1 { return a }
        let identity = InterpolableTransform(.identity)
        return TransformValue(InterpolableTransform.interpolate(identity, a.parts, k))
    }
    static func distance(_ a: TransformValue, _ b: TransformValue) -> Double {
        let p = a.parts, q = b.parts
        let d = p.translation - q.translation
        return (d * d).sum().squareRoot()
    }
}

/// Contents images: interpolating gives a cross-fade between the two ends.
struct ImageBlend: Interpolatable {
    var from: CGImage?
    var to: CGImage?
    var progress: Double

    init(_ image: CGImage?) {
        from = image
        to = image
        progress = 1
    }

    private init(from: CGImage?, to: CGImage?, progress: Double) {
        (self.from, self.to, self.progress) = (from, to, progress)
    }
    var hasFiniteComponents: Bool { true }

    /// The image an exact reading shows (the nearer end).
    var shown: CGImage? { progress < 0.5 ? from : to }

    static func lerp(_ a: ImageBlend, _ b: ImageBlend, _ t: Double) -> ImageBlend {
        if t <= 0 { return a }
        if t >= 1 { return b }
        return ImageBlend(from: a.shown, to: b.shown, progress: t)
    }
    static func sum(_ a: ImageBlend, _ b: ImageBlend) -> ImageBlend { b }
    static func difference(_ a: ImageBlend, _ b: ImageBlend) -> ImageBlend { a }
    static func scaled(_ a: ImageBlend, _ k: Double) -> ImageBlend { a }
    static func distance(_ a: ImageBlend, _ b: ImageBlend) -> Double { a.shown === b.shown ? 0 : 1 }
}

/// Values of subclass properties: paths morph point by point when their elements match,
/// arrays of numbers and colours interpolate element-wise when their lengths match; anything
/// else switches half way.
extension AnimatableValue: Interpolatable {
    var hasFiniteComponents: Bool { ValueConversion.isFinite(self) }

    static func lerp(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        if t <= 0 { return a }
        if t >= 1 { return b }
        switch (a, b) {
        case (.path(let p?), .path(let q?)): return .path(p.interpolated(to: q, CGFloat(t)))
        case (.numbers(let x), .numbers(let y)) where x.count == y.count:
            return .numbers(zip(x, y).map { CGFloat.lerp($0, $1, t) })
        case (.colors(let x), .colors(let y)) where x.count == y.count:
            return .colors(zip(x, y).map { ColorValue.lerp($0, $1, t) })
        case (.number(let x), .number(let y)): return .number(CGFloat.lerp(x, y, t))
        case (.point(let x), .point(let y)): return .point(CGPoint.lerp(x, y, t))
        case (.size(let x), .size(let y)): return .size(CGSize.lerp(x, y, t))
        case (.rect(let x), .rect(let y)): return .rect(CGRect.lerp(x, y, t))
        case (.color(let x), .color(let y)): return .color(ColorValue.lerp(x, y, t))
        default:
            return t < 0.5 ? a : b
        }
    }
    static func sum(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue { b }
    static func difference(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue { a }
    static func scaled(_ a: AnimatableValue, _ k: Double) -> AnimatableValue { a }
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double { 1 }
}
