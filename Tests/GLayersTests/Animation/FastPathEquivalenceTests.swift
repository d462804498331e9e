import Foundation
import GLayers
import GLayersTestSupport
import Testing

extension ClockTests {
    /// The fast path (basic animations of numbers and points stored in the layer's presentation
    /// block) and the general path (the same animations through state accessors) must present
    /// the same values, bit for bit: random animations of every fast key path with every fill
    /// mode, speed, offset, repeat, autoreverse, additive and cumulative setting, one to ten of
    /// them on a layer, evaluated at random times on two layers, one compiled each way.
    @Suite struct FastPathEquivalence {
        /// Key paths that have a fast target, with a value range for their animations.
        static let keyPaths: [(String, ClosedRange<Double>)] = [
            ("position", -200...200), ("position.x", -200...200), ("position.y", -200...200),
            ("anchorPoint", 0...1), ("anchorPoint.y", 0...1), ("zPosition", -50...50), ("anchorPointZ", -10...10),
            ("opacity", 0...1), ("cornerRadius", 0...40), ("borderWidth", 0...8), ("shadowOpacity", 0...1),
            ("shadowRadius", 0...20), ("shadowOffset.width", -10...10), ("shadowOffset.height", -10...10),
            ("bounds.size.width", 1...300), ("bounds.origin.x", -20...20), ("bounds.size.height", 1...300),
            ("contentsScale", 1...3), ("rasterizationScale", 0.5...2),
            ("transform.rotation.z", -7...7), ("transform.rotation.x", -3...3), ("transform.rotation.y", -3...3),
            ("transform.rotation", -7...7), ("transform.scale", 0.2...3), ("transform.scale.x", 0.2...3),
            ("transform.scale.y", 0.2...3), ("transform.scale.xy", 0.2...3), ("transform.translation.x", -50...50),
            ("transform.translation.z", -50...50),
            ("sublayerTransform.rotation.z", -3...3), ("sublayerTransform.scale.x", 0.5...2),
        ]

        static let timingFunctions: [CAMediaTimingFunction?] = [
            nil, CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn),
            CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(controlPoints: 0.3, 1.4, 0.6, -0.2),
        ]

        /// A random basic animation of `keyPath` (its values in `range`; points when `isPoint`).
        static func animation(_ keyPath: String, _ range: ClosedRange<Double>, _ rng: inout SplitMix)
            -> CABasicAnimation
        {
            let isPoint = keyPath == "position" || keyPath == "anchorPoint"
            func value() -> Any {
                let x = rng.double(in: range)
                return isPoint ? CGPoint(x: x, y: rng.double(in: range)) : CGFloat(x)
            }
            let a = CABasicAnimation(keyPath: keyPath)
            // The seven from/to/by combinations of the timing guide (and none at all).
            let ends = rng.int(8)
            if ends & 1 != 0 { a.fromValue = value() }
            if ends & 2 != 0 { a.toValue = value() }
            if ends & 4 != 0 { a.byValue = value() }
            a.duration = rng.double(in: 0.1...3)
            a.beginTime = [0, 0, 0.5, 1.7, -0.4][rng.int(5)]
            a.timeOffset = [0, 0, 0.3, 2.2][rng.int(4)]
            a.speed = [1, 1, 2.5, 0.5, 0, -1][rng.int(6)]
            switch rng.int(5) {
            case 0: a.repeatCount = .infinity
            case 1: a.repeatCount = Float(rng.double(in: 0.5...4.5))
            case 2: a.repeatDuration = rng.double(in: 0.5...6)
            default: break
            }
            a.autoreverses = rng.int(3) == 0
            a.fillMode = [.removed, .forwards, .backwards, .both][rng.int(4)]
            a.isAdditive = rng.int(3) == 0
            a.isCumulative = rng.int(3) == 0
            a.isRemovedOnCompletion = false
            a.timingFunction = timingFunctions[rng.int(timingFunctions.count)]
            return a
        }

        /// A layer with random model values (its transforms rotated and scaled, so components
        /// have something to keep).
        static func layer(_ rng: inout SplitMix) -> CALayer {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: rng.double(in: 10...200), height: rng.double(in: 10...200))
            l.position = CGPoint(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
            l.opacity = Float(rng.double(in: 0...1))
            l.cornerRadius = rng.double(in: 0...10)
            l.zPosition = rng.double(in: -5...5)
            l.transform = CATransform3DScale(
                CATransform3DMakeRotation(rng.double(in: -3...3), 0.3, 0.2, 1), 1.5, 0.8, 1)
            l.sublayerTransform = CATransform3DMakeRotation(rng.double(in: -1...1), 0, 0, 1)
            return l
        }

        /// Every field fast animations can write, bit for bit.
        static func fields(_ l: CALayer) -> [UInt64] {
            var out: [Double] = [
                l.position.x, l.position.y, l.anchorPoint.x, l.anchorPoint.y, l.zPosition, l.anchorPointZ,
                Double(l.opacity),
                l.cornerRadius, l.borderWidth, Double(l.shadowOpacity), l.shadowRadius, l.shadowOffset.width,
                l.shadowOffset.height, l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height, l.contentsScale,
                l.rasterizationScale,
            ]
            out += l.transform.entries.map { Double($0) } + l.sublayerTransform.entries.map { Double($0) }
            return out.map(\.bitPattern)
        }

        @Test func fastAndGeneralPathsPresentTheSameValues() throws {
            var rng = SplitMix(seed: 0x5EED_CA11)
            var compared = 0, fastCompiled = 0, added = 0
            try withManualClock {
                defer { AnimationCompiler.allowsFastPath = true }
                for _ in 0..<1000 {
                    var modelRng = rng
                    let fast = Self.layer(&modelRng)
                    let general = Self.layer(&rng)
                    // One to ten animations, stacked (several may animate one property): up to
                    // eight, a frame samples every one's timing before it applies any
                    // (`AnimationStack.applySampledAhead`); more are applied one at a time.
                    for n in 0..<(1 + rng.int(10)) {
                        let (keyPath, range) = Self.keyPaths[rng.int(Self.keyPaths.count)]
                        let a = Self.animation(keyPath, range, &rng)
                        AnimationCompiler.allowsFastPath = true
                        fast.add(a, forKey: "a\(n)")
                        added += 1
                        AnimationCompiler.allowsFastPath = false
                        general.add(a, forKey: "a\(n)")
                    }
                    AnimationCompiler.allowsFastPath = true
                    #expect(general.fastAnimationCount == 0)
                    fastCompiled += fast.fastAnimationCount
                    for _ in 0..<8 {
                        let t = rng.double(in: -1...12)
                        let p = fast.presentation(atMediaTime: t), q = general.presentation(atMediaTime: t)
                        let (a, b) = (Self.fields(p), Self.fields(q))
                        try #require(a == b, "at t = \(t), animations \(fast.animationKeys() ?? [])")
                        compared += 1
                    }
                    frame(at: 0)
                }
            }
            #expect(compared == 8000)
            let share = "\(fastCompiled) of \(added)"
            #expect(fastCompiled * 2 > added, "most of the random animations take the fast path (\(share))")
        }
    }
}
