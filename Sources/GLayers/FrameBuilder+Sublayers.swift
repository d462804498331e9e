/// Flattening, sublayer order: paint order by zPosition (stable for ties, the last frame's order
/// reused while it holds) and the copies a replicator layer draws.
import Foundation

extension FrameBuilder {
    // MARK: Sublayer order

    /// Calls `body` for each sublayer in paint order (by zPosition, stable), once per
    /// replicator instance.
    func forEachSublayer(of node: FlattenNode, state: LayerState, _ body: (FlattenNode, ReplicaInstance?) -> Void) {
        let n = node.sublayerCount
        let instances = replicaInstances(node, state)
        func each(_ i: Int) {
            if let instances {
                for inst in instances { body(node.sublayer(i), inst) }
            } else {
                body(node.sublayer(i), nil)
            }
        }
        if let layer = node.liveLayer {
            // The paint order is kept by the layer until a sublayer changes. The sublayers a
            // few places ahead are prefetched: their memory is not in the cache.
            if !layer.paintOrderIsCurrent { layer.updatePaintOrder() }
            layer.sublayerStorage.withUnsafeBufferPointer { subs in
                // Three stages, each reading only what the previous one brought in: the object
                // three places ahead, its block or model state two ahead, the style box of the
                // presented state one ahead.
                func prefetch(_ at: (Int) -> Int?) {
                    if let j = at(3) { CALayer.prefetchObject(subs, j) }
                    if let j = at(2) { CALayer.prefetchLayer(subs, j) }
                    if let j = at(1) { CALayer.prefetchPresentedStyle(subs, j) }
                }
                if layer.paintOrder.isEmpty {
                    for i in 0..<n {
                        prefetch { i + $0 < subs.count ? i + $0 : nil }
                        each(i)
                    }
                } else {
                    layer.paintOrder.withUnsafeBufferPointer { order in
                        for k in order.indices {
                            prefetch { k + $0 < order.count && Int(order[k + $0]) < subs.count ? Int(order[k + $0]) : nil }
                            each(Int(order[k]))
                        }
                    }
                }
            }
            return
        }
        var order: [(CGFloat, Int)] = []
        for i in 0..<n { order.append((node.sublayerZ(i), i)) }
        order.sort { a, b in a.0 != b.0 ? a.0 < b.0 : a.1 < b.1 }
        for (_, i) in order { each(i) }
    }

    /// The instances of a replicator layer's sublayers, or nil for other layers.
    func replicaInstances(_ node: FlattenNode, _ s: LayerState) -> [ReplicaInstance]? {
        guard let replicator = node.replicator else { return nil }
        let count = min(max(replicator.instanceCount, 0), 10_000)
        let step = replicator.instanceTransform
        let a = s.anchorInBounds
        let about = CATransform3DMakeTranslation(-a.x, -a.y, 0).concatenating(step).concatenating(CATransform3DMakeTranslation(a.x, a.y, 0))
        let baseAlpha = Float(replicator.instanceColor?.alpha ?? 1)
        var m = CATransform3D.identity
        var out: [ReplicaInstance] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let alpha = min(max(baseAlpha + Float(i) * replicator.instanceAlphaOffset, 0), 1)
            out.append(ReplicaInstance(matrix: m, delay: Double(i) * replicator.instanceDelay, alpha: alpha))
            m = about.concatenating(m)
        }
        return out
    }
}

/// One copy of a replicator layer's sublayers.
struct ReplicaInstance {
    var matrix: CATransform3D
    var delay: CFTimeInterval
    var alpha: Float
}
