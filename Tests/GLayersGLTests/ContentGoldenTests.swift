/// Goldens of contents: placements (contentsGravity results), contentsRect sub-rectangles and
/// edge extension, nine-slice scaling, nearest sampling, crossfades, clipping to the rounded
/// rect.
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct ContentGoldenTests {
    /// Left to right: resize (fills the rect), aspect-fit (centred, background shows beside
    /// it), centre at natural size overflowing the rect (drawn outside the bounds), the same
    /// clipped to the rounded rect (masksToBounds).
    @Test func placements() throws {
        let b = ListBuilder(width: 160, height: 56, clear: .white)
        let checker = b.add(TestImages.checker(size: 16, cells: 4))
        let bg = Color.rgba(0.8, 0.85, 1)
        b.screen([
            DrawItem(
                transform: .translate(6, 12), rect: Rect(0, 0, 32, 32),
                content: .image(checker, ContentPlacement(destination: Rect(0, 0, 32, 32)))),
            DrawItem(
                transform: .translate(44, 12), rect: Rect(0, 0, 40, 32), background: bg,
                content: .image(checker, ContentPlacement(destination: Rect(4, 0, 32, 32)))),
            DrawItem(
                transform: .translate(96, 16), rect: Rect(0, 0, 24, 24), background: bg,
                content: .image(checker, ContentPlacement(destination: Rect(-8, -8, 40, 40))), borderWidth: 1,
                borderColor: .black),
            DrawItem(
                transform: .translate(132, 16), rect: Rect(0, 0, 24, 24), background: bg,
                content: .image(checker, ContentPlacement(destination: Rect(-8, -8, 40, 40))), cornerRadius: 8,
                clipsContent: true),
        ])
        // Tolerance: textured. Bilinear magnification of a 16-pixel image.
        Golden.check(try GLHarness.image(of: b.list), "content-placements", .textured)
    }

    /// contentsRect: the middle quarter magnified; a source rect reaching left of the image
    /// (x from −0.5) repeats the edge pixels; a translucent image over a background colour.
    @Test func sourceRectsAndEdgeExtension() throws {
        let b = ListBuilder(width: 128, height: 48, clear: .white)
        let checker = b.add(TestImages.checker(size: 16, cells: 4))
        let disc = b.add(TestImages.disc(size: 32))
        b.screen([
            DrawItem(
                transform: .translate(4, 6), rect: Rect(0, 0, 36, 36),
                content: .image(
                    checker, ContentPlacement(destination: Rect(0, 0, 36, 36), source: Rect(0.25, 0.25, 0.5, 0.5)))),
            DrawItem(
                transform: .translate(46, 6), rect: Rect(0, 0, 36, 36),
                content: .image(checker, ContentPlacement(destination: Rect(0, 0, 36, 36), source: Rect(-0.5, 0, 1, 1)))
            ),
            DrawItem(
                transform: .translate(88, 6), rect: Rect(0, 0, 36, 36), background: .rgba(0.9, 0.3, 0.1),
                content: .image(disc, ContentPlacement(destination: Rect(0, 0, 36, 36)))),
        ])
        // Tolerance: textured. Bilinear magnification, edge texels repeated.
        Golden.check(try GLHarness.image(of: b.list), "content-source-rects", .textured)
    }

    /// Nine-slice (contentsCenter = the middle third, natural size 12 points): the 4-point
    /// corners keep their size and colour, edges stretch one way, the white centre both ways;
    /// a destination smaller than the caps shrinks the caps together; rotated.
    @Test func nineSlice() throws {
        let b = ListBuilder(width: 136, height: 64, clear: .rgba(0.7, 0.7, 0.7))
        let frame = b.add(TestImages.frame())
        func place(_ w: Float, _ h: Float) -> ContentPlacement {
            ContentPlacement(
                destination: Rect(0, 0, w, h), center: Rect(1.0 / 3, 1.0 / 3, 1.0 / 3, 1.0 / 3), naturalSize: (12, 12),
                minificationFilter: .nearest, magnificationFilter: .nearest)
        }
        b.screen([
            DrawItem(transform: .translate(4, 4), rect: Rect(0, 0, 56, 32), content: .image(frame, place(56, 32))),
            DrawItem(transform: .translate(66, 8), rect: Rect(0, 0, 8, 6), content: .image(frame, place(8, 6))),
            DrawItem(
                transform: .layer(size: 48, 24, at: 104, 32, transform: .rotate(0.35, 0, 0, 1)),
                rect: Rect(0, 0, 48, 24),
                content: .image(frame, place(48, 24))),
            DrawItem(transform: .translate(4, 42), rect: Rect(0, 0, 60, 18), content: .image(frame, place(60, 18))),
        ])
        // Tolerance: textured. Nearest sampling, but the rotated tile's texel choice sits on texel borders.
        Golden.check(try GLHarness.image(of: b.list), "content-nine-slice", .textured)
    }

    /// A 4×4-cell 16-pixel checkerboard magnified: nearest keeps hard cell edges, linear blurs.
    @Test func nearestAndLinearSampling() throws {
        let b = ListBuilder(width: 96, height: 48, clear: .white)
        let checker = b.add(TestImages.checker(size: 4, cells: 4))
        b.screen([
            DrawItem(
                transform: .translate(4, 4), rect: Rect(0, 0, 40, 40),
                content: .image(
                    checker, ContentPlacement(destination: Rect(0, 0, 40, 40), magnificationFilter: .nearest))),
            DrawItem(
                transform: .translate(52, 4), rect: Rect(0, 0, 40, 40),
                content: .image(checker, ContentPlacement(destination: Rect(0, 0, 40, 40)))),
        ])
        // Tolerance: textured. Bilinear (right) and nearest (left) magnification ×10.
        Golden.check(try GLHarness.image(of: b.list), "content-sampling", .textured)
    }

    /// A contents crossfade at 0, 0.3 and 1: checkerboard → disc.
    @Test func crossfade() throws {
        let b = ListBuilder(width: 112, height: 40, clear: .white)
        let from = b.add(TestImages.checker(size: 16, cells: 4)), to = b.add(TestImages.disc(size: 32))
        let place = ContentPlacement(destination: Rect(0, 0, 32, 32))
        b.screen(
            [0, 0.3, 1].enumerated().map { i, t in
                DrawItem(
                    transform: .translate(4 + Float(i) * 36, 4), rect: Rect(0, 0, 32, 32),
                    content: .crossfade(from: from, to: to, progress: Float(t), place))
            })
        // Tolerance: textured. Two bilinear fetches mixed.
        Golden.check(try GLHarness.image(of: b.list), "content-crossfade", .textured)
    }
}
