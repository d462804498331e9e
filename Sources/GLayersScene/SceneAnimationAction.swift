/// How scene animations are added to layers.
///
/// A scene cannot know the media clock (a window's clock reads the system's uptime), so a
/// non-zero `beginTime` in a scene counts from the moment the animation is added: it is offset
/// by the layer's current time (`convertTime(CACurrentMediaTime(), from: nil)`), as Apple code
/// writes `CACurrentMediaTime() + delay`. A `beginTime` of 0 keeps Core Animation's meaning
/// (start at the commit). Inside a group, `beginTime` is relative to the group, as in Core
/// Animation.
import Foundation
import GLayers

/// A layer action that adds a scene animation, anchoring its `beginTime` when it runs.
final class SceneAnimationAction: NSObject, CAAction {
    let animation: CAAnimation

    private init(_ animation: CAAnimation) {
        self.animation = animation
    }

    /// The action for `animation`: the animation itself when it needs no anchoring.
    static func wrapping(_ animation: CAAnimation) -> CAAction {
        animation.beginTime == 0 ? animation : SceneAnimationAction(animation)
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        layer.add(Self.anchored(animation, on: layer), forKey: event)
    }

    /// `animation`, or a copy whose `beginTime` counts from the layer's current time.
    static func anchored(_ animation: CAAnimation, on layer: CALayer) -> CAAnimation {
        guard animation.beginTime != 0, let copy = animation.copy() as? CAAnimation else { return animation }
        copy.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + animation.beginTime
        return copy
    }

    /// Adds `animation` to `layer` under `key`; returns the engine's warnings (an animation the
    /// engine refuses is not added).
    @discardableResult
    static func add(_ animation: CAAnimation, to layer: CALayer, forKey key: String?) -> [String] {
        Diagnostics.capture { layer.add(anchored(animation, on: layer), forKey: key) }.warnings
    }
}
