/// The presentation tree: copies of layers with every animated property at the
/// current media time; `model()` returns the model layer behind a copy.
///
/// As on Apple's platforms, the presentation shows the last committed model values plus the
/// running animations: changes made in a transaction that has not committed yet are not
/// presented (docs/semantics.md#presentation-and-model-trees). The recipe for custom
/// animatable properties relies on it: in `action(forKey:)`,
/// `fromValue = presentation()?.value(forKey: key)` is the value before the change.
import CEngineSupport
import Foundation

extension CALayer {
    /// Whether this object is a presentation copy.
    var isPresentationCopy: Bool { presentationSource != nil }

    /// A copy of the layer as it appears now; the model layer's own values when nothing animates.
    func presentationDefault() -> Self? {
        if isPresentationCopy { return self }
        return presentation(atMediaTime: CACurrentMediaTime())
    }

    /// A presentation copy of the layer at media time `t` (what `presentation()` gives when
    /// `CACurrentMediaTime()` is `t`; for tools that show a chosen time, such as scene dumps).
    public func presentation(atMediaTime t: CFTimeInterval) -> Self {
        let copy = copyByInitLayer()
        if let committed = TransactionContext.current.committedModel(of: self) {
            copy.layerState = presentedState(over: committed, atLocalTime: localTime(atMediaTime: t))
        } else {
            copy.layerState = presentedState(atMediaTime: t)
        }
        copy.presentationSource = self
        copy.presentationTime = t
        copy.hostCount = 0
        return copy
    }

    /// A layer whose values are those `presentation(atMediaTime:)` shows at `t`: this layer
    /// itself when they are its own (no animations, and no change of it waiting in an open
    /// transaction), else the presentation copy. For readers of every layer of a tree (a
    /// dump), which would otherwise make and free a copy of each.
    package func presentedLayer(atMediaTime t: CFTimeInterval) -> CALayer {
        if !isAnimated && TransactionContext.current.committedModel(of: self) == nil { return self }
        return presentation(atMediaTime: t)
    }

    /// A new layer of this layer's own class made by the class's `init(layer:)` from this
    /// layer, as Core Animation makes presentation copies (it sends `-initWithLayer:` to the
    /// layer's class).
    func copyByInitLayer() -> Self {
        unsafeDowncast(CALayer.make(type(of: self), initLayer: self), to: Self.self)
    }

    /// A new layer of `layerClass` made by that class's own `init(layer:)` from `layer`,
    /// through the class's vtable: Swift calls an initializer on a metatype only when it is
    /// `required`, and Apple's `init(layer:)` is not, so subclasses with initializers of their
    /// own compile as they do on Apple (docs/porting.md#subclasses).
    package static func make(_ layerClass: CALayer.Type, initLayer layer: Any) -> CALayer {
        let value = UnsafeMutablePointer<Any>.allocate(capacity: 1)
        value.initialize(to: layer)
        // The initializer consumes the value: the memory is freed, not deinitialized.
        defer { value.deallocate() }
        guard let made = glayers_layer_init_layer(unsafeBitCast(layerClass, to: UnsafeRawPointer.self), value) else {
            fatalError("\(layerClass).init(layer:) returned no layer")  // an initializer always returns its object
        }
        return Unmanaged<CALayer>.fromOpaque(made).takeRetainedValue()
    }

    /// The default of `model()`: the model layer behind a presentation copy (itself otherwise).
    func modelDefault() -> Self {
        (presentationSource as? Self) ?? self
    }
}
