/// `glayers bench`: renders as fast as it can and prints one `RESULT key=value …` line, in the
/// format of the hand-written floor benchmark (`scripts/bench-floor.sh`) so the two compare.
import ArgumentParser
import Foundation
import GLayers
import GLayersBench
import GLayersHost

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmark a scene or the built-in snowfall workload and print one RESULT line.",
        discussion: """
            Each frame: advance the manual clock 1/60 s, flush, evaluate, flatten, draw, glFinish.
            median_ms is the figure to compare with snow.c's.
            """)

    @Argument(help: "A scene file (JSON); without it, the snowfall workload runs.")
    var scene: String?

    @Option(help: "Number of snowflakes of the built-in snowfall workload.")
    var snow: Int = 1000

    @Option(help: "Frames to measure (after 20 warm-up frames).")
    var frames: Int = 120

    @Option(help: "Frame size in points, WIDTHxHEIGHT (default 1280x720).")
    var size: String = "1280x720"

    @Flag(help: "Render into an X11 window instead of headless.")
    var window = false

    @Flag(help: "Measure only the engine (flush, evaluation, flattening), without OpenGL.")
    var engineOnly = false

    func validate() throws {
        guard snow > 0, snow <= 200_000 else { throw ValidationError("--snow must be between 1 and 200000") }
        guard frames > 0, frames <= 100_000 else { throw ValidationError("--frames must be between 1 and 100000") }
    }

    func run() throws {
        try reporting {
            guard let points = try parseSize(size, option: "--size") else { return }
            if engineOnly {
                var b = EvaluationBenchmark(count: snow, frames: frames)
                b.size = points
                let r = b.run()
                print(String(
                    format: "RESULT scene=snow mode=engine n=%d frames=%d size=%dx%d evaluate_median_ms=%.3f evaluate_p90_ms=%.3f flatten_median_ms=%.3f flatten_p90_ms=%.3f median_ms=%.3f allocations_per_frame=%.1f items=%d",
                    snow, frames, Int(points.width), Int(points.height), r.evaluate.median, r.evaluate.p90, r.flatten.median,
                    r.flatten.p90, r.evaluate.median + r.flatten.median, r.allocationsPerFrame, r.items))
                return
            }
            var root: CALayer
            var background: CGColor?
            var n = snow
            let label: String
            if let scene {
                let loaded = try loadScene(scene)
                root = loaded.rootLayer
                background = loaded.backgroundColor
                label = (scene as NSString).lastPathComponent
                n = Self.countLayers(root)
            } else {
                CAMediaClock.useManualTime(0)
                root = SnowfallWorkload.makeScene(count: snow, size: points)
                label = "snow"
            }
            let result = try window
                ? FrameBenchmark.window(root: root, size: points, background: background, frames: frames)
                : FrameBenchmark.headless(root: root, size: points, background: background, frames: frames)
            print(
                "RESULT scene=\(label) mode=\(window ? "window" : "headless") n=\(n) size=\(Int(points.width))x\(Int(points.height)) frames=\(frames) "
                    + String(
                        format: "median_ms=%.3f p10_ms=%.3f p90_ms=%.3f mean_ms=%.3f fps_median=%.2f ", result.times.median,
                        result.times.p10, result.times.p90, result.times.mean, 1000 / max(result.times.median, 1e-6))
                    + "draw_calls=\(result.drawCalls) items=\(result.items) passes=\(result.passes) "
                    + String(format: "allocations_per_frame=%.1f renderer=\"%@\"", result.allocationsPerFrame, result.renderer))
        }
    }

    static func countLayers(_ l: CALayer) -> Int { 1 + (l.sublayers ?? []).reduce(0) { $0 + countLayers($1) } }
}
