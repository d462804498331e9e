/// Flattening a wide layer on several threads (#21): the sublayers of a layer with many of
/// them are mostly leaves drawn from their memos (FrameBuilder+Memo.swift), each costing its
/// world matrix and a copy of its item. Those items are made in chunks on the engine's
/// threads (`EngineThreads`), each written straight into the current pass's storage at its
/// paint-order position and numbered by it, then taken in paint order on the calling thread,
/// which closes the gaps and does everything that has an effect beyond the item: the layer
/// count (and a number corrected after a sublayer visited with a tree of its own), the images
/// registered with the list, the reports, and the sublayers that are not such leaves (visited
/// as before, where their turn comes; the items placed after the first of them wait aside,
/// since its tree appends to the pass where they lie).
///
/// The render list is the one a single thread makes, byte for byte
/// (`ParallelFlatteningTests`): a chunk only reads the layers and the frame's settings and
/// writes its own positions; what comes out of it is taken in order. A leaf placed on another
/// thread runs no code of the application's: a layer whose animations redraw its contents is
/// visited on the calling thread.
import Foundation
import GLayersRenderList

/// The storage of one wide layer's flattening, kept between frames in a pool
/// (`FrameBuilder.leafScratchPool`), so a steady frame allocates nothing; a wide sublayer of
/// a wide layer takes its own from the pool while its superlayer's is in use.
final class LeafScratch: @unchecked Sendable {
    /// What became of the sublayer at each paint-order position.
    @exclusivity(unchecked) var outcomes: [LeafOutcome] = []
    /// The identity of the image of each placed item, by position.
    @exclusivity(unchecked) var imageIdentities: [UInt64] = []
    /// The placed items after the first sublayer that is visited (which appends to the pass
    /// where they were placed), in order, and their images' identities.
    @exclusivity(unchecked) var waiting: [DrawItem] = []
    @exclusivity(unchecked) var waitingIdentities: [UInt64] = []
    /// The position of the first sublayer to visit, if any (where the ordered phase resumes
    /// with the waiting items).
    @exclusivity(unchecked) var resumeAt: Int?
}

/// The parallel phase of one wide layer, as the engine's threads take it: chunk `k` places the
/// leaves of its share of the paint-order positions, each item at its position in `items`.
private struct LeafPlacement: EngineJob {
    let leaves: PlacedLeaves
    let items: UnsafeMutablePointer<DrawItem>
    let identities: UnsafeMutablePointer<UInt64>

    func run(chunk k: Int) {
        let n = leaves.subs.count, chunks = leaves.chunkCount
        leaves.builder.placeLeaves(
            leaves.subs, leaves.order, (n * k / chunks)..<(n * (k + 1) / chunks), leaves.context, into: items,
            identities: identities, outcomes: leaves.outcomes, firstLayerIndex: leaves.firstLayerIndex)
    }
}

/// Places a wide layer's leaves straight into the current pass (`FrameBuilder.append(upTo:_:)`):
/// the parallel phase writes each item at its position in the pass's room, then the ordered
/// phase closes the gaps and takes the items in order up to the first sublayer to visit.
private struct PlacedLeaves: PassItemWriter {
    unowned(unsafe) let builder: FrameBuilder
    let subs: UnsafeBufferPointer<CALayer>
    let order: UnsafeBufferPointer<Int32>
    let chunkCount: Int
    let identities: UnsafeMutableBufferPointer<UInt64>
    let outcomes: UnsafeMutableBufferPointer<LeafOutcome>
    let context: FrameBuilder.Context
    /// The layer number of the sublayer at paint-order position 0.
    let firstLayerIndex: Int32
    let scratch: LeafScratch

