/// Flattening, tiled layers: which tiles a frame shows and which it asks to be drawn.
///
/// Takes a `CATiledLayer` with its presented state and world matrix; produces draw items for
/// the tiles visible in the view (at the level its on-screen scale needs, fading in, over the
/// cached tiles of other levels where that level is not complete yet) and queues the drawings
/// of the missing or out-of-date ones (`TileCache`). Does not draw tiles: tile threads do.
///
/// - Visible rect: the view (or, for a screen-space pass, the pass's screen area) mapped back
///   into the layer's plane through the inverse of its world homography; in local passes
///   (rasterization), where no view is known, the whole bounds.
/// - Level: `TileGrid.level(forPixelsPerPoint:)` of the pass's pixels per point times the
///   world's larger axis scale at the middle of the visible rect. When more tiles than half
///   the cache budget would be visible, coarser levels are taken; at the coarsest, the tiles
///   nearest the middle (reported).
/// - Determinism: with the media clock in manual time (headless rendering, `glayers shot`),
///   `build` waits for the drawings a frame asked for and flattens the frame again, showing them
///   as arrived and faded in (`finishTiledFrame`). With the real clock (the window) tiles show
///   as they arrive, fading in over `fadeDuration()`, and the window keeps drawing while any
///   is queued, being drawn or fading (`CALayerHost.hasPendingWork`); such a frame shows at
///   most its upload budget of tiles for the first time (`FrameBuilder+TileUploads.swift`).
import Foundation
import GLayersGraphics
import GLayersRenderList

/// When `FrameBuilder.build` waits for the tiles a frame asked for.
package enum TileWaiting {
    /// When the media clock is in manual time (headless rendering and tests): frames are
    /// complete and the same every run.
    case whenClockIsManual
    case always
    /// Never: tiles show as they arrive (the window).
    case never
}

/// A tile image to draw, with its fade.
struct TileDraw {
    var key: TileKey
    var image: CGImage
    var alpha: Float
}

/// Tiled layers' state of the frame being built, and scratch storage reused every frame.
struct TilingFrameState {
    var waiting = TileWaiting.whenClockIsManual
    /// The frame's media time (tiles fade in media time).
    var frameTime: CFTimeInterval = 0
    /// The cache's number for this frame (0: no tiled layer drawn yet).
    var frameNumber: UInt64 = 0
    /// Whether tiles that arrive are shown as already faded in (after waiting for them).
    var completesArrivals = false
    /// Whether this frame queued drawings.
    var requested = false
    /// Whether a tile of this frame is fading in.
    var fading = false
    /// Visible tiles of this frame without an image of their own level (for benchmarks).
    var missing = 0
    /// `missing` of the last finished frame.
    var lastMissing = 0
    /// Bytes of the cache budget left, for the layer being drawn, to tiles of other levels
    /// drawn under its visible ones: what its visible tiles (at most `cap` of them) and the
    /// images they fade in over leave of it, so that one layer's frame stays within the budget.
    var underAllowance = 0
    var visible: [TileKey] = []
    var requests: [TileKey] = []
    var needy: [CGRect] = []
    var draws: [TileDraw] = []
    var underDraws: [TileDraw] = []
    var emitted: Set<TileKey> = []
    /// The tiles of the layer drawn opaque and whole (their neighbours may reach under them).
    var opaque: Set<TileKey> = []
    /// The upload budget (`FrameBuilder+TileUploads.swift`): bytes of tile images a frame may
    /// show for the first time, whether this frame is held to it, the bytes charged to this
    /// frame and to the next, whether a tile waits for a later frame, and the layer's tiles of
    /// other levels held back in this frame (they do not cover what is under them).
    var uploadBudget = FrameBuilder.defaultTileUploadBudgetBytes
    var limitsUploads = false
    var uploadedBytes = 0
    var uploadedBytesNext = 0
    var heldBack = false
    var heldUnder: Set<TileKey> = []
}

extension FrameBuilder {
    /// When `build` waits for the tiles a frame asked for (default: in manual clock time).
    package var tileWaiting: TileWaiting {
        get { tiling.waiting }
        set { tiling.waiting = newValue }
    }

    /// How many visible tiles of the last frame had no image of the level shown (their area
    /// showed other levels, or nothing).
    package var lastFrameMissingTiles: Int { tiling.lastMissing }

    /// The tiled layer whose tiles `node` draws (a live `CATiledLayer` without `contents`).
    func tiledLayer(_ node: FlattenNode, _ s: UnsafePointer<LayerState>) -> CATiledLayer? {
        guard case .live(let layer) = node, ObjectIdentifier(type(of: layer)) != ObjectIdentifier(CALayer.self),
            let tiled = layer as? CATiledLayer, s.pointee.contents.image == nil
        else { return nil }
        return tiled
    }

