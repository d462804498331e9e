/// The per-thread machinery behind `CATransaction`: the stack of open transactions, what the
/// outermost commit must process (layout, display, new animations, "before" states for
/// transitions), and the animation ticks and callbacks of `flush()`.
import Foundation

/// One open transaction and its settings (nil: inherited from the enclosing transaction).
final class TransactionFrame {
    let isImplicit: Bool
    var duration: CFTimeInterval?
    var timingFunction: CAMediaTimingFunction??
    var disableActions: Bool?
    var completion: CompletionGroup?
    var values: [String: Any] = [:]

    init(implicit: Bool) { isImplicit = implicit }

    func addCompletionBlock(_ block: (() -> Void)?) {
        guard let block else { return }
        let group = completion ?? CompletionGroup()
        completion = group
        group.blocks.append(block)
    }
}

/// Completion blocks of one transaction and the animations they wait for.
final class CompletionGroup {
    var blocks: [() -> Void] = []
    /// Animations added after the block was set that have not finished or been removed.
    var pending = 0
    /// Set when the transaction commits; the blocks may run from then on.
    var sealed = false
    var fired = false
}

/// Transaction settings in effect (innermost set value wins).
struct TransactionSettings {
    var duration: CFTimeInterval = 0.25
    var timingFunction: CAMediaTimingFunction?
    var disableActions = false
    var completionBlock: (() -> Void)?
}

/// The transaction state of one thread.
final class TransactionContext {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<TransactionContext>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// This thread's context.
    @inline(__always)
    static var current: TransactionContext {
        if let p = pthread_getspecific(key) {
            return Unmanaged<TransactionContext>.fromOpaque(p).takeUnretainedValue()
        }
        let c = TransactionContext()
        pthread_setspecific(key, Unmanaged.passRetained(c).toOpaque())
        return c
    }

    /// A thread's context goes when its thread ends; the layers it ticked forget it.
    deinit {
        for (_, ref) in animatedLayers { ref._withUnsafeGuaranteedRef { $0.animationRegistry = nil } }
    }

    @exclusivity(unchecked) var frames: [TransactionFrame] = []
    /// Animations added since the last outermost commit (the layers are held until then).
    @exclusivity(unchecked) var addedSinceCommit: [(CALayer, AnimationEntry)] = []
    /// Layers inserted into a tree, or roots given to a host, since the last outermost commit:
    /// the commit marks the subtrees of those that are then live as committed, and only
    /// committed layers run actions for property changes (docs/semantics.md#live-trees).
    @exclusivity(unchecked) var joinedSinceCommit: [CALayer] = []
    /// Layers' states before their first change in the current transaction (for transitions).
    ///
    /// - These lists hold their layers strongly until the commit empties them: weak references
    ///   would give every layer a side table and make each retain of it slower.
    @exclusivity(unchecked) var statesBefore:
        [ObjectIdentifier: (layer: CALayer, snapshot: LayerSnapshot, committed: LayerState)] = [:]

    /// The model values `layer` had when the current transaction first changed it (what the
    /// presentation shows until the transaction commits), or nil when it did not change it.
    func committedModel(of layer: CALayer) -> LayerState? {
        statesBefore[ObjectIdentifier(layer)]?.committed
    }
    /// Layers that have animations (ticked by `flush()`); not retained: a layer removes itself
    /// when it goes away.
    @exclusivity(unchecked) var animatedLayers: [ObjectIdentifier: Unmanaged<CALayer>] = [:]
    /// The media time of the earliest start or end among the animated layers' animations:
    /// ticks before it have nothing to do, and skip the layers (-infinity: tick them all; set
    /// by `animationTimesChanged()`).
    @exclusivity(unchecked) var nextTickTime = -CFTimeInterval.infinity
    /// Calls of `unregister(_:)` so far (`tick(at:)` notices layers freed while it runs).
    @exclusivity(unchecked) var unregistrations = 0
    @exclusivity(unchecked) var layoutRequests: [CALayer] = []
    @exclusivity(unchecked) var displayRequests: [CALayer] = []
    /// Completion groups not yet fired.
    @exclusivity(unchecked) var groups: [CompletionGroup] = []
    /// Delegate callbacks waiting for the next `flush()`.
    @exclusivity(unchecked) var pendingStops: [(CAAnimation, Bool)] = []
    @exclusivity(unchecked) var pendingStarts: [CAAnimation] = []
    /// Whether a live layer changed since the last `flush()` (the host must draw a frame).
    var changedSinceFlush = false
    /// Whether this thread's run loop has the observer that commits at the end of a turn
    /// (`RunLoopCommit.swift`).
    var observesRunLoop = false
    /// Whether a turn of this thread's run loop is scheduled (a block is pending).
    var runLoopTurnScheduled = false
    /// Whether the end of a run-loop turn is committing now.
    var isEndingRunLoopTurn = false
    /// The timer that wakes the run loop at the next animation event, if armed.
    var wakeUpTimer: Timer?

