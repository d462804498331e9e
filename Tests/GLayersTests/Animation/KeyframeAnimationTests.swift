import Foundation
import GLayers
import GLayersRenderList
import Testing

extension ClockTests {
    /// CAKeyframeAnimation and CAAnimationGroup.
    @Suite struct KeyframeAnimations {
        func run(_ a: CAKeyframeAnimation, keyPath: String = "zPosition", at times: [Double]) -> [CGFloat] {
            let layer = CALayer()
            a.keyPath = keyPath
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            layer.add(a, forKey: "k")
            frame(at: 0)
            return times.map { t in
                frame(at: t)
                return presented(layer, keyPath)
            }
        }

        @Test func linearWithKeyTimesAndSegmentCurves() {
            withManualClock {
                let a = CAKeyframeAnimation()
                a.values = [0, 10, 30]
                a.keyTimes = [0, 0.2, 1]
                a.duration = 10
                #expect(run(a, at: [1, 2, 6, 10]) == [5, 10, 20, 30])
                let eased = CAKeyframeAnimation()
                eased.values = [0, 10, 30]
                eased.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
                eased.duration = 2
                let v = run(eased, at: [0.5, 1.5])
                let easeIn = CAMediaTimingFunction(name: .easeIn).evaluate(0.5)
                #expect(abs(v[0] - CGFloat(10 * easeIn)) < 1e-9 && v[1] == 20)
            }
        }

        /// Key times set as doubles (glayers' own builders set them so) time the keyframes as
        /// the same numbers set through `keyTimes` do, read back as numbers, and are kept by the
        /// copy an added animation is.
        @Test func keyTimesSetAsDoublesAreTheNumbers() {
            withManualClock {
                // The animation of `linearWithKeyTimesAndSegmentCurves`, its key times given as doubles.
                let doubles = CAKeyframeAnimation()
                (doubles.values, doubles.keyTimeValues, doubles.duration) = ([0, 10, 30], [0, 0.2, 1], 10)
                #expect(doubles.keyTimes == [0, 0.2, 1])
                #expect((doubles.copy() as? CAKeyframeAnimation)?.keyTimeValues == [0, 0.2, 1])
                #expect(run(doubles, at: [1, 2, 6, 10]) == [5, 10, 20, 30])
                let numbers = CAKeyframeAnimation()
                numbers.keyTimes = [0, 0.5, 1]
                #expect(numbers.keyTimeValues == [0, 0.5, 1])
                numbers.keyTimes = nil
                #expect(numbers.keyTimeValues == nil && numbers.keyTimes == nil)
            }
        }

