import Foundation
import GLayers
import Testing

extension ClockTests {
    /// The media clock and timing functions.
    @Suite struct MediaClockAndCurves {
        @Test func manualClockIsExact() {
            CAMediaClock.useManualTime(10)
            #expect(CACurrentMediaTime() == 10)
            CAMediaClock.advance(by: 0.25)
            #expect(CACurrentMediaTime() == 10.25)
            CAMediaClock.setTime(1.25)
            #expect(CACurrentMediaTime() == 1.25)
            CAMediaClock.useSystemTime()
            let a = CACurrentMediaTime(), b = CACurrentMediaTime()
            #expect(b >= a && a > 0)
        }

        @Test func namedCurvesHaveApplesControlPoints() {
            let expected: [(CAMediaTimingFunctionName, [Float])] = [
                (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
                (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
            ]
            for (name, points) in expected {
                let f = CAMediaTimingFunction(name: name)
                var v: [Float] = [9, 9]
                f.getControlPoint(at: 0, values: &v)
                #expect(v == [0, 0])
                f.getControlPoint(at: 1, values: &v)
                #expect(v == [points[0], points[1]], "\(name)")
                f.getControlPoint(at: 2, values: &v)
                #expect(v == [points[2], points[3]], "\(name)")
                f.getControlPoint(at: 3, values: &v)
                #expect(v == [1, 1])
            }
        }

        /// An independent solve by bisection on the curve parameter.
        func reference(_ c: [Double], _ x: Double) -> Double {
            func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
                3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
            }
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if b(c[0], c[2], mid) < x { lo = mid } else { hi = mid }
            }
            return b(c[1], c[3], (lo + hi) / 2)
        }

