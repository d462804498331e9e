/// Small images in layers of shared texture arrays (`FramePlanner.smallImage`,
/// `TextureCache.smallLayer`): items showing different small images draw in one call with the
/// pixels of one texture per image, edges included, and an image's layer goes with the image.
import Foundation
import GLayersGraphics
import GLayersRenderList
import Testing

@testable import GLayersGL

@Suite(.serialized) struct SmallImageArrayTests {
    /// A `w` × `h` image of its own colours, opaque to its edges but for a translucent corner
    /// (its edges' texels are what a sample past them reads).
    private static func image(_ n: Int, _ w: Int, _ h: Int) -> CGImage {
        TestImages.make(w, h) { x, y in
            let r = UInt8((x * 23 + n * 41) % 256), g = UInt8((y * 17 + n * 67) % 256)
            return x + y < 3 ? (r / 2, g / 2, 60, 128) : (r, g, UInt8(90 + n * 13 % 120), 255)
        }
    }

    /// Ten items of images from 4 × 3 to 60 × 54 pixels, magnified 1.3 times, turned, at
    /// `opacity`.
    private static func list(_ images: [CGImage], opacity: Float) -> RenderList {
        let b = ListBuilder(width: 200, height: 150)
        var items: [DrawItem] = []
        for (i, image) in images.enumerated() {
            let id = b.add(image)
            let w = Float(image.width) * 1.3, h = Float(image.height) * 1.3
            items.append(
                DrawItem(
                    transform: .layer(
                        size: w, h, at: 25 + Float(i % 5) * 38, 40 + Float(i / 5) * 70,
                        transform: .rotate(Float(i) * 0.2 - 0.9, 0, 0, 1)),
                    rect: Rect(0, 0, w, h), opacity: opacity,
                    content: .image(id, ContentPlacement(destination: Rect(0, 0, w, h)))))
        }
        return b.screen(items)
    }

    private static func images(from n: Int) -> [CGImage] {
        (n..<n + 10).map { i in image(i, 4 + i * 7 % 57, 3 + i * 11 % 52) }
    }

    /// From layers as from textures of their own: the same pixels, edges included.
    @Test(arguments: [Float(1), 0.6])
    func smallImagesDrawAsTexturesOfTheirOwnDo(opacity: Float) throws {
        let images = Self.images(from: 0)
        let list = Self.list(images, opacity: opacity)
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.debug.disableSmallImageArrays = true
            r.render(list, to: .offscreen)
            #expect(r.stats.drawCalls == 10, "\(r.stats)")
            let separate = try r.readImage()
            r.debug.disableSmallImageArrays = false
            r.render(list, to: .offscreen)
            // The first item from its texture (already uploaded), the other nine from layers.
            #expect(r.stats.drawCalls == 2 && r.stats.textureUploads == 9, "\(r.stats)")
            #expect(r.textures.arrays.arrayShapes.map(\.used) == [9])
            let batched = try r.readImage()
            // The same texels; the texture coordinates, scaled to the layer, round otherwise
            // now and then: a level at a few pixels.
            let result = ImageComparison(separate, batched, tolerance: ImageTolerance(channel: 1))
            #expect(result.matches, "\(result)")
        }
    }

    /// An image gone (a shape drawn anew every frame) frees its layer at the frame's end: the
    /// next images take the freed layers, and one array holds each frame's nine.
    @Test func aLayerGoesWithItsImage() throws {
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            for frame in 0..<4 {
                // The list and its images go after the frame.
                r.render(Self.list(Self.images(from: frame * 10), opacity: 1), to: .offscreen)
                #expect(r.textures.arrays.arrayShapes.map(\.used) == [9], "frame \(frame)")
            }
        }
    }
}
