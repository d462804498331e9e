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
/// their animations removed (render(in:) draws model values), and on samples mid-animation
/// (render(in:) of the presentation tree). Each checks the other's
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
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let scene = try Scene.load(contentsOf: Self.root.appendingPathComponent(path + ".json"))
        var stack = [scene.rootLayer]
        while let layer = stack.popLast() {
            layer.removeAllAnimations()
            stack += layer.sublayers ?? []
        }
        try compare(scene, at: 0, drawing: scene.rootLayer, name: URL(fileURLWithPath: path).lastPathComponent)
    }

    /// Mid-animation: the compositor at `t` against `presentation()?.render(in:)` at `t` (a
    /// rotating, scaling, moving and recolouring tree).
    @Test(arguments: [
        ("samples/bounce", 1.25), ("samples/border-group", 0.5), ("samples/pause-resume", 1.5),
        ("samples/constraints", 0.5), ("samples/transitions", 0.3),
    ])
    func animatedSceneDrawsTheSameBothWays(_ path: String, _ t: Double) throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let scene = try Scene.load(contentsOf: Self.root.appendingPathComponent(path + ".json"))
        let name = URL(fileURLWithPath: path).lastPathComponent + "-\(t)"
        try compare(scene, at: t, drawing: nil, name: name)
    }

    /// Renders `scene` with the compositor at `t`, and with render(in:) of `drawing` (nil: the
    /// root's presentation copy after that frame), each over the scene's background; records an
    /// issue and writes both and their difference when they disagree.
    func compare(_ scene: Scene, at t: Double, drawing: CALayer?, name: String) throws {
        let (w, h) = (Int(scene.size.width), Int(scene.size.height))
        let full = CGRect(x: 0, y: 0, width: w, height: h)
        let composited = try HeadlessRenderer(size: scene.size, scale: 1).render(scene.rootLayer, at: t)
        let gpu = try #require(CGContext.bitmap(width: w, height: h))
        gpu.setFillColor(scene.backgroundColor)
        gpu.fill(full)
        gpu.draw(composited, in: full)
        let cpu = try #require(CGContext.bitmap(width: w, height: h))
        cpu.setFillColor(scene.backgroundColor)
        cpu.fill(full)
        let layer = try drawing ?? #require(scene.rootLayer.presentation())
        layer.render(in: cpu)

        let (a, b) = (try #require(gpu.makeImage()), try #require(cpu.makeImage()))
        let result = ImageComparison(a, b, tolerance: Self.tolerance)
        if !result.matches {
            let written = GoldenImages.writeFailure(
                [("compositor", a), ("render-in-context", b)], name: "agreement-\(name)", tolerance: Self.tolerance)
            Issue.record("\(name): \(result). Wrote \(written.joined(separator: ", "))")
        }
    }
}
