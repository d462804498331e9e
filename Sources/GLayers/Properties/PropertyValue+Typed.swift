/// Reading values their caller holds typed (the scene decoder's numbers, rectangles and
/// colours) into the types layer properties hold, without boxing them in `Any` first: the
/// decoder boxed each value it made and the property cast it back, a third of setting a value
/// (docs/performance.md, "Loading and dumping big scenes").
import Foundation
import GLayersGraphics

extension PropertyValue {
    static func read<T>(typed value: T, into out: inout Self) -> Bool { read(apiValue: value, into: &out) }

    /// `read(typed:into:)` for a type whose values arrive typed as `U`: a `U` is taken as it is
    /// (the same value `read(apiValue:into:)` makes of it), others are boxed and read as before.
    static func read<T, U>(typed value: T, as _: U.Type, _ make: (U) -> Self, into out: inout Self) -> Bool {
        if T.self == U.self {
            out = make(unsafeBitCast(value, to: U.self))
            return true
        }
        return read(apiValue: value, into: &out)
    }

    /// `convert(_:for:on:into:)` for a value its caller holds typed (`read(typed:into:)`): the
    /// same value, or the same error.
    static func convert<T>(typed value: T, for p: LayerProperty, on layer: CALayer, into out: inout Self) throws {
        guard read(typed: value, into: &out) else { throw p.typeError(value, on: layer) }
        guard out.isFinite else {
            throw KeyValueCodingError(
                message: "\(layer.diagnosticName): \(p.key) must be finite, got \(describeValue(value))")
        }
    }
}

extension CGFloat {
    static func read<T>(typed value: T, into out: inout CGFloat) -> Bool {
        read(typed: value, as: CGFloat.self, { $0 }, into: &out)
    }
}

extension Float {
    /// Taken from a CGFloat, as `read(apiValue:into:)` takes one.
    static func read<T>(typed value: T, into out: inout Float) -> Bool {
        read(typed: value, as: CGFloat.self, { Float($0) }, into: &out)
    }
}

extension CGRect {
    static func read<T>(typed value: T, into out: inout CGRect) -> Bool {
        read(typed: value, as: CGRect.self, { $0 }, into: &out)
    }

    /// What `ValueConversion.isFinite` says of it, without making an `AnimatableValue`.
    var isFinite: Bool { hasFiniteComponents }
}

extension ColorValue {
    static func read<T>(typed value: T, into out: inout ColorValue) -> Bool {
        read(typed: value, as: CGColor.self, { .object($0) }, into: &out)
    }

    /// What `ValueConversion.isFinite` says of it, without making an `AnimatableValue`.
    var isFinite: Bool { hasFiniteComponents }
}
