/// `glayers run SCENE.json` (the default): the scene in an X11 window.
import ArgumentParser
import Foundation
import GLayers
import GLayersHost
import GLayersScene

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open a scene in a window (arrow keys, Return, Space and clicks go to the scene; Escape quits).",
        discussion: """
            Examples:
              glayers samples/kiosk.json
              glayers run samples/kiosk.json --size 1280x720 --watch
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Window size in points, WIDTHxHEIGHT (default: the scene's size).")
    var size: String?

    @Option(help: "Pixels per point (default: Xft.dpi / 96, else 1).")
    var scale: Double?

    @Flag(help: "Fill the screen.")
    var fullscreen = false

    @Flag(help: "Reload the scene when its file changes (the clock keeps running).")
    var watch = false

    @Flag(help: "Show frame time, layer and draw-call counts in a corner.")
    var fps = false

    @Flag(help: "Tint what each frame redraws because it changed (paint flashing).")
    var showDamage = false

    @Flag(help: "Redraw the whole window every frame (no damage tracking; for comparisons).")
    var noDamage = false

    func validate() throws {
        if let scale, !(scale.isFinite && scale > 0 && scale <= 8) {
            throw ValidationError("--scale must be a number in (0, 8], got \(scale)")
        }
    }

    func run() throws {
        exitOnQuitSignal()
        try reporting {
            let loaded = try loadScene(scene)
            var options = WindowOptions()
            options.title = loaded.name
            options.size = try parseSize(size, option: "--size") ?? loaded.size
            options.scale = scale.map { CGFloat($0) }
            options.fullscreen = fullscreen
            options.showFPS = fps
            options.showDamage = showDamage
            options.tracksDamage = !noDamage
            let window: WindowHost
            do {
                window = try WindowHost(options: options)
            } catch let error as WindowError {
                throw CommandFailure(
                    message:
                        "\(error.message): no window can open here; render frames headless with `glayers shot \(scene) --at 1 -o frame.png`",
                    code: 2)
            }
            let content = SceneWindowContent(scene: loaded, path: scene, watch: watch)
            try window.run(content)
        }
    }
}

/// Shows a scene in a window: keys and clicks go to its behaviours; `--watch` reloads it.
final class SceneWindowContent: WindowContent {
    private(set) var scene: Scene
    let path: String
    let watch: Bool
    private var modified: Date?
    private var lastCheck = 0.0
    private var size = CGSize.zero

    init(scene: Scene, path: String, watch: Bool) {
        self.scene = scene
        self.path = path
        self.watch = watch
        modified = Self.modificationDate(path)
    }

    var rootLayer: CALayer { scene.rootLayer }
    var background: CGColor? { scene.backgroundColor }

    func handleKey(_ name: String) -> Bool { scene.handleKey(name) }
    func handleClick(at point: CGPoint) { _ = scene.handleClick(at: point) }

    func layout(size: CGSize) {
        self.size = size
        scene.layout(size: size)
    }

    var idleWakeInterval: Double? { watch ? 0.25 : nil }

    func frameWillBegin(at time: CFTimeInterval) {
        guard watch, time - lastCheck > 0.25 else { return }
        lastCheck = time
        let date = Self.modificationDate(path)
        guard date != modified else { return }
        modified = date
        do {
            let fresh = try loadScene(path)
            scene = fresh
            if size != .zero { scene.layout(size: size) }
            FileHandle.standardError.write(Data("glayers: reloaded \(path)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("glayers: \(error)\nglayers: keeping the previous scene\n".utf8))
        }
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
