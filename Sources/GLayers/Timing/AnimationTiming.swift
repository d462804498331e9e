/// The timing model of Core Animation (docs/semantics.md#timing-model): parent time → active time →
/// iteration and progress, with repeats, autoreverse, fill modes and the timing function.
///
/// `a = (parentTime − beginTime) · |speed|` decides whether the object is active (timeOffset
/// shifts the phase, not the active interval: Lockwood, "Relative Time"; a negative speed runs
/// the object's time backwards through the same interval). The active duration is
/// `repeatDuration` when set, else `max(repeatCount, 1) · cycle`, where a cycle is the duration,
/// doubled by autoreverse. Inside, with `t = ±a + timeOffset` (the header's
/// `(parentTime − beginTime) · speed + timeOffset`), `k = floor(t / cycle)` and the progress
/// runs 0 → 1 (then back, with autoreverse), eased by the timing function
/// (docs/semantics.md#negative-speed).
import Foundation

/// The timing settings of one animation, copied out of the object when it is compiled: the
/// numbers sampling needs (`core`, which a fast animation keeps alone) and the timing function.
struct AnimationTiming {
    var core: TimingSampler
    /// The pacing curve (nil: linear), inline so the model holds no references.
    var curve: BezierCurve?

    init(core: TimingSampler, curve: BezierCurve?) {
        self.core = core
        self.curve = curve
    }

    init(_ a: CAAnimation, duration: Double) {
        core = TimingSampler(a, duration: duration)
        let tf = a.timingFunction
        curve = (tf?.isLinear ?? true) ? nil : tf?.curve
    }

    /// Set when the animation starts (a `beginTime` of 0 becomes the layer's time at commit).
    var beginTime: Double {
        get { core.beginTime }
        set { core.beginTime = newValue }
    }
    var duration: Double { core.duration }
    var speed: Double { core.speed }
    var autoreverses: Bool { core.autoreverses }
    /// The active duration: `repeatDuration` when set, else `max(repeatCount, 1)` cycles, where
    /// a cycle is the duration, twice with autoreverse (infinite for `repeatCount = .infinity`).
    var activeDuration: Double { core.activeDuration }

    /// Where the object is at `parentTime`.
    enum Phase { case before, active, after }

    /// The phase at `parentTime`.
    func phase(parentTime: Double) -> Phase {
        let a = core.activeTime(parentTime: parentTime)
        if a < 0 { return .before }
        return a >= core.activeDuration ? .after : .active
    }

    /// The simple-time progress and iteration at `parentTime`, or nil when the object has no
    /// effect then (outside its active duration with no fill).
    ///
    /// - `progress` is eased by the timing function; `raw` is the uneased fraction of the
    ///   duration; `iteration` counts completed cycles (for cumulative animations).
    @inline(__always)
    func sample(parentTime: Double) -> TimingSample? {
        guard let (raw, k) = core.uneasedSample(parentTime: parentTime) else { return nil }
        return TimingSample(progress: curve?.evaluate(raw) ?? raw, raw: raw, iteration: k)
    }
}

/// The numbers of a timing model that sampling needs, without the timing function: 39 bytes and
/// no references, what a fast animation keeps (its curve is kept apart by the layer's block).
struct TimingSampler {
    var beginTime: Double
    var timeOffset: Double
    var duration: Double
    var activeDuration: Double
    /// `CAMediaTiming.speed` is a `Float`; kept as one (read as a `Double`, exactly) so a
    /// fast animation stays at 96 bytes.
    private var speedValue: Float
    var speed: Double { Double(speedValue) }
    var autoreverses: Bool
    var fillsBackwards: Bool
    var fillsForwards: Bool

    init(_ a: CAAnimation, duration: Double) {
        beginTime = a.beginTime
        speedValue = a.speed
        timeOffset = a.timeOffset
        self.duration = duration
        autoreverses = a.autoreverses
        fillsBackwards = a.fillMode.fillsBackwards
        fillsForwards = a.fillMode.fillsForwards
        activeDuration = Self.activeDuration(
            repeatDuration: a.repeatDuration, repeatCount: a.repeatCount,
            cycle: a.autoreverses ? 2 * duration : duration)
    }

