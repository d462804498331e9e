/// What `glayers bench` and `glayers-bench` share: their options, and one run of the benchmark
/// they ask for printed as a `RESULT key=value …` line in the format of the floor program
/// (`snow.c`), so the two compare. The line has `allocations_per_frame` only when the run
/// counted allocations (`glayers-bench`).
import ArgumentParser
import Foundation
import GLayers
import GLayersScene

/// The benchmark's options.
public struct BenchOptions: ParsableArguments {
    /// A scene file; without it, the snowfall workload runs.
    @Argument(help: "A scene file (JSON); without it, the snowfall workload runs.")
    public var scene: String?

    /// Flakes of the snowfall workload.
    @Option(help: "Number of snowflakes of the built-in snowfall workload.")
    public var snow: Int = 1000

    /// Frames measured.
    @Option(help: "Frames to measure (after 20 warm-up frames).")
    public var frames: Int = 120

    /// The frame size, `WIDTHxHEIGHT` in points.
    @Option(help: "Frame size in points, WIDTHxHEIGHT (default 1280x720).")
    public var size: String = "1280x720"

    /// Whether to render into a window.
    @Flag(help: "Render into an X11 window instead of headless.")
    public var window = false

    /// Whether to measure only the engine.
    @Flag(help: "Measure only the engine (flush, evaluation, flattening), without OpenGL.")
    public var engineOnly = false

    /// The defaults.
    public init() {}

    /// Checks the ranges and the size.
    public func validate() throws {
        guard snow > 0, snow <= 200_000 else { throw ValidationError("--snow must be between 1 and 200000") }
        guard frames > 0, frames <= 100_000 else { throw ValidationError("--frames must be between 1 and 100000") }
        _ = try points
    }

    /// `size` in points.
    var points: CGSize {
        get throws {
            let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 16384, parts[1] <= 16384 else {
                throw ValidationError(
                    "--size: \"\(size)\" is not WIDTHxHEIGHT (for example 1280x720, at most 16384 each)")
            }
            return CGSize(width: parts[0], height: parts[1])
        }
    }

    /// Runs the benchmark the options ask for and returns its RESULT line.
    ///
    /// - `scene` is the loaded `scene` file (nil for the snowfall workload).
    /// - `counter` counts allocations; without it the line has no `allocations_per_frame`.
    public func run(scene loaded: Scene?, counter: AllocationCounter?) throws -> String {
        let points = try points
        return try engineOnly
            ? engineLine(scene: loaded, size: points, counter: counter)
            : frameLine(scene: loaded, size: points, counter: counter)
    }

    /// The engine-only run's line.
    private func engineLine(scene loaded: Scene?, size points: CGSize, counter: AllocationCounter?) -> String {
        var benchmark = EvaluationBenchmark(count: snow, frames: frames)
        benchmark.size = points
        benchmark.allocationCounter = counter
        benchmark.root = loaded?.rootLayer
        let label = loaded.map { ($0.fileName as NSString).lastPathComponent } ?? "snow"
        let n = loaded.map { Self.countLayers($0.rootLayer) } ?? snow
        let r = benchmark.run()
        return "RESULT scene=\(label) "
            + String(
                format:
                    "mode=engine n=%d frames=%d size=%dx%d evaluate_median_ms=%.3f evaluate_p90_ms=%.3f flatten_median_ms=%.3f flatten_p90_ms=%.3f median_ms=%.3f ",
                n, frames, Int(points.width), Int(points.height), r.evaluate.median, r.evaluate.p90,
                r.flatten.median, r.flatten.p90, r.evaluate.median + r.flatten.median)
            + Self.allocations(r.allocationsPerFrame) + "items=\(r.items)"
    }

    /// The whole-frame run's line.
    private func frameLine(scene loaded: Scene?, size points: CGSize, counter: AllocationCounter?) throws -> String {
        let root: CALayer
        var background: CGColor?
        var n = snow
        let label: String
        if let loaded {
            root = loaded.rootLayer
            background = loaded.backgroundColor
            label = (loaded.fileName as NSString).lastPathComponent
            n = Self.countLayers(root)
        } else {
            CAMediaClock.useManualTime(0)
            root = SnowfallWorkload.makeScene(count: snow, size: points)
            label = "snow"
        }
        let result =
            try window
            ? FrameBenchmark.window(root: root, size: points, background: background, frames: frames, counter: counter)
            : FrameBenchmark.headless(
                root: root, size: points, background: background, frames: frames, counter: counter)
        let times = result.times
        return "RESULT scene=\(label) mode=\(window ? "window" : "headless") n=\(n) "
            + "size=\(Int(points.width))x\(Int(points.height)) frames=\(frames) "
            + String(
                format: "median_ms=%.3f p10_ms=%.3f p90_ms=%.3f mean_ms=%.3f fps_median=%.2f ", times.median,
                times.p10, times.p90, times.mean, 1000 / max(times.median, 1e-6))
            + "draw_calls=\(result.drawCalls) items=\(result.items) passes=\(result.passes) "
            + Self.allocations(result.allocationsPerFrame) + "renderer=\"\(result.renderer)\""
    }

    /// `allocations_per_frame=… ` when counted, else nothing.
    private static func allocations(_ perFrame: Double?) -> String {
        perFrame.map { String(format: "allocations_per_frame=%.1f ", $0) } ?? ""
    }

    private static func countLayers(_ l: CALayer) -> Int {
        1 + (l.sublayers ?? []).reduce(0) { $0 + countLayers($1) }
    }
}
