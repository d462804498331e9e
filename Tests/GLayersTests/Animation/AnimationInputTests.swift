import Foundation
import GLayers
import Testing

extension ClockTests {
    /// Presentation copies, custom animatable properties and bad input.
    @Suite struct PresentationAndInput {
        /// `addUncopied` (for builders that never touch an animation again) adds the animation
        /// itself, where `add` adds a copy, and plays it the same.
        @Test func anUncopiedAnimationPlaysAsACopyDoes() {
            withManualClock(at: 10) {
                let copied = CALayer(), uncopied = CALayer()
                func fade() -> CABasicAnimation {
                    let a = CABasicAnimation(keyPath: "opacity")
                    a.fromValue = 1
                    a.toValue = 0
                    a.duration = 2
                    return a
                }
                let mine = fade(), theirs = fade()
                copied.add(mine, forKey: "fade")
                uncopied.addUncopied(theirs, forKey: "fade")
                #expect(copied.animation(forKey: "fade") !== mine)
                #expect(uncopied.animation(forKey: "fade") === theirs)
                frame(at: 10)
                // The commit gave each added animation its begin time.
                #expect(mine.beginTime == 0 && theirs.beginTime == 10)
                frame(at: 11)
                #expect(presented(copied, "opacity") == 0.5 && presented(uncopied, "opacity") == 0.5)
                // A presentation layer takes none, as `add` takes none.
                let (_, warnings) = Diagnostics.capture {
                    uncopied.presentation()?.addUncopied(fade(), forKey: "again")
                }
                #expect(warnings.count == 1 && uncopied.animationKeys() == ["fade"])
            }
        }

        @Test func presentationEqualsModelWithoutAnimations() throws {
            let layer = CALayer()
            layer.position = CGPoint(x: 3, y: 4)
            layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            let p = try #require(layer.presentation())
            #expect(p !== layer && p.position == layer.position && p.backgroundColor == layer.backgroundColor)
            #expect(p.model() === layer && layer.model() === layer)
            #expect(p.presentation() === p)
        }

        @Test func presentationTreeAndSubclassType() throws {
            final class Dial: CALayer {}
            let root = CALayer(), dial = Dial()
            root.addSublayer(dial)
            let p = try #require(root.presentation())
            #expect(p.sublayers?.count == 1 && p.sublayers?.first is Dial)
            #expect(p.sublayers?.first?.model() === dial)
        }

        /// A custom `angle` property that animates through the layer's own action
        /// and redraws while it changes.
        final class AngleLayer: CALayer {
            var drawnAngles: [CGFloat] = []
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "angle" || super.needsDisplay(forKey: key)
            }
            override func action(forKey event: String) -> CAAction? {
                if event == "angle" {
                    let a = CABasicAnimation()
                    a.duration = 1
                    a.timingFunction = CAMediaTimingFunction(name: .linear)
                    return a
                }
                return super.action(forKey: event)
            }
            override func draw(in ctx: CGContext) {
                drawnAngles.append((value(forKey: "angle") as? CGFloat) ?? -1)
            }
        }

        /// The common recipe for custom animatable properties: the action's `fromValue` is the
        /// presentation's value, which is still the committed one while the change that runs
        /// the action is uncommitted (issue #11).
        final class ProgressLayer: CALayer {
            var progress: CGFloat {
                get { value(forKey: "progress") as? CGFloat ?? 0 }
                set { setValue(newValue, forKey: "progress") }
            }
            override func action(forKey event: String) -> CAAction? {
                guard event == "progress" else { return super.action(forKey: event) }
                let a = CABasicAnimation(keyPath: event)
                a.fromValue = presentation()?.value(forKey: event)
                a.duration = 1
                a.timingFunction = CAMediaTimingFunction(name: .linear)
                return a
            }
        }

        @Test func actionsAnimateFromThePresentationBeforeTheChange() {
            withManualClock {
                let layer = ProgressLayer()
                layer.progress = 0.2
                let host = CALayerHost(rootLayer: layer)
                frame(at: 0)
                layer.progress = 1
                #expect(presented(layer, "progress") == 0.2, "uncommitted: the presentation shows 0.2")
                frame(at: 0)
                frame(at: 0.5)
                #expect(abs(presented(layer, "progress") - 0.6) < 1e-12, "half way from 0.2 to 1")
                frame(at: 1.5)
                #expect(presented(layer, "progress") == 1)
                host.detach()
            }
        }

