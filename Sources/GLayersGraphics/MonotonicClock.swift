/// The clock frames are timed with: `CLOCK_MONOTONIC`, which no change of the wall clock moves.
/// In the ground module, so the engine's media clock, the renderer's phase times and the
/// host's frame loop read one clock.
import Foundation

/// Monotonic seconds.
///
/// - The window's frame loop paces itself with it, `FrameDriver`'s reports and the renderer's
///   phase times (`RenderStats.planMilliseconds`) are measured with it, and so are the
///   benchmarks' frames; `CACurrentMediaTime()` reads it in system mode.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (the boot, on Linux).
    public static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