    /// A layer's own time cycling (docs/semantics.md#layer-time-cycles): begun at 0 at speed 1
    /// (the caller gives the active time as the parent time), filling both ways.
    init(layerCycle duration: Double, activeDuration: Double, autoreverses: Bool, timeOffset: Double) {
        beginTime = 0
        speedValue = 1
        self.timeOffset = timeOffset
        self.duration = duration
        self.activeDuration = activeDuration
        self.autoreverses = autoreverses
        fillsBackwards = true
        fillsForwards = true
    }

    /// CAMediaTiming's active duration: `repeatDuration` when set, else `repeatCount` cycles,
    /// else one cycle.
    static func activeDuration(repeatDuration: Double, repeatCount: Float, cycle: Double) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return Double(repeatCount) * cycle }
        return cycle
    }

    /// One cycle: the duration, twice with autoreverse.
    @inline(__always)
    var cycle: Double { autoreverses ? 2 * duration : duration }

    /// The active time at `parentTime`: negative before the start (timeOffset shifts the phase
    /// only, and a negative speed the direction only: see the top of this file).
    @inline(__always)
    func activeTime(parentTime: Double) -> Double { (parentTime - beginTime) * abs(speed) }

    /// The parent time from which `uneasedSample(parentTime:)` gives a sample at every finite
    /// time (-infinity: at every finite time), or nil when it may give none after some time (a
    /// finite active duration without forward fill, or no duration).
    var alwaysSamplesFrom: Double? {
        guard duration > 0, !activeDuration.isFinite || fillsForwards else { return nil }
        // Before the begin time the active time is negative, unless the speed is 0.
        return fillsBackwards || speedValue == 0 ? -.infinity : beginTime
    }

    /// The uneased fraction of the duration and the completed cycles at `parentTime`, or nil
    /// when the object has no effect then.
    @inline(__always)
    func uneasedSample(parentTime: Double) -> (raw: Double, iteration: Double)? {
        guard duration > 0 else { return nil }
        var a = activeTime(parentTime: parentTime)
        var atEnd = false
        if a < 0 {
            guard fillsBackwards else { return nil }
            a = 0
        } else if a >= activeDuration {
            guard fillsForwards, activeDuration.isFinite else { return nil }
            a = activeDuration
            atEnd = true
        }
        let c = cycle
        let backwards = speedValue < 0
        let t = (backwards ? -a : a) + timeOffset
        var k = floorFast(t / c)
        var u = t - k * c
        if u == 0 && (backwards ? a == 0 : atEnd && t > 0) {
            // At the end of a whole number of cycles, forwards, the end of the last cycle
            // shows; backwards, play starting on a cycle's edge starts from the end of the
            // cycle before (elsewhere an edge shows the start of the cycle time comes from).
            k -= 1
            u = c
        }
        var raw = u / duration
        if autoreverses && raw > 1 { raw = 2 - raw }
        return (min(max(raw, 0), 1), k)
    }
}

/// Where a timed object is within its simple duration.
struct TimingSample {
    /// The fraction of the duration, eased by the timing function.
    var progress: Double
    /// The uneased fraction of the duration.
    var raw: Double
    /// Completed cycles (for cumulative animations).
    var iteration: Double
}

/// `x.rounded(.down)` without a call to `floor` (x86-64's baseline has no rounding
/// instruction, and this runs for every animation every frame): truncation, corrected for
/// negative non-integers; huge, infinite and NaN values take the library path.
@inline(__always)
func floorFast(_ x: Double) -> Double {
    guard abs(x) < 4.0e15 else { return x.rounded(.down) }
    let i = Double(Int64(x))
    return i > x ? i - 1 : i
}
