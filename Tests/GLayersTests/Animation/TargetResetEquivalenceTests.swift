import Foundation
import GLayers
import GLayersTestSupport
import Testing

extension ClockTests {
    /// Between frames a layer's presentation puts back only what its animations write (the
    /// targets their key paths resolved when they were compiled) instead of copying the whole
    /// model state (docs/architecture.md, "The presentation cache"). That must present exactly
    /// what starting from the model presents: random general animations (keyframes, springs,
    /// groups, value functions, paths; colours, filter inputs, stored and custom keys,
    /// transforms and their components, struct fields) are evaluated at random times on one
    /// layer, frame after frame, and each time on a fresh layer that starts from its model.
    @Suite struct TargetResetEquivalence {
        /// Key paths and a random value for each.
        static let keyPaths: [(String, (inout SplitMix) -> Any)] = [
            ("backgroundColor", color), ("borderColor", color), ("shadowColor", color),
            ("strokeColor", color), ("fillColor", color),
            ("filters.glow.inputRadius", { CGFloat($0.double(in: 0...20)) }),
            ("filters.glow.inputIntensity", { CGFloat($0.double(in: 0...2)) }),
            ("strokeEnd", { CGFloat($0.double(in: 0...1)) }), ("lineWidth", { CGFloat($0.double(in: 0...9)) }),
            ("progress", { CGFloat($0.double(in: -1...1)) }), ("unset", { CGFloat($0.double(in: -1...1)) }),
            ("transform", { CATransform3DMakeRotation($0.double(in: -3...3), 0.2, 0.3, 1) }),
            ("transform.rotation.z", { CGFloat($0.double(in: -7...7)) }),
            ("transform.translation", { CGSize(width: $0.double(in: -9...9), height: $0.double(in: -9...9)) }),
            ("sublayerTransform.scale", { CGFloat($0.double(in: 0.5...2)) }),
            ("position", { CGPoint(x: $0.double(in: -50...50), y: $0.double(in: -50...50)) }),
            ("bounds", { CGRect(x: 0, y: 0, width: $0.double(in: 1...90), height: $0.double(in: 1...90)) }),
            ("bounds.size.width", { CGFloat($0.double(in: 1...90)) }), ("opacity", { CGFloat($0.double(in: 0...1)) }),
            ("shadowOffset", { CGSize(width: $0.double(in: -9...9), height: $0.double(in: -9...9)) }),
            ("contentsRect", { CGRect(x: $0.double(in: 0...0.5), y: 0, width: 0.5, height: 0.5) }),
        ]

        static func color(_ rng: inout SplitMix) -> Any {
            CGColor(red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1), alpha: 1)
        }

        /// A random general animation of a random key path.
        static func animation(_ rng: inout SplitMix) -> CAAnimation {
            let (keyPath, value) = keyPaths[rng.int(keyPaths.count)]
            let a: CAPropertyAnimation
            switch rng.int(4) {
            case 0:
                let k = CAKeyframeAnimation(keyPath: keyPath)
                k.values = (0..<(2 + rng.int(3))).map { _ in value(&rng) }
                k.calculationMode = [.linear, .discrete, .paced][rng.int(3)]
                a = k
            case 1 where keyPath == "position":
                let k = CAKeyframeAnimation(keyPath: keyPath)
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addQuadCurve(to: CGPoint(x: 40, y: 0), control: CGPoint(x: 20, y: rng.double(in: -30...30)))
                k.path = path
                k.rotationMode = rng.int(2) == 0 ? .rotateAuto : nil
                a = k
            case 1 where keyPath == "transform":
                let b = CABasicAnimation(keyPath: keyPath)
                b.valueFunction = CAValueFunction(name: .rotateZ)
                b.fromValue = CGFloat(0)
                b.toValue = CGFloat(rng.double(in: -3...3))
                a = b
            case 2:
                let s = CASpringAnimation(keyPath: keyPath)
                s.fromValue = value(&rng)
                s.toValue = value(&rng)
                a = s
            default:
                let b = CABasicAnimation(keyPath: keyPath)
                if rng.int(2) == 0 { b.fromValue = value(&rng) }
                b.toValue = value(&rng)
                a = b
            }
            a.duration = rng.double(in: 0.2...2)
            a.beginTime = [0, 0, 0.4][rng.int(3)]
            a.repeatCount = rng.int(2) == 0 ? .infinity : 1
            a.autoreverses = rng.int(3) == 0
            a.isAdditive = rng.int(4) == 0 && !(a is CAKeyframeAnimation && (a as? CAKeyframeAnimation)?.path != nil)
            a.fillMode = [.removed, .both][rng.int(2)]
            a.isRemovedOnCompletion = false
            return a
        }

