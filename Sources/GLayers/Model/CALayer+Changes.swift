/// The change pipeline of model values: what happens around every property change of a layer
/// (docs/semantics.md#actions-and-implicit-animations): transaction bookkeeping, side effects on layout and display, and the
/// action for the changed key.
import Foundation

/// What the side effects of a change compare: the values before it.
struct ChangeWitness {
    let boundsSize: CGSize
    let isHidden: Bool
    let isGeometryFlipped: Bool

    init(_ p: LayerProperty, _ s: LayerState) {
        boundsSize = s.bounds.size
        isHidden = s.isHidden
        isGeometryFlipped = s.isGeometryFlipped
    }
}

/// A property change whose action is about to run.
///
/// - The state before it is boxed: every setter receives a change (nil, most of the time), and
///   with the state inline (536 bytes) `willChangeModel` copied one out at each call, live or
///   not (80 instructions a call, 0.8 % of validating 10 000 layers).
struct PendingChange {
    /// The action key (the property name).
    let key: String
    private let beforeBox: StateBox?

    /// The layer's presented state just before the change (nil when no action will run).
    var before: LayerState? { beforeBox?.state }

    init(key: String, before: LayerState?) {
        self.key = key
        beforeBox = before.map(StateBox.init)
    }

    private final class StateBox {
        let state: LayerState
        init(_ state: LayerState) { self.state = state }
    }
}

extension CALayer {
    /// Whether the layer is in a tree shown by a host (a window or a headless renderer).
    ///
    /// - Only live layers run actions for property changes (Apple's standalone-layer rule):
    ///   a tree becomes live when its root is given to a `CALayerHost` (the window, the
    ///   headless renderer, or `CALayerHost(rootLayer:)` in your own code).
    public var isLive: Bool {
        unretainedRoot._withUnsafeGuaranteedRef { $0.hostCount > 0 }
    }

    /// The root of the tree, found without a retain and release of each layer on the way up
    /// (asked at every model change, and for every layer whose layout a commit runs).
    private var unretainedRoot: Unmanaged<CALayer> {
        var layer = Unmanaged.passUnretained(self)
        while let up = layer._withUnsafeGuaranteedRef({ $0.unretainedParent }) { layer = up }
        return layer
    }

    /// The superlayer, or the layer this one masks, unretained.
    private var unretainedParent: Unmanaged<CALayer>? {
        if let up = superlayerStorage { return Unmanaged.passUnretained(up) }
        if let owner = maskOwner { return Unmanaged.passUnretained(owner) }
        return nil
    }

    /// Notes that the layer joined a tree (inserted, made a mask, or its root hosted): the next
    /// outermost commit marks its subtree committed when it is then live.
    func noteJoinedTree() {
        let context = TransactionContext.current
        context.ensureFrame()
        context.joinedSinceCommit.append(self)
    }

