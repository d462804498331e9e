/// Evaluating presentation: a layer's animations at a local time into its presentation cache
/// (`AnimationStack`), and a whole tree in one prefetching sweep before it is flattened.
import CEngineSupport
import Foundation

extension CALayer {
    /// Evaluates the layer's animations at local time `t` into its presentation cache and
    /// returns it (valid until the layer's animations change, it is evaluated at another time,
    /// or it goes away). The layer must have animations.
    @inline(__always)
    func evaluatePresentation(atLocalTime t: CFTimeInterval) -> UnsafeMutablePointer<PresentedState> {
        withUnsafeMutablePointer(to: &layerState) { animations.evaluate(model: $0, at: t) }
    }

    /// Evaluates the animations of every layer in this layer's tree (its sublayers and masks,
    /// recursively) at media time `t` into their presentation caches, so that flattening and
    /// `presentation()` at that time find them evaluated — all but the leaves among the
    /// sublayers of a wide layer (`EngineThreads.minimumParallelSublayers` or more, with
    /// threads to use), which flattening evaluates on several threads as it places them
    /// (FrameBuilder+ParallelLeaves.swift), and `presentation()` when asked, and but the
    /// trees of layers that show nothing (`LayerState.showsNothing`), which are not drawn.
    ///
    /// One sweep in tree order, prefetching the layers a few places ahead: the work per layer
    /// is small and the memory of ten thousand layers does not stay in the cache between frames.
    public func evaluatePresentationTree(atMediaTime t: CFTimeInterval) {
        let parent = (superlayerStorage ?? maskOwner)?.localTime(atMediaTime: t) ?? t
        evaluateSubtree(parentTime: parent)
        presentationTreeTime = parent
    }

    /// Evaluates this layer and its tree, given its superlayer's local time.
    ///
    /// - `parallel`: a layer with at least `EngineThreads.minimumParallelSublayers` sublayers
    ///   splits them among `EngineThreads.count` threads (once per sweep: the subtrees below
    ///   evaluate on the thread that took them). Each layer's presentation is its own, so the
    ///   result does not depend on the split.
    func evaluateSubtree(parentTime: CFTimeInterval, parallel: Bool = true) {
        let t = fromParentTime(parentTime)
        // The tree of a layer that shows nothing is not drawn: it is left to whoever asks for
        // it (`presentation()`), which evaluates it then. A Lottie layer outside its in and
        // out points is hidden, and most of a composition's layers are at any one time.
        if isAnimated {
            if evaluatePresentation(atLocalTime: t).pointee.state.showsNothing { return }
        } else if layerState.showsNothing {
            return
        }
        maskStorage?.evaluateSubtree(parentTime: t, parallel: parallel)
        // Lent (evaluation changes no sublayers): `withUnsafeBufferPointer` retained and
        // released the array, and the layer with it, at every layer.
        let subs = lentSublayers
        let n = subs.count
        // A leaf reads no setting: each read of a static variable is an exclusivity check
        // (about 90 instructions, 6 % of evaluating a snowflake).
        guard n > 0 else { return }
        guard parallel && n >= EngineThreads.minimumParallelSublayers && EngineThreads.count > 1 else {
            Self.evaluate(subs, 0..<n, parentTime: t, parallel: parallel)
            return
        }
        // The leaves are left to flattening, which evaluates them where it places them: one
        // sweep through their memory instead of two. The other sublayers' trees are split
        // among the threads when there are enough of them to pay for waking the workers.
        if sublayerBranches < 0 {
            var branches: Int8 = 0
            for i in 0..<n where branches < 64 {
                if i + 8 < n { Self.prefetchObject(subs, i + 8) }
                if !Unmanaged.passUnretained(subs[i])._withUnsafeGuaranteedRef({ $0.isLeaf }) { branches += 1 }
            }
            sublayerBranches = branches
        }
        let branches = sublayerBranches
        guard branches >= 64 else {
            if branches > 0 { Self.evaluate(subs, 0..<n, parentTime: t, parallel: false, leaves: false) }
            return
        }
        let chunks = min(EngineThreads.count, n / 128)
        EngineWorkers.shared.run(chunks, BranchEvaluation(subs: subs, chunks: chunks, parentTime: t))
    }

    /// The trees of a wide layer's sublayers that are not leaves, split among the engine's
    /// threads: chunk `k` evaluates those of its share of `subs`.
    private struct BranchEvaluation: EngineJob {
        let subs: UnsafeBufferPointer<CALayer>
        let chunks: Int
        let parentTime: CFTimeInterval

        func run(chunk k: Int) {
            let n = subs.count
            CALayer.evaluate(
                subs, (n * k / chunks)..<(n * (k + 1) / chunks), parentTime: parentTime, parallel: false, leaves: false)
        }
    }

    /// Whether the layer has neither sublayers nor a mask.
    @inline(__always)
    var isLeaf: Bool { sublayerStorage.isEmpty && maskStorage == nil }

