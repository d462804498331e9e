import Foundation
import GLayers
import Testing

/// Key paths real Core Animation code uses beyond Apple's table (issue #11).
@Suite struct KeyPathUsageTests {
    /// `transform.scale.xy` sets the x and y scales together and leaves z alone; reading it
    /// gives the mean of the two.
    @Test func scaleXYSetsXAndYTogether() throws {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 4, 7)
        #expect(close(try #require(l.value(forKeyPath: "transform.scale.xy") as? CGFloat), 3))
        l.setValue(5, forKeyPath: "transform.scale.xy")
        #expect(close(l.transform, CATransform3DMakeScale(5, 5, 7)))
        l.transform = CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), .pi / 2, 0, 0, 1)
        l.setValue(0.5, forKeyPath: "sublayerTransform.scale.xy")
        l.setValue(3, forKeyPath: "transform.scale.xy")
        #expect(close(l.transform, CATransform3DRotate(CATransform3DMakeScale(3, 3, 1), .pi / 2, 0, 0, 1)))
        #expect(close(l.sublayerTransform, CATransform3DMakeScale(0.5, 0.5, 1)))
    }

    /// `mask.KEYPATH` and `superlayer.KEYPATH` read and write the other layer's values, as
    /// key-value coding does through a to-one relationship; through a missing one, reading
    /// gives nil and writing is reported.
    @Test func maskAndSuperlayerKeyPaths() throws {
        let parent = CALayer(), layer = CALayer(), mask = CALayer()
        parent.addSublayer(layer)
        layer.mask = mask
        mask.opacity = 0.25
        parent.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        #expect(layer.value(forKeyPath: "mask.opacity") as? Float == 0.25)
        layer.setValue(0.75, forKeyPath: "mask.opacity")
        layer.setValue(12, forKeyPath: "mask.position.x")
        #expect(mask.opacity == 0.75 && mask.position.x == 12)
        #expect(layer.value(forKeyPath: "mask") as? CALayer === mask)
        #expect(layer.value(forKeyPath: "superlayer.bounds") as? CGRect == parent.bounds)
        layer.setValue(CGPoint(x: 40, y: 50), forKeyPath: "superlayer.position")
        #expect(parent.position == CGPoint(x: 40, y: 50))
        #expect(close(try #require(layer.value(forKeyPath: "superlayer.bounds.size.width") as? CGFloat), 300))

        let (read, warnings) = Diagnostics.capture {
            let r = parent.value(forKeyPath: "mask.opacity")
            parent.setValue(0.5, forKeyPath: "mask.opacity")
            return r
        }
        #expect(read == nil)
        #expect(warnings.count == 1 && warnings[0].contains("mask.opacity: the layer has no mask; nothing set"))
        #expect(throws: KeyValueCodingError.self) { try layer.strictValue(forKeyPath: "mask.opacity.x") }
        #expect(throws: KeyValueCodingError.self) { try layer.strictValue(forKeyPath: "mask.") }
    }

    /// `sublayers.NAME.KEYPATH` reaches the first sublayer named NAME, as real Core Animation
    /// code reads and writes it (`sublayers.sdfLayer.effect.height`).
    @Test func namedSublayerKeyPaths() throws {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), b2 = CALayer(), unnamed = CALayer()
        a.name = "a"
        b.name = "b"
        b2.name = "b"
        c.name = "c"
        for sub in [unnamed, a, b, b2] { root.addSublayer(sub) }
        b.addSublayer(c)
        b.opacity = 0.5
        #expect(root.value(forKeyPath: "sublayers.b.opacity") as? Float == 0.5)
        #expect(root.value(forKeyPath: "sublayers.b") as? CALayer === b)
        root.setValue(6, forKeyPath: "sublayers.b.cornerRadius")
        root.setValue(2, forKeyPath: "sublayers.b.sublayers.c.transform.scale.xy")
        #expect(b.cornerRadius == 6 && b2.cornerRadius == 0)
        #expect(close(c.transform, CATransform3DMakeScale(2, 2, 1)))
        #expect(c.value(forKeyPath: "superlayer.superlayer.sublayers.a") as? CALayer === a)
        let presented = try #require(root.presentation())
        #expect(presented.value(forKeyPath: "sublayers.b.cornerRadius") as? CGFloat == 6)
        #expect((presented.value(forKeyPath: "sublayers.b") as? CALayer)?.model() === b)

        let (read, warnings) = Diagnostics.capture { root.value(forKeyPath: "sublayers.z.opacity") }
        #expect(read == nil)
        #expect(warnings.count == 1 && warnings[0].contains(#"no sublayer named "z" (sublayers: "a", "b", "b")"#))
        #expect(throws: KeyValueCodingError.self) { try root.strictSetValue(CALayer(), forKeyPath: "sublayers.b") }
        #expect(throws: KeyValueCodingError.self) { try root.strictValue(forKeyPath: "sublayers.") }
        #expect(throws: KeyValueCodingError.self) { try CALayer().strictValue(forKeyPath: "sublayers.b.opacity") }
        #expect(root.value(forKeyPath: "sublayers") as? [CALayer] == [unnamed, a, b, b2])
    }
}

extension ClockTests {
    /// Animations of the key paths of `KeyPathUsageTests`.
    @Suite struct KeyPathUsageAnimations {
        /// A pulse: `transform.scale.xy` from 1 to 3 on a layer scaled by 7 in z, on the fast path.
        @Test func scaleXYAnimatesOnTheFastPath() {
            withManualClock {
                let layer = CALayer()
                layer.transform = CATransform3DMakeScale(1, 2, 7)
                let pulse = CABasicAnimation(keyPath: "transform.scale.xy")
                pulse.fromValue = 1
                pulse.toValue = 3
                pulse.duration = 2
                layer.add(pulse, forKey: "pulse")
                #expect(layer.fastAnimationCount == 1)
                frame(at: 0)
                frame(at: 1)
                #expect(close(presentedTransform(layer), CATransform3DMakeScale(2, 2, 7)))
                frame(at: 1.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeScale(2.5, 2.5, 7)))
                frame(at: 2.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeScale(1, 2, 7)))
            }
        }

        /// Animations do not go through relationships: an animation of `sublayers.NAME.KEY`,
        /// `mask.KEY` or `superlayer.KEY` is refused with a warning that says where to add it.
        @Test func animationsThroughRelationshipsAreRefusedWithAReason() {
            withManualClock {
                let root = CALayer(), dot = CALayer()
                dot.name = "dot"
                root.addSublayer(dot)
                root.mask = CALayer()
                var warnings: [String] = []
                for keyPath in ["sublayers.dot.opacity", "mask.opacity", "superlayer.position"] {
                    let a = CABasicAnimation(keyPath: keyPath)
                    a.fromValue = 0
                    a.toValue = 1
                    warnings +=
                        Diagnostics.capture { (keyPath == "superlayer.position" ? dot : root).add(a, forKey: "a") }.1
                }
                #expect(root.animationKeys() == nil && dot.animationKeys() == nil)
                #expect(warnings.count == 3)
                #expect(warnings[0].contains(#"animates the sublayer named "dot" through its superlayer"#))
                #expect(
                    warnings[0].contains(
                        #"(issue #11); add the animation to that sublayer with the key path "opacity""#))
                #expect(warnings[1].contains(#"add it to the mask with the key path "opacity""#))
                #expect(warnings[2].contains(#"add it to the superlayer with the key path "position""#))
            }
        }
    }
}