    /// Marks the layer, its sublayers and masks as committed in a live tree.
    func markSubtreeCommittedLive() {
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            layer.isCommittedLive = true
            stack.append(contentsOf: layer.sublayerStorage)
            if let m = layer.maskStorage { stack.append(m) }
        }
    }

    /// The root of the layer's tree (following mask owners).
    var rootOfTree: CALayer { unretainedRoot.takeUnretainedValue() }

    /// Bookkeeping before a model value changes; returns what the action needs.
    ///
    /// - A layer that has not yet been committed as part of a live tree (created, inserted and
    ///   set up in the transaction still open) runs no action for its property changes: it
    ///   appears as set, as on Apple, where a layer joins the render tree at its first commit
    ///   (docs/semantics.md#live-trees). Events (`isEvent`: `onOrderIn`, `onOrderOut`) run.
    func willChangeModel(_ key: String, isEvent: Bool = false) -> PendingChange? {
        particlesWillChange()
        TransactionContext.openImplicitIfNone()
        guard isLive else { return nil }
        let context = TransactionContext.current
        context.changedSinceFlush = true
        recordStateBeforeTransaction(context)
        guard !context.settings.disableActions, isEvent || isCommittedLive else { return nil }
        let before = isAnimated ? presentedState(atMediaTime: CACurrentMediaTime()) : layerState
        return PendingChange(key: key, before: before)
    }

    /// Changes the model state: the one place model values are written (the presentation
    /// cache then starts again from them).
    @inline(__always)
    func modifyModel(_ body: (inout LayerState) -> Void) {
        body(&layerState)
        modelStamp &+= 1
        animations.modelDidChange()
    }

    /// Whether the layer has animations.
    @inline(__always)
    var isAnimated: Bool { animations.isAnimated }

    /// Side effects of a change of `p` (its entry's `effects`): autoresizing, layout and
    /// display invalidation (also of drawn contents in the subtree when it flips).
    func didChangeModel(_ p: LayerProperty, _ before: ChangeWitness) {
        if p.effects.contains(.boundsSize) {
            let oldSize = before.boundsSize, newSize = layerState.bounds.size
            if oldSize != newSize {
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
                layoutManager?.invalidateLayout(of: self)
                setNeedsLayout()
                superlayerStorage?.setNeedsLayout()
                resizeSublayers(withOldSize: oldSize)
            }
        }
        if p.effects.contains(.paintOrder) { superlayerStorage?.paintOrderIsCurrent = false }
        if p.effects.contains(.contentsFlip) && before.isGeometryFlipped != layerState.isGeometryFlipped {
            redrawContentsIfFlipChanged()
        }
        if CALayer.redraws(type(of: self), p, key: p.key) { setNeedsDisplay() }
    }

    /// Whether layers of `layerClass` redraw when `key` (whose entry is `p`, if any) changes:
    /// `needsDisplay(forKey:)`. `CALayer` and `CAShapeLayer` themselves answer with the entry's
    /// `.display` effect, which is read here without looking the key up again (a lookup at
    /// every change of a shape layer's properties); any other class, a subclass of theirs
    /// included, is asked, since it may override the method.
    static func redraws(_ layerClass: CALayer.Type, _ p: LayerProperty?, key: String) -> Bool {
        if layerClass == CALayer.self || layerClass == CAShapeLayer.self {
            return p?.effects.contains(.display) ?? false
        }
        return layerClass.needsDisplay(forKey: key)
    }

    /// The `onOrderIn`/`onOrderOut` action after a change of `hidden` (its entry's `.ordering`).
    func runOrderingAction(_ p: LayerProperty, _ before: ChangeWitness) {
        guard p.effects.contains(.ordering), before.isHidden != layerState.isHidden else { return }
        runEventAction(layerState.isHidden ? kCAOnOrderOut : kCAOnOrderIn)
    }

    /// Runs the action for a change, if the layer is live and actions are enabled.
    ///
    /// - Inlined, so that the usual case (no change: the layer is not live, or actions are
    ///   disabled) tests the optional in place: passing it, a layer state wide, copied it at
    ///   each call (1.8 % of validating 10 000 layers, 740 instructions per layer).
    @inline(__always)
    func runAction(forChange change: PendingChange?) {
        guard change != nil else { return }
        runAction(forPendingChange: change.unsafelyUnwrapped)
    }

    /// Runs the action for `change`.
    private func runAction(forPendingChange change: PendingChange) {
        guard let action = action(forKey: change.key) else { return }
        pendingChanges.append(change)
        action.run(forKey: change.key, object: self, arguments: nil)
        pendingChanges.removeLast()
    }

    /// Runs the action for an event that is not a property change (`onOrderIn`, `transition`,
    /// `sublayers`).
    func runEventAction(_ key: String) {
        guard let change = willChangeModel(key, isEvent: true) else { return }
        runAction(forChange: change)
    }

    // MARK: States before the transaction (for transitions)

    /// Remembers the layer as it was before its first change in this transaction.
    func recordStateBeforeTransaction(_ context: TransactionContext) {
        let id = ObjectIdentifier(self)
        guard context.statesBefore[id] == nil else { return }
        context.statesBefore[id] = (self, snapshot(deep: false), layerState)
    }

    /// A snapshot of the layer as presented now; `deep` includes the sublayers' snapshots.
    func snapshot(deep: Bool, context: TransactionContext? = nil) -> LayerSnapshot {
        var visited = Set<ObjectIdentifier>()
        return snapshot(deep: deep, context: context, visited: &visited)
    }

    private func snapshot(deep: Bool, context: TransactionContext?, visited: inout Set<ObjectIdentifier>)
        -> LayerSnapshot
    {
        let state = presentedState(atMediaTime: CACurrentMediaTime())
        let subs: [LayerSnapshot] = deep ? sublayerStorage.compactMap { $0.snapshotBefore(context, &visited) } : []
        let mask = deep ? maskStorage.flatMap { $0.snapshotBefore(context, &visited) } : nil
        // Only the shallow snapshot recorded while a transaction is open keeps the layers
        // themselves; a deep one holding them could hold the very layer whose transition keeps
        // it (a cycle that freed the layer in the middle of removing its finished animation).
        return LayerSnapshot(
            state: state, sublayers: subs, mask: mask, preserves3D: keepsSublayersIn3D,
            sublayerRefs: deep ? [] : sublayerStorage, maskRef: deep ? nil : maskStorage)
    }

    /// The layer's subtree as it was before the current transaction changed it.
    func snapshotBeforeTransaction() -> LayerSnapshot {
        var visited = Set<ObjectIdentifier>()
        return snapshotBefore(TransactionContext.current, &visited) ?? snapshot(deep: false)
    }

    /// The layer's subtree before the transaction, or nil when the layer is already in the
    /// snapshot: the recorded sublayers of layers that changed, and the current ones of layers
    /// that did not (layers outside a live tree are not recorded), can lead back to a layer
    /// that is already there — a cycle, or a layer twice (#14).
    private func snapshotBefore(_ context: TransactionContext?, _ visited: inout Set<ObjectIdentifier>)
        -> LayerSnapshot?
    {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return nil }
        guard let recorded = context?.statesBefore[ObjectIdentifier(self)]?.snapshot else {
            return snapshot(deep: true, context: context, visited: &visited)
        }
        return LayerSnapshot(
            state: recorded.state,
            sublayers: recorded.sublayerRefs.compactMap { $0.snapshotBefore(context, &visited) },
            mask: recorded.maskRef.flatMap { $0.snapshotBefore(context, &visited) },
            preserves3D: recorded.preserves3D, sublayerRefs: [], maskRef: nil)
    }
}

