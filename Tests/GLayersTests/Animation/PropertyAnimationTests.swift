import Foundation
import GLayers
import Testing

extension ClockTests {
    /// CABasicAnimation: the seven from/to/by combinations of the timing guide,
    /// additive, cumulative, value types and value functions.
    @Suite struct BasicAnimations {
        /// A layer with model position.x = 100 and an animation of position.x, sampled at half way.
        func halfway(from: Any? = nil, to: Any? = nil, by: Any? = nil, configure: (CABasicAnimation) -> Void = { _ in })
            -> CGFloat
        {
            let layer = CALayer()
            layer.position = CGPoint(x: 100, y: 0)
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = from
            a.toValue = to
            a.byValue = by
            a.duration = 2
            configure(a)
            layer.add(a, forKey: "move")
            frame(at: 0)
            frame(at: 1)
            return presented(layer, "position.x")
        }

        @Test func sevenCombinations() {
            withManualClock {
                #expect(halfway(from: 10, to: 20) == 15)  // from → to
                #expect(halfway(from: 10, by: 20) == 20)  // from → from + by
                #expect(halfway(to: 20, by: 4) == 18)  // to − by → to
                #expect(halfway(from: 10) == 55)  // from → current (model) value
                #expect(halfway(to: 200) == 150)  // current → to
                #expect(halfway(by: 50) == 125)  // current → current + by
                #expect(halfway() == 100)  // none: nothing captured, no effect
            }
        }

        @Test func additive() {
            withManualClock {
                // Additive: model 100, additive 0 → 50: 125 half way, 150 at the end, 100 after.
                #expect(halfway(from: 0, to: 50) { $0.isAdditive = true } == 125)
                let layer = CALayer()
                layer.position = CGPoint(x: 100, y: 0)
                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = 0
                a.toValue = 50
                a.duration = 1
                a.isAdditive = true
                a.fillMode = .forwards
                a.isRemovedOnCompletion = false
                layer.add(a, forKey: "nudge")
                frame(at: 0)
                frame(at: 1)
                #expect(presented(layer, "position.x") == 150)
                layer.removeAnimation(forKey: "nudge")
                #expect(presented(layer, "position.x") == 100)
            }
        }

        @Test func cumulative() {
            withManualClock {
                // Cumulative: 0 → 10, repeatCount 3, cumulative: 15 at 1.5 s, 25 at 2.5 s, 30 at the end.
                let layer = CALayer()
                let a = CABasicAnimation(keyPath: "zPosition")
                a.fromValue = 0
                a.toValue = 10
                a.duration = 1
                a.repeatCount = 3
                a.isCumulative = true
                a.fillMode = .forwards
                a.isRemovedOnCompletion = false
                layer.add(a, forKey: "climb")
                frame(at: 0)
                for (t, v) in [(1.5, 15.0), (2.5, 25.0), (3.0, 30.0), (9.0, 30.0)] {
                    frame(at: t)
                    #expect(abs(presented(layer, "zPosition") - CGFloat(v)) < 1e-9, "t = \(t)")
                }
            }
        }

        /// A whole-matrix animation to a mirror flips: the x scale runs from 1 to −1 (through 0)
        /// with no turn (docs/semantics.md, "Transform key paths").
        @Test func aTransformAnimatedToAMirrorFlips() {
            withManualClock {
                let layer = CALayer()
                let a = CABasicAnimation(keyPath: "transform")
                a.fromValue = CATransform3DIdentity
                a.toValue = CATransform3DMakeScale(-1, 1, 1)
                a.duration = 1
                layer.add(a, forKey: "flip")
                frame(at: 0)
                frame(at: 0.25)
                #expect(
                    close(layer.presentation()?.transform ?? CATransform3DIdentity, CATransform3DMakeScale(0.5, 1, 1)))
            }
        }

