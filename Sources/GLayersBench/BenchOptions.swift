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

    /// Live particles of the emitter workload (nil: not that workload).
    @Option(help: "Benchmark an emitter whose steady state holds N live 64x64 particles sharing one image.")
    public var emitter: Int?

    /// Frames measured (nil: the default of the benchmark run).
    @Option(
        help:
            "Frames to measure (after the warm-up frames; default 120). With --zoom, the frames of the zoom, 1/60 s apart (default 541: 9 s)."
    )
    public var frames: Int?

    /// Frames run before the measured ones, with --engine-only.
    @Option(help: "With --engine-only: frames run before the measured ones, 1/60 s apart (default 20).")
    public var warmup: Int = 20

    /// The frame size, `WIDTHxHEIGHT` in points (nil: the scene's size, or 1280 × 720).
    @Option(
        help:
            "Frame size in points, WIDTHxHEIGHT (default: the scene's size, a Lottie file's composition's; 1280x720 for the built-in workloads)."
    )
    public var size: String?

    /// Whether to render into a window.
    @Flag(help: "Render into an X11 window instead of headless.")
    public var window = false

    /// Whether to redraw every frame in full.
    @Flag(help: "Redraw the whole frame every frame (no damage tracking), for comparisons.")
    public var noDamage = false

    /// Whether to draw no item as a sprite.
    @Flag(
        help:
            "Draw no item as a sprite (items whose image fades out at its edges keep their edge coverage), for comparisons."
    )
    public var noSprites = false

    /// Whether to run the zoom workload.
    @Flag(
        help:
            "Play the zoom into a 32768×32768-point CATiledLayer map (9 s at 60 Hz of real time, tiles drawn on tile threads) headless, timing the main thread (with --engine-only, without OpenGL)."
    )
    public var zoom = false

    /// The zoom's tile side.
    @Option(help: "Tile side in pixels for --zoom (16 to 1024).")
    public var tile: Int = 256

    /// The zoom's upload budget in KiB (nil: the default; 0: none).
    @Option(help: "Tile images shown for the first time per frame, in KiB, for --zoom (default 2048; 0: no limit).")
    public var uploadBudget: Int?

    /// Whether to measure only the engine.
    @Flag(help: "Measure only the engine (flush, evaluation, flattening), without OpenGL.")
    public var engineOnly = false

    /// Whether to measure loading the scene file instead of playing it.
    @Flag(
        help:
            "Measure loading the scene file instead of playing it: reading, parsing and decoding it and building its layers (a Lottie file: parse, decode, build), --frames times (default 20)."
    )
    public var load = false

    /// The defaults.
    public init() {}

    /// Checks the ranges and the size.
    public func validate() throws {
        guard snow > 0, snow <= 200_000 else { throw ValidationError("--snow must be between 1 and 200000") }
        if let emitter, !(emitter > 0 && emitter <= 100_000) {
            throw ValidationError("--emitter must be between 1 and 100000 (an emitter's particle budget)")
        }
        if emitter != nil && scene != nil { throw ValidationError("--emitter runs its own workload; give no scene") }
        guard (16...1024).contains(tile) else { throw ValidationError("--tile must be between 16 and 1024") }
        if let uploadBudget, uploadBudget < 0 || uploadBudget > 1 << 20 {
            throw ValidationError("--upload-budget must be between 0 and 1048576 KiB")
        }
        if let frames, frames <= 0 || frames > 100_000 {
            throw ValidationError("--frames must be between 1 and 100000")
        }
        guard (0...100_000).contains(warmup) else { throw ValidationError("--warmup must be between 0 and 100000") }
        if zoom && (scene != nil || window || emitter != nil) {
            throw ValidationError("--zoom plays its own workload headless: no scene file, --window or --emitter")
        }
        if load && (scene == nil || zoom || window || engineOnly) {
            throw ValidationError(
                "--load measures loading a scene file: give one, and no --zoom, --window or --engine-only")
        }
        _ = try points(of: nil)
    }

    /// `size` in points; without it, the scene's size (`loaded`), else 1280 × 720.
    func points(of loaded: Scene?) throws -> CGSize {
        guard let size else { return loaded?.size ?? CGSize(width: 1280, height: 720) }
        let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 16384, parts[1] <= 16384 else {
            throw ValidationError("--size: \"\(size)\" is not WIDTHxHEIGHT (for example 1280x720, at most 16384 each)")
        }
        return CGSize(width: parts[0], height: parts[1])
    }

    /// The load benchmark's line (`--load`), for the scene file; with `counter`, the line has
    /// `allocations_per_load`.
    public func loadLine(counter: AllocationCounter? = nil) throws -> String {
        guard let scene else { throw ValidationError("--load needs a scene file") }
        return LoadBenchmark.line(
            try LoadBenchmark.run(path: scene, rounds: frames ?? 20, counter: counter), path: scene)
    }

    /// Runs the benchmark the options ask for and returns its RESULT line.
    ///
    /// - `scene` is the loaded `scene` file (nil for the snowfall workload).
    /// - `counter` counts allocations; without it the line has no `allocations_per_frame`.
    public func run(scene loaded: Scene?, counter: AllocationCounter?) throws -> String {
        let points = try points(of: loaded)
        if zoom {
            let budget = uploadBudget.map { $0 == 0 ? Int.max : $0 << 10 }
            return try ZoomBenchmark.line(
                size: points, tileSide: tile, frames: frames ?? 541, engineOnly: engineOnly,
                uploadBudgetBytes: budget)
        }
        return try engineOnly
            ? engineLine(scene: loaded, size: points, counter: counter)
            : frameLine(scene: loaded, size: points, counter: counter)
    }

    /// The engine-only run's line.
    private func engineLine(scene loaded: Scene?, size points: CGSize, counter: AllocationCounter?) -> String {
        let frames = frames ?? 120
        var benchmark = EvaluationBenchmark(count: snow, frames: frames)
        benchmark.warmup = warmup
        benchmark.size = points
        benchmark.allocationCounter = counter
        benchmark.root = loaded?.rootLayer ?? emitter.map { EmitterWorkload.makeScene(count: $0, size: points) }
        let label = loaded.map { ($0.fileName as NSString).lastPathComponent } ?? (emitter == nil ? "snow" : "emitter")
        let n = loaded.map { $0.rootLayer.treeLayerCount } ?? emitter ?? snow
        let r = benchmark.run()
        return "RESULT scene=\(label) "
            + String(
                format:
                    "mode=engine n=%d frames=%d size=%dx%d evaluate_median_ms=%.3f evaluate_p90_ms=%.3f flatten_median_ms=%.3f flatten_p90_ms=%.3f median_ms=%.3f ",
                n, frames, Int(points.width), Int(points.height), r.evaluate.median, r.evaluate.p90,
                r.flatten.median, r.flatten.p90, r.evaluate.median + r.flatten.median)
            + Self.allocations(r.allocationsPerFrame) + (r.allocations.map { "allocations=\($0) " } ?? "")
            + "items=\(r.items)"
    }

    /// The whole-frame run's line.
    private func frameLine(scene loaded: Scene?, size points: CGSize, counter: AllocationCounter?) throws -> String {
        let frames = frames ?? 120
        let root: CALayer
        var background: CGColor?
        var n = snow
        let label: String
        if let loaded {
            root = loaded.rootLayer
            background = loaded.backgroundColor
            label = (loaded.fileName as NSString).lastPathComponent
            n = root.treeLayerCount
        } else if let emitter {
            CAMediaClock.useManualTime(0)
            root = EmitterWorkload.makeScene(count: emitter, size: points)
            label = "emitter"
            n = emitter
        } else {
            CAMediaClock.useManualTime(0)
            root = SnowfallWorkload.makeScene(count: snow, size: points)
            label = "snow"
        }
        let result =
            try window
            ? FrameBenchmark.window(
                root: root, size: points, background: background, frames: frames, counter: counter,
                tracksDamage: !noDamage, sprites: !noSprites)
            : FrameBenchmark.headless(
                root: root, size: points, background: background, frames: frames, counter: counter,
                tracksDamage: !noDamage, sprites: !noSprites)
        let times = result.times
        return "RESULT scene=\(label) mode=\(window ? "window" : "headless") n=\(n) "
            + "size=\(Int(points.width))x\(Int(points.height)) frames=\(frames) threads=\(result.threads) "
            + String(
                format: "median_ms=%.3f p10_ms=%.3f p90_ms=%.3f mean_ms=%.3f fps_median=%.2f ", times.median,
                times.p10, times.p90, times.mean, 1000 / max(times.median, 1e-6))
            + Self.phases(result)
            + "draw_calls=\(result.drawCalls) items=\(result.items) sprites=\(result.sprites) passes=\(result.passes) "
            + String(format: "damage=%@ redrawn_pixels=%.0f ", noDamage ? "off" : "on", result.redrawnPixels)
            + (result.present.map { "present=\($0) " } ?? "")
            + Self.allocations(result.allocationsPerFrame) + simulation(points) + "renderer=\"\(result.renderer)\""
    }

    /// `simulate_median_ms=… simulate_p90_ms=… ` for the emitter workload (the particle
    /// simulation alone, per frame of 1/60 s), else nothing.
    private func simulation(_ points: CGSize) -> String {
        guard let emitter else { return "" }
        let times = EmitterWorkload.simulationTimes(count: emitter, size: points, frames: frames ?? 120)
        return String(format: "simulate_median_ms=%.3f simulate_p90_ms=%.3f ", times.median, times.p90)
    }

    /// `evaluate_median_ms=… evaluate_p90_ms=… ` and the same for flatten, plan and submit (and
    /// present, in a window).
    private static func phases(_ result: FrameBenchmark.Result) -> String {
        var phases = [
            ("evaluate", result.evaluate), ("flatten", result.flatten), ("plan", result.plan),
            ("submit", result.submit),
        ]
        if result.present != nil { phases.append(("present", result.presenting)) }
        return phases.map { name, times in
            "\(name)_median_ms=" + String(format: "%.3f", times.median) + " \(name)_p90_ms="
                + String(format: "%.3f ", times.p90)
        }.joined()
    }

    /// `allocations_per_frame=… ` when counted, else nothing.
    private static func allocations(_ perFrame: Double?) -> String {
        perFrame.map { String(format: "allocations_per_frame=%.1f ", $0) } ?? ""
    }
}
