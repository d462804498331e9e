import Foundation
import GLayersGraphics
import GLayersRenderList
import Testing

@testable import GLayers

extension ClockTests.TiledLayers {
    // The tile cache's budget (#12): eviction, and what one frame may show.

    /// A strip of sixteen 256-point tiles (4096 × 256, anchored at its origin) under a root, and
    /// a frame builder, with the tile cache's budget at four tiles for `body` (manual clock).
    private func withFourTileStrip(_ body: (TileCache, RecordingTiledLayer, CALayer, FrameBuilder) -> Void) {
        withManualClock {
            let cache = TileCache.shared
            let saved = cache.budgetBytes
            cache.budgetBytes = 1 << 20  // four 256×256 tiles
            defer { cache.budgetBytes = saved }
            let layer = tiled(CGRect(x: 0, y: 0, width: 4096, height: 256))
            layer.anchorPoint = .zero
            body(cache, layer, root(layer), FrameBuilder())
        }
    }

    /// Tiles beyond the budget are evicted, least recently shown first; shown ones stay.
    @Test func tilesBeyondTheBudgetAreEvictedLeastRecentlyUsedFirst() {
        withFourTileStrip { cache, layer, r, builder in
            // The view shows one tile at a time: 0, 1, … 15.
            func show(_ column: Int, at t: CFTimeInterval) {
                layer.position = CGPoint(x: -256 * CGFloat(column), y: 0)
                _ = tileItems(r, at: t, builder: builder)
            }
            for column in 0..<16 {
                show(column, at: Double(column))
                #expect(cache.residentBytes <= 1 << 20)
            }
            #expect(layer.calls.count == 16)
            layer.forget()
            show(13, at: 20)
            #expect(layer.calls.isEmpty, "one of the four most recently shown")
            show(0, at: 21)
            #expect(layer.calls.map(\.clip.minX) == [0], "evicted, drawn again")
            #expect(cache.residentBytes <= 1 << 20)
        }
    }

    /// A drawing that arrives over the budget evicts at once (not at the end of the next
    /// frame), never a tile the current frame shows.
    @Test func arrivalsOverTheBudgetEvictAtOnce() {
        withFourTileStrip { cache, layer, r, builder in
            for column in 0..<4 {
                layer.position = CGPoint(x: -256 * CGFloat(column), y: 0)
                _ = tileItems(r, at: Double(column), builder: builder)
            }
            #expect(cache.residentBytes == 1 << 20)
            builder.tileWaiting = .never
            layer.position = CGPoint(x: -256 * 4, y: 0)
            _ = tileItems(r, at: 4, builder: builder)
            cache.waitForDrawings()
            #expect(cache.residentBytes <= 1 << 20)
            layer.forget()
            builder.tileWaiting = .always
            _ = tileItems(r, at: 5, builder: builder)
            #expect(layer.calls.isEmpty, "the arrived tile stayed")
            layer.position = .zero
            _ = tileItems(r, at: 6, builder: builder)
            #expect(layer.calls.map(\.clip.minX) == [0], "the least recently shown went")
        }
    }

    /// Tiles of other levels drawn under missing ones stay within what the visible tiles
    /// leave of the budget, coarser and nearer levels first, so one layer's frame (and the
    /// cache, once its drawings arrive) stays within the budget.
    @Test func tilesUnderMissingOnesStayWithinTheBudget() {
        withManualClock {
            let cache = TileCache.shared
            let saved = cache.budgetBytes
            cache.budgetBytes = 2 << 20  // 32 tiles of 128 × 128; 16 visible at most
            defer { cache.budgetBytes = saved }
            let layer = tiled(CGRect(x: 0, y: 0, width: 4096, height: 4096))
            layer.tileSize = CGSize(width: 128, height: 128)
            layer.levelsOfDetail = 4
            layer.anchorPoint = .zero
            layer.position = .zero
            let view = CGSize(width: 500, height: 500)
            let r = CALayer()
            r.frame = CGRect(origin: .zero, size: view)
            r.addSublayer(layer)
            let builder = FrameBuilder()
            func items(at t: CFTimeInterval, scale: CGFloat) -> Int {
                layer.transform = CATransform3DMakeScale(scale, scale, 1)
                frame(at: t)
                return builder.build(root: r, at: t, size: view, scale: 1).items.count {
                    $0.content.placement != nil
                }
            }
            // 4 × 4 tiles of level 0, then of level 1, each cached (the frames wait).
            #expect(items(at: 0, scale: 1) == 16 && items(at: 1, scale: 0.5) == 16)
            #expect(cache.residentBytes == 2 << 20)
            builder.tileWaiting = .never
            layer.gate = DispatchSemaphore(value: 0)
            // Level 2 is missing: level 1's 16 tiles fill what is left of the budget, so
            // level 0's do not go under them.
            #expect(items(at: 2, scale: 0.25) == 16)
            for _ in 0..<16 { layer.gate?.signal() }
            cache.waitForDrawings()
            #expect(cache.residentBytes <= 2 << 20)
        }
    }

    /// A huge layer with one level seen whole would show 5000 tiles: only the nearest the
    /// middle of the view that half the cache holds are drawn, with a warning.
    @Test func tooManyVisibleTilesAreCutToHalfTheCache() {
        withManualClock {
            let layer = tiled(CGRect(x: 0, y: 0, width: 32768, height: 32768))
            layer.name = "huge"
            layer.position = CGPoint(x: 100, y: 50)
            layer.transform = CATransform3DMakeScale(1.0 / 128, 1.0 / 128, 1)
            let r = root(layer)
            let (items, warnings) = Diagnostics.capture { tileItems(r) }
            #expect(items.count == 128 && layer.calls.count == 128)
            #expect(warnings.count == 1 && warnings[0].contains("5000 tiles") && warnings[0].contains("huge"))
            let middle = layer.calls.map { hypot($0.clip.midX - 16384, $0.clip.midY - 16384) }.max() ?? .infinity
            #expect(middle < 256 * 8, "the tiles nearest the middle")
        }
    }

    /// A layer 1e8 points square in 16-point tiles with one level, seen whole, has 3.9e13
    /// visible tiles: the frame lists only those near the middle (it listed all of them before
    /// cutting them to the cap, #24) and draws the cap's worth with a warning naming the count.
    @Test func anAstronomicalTileCountIsNotListed() {
        withManualClock {
            let cache = TileCache.shared
            let saved = cache.budgetBytes
            cache.budgetBytes = 1 << 20  // its least: 1024 tiles of 16 × 16, 512 are shown
            defer { cache.budgetBytes = saved }
            let layer = tiled(CGRect(x: 0, y: 0, width: 1e8, height: 1e8))
            layer.tileSize = CGSize(width: 16, height: 16)
            layer.position = CGPoint(x: 100, y: 50)
            layer.transform = CATransform3DMakeScale(1e-6, 1e-6, 1)
            let (items, warnings) = Diagnostics.capture { tileItems(root(layer)) }
            #expect(items.count == 512 && layer.calls.count == 512)
            #expect(warnings.count == 1 && warnings[0].contains("39062500000000 tiles"))
            let middle = layer.calls.map { hypot($0.clip.midX - 5e7, $0.clip.midY - 5e7) }.max() ?? .infinity
            // 512 tiles of 16 points fill a disc of radius 16 · √(512 / π) ≈ 204 about the middle.
            #expect(middle < 16 * 14, "the tiles nearest the middle")
        }
    }
}
