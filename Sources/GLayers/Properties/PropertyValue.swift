/// The Swift types layer properties hold, and how each converts from and to the `Any` values of
/// Core Animation's API (`setValue(_:forKey:)`, `value(forKey:)`), from and to the typed values a
/// layer stores by key, and how animations reach it in a presented state.
import Foundation
import GLayersGraphics

/// A type a layer property holds.
protocol PropertyValue {
    /// The kind of value (what key paths and animations see).
    static var kind: ValueKind { get }
    /// The value kept among a layer's stored values, or nil when `v` holds another type.
    init?(storedValue v: AnimatableValue)
    /// The value as a layer stores it by key.
    var storedValue: AnimatableValue { get }
    /// The value an API argument holds, or nil when it holds none of this type.
    init?(apiValue: Any?)
    /// `init(apiValue:)` into `out`: whether `value` holds one. Generic code that calls it
    /// needs no `Optional<Self>` (whose type, looked up for each call, was a third of
    /// converting a value).
    static func read(apiValue value: Any?, into out: inout Self) -> Bool
    /// `read(apiValue:into:)` for a value its caller holds typed (the scene decoder's numbers,
    /// rectangles and colours): a type that takes `T` as it is reads it without a box in `Any`
    /// and a cast out of it; others box it and read it as before.
    static func read<T>(typed value: T, into out: inout Self) -> Bool
    /// The value as the API returns it (`value(forKey:)`).
    var apiValue: Any? { get }
    /// Whether every number in the value is finite (key-value coding refuses NaN and ∞).
    var isFinite: Bool { get }
    /// Typed access for animations, wrapped by how the type interpolates (nil: not animated by
    /// value).
    static func stateAccess(_ access: StateAccess<Self>) -> AnyStateAccess?
    /// Where `field` (or its `component`) lies in `LayerState`, for the fast path; nil when it
    /// is not a number or point the fast path writes.
    static func slot(_ field: WritableKeyPath<LayerState, Self>, _ component: StructComponent?) -> StateSlot?
}

extension PropertyValue {
    init?(apiValue: Any?) {
        guard let v = ValueConversion.convert(apiValue, to: Self.kind).flatMap(Self.init(storedValue:)) else {
            return nil
        }
        self = v
    }
    static func read(apiValue value: Any?, into out: inout Self) -> Bool {
        guard let v = Self(apiValue: value) else { return false }
        out = v
        return true
    }

    /// `read(apiValue:into:)` for a type whose values mostly arrive as `T` (the scene decoder
    /// sets every rectangle, colour and number so): a value of type `T` is taken with one cast,
    /// others convert through `AnimatableValue` as before (where a `T` converts to the same).
    /// Reading a rectangle or a colour so takes 565 instructions instead of 750–790, a number
    /// 500 instead of 1 430.
    static func read<T>(_ value: Any?, fastAs _: T.Type, _ make: (T) -> Self, into out: inout Self) -> Bool {
        if let value, type(of: value) == T.self, let v = value as? T {
            out = make(v)
            return true
        }
        guard let v = Self(apiValue: value) else { return false }
        out = v
        return true
    }
    var apiValue: Any? { storedValue.object }
    var isFinite: Bool { ValueConversion.isFinite(storedValue) }
    static func stateAccess(_ access: StateAccess<Self>) -> AnyStateAccess? { nil }
    static func slot(_ field: WritableKeyPath<LayerState, Self>, _ component: StructComponent?) -> StateSlot? { nil }

    /// Access through `AnimatableValue`'s interpolation: paths morph, lists interpolate element
    /// by element, other values switch half way.
    static func valueAccess(_ a: StateAccess<Self>) -> AnyStateAccess {
        .discrete(
            StateAccess(
                get: { a.get(&$0).storedValue },
                set: { s, v in if let typed = Self(storedValue: v) { a.set(&s, typed) } }, reset: a.reset))
    }

    /// `value` converted for property `p` of `layer` into `out`, or the key-value coding error
    /// that says why it cannot be.
    static func convert(_ value: Any?, for p: LayerProperty, on layer: CALayer, into out: inout Self) throws {
        guard read(apiValue: value, into: &out) else { throw p.typeError(value, on: layer) }
        guard out.isFinite else {
            throw KeyValueCodingError(
                message: "\(layer.diagnosticName): \(p.key) must be finite, got \(describeValue(value))")
        }
    }
}

