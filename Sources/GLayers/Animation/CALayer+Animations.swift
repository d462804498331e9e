/// Explicit animations on a layer (docs/semantics.md#explicit-animations): adding (a copy, compiled once), looking up,
/// removing, and their life cycle at commits and ticks.
import Foundation

/// An animation attached to a layer: the layer's private copy and its compiled form.
final class AnimationEntry {
    let key: String?
    let animation: CAAnimation
    /// The compiled animation, with the animation's timing (its begin time is set through
    /// `AnimationStack.setBeginTime`).
    fileprivate(set) var compiled: CompiledAnimation
    /// The evaluator of a general animation, the one `compiled` holds (whose timing changes in
    /// the object, never the reference): a constant, so that each frame's evaluation borrows it,
    /// where reading it from `compiled` retained and released it. (Not owned, it was retained
    /// at every read; owned, it costs a load of `big.json` 0.3 % more instructions, its
    /// retain when made and release when freed.)
    let evaluator: (any AnimationEvaluator)?
    /// Whether the transaction that added it has committed (its begin time is fixed).
    var committed = false
    var started = false
    /// Whether its active duration ended or it was removed (completion blocks no longer wait).
    var completed = false
    var groups: [CompletionGroup] = []
    /// Whether the animation changes a key the layer's class redraws for (custom properties
    /// with `needsDisplay(forKey:)`).
    let redrawsContents: Bool
    /// Whether the animation changes a key that orders the layer among its siblings
    /// (`zPosition`).
    let changesPaintOrder: Bool
    /// Whether a superlayer holds it (added there as `sublayers.NAME.KEY`): the layer's own
    /// `removeAllAnimations()` leaves it.
    var isSublayerAnimation = false

    init(key: String?, animation: CAAnimation, compiled: CompiledAnimation, on layerClass: CALayer.Type) {
        self.key = key
        self.animation = animation
        self.compiled = compiled
        if case .general(let e) = compiled { evaluator = e } else { evaluator = nil }
        let table = layerClass.properties
        var redraws = false, reorders = false
        CALayer.forEachRootKey(of: animation) { key in
            let p = table[key]
            redraws = redraws || CALayer.redraws(layerClass, p, key: key)
            reorders = reorders || (p?.effects.contains(.paintOrder) ?? false)
        }
        (redrawsContents, changesPaintOrder) = (redraws, reorders)
    }

    /// The animation's timing.
    var timing: AnimationTiming { compiled.timing }
}

extension AnimationStack {
    /// Sets the begin time of an animation of this stack (where its timing is kept: the
    /// entry's compiled animation, which the block copies).
    mutating func setBeginTime(_ t: CFTimeInterval, of entry: AnimationEntry) {
        entry.compiled.timing.beginTime = t
        entriesDidChange()
    }
}

extension CALayer {
    /// The default of `add(_:forKey:)`: compiles a copy of `anim` and adds it under `key`.
    func addDefault(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy(with: nil) as? CAAnimation else { return }
        addUncopied(copy, forKey: key)
    }

    /// `add(_:forKey:)` for an animation its caller made for this layer alone and never reads,
    /// changes or adds again (glayers' Lottie builder): the animation itself is added, not a
    /// copy. Core Animation's copy protects a caller that changes or reuses its animation after
    /// adding it; a builder that does neither paid for a copy (its settings, a dozen retains, an
    /// object made and one freed) for each of the ten thousand animations a large file adds.
    /// The layer's `add(_:forKey:)`, which a subclass may override, is not called.
    package func addUncopied(_ anim: CAAnimation, forKey key: String?) {
        if isPresentationCopy {
            Diagnostics.warn("add(_:forKey:) on a presentation layer is ignored; add animations to the model layer")
            return
        }
        let key = key ?? (anim is CATransition ? kCATransition : nil)
        if let p = anim as? CAPropertyAnimation, p.keyPath == nil, let key { p.keyPath = key }
        if let p = anim as? CAPropertyAnimation, addThroughNamedSublayer(p, forKey: key) { return }
        attach(anim, forKey: key)
    }

