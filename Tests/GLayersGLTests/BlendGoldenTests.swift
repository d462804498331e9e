/// Goldens of compositing filters (blend modes) and background filters (backdrops).
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct BlendGoldenTests {
    /// A backdrop of colour bars with a top-to-bottom dark → light ramp, 40×32.
    static let bars = TestImages.make(40, 32) { x, y in
        let v = 60 + y * 6
        switch x / 10 {
        case 0: return (UInt8(v), UInt8(v / 3), UInt8(v / 4), 255)
        case 1: return (UInt8(v / 3), UInt8(v), UInt8(v / 4), 255)
        case 2: return (UInt8(v / 4), UInt8(v / 3), UInt8(v), 255)
        default: return (UInt8(v), UInt8(v), UInt8(v), 255)
        }
    }

    /// Normal and the W3C separable modes, in `BlendMode`'s order.
    static let w3cSeparableModes: [BlendMode] = [
        .normal, .multiply, .screen, .overlay, .darken, .lighten, .difference, .colorDodge, .colorBurn, .softLight,
        .hardLight, .exclusion,
    ]

    /// Core Image's further blend modes and Porter-Duff XOR, in `BlendMode`'s order.
    static let furtherModes: [BlendMode] = [
        .linearBurn, .linearDodge, .linearLight, .pinLight, .vividLight, .subtract, .divide, .hue, .saturation,
        .color, .luminosity, .xor,
    ]

    /// Every W3C separable blend mode (row by row: normal, multiply, screen, overlay, darken, lighten,
    /// difference, colorDodge, colorBurn, softLight, hardLight, exclusion): an orange rounded
    /// rect at alpha 0.85 reaching past the bars onto the white background, rotated a
    /// little so its AA edges blend too.
    @Test func blendModes() throws {
        // The W3C separable modes; plusLighter (additive) and the modes after it have tests of
        // their own below.
        let image = try modeGrid(Self.w3cSeparableModes)
        // Tolerance: geometry. Flat colours and AA edges through the blend formulas; nothing is sampled between texels except the unscaled bars.
        Golden.check(image, "blend-modes", .geometry)
    }

    /// Core Image's further blend modes and XOR, laid out as `blendModes` (row by row:
    /// linearBurn, linearDodge, linearLight, pinLight, vividLight, subtract, divide, hue,
    /// saturation, color, luminosity, xor); the modes are compared with their formulas at
    /// one pixel in `furtherBlendFormulasAtAPixel`.
    @Test func furtherBlendModes() throws {
        let image = try modeGrid(Self.furtherModes)
        // Tolerance: geometry. Flat colours and AA edges through the blend formulas; nothing is sampled between texels except the unscaled bars.
        Golden.check(image, "blend-modes-further", .geometry)
    }

    /// Twelve cells, four a row: the bars, and over them an orange rounded rect at alpha 0.85
    /// in one of `modes`, reaching past the bars onto the white background and rotated a
    /// little so its AA edges blend too.
    private func modeGrid(_ modes: [BlendMode]) throws -> CGImage {
        let b = ListBuilder(width: 176, height: 108, clear: .white)
        let bars = b.add(Self.bars)
        var items: [DrawItem] = []
        for (i, mode) in modes.enumerated() {
            let x = Float(i % 4) * 44 + 2, y = Float(i / 4) * 36 + 2
            items.append(
                DrawItem(
                    transform: .translate(x, y), rect: Rect(0, 0, 40, 32),
                    content: .image(bars, ContentPlacement(destination: Rect(0, 0, 40, 32)))))
            items.append(
                DrawItem(
                    transform: .layer(size: 30, 18, at: x + 29, y + 18, transform: .rotate(0.12, 0, 0, 1)),
                    rect: Rect(0, 0, 30, 18),
                    background: .rgba(1, 0.55, 0.2, 0.85), cornerRadius: 5, blend: mode))
        }
        b.screen(items)
        return try GLHarness.withRenderer { r -> CGImage in
            r.render(b.list, to: .offscreen)
            #expect(r.stats.items == 2 * modes.count)
            return try r.readImage()
        }
    }

    /// Each further mode over an opaque backdrop, with an opaque source: the pixel is the
    /// blend function B(Cb, Cs) itself, worked out from the formulas in
    /// docs/semantics.md#filters-and-blend-modes (the W3C ones for hue, saturation, color and
    /// luminosity). The backdrops are exact in 8 bits (multiples of 0.2).
    @Test func furtherBlendFormulasAtAPixel() throws {
        let cases: [(BlendMode, backdrop: (Float, Float, Float), source: (Float, Float, Float), expected: [Int])] = [
            // max(cb + cs − 1, 0): 0.2 + 0.85 − 1 = 0.05, 0.6 + 0.45 − 1 = 0.05, 0.8 + 0.6 − 1 = 0.4.
            (.linearBurn, (0.2, 0.6, 0.8), (0.85, 0.45, 0.6), [13, 13, 102]),
            // min(cb + cs, 1): 0.65, 0.55, 0.85.
            (.linearDodge, (0.2, 0.4, 0.6), (0.45, 0.15, 0.25), [166, 140, 217]),
            // cb + 2cs − 1: 0.6, 0.6, 0.2.
            (.linearLight, (0.2, 0.4, 0.6), (0.7, 0.6, 0.3), [153, 153, 51]),
            // cs ≥ ½: max(cb, 2cs − 1) = 0.4, 0.8; cs < ½: min(cb, 2cs) = 0.2.
            (.pinLight, (0.2, 0.4, 0.6), (0.7, 0.1, 0.9), [102, 51, 204]),
            // cs < ½: burn(cb, 2cs): 1 − 0.8 / 0.9 = 0.111, 1 − 0.4 / 0.6 = 0.333; cs ≥ ½:
            // dodge(cb, 2cs − 1): 0.4 / 0.6 = 0.667.
            (.vividLight, (0.2, 0.4, 0.6), (0.45, 0.7, 0.3), [28, 170, 85]),
            // max(cb − cs, 0): 0.05, 0.15, 0.15.
            (.subtract, (0.2, 0.4, 0.6), (0.15, 0.25, 0.45), [13, 38, 38]),
            // min(cb / cs, 1): 0.667, 0.889, 0.706.
            (.divide, (0.2, 0.4, 0.6), (0.3, 0.45, 0.85), [170, 227, 180]),
            // SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb)).
            (.hue, (0.2, 0.4, 0.6), (0.1, 0.3, 0.15), [29, 131, 55]),
            // SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb)).
            (.saturation, (0.2, 0.6, 0.8), (0.1, 0.3, 0.15), [102, 136, 153]),
            // SetLum(Cs, Lum(Cb)).
            (.color, (0.2, 0.4, 0.6), (0.1, 0.45, 0.3), [34, 123, 85]),
            // SetLum(Cb, Lum(Cs)): Lum(Cb) = 0.362, Lum(Cs) = 0.2565, so Cb − 0.1055.
            (.luminosity, (0.2, 0.4, 0.6), (0.1, 0.3, 0.45), [24, 75, 126]),
        ]
        for (mode, backdrop, source, expected) in cases {
            let b = ListBuilder(width: 8, height: 8, clear: .rgba(backdrop.0, backdrop.1, backdrop.2))
            b.screen([
                DrawItem(
                    transform: .identity, rect: Rect(0, 0, 8, 8), background: .rgba(source.0, source.1, source.2),
                    blend: mode)
            ])
            let p = try #require(try GLHarness.image(of: b.list).pixel(x: 4, y: 4))
            // Tolerance: ±1. The formulas in 32-bit floats, rounded once to 8 bits.
            let got = [Int(p.r), Int(p.g), Int(p.b)]
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(mode): \(got), expected \(expected)")
            #expect(p.a == 255, "\(mode)")
        }
    }

    /// XOR keeps each side where the other is absent, `cs·(1 − αb) + cb·(1 − αs)` on
    /// premultiplied colour (alpha too): over a translucent backdrop, over an opaque one
    /// (where an opaque source clears it) and beside the item (untouched). XOR items batch
    /// (fixed-function blending).
    @Test func xorAtPixels() throws {
        // Backdrop premultiplied (0.2, 0.4, 0.2, 0.6): 51, 102, 51, 153, exact in 8 bits.
        let b = ListBuilder(width: 16, height: 8, clear: Color(r: 0.2, g: 0.4, b: 0.2, a: 0.6))
        b.screen([
            // The right half made opaque blue first.
            DrawItem(transform: .translate(8, 0), rect: Rect(0, 0, 8, 8), background: .rgba(0, 0, 1)),
            // Premultiplied (0.15, 0.3, 0.75, 0.75) over both halves' top rows.
            DrawItem(transform: .identity, rect: Rect(0, 0, 16, 4), background: .rgba(0.2, 0.4, 1, 0.75), blend: .xor),
            // An opaque source over the opaque half's bottom rows.
            DrawItem(transform: .translate(8, 4), rect: Rect(0, 0, 8, 4), background: .rgba(1, 0, 0), blend: .xor),
        ])
        let image = try GLHarness.withRenderer { r -> CGImage in
            r.render(b.list, to: .offscreen)
            // The opaque blue, then both xor items in one batch: no copy of the target.
            #expect(r.stats.batches == 2)
            return try r.readImage()
        }
        func close(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?, _ q: [Int]) -> Bool {
            guard let p else { return false }
            return zip([Int(p.r), Int(p.g), Int(p.b), Int(p.a)], q).allSatisfy { abs($0 - $1) <= 1 }
        }
        // Tolerance: ±1. Fixed-function blending of 8-bit values, rounded once.
        // Translucent backdrop: src·0.4 + dst·0.25 = (0.11, 0.22, 0.35, 0.45).
        #expect(close(image.pixel(x: 3, y: 2), [28, 56, 89, 115]))
        // Opaque blue backdrop: src·0 + dst·0.25 = (0, 0, 0.25, 0.25).
        #expect(close(image.pixel(x: 12, y: 2), [0, 0, 64, 64]))
        // Opaque over opaque: nothing left.
        #expect(close(image.pixel(x: 12, y: 6), [0, 0, 0, 0]))
        // Beside the xor items: the backdrop as it was.
        #expect(close(image.pixel(x: 3, y: 6), [51, 102, 51, 153]))
    }

    /// Particles as the engine draws them (#12): a white soft dot tinted by colours, overlapping
    /// each other and the bars (left half), drawn source-over (top row) and additively
    /// (`plusLighter`, bottom row: overlaps brighten, clamped at white); half of them turned.
    @Test func tintedAndAdditiveItems() throws {
        let b = ListBuilder(width: 96, height: 64, clear: .rgba(0.05, 0.05, 0.1))
        let bars = b.add(Self.bars)
        let dot = b.add(
            TestImages.make(16, 16) { x, y in
                let dx = Float(x) - 7.5, dy = Float(y) - 7.5
                let a = max(0, min(1, 1 - (dx * dx + dy * dy).squareRoot() / 8))
                let v = UInt8(a * 255)
                return (v, v, v, v)
            })
        var items = [
            DrawItem(
                transform: .identity, rect: Rect(0, 0, 48, 64),
                content: .image(bars, ContentPlacement(destination: Rect(0, 0, 48, 64))))
        ]
        let tints: [Color] = [.rgba(1, 0.2, 0.2), .rgba(0.2, 1, 0.2), .rgba(0.3, 0.4, 1), .rgba(1, 1, 0.2, 0.5)]
        for row in 0..<2 {
            for (i, tint) in tints.enumerated() {
                let x = 24 + Float(i) * 14, y = 18 + Float(row) * 28
                // The odd ones turned (the general program's path through dilation), the even ones plain.
                let transform: Matrix4 =
                    i % 2 == 0 ? .translate(x, y) : .layer(size: 0, 0, at: x, y, transform: .rotate(0.6, 0, 0, 1))
                let rect = Rect(-10, -10, 20, 20)
                items.append(
                    DrawItem(
                        transform: transform, rect: rect, content: .image(dot, ContentPlacement(destination: rect)),
                        clip: -1, blend: row == 0 ? .normal : .plusLighter,
                        contentTint: tint))
            }
        }
        b.screen(items)
        let image = try GLHarness.withRenderer { r -> CGImage in
            r.render(b.list, to: .offscreen)
            #expect(r.stats.items == 9)
            // The bars, one batch of the source-over dots, one of the additive ones.
            #expect(r.stats.batches == 3)
            return try r.readImage()
        }
        // Tolerance: geometry. A linearly sampled 16×16 image at its own size, turned for half the dots.
        Golden.check(image, "blend-tinted-additive", .geometry)
    }

    /// A blend mode on a composite item: a group flattened in a pass, multiplied onto the bars.
    @Test func blendModeOnAPass() throws {
        let b = ListBuilder(width: 48, height: 40, clear: .white)
        let bars = b.add(Self.bars)
        let group = b.pass(
            source: Rect(0, 0, 32, 24),
            items: [
                DrawItem(transform: .identity, rect: Rect(0, 0, 20, 20), background: .rgba(1, 1, 0), cornerRadius: 10),
                DrawItem(transform: .translate(12, 6), rect: Rect(0, 0, 20, 18), background: .rgba(0, 1, 1)),
            ])
        b.screen([
            DrawItem(
                transform: .translate(4, 4), rect: Rect(0, 0, 40, 32),
                content: .image(bars, ContentPlacement(destination: Rect(0, 0, 40, 32)))),
            DrawItem(transform: .translate(10, 8), rect: Rect(0, 0, 32, 24), content: .pass(group), blend: .multiply),
        ])
        // Tolerance: geometry. The pass is drawn at its own size, so its texels land on pixels.
        Golden.check(try GLHarness.image(of: b.list), "blend-pass-multiply", .geometry)
    }

    /// Background filters: a frosted panel (blur 2.5 behind a translucent white rounded rect,
    /// turned 8°) and a greyscale panel (colour matrix behind a clear one) over the bars.
    @Test func backdropFilters() throws {
        let b = ListBuilder(width: 120, height: 56, clear: .white)
        let bars = b.add(Self.bars)
        b.list.filterChains = [
            [.gaussianBlur(sigma: 2.5)],
            [.colorMatrix([0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0, 0, 0, 1, 0])],
        ]
        let place = ContentPlacement(destination: Rect(0, 0, 56, 48))
        b.screen([
            DrawItem(transform: .translate(2, 4), rect: Rect(0, 0, 56, 48), content: .image(bars, place)),
            DrawItem(transform: .translate(62, 4), rect: Rect(0, 0, 56, 48), content: .image(bars, place)),
            DrawItem(
                transform: .layer(size: 36, 26, at: 30, 28, transform: .rotate(0.14, 0, 0, 1)),
                rect: Rect(0, 0, 36, 26),
                background: .rgba(1, 1, 1, 0.25), cornerRadius: 8, borderWidth: 1, borderColor: .rgba(1, 1, 1, 0.8),
                backdropFilters: 0),
            DrawItem(
                transform: .translate(74, 14), rect: Rect(0, 0, 32, 28), cornerRadius: 6, borderWidth: 1,
                borderColor: .black, backdropFilters: 1),
        ])
        // Tolerance: blurred. The frosted panel sums 2 × 16 blur taps.
        Golden.check(try GLHarness.image(of: b.list), "blend-backdrop-filters", .blurred)
    }

    /// Screen and multiply agree with their W3C formulas at one pixel (premultiplied maths).
    @Test func blendFormulasAtAPixel() throws {
        func pixel(_ mode: BlendMode) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
            let b = ListBuilder(width: 8, height: 8, clear: .rgba(0.5, 0.25, 1))
            b.screen([
                DrawItem(transform: .identity, rect: Rect(0, 0, 8, 8), background: .rgba(0.5, 1, 0.5, 0.5), blend: mode)
            ])
            return try GLHarness.image(of: b.list).pixel(x: 4, y: 4)
        }
        // Multiply over an opaque backdrop: cs·(1 − ab) + cb·(1 − as) + as·ab·B = cb·(1 − as) + as·cb·cs.
        let m = try #require(try pixel(.multiply))
        #expect(abs(Int(m.r) - Int((0.5 * 0.5 + 0.5 * 0.25) * 255)) <= 1)
        #expect(abs(Int(m.g) - Int((0.25 * 0.5 + 0.5 * 0.25) * 255)) <= 1)
        #expect(abs(Int(m.b) - Int((1 * 0.5 + 0.5 * 0.5) * 255)) <= 1)
        // Screen: cs + cb − cs·cb on premultiplied values.
        let s = try #require(try pixel(.screen))
        #expect(abs(Int(s.r) - Int((0.25 + 0.5 - 0.125) * 255)) <= 1)
        #expect(s.a == 255)
    }
}