    // MARK: Settings

    var settings: TransactionSettings {
        var s = TransactionSettings()
        var haveDuration = false, haveFunction = false, haveDisable = false, haveBlock = false
        for f in frames.reversed() {
            if !haveDuration, let d = f.duration { s.duration = d; haveDuration = true }
            if !haveFunction, let tf = f.timingFunction { s.timingFunction = tf; haveFunction = true }
            if !haveDisable, let d = f.disableActions { s.disableActions = d; haveDisable = true }
            if !haveBlock, let g = f.completion, let b = g.blocks.last { s.completionBlock = b; haveBlock = true }
        }
        return s
    }

    func customValue(forKey key: String) -> Any? {
        for f in frames.reversed() { if let v = f.values[key] { return v } }
        return nil
    }

    /// The innermost frame, beginning an implicit transaction when none is open.
    @discardableResult
    func ensureFrame() -> TransactionFrame {
        openImplicitIfNone()
        return frames[frames.count - 1]
    }

    /// Begins an implicit transaction when none is open.
    @inline(__always)
    func openImplicitIfNone() {
        if frames.isEmpty { begin(implicit: true) }
    }

    /// The current context's `openImplicitIfNone()`, without a retain and release of the
    /// context (at every model change of every layer).
    @inline(__always)
    static func openImplicitIfNone() {
        guard let p = pthread_getspecific(key) else { return current.openImplicitIfNone() }
        Unmanaged<TransactionContext>.fromOpaque(p)._withUnsafeGuaranteedRef { $0.openImplicitIfNone() }
    }

    // MARK: Begin and commit

    func begin(implicit: Bool) {
        frames.append(TransactionFrame(implicit: implicit))
        scheduleRunLoopCommit()
    }

    func commit() {
        guard let frame = frames.popLast() else { return }
        if let g = frame.completion {
            g.sealed = true
            groups.append(g)
        }
        guard frames.isEmpty else { return }
        commitOutermost()
        // Completion blocks run at the next turn (the turn that began the transaction may
        // have passed while it was open).
        if !groups.isEmpty && !isEndingRunLoopTurn { scheduleRunLoopCommit() }
    }

    /// Commits the implicit transaction (when it is the only one open), then ticks animations
    /// to the current media time and delivers callbacks.
    func flush() {
        changedSinceFlush = false
        if frames.count == 1 && frames[0].isImplicit {
            commit()
        } else if frames.isEmpty {
            commitOutermost()
        }
        tickCommittingCallbackWork(at: CACurrentMediaTime())
    }

    /// Ticks at `now` and delivers callbacks; the implicit transaction that callbacks open
    /// (`animationDidStop`, completion blocks that add animations or change layers) then
    /// commits at once, before the frame is drawn, so the work they start begins at `now`, the
    /// time of the callback, not at the next frame's (a chain of animations driven from
    /// `animationDidStop` does not drift by a frame a link). Its own callbacks (the new
    /// animations' `animationDidStart`, its completion blocks) come at the next tick, as
    /// callbacks of any commit do.
    func tickCommittingCallbackWork(at now: CFTimeInterval) {
        tick(at: now)
        if frames.count == 1 && frames[0].isImplicit { commit() }
    }

    /// The outermost commit: layout, display, then start the animations added inside.
    private func commitOutermost() {
        for _ in 0..<8 {
            let layouts = layoutRequests, displays = displayRequests
            if layouts.isEmpty && displays.isEmpty { break }
            layoutRequests.removeAll()
            displayRequests.removeAll()
            var seen = Set<ObjectIdentifier>()
            for layer in layouts {
                let root = layer.rootOfTree
                guard seen.insert(ObjectIdentifier(root)).inserted else { continue }
                root.layoutIfNeeded()
            }
            for layer in displays { layer.displayIfNeeded() }
        }
        let joined = joinedSinceCommit
        joinedSinceCommit.removeAll()
        for layer in joined where layer.isLive { layer.markSubtreeCommittedLive() }
        let added = addedSinceCommit
        addedSinceCommit.removeAll()
        for (layer, entry) in added { layer.commitAnimation(entry) }
        statesBefore.removeAll()
    }

