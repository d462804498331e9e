/// Compiling an animation for a layer: resolves its key path and `Any` values once into a
/// typed evaluator, or reports why it cannot run (the animation is then ignored).
///
/// Bad input never reaches the per-frame path: an unknown key path, a value of the wrong type,
/// NaN or infinite values, an invalid duration or speed give a warning naming the layer, the
/// animation key and the problem.
import Foundation
import GLayersGraphics

/// What compilation needs besides the animation.
struct CompileContext {
    let layer: CALayer
    /// The animation's key on the layer (the key path when the animation has none).
    let key: String?
    /// The layer's state as presented just before the property change that triggered this
    /// animation through an action (the "from" of implicit animations).
    var before: LayerState? { beforeBox?.state }
    /// `before` in a box: the context is copied into each builder of an animation, and a layer's
    /// state inline made each copy a copy of hundreds of bytes (a tenth of compiling one).
    private let beforeBox: StateBox?

    private final class StateBox {
        let state: LayerState
        init(_ state: LayerState) { self.state = state }
    }

    init(layer: CALayer, key: String?, before: LayerState?) {
        self.layer = layer
        self.key = key
        beforeBox = before.map(StateBox.init)
    }

    var where_: String {
        let name = layer.name.map { "\"\($0)\"" } ?? String(describing: type(of: layer))
        return "layer \(name), animation \"\(key ?? "(no key)")\""
    }
}

/// A reason an animation was not added.
struct AnimationError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

