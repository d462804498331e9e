/// The process-wide media clock behind `CACurrentMediaTime()`.
///
/// Real (monotonic) time by default. Tests, headless rendering and users' own tests switch it to
/// manual time and set or advance it exactly, so a frame at t = 1.25 s is the same every run.
/// Thread-safe: reads and writes are guarded by a lock.
import Foundation
import GLayersGraphics

/// The media clock that `CACurrentMediaTime()` reads.
public enum CAMediaClock {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var manualTime: CFTimeInterval?

    /// Switches to manual time starting at `start`; `CACurrentMediaTime()` returns it from now on.
    public static func useManualTime(_ start: CFTimeInterval = 0) {
        lock.lock(); defer { lock.unlock() }
        manualTime = start
    }

    /// Sets manual time (switching to manual time if the clock was real).
    public static func setTime(_ t: CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        manualTime = t
    }

    /// Advances manual time by `dt` seconds (switching to manual time at the current real time
    /// if the clock was real).
    public static func advance(by dt: CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        manualTime = (manualTime ?? systemTime()) + dt
    }

    /// Returns to the monotonic system clock.
    public static func useSystemTime() {
        lock.lock(); defer { lock.unlock() }
        manualTime = nil
    }

    /// Whether the clock is in manual mode.
    public static var isManual: Bool {
        lock.lock(); defer { lock.unlock() }
        return manualTime != nil
    }

    /// The current media time in seconds.
    public static var now: CFTimeInterval {
        lock.lock(); defer { lock.unlock() }
        return manualTime ?? systemTime()
    }

    /// Seconds of the monotonic clock (CLOCK_MONOTONIC, like mach_absolute_time on Apple).
    public static func systemTime() -> CFTimeInterval { MonotonicClock.now }
}

/// The current media time: the monotonic clock, or manual time (see `CAMediaClock`).
public func CACurrentMediaTime() -> CFTimeInterval { CAMediaClock.now }
