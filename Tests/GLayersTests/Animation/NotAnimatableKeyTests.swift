import Foundation
import GLayers
import Testing

extension ClockTests {
    /// Animations of keys the property table marks not animatable
    /// (docs/semantics.md#animations-of-keys-that-do-not-animate): kept with their life cycle,
    /// warned about once, no per-frame step.
    @Suite struct NotAnimatableKeys {
        /// A class of its own: the warning is given once per layer class and key path for the
        /// whole process, so another test's layers cannot have used it up.
        final class FrameOnlyLayer: CALayer {}

        @Test func keptWithItsLifeCycleWarnedOnceAndNoStep() throws {
            try withManualClock {
                let layer = FrameOnlyLayer()
                layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                let host = CALayerHost(rootLayer: layer)
                defer { host.detach() }
                let recorder = AnimationRecorder()
                let grow = CABasicAnimation(keyPath: "frame")
                grow.fromValue = CGRect(x: 0, y: 0, width: 10, height: 10)
                grow.toValue = CGRect(x: 0, y: 0, width: 50, height: 50)
                grow.duration = 1
                grow.delegate = recorder
                let first = Diagnostics.capture { layer.add(grow, forKey: "grow") }.warnings
                #expect(first.count == 1, "\(first)")
                let warning = try #require(first.first)
                #expect(
                    warning.contains("FrameOnlyLayer") && warning.contains("\"frame\"")
                        && warning.contains("not animatable"))
                #expect(layer.animationKeys() == ["grow"] && layer.animation(forKey: "grow") is CABasicAnimation)
                #expect(layer.animationStepCount == 0, "no per-frame step")
                let again = Diagnostics.capture {
                    layer.add(CABasicAnimation(keyPath: "frame"), forKey: "again")
                }.warnings
                #expect(again.isEmpty, "once per class and key path: \(again)")
                layer.removeAnimation(forKey: "again")

                frame(at: 0)
                frame(at: 0.5)
                #expect(recorder.events == ["start"])
                #expect(layer.presentation()?.bounds.size == CGSize(width: 10, height: 10), "the model value shows")
                frame(at: 1.5)
                #expect(recorder.events == ["start", "stop true"])
                #expect(layer.animationKeys() == nil, "removed on completion")
            }
        }

        @Test func inertAnimationsLeaveTheOthersOnTheFastPath() {
            withManualClock {
                let layer = FrameOnlyLayer()
                let host = CALayerHost(rootLayer: layer)
                defer { host.detach() }
                let rename = CABasicAnimation(keyPath: "name")
                rename.toValue = "other"
                rename.duration = 1
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 1
                _ = Diagnostics.capture {
                    layer.add(rename, forKey: "rename")
                    layer.add(fade, forKey: "fade")
                }
                // A key that animates only through transitions writes nothing either, silently.
                let sublayers = CABasicAnimation(keyPath: "sublayers")
                sublayers.duration = 1
                let silent = Diagnostics.capture { layer.add(sublayers, forKey: "sublayers") }.warnings
                #expect(silent.isEmpty, "\(silent)")
                #expect(layer.animationKeys() == ["rename", "fade", "sublayers"])
                #expect(layer.animationStepCount == 1 && layer.fastAnimationCount == 1)
                frame(at: 0)
                frame(at: 0.25)
                #expect(abs(presented(layer, "opacity") - 0.25) < 1e-6)
                #expect(layer.presentation()?.name == nil)
            }
        }
    }
}
