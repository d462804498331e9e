/// Flattening, sublayer order: paint order by zPosition (stable for ties, the last frame's order
/// reused while it holds) and the copies a replicator layer draws.
import Foundation

extension FrameBuilder {
    // MARK: Sublayer order

    /// Calls `body` for each sublayer in paint order (by zPosition, stable), once per
    /// replicator instance, with the copies made of it in all.
    ///
    /// - `time`: the layer's local time (sublayers whose zPosition animates sort by their
    ///   presented zPosition at it).
    /// - `copies`: how many copies of the layer its ancestor replicators make.
    func forEachSublayer(
        of node: FlattenNode, state: UnsafePointer<LayerState>, time: CFTimeInterval, copies: Int = 1,
        _ body: (FlattenNode, ReplicaInstance?, Int) -> Void
    ) {
        let instances = node.replicator == nil ? nil : replicaInstances(node, state.pointee, copies: copies)
        defer { if let instances { replicaPool.append(instances) } }
        let subCopies = copies * max(instances?.count ?? 1, 1)
        func each(_ i: Int) {
            if let instances {
                for inst in instances { body(node.sublayer(i), inst, subCopies) }
            } else {
                body(node.sublayer(i), nil, subCopies)
            }
        }
        guard let (subs, order) = Self.lentSublayers(of: node, time: time) else {
            // Snapshots (the "before" of transitions): sorted every time.
            let n = node.sublayerCount
            if let order = CALayer.zOrder(n, { node.sublayerZ($0) }) {
                for i in order { each(Int(i)) }
            } else {
                for i in 0..<n { each(i) }
            }
            return
        }
        Self.forEachLent(subs, order: order) { child in
            if let instances {
                for inst in instances { body(.live(child), inst, subCopies) }
            } else {
                body(.live(child), nil, subCopies)
            }
        }
    }

    /// Visits lent sublayers (`lentSublayers`) in paint order, each in `context` (a node
    /// without replicator copies of its own).
    @inline(__always)
    func visitSublayers(_ subs: UnsafeBufferPointer<CALayer>, order: UnsafeBufferPointer<Int32>, _ context: Context) {
        Self.forEachLent(subs, order: order) { visit(.live($0), context) }
    }

    /// Calls `body` with each of `subs` in `order` (empty: their own order), lent, not retained
    /// (the array holds them: a retain and a release of each layer were 5 % of a 10 000-layer
    /// frame). The sublayers a few places ahead are prefetched in three stages, each reading
    /// only what the one before brought in: the object three places ahead, its block or model
    /// state two ahead, the reference box of its presented state one ahead.
    @inline(__always)
    static func forEachLent(
        _ subs: UnsafeBufferPointer<CALayer>, order: UnsafeBufferPointer<Int32>, _ body: (CALayer) -> Void
    ) {
        let n = subs.count
        func index(_ k: Int) -> Int { paintOrderIndex(k, order) }
        for k in 0..<n {
            if k + 3 < n { CALayer.prefetchObject(subs, index(k + 3)) }
            if k + 2 < n { CALayer.prefetchLayer(subs, index(k + 2)) }
            if k + 1 < n { CALayer.prefetchPresentedReferences(subs, index(k + 1)) }
            Unmanaged.passUnretained(subs[index(k)])._withUnsafeGuaranteedRef(body)
        }
    }

    /// The index among the sublayers of the one at paint-order position `k` (`order` empty:
    /// the sublayers' own order).
    @inline(__always)
    static func paintOrderIndex(_ k: Int, _ order: UnsafeBufferPointer<Int32>) -> Int {
        order.isEmpty ? k : Int(order[k])
    }

    /// The sublayers of a live node and their paint order, both lent (flattening changes
    /// neither: a retain and a release of each array, and of the layer, per layer with
    /// sublayers were a fifth of the reference counting of a Lottie frame); nil for a
    /// snapshot. The paint order is kept by the layer until a sublayer changes (every frame
    /// while a sublayer's zPosition animates).
    @inline(__always)
    static func lentSublayers(
        of node: FlattenNode, time: CFTimeInterval
    ) -> (UnsafeBufferPointer<CALayer>, UnsafeBufferPointer<Int32>)? {
        guard let lent = node.lentLayer else { return nil }
        return lent._withUnsafeGuaranteedRef { layer in
            if !layer.paintOrderIsCurrent { layer.updatePaintOrder(atLocalTime: time) }
            return (layer.lentSublayers, layer.lentPaintOrder)
        }
    }

    /// Charges `work` (layers, or particles, drawn as replicator copies) to the frame's budget,
    /// `maximumReplicaCopiesPerFrame`; false, reported once a frame, when it is spent. A copy
    /// costs what it draws, not one: 10 000 copies of a subtree of 1 000 layers, or of an
    /// emitter of 100 000 particles, are 10^7 and 10^9 items (#24).
    func chargeReplicaWork(_ work: Int) -> Bool {
        guard replicaCopies + work <= maximumReplicaCopiesPerFrame else {
            replicaBudgetSpent()
            return false
        }
        replicaCopies += work
        return true
    }

    /// Reports, once a frame, that the budget of replicated work is spent.
    private func replicaBudgetSpent() {
        if replicaCopies <= maximumReplicaCopiesPerFrame {
            report(
                "replicators make more than \(maximumReplicaCopiesPerFrame) copies in this frame (the limit); the rest are not drawn"
            )
        }
        replicaCopies = maximumReplicaCopiesPerFrame + 1
    }

    /// The instances of a replicator layer's sublayers, or nil for other layers: at most
    /// `EngineLimits.maximumInstanceCount`, and at most as many as keep the copies made by
    /// nested replicators (`copies` of this one already) within `maximumReplicaInstances`, and
    /// as many as the frame's budget of replicated work has left (`chargeReplicaWork`: each
    /// copy is charged as it is drawn).
    func replicaInstances(_ node: FlattenNode, _ s: LayerState, copies: Int = 1) -> [ReplicaInstance]? {
        guard let replicator = node.replicator else { return nil }
        let asked = max(replicator.storedInstanceCount, 0)
        var count = min(asked, EngineLimits.maximumInstanceCount)
        if asked > count {
            report(
                "\(node.name): instanceCount \(asked) is over the limit (\(EngineLimits.maximumInstanceCount)); drawn as \(count)"
            )
        }
        let room = max(EngineLimits.maximumReplicaInstances / max(copies, 1), 1)
        if count > room {
            report(
                "\(node.name): nested replicators would make \(copies) × \(count) copies (the limit is \(EngineLimits.maximumReplicaInstances)); instanceCount \(asked) is drawn as \(room)"
            )
            count = room
        }
        // The copies the budget has no room for are not made (each charges at least a layer).
        let left = max(maximumReplicaCopiesPerFrame - replicaCopies, 0)
        if count > left {
            replicaBudgetSpent()
            count = left
        }
        let steps = replicator.storedInstanceSteps
        let a = s.anchorInBounds
        let about = CATransform3DMakeTranslation(-a.x, -a.y, 0).concatenating(steps.transform).concatenating(
            CATransform3DMakeTranslation(a.x, a.y, 0))
        var m = CATransform3D.identity
        var out = replicaPool.popLast() ?? []
        out.removeAll(keepingCapacity: true)
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
