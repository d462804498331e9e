/// The kinds of property entries whose values are not fields of `LayerState`: values a layer
/// keeps by key (`StoredProperty`) and settings of the layer object (`SettingProperty`); the
/// table and its other kinds are in LayerProperty.swift.
import Foundation
import GLayersGraphics

/// A property the layer keeps by key in its state's stored values (the properties of layer
/// classes such as `CAShapeLayer.strokeEnd`): presented and animatable like a field.
final class StoredProperty<Value: PropertyValue>: LayerProperty {
    /// The value when none is stored.
    let defaultStored: Value
    /// Which values key-value coding takes.
    private let accepts: (Value) -> Bool
    /// What `accepts` asks for, as the error says it ("finite", "a finite number ≥ 0").
    private let requirement: String
    /// How animations reach the value, made once (compiling each animation of it made its
    /// closures again: 1 500 instructions an animation).
    private let access: AnyStateAccess?
    /// The key under which the layer keeps the value.
    let storedKey: StoredKey

    /// - `accepts`: which values key-value coding takes (finite ones unless told otherwise),
    ///   `requirement` how its refusal says what it takes.
    init(
        _ key: String, default value: Value, aliases: [String] = [], action: ImplicitAction = .noAction,
        animatable: Bool? = nil, effects: ChangeEffects = [], choices: PropertyChoices? = nil,
        accepts: @escaping (Value) -> Bool = { $0.isFinite }, requirement: String = "finite", summary: String
    ) {
        defaultStored = value
        self.accepts = accepts
        self.requirement = requirement
        storedKey = StoredKey(key)
        access = Value.stateAccess(.stored(storedKey, value))
        super.init(
            key: key, aliases: aliases, kind: Value.kind, action: action, animatable: animatable, effects: effects,
            choices: choices, summary: summary)
    }

    override var defaultValue: Any? { defaultStored.apiValue }
    override var isPresented: Bool { true }

    /// The value in `state` (the default when none is stored).
    func read(_ state: LayerState) -> Value {
        state.custom[storedKey].flatMap { Value(storedValue: $0) } ?? defaultStored
    }

    override package func value(of layer: CALayer) -> Any? { read(layer.layerState).apiValue }

    /// `value` as this property's type, or the key-value coding error that says why not.
    private func typed(_ value: Any?, on layer: CALayer) throws -> Value {
        guard let v = Value(apiValue: value) else { throw typeError(value, on: layer) }
        guard accepts(v) else {
            throw KeyValueCodingError(
                message: "\(layer.diagnosticName): \(key) must be \(requirement), got \(describeValue(value))")
        }
        return v
    }

    override package func setValue(_ value: Any?, on layer: CALayer) throws {
        layer.setStored(self, try typed(value, on: layer))
    }

    override func applyStyleValue(_ value: Any?, on layer: CALayer) throws -> Bool {
        layer.setStyleValue(self, \.custom[storedKey], try typed(value, on: layer).storedValue)
        return true
    }

    override func stateAccess() -> AnyStateAccess? { access }
}

/// A setting of the layer object that is not part of the presented state (`name`, `delegate`,
/// `actions`, the layer's own timing, …): key-value coding reaches it through its Swift accessor.
final class SettingProperty: LayerProperty {
    private let get: (CALayer) -> Any?
    private let set: ((CALayer, Any?) throws -> Bool)?
    private let fallback: Any?
    private let presented: Bool

    /// - `set` returns false when the value is not of the property's type (nil: read-only).
    /// - `presented`: the value is part of the presented state although animations do not
    ///   interpolate it (`filters`: changes fade).
    init(
        _ key: String, kind: ValueKind = .object, default fallback: Any? = nil, aliases: [String] = [],
        action: ImplicitAction = .noAction, presented: Bool = false, effects: ChangeEffects = [],
        choices: PropertyChoices? = nil, get: @escaping (CALayer) -> Any?, set: ((CALayer, Any?) throws -> Bool)?,
        summary: String
    ) {
        self.get = get
        self.set = set
        self.fallback = fallback
        self.presented = presented
        super.init(
            key: key, aliases: aliases, kind: kind, action: action, animatable: nil, effects: effects,
            choices: choices, summary: summary)
    }

    override var defaultValue: Any? { fallback }
    override var isPresented: Bool { presented }

    override package func value(of layer: CALayer) -> Any? { get(layer) }

    override package func setValue(_ value: Any?, on layer: CALayer) throws {
        guard let set else { return try super.setValue(value, on: layer) }
        guard try set(layer, value) else { throw typeError(value, on: layer) }
    }
}
