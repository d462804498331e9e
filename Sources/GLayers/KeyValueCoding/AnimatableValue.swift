/// Typed values of animatable properties and their conversion from the `Any` values of
/// Core Animation's API (`fromValue`, `values`, `setValue(_:forKey:)`).
import Foundation
import GLayersGraphics

/// The type of an animatable property or key path.
package enum ValueKind: String, Sendable {
    case number, point, size, rect, transform, color, image, path, bool, numbers, colors, object

    /// A readable name for diagnostics.
    var expected: String {
        switch self {
        case .number: return "a number"
        case .point: return "a CGPoint"
        case .size: return "a CGSize"
        case .rect: return "a CGRect"
        case .transform: return "a CATransform3D"
        case .color: return "a CGColor"
        case .image: return "a CGImage"
        case .path: return "a CGPath"
        case .bool: return "a Bool"
        case .numbers: return "an array of numbers"
        case .colors: return "an array of CGColors"
        case .object: return "a value"
        }
    }
}

/// A typed value of an animatable property (custom keys and subclass properties are stored
/// this way in `LayerState.custom`).
package enum AnimatableValue {
    case number(CGFloat)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(ColorValue)
    case image(CGImage?)
    case path(CGPath?)
    case bool(Bool)
    case numbers([CGFloat])
    case colors([ColorValue])
    case object(Any?)

    /// The kind of value.
    var kind: ValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform: return .transform
        case .color: return .color
        case .image: return .image
        case .path: return .path
        case .bool: return .bool
        case .numbers: return .numbers
        case .colors: return .colors
        case .object: return .object
        }
    }

    /// The value as the API returns it (`value(forKey:)`).
    var object: Any? {
        switch self {
        case .number(let v): return v
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let c): return c.cgColor
        case .image(let i): return i
        case .path(let p): return p
        case .bool(let b): return b
        case .numbers(let a): return a
        case .colors(let a): return a.compactMap { $0.cgColor }
        case .object(let o): return o
        }
    }

    /// The value of an `Any`, guessing its kind (for keys whose kind is not declared).
    static func inferring(_ any: Any?) -> AnimatableValue {
        guard let any else { return .object(nil) }
        if NumberCoercion.isBoolean(any) { return .bool(any as? Bool ?? false) }
        if let n = NumberCoercion.double(any) { return .number(CGFloat(n)) }
        for kind: ValueKind in [.point, .size, .rect, .transform, .color, .image, .path, .colors, .numbers] {
            if let v = ValueConversion.convert(any, to: kind) { return v }
        }
        return .object(any)
    }
}

/// Conversion of API values (`Any`) to typed values.
enum ValueConversion {
    /// `value` as a typed value of `kind`, or nil when it does not hold one.
    ///
    /// - Numbers may be any Swift numeric type or `NSNumber`, booleans also `NSNumber`; points,
    ///   sizes, rects and transforms may be boxed in `NSValue` (`NSValue(cgPoint:)`,
    ///   `NSValue(caTransform3D:)`, …), as Apple code boxes them; points, sizes and rects may
    ///   also be given as arrays of 2, 2 and 4 numbers; transforms as `CATransform3D`,
    ///   `CGAffineTransform` (either boxed too) or 16 numbers; colours as `CGColor`.
    static func convert(_ value: Any?, to kind: ValueKind) -> AnimatableValue? {
        switch kind {
        case .number: return NumberCoercion.double(value).map { .number(CGFloat($0)) }
        case .bool: return NumberCoercion.bool(value).map { .bool($0) }
        case .point:
            if let p = value as? CGPoint ?? (value as? NSValue)?.boxedPoint { return .point(p) }
            if let a = numbers(value), a.count == 2 { return .point(CGPoint(x: a[0], y: a[1])) }
            return nil
        case .size:
            if let s = value as? CGSize ?? (value as? NSValue)?.boxedSize { return .size(s) }
            if let a = numbers(value), a.count == 2 { return .size(CGSize(width: a[0], height: a[1])) }
            return nil
        case .rect:
            if let r = value as? CGRect ?? (value as? NSValue)?.boxedRect { return .rect(r) }
            if let a = numbers(value), a.count == 4 {
                return .rect(CGRect(x: a[0], y: a[1], width: a[2], height: a[3]))
            }
            return nil
        case .transform:
            if let t = value as? CATransform3D ?? (value as? NSValue)?.boxedTransform3D { return .transform(t) }
            if let t = value as? CGAffineTransform ?? (value as? NSValue)?.boxedAffineTransform {
                return .transform(CATransform3DMakeAffineTransform(t))
            }
            if let a = numbers(value), let t = CATransform3D(entries: a) { return .transform(t) }
            return nil
        case .color:
            if value == nil { return .color(.none) }
            if let c = value as? CGColor { return .color(.object(c)) }
            return nil
        case .image:
            if value == nil { return .image(nil) }
            if let i = value as? CGImage { return .image(i) }
            return nil
        case .path:
            if value == nil { return .path(nil) }
            if let p = value as? CGPath { return .path(p) }
            return nil
        case .numbers:
            return numbers(value).map { .numbers($0) }
        case .colors:
            if let a = value as? [CGColor] { return .colors(a.map { .object($0) }) }
            if let a = value as? [Any] {
                var out: [ColorValue] = []
                for e in a {
                    guard let c = e as? CGColor else { return nil }
                    out.append(.object(c))
                }
                return .colors(out)
            }
            return nil
        case .object:
            return .object(value)
        }
    }

    /// An array of numbers from `[Double]`, `[CGFloat]`, `[NSNumber]` or `[Any]` of numbers.
    static func numbers(_ value: Any?) -> [CGFloat]? {
        if let a = value as? [CGFloat] { return a }
        if let a = value as? [Double] { return a.map { CGFloat($0) } }
        guard let a = value as? [Any] else { return nil }
        var out: [CGFloat] = []
        out.reserveCapacity(a.count)
        for e in a {
            guard let d = NumberCoercion.double(e) else { return nil }
            out.append(CGFloat(d))
        }
        return out
    }

    /// Whether every number in the value is finite (NaN and infinities are refused).
    static func isFinite(_ v: AnimatableValue) -> Bool {
        switch v {
        case .number(let n): return n.isFinite
        case .point(let p): return p.hasFiniteComponents
        case .size(let s): return s.hasFiniteComponents
        case .rect(let r): return r.hasFiniteComponents
        case .transform(let t): return t.isFinite
        case .numbers(let a): return a.allSatisfy { $0.isFinite }
        case .color(let c): return c.hasFiniteComponents
        default: return true
        }
    }
}
