/// Goldens of offscreen passes: group opacity, masks, shadows (pass, shadow-only and analytic), blur,
/// bloom and colour-matrix filters, all composited by items with `content: .pass`.
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct PassGoldenTests {
    /// Two overlapping squares in a layer's local space (the layer is 48×40).
    private func group() -> [DrawItem] {
        [
            DrawItem(transform: .translate(4, 4), rect: Rect(0, 0, 26, 26), background: .red, cornerRadius: 4),
            DrawItem(transform: .translate(18, 12), rect: Rect(0, 0, 26, 26), background: .blue, cornerRadius: 4),
        ]
    }

    /// Left: each square at opacity 0.5 (the overlap shows both). Right: the group flattened
    /// in a pass, composited at 0.5 rotated 10° (the overlap shows only the top square).
    @Test func groupOpacity() throws {
        let b = ListBuilder(width: 112, height: 56, clear: .white)
        let pass = b.pass(source: Rect(0, 0, 48, 40), items: group())
        var separate = group()
        for i in separate.indices {
            separate[i].transform = separate[i].transform.then(.translate(4, 8))
            separate[i].opacity = 0.5
        }
        b.screen(
            separate + [
                DrawItem(
                    transform: .layer(size: 48, 40, at: 82, 28, transform: .rotate(0.17, 0, 0, 1)),
                    rect: Rect(0, 0, 48, 40),
                    opacity: 0.5, content: .pass(pass))
            ])
        // Tolerance: geometry. The pass lands on whole pixels unrotated; rotated, its texels are resampled bilinearly but the colours are flat.
        Golden.check(try GLHarness.image(of: b.list), "pass-group-opacity", .geometry)
    }

    /// A mask pass (a disc-shaped alpha) multiplies a striped group; composited in
    /// perspective.
    @Test func mask() throws {
        let b = ListBuilder(width: 112, height: 64, clear: .rgba(0.9, 0.9, 0.8))
        let disc = b.add(TestImages.disc(size: 32))
        let maskPass = b.pass(
            source: Rect(0, 0, 48, 48),
            items: [
                DrawItem(
                    transform: .identity, rect: Rect(0, 0, 48, 48),
                    content: .image(disc, ContentPlacement(destination: Rect(0, 0, 48, 48))))
            ])
        var effects = PassEffects()
        effects.mask = maskPass
        let stripes = (0..<6).map { i in
            DrawItem(
                transform: .translate(0, Float(i) * 8), rect: Rect(0, 0, 48, 8), background: i % 2 == 0 ? .red : .blue)
        }
        let masked = b.pass(source: Rect(0, 0, 48, 48), effects: effects, items: stripes)
        b.screen([
            DrawItem(transform: .translate(6, 8), rect: Rect(0, 0, 48, 48), content: .pass(masked)),
            DrawItem(
                transform: .layer(
                    size: 48, 48, at: 82, 32, transform: .rotate(0.8, 0, 1, 0), perspective: 100, about: 82, 32),
                rect: Rect(0, 0, 48, 48), content: .pass(masked)),
        ])
        // Tolerance: textured. The mask disc is a magnified image; the right tile resamples the pass in perspective.
        Golden.check(try GLHarness.image(of: b.list), "pass-mask", .textured)
    }

    /// A pass shadow (blurred alpha of the group, offset (4, 5), sigma 3, translucent black)
    /// under its content; beside it the analytic blurred rounded rect (sigma 3) under a
    /// rounded rect, for comparison.
    @Test func shadows() throws {
        let b = ListBuilder(width: 128, height: 64, clear: .white)
        var effects = PassEffects()
        effects.shadow = ShadowSpec(color: .rgba(0, 0, 0, 0.6), offsetX: 4, offsetY: 5, sigma: 3)
        // The pass covers the group plus a 14-point margin for the shadow.
        let shifted = group().map { item -> DrawItem in
            var i = item
            i.transform = i.transform.then(.translate(14, 14))
            return i
        }
        let pass = b.pass(source: Rect(0, 0, 76, 68), effects: effects, items: shifted)
        b.screen([
            DrawItem(transform: .translate(-10, -10), rect: Rect(0, 0, 76, 68), content: .pass(pass)),
            DrawItem(
                transform: .translate(80, 17), rect: Rect(0, 0, 36, 30), background: .rgba(0, 0, 0, 0.6),
                content: .blurredShape(sigma: 3), cornerRadius: 8),
            DrawItem(transform: .translate(76, 12), rect: Rect(0, 0, 36, 30), background: .yellow, cornerRadius: 8),
        ])
        // Tolerance: blurred. Blur taps and the erf approximation.
        Golden.check(try GLHarness.image(of: b.list), "pass-shadows", .blurred)
    }

    /// The same disc pass with a shadow (offset (3, 4), sigma 2, translucent navy): left under
    /// its content, right alone (`shadowOnly`, as the engine draws a `shadowPath` mask), where
    /// the disc itself must not show.
    @Test func shadowOnly() throws {
        let b = ListBuilder(width: 112, height: 56, clear: .white)
        let disc = b.add(TestImages.disc(size: 32))
        let items = [
            DrawItem(
                transform: .translate(8, 8), rect: Rect(0, 0, 32, 32),
                content: .image(disc, ContentPlacement(destination: Rect(0, 0, 32, 32))))
        ]
        var both = PassEffects()
        both.shadow = ShadowSpec(color: .rgba(0, 0, 0.2, 0.7), offsetX: 3, offsetY: 4, sigma: 2)
        var alone = both
        alone.shadow?.shadowOnly = true
        let withContent = b.pass(source: Rect(0, 0, 52, 52), effects: both, items: items)
        let shadowAlone = b.pass(source: Rect(0, 0, 52, 52), effects: alone, items: items)
        b.screen([
            DrawItem(transform: .translate(2, 2), rect: Rect(0, 0, 52, 52), content: .pass(withContent)),
            DrawItem(transform: .translate(58, 2), rect: Rect(0, 0, 52, 52), content: .pass(shadowAlone)),
        ])
        let image = try GLHarness.image(of: b.list)
        // The disc's centre: white-blue content on the left, the navy shadow alone on the right
        // (no red or green, whose only source is the content).
        let left = try #require(image.pixel(x: 2 + 24, y: 2 + 24))
        let right = try #require(image.pixel(x: 58 + 24 + 3, y: 2 + 24 + 4))
        #expect(left.r > 150 && left.g > 150)
        #expect(right.r < 90 && right.g < 90 && right.b > right.r)
        // Tolerance: blurred. Blur taps over a magnified, anti-aliased disc image.
        Golden.check(image, "pass-shadow-only", .blurred)
    }

    /// Gaussian blur at sigma 1.5, 3 and 9 points (the last one blurs a half-size copy):
    /// each pass has a 3-sigma margin, so the blur fades out before the pass's edge.
    @Test func gaussianBlur() throws {
        let b = ListBuilder(width: 160, height: 80, clear: .white)
        var items: [DrawItem] = []
        var x: Float = 2
        for sigma in [Float(1.5), 3, 9] {
            var effects = PassEffects()
            effects.filters = [.gaussianBlur(sigma: sigma)]
            let m = 3 * sigma
            let pass = b.pass(
                source: Rect(-m, -m, 26 + 2 * m, 26 + 2 * m), effects: effects,
                items: [
                    DrawItem(transform: .identity, rect: Rect(0, 0, 18, 18), background: .red, cornerRadius: 3),
                    DrawItem(transform: .translate(8, 14), rect: Rect(0, 0, 18, 12), background: .blue),
                ])
            items.append(
                DrawItem(
                    transform: .translate(x, 40 - 13 - m), rect: Rect(0, 0, 26 + 2 * m, 26 + 2 * m),
                    content: .pass(pass)))
            x += 26 + 2 * m + 2
        }
        b.screen(items)
        // Tolerance: blurred. Many taps; the widest blur is downsampled and scaled back up.
        Golden.check(try GLHarness.image(of: b.list), "pass-blur", .blurred)
    }

    /// Bloom on a white rounded border (the kiosk selection) over a dark background at
    /// intensity 0, 1 and 2 (sigma 4): a glow grows around the white, dark parts stay.
    @Test func bloom() throws {
        let b = ListBuilder(width: 168, height: 48, clear: .rgba(0.1, 0.12, 0.2))
        var items: [DrawItem] = []
        for (i, intensity) in [Float(0), 1, 2].enumerated() {
            var effects = PassEffects()
            effects.filters = [.bloom(sigma: 4, intensity: intensity)]
            let pass = b.pass(
                source: Rect(0, 0, 56, 48), effects: effects,
                items: [
                    DrawItem(
                        transform: .translate(8, 12), rect: Rect(0, 0, 40, 24), cornerRadius: 12, borderWidth: 2,
                        borderColor: .white),
                    DrawItem(transform: .translate(20, 20), rect: Rect(0, 0, 16, 8), background: .rgba(0.2, 0.3, 0.8)),
                ])
            items.append(
                DrawItem(transform: .translate(Float(i) * 56, 0), rect: Rect(0, 0, 56, 48), content: .pass(pass)))
        }
        b.screen(items)
        // Tolerance: blurred. The glow is a blur added back.
        Golden.check(try GLHarness.image(of: b.list), "pass-bloom", .blurred)
    }

    /// A colour matrix: greyscale (luma rows) on the left, channel swap plus a red offset on
    /// the right; straight colour, so translucent edges keep their hue.
    @Test func colorMatrix() throws {
        let b = ListBuilder(width: 112, height: 48, clear: .white)
        let grey: [Float] = [
            0.2126, 0.7152, 0.0722, 0, 0, 0.2126, 0.7152, 0.0722, 0, 0, 0.2126, 0.7152, 0.0722, 0, 0, 0, 0, 0, 1, 0,
        ]
        let swap: [Float] = [0, 0, 1, 0, 0.2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0]
        var items: [DrawItem] = []
        for (i, matrix) in [grey, swap].enumerated() {
            var effects = PassEffects()
            effects.filters = [.colorMatrix(matrix)]
            let pass = b.pass(source: Rect(0, 0, 48, 40), effects: effects, items: group())
            items.append(
                DrawItem(transform: .translate(4 + Float(i) * 56, 4), rect: Rect(0, 0, 48, 40), content: .pass(pass)))
        }
        b.screen(items)
        // Tolerance: geometry. Per-pixel arithmetic on flat colours.
        Golden.check(try GLHarness.image(of: b.list), "pass-color-matrix", .geometry)
    }

    /// A pass at scale 2 (HiDPI rasterization) composited at 1×: the same picture as the
    /// group drawn directly, within texture filtering.
    @Test func passScale() throws {
        let b = ListBuilder(width: 56, height: 48, clear: .white)
        let pass = b.pass(source: Rect(0, 0, 48, 40), scale: 2, items: group())
        b.screen([DrawItem(transform: .translate(4, 4), rect: Rect(0, 0, 48, 40), content: .pass(pass))])
        let direct = ListBuilder(width: 56, height: 48, clear: .white)
        direct.screen(
            group().map { item -> DrawItem in
                var d = item
                d.transform = d.transform.then(.translate(4, 4))
                return d
            })
        let viaPass = try GLHarness.image(of: b.list), plain = try GLHarness.image(of: direct.list)
        // Downsampling 2:1 with one bilinear tap blends the AA ramps differently.
        let result = ImageComparison(plain, viaPass, tolerance: .init(channel: 48, pixels: 0))
        #expect(result.matches, "\(result)")
        // Tolerance: textured. A 2× texture minified with one bilinear tap per pixel.
        Golden.check(viaPass, "pass-scale-2", .textured)
    }

    /// Passes inside passes: a group flattened at opacity 0.6 inside a second pass that casts
    /// a shadow, composited rotated on the screen.
    @Test func nestedPasses() throws {
        let b = ListBuilder(width: 96, height: 72, clear: .white)
        let inner = b.pass(source: Rect(0, 0, 48, 40), items: group())
        var effects = PassEffects()
        effects.shadow = ShadowSpec(color: .rgba(0, 0, 0.3, 0.5), offsetX: 3, offsetY: 4, sigma: 2)
        let outer = b.pass(
            source: Rect(0, 0, 64, 56), effects: effects,
            items: [
                DrawItem(transform: .translate(4, 4), rect: Rect(0, 0, 52, 44), background: .yellow, cornerRadius: 6),
                DrawItem(transform: .translate(6, 6), rect: Rect(0, 0, 48, 40), opacity: 0.6, content: .pass(inner)),
            ])
        b.screen([
            DrawItem(
                transform: .layer(size: 64, 56, at: 48, 36, transform: .rotate(-0.2, 0, 0, 1)),
                rect: Rect(0, 0, 64, 56),
                content: .pass(outer))
        ])
        // Tolerance: blurred. The shadow is blurred; the composite is rotated.
        Golden.check(try GLHarness.image(of: b.list), "pass-nested", .blurred)
    }
}

