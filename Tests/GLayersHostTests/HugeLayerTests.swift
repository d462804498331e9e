import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// Resources sized from a scene's values stay bounded (issue #24): `samples/transitions.json`
/// with its panel given bounds of 10⁷ × 10⁷ points and its help line a width of 16 385, after
/// the keys that start overlapping transitions, took 19–31 s and 3.3 GB to shoot, because
/// each transition's passes were sized from the panel's bounds (two targets of 16 384²
/// pixels). The passes are now at most `FramePlanner.passPixelBudget` pixels each.
@Suite(.serialized, .mediaClock) struct HugeLayerTests {
    /// The sample with the two layers made huge, written to a temporary file.
    static func hugeTransitions() throws -> URL {
        let sample = TestEnvironment.packageRoot.appendingPathComponent("samples/transitions.json")
        var scene = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: sample)) as? [String: Any])
        var root = try #require(scene["root"] as? [String: Any])
        var sublayers = try #require(root["sublayers"] as? [[String: Any]])
        let panel = try #require(sublayers.firstIndex { $0["name"] as? String == "panel" })
        let help = try #require(sublayers.firstIndex { $0["name"] as? String == "help" })
        sublayers[panel]["bounds"] = [0, 0, 10_000_000, 10_000_000]
        sublayers[help]["bounds"] = [0, 0, 16_385, 30]
        root["sublayers"] = sublayers
        scene["root"] = root
        scene["$schema"] = nil
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-transitions-\(getpid()).json")
        try JSONSerialization.data(withJSONObject: scene).write(to: url)
        return url
    }

    @Test func transitionsOfAHugeLayerHaveBoundedPasses() throws {
        let url = try Self.hugeTransitions()
        defer { try? FileManager.default.removeItem(at: url) }
        let renderer = try HeadlessRenderer(size: CGSize(width: 1, height: 1))
        defer { CAMediaClock.useSystemTime() }
        let image = try SceneFrames.frame(
            url, at: 1.7, keys: "1@0.714,1@0.906,4@1.276,Left@1.311,Left@1.416", renderer: renderer)
        let stats = renderer.driver.renderer.stats
        #expect(stats.passes >= 2, "a transition draws its before and after passes: \(stats)")
        let budget = 4096 * 4096
        #expect(
            stats.offscreenPixels <= stats.passes * budget, "\(stats.offscreenPixels) pixels in \(stats.passes) passes")
        // The panel fills the frame with its page's colour (the transition's passes hold it).
        let centre = try #require(image.pixel(x: image.width / 2, y: image.height / 2))
        #expect(centre.a == 255 && (centre.r, centre.g, centre.b) != (0x1B, 0x1B, 0x1F), "\(centre)")
    }
}
