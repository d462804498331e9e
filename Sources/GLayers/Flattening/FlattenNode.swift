/// What flattening walks: live layers (presented at a time) or frozen snapshots (the "before"
/// side of transitions), behind one small interface.
import Foundation
import GLayersGraphics

/// A node of the tree being flattened.
enum FlattenNode {
    case live(CALayer)
    case frozen(LayerSnapshot)

    /// Calls `body` with the address of the node's presented state and its local time, given
    /// its superlayer's local time: the state is read where it lies (the model state of a layer
    /// without animations, the presentation cache of an animated one), never copied — a copy
    /// of a `LayerState` is half a kilobyte and a retain of its reference box.
    ///
    /// - The address is valid during `body` only, and nothing may change the layer's model or
    ///   animations meanwhile (flattening does neither).
    @inline(__always)
    func withPresented<R>(parentTime: CFTimeInterval, _ body: (UnsafePointer<LayerState>, CFTimeInterval) -> R) -> R {
        switch self {
        case .live(let layer):
            let t = layer.fromParentTime(parentTime)
            if !layer.isAnimated { return withUnsafeMutablePointer(to: &layer.layerState) { body($0, t) } }
            let cache = layer.evaluatePresentation(atLocalTime: t)
            if layer.animations.redrawsContents {
                let drawn = layer.drawnPresentation(of: cache)
                return withUnsafeMutablePointer(to: &drawn.state) { body($0, t) }
            }
            return withUnsafeMutablePointer(to: &cache.pointee.state) { body($0, t) }
        case .frozen(let s):
            return withUnsafePointer(to: s.state) { body($0, parentTime) }
        }
    }

    var sublayerCount: Int {
        switch self {
        case .live(let l): return l.sublayerStorage.count
        case .frozen(let s): return s.sublayers.count
        }
    }

    func sublayer(_ i: Int) -> FlattenNode {
        switch self {
        case .live(let l): return .live(l.sublayerStorage[i])
        case .frozen(let s): return .frozen(s.sublayers[i])
        }
    }

    /// The zPosition of sublayer `i` of a snapshot (its presented value).
    func sublayerZ(_ i: Int) -> CGFloat {
        switch self {
        case .live(let l): return l.sublayerStorage[i].layerState.zPosition
        case .frozen(let s): return s.sublayers[i].state.zPosition
        }
    }

    var mask: FlattenNode? {
        switch self {
        case .live(let l): return l.maskStorage.map { .live($0) }
        case .frozen(let s): return s.mask.map { .frozen($0) }
        }
    }

    /// Whether the node has a mask (without making the mask's node, a retain and a release).
    var hasMask: Bool {
        switch self {
        case .live(let l): return l.maskStorage != nil
        case .frozen(let s): return s.mask != nil
        }
    }

    var preservesDepth: Bool {
        switch self {
        case .live(let l): return l.keepsSublayersIn3D
        case .frozen(let s): return s.preserves3D
        }
    }

    /// The emitter layer of a live node (a plain `CALayer` is told apart by its class alone,
    /// without a dynamic cast).
    var emitter: CAEmitterLayer? {
        guard case .live(let l) = self else { return nil }
        return Self.emitter(l)
    }

    /// `layer` as an emitter layer, if it is one (a plain `CALayer` told apart by its class).
    @inline(__always)
    static func emitter(_ layer: CALayer) -> CAEmitterLayer? {
        guard ObjectIdentifier(type(of: layer)) != ObjectIdentifier(CALayer.self) else { return nil }
        return layer as? CAEmitterLayer
    }

    /// The replicator layer of a live node (told apart without a dynamic cast for plain layers).
    var replicator: CAReplicatorLayer? {
        guard case .live(let l) = self, ObjectIdentifier(type(of: l)) != ObjectIdentifier(CALayer.self) else {
            return nil
        }
        return l as? CAReplicatorLayer
    }

    /// A stable identity for cache keys.
    var identity: ObjectIdentifier {
        switch self {
        case .live(let l): return ObjectIdentifier(l)
        case .frozen(let s): return ObjectIdentifier(s)
        }
    }

    var name: String {
        switch self {
        case .live(let l): return l.diagnosticName
        case .frozen: return "a transition snapshot"
        }
    }

    /// Whether the layer draws as one plain item (so rasterizing it would change nothing).
    func isSingleContentItem(_ s: UnsafePointer<LayerState>) -> Bool {
        sublayerCount == 0 && mask == nil && s.pointee.filters.isEmpty && s.pointee.shadowOpacity <= 0
            && s.pointee.compositingFilter == nil
    }

