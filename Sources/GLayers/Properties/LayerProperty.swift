/// The property table: one entry per property of a layer class, holding everything the engine
/// knows about it — its key-value coding name and spellings, its kind of value, Core Animation's
/// default, its implicit action, where its model and presented values live and what a change of
/// it invalidates.
///
/// Key-value coding, implicit actions, animation compilation (and the per-frame fast path),
/// presentation, scene decoding and dumps all read the entries; nothing else lists properties.
/// Adding a property is one entry (in `CALayer+PropertyTable.swift`, or in the layer class that
/// declares it) plus its Swift accessor. See docs/architecture.md, "The property table".
import Foundation
import GLayersGraphics

/// What happens implicitly when a property of a live layer changes (Core Animation Programming
/// Guide, Appendix B; docs/semantics.md#actions-and-implicit-animations).
package enum ImplicitAction: Sendable {
    /// No implicit animation.
    case noAction
    /// A basic animation from the presented value to the new model value.
    case animation
    /// A fade transition of the whole layer ("default implied CATransition").
    case fade
}

/// What a change of a property invalidates besides the presented state.
package struct ChangeEffects: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The bounds size: layout, autoresizing, `needsDisplayOnBoundsChange`.
    package static let boundsSize = ChangeEffects(rawValue: 1)
    /// The layer's contents are drawn from it (`needsDisplay(forKey:)` answers true).
    package static let display = ChangeEffects(rawValue: 2)
    /// The superlayer's paint order (siblings sort by zPosition).
    package static let paintOrder = ChangeEffects(rawValue: 4)
    /// Showing or hiding the layer: the `onOrderIn`/`onOrderOut` actions run.
    package static let ordering = ChangeEffects(rawValue: 8)
    /// The layer's timing (`CAMediaTiming`): animation event times move.
    package static let timing = ChangeEffects(rawValue: 16)
    /// Which way up the contents of the layer and its subtree are (`isGeometryFlipped`): drawn
    /// contents drawn the other way up are redrawn.
    package static let contentsFlip = ChangeEffects(rawValue: 32)
}

/// The values a property may take when they form a closed set.
package enum PropertyChoices: Sendable {
    /// One name of a fixed list (`contentsGravity`: "center", "top", …).
    case names([String])
    /// A set of named bits (`autoresizingMask`: "layerMinXMargin" = 1, …).
    case flags([(name: String, bit: UInt32)])
    /// A whole number in a range (`instanceCount`, `seed`): key-value coding takes any number,
    /// which drawing clamps (with a warning); scenes and the schema ask for one in the range.
    case integers(ClosedRange<Int>)
}

