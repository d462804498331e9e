/// A layer's animations compiled for the per-frame path: an array of plain-value operations.
/// The common case — a basic animation of a number or point at a known field (`position.y`,
/// `opacity`, `transform.rotation.x`, …) — runs as a `FastAnimation` (no references, no
/// closures, a switch on the field); everything else runs its general evaluator.
///
/// Rebuilt whenever the layer's animations change or commit; semantics are those of the
/// general evaluators (`BasicCore`), which the tests check against the same numbers.
import Foundation

/// One step of a layer's animation stack, in the order the animations were added.
enum AnimationOp {
    /// An index into the layer's `fastAnimations`.
    case fast(Int)
    /// The entry is kept alive by the layer's `animationEntries`.
    case general(Unmanaged<AnimationEntry>)
}

/// A number-valued field of a layer's state.
enum ScalarField {
    case positionX, positionY, anchorPointX, anchorPointY, zPosition, anchorPointZ, opacity, cornerRadius
    case borderWidth, shadowOpacity, shadowRadius, contentsScale, rasterizationScale
    case boundsX, boundsY, boundsWidth, boundsHeight, shadowOffsetWidth, shadowOffsetHeight

    @inline(__always)
    func read(_ s: LayerState) -> Double {
        switch self {
        case .positionX: return Double(s.position.x)
        case .positionY: return Double(s.position.y)
        case .anchorPointX: return Double(s.anchorPoint.x)
        case .anchorPointY: return Double(s.anchorPoint.y)
        case .zPosition: return Double(s.zPosition)
        case .anchorPointZ: return Double(s.anchorPointZ)
        case .opacity: return Double(s.opacity)
        case .cornerRadius: return Double(s.cornerRadius)
        case .borderWidth: return Double(s.borderWidth)
        case .shadowOpacity: return Double(s.shadowOpacity)
        case .shadowRadius: return Double(s.shadowRadius)
        case .contentsScale: return Double(s.contentsScale)
        case .rasterizationScale: return Double(s.rasterizationScale)
        case .boundsX: return Double(s.bounds.origin.x)
        case .boundsY: return Double(s.bounds.origin.y)
        case .boundsWidth: return Double(s.bounds.size.width)
        case .boundsHeight: return Double(s.bounds.size.height)
        case .shadowOffsetWidth: return Double(s.shadowOffset.width)
        case .shadowOffsetHeight: return Double(s.shadowOffset.height)
        }
    }

    @inline(__always)
    func write(_ v: Double, _ s: inout LayerState) {
        let c = CGFloat(v)
        switch self {
        case .positionX: s.position.x = c
        case .positionY: s.position.y = c
        case .anchorPointX: s.anchorPoint.x = c
        case .anchorPointY: s.anchorPoint.y = c
        case .zPosition: s.zPosition = c
        case .anchorPointZ: s.anchorPointZ = c
        case .opacity: s.opacity = Float(v)
        case .cornerRadius: s.cornerRadius = c
        case .borderWidth: s.borderWidth = c
        case .shadowOpacity: s.shadowOpacity = Float(v)
        case .shadowRadius: s.shadowRadius = c
        case .contentsScale: s.contentsScale = c
        case .rasterizationScale: s.rasterizationScale = c
        case .boundsX: s.bounds.origin.x = c
        case .boundsY: s.bounds.origin.y = c
        case .boundsWidth: s.bounds.size.width = c
        case .boundsHeight: s.bounds.size.height = c
        case .shadowOffsetWidth: s.shadowOffset.width = c
        case .shadowOffsetHeight: s.shadowOffset.height = c
        }
    }
}

/// Where a fast animation writes.
enum FastTarget {
    case scalar(ScalarField)
    /// `position` or `anchorPoint` as a whole (x and y fields).
    case point(ScalarField, ScalarField)
    case transform(TransformComponent, sublayer: Bool)
}

/// Which of a fast animation's ends are given (see `BasicEnds`); the values are in the
/// animation's `x` and `y`.
enum FastEnds: UInt8 {
    /// From `x` to `y`.
    case fixed
    /// From `x` to the underlying value.
    case fromValue
    /// From the underlying value to `y`.
    case toValue
    /// From the underlying value by `x`.
    case byValue
    /// From `x` (the value before an implicit change) to the underlying value.
    case implicit
    case inert
}

