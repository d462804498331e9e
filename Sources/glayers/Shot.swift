/// `glayers shot`: one frame of a scene, headless, after timed key presses.
import ArgumentParser
import Foundation
import GLayers
import GLayersHost
import GLayersScene

struct Shot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene headless at a time (after timed key presses) to a PNG file.",
        discussion: """
            Examples:
              glayers shot samples/kiosk.json --at 1.25 --keys Down@0.5 -o kiosk.png
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The media time of the frame, in seconds (the scene loads at 0).")
    var at: Double = 0

    @Option(help: "Keys pressed at times, e.g. \"Down@0.5,Down@0.9\".")
    var keys: String?

    @Option(help: "Image size in points, WIDTHxHEIGHT (default: the scene's size).")
    var size: String?

    @Option(help: "Pixels per point (default: the scene's scale).")
    var scale: Double?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func validate() throws {
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time ≥ 0") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
    }

    func run() throws {
        try reporting {
            let prepared = EarlyDriver.take()  // OpenGL started before the arguments were parsed.
            let timeline = SceneTimeline(
                scene: try loadScene(scene, onTimeline: true), keys: try TimedKey.parseList(keys),
                size: try parseSize(size, option: "--size"),
                scale: scale.map { CGFloat($0) }, prepared: prepared)
            let size = try timeline.writePNG(at: at, to: URL(fileURLWithPath: output))
            keepUntilExit(timeline)
            print("wrote \(output) (\(size.width)×\(size.height) at \(at) s)")
        }
    }
}
