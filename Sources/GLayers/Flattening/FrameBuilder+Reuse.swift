/// Flattening, storage reused from frame to frame: the lists a render list's passes hold (their
/// filters and dependencies) go back to pools when the next frame starts, and a replicator's
/// instances when its sublayers are drawn, emptied with their capacity, so that a steady frame
/// allocates nothing (docs/performance.md, "The per-frame contract for every animation (#21)").
import Foundation
import GLayersRenderList

extension FrameBuilder {
    /// Moves the lists of the last frame's passes into the pools, emptied (before the list is
    /// reset for a new frame).
    func reuseLastFrameLists() {
        list.takePassLists(filters: &filterPool, dependencies: &dependencyPool)
    }

    /// An empty list of filters for a layer's effects (from the pool when it has one).
    func takeFilterBuffer() -> [FilterOp] {
        filterPool.popLast() ?? []
    }

    /// Puts back the storage of a layer's empty list of filters (it draws no filter pass).
    func giveBackFilterBuffer(_ filters: inout [FilterOp]) {
        if filters.capacity > 0 { filterPool.append(filters.takeEmptied()) }
    }
}
