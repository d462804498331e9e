/// Pass scheduling: the order passes are rendered in (dependencies first, the screen last,
/// as `RenderList.renderOrder()`), which passes the screen needs at all, and which of them
/// can reuse last frame's texture. Reuses its arrays: a steady frame allocates nothing.
///
/// A pass depends on its declared `dependencies` and also on what it reads without saying
/// so: its mask, its transition's `before`, and passes its items composite. Cycles are cut
/// (an item reading a pass not rendered before it is skipped as bad input).
import GLayersRenderList

/// Order and needs of one frame's passes.
package final class PassScheduler {
    /// Passes to render, in order (only needed ones; the screen last).
    @exclusivity(unchecked) package private(set) var order: [Int32] = []
    /// Per pass: its position in `order`, or -1 when it is not rendered this frame.
    @exclusivity(unchecked) package private(set) var position: [Int32] = []
    /// Per pass: whether its content comes from last frame's cache.
    @exclusivity(unchecked) package private(set) var cached: [Bool] = []
    @exclusivity(unchecked) private var state: [UInt8] = []
    @exclusivity(unchecked) private var needed: [Bool] = []
    @exclusivity(unchecked) private var visitOrder: [Int32] = []

    /// Schedules `list`'s passes; `isCached(p)` says whether pass p's content can be reused,
    /// `includesScreenItem(i)` whether item i of the screen is drawn (the passes only items
    /// outside the frame's damage read are not needed).
    package func schedule(
        _ list: RenderList, includesScreenItem: (Int) -> Bool = { _ in true }, isCached: (Int) -> Bool,
        isDrawnAsItem: (Int) -> Bool = { _ in false }
    ) {
        let n = list.passes.count
        reset(&state, 0, n)
        reset(&needed, false, n)
        reset(&position, -1, n)
        reset(&cached, false, n)
        visitOrder.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        guard n > 0 else { return }
        for i in 1..<n { visit(i, list) }
        visit(0, list)
        // Walk from the screen back: a needed pass needs what it reads, except that a cached
        // pass needs only what its effects read.
        needed[0] = true
        for p in visitOrder.reversed() where needed[Int(p)] {
            let pass = Int(p)
            cached[pass] = pass != 0 && isCached(pass)
            forEachInput(of: pass, list, contentToo: !cached[pass], filtered: pass == 0, includes: includesScreenItem) {
                // A pass drawn as its item (a fused matte) is not rendered, nor its mask.
                if !isDrawnAsItem($0) { needed[$0] = true }
            }
        }
        for p in visitOrder where needed[Int(p)] {
            position[Int(p)] = Int32(order.count)
            order.append(p)
        }
    }

    private func visit(_ pass: Int, _ list: RenderList) {
        guard state[pass] == 0 else { return }
        state[pass] = 1
        forEachInput(of: pass, list, contentToo: true) { visit($0, list) }
        state[pass] = 2
        visitOrder.append(Int32(pass))
    }

    /// Calls `body` with every valid pass index `pass` reads: declared dependencies, mask,
    /// transition source and (with `contentToo`) passes its items composite — when `filtered`,
    /// only the items `includes` takes (by index in the pass), and then not the declared
    /// dependencies, which are the passes the items composite.
    private func forEachInput(
        of pass: Int, _ list: RenderList, contentToo: Bool, filtered: Bool = false,
        includes: (Int) -> Bool = { _ in true },
        _ body: (Int) -> Void
    ) {
        let n = list.passes.count
        let p = list.passes[pass]
        func take(_ id: PassID?) {
            guard let id, id.index > 0, Int(id.index) < n, Int(id.index) != pass else { return }
            body(Int(id.index))
        }
        take(p.effects.mask)
        take(p.effects.transition?.before)
        guard contentToo else { return }
        if !filtered {
            for d in p.dependencies { take(d) }
        }
        let range = p.itemRange.clamped(to: 0..<list.items.count)
        list.items.withUnsafeBufferPointer { items in
            for i in range {
                if filtered && !includes(i - range.lowerBound) { continue }
                if case .pass(let id) = items[i].content { take(id) }
            }
        }
    }

    private func reset<T>(_ array: inout [T], _ value: T, _ count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }
}