package enum AnimationCompiler {
    /// Whether basic animations of numbers and points at fields of the layer's state compile
    /// to fast animations (true; tests turn it off to compare with the general path).
    package nonisolated(unsafe) static var allowsFastPath = true

    /// The compiled form of `animation` (whose duration is already resolved).
    static func compile(_ animation: CAAnimation, _ ctx: CompileContext) throws -> CompiledAnimation {
        try validateTiming(animation)
        switch animation {
        case let t as CATransition:
            if t.filter != nil {
                Diagnostics.warn(
                    "\(ctx.where_): CATransition.filter is not supported; using type \(t.type.rawValue)", once: true)
            }
            return .general(TransitionEvaluator(timing: AnimationTiming(t, duration: t.duration), transition: t))
        case let g as CAAnimationGroup:
            let count = g.animations?.count ?? 0
            guard count <= EngineLimits.maximumAnimationsPerLayer else {
                throw AnimationError(
                    message:
                        "the group has \(count) animations (the limit is \(EngineLimits.maximumAnimationsPerLayer))")
            }
            var children: [CompiledAnimation] = []
            for child in g.animations ?? [] {
                let copy = child.copy() as? CAAnimation ?? child
                if !(copy.duration > 0) { copy.duration = g.duration }
                do {
                    children.append(try compile(copy, ctx))
                } catch {
                    Diagnostics.warn("\(ctx.where_): grouped animation ignored: \(error)")
                }
            }
            return .general(GroupEvaluator(timing: AnimationTiming(g, duration: g.duration), children: children))
        case let p as CAPropertyAnimation:
            return try compileProperty(p, ctx)
        default:
            throw AnimationError(message: "\(type(of: animation)) does not animate anything by itself")
        }
    }

    private static func validateTiming(_ a: CAAnimation) throws {
        let checks: [(String, Double)] = [
            ("duration", a.duration), ("beginTime", a.beginTime), ("timeOffset", a.timeOffset),
            ("speed", Double(a.speed)), ("repeatDuration", a.repeatDuration),
        ]
        for (name, v) in checks where !v.isFinite {
            throw AnimationError(message: "\(name) is \(v); it must be a finite number")
        }
        if a.repeatCount.isNaN || a.repeatCount < 0 {
            throw AnimationError(message: "repeatCount is \(a.repeatCount); it must be ≥ 0 (or .infinity)")
        }
        if a.repeatDuration < 0 {
            throw AnimationError(message: "repeatDuration is \(a.repeatDuration); it must be ≥ 0")
        }
    }

    // MARK: Property animations

    private static func compileProperty(_ p: CAPropertyAnimation, _ ctx: CompileContext) throws -> CompiledAnimation {
        guard let path = p.keyPath ?? ctx.key, !path.isEmpty else {
            throw AnimationError(message: "the animation has no keyPath and no key")
        }
        if let k = p as? CAKeyframeAnimation {
            let count = max(
                k.values?.count ?? 0, k.keyframeSettings.keyTimes?.count ?? 0, k.timingFunctions?.count ?? 0,
                k.path?.elements.count ?? 0)
            guard count <= EngineLimits.maximumKeyframes else {
                throw AnimationError(message: "\(count) keyframes (the limit is \(EngineLimits.maximumKeyframes))")
            }
        }
        let keyPath: LayerKeyPath
        do {
            keyPath = try KeyPathResolver.resolve(
                path, for: type(of: ctx.layer), storedKinds: ctx.layer.storedCustomKinds(path))
        } catch {
            throw AnimationError(message: "\(error)")
        }
        if case .filterInput(let background, let name, let input) = keyPath.base {
            try checkFilterInput(ctx.layer, background: background, name: name, input: input, path: path)
        }
        if case .related(let relationship, let rest) = keyPath.base {
            throw AnimationError(message: relatedLayerRefusal(relationship, rest: rest, path: path))
        }
        if case .emitterCell(let cell) = keyPath.base, cell.property?.isAnimatable != true {
            throw AnimationError(
                message: "\(path) does not animate (a cell's numbers, color and contentsRect do); set it instead")
        }
        // A keyframe animation's own timing function eases the whole animation's time first;
        // its per-segment `timingFunctions` then ease within each segment (Apple's reference of
        // `CAKeyframeAnimation.timingFunctions`; docs/semantics.md#timing-functions-of-keyframes).
        let timing = AnimationTiming(p, duration: p.duration)
        if let property = keyPath.property, !keyPath.isAnimatable || property.stateAccess() == nil {
            if !keyPath.isAnimatable {
                Diagnostics.warn(notAnimatable(path, property, on: type(of: ctx.layer)), once: true)
            }
            // Kept, with its life cycle, and no per-frame step
            // (docs/semantics.md#animations-of-keys-that-do-not-animate).
            return .inert(timing)
        }
        var kind = keyPath.kind
        if kind == .object, case .custom(let key) = keyPath.base, keyPath.component == nil,
            let stored = ctx.layer.layerState.custom[key]?.kind ?? ctx.before?.custom[key]?.kind
        {
            kind = stored
        }
        if kind == .object { kind = inferKind(p) ?? .object }
        if let vf = p.valueFunction {
            return try compileValueFunction(p, vf, keyPath, timing, ctx)
        }
        // The fast path is chosen here, once: a plain basic animation of a key path that has a
        // fast target (a number or point field of the layer's state, or a transform component).
        let isPlainBasic = p is CABasicAnimation && !(p is CASpringAnimation)
        let fast = isPlainBasic && allowsFastPath ? FastTarget(keyPath) : nil
        let build = PropertyAnimationBuilder(
            animation: p, timing: timing, ctx: ctx, kind: kind, path: path, fastTarget: fast)
        // The model locates a filter's input (and is copied only for one).
        let model: LayerState? = if case .filterInput = keyPath.base { ctx.layer.layerState } else { nil }
        switch keyPath.stateAccess(valueKind: kind, model: model) {
        case .number(let a):
            return try build.make(a, lanes: { Lanes(Double($0), 0) }) { NumberCoercion.double($0).map { CGFloat($0) } }
        case .point(let a):
            return try build.make(a, lanes: { Lanes(Double($0.x), Double($0.y)) }) {
                if case .point(let v)? = ValueConversion.convert($0, to: .point) { return v }
                return nil
            }
        case .size(let a):
            return try build.make(a) {
                if case .size(let v)? = ValueConversion.convert($0, to: .size) { return v }; return nil
            }
        case .rect(let a):
            return try build.make(a) {
                if case .rect(let v)? = ValueConversion.convert($0, to: .rect) { return v }; return nil
            }
        case .color(let a):
            return try build.make(a) { any -> ColorValue? in
                if case .color(let v)? = ValueConversion.convert(any, to: .color) { return v }
                return nil
            }
        case .image(let a):
            return try build.make(a) { any -> ImageBlend? in
                if case .image(let v)? = ValueConversion.convert(any, to: .image) { return ImageBlend(v) }
                return nil
            }
        case .transform(let a):
            return try build.make(a.map({ TransformValue($0) }, { $0.matrix })) { any -> TransformValue? in
                if case .transform(let v)? = ValueConversion.convert(any, to: .transform) {
                    return TransformValue(v, decompose: true)
                }
                return nil
            }
        case .discrete(let a):
            return try build.make(a) { any -> AnimatableValue? in
                kind == .object ? AnimatableValue.inferring(any) : ValueConversion.convert(any, to: kind)
            }
        }
    }

    /// Guesses the kind of an undeclared custom key from the animation's values.
    private static func inferKind(_ p: CAPropertyAnimation) -> ValueKind? {
        let sample: Any?
        switch p {
        case let b as CABasicAnimation: sample = b.fromValue ?? b.toValue ?? b.byValue
        case let k as CAKeyframeAnimation: sample = k.path != nil ? CGPoint.zero : k.values?.first
        default: sample = nil
        }
        guard let sample else { return nil }
        let v = AnimatableValue.inferring(sample)
        return v.kind == .object ? nil : v.kind
    }

    /// The warning for animations of a key the property table marks not animatable.
    private static func notAnimatable(_ path: String, _ property: LayerProperty, on layerClass: CALayer.Type) -> String
    {
        "\(layerClass): animations of \"\(path)\" change nothing: \(property.key) is not animatable; "
            + "they are kept (animationKeys lists them, their delegates hear them start and stop)"
    }

    /// Why an animation of a key path that goes on into another layer is not added.
    private static func relatedLayerRefusal(_ relationship: LayerRelationship, rest: String?, path: String) -> String {
        let there = rest.map { " with the key path \"\($0)\"" } ?? ""
        if case .sublayer(let name) = relationship {
            // Added on its own, such an animation runs on the sublayer (CALayer+SublayerAnimations.swift);
            // it reaches the compiler only inside a group, whose timing binds its animations to one layer.
            return "key path \"\(path)\" animates the sublayer named \"\(name)\", which glayers does for an "
                + "animation added to the superlayer on its own but not inside a group; add it on its own, "
                + "or add the group to that sublayer\(there)"
        }
        return "key path \"\(path)\" goes on into the layer's \(relationship); an animation animates the layer "
            + "it is added to: add it to the \(relationship)\(there)"
    }

    private static func checkFilterInput(_ layer: CALayer, background: Bool, name: String, input: String, path: String)
        throws
    {
        let filters = background ? layer.layerState.backgroundFilters : layer.layerState.filters
        guard let f = filters.first(where: { $0.name == name }) else {
            let names = filters.compactMap(\.name)
            throw AnimationError(
                message: "key path \"\(path)\": the layer has no filter named \"\(name)\""
                    + (names.isEmpty ? "" : " (filters: \(names.joined(separator: ", ")))"))
        }
        guard f.input(input) != nil else {
            let inputs = f.kind.inputs.map(\.key).joined(separator: ", ")
            throw AnimationError(
                message: "key path \"\(path)\": \(f.kind.rawValue) has no input \"\(input)\" (inputs: \(inputs))")
        }
    }

    // MARK: Value functions

    private static func compileValueFunction(
        _ p: CAPropertyAnimation, _ vf: CAValueFunction, _ keyPath: LayerKeyPath, _ timing: AnimationTiming,
        _ ctx: CompileContext
    ) throws -> CompiledAnimation {
        guard let t = keyPath.property as? TransformProperty, keyPath.component == nil else {
            throw AnimationError(
                message: "valueFunction \(vf.name.rawValue) needs the key path transform or sublayerTransform")
        }
        let sublayer = t.isSublayerTransform
        let additive = p.isAdditive
        func write(_ s: inout PresentedState, _ m: CATransform3D) {
            if sublayer {
                s.finish()
                s.state.sublayerTransform = additive ? m.concatenating(s.state.sublayerTransform) : m
            } else {
                s.finish()
                s.state.transform = additive ? m.concatenating(s.state.transform) : m
            }
        }
        let reset: StateReset = { s, model in s.resetTransform(sublayer: sublayer, to: model) }
        let build = PropertyAnimationBuilder(
            animation: p, timing: timing, ctx: ctx, kind: .number, path: keyPath.string, forceNonAdditive: true)
        if vf.takesVector {
            let lens = StateAccess<CGRect>(
                get: { _ in .zero },
                set: { s, v in write(&s, vf.matrix((Double(v.minX), Double(v.minY), Double(v.width)))) }, reset: reset)
            return try build.make(lens) { any -> CGRect? in
                guard let a = ValueConversion.numbers(any), a.count == 3 else { return nil }
                // A 3-vector carried in a rect's first three members (x, y, width).
                return CGRect(x: a[0], y: a[1], width: a[2], height: 0)
            }
        }
        let lens = StateAccess<CGFloat>(
            get: { _ in 0 }, set: { s, v in write(&s, vf.matrix((Double(v), Double(v), Double(v)))) }, reset: reset)
        return try build.make(lens) { NumberCoercion.double($0).map { CGFloat($0) } }
    }
}

