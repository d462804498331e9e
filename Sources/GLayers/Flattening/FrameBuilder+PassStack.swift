/// Flattening, the pass stack: the passes being built, the items appended to the current one
/// (one at a time, a run at a time, or written in place), and the finished passes put into the
/// render list in order (the effect passes that open them: FrameBuilder+Passes.swift).
import Foundation
import GLayersRenderList

/// A pass being built.
struct OpenPass {
    var index: Int
    var items: [DrawItem]
    var screenSpace: Bool
    /// Pixels per unit of the pass's item space.
    var scale: Float
    /// How far beyond the viewport (in item space) what the pass draws may still reach the
    /// screen through the effects of the passes that hold it (a blur, a shadow's offset and
    /// blur), when its item space is the screen's: nil in a pass in a layer's own space and in
    /// any pass inside one.
    var reach: Float?
    var bounds = (minX: Float.infinity, minY: Float.infinity, maxX: -Float.infinity, maxY: -Float.infinity)
    var pass: RenderPass?
}

/// Writes draw items straight into a pass's storage (`FrameBuilder.append(upTo:_:)`).
protocol PassItemWriter {
    /// Initializes items from the start of `room` (which holds as many as were asked for) and
    /// returns how many.
    func write(into room: UnsafeMutableBufferPointer<DrawItem>) -> Int
}

/// A sequence that is never iterated: `Array.append(contentsOf:)` hands it the array's room
/// past its last element (`_copyContents(initializing:)`, the requirement through which the
/// standard library's own buffers copy themselves in) and counts what its writer initialized
/// there. `Array` has no other way to be written in place beyond its count.
private struct WrittenInPlace<Writer: PassItemWriter>: Sequence {
    let writer: Writer

    func makeIterator() -> EmptyCollection<DrawItem>.Iterator { EmptyCollection<DrawItem>().makeIterator() }

    var underestimatedCount: Int { 0 }

    func _copyContents(
        initializing room: UnsafeMutableBufferPointer<DrawItem>
    ) -> (EmptyCollection<DrawItem>.Iterator, Int) {
        (makeIterator(), writer.write(into: room))
    }
}

extension FrameBuilder {
    // MARK: Pass stack

    /// Opens a pass drawn at `scale` pixels per unit of its item space, whose effects spread
    /// what it draws by up to `spread` (item space).
    @discardableResult
    func beginPass(screenSpace: Bool, scale: Float, spread: Float = 0) -> Int {
        let index = passStack.count + finishedPasses.count
        let buffer = bufferPool.popLast() ?? []
        let outer: Float? = passStack.isEmpty ? 0 : passStack[passStack.count - 1].reach
        let reach = screenSpace ? outer.map { $0 + spread } : nil
        passStack.append(
            OpenPass(index: index, items: buffer, screenSpace: screenSpace, scale: scale, reach: reach))
        return index
    }

    /// Closes the current pass with its source rect; returns its id.
    ///
    /// - With `cacheIdentity` (the layer a rasterized pass is drawn for), the pass gets a cache
    ///   key derived from what it draws (see `cacheKey(of:_:identity:)`).
    @discardableResult
    func endPass(
        sourceRect: Rect, scale: Float, effects: PassEffects = PassEffects(), cacheIdentity: ObjectIdentifier? = nil
    ) -> PassID {
        guard var frame = passStack.popLast() else { return .screen }
        var deps = dependencyPool.popLast() ?? []
        frame.items.withUnsafeBufferPointer { items in
            for item in items {
                if case .pass(let p) = item.content { deps.append(p) }
            }
        }
        if let m = effects.mask { deps.append(m) }
        if let t = effects.transition { deps.append(t.before) }
        // Moved, not copied, into the pass and on into the list (`assemble`): each copy of a
        // pass retained and released its lists.
        var pass = RenderPass(
            itemRange: 0..<0, sourceRect: sourceRect, scale: scale, screenSpace: frame.screenSpace, effects: effects,
            dependencies: consume deps)
        if let cacheIdentity { pass.cacheKey = cacheKey(of: frame, pass, identity: cacheIdentity) }
        frame.pass = consume pass
        let index = frame.index
        finishedPasses.append(frame)
        return PassID(index)
    }

