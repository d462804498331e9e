import Foundation
import Testing

@testable import GLayers

extension ClockTests {
    /// A frame checks the animated layers for animations starting or ending (their delegates'
    /// callbacks, removal on completion) only when one of them is due
    /// (`TransactionContext.nextTickTime`, from each layer's `mediaTimeOfNextAnimationEvent`).
    @Suite struct TickSchedule {
        /// A layer under a layer whose time loops every second, with a fade of `duration`
        /// seconds added (its recorder) while the clock is manual at 0.
        func looped(
            fade duration: CFTimeInterval, _ body: (CALayer, CALayer, AnimationRecorder) -> Void
        ) {
            withManualClock {
                let loop = CALayer()
                loop.duration = 1
                loop.repeatCount = .infinity
                let layer = CALayer()
                loop.addSublayer(layer)
                body(loop, layer, recordedFade(on: layer, duration: duration))
                layer.removeAllAnimations()
            }
        }

        /// Under a layer whose time loops every second, an animation two seconds long never
        /// ends: its end is never due, so the frames after its start check nothing (a looping
        /// Lottie composition shorter than one of its animations checked every animated layer
        /// at every frame).
        @Test func anEndPastALoopIsNeverDue() {
            looped(fade: 2) { _, layer, recorder in
                frame(at: 0)
                frame(at: 0.5)
                #expect(recorder.events == ["start"])
                #expect(layer.mediaTimeOfNextAnimationEvent == .infinity)
                #expect(TransactionContext.current.nextTickTime == .infinity)
                for t in [1.5, 2.5, 4.0] { frame(at: t) }
                #expect(recorder.events == ["start"], "its end is never reached")
            }
        }

        /// An animation as long as the loop: the loop's time starts again where the animation
        /// would end, so its end never comes (unless the loop turns back or ends).
        @Test func anEndWithTheLoopIsNeverDueWhileItLoops() {
            looped(fade: 1) { loop, layer, recorder in
                frame(at: 0)
                frame(at: 0.5)
                #expect(layer.mediaTimeOfNextAnimationEvent == .infinity)
                for t in [1.0, 1.5, 2.25] { frame(at: t) }
                #expect(recorder.events == ["start"])
                loop.autoreverses = true
                #expect(layer.mediaTimeOfNextAnimationEvent == 1, "the loop turns back at its end")
                loop.autoreverses = false
                loop.repeatCount = 3
                #expect(layer.mediaTimeOfNextAnimationEvent == 1, "the last loop holds its end")
            }
        }

        /// An end within the loop comes round: due at its first cycle's time, then checked at
        /// every frame until a frame reaches it.
        @Test func anEndWithinALoopIsDelivered() {
            looped(fade: 0.5) { _, layer, recorder in
                frame(at: 0)
                #expect(layer.mediaTimeOfNextAnimationEvent == 0.5)
                frame(at: 0.25)
                #expect(recorder.events == ["start"])
                frame(at: 0.75)
                #expect(recorder.events == ["start", "stop true"])
            }
        }
    }
}
