/// Flattening a wide layer on several threads (#21): the sublayers of a layer with many of
/// them are mostly leaves drawn from their memos (FrameBuilder+Memo.swift), each costing its
/// world matrix and a copy of its item. Those items are made in chunks on the engine's
/// threads (`EngineThreads`), then taken in paint order on the calling thread, which does
/// everything that has an effect beyond the item: the layer numbers, the images registered
/// with the list, the reports, the appends, and the sublayers that are not such leaves
/// (visited as before, where their turn comes).
///
/// The render list is the one a single thread makes, byte for byte
/// (`ParallelEvaluationTests`): a chunk only reads the layers and the frame's settings and
/// writes its own storage; what comes out of it is placed in order. A leaf placed on another
/// thread runs no code of the application's: a layer whose animations redraw its contents is
/// visited on the calling thread.
import Foundation
import GLayersRenderList

/// The storage of one wide layer's flattening, kept between frames in a pool
/// (`FrameBuilder.leafScratchPool`), so a steady frame allocates nothing; a wide sublayer of
/// a wide layer takes its own from the pool while its superlayer's is in use.
final class LeafScratch: @unchecked Sendable {
    /// What each chunk made.
    @exclusivity(unchecked) var chunks: [LeafChunk] = []
    /// What became of the sublayer at each paint-order position.
    @exclusivity(unchecked) var outcomes: [LeafOutcome] = []
}

/// What one chunk of sublayers made: the items of its leaves, in order, and the identity of
/// each item's image.
final class LeafChunk: @unchecked Sendable {
    @exclusivity(unchecked) var items: [DrawItem] = []
    @exclusivity(unchecked) var imageIdentities: [UInt64] = []
}

/// The parallel phase of one wide layer, as the engine's threads take it: chunk `k` places the
/// leaves of its share of the paint-order positions into `chunks[k]`.
private struct LeafPlacement: EngineJob {
    unowned(unsafe) let builder: FrameBuilder
    let subs: UnsafeBufferPointer<CALayer>
    let order: UnsafeBufferPointer<Int32>
    /// The chunks' storage (there may be more than `chunkCount`, from a wider frame before).
    let chunks: [LeafChunk]
    let chunkCount: Int
    let outcomes: UnsafeMutableBufferPointer<LeafOutcome>
    let context: FrameBuilder.Context
    /// The layer number of the sublayer at paint-order position 0.
    let firstLayerIndex: Int32

    func run(chunk k: Int) {
        let n = subs.count
        builder.placeLeaves(
            subs, order, (n * k / chunkCount)..<(n * (k + 1) / chunkCount), context, into: chunks[k],
            outcomes: outcomes, firstLayerIndex: firstLayerIndex)
    }
}

/// What became of one sublayer in the parallel phase.
enum LeafOutcome: UInt8 {
    /// Drawn from its memo: nothing to show.
    case nothing
    /// Drawn from its memo: its placement is not finite (reported in order).
    case notFinite
    /// Drawn from its memo: the next item of its chunk.
    case item
    /// Not a leaf drawn from its memo: visited on the calling thread, in its turn.
    case visit
}

extension FrameBuilder {
    /// Whether the sublayers of a layer are flattened on several threads: many of them, threads
    /// to use, memos on, and nothing that makes a sublayer's visit depend on its siblings'
    /// (replicator copies charge a budget, and the depth limit reports).
    @inline(__always)
    func flattensInParallel(_ node: FlattenNode, sublayers n: Int, _ ctx: Context) -> Bool {
        memoizes && n >= EngineThreads.minimumParallelSublayers && EngineThreads.count > 1 && ctx.copies == 1
            && ctx.depth + 1 < maximumDepth && node.liveLayer != nil && node.replicator == nil
    }

    /// Flattens the sublayers of `layer` in paint order under the context `c` they share, their
    /// memoized leaves placed on several threads (see the top of the file). Apart from
    /// `drawLayer`, whose frame stays small.
    @inline(never)
    func drawSublayersInParallel(of layer: CALayer, _ c: Context) {
        if !layer.paintOrderIsCurrent { layer.updatePaintOrder(atLocalTime: c.time) }
        let n = layer.sublayerStorage.count
        let chunkCount = max(1, min(EngineThreads.count * 4, n / 256))
        let scratch = leafScratchPool.popLast() ?? LeafScratch()
        defer { leafScratchPool.append(scratch) }
        while scratch.chunks.count < chunkCount { scratch.chunks.append(LeafChunk()) }
        if scratch.outcomes.count < n { scratch.outcomes = Array(repeating: .visit, count: n) }
        let chunks = scratch.chunks
        let first = layerCounter
        layer.sublayerStorage.withUnsafeBufferPointer { subs in
            layer.paintOrder.withUnsafeBufferPointer { order in
                scratch.outcomes.withUnsafeMutableBufferPointer { outcomes in
                    EngineWorkers.shared.run(
                        chunkCount,
                        LeafPlacement(
                            builder: self, subs: subs, order: order, chunks: chunks, chunkCount: chunkCount,
                            outcomes: outcomes, context: c, firstLayerIndex: first))
                    for k in 0..<chunkCount {
                        takeLeaves(
                            subs, order, (n * k / chunkCount)..<(n * (k + 1) / chunkCount), c, from: chunks[k],
                            outcomes: UnsafeBufferPointer(outcomes), firstLayerIndex: first)
                    }
                }
            }
        }
    }

