/// A layer's animations and the machinery that evaluates them every frame, behind one owner
/// (docs/architecture.md, "The presentation cache").
///
/// Invariants, each kept here and nowhere else:
/// - `steps` is `entries` compiled: every change of `entries` goes through a mutating method
///   of this type, which updates at once what is read between frames (`isAnimated`,
///   `redrawsContents`, `changesPaintOrder`, `changesOnlyPlacement`, `nextEvent`), empties
///   `steps`, and leaves `steps` and the block to be rebuilt by the next evaluation
///   (`needsRebuild`): adding n animations to a layer rebuilds once, not n times, and a layer
///   never evaluated is never rebuilt. A general step holds its entry unretained; `entries`
///   keeps it alive for as long as the step exists.
/// - The block holds room for every fast step, so evaluation never allocates.
/// - The presented state in the block was reset from the current model values and steps
///   while `isCurrent` is true; a rebuild, or a model change (`modelDidChange()`), clears it.
///   While it is true, a frame resets only what the animations write (the fields of the fast
///   animations, the transform components they wrote, and the targets the general steps
///   resolved when they were compiled), instead of copying the whole model state.
/// - An animation that changes nothing (`CompiledAnimation.inert`) has no step.
/// - Asking twice for the same local time evaluates once (`cacheTime`).
import Foundation

/// One step of the stack, in the order the animations were added.
enum AnimationStep {
    /// An index into the block's fast animations.
    case fast(Int)
    /// A general evaluator; the entry is kept alive by `AnimationStack.entries`.
    case general(Unmanaged<AnimationEntry>)
}

/// The animations of one layer and their presentation cache.
struct AnimationStack: ~Copyable {
    // What a frame reads first (laid out in declaration order, within the layer's first lines).
    /// Whether there are animations (read every frame without touching `entries`).
    private(set) var isAnimated = false
    /// Whether `steps`, the block and what is derived from them must be rebuilt from
    /// `entries` before the next evaluation.
    private var needsRebuild = false
    /// Whether every step is fast.
    private var isFast = true
    /// Puts back what the general steps write.
    private var generalResets: [StateReset] = []
    /// Whether the presented state was reset from the current model values and steps.
    private var isCurrent = false
    /// Whether a fast animation writes a component of `transform`.
    private var writesTransform = false
    /// The local time from which every animation writes its target at every frame, with a
    /// value that does not depend on what the target held (all fast, from and to values
    /// given, not additive, not of `sublayerTransform`): from then on a frame need not put the
    /// targets back to their model values first, since every one is written over (+infinity:
    /// never).
    private var overwritesTargetsFrom = CFTimeInterval.infinity
    /// Whether an animation changes a key the layer's class redraws its contents for.
    private(set) var redrawsContents = false
    /// Whether an animation may change the layer's `zPosition` (its superlayer then sorts its
    /// sublayers by presented values every frame).
    private(set) var changesPaintOrder = false
    /// Whether every animation is fast and changes only the layer's placement and opacity
    /// (`position`, `zPosition`, `opacity`, components of `transform`): its other presented
    /// values are then its model values (flattening's memo relies on it). True without
    /// animations, as `allSatisfy` of none.
    private(set) var changesOnlyPlacement = true
    private var block = PresentationBlock()
    /// The local time the presented state shows (NaN: none).
    private var cacheTime = CFTimeInterval.nan
    /// The local time the presentation cache holds (NaN when it holds none), for tests.
    var evaluatedTime: CFTimeInterval { isCurrent ? cacheTime : .nan }
    /// The layer's local time of the next start or end among its animations (ticks before it
    /// have nothing to do; -infinity: check at the next tick).
    var nextEvent = -CFTimeInterval.infinity
    /// The animations, in the order they were added.
    private(set) var entries: [AnimationEntry] = []
    private var steps: [AnimationStep] = []

    init() {}

    /// How many of the animations are fast.
    var fastCount: Int {
        entries.count { if case .fast = $0.compiled { true } else { false } }
    }

    /// How many steps a frame runs (fast and general; animations that change nothing have
    /// none).
    var stepCount: Int {
        entries.count { if case .inert = $0.compiled { false } else { true } }
    }

    // MARK: Changing the animations

    /// Adds an animation at the end.
    mutating func append(_ entry: AnimationEntry) {
        entries.append(entry)
        redrawsContents = redrawsContents || entry.redrawsContents
        changesPaintOrder = changesPaintOrder || entry.changesPaintOrder
        changesOnlyPlacement = changesOnlyPlacement && Self.changesOnlyPlacement(entry)
        invalidate()
    }

