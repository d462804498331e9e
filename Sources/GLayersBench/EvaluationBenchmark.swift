/// The engine-side benchmark: media clock → flush → evaluate (the presentation of every layer,
/// `evaluatePresentationTree`) → flatten into a render list, over a snowfall scene, with
/// allocation counts.
import Foundation
import GLayers
import GLayersRenderList

/// Timing statistics in milliseconds.
public struct FrameTimes: CustomStringConvertible {
    public var samples: [Double]
    public init(_ samples: [Double]) { self.samples = samples.sorted() }
    public var median: Double { samples.isEmpty ? 0 : samples[samples.count / 2] }
    public var p10: Double { samples.isEmpty ? 0 : samples[samples.count / 10] }
    public var p90: Double { samples.isEmpty ? 0 : samples[(samples.count * 9) / 10] }
    public var mean: Double { samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count) }
    public var description: String {
        String(format: "median_ms=%.3f p10_ms=%.3f p90_ms=%.3f", median, p10, p90)
    }
}

/// Measures evaluation and flattening of the snowfall workload.
public struct EvaluationBenchmark {
    public var count: Int
    public var frames: Int
    public var warmup = 20
    public var size = CGSize(width: 1280, height: 720)

    public init(count: Int, frames: Int) {
        self.count = count
        self.frames = frames
    }

    /// The result: per-frame times of evaluation and of flattening, allocations per frame.
    public struct Result {
        public var evaluate: FrameTimes
        public var flatten: FrameTimes
        public var allocationsPerFrame: Double
        public var items: Int
    }

    /// Runs the benchmark on the manual clock (1/60 s per frame).
    public func run() -> Result {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = SnowfallWorkload.makeScene(count: count, size: size)
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        CATransaction.flush()
        let builder = FrameBuilder()
        let layers = root.sublayers ?? []
        var evaluate: [Double] = [], flatten: [Double] = []
        // Reserved so that the measured frames see no allocation of the harness's own.
        evaluate.reserveCapacity(frames)
        flatten.reserveCapacity(frames)
        var allocations: UInt64 = 0
        var sink: CGFloat = 0
        for f in 0..<(warmup + frames) {
            let before = AllocationCounter.count
            let t0 = MonotonicClock.now
            CAMediaClock.setTime(Double(f) / 60)
            CATransaction.flush()
            root.evaluatePresentationTree(atMediaTime: Double(f) / 60)
            let t1 = MonotonicClock.now
            if let first = layers.first { sink += first.presentedPosition(atMediaTime: Double(f) / 60).y }
            builder.build(root: root, at: Double(f) / 60, size: size, scale: 1)
            let t2 = MonotonicClock.now
            if f >= warmup {
                evaluate.append((t1 - t0) * 1000)
                flatten.append((t2 - t1) * 1000)
                allocations += AllocationCounter.count - before
            }
        }
        if sink.isNaN { print("") }
        return Result(
            evaluate: FrameTimes(evaluate), flatten: FrameTimes(flatten),
            allocationsPerFrame: Double(allocations) / Double(max(frames, 1)), items: builder.list.items.count)
    }
}

/// Monotonic seconds.
public enum MonotonicClock {
    public static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