    /// Ends a frame that drew tiled layers: waits for its drawings and flattens it again when
    /// `tileWaiting` says so (calling `rebuild`), else ends the frame in the cache (eviction).
    func finishTiledFrame(_ rebuild: () -> Void) {
        guard tiling.frameNumber != 0 else {
            tiling.lastMissing = 0
            endUploadFrame()
            return
        }
        if waitsForTiles && tiling.requested && !tiling.completesArrivals {
            TileCache.shared.waitForDrawings()
            tiling.completesArrivals = true
            tiling.requested = false
            tiling.fading = false
            tiling.missing = 0
            tiling.heldBack = false
            rebuild()
            return
        }
        TileCache.shared.endFrame(tiling.frameNumber, fading: tiling.fading || tiling.heldBack)
        endUploadFrame()
        tiling.lastMissing = tiling.missing
        tiling.frameNumber = 0
        tiling.completesArrivals = false
        tiling.requested = false
        tiling.fading = false
        tiling.missing = 0
    }

    /// Appends the items of a tiled layer's visible tiles and queues the drawings they need.
    func drawTiles(
        _ layer: CATiledLayer, _ s: LayerState, world: CATransform3D, opacity: Float, clip: Int32, layerIndex: Int32,
        ancestorsFlipped: Bool
    ) {
        let b = s.bounds
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite, b.minX.isFinite, b.minY.isFinite,
            let planeRect = visiblePlaneRect(b, world: world)
        else { return }
        let grid = TileGrid(bounds: b, settings: layer.usableSettings(s))
        let visible = s.isGeometryFlipped ? ContentsGeometry.mirrored(planeRect, in: b) : planeRect
        let passScale = CGFloat(passStack.last?.scale ?? screenScale)
        let q = passScale * largerAxisScale(world, at: CGPoint(x: planeRect.midX, y: planeRect.midY))
        let level = collectVisibleTiles(layer, grid, visible, pixelsPerPoint: q)
        let fade = type(of: layer).fadeDuration()
        let cache = TileCache.shared
        cache.locked {
            if tiling.frameNumber == 0 {
                tiling.frameNumber = cache.beginFrame()
                tiling.limitsUploads = !waitsForTiles
            }
            cache.account(-layer.tileStore.adopt(grid))
            cache.register(layer.tileStore)
            updateVisibleTiles(layer.tileStore, grid, fade: fade)
            if !tiling.needy.isEmpty { collectUnderTiles(layer.tileStore, grid, level: level, fade: fade) }
            if !tiling.requests.isEmpty { queueDrawings(layer, s, grid, visible, ancestorsFlipped: ancestorsFlipped) }
        }
        let tileClip =
            s.masksToBounds && s.cornerRadius > 0
            ? withUnsafePointer(to: s) { addClip(world: world, state: $0, parent: clip) } : clip
        let placement = TilePlacement(
            grid: grid, selfFlipped: s.isGeometryFlipped, contextFlipped: ancestorsFlipped != s.isGeometryFlipped,
            overlap: q > 0 && q.isFinite ? 1 / q : 0)
        for d in tiling.underDraws {
            appendTile(d, placement, s, world: world, opacity: opacity, clip: tileClip, layerIndex: layerIndex)
        }
        for d in tiling.draws {
            appendTile(d, placement, s, world: world, opacity: opacity, clip: tileClip, layerIndex: layerIndex)
        }
        tiling.underDraws.removeAll(keepingCapacity: true)
        tiling.draws.removeAll(keepingCapacity: true)
        tiling.opaque.removeAll(keepingCapacity: true)
    }

