/// `CALayer`: the model object of the layer tree.
///
/// A layer holds its model values in one typed `LayerState`, its place in the tree, its
/// animations and its non-animatable settings. Everything else lives in the files named after
/// it: geometry (`CALayer+Geometry`), hierarchy, conversion and hit testing, key-value coding,
/// layout, display, actions, animations and presentation.
import Foundation
import GLayersGraphics

/// The delegate of a layer: supplies contents, layout and actions.
///
/// Every method is optional (the default implementations do nothing, or let the layer go on as
/// if the method were not implemented), as with Apple's `CALayerDelegate`.
public protocol CALayerDelegate: AnyObject {
    /// Updates the layer's contents; when implemented, the layer does not call `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx` (origin top-left, units of points).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer draws, to prepare its state.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: an action, `NSNull()` to stop the search, or nil to go on.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayByDrawing() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) { layer.layoutWithManager() }
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// An object that lays out a layer's sublayers (Core Animation's `CALayoutManager`).
public protocol CALayoutManager: AnyObject {
    /// The preferred size of `layer` given its sublayers.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Called when `layer`'s bounds change, before `layoutSublayers(of:)`.
    func invalidateLayout(of layer: CALayer)
    /// Lays out `layer`'s sublayers.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    public func invalidateLayout(of layer: CALayer) {}
}

/// A layer: a rectangle with contents, style and sublayers, animated by Core Animation.
open class CALayer: NSObject, CAMediaTiming {
    // MARK: What every frame reads
    // Declared first so that they share the object's first cache lines (stored properties are
    // laid out in declaration order): evaluating an animated layer touches these and its
    // animation block, nothing else.

    /// The superlayer. Not retained and not weak (weak references make every retain of a layer
    /// slower): a layer clears its sublayers' and mask's back references when it goes away.
    /// Moving a layer changes the media times of its animations' events.
    @exclusivity(unchecked) unowned(unsafe) var superlayerStorage: CALayer? {
        didSet { TransactionContext.current.animationTimesChanged() }
    }
    /// The layer that uses this one as its `mask`.
    @exclusivity(unchecked) unowned(unsafe) var maskOwner: CALayer? {
        didSet { TransactionContext.current.animationTimesChanged() }
    }
    /// `CAMediaTiming` (a layer's duration is infinite: docs/semantics.md#timing-defaults; the
    /// rest below).
    @exclusivity(unchecked) public var speed: Float = 1 { didSet { timingDidChange() } }
    @exclusivity(unchecked) public var beginTime: CFTimeInterval = 0 { didSet { timingDidChange() } }
    @exclusivity(unchecked) public var timeOffset: CFTimeInterval = 0 { didSet { timingDidChange() } }
    /// The sublayers (CALayer+Hierarchy.swift).
    @exclusivity(unchecked) var sublayerStorage: [CALayer] = [] { didSet { paintOrderIsCurrent = false } }
    @exclusivity(unchecked) var maskStorage: CALayer?
    /// The animations and their presentation cache (AnimationStack.swift); what a frame reads
    /// of it comes first in it, and ends within the object's first two cache lines.
    @exclusivity(unchecked) final var animations = AnimationStack()

    /// Model values (or, on a presentation copy, the presented values). Changed through
    /// `modifyModel` (CALayer+Changes.swift), which tells the presentation cache.
    @exclusivity(unchecked) final var layerState = LayerState()

    // Hierarchy (CALayer+Hierarchy.swift; the sublayers, superlayer and mask are above).
    /// How many hosts (windows, headless renderers) show this layer as their root.
    @exclusivity(unchecked) var hostCount = 0

    // Presentation copies (CALayer+Presentation.swift).
    /// The model layer this presentation copy was made from; nil for model layers.
    @exclusivity(unchecked) var presentationSource: CALayer?
    /// The media time a presentation copy shows.
    var presentationTime: CFTimeInterval = 0

    // Layout and display state (CALayer+Layout.swift, CALayer+Display.swift).
    @exclusivity(unchecked) var needsLayoutFlag = false
    @exclusivity(unchecked) var needsDisplayFlag = false
    /// The layer's constraints, read by `CAConstraintLayoutManager`.
    var constraintStorage: [CAConstraint] = []
    /// Keys stored by key-value coding that are not declared properties.
    var extraValues: [String: Any] = [:]
    /// The property change whose action is running (the "from" of implicit animations).
    var pendingChange: PendingChange?
    /// The sublayers' indices in paint order (by zPosition; empty when that is their order),
    /// valid while `paintOrderIsCurrent` (FlattenNode.swift).
    @exclusivity(unchecked) var paintOrder: [Int32] = []
    /// The parent time at which `evaluatePresentationTree` last swept this tree (NaN: not
    /// since the last flattening; only a hint for `FrameBuilder`, which skips its own sweep).
    @exclusivity(unchecked) var presentationTreeTime = CFTimeInterval.nan
    /// Whether `paintOrder` was computed from the current sublayers and their model values.
    @exclusivity(unchecked) var paintOrderIsCurrent = false
    /// The transaction context ticking this layer's animations.
    weak var animationRegistry: TransactionContext?