/// Builds the compiled form of one property animation.
struct PropertyAnimationBuilder {
    let animation: CAPropertyAnimation
    let timing: AnimationTiming
    let ctx: CompileContext
    let kind: ValueKind
    let path: String
    var forceNonAdditive = false
    /// Where the animation writes on the fast path, when it takes it.
    var fastTarget: FastTarget?

    var additive: Bool { animation.isAdditive && !forceNonAdditive }

    /// The options of a basic animation.
    var basicOptions: BasicOptions {
        var o: BasicOptions = []
        if additive { o.insert(.additive) }
        if animation.isCumulative { o.insert(.cumulative) }
        if timing.autoreverses { o.insert(.autoreverses) }
        if timing.curve != nil { o.insert(.eased) }
        return o
    }

    /// The compiled animation of a value reached through `access`; `lanes` puts a value in a
    /// fast animation's lanes (numbers and points; nil: never fast).
    func make<V: Interpolatable>(
        _ access: StateAccess<V>, lanes: ((V) -> Lanes)? = nil, convert: (Any?) -> V?
    ) throws -> CompiledAnimation {
        // `what` names the value in an error only (made for every keyframe value, the names
        // were a twentieth of adding a large Lottie file's animations).
        func typed(_ any: Any?, _ what: @autoclosure () -> String) throws -> V {
            guard let v = convert(any) else {
                throw AnimationError(
                    message: "\(what()) \(describe(any)) is not \(kind.expected), the type of \"\(path)\"")
            }
            if !v.hasFiniteComponents {
                throw AnimationError(message: "\(what()) \(describe(any)) is not finite")
            }
            return v
        }
        switch animation {
        case let k as CAKeyframeAnimation:
            return .general(try KeyframeBuilder(builder: info, animation: k).make(access, typed: typed))
        case let b as CABasicAnimation:
            guard let ends = try basicEnds(b, access: access, typed: typed) else {
                return .inert(timing)
            }
            if let target = fastTarget, let lanes {
                let fast = FastAnimation(
                    target: target, ends: ends.map(lanes), options: basicOptions, timing: timing.core)
                return .fast(fast, curve: timing.curve)
            }
            let spring = (b as? CASpringAnimation).map(SpringSolver.init)
            let step = BasicStep(
                access: access, basic: BasicInterpolation(ends: ends, options: basicOptions), spring: spring,
                duration: timing.duration)
            return .general(step.evaluator(timing))
        default:
            throw AnimationError(message: "\(type(of: animation)) cannot animate \"\(path)\"")
        }
    }

