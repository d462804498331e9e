/// The damped harmonic oscillator behind `CASpringAnimation`: its parameters as Core Animation
/// reads them, its position over time, and the settling duration.
///
/// Takes the spring's mass, stiffness, damping, initial velocity and `allowsOverdamping`;
/// produces the fraction of the way to the target at a time, and the time after which the
/// spring counts as at rest. It knows nothing of key paths or values: the basic animation's
/// interpolation turns the fraction into a value. The rules and their sources are in
/// docs/semantics.md#spring-animations.
import Foundation

/// Position of a damped spring over time: 0 at rest at the start, 1 at the target.
struct SpringSolver {
    /// The natural angular frequency ω₀ = √(stiffness / mass), in radians per second.
    let omega: Double
    /// The damping ratio ζ = damping / (2 √(stiffness · mass)); at most 1 unless overdamping
    /// is allowed.
    let zeta: Double
    /// The initial velocity toward the target, in distances (from → to) per second.
    let velocity: Double

    /// The largest settling duration Core Animation answers (`FLT_MAX`).
    static let longestSettlingDuration = Double(Float.greatestFiniteMagnitude)

    /// The spring of `mass`, `stiffness`, `damping` and `velocity`.
    ///
    /// - A value Core Animation's setters reject counts as its default, as they store the
    ///   default instead: a mass or stiffness that is not above 0 counts as 1 or 100, a
    ///   negative damping as 10.
    /// - Without `allowsOverdamping`, a damping ratio above 1 counts as 1: "true overdamping
    ///   … is treated as critically damped" (CAAnimation.h).
    init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, velocity: CGFloat, allowsOverdamping: Bool) {
        let m = mass > 0 ? Double(mass) : 1
        let k = stiffness > 0 ? Double(stiffness) : 100
        let c = damping >= 0 ? Double(damping) : 10
        omega = (k / m).squareRoot()
        let ratio = c / (2 * (k * m).squareRoot())
        zeta = allowsOverdamping ? ratio : min(ratio, 1)
        self.velocity = Double(velocity)
    }

    /// The spring of a `CASpringAnimation`.
    init(_ spring: CASpringAnimation) {
        self.init(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, velocity: spring.initialVelocity,
            allowsOverdamping: spring.allowsOverdamping)
    }

    /// The fraction of the way to the target after `t` seconds.
    func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        return 1 - displacement(at: t)
    }

    /// The distance still to go after `t` seconds, as a fraction of the whole (1 at the start;
    /// negative past the target).
    func displacement(at t: Double) -> Double {
        // x(0) = 1, x'(0) = -velocity: the solutions of x'' + 2ζω₀x' + ω₀²x = 0.
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - velocity) / wd
            return exp(-zeta * omega * t) * (cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return exp(-omega * t) * (1 + (omega - velocity) * t)
        } else {
            let s = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + s, r2 = -zeta * omega - s
            let c2 = (-velocity - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The time after which the spring counts as at rest, within `epsilon` of the distance
    /// (Core Animation's `settlingDuration` uses 0.001), before the animation's speed applies.
    ///
    /// - Underdamped: when the envelope `(|A| + |B|) e^(−ζω₀t)` of the solution
    ///   `e^(−ζω₀t) (A cos ω_d t + B sin ω_d t)` falls to `epsilon`.
    /// - Critically damped and overdamped: the first of the samples 0, 0.1, 0.2, … s within
    ///   `epsilon` of the target after which the samples stay within it for more than a second.
    /// - Undamped: never (infinity).
    /// - Both rules are Core Animation's `durationForEpsilon:` (as public analyses of QuartzCore describe it;
    ///   `settlingDuration` passes 0.001), and give Apple's published example: damping 5
    ///   settles in about 2.85 s, damping 15 in just over 1 s
    ///   (docs/semantics.md#settling-duration). An epsilon below 10⁻⁶ counts as 10⁻⁶.
    func settlingDuration(epsilon: Double) -> Double {
        guard zeta.isFinite, omega.isFinite else { return 0 }
        guard zeta > 0 else { return .infinity }
        let e = max(epsilon, 1e-6)
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let amplitude = 1 + abs((zeta * omega - velocity) / wd)
            return max(log(amplitude / e) / (zeta * omega), 0)
        }
        return sampledSettlingDuration(epsilon: e)
    }

    /// The walk of `settlingDuration(epsilon:)` for a spring that does not oscillate.
    private func sampledSettlingDuration(epsilon e: Double) -> Double {
        var closest = Double.infinity
        var settledAt = -1.0
        var t = 0.0
        // A spring that has not settled after a million seconds answers "never" (Core
        // Animation keeps walking).
        while t < 1e6 {
            let deviation = abs(1 - value(at: t))
            guard deviation.isFinite else { return 0 }
            if closest >= e {
                if deviation < closest { (settledAt, closest) = (t, deviation) }
            } else if deviation >= e {
                closest = .infinity
            } else if t - settledAt > 1 {
                return settledAt
            }
            t += 0.1
        }
        return .infinity
    }
}
