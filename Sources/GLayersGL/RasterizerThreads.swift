/// How many threads Mesa's software rasterizer (llvmpipe) draws with, chosen from the size of
/// the frames the process will draw (docs/renderer.md, "llvmpipe's threads").
import Foundation

/// llvmpipe rasterizes on a pool of threads, one per core, and wakes them at every flush: for
/// a frame under 160 × 160 pixels the wake-ups cost more than the pixels (on this project's
/// 2-core machine, 0.092 ms against 0.011 ms a frame for the hand-written floor at 100 × 100,
/// and glayers' median Lottie composition 0.091 against 0.037 ms), while above 200 × 200 the
/// pool pays for itself. Mesa reads `LP_NUM_THREADS` once, when a display is initialized, and
/// has no call to change it; so a context made for frames of at most `smallFramePixels` sets
/// it to 0 (rasterize on the drawing thread) before its display is initialized, unless the
/// environment already says.
///
/// - Only the first decision of a process counts: the headless display is initialized once
///   and shared, and the value stays in the environment for later displays.
/// - Other drivers do not read the variable.
/// - `setenv` runs before the display's first initialization, on the thread making the
///   context, once per process; glibc's first `setenv` copies the environment to a new block
///   and frees nothing a concurrent `getenv` could be reading.
enum RasterizerThreads {
    /// The largest frame, in pixels, that is drawn on the calling thread: 160 × 160.
    static let smallFramePixels = 160 * 160
    private static let lock = NSLock()
    nonisolated(unsafe) private static var decided = false

    /// Called before a display is initialized for frames of `framePixels` pixels (nil: not
    /// known, which leaves the pool).
    static func prepare(forFramePixels framePixels: Int?) {
        lock.lock()
        defer { lock.unlock() }
        guard !decided else { return }
        decided = true
        if drawsOnCallingThread(framePixels: framePixels, environmentSays: getenv("LP_NUM_THREADS") != nil) {
            setenv("LP_NUM_THREADS", "0", 0)
        }
    }

    /// Whether frames of `framePixels` pixels are rasterized on the drawing thread: when they
    /// are known, at most `smallFramePixels`, and the environment does not choose already.
    static func drawsOnCallingThread(framePixels: Int?, environmentSays: Bool) -> Bool {
        guard let framePixels, !environmentSays else { return false }
        return framePixels > 0 && framePixels <= smallFramePixels
    }
}