/// A basic animation of a number or a point, evaluated without references: 96 bytes, so that
/// a layer's four animations take six cache lines.
struct FastAnimation {
    /// The ends that `ends` says are given (scalars use the x lane).
    let x: SIMD2<Double>
    let y: SIMD2<Double>
    /// The model value of a number or point target, kept by the presentation cache when it
    /// copies the model in, so resetting the target between frames does not read the layer.
    var modelValue = SIMD2<Double>(0, 0)
    var timing: TimingCore
    let target: FastTarget
    let ends: FastEnds
    let options: Options

    struct Options: OptionSet {
        let rawValue: UInt8
        static let additive = Options(rawValue: 1)
        static let cumulative = Options(rawValue: 2)
        /// The animation has a timing function other than linear (in the block's curves).
        static let eased = Options(rawValue: 4)
    }

    init(
        timing: TimingModel, target: FastTarget, ends: FastEnds, x: SIMD2<Double>, y: SIMD2<Double>, additive: Bool,
        cumulative: Bool
    ) {
        self.timing = timing.core
        self.target = target
        self.ends = ends
        self.x = x
        self.y = y
        var options: Options = []
        if additive { options.insert(.additive) }
        if cumulative { options.insert(.cumulative) }
        if timing.curve != nil { options.insert(.eased) }
        self.options = options
    }

    /// Applies the animation to `s` at the layer's local time; `curve` is its timing function
    /// when `options` contains `.eased`.
    ///
    /// - `mutating` although it changes nothing: called on an element of the layer's block, a
    ///   mutating method works on it in place, where a non-mutating one gets a copy of it.
    @inline(__always)
    mutating func apply(_ s: inout EvalState, at time: Double, curve: UnsafePointer<BezierCurve>) {
        guard let (raw, iteration) = timing.uneasedSample(parentTime: time) else { return }
        let progress = options.contains(.eased) ? curve.pointee.evaluate(raw) : raw
        let underlying = target.read(&s)
        let additive = options.contains(.additive)
        let base = additive ? SIMD2<Double>(0, 0) : underlying
        let a: SIMD2<Double>, b: SIMD2<Double>
        switch ends {
        case .fixed: (a, b) = (x, y)
        case .fromValue: (a, b) = (x, base)
        case .toValue: (a, b) = (base, y)
        case .byValue: (a, b) = (base, base + x)
        case .implicit: (a, b) = (x, base)
        case .inert: return
        }
        var v = a + (b - a) * progress
        if options.contains(.cumulative) && iteration > 0 { v += (timing.autoreverses ? a : b) * iteration }
        if additive { v += underlying }
        target.write(v, &s)
    }

    /// The fast form of a basic animation of a number, when its key path has one.
    static func make(for path: LayerKeyPath, timing: TimingModel, ends: BasicEnds<CGFloat>, additive: Bool, cumulative: Bool) -> FastAnimation? {
        guard let target = FastTarget(path) else { return nil }
        if case .point = target { return nil }
        let (kind, x, y) = FastEnds.split(ends) { SIMD2(Double($0), 0) }
        return FastAnimation(timing: timing, target: target, ends: kind, x: x, y: y, additive: additive, cumulative: cumulative)
    }

    /// The fast form of a basic animation of a point, when its key path has one.
    static func make(for path: LayerKeyPath, timing: TimingModel, ends: BasicEnds<CGPoint>, additive: Bool, cumulative: Bool) -> FastAnimation? {
        guard let target = FastTarget(path), case .point = target else { return nil }
        let (kind, x, y) = FastEnds.split(ends) { SIMD2(Double($0.x), Double($0.y)) }
        return FastAnimation(timing: timing, target: target, ends: kind, x: x, y: y, additive: additive, cumulative: cumulative)
    }
}

extension FastTarget {
    /// The current value of the target in `s` (scalars in x).
    @inline(__always)
    func read(_ s: inout EvalState) -> SIMD2<Double> {
        switch self {
        case .scalar(let f): return SIMD2(f.read(s.state), 0)
        case .point(let fx, let fy): return SIMD2(fx.read(s.state), fy.read(s.state))
        case .transform(let c, let sublayer):
            s.activateParts(sublayer: sublayer)
            return SIMD2(sublayer ? s.sublayerTransformParts.component(c) : s.transformParts.component(c), 0)
        }
    }

