/// Counters, batching, caches and debug switches: draw calls do not grow with N for items
/// sharing a texture, textures upload once, rasterized passes are reused.
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct CountersTests {
    private func flakes(_ n: Int, image: ImageID, in b: ListBuilder) -> [DrawItem] {
        (0..<n).map { i in
            DrawItem(
                transform: .layer(
                    size: 8, 8, at: Float(i % 16) * 4 + 4, Float(i / 16 % 16) * 4 + 4,
                    transform: .rotate(Float(i) * 0.3, 0.3, 1, 0.2)),
                rect: Rect(0, 0, 8, 8), content: .image(image, ContentPlacement(destination: Rect(0, 0, 8, 8))))
        }
    }

    /// 10, 100 and 1000 items sharing one texture: one draw call each time.
    @Test func drawCallsDoNotGrowWithN() throws {
        try GLHarness.withRenderer { r in
            for n in [10, 100, 1000] {
                let b = ListBuilder(width: 64, height: 64)
                let image = b.add(TestImages.disc(size: 8))
                b.screen(flakes(n, image: image, in: b))
                r.render(b.list, to: .offscreen)
                #expect(r.stats.drawCalls == 1, "n = \(n): \(r.stats)")
                #expect(r.stats.items == n)
            }
        }
    }

    /// Disabling batching gives one draw per item and the same pixels.
    @Test func disableBatchingKeepsThePicture() throws {
        let b = ListBuilder(width: 64, height: 64)
        let image = b.add(TestImages.disc(size: 8))
        b.screen(flakes(50, image: image, in: b))
        try GLHarness.withRenderer { r in
            r.render(b.list, to: .offscreen)
            let batched = try r.readImage()
            r.debug.disableBatching = true
            r.render(b.list, to: .offscreen)
            #expect(r.stats.drawCalls == 50)
            let unbatched = try r.readImage()
            #expect(ImageComparison(batched, unbatched, tolerance: .exact).matches)
        }
    }

    /// An image uploads on first use only; an unused one is freed after 120 frames.
    @Test func texturesUploadOnceAndAreFreedWhenIdle() throws {
        let b = ListBuilder(width: 16, height: 16)
        let image = b.add(TestImages.checker(size: 16))
        b.screen([
            DrawItem(
                transform: .identity, rect: Rect(0, 0, 16, 16),
                content: .image(image, ContentPlacement(destination: Rect(0, 0, 16, 16))))
        ])
        let idle = ListBuilder(width: 16, height: 16)
        idle.screen([])
        try GLHarness.withRenderer { r in
            // Every frame drawn in full (with damage tracking an unchanged frame draws nothing).
            r.debug.disableDamage = true
            r.render(b.list, to: .offscreen)
            #expect(r.stats.textureUploads == 1 && r.stats.textureBytes == 16 * 16 * 4)
            r.render(b.list, to: .offscreen)
            #expect(r.stats.textureUploads == 0)
            for _ in 0..<121 { r.render(idle.list, to: .offscreen) }
            #expect(r.stats.residentTextureBytes == 0)
            r.render(b.list, to: .offscreen)
            #expect(r.stats.textureUploads == 1)
        }
    }

    /// A texture goes with its image: once the image is gone (a shape drawn again each frame
    /// leaves its old raster behind), the end of the next frame frees it, and a new image of
    /// its size is uploaded into it.
    @Test func aTextureGoesWithItsImage() throws {
        let idle = ListBuilder(width: 16, height: 16)
        idle.screen([])
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            func frameWithANewImage(disc: Bool = false) {
                let b = ListBuilder(width: 16, height: 16)
                let id = b.add(disc ? TestImages.disc(size: 16) : TestImages.checker(size: 16))
                b.screen([
                    DrawItem(
                        transform: .identity, rect: Rect(0, 0, 16, 16),
                        content: .image(id, ContentPlacement(destination: Rect(0, 0, 16, 16))))
                ])
                r.render(b.list, to: .offscreen)
            }
            frameWithANewImage()
            #expect(r.stats.textureUploads == 1)
            r.render(idle.list, to: .offscreen)
            r.render(idle.list, to: .offscreen)
            #expect(r.stats.residentTextureBytes == 0)
            frameWithANewImage(disc: true)
            #expect(r.stats.textureUploads == 1 && r.stats.residentTextureBytes == 16 * 16 * 4)
            let intoTheOldTexture = try r.readImage()
            // The same picture as from a texture of its own.
            r.purgeCaches()
            frameWithANewImage(disc: true)
            let comparison = ImageComparison(intoTheOldTexture, try r.readImage(), tolerance: .exact)
            #expect(comparison.matches, "\(comparison)")
        }
    }

    /// The texture of an image idle for a while (a drawing's raster at another scale) goes
    /// within sixteen frames of the image: whether an image is gone is asked at every frame's
    /// end only of those used in the latest two frames (`TextureCache.recentFrames`).
    @Test func aTextureOfAnIdleImageGoesWithinSixteenFrames() throws {
        let idle = ListBuilder(width: 16, height: 16)
        idle.screen([])
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            var holder: ListBuilder? = ListBuilder(width: 16, height: 16)
            if let b = holder {
                let id = b.add(TestImages.checker(size: 16))
                b.screen([
                    DrawItem(
                        transform: .identity, rect: Rect(0, 0, 16, 16),
                        content: .image(id, ContentPlacement(destination: Rect(0, 0, 16, 16))))
                ])
                r.render(b.list, to: .offscreen)
            }
            for _ in 0..<5 { r.render(idle.list, to: .offscreen) }
            #expect(r.stats.residentTextureBytes == 16 * 16 * 4)
            holder = nil
            var frames = 0
            while r.stats.residentTextureBytes > 0 && frames < 40 {
                r.render(idle.list, to: .offscreen)
                frames += 1
            }
            #expect(r.stats.residentTextureBytes == 0 && frames <= 16, "\(frames) frames")
        }
    }

    /// Over the byte budget, the least recently used texture is freed at frame end, never
    /// one the frame used.
    @Test func texturesOverBudgetAreFreedLeastRecentlyUsedFirst() throws {
        func list(_ image: CGImage) -> RenderList {
            let b = ListBuilder(width: 16, height: 16)
            let id = b.add(image)
            return b.screen([
                DrawItem(
                    transform: .identity, rect: Rect(0, 0, 16, 16),
                    content: .image(id, ContentPlacement(destination: Rect(0, 0, 16, 16))))
            ])
        }
        let first = list(TestImages.checker(size: 16)), second = list(TestImages.disc(size: 16))
        try GLHarness.withRenderer { r in
            r.textureBudgetBytes = 16 * 16 * 4
            r.render(first, to: .offscreen)
            r.render(second, to: .offscreen)
            #expect(r.stats.residentTextureBytes == 16 * 16 * 4)
            r.render(first, to: .offscreen)
            #expect(r.stats.textureUploads == 1)
            r.textureBudgetBytes = 512 << 20
        }
    }

    /// Screen blends in fixed function: screen items batch like normal ones (no copies).
    @Test func screenBlendItemsBatch() throws {
        let b = ListBuilder(width: 32, height: 32, clear: .rgba(0.2, 0.3, 0.4))
        b.screen(
            (0..<5).map { i in
                DrawItem(
                    transform: .translate(Float(i) * 4, Float(i) * 4), rect: Rect(0, 0, 12, 12),
                    background: .rgba(0.5, 0.2, 0.1, 0.8), blend: .screen)
            })
        try GLHarness.withRenderer { r in
            r.render(b.list, to: .offscreen)
            #expect(r.stats.drawCalls == 1)
        }
    }

    /// An image larger than the texture limit is downscaled on upload (limit lowered to 8).
    @Test func oversizeImagesAreDownscaled() throws {
        let b = ListBuilder(width: 32, height: 32)
        let image = b.add(TestImages.checker(size: 32, cells: 2))
        b.screen([
            DrawItem(
                transform: .identity, rect: Rect(0, 0, 32, 32),
                content: .image(image, ContentPlacement(destination: Rect(0, 0, 32, 32))))
        ])
        try GLHarness.withRenderer { r in
            r.debug.maximumTextureSize = 8
            r.render(b.list, to: .offscreen)
            #expect(r.stats.textureBytes == 8 * 8 * 4)
            let pixels = try r.readImage()
            // Still a 2×2 checkerboard: the top-left cell dark, the top-right light.
            #expect(pixels.pixel(x: 6, y: 6).map { $0.g < 100 } == true)
            #expect(pixels.pixel(x: 26, y: 6).map { $0.g > 200 } == true)
        }
    }

    /// A pass with a cache key is drawn once, then reused while its key and size stay; a new
    /// key draws again.
    @Test func rasterizedPassesAreReused() throws {
        func list(key: UInt64, colour: Color) -> RenderList {
            let b = ListBuilder(width: 32, height: 32)
            let pass = b.pass(
                source: Rect(0, 0, 16, 16), cacheKey: key,
                items: [DrawItem(transform: .identity, rect: Rect(0, 0, 16, 16), background: colour)])
            return b.screen([DrawItem(transform: .translate(8, 8), rect: Rect(0, 0, 16, 16), content: .pass(pass))])
        }
        try GLHarness.withRenderer { r in
            // Every frame drawn in full (with damage tracking an unchanged key draws nothing).
            r.debug.disableDamage = true
            r.render(list(key: 7, colour: .red), to: .offscreen)
            #expect(r.stats.passes == 1 && r.stats.cachedPasses == 0)
            // Same key: the cached (red) texture is used even though the items now say blue.
            r.render(list(key: 7, colour: .blue), to: .offscreen)
            #expect(r.stats.passes == 0 && r.stats.cachedPasses == 1)
            let cached = try r.readImage()
            #expect(cached.pixel(x: 16, y: 16).map { $0.r > 200 } == true)
            r.render(list(key: 8, colour: .blue), to: .offscreen)
            #expect(r.stats.passes == 1 && r.stats.cachedPasses == 0)
            let redrawn = try r.readImage()
            #expect(redrawn.pixel(x: 16, y: 16).map { $0.b > 200 } == true)
        }
    }

    /// Overdraw and pass outlines change the picture as documented.
    @Test func debugSwitches() throws {
        let b = ListBuilder(width: 48, height: 32, clear: .black)
        let pass = b.pass(
            source: Rect(0, 0, 20, 20),
            items: [DrawItem(transform: .identity, rect: Rect(0, 0, 20, 20), background: .green)])
        b.screen([
            DrawItem(transform: .translate(2, 2), rect: Rect(0, 0, 20, 20), background: .red),
            DrawItem(transform: .translate(10, 10), rect: Rect(0, 0, 20, 20), background: .red),
            DrawItem(transform: .translate(26, 6), rect: Rect(0, 0, 20, 20), content: .pass(pass)),
        ])
        let overdraw = try GLHarness.image(of: b.list) { $0.debug.showOverdraw = true }
        let once = try #require(overdraw.pixel(x: 4, y: 4)), twice = try #require(overdraw.pixel(x: 15, y: 15))
        #expect(twice.r > once.r && once.r > 0)
        let outlined = try GLHarness.image(of: b.list) { $0.debug.outlinePasses = true }
        #expect(outlined.pixel(x: 26, y: 16).map { $0.r > 200 && $0.b > 200 && $0.g < 60 } == true)
        #expect(outlined.pixel(x: 36, y: 16).map { $0.g > 150 } == true)
    }
}

