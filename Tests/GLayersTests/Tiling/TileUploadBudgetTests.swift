import Foundation
import GLayersGraphics
import GLayersRenderList
import Testing

@testable import GLayers

extension ClockTests.TiledLayers {
    // The upload budget (#12): how many tile images a frame shows for the first time.

    /// A 256 × 128 layer of 64-point tiles filling the view's top: eight whole tiles of 16 KiB
    /// visible (columns 0 … 3, rows 0 and 1), all drawn and cached before `body` runs, with a
    /// builder that does not wait for tiles and lets `perFrame` tiles a frame be shown first.
    func withEightArrivedTiles(
        perFrame: Int, _ body: (_ layer: RecordingTiledLayer, _ root: CALayer, _ builder: FrameBuilder) throws -> Void
    ) rethrows {
        try withManualClock {
            let layer = tiled(CGRect(x: 0, y: 0, width: 256, height: 128))
            layer.tileSize = CGSize(width: 64, height: 64)
            let r = root(layer)
            let builder = FrameBuilder()
            builder.tileWaiting = .never
            builder.tileUploadBudgetBytes = perFrame * 64 * 64 * 4
            #expect(tileItems(r, builder: builder).isEmpty, "asked for")
            TileCache.shared.waitForDrawings()
            #expect(layer.calls.count == 8)
            try body(layer, r, builder)
        }
    }

    /// The images of `items` (the tiles drawn).
    func images(_ items: [DrawItem]) -> [ImageID] {
        items.compactMap { if case .image(let id, _) = $0.content { id } else { nil } }
    }

    /// Eight tiles arriving at once, three a frame within the budget: each frame brings at most
    /// three images new to the renderer; the others wait (their area shows what is under them),
    /// and each fades in from the frame that first shows it.
    @Test func aFrameShowsAtMostItsUploadBudgetOfNewTiles() throws {
        try withEightArrivedTiles(perFrame: 3) { _, r, builder in
            var seen: Set<ImageID> = []
            var opacities: [[Float]] = []
            for t in [1.0, 1.1, 1.2, 1.3, 1.4] {
                let items = tileItems(r, at: t, builder: builder)
                let new = Set(images(items)).subtracting(seen)
                #expect(new.count <= 3, "at \(t): \(new.count) new images")
                seen.formUnion(images(items))
                opacities.append(items.map(\.opacity).sorted())
            }
            #expect(seen.count == 8)
            // Shown first (at alpha 0) at 1.0, 1.1 and 1.2: three, three and two tiles.
            func near(_ a: [Float], _ b: [Float]) -> Bool {
                a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-3 }
            }
            #expect(opacities[0].isEmpty)
            #expect(near(opacities[1], [0.4, 0.4, 0.4]), "\(opacities[1])")
            #expect(near(opacities[2], [0.4, 0.4, 0.4, 0.8, 0.8, 0.8]), "\(opacities[2])")
            #expect(near(opacities[3], [0.4, 0.4, 0.8, 0.8, 0.8, 1, 1, 1]), "\(opacities[3])")
            #expect(near(opacities[4], [0.8, 0.8, 1, 1, 1, 1, 1, 1]), "\(opacities[4])")
        }
    }

    /// Tiles held back count as missing their level, as tiles not drawn yet do.
    @Test func heldBackTilesCountAsMissing() {
        withEightArrivedTiles(perFrame: 3) { _, r, builder in
            _ = tileItems(r, at: 1, builder: builder)
            #expect(builder.lastFrameMissingTiles == 5)
            _ = tileItems(r, at: 1.1, builder: builder)
            #expect(builder.lastFrameMissingTiles == 2)
            _ = tileItems(r, at: 1.2, builder: builder)
            #expect(builder.lastFrameMissingTiles == 0)
        }
    }

    /// A budget smaller than one tile still shows one new tile a frame.
    @Test func aFrameShowsAtLeastOneNewTile() {
        withEightArrivedTiles(perFrame: 0) { _, r, builder in
            var seen: Set<ImageID> = []
            for f in 0..<10 {
                let items = tileItems(r, at: 1 + Double(f) / 60, builder: builder)
                #expect(Set(images(items)).subtracting(seen).count <= 1)
                seen.formUnion(images(items))
            }
            #expect(seen.count == 8, "one a frame, from the second frame on")
        }
    }

    /// Redrawn tiles held back by the budget keep showing the images they replace, whole.
    @Test func aRedrawnTileHeldBackKeepsItsOldImage() {
        withEightArrivedTiles(perFrame: 3) { layer, r, builder in
            for t in [1.0, 1.1, 1.2, 2.0] { _ = tileItems(r, at: t, builder: builder) }
            let old = Set(images(tileItems(r, at: 3, builder: builder)))
            #expect(old.count == 8)
            layer.setNeedsDisplay()
            _ = tileItems(r, at: 4, builder: builder)
            TileCache.shared.waitForDrawings()
            let items = tileItems(r, at: 5, builder: builder)
            // Three new images shown at alpha 0 (not drawn), the eight old ones under them.
            #expect(Set(images(items)) == old)
            #expect(items.allSatisfy { $0.opacity == 1 })
            #expect(builder.lastFrameMissingTiles == 0)
            let next = tileItems(r, at: 5.125, builder: builder)
            #expect(Set(images(next)).subtracting(old).count == 3)
            #expect(images(next).count == 8 + 3)
        }
    }

    /// Frames that wait for their tiles (manual clock: headless rendering, `glayers shot`) are
    /// complete whatever the budget: every tile shown, faded in, in the first frame.
    @Test func aFrameThatWaitsForItsTilesShowsThemAll() {
        withManualClock {
            let layer = tiled(CGRect(x: 0, y: 0, width: 256, height: 128))
            layer.tileSize = CGSize(width: 64, height: 64)
            let builder = FrameBuilder()
            builder.tileUploadBudgetBytes = 0
            let items = tileItems(root(layer), builder: builder)
            #expect(items.count == 8 && items.allSatisfy { $0.opacity == 1 })
            #expect(Set(images(items)).count == 8)
            #expect(builder.lastFrameMissingTiles == 0)
        }
    }
}
