/// Tile images in texture arrays (`RenderList.tileImages`, `TextureArrays`): the tiles of a
/// level draw in one call with the pixels of one texture per tile, a freed layer is reused,
/// and an array that fills up gets another beside it.
import Foundation
import GLayersGraphics
import GLayersRenderList
import Testing

@testable import GLayersGL

@Suite(.serialized) struct TileArrayTests {
    /// A 32-pixel tile image of its own colours (a gradient and a diagonal edge).
    private static func tileImage(_ n: Int) -> CGImage {
        TestImages.make(32, 32) { x, y in
            let r = UInt8((x * 8 + n * 37) % 256), g = UInt8((y * 8 + n * 71) % 256)
            return x + y < 20 + n % 7 ? (r, g, 90, 255) : (g / 2, r, 200, 255)
        }
    }

    /// A grid of tiles of 32 points, `columns` wide, showing images `numbers` in order (one
    /// image per number, made once in `images`), at 0.75 from a fractional offset, each
    /// reaching a pixel under the next (as tiles overlap), at `opacity`; marked as tiles when
    /// `tiles`.
    private static func grid(
        _ numbers: [Int], columns: Int, opacity: Float = 1, tiles: Bool = true, images: inout [Int: CGImage]
    ) -> RenderList {
        let b = ListBuilder(width: 96, height: 80)
        var items: [DrawItem] = []
        for (i, n) in numbers.enumerated() {
            let image = images[n] ?? tileImage(n)
            images[n] = image
            let id = b.add(image)
            if tiles { b.list.tileImages.insert(id) }
            let overlap: Float = 1 / 0.75
            let rect = Rect(Float(i % columns) * 32, Float(i / columns) * 32, 32 + overlap, 32 + overlap)
            let source = Rect(0, 0, rect.width / 32, rect.height / 32)
            items.append(
                DrawItem(
                    transform: Matrix4.scale(0.75, 0.75).then(.translate(3.3, 2.6)), rect: rect, opacity: opacity,
                    content: .image(id, ContentPlacement(destination: rect, source: source)), opaque: opacity >= 1))
        }
        return b.screen(items)
    }