/// One property of a layer class.
///
/// - Subclasses say where the value lives: `StateProperty` (a field of `LayerState`, presented
///   and animatable), and in StoredAndSettingProperties.swift `StoredProperty` (a value the
///   layer keeps by key, as subclass properties such as `strokeEnd` are) and `SettingProperty`
///   (a setting of the layer object that is not presented: `name`, `delegate`, timing).
package class LayerProperty: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The key-value coding name (`hidden`).
    package let key: String
    /// Other names key-value coding accepts for it (Swift's `isHidden`).
    package let aliases: [String]
    /// The kind of value it holds.
    package let kind: ValueKind
    /// Its implicit action.
    package let action: ImplicitAction
    /// Whether Core Animation animates it ("Animatable" in CALayer.h): explicit animations of it
    /// take effect, and dumps show its presented value. Every property with an implicit action
    /// is; `doubleSided` is without one.
    package let isAnimatable: Bool
    /// What a change of it invalidates.
    package let effects: ChangeEffects
    /// The values it may take, when they form a closed set.
    package let choices: PropertyChoices?
    /// What it is, in one sentence: the scene schema's description and the property tables of
    /// docs/scene-format.md are made from it (`glayers schema`).
    package let summary: String
    /// The entry's number among all entries of all layer classes (its bit in a `PropertySet`).
    let ordinal: Int

    init(
        key: String, aliases: [String], kind: ValueKind, action: ImplicitAction, animatable: Bool?,
        effects: ChangeEffects, choices: PropertyChoices?, summary: String
    ) {
        self.key = key
        self.summary = summary
        self.aliases = aliases
        self.kind = kind
        self.action = action
        self.isAnimatable = animatable ?? (action != .noAction)
        self.effects = effects
        self.choices = choices
        self.ordinal = Self.nextOrdinal(for: key)
    }

    /// Core Animation's default value, as `defaultValue(forKey:)` returns it (nil: none).
    package var defaultValue: Any? { nil }

    /// Whether the value is part of the presented state (presentation copies and dumps show it).
    package var isPresented: Bool { false }

    /// The value as `value(forKey:)` returns it.
    package func value(of layer: CALayer) -> Any? { nil }

    /// The value as the layer stores it, for a property whose value lives in the layer's state
    /// (nil for others): typed, without the box in `Any` that `value(of:)` makes and its reader
    /// casts back (a dump reads some thirty values a layer).
    package func storedValue(of layer: CALayer) -> AnimatableValue? { nil }

    /// Sets the value from `setValue(_:forKey:)`, through the layer's change pipeline.
    ///
    /// - Throws `KeyValueCodingError` when `value` is not of the property's type, or not finite.
    package func setValue(_ value: Any?, on layer: CALayer) throws {
        throw KeyValueCodingError(message: "\(layer.diagnosticName): \(key) is read-only")
    }

    /// `setValue(_:on:)` for a value its caller holds typed (the scene decoder): a property whose
    /// value lives in the layer's state takes a number, rectangle or colour without a box in
    /// `Any` (which the decoder made and the property cast back: a third of setting a value);
    /// others take it boxed, as from `setValue(_:on:)`.
    ///
    /// - Throws what `setValue(_:on:)` throws for the same value.
    package func setValue<T>(typed value: T, on layer: CALayer) throws {
        try setValue(value, on: layer)
    }

    /// Sets the value a layer's `style` supplies for the property (or, when the style no longer
    /// does, the class's default) through the change pipeline, without an action and without
    /// counting as set on the layer (docs/semantics.md#the-style-dictionary).
    ///
    /// - Returns false when the style does not supply this property: settings of the layer
    ///   object, and `bounds` and `frame`, which Apple's reference excludes.
    /// - Throws `KeyValueCodingError` when `value` is not of the property's type, or not finite.
    func applyStyleValue(_ value: Any?, on layer: CALayer) throws -> Bool { false }

    /// Reads and writes the whole value in a presented state, for animations (nil: the
    /// property is not animated by value; a change of it runs a transition or nothing).
    func stateAccess() -> AnyStateAccess? { nil }

    /// Whether animations reach the value without going through a key path (which, for a
    /// field `LayerState` computes, allocates every frame): a field by its byte offset or its
    /// entry's accessors, a stored value by its key.
    package var animatesInPlace: Bool { true }

    /// Where a component of the value lives in `LayerState`, for the fast path (nil: nowhere
    /// the fast path can write directly).
    func slot(_ component: StructComponent?) -> StateSlot? { nil }

    /// The error for a value of the wrong type.
    func typeError(_ value: Any?, on layer: CALayer) -> KeyValueCodingError {
        KeyValueCodingError(
            message: "\(layer.diagnosticName): \(key) expects \(kind.expected), got \(describeValue(value))")
    }

    package static func == (a: LayerProperty, b: LayerProperty) -> Bool { a === b }
    package func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    package var description: String { key }
}

