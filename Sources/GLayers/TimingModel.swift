/// The timing model of Core Animation (CA-SEMANTICS §5): parent time → active time →
/// iteration and progress, with repeats, autoreverse, fill modes and the timing function.
///
/// `a = (parentTime − beginTime) · speed` decides whether the object is active (timeOffset
/// shifts the phase, not the active interval: Lockwood, "Relative Time"). The active duration is
/// `repeatDuration` when set, else `max(repeatCount, 1) · cycle`, where a cycle is the duration,
/// doubled by autoreverse. Inside, `k = floor((a + timeOffset) / cycle)` and the progress runs
/// 0 → 1 (then back, with autoreverse), eased by the timing function.
import Foundation

/// The timing settings of one animation, copied out of the object when it is compiled.
struct TimingModel {
    var beginTime: Double
    var duration: Double
    var speed: Double
    var timeOffset: Double
    var repeatCount: Double
    var repeatDuration: Double
    var autoreverses: Bool
    var fillsBackwards: Bool
    var fillsForwards: Bool
    /// The pacing curve (nil: linear), inline so the model holds no references.
    var curve: BezierCurve?

    init(_ a: CAAnimation, duration: Double, ignoresTimingFunction: Bool = false) {
        beginTime = a.beginTime
        self.duration = duration
        speed = Double(a.speed)
        timeOffset = a.timeOffset
        repeatCount = Double(a.repeatCount)
        repeatDuration = a.repeatDuration
        autoreverses = a.autoreverses
        fillsBackwards = a.fillMode.fillsBackwards
        fillsForwards = a.fillMode.fillsForwards
        let tf = ignoresTimingFunction ? nil : a.timingFunction
        curve = (tf?.isLinear ?? true) ? nil : tf?.curve
    }

    /// One cycle: the duration, twice with autoreverse.
    var cycle: Double { autoreverses ? 2 * duration : duration }

    /// The active duration (infinite for `repeatCount = .infinity`).
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycle }
        return cycle
    }

    /// The active time for a parent time: negative before the start.
    @inline(__always)
    func activeTime(parentTime: Double) -> Double { (parentTime - beginTime) * speed }

    /// Where the object is at `parentTime`.
    enum Phase { case before, active, after }

    /// The phase at `parentTime`.
    func phase(parentTime: Double) -> Phase {
        let a = activeTime(parentTime: parentTime)
        if a < 0 { return .before }
        return a >= activeDuration ? .after : .active
    }

    /// The simple-time progress and iteration at `parentTime`, or nil when the object has no
    /// effect then (outside its active duration with no fill).
    ///
    /// - `progress` is eased by the timing function; `raw` is the uneased fraction of the
    ///   duration; `iteration` counts completed cycles (for cumulative animations).
    @inline(__always)
    func sample(parentTime: Double) -> TimingSample? {
        guard
            let (raw, k) = Self.uneasedSample(
                parentTime: parentTime, beginTime: beginTime, speed: speed, timeOffset: timeOffset, duration: duration,
                activeDuration: activeDuration, autoreverses: autoreverses, fillsBackwards: fillsBackwards,
                fillsForwards: fillsForwards)
        else { return nil }
        return TimingSample(progress: curve?.evaluate(raw) ?? raw, raw: raw, iteration: k)
    }

    /// The uneased fraction of the duration and the completed cycles at `parentTime`, or nil
    /// when the object has no effect then: the model above without its timing function, for
    /// `sample` and for the fast animations (`FastTiming`), which keep their curves apart.
    @inline(__always)
    static func uneasedSample(
        parentTime: Double, beginTime: Double, speed: Double, timeOffset: Double, duration: Double,
        activeDuration ad: Double, autoreverses: Bool, fillsBackwards: Bool, fillsForwards: Bool
    ) -> (raw: Double, iteration: Double)? {
        guard duration > 0 else { return nil }
        var a = (parentTime - beginTime) * speed
        var atEnd = false
        if a < 0 {
            guard fillsBackwards else { return nil }
            a = 0
        } else if a >= ad {
            guard fillsForwards, ad.isFinite else { return nil }
            a = ad
            atEnd = true
        }
        let c = autoreverses ? 2 * duration : duration
        let t = a + timeOffset
        var k = floorFast(t / c)
        var u = t - k * c
        if atEnd && u == 0 && t > 0 {
            // The end of a whole number of cycles shows the end of the last cycle.
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
