/// Compiled animations: what applies one animation to a layer's presented state at a time.
///
/// Made once, when the animation is added (`AnimationCompiler`); per frame each samples its
/// timing and writes typed values, allocating nothing.
import Foundation
import GLayersGraphics

/// An animation compiled for one layer: a fast animation, which the layer's presentation block
/// keeps and applies without references (`FastAnimation.swift`), or a general evaluator.
enum CompiledAnimation {
    /// A basic animation of a number or point field, with its timing function (nil: linear).
    case fast(FastAnimation, curve: BezierCurve?)
    case general(AnimationEvaluator)
    /// An animation that changes nothing (of a key that is not animatable, or with nothing to
    /// animate from): it has a timing, for its life cycle, and no per-frame step.
    case inert(AnimationTiming)

    /// The animation's timing (the one source of it: the layer's block copies it when built).
    var timing: AnimationTiming {
        get {
            switch self {
            case .fast(let f, let curve): return AnimationTiming(core: f.timing, curve: curve)
            case .general(let e): return e.timing
            case .inert(let timing): return timing
            }
        }
        set {
            switch self {
            case .fast(var f, let curve):
                f.timing = newValue.core
                self = .fast(f, curve: curve)
            case .general(let e): e.timing = newValue
            case .inert: self = .inert(newValue)
            }
        }
    }

    /// Applies the animation at `time` (the time of the layer, or of the enclosing group).
    func apply(to s: inout PresentedState, at time: Double) {
        switch self {
        case .fast(var f, let curve):
            var c = curve ?? .linear
            withUnsafeMutablePointer(to: &s) { state in
                withUnsafePointer(to: &c) { f.apply(state, at: time, curve: $0) }
            }
        case .general(let e):
            e.apply(to: &s, at: time)
        case .inert:
            break
        }
    }

    /// What the animation writes, as resets to model values.
    var resets: [StateReset] {
        switch self {
        case .fast(let f, _): return [f.target.reset]
        case .general(let e): return e.resets
        case .inert: return []
        }
    }
}

/// An animation that is not a fast one: keyframes, groups, transitions, springs, value
/// functions, and basic animations of values the fast path does not hold.
protocol AnimationEvaluator: AnyObject {
    /// The animation's timing.
    var timing: AnimationTiming { get set }
    /// Applies the animation at `time` (the time of the layer, or of the enclosing group).
    func apply(to state: inout PresentedState, at time: Double)
    /// Puts back to their model values the parts of a presented state `apply` writes, resolved
    /// when the animation was compiled.
    var resets: [StateReset] { get }
    /// Appends `resets` to `list` (without an array of its own where it has one reset).
    func appendResets(to list: inout [StateReset])
}

extension AnimationEvaluator {
    func appendResets(to list: inout [StateReset]) { list += resets }
}

/// A compiled property animation: its timing, and a step that writes the value for a timing
/// sample. The step is a closure made inside generic code specialized for the value type, so
/// the per-frame path runs specialized code (no generic dispatch, no metadata lookups).
final class PropertyEvaluator: AnimationEvaluator {
    var timing: AnimationTiming
    let step: (inout PresentedState, TimingSample) -> Void
    /// What the step writes, put back to its model value. One, not an array: an array was an
    /// allocation for every keyframe animation compiled.
    let reset: StateReset
    var resets: [StateReset] { [reset] }

    /// - `reset`: puts back what the step writes (its access's target).
    init(
        timing: AnimationTiming, reset: @escaping StateReset,
        step: @escaping (inout PresentedState, TimingSample) -> Void
    ) {
        self.timing = timing
        self.step = step
        self.reset = reset
    }

    func appendResets(to list: inout [StateReset]) { list.append(reset) }

    func apply(to s: inout PresentedState, at time: Double) {
        guard let sample = timing.sample(parentTime: time) else { return }
        step(&s, sample)
    }
}