    // MARK: Non-animatable settings

    /// The layer's name, used by constraints (`relativeTo:`) and key paths.
    public var name: String?
    /// The delegate that supplies contents, layout and actions (held weakly, as on Apple).
    public weak var delegate: CALayerDelegate?
    /// Actions by key, searched after the delegate (`NSNull()` stops the search).
    public var actions: [String: CAAction]?
    /// Default values for properties not set on the layer; `style["actions"]` holds actions.
    public var style: [AnyHashable: Any]?
    /// Whether a change of bounds marks the contents as needing display.
    public var needsDisplayOnBoundsChange = false
    /// Whether drawing may happen on a background thread (glayers always draws at commit).
    public var drawsAsynchronously = false
    /// How the layer resizes when its superlayer's bounds size changes.
    public var autoresizingMask: CAAutoresizingMask = []
    /// The object that lays out the sublayers (`CAConstraintLayoutManager`, or your own).
    public var layoutManager: CALayoutManager? { didSet { setNeedsLayout() } }
    /// The pixel format of the backing store.
    public var contentsFormat = CALayerContentsFormat.RGBA8Uint
    /// Which edges are anti-aliased.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    /// The shape of rounded corners (glayers draws circular corners for both curves).
    public var cornerCurve = CALayerCornerCurve.circular
    /// The level-of-detail bias of the minification filter.
    public var minificationFilterBias: Float = 0

    // MARK: CAMediaTiming (a layer's duration is infinite; speed, beginTime and timeOffset are
    // with the per-frame fields above)

    public var duration: CFTimeInterval = .infinity
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode = CAMediaTimingFillMode.removed

    // MARK: Creating layers

    /// A new layer with Core Animation's defaults.
    public override init() {
        super.init()
    }

    /// A shadow copy of `layer` (Core Animation uses this for presentation copies).
    ///
    /// - Subclasses copy their own stored properties here and call `super.init(layer:)`, as on
    ///   Apple's platforms: `override init(layer: Any)`.
    public init(layer: Any) {
        super.init()
        guard let other = layer as? CALayer else { return }
        layerState = other.layerState
        name = other.name
        delegate = other.delegate
        actions = other.actions
        style = other.style
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        drawsAsynchronously = other.drawsAsynchronously
        autoresizingMask = other.autoresizingMask
        layoutManager = other.layoutManager
        constraintStorage = other.constraintStorage
        contentsFormat = other.contentsFormat
        edgeAntialiasingMask = other.edgeAntialiasingMask
        cornerCurve = other.cornerCurve
        minificationFilterBias = other.minificationFilterBias
        beginTime = other.beginTime
        speed = other.speed
        timeOffset = other.timeOffset
        extraValues = other.extraValues
    }

    /// Decoding from an archive is not supported; this makes a default layer so subclasses
    /// written for Apple (which must provide `init?(coder:)`) still compile and run.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// A presentation copy of `layer`, made by the class's `init(layer:)` (glayers makes every
    /// presentation copy through this initializer, so that it has the layer's own class).
    ///
    /// - A subclass inherits it, and needs nothing more, when it declares no designated
    ///   initializer, or when it overrides all of `init()`, `init(layer:)` and `init?(coder:)`
    ///   (Apple's pattern for layers with custom properties). Any other subclass must provide
    ///   it, in one line: `required convenience init(presenting layer: CALayer) {
    ///   self.init(layer: layer) }` (docs/porting.md#subclasses).
    public required convenience init(presenting layer: CALayer) {
        self.init(layer: layer)
    }

    deinit {
        for sub in sublayerStorage where sub.superlayerStorage === self { sub.superlayerStorage = nil }
        if let m = maskStorage, m.maskOwner === self { m.maskOwner = nil }
        if let context = animationRegistry { context.unregister(self) }
    }

    /// Whether the layer keeps its sublayers in 3D instead of flattening them into its plane
    /// (`CATransformLayer` overrides this).
    var preservesDepth: Bool { false }

    /// Whether this object is a presentation copy.
    var isPresentationCopy: Bool { presentationSource != nil }

    open override var description: String {
        let kind = String(describing: type(of: self))
        let named = name.map { " \"\($0)\"" } ?? ""
        return "<\(kind)\(named) frame=\(frame)>"
    }

    // MARK: Overridable behaviour (implemented in the CALayer+… files)

    /// The entries layers of this class declare in the property table: `CALayer`'s, then each
    /// layer class's own (layer classes override this to add theirs).
    class var declaredProperties: [LayerProperty] { LayerProperty.layerProperties }

    /// The default value of `key` when it is not set (Core Animation's defaults for declared
    /// properties, from the property table; nil for other keys). Subclasses override it for
    /// their own keys.
    open class func defaultValue(forKey key: String) -> Any? { properties[key]?.defaultValue }

    /// Whether a change of `key` marks the contents as needing display (true for the properties
    /// a layer class draws from, such as `CAShapeLayer.path`; false otherwise).
    open class func needsDisplay(forKey key: String) -> Bool {
        properties[key]?.effects.contains(.display) ?? false
    }