extension CALayer {
    /// Sets a property held in the model state through the change pipeline: transaction
    /// bookkeeping, side effects (layout, display, autoresizing, paint order) and the action for
    /// the property's key.
    @inline(__always)
    func setModel<V>(_ p: StateProperty<V>, _ value: V) { changeModel(p) { p.write(&$0, value) } }

    /// Sets `field` of the model state to `value` as a change of property `p` (for the
    /// presented settings that keep a state field: `filters`, `compositingFilter`).
    func setModel<V>(_ p: LayerProperty, _ field: WritableKeyPath<LayerState, V>, _ value: V) {
        changeModel(p) { $0[keyPath: field] = value }
    }

    /// Writes the model state with `write` as a change of property `p`.
    @inline(__always)
    private func changeModel(_ p: LayerProperty, _ write: (inout LayerState) -> Void) {
        if isPresentationCopy {
            write(&layerState)
            return
        }
        explicitProperties.insert(p)
        let change = willChangeModel(p.key)
        let before = ChangeWitness(p, layerState)
        modifyModel(write)
        didChangeModel(p, before)
        runAction(forChange: change)
        runOrderingAction(p, before)
    }

    /// Sets a property a layer class keeps among its stored values, through the change pipeline.
    func setStored<V>(_ p: StoredProperty<V>, _ value: V) {
        if isPresentationCopy {
            layerState.custom[p.storedKey] = value.storedValue
            return
        }
        explicitProperties.insert(p)
        let change = willChangeModel(p.key)
        let before = ChangeWitness(p, layerState)
        modifyModel { $0.custom[p.storedKey] = value.storedValue }
        didChangeModel(p, before)
        runAction(forChange: change)
    }

    /// The value of a property a layer class keeps among its stored values.
    subscript<V>(stored p: StoredProperty<V>) -> V {
        get { p.read(layerState) }
        set { setStored(p, newValue) }
    }
}