    /// Fills `tiling.visible` with the tiles to show, row by row, and returns their level.
    private func collectVisibleTiles(
        _ layer: CATiledLayer, _ grid: TileGrid, _ visible: CGRect, pixelsPerPoint q: CGFloat
    )
        -> Int
    {
        let budget = TileCache.shared.budgetBytes, tileBytes = grid.tileWidth * grid.tileHeight * 4
        let cap = max(4, budget / tileBytes / 2)
        tiling.underAllowance = budget - cap * tileBytes
        var level = grid.level(forPixelsPerPoint: q)
        var range = grid.tiles(level: level, meeting: visible)
        while range.columns.count * range.rows.count > cap && level < grid.levelCount - 1 {
            level += 1
            range = grid.tiles(level: level, meeting: visible)
        }
        let visibleCount = range.columns.count * range.rows.count  // each count is at most 1e9
        if visibleCount > 4 * cap {
            // Only tiles within reach of the middle can be among the `cap` nearest it: the
            // rest are not listed at all (a layer 1e8 points square in 16-point tiles has 3.9e13).
            let middle = grid.tiles(
                level: level, meeting: CGRect(x: visible.midX, y: visible.midY, width: 0, height: 0))
            let reach = Int(Double(cap).squareRoot()) + 1
            func window(_ r: Range<Int>, around m: Int) -> Range<Int> {
                max(r.lowerBound, m - reach)..<min(r.upperBound, max(r.lowerBound, m - reach) + 2 * reach + 1)
            }
            range = (
                window(range.columns, around: middle.columns.lowerBound),
                window(range.rows, around: middle.rows.lowerBound)
            )
        }
        tiling.visible.removeAll(keepingCapacity: true)
        for row in range.rows {
            for column in range.columns {
                tiling.visible.append(TileKey(level: Int32(level), column: Int32(column), row: Int32(row)))
            }
        }
        if tiling.visible.count > cap {
            report(
                "\(layer.diagnosticName): \(visibleCount) tiles of its coarsest level are visible; only the "
                    + "\(cap) nearest the middle of the view are drawn (raise levelsOfDetail)")
            let middle = CGPoint(x: visible.midX, y: visible.midY)
            tiling.visible.sort { grid.distance($0, to: middle) < grid.distance($1, to: middle) }
            tiling.visible.removeLast(tiling.visible.count - cap)
            tiling.visible.sort()
        }
        return level
    }

    /// Marks the visible tiles wanted and used, collects the draws of those with images and the
    /// rects of those not complete (missing, held back for a later frame's upload budget, or
    /// fading in without an older image), and the keys to draw (lock held).
    private func updateVisibleTiles(_ store: TileStore, _ grid: TileGrid, fade: CFTimeInterval) {
        let frame = tiling.frameNumber, t = tiling.frameTime
        tiling.needy.removeAll(keepingCapacity: true)
        tiling.requests.removeAll(keepingCapacity: true)
        for key in tiling.visible {
            var slot = store.slots[key] ?? TileSlot()
            slot.wantedFrame = frame
            slot.lastUsed = frame
            var complete = false, shown = false
            if let image = slot.image, slot.arrival.isNaN {
                // First shown at alpha 0 unless completed or not fading: drawn from the next frame.
                let now = tiling.completesArrivals || Self.fadeAlpha(arrival: t, at: t, duration: fade) > 0
                if slot.isShown || admitUpload(image, nextFrame: !now) {
                    slot.arrival = tiling.completesArrivals ? t - fade : t
                    slot.isShown = true
                } else if let previous = slot.previous {
                    // Held back for a later frame's budget: the image it replaces stays.
                    tiling.draws.append(TileDraw(key: key, image: previous, alpha: 1))
                    tiling.underAllowance -= previous.height * previous.bytesPerRow
                    complete = true
                }
            }
            if let image = slot.image, !slot.arrival.isNaN {
                shown = true
                let alpha = Self.fadeAlpha(arrival: slot.arrival, at: t, duration: fade)
                if alpha >= 1, let previous = slot.previous {
                    TileCache.shared.account(-previous.height * previous.bytesPerRow)
                    slot.previous = nil
                }
                if let previous = slot.previous {
                    tiling.draws.append(TileDraw(key: key, image: previous, alpha: 1))
                    tiling.underAllowance -= previous.height * previous.bytesPerRow
                    complete = true
                }
                tiling.draws.append(TileDraw(key: key, image: image, alpha: alpha))
                if alpha < 1 { tiling.fading = true } else { complete = true }
                if alpha >= 1 && image.isOpaque { tiling.opaque.insert(key) }
            }
            if slot.needsDrawing && !slot.isQueued {
                slot.isQueued = true
                tiling.requests.append(key)
            }
            if !complete { tiling.needy.append(grid.rect(of: key)) }
            if !shown && !complete { tiling.missing += 1 }
            store.slots[key] = slot
        }
    }

    /// Collects, to draw under the visible level, the cached tiles of other levels that cover
    /// its incomplete tiles: under each, coarser levels from the nearest up to the first whose
    /// tiles cover it whole, faded in, then up to two finer levels; as many as
    /// `tiling.underAllowance` holds (lock held). Coarser levels hidden under a complete one are
    /// not drawn: in a zoom each covered the whole view.
    private func collectUnderTiles(_ store: TileStore, _ grid: TileGrid, level: Int, fade: CFTimeInterval) {
        tiling.emitted.removeAll(keepingCapacity: true)
        tiling.heldUnder.removeAll(keepingCapacity: true)
        for r in tiling.needy {
            for j in level + 1..<grid.levelCount {
                emitUnderTiles(store, grid, level: j, meeting: r, fade: fade)
                if covers(store, grid, level: j, r, fade: fade) { break }
            }
            for j in stride(from: level - 1, through: max(0, level - 2), by: -1) {
                emitUnderTiles(store, grid, level: j, meeting: r, fade: fade)
            }
        }
        // Coarser levels first, each row by row (so that a tile reaches only under later ones).
        tiling.underDraws.sort { a, b in
            a.key.level != b.key.level
                ? a.key.level > b.key.level : (a.key.row, a.key.column) < (b.key.row, b.key.column)
        }
    }

