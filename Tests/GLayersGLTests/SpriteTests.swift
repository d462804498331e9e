/// Sprites (GLayersPlan/SpriteRim.swift): image items whose image fades out at its edges draw
/// without edge coverage, by quad_sprite.frag.glsl, and look as the simple program draws them
/// to within half the rim's alpha; everything else keeps its program.
import Foundation
import GLayersGraphics
import GLayersPlan
import GLayersRenderList
import Testing

@testable import GLayersGL

@Suite(.serialized) struct SpriteTests {
    /// A 32-pixel glow: opaque orange at the centre, fading to nothing at radius 0.9 of the
    /// half side, so its outer rings are transparent.
    static let glow = TestImages.make(32, 32) { x, y in
        let dx = (Float(x) + 0.5) / 16 - 1, dy = (Float(y) + 0.5) / 16 - 1
        let a = max(0, min(1, (0.9 - (dx * dx + dy * dy).squareRoot()) * 2))
        return (UInt8(255 * a), UInt8(150 * a), UInt8(40 * a), UInt8(255 * a))
    }

    /// 24 pixels of opaque stripes inside a one-texel transparent frame: a rim of exactly one
    /// ring, and sharp content just inside it.
    static let framed = TestImages.make(24, 24) { x, y in
        guard x > 0, y > 0, x < 23, y < 23 else { return (0, 0, 0, 0) }
        return (x / 3) % 2 == 0 ? (20, 90, 230, 255) : (250, 250, 250, 255)
    }

    /// The rim width of `image`'s bytes.
    private static func rim(_ image: CGImage) -> Int {
        image.withUnsafeBytes {
            SpriteRim.width($0, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow)
        }
    }

    @Test func rimWidthCountsTheTransparentRings() {
        #expect(Self.rim(Self.framed) == 1)
        #expect(Self.rim(Self.glow) == 2, "radius 0.9 of 16 texels leaves rings 0 and 1 empty at the edges' middles")
        #expect(Self.rim(TestImages.checker()) == 0)
        #expect(Self.rim(TestImages.disc()) == 0, "alpha 31 where the disc touches the edges")
        let clear = TestImages.make(9, 5) { _, _ in (0, 0, 0, 0) }
        #expect(Self.rim(clear) == 3, "a 5-texel-high image has three rings")
        #expect(Self.rim(TestImages.make(40, 40) { _, _ in (0, 0, 0, 0) }) == SpriteRim.maximumWidth)
        // One texel just over the threshold on the outermost ring, and one at it.
        let spot = TestImages.make(16, 16) { x, y in x == 15 && y == 7 ? (9, 0, 0, 9) : (0, 0, 0, 0) }
        #expect(Self.rim(spot) == 0)
        let faint = TestImages.make(16, 16) { x, y in x == 15 && y == 7 ? (8, 8, 8, 8) : (0, 0, 0, 0) }
        #expect(Self.rim(faint) == SpriteRim.maximumWidth)
    }

    /// Pixels per texel across each edge must reach 1 / (2 rings − 1); turning does not
    /// change them, shearing does.
    @Test func rimSufficesUpToItsMinification() {
        func suffices(_ rings: Int, _ ax: SIMD2<Float>, _ ay: SIMD2<Float>) -> Bool {
            SpriteRim.suffices(
                rings: rings, texels: (32, 32), destination: Rect(0, 0, 32, 32), ax: ax, ay: ay)
        }
        #expect(suffices(1, [1, 0], [0, 1]))
        #expect(suffices(1, [2, 0], [0, 1.5]))
        #expect(!suffices(1, [0.9, 0], [0, 1]))
        #expect(!suffices(1, [1, 0], [0, 0.9]))
        #expect(!suffices(0, [4, 0], [0, 4]))
        #expect(suffices(2, [0.34, 0], [0, 0.34]))
        #expect(!suffices(2, [0.32, 0], [0, 0.34]))
        let c = Float(cos(0.7)), s = Float(sin(0.7))
        #expect(suffices(1, [c, s], [-s, c]))
        #expect(!suffices(1, [1, 0], [0.9, 0.5]), "sheared: the edges of constant x come 0.5 pixel apart")
        #expect(!suffices(1, [.nan, 0], [0, 1]))
    }

    /// An image item turned and scaled about its centre, at the middle of a 64-pixel screen;
    /// with `perspective`, also turned 0.5 about y and seen from `perspective` pixels.
    private static func item(
        _ id: ImageID, side: Float, angle: Float, scale: Float, tint: Color? = nil, background: Color = .clear,
        source: Rect = .unit, perspective: Float? = nil
    ) -> DrawItem {
        let rect = Rect(0, 0, side, side)
        var turn = Matrix4.scale(scale, scale).then(.rotate(angle, 0, 0, 1))
        if perspective != nil { turn = turn.then(.rotate(0.5, 0, 1, 0)) }
        return DrawItem(
            transform: .layer(
                size: side, side, at: 32.3, 31.6, transform: turn, perspective: perspective, about: 32, 32),
            rect: rect, background: background,
            content: .image(id, ContentPlacement(destination: rect, source: source)), contentTint: tint)
    }

