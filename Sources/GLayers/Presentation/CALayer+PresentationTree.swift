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
    /// `prefetchObject` asked for an iteration earlier: its presentation block with the whole
    /// presented state, or, for a layer without animations, its model state.
    @inline(__always)
    static func prefetchLayer(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        let p = address(layers, i)
        Unmanaged<CALayer>.fromOpaque(p)._withUnsafeGuaranteedRef { layer in
            if layer.isAnimated {
                layer.animations.prefetch(wholeState: true)
            } else {
                var offset = modelStateOffset
                while offset < modelStateOffset + MemoryLayout<LayerState>.size {
                    glayers_prefetch(p + offset)
                    offset += 64
                }
            }
        }
    }

    /// Where `layerState` lies in a layer object, measured once on a probe layer (Swift gives
    /// no offsets of a class's stored properties; `layerState` is a final stored property
    /// without observers, so its address is the object's own storage). The test
    /// `PresentationBlockTests.modelStateOffset` checks it.
    static let modelStateOffset: Int = {
        let probe = CALayer()
        let object = UnsafeRawPointer(Unmanaged.passUnretained(probe).toOpaque())
        return withUnsafeMutablePointer(to: &probe.layerState) { UnsafeRawPointer($0) - object }
    }()

    /// Starts loading the reference box of the presented state of `layers[i]`, prefetched by
    /// `prefetchLayer` an iteration earlier.
    @inline(__always)
    static func prefetchPresentedReferences(_ layers: UnsafeBufferPointer<CALayer>, _ i: Int) {
        Unmanaged<CALayer>.fromOpaque(address(layers, i))._withUnsafeGuaranteedRef {
            $0.animations.prefetchReferences()
        }
    }
}
