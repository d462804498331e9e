import Foundation
import GLayers
import GLayersTestSupport
import Testing

/// Every test that touches the process-wide media clock or transactions lives in this suite
/// tree, which runs serialized, and while no other target's suite holds the clock.
@Suite(.serialized, .mediaClock) struct ClockTests {}

/// Runs `body` with the manual clock at `start`, leaving the clock manual and no transaction
/// pending.
func withManualClock(at start: CFTimeInterval = 0, _ body: () throws -> Void) rethrows {
    CAMediaClock.useManualTime(start)
    CATransaction.flush()
    defer {
        CATransaction.flush()
        CAMediaClock.useSystemTime()
    }
    try body()
}

/// Moves the clock to `t` and runs the frame boundary.
func frame(at t: CFTimeInterval) {
    CAMediaClock.setTime(t)
    CATransaction.flush()
}

/// A root of `size` holding `layer` over all of it, hosted, its frame at 0 built by `build`;
/// `body` runs with the root and the builder, then the host detaches.
func withStagedLayer(
    _ layer: CALayer, size: CGSize, build: (FrameBuilder, CALayer) -> Void,
    _ body: (CALayer, FrameBuilder) throws -> Void
) rethrows {
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    layer.frame = root.frame
    root.addSublayer(layer)
    let host = CALayerHost(rootLayer: root)
    defer { host.detach() }
    let builder = FrameBuilder()
    build(builder, root)
    try body(root, builder)
}

/// The presented value of a number at a key path.
func presented(_ layer: CALayer, _ keyPath: String) -> CGFloat {
    (layer.presentation()?.value(forKeyPath: keyPath) as? CGFloat)
        ?? CGFloat((layer.presentation()?.value(forKeyPath: keyPath) as? Float) ?? .nan)
}

/// Records delegate callbacks.
final class AnimationRecorder: CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
}

/// Adds an opacity animation of `duration` seconds to `layer` and returns the recorder of its
/// delegate callbacks.
func recordedFade(on layer: CALayer, duration: CFTimeInterval) -> AnimationRecorder {
    let recorder = AnimationRecorder()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.duration = duration
    fade.delegate = recorder
    layer.add(fade, forKey: "fade")
    return recorder
}

/// The presented transform (NaN entries when there is no presentation).
func presentedTransform(_ layer: CALayer) -> CATransform3D {
    layer.presentation()?.transform ?? CATransform3D(entries: Array(repeating: .nan, count: 16)) ?? .identity
}