    /// Compiles the layer's copy `copy` of an animation and adds it under `key`; returns its
    /// entry, or nil (with a warning) when it cannot run.
    @discardableResult
    func attach(_ copy: CAAnimation, forKey key: String?) -> AnimationEntry? {
        let context = TransactionContext.current
        context.ensureFrame()
        if !copy.duration.isFinite {
            Diagnostics.warn(
                "\(diagnosticName), animation \"\(key ?? "(no key)")\": duration is \(copy.duration); it must be a finite number; the animation is ignored"
            )
            return nil
        }
        if !(copy.duration > 0) {
            if copy.duration < 0 {
                Diagnostics.warn(
                    "\(diagnosticName), animation \"\(key ?? "(no key)")\": duration \(copy.duration) is negative; using the transaction's duration, as Core Animation does"
                )
            }
            copy.duration = context.settings.duration
        }
        let before = pendingChanges.last.flatMap {
            $0.key == key || ($0.key == (copy as? CAPropertyAnimation)?.keyPath) ? $0.before : nil
        }
        var compiled: CompiledAnimation
        do {
            compiled = try AnimationCompiler.compile(copy, CompileContext(layer: self, key: key, before: before))
        } catch {
            Diagnostics.warn(
                "\(diagnosticName), animation \"\(key ?? "(no key)")\": \(error); the animation is ignored")
            return nil
        }
        if let key { removeAnimationDefault(forKey: key) }
        guard animations.entries.count < EngineLimits.maximumAnimationsPerLayer else {
            Diagnostics.warn(
                "\(diagnosticName), add(_:forKey: \"\(key ?? "(no key)")\"): the layer already runs \(animations.entries.count) animations (the limit is \(EngineLimits.maximumAnimationsPerLayer)); the animation is ignored"
            )
            return nil
        }
        // Until the transaction commits, a begin time of 0 means now.
        if copy.beginTime == 0 { compiled.timing.beginTime = localTime(atMediaTime: CACurrentMediaTime()) }
        let entry = AnimationEntry(key: key, animation: copy, compiled: compiled, on: type(of: self))
        changeAnimations { $0.append(entry) }
        context.noteAdded(entry, to: self)
        return entry
    }

    /// How many of the layer's animations run on the fast path (a counter for tests and tools).
    package var fastAnimationCount: Int { animations.fastCount }

    /// How many steps the layer's animations run every frame (a counter for tests and tools:
    /// an animation that changes nothing has none).
    package var animationStepCount: Int { animations.stepCount }

    /// The default of `animation(forKey:)`.
    func animationDefault(forKey key: String) -> CAAnimation? {
        animations.entries.last { $0.key == key }?.animation ?? sublayerAnimation(forKey: key)
    }

    /// The default of `animationKeys()`.
    func animationKeysDefault() -> [String]? {
        let keys = animations.entries.compactMap(\.key) + sublayerAnimationKeys()
        return keys.isEmpty ? nil : keys
    }

    /// The default of `removeAnimation(forKey:)`.
    func removeAnimationDefault(forKey key: String) {
        removeSublayerAnimation(forKey: key)
        guard let entry = changeAnimations({ $0.remove(key: key) }) else { return }
        TransactionContext.current.noteCompleted(entry, finished: false)
    }

    /// The default of `removeAllAnimations()`: the layer's own animations, and those it holds
    /// for its sublayers; not those its superlayer holds for it.
    func removeAllAnimationsDefault() {
        removeAllSublayerAnimations()
        let entries = changeAnimations { $0.removeAll { !$0.isSublayerAnimation } }
        let context = TransactionContext.current
        for e in entries { context.noteCompleted(e, finished: false) }
    }

    // MARK: Life cycle (driven by TransactionContext)

    /// The transaction that added `entry` committed: fix its begin time and, for a transition,
    /// capture the layer's appearance before the transaction.
    func commitAnimation(_ entry: AnimationEntry) {
        guard !entry.committed, animations.entries.contains(where: { $0 === entry }) else { return }
        entry.committed = true
        if entry.animation.beginTime == 0 {
            // The begin time is fixed now; the layer's copy of the animation shows it too.
            let now = localTime(atMediaTime: CACurrentMediaTime())
            entry.animation.beginTime = now
            changeAnimations { $0.setBeginTime(now, of: entry) }
        }
        if case .general(let transition as TransitionEvaluator) = entry.compiled {
            transition.before = snapshotBeforeTransaction()
        }
    }

    /// Changes the layer's animations: the one place they change, which tells what depends on
    /// them (the tick schedule; the superlayer's paint order when an animation may move the
    /// layer among its siblings).
    @discardableResult
    func changeAnimations<R>(_ body: (inout AnimationStack) -> R) -> R {
        particlesWillChange()
        let movedBefore = animations.changesPaintOrder
        let result = body(&animations)
        if movedBefore || animations.changesPaintOrder { superlayerStorage?.paintOrderIsCurrent = false }
        TransactionContext.current.animationTimesChanged()
        return result
    }

