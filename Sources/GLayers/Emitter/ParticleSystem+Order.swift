/// The drawing orders of the render modes that order particles across cells, built in the
/// system's scratch arrays without allocating: by birth (each cell's particles are already in
/// birth order, so the cells are merged), or by z (a heap sort in place, ties by birth, so the
/// order is the same on every run).
import Foundation

extension ParticleSystem {
    /// Fills `drawOrder` with every particle by birth: the oldest first, or the newest first.
    func orderByBirth(newestFirst: Bool) {
        drawOrder.removeAll(keepingCapacity: true)
        cursors.removeAll(keepingCapacity: true)
        for pool in pools { cursors.append(newestFirst ? pool.count - 1 : 0) }
        while true {
            var best = -1
            var bestOrdinal: UInt64 = 0
            for i in pools.indices {
                let c = cursors[i]
                guard c >= 0 && c < pools[i].count else { continue }
                let o = pools[i].particles[c].ordinal
                if best < 0 || (newestFirst ? o > bestOrdinal : o < bestOrdinal) {
                    best = i
                    bestOrdinal = o
                }
            }
            guard best >= 0 else { return }
            drawOrder.append((Int32(best), Int32(cursors[best])))
            cursors[best] += newestFirst ? -1 : 1
        }
    }

    /// Fills `drawOrder` with every particle by z, the farthest (smallest z) first.
    func orderByDepth() {
        drawOrder.removeAll(keepingCapacity: true)
        for (i, pool) in pools.enumerated() {
            for j in 0..<pool.count { drawOrder.append((Int32(i), Int32(j))) }
        }
        func before(_ a: (pool: Int32, index: Int32), _ b: (pool: Int32, index: Int32)) -> Bool {
            let p = pools[Int(a.pool)].particles[Int(a.index)], q = pools[Int(b.pool)].particles[Int(b.index)]
            return p.z != q.z ? p.z < q.z : p.ordinal < q.ordinal
        }
        // Heap sort: a max-heap by `before`, then the largest moved to the end, one by one.
        let n = drawOrder.count
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && before(drawOrder[child], drawOrder[child + 1]) { child += 1 }
                guard before(drawOrder[root], drawOrder[child]) else { return }
                drawOrder.swapAt(root, child)
                root = child
            }
        }
        var start = n / 2 - 1
        while start >= 0 {
            siftDown(start, n)
            start -= 1
        }
        var end = n - 1
        while end > 0 {
            drawOrder.swapAt(0, end)
            siftDown(0, end)
            end -= 1
        }
    }
}
