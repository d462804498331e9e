/// The per-frame fast path: a basic animation of a number or a point at a field of the
/// layer's state (`position.y`, `opacity`, `bounds.size.width`, `transform.rotation.x`, …),
/// stored without references in the layer's presentation block and applied without closures
/// or generic dispatch. It computes its value with the same `BasicInterpolation` as every other
/// basic animation (docs/architecture.md, "The path of one animation").
///
/// Whether an animation takes this path is decided once, when its key path is resolved
/// (`AnimationCompiler`): a `CABasicAnimation` (not a spring, no value function) of a key path
/// with a `FastTarget`.
import Foundation

/// Where a fast animation writes.
enum FastTarget: Equatable {
    /// A number or a point field of `LayerState`.
    case slot(StateSlot)
    /// A component of `transform` or `sublayerTransform`, kept in the presented state's parts.
    case transform(TransformComponent, sublayer: Bool)

    /// The fast target of a key path, or nil when it has none.
    init?(_ path: LayerKeyPath) {
        guard let p = path.property else { return nil }
        switch path.component {
        case nil:
            guard let slot = p.slot(nil) else { return nil }
            self = .slot(slot)
        case .structField(let field)?:
            guard let slot = p.slot(field) else { return nil }
            self = .slot(slot)
        case .transformField(let c)?:
            guard c != .translation, let t = p as? TransformProperty else { return nil }
            self = .transform(c, sublayer: t.isSublayerTransform)
        }
    }

    /// Whether the target is the layer's placement or opacity (`position`, its components,
    /// `zPosition`, `opacity`, a component of `transform`), which flattening applies to a
    /// layer's memoized item without making it again.
    var isPlacement: Bool {
        switch self {
        case .slot(let slot): return slot.isPlacement
        case .transform(_, let sublayer): return !sublayer
        }
    }

    /// Whether the target is a point (two lanes).
    var isPoint: Bool {
        if case .slot(let slot) = self { return slot.isPoint }
        return false
    }

    /// The current value of the target in `s` (a number in x).
    @inline(__always)
    func read(_ s: UnsafeMutablePointer<PresentedState>) -> Lanes {
        switch self {
        case .slot(let slot): return slot.read(PresentedState.stateAddress(s))
        case .transform(let c, let sublayer):
            s.pointee.activateParts(sublayer: sublayer)
            return Lanes(
                sublayer ? s.pointee.sublayerTransformParts.component(c) : s.pointee.transformParts.component(c), 0)
        }
    }

    /// Puts the target back to its value in `model` (for a fast animation inside a group,
    /// which the layer's block does not hold).
    func reset(_ s: inout PresentedState, _ model: UnsafePointer<LayerState>) {
        switch self {
        case .slot(let slot):
            let v = slot.read(UnsafeMutableRawPointer(mutating: model))
            withUnsafeMutablePointer(to: &s) { slot.write(v, PresentedState.stateAddress($0)) }
        case .transform(_, let sublayer):
            s.resetTransform(sublayer: sublayer, to: model)
        }
    }

    /// Writes `v` to the target in `s`.
    @inline(__always)
    func write(_ v: Lanes, _ s: UnsafeMutablePointer<PresentedState>) {
        switch self {
        case .slot(let slot): slot.write(v, PresentedState.stateAddress(s))
        case .transform(let c, let sublayer):
            if sublayer {
                s.pointee.sublayerTransformParts.setComponent(c, v.x)
            } else {
                s.pointee.transformParts.setComponent(c, v.x)
            }
        }
    }
}

/// A basic animation of a number or a point, evaluated without references: 96 bytes, so a
/// layer's four animations take six cache lines (`PresentationBlockTests` pins the size).
struct FastAnimation {
    /// The ends and options (`.eased`: the layer's block holds its timing function).
    var basic: BasicInterpolation<Lanes>
    let target: FastTarget
    /// Sampling the animation's timing (a copy of its entry's, made when the block is built).
    var timing: TimingSampler
    /// The model value of the target, kept by the presentation cache when it copies the model
    /// in, so resetting the target between frames does not read the layer.
    var modelValue = Lanes.zero

    init(target: FastTarget, ends: BasicEnds<Lanes>, options: BasicOptions, timing: TimingSampler) {
        self.target = target
        self.basic = BasicInterpolation(ends: ends, options: options)
        self.timing = timing
    }

    /// Applies the animation to the presented state `s` at the layer's local time; `curve` is
    /// its timing function when `basic.options` contains `.eased`.
    ///
    /// - `mutating` although it changes nothing: called on an element of the layer's block, a
    ///   mutating method works on it in place, where a non-mutating one may get a copy.
    @inline(__always)
    mutating func apply(_ s: UnsafeMutablePointer<PresentedState>, at time: Double, curve: UnsafePointer<BezierCurve>) {
        guard let (raw, iteration) = timing.uneasedSample(parentTime: time) else { return }
        Self.apply(&self, s, raw: raw, iteration: iteration, curve: curve)
    }

    /// `apply(_:at:curve:)` of the animation `op` given its timing's sample at that time
    /// (`TimingSampler.uneasedSample`).
    ///
    /// - Transparent: with `@inline(__always)` alone, the optimizer left it a call where the
    ///   block's evaluation applies its animations (342 more instructions a snowflake).
    @_transparent
    static func apply(
        _ op: inout FastAnimation, _ s: UnsafeMutablePointer<PresentedState>, raw: Double, iteration: Double,
        curve: UnsafePointer<BezierCurve>
    ) {
        let progress = op.basic.options.contains(.eased) ? curve.pointee.evaluate(raw) : raw
        op.target.write(op.basic.value(underlying: op.target.read(s), progress: progress, iteration: iteration), s)
    }
}

extension PresentedState {
    /// The address of the `LayerState` inside the presented state at `s` (a constant offset).
    @inline(__always)
    static func stateAddress(_ s: UnsafeMutablePointer<PresentedState>) -> UnsafeMutableRawPointer {
        // The offset is folded into a constant by the optimizer.
        // swift-format-ignore: NeverForceUnwrap
        UnsafeMutableRawPointer(s) + MemoryLayout<PresentedState>.offset(of: \PresentedState.state)!
    }
}
