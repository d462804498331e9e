/// Items far from their plane's origin (the tiles of a large `CATiledLayer`: a 4096-point
/// tile at x = 4096 of a 32 768-point map, scaled down to the screen) take the same program as
/// the same item near the origin: the simple one, when the content fills the rect.
import Foundation
import GLayersGraphics
import GLayersPlan
import GLayersRenderList
import Testing

@testable import GLayersGL

@Suite(.serialized) struct FarItemTests {
    /// An image item whose rect and destination are one rect, at `origin` in its plane, scaled
    /// so that it covers 40 pixels from (5.3, 7.1) on a 64-pixel screen.
    private func item(origin: (Float, Float), side: Float, image: ImageID) -> DrawItem {
        let s = 40 / side
        let rect = Rect(origin.0, origin.1, side, side)
        return DrawItem(
            transform: Matrix4.scale(s, s).then(.translate(5.3 - origin.0 * s, 7.1 - origin.1 * s)), rect: rect,
            content: .image(image, ContentPlacement(destination: rect)), opaque: true)
    }

    /// The union of such a rect with itself is the rect, though x + width − x is not its width.
    @Test func unionOfARectWithItselfIsExact() {
        let far = Rect(4096, 16384, 4106.6665, 4106.6665)
        #expect(far.x + far.width - far.x != far.width, "the case is the one floats round")
        #expect(far.union(far) == far)
        let inner = Rect(4100, 16390, 10, 10)
        #expect(far.union(inner) == far && inner.union(far) == far)
        #expect(Rect(0, 0, 2, 2).union(Rect(1, 1, 2, 3)) == Rect(0, 0, 3, 4))
    }

    /// The far tile is drawn by the simple program, and looks as the near one does.
    @Test func farTileTakesTheSimpleProgram() throws {
        try GLHarness.withRenderer { r in
            var pictures: [CGImage] = []
            for origin: (Float, Float) in [(0, 0), (4096, 16384)] {
                let b = ListBuilder(width: 64, height: 64)
                let image = b.add(TestImages.checker(size: 32, cells: 4))
                b.screen([item(origin: origin, side: 4106.6665, image: image)])
                r.render(b.list, to: .offscreen)
                #expect(r.stats.items == 1 && r.stats.skippedItems == 0, "\(r.stats)")
                #expect(r.commands.last?.variant == .simple, "origin \(origin)")
                pictures.append(try r.readImage())
            }
            let comparison = ImageComparison(pictures[0], pictures[1], tolerance: .textured)
            #expect(comparison.matches, "\(comparison)")
        }
    }
}
