import Foundation
import GLayersRenderList
import Testing

/// `RenderList.dump()`: the same frame gives the same text on every run and machine.
@Suite struct RenderListDumpTests {
    /// An image with a size and no interesting pixels.
    final class Pixels: RenderImage {
        let imageID: ImageID
        let pixelWidth: Int, pixelHeight: Int
        var isFullyOpaque: Bool { false }
        init(_ id: UInt64, _ w: Int, _ h: Int) { (imageID, pixelWidth, pixelHeight) = (ImageID(id), w, h) }
        func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
            let bytes = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
            return try bytes.withUnsafeBytes { try body($0, pixelWidth * 4) }
        }
    }

    /// A one-pass list holding `items`, with `images` available.
    func list(_ items: [DrawItem], images: [Pixels] = []) -> RenderList {
        let list = RenderList()
        list.reset(pixelWidth: 100, pixelHeight: 50, scale: 1, clearColor: .clear)
        list.items = items
        list.passes = [
            RenderPass(
                itemRange: 0..<items.count, sourceRect: Rect(x: 0, y: 0, width: 100, height: 50), scale: 1,
                screenSpace: true)
        ]
        for image in images { list.images[image.imageID] = image }
        return list
    }

    /// Float noise below the third decimal, and −0, print as the exact value would.
    @Test func numbersAreRoundedToFixedDecimals() {
        var noisy = Matrix4.translation(10.0000001, -0.0000002)
        noisy.m[0] = 0.99999994
        let item = DrawItem(
            transform: noisy, rect: Rect(x: -0.0, y: 0, width: 1.0 / 3, height: 2.5), opacity: 0.50000006,
            background: Color(r: 0.2, g: 0, b: 0, a: 1))
        #expect(
            list([item]).dump().split(separator: "\n").last
                == "  item L-1 rect (0, 0, 0.333, 2.5) m T(10, 0) opacity 0.5 bg rgba(0.2, 0, 0, 1)")
    }

    /// A rotation prints all 16 entries row by row; the perspective column keeps 5 decimals.
    @Test func matricesPrintRowByRow() {
        let m = Matrix4(SIMD16(0.6, 0.8, 0, 0, -0.8, 0.6, 0, 0, 0, 0, 1, -1.0 / 300, 5, 6, 0, 1))
        let text = list([DrawItem(transform: m, rect: .unit)]).dump()
        #expect(text.contains("m [0.6 0.8 0 0; -0.8 0.6 0 0; 0 0 1 -0.00333; 5 6 0 1]"))
        #expect(list([DrawItem(transform: .translation(1, 2), rect: .unit)]).dump().contains("m T(1, 2)"))
        var t = Matrix4.translation(1, 2)
        t.m[14] = 7
        #expect(list([DrawItem(transform: t, rect: .unit)]).dump().contains("m T(1, 2, 7)"))
    }

    /// Images are named by first appearance and size, so their identities (which count images
    /// made by the process) never appear; a cache key shows only as `cached`.
    @Test func imagesAndCacheKeysHaveNoIdentities() {
        let placement = ContentPlacement(destination: .unit)
        let a = Pixels(9_000_001, 64, 32), b = Pixels(12, 8, 8)
        let items = [
            DrawItem(transform: .identity, rect: .unit, content: .image(a.imageID, placement)),
            DrawItem(
                transform: .identity, rect: .unit,
                content: .crossfade(from: b.imageID, to: a.imageID, progress: 0.25, placement)),
            DrawItem(transform: .identity, rect: .unit, content: .image(ImageID(77), placement)),
        ]
        let l = list(items, images: [a, b])
        l.passes[0].cacheKey = 0xDEAD_BEEF
        let lines = l.dump().split(separator: "\n").map(String.init)
        #expect(lines[1] == "pass 0 screen source (0, 0, 100, 50) scale 1 cached")
        #expect(lines[2] == "  item L-1 rect (0, 0, 1, 1) m I image #0 64x32 dst (0, 0, 1, 1)")
        #expect(lines[3] == "  item L-1 rect (0, 0, 1, 1) m I crossfade #1 8x8 -> #0 64x32 0.25 dst (0, 0, 1, 1)")
        #expect(lines[4] == "  item L-1 rect (0, 0, 1, 1) m I image #2 ? dst (0, 0, 1, 1)")
        #expect(!l.dump().contains("9000001") && !l.dump().contains("3735928559"))
    }

    /// Filters print as words and rounded numbers.
    @Test func effectsAreReadable() {
        let l = list([DrawItem(transform: .identity, rect: .unit, backdropFilters: 0)])
        l.filterChains = [[.gaussianBlur(sigma: 2.25), .bloom(sigma: 5, intensity: 0.33333334)]]
        l.passes[0].effects.filters = [.colorMatrix([1, 0, 0, 0, 0.1])]
        let text = l.dump()
        #expect(text.contains("filters [colorMatrix (1 0 0 0 0.1)]"))
        #expect(text.contains("backdrop [blur sigma 2.25, bloom sigma 5 intensity 0.333]"))
    }
}
