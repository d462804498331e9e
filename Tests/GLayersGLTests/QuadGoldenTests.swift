/// Goldens of plain quads: rotation and perspective with anti-aliased edges, rounded corners
/// and borders, opacity, back faces, opaque items.
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct QuadGoldenTests {
    /// A square turned 30° and a bar turned −12°: edges are anti-aliased (one-pixel ramps),
    /// no staircase, no gaps.
    @Test func rotatedQuadsHaveSmoothEdges() throws {
        let b = ListBuilder(width: 96, height: 64, clear: .white)
        b.screen([
            DrawItem(
                transform: .layer(size: 32, 32, at: 30, 32, transform: .rotate(.pi / 6, 0, 0, 1)),
                rect: Rect(0, 0, 32, 32), background: .blue),
            DrawItem(
                transform: .layer(size: 40, 8, at: 70, 30, transform: .rotate(-0.21, 0, 0, 1)), rect: Rect(0, 0, 40, 8),
                background: .red),
            DrawItem(transform: .translate(60.5, 44.25), rect: Rect(0, 0, 24, 10.5), background: .green),
        ])
        // Tolerance: geometry. Flat colours; edge coverage is analytic.
        Golden.check(try GLHarness.image(of: b.list), "quad-rotated", .geometry)
    }

    /// Perspective (m34 = −1/120 about the centre): a checkerboard turned about y and about x;
    /// its cells must shrink with depth (perspective-correct), the edges stay smooth.
    @Test func perspectiveQuadsArePerspectiveCorrect() throws {
        let b = ListBuilder(width: 128, height: 64, clear: .white)
        let checker = b.add(TestImages.checker(size: 32, cells: 8))
        let place = ContentPlacement(destination: Rect(0, 0, 48, 48))
        b.screen([
            DrawItem(
                transform: .layer(
                    size: 48, 48, at: 32, 32, transform: .rotate(1.0, 0, 1, 0), perspective: 120, about: 32, 32),
                rect: Rect(0, 0, 48, 48), content: .image(checker, place)),
            DrawItem(
                transform: .layer(
                    size: 48, 48, at: 96, 32, transform: .rotate(0.9, 1, 0, 0), perspective: 120, about: 96, 32),
                rect: Rect(0, 0, 48, 48), content: .image(checker, place)),
        ])
        // Tolerance: textured. Bilinear sampling after a perspective division per pixel.
        Golden.check(try GLHarness.image(of: b.list), "quad-perspective", .textured)
    }

    /// Rounded rects: all corners, only two corners (bits 1|8), a radius larger than half the
    /// side (clamped to a circle), rotated.
    @Test func roundedRects() throws {
        let b = ListBuilder(width: 128, height: 64, clear: .white)
        b.screen([
            DrawItem(transform: .translate(4, 4), rect: Rect(0, 0, 36, 26), background: .blue, cornerRadius: 8),
            DrawItem(
                transform: .translate(46, 4), rect: Rect(0, 0, 36, 26), background: .red, cornerRadius: 10,
                roundedCorners: 0b1001),
            DrawItem(transform: .translate(88, 4), rect: Rect(0, 0, 30, 30), background: .green, cornerRadius: 40),
            DrawItem(
                transform: .layer(size: 50, 20, at: 64, 48, transform: .rotate(0.3, 0, 0, 1)), rect: Rect(0, 0, 50, 20),
                background: .yellow, cornerRadius: 6),
        ])
        // Tolerance: geometry. Flat colours; rounded-rect SDF coverage.
        Golden.check(try GLHarness.image(of: b.list), "quad-rounded", .geometry)
    }

    /// Borders inside the rect, over background: square, rounded (inner radius = radius −
    /// width), thick with a translucent border over the background, rotated.
    @Test func borders() throws {
        let b = ListBuilder(width: 128, height: 64, clear: .white)
        b.screen([
            DrawItem(
                transform: .translate(4, 4), rect: Rect(0, 0, 34, 26), background: .yellow, borderWidth: 3,
                borderColor: .black),
            DrawItem(
                transform: .translate(46, 4), rect: Rect(0, 0, 34, 26), background: .blue, cornerRadius: 10,
                borderWidth: 4, borderColor: .red),
            DrawItem(
                transform: .translate(88, 4), rect: Rect(0, 0, 34, 26), background: .green, cornerRadius: 6,
                borderWidth: 6,
                borderColor: .rgba(0, 0, 0, 0.4)),
            DrawItem(
                transform: .layer(size: 44, 18, at: 64, 46, transform: .rotate(-0.25, 0, 0, 1)),
                rect: Rect(0, 0, 44, 18),
                cornerRadius: 9, borderWidth: 2, borderColor: .blue),
        ])
        // Tolerance: geometry. Flat colours; two SDF coverages per border.
        Golden.check(try GLHarness.image(of: b.list), "quad-borders", .geometry)
    }

    /// Opacity multiplies background and border; overlapping translucent items blend
    /// premultiplied source-over.
    @Test func opacity() throws {
        let b = ListBuilder(width: 64, height: 48, clear: .white)
        b.screen([
            DrawItem(
                transform: .translate(6, 6), rect: Rect(0, 0, 32, 24), opacity: 0.5, background: .blue, borderWidth: 3,
                borderColor: .black),
            DrawItem(transform: .translate(24, 18), rect: Rect(0, 0, 32, 24), opacity: 0.7, background: .red),
        ])
        // Tolerance: geometry. Flat colours blended at fixed opacities.
        Golden.check(try GLHarness.image(of: b.list), "quad-opacity", .geometry)
    }

    /// Turned 150° about y: the single-sided quad is culled, the double-sided one shows its
    /// back (mirrored checkerboard).
    @Test func backFaces() throws {
        let b = ListBuilder(width: 96, height: 48, clear: .white)
        let checker = b.add(TestImages.checker(size: 16, cells: 4))
        let turned = Matrix4.rotate(2.6, 0, 1, 0)
        b.screen([
            DrawItem(
                transform: .layer(size: 36, 36, at: 24, 24, transform: turned, perspective: 200, about: 24, 24),
                rect: Rect(0, 0, 36, 36),
                content: .image(checker, ContentPlacement(destination: Rect(0, 0, 36, 36))), doubleSided: true),
            DrawItem(
                transform: .layer(size: 36, 36, at: 72, 24, transform: turned, perspective: 200, about: 72, 24),
                rect: Rect(0, 0, 36, 36),
                background: .red, doubleSided: false),
        ])
        let image = try GLHarness.withRenderer { r -> CGImage in
            r.render(b.list, to: .offscreen)
            #expect(r.stats.culledItems == 1)
            return try r.readImage()
        }
        // Tolerance: textured. The back face is sampled bilinearly in perspective.
        Golden.check(image, "quad-backfaces", .textured)
    }

    /// An opaque, pixel-aligned item is drawn without blending and looks the same as blended.
    @Test func opaqueItemsMatchBlendedOnes() throws {
        func list(opaque: Bool) -> RenderList {
            let b = ListBuilder(width: 32, height: 32, clear: .white)
            return b.screen([
                DrawItem(transform: .translate(4, 6), rect: Rect(0, 0, 20, 12), background: .blue, opaque: opaque),
                DrawItem(transform: .translate(10, 10), rect: Rect(0, 0, 12, 12), background: .rgba(1, 0, 0, 0.5)),
            ])
        }
        let a = try GLHarness.image(of: list(opaque: true)), c = try GLHarness.image(of: list(opaque: false))
        // Blending an opaque pixel whose coverage rounds to 0.99999 can add one step of the
        // background; without blending it cannot.
        #expect(ImageComparison(a, c, tolerance: .geometry).matches)
    }

    /// HiDPI: the screen at 2 pixels per point (items in points): edges, radii and borders
    /// are twice as many pixels and as smooth.
    @Test func scaleTwoScreen() throws {
        let b = ListBuilder(width: 96, height: 64, scale: 2, clear: .white)
        b.screen([
            DrawItem(
                transform: .layer(size: 30, 18, at: 24, 16, transform: .rotate(0.3, 0, 0, 1)), rect: Rect(0, 0, 30, 18),
                background: .blue, cornerRadius: 6, borderWidth: 1.5, borderColor: .red)
        ])
        // Tolerance: geometry. Flat colours at two pixels per point.
        Golden.check(try GLHarness.image(of: b.list), "quad-scale-2", .geometry)
    }
}
