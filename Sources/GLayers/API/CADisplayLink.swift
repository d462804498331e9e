/// `CADisplayLink` and `CAFrameRateRange`: code called once per frame, before the frame's
/// transaction commits, with the frame's times.
///
/// A link added to a run loop fires on the frames of the hosts (the window, the headless
/// renderer) that run on that run loop's thread; `DisplayLinkRegistry` is the list the hosts
/// drive. The timestamps and their sources are in docs/semantics.md#display-links.
import Foundation

/// A range of frame rates, in frames per second (Apple's `CAFrameRateRange`).
public struct CAFrameRateRange: Hashable {
    /// The lowest rate wanted (0: no lower bound).
    public var minimum: Float
    /// The highest rate wanted (0: the display's rate).
    public var maximum: Float
    /// The rate wanted (nil: the maximum).
    public var preferred: Float?

    /// A range from `minimum` to `maximum`, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference (`.default`).
    public init() { self.init(minimum: 0, maximum: 0) }

    /// No preference: the display's own rate.
    public static let `default` = CAFrameRateRange()
}

/// A timer synchronised with the frames of the display (Apple's `CADisplayLink`).
///
/// ```swift
/// let link = CADisplayLink { link in
///     ball.position.x = 100 + 50 * sin(link.targetTimestamp)
/// }
/// link.add(to: .main, forMode: .default)
/// ```
/// - The callback runs once per frame of the hosts that run on the thread of a run loop the
///   link was added to, on that thread, before the frame's transaction is flushed: changes
///   made in it show in that frame. A link added to a run loop whose thread runs no host's
///   frames does not fire (issue #11).
/// - `CADisplayLink(target:selector:)` cannot be written on Linux (there is no `Selector`
///   without the Objective-C runtime): write `CADisplayLink(target: self, action: Self.step)`
///   or pass a closure.
/// - The run loop keeps the link (and the link its target and closure) until `invalidate()`
///   or until it is removed from every mode it was added for.
public final class CADisplayLink: NSObject {
    /// The callback (nil once invalidated); guarded by the registry's lock.
    var action: ((CADisplayLink) -> Void)?
    /// The (run loop, mode) pairs the link was added for; guarded by the registry's lock.
    var schedules: [(runLoop: RunLoop, mode: RunLoop.Mode)] = []
    /// Set by `invalidate()`; guarded by the registry's lock.
    var isInvalidated = false
    /// The target time of the last callback (nil before the first).
    private var lastTarget: CFTimeInterval?

    /// A link that calls `action` with itself once per frame (glayers' form of Apple's
    /// target and selector).
    public init(_ action: @escaping (CADisplayLink) -> Void) {
        self.action = action
        super.init()
    }

    /// A link that calls `action` on `target` once per frame: `CADisplayLink(target: self,
    /// action: Self.step)` for Apple's `CADisplayLink(target: self, selector: #selector(step))`.
    ///
    /// - The link holds `target` strongly until it is invalidated, as Apple's does.
    public convenience init<Target: AnyObject>(
        target: Target, action: @escaping (Target) -> (CADisplayLink) -> Void
    ) {
        self.init { link in action(target)(link) }
    }

    /// Whether callbacks are suspended (default false).
    public var isPaused = false

    /// When the last frame was shown: `targetTimestamp` minus one frame at the link's rate
    /// (0 before the first callback).
    public private(set) var timestamp: CFTimeInterval = 0

    /// When the frame being prepared will be shown: the media time the host draws it at, at
    /// which its animations are evaluated (0 before the first callback).
    public private(set) var targetTimestamp: CFTimeInterval = 0

    /// The time between the display's refreshes, whatever the link's rate (0 before the first
    /// callback).
    public private(set) var duration: CFTimeInterval = 0

    /// The callback rate wanted, in frames per second (default 0: the display's rate).
    ///
    /// - Used when `preferredFrameRateRange` is `.default`.
    public var preferredFramesPerSecond = 0

    /// The range of callback rates wanted (default `.default`: the display's rate).
    public var preferredFrameRateRange = CAFrameRateRange.default

    /// Adds the link to `runloop` for `mode`: it fires on the frames run on that run loop's
    /// thread.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        DisplayLinkRegistry.shared.add(self, to: runloop, mode: mode)
    }

    /// Removes the link from `runloop` for `mode`; it stops once no pair is left.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        DisplayLinkRegistry.shared.remove(self, from: runloop, mode: mode)
    }

    /// Removes the link from every run loop and releases its target; it never fires again.
    ///
    /// - Safe to call from any thread, as Apple's.
    public func invalidate() {
        DisplayLinkRegistry.shared.invalidate(self)
    }

    // MARK: Frames (driven by DisplayLinkRegistry)

    /// How many refreshes of a display at `displayRate` Hz one callback spans: the whole
    /// number that brings the display's rate nearest the preferred rate.
    func refreshesPerCallback(displayRate: Double) -> Int {
        let range = preferredFrameRateRange
        var rate: Double
        if range != .default {
            rate = Double(range.preferred ?? range.maximum)
            if range.maximum > 0 { rate = min(rate, Double(range.maximum)) }
            if range.minimum > 0 { rate = max(rate, Double(range.minimum)) }
        } else {
            rate = Double(preferredFramesPerSecond)
        }
        guard rate > 0, rate < displayRate else { return 1 }
        // At most one callback in a million refreshes (a tiny rate must not overflow).
        return max(1, Int(min(displayRate / rate, 1e6).rounded()))
    }

    /// Calls `action` if the frame shown at `t` on a display refreshing every
    /// `refreshInterval` seconds is one of the link's frames.
    ///
    /// - A frame is the link's when at least its interval (less half a refresh) passed since
    ///   its last one; the first frame, and a frame earlier than the last (a manual clock set
    ///   back), always are. A frame at the same time as the last is not.
    func fireIfDue(
        frameAt t: CFTimeInterval, refreshInterval: CFTimeInterval, action: (CADisplayLink) -> Void
    ) {
        guard !isPaused else { return }
        let interval = Double(refreshesPerCallback(displayRate: 1 / refreshInterval)) * refreshInterval
        if let last = lastTarget, t >= last, t - last < interval - refreshInterval / 2 { return }
        lastTarget = t
        duration = refreshInterval
        targetTimestamp = t
        timestamp = t - interval
        action(self)
    }
}
