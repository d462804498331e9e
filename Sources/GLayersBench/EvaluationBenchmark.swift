/// The engine-side benchmark: media clock → flush → evaluate (the presentation of every layer,
/// `evaluatePresentationTree`) → flatten into a render list, over a snowfall scene or a given
/// layer tree, with allocation counts when the executable can count.
import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersRenderList

/// Measures evaluation and flattening of the snowfall workload (or of `root`).
public struct EvaluationBenchmark {
    /// Flakes in the scene.
    public var count: Int
    /// The layer tree measured instead of the snowfall (a loaded scene's root).
    public var root: CALayer?
    /// Frames measured (after `warmup`).
    public var frames: Int
    /// Frames run before the measured ones.
    public var warmup = 20
    /// The scene's size in points.
    public var size = CGSize(width: 1280, height: 720)
    /// Counts the allocations of the measured frames, when given.
    public var allocationCounter: AllocationCounter?

    /// A benchmark of `count` flakes over `frames` measured frames.
    public init(count: Int, frames: Int) {
        self.count = count
        self.frames = frames
    }

    /// The result: per-frame times of evaluation and of flattening, allocations per frame.
    public struct Result {
        /// Flush + evaluation, per frame.
        public var evaluate: FrameTimes
        /// Flattening, per frame.
        public var flatten: FrameTimes
        /// Heap allocations per measured frame; nil without an `allocationCounter`.
        public var allocationsPerFrame: Double?
        /// Heap allocations of all the measured frames; nil without an `allocationCounter`.
        public var allocations: UInt64?
        /// Items in the last render list.
        public var items: Int
    }

    /// Runs the benchmark on the manual clock (1/60 s per frame).
    public func run() -> Result {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = self.root ?? SnowfallWorkload.makeScene(count: count, size: size)
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
            let before = allocationCounter?.count() ?? 0
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
                allocations += (allocationCounter?.count() ?? 0) - before
            }
        }
        if sink.isNaN { print("") }
        return Result(
            evaluate: FrameTimes(evaluate), flatten: FrameTimes(flatten),
            allocationsPerFrame: allocationCounter.map { _ in Double(allocations) / Double(max(frames, 1)) },
            allocations: allocationCounter.map { _ in allocations },
            items: builder.list.items.count)
    }
}
