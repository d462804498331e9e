import Foundation
import GLayers
import Testing

extension ClockTests {
    /// A layer's animations change between frames in any number of steps: the stack rebuilds
    /// what a frame runs at the next evaluation, from the animations then on the layer
    /// (docs/architecture.md, "The presentation cache").
    @Suite struct AnimationStackChanges {
        static func move(_ keyPath: String, from: CGFloat, to: CGFloat) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.duration = 1
            return a
        }

        /// Several adds, a replacement and a removal before one frame: the frame presents what
        /// is left (the replacing animation, the others), the counts are right before and after
        /// it, and removing every animation shows the model again.
        @Test func changesBeforeAFrameAreAllSeen() {
            withManualClock {
                let layer = CALayer()
                layer.position = CGPoint(x: 5, y: 5)
                let host = CALayerHost(rootLayer: layer)
                defer { host.detach() }
                let tint = CABasicAnimation(keyPath: "backgroundColor")
                tint.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                tint.toValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                tint.duration = 1
                layer.add(Self.move("position.x", from: 0, to: 100), forKey: "x")
                layer.add(Self.move("opacity", from: 0, to: 1), forKey: "fade")
                layer.add(tint, forKey: "tint")
                layer.add(Self.move("position.x", from: 200, to: 300), forKey: "x")
                layer.add(Self.move("position.y", from: 0, to: 10), forKey: "y")
                layer.removeAnimation(forKey: "fade")
                #expect(layer.animationKeys() == ["tint", "x", "y"])
                #expect(layer.fastAnimationCount == 2 && layer.animationStepCount == 3)
                frame(at: 0)
                frame(at: 0.5)
                #expect(abs(presented(layer, "position.x") - 250) < 1e-9, "the replacing animation")
                #expect(abs(presented(layer, "position.y") - 5) < 1e-9)
                #expect(presented(layer, "opacity") == 1, "the removed fade is not applied")
                #expect(layer.fastAnimationCount == 2 && layer.animationStepCount == 3)
                layer.removeAllAnimations()
                frame(at: 0.6)
                #expect(layer.presentation()?.position == CGPoint(x: 5, y: 5), "the model shows again")
                layer.add(Self.move("opacity", from: 0, to: 1), forKey: "fade")
                frame(at: 0.8)
                frame(at: 1)
                #expect(abs(presented(layer, "opacity") - 0.2) < 1e-6, "begun at the commit at 0.8 (a Float)")
            }
        }
    }
}
