/// Layer time: each layer maps its superlayer's time with its own beginTime, speed
/// and timeOffset, `t = (parentTime − beginTime) · speed + timeOffset`; the root's parent time
/// is media time. Also the presented state at a time (evaluated by `AnimationStack.swift`).
import Foundation

extension CALayer {
    /// The layer's local time at media time `t`.
    func localTime(atMediaTime t: CFTimeInterval) -> CFTimeInterval {
        let parent = (superlayerStorage ?? maskOwner)?.localTime(atMediaTime: t) ?? t
        return fromParentTime(parent)
    }

    /// Maps the superlayer's time to this layer's.
    @inline(__always)
    func fromParentTime(_ tp: CFTimeInterval) -> CFTimeInterval {
        if beginTimeStorage == 0 && speedStorage == 1 && timeOffsetStorage == 0 && timeCycle == nil { return tp }
        let active = (tp - beginTimeStorage) * Double(speedStorage)
        guard let cycle = timeCycle else { return active + timeOffsetStorage }
        return cycle.localTime(active: active, timeOffset: timeOffsetStorage)
    }

    /// Called when duration, repeatCount, repeatDuration or autoreverses changes.
    func cycleDidChange() {
        timeCycle = LayerTimeCycle(
            duration: duration, repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses)
        timingDidChange()
    }

    /// Maps this layer's time to its superlayer's (the parent time at which local time is `t`;
    /// with speed 0 every parent time maps to the same local time, and `beginTime` is returned;
    /// a layer whose time cycles gives the parent time of `t` in its first cycle).
    func toParentTime(_ t: CFTimeInterval) -> CFTimeInterval {
        if speedStorage == 0 { return beginTimeStorage }
        return (t - timeOffsetStorage) / Double(speedStorage) + beginTimeStorage
    }

    /// The media time at which this layer's local time is `t`.
    func mediaTime(atLocalTime t: CFTimeInterval) -> CFTimeInterval {
        let parent = toParentTime(t)
        guard let up = superlayerStorage ?? maskOwner else { return parent }
        return up.mediaTime(atLocalTime: parent)
    }

    /// The default of `convertTime(_:from:)`.
    func convertTimeDefault(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        let media = l?.mediaTime(atLocalTime: t) ?? t
        return localTime(atMediaTime: media)
    }

    /// The default of `convertTime(_:to:)`.
    func convertTimeDefault(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(atLocalTime: t)
        return l?.localTime(atMediaTime: media) ?? media
    }

    /// Called when beginTime, speed or timeOffset changes.
    func timingDidChange() {
        if isPresentationCopy { return }
        let context = TransactionContext.current
        context.ensureFrame()
        context.animationTimesChanged()
    }

    // MARK: Presented state

    /// The layer's state with its animations applied at media time `t`.
    func presentedState(atMediaTime t: CFTimeInterval) -> LayerState {
        if !isAnimated { return layerState }
        return presentedState(atLocalTime: localTime(atMediaTime: t))
    }

    /// The state `model` with the layer's animations applied at local time `t` (the
    /// presentation cache starts again from the layer's own model values next time).
    func presentedState(over model: LayerState, atLocalTime t: CFTimeInterval) -> LayerState {
        guard isAnimated else { return model }
        var model = model
        animations.modelDidChange()
        let state = withUnsafeMutablePointer(to: &model) { animations.evaluate(model: $0, at: t).pointee.state }
        animations.modelDidChange()
        return state
    }

    /// The layer's state with its animations applied at the layer's local time `t`.
    func presentedState(atLocalTime t: CFTimeInterval) -> LayerState {
        if !isAnimated { return layerState }
        return evaluatePresentation(atLocalTime: t).pointee.state
    }
}

extension CALayer {
    /// The presented position at media time `t` (for benchmarks and tools: evaluates the
    /// layer's animations without making a presentation copy).
    package func presentedPosition(atMediaTime t: CFTimeInterval) -> CGPoint {
        if !isAnimated { return layerState.position }
        return evaluatePresentation(atLocalTime: localTime(atMediaTime: t)).pointee.state.position
    }
}

/// A layer's time that cycles, as an animation's does (CAMediaTiming is one protocol for both):
/// with a finite `duration`, the layer's active time runs for `repeatDuration`, else
/// `repeatCount` cycles (one when 0), each forward then backward with `autoreverses`; before
/// its begin the layer shows its time 0 and after its end the end of its last cycle
/// (docs/semantics.md#layer-time-cycles). The cycle is folded by the animations' own sampler.
struct LayerTimeCycle {
    let duration: Double
    let activeDuration: Double
    let autoreverses: Bool

    init?(duration: Double, repeatCount: Float, repeatDuration: Double, autoreverses: Bool) {
        guard duration.isFinite, duration > 0 else { return nil }
        self.duration = duration
        self.autoreverses = autoreverses
        activeDuration = TimingSampler.activeDuration(
            repeatDuration: repeatDuration, repeatCount: repeatCount, cycle: autoreverses ? 2 * duration : duration)
    }

    /// Whether the layer's local time ever comes to `t`. It stays within one cycle, 0 to
    /// `duration`, and comes to the cycle's end only where it turns back (`autoreverses`) or
    /// holds it after its last cycle; a time within a billionth of the end is the end (an
    /// animation ending with the cycle, as a looping Lottie composition's do, ends there give
    /// or take a rounding).
    func reaches(_ t: Double) -> Bool {
        let tolerance = duration * 1e-9
        if t < duration - tolerance { return true }
        if t > duration + tolerance { return false }
        return autoreverses || activeDuration.isFinite
    }

    /// The local time at active time `active` (the parent time since the begin, times the
    /// speed), with `timeOffset` shifting the phase.
    func localTime(active: Double, timeOffset: Double) -> Double {
        let sampler = TimingSampler(
            layerCycle: duration, activeDuration: activeDuration, autoreverses: autoreverses, timeOffset: timeOffset)
        return (sampler.uneasedSample(parentTime: active)?.raw ?? 0) * duration
    }
}
