/// The settings and bookkeeping few layers hold, out of the layer object.
import Foundation

/// What a `CALayer` holds that most layers leave at its default: its name, delegate, actions,
/// style, layout manager and constraints, its own time cycle's settings, and the bookkeeping of hosts, masks, styles and running actions.
///
/// A layer makes this box the first time one of these fields is given a value other than
/// its default (`CALayer.cold`); until then it holds one pointer instead of these 240 bytes.
/// A scene of 100 000 plain layers (frames and colours) makes none (docs/performance.md,
/// "The layer object's cold fields").
final class LayerColdFields {
    /// The layer that uses this one as its `mask`.
    unowned(unsafe) var maskOwner: CALayer?
    /// How many hosts (windows, headless renderers) show this layer as their root.
    var hostCount = 0
    /// The layer's constraints, read by `CAConstraintLayoutManager`.
    var constraints: [CAConstraint] = []
    /// The properties whose values the `style` supplied.
    var styledProperties = PropertySet()
    /// The property changes whose actions are running, innermost last.
    var pendingChanges: [PendingChange] = []
    /// Animations added to this layer that animate a named sublayer (`sublayers.NAME.KEY`).
    var sublayerAnimations: [SublayerAnimation] = []

    // The open settings of `CALayer`, whose declarations there read and write these.
    var name: String?
    weak var delegate: CALayerDelegate?
    var actions: [String: CAAction]?
    var style: [AnyHashable: Any]?
    var layoutManager: CALayoutManager?
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
    var autoresizingMask: CAAutoresizingMask = []
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false
    var duration: CFTimeInterval = .infinity
    var repeatDuration: CFTimeInterval = 0
    var repeatCount: Float = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed

    init() {}

    /// A box with the fields `CALayer.init(layer:)` copies (the settings a presentation copy
    /// shows: name, delegate, actions, style, layout, constraints and contents format), or nil when they are all defaults.
    func copiedForLayerCopy() -> LayerColdFields? {
        if name == nil, delegate == nil, actions == nil, style == nil, layoutManager == nil, constraints.isEmpty,
            contentsFormat == .RGBA8Uint, autoresizingMask.isEmpty, !needsDisplayOnBoundsChange,
            !drawsAsynchronously
        {
            return nil
        }
        let copy = LayerColdFields()
        copy.name = name
        copy.delegate = delegate
        copy.actions = actions
        copy.style = style
        copy.needsDisplayOnBoundsChange = needsDisplayOnBoundsChange
        copy.drawsAsynchronously = drawsAsynchronously
        copy.autoresizingMask = autoresizingMask
        copy.layoutManager = layoutManager
        copy.constraints = constraints
        copy.contentsFormat = contentsFormat
        return copy
    }
}

extension CALayer {
    /// The layer's box of cold fields, made on first use (a write of a value other than the
    /// field's default).
    var cold: LayerColdFields {
        if let box = coldStorage { return box }
        let box = LayerColdFields()
        coldStorage = box
        return box
    }

    /// The layer that uses this one as its `mask` (read where a layer has no superlayer).
    /// Setting it changes the media times of the layer's animations' events.
    var maskOwner: CALayer? {
        get { coldStorage?.maskOwner }
        set {
            if newValue != nil || coldStorage != nil { cold.maskOwner = newValue }
            TransactionContext.current.animationTimesChanged()
        }
    }
    /// How many hosts (windows, headless renderers) show this layer as their root.
    var hostCount: Int {
        get { coldStorage?.hostCount ?? 0 }
        set { if newValue != 0 || coldStorage != nil { cold.hostCount = newValue } }
    }
    /// The layer's constraints, read by `CAConstraintLayoutManager`.
    var constraintStorage: [CAConstraint] {
        get { coldStorage?.constraints ?? [] }
        set { if !newValue.isEmpty || coldStorage != nil { cold.constraints = newValue } }
    }
    /// The properties whose values the `style` supplied (CALayer+Style.swift).
    var styledProperties: PropertySet {
        get { coldStorage?.styledProperties ?? PropertySet() }
        _modify { yield &cold.styledProperties }
    }
    /// The property changes whose actions are running, innermost last (the "from" of implicit
    /// animations).
    var pendingChanges: [PendingChange] {
        get { coldStorage?.pendingChanges ?? [] }
        _modify { yield &cold.pendingChanges }
    }
    /// Animations added to this layer that animate a named sublayer (`sublayers.NAME.KEY`).
    var sublayerAnimations: [SublayerAnimation] {
        get { coldStorage?.sublayerAnimations ?? [] }
        _modify { yield &cold.sublayerAnimations }
    }
}
