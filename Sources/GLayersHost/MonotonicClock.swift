/// The clock frames are timed with: `CLOCK_MONOTONIC`, which no change of the wall clock moves.
import Foundation

/// Monotonic seconds.
///
/// - The window's frame loop paces itself with it and `FrameDriver.lastFrameMilliseconds` is
///   measured with it; the benchmarks time frames with it too.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (the boot, on Linux).
    public static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
