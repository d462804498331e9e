import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersScene
import GLayersTestSupport
import Testing

/// Two renderers that share no drawing code agree: the OpenGL compositor (flattening, the
/// render list, the quad shaders) and `CALayer.render(in:)` (cairo through `CGContext`), on
/// every sample's model tree with its animations removed (render(in:) draws model values).
/// Each checks the other's geometry, flips, clips, borders, shadows, contents placement and
/// shape drawing.
///
/// Left out, because render(in:) leaves out what Core Animation's reference says it does not
/// render (docs/porting.md#rendering-a-layer-into-a-context): coverflow (3D transforms), the
/// kiosk (its selection's bloom filter) and snow-emitter (particles).
@Suite(.serialized, .mediaClock) struct RenderInContextAgreementTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    /// Edges are anti-aliased by different means (the shaders' analytic coverage, cairo's
    /// sampling): up to about 30 levels on the pixels a rounded corner crosses.
    static let tolerance = ImageTolerance(channel: 40, pixels: 16)

    @Test(arguments: [
        "border-group", "bounce", "confetti", "constraints", "fireworks", "pause-resume", "snowfall",
        "transitions",
    ])
    func sampleDrawsTheSameBothWays(_ name: String) throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let scene = try Scene.load(contentsOf: Self.samples.appendingPathComponent(name + ".json"))
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
