import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersScene
import GLayersTestSupport
import Testing

/// Two renderers that share no drawing code agree: the OpenGL compositor (flattening, the
/// render list, the quad shaders) and `CALayer.render(in:)` (cairo through `CGContext`), on
/// the model trees of the samples and of the reference scenes in `Tests/Goldens/Reftests`,
/// their animations removed (render(in:) draws model values). Each checks the other's
/// geometry, flips, clips, borders, shadows, group opacity, contents placement, shape drawing
/// and tiled drawing.
///
/// Left out, because render(in:) leaves out what Core Animation's reference says it does not
/// render (docs/porting.md#rendering-a-layer-into-a-context): coverflow and the transform
/// reftests (3D transforms), the kiosk (its selection's bloom filter), snow-emitter
/// (particles) and the masks-to-bounds reference (a mask).
@Suite(.serialized, .mediaClock) struct RenderInContextAgreementTests {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Edges are anti-aliased by different means (the shaders' analytic coverage, cairo's
    /// sampling): up to about 30 levels on the pixels a rounded corner crosses.
    static let tolerance = ImageTolerance(channel: 40, pixels: 16)

    @Test(arguments: [
        "samples/border-group", "samples/bounce", "samples/confetti", "samples/constraints",
        "samples/fireworks", "samples/pause-resume", "samples/snowfall", "samples/transitions",
        "Tests/Goldens/Reftests/group-opacity", "Tests/Goldens/Reftests/group-opacity-off",
        "Tests/Goldens/Reftests/group-opacity-ref", "Tests/Goldens/Reftests/masks-to-bounds",
        "Tests/Goldens/Reftests/rasterize", "Tests/Goldens/Reftests/rasterize-ref",
        "Tests/Goldens/Reftests/tiled-image", "Tests/Goldens/Reftests/tiled-image-ref",
    ])
    func sceneDrawsTheSameBothWays(_ path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let scene = try Scene.load(contentsOf: Self.root.appendingPathComponent(path + ".json"))
        var stack = [scene.rootLayer]
        while let layer = stack.popLast() {
            layer.removeAllAnimations()
            stack += layer.sublayers ?? []
        }
        let (w, h) = (Int(scene.size.width), Int(scene.size.height))
        let full = CGRect(x: 0, y: 0, width: w, height: h)

        let composited = try HeadlessRenderer(size: scene.size, scale: 1).render(scene.rootLayer, at: 0)
        let gpu = try #require(CGContext.bitmap(width: w, height: h))
        gpu.setFillColor(scene.backgroundColor)
        gpu.fill(full)
        gpu.draw(composited, in: full)
        let cpu = try #require(CGContext.bitmap(width: w, height: h))
        cpu.setFillColor(scene.backgroundColor)
        cpu.fill(full)
        scene.rootLayer.render(in: cpu)

        let (a, b) = (try #require(gpu.makeImage()), try #require(cpu.makeImage()))
        let result = ImageComparison(a, b, tolerance: Self.tolerance)
        if !result.matches {
            let written = GoldenImages.writeFailure(
                [("compositor", a), ("render-in-context", b)], name: "agreement-\(name)", tolerance: Self.tolerance)
            Issue.record("\(name): \(result). Wrote \(written.joined(separator: ", "))")
        }
    }
}
