/// Frames of JSON scenes rendered headless, as `glayers shot` renders them (`ScenePlayback`
/// on the manual clock, then `HeadlessRenderer`), and the images written when two frames that
/// should agree (or differ) do not.
import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersScene
import GLayersTestSupport

enum SceneFrames {
    /// The frame of the scene file at `url` at media time `t`, after the key script `keys`,
    /// drawn by `renderer` at the scene's size and scale.
    static func frame(_ url: URL, at t: Double, keys: String = "", renderer: HeadlessRenderer) throws -> CGImage {
        let playback = try ScenePlayback(contentsOf: url, keys: try TimedKey.list(parsing: keys))
        let scene = playback.scene
        playback.advance(to: t)
        // The renderer shows the tree from here on.
        playback.detach()
        renderer.size = scene.size
        renderer.scale = scene.scale
        renderer.background = scene.backgroundColor
        return try renderer.render(scene.rootLayer, at: t)
    }

    /// Writes failure images (see `GoldenImages.writeFailure`).
    static func writeFailure(_ images: [(label: String, image: CGImage)], name: String, tolerance: ImageTolerance)
        -> [String]
    {
        GoldenImages.writeFailure(images, name: name, tolerance: tolerance)
    }
}