// MARK: Numbers and geometry

extension CGFloat: PropertyValue {
    static var kind: ValueKind { .number }
    static func read(apiValue value: Any?, into out: inout CGFloat) -> Bool {
        read(value, fastAs: CGFloat.self, { $0 }, into: &out)
    }
    init?(storedValue v: AnimatableValue) {
        guard case .number(let n) = v else { return nil }
        self = n
    }
    var storedValue: AnimatableValue { .number(self) }
    static func stateAccess(_ a: StateAccess<CGFloat>) -> AnyStateAccess? { .number(a) }
    static func slot(_ field: WritableKeyPath<LayerState, CGFloat>, _ c: StructComponent?) -> StateSlot? {
        c == nil ? StateSlot(field) : nil
    }
}

extension Float: PropertyValue {
    static var kind: ValueKind { .number }
    /// Taken from a CGFloat (the decoder gives numbers so): the conversion gives the same `Float`.
    static func read(apiValue value: Any?, into out: inout Float) -> Bool {
        read(value, fastAs: CGFloat.self, { Float($0) }, into: &out)
    }
    init?(storedValue v: AnimatableValue) {
        guard case .number(let n) = v else { return nil }
        self = Float(n)
    }
    var storedValue: AnimatableValue { .number(CGFloat(self)) }
    /// Core Animation returns `Float` properties (`opacity`) as `Float`.
    var apiValue: Any? { self }
    static func stateAccess(_ a: StateAccess<Float>) -> AnyStateAccess? {
        .number(a.map({ CGFloat($0) }, { Float($0) }))
    }
    static func slot(_ field: WritableKeyPath<LayerState, Float>, _ c: StructComponent?) -> StateSlot? {
        c == nil ? StateSlot(field) : nil
    }
}

extension Double: PropertyValue {
    static var kind: ValueKind { .number }
    init?(storedValue v: AnimatableValue) {
        guard case .number(let n) = v else { return nil }
        self = Double(n)
    }
    var storedValue: AnimatableValue { .number(CGFloat(self)) }
    /// Times (`CFTimeInterval`) are returned as `Double`.
    var apiValue: Any? { self }
}

extension Bool: PropertyValue {
    static var kind: ValueKind { .bool }
    init?(storedValue v: AnimatableValue) {
        guard case .bool(let b) = v else { return nil }
        self = b
    }
    var storedValue: AnimatableValue { .bool(self) }
    /// Booleans switch half way (or at their keyframe).
    static func stateAccess(_ a: StateAccess<Bool>) -> AnyStateAccess? { valueAccess(a) }
}

extension CGPoint: PropertyValue {
    static var kind: ValueKind { .point }
    init?(storedValue v: AnimatableValue) {
        guard case .point(let p) = v else { return nil }
        self = p
    }
    var storedValue: AnimatableValue { .point(self) }
    static func stateAccess(_ a: StateAccess<CGPoint>) -> AnyStateAccess? { .point(a) }
    static func slot(_ field: WritableKeyPath<LayerState, CGPoint>, _ c: StructComponent?) -> StateSlot? {
        switch c {
        case nil: return StateSlot(x: field.appending(path: \.x), y: field.appending(path: \.y))
        case .x?: return StateSlot(field.appending(path: \.x))
        case .y?: return StateSlot(field.appending(path: \.y))
        default: return nil
        }
    }
}

extension CGSize: PropertyValue {
    static var kind: ValueKind { .size }
    init?(storedValue v: AnimatableValue) {
        guard case .size(let s) = v else { return nil }
        self = s
    }
    var storedValue: AnimatableValue { .size(self) }
    static func stateAccess(_ a: StateAccess<CGSize>) -> AnyStateAccess? { .size(a) }
    static func slot(_ field: WritableKeyPath<LayerState, CGSize>, _ c: StructComponent?) -> StateSlot? {
        switch c {
        case .width?: return StateSlot(field.appending(path: \.width))
        case .height?: return StateSlot(field.appending(path: \.height))
        default: return nil
        }
    }
}