    /// The sublayers, lent: the elements of `sublayerStorage` where the array keeps them.
    /// Valid while the sublayers do not change: during evaluation and flattening, which change
    /// none (the host commits and lays out before either). `withUnsafeBufferPointer` on the
    /// stored array retains and releases its buffer around the call (the array could be
    /// changed by the closure, as far as the compiler knows); here the pointer is taken and
    /// nothing runs between the retain and release, which the optimizer then removes.
    @inline(__always)
    var lentSublayers: UnsafeBufferPointer<CALayer> { sublayerStorage.withUnsafeBufferPointer { $0 } }

    /// The paint order (`paintOrder`), lent as `lentSublayers` is: valid while it stays current.
    @inline(__always)
    var lentPaintOrder: UnsafeBufferPointer<Int32> { paintOrder.withUnsafeBufferPointer { $0 } }

    /// Evaluates the trees of `subs[range]` (without the layers that have no sublayers and no
    /// mask, unless `leaves`), prefetching ahead.
    fileprivate static func evaluate(
        _ subs: UnsafeBufferPointer<CALayer>, _ range: Range<Int>, parentTime t: CFTimeInterval, parallel: Bool,
        leaves: Bool = true
    ) {
        let end = range.upperBound
        for i in range {
            if i + 8 < end { prefetchObject(subs, i + 8) }
            if leaves && i + 4 < end { prefetchBlock(subs, i + 4) }
            // Lent, not retained: the array holds the layer.
            Unmanaged.passUnretained(subs[i])._withUnsafeGuaranteedRef {
                guard leaves || !$0.isLeaf else { return }
                $0.evaluateSubtree(parentTime: t, parallel: parallel)
            }
        }
    }

    // MARK: Prefetching

    /// The address of the object `layers[i]`, read as a raw pointer: taking the reference would
    /// retain the object, which waits for its memory, the very thing prefetching avoids.
    @inline(__always)
    private static func address(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(layers.baseAddress.unsafelyUnwrapped + i).load(as: UnsafeRawPointer.self)
    }

    /// Starts loading the per-frame fields of the layer `layers[i]` into the cache.
    @inline(__always)
    static func prefetchObject(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        let p = address(layers, i)
        glayers_prefetch(p)
        glayers_prefetch(p + 64)
    }

    /// Starts loading the lines of the presentation block of `layers[i]` that evaluation
    /// touches.
    @inline(__always)
    static func prefetchBlock(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        Unmanaged<CALayer>.fromOpaque(address(layers, i))._withUnsafeGuaranteedRef { $0.animations.prefetch() }
    }

    /// Starts loading what flattening reads of the layer `layers[i]`, whose first lines
    /// `prefetchObject` asked for an iteration earlier: for a layer whose item is memoized, the
    /// memo and the lines of its presented state that place it; else its presentation block
    /// with the whole presented state, or, for a layer without animations, its model state.
    ///
    /// - `evaluating`: the layer is evaluated where it is placed (a leaf of a wide layer,
    ///   FrameBuilder+ParallelLeaves.swift), so the lines evaluation touches are loaded too.
    /// - The address of the layer's `layerState` is its storage's (a final stored property
    ///   without observers): no offset is measured or written down; the memo's is the pointer
    ///   the object's first lines hold.
    @inline(__always)
    static func prefetchLayer(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int, evaluating: Bool = false) {
        Unmanaged<CALayer>.fromOpaque(address(layers, i))._withUnsafeGuaranteedRef { layer in
            if layer.hasFlattenMemo {
                prefetchLines(UnsafeRawPointer(layer.flattenMemo), MemoryLayout<FlattenMemo>.size)
                if layer.isAnimated {
                    if evaluating { layer.animations.prefetch() }
                    layer.animations.prefetchPlacement()
                } else {
                    withUnsafeMutablePointer(to: &layer.layerState) {
                        prefetchLines(UnsafeRawPointer($0), LayerState.placementBytes)
                    }
                }
            } else if layer.isAnimated {
                layer.animations.prefetch(wholeState: true)
            } else {
                withUnsafeMutablePointer(to: &layer.layerState) {
                    prefetchLines(UnsafeRawPointer($0), MemoryLayout<LayerState>.size)
                }
            }
        }
    }

    /// Starts loading the reference box of the presented state of `layers[i]`, prefetched by
    /// `prefetchLayer` an iteration earlier.
    @inline(__always)
    static func prefetchPresentedReferences(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        Unmanaged<CALayer>.fromOpaque(address(layers, i))._withUnsafeGuaranteedRef {
            // A memoized layer's item does not read the reference box.
            if !$0.hasFlattenMemo { $0.animations.prefetchReferences() }
        }
    }
}

/// Starts loading the cache lines of `bytes` bytes from `p`.
@inline(__always)
func prefetchLines(_ p: UnsafeRawPointer, _ bytes: Int) {
    var offset = 0
    while offset < bytes {
        glayers_prefetch(p + offset)
        offset += 64
    }
}