    /// The live layer, lent: the caller holds the node, which holds the layer.
    @inline(__always)
    var lentLayer: Unmanaged<CALayer>? {
        if case .live(let l) = self { return Unmanaged.passUnretained(l) }
        return nil
    }

    /// A snapshot of the node as presented (for the "before" of a new transition).
    var liveLayer: CALayer? {
        if case .live(let l) = self { return l }
        return nil
    }
}

extension CALayer {
    /// The presented state `cache` with its contents drawn from its presented values: drawn
    /// by a presentation copy of the layer (`display()`, with the presented values) when the
    /// presentation was evaluated since the last drawing, else the last drawing again. So a
    /// paused animation of a key the layer redraws for (a shape layer's `strokeEnd`, a custom
    /// property) costs no drawing while it stays paused, as on Apple, whose render server
    /// redraws a presentation only when its values change.
    ///
    /// - A model change (a new path, `setNeedsDisplay()` and its new contents) makes the next
    ///   evaluation start again from the model, and so a new drawing.
    func drawnPresentation(of cache: UnsafeMutablePointer<PresentedState>) -> DrawnPresentation {
        let evaluation = cache.pointee.evaluation
        if let drawn = cache.pointee.drawn, drawn.evaluation == evaluation { return drawn }
        // A drawing that draws what the last one drew (a path or gradient held between
        // keyframes, or past its animation's end) is the last one again: its rasters and
        // their textures serve again, and nothing is redrawn.
        let last = cache.pointee.drawn?.state.shape
        var state: LayerState
        if let shape = self as? CAShapeLayer,
            let shown = shape.displayedPresentation(of: cache.pointee.state, last: last)
        {
            // What the copy's `display()` would make, without the copy: a layer made and
            // freed, with its state's boxes, at every frame of every animated shape (and the
            // last drawing compared before a new one is measured).
            state = shown
        } else {
            let copy = copyByInitLayer()
            copy.layerState = cache.pointee.state
            copy.presentationSource = self
            copy.display()
            // The copy's state is the presented one with what `display()` wrote (its contents,
            // backing store and shape), in a reference box of its own since that write.
            state = copy.layerState
            // A plain shape layer compared before making its drawing; the copy made one (the
            // last again when it draws the same, or its stroke trimmed anew).
            if let last, let new = state.shape, new !== last, let reused = new.reusing(last) { state.shape = reused }
        }
        if let drawn = cache.pointee.drawn {
            drawn.evaluation = evaluation
            drawn.state = state
            return drawn
        }
        let drawn = DrawnPresentation(evaluation: evaluation, state: state)
        cache.pointee.drawn = drawn
        return drawn
    }
}

extension CALayer {
    /// Brings `paintOrder` up to date at the layer's local time `t`: empty when the sublayers
    /// are already in non-decreasing zPosition, else their indices sorted stably by presented
    /// zPosition, as Core Animation sorts them. Kept between frames until a sublayer, a
    /// sublayer's zPosition or its animations change; recomputed every frame while a sublayer
    /// has an animation that may change its zPosition.
    func updatePaintOrder(atLocalTime t: CFTimeInterval) {
        var animated = false
        paintOrder =
            Self.zOrder(sublayerStorage.count) { i in
                let sub = sublayerStorage[i]
                guard sub.animations.changesPaintOrder else { return sub.layerState.zPosition }
                animated = true
                return sub.evaluatePresentation(atLocalTime: sub.fromParentTime(t)).pointee.state.zPosition
            } ?? []
        // Presentation copies are not told about changes: they sort every time.
        paintOrderIsCurrent = !isPresentationCopy && !animated
    }

    /// The indices `0..<n` sorted stably by `z`, or nil when they are in order already.
    static func zOrder(_ n: Int, _ z: (Int) -> CGFloat) -> [Int32]? {
        var last = -CGFloat.infinity
        var sorted = true
        for i in 0..<n {
            let zi = z(i)
            if zi < last {
                sorted = false
                break
            }
            last = zi
        }
        if sorted { return nil }
        var keyed: [(CGFloat, Int32)] = []
        keyed.reserveCapacity(n)
        for i in 0..<n { keyed.append((z(i), Int32(i))) }
        keyed.sort { a, b in a.0 != b.0 ? a.0 < b.0 : a.1 < b.1 }
        return keyed.map(\.1)
    }
}
