/// The tiles of one tiled layer: their images, which are out of date, which are being drawn.
/// Guarded by `TileCache`'s lock: every member is read and written with it held.
import Foundation
import GLayersGraphics

/// One tile of a layer's cache.
struct TileSlot {
    /// The tile's image (nil until its first drawing arrives).
    var image: CGImage?
    /// The image `image` replaces, drawn under it while it fades in.
    var previous: CGImage?
    /// The media time the image was first shown (NaN: not shown yet).
    var arrival = CFTimeInterval.nan
    /// Whether `image` has been shown in a frame, among the visible tiles or under them: its
    /// texture was uploaded (or is in the next frame, for a visible tile first shown at alpha 0).
    /// A frame shows tiles for the first time within its upload budget
    /// (`FrameBuilder.tileUploadBudgetBytes`).
    var isShown = false
    /// Bumped by every invalidation of the tile.
    var version: UInt32 = 0
    /// The version `image` was drawn for.
    var drawnVersion: UInt32 = 0
    /// Whether a drawing of the tile is queued or running.
    var isQueued = false
    /// The last frame that wanted the tile drawn (queued drawings not wanted lately are dropped).
    var wantedFrame: UInt64 = 0
    /// The last frame that showed the tile (the least recently used are evicted first).
    var lastUsed: UInt64 = 0

    /// Whether the tile must be drawn (again): no image, or one older than an invalidation.
    var needsDrawing: Bool { image == nil || drawnVersion != version }

    /// The bytes of the images held.
    var bytes: Int {
        (image.map { $0.height * $0.bytesPerRow } ?? 0) + (previous.map { $0.height * $0.bytesPerRow } ?? 0)
    }
}

/// The tile cache of one tiled layer.
final class TileStore {
    /// The grid the slots belong to (nil before the layer's first frame).
    var grid: TileGrid?
    /// Changes with `grid`, so that drawings made for an older grid are dropped.
    var gridStamp: UInt64 = 0
    /// The tiles by key.
    var slots: [TileKey: TileSlot] = [:]
    /// Whether the layer is gone (its queued drawings are dropped).
    var isDiscarded = false
    /// Whether the store is in `TileCache`'s registry.
    var isRegistered = false

    /// The bytes of the images held.
    var bytes: Int { slots.values.reduce(0) { $0 + $1.bytes } }

    /// Makes `grid` the store's grid; a different grid drops every tile. Returns the bytes freed.
    func adopt(_ grid: TileGrid) -> Int {
        guard grid != self.grid else { return 0 }
        let freed = bytes
        slots.removeAll()
        self.grid = grid
        gridStamp &+= 1
        return freed
    }

    /// Marks the tiles meeting `rects` (all tiles when nil) as out of date.
    func invalidate(rects: [CGRect]?) {
        guard let grid else { return }
        for key in Array(slots.keys) {
            if let rects {
                let r = grid.rect(of: key)
                guard rects.contains(where: { $0.intersects(r) }) else { continue }
            }
            slots[key]?.version &+= 1
        }
    }

    /// Drops every tile; returns the bytes freed.
    func removeAll() -> Int {
        let freed = bytes
        slots.removeAll()
        return freed
    }
}
