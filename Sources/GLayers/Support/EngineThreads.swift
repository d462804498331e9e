/// How many threads the engine's per-frame work may use (#21): evaluating the animations of a
/// wide tree splits its sublayers among them (`CALayer.evaluatePresentationTree`), and so does
/// flattening a wide layer's leaves (FrameBuilder+ParallelLeaves.swift), on `EngineWorkers`.
/// The result is the same on any number of threads: each layer's presentation is its own.
///
/// `GLAYERS_THREADS` sets it (`GLAYERS_THREADS=1`: everything on the calling thread); without
/// it, the machine's active processors. Rendering's own thread (the host's pipelining) reads
/// the same setting.
import Foundation

/// The engine's threads.
public enum EngineThreads {
    /// The threads per-frame work may use (at least 1).
    ///
    /// - Both settings are read for every layer with sublayers, in evaluation and flattening,
    ///   and set only before frames are made (tests, the host's start): unchecked, as each
    ///   checked read of a static variable cost about a hundred instructions (an eighth of
    ///   flattening a Lottie frame's tree).
    @exclusivity(unchecked) public nonisolated(unsafe) static var count: Int = fromEnvironment()

    /// A layer with fewer sublayers than this evaluates them on the calling thread: below it,
    /// handing work to other threads costs more than it saves (a few microseconds against about
    /// 0.15 µs a layer).
    @exclusivity(unchecked) package nonisolated(unsafe) static var minimumParallelSublayers = 512

    /// `GLAYERS_THREADS` when it is a positive number (at most 64), else the active processors:
    /// the one reading of the setting (the host's render thread asks it too).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        processors: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Int {
        if let text = environment["GLAYERS_THREADS"], let n = Int(text.trimmingCharacters(in: .whitespaces)), n >= 1 {
            return min(n, 64)
        }
        return max(1, processors)
    }
}
