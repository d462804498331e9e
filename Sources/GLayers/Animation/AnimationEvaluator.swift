/// Compiled animations: typed evaluators that apply one animation to a layer's state at a time.
///
/// An evaluator is made once, when the animation is added (`AnimationCompiler`); per frame it
/// samples its timing and writes typed values through a lens, allocating nothing.
import Foundation
import GLayersGraphics

/// An animation compiled for one layer.
protocol AnimationEvaluator: AnyObject {
    /// The animation's timing.
    var timing: TimingModel { get set }
    /// Applies the animation at `time` (the time of the layer, or of the enclosing group).
    func apply(to state: inout EvalState, at time: Double)
}

/// Where a basic animation's ends come from (the seven from/to/by cases of the timing guide,
/// reduced to the four that remain once the constant ones are combined).
enum BasicEnds<V: Interpolatable> {
    /// Both ends constant (from/to, from/by, by/to).
    case fixed(V, V)
    /// `fromValue` only: from the value to the underlying (model) value.
    case fromValue(V)
    /// `toValue` only: from the underlying value to the value.
    case toValue(V)
    /// `byValue` only: from the underlying value to underlying + by.
    case byValue(V)
    /// None given: the implicit case, from the value on screen before the change to the
    /// underlying (new model) value.
    case implicit(from: V)
    /// None given and nothing to animate from: no effect.
    case inert

    func resolve(underlying u: V) -> (V, V)? {
        switch self {
        case .fixed(let a, let b): return (a, b)
        case .fromValue(let a): return (a, u)
        case .toValue(let b): return (u, b)
        case .byValue(let d): return (u, V.sum(u, d))
        case .implicit(let a): return (a, u)
        case .inert: return nil
        }
    }
}

/// A compiled property animation: its timing, and a step that writes the value for a timing
/// sample. The step is a closure made inside generic code specialized for the value type, so
/// the per-frame path runs specialized code (no generic dispatch, no metadata lookups).
final class PropertyEvaluator: AnimationEvaluator {
    var timing: TimingModel
    let step: (inout EvalState, TimingSample) -> Void
    /// The same animation as a reference-free fast operation, when it has one.
    let fast: FastAnimation?

    init(timing: TimingModel, fast: FastAnimation? = nil, step: @escaping (inout EvalState, TimingSample) -> Void) {
        self.timing = timing
        self.fast = fast
        self.step = step
    }

    func apply(to s: inout EvalState, at time: Double) {
        guard let sample = timing.sample(parentTime: time) else { return }
        step(&s, sample)
    }
}

/// `CABasicAnimation` (and `CASpringAnimation`) for a value type.
struct BasicCore<V: Interpolatable> {
    let lens: Lens<V>
    let ends: BasicEnds<V>
    let additive: Bool
    let cumulative: Bool
    let autoreverses: Bool
    let duration: Double
    /// The spring that replaces the timing curve, for `CASpringAnimation`.
    let spring: SpringSolver?

    @inline(__always)
    func step(_ s: inout EvalState, _ sample: TimingSample) {
        let underlying = lens.get(&s)
        guard let (a, b) = ends.resolve(underlying: additive ? V.difference(underlying, underlying) : underlying) else {
            return
        }
        let progress = spring.map { $0.value(at: sample.raw * duration) } ?? sample.progress
        var v = V.lerp(a, b, progress)
        if cumulative && sample.iteration > 0 {
            v = V.sum(v, V.scaled(autoreverses ? a : b, sample.iteration))
        }
        if additive { v = V.sum(underlying, v) }
        lens.set(&s, v)
    }

    /// The evaluator running this core (with its fast form for numbers and points at known
    /// fields).
    func evaluator(_ timing: TimingModel, keyPath: LayerKeyPath?) -> AnimationEvaluator {
        let core = self
        var fast: FastAnimation?
        if spring == nil, let keyPath {
            if let e = ends as? BasicEnds<CGFloat> {
                fast = FastAnimation.make(for: keyPath, timing: timing, ends: e, additive: additive, cumulative: cumulative)
            } else if let e = ends as? BasicEnds<CGPoint> {
                fast = FastAnimation.make(for: keyPath, timing: timing, ends: e, additive: additive, cumulative: cumulative)
            }
        }
        return PropertyEvaluator(timing: timing, fast: fast) { core.step(&$0, $1) }
    }
}

/// `CAAnimationGroup` compiled: children run in the group's simple time, clipped to it.
final class GroupEvaluator: AnimationEvaluator {
    var timing: TimingModel
    let children: [AnimationEvaluator]

    init(timing: TimingModel, children: [AnimationEvaluator]) {
        self.timing = timing
        self.children = children
    }

    func apply(to s: inout EvalState, at time: Double) {
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
    var timing: TimingModel
    let type: CATransitionType
    let subtype: CATransitionSubtype?
    let startProgress: Double
    let endProgress: Double
    /// Captured when the transaction that added the transition commits.
    var before: LayerSnapshot?

    init(timing: TimingModel, transition t: CATransition) {
        self.timing = timing
        type = t.type
        subtype = t.subtype
        startProgress = Double(min(max(t.startProgress, 0), 1))
        endProgress = Double(min(max(t.endProgress, t.startProgress), 1))
    }

    func apply(to s: inout EvalState, at time: Double) {
        guard let sample = timing.sample(parentTime: time) else { return }
        let p = startProgress + (endProgress - startProgress) * sample.progress
        s.state.transition = TransitionState(type: type, subtype: subtype, progress: p, before: before)
    }
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