extension CGRect: PropertyValue {
    static var kind: ValueKind { .rect }
    static func read(apiValue value: Any?, into out: inout CGRect) -> Bool {
        read(value, fastAs: CGRect.self, { $0 }, into: &out)
    }
    init?(storedValue v: AnimatableValue) {
        guard case .rect(let r) = v else { return nil }
        self = r
    }
    var storedValue: AnimatableValue { .rect(self) }
    static func stateAccess(_ a: StateAccess<CGRect>) -> AnyStateAccess? { .rect(a) }
    static func slot(_ field: WritableKeyPath<LayerState, CGRect>, _ c: StructComponent?) -> StateSlot? {
        switch c {
        case .originX?: return StateSlot(field.appending(path: \.origin.x))
        case .originY?: return StateSlot(field.appending(path: \.origin.y))
        case .sizeWidth?: return StateSlot(field.appending(path: \.size.width))
        case .sizeHeight?: return StateSlot(field.appending(path: \.size.height))
        default: return nil
        }
    }
}

extension CATransform3D: PropertyValue {
    static var kind: ValueKind { .transform }
    init?(storedValue v: AnimatableValue) {
        guard case .transform(let t) = v else { return nil }
        self = t
    }
    var storedValue: AnimatableValue { .transform(self) }
    static func stateAccess(_ a: StateAccess<CATransform3D>) -> AnyStateAccess? { .transform(a) }
}

// MARK: Colours, paths, images

extension ColorValue: PropertyValue {
    static var kind: ValueKind { .color }
    static func read(apiValue value: Any?, into out: inout ColorValue) -> Bool {
        read(value, fastAs: CGColor.self, { .object($0) }, into: &out)
    }
    init?(storedValue v: AnimatableValue) {
        guard case .color(let c) = v else { return nil }
        self = c
    }
    var storedValue: AnimatableValue { .color(self) }
    static func stateAccess(_ a: StateAccess<ColorValue>) -> AnyStateAccess? { .color(a) }
}

extension Optional: PropertyValue where Wrapped == CGPath {
    static var kind: ValueKind { .path }
    init?(storedValue v: AnimatableValue) {
        guard case .path(let p) = v else { return nil }
        self = p
    }
    var storedValue: AnimatableValue { .path(self) }
    /// Paths morph when their elements match, and switch half way otherwise.
    static func stateAccess(_ a: StateAccess<CGPath?>) -> AnyStateAccess? { valueAccess(a) }
}

extension ContentsValue: PropertyValue {
    static var kind: ValueKind { .image }
    init?(storedValue v: AnimatableValue) {
        guard case .image(let i) = v else { return nil }
        self = i.map { .image($0) } ?? .none
    }
    var storedValue: AnimatableValue { .image(image) }
    /// Any object is accepted (and kept; only images are drawn: the setter reports others).
    init?(apiValue: Any?) { self.init(apiValue) }
    var apiValue: Any? { object }
    var isFinite: Bool { true }
    /// Contents cross-fade while they animate.
    static func stateAccess(_ a: StateAccess<ContentsValue>) -> AnyStateAccess? {
        .image(
            StateAccess(
                get: { ImageBlend(a.get(&$0).image) },
                set: { s, blend in
                    a.set(&s, blend.shown.map { .image($0) } ?? .none)
                    s.state.contentsBlend = blend.progress < 1 && blend.from !== blend.to ? blend : nil
                },
                reset: { s, model in
                    a.reset(&s, model)
                    s.state.contentsBlend = model.pointee.contentsBlend
                }))
    }
}

/// Any value (`CATextLayer.string`, `font`): kept as given; an animation switches it half way.
struct ObjectValue: PropertyValue {
    var object: Any?
    init(_ object: Any?) { self.object = object }
    static var kind: ValueKind { .object }
    init?(storedValue v: AnimatableValue) { object = v.object }
    var storedValue: AnimatableValue { .object(object) }
    init?(apiValue: Any?) { object = apiValue }
    var apiValue: Any? { object }
    var isFinite: Bool { true }
    static func stateAccess(_ a: StateAccess<ObjectValue>) -> AnyStateAccess? { valueAccess(a) }
}

