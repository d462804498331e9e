/// Fused mattes (`FramePlanner.prepareMattes`, `QuadVariant.simpleMasked`): a masked pass of
/// one image, masked by a pass of one image, drawn as its image masked in place has the pixels
/// of the two passes it replaces.
import Foundation
import GLayersGraphics
import GLayersPlan
import GLayersRenderList
import GLayersTestSupport
import Testing

@testable import GLayersGL

@Suite(.serialized) struct FusedMatteRenderTests {
    /// A checkerboard (or a plain colour: a Lottie solid) turned and scaled, masked by a
    /// translucent disc turned the other way, in a screen-space pass shown at half opacity; the
    /// pass's source at whole pixels (as a Lottie composition's are) or not; shown inside a clip
    /// that cuts its left side (a precomposition's bounds) or not; the mask inverted (an
    /// opaque fill with the disc's pass composited over it with `xor`, as an alpha-inverted
    /// Lottie track matte is built) or not.
    private static func list(source: Rect, solid: Bool, clipped: Bool = false, inverted: Bool = false) -> RenderList {
        let b = ListBuilder(width: 96, height: 72, clear: .rgba(0.1, 0.1, 0.1))
        let checker = b.add(TestImages.checker(size: 32)), disc = b.add(TestImages.disc(size: 32))
        var shape = DrawItem(
            transform: .layer(size: 60, 44, at: 46, 34, transform: .rotate(0.35, 0, 0, 1)), rect: Rect(0, 0, 60, 44),
            content: .image(checker, ContentPlacement(destination: Rect(0, 0, 60, 44))))
        if solid { (shape.content, shape.background, shape.opaque) = (.none, .rgba(0.9, 0.5, 0.1, 1), true) }
        let matte = DrawItem(
            transform: .layer(size: 50, 40, at: 50, 38, transform: .rotate(-0.2, 0, 0, 1)), rect: Rect(0, 0, 50, 40),
            content: .image(disc, ContentPlacement(destination: Rect(0, 0, 50, 40))))
        var mask = b.pass(source: source, screenSpace: true, items: [matte])
        if inverted {
            let fill = DrawItem(
                transform: .translation(-20, -20), rect: Rect(0, 0, 200, 200), background: .rgba(0, 0, 0, 1),
                opaque: true)
            mask = b.pass(
                source: source, screenSpace: true,
                items: [fill, DrawItem(transform: .identity, rect: source, content: .pass(mask), blend: .xor)])
        }
        var effects = PassEffects()
        effects.mask = mask
        let masked = b.pass(source: source, screenSpace: true, effects: effects, items: [shape])
        let clip =
            clipped
            ? b.clip(ClipNode(transform: .translate(30.25, 0), rect: Rect(0, 0, 200, 200), cornerRadius: 0, parent: -1))
            : -1
        return b.screen([
            DrawItem(transform: .identity, rect: source, opacity: 0.5, content: .pass(masked), clip: clip)
        ])
    }

    /// Drawn in place (no pass) and through its passes: the same pixels to two levels (the
    /// passes hold the image and the mask at 8 bits before they meet).
    @Test(arguments: [
        (Rect(8, 6, 80, 60), false, false, false), (Rect(0, 0, 96, 72), false, false, false),
        (Rect(8, 6, 80, 60), true, false, false), (Rect(8, 6, 80, 60), false, true, false),
        (Rect(8, 6, 80, 60), false, false, true), (Rect(8, 6, 80, 60), true, true, true),
    ])
    func aFusedMatteDrawsAsItsPassesDo(source: Rect, solid: Bool, clipped: Bool, inverted: Bool) throws {
        let list = Self.list(source: source, solid: solid, clipped: clipped, inverted: inverted)
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(list, to: .offscreen)
            #expect(r.stats.passes == 0 && r.commands.map(\.variant) == [.simpleMasked], "\(r.stats)")
            let fused = try r.readImage()
            r.debug.disableMatteFusion = true
            r.render(list, to: .offscreen)
            #expect(r.stats.passes == (inverted ? 3 : 2), "\(r.stats)")
            let passes = try r.readImage()
            let comparison = ImageComparison(fused, passes, tolerance: ImageTolerance(channel: 2))
            #expect(comparison.matches, "\(comparison)")
        }
    }
}
