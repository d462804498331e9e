/// The whole-frame benchmark: manual clock + flush + evaluation + flattening + drawing +
/// glFinish, headless or in a window, with the per-frame allocation count when the executable
/// can count.
import Foundation
import GLayers
import GLayersGL
import GLayersHost

/// Measures whole frames.
public enum FrameBenchmark {
    /// What a run measured.
    public struct Result {
        /// Whole frames, from advancing the clock to `glFinish` (or the swap).
        public var times: FrameTimes
        /// Draw calls of the last frame.
        public var drawCalls: Int
        /// Items of the last frame.
        public var items: Int
        /// Items of the last frame drawn as sprites (`RenderStats.spriteItems`).
        public var sprites: Int
        /// Offscreen passes of the last frame.
        public var passes: Int
        /// Screen pixels redrawn per measured frame, on average.
        public var redrawnPixels: Double
        /// Heap allocations per measured frame; nil without an allocation counter.
        public var allocationsPerFrame: Double?
        /// The OpenGL renderer's name (`GL_RENDERER`).
        public var renderer: String
        /// How the window presented its frames; nil headless.
        public var present: PresentPath? = nil
    }

    /// Frames of `root` rendered headless at `size` points (scale 1), 1/60 s apart; `counter`
    /// counts their allocations when given; `sprites`: false draws no item as a sprite.
    public static func headless(
        root: CALayer, size: CGSize, background: CGColor?, frames: Int, warmup: Int = 20,
        counter: AllocationCounter? = nil, tracksDamage: Bool = true, sprites: Bool = true
    ) throws -> Result {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let driver = try FrameDriver(context: GLContext.headless())
        driver.renderer.debug.disableDamage = !tracksDamage
        driver.renderer.debug.disableSprites = !sprites
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        return try measure(driver, frames: frames, warmup: warmup, counter: counter) { t in
            driver.drawFrame(root, at: t, size: size, scale: 1, background: background, target: .offscreen)
            driver.renderer.finish()
        }
    }

    /// Frames of `root` in an X11 window (swap interval 0), 1/60 s of media time apart, each
    /// presented as the window presents (`WindowHost.presentPath`: MIT-SHM puts or EGL's swap);
    /// `counter` counts their allocations when given; `sprites`: false draws no item as a
    /// sprite.
    public static func window(
        root: CALayer, size: CGSize, background: CGColor?, frames: Int, warmup: Int = 20,
        counter: AllocationCounter? = nil, tracksDamage: Bool = true, sprites: Bool = true
    ) throws -> Result {
        var options = WindowOptions()
        options.tracksDamage = tracksDamage
        options.title = "glayers bench"
        options.size = size
        options.scale = 1
        let window = try WindowHost(options: options)
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        window.driver.context.setSwapInterval(0)
        window.driver.renderer.debug.disableSprites = !sprites
        _ = window.window.pendingEvents()
        var result = try measure(window.driver, frames: frames, warmup: warmup, counter: counter) { t in
            _ = window.window.pendingEvents()
            try window.drawFrame(root, at: t, background: background)
        }
        result.present = window.presentPath
        return result
    }

    private static func measure(
        _ driver: FrameDriver, frames: Int, warmup: Int, counter: AllocationCounter?, _ frame: (Double) throws -> Void
    ) throws -> Result {
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        var allocations: UInt64 = 0
        var redrawn = 0.0
        for f in 0..<(warmup + frames) {
            let t = Double(f) / 60
            CAMediaClock.setTime(t)
            let before = counter?.count() ?? 0
            let start = MonotonicClock.now
            try frame(t)
            let end = MonotonicClock.now
            if let error = driver.renderer.lastError { throw error }
            if f >= warmup {
                samples.append((end - start) * 1000)
                allocations += (counter?.count() ?? 0) - before
                redrawn += Double(driver.renderer.stats.redrawnPixels)
            }
        }
        let s = driver.renderer.stats
        return Result(
            times: FrameTimes(samples), drawCalls: s.drawCalls, items: s.items, sprites: s.spriteItems,
            passes: s.passes,
            redrawnPixels: redrawn / Double(max(frames, 1)),
            allocationsPerFrame: counter.map { _ in Double(allocations) / Double(max(frames, 1)) },
            renderer: driver.context.rendererName)
    }
}