    /// The ends of a basic animation, or nil when it gives none and there is nothing to animate
    /// from (no effect).
    private func basicEnds<V: Interpolatable>(
        _ b: CABasicAnimation, access: StateAccess<V>, typed: (Any?, @autoclosure () -> String) throws -> V
    ) throws -> BasicEnds<V>? {
        let from = try b.fromValue.map { try typed($0, "fromValue") }
        let to = try b.toValue.map { try typed($0, "toValue") }
        let by = try b.byValue.map { try typed($0, "byValue") }
        switch (from, to, by) {
        case let (f?, t?, _): return .fixed(f, t)
        case let (f?, nil, d?): return .fixed(f, V.sum(f, d))
        case let (nil, t?, d?): return .fixed(V.difference(t, d), t)
        case let (f?, nil, nil): return .fromValue(f)
        case let (nil, t?, nil): return .toValue(t)
        case let (nil, nil, d?): return .byValue(d)
        case (nil, nil, nil):
            // The implicit case: from the value on screen before the change.
            guard let before = ctx.before else { return nil }
            var s = PresentedState(before)
            return .fromValue(access.get(&s))
        }
    }
}

private func describe(_ any: Any?) -> String {
    guard let any else { return "nil" }
    return "\(any) (\(type(of: any)))"
}