    /// `items` made by `make` drawn with and without sprites: the pictures, and the sprites drawn.
    private static func bothWays(_ image: CGImage, _ make: (ImageID) -> [DrawItem]) throws -> (
        sprite: CGImage, simple: CGImage, sprites: Int, variant: QuadVariant?
    ) {
        let b = ListBuilder(width: 64, height: 64, clear: .rgba(0.1, 0.2, 0.3))
        let list = b.screen(make(b.add(image)))
        return try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(list, to: .offscreen)
            let sprites = r.stats.spriteItems, variant = r.commands.last?.variant
            let sprite = try r.readImage()
            r.debug.disableSprites = true
            defer { r.debug.disableSprites = false }
            r.render(list, to: .offscreen)
            #expect(r.stats.spriteItems == 0)
            return (sprite, try r.readImage(), sprites, variant)
        }
    }

    /// A glow turned, magnified and tinted draws as a sprite, within 4 levels of the simple
    /// program (half the rim's largest alpha), and no pixel of the simple program's is lost.
    @Test(arguments: [Float(0), 0.5, 2.2])
    func glowDrawsAsASprite(angle: Float) throws {
        let tint = Color.rgba(0.5, 1, 0.8, 0.9)
        let drawn = try Self.bothWays(Self.glow) { [Self.item($0, side: 32, angle: angle, scale: 1.3, tint: tint)] }
        #expect(drawn.sprites == 1 && drawn.variant == .sprite)
        let comparison = ImageComparison(drawn.sprite, drawn.simple, tolerance: ImageTolerance(channel: 4))
        #expect(comparison.matches, "\(comparison)")
    }

    /// A one-ring rim at scale 1 and above, turned: the sharp content just inside the rim is
    /// drawn as by the simple program (to rounding), since the pixels edge coverage weighs
    /// sample only the transparent ring.
    @Test(arguments: [Float(1), 1.7])
    func oneRingSufficesUnminified(scale: Float) throws {
        let drawn = try Self.bothWays(Self.framed) { [Self.item($0, side: 24, angle: 0.4, scale: scale)] }
        #expect(drawn.sprites == 1)
        let comparison = ImageComparison(drawn.sprite, drawn.simple, tolerance: ImageTolerance(channel: 1))
        #expect(comparison.matches, "\(comparison)")
    }

    /// Items that are not sprites keep their program: an opaque edge, a minification the rim
    /// is too narrow for, perspective, a background under the content, part of the image.
    @Test func othersKeepTheirProgram() throws {
        let cases: [(String, CGImage, (ImageID) -> DrawItem)] = [
            ("opaque edges", TestImages.checker(size: 24), { Self.item($0, side: 24, angle: 0.4, scale: 1) }),
            ("minified", Self.framed, { Self.item($0, side: 24, angle: 0.4, scale: 0.5) }),
            ("perspective", Self.glow, { Self.item($0, side: 32, angle: 0.4, scale: 1.3, perspective: 200) }),
            ("background", Self.glow, { Self.item($0, side: 32, angle: 0.4, scale: 1.3, background: .red) }),
            ("part", Self.glow, { Self.item($0, side: 32, angle: 0.4, scale: 1.3, source: Rect(0, 0, 0.5, 1)) }),
        ]
        for (name, image, make) in cases {
            let drawn = try Self.bothWays(image) { [make($0)] }
            #expect(drawn.sprites == 0, "\(name)")
            #expect(drawn.variant != .sprite, "\(name)")
            let comparison = ImageComparison(drawn.sprite, drawn.simple, tolerance: .exact)
            #expect(comparison.matches, "\(name): \(comparison)")
        }
    }

    /// Sprites of one image draw in one call, whatever their tint and turn.
    @Test func spritesOfOneImageDrawInOneCall() throws {
        let b = ListBuilder(width: 64, height: 64)
        let id = b.add(Self.glow)
        var items: [DrawItem] = []
        for i in 0..<20 {
            let angle = Float(i) * 0.3, scale = 1 + Float(i % 3) * 0.2
            let tint = Color.rgba(Float(i % 5) / 4, 0.5, 1, 0.5 + Float(i % 2) * 0.5)
            items.append(Self.item(id, side: 32, angle: angle, scale: scale, tint: tint))
        }
        let list = b.screen(items)
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(list, to: .offscreen)
            #expect(r.stats.spriteItems == 20 && r.stats.drawCalls == 1, "\(r.stats)")
        }
    }
}