/// A property whose model and presented values are a field of `LayerState`.
class StateProperty<Value: PropertyValue>: LayerProperty {
    /// The field.
    let field: WritableKeyPath<LayerState, Value>
    /// The accessors of the field when `LayerState` computes it (the fields it keeps in its
    /// reference box).
    private let computed: ComputedField<Value>?
    private let defaultField: Value
    /// How `setValue(_:forKey:)` applies a value: through the property's Swift setter, as
    /// Apple's key-value coding calls the accessor, so a subclass's override of it sees the
    /// change (nil: straight through the change pipeline).
    private let apply: ((CALayer, Value) -> Void)?
    /// Whether a layer's `style` may supply the value.
    private let styled: Bool
    /// Writes the field: through its byte offset, or the accessors of a computed field. A
    /// write through `field`, in this generic class, goes through a buffer the key path
    /// allocates: it was half the cost of a setter (docs/performance.md, "Loading and dumping big scenes").
    let write: (inout LayerState, Value) -> Void
    /// Reads the field of a layer's state the same way (a read through `field` copied the
    /// whole state first: a dump read 26 values per layer so).
    private let read: (CALayer) -> Value
    /// Access for animations (`stateAccess()`), made once: made for each animation compiled,
    /// its closures were four allocations of every one (docs/performance.md).
    private let access: AnyStateAccess?

    /// - `computed`: the accessors of `field` when `LayerState` computes it (needed for an
    ///   animatable one).
    /// - `styled`: whether a layer's `style` may supply the value (all but `bounds` and `frame`).
    init(
        _ key: String, _ field: WritableKeyPath<LayerState, Value>, computed: ComputedField<Value>? = nil,
        aliases: [String] = [], action: ImplicitAction = .noAction, animatable: Bool? = nil,
        effects: ChangeEffects = [], choices: PropertyChoices? = nil, styled: Bool = true,
        apply: ((CALayer, Value) -> Void)? = nil, summary: String
    ) {
        self.field = field
        self.computed = computed
        self.defaultField = LayerState()[keyPath: field]
        self.apply = apply
        self.styled = styled
        if let computed {
            write = computed.set
            read = { computed.get($0.layerState) }
        } else if let offset = MemoryLayout<LayerState>.offset(of: field) {
            func value(_ state: UnsafeMutablePointer<LayerState>) -> UnsafeMutablePointer<Value> {
                (UnsafeMutableRawPointer(state) + offset).assumingMemoryBound(to: Value.self)
            }
            write = { state, newValue in withUnsafeMutablePointer(to: &state) { value($0).pointee = newValue } }
            read = { layer in withUnsafeMutablePointer(to: &layer.layerState) { value($0).pointee } }
        } else {
            write = { $0[keyPath: field] = $1 }
            read = { $0.layerState[keyPath: field] }
        }
        access = Self.makeAccess(field, computed)
        super.init(
            key: key, aliases: aliases, kind: Value.kind, action: action, animatable: animatable, effects: effects,
            choices: choices, summary: summary)
    }

    override var defaultValue: Any? { defaultField.apiValue }
    override var isPresented: Bool { true }

    override package func value(of layer: CALayer) -> Any? { read(layer).apiValue }

    override package func storedValue(of layer: CALayer) -> AnimatableValue? { read(layer).storedValue }

    override package func setValue(_ value: Any?, on layer: CALayer) throws {
        var typed = defaultField
        try Value.convert(value, for: self, on: layer, into: &typed)
        if let apply { apply(layer, typed) } else { layer.setModel(self, typed) }
    }

    override package func setValue<T>(typed value: T, on layer: CALayer) throws {
        var typed = defaultField
        try Value.convert(typed: value, for: self, on: layer, into: &typed)
        if let apply { apply(layer, typed) } else { layer.setModel(self, typed) }
    }

    override func applyStyleValue(_ value: Any?, on layer: CALayer) throws -> Bool {
        guard styled else { return false }
        var typed = defaultField
        try Value.convert(value, for: self, on: layer, into: &typed)
        layer.setStyleValue(self, field, typed)
        return true
    }

    override package var animatesInPlace: Bool {
        computed != nil || MemoryLayout<LayerState>.offset(of: field) != nil
    }

    override func stateAccess() -> AnyStateAccess? { access }