    /// The class's action for `event`, searched after the delegate, `actions` and `style`.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// The kind of value at `keyPath` on layers of this class, or nil for an unknown path
    /// (a custom key is `.object`).
    package class func valueKind(forKeyPath keyPath: String) -> ValueKind? {
        (try? KeyPathResolver.resolve(keyPath, for: self))?.kind
    }

    /// Whether the value of `key` is archived (glayers does not archive; true for every key).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The action for `event`: the delegate's, the `actions` dictionary's, the style's, the
    /// class default, or Core Animation's implicit animation; nil when `NSNull` stops the search.
    open func action(forKey event: String) -> CAAction? { searchAction(event) }

    /// Updates the contents: the delegate's `display(_:)`, or drawing with `draw(in:)`.
    open func display() { displayDefault() }

    /// Draws the contents (the default asks the delegate's `draw(_:in:)`).
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Marks the contents as needing display.
    open func setNeedsDisplay() { markNeedsDisplay() }

    /// Marks a part of the contents as needing display (glayers redraws the whole layer).
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay() }

    /// Lays out the sublayers (the default asks the delegate, then the layout manager).
    open func layoutSublayers() { layoutSublayersDefault() }

    /// Marks the layer as needing layout.
    open func setNeedsLayout() { markNeedsLayout() }

    /// Lays out now the layers that need it, from the highest ancestor that does.
    open func layoutIfNeeded() { layoutIfNeededDefault() }

    /// The preferred size: the layout manager's answer, or the bounds size.
    open func preferredFrameSize() -> CGSize { layoutManager?.preferredSize(of: self) ?? layerState.bounds.size }

    /// Tells the sublayers that this layer's bounds size changed (autoresizing).
    open func resizeSublayers(withOldSize size: CGSize) { resizeSublayersDefault(oldSize: size) }

    /// Resizes the layer by its `autoresizingMask` after the superlayer's bounds changed.
    open func resize(withOldSuperlayerSize size: CGSize) { resizeDefault(oldSuperlayerSize: size) }

    /// The frontmost layer at `p` (in the superlayer's coordinates), or nil.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestDefault(p) }

    /// Whether `p` (in the layer's coordinates) is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { layerState.bounds.contains(p) }

    /// A copy of the layer with its animations applied at the current media time.
    open func presentation() -> Self? { presentationDefault() }

    /// The model layer behind a presentation copy (the layer itself for a model layer).
    open func model() -> Self { modelDefault() }

    /// Sets a declared property by name, or stores any other key as a custom property.
    ///
    /// - A value of the wrong type is reported and ignored (see `strictSetValue`).
    open func setValue(_ value: Any?, forKey key: String) {
        do { try setValueChecked(value, forKey: key) } catch { Diagnostics.warn("\(error)") }
    }

    /// The value of a declared property or custom key (its default when unset).
    open func value(forKey key: String) -> Any? { valueChecked(forKey: key) }

    /// Sets the value at a key path (`position.x`, `transform.rotation.z`, …).
    ///
    /// - An unknown key path or a value of the wrong type is reported and ignored.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        do { try strictSetValue(value, forKeyPath: keyPath) } catch { Diagnostics.warn("\(error)") }
    }

    /// The value at a key path; nil (with a warning) for an unknown one.
    open func value(forKeyPath keyPath: String) -> Any? {
        do { return try strictValue(forKeyPath: keyPath) } catch {
            Diagnostics.warn("\(error)")
            return nil
        }
    }

    // MARK: Changing model values

    /// Sets a property held in the model state through the change pipeline: transaction
    /// bookkeeping, side effects (layout, display, autoresizing, paint order) and the action for
    /// the property's key.
    @inline(__always)
    func setModel<V>(_ p: StateProperty<V>, _ value: V) { setModel(p, p.field, value) }

    /// Sets `field` of the model state to `value` as a change of property `p` (for the
    /// presented settings that keep a state field: `filters`, `compositingFilter`).
    func setModel<V>(_ p: LayerProperty, _ field: WritableKeyPath<LayerState, V>, _ value: V) {
        if isPresentationCopy {
            layerState[keyPath: field] = value
            return
        }
        let change = willChangeModel(p.key)
        let before = ChangeWitness(p, layerState)
        modifyModel { $0[keyPath: field] = value }
        didChangeModel(p, before)
        runAction(forChange: change)
        runOrderingAction(p, before)
    }

    /// Sets a property a layer class keeps among its stored values, through the change pipeline.
    func setStored<V>(_ p: StoredProperty<V>, _ value: V) {
        if isPresentationCopy {
            layerState.custom[p.key] = value.storedValue
            return
        }
        let change = willChangeModel(p.key)
        let before = ChangeWitness(p, layerState)
        modifyModel { $0.custom[p.key] = value.storedValue }
        didChangeModel(p, before)
        runAction(forChange: change)
    }

    /// The value of a property a layer class keeps among its stored values.
    subscript<V>(stored p: StoredProperty<V>) -> V {
        get { p.read(layerState) }
        set { setStored(p, newValue) }
    }
}