    /// Removes the animation with `key`, if any.
    mutating func remove(key: String) -> AnimationEntry? {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: i)
        entriesWereRemoved()
        return entry
    }

    /// Removes every animation (or those `shouldRemove` picks) and returns them.
    mutating func removeAll(where shouldRemove: (AnimationEntry) -> Bool = { _ in true }) -> [AnimationEntry] {
        let removed = entries.filter(shouldRemove)
        guard !removed.isEmpty else { return [] }
        entries.removeAll(where: shouldRemove)
        entriesWereRemoved()
        return removed
    }

    /// Removes `entry`; returns whether it was there.
    mutating func remove(_ entry: AnimationEntry) -> Bool {
        guard let i = entries.firstIndex(where: { $0 === entry }) else { return false }
        entries.remove(at: i)
        entriesWereRemoved()
        return true
    }

    /// Removes the animations that completed and are removed on completion.
    mutating func removeFinished() {
        entries.removeAll { $0.completed && $0.animation.isRemovedOnCompletion }
        entriesWereRemoved()
    }

    /// An entry's compiled animation changed (its begin time): the block copies it again.
    mutating func entriesDidChange() {
        invalidate()
    }

    /// Animations were removed: what is read between frames is worked out again from those
    /// left, and an empty stack lets go of its block (and of the images its state holds) now.
    private mutating func entriesWereRemoved() {
        redrawsContents = entries.contains { $0.redrawsContents }
        changesPaintOrder = entries.contains { $0.changesPaintOrder }
        changesOnlyPlacement = entries.allSatisfy(Self.changesOnlyPlacement)
        if entries.isEmpty {
            block = PresentationBlock()
            generalResets = []
        }
        invalidate()
    }

    /// The entries changed: the steps and the block are rebuilt at the next evaluation; until
    /// then no step is kept (a general step's entry may be gone).
    private mutating func invalidate() {
        steps.removeAll(keepingCapacity: true)
        isAnimated = !entries.isEmpty
        needsRebuild = isAnimated
        isCurrent = false
        cacheTime = .nan
        nextEvent = -.infinity
    }

    /// Whether `entry` changes nothing but placement and opacity, on the fast path, or
    /// nothing at all (`changesOnlyPlacement`).
    private static func changesOnlyPlacement(_ entry: AnimationEntry) -> Bool {
        switch entry.compiled {
        case .fast(let op, _): return op.target.isPlacement
        case .general: return false
        case .inert: return true
        }
    }

    /// The model values changed: the next evaluation starts again from them.
    @inline(__always)
    mutating func modelDidChange() {
        isCurrent = false
    }

    /// Compiles `entries` into `steps`, storing the fast animations in the block (made or grown
    /// here, at the first evaluation after a change; the evaluations after it never allocate).
    private mutating func rebuild() {
        needsRebuild = false
        steps.removeAll(keepingCapacity: true)
        var fast: [FastAnimation] = [], curves: [BezierCurve?] = []
        var resets: [StateReset] = []
        for entry in entries {
            switch entry.compiled {
            case .fast(let op, let curve):
                steps.append(.fast(fast.count))
                fast.append(op)
                curves.append(curve)
            case .general(let evaluator):
                steps.append(.general(Unmanaged.passUnretained(entry)))
                evaluator.appendResets(to: &resets)
            case .inert:
                break
            }
        }
        generalResets = resets
        if !block.isAllocated || block.capacity < fast.count {
            block = PresentationBlock(capacity: fast.count, state: LayerState())
        }
        block.setFast(fast, curves: curves)
        isFast = fast.count == steps.count
        writesTransform = fast.contains { if case .transform(_, false) = $0.target { true } else { false } }
        overwritesTargetsFrom = isFast ? Self.overwritesTargetsFrom(fast) : .infinity
    }

    // MARK: Evaluating

    /// Evaluates the animations at local time `t` over the model values at `model` and returns
    /// the presented state (valid until the animations change, the stack is evaluated at
    /// another time, or it goes away). There must be animations.
    ///
    /// - The model is passed by address: it is read only when the cache must start again from
    ///   it (copying it for every call would cost more than the evaluation).
    mutating func evaluate(model: UnsafePointer<LayerState>, at t: CFTimeInterval) -> UnsafeMutablePointer<
        PresentedState
    > {
        if needsRebuild { rebuild() }
        let cache = block.state
        if isCurrent {
            if t == cacheTime { return cache }
            if t >= overwritesTargetsFrom && t < .infinity {
                // Every target is written over below; the transform's parts still hold the
                // model's apart from the components written (as resetting would leave them).
                if writesTransform { cache.pointee.transformSource = .parts }
            } else {
                Self.resetFastTargets(block.fast, cache, model: model)
                if !isFast {
                    for reset in generalResets { reset(&cache.pointee, model) }
                }
            }
        } else {
            cache.pointee.reset(to: model.pointee)
            Self.keepModelValues(block.fast, cache)
            isCurrent = true
        }
        let fast = block.fast, curves = block.curves
        if isFast && fast.count <= Self.sampledAhead {
            Self.applySampledAhead(fast, curves, cache, at: t)
        } else if isFast {
            for i in fast.indices { fast[i].apply(cache, at: t, curve: curves + i) }
        } else {
            for step in steps {
                switch step {
                case .fast(let i): fast[i].apply(cache, at: t, curve: curves + i)
                case .general(let e): e._withUnsafeGuaranteedRef { $0.evaluator?.apply(to: &cache.pointee, at: t) }
                }
            }
        }
        if cache.pointee.transformSource == .staleWithModelParts {
            // No animation wrote the transform this time: show the model's again.
            cache.pointee.state.transform = model.pointee.transform
            cache.pointee.transformSource = .modelWithParts
        }
        cache.pointee.finish()
        cache.pointee.evaluation &+= 1
        cacheTime = t
        return cache
    }

    /// The most fast animations whose timing `applySampledAhead` samples before it applies them.
    private static let sampledAhead = 8

    /// Applies the fast animations `ops` (at most `sampledAhead`) at local time `t`: first every
    /// one's timing sample, then every one's value. The same numbers as applying each in turn
    /// (each sample depends on its animation and `t` alone), in less time: the samples' chains
    /// of divisions and roundings are independent, and written one after another the
    /// processor runs them side by side, where each value written between them held it back
    /// (a snowflake's four animations: evaluating 10 000 snowflakes on one thread went from 3.79
    /// to 3.33 ms, medians of five alternating rounds, with 130 more instructions a snowflake).
    @inline(__always)
    private static func applySampledAhead(
        _ ops: UnsafeMutableBufferPointer<FastAnimation>, _ curves: UnsafeMutablePointer<BezierCurve>,
        _ s: UnsafeMutablePointer<PresentedState>, at t: CFTimeInterval
    ) {
        withUnsafeTemporaryAllocation(of: (raw: Double, iteration: Double).self, capacity: sampledAhead) { samples in
            var sampled: UInt8 = 0
            for i in ops.indices {
                guard let sample = ops[i].timing.uneasedSample(parentTime: t) else { continue }
                samples[i] = sample
                sampled |= 1 << UInt8(truncatingIfNeeded: i)
            }
            for i in ops.indices where sampled & (1 << UInt8(truncatingIfNeeded: i)) != 0 {
                FastAnimation.apply(&ops[i], s, raw: samples[i].raw, iteration: samples[i].iteration, curve: curves + i)
            }
        }
    }

    /// Resets the fields the fast animations write to their model values (the general steps
    /// put back what they write; the rest of the state already holds them). Numbers
    /// come from the animations' `modelValue`, not from the model; transform components are
    /// put back into the parts (which stay the model's), and the matrix is composed again from
    /// them, or put back after the animations ran if none of them wrote it; only
    /// `sublayerTransform`, which is not kept in parts between frames, is copied from the model.
    ///
    /// - Static, as `keepModelValues`: a method would copy the stack to borrow it.
    private static func resetFastTargets(
        _ ops: UnsafeMutableBufferPointer<FastAnimation>, _ s: UnsafeMutablePointer<PresentedState>,
        model: UnsafePointer<LayerState>
    ) {
        for i in ops.indices {
            switch ops[i].target {
            case .slot: ops[i].target.write(ops[i].modelValue, s)
            case .transform(let c, let sublayer):
                if sublayer {
                    s.pointee.state.sublayerTransform = model.pointee.sublayerTransform
                } else {
                    if c.setsSeveralScales {
                        s.pointee.transformParts.scale = s.pointee.modelParts.scale
                    } else {
                        s.pointee.transformParts.setComponent(c, ops[i].modelValue.x)
                    }
                    if s.pointee.transformSource != .modelWithParts { s.pointee.transformSource = .staleWithModelParts }
                }
            }
        }
    }

    /// The local time from which the fast animations `ops` write over every target they have
    /// at every frame, whatever it held (`overwritesTargetsFrom`), or +infinity.
    private static func overwritesTargetsFrom(_ ops: [FastAnimation]) -> CFTimeInterval {
        var from = -CFTimeInterval.infinity
        for op in ops {
            if case .transform(_, true) = op.target { return .infinity }
            guard op.basic.ends.kind == .fixed, !op.basic.options.contains(.additive),
                let start = op.timing.alwaysSamplesFrom
            else { return .infinity }
            from = max(from, start)
        }
        return from
    }

    /// Records the model values of the fast animations' targets (`s` was just reset to the
    /// model), keeping the model transform's parts when an animation writes a component.
    private static func keepModelValues(
        _ ops: UnsafeMutableBufferPointer<FastAnimation>, _ s: UnsafeMutablePointer<PresentedState>
    ) {
        for i in ops.indices {
            if case .transform(let c, let sublayer) = ops[i].target {
                guard !sublayer else { continue }
                s.pointee.activateParts(sublayer: false)
                s.pointee.modelParts = s.pointee.transformParts
                ops[i].modelValue.x = s.pointee.transformParts.component(c)
                s.pointee.transformSource = .modelWithParts
            } else {
                ops[i].modelValue = ops[i].target.read(s)
            }
        }
    }

    // MARK: Prefetching

    /// Starts loading what evaluation touches of the block (see `PresentationBlock.prefetch`).
    @inline(__always)
    func prefetch(wholeState: Bool = false) { block.prefetch(wholeState: wholeState) }

    /// Starts loading the lines of the presented state that hold the layer's placement and
    /// visibility (a memoized layer's flattening reads nothing else of it).
    @inline(__always)
    func prefetchPlacement() { block.prefetchPlacement() }

    /// Starts loading the reference box of the presented state.
    @inline(__always)
    func prefetchReferences() { block.prefetchReferences() }
}
