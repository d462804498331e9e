/// `glayers shot`: one frame of a scene, headless, after timed key presses.
import ArgumentParser
import Foundation
import GLayers
import GLayersHost
import GLayersScene

struct Shot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shot",
        abstract: "Render a scene headless at a time (after timed key presses) to a PNG file.",
        discussion: """
            Examples:
              glayers shot samples/kiosk.json --at 1.25 --keys Down@0.5 -o kiosk.png
              glayers shot samples/lottie/loader.json --progress 0.5 --size 400x400 -o loader.png
            """)

    @Argument(help: "The scene file or Lottie file (JSON).")
    var scene: String

    @Option(help: "The media time of the frame, in seconds (the scene loads at 0).")
    var at: Double = 0

    @Option(help: "A Lottie file only: the progress to show, 0 (first frame) to 1 (end frame).")
    var progress: Double?

    @Option(help: "A Lottie file only: the frame to show (fractional frames interpolate).")
    var frame: Double?

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
        if let progress, !progress.isFinite { throw ValidationError("--progress must be a number") }
        if let frame, !frame.isFinite { throw ValidationError("--frame must be a number") }
        if progress != nil && frame != nil { throw ValidationError("give --progress or --frame, not both") }
    }

    func run() throws {
        try reporting {
            let prepared = EarlyDriver.take()  // OpenGL started before the arguments were parsed.
            let timeline = SceneTimeline(
                scene: try loadScene(scene, onTimeline: true), keys: try TimedKey.parseList(keys),
                size: try parseSize(size, option: "--size"),
                scale: scale.map { CGFloat($0) }, prepared: prepared, oneFrame: true)
            let shown = try showLottieFrame(timeline, progress: progress, frame: frame, at: at)
            let size = try timeline.writePNG(at: at, to: URL(fileURLWithPath: output))
            keepUntilExit(timeline)
            print("wrote \(output) (\(size.width)×\(size.height) \(shown ?? "at \(at) s"))")
        }
    }
}