/// A list of numbers (`locations`, `lineDashPattern`; nil when unset), returned as `NSNumber`s.
struct NumberList: PropertyValue {
    var numbers: [CGFloat]?
    init(_ numbers: [CGFloat]?) { self.numbers = numbers }
    static var kind: ValueKind { .numbers }
    init?(storedValue v: AnimatableValue) {
        switch v {
        case .numbers(let a): numbers = a
        case .object(nil): numbers = nil
        default: return nil
        }
    }
    var storedValue: AnimatableValue { numbers.map { .numbers($0) } ?? .object(nil) }
    init?(apiValue: Any?) {
        if apiValue == nil {
            numbers = nil
            return
        }
        guard let a = ValueConversion.numbers(apiValue) else { return nil }
        numbers = a
    }
    var apiValue: Any? { numbers.map { $0.map { NSNumber(value: Double($0)) } } }
    static func stateAccess(_ a: StateAccess<NumberList>) -> AnyStateAccess? { valueAccess(a) }
}

/// A list of colours (`CAGradientLayer.colors`; nil when unset), returned as `CGColor`s.
struct ColorList: PropertyValue {
    var colors: [ColorValue]?
    init(_ colors: [ColorValue]?) { self.colors = colors }
    static var kind: ValueKind { .colors }
    init?(storedValue v: AnimatableValue) {
        switch v {
        case .colors(let a): colors = a
        case .object(nil): colors = nil
        default: return nil
        }
    }
    var storedValue: AnimatableValue { colors.map { .colors($0) } ?? .object(nil) }
    init?(apiValue: Any?) {
        if apiValue == nil {
            colors = nil
            return
        }
        guard case .colors(let a)? = ValueConversion.convert(apiValue, to: .colors) else { return nil }
        colors = a
    }
    var apiValue: Any? { colors.map { $0.compactMap(\.cgColor) } }
    static func stateAccess(_ a: StateAccess<ColorList>) -> AnyStateAccess? { valueAccess(a) }
}

// MARK: Names and bit masks

/// Core Animation's string constants (`CALayerContentsGravity`, …) are names from a fixed list:
/// key-value coding takes and returns the name.
extension PropertyValue where Self: CAStringOption {
    static var kind: ValueKind { .object }
    init?(storedValue v: AnimatableValue) {
        guard case .object(let s as String) = v else { return nil }
        self.init(rawValue: s)
    }
    var storedValue: AnimatableValue { .object(rawValue) }
    init?(apiValue: Any?) {
        switch apiValue {
        case let s as String: self.init(rawValue: s)
        case let v as Self: self = v
        default: return nil
        }
    }
    var apiValue: Any? { rawValue }
    var isFinite: Bool { true }
}

extension CALayerContentsGravity: PropertyValue {}
extension CALayerContentsFilter: PropertyValue {}
extension CALayerContentsFormat: PropertyValue {}
extension CALayerCornerCurve: PropertyValue {}
extension CAMediaTimingFillMode: PropertyValue {}

/// Bit masks (`autoresizingMask`, `maskedCorners`) are numbers for key-value coding: any finite
/// number, saturated to the mask's range.
protocol BitMaskValue: PropertyValue, OptionSet where RawValue: FixedWidthInteger {}

extension BitMaskValue {
    static var kind: ValueKind { .number }
    init?(storedValue v: AnimatableValue) {
        guard case .number(let n) = v, !n.isNaN else { return nil }
        self.init(rawValue: RawValue(clamping: Int(max(-0x1p62, min(0x1p62, n)))))
    }
    var storedValue: AnimatableValue { .number(CGFloat(rawValue)) }
    init?(apiValue: Any?) {
        switch apiValue {
        case let v as Self: self = v
        default:
            guard let n = NumberCoercion.double(apiValue), !n.isNaN else { return nil }
            self.init(storedValue: .number(CGFloat(n)))
        }
    }
    var apiValue: Any? { rawValue }
    var isFinite: Bool { true }
}

extension CAAutoresizingMask: BitMaskValue {}
extension CACornerMask: BitMaskValue {}
extension CAEdgeAntialiasingMask: BitMaskValue {}
