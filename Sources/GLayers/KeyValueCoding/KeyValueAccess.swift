/// How key-value coding converts the values of one type of property of an object that is not a
/// layer (an emitter cell's settings, an animation's properties): what `setValue(_:forKey:)`
/// takes and what `value(forKey:)` returns. The entries of `EmitterCellProperty` and
/// `AnimationProperty` name one for their Swift property.
import Foundation
import GLayersGraphics

/// The conversions of one type of value.
struct KeyValueAccess<V> {
    /// The value to set for a key-value coding value (nil: not of the type).
    let input: (Any?) -> V?
    /// The value `value(forKey:)` returns.
    let output: (V) -> Any?
}

extension KeyValueAccess where V: BinaryFloatingPoint {
    /// A number that `accepts` takes (any by default); nil sets `nilValue` (the property's
    /// default; nil: nil is refused).
    static func number(nilValue: V? = nil, accepts: @escaping (Double) -> Bool = { _ in true }) -> Self {
        Self(
            input: { value in
                guard value != nil else { return nilValue }
                return NumberCoercion.double(value).flatMap { accepts($0) ? V($0) : nil }
            }, output: { $0 })
    }
}

extension KeyValueAccess where V == Bool {
    /// True or false; nil sets `nilValue` (nil: nil is refused).
    static func flag(nilValue: Bool? = nil) -> Self {
        Self(input: { $0 == nil ? nilValue : NumberCoercion.bool($0) }, output: { $0 })
    }
}

extension KeyValueAccess where V: CAStringOption {
    /// A name, as a `String` or the option type; returned as a string.
    static var option: Self {
        Self(input: { ($0 as? String).map(V.init(rawValue:)) ?? $0 as? V }, output: { $0.rawValue })
    }
}

extension KeyValueAccess where V == String {
    /// A name kept as a string, given as one or as a Core Animation string constant
    /// (`CALayerContentsFilter.nearest`).
    static var name: Self { Self(input: { $0 as? String ?? ($0 as? any CAStringOption)?.rawValue }, output: { $0 }) }
}

extension KeyValueAccess where V == Any? {
    /// Any value.
    static var any: Self { Self(input: { .some($0) }, output: { $0 }) }
}

extension KeyValueAccess {
    /// An object of one type, or nil.
    static func optional<W>() -> Self where V == W? {
        Self(input: { v in v == nil ? .some(nil) : (v as? W).map { .some($0) } }, output: { $0 })
    }

    /// A name of an optional option type, or nil.
    static func optionalOption<W: CAStringOption>() -> Self where V == W? {
        Self(
            input: { v in v == nil ? .some(nil) : KeyValueAccess<W>.option.input(v).map { .some($0) } },
            output: { $0?.rawValue })
    }

    /// A value of exactly this type.
    static var exact: Self { Self(input: { $0 as? V }, output: { $0 }) }
}
