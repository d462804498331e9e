import Foundation
import Testing

@testable import GLayers

extension ClockTests {
    /// The presentation cache (evaluated in place between frames), the tick that skips layers
    /// with nothing due, and the tree sweep: each shortcut must give what a full evaluation
    /// gives.
    @Suite struct PresentationCache {
        /// A linear basic animation, kept after it ends (so the layer keeps evaluating it).
        static func linear(_ keyPath: String, from: Any, to: Any, duration: CFTimeInterval = 1) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.duration = duration
            a.timingFunction = CAMediaTimingFunction(name: .linear)
            a.isRemovedOnCompletion = false
            return a
        }

        /// `presentedLayer(atMediaTime:)` (a dump's reader) is the layer itself only where the
        /// presentation copy would show the layer's own values: no animations and no change
        /// waiting in an open transaction.
        @Test func presentedLayerIsTheLayerOnlyWhereTheCopyWouldShowItsValues() {
            withManualClock {
                let still = CALayer()
                still.opacity = 0.5
                let moving = CALayer()
                moving.add(Self.linear("opacity", from: 0, to: 1), forKey: "fade")
                frame(at: 0)
                frame(at: 0.25)
                #expect(still.presentedLayer(atMediaTime: 0.25) === still)
                let shown = moving.presentedLayer(atMediaTime: 0.25)
                #expect(shown !== moving && shown.opacity == 0.25)
                CATransaction.begin()
                still.opacity = 0.75
                #expect(
                    still.presentedLayer(atMediaTime: 0.25).opacity == still.presentation(atMediaTime: 0.25).opacity)
                CATransaction.commit()
            }
        }

        /// Expects a layer made by `make` and evaluated in place at each of `times` in turn to
        /// show, each time, what a layer made the same way and evaluated first at that time shows.
        /// Runs in a manual clock from 0.
        static func expectFirstEvaluations(of make: () -> CALayer, at times: [CFTimeInterval]) throws {
            let kept = make()
            let fresh = times.map { _ in make() }
            frame(at: 0)
            for (t, first) in zip(times, fresh) {
                CAMediaClock.setTime(t)
                let a = try #require(kept.presentation()), b = try #require(first.presentation())
                #expect(a.position == b.position && a.opacity == b.opacity, "at \(t)")
                #expect(a.transform == b.transform, "at \(t)")
            }
        }

        @Test func modelChangesBetweenEvaluationsAtOneTimeAreSeen() throws {
            try withManualClock {
                let layer = CALayer()
                layer.position = CGPoint(x: 10, y: 0)
                layer.add(Self.linear("position.y", from: 0, to: 100), forKey: "fall")
                frame(at: 0)
                frame(at: 0.25)
                let before = try #require(layer.presentation())
                #expect(before.position == CGPoint(x: 10, y: 25))
                CATransaction.setDisableActions(true)
                layer.position = CGPoint(x: 70, y: 5)
                let changed = try #require(layer.presentation())
                #expect(changed.position == CGPoint(x: 70, y: 25))
                frame(at: 0.5)
                let later = try #require(layer.presentation())
                #expect(later.position == CGPoint(x: 70, y: 50))
            }
        }

        /// Once its animations stop applying (fill mode removed), the presented values are the
        /// model's again, bit for bit (the cache puts back what the animations wrote).
        @Test func valuesReturnToTheModelWhenAnimationsStopApplying() throws {
            try withManualClock {
                let layer = CALayer()
                layer.opacity = 0.75
                let model = CATransform3DMakeScale(2, 3, 1).concatenating(CATransform3DMakeTranslation(4, 5, 6))
                layer.transform = model
                layer.add(Self.linear("opacity", from: 0, to: 0.5), forKey: "fade")
                layer.add(Self.linear("transform.rotation.z", from: 0, to: CGFloat.pi), forKey: "spin")
                frame(at: 0)
                frame(at: 0.5)
                let mid = try #require(layer.presentation())
                #expect(abs(mid.opacity - 0.25) < 1e-6)
                #expect(mid.transform != model)
                frame(at: 2)
                let after = try #require(layer.presentation())
                #expect(after.opacity == 0.75)
                #expect(after.transform == model)
                #expect(layer.animationKeys() == ["fade", "spin"])
            }
        }

        /// A component animation after a whole-matrix one works on the animated matrix, not
        /// on the model's parts.
        @Test func componentAnimationsComposeWithWholeTransformAnimations() throws {
            try withManualClock {
                let layer = CALayer()
                let grow = CABasicAnimation(keyPath: "transform")
                grow.fromValue = CATransform3DIdentity
                grow.toValue = CATransform3DMakeScale(2, 2, 1)
                grow.duration = 1
                grow.fillMode = .forwards
                grow.isRemovedOnCompletion = false
                layer.add(grow, forKey: "grow")
                let turn = Self.linear("transform.rotation.z", from: 0, to: CGFloat.pi / 2)
                turn.fillMode = .forwards
                layer.add(turn, forKey: "turn")
                frame(at: 0)
                frame(at: 1.5)
                let m = try #require(layer.presentation()).transform
                // Scale 2, then a quarter turn: (1, 0) ↦ (0, 2).
                #expect(abs(m.m11) < 1e-9 && abs(m.m12 - 2) < 1e-9 && abs(m.m21 + 2) < 1e-9 && abs(m.m22) < 1e-9)
            }
        }

        /// Ticks skip the animated layers until the earliest start or end; anything that moves
        /// an end earlier in media time makes the next tick visit them again.
        @Test func timingAndHierarchyChangesReachTheTick() {
            withManualClock {
                let root = CALayer(), other = CALayer(), a = CALayer(), c = CALayer()
                other.timeOffset = 200
                root.addSublayer(a)
                root.addSublayer(c)
                let first = recordedFade(on: a, duration: 1)
                frame(at: 0.5)
                #expect(first.events == ["start"])
                frame(at: 0.6)
                // Shifting the parent's time ends the animation now, not at media time 1.
                root.timeOffset = 1
                frame(at: 0.61)
                #expect(first.events == ["start", "stop true"])

                let second = recordedFade(on: c, duration: 100)
                frame(at: 0.7)
                frame(at: 0.8)
                #expect(second.events == ["start"])
                // Under a layer whose time runs 200 s ahead, its 100 s are over.
                other.addSublayer(c)
                frame(at: 0.9)
                #expect(second.events == ["start", "stop true"])
            }
        }

        /// The tree sweep evaluates every layer at its own local time (parents' speed, masks).
        @Test func treeSweepUsesEachLayersTime() throws {
            try withManualClock {
                let root = CALayer(), fast = CALayer(), child = CALayer(), mask = CALayer()
                fast.speed = 2
                root.addSublayer(fast)
                fast.addSublayer(child)
                child.mask = mask
                child.add(Self.linear("position.y", from: 0, to: 100), forKey: "fall")
                mask.add(Self.linear("opacity", from: 0, to: 1), forKey: "fade")
                frame(at: 0)
                frame(at: 0.25)
                root.evaluatePresentationTree(atMediaTime: 0.25)
                #expect(child.presentedPosition(atMediaTime: 0.25).y == 50)
                let p = try #require(child.presentation())
                #expect(p.position.y == 50)
                let presentedMask = try #require(p.mask)
                #expect(abs(presentedMask.opacity - 0.5) < 1e-6)
            }
        }

        /// Evaluating in place gives, at every time, what a first evaluation gives: whatever
        /// times came before (later, earlier, outside the animations' intervals).
        @Test func evaluationHistoryDoesNotMatter() throws {
            try withManualClock {
                func make() -> CALayer {
                    let layer = CALayer()
                    layer.position = CGPoint(x: 3, y: 4)
                    layer.opacity = 0.8
                    layer.transform = CATransform3DMakeScale(2, 3, 1).concatenating(
                        CATransform3DMakeTranslation(5, 6, 7))
                    layer.add(Self.linear("position.y", from: 0, to: 100), forKey: "fall")
                    let fade = Self.linear("opacity", from: -0.5, to: 0, duration: 0.5)
                    fade.isAdditive = true
                    layer.add(fade, forKey: "fade")
                    layer.add(Self.linear("transform.scale", from: 1, to: 2), forKey: "grow")
                    let spin = Self.linear("transform.rotation.z", from: 0, to: CGFloat.pi, duration: 0.3)
                    spin.isCumulative = true
                    spin.repeatCount = 3
                    layer.add(spin, forKey: "spin")
                    let tilt = Self.linear("transform.rotation.x", from: 0, to: 1)
                    tilt.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                    tilt.beginTime = CACurrentMediaTime() + 0.4
                    layer.add(tilt, forKey: "tilt")
                    return layer
                }
                let times: [CFTimeInterval] = [0.3, 0.7, 0.1, 2, 0.5, 0.45, 1.2, 0.05]
                try Self.expectFirstEvaluations(of: make, at: times)
            }
        }

        /// Animations that write over their targets at every frame, whatever they held (from
        /// and to values, not additive, repeating or filling forwards: a snowflake's), are not
        /// put back to the model first once all of them apply; what shows is still, bit for bit,
        /// what a first evaluation gives, before one of them begins and after.
        @Test func writtenOverTargetsShowWhatAFirstEvaluationGives() throws {
            try withManualClock {
                func make() -> CALayer {
                    let layer = CALayer()
                    layer.position = CGPoint(x: 3, y: 4)
                    layer.transform = CATransform3DMakeScale(2, 3, 1)
                    let fall = Self.linear("position.y", from: 0, to: 100, duration: 0.7)
                    fall.repeatCount = .infinity
                    layer.add(fall, forKey: "fall")
                    for (axis, duration) in [("x", 0.3), ("y", 0.45), ("z", 1.1)] {
                        let spin = Self.linear(
                            "transform.rotation.\(axis)", from: 0, to: CGFloat.pi, duration: duration)
                        spin.isCumulative = true
                        spin.repeatCount = .infinity
                        layer.add(spin, forKey: axis)
                    }
                    let fade = Self.linear("opacity", from: 1, to: 0.25, duration: 0.5)
                    fade.fillMode = .forwards
                    fade.beginTime = CACurrentMediaTime() + 0.4
                    layer.add(fade, forKey: "fade")
                    return layer
                }
                let times: [CFTimeInterval] = [0.1, 0.3, 0.5, 0.7, 1.6, 0.2, 0.45, 2.5, 3.25, 0.05, 4]
                try Self.expectFirstEvaluations(of: make, at: times)
            }
        }

        /// A layer whose animations are gone keeps no presented copy of old values (its images
        /// are released with the model's).
        @Test func removedAnimationsReleaseThePresentedState() throws {
            try withManualClock {
                let layer = CALayer()
                weak var weakImage: CGImage?
                do {
                    let image = try #require(
                        try? CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16)))
                    weakImage = image
                    layer.contents = image
                    layer.add(Self.linear("opacity", from: 0, to: 1), forKey: "fade")
                    frame(at: 0)
                    frame(at: 0.5)
                    #expect(try #require(layer.presentation()).opacity == 0.5)
                    layer.removeAllAnimations()
                    layer.contents = nil
                }
                #expect(weakImage == nil)
            }
        }

        /// A root with three 5×5 sublayers at x = 0, 10, 20.
        static func threeSiblings() -> (CALayer, [CALayer]) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let layers = (0..<3).map { i -> CALayer in
                let l = CALayer()
                l.frame = CGRect(x: CGFloat(i) * 10, y: 0, width: 5, height: 5)
                l.backgroundColor = CGColor(gray: 1, alpha: 1)
                root.addSublayer(l)
                return l
            }
            return (root, layers)
        }

        /// The x of the 5×5 items in paint order.
        static func paintedXs(_ root: CALayer, _ builder: FrameBuilder, at t: CFTimeInterval) -> [Float] {
            builder.build(root: root, at: t, size: CGSize(width: 100, height: 100), scale: 1)
            return builder.list.items.filter { $0.rect.width == 5 }.map { $0.transform.m[12] }
        }

        /// The paint order kept between frames follows changes of zPosition and of the
        /// sublayers.
        @Test func paintOrderFollowsZPositionChanges() throws {
            try withManualClock {
                let (root, layers) = Self.threeSiblings()
                let builder = FrameBuilder()
                func xs() -> [Float] { Self.paintedXs(root, builder, at: 0) }
                #expect(xs() == [0, 10, 20])
                CATransaction.setDisableActions(true)
                layers[0].zPosition = 5
                #expect(xs() == [10, 20, 0])
                layers[2].zPosition = 9
                #expect(xs() == [10, 0, 20])
                root.insertSublayer(layers[2], at: 0)
                layers[2].zPosition = 0
                #expect(xs() == [20, 10, 0])
            }
        }

        /// Siblings sort by presented zPosition, as on Apple's platforms: an animation of
        /// zPosition reorders them while it runs, and the order returns when it is removed.
        @Test func animatedZPositionReordersSiblings() throws {
            try withManualClock {
                let (root, layers) = Self.threeSiblings()
                let builder = FrameBuilder()
                func xs(at t: CFTimeInterval) -> [Float] {
                    frame(at: t)
                    return Self.paintedXs(root, builder, at: t)
                }
                #expect(xs(at: 0) == [0, 10, 20])
                let rise = Self.linear("zPosition", from: 0, to: 10, duration: 1)
                layers[0].add(rise, forKey: "rise")
                #expect(xs(at: 0) == [0, 10, 20], "z 0 ties keep tree order")
                #expect(xs(at: 0.5) == [10, 20, 0], "presented z 5 draws the first layer last")
                layers[2].zPosition = 7
                #expect(xs(at: 0.6) == [10, 0, 20], "6 sorts below the model value 7")
                #expect(xs(at: 0.8) == [10, 20, 0], "8 sorts above it")
                layers[0].removeAnimation(forKey: "rise")
                #expect(xs(at: 0.9) == [0, 10, 20])
            }
        }
    }
}
