import Foundation
import GLayers
import GLayersGraphics
import GLayersRenderList
import Testing

extension ClockTests {
    /// The engine's resource limits (`EngineLimits`, docs/reliability.md#limits), #14: each is
    /// refused or clamped with a warning that names the call or the layer, without allocating
    /// what the value asked for.
    @Suite struct EngineLimitsTests {
        /// A 200×100 root at the origin.
        func root() -> CALayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            return root
        }

        func basic(_ to: CGFloat) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = to
            a.duration = 1
            return a
        }

        @Test func animationsPerLayerAreBounded() {
            withManualClock {
                let layer = CALayer()
                let limit = EngineLimits.maximumAnimationsPerLayer
                let warnings = Diagnostics.capture {
                    for i in 0...limit { layer.add(basic(0.5), forKey: "a\(i)") }
                }.warnings
                #expect(layer.animationKeys()?.count == limit)
                #expect(
                    warnings == [
                        "layer CALayer, add(_:forKey: \"a\(limit)\"): the layer already runs \(limit) animations (the limit is \(limit)); the animation is ignored"
                    ])
                // Replacing one under its key is still accepted.
                #expect(Diagnostics.capture { layer.add(basic(0.2), forKey: "a0") }.warnings.isEmpty)
                #expect((layer.animation(forKey: "a0") as? CABasicAnimation)?.toValue as? CGFloat == 0.2)
                #expect(layer.animationKeys()?.count == limit)
            }
        }

        @Test func groupsAndKeyframesAreBounded() {
            withManualClock {
                let layer = CALayer()
                let group = CAAnimationGroup()
                group.animations = (0...EngineLimits.maximumAnimationsPerLayer).map { _ in basic(0.5) }
                group.duration = 1
                let keyframes = CAKeyframeAnimation(keyPath: "opacity")
                keyframes.values = [CGFloat](repeating: 0.5, count: EngineLimits.maximumKeyframes + 1)
                keyframes.duration = 1
                let path = CGMutablePath()
                path.move(to: .zero)
                for i in 0...EngineLimits.maximumKeyframes { path.addLine(to: CGPoint(x: i, y: 0)) }
                let along = CAKeyframeAnimation(keyPath: "position")
                along.path = path
                along.duration = 1
                let warnings = Diagnostics.capture {
                    layer.add(group, forKey: "group")
                    layer.add(keyframes, forKey: "keyframes")
                    layer.add(along, forKey: "along")
                }.warnings
                #expect(layer.animationKeys() == nil)
                let n = EngineLimits.maximumKeyframes
                #expect(
                    warnings == [
                        "layer CALayer, animation \"group\": the group has \(EngineLimits.maximumAnimationsPerLayer + 1) animations (the limit is \(EngineLimits.maximumAnimationsPerLayer)); the animation is ignored",
                        "layer CALayer, animation \"keyframes\": \(n + 1) keyframes (the limit is \(n)); the animation is ignored",
                        "layer CALayer, animation \"along\": \(n + 2) keyframes (the limit is \(n)); the animation is ignored",
                    ])
            }
        }

        @Test func pathsOverTheLimitAreNotDrawn() {
            withManualClock {
                let root = root()
                let path = CGMutablePath()
                path.move(to: .zero)
                for i in 0..<EngineLimits.maximumPathElements { path.addLine(to: CGPoint(x: i % 100, y: i % 50)) }
                let shape = CAShapeLayer()
                shape.path = path
                shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                let shadowed = CALayer()
                shadowed.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                shadowed.shadowOpacity = 1
                shadowed.shadowPath = path
                root.addSublayer(shape)
                root.addSublayer(shadowed)
                let (list, warnings) = Diagnostics.capture {
                    frame(at: 0)
                    return FrameBuilder().build(root: root, at: 0, size: CGSize(width: 200, height: 100), scale: 1)
                }
                let n = EngineLimits.maximumPathElements + 1
                #expect(
                    warnings.sorted() == [
                        "a shadowPath of \(n) elements is over the limit (\(n - 1)); its shadow is not drawn",
                        "layer CAShapeLayer: a path of \(n) elements is over the limit (\(n - 1)); not drawn",
                    ])
                #expect(list.items.isEmpty)
                // One element fewer is drawn.
                let shorter = CGMutablePath()
                shorter.move(to: .zero)
                for i in 1..<EngineLimits.maximumPathElements { shorter.addLine(to: CGPoint(x: i % 100, y: i % 50)) }
                shape.path = shorter
                frame(at: 1)
                let drawn = FrameBuilder().build(root: root, at: 1, size: CGSize(width: 200, height: 100), scale: 1)
                #expect(drawn.items.count == 1)
            }
        }

        @Test func textOverTheLimitIsCut() {
            let text = CATextLayer()
            text.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
            text.string = String(repeating: "a", count: EngineLimits.maximumTextLength + 10)
            text.fontSize = 1
            let warnings = Diagnostics.capture { text.display() }.warnings
            #expect(
                warnings == [
                    "layer CATextLayer: a string of \(EngineLimits.maximumTextLength + 10) UTF-16 code units is over the limit (\(EngineLimits.maximumTextLength)); the rest is not drawn"
                ])
            #expect(text.contents != nil)
            // An attributed string's runs are cut with it.
            let attributed = NSMutableAttributedString(
                string: String(repeating: "é", count: EngineLimits.maximumTextLength + 1))
            attributed.addAttribute(.kern, value: 1.0, range: NSRange(location: 0, length: attributed.length))
            text.string = attributed
            text.display()
            #expect(text.contents != nil)
        }

        /// 445 bytes of scene asked nested replicators for 10 000 × 10 000 copies (4 GB).
        @Test func nestedReplicatorsAreClampedInAll() {
            withManualClock {
                let root = root()
                let outer = CAReplicatorLayer(), inner = CAReplicatorLayer()
                outer.instanceCount = 10_000
                inner.instanceCount = 10_000
                outer.instanceTransform = CATransform3DMakeTranslation(0.01, 0, 0)
                inner.instanceTransform = CATransform3DMakeTranslation(0, 0.01, 0)
                let dot = CALayer()
                dot.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
                dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                inner.addSublayer(dot)
                outer.addSublayer(inner)
                root.addSublayer(outer)
                let start = Date()
                let (list, warnings) = Diagnostics.capture {
                    frame(at: 0)
                    return FrameBuilder().build(root: root, at: 0, size: CGSize(width: 200, height: 100), scale: 1)
                }
                #expect(list.items.count == EngineLimits.maximumReplicaInstances)
                #expect(Date().timeIntervalSince(start) < 20)
                #expect(
                    warnings == [
                        "layer CAReplicatorLayer: nested replicators would make 10000 × 10000 copies (the limit is \(EngineLimits.maximumReplicaInstances)); instanceCount 10000 is drawn as 10"
                    ])
            }
        }

        /// Sibling replicators add up: the frame's copies in all are bounded too (the limit
        /// lowered to 30 000 here for speed).
        @Test func replicatorCopiesPerFrameAreBounded() {
            withManualClock {
                let root = root()
                for _ in 0..<4 {
                    let replicator = CAReplicatorLayer()
                    replicator.instanceCount = 10_000
                    let dot = CALayer()
                    dot.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
                    dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                    replicator.addSublayer(dot)
                    root.addSublayer(replicator)
                }
                let builder = FrameBuilder()
                #expect(builder.maximumReplicaCopiesPerFrame == EngineLimits.maximumReplicaCopiesPerFrame)
                builder.maximumReplicaCopiesPerFrame = 30_000
                let (list, warnings) = Diagnostics.capture {
                    frame(at: 0)
                    return builder.build(root: root, at: 0, size: CGSize(width: 200, height: 100), scale: 1)
                }
                #expect(list.items.count == 30_000)
                #expect(
                    warnings == [
                        "replicators make more than 30000 copies in this frame (the limit); the rest are not drawn"
                    ])
                // The count starts again every frame.
                frame(at: 1)
                #expect(
                    builder.build(root: root, at: 1, size: CGSize(width: 200, height: 100), scale: 1).items.count
                        == 30_000)
            }
        }

        /// A copy is charged what it draws: 10 000 copies of a subtree of 50 layers were
        /// 500 000 items under a budget of 30 000 copies (#24); now the frame stops at the
        /// budget's worth of layers, reported once.
        @Test func replicatedSubtreesAreChargedTheirLayers() {
            withManualClock {
                let root = root()
                let replicator = CAReplicatorLayer()
                replicator.instanceCount = 10_000
                let group = CALayer()
                for i in 0..<49 {
                    let dot = CALayer()
                    dot.frame = CGRect(x: CGFloat(i % 7), y: CGFloat(i / 7), width: 1, height: 1)
                    dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                    group.addSublayer(dot)
                }
                replicator.addSublayer(group)
                root.addSublayer(replicator)
                let builder = FrameBuilder()
                builder.maximumReplicaCopiesPerFrame = 30_000
                let (list, warnings) = Diagnostics.capture {
                    frame(at: 0)
                    return builder.build(root: root, at: 0, size: CGSize(width: 200, height: 100), scale: 1)
                }
                #expect(list.items.count <= 30_000 && list.items.count >= 29_000, "\(list.items.count)")
                #expect(
                    warnings == [
                        "replicators make more than 30000 copies in this frame (the limit); the rest are not drawn"
                    ])
            }
        }

        @Test func blurRadiiAreClamped() {
            withManualClock {
                let root = root()
                let layer = CALayer()
                layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                let blur = CIFilter(name: "CIGaussianBlur")!
                let bloom = CIFilter(name: "CIBloom")!
                let warnings = Diagnostics.capture {
                    layer.shadowOpacity = 1
                    layer.shadowRadius = 1e6
                    blur.setValue(1e6, forKey: "inputRadius")
                    bloom.setValue(1e300, forKey: "inputRadius")
                    layer.filters = [blur, bloom]
                }.warnings
                let limit = EngineLimits.maximumBlurRadius
                #expect(
                    warnings == [
                        "layer CALayer: shadowRadius 1000000.0 is over the limit (\(limit)); drawn as \(limit)",
                        "CIFilter CIGaussianBlur: inputRadius 1000000.0 is over the limit (\(limit)); drawn as \(limit)",
                        "CIFilter CIBloom: inputRadius 1e+300 is over the limit (\(limit)); drawn as \(limit)",
                    ])
                root.addSublayer(layer)
                frame(at: 0)
                let list = FrameBuilder().build(root: root, at: 0, size: CGSize(width: 200, height: 100), scale: 2)
                let effects = list.passes.map(\.effects)
                #expect(effects.flatMap(\.filters) == [.gaussianBlur(sigma: 256), .bloom(sigma: 256, intensity: 0.5)])
                #expect(effects.compactMap(\.shadow?.sigma) == [Float(0.8 * limit)])
                // The passes grow by three standard deviations a side, no more.
                for pass in list.passes {
                    #expect(pass.sourceRect.width <= 200 + 2 * 3 * 2 * Float(limit) * 2)
                }
            }
        }
    }
}
