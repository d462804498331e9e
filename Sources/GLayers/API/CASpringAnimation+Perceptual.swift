/// `CASpringAnimation` described by how it looks: a perceptual duration (the pace) and a bounce,
/// as in SwiftUI's `Spring(duration:bounce:)`.
///
/// The formulas: mass 1, stiffness (2π / duration)², damping ratio 1 − bounce, or 1 / (1 +
/// bounce) for a negative bounce, damping = ratio · 4π / duration. Sources: the comments of
/// CAAnimation.h (the initializer sets `allowsOverdamping`; what bounce 0, positive and
/// negative mean), SwiftUI's `Spring(duration:bounce:)` reference, Flutter's
/// `SpringDescription.withDurationAndBounce` (the same formulas, documented to reproduce
/// SwiftUI's), and QuartzCore's initializer and getters as public analyses describe them; details and numbers
/// in docs/semantics.md#perceptual-duration-and-bounce.
import Foundation

extension CASpringAnimation {
    /// A spring of the given perceptual duration and bounce (Apple's
    /// `init(perceptualDuration:bounce:)`).
    ///
    /// - Mass 1; stiffness (2π / `perceptualDuration`)²; damping `ζ · 4π / perceptualDuration`
    ///   with the damping ratio `ζ = 1 − bounce` for `bounce ≥ 0` and `1 / (1 + bounce)` for a
    ///   negative bounce; `allowsOverdamping` true, so a negative bounce overdamps; `duration`
    ///   set to the spring's `settlingDuration`.
    /// - `bounce` 0 is critically damped, 1 never stops, above 1 gives a negative damping,
    ///   which counts as the default 10 (as Core Animation's setter stores it); a
    ///   `perceptualDuration` of 0 or less gives an infinite stiffness.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        allowsOverdamping = true
        let omega = 2 * Double.pi / perceptualDuration
        stiffness = perceptualDuration > 0 ? CGFloat(omega * omega) : .infinity
        let ratio = bounce >= 0 ? 1 - Double(bounce) : 1 / (Double(bounce) + 1)
        damping = CGFloat(ratio * 4 * Double.pi / perceptualDuration)
        duration = settlingDuration
    }

    /// The perceptual duration, which defines the pace of the spring: 2π √(mass / stiffness)
    /// (0 when the stiffness is not finite).
    public var perceptualDuration: CFTimeInterval {
        guard stiffness.isFinite else { return 0 }
        return 2 * Double.pi * (Double(mass) / Double(stiffness)).squareRoot()
    }

    /// How bouncy the spring is: `1 − ζ` for a damping ratio ζ up to 1 (0 is critically
    /// damped, 1 never stops), `1 / ζ − 1` for an overdamped spring (negative).
    public var bounce: CGFloat {
        let ratio = Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot())
        return CGFloat(ratio <= 1 ? 1 - ratio : 1 / ratio - 1)
    }
}