    /// The parallel phase for the sublayers at paint-order positions `range`: each memoized
    /// leaf's placed item goes into `chunk`, and each position's outcome into `outcomes`.
    ///
    /// - An item is numbered as if every sublayer before it were numbered once (`firstLayerIndex`
    ///   and its position): what it is unless a sublayer before it is visited with a tree of its
    ///   own, which the ordered phase corrects. So that phase does not touch the items.
    fileprivate func placeLeaves(
        _ subs: UnsafeBufferPointer<CALayer>, _ order: UnsafeBufferPointer<Int32>, _ range: Range<Int>, _ c: Context,
        into chunk: LeafChunk, outcomes: UnsafeMutableBufferPointer<LeafOutcome>, firstLayerIndex: Int32
    ) {
        chunk.items.removeAll(keepingCapacity: true)
        chunk.imageIdentities.removeAll(keepingCapacity: true)
        func index(_ k: Int) -> Int { order.isEmpty ? k : Int(order[k]) }
        let end = range.upperBound
        for k in range {
            // Prefetched as `forEachSublayer` does.
            if k + 6 < end { CALayer.prefetchObject(subs, index(k + 6)) }
            if k + 3 < end { CALayer.prefetchLayer(subs, index(k + 3), evaluating: true) }
            if k + 1 < end { CALayer.prefetchPresentedReferences(subs, index(k + 1)) }
            outcomes[k] = Unmanaged.passUnretained(subs[index(k)])._withUnsafeGuaranteedRef { layer in
                // What `visit` checks before it draws a memo; a redraw of contents may run the
                // application's drawing code, which is left to the calling thread.
                let node = FlattenNode.live(layer)
                guard node.emitter == nil, memoApplies(to: layer, c),
                    !(layer.isAnimated && layer.animations.redrawsContents)
                else {
                    // Its evaluation, which the sweep before flattening leaves to this phase
                    // for a leaf, is done here all the same (it runs no application code).
                    if layer.isAnimated { _ = layer.evaluatePresentation(atLocalTime: layer.fromParentTime(c.time)) }
                    return .visit
                }
                return node.withPresented(parentTime: c.time) { s, _ in
                    switch Self.placeMemo(of: layer, s, c) {
                    case .nothing: return .nothing
                    case .notFinite: return .notFinite
                    case .item(var item):
                        item.layerIndex = firstLayerIndex &+ Int32(truncatingIfNeeded: k)
                        chunk.items.append(item)
                        chunk.imageIdentities.append(layer.flattenMemo.imageIdentity)
                        return .item
                    }
                }
            }
        }
    }

    /// The ordered phase for the positions `range` the parallel phase placed into `chunk`: what
    /// `visit` and `drawMemo` do beyond making the item, in paint order, the items appended a
    /// run at a time. A placed leaf's layer is not touched unless its image may need
    /// registering, nor its item unless a visit before it numbered more than one layer.
    private func takeLeaves(
        _ subs: UnsafeBufferPointer<CALayer>, _ order: UnsafeBufferPointer<Int32>, _ range: Range<Int>, _ c: Context,
        from chunk: LeafChunk, outcomes: UnsafeBufferPointer<LeafOutcome>, firstLayerIndex: Int32
    ) {
        func layer(_ k: Int) -> Unmanaged<CALayer> { Unmanaged.passUnretained(subs[order.isEmpty ? k : Int(order[k])]) }
        let identities = chunk.imageIdentities
        chunk.items.withUnsafeMutableBufferPointer { items in
            var next = 0, run = 0
            for k in range {
                switch outcomes[k] {
                case .nothing:
                    layerCounter += 1
                case .notFinite:
                    layerCounter += 1
                    layer(k)._withUnsafeGuaranteedRef { reportNotFinite(.live($0)) }
                case .item:
                    let index = layerCounter
                    layerCounter += 1
                    if index != firstLayerIndex &+ Int32(truncatingIfNeeded: k) { items[next].layerIndex = index }
                    let identity = identities[next]
                    if identity != 0 && identity != lastImageIdentity {
                        layer(k)._withUnsafeGuaranteedRef { registerMemoImage(of: $0, identity: identity) }
                    }
                    next += 1
                case .visit:
                    append(contentsOf: UnsafeBufferPointer(rebasing: items[run..<next]))
                    run = next
                    layer(k)._withUnsafeGuaranteedRef { visit(.live($0), c) }
                }
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: items[run..<next]))
        }
    }
}
