/// The load benchmark (`glayers bench FILE --load`): reading a scene or Lottie file and building
/// its layers, timed phase by phase over several loads. A Lottie file's phases are the JSON
/// parse, the decode into its model (`LottieAnimation`) and the build of its layer tree with
/// its animations (a `LottieLayer` given the animation in a transaction without actions, as
/// `Scene.load` does, then the commit); a scene's are the read and the rest of `Scene.load`
/// together.
import Foundation
import GLayers
import GLayersGraphics
import GLayersJSON
import GLayersLottie
import GLayersScene

/// Measures loading a file.
public enum LoadBenchmark {
    /// What the loads measured (milliseconds per load).
    public struct Result {
        /// Whether the file is a Lottie file (else a scene).
        public var isLottie: Bool
        /// The file's size in bytes.
        public var bytes: Int
        /// Layers in the built tree.
        public var layers: Int
        /// Reading the file.
        public var read: FrameTimes
        /// Parsing the JSON (Lottie files; zeros for scenes).
        public var parse: FrameTimes
        /// Decoding the model (Lottie files), or parsing, decoding and building (scenes).
        public var decode: FrameTimes
        /// Building the layer tree and committing it (Lottie files; zeros for scenes).
        public var build: FrameTimes
        /// Parse, decode and build together: the load without the read.
        public var total: FrameTimes
        /// The thread's CPU time of the same (less moved by other processes than wall time).
        public var totalCPU: FrameTimes
        /// Heap allocations of one load (parse, decode and build; nil without a counter).
        public var allocations: UInt64?
    }

    /// Loads `path` `rounds` times (after one load not measured), counting the allocations of
    /// the last with `counter`.
    public static func run(path: String, rounds: Int, counter: AllocationCounter? = nil) throws -> Result {
        let url = URL(fileURLWithPath: path)
        var read: [Double] = [], parse: [Double] = [], decode: [Double] = [], build: [Double] = []
        var total: [Double] = [], totalCPU: [Double] = []
        var isLottie = false, bytes = 0, layers = 0
        var allocations: UInt64?
        for round in 0...rounds {
            let t0 = MonotonicClock.now
            let data = try Data(contentsOf: url)
            let t1 = MonotonicClock.now
            let cpu0 = threadCPUSeconds(), allocations0 = counter?.count()
            let (lottie, count, times, loaded) = try load(data, url: url)
            let cpu = (threadCPUSeconds() - cpu0) * 1000
            if let counter, let allocations0 { allocations = counter.count() - allocations0 }
            // Freed outside the measure (a large tree takes a tenth of its build to free).
            withExtendedLifetime(loaded) {}
            (isLottie, layers, bytes) = (lottie, count, data.count)
            guard round > 0 else { continue }
            read.append((t1 - t0) * 1000)
            parse.append(times[0])
            decode.append(times[1])
            build.append(times[2])
            total.append(times.reduce(0, +))
            totalCPU.append(cpu)
        }
        return Result(
            isLottie: isLottie, bytes: bytes, layers: layers, read: FrameTimes(read), parse: FrameTimes(parse),
            decode: FrameTimes(decode), build: FrameTimes(build), total: FrameTimes(total),
            totalCPU: FrameTimes(totalCPU), allocations: allocations)
    }

    /// One load of `data`: whether it is a Lottie file, the layers built, the milliseconds of
    /// the parse, the decode and the build, and what was loaded.
    private static func load(_ data: Data, url: URL) throws -> (Bool, Int, [Double], AnyObject) {
        let t0 = MonotonicClock.now
        let document = try JSONReader.parse(data)
        let t1 = MonotonicClock.now
        guard LottieAnimation.isLottie(document) else {
            let scene = try Scene.load(data: data, fileName: url.path, baseURL: url.deletingLastPathComponent())
            CATransaction.flush()
            return (false, scene.rootLayer.treeLayerCount, [0, (MonotonicClock.now - t0) * 1000, 0], scene)
        }
        let animation = try LottieAnimation(
            document: document, name: url.path, baseURL: url.deletingLastPathComponent())
        let t2 = MonotonicClock.now
        // As `Scene.load` builds a Lottie file: set on a player in a transaction without actions.
        let player = LottieLayer(animation: nil)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        player.animation = animation
        CATransaction.commit()
        CATransaction.flush()
        let t3 = MonotonicClock.now
        return (true, player.treeLayerCount, [(t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000], player)
    }

    /// The RESULT line of a run.
    public static func line(_ r: Result, path: String) -> String {
        "RESULT scene=\((path as NSString).lastPathComponent) mode=load kind=\(r.isLottie ? "lottie" : "scene") "
            + "bytes=\(r.bytes) layers=\(r.layers) loads=\(r.total.samples.count) "
            + [
                ("read", r.read), ("parse", r.parse), ("decode", r.decode), ("build", r.build), ("load", r.total),
                ("load_cpu", r.totalCPU),
            ]
            .map { name, t in String(format: "%@_median_ms=%.3f %@_p90_ms=%.3f", name, t.median, name, t.p90) }
            .joined(separator: " ")
            + (r.allocations.map { " allocations_per_load=\($0)" } ?? "")
    }
}

/// The CPU time of the calling thread, in seconds.
private func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
