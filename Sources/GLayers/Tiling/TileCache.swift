/// The tiles of every tiled layer in the process, under one lock and one memory budget: the
/// stores of the layers, the queue of tiles to draw, the frame count that says which tiles
/// were used lately, and eviction of the least recently used tiles beyond the budget.
///
/// The flattener (on the thread that owns the tree) reads and updates stores and queues
/// drawings; tile threads (`TileCache+Workers.swift`) take drawings from the queue, draw them
/// without the lock, and deliver the images under it.
import Foundation
import GLayersGraphics

/// The process's tile cache.
package final class TileCache: @unchecked Sendable {
    /// The one cache.
    package static let shared = TileCache()

    /// The lock guarding everything here and in every `TileStore`; tile threads wait on it.
    let condition = NSCondition()

    /// Bytes of tile pixels kept (default 64 MiB); beyond it, at the end of a frame and when a
    /// drawing arrives, the least recently used tiles not shown in the current frame are
    /// evicted. A frame shows at most half of it of one layer's visible tiles (coarser levels,
    /// or fewer tiles, instead) and, under them, tiles of other levels only within the rest
    /// (`FrameBuilder+Tiles.swift`), so one tiled layer stays within it.
    package var budgetBytes: Int {
        get { locked { budget } }
        set { locked { budget = max(1 << 20, newValue) } }
    }
    private var budget = 64 << 20

    /// Bytes of tile images held now (current and fading-out ones).
    package var residentBytes: Int { locked { resident } }
    var resident = 0

    /// The current frame (counts frames that drew a tiled layer).
    var frame: UInt64 = 0
    /// Tiles to draw, in no order (workers pick the most wanted).
    var queue: [TileRequest] = []
    /// Drawings running now.
    var running = 0
    /// How many drawings were queued in all (orders requests of one frame: nearest first).
    var sequence: UInt64 = 0
    /// Whether a drawing arrived since the last frame began.
    var arrivedSinceFrame = false
    /// Whether the last frame showed a tile fading in, or held one back for a later frame's
    /// upload budget.
    var fadingInLastFrame = false
    /// Tile threads started.
    var workerCount = 0
    /// Drawings finished in all (for tests and benchmarks).
    package var drawnTiles: Int { locked { drawn } }
    /// `drawnTiles` (lock held).
    var drawn = 0
    /// The time tile threads spent drawing, in all (for benchmarks).
    package var drawingSeconds: Double { locked { Double(drawingNanoseconds) / 1e9 } }
    /// `drawingSeconds` in nanoseconds (lock held).
    var drawingNanoseconds: UInt64 = 0

    private var stores: [ObjectIdentifier: WeakStore] = [:]

    private final class WeakStore {
        weak var store: TileStore?
        init(_ s: TileStore) { store = s }
    }

    /// Runs `body` with the lock held.
    @inline(__always)
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    /// Whether a window must keep drawing frames: tiles queued or being drawn, arrived and not
    /// shown yet (or held back by a frame's upload budget), or fading in.
    package var hasPendingWork: Bool {
        locked { !queue.isEmpty || running > 0 || arrivedSinceFrame || fadingInLastFrame }
    }

    /// What the cache holds: tiles with images, their bytes, and the bytes of those shown in
    /// the last frame (for benchmarks and debugging).
    package func census() -> (tiles: Int, bytes: Int, shownBytes: Int) {
        locked {
            var tiles = 0, bytes = 0, shown = 0
            for entry in stores.values {
                guard let store = entry.store else { continue }
                for slot in store.slots.values where slot.bytes > 0 {
                    tiles += 1
                    bytes += slot.bytes
                    if slot.lastUsed == frame { shown += slot.bytes }
                }
            }
            return (tiles, bytes, shown)
        }
    }

    // MARK: Frames (lock held)

    /// Starts a frame; returns its number.
    func beginFrame() -> UInt64 {
        frame &+= 1
        arrivedSinceFrame = false
        return frame
    }

    /// Ends frame `number`: notes whether tiles were fading in (or held back for a later frame's
    /// upload budget), and evicts beyond the budget.
    func endFrame(_ number: UInt64, fading: Bool) {
        locked {
            fadingInLastFrame = fading
            evict(keepingFrame: number)
        }
    }

    /// Registers `store` for eviction (lock held).
    func register(_ store: TileStore) {
        guard !store.isRegistered else { return }
        store.isRegistered = true
        stores[ObjectIdentifier(store)] = WeakStore(store)
    }

    /// Counts `bytes` more (or fewer, when negative) resident (lock held).
    func account(_ bytes: Int) { resident += bytes }

    /// Drops the least recently used tiles (never one used in `keepingFrame`) until the
    /// resident bytes are within the budget (lock held). Called at the end of each frame and
    /// when a drawing arrives over the budget.
    func evict(keepingFrame number: UInt64) {
        guard resident > budget else { return }
        var candidates: [(used: UInt64, key: TileKey, store: TileStore)] = []
        for entry in stores.values {
            guard let store = entry.store else { continue }
            for (key, slot) in store.slots where slot.lastUsed < number && slot.bytes > 0 {
                candidates.append((slot.lastUsed, key, store))
            }
        }
        candidates.sort { $0.used != $1.used ? $0.used < $1.used : $0.key < $1.key }
        for c in candidates where resident > budget {
            guard let slot = c.store.slots[c.key] else { continue }
            resident -= slot.bytes
            if slot.isQueued {
                // Its drawing delivers into an empty slot.
                c.store.slots[c.key] = TileSlot(
                    version: slot.version, isQueued: true, wantedFrame: slot.wantedFrame, lastUsed: slot.lastUsed)
            } else {
                c.store.slots[c.key] = nil
            }
        }
    }

    // MARK: What layers ask

    /// Marks the tiles of `store` meeting `rects` (all when nil) as out of date.
    func invalidate(_ store: TileStore, rects: [CGRect]?) {
        locked { store.invalidate(rects: rects) }
    }

    /// Forgets the tiles of a layer that is going away (its queued drawings are dropped).
    func discard(_ store: TileStore) {
        locked {
            store.isDiscarded = true
            resident -= store.removeAll()
            stores[ObjectIdentifier(store)] = nil
        }
    }

    /// Drops every tile of every layer (tests and benchmarks start from an empty cache).
    package func removeAllTiles() {
        locked {
            for entry in stores.values {
                guard let store = entry.store else { continue }
                resident -= store.removeAll()
                store.grid = nil
                store.gridStamp &+= 1
            }
            fadingInLastFrame = false
        }
    }
}
