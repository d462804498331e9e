/// Where an animated layer's presentation is evaluated, frame after frame, without allocating
/// and without copying its whole state (SPEC A1; the #3 performance budget).
///
/// Each animated layer owns one `AnimationBlock`: its presented state (`EvalState`) followed by
/// its fast animations and their timing functions, in one allocation made when its animations
/// are compiled. Evaluating
/// the layer touches that block and the per-frame fields at the top of `CALayer`:
///
/// - The presented state is kept between frames. When the model values and the animations are
///   unchanged since it was last reset, and every animation is a fast one, only the fields those
///   animations write are reset from the model before they run again; otherwise the whole model
///   state is copied in (`presentationIsCurrent`, cleared by any model change and by a rebuild).
/// - Asking twice for the same local time evaluates once: the headless renderer and the window
///   evaluate once per frame while flattening; tools and benchmarks may ask before that.
/// - The transform's parts are kept with the state (`EvalState.transformParts`): the components
///   the animations wrote are put back from their model values, so transform-component
///   animations neither decompose nor copy the model matrix every frame.
import CEngineSupport
import Foundation

/// One allocation: an `EvalState`, then room for `capacity` fast animations, then their
/// timing functions (read only for animations with `.eased`).
struct AnimationBlock {
    private let raw: UnsafeMutableRawPointer
    /// How many fast animations fit.
    let capacity: Int
    /// How many fast animations are stored.
    private(set) var count = 0
    /// Whether any stored animation has a timing function other than linear.
    private(set) var hasCurves = false

    private static let opsOffset = roundUp(MemoryLayout<EvalState>.stride, MemoryLayout<FastAnimation>.alignment)

    private static func roundUp(_ n: Int, _ alignment: Int) -> Int { (n + alignment - 1) / alignment * alignment }

    private var curvesOffset: Int { Self.curvesOffset(capacity) }

    private static func curvesOffset(_ capacity: Int) -> Int {
        roundUp(opsOffset + capacity * MemoryLayout<FastAnimation>.stride, MemoryLayout<BezierCurve>.alignment)
    }

    /// A block for `capacity` fast animations whose state starts as `state`.
    init(capacity: Int, state: LayerState) {
        self.capacity = capacity
        let size = Self.curvesOffset(capacity) + capacity * MemoryLayout<BezierCurve>.stride
        let align = max(
            MemoryLayout<EvalState>.alignment, MemoryLayout<FastAnimation>.alignment,
            MemoryLayout<BezierCurve>.alignment)
        raw = .allocate(byteCount: size, alignment: align)
        raw.initializeMemory(as: EvalState.self, repeating: EvalState(state), count: 1)
    }

    /// The presentation cache.
    @inline(__always)
    var state: UnsafeMutablePointer<EvalState> { raw.assumingMemoryBound(to: EvalState.self) }

    /// The fast animations, in program order.
    @inline(__always)
    var fast: UnsafeMutableBufferPointer<FastAnimation> {
        UnsafeMutableBufferPointer(
            start: (raw + Self.opsOffset).assumingMemoryBound(to: FastAnimation.self), count: count)
    }

    /// The timing functions of the fast animations, by the same index.
    @inline(__always)
    var curves: UnsafeMutablePointer<BezierCurve> { (raw + curvesOffset).assumingMemoryBound(to: BezierCurve.self) }