    /// Writes `v` to the target in `s`.
    @inline(__always)
    func write(_ v: SIMD2<Double>, _ s: inout EvalState) {
        switch self {
        case .scalar(let f): f.write(v.x, &s.state)
        case .point(let fx, let fy):
            fx.write(v.x, &s.state)
            fy.write(v.y, &s.state)
        case .transform(let c, let sublayer):
            if sublayer { s.sublayerTransformParts.setComponent(c, v.x) } else { s.transformParts.setComponent(c, v.x) }
        }
    }
}

extension FastTarget {
    /// The fast target of a key path, or nil.
    init?(_ path: LayerKeyPath) {
        guard case .property(let key) = path.base else { return nil }
        switch path.component {
        case nil:
            switch key {
            case .zPosition: self = .scalar(.zPosition)
            case .anchorPointZ: self = .scalar(.anchorPointZ)
            case .opacity: self = .scalar(.opacity)
            case .cornerRadius: self = .scalar(.cornerRadius)
            case .borderWidth: self = .scalar(.borderWidth)
            case .shadowOpacity: self = .scalar(.shadowOpacity)
            case .shadowRadius: self = .scalar(.shadowRadius)
            case .contentsScale: self = .scalar(.contentsScale)
            case .rasterizationScale: self = .scalar(.rasterizationScale)
            case .position: self = .point(.positionX, .positionY)
            case .anchorPoint: self = .point(.anchorPointX, .anchorPointY)
            default: return nil
            }
        case .structField(let f)?:
            switch (key, f) {
            case (.position, .x): self = .scalar(.positionX)
            case (.position, .y): self = .scalar(.positionY)
            case (.anchorPoint, .x): self = .scalar(.anchorPointX)
            case (.anchorPoint, .y): self = .scalar(.anchorPointY)
            case (.bounds, .originX): self = .scalar(.boundsX)
            case (.bounds, .originY): self = .scalar(.boundsY)
            case (.bounds, .sizeWidth): self = .scalar(.boundsWidth)
            case (.bounds, .sizeHeight): self = .scalar(.boundsHeight)
            case (.shadowOffset, .width): self = .scalar(.shadowOffsetWidth)
            case (.shadowOffset, .height): self = .scalar(.shadowOffsetHeight)
            default: return nil
            }
        case .transformField(let c)?:
            guard c != .translation, key == .transform || key == .sublayerTransform else { return nil }
            self = .transform(c, sublayer: key == .sublayerTransform)
        }
    }
}

extension FastEnds {
    /// Which ends `e` gives and their values packed by `v` (x, y).
    static func split<V>(_ e: BasicEnds<V>, _ v: (V) -> SIMD2<Double>) -> (FastEnds, SIMD2<Double>, SIMD2<Double>) {
        let zero = SIMD2<Double>(0, 0)
        switch e {
        case .fixed(let a, let b): return (.fixed, v(a), v(b))
        case .fromValue(let a): return (.fromValue, v(a), zero)
        case .toValue(let b): return (.toValue, zero, v(b))
        case .byValue(let d): return (.byValue, v(d), zero)
        case .implicit(let a): return (.implicit, v(a), zero)
        case .inert: return (.inert, zero, zero)
        }
    }
}

extension TransformParts {
    /// A numeric component (`transform.scale` is the mean of the three scales).
    @inline(__always)
    func component(_ c: TransformComponent) -> Double {
        switch c {
        case .rotationX: return rotation.x
        case .rotationY: return rotation.y
        case .rotationZ, .rotation: return rotation.z
        case .scaleX: return scale.x
        case .scaleY: return scale.y
        case .scaleZ: return scale.z
        case .scale: return (scale.x + scale.y + scale.z) / 3
        case .translationX: return translation.x
        case .translationY: return translation.y
        case .translationZ: return translation.z
        case .translation: return translation.x
        }
    }

    @inline(__always)
    mutating func setComponent(_ c: TransformComponent, _ v: Double) {
        switch c {
        case .rotationX: rotation.x = v
        case .rotationY: rotation.y = v
        case .rotationZ, .rotation: rotation.z = v
        case .scaleX: scale.x = v
        case .scaleY: scale.y = v
        case .scaleZ: scale.z = v
        case .scale: scale = SIMD3(v, v, v)
        case .translationX: translation.x = v
        case .translationY: translation.y = v
        case .translationZ: translation.z = v
        case .translation: translation.x = v
        }
    }
}