    /// Tiles in an array draw in one call and look exactly as with a texture each (one call
    /// per tile), opaque and fading.
    @Test(arguments: [Float(1), 0.6])
    func tilesOfALevelDrawInOneCall(opacity: Float) throws {
        var images: [Int: CGImage] = [:]
        let arrayed = Self.grid(Array(0..<12), columns: 4, opacity: opacity, images: &images)
        let plain = Self.grid(Array(0..<12), columns: 4, opacity: opacity, tiles: false, images: &images)
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(plain, to: .offscreen)
            #expect(r.stats.drawCalls == 12, "\(r.stats)")
            let separate = try r.readImage()
            r.render(arrayed, to: .offscreen)
            #expect(r.stats.drawCalls == 1, "\(r.stats)")
            #expect(r.stats.items == 12 && r.stats.textureUploads == 12)
            #expect(r.stats.residentTextureBytes == 2 * 12 * 32 * 32 * 4)
            let batched = try r.readImage()
            let result = ImageComparison(separate, batched, tolerance: .exact)
            #expect(result.matches, "\(result)")
            #expect(r.textures.arrays.arrayShapes.map(\.used) == [12])
        }
    }

    /// Layers freed by the texture cache (idle for 120 frames) take the next tiles of their
    /// size: with room for four, the two new tiles join the two kept ones in one array.
    @Test func layersAreReusedAfterEviction() throws {
        var images: [Int: CGImage] = [:]
        let first = Self.grid([0, 1, 2, 3], columns: 4, images: &images)
        let kept = Self.grid([2, 3], columns: 4, images: &images)
        // Tiles 4 and 5 before 2 and 3.
        let reused = Self.grid([4, 5, 2, 3], columns: 4, images: &images)
        let idle = ListBuilder(width: 96, height: 80).screen([])
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.debug.maximumTileArrayLayers = 4
            r.render(first, to: .offscreen)
            #expect(r.stats.drawCalls == 1)
            for _ in 0..<121 { r.render(kept, to: .offscreen) }
            // Tiles 0 and 1 are freed; 2 and 3 stay in their layers.
            #expect(r.stats.residentTextureBytes == 2 * 32 * 32 * 4)
            #expect(r.textures.arrays.arrayShapes.map { [$0.capacity, $0.used] } == [[4, 2]])
            // In the two freed layers of the same array: one draw.
            r.render(reused, to: .offscreen)
            #expect(r.stats.textureUploads == 2)
            #expect(r.stats.drawCalls == 1, "\(r.stats)")
            #expect(r.textures.arrays.arrayShapes.map { [$0.capacity, $0.used] } == [[4, 4]])
            for _ in 0..<121 { r.render(idle, to: .offscreen) }
            // No layer in use: the array is kept for the next tiles (the only empty one).
            #expect(r.textures.arrays.arrayShapes.map { [$0.capacity, $0.used] } == [[4, 0]])
            #expect(r.stats.residentTextureBytes == 0)
            r.purgeCaches()
            #expect(r.textures.arrays.arrayShapes.isEmpty)
        }
    }

    /// When the arrays of a size are full another is made: 20 tiles in arrays of 6 layers draw
    /// in four calls, with the pixels of a texture per tile; emptied arrays are deleted but
    /// one.
    @Test func fullArraysGetAnotherBesideThem() throws {
        var images: [Int: CGImage] = [:]
        let arrayed = Self.grid(Array(0..<20), columns: 5, images: &images)
        let plain = Self.grid(Array(0..<20), columns: 5, tiles: false, images: &images)
        let idle = ListBuilder(width: 96, height: 80).screen([])
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(plain, to: .offscreen)
            let separate = try r.readImage()
            r.debug.maximumTileArrayLayers = 6
            r.render(arrayed, to: .offscreen)
            #expect(r.stats.drawCalls == 4 && r.stats.textureUploads == 20, "\(r.stats)")
            #expect(
                r.textures.arrays.arrayShapes.map { [$0.capacity, $0.used] }.sorted { $0[1] < $1[1] } == [
                    [6, 2], [6, 6], [6, 6], [6, 6],
                ])
            #expect(try ImageComparison(separate, r.readImage(), tolerance: .exact).matches)
            r.render(arrayed, to: .offscreen)
            #expect(r.stats.drawCalls == 4 && r.stats.textureUploads == 0, "\(r.stats)")
            #expect(try ImageComparison(separate, r.readImage(), tolerance: .exact).matches)
            for _ in 0..<121 { r.render(idle, to: .offscreen) }
            #expect(r.textures.arrays.arrayShapes.map(\.used) == [0])
            // Without the lowered limit: one array (64 layers) holds them all.
            r.purgeCaches()
            r.debug.maximumTileArrayLayers = nil
            r.render(arrayed, to: .offscreen)
            #expect(r.stats.drawCalls == 1, "\(r.stats)")
            #expect(r.textures.arrays.arrayShapes.map { [$0.capacity, $0.used] } == [[64, 20]])
        }
    }

    /// A tile the simple program cannot draw (here clipped to rounded corners) is drawn from
    /// a texture of its own, in the same frame as tiles from the array.
    @Test func tilesTheGeneralProgramDrawsHaveTheirOwnTexture() throws {
        var images: [Int: CGImage] = [:]
        let list = Self.grid([0, 1, 2], columns: 3, images: &images)
        list.items[1].cornerRadius = 6
        list.items[1].clipsContent = true
        let plain = Self.grid([0, 1, 2], columns: 3, tiles: false, images: &images)
        plain.items[1].cornerRadius = 6
        plain.items[1].clipsContent = true
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(list, to: .offscreen)
            // Two layers and one texture.
            #expect(r.stats.drawCalls == 3 && r.stats.textureUploads == 3, "\(r.stats)")
            #expect(r.textures.arrays.arrayShapes.map(\.used) == [2])
            let arrayed = try r.readImage()
            r.render(plain, to: .offscreen)
            #expect(r.stats.textureUploads == 2)
            #expect(try ImageComparison(r.readImage(), arrayed, tolerance: .exact).matches)
        }
    }
}
