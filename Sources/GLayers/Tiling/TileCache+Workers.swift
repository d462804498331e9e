/// Tile threads: background threads that take tiles from the queue, most wanted first, draw
/// them without the lock (so the thread that owns the tree never waits for drawing, except
/// when headless rendering asks it to), and deliver their images under the lock.
import Foundation
import GLayersGraphics

extension TileCache {
    /// How many tile threads run: one less than the processors, at least two, at most four.
    package static var workerLimit: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount - 1)) }

    /// Queues `request` and wakes a tile thread (lock held).
    func enqueue(_ request: TileRequest) {
        queue.append(request)
        if workerCount < Self.workerLimit && workerCount < queue.count + running {
            workerCount += 1
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "glayers.tiles"
            thread.start()
        }
        condition.signal()
    }

    /// Waits until no tile is queued or being drawn, or `timeout` seconds passed (reported);
    /// called without the lock.
    package func waitForDrawings(timeout: TimeInterval = 30) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        locked {
            while !queue.isEmpty || running > 0 {
                if !condition.wait(until: deadline) {
                    Diagnostics.warn(
                        "CATiledLayer: tiles were still being drawn after \(Int(timeout)) s; the frame shows what arrived"
                    )
                    return
                }
            }
        }
    }

    /// A tile thread's loop. Tile threads run at a lower priority (nice 10; Linux sets it per
    /// thread) so that the thread that owns the tree keeps its frames when cores are scarce, as
    /// Apple draws tiles on a background queue.
    private func work() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        condition.lock()
        while true {
            guard let request = takeRequest() else {
                condition.wait()
                continue
            }
            running += 1
            condition.unlock()
            let started = DispatchTime.now().uptimeNanoseconds
            let image = request.draw()
            let took = DispatchTime.now().uptimeNanoseconds &- started
            condition.lock()
            running -= 1
            drawn += 1
            drawingNanoseconds &+= took
            deliver(request, image)
            condition.broadcast()
        }
    }

    /// Removes and returns the most wanted request (the latest frame's, nearest the middle of
    /// the view first), dropping those no longer wanted (lock held).
    private func takeRequest() -> TileRequest? {
        var best = -1
        var bestRank: (UInt64, UInt64) = (0, 0)
        var dropped = false
        var i = 0
        while i < queue.count {
            let r = queue[i]
            let wanted = wantedFrame(of: r)
            guard let wanted, wanted &+ 1 >= frame else {
                drop(r)
                dropped = true
                queue.swapAt(i, queue.count - 1)
                queue.removeLast()
                if best == queue.count { best = i }
                continue
            }
            let rank = (wanted, UInt64.max - r.sequence)
            if best < 0 || rank > bestRank { (best, bestRank) = (i, rank) }
            i += 1
        }
        // Waiters (`waitForDrawings`) learn that dropping emptied the queue. (Not on every empty
        // look: idle tile threads would wake each other for ever.)
        if dropped && queue.isEmpty { condition.broadcast() }
        guard best >= 0 else { return nil }
        queue.swapAt(best, queue.count - 1)
        return queue.removeLast()
    }

    /// The frame that last wanted the request's tile; nil when its layer, grid or slot is gone.
    private func wantedFrame(of r: TileRequest) -> UInt64? {
        guard !r.store.isDiscarded, r.store.gridStamp == r.gridStamp, let slot = r.store.slots[r.key] else {
            return nil
        }
        return slot.wantedFrame
    }

    /// Forgets a request that will not be drawn: its slot is no longer queued, and goes away
    /// when it holds no image (lock held).
    private func drop(_ r: TileRequest) {
        guard r.store.gridStamp == r.gridStamp, var slot = r.store.slots[r.key] else { return }
        slot.isQueued = false
        r.store.slots[r.key] = slot.image == nil ? nil : slot
    }

    /// Puts a drawn tile in its store (lock held). The image it replaces stays under it while
    /// it fades in when it was on screen.
    private func deliver(_ r: TileRequest, _ image: CGImage?) {
        guard !r.store.isDiscarded, r.store.gridStamp == r.gridStamp else { return }
        var slot = r.store.slots[r.key] ?? TileSlot()
        let before = slot.bytes
        slot.isQueued = false
        if let image {
            if let old = slot.image, !slot.arrival.isNaN, slot.previous == nil { slot.previous = old }
            slot.image = image
            slot.arrival = .nan
            slot.isShown = false
            slot.drawnVersion = r.version
            arrivedSinceFrame = true
        }
        resident += slot.bytes - before
        r.store.slots[r.key] = slot.image == nil ? nil : slot
        evict(keepingFrame: frame)
    }
}