        @Test func curvesSolveToOneMillionth() {
            let curves: [[Double]] = [
                [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1], [0.9, -0.5, 0.1, 1.5],
            ]
            for c in curves {
                let f = CAMediaTimingFunction(controlPoints: Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3]))
                let cf = [Double(Float(c[0])), Double(Float(c[1])), Double(Float(c[2])), Double(Float(c[3]))]
                for i in 0...100 {
                    let x = Double(i) / 100
                    #expect(abs(f.evaluate(x) - reference(cf, x)) < 1e-6, "curve \(c) at \(x)")
                }
            }
            let ease = CAMediaTimingFunction(name: .easeInEaseOut)
            #expect(abs(ease.evaluate(0.5) - 0.5) < 1e-6)
            #expect(ease.evaluate(-1) == 0 && ease.evaluate(2) == 1)
        }

        /// Control points that are not finite (a huge Double made a Float is infinite: a
        /// fuzzer's find, Tests/Fuzz/Crashes/strings) are reported; the curve is linear.
        @Test func nonFiniteControlPointsGiveALinearCurve() {
            for c: [Float] in [[0.2, .infinity, 0.84, 1], [.nan, 0, 0.58, 1], [0.42, 0, 0.58, -.infinity]] {
                let (f, warnings) = Diagnostics.capture { CAMediaTimingFunction(controlPoints: c[0], c[1], c[2], c[3]) }
                #expect(warnings.count == 1 && warnings[0].contains("control points must be finite"), "\(c)")
                #expect(f.evaluate(0.25) == 0.25 && f.evaluate(0.75) == 0.75, "\(c)")
            }
        }
    }

    /// Timing of animations. `opacity` is a Float, as on
    /// Apple's platforms, so opacity values compare to 1e-6.
    @Suite struct AnimationTiming {
        func opacityAnimation(duration: CFTimeInterval = 10) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0
            a.toValue = 1
            a.duration = duration
            return a
        }

        @Test func fillModes() {
            withManualClock(at: 0) {
                for (mode, before, after) in [
                    (CAMediaTimingFillMode.removed, 0.5, 0.5), (.forwards, 0.5, 1), (.backwards, 0, 0.5), (.both, 0, 1),
                ] {
                    let layer = CALayer()
                    layer.opacity = 0.5
                    let a = opacityAnimation()
                    a.beginTime = 10
                    a.fillMode = mode
                    a.isRemovedOnCompletion = false
                    layer.add(a, forKey: "fade")
                    frame(at: 5)
                    #expect(presented(layer, "opacity") == CGFloat(before), "\(mode) before")
                    frame(at: 15)
                    #expect(abs(presented(layer, "opacity") - 0.5) < 1e-6, "\(mode) during")
                    frame(at: 25)
                    #expect(presented(layer, "opacity") == CGFloat(after), "\(mode) after")
                    #expect(layer.opacity == 0.5)
                }
            }
        }

        @Test func fractionalRepeatCountEndsMidCycle() {
            withManualClock(at: 0) {
                let layer = CALayer()
                let a = opacityAnimation()
                a.repeatCount = 2.5
                a.fillMode = .forwards
                a.isRemovedOnCompletion = false
                layer.add(a, forKey: "fade")
                frame(at: 0)
                frame(at: 12)
                #expect(abs(presented(layer, "opacity") - 0.2) < 1e-6)
                frame(at: 24.9)
                #expect(abs(presented(layer, "opacity") - 0.49) < 1e-6)
                frame(at: 30)
                #expect(abs(presented(layer, "opacity") - 0.5) < 1e-6)
            }
        }

        @Test func repeatCountEndsAtTwentyFiveSeconds() {
            withManualClock(at: 0) {
                let layer = CALayer()
                let a = opacityAnimation()
                a.repeatCount = 2.5
                layer.add(a, forKey: "fade")
                frame(at: 0)
                frame(at: 24.99)
                #expect(layer.animationKeys() == ["fade"])
                frame(at: 25)
                #expect(layer.animationKeys() == nil)
            }
        }

        @Test func autoreverses() {
            withManualClock(at: 0) {
                let layer = CALayer()
                let a = opacityAnimation(duration: 1)
                a.autoreverses = true
                a.repeatCount = 2
                a.fillMode = .forwards
                a.isRemovedOnCompletion = false
                layer.add(a, forKey: "pulse")
                frame(at: 0)
                for (t, v) in [(0.5, 0.5), (1.0, 1.0), (1.25, 0.75), (2.25, 0.25), (3.5, 0.5), (5.0, 0.0)] {
                    frame(at: t)
                    #expect(abs(presented(layer, "opacity") - CGFloat(v)) < 1e-6, "t = \(t)")
                }
            }
        }

        @Test func speedsMultiplyDownTheTree() {
            withManualClock(at: 100) {
                let root = CALayer(), parent = CALayer(), child = CALayer()
                root.addSublayer(parent)
                parent.addSublayer(child)
                parent.speed = 2
                child.speed = 2
                let a = opacityAnimation()
                a.speed = 1
                child.add(a, forKey: "fade")
                frame(at: 100)
                frame(at: 101.25)
                #expect(abs(presented(child, "opacity") - 0.5) < 1e-6)
                a.speed = 2
                let c2 = CALayer()
                root.addSublayer(c2)
                c2.add(a, forKey: "fast")
                frame(at: 102)
                frame(at: 104.5)
                #expect(abs(presented(c2, "opacity") - 0.5) < 1e-6)
            }
        }

        @Test func convertTimeFollowsTheTree() {
            let root = CALayer(), child = CALayer()
            root.addSublayer(child)
            child.beginTime = 10
            child.speed = 2
            child.timeOffset = 1
            #expect(child.convertTime(20, from: nil) == 21)
            #expect(child.convertTime(21, to: nil) == 20)
            #expect(root.convertTime(21, from: child) == 20)
        }

        /// A subclass that overrides the timing properties (they are `open`, as on Apple's
        /// platforms): its observers run, and the engine's per-frame time mapping, which reads
        /// the layer's own storage, sees the values set through the override.
        @Test func timingOverridesAreSeenByTheEngine() {
            final class PausableLayer: CALayer {
                var changes: [String] = []
                override var speed: Float { didSet { changes.append("speed \(speed)") } }
                override var timeOffset: CFTimeInterval { didSet { changes.append("timeOffset \(timeOffset)") } }
            }
            withManualClock(at: 100) {
                let layer = PausableLayer()
                layer.add(opacityAnimation(), forKey: "fade")
                frame(at: 100)
                frame(at: 103)
                layer.speed = 0
                layer.timeOffset = 103
                #expect(layer.changes == ["speed 0.0", "timeOffset 103.0"])
                frame(at: 108)
                #expect(abs(presented(layer, "opacity") - 0.3) < 1e-6, "paused at 3 s of 10")
                layer.setValue(1, forKey: "speed")
                #expect(layer.changes.last == "speed 1.0", "key-value coding sets through the override")
            }
        }

        /// QA1673 and the walk-through in docs/semantics.md#pause-and-resume
        @Test func pauseAndResumeRecipe() {
            withManualClock(at: 100) {
                let layer = CALayer()
                layer.add(opacityAnimation(), forKey: "fade")
                frame(at: 100)
                frame(at: 103)
                let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
                layer.speed = 0
                layer.timeOffset = pausedTime
                #expect(abs(presented(layer, "opacity") - 0.3) < 1e-6)
                frame(at: 108)
                #expect(abs(presented(layer, "opacity") - 0.3) < 1e-6)
                frame(at: 110)
                let paused = layer.timeOffset
                layer.speed = 1
                layer.timeOffset = 0
                layer.beginTime = 0
                let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
                layer.beginTime = timeSincePause
                #expect(layer.beginTime == 7)
                #expect(abs(presented(layer, "opacity") - 0.3) < 1e-6)
                frame(at: 112)
                #expect(abs(presented(layer, "opacity") - 0.5) < 1e-6)
                frame(at: 116.5)
                #expect(abs(presented(layer, "opacity") - 0.95) < 1e-6)
                frame(at: 117)
                #expect(layer.animationKeys() == nil)
            }
        }

        /// An ancestor with speed 0 and timeOffset t freezes every descendant at local time t
        /// (what lottie-ios does to pause and scrub): the child's 10 s fade and the speed-2
        /// grandchild's 20 s fade show t's progress whatever the media time, in presentation()
        /// too; an animation added while paused begins at the frozen time and moves only when
        /// the offset does (docs/semantics.md#pause-and-resume).
        @Test func aPausedAncestorFreezesAndScrubsItsDescendants() {
            withManualClock(at: 100) {
                let root = CALayer(), parent = CALayer(), child = CALayer(), grandchild = CALayer()
                root.addSublayer(parent)
                parent.addSublayer(child)
                child.addSublayer(grandchild)
                grandchild.speed = 2
                let fade = opacityAnimation()
                fade.fillMode = .forwards
                fade.isRemovedOnCompletion = false
                child.add(fade, forKey: "fade")
                // The grandchild's time is twice the child's: begun at 200, 20 s long.
                grandchild.add(opacityAnimation(duration: 20), forKey: "fade")
                frame(at: 100)
                frame(at: 103)
                #expect(abs(presented(child, "opacity") - 0.3) < 1e-6)
                #expect(abs(presented(grandchild, "opacity") - 0.3) < 1e-6)
                parent.speed = 0
                parent.timeOffset = 105
                frame(at: 110)
                #expect(abs(presented(child, "opacity") - 0.5) < 1e-6)
                #expect(abs(presented(grandchild, "opacity") - 0.5) < 1e-6)
                #expect(child.convertTime(CACurrentMediaTime(), from: nil) == 105)
                parent.timeOffset = 108
                frame(at: 111)
                #expect(abs(presented(child, "opacity") - 0.8) < 1e-6)
                #expect(abs(presented(grandchild, "opacity") - 0.8) < 1e-6)
                // Added while paused: its begin time is the child's frozen time, 108.
                let rise = CABasicAnimation(keyPath: "zPosition")
                rise.fromValue = 50
                rise.toValue = 150
                rise.duration = 10
                child.add(rise, forKey: "rise")
                frame(at: 112)
                #expect(presented(child, "zPosition") == 50)
                frame(at: 130)
                #expect(presented(child, "zPosition") == 50)
                // Scrubbing moves both; past its end the grandchild's fade is removed.
                parent.timeOffset = 113
                frame(at: 131)
                #expect(abs(presented(child, "zPosition") - 100) < 1e-9)
                #expect(presented(child, "opacity") == 1)
                #expect(grandchild.animationKeys() == nil)
                // Back before the late animation's begin time: it shows nothing, and stays.
                parent.timeOffset = 104
                frame(at: 132)
                #expect(abs(presented(child, "opacity") - 0.4) < 1e-6)
                #expect(presented(child, "zPosition") == 0)
                #expect(child.animationKeys() == ["fade", "rise"])
            }
        }

        /// speed −1 on an animation plays it backwards through the same active interval
        /// (docs/semantics.md#negative-speed): a 10 s fade 0 → 1 added at 0 shows 1 at 0, 0.75
        /// at 2.5 s, 0.1 at 9 s, and ends at 10 s; speed −2 takes 5 s. Fills hold what the
        /// reversed play starts with (before) and ends with (after).
        @Test func negativeAnimationSpeedPlaysBackwards() {
            withManualClock(at: 0) {
                let layer = CALayer()
                layer.opacity = 0.5
                let back = opacityAnimation()
                back.speed = -1
                layer.add(back, forKey: "back")
                frame(at: 0)
                #expect(presented(layer, "opacity") == 1)
                for (t, v) in [(2.5, 0.75), (9.0, 0.1)] {
                    frame(at: t)
                    #expect(abs(presented(layer, "opacity") - CGFloat(v)) < 1e-6, "t = \(t)")
                }
                frame(at: 10)
                #expect(layer.animationKeys() == nil && presented(layer, "opacity") == 0.5)

                let fast = opacityAnimation()
                fast.speed = -2
                layer.add(fast, forKey: "fast")
                frame(at: 10)
                frame(at: 11)
                #expect(abs(presented(layer, "opacity") - 0.8) < 1e-6)
                frame(at: 14.9)
                #expect(abs(presented(layer, "opacity") - 0.02) < 1e-6)
                frame(at: 15)
                #expect(layer.animationKeys() == nil)

                let held = opacityAnimation()
                held.speed = -1
                held.beginTime = 30
                held.fillMode = .both
                held.isRemovedOnCompletion = false
                layer.add(held, forKey: "held")
                frame(at: 20)
                #expect(presented(layer, "opacity") == 1, "before: the reversed play's first value")
                frame(at: 36)
                #expect(abs(presented(layer, "opacity") - 0.4) < 1e-6)
                frame(at: 45)
                #expect(presented(layer, "opacity") == 0, "after: the reversed play's last value")
            }
        }

        /// lottie-ios plays frames backwards with a child of speed −1 and timeOffset at the
        /// start frame inside a clipping group (fill both): a 3 s zPosition 0 → 300 played from
        /// 2 s back to 0 in a 2 s group shows 200, 150, 50, then holds 0; played from its end
        /// (timeOffset 3) in a 3 s group it starts at 300.
        @Test func aReversedChildInAClippingGroup() {
            withManualClock(at: 0) {
                func clipped(from start: Double, length: Double) -> CALayer {
                    let base = CABasicAnimation(keyPath: "zPosition")
                    base.fromValue = 0
                    base.toValue = 300
                    base.duration = 3
                    base.speed = -1
                    base.timeOffset = start
                    let clip = CAAnimationGroup()
                    clip.animations = [base]
                    clip.duration = length
                    clip.fillMode = .both
                    clip.isRemovedOnCompletion = false
                    let layer = CALayer()
                    layer.add(clip, forKey: "clip")
                    return layer
                }
                let fromTwo = clipped(from: 2, length: 2)
                let fromEnd = clipped(from: 3, length: 3)
                frame(at: 0)
                #expect(presented(fromTwo, "zPosition") == 200)
                #expect(presented(fromEnd, "zPosition") == 300)
                for (t, z, zEnd) in [(0.5, 150.0, 250.0), (1.5, 50, 150), (2, 0, 100), (5, 0, 0)] {
                    frame(at: t)
                    #expect(abs(presented(fromTwo, "zPosition") - CGFloat(z)) < 1e-9, "t = \(t)")
                    #expect(abs(presented(fromEnd, "zPosition") - CGFloat(zEnd)) < 1e-9, "t = \(t)")
                }
            }
        }

        /// speed −1 on a layer runs its local time backwards (docs/semantics.md#negative-speed).
        /// Reversing a running fade as published code does (beginTime at the parent's time,
        /// timeOffset at the layer's, speed −1) plays it back to its start, where it finishes
        /// and is removed; fills stay in the layer's time: a fade the time enters from its end
        /// holds its end, then plays backwards, then holds its start.
        @Test func negativeLayerSpeedRunsItsTimeBackwards() {
            withManualClock(at: 100) {
                let root = CALayer(), layer = CALayer()
                root.addSublayer(layer)
                let recorder = recordedFade(on: layer, duration: 10)
                frame(at: 100)
                frame(at: 103)
                #expect(abs(presented(layer, "opacity") - 0.3) < 1e-6)
                let now = layer.convertTime(CACurrentMediaTime(), from: nil)
                layer.beginTime = root.convertTime(CACurrentMediaTime(), from: nil)
                layer.timeOffset = now
                layer.speed = -1
                #expect(abs(presented(layer, "opacity") - 0.3) < 1e-6)
                for (t, v) in [(105.0, 0.1), (106, 0)] {
                    frame(at: t)
                    #expect(abs(presented(layer, "opacity") - CGFloat(v)) < 1e-6, "t = \(t)")
                }
                #expect(recorder.events == ["start"])
                frame(at: 106.5)
                #expect(layer.animationKeys() == nil && presented(layer, "opacity") == 1)
                #expect(recorder.events == ["start", "stop true"])

                // Local time 25 − (t − 200): the fade (begin 5, 10 s) is entered from its end.
                layer.beginTime = 200
                layer.timeOffset = 25
                let fade = opacityAnimation()
                fade.beginTime = 5
                fade.fillMode = .both
                fade.isRemovedOnCompletion = false
                layer.add(fade, forKey: "fade")
                for (t, v) in [(200.0, 1.0), (212, 0.8), (220, 0), (222, 0)] {
                    frame(at: t)
                    #expect(abs(presented(layer, "opacity") - CGFloat(v)) < 1e-6, "t = \(t)")
                }
                #expect(layer.animationKeys() == ["fade"])
            }
        }
    }
}
