import Foundation
import GLayers
import Testing

/// Starts the next link of a chain when the previous animation stops, as loaders and
/// onboarding sequences drive their steps from `animationDidStop(_:finished:)` (#23).
private final class ChainDriver: CAAnimationDelegate {
    let layer: CALayer
    var links = 0
    var begins: [CFTimeInterval] = []

    init(layer: CALayer) { self.layer = layer }

    func startLink() {
        let step = CABasicAnimation(keyPath: "position.x")
        step.fromValue = 0
        step.toValue = 100
        step.duration = 1
        step.delegate = self
        layer.add(step, forKey: "step")
        links += 1
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, links < 3 else { return }
        startLink()
    }
}

extension ClockTests {
    /// Work started in animation callbacks begins at the time of the callback: the
    /// transaction the callback opens commits in the same flush, before the frame is drawn.
    @Suite struct CallbackWork {
        /// Sparse frames (0, 1.5, 2.25): the second link starts at 1.5, when the first one's stop
        /// is delivered, not at the next frame (2.25); at 2.25 it is three quarters through.
        @Test func animationAddedInAnimationDidStopBeginsAtThatFrame() throws {
            try withManualClock {
                let layer = CALayer()
                let chain = ChainDriver(layer: layer)
                chain.startLink()
                frame(at: 0)
                frame(at: 1.5)
                #expect(chain.links == 2)
                let second = try #require(layer.animation(forKey: "step"))
                #expect(second.beginTime == 1.5, "begins at the callback's frame: \(second.beginTime)")
                #expect(abs(presented(layer, "position.x")) < 1e-9, "the frame at 1.5 shows its start")
                frame(at: 2.25)
                #expect(abs(presented(layer, "position.x") - 75) < 1e-6, "\(presented(layer, "position.x"))")
                finishAnimations(layer)
            }
        }

        /// A completion block that adds an animation: it begins at the flush that ran the block.
        @Test func animationAddedInACompletionBlockBeginsAtThatFrame() throws {
            try withManualClock {
                let layer = CALayer()
                CATransaction.begin()
                CATransaction.setCompletionBlock {
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.fromValue = 0
                    fade.duration = 1
                    layer.add(fade, forKey: "fade")
                }
                let move = CABasicAnimation(keyPath: "position.y")
                move.fromValue = 0
                move.duration = 0.5
                layer.add(move, forKey: "move")
                CATransaction.commit()
                frame(at: 0)
                frame(at: 0.8)
                let fade = try #require(layer.animation(forKey: "fade"))
                #expect(fade.beginTime == 0.8, "\(fade.beginTime)")
                frame(at: 1.3)
                #expect(abs(presented(layer, "opacity") - 0.5) < 1e-6, "\(presented(layer, "opacity"))")
                finishAnimations(layer)
            }
        }
    }
}

private func finishAnimations(_ layer: CALayer) {
    layer.removeAllAnimations()
    CATransaction.flush()
}
