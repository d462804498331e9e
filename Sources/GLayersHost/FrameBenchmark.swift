/// The whole-frame benchmark: manual clock + flush + evaluation + flattening + drawing +
/// glFinish, headless or in a window, with the per-frame allocation count.
import Foundation
import GLayers
import GLayersBench
import GLayersGL

/// Measures whole frames.
public enum FrameBenchmark {
    /// What a run measured.
    public struct Result {
        public var times: FrameTimes
        public var drawCalls: Int
        public var items: Int
        public var passes: Int
        public var allocationsPerFrame: Double
        public var renderer: String
    }

    /// Frames of `root` rendered headless at `size` points (scale 1), 1/60 s apart.
    public static func headless(root: CALayer, size: CGSize, background: CGColor?, frames: Int, warmup: Int = 20) throws -> Result {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let driver = try FrameDriver(context: GLContext.headless())
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        return try measure(driver, frames: frames, warmup: warmup) { t in
            driver.drawFrame(root, at: t, size: size, scale: 1, background: background, target: .offscreen)
            driver.renderer.finish()
        }
    }

    /// Frames of `root` in an X11 window (swap interval 0), 1/60 s of media time apart.
    public static func window(root: CALayer, size: CGSize, background: CGColor?, frames: Int, warmup: Int = 20) throws -> Result {
        var options = WindowOptions()
        options.title = "glayers bench"
        options.size = size
        options.scale = 1
        let window = try WindowHost(options: options)
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        window.driver.context.setSwapInterval(0)
        _ = window.window.pendingEvents()
        return try measure(window.driver, frames: frames, warmup: warmup) { t in
            _ = window.window.pendingEvents()
            window.driver.drawFrame(root, at: t, size: size, scale: 1, background: background, target: .window)
            try window.driver.context.swapBuffers()
        }
    }

    private static func measure(_ driver: FrameDriver, frames: Int, warmup: Int, _ frame: (Double) throws -> Void) throws -> Result {
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        var allocations: UInt64 = 0
        for f in 0..<(warmup + frames) {
            let t = Double(f) / 60
            CAMediaClock.setTime(t)
            let before = AllocationCounter.count
            let start = MonotonicClock.now
            try frame(t)
            let end = MonotonicClock.now
            if let error = driver.renderer.lastError { throw error }
            if f >= warmup {
                samples.append((end - start) * 1000)
                allocations += AllocationCounter.count - before
            }
        }
        let s = driver.renderer.stats
        return Result(
            times: FrameTimes(samples), drawCalls: s.drawCalls, items: s.items, passes: s.passes,
            allocationsPerFrame: Double(allocations) / Double(max(frames, 1)), renderer: driver.context.rendererName)
    }
}
