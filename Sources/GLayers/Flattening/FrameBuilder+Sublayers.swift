/// Flattening, sublayer order: paint order by zPosition (stable for ties, the last frame's order
/// reused while it holds) and the copies a replicator layer draws.
import Foundation

extension FrameBuilder {
    // MARK: Sublayer order

    /// Calls `body` for each sublayer in paint order (by zPosition, stable), once per
    /// replicator instance.
    ///
    /// - `time`: the layer's local time (sublayers whose zPosition animates sort by their
    ///   presented zPosition at it).
    func forEachSublayer(
        of node: FlattenNode, state: LayerState, time: CFTimeInterval, _ body: (FlattenNode, ReplicaInstance?) -> Void
    ) {
        let instances = replicaInstances(node, state)
        func each(_ i: Int) {
            if let instances {
                for inst in instances { body(node.sublayer(i), inst) }
            } else {
                body(node.sublayer(i), nil)
            }
        }
        guard let layer = node.liveLayer else {
            // Snapshots (the "before" of transitions): sorted every time.
            let n = node.sublayerCount
            if let order = CALayer.zOrder(n, { node.sublayerZ($0) }) {
                for i in order { each(Int(i)) }
            } else {
                for i in 0..<n { each(i) }
            }
            return
        }
        // The paint order is kept by the layer until a sublayer changes (every frame while a
        // sublayer's zPosition animates). The sublayers a few
        // places ahead are prefetched in three stages, each reading only what the one before
        // brought in: the object three places ahead, its block or model state two ahead, the
        // reference box of its presented state one ahead.
        if !layer.paintOrderIsCurrent { layer.updatePaintOrder(atLocalTime: time) }
        layer.sublayerStorage.withUnsafeBufferPointer { subs in
            layer.paintOrder.withUnsafeBufferPointer { order in
                let n = subs.count
                func index(_ k: Int) -> Int { order.isEmpty ? k : Int(order[k]) }
                for k in 0..<n {
                    if k + 3 < n { CALayer.prefetchObject(subs, index(k + 3)) }
                    if k + 2 < n { CALayer.prefetchLayer(subs, index(k + 2)) }
                    if k + 1 < n { CALayer.prefetchPresentedReferences(subs, index(k + 1)) }
                    each(index(k))
                }
            }
        }
    }

    /// The instances of a replicator layer's sublayers, or nil for other layers.
    func replicaInstances(_ node: FlattenNode, _ s: LayerState) -> [ReplicaInstance]? {
        guard let replicator = node.replicator else { return nil }
        let count = min(max(replicator.storedInstanceCount, 0), 10_000)
        let steps = replicator.storedInstanceSteps
        let a = s.anchorInBounds
        let about = CATransform3DMakeTranslation(-a.x, -a.y, 0).concatenating(steps.transform).concatenating(
            CATransform3DMakeTranslation(a.x, a.y, 0))
        var m = CATransform3D.identity
        var out: [ReplicaInstance] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let alpha = min(max(steps.alpha + Float(i) * steps.alphaOffset, 0), 1)
            out.append(ReplicaInstance(matrix: m, delay: Double(i) * steps.delay, alpha: alpha))
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
