import Foundation
import GLayers
import Testing

extension ClockTests {
    /// Key times and timing functions of keyframe animations (issue #11): key times that do not
    /// start at 0 or end at 1, malformed ones, and the animation's own `timingFunction` applied
    /// before each segment's.
    @Suite struct KeyframeTiming {
        /// The presented values of `a` (on `keyPath`, held after its end) at `times`.
        func run(_ a: CAPropertyAnimation, keyPath: String = "zPosition", at times: [Double]) -> [CGFloat] {
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

        /// The presented positions of a path animation `a` at `times`.
        func positions(_ a: CAKeyframeAnimation, at times: [Double]) -> [CGPoint] {
            let layer = CALayer()
            a.keyPath = "position"
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            layer.add(a, forKey: "k")
            frame(at: 0)
            return times.map { t in
                frame(at: t)
                return layer.presentation()?.position ?? CGPoint(x: CGFloat.nan, y: .nan)
            }
        }

        func keyframes(_ values: [Any], keyTimes: [NSNumber]? = nil, duration: Double) -> CAKeyframeAnimation {
            let a = CAKeyframeAnimation()
            a.values = values
            a.keyTimes = keyTimes
            a.duration = duration
            return a
        }

        func ease(_ name: CAMediaTimingFunctionName, _ x: Double) -> Double {
            CAMediaTimingFunction(name: name).evaluate(x)
        }

        func close(_ a: [CGFloat], _ b: [Double], _ tolerance: Double = 1e-9) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs(Double($0) - $1) <= tolerance }
        }

        // MARK: Key times

        /// Before the first key time the first value holds; after the last one, the last value.
        @Test func keyTimesInsideTheDuration() {
            withManualClock {
                let (result, warnings) = Diagnostics.capture {
                    run(keyframes([0, 10], keyTimes: [0.2, 0.8], duration: 10), at: [1, 2, 5, 6.5, 8, 9, 10])
                }
                #expect(warnings.isEmpty)
                #expect(close(result, [0, 0, 5, 7.5, 10, 10, 10]))
            }
        }

        @Test func keyTimesEndingBeforeOne() {
            withManualClock {
                let (result, warnings) = Diagnostics.capture {
                    run(keyframes([0, 10, 30], keyTimes: [0, 0.25, 0.5], duration: 4), at: [0.5, 1.5, 2, 3, 4])
                }
                #expect(warnings.isEmpty)
                #expect(close(result, [5, 20, 30, 30, 30]))
            }
        }

        /// Discrete mode takes n + 1 key times, or n (where each value starts).
        @Test func discreteKeyTimes() {
            withManualClock {
                let values: [Any] = [1, 2, 3]
                let (result, warnings) = Diagnostics.capture {
                    let n = keyframes(values, keyTimes: [0, 0.5, 0.75], duration: 4)
                    n.calculationMode = .discrete
                    let nPlusOne = keyframes(values, keyTimes: [0.1, 0.5, 0.75, 0.9], duration: 4)
                    nPlusOne.calculationMode = .discrete
                    return run(n, at: [1, 2.5, 3.5]) + run(nPlusOne, at: [0.2, 1, 2.5, 3.5, 3.9])
                }
                #expect(warnings.isEmpty)
                #expect(result == [1, 2, 3, 1, 1, 2, 3, 3])
            }
        }

        /// Apple's discrete form, n + 1 key times from 0 to 1 [reference:
        /// CAKeyframeAnimation.keyTimes]: value i holds for [keyTimes[i], keyTimes[i + 1]),
        /// exactly at the edges, and the last one to the end; the n-key-time form (where each
        /// value starts) gives the same slots. Values 10, 20, 30, 40 with key times 0, 0.1, 0.4,
        /// 0.7 (, 1) over 10 s: 10 in [0, 1), 20 in [1, 4), 30 in [4, 7), 40 from 7 s.
        @Test func discreteSlotsEndExactlyAtTheirKeyTimes() {
            withManualClock {
                let times = [0, 0.999, 1, 3.999, 4, 6.999, 7, 9.999, 10, 12]
                let expected: [CGFloat] = [10, 10, 20, 20, 30, 30, 40, 40, 40, 40]
                for keyTimes: [NSNumber] in [[0, 0.1, 0.4, 0.7, 1], [0, 0.1, 0.4, 0.7]] {
                    let (result, warnings) = Diagnostics.capture {
                        let a = keyframes([10, 20, 30, 40], keyTimes: keyTimes, duration: 10)
                        a.calculationMode = .discrete
                        return run(a, at: times)
                    }
                    #expect(warnings.isEmpty, "\(keyTimes)")
                    #expect(result == expected, "\(keyTimes)")
                }
            }
        }