    func write(into room: UnsafeMutableBufferPointer<DrawItem>) -> Int {
        precondition(room.count >= subs.count, "room for \(subs.count) items, given \(room.count)")
        guard let items = room.baseAddress, let identities = identities.baseAddress else { return 0 }
        EngineWorkers.shared.run(chunkCount, LeafPlacement(leaves: self, items: items, identities: identities))
        return builder.takePlacedLeaves(
            subs, order, items: items, identities: UnsafeBufferPointer(self.identities),
            outcomes: UnsafeBufferPointer(outcomes), scratch: scratch)
    }
}

/// What became of one sublayer in the parallel phase.
enum LeafOutcome: UInt8 {
    /// Drawn from its memo: nothing to show.
    case nothing
    /// Drawn from its memo: its placement is not finite (reported in order).
    case notFinite
    /// Drawn from its memo: its item is at its position.
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
        let subs = layer.lentSublayers, order = layer.lentPaintOrder
        let n = subs.count
        // Eight chunks a thread: the threads share the cores with the render thread, and a
        // thread the scheduler holds back while it still has a chunk keeps the others waiting
        // at the end; with smaller chunks that wait is shorter (10 000 snowflakes on two
        // threads: four chunks a thread flattened in 3.91 ms a frame, eight in 3.80, and the
        // frames came every 4.22 and 4.04 ms; medians of six alternating runs).
        let chunkCount = max(1, min(EngineThreads.count * 8, n / 256))
        let scratch = leafScratchPool.popLast() ?? LeafScratch()
        defer { leafScratchPool.append(scratch) }
        if scratch.outcomes.count < n {
            scratch.outcomes = Array(repeating: .visit, count: n)
            scratch.imageIdentities = Array(repeating: 0, count: n)
        }
        let first = layerCounter
        scratch.outcomes.withUnsafeMutableBufferPointer { outcomes in
            scratch.imageIdentities.withUnsafeMutableBufferPointer { identities in
                append(
                    upTo: n,
                    PlacedLeaves(
                        builder: self, subs: subs, order: order, chunkCount: chunkCount, identities: identities,
                        outcomes: outcomes, context: c, firstLayerIndex: first, scratch: scratch))
            }
            // From the first sublayer to visit on, as placed items wait.
            if let resume = scratch.resumeAt {
                takeLeaves(
                    subs, order, resume..<n, c, outcomes: UnsafeBufferPointer(outcomes), firstLayerIndex: first,
                    scratch: scratch)
            }
        }
    }

    /// The parallel phase for the sublayers at paint-order positions `range`: each memoized
    /// leaf's placed item goes to its position in `items`, its image's identity to its position
    /// in `identities`, and each position's outcome into `outcomes`.
    ///
    /// - An item is numbered as if every sublayer before it were numbered once (`firstLayerIndex`
    ///   and its position): what it is unless a sublayer before it is visited with a tree of its
    ///   own, which the ordered phase corrects. So that phase does not touch the items.
    fileprivate func placeLeaves(
        _ subs: UnsafeBufferPointer<CALayer>, _ order: UnsafeBufferPointer<Int32>, _ range: Range<Int>, _ c: Context,
        into items: UnsafeMutablePointer<DrawItem>, identities: UnsafeMutablePointer<UInt64>,
        outcomes: UnsafeMutableBufferPointer<LeafOutcome>, firstLayerIndex: Int32
    ) {
        func index(_ k: Int) -> Int { Self.paintOrderIndex(k, order) }
        let end = range.upperBound
        for k in range {
            // Prefetched as `forEachSublayer` does, further ahead: the leaf is evaluated here too.
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
                    case .placed(let world, let opacity):
                        // Copied once, from the memo to its place in the pass.
                        Self.placeCopy(of: layer.flattenMemo, to: items + k, world: world, opacity: opacity, c)
                        items[k].layerIndex = firstLayerIndex &+ Int32(truncatingIfNeeded: k)
                        identities[k] = layer.flattenMemo.pointee.imageIdentity
                        return .item
                    }
                }
            }
        }
    }

    /// The ordered phase over the items the parallel phase placed at their positions in
    /// `items` (the pass's room): what `visit` and `drawMemo` do beyond making each item, in
    /// paint order, each item moved down over the positions that made none. It stops at the
    /// first sublayer to visit, whose tree appends to the pass where the later items were
    /// placed: those are moved out to wait in `scratch` and `takeLeaves` goes on from there.
    /// Returns the number of items taken (now at the start of `items`).
    fileprivate func takePlacedLeaves(
        _ subs: UnsafeBufferPointer<CALayer>, _ order: UnsafeBufferPointer<Int32>,
        items: UnsafeMutablePointer<DrawItem>, identities: UnsafeBufferPointer<UInt64>,
        outcomes: UnsafeBufferPointer<LeafOutcome>, scratch: LeafScratch
    ) -> Int {
        func layer(_ k: Int) -> Unmanaged<CALayer> { Unmanaged.passUnretained(subs[Self.paintOrderIndex(k, order)]) }
        scratch.resumeAt = nil
        let n = subs.count
        var taken = 0
        for k in 0..<n {
            let outcome = outcomes[k]
            switch outcome {
            case .nothing, .notFinite:
                takeLeaf(outcome, layer(k), identity: 0)
            case .item:
                // Numbered right: no sublayer before it was visited.
                takeLeaf(outcome, layer(k), identity: identities[k])
                if taken != k { (items + taken).moveInitialize(from: items + k, count: 1) }
                taken += 1
            case .visit:
                scratch.waiting.removeAll(keepingCapacity: true)
                scratch.waitingIdentities.removeAll(keepingCapacity: true)
                for j in (k + 1)..<n where outcomes[j] == .item {
                    scratch.waiting.append((items + j).move())
                    scratch.waitingIdentities.append(identities[j])
                }
                scratch.resumeAt = k
                return taken
            }
        }
        return taken
    }

    /// The ordered phase from position `range.lowerBound` (a sublayer to visit) on, the
    /// placed items of the positions after it waiting in `scratch`: as `takePlacedLeaves`, with
    /// the visits, the items appended a run at a time. A placed leaf's layer is not touched
    /// unless its image may need registering, nor its item unless a visit before it numbered
    /// more than one layer.
    private func takeLeaves(
        _ subs: UnsafeBufferPointer<CALayer>, _ order: UnsafeBufferPointer<Int32>, _ range: Range<Int>, _ c: Context,
        outcomes: UnsafeBufferPointer<LeafOutcome>, firstLayerIndex: Int32, scratch: LeafScratch
    ) {
        func layer(_ k: Int) -> Unmanaged<CALayer> { Unmanaged.passUnretained(subs[Self.paintOrderIndex(k, order)]) }
        let identities = scratch.waitingIdentities
        scratch.waiting.withUnsafeMutableBufferPointer { items in
            var next = 0, run = 0
            for k in range {
                let outcome = outcomes[k]
                switch outcome {
                case .nothing, .notFinite:
                    takeLeaf(outcome, layer(k), identity: 0)
                case .item:
                    let index = layerCounter
                    if index != firstLayerIndex &+ Int32(truncatingIfNeeded: k) { items[next].layerIndex = index }
                    takeLeaf(outcome, layer(k), identity: identities[next])
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

    /// What taking a leaf in paint order does beyond its item: count its layer, report a
    /// placement that is not finite, register the image of an item (`identity`) unless it is
    /// the one registered last.
    @inline(__always)
    private func takeLeaf(_ outcome: LeafOutcome, _ layer: Unmanaged<CALayer>, identity: UInt64) {
        layerCounter += 1
        switch outcome {
        case .notFinite:
            layer._withUnsafeGuaranteedRef { reportNotFinite(.live($0)) }
        case .item:
            if identity != 0 && identity != lastImageIdentity {
                layer._withUnsafeGuaranteedRef { registerMemoImage(of: $0, identity: identity) }
            }
        case .nothing, .visit:
            break
        }
    }
}