    // MARK: Ticks and callbacks

    /// Starts, finishes and removes animations at media time `now`; delivers callbacks.
    func tick(at now: CFTimeInterval) {
        if now >= nextTickTime {
            var emptied: [ObjectIdentifier] = []
            var next = CFTimeInterval.infinity
            // A layer's tick may free another animated layer (the last reference to it was
            // an animation's or a removed subtree's): it unregisters itself, and the loop,
            // which walks the dictionary as it was, must then look each layer up again.
            let unregistrationsBefore = unregistrations
            for (id, listed) in animatedLayers {
                var ref = listed
                if unregistrations != unregistrationsBefore {
                    guard let live = animatedLayers[id] else { continue }
                    ref = live
                }
                ref._withUnsafeGuaranteedRef { layer in
                    layer.tickAnimations(mediaTime: now, context: self)
                    if !layer.isAnimated {
                        emptied.append(id)
                    } else {
                        next = min(next, layer.mediaTimeOfNextAnimationEvent)
                    }
                }
            }
            for id in emptied {
                animatedLayers[id]?._withUnsafeGuaranteedRef { $0.animationRegistry = nil }
                animatedLayers[id] = nil
            }
            nextTickTime = next
        }
        let starts = pendingStarts, stops = pendingStops
        pendingStarts.removeAll()
        pendingStops.removeAll()
        for a in starts { a.delegate?.animationDidStart(a) }
        for (a, finished) in stops { a.delegate?.animationDidStop(a, finished: finished) }
        let ready = groups.filter { $0.sealed && $0.pending <= 0 && !$0.fired && frames.isEmpty }
        groups.removeAll { $0.fired || ($0.sealed && $0.pending <= 0 && frames.isEmpty) }
        for g in ready {
            g.fired = true
            for block in g.blocks { block() }
        }
    }

    /// Registers an animation added in the current transaction with every open completion group.
    func noteAdded(_ entry: AnimationEntry, to layer: CALayer) {
        addedSinceCommit.append((layer, entry))
        if layer.animationRegistry !== self {
            layer.animationRegistry?.unregister(layer)
            layer.animationRegistry = self
            animatedLayers[ObjectIdentifier(layer)] = Unmanaged.passUnretained(layer)
        }
        for f in frames {
            guard let g = f.completion, !g.fired else { continue }
            g.pending += 1
            entry.groups.append(g)
        }
    }

    /// Whether the next frame may differ from the last: running animations, live changes,
    /// pending layout, display, transactions or callbacks.
    var hasPendingWork: Bool {
        if changedSinceFlush || !layoutRequests.isEmpty || !displayRequests.isEmpty || !addedSinceCommit.isEmpty {
            return true
        }
        if !pendingStops.isEmpty || !pendingStarts.isEmpty || groups.contains(where: { $0.sealed && !$0.fired }) {
            return true
        }
        if frames.contains(where: { !$0.isImplicit }) { return false }
        for (_, ref) in animatedLayers {
            let running = ref._withUnsafeGuaranteedRef { layer in layer.animations.entries.contains { !$0.completed } }
            if running { return true }
        }
        return false
    }

    /// Something moved an animation event earlier in media time (animations added, removed or
    /// committed; a layer's timing or place in the tree changed): the next tick visits every
    /// animated layer.
    @inline(__always)
    func animationTimesChanged() {
        nextTickTime = -.infinity
    }

    /// Forgets a layer (it is going away or has no animations left).
    func unregister(_ layer: CALayer) {
        unregistrations &+= 1
        animatedLayers[ObjectIdentifier(layer)] = nil
    }

    /// Called when an animation finishes its active duration or is removed.
    func noteCompleted(_ entry: AnimationEntry, finished: Bool) {
        guard !entry.completed else { return }
        entry.completed = true
        for g in entry.groups { g.pending -= 1 }
        entry.groups.removeAll()
        if entry.animation.delegate != nil { pendingStops.append((entry.animation, finished)) }
    }
}
