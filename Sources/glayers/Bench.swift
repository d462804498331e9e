/// `glayers bench`: renders as fast as it can and prints one `RESULT key=value …` line.
import ArgumentParser
import Foundation
import GLayersBench

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmark the snowfall workload (or a scene) and print one RESULT line.")

    @Option(help: "Number of snowflakes of the built-in snowfall workload.")
    var snow: Int = 1000

    @Option(help: "Frames to measure (after 20 warm-up frames).")
    var frames: Int = 120

    @Flag(help: "Measure only evaluation and flattening (no OpenGL).")
    var engineOnly = false

    func run() throws {
        guard snow > 0, frames > 0 else { throw ValidationError("--snow and --frames must be positive") }
        let r = EvaluationBenchmark(count: snow, frames: frames).run()
        print(String(
            format: "RESULT scene=snow mode=engine n=%d frames=%d evaluate_median_ms=%.3f evaluate_p90_ms=%.3f flatten_median_ms=%.3f flatten_p90_ms=%.3f median_ms=%.3f allocations_per_frame=%.1f items=%d",
            snow, frames, r.evaluate.median, r.evaluate.p90, r.flatten.median, r.flatten.p90, r.evaluate.median + r.flatten.median,
            r.allocationsPerFrame, r.items))
    }
}