        @Test func boxedTransformKeyframes() {
            withManualClock {
                // Keyframe values boxed with NSValue(caTransform3D:), as Apple code writes them.
                let layer = CALayer()
                let a = CAKeyframeAnimation(keyPath: "transform")
                a.values = [0, CGFloat.pi / 2, CGFloat.pi].map {
                    NSValue(caTransform3D: CATransform3DMakeRotation($0, 0, 0, 1))
                }
                a.duration = 2
                layer.add(a, forKey: "turn")
                frame(at: 0)
                frame(at: 0.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-9))
                frame(at: 1.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeRotation(3 * .pi / 4, 0, 0, 1), 1e-9))
                let move = CAKeyframeAnimation(keyPath: "position")
                move.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 40)].map {
                    NSValue(cgPoint: $0)
                }
                move.duration = 2
                layer.add(move, forKey: "move")
                frame(at: 2)
                frame(at: 3.5)
                #expect(layer.presentation()?.position == CGPoint(x: 10, y: 20))
            }
        }

        @Test func discreteHoldsEachValue() {
            withManualClock {
                // The documentation's example: 4 values, keyTimes [0, .25, .5, .75, 1].
                let a = CAKeyframeAnimation()
                a.values = [310, 60, 120, 60]
                a.keyTimes = [0, 0.25, 0.5, 0.75, 1]
                a.calculationMode = .discrete
                a.duration = 4
                #expect(run(a, at: [0.5, 1.5, 2.5, 3.5, 3.99, 4]) == [310, 60, 120, 60, 60, 60])
                let even = CAKeyframeAnimation()
                even.values = [1, 2, 3, 4]
                even.calculationMode = .discrete
                even.duration = 4
                #expect(run(even, at: [0.5, 1.5, 2.5, 3.5]) == [1, 2, 3, 4])
            }
        }

        @Test func pacedMovesAtConstantSpeed() {
            withManualClock {
                let a = CAKeyframeAnimation()
                a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 10)]
                a.keyTimes = [0, 0.9, 1]  // ignored by paced
                a.calculationMode = .paced
                a.duration = 4
                a.fillMode = .forwards
                a.isRemovedOnCompletion = false
                let layer = CALayer()
                a.keyPath = "position"
                layer.add(a, forKey: "p")
                frame(at: 0)
                var previous = CGPoint.zero
                for i in 1...8 {
                    frame(at: Double(i) * 0.5)
                    let p = layer.presentation()?.position ?? .zero
                    #expect(abs(hypot(p.x - previous.x, p.y - previous.y) - 5) < 1e-9, "step \(i)")
                    previous = p
                }
            }
        }

        @Test func cubicPassesThroughTheKeyframes() {
            withManualClock {
                let a = CAKeyframeAnimation()
                a.values = [0, 10, 0, 10]
                a.calculationMode = .cubic
                a.duration = 3
                let v = run(a, at: [1, 2, 0.5, 1.5])
                #expect(abs(v[0] - 10) < 1e-9 && abs(v[1]) < 1e-9)
                // Catmull-Rom overshoots between a rise and a fall; linear would give 5.
                #expect(v[2] > 5 && v[3] > 5 - 1e-9)
                let tense = CAKeyframeAnimation()
                tense.values = [0, 10, 0, 10]
                tense.calculationMode = .cubic
                tense.tensionValues = [1, 1, 1, 1]
                tense.duration = 3
                // Tension 1 flattens the tangents: the curve eases between values.
                #expect(abs(run(tense, at: [0.5])[0] - 5) < 1e-9)
            }
        }

        /// The timing guide's two-arc bounce: a 5 s keyframe animation along a path.
        /// The guide's two arcs from (74, 74) through (320, 74) to (566, 74), the second arc's
        /// last control point at `(566, lastControlY)`.
        func twoArcs(lastControlY: CGFloat) -> CGMutablePath {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 74, y: 74))
            path.addCurve(
                to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
            path.addCurve(
                to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500),
                control2: CGPoint(x: 566, y: lastControlY))
            return path
        }

        /// A layer moving along `path` for 5 s (`configure` sets the animation's modes), at 0 s.
        func layerMoving(along path: CGPath, _ configure: (CAKeyframeAnimation) -> Void = { _ in }) -> CALayer {
            let a = CAKeyframeAnimation(keyPath: "position")
            a.path = path
            a.duration = 5
            configure(a)
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            let layer = CALayer()
            layer.add(a, forKey: "bounce")
            frame(at: 0)
            return layer
        }

        @Test func bouncePath() {
            withManualClock {
                let layer = layerMoving(along: twoArcs(lastControlY: 500))
                #expect(layer.presentation()?.position == CGPoint(x: 74, y: 74))
                // At 1 s: 40 % along the first arc (the keyframes are the three path points,
                // evenly timed): B(0.4) = 0.648·(74, 74) + 0.352·(320, 320) in x, and
                // 0.28·74 + 0.72·500 in y.
                frame(at: 1)
                let p1 = layer.presentation()?.position ?? .zero
                #expect(abs(p1.x - 160.592) < 1e-9 && abs(p1.y - 380.72) < 1e-9)
                frame(at: 2.5)
                #expect(close(layer.presentation()?.position ?? .zero, CGPoint(x: 320, y: 74)))
                frame(at: 5)
                #expect(close(layer.presentation()?.position ?? .zero, CGPoint(x: 566, y: 74)))
            }
        }

        /// A paced path is followed at constant speed across its curves: at any time the layer
        /// is that fraction of the path's whole length along it (measured here by
        /// `CGPath.point(atDistance:)`, the engine by its length tables), turned to the tangent.
        @Test func pacedPathMovesAtConstantSpeedAlongItsCurves() {
            withManualClock {
                let path = twoArcs(lastControlY: 300)
                let layer = layerMoving(along: path) {
                    $0.calculationMode = .paced
                    $0.rotationMode = .rotateAuto
                }
                let length = path.length
                for time in [0.4, 1.3, 2.5, 3.7, 4.6] {
                    frame(at: time)
                    let shown = layer.presentation()?.position ?? .zero
                    let expected = path.point(atDistance: length * CGFloat(time / 5)) ?? .zero
                    #expect(hypot(shown.x - expected.x, shown.y - expected.y) < 1e-6, "at \(time) s")
                    let tangent = path.tangent(atDistance: length * CGFloat(time / 5)) ?? .zero
                    let turn = CATransform3DMakeRotation(atan2(tangent.y, tangent.x), 0, 0, 1)
                    #expect(close(presentedTransform(layer), turn, 1e-6), "turned at \(time) s")
                }
            }
        }

        @Test func rotateAutoFollowsTheTangent() {
            withManualClock {
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: 0, y: 100))
                let a = CAKeyframeAnimation(keyPath: "position")
                a.path = path
                a.duration = 1
                a.rotationMode = .rotateAuto
                let layer = CALayer()
                layer.add(a, forKey: "walk")
                frame(at: 0)
                frame(at: 0.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 1e-9))
                #expect(layer.presentation()?.position == CGPoint(x: 0, y: 50))
            }
        }

        /// The seed's paced border group: borderWidth and borderColor keyframes together.
        @Test func pacedBorderGroup() throws {
            withManualClock {
                let layer = CALayer()
                let width = CAKeyframeAnimation(keyPath: "borderWidth")
                width.values = [1, 10, 5, 30, 0.5, 15, 2, 50, 0]
                width.calculationMode = .paced
                let color = CAKeyframeAnimation(keyPath: "borderColor")
                color.values = [
                    CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                    CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                ]
                color.calculationMode = .paced
                let group = CAAnimationGroup()
                group.animations = [width, color]
                group.duration = 15
                layer.add(group, forKey: "borderChanges")
                frame(at: 0)
                // Paced: the widths travel 9 + 5 + 25 + 29.5 + 14.5 + 13 + 48 + 50 = 194 in 15 s.
                // Half way (97) lies 1 past the keyframe 2 (reached at 96) toward 50: width 3.
                // The colours travel √2 + √2: half way is pure red.
                frame(at: 7.5)
                let w = presented(layer, "borderWidth")
                #expect(abs(w - 3) < 1e-6)
                let c = layer.presentation()?.borderColor?.rgba
                #expect(c.map { abs($0.r - 1) < 1e-9 && abs($0.g) < 1e-9 } == true)
            }
        }

        @Test func invalidKeyTimesAreReportedAndIgnored() {
            withManualClock {
                let a = CAKeyframeAnimation()
                a.values = [0, 10, 20]
                a.keyTimes = [0, 0.8, 0.5]
                a.duration = 2
                var result: [CGFloat] = []
                let (_, warnings) = Diagnostics.capture { result = run(a, at: [1]) }
                #expect(warnings.count == 1 && warnings[0].contains("keyTimes"))
                #expect(result == [10])
            }
        }

        /// CAAnimationGroup: a 10 s animation in a 5 s group shows its first 5 seconds.
        @Test func groupClipsItsChildren() {
            withManualClock {
                let layer = CALayer()
                let child = CABasicAnimation(keyPath: "zPosition")
                child.fromValue = 0
                child.toValue = 100
                child.duration = 10
                let group = CAAnimationGroup()
                group.animations = [child]
                group.duration = 5
                group.fillMode = .forwards
                group.isRemovedOnCompletion = false
                layer.add(group, forKey: "g")
                frame(at: 0)
                frame(at: 4)
                #expect(presented(layer, "zPosition") == 40)
                frame(at: 7)
                #expect(presented(layer, "zPosition") == 50)
            }
        }

        /// The timing guide's group example: a child with beginTime 3 and duration 5 in a 10 s group; fill modes decide
        /// what shows in 0–3 s and 8–10 s.
        @Test func childFillModesInsideAGroup() {
            withManualClock {
                for (mode, early, late) in [
                    (CAMediaTimingFillMode.removed, 0.0, 0.0), (.forwards, 0.0, 110), (.backwards, 10, 0),
                    (.both, 10, 110),
                ] {
                    let layer = CALayer()
                    let a = CABasicAnimation(keyPath: "position.x")
                    a.beginTime = 3
                    a.duration = 5
                    a.fromValue = 10
                    a.byValue = 100
                    a.fillMode = mode
                    let group = CAAnimationGroup()
                    group.animations = [a]
                    group.duration = 10
                    layer.add(group, forKey: "myGroupAnimation")
                    frame(at: 0)
                    frame(at: 2)
                    #expect(presented(layer, "position.x") == CGFloat(early), "\(mode) at 2 s")
                    frame(at: 5.5)
                    #expect(presented(layer, "position.x") == 60, "\(mode) at 5.5 s")
                    frame(at: 9)
                    #expect(presented(layer, "position.x") == CGFloat(late), "\(mode) at 9 s")
                    frame(at: 20)
                }
            }
        }

        /// A group inside a group: each maps its parent's time with its own beginTime, speed
        /// and timeOffset, and its children run in its local time (docs/semantics.md#local-time).
        /// The outer group (20 s, speed 2) runs the inner one (beginTime 2, duration 6, speed
        /// 0.5, timeOffset 1, fill forwards) at outer time 2T, so the inner is active for
        /// a = (2T − 2) · 0.5 = T − 1 in [0, 6) and its local time is (a + 1) mod 6 = T mod 6;
        /// its child (zPosition 0 → 100 over 4 s from the inner's start) shows 25 per second
        /// of that time while it is below 4.
        @Test func nestedGroupsMapTimeAtEachLevel() {
            withManualClock {
                let layer = CALayer()
                let child = CABasicAnimation(keyPath: "zPosition")
                child.fromValue = 0
                child.toValue = 100
                child.duration = 4
                let inner = CAAnimationGroup()
                inner.animations = [child]
                inner.beginTime = 2
                inner.duration = 6
                inner.speed = 0.5
                inner.timeOffset = 1
                inner.fillMode = .forwards
                let outer = CAAnimationGroup()
                outer.animations = [inner]
                outer.duration = 20
                outer.speed = 2
                layer.add(outer, forKey: "outer")
                frame(at: 0)
                for (t, z) in [
                    // Before the inner group begins (outer time 1 < 2): nothing.
                    (0.5, 0.0),
                    // Inner time 1 (its offset) at its start, then T mod 6.
                    (1, 25), (2.5, 62.5), (3.9, 97.5),
                    // Inner time 4.5: past the child's 4 s, which has no fill.
                    (4.5, 0),
                    // Inner time 6.5 wraps to 0.5 (the offset shifts the phase, not the interval).
                    (6.5, 12.5),
                    // The inner group's end (a = 6, time 7 → 1) held by its fill.
                    (7.5, 25), (9.9, 25),
                    // The outer group ends at 10 s and is removed.
                    (10, 0),
                ] {
                    frame(at: t)
                    #expect(abs(presented(layer, "zPosition") - CGFloat(z)) < 1e-9, "T = \(t)")
                }
                #expect(layer.animationKeys() == nil)
            }
        }
    }
}