        @Test func interpolatesPointsRectsColoursAndTransforms() {
            withManualClock {
                let layer = CALayer()
                func animate(_ key: String, _ from: Any, _ to: Any) {
                    let a = CABasicAnimation(keyPath: key)
                    a.fromValue = from
                    a.toValue = to
                    a.duration = 1
                    layer.add(a, forKey: key)
                }
                animate("position", CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20))
                animate("bounds", CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: 30, height: 50))
                animate(
                    "backgroundColor", CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                    CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                animate("transform", CATransform3DMakeRotation(0, 0, 0, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
                animate("shadowOffset", CGSize(width: 0, height: 0), CGSize(width: 4, height: 8))
                frame(at: 0)
                frame(at: 0.5)
                guard let p = layer.presentation() else {
                    Issue.record("no presentation")
                    return
                }
                #expect(p.position == CGPoint(x: 5, y: 10))
                #expect(p.bounds == CGRect(x: 0, y: 0, width: 20, height: 30))
                #expect(p.backgroundColor?.components == [0.5, 0, 0.5, 1])
                #expect(close(p.transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
                #expect(p.shadowOffset == CGSize(width: 2, height: 4))
                // The model is untouched.
                #expect(layer.position == .zero && layer.backgroundColor == nil && layer.transform == .identity)
            }
        }

        @Test func boxedValuesAnimateAsApplePlatformsBoxThem() {
            withManualClock {
                // fromValue/toValue boxed in NSValue and NSNumber, as Apple code writes them.
                let layer = CALayer()
                func animate(_ key: String, _ from: Any, _ to: Any) {
                    let a = CABasicAnimation(keyPath: key)
                    a.fromValue = from
                    a.toValue = to
                    a.duration = 1
                    layer.add(a, forKey: key)
                }
                animate("position", NSValue(cgPoint: CGPoint(x: 0, y: 0)), NSValue(cgPoint: CGPoint(x: 10, y: 20)))
                animate(
                    "bounds", NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 10)),
                    NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 50)))
                animate("shadowOffset", NSValue(cgSize: .zero), NSValue(cgSize: CGSize(width: 4, height: 8)))
                animate(
                    "transform", NSValue(caTransform3D: CATransform3DIdentity),
                    NSValue(cgAffineTransform: CGAffineTransform(rotationAngle: .pi / 2)))
                animate("opacity", NSNumber(value: 0), NSNumber(value: 0.5))
                let nudge = CABasicAnimation(keyPath: "anchorPoint")
                nudge.byValue = NSValue(cgPoint: CGPoint(x: 0.5, y: -0.5))
                nudge.duration = 1
                layer.add(nudge, forKey: "nudge")
                frame(at: 0)
                frame(at: 0.5)
                guard let p = layer.presentation() else {
                    Issue.record("no presentation")
                    return
                }
                #expect(p.position == CGPoint(x: 5, y: 10))
                #expect(p.bounds == CGRect(x: 0, y: 0, width: 20, height: 30))
                #expect(p.shadowOffset == CGSize(width: 2, height: 4))
                #expect(close(p.transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
                #expect(p.opacity == 0.25)
                #expect(p.anchorPoint == CGPoint(x: 0.75, y: 0.25), "byValue from the model (0.5, 0.5)")
            }
        }

        @Test func wholeMatrixRotationOfTwoPiDoesNothingButTheKeyPathTurns() {
            withManualClock {
                let layer = CALayer()
                let whole = CABasicAnimation(keyPath: "transform")
                whole.fromValue = CATransform3DIdentity
                whole.toValue = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
                whole.duration = 1
                layer.add(whole, forKey: "whole")
                frame(at: 0)
                frame(at: 0.5)
                #expect(close(presentedTransform(layer), .identity, 1e-9))
                layer.removeAllAnimations()
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.fromValue = 0
                spin.toValue = 2 * CGFloat.pi
                spin.duration = 1
                layer.add(spin, forKey: "spin")
                frame(at: 1)
                frame(at: 1.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-9))
            }
        }

        @Test func cumulativeKeyPathRotationSpinsContinuously() {
            withManualClock {
                // The snowfall seed: 0 → π, cumulative, repeating: a steady spin.
                let layer = CALayer()
                layer.transform = CATransform3DMakeScale(0.5, 0.5, 1)
                let a = CABasicAnimation(keyPath: "transform.rotation.z")
                a.fromValue = 0
                a.toValue = CGFloat.pi
                a.duration = 1
                a.repeatCount = .infinity
                a.isCumulative = true
                layer.add(a, forKey: "rotate z")
                frame(at: 0)
                for t in [0.25, 1.25, 2.5, 7.75] {
                    frame(at: t)
                    let expected = CATransform3DConcat(
                        CATransform3DMakeScale(0.5, 0.5, 1), CATransform3DMakeRotation(.pi * t, 0, 0, 1))
                    #expect(close(presentedTransform(layer), expected, 1e-9), "t = \(t)")
                }
            }
        }

        @Test func valueFunctions() {
            withManualClock {
                let layer = CALayer()
                let a = CABasicAnimation(keyPath: "transform")
                a.valueFunction = CAValueFunction(name: .rotateZ)
                a.fromValue = 0
                a.toValue = 2 * CGFloat.pi
                a.duration = 1
                layer.add(a, forKey: "spin")
                frame(at: 0)
                frame(at: 0.25)
                #expect(close(presentedTransform(layer), CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-9))
                let s = CABasicAnimation(keyPath: "transform")
                s.valueFunction = CAValueFunction(name: .scale)
                s.fromValue = [1, 1, 1]
                s.toValue = [3, 5, 1]
                s.duration = 1
                layer.removeAllAnimations()
                layer.add(s, forKey: "grow")
                frame(at: 1)
                frame(at: 1.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeScale(2, 3, 1), 1e-9))
                #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")) == nil)
            }
        }

        @Test func springSettlesOnTheTarget() {
            withManualClock {
                let layer = CALayer()
                let s = CASpringAnimation(keyPath: "position.x")
                s.fromValue = 0
                s.toValue = 100
                s.duration = s.settlingDuration
                s.fillMode = .forwards
                s.isRemovedOnCompletion = false
                layer.add(s, forKey: "spring")
                frame(at: 0)
                frame(at: 0.1)
                let early = presented(layer, "position.x")
                #expect(early > 0 && early < 100)
                frame(at: s.settlingDuration)
                #expect(abs(presented(layer, "position.x") - 100) < 0.2)
            }
        }
    }
}