    /// Whether the cached tiles of `level` cover `r` whole, faded in (lock held).
    private func covers(_ store: TileStore, _ grid: TileGrid, level j: Int, _ r: CGRect, fade: CFTimeInterval) -> Bool {
        let range = grid.tiles(level: j, meeting: r)
        guard range.columns.count * range.rows.count <= 64 else { return false }
        for row in range.rows {
            for column in range.columns {
                let key = TileKey(level: Int32(j), column: Int32(column), row: Int32(row))
                guard let slot = store.slots[key],
                    slot.image != nil, !tiling.heldUnder.contains(key),
                    slot.arrival.isNaN
                        || Self.fadeAlpha(arrival: slot.arrival, at: tiling.frameTime, duration: fade) >= 1
                else { return false }
            }
        }
        return true
    }

    /// Adds the cached tiles of `level` meeting `r` to the under draws, once each (lock held).
    private func emitUnderTiles(
        _ store: TileStore, _ grid: TileGrid, level j: Int, meeting r: CGRect, fade: CFTimeInterval
    ) {
        let range = grid.tiles(level: j, meeting: r)
        guard range.columns.count * range.rows.count <= 64 else { return }
        let frame = tiling.frameNumber, t = tiling.frameTime
        for row in range.rows {
            for column in range.columns {
                let key = TileKey(level: Int32(j), column: Int32(column), row: Int32(row))
                guard var slot = store.slots[key], let image = slot.image, slot.bytes <= tiling.underAllowance,
                    tiling.emitted.insert(key).inserted
                else { continue }
                if !slot.isShown {
                    guard admitUpload(image, nextFrame: false) else {
                        tiling.heldUnder.insert(key)
                        continue
                    }
                    slot.isShown = true
                }
                tiling.underAllowance -= slot.bytes
                slot.lastUsed = frame
                store.slots[key] = slot
                let alpha = slot.arrival.isNaN ? 1 : Self.fadeAlpha(arrival: slot.arrival, at: t, duration: fade)
                tiling.underDraws.append(TileDraw(key: key, image: image, alpha: alpha))
                if alpha >= 1 && image.isOpaque { tiling.opaque.insert(key) }
            }
        }
    }

    /// Queues the drawings of `tiling.requests`, nearest the middle of the view first (lock held).
    private func queueDrawings(
        _ layer: CATiledLayer, _ s: LayerState, _ grid: TileGrid, _ visible: CGRect, ancestorsFlipped: Bool
    ) {
        let cache = TileCache.shared
        let store = layer.tileStore
        let middle = CGPoint(x: visible.midX, y: visible.midY)
        tiling.requests.sort { grid.distance($0, to: middle) < grid.distance($1, to: middle) }
        let snapshot = TileSnapshot(
            layer: ObjectIdentifier(layer), bounds: s.bounds, contentsScale: s.contentsScale,
            tileSize: LayerProperty.Tiled.tileSize.read(s),
            levelsOfDetail: CATiledLayer.integer(LayerProperty.Tiled.levelsOfDetail.read(s)),
            levelsOfDetailBias: CATiledLayer.integer(LayerProperty.Tiled.levelsOfDetailBias.read(s)),
            isFlipped: ancestorsFlipped != s.isGeometryFlipped)
        for key in tiling.requests {
            cache.sequence &+= 1
            cache.enqueue(
                TileRequest(
                    layer: layer, store: store, key: key, grid: grid, gridStamp: store.gridStamp,
                    version: store.slots[key]?.version ?? 0, sequence: cache.sequence, snapshot: snapshot))
        }
        tiling.requests.removeAll(keepingCapacity: true)
        tiling.requested = true
    }

    /// The fade-in of a tile that arrived at `arrival`, at `t`: 0 … 1.
    static func fadeAlpha(arrival: CFTimeInterval, at t: CFTimeInterval, duration: CFTimeInterval) -> Float {
        guard duration > 0, duration.isFinite else { return 1 }
        return Float(min(1, max(0, (t - arrival) / duration)))
    }
}

extension TileGrid {
    /// The squared distance from the middle of a tile to `p`.
    func distance(_ key: TileKey, to p: CGPoint) -> CGFloat {
        let r = rect(of: key)
        let dx = r.midX - p.x, dy = r.midY - p.y
        return dx * dx + dy * dy
    }
}