    /// Access for animations: through the field's byte offset, or the accessors of a computed
    /// field, never through the key path (which, in this generic class, reads and writes through
    /// buffers it allocates).
    private static func makeAccess(
        _ field: WritableKeyPath<LayerState, Value>, _ computed: ComputedField<Value>?
    ) -> AnyStateAccess? {
        if let computed {
            return Value.stateAccess(
                StateAccess(
                    get: { computed.get($0.state) }, set: { computed.set(&$0.state, $1) },
                    reset: { s, model in computed.set(&s.state, computed.get(model.pointee)) }))
        }
        guard let offset = MemoryLayout<LayerState>.offset(of: field) else {
            // A computed field without accessors (none animates; key-value coding of its
            // components, as `frame.origin.x`, reaches it here).
            return Value.stateAccess(
                StateAccess(
                    get: { $0.state[keyPath: field] }, set: { $0.state[keyPath: field] = $1 },
                    reset: { s, model in s.state[keyPath: field] = model.pointee[keyPath: field] }))
        }
        func value(_ state: UnsafeMutablePointer<LayerState>) -> UnsafeMutablePointer<Value> {
            (UnsafeMutableRawPointer(state) + offset).assumingMemoryBound(to: Value.self)
        }
        return Value.stateAccess(
            StateAccess(
                get: { s in withUnsafeMutablePointer(to: &s.state) { value($0).pointee } },
                set: { s, v in withUnsafeMutablePointer(to: &s.state) { value($0).pointee = v } },
                reset: { s, model in
                    withUnsafeMutablePointer(to: &s.state) { value($0).pointee = value(.init(mutating: model)).pointee }
                }))
    }

    override func slot(_ component: StructComponent?) -> StateSlot? { Value.slot(field, component) }
}

/// The accessors of a field `LayerState` computes (a field it keeps in its reference box), for
/// animations: through a key path, writing such a field allocates a write-back buffer.
struct ComputedField<Value> {
    let get: (LayerState) -> Value
    let set: (inout LayerState, Value) -> Void
}

/// `transform` or `sublayerTransform`: while animations write its components
/// (`transform.rotation.z`), the presented state keeps it as parts and composes the matrix once.
final class TransformProperty: StateProperty<CATransform3D> {
    /// Whether this is `sublayerTransform`.
    let isSublayerTransform: Bool
    /// Access for animations, through the parts the presented state keeps (made once).
    private let transformAccess: AnyStateAccess
    /// Access to each component (`transform.rotation.z`), in `componentOrder`, made once:
    /// animations and key-value coding of components ask for it every time.
    private let components: [AnyStateAccess]
    /// The components (`allCases` makes its array at every call).
    private static let componentOrder = TransformComponent.allCases

    init(_ key: String, sublayer: Bool, summary: String) {
        isSublayerTransform = sublayer
        transformAccess = .transform(
            StateAccess(
                get: { s in
                    s.finish()
                    return sublayer ? s.state.sublayerTransform : s.state.transform
                },
                set: { s, m in
                    s.dropParts(sublayer: sublayer)
                    if sublayer { s.state.sublayerTransform = m } else { s.state.transform = m }
                }, reset: { s, model in s.resetTransform(sublayer: sublayer, to: model) }))
        components = Self.componentOrder.map { LayerKeyPath.transformField($0, sublayer: sublayer) }
        // `sublayerTransform` is computed (kept with the state's rare references): read and
        // written through accessors, never through its key path.
        super.init(
            key, sublayer ? \.sublayerTransform : \.transform,
            computed: sublayer
                ? ComputedField(get: { $0.sublayerTransform }, set: { $0.sublayerTransform = $1 }) : nil,
            action: .animation,
            apply: sublayer ? { $0.sublayerTransform = $1 } : { $0.transform = $1 }, summary: summary)
    }

    override func stateAccess() -> AnyStateAccess? { transformAccess }

    /// Access to `component` of the transform, through the presented state's parts.
    func componentAccess(_ component: TransformComponent) -> AnyStateAccess {
        components[Self.componentOrder.firstIndex(of: component) ?? 0]
    }
}
