import Foundation
import GLayers
import Testing

extension ClockTests {
    /// Timing functions of keyframe animations (issue #11): the animation's own `timingFunction`
    /// applied before each segment's.
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