/// A root background (an opaque rectangle over the whole screen, first in paint order) becomes
/// the clear colour: the same pixels without filling the screen with a quad.
@Suite(.serialized) struct ClearFoldingTests {
    private let blue = Color(r: 0.05, g: 0.07, b: 0.15, a: 1)
    private let red = Color(r: 1, g: 0, b: 0, a: 1)

    private func scene(background: Rect, opaque: Bool = true, color: Color? = nil) -> RenderList {
        let b = ListBuilder(width: 48, height: 32)
        var root = DrawItem(transform: .identity, rect: background, background: color ?? blue)
        root.opaque = opaque
        var box = DrawItem(
            transform: .layer(size: 10, 10, at: 24, 16, transform: .rotate(0.4, 0, 0, 1)), rect: Rect(0, 0, 10, 10),
            background: red)
        box.opaque = true
        return b.screen([root, box])
    }

    @Test func fullScreenOpaqueBackgroundIsCleared() throws {
        try GLHarness.withRenderer { r in
            r.render(scene(background: Rect(0, 0, 48, 32)), to: .offscreen)
            #expect(r.stats.clearedItems == 1 && r.stats.items == 2, "\(r.stats)")
            let folded = try r.readImage()
            // The same picture drawn with the quad: the background item made one pixel too
            // small to cover the screen, over a clear colour equal to the background.
            let b = ListBuilder(width: 48, height: 32, clear: blue)
            var root = DrawItem(transform: .identity, rect: Rect(0, 0, 48, 31), background: blue)
            root.opaque = true
            var box = DrawItem(
                transform: .layer(size: 10, 10, at: 24, 16, transform: .rotate(0.4, 0, 0, 1)), rect: Rect(0, 0, 10, 10),
                background: red)
            box.opaque = true
            r.render(b.screen([root, box]), to: .offscreen)
            #expect(r.stats.clearedItems == 0)
            #expect(ImageComparison(folded, try r.readImage(), tolerance: .exact).matches)
        }
    }

    @Test func translucentOrPartialBackgroundsAreDrawn() throws {
        try GLHarness.withRenderer { r in
            r.render(
                scene(background: Rect(0, 0, 48, 32), opaque: false, color: Color(r: 0, g: 0, b: 0.5, a: 0.5)),
                to: .offscreen)
            #expect(r.stats.clearedItems == 0)
            r.render(scene(background: Rect(2, 0, 46, 32)), to: .offscreen)
            #expect(r.stats.clearedItems == 0)
            let image = try r.readImage()
            // The white clear colour shows in the uncovered 2-pixel strip.
            #expect(
                image.withUnsafeBytes { Array($0[(10 * image.bytesPerRow)..<(10 * image.bytesPerRow + 4)]) } == [
                    255, 255, 255, 255,
                ])
        }
    }
}