    /// Replaces the fast animations with `ops` and their timing functions (nil: linear; at
    /// most `capacity`).
    mutating func setFast(_ ops: [FastAnimation], curves: [BezierCurve?]) {
        precondition(ops.count <= capacity && curves.count == ops.count)
        let base = (raw + Self.opsOffset).assumingMemoryBound(to: FastAnimation.self)
        base.deinitialize(count: count)
        self.curves.deinitialize(count: count)
        ops.withUnsafeBufferPointer { src in
            if let s = src.baseAddress { base.initialize(from: s, count: src.count) }
        }
        let linear = BezierCurve(CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        for (i, c) in curves.enumerated() { (self.curves + i).initialize(to: c ?? linear) }
        count = ops.count
        hasCurves = curves.contains { $0 != nil }
    }

    /// Starts loading the parts of the block a frame touches into the cache (the next layers'
    /// blocks are prefetched while one is evaluated: a frame's cost is otherwise the wait for
    /// memory): the flags and transform parts, the first lines of the state (position,
    /// transform), and the fast animations.
    /// - `wholeState`: the whole presented state too (flattening copies it).
    @inline(__always)
    func prefetch(wholeState: Bool = false) {
        var offset = 0
        let stateEnd = wholeState ? MemoryLayout<EvalState>.size : Self.hotStateBytes
        while offset < stateEnd {
            glayers_prefetch(raw + offset)
            offset += 64
        }
        offset = Self.opsOffset
        let end =
            hasCurves
            ? curvesOffset + count * MemoryLayout<BezierCurve>.stride
            : Self.opsOffset + count * MemoryLayout<FastAnimation>.stride
        while offset < end {
            glayers_prefetch(raw + offset)
            offset += 64
        }
    }

    /// The bytes of an `EvalState` up to the end of `state.transform`.
    private static let hotStateBytes: Int = {
        let state = MemoryLayout<EvalState>.offset(of: \EvalState.state) ?? MemoryLayout<EvalState>.size
        let end = MemoryLayout<LayerState>.offset(of: \LayerState.transform).map {
            $0 + MemoryLayout<CATransform3D>.size
        }
        return state + (end ?? MemoryLayout<LayerState>.size)
    }()

    /// Starts loading the style box of the presented state (flattening copies the state, which
    /// retains the box: a write to a line nobody has read yet). Call once the block is cached.
    @inline(__always)
    func prefetchStyle() {
        let style = UnsafeRawPointer(raw + Self.styleOffset).load(as: UnsafeRawPointer.self)
        glayers_prefetch(style)
    }

    private static let styleOffset: Int = {
        guard let state = MemoryLayout<EvalState>.offset(of: \EvalState.state),
            let style = MemoryLayout<LayerState>.offset(of: \LayerState.style)
        else { preconditionFailure("EvalState.state and LayerState.style are stored properties") }
        return state + style
    }()

    /// Releases the block (the layer is going away or needs a bigger one).
    func free() {
        (raw + Self.opsOffset).assumingMemoryBound(to: FastAnimation.self).deinitialize(count: count)
        curves.deinitialize(count: count)
        state.deinitialize(count: 1)
        raw.deallocate()
    }
}

extension CALayer {
    /// Recompiles `animationProgram` from `animationEntries` (after an add, a removal or a
    /// commit), storing the fast animations in the layer's block (made or grown here, so
    /// evaluation never allocates).
    func rebuildAnimationProgram() {
        animationProgram.removeAll(keepingCapacity: true)
        var fast: [FastAnimation] = [], curves: [BezierCurve?] = []
        for entry in animationEntries {
            if var op = entry.fast {
                op.timing = entry.evaluator.timing.core
                animationProgram.append(.fast(fast.count))
                fast.append(op)
                curves.append(entry.evaluator.timing.curve)
            } else {
                animationProgram.append(.general(Unmanaged.passUnretained(entry)))
            }
        }
        if !isAnimated {
            // Nothing to evaluate: let go of the block and of the images its state holds.
            animationBlock?.free()
            animationBlock = nil
        } else if (animationBlock?.capacity ?? -1) < fast.count {
            animationBlock?.free()
            animationBlock = AnimationBlock(capacity: fast.count, state: layerState)
        }
        animationBlock?.setFast(fast, curves: curves)
        programIsFast = fast.count == animationProgram.count
        redrawsWhileAnimating = animationEntries.contains { $0.redrawsContents }
        presentationIsCurrent = false
        nextAnimationEvent = -.infinity
        TransactionContext.current.animationTimesChanged()
    }

    /// Evaluates the layer's animations at local time `t` into its presentation cache and
    /// returns it (valid until the layer's animations change, it is evaluated at another time,
    /// or it goes away). The layer must have animations.
    func evaluatePresentation(atLocalTime t: CFTimeInterval) -> UnsafeMutablePointer<EvalState> {
        if animationBlock == nil { rebuildAnimationProgram() }
        let block = animationBlock!
        let cache = block.state
        if presentationIsCurrent {
            if t == presentationCacheTime { return cache }
            if programIsFast {
                resetFastTargets(&cache.pointee, block.fast)
            } else {
                cache.pointee.reset(to: layerState)
            }
        } else {
            cache.pointee.reset(to: layerState)
            if programIsFast { keepModelValues(&cache.pointee, block.fast) }
            presentationIsCurrent = true
        }
        if programIsFast {
            let ops = block.fast, curves = block.curves
            for i in ops.indices { ops[i].apply(&cache.pointee, at: t, curve: curves + i) }
        } else {
            runGeneralProgram(&cache.pointee, block, at: t)
        }
        if cache.pointee.transformIsStale && !cache.pointee.transformPartsActive {
            cache.pointee.state.transform = layerState.transform
        }
        cache.pointee.transformIsStale = false
        cache.pointee.finish()
        presentationCacheTime = t
        return cache
    }

    /// Runs a program with general steps on `s` at the layer's local time `t`.
    private func runGeneralProgram(_ s: inout EvalState, _ block: AnimationBlock, at t: Double) {
        let fast = block.fast, curves = block.curves
        for op in animationProgram {
            switch op {
            case .fast(let i): fast[i].apply(&s, at: t, curve: curves + i)
            case .general(let e): e._withUnsafeGuaranteedRef { $0.evaluator.apply(to: &s, at: t) }
            }
        }
    }

