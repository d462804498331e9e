/// `CASpringAnimation`: a basic animation that moves as a damped spring (its solver is in
/// `SpringSolver`, its perceptual initializer in `CASpringAnimation+Perceptual.swift`).
import Foundation

/// A damped spring animation (Apple's `CASpringAnimation`).
///
/// - The spring moves from `fromValue` to `toValue`; its own `duration` is whatever you set
///   (Core Animation does not stretch the spring to fit it); `settlingDuration` tells how long
///   it takes to come to rest. `init(perceptualDuration:bounce:)`, `perceptualDuration` and
///   `bounce` are in `CASpringAnimation+Perceptual.swift`; the rules and their sources in
///   docs/semantics.md#spring-animations.
open class CASpringAnimation: CABasicAnimation {
    /// The settings of the properties this class declares (`CAAnimation+Settings.swift`).
    var springSettings = SpringAnimationSettings()
    /// The mass of the object on the spring (default 1).
    open var mass: CGFloat {
        get { springSettings.mass }
        set { springSettings.mass = newValue }
    }
    /// The spring constant (default 100).
    open var stiffness: CGFloat {
        get { springSettings.stiffness }
        set { springSettings.stiffness = newValue }
    }
    /// The damping coefficient (default 10).
    open var damping: CGFloat {
        get { springSettings.damping }
        set { springSettings.damping = newValue }
    }
    /// The initial velocity, in units of the distance to travel per second (default 0).
    open var initialVelocity: CGFloat {
        get { springSettings.initialVelocity }
        set { springSettings.initialVelocity = newValue }
    }
    /// Whether a damping ratio above 1 overdamps the spring; when false (the default) such a
    /// spring moves as a critically damped one. `init(perceptualDuration:bounce:)` sets it.
    open var allowsOverdamping: Bool {
        get { springSettings.allowsOverdamping }
        set { springSettings.allowsOverdamping = newValue }
    }

    /// How long the spring takes to come to rest: within 0.001 of the distance, as Core
    /// Animation computes it, divided by the animation's `speed` (docs/semantics.md#spring-animations).
    open var settlingDuration: CFTimeInterval {
        let t = SpringSolver(self).settlingDuration(epsilon: 0.001)
        guard speed != 0 else { return SpringSolver.longestSettlingDuration }
        return min(abs(t / CFTimeInterval(speed)), SpringSolver.longestSettlingDuration)
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CASpringAnimation else { return }
        springSettings = o.springSettings
    }
}