        /// A path's vertices take key times the same way: (0, 0) → (100, 0) → (100, 100) with
        /// key times 0, 0.25, 0.5 over 4 s.
        @Test func pathKeyTimesEndingBeforeOne() {
            withManualClock {
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: 100, y: 0))
                path.addLine(to: CGPoint(x: 100, y: 100))
                let a = CAKeyframeAnimation()
                a.path = path
                a.keyTimes = [0, 0.25, 0.5]
                a.duration = 4
                let p = positions(a, at: [0.5, 1.5, 3])
                #expect(close(p.map(\.x), [50, 100, 100]) && close(p.map(\.y), [0, 50, 100]))
            }
        }

        /// Malformed key times are reported with the reason and ignored (values evenly spaced).
        @Test func malformedKeyTimesSayWhy() {
            withManualClock {
                let cases: [([NSNumber], String)] = [
                    ([0, 0.5], "2 key times for 3 values"),
                    ([0, 0.8, 0.5], "key times decrease (0.8 then 0.5)"),
                    ([0, 0.5, 1.5], "1.5 is outside [0, 1]"),
                    ([-0.1, 0.5, 1], "-0.1 is outside [0, 1]"),
                    ([0, NSNumber(value: Double.nan), 1], "nan is not a number"),
                ]
                for (keyTimes, reason) in cases {
                    let (result, warnings) = Diagnostics.capture {
                        run(keyframes([0, 10, 20], keyTimes: keyTimes, duration: 2), at: [1.5])
                    }
                    #expect(warnings.count == 1 && warnings[0].contains("keyTimes ignored: \(reason)"), "\(warnings)")
                    #expect(result == [15])
                }
            }
        }

        // MARK: The animation's timing function

        /// easeIn on a two-value linear keyframe animation equals a basic animation with easeIn.
        @Test func overallTimingFunctionMatchesTheBasicAnimation() {
            withManualClock {
                let times = [0.1, 0.25, 0.5, 0.75, 0.9, 1]
                let k = keyframes([0, 10], duration: 1)
                k.timingFunction = CAMediaTimingFunction(name: .easeIn)
                let b = CABasicAnimation()
                b.fromValue = 0
                b.toValue = 10
                b.duration = 1
                b.timingFunction = CAMediaTimingFunction(name: .easeIn)
                let keyframed = run(k, at: times), basic = run(b, at: times)
                #expect(close(keyframed, basic.map(Double.init), 1e-12))
                #expect(close(keyframed, times.map { 10 * ease(.easeIn, $0) }))
            }
        }

        /// The overall function eases the time first, then the segment's function eases inside
        /// the segment: values 0, 10, 30 at 0, 0.5, 1 with easeIn overall, easeOut then linear.
        @Test func overallThenSegmentFunctions() {
            withManualClock {
                let k = keyframes([0, 10, 30], keyTimes: [0, 0.5, 1], duration: 1)
                k.timingFunction = CAMediaTimingFunction(name: .easeIn)
                k.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .linear)]
                let q1 = ease(.easeIn, 0.5), q2 = ease(.easeIn, 0.9)
                #expect(q1 < 0.5 && q2 > 0.5)
                let expected = [10 * ease(.easeOut, q1 / 0.5), 10 + 20 * (q2 - 0.5) / 0.5]
                #expect(close(run(k, at: [0.5, 0.9]), expected))
            }
        }

        /// Every calculation mode takes the overall function: discrete, paced (whose segment
        /// functions are ignored) and cubic.
        @Test func overallTimingFunctionInEveryMode() {
            withManualClock {
                let easeIn = CAMediaTimingFunction(name: .easeIn)
                // Discrete, 4 values in 4 slots: at half time easeIn gives 0.315, the second slot.
                let discrete = keyframes([1, 2, 3, 4], duration: 1)
                discrete.calculationMode = .discrete
                discrete.timingFunction = easeIn
                #expect(run(discrete, at: [0.5, 0.9]) == [2, CGFloat(1 + Int(4 * ease(.easeIn, 0.9)))])
                // Paced 0 → 10 → 30 covers 30 units at constant speed in eased time.
                let paced = keyframes([0, 10, 30], keyTimes: [0, 0.9, 1], duration: 1)
                paced.calculationMode = .paced
                paced.timingFunction = easeIn
                paced.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeOut)]
                #expect(close(run(paced, at: [0.25, 0.5, 0.8]), [0.25, 0.5, 0.8].map { 30 * ease(.easeIn, $0) }))
                // Cubic: the curve at the eased time is the unmodified animation's value at that time.
                let values: [Any] = [0, 40, 10, 30]
                let plain = keyframes(values, duration: 1)
                plain.calculationMode = .cubic
                let eased = keyframes(values, duration: 1)
                eased.calculationMode = .cubic
                eased.timingFunction = easeIn
                let times = [0.2, 0.5, 0.7]
                #expect(close(run(eased, at: times), run(plain, at: times.map { ease(.easeIn, $0) }).map(Double.init)))
            }
        }

        /// Along a path: (0, 0) → (100, 0) with easeIn overall.
        @Test func overallTimingFunctionAlongAPath() {
            withManualClock {
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: 100, y: 0))
                let a = CAKeyframeAnimation()
                a.path = path
                a.duration = 1
                a.timingFunction = CAMediaTimingFunction(name: .easeIn)
                let times = [0.25, 0.5, 0.75]
                let expected = times.map { 100 * ease(.easeIn, $0) }
                #expect(close(positions(a, at: times).map(\.x), expected))
                a.calculationMode = .paced
                #expect(close(positions(a, at: times).map(\.x), expected))
            }
        }
    }
}
