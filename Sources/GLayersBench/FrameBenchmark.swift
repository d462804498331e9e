/// The whole-frame benchmark: manual clock + flush + evaluation + flattening + drawing +
/// glFinish, headless or in a window, pipelined as the window's loop is (`FrameDriver.threads`:
/// the frame's GL work on a render thread while the next frame is built), with the time of each
/// phase and the per-frame allocation count when the executable can count.
import Foundation
import GLayers
import GLayersGL
import GLayersHost

/// Measures whole frames.
public enum FrameBenchmark {
    /// What a run measured.
    public struct Result {
        /// The periods between consecutive frames' completions (after `glFinish`, or the
        /// present), as the floor program measures: with a render thread, frames overlap, and
        /// the period is what a frame costs.
        public var times: FrameTimes
        /// Display links + flush + `evaluatePresentationTree`, per frame.
        public var evaluate: FrameTimes
        /// `FrameBuilder.build`, per frame.
        public var flatten: FrameTimes
        /// The renderer's CPU work before GL draws (damage, scheduling, planning, packing).
        public var plan: FrameTimes
        /// The instance upload, GL calls and `glFinish`.
        public var submit: FrameTimes
        /// Presenting (the window's swap or MIT-SHM puts); zeros headless.
        public var presenting: FrameTimes
        /// The threads the frames were made with (`FrameDriver.threads`).
        public var threads: Int
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
        let driver = try FrameDriver(
            context: GLContext.headless(framePixels: Int(exactly: (size.width * size.height).rounded())))
        driver.renderer.debug.disableDamage = !tracksDamage
        driver.renderer.debug.disableSprites = !sprites
        driver.waitsForGPU = true
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        return try measure(driver, frames: frames, warmup: warmup, counter: counter) { t in
            try driver.submitFrame(root, at: t, size: size, scale: 1, background: background, target: .offscreen)
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
            return try window.submitFrame(root, at: t, background: background)
        }
        result.present = window.presentPath
        return result
    }

    /// What is kept of a frame's report (not the report: its damage would share storage with
    /// the driver's, which would then allocate to change it).
    private struct Sample {
        var completedAt: Double
        var phases: FramePhases
        var redrawnPixels: Int
        init(_ report: FrameReport) {
            completedAt = report.completedAt
            phases = report.phases
            redrawnPixels = report.stats.redrawnPixels
        }
    }

    /// Runs `warmup + frames` frames 1/60 s of media time apart through `frame`, which returns
    /// the report of the frame completed meanwhile, and gathers the measured frames' figures.
    private static func measure(
        _ driver: FrameDriver, frames: Int, warmup: Int, counter: AllocationCounter?,
        _ frame: (Double) throws -> FrameReport?
    ) throws -> Result {
        var samples: [Sample] = []
        samples.reserveCapacity(warmup + frames + 1)
        var allocations: UInt64 = 0
        for f in 0..<(warmup + frames) {
            let t = Double(f) / 60
            CAMediaClock.setTime(t)
            let before = counter?.count() ?? 0
            if let report = try frame(t) { samples.append(Sample(report)) }
            if f >= warmup { allocations += (counter?.count() ?? 0) - before }
        }
        if let report = try driver.finish() { samples.append(Sample(report)) }
        // The measured frames, and the completion of the one before them for the first period.
        let measured = samples.suffix(frames)
        let completions = samples.suffix(frames + 1).map(\.completedAt)
        let periods = zip(completions, completions.dropFirst()).map { ($1 - $0) * 1000 }
        func times(_ phase: (FramePhases) -> Double) -> FrameTimes { FrameTimes(measured.map { phase($0.phases) }) }
        let s = driver.lastFrame.stats
        return Result(
            times: FrameTimes(periods), evaluate: times(\.evaluate), flatten: times(\.flatten), plan: times(\.plan),
            submit: times(\.submit), presenting: times(\.present), threads: driver.threads, drawCalls: s.drawCalls,
            items: s.items, sprites: s.spriteItems, passes: s.passes,
            redrawnPixels: measured.reduce(0) { $0 + Double($1.redrawnPixels) } / Double(max(frames, 1)),
            allocationsPerFrame: counter.map { _ in Double(allocations) / Double(max(frames, 1)) },
            renderer: driver.context.rendererName)
    }
}
