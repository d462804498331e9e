/// `glayers record`: an animation of a scene as an animated WebP (libwebp), or a video through
/// ffmpeg, rendered frame by frame headless: each frame is encoded as soon as it is read back,
/// so memory does not grow with the frames' pixels.
import ArgumentParser
import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersRecording
import GLayersScene

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a scene between two times (after timed key presses) as an animated WebP or a video.",
        discussion: """
            Frames are rendered at --fps from --from to --to (the last frame ends at --to). A .webp
            output is an animated WebP, lossless unless --quality is given, the same bytes for the
            same scene; .mp4, .webm and other video outputs are encoded by ffmpeg.

            Examples:
              glayers record samples/kiosk.json --to 3 -o kiosk.webp
              glayers record samples/kiosk.json --keys Down@0.5 --to 2 -o kiosk.mp4
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The first frame's time, in seconds.")
    var from: Double = 0

    @Option(help: "The end of the recording, in seconds.")
    var to: Double = 3

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: "Keys pressed at times, e.g. \"Down@0.5,Down@0.9\".")
    var keys: String?

    @Option(help: "Frame size in points, WIDTHxHEIGHT (default: the scene's size).")
    var size: String?

    @Option(help: "Pixels per point (default: the scene's scale).")
    var scale: Double?

    @Option(help: "Lossy WebP of this quality, 0–100 (default: lossless).")
    var quality: Int?

    @Option(
        name: .shortAndLong, help: "The file to write: NAME.webp, or a video (NAME.mp4, NAME.webm, …) through ffmpeg.")
    var output: String

    /// The most frames one recording makes (10 minutes at 60 fps).
    static let maximumFrames = 36_000

    func validate() throws {
        guard from.isFinite, to.isFinite, from >= 0, to > from else { throw ValidationError("need 0 ≤ --from < --to") }
        guard fps.isFinite, fps >= 1, fps <= 120 else { throw ValidationError("--fps must be between 1 and 120") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        if let quality, !(0...100).contains(quality) { throw ValidationError("--quality must be from 0 to 100") }
        guard frameCount <= Self.maximumFrames else {
            throw ValidationError("that is \(frameCount) frames; a recording has at most \(Self.maximumFrames)")
        }
    }

    /// Frames from `from` at `fps`, the last one ending at `to` (at least one).
    var frameCount: Int { max(1, Int(((to - from) * fps).rounded())) }

    func run() throws {
        try reporting {
            let prepared = EarlyDriver.take()  // OpenGL started before the arguments were parsed.
            let timeline = SceneTimeline(
                scene: try loadScene(scene, onTimeline: true), keys: try TimedKey.parseList(keys),
                size: try parseSize(size, option: "--size"), scale: scale.map { CGFloat($0) }, prepared: prepared)
            let url = URL(fileURLWithPath: output)
            let video = url.pathExtension.lowercased() != "webp"
            if video && VideoPipe.ffmpeg() == nil {
                throw CommandFailure(message: "\(output): \(VideoPipe.installHint)")
            }
            let n = frameCount
            let progress = ProgressBar(total: n)
            let first = try timeline.image(at: from)
            let width = first.width, height = first.height
            do {
                if video {
                    let pipe = try VideoPipe(output: url, width: width, height: height, fps: fps)
                    for i in 0..<n {
                        progress.update(i, label: "frames")
                        try pipe.add(i == 0 ? first : try timeline.image(at: time(i)))
                    }
                    try pipe.finish()
                } else {
                    let writer = try AnimatedWebPWriter(width: width, height: height, quality: quality)
                    for i in 0..<n {
                        progress.update(i, label: "frames")
                        try writer.add(i == 0 ? first : try timeline.image(at: time(i)), at: milliseconds(i))
                    }
                    try writer.finish(at: milliseconds(n)).write(to: url)
                }
            } catch let error as RecordingError {
                progress.finish()
                throw CommandFailure(message: "\(output): \(error)")
            }
            progress.finish()
            keepUntilExit(timeline)
            print("wrote \(output) (\(n) frames of \(width)×\(height) at \(fps) fps, \(from)–\(to) s)")
        }
    }

    /// The media time of frame `i`.
    func time(_ i: Int) -> Double { from + Double(i) / fps }

    /// When frame `i` starts, in milliseconds from the recording's start.
    func milliseconds(_ i: Int) -> Int { Int((Double(i) * 1000 / fps).rounded()) }
}
