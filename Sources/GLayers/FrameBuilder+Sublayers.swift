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
                let ahead = 2
                if layer.paintOrder.isEmpty {
                    for i in 0..<n {
                        if i + ahead < subs.count { CALayer.prefetchLayer(subs, i + ahead) }
                        if i + 1 < subs.count { CALayer.prefetchPresentedStyle(subs, i + 1) }
                        each(i)
                    }
                } else {
                    layer.paintOrder.withUnsafeBufferPointer { order in
                        for k in order.indices {
                            if k + ahead < order.count, Int(order[k + ahead]) < subs.count {
                                CALayer.prefetchLayer(subs, Int(order[k + ahead]))
                            }
                            if k + 1 < order.count, Int(order[k + 1]) < subs.count {
                                CALayer.prefetchPresentedStyle(subs, Int(order[k + 1]))
                            }
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