        /// Two or three animations, sometimes in a group.
        static func animations(_ rng: inout SplitMix) -> [CAAnimation] {
            let list = (0..<(2 + rng.int(2))).map { _ in animation(&rng) }
            guard rng.int(3) == 0 else { return list }
            let group = CAAnimationGroup()
            group.animations = Array(list.prefix(2))
            group.duration = 1.5
            group.repeatCount = .infinity
            return [group] + list.dropFirst(2)
        }

        /// A shape layer with a named filter, a custom key, and model values to keep.
        static func layer(offset: CGFloat) -> CAShapeLayer {
            let l = CAShapeLayer()
            l.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            l.position = CGPoint(x: 10 + offset, y: 20)
            l.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
            l.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            l.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            l.lineWidth = 2
            l.setValue(CGFloat(0.25), forKey: "progress")
            let glow = CIFilter(name: "CIBloom")
            glow?.name = "glow"
            l.filters = glow.map { [$0] }
            return l
        }

        /// What the animations write, as text (colours and matrices by their numbers).
        static func presented(_ l: CALayer, at t: CFTimeInterval) -> String {
            let p = l.presentation(atMediaTime: t)
            let keys = [
                "backgroundColor", "borderColor", "shadowColor", "strokeColor", "fillColor", "filters.glow.inputRadius",
                "filters.glow.inputIntensity", "strokeEnd", "lineWidth", "progress", "unset", "position", "bounds",
                "opacity", "shadowOffset", "contentsRect",
            ]
            var out = keys.map { key -> String in
                let v = p.value(forKeyPath: key)
                if let c = v as? CGColor { return "\(key)=\(c.components ?? [])" }
                return "\(key)=\(v.map { "\($0)" } ?? "nil")"
            }
            out.append("transform=\(p.transform.entries)")
            out.append("sublayerTransform=\(p.sublayerTransform.entries)")
            return out.joined(separator: " ")
        }

        @Test func resettingTargetsPresentsWhatStartingFromTheModelPresents() throws {
            var rng = SplitMix(seed: 0x7A26_E75)
            var compared = 0
            try withManualClock {
                for round in 0..<150 {
                    let list = Self.animations(&rng)
                    let layer = Self.layer(offset: 0)
                    for (i, a) in list.enumerated() { layer.add(a, forKey: "a\(i)") }
                    frame(at: 0)
                    var offset: CGFloat = 0
                    for step in 0..<6 {
                        if round % 4 == 0 && step == 3 {
                            // The model changes between frames: the next one starts from it.
                            offset = 7
                            layer.position.x += offset
                        }
                        let t = rng.double(in: 0...4)
                        let fresh = Self.layer(offset: offset)
                        for (i, a) in list.enumerated() { fresh.add(a, forKey: "a\(i)") }
                        frame(at: 0)
                        let (kept, started) = (Self.presented(layer, at: t), Self.presented(fresh, at: t))
                        try #require(kept == started, "round \(round), t = \(t): \(list.map(\.self))")
                        compared += 1
                    }
                }
            }
            #expect(compared == 900)
        }
    }
}
