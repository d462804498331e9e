/// The damped harmonic oscillator behind `CASpringAnimation`.
import Foundation

/// Position of a damped spring over time: 0 at rest at the start, 1 at the target.
struct SpringSolver {
    let mass: Double, stiffness: Double, damping: Double, velocity: Double

    init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, velocity: CGFloat) {
        self.mass = max(Double(mass), 1e-6)
        self.stiffness = max(Double(stiffness), 1e-6)
        self.damping = max(Double(damping), 0)
        self.velocity = Double(velocity)
    }

    /// The fraction of the way to the target after `t` seconds.
    func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let x0 = -1.0  // displacement from the target
        let v0 = velocity
        let x: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = x0, b = (v0 + zeta * w0 * x0) / wd
            x = exp(-zeta * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            x = exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            x = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + x
    }

    /// The time after which the spring stays within 0.1 % of its target (capped at 60 s).
    var settlingDuration: Double {
        var t = 0.0, lastOutside = 0.0
        let step = 1.0 / 240
        while t < 60 {
            if abs(value(at: t) - 1) > 0.001 { lastOutside = t }
            if t - lastOutside > 1 { break }
            t += step
        }
        return (lastOutside / step).rounded(.up) * step
    }
}