    /// Starts and finishes animations at media time `now`, queueing delegate callbacks.
    ///
    /// - Where the layer's time runs backwards (`timeRunsBackwards`), an animation starts when
    ///   its time enters the active interval from the end and finishes when it passes the
    ///   start (docs/semantics.md#negative-speed); the layer is then checked every tick.
    func tickAnimations(mediaTime now: CFTimeInterval, context: TransactionContext) {
        let t = localTime(atMediaTime: now)
        let backwards = timeRunsBackwards
        guard backwards || t >= animations.nextEvent else { return }
        var removed = false
        var next = CFTimeInterval.infinity
        for entry in animations.entries where entry.committed {
            let phase = entry.timing.phase(parentTime: t)
            if !entry.started && phase != (backwards ? .after : .before) {
                entry.started = true
                if entry.animation.delegate != nil { context.pendingStarts.append(entry.animation) }
            }
            if phase == (backwards ? .before : .after) && !entry.completed {
                context.noteCompleted(entry, finished: true)
                if entry.animation.isRemovedOnCompletion { removed = true }
            }
            next = min(next, Self.nextEvent(entry))
        }
        if removed { changeAnimations { $0.removeFinished() } }
        animations.nextEvent = animations.entries.contains { !$0.committed } || backwards ? -.infinity : next
    }

    /// Whether the layer's local time runs backwards as media time advances: the product of
    /// its own and its ancestors' speeds is negative (false while one of them is 0).
    var timeRunsBackwards: Bool {
        var backwards = false
        var layer: CALayer? = self
        while let l = layer {
            if l.speedStorage == 0 { return false }
            if l.speedStorage < 0 { backwards.toggle() }
            layer = l.superlayerStorage ?? l.maskOwner
        }
        return backwards
    }

    /// `animations.nextEvent` in media time (-infinity when an ancestor's speed is not positive:
    /// the layer is then checked every tick; infinity when an ancestor's time cycles without
    /// coming to it: a looping Lottie composition no longer than its animations, whose ends
    /// would otherwise lie in the past after the first loop and have every animated layer
    /// checked at every tick).
    var mediaTimeOfNextAnimationEvent: CFTimeInterval {
        var t = animations.nextEvent
        guard t.isFinite else { return t }
        var layer: CALayer? = self
        while let l = layer {
            guard l.speedStorage > 0 else { return -.infinity }
            // A layer whose time cycles keeps its local time within one cycle
            // (`LayerTimeCycle.reaches`), so it never comes to a later time. (One within the
            // cycle maps to its first cycle's parent time, which may have passed: checked every
            // tick until it comes round.)
            if let cycle = l.timeCycle, !cycle.reaches(t) { return .infinity }
            t = l.toParentTime(t)
            layer = l.superlayerStorage ?? l.maskOwner
        }
        return t
    }

    /// The local time of an entry's next start or end (-infinity: check every tick).
    static func nextEvent(_ entry: AnimationEntry) -> CFTimeInterval {
        let timing = entry.timing
        guard timing.speed != 0 else { return entry.started ? .infinity : -.infinity }
        if !entry.started { return timing.beginTime }
        if entry.completed { return .infinity }
        // A negative speed runs the same active interval backwards (docs/semantics.md#negative-speed).
        return timing.beginTime + timing.activeDuration / abs(timing.speed)
    }

    /// Calls `body` with the root key (`transform` of `transform.rotation.z`) of each property
    /// `a` animates, its children's for a group.
    static func forEachRootKey(of a: CAAnimation, _ body: (String) -> Void) {
        switch a {
        case let g as CAAnimationGroup:
            for child in g.animations ?? [] { forEachRootKey(of: child, body) }
        case let p as CAPropertyAnimation:
            guard let path = p.keyPath else { return }
            // Searched as bytes: a search by `Character` segments graphemes (thousands of
            // instructions for a short key path, at every `add(_:forKey:)`).
            body(path.utf8.firstIndex(of: UInt8(ascii: ".")).map { String(path[..<$0]) } ?? path)
        default: return
        }
    }

    /// A name for diagnostics: the layer's name or class.
    var diagnosticName: String {
        "layer " + (name.map { "\"\($0)\"" } ?? String(describing: type(of: self)))
    }
}