    /// Appends an item to the current pass (growing its bounds for screen-space passes).
    func append(_ item: DrawItem) {
        guard !passStack.isEmpty else { return }
        let i = passStack.count - 1
        if tracksBounds(i) {
            grow(&passStack[i], by: item)
        }
        passStack[i].items.append(item)
    }

    /// Appends items to the current pass, as `append` does one by one.
    func append(contentsOf items: UnsafeBufferPointer<DrawItem>) {
        guard !passStack.isEmpty, !items.isEmpty else { return }
        let i = passStack.count - 1
        if tracksBounds(i) {
            for item in items { grow(&passStack[i], by: item) }
        }
        passStack[i].items.append(contentsOf: items)
    }

    /// Appends to the current pass the items `writer` initializes at the start of the room it
    /// is given, room for `maximum` of them, in the pass's own storage: no copy from elsewhere
    /// (FrameBuilder+ParallelLeaves.swift places a wide layer's leaves there). The writer must
    /// not append to the pass itself.
    func append<Writer: PassItemWriter>(upTo maximum: Int, _ writer: Writer) {
        guard !passStack.isEmpty else {
            // Nowhere to draw: the items are made (with their effects on the frame) and dropped.
            var dropped: [DrawItem] = []
            dropped.reserveCapacity(maximum)
            dropped.append(contentsOf: WrittenInPlace(writer: writer))
            return
        }
        let i = passStack.count - 1
        let start = passStack[i].items.count
        // Doubling at least, as appending does: many wide layers in one pass must not each
        // make room for just their own items (a copy of all the others' every time).
        let capacity = passStack[i].items.capacity
        if capacity < start + maximum { passStack[i].items.reserveCapacity(max(start + maximum, 2 * capacity)) }
        passStack[i].items.append(contentsOf: WrittenInPlace(writer: writer))
        if tracksBounds(i) {
            for k in start..<passStack[i].items.count {
                let item = passStack[i].items[k]
                grow(&passStack[i], by: item)
            }
        }
    }

    /// Whether the open pass at `i` keeps the bounds of its items (every pass but the screen's).
    @inline(__always)
    private func tracksBounds(_ i: Int) -> Bool { i > 0 || passStack[i].index > 0 }

    private func grow(_ frame: inout OpenPass, by item: DrawItem) {
        var r = item.rect
        if case .blurredShape(let sigma) = item.content {
            r = Rect(x: r.x - 3 * sigma, y: r.y - 3 * sigma, width: r.width + 6 * sigma, height: r.height + 6 * sigma)
        }
        // Contents may reach outside the bounds (a shape's path) unless the item clips them.
        if !item.clipsContent, let d = item.content.placement?.destination, !d.isEmpty {
            let x0 = min(r.x, d.x), y0 = min(r.y, d.y)
            r = Rect(x: x0, y: y0, width: max(r.maxX, d.maxX) - x0, height: max(r.maxY, d.maxY) - y0)
        }
        for (x, y) in [(r.x, r.y), (r.maxX, r.y), (r.x, r.maxY), (r.maxX, r.maxY)] {
            guard let (px, py) = item.transform.project(x, y) else {
                frame.bounds = (-.infinity, -.infinity, .infinity, .infinity)
                return
            }
            frame.bounds.minX = min(frame.bounds.minX, px)
            frame.bounds.minY = min(frame.bounds.minY, py)
            frame.bounds.maxX = max(frame.bounds.maxX, px)
            frame.bounds.maxY = max(frame.bounds.maxY, py)
        }
    }

    /// Puts the finished passes into the list in index order, with their item ranges.
    func assemble() {
        // In index order, through a list of positions: sorting the passes themselves moved each
        // with a retain and a release of its lists.
        passOrder.removeAll(keepingCapacity: true)
        passOrder.append(contentsOf: finishedPasses.indices)
        finishedPasses.withUnsafeBufferPointer { passes in passOrder.sort { passes[$0].index < passes[$1].index } }
        for i in passOrder {
            guard let pass = finishedPasses[i].pass.take() else { continue }
            // The items go into the list (a single pass's storage whole); the emptied storage
            // goes back to the pool.
            var items: [DrawItem] = []
            swap(&items, &finishedPasses[i].items)
            list.appendPass(pass, items: &items, whole: finishedPasses.count == 1)
            bufferPool.append(items)
        }
        finishedPasses.removeAll(keepingCapacity: true)
    }
}