        @Test func presentationShowsCommittedValues() throws {
            withManualClock {
                let layer = CALayer()
                let host = CALayerHost(rootLayer: layer)
                frame(at: 0)
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.25
                layer.position = CGPoint(x: 40, y: 50)
                #expect(layer.presentation()?.opacity == 1 && layer.presentation()?.position == .zero)
                #expect(layer.opacity == 0.25, "the model has the new value at once")
                CATransaction.commit()
                #expect(
                    layer.presentation()?.opacity == 0.25 && layer.presentation()?.position == CGPoint(x: 40, y: 50))
                host.detach()
            }
        }

        @Test func customPropertyAnimatesAndRedraws() {
            withManualClock {
                let layer = AngleLayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
                layer.setValue(0, forKey: "angle")
                let host = CALayerHost(rootLayer: layer)
                frame(at: 0)
                layer.setValue(90, forKey: "angle")
                #expect(layer.animationKeys() == ["angle"])
                frame(at: 0)
                frame(at: 0.5)
                #expect(presented(layer, "angle") == 45)
                #expect(layer.value(forKey: "angle") as? CGFloat == 90)
                #expect(layer.drawnAngles.last == 90)  // the model redraws once per change
                host.detach()
            }
        }

        @Test func badAnimationsAreReportedAndIgnored() {
            withManualClock {
                let layer = CALayer()
                func add(_ a: CAAnimation, _ key: String) -> [String] {
                    Diagnostics.capture { layer.add(a, forKey: key) }.warnings
                }
                let unknown = CABasicAnimation(keyPath: "position.z")
                unknown.toValue = 1
                let w1 = add(unknown, "u")
                #expect(w1.count == 1 && w1[0].contains("position.z") && w1[0].contains("\"u\""))
                let wrongType = CABasicAnimation(keyPath: "position")
                wrongType.toValue = "here"
                #expect(add(wrongType, "w").first?.contains("CGPoint") == true)
                let notFinite = CABasicAnimation(keyPath: "opacity")
                notFinite.toValue = Double.nan
                #expect(add(notFinite, "n").first?.contains("finite") == true)
                let nanDuration = CABasicAnimation(keyPath: "opacity")
                nanDuration.duration = .nan
                #expect(add(nanDuration, "d").count == 1)
                let badFilter = CABasicAnimation(keyPath: "filters.glow.inputRadius")
                #expect(add(badFilter, "f").first?.contains("glow") == true)
                #expect(layer.animationKeys() == nil)

                let negative = CABasicAnimation(keyPath: "opacity")
                negative.toValue = 0
                negative.duration = -2
                let w = add(negative, "neg")
                #expect(w.count == 1 && w[0].contains("negative"))
                #expect(layer.animation(forKey: "neg")?.duration == 0.25)
            }
        }

        @Test func filterInputsAnimateThroughKeyPaths() {
            withManualClock {
                let layer = CALayer()
                guard let bloom = CIFilter(name: "CIBloom") else {
                    Issue.record("CIBloom missing")
                    return
                }
                bloom.setValue(5, forKey: "inputRadius")
                bloom.name = "pulseFilter"
                layer.filters = [bloom]
                let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
                pulse.fromValue = 0
                pulse.toValue = 2
                pulse.duration = 1
                pulse.autoreverses = true
                pulse.repeatCount = .infinity
                layer.add(pulse, forKey: "pulseAnimation")
                frame(at: 0)
                frame(at: 0.5)
                #expect(presented(layer, "filters.pulseFilter.inputIntensity") == 1)
                frame(at: 1.5)
                #expect(presented(layer, "filters.pulseFilter.inputIntensity") == 1)
                #expect(layer.value(forKeyPath: "filters.pulseFilter.inputIntensity") as? CGFloat == 0.5)
                #expect(layer.value(forKeyPath: "filters.pulseFilter.inputRadius") as? CGFloat == 5)
            }
        }
    }
}