extension ClockTests {
    /// CATransition: the transition's progress and both appearances reach the
    /// renderer as a pair of passes.
    @Suite struct Transitions {
        @Test func hidingALiveLayerFadesBetweenSnapshots() throws {
            withManualClock {
                let root = CALayer(), box = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                box.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
                box.backgroundColor = CGColor(gray: 1, alpha: 1)
                root.addSublayer(box)
                let host = CALayerHost(rootLayer: root)
                frame(at: 0)
                box.isHidden = true
                frame(at: 0)
                frame(at: 0.125)
                let list = FrameBuilder().build(root: root, at: 0.125, size: CGSize(width: 100, height: 100), scale: 1)
                #expect(list.passes.count == 3)
                let effects = list.passes.compactMap(\.effects.transition)
                #expect(effects.count == 1 && effects.first?.kind == .fade)
                #expect(abs((effects.first?.progress ?? 0) - 0.5) < 1e-6)
                // The "before" pass holds the visible box; the "after" pass is empty.
                #expect(list.passes.map(\.itemRange.count).sorted() == [0, 1, 1])
                frame(at: 0.25)
                let done = FrameBuilder().build(root: root, at: 0.25, size: CGSize(width: 100, height: 100), scale: 1)
                #expect(done.passes.count == 1 && done.items.isEmpty)
                host.detach()
            }
        }

        @Test func explicitPushTransitionOnContents() {
            withManualClock {
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                let host = CALayerHost(rootLayer: layer)
                frame(at: 0)
                let t = CATransition()
                t.type = .push
                t.subtype = .fromRight
                t.duration = 1
                t.startProgress = 0.2
                CATransaction.begin()
                layer.add(t, forKey: nil)
                layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                CATransaction.commit()
                frame(at: 0.5)
                let list = FrameBuilder().build(root: layer, at: 0.5, size: CGSize(width: 40, height: 40), scale: 1)
                let spec = list.passes.compactMap(\.effects.transition).first
                #expect(spec?.kind == .push && spec?.direction == .fromRight)
                #expect(abs((spec?.progress ?? 0) - 0.6) < 1e-6)
                guard let before = spec?.before else { return }
                let oldItems = list.items(of: before)
                #expect(oldItems.first?.background == Color(r: 1, g: 0, b: 0, a: 1))
                host.detach()
            }
        }
    }
}