/// A basic animation (or `CASpringAnimation`) of any value type, through an accessor: the
/// general path of `BasicInterpolation`.
struct BasicStep<V: Interpolatable> {
    let access: StateAccess<V>
    let basic: BasicInterpolation<V>
    /// The spring that replaces the timing curve, for `CASpringAnimation`.
    let spring: SpringSolver?
    let duration: Double

    @inline(__always)
    func step(_ s: inout PresentedState, _ sample: TimingSample) {
        let progress = spring.map { $0.value(at: sample.raw * duration) } ?? sample.progress
        access.set(&s, basic.value(underlying: access.get(&s), progress: progress, iteration: sample.iteration))
    }

    /// The evaluator running this step.
    func evaluator(_ timing: AnimationTiming) -> AnimationEvaluator {
        let step = self
        return PropertyEvaluator(timing: timing, reset: access.reset) { step.step(&$0, $1) }
    }
}

/// `CAAnimationGroup` compiled: children run in the group's simple time, clipped to it.
final class GroupEvaluator: AnimationEvaluator {
    var timing: AnimationTiming
    let children: [CompiledAnimation]
    /// What the children write.
    let resets: [StateReset]

    init(timing: AnimationTiming, children: [CompiledAnimation]) {
        self.timing = timing
        self.children = children
        resets = children.flatMap(\.resets)
    }

    func apply(to s: inout PresentedState, at time: Double) {
        guard let sample = timing.sample(parentTime: time) else { return }
        let local = sample.progress * timing.duration
        for child in children { child.apply(to: &s, at: local) }
    }
}

/// The state of a transition on a layer, read by flattening.
struct TransitionState {
    var type: CATransitionType
    var subtype: CATransitionSubtype?
    /// How far the transition is, 0 … 1.
    var progress: Double
    /// The layer's appearance before the transaction that added the transition.
    var before: LayerSnapshot?
}

/// `CATransition` compiled: exposes its progress and the "before" snapshot to the renderer.
final class TransitionEvaluator: AnimationEvaluator {
    var timing: AnimationTiming
    let type: CATransitionType
    let subtype: CATransitionSubtype?
    let startProgress: Double
    let endProgress: Double
    /// Captured when the transaction that added the transition commits.
    var before: LayerSnapshot?

    init(timing: AnimationTiming, transition t: CATransition) {
        self.timing = timing
        type = t.type
        subtype = t.subtype
        startProgress = Double(min(max(t.startProgress, 0), 1))
        endProgress = Double(min(max(t.endProgress, t.startProgress), 1))
    }

    func apply(to s: inout PresentedState, at time: Double) {
        guard let sample = timing.sample(parentTime: time) else { return }
        let p = startProgress + (endProgress - startProgress) * sample.progress
        s.state.transition = TransitionState(type: type, subtype: subtype, progress: p, before: before)
    }

    let resets: [StateReset] = [{ s, model in s.state.transition = model.pointee.transition }]
}

/// A frozen copy of a layer subtree's presented state, for the "before" side of transitions.
final class LayerSnapshot {
    let state: LayerState
    let sublayers: [LayerSnapshot]
    let mask: LayerSnapshot?
    /// Whether the layer keeps its sublayers in 3D (`CATransformLayer`).
    let preserves3D: Bool
    /// While a transaction is open: the layer's sublayers and mask before it changed them
    /// (the deep snapshot is built from these at commit).
    let sublayerRefs: [CALayer]
    let maskRef: CALayer?

    init(
        state: LayerState, sublayers: [LayerSnapshot], mask: LayerSnapshot?, preserves3D: Bool,
        sublayerRefs: [CALayer] = [], maskRef: CALayer? = nil
    ) {
        self.state = state
        self.sublayers = sublayers
        self.mask = mask
        self.preserves3D = preserves3D
        self.sublayerRefs = sublayerRefs
        self.maskRef = maskRef
    }
}