    /// Resets the fields the fast animations write to their model values (the rest of `s`
    /// already holds them: only a fast program ran on it since it was reset). Numbers and
    /// transform components come from the animations' `modelValue`, not from the layer;
    /// `transform` is composed again from the parts, or put back after the animations ran if
    /// none of them was active; only `sublayerTransform`, which is not kept in parts between
    /// frames, is copied from the model.
    private func resetFastTargets(_ s: inout EvalState, _ ops: UnsafeMutableBufferPointer<FastAnimation>) {
        for i in ops.indices {
            switch ops[i].target {
            case .scalar, .point: ops[i].target.write(ops[i].modelValue, &s)
            case .transform(let c, let sublayer):
                if sublayer {
                    s.state.sublayerTransform = layerState.sublayerTransform
                } else {
                    s.transformIsStale = true
                    // Put the component back (`transformPartsAreModel` then still holds).
                    if c == .scale {
                        s.transformParts.scale = s.modelParts.scale
                    } else {
                        s.transformParts.setComponent(c, ops[i].modelValue.x)
                    }
                }
            }
        }
        s.transformIsModel = true
    }

    /// Records the model values of the fast animations' targets (`s` was just reset to the
    /// model), and makes the transform parts the model's.
    private func keepModelValues(_ s: inout EvalState, _ ops: UnsafeMutableBufferPointer<FastAnimation>) {
        for i in ops.indices {
            if case .transform(let c, let sublayer) = ops[i].target {
                guard !sublayer else { continue }
                s.activateParts(sublayer: false)
                ops[i].modelValue.x = s.transformParts.component(c)
            } else {
                ops[i].modelValue = ops[i].target.read(&s)
            }
        }
        // Not active yet: the animations activate them if any of them applies.
        s.transformPartsActive = false
    }
}

extension CALayer {
    /// Evaluates the animations of every layer in this layer's tree (its sublayers and masks,
    /// recursively) at media time `t` into their presentation caches, so that flattening and
    /// `presentation()` at that time find them evaluated.
    ///
    /// One sweep in tree order, prefetching the layers a few places ahead: the work per layer
    /// is small and the memory of ten thousand layers does not stay in the cache between frames.
    public func evaluatePresentationTree(atMediaTime t: CFTimeInterval) {
        let parent = (superlayerStorage ?? maskOwner)?.localTime(atMediaTime: t) ?? t
        evaluateSubtree(parentTime: parent)
        presentationTreeTime = parent
    }

    /// Evaluates this layer and its tree, given its superlayer's local time.
    func evaluateSubtree(parentTime: CFTimeInterval) {
        let t = fromParentTime(parentTime)
        if isAnimated { _ = evaluatePresentation(atLocalTime: t) }
        maskStorage?.evaluateSubtree(parentTime: t)
        sublayerStorage.withUnsafeBufferPointer { subs in
            let n = subs.count
            for i in 0..<n {
                if i + 8 < n { Self.prefetchObject(subs, i + 8) }
                if i + 4 < n { Self.prefetchBlock(subs, i + 4) }
                subs[i].evaluateSubtree(parentTime: t)
            }
        }
    }

    /// The address of the object `layers[i]`, read as a raw pointer: taking the reference would
    /// retain the object, which waits for its memory, the very thing prefetching avoids.
    @inline(__always)
    private static func address(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(layers.baseAddress! + i).load(as: UnsafeRawPointer.self)
    }

    /// Starts loading the per-frame fields of the layer `layers[i]` into the cache.
    @inline(__always)
    static func prefetchObject(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        let p = address(layers, i)
        glayers_prefetch(p)
        glayers_prefetch(p + 64)
    }

    /// Starts loading the lines of the animation block of `layers[i]` that evaluation touches.
    @inline(__always)
    static func prefetchBlock(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        Unmanaged<CALayer>.fromOpaque(address(layers, i))._withUnsafeGuaranteedRef { $0.animationBlock?.prefetch() }
    }

    /// Starts loading what flattening reads of the layer `layers[i]`, whose first lines
    /// `prefetchObject` asked for an iteration earlier: its animation block with the whole
    /// presented state, or, for a layer without animations, its model state.
    @inline(__always)
    static func prefetchLayer(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        let p = address(layers, i)
        Unmanaged<CALayer>.fromOpaque(p)._withUnsafeGuaranteedRef { layer in
            if let block = layer.animationBlock {
                block.prefetch(wholeState: true)
            } else {
                var offset = modelStateLines.lowerBound
                while offset < modelStateLines.upperBound {
                    glayers_prefetch(p + offset)
                    offset += 64
                }
            }
        }
    }

    /// The bytes of a layer object that hold its model state, what flattening copies of a layer
    /// without animations. Swift gives no offsets of a class's stored properties: `layerState`
    /// follows the per-frame fields declared first in `CALayer`, and measured on x86-64 it
    /// starts at byte 136 and is 496 bytes long, so lines 2 to 9 hold all of it. Should the
    /// layout move, a prefetch of the wrong line is only a wasted hint.
    private static let modelStateLines = 128..<640

    /// Starts loading the style box of the presented state of `layers[i]`, prefetched by
    /// `prefetchLayer` an iteration earlier.
    @inline(__always)
    static func prefetchPresentedStyle(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        Unmanaged<CALayer>.fromOpaque(address(layers, i))._withUnsafeGuaranteedRef {
            $0.animationBlock?.prefetchStyle()
        }
    }
}
