/// Frames of JSON scenes rendered headless, as `glayers shot` renders them (`ScenePlayback`
/// on the manual clock, then `HeadlessRenderer`), and the images written when two frames that
/// should agree (or differ) do not.
import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersScene

enum SceneFrames {
    /// The frame of the scene file at `url` at media time `t`, after the key script `keys`,
    /// drawn by `renderer` at the scene's size and scale.
    static func frame(_ url: URL, at t: Double, keys: String = "", renderer: HeadlessRenderer) throws -> CGImage {
        let scene = try Scene.load(contentsOf: url)
        let playback = ScenePlayback(scene: scene, keys: try TimedKey.list(parsing: keys))
        playback.advance(to: t)
        // The renderer shows the tree from here on.
        playback.detach()
        renderer.size = scene.size
        renderer.scale = scene.scale
        renderer.background = scene.backgroundColor
        return try renderer.render(scene.rootLayer, at: t)
    }

    /// `Tests/Goldens/Failures` (git-ignored), where the golden tests write what they saw.
    static let failures = TestEnvironment.packageRoot.appendingPathComponent("Tests/Goldens/Failures")

    /// Writes `Tests/Goldens/Failures/NAME.LABEL.png` for each image, and `NAME.diff.png` of
    /// the first two under `tolerance`; returns the paths written.
    static func writeFailure(_ images: [(label: String, image: CGImage)], name: String, tolerance: ImageTolerance)
        -> [String]
    {
        var paths: [String] = []
        func write(_ image: CGImage, _ label: String) {
            let url = failures.appendingPathComponent("\(name).\(label).png")
            if (try? image.writePNG(to: url)) != nil { paths.append(url.path) }
        }
        try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        for (label, image) in images { write(image, label) }
        if images.count >= 2,
            let diff = ImageComparison.diffImage(images[0].image, images[1].image, tolerance: tolerance)
        {
            write(diff, "diff")
        }
        return paths
    }
}