/// Passes larger than a texture may be, or than the pixel budget allows, are drawn at a
/// smaller scale, and still hold their whole source rect (issue #24: a transition of a layer
/// 10⁷ points wide asked for two targets of 16 384² pixels).
@Suite(.serialized) struct HugePassTests {
    /// A pass of 3 000 000 points square: red on its left half, blue on its right, composited
    /// squeezed to 300 pixels. Each half shows where it belongs, and the pass has 4 096² pixels
    /// (at its full scale it would have 9·10¹² and, clamped to the texture side alone, showed a
    /// third of the source stretched over the whole).
    @Test func aHugePassHoldsItsWholeSource() throws {
        let b = ListBuilder(width: 320, height: 320, clear: .white)
        let half: Float = 1_500_000
        let pass = b.pass(
            source: Rect(0, 0, 2 * half, 2 * half),
            items: [
                DrawItem(transform: .identity, rect: Rect(0, 0, half, 2 * half), background: .red),
                DrawItem(transform: .translate(half, 0), rect: Rect(0, 0, half, 2 * half), background: .blue),
            ])
        b.screen([
            DrawItem(
                transform: .scale(1e-4, 1e-4).then(.translate(10, 10)), rect: Rect(0, 0, 2 * half, 2 * half),
                content: .pass(pass))
        ])
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(b.list, to: .offscreen)
            let image = try r.readImage()
            #expect(image.pixel(x: 60, y: 160).map { $0.r > 200 && $0.b < 50 } == true, "left half red")
            #expect(image.pixel(x: 260, y: 160).map { $0.b > 200 && $0.r < 50 } == true, "right half blue")
            #expect(r.stats.offscreenPixels == 4096 * 4096, "\(r.stats.offscreenPixels)")
        }
    }
}
