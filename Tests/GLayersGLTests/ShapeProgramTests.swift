/// The shape program (quad.frag.glsl with SHAPE): items with nothing but background, border
/// and rounded corners draw without the general program, exactly as it draws them; and filters
/// that give back their input make no effect draws (#13).
import Foundation
import GLayersGraphics
import GLayersPlan
import GLayersRenderList
import GLayersTestSupport
import Testing

@testable import GLayersGL

@Suite(.serialized) struct ShapeProgramTests {
    /// Rounded, bordered, translucent shapes, one with continuous corners and a hard edge,
    /// turned a little; each inside `clip` when given.
    private static func shapes(clip: Int32 = -1) -> [DrawItem] {
        [
            DrawItem(
                transform: .layer(size: 60, 30, at: 40, 24, transform: .rotate(0.2, 0, 0, 1)), rect: Rect(0, 0, 60, 30),
                opacity: 0.8, background: .rgba(0.2, 0.4, 0.9, 0.7), cornerRadius: 12, borderWidth: 3,
                borderColor: .white, clip: clip),
            DrawItem(
                transform: .translate(70.5, 8.25), rect: Rect(0, 0, 40, 32), background: .red, cornerRadius: 10,
                cornerCurve: .continuous, antialiasedEdges: [.minX, .minY, .maxY], borderWidth: 1.5,
                borderColor: .rgba(0, 0, 0, 0.6), clip: clip),
        ]
    }

    /// Drawn by the shape program, and the same pixels as the general program's, which draws
    /// them inside a clip that covers the whole target (with rounded corners far outside it:
    /// a square clip that cuts nothing is left out of the plan). Shapes whose corners are all
    /// circular (the first alone) take the shape program without the continuous corners' code
    /// (llvmpipe runs it for every pixel, taken or not: a rounded rect cost three times a plain
    /// one); a batch with a continuous corner takes the program with it.
    @Test(arguments: [(0..<2, true), (0..<1, false)])
    func shapesDrawAsTheGeneralProgramDoes(_ shapes: Range<Int>, continuous: Bool) throws {
        let b = ListBuilder(width: 120, height: 48, clear: .rgba(0.1, 0.1, 0.1))
        let bare = b.screen(Array(Self.shapes()[shapes]))
        let c = ListBuilder(width: 120, height: 48, clear: .rgba(0.1, 0.1, 0.1))
        let all = c.clip(ClipNode(transform: .identity, rect: Rect(-100, -100, 400, 400), cornerRadius: 1, parent: -1))
        let clipped = c.screen(Array(Self.shapes(clip: all)[shapes]))
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(bare, to: .offscreen)
            #expect(r.commands.map(\.variant) == [.shape], "\(r.commands.map(\.variant))")
            #expect(r.commands.map { $0.features.contains(.continuous) } == [continuous])
            let shape = try r.readImage()
            r.render(clipped, to: .offscreen)
            #expect(r.commands.map(\.variant) == [.general])
            let general = try r.readImage()
            // Identical on llvmpipe, whose shader compiler reduces both programs to the same
            // arithmetic; softpipe interprets them and rounds one level apart on edge pixels.
            let tolerance = GoldenImages.otherDriver == nil ? ImageTolerance.exact : ImageTolerance(channel: 1)
            let comparison = ImageComparison(shape, general, tolerance: tolerance)
            #expect(comparison.matches, "\(comparison)")
        }
    }

    /// A pass whose filters give back their input is composited without effect draws; the
    /// same pass with a glow draws its bloom.
    @Test(arguments: [(Float(0), false), (-1, false), (1, true)])
    func identityFiltersMakeNoEffectDraws(intensity: Float, draws: Bool) throws {
        let b = ListBuilder(width: 64, height: 48)
        var effects = PassEffects()
        effects.filters = [.bloom(sigma: 4, intensity: intensity), .gaussianBlur(sigma: 0.1)]
        let pass = b.pass(source: Rect(0, 0, 64, 48), effects: effects, items: [Self.shapes()[0]])
        let list = b.screen([DrawItem(transform: .identity, rect: Rect(0, 0, 64, 48), content: .pass(pass))])
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            r.render(list, to: .offscreen)
            #expect((r.stats.effectDraws > 0) == draws, "\(r.stats)")
        }
    }
}
