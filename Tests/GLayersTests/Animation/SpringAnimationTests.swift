import Foundation
import GLayers
import Testing

/// CASpringAnimation's numbers: the perceptual initializer, bounce, perceptual duration,
/// overdamping and the settling duration (docs/semantics.md#spring-animations).
@Suite struct SpringAnimationNumbers {
    func spring(mass: CGFloat = 1, stiffness: CGFloat = 100, damping: CGFloat = 10) -> CASpringAnimation {
        let s = CASpringAnimation(keyPath: "position.x")
        (s.mass, s.stiffness, s.damping) = (mass, stiffness, damping)
        return s
    }

    /// Apple's reference for settlingDuration: with damping 5 "the settling duration is
    /// approximately 2.85 seconds"; with damping 15 "just over 1 second".
    @Test func settlingDurationsOfApplesExample() {
        let loose = spring(damping: 5).settlingDuration
        #expect(abs(loose - 2.85) < 0.01)
        let firm = spring(damping: 15).settlingDuration
        #expect(firm > 1 && firm < 1.05)
    }

    /// Underdamped: the envelope (|A| + |B|) e^(−ζω₀t) reaches 0.001. The default spring has
    /// ω₀ = 10, ζ = 0.5, A = 1, B = ζω₀ / ω_d = 1/√3.
    @Test func defaultSpringSettlesWhenItsEnvelopeReachesAThousandth() {
        let expected = log(1000 * (1 + 1 / 3.0.squareRoot())) / 5
        #expect(abs(spring().settlingDuration - expected) < 1e-12)
        #expect(abs(expected - 1.4727) < 1e-4)
        // Moving toward the target at 5 distances per second cancels B.
        let pushed = spring()
        pushed.initialVelocity = 5
        #expect(abs(pushed.settlingDuration - log(1000) / 5) < 1e-12)
    }

    /// Critically damped and overdamped springs: the first sample (every 0.1 s) within 0.001
    /// that the following second of samples stays within.
    @Test func criticallyDampedSpringSettlesOnATenthOfASecond() {
        // ω₀ = 4π: e^(−ω₀t)(1 + ω₀t) is 0.0015 at 0.7 s and 0.00048 at 0.8 s.
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        #expect(abs(s.settlingDuration - 0.8) < 1e-9)
        #expect(s.duration == s.settlingDuration)
    }

    @Test func settlingDurationDividesBySpeedAndAnUndampedSpringNeverSettles() {
        let s = spring()
        let base = s.settlingDuration
        s.speed = 2
        #expect(abs(s.settlingDuration - base / 2) < 1e-12)
        s.speed = 0
        #expect(s.settlingDuration == Double(Float.greatestFiniteMagnitude))
        #expect(spring(damping: 0).settlingDuration == Double(Float.greatestFiniteMagnitude))
    }

    /// SwiftUI's `Spring(duration: 0.5, bounce: 0.3)` has stiffness 157.91 and damping 17.59;
    /// bounce −0.3 gives damping 35.90 (the values Flutter's `withDurationAndBounce` is tested
    /// against, which reproduces SwiftUI's).
    @Test func perceptualDurationAndBounceGiveSwiftUIsCoefficients() {
        let bouncy = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(bouncy.mass == 1 && bouncy.allowsOverdamping)
        #expect(abs(bouncy.stiffness - 157.91) < 0.01)
        #expect(abs(bouncy.damping - 17.59) < 0.01)
        #expect(abs(bouncy.perceptualDuration - 0.5) < 1e-12)
        #expect(abs(bouncy.bounce - 0.3) < 1e-12)
        let heavy = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.3)
        #expect(abs(heavy.damping - 35.90) < 0.01)
        #expect(abs(heavy.bounce + 0.3) < 1e-12)
        // stiffness = (2π / d)², damping = (1 − bounce) · 4π / d.
        let one = CASpringAnimation(perceptualDuration: 1, bounce: 0.25)
        #expect(abs(one.stiffness - 4 * .pi * .pi) < 1e-9)
        #expect(abs(one.damping - 3 * .pi) < 1e-9)
    }

    @Test func bounceAndPerceptualDurationOfPhysicalSprings() {
        // Default spring: ζ = 0.5, perceptual duration 2π / 10.
        #expect(abs(spring().bounce - 0.5) < 1e-12)
        #expect(abs(spring().perceptualDuration - 2 * .pi / 10) < 1e-12)
        // ζ = 2: bounce 1/2 − 1.
        #expect(abs(spring(damping: 40).bounce + 0.5) < 1e-12)
        // Mass 4, stiffness 100: perceptual duration 2π √(4/100).
        #expect(abs(spring(mass: 4).perceptualDuration - 2 * .pi * 0.2) < 1e-12)
    }

    @Test func copiesKeepOverdamping() {
        let s = spring(damping: 40)
        s.allowsOverdamping = true
        #expect((s.copy() as? CASpringAnimation)?.allowsOverdamping == true)
        #expect(CASpringAnimation().allowsOverdamping == false)
    }
}

extension ClockTests {
    /// Springs on a layer: overdamping, and values Core Animation's setters reject.
    @Suite struct SpringAnimationMotion {
        /// position.x of a spring from 0 to 100 after `t` seconds.
        func position(at t: CFTimeInterval, _ configure: (CASpringAnimation) -> Void) -> CGFloat {
            let layer = CALayer()
            let s = CASpringAnimation(keyPath: "position.x")
            s.fromValue = 0
            s.toValue = 100
            s.duration = 10
            configure(s)
            layer.add(s, forKey: "spring")
            frame(at: 0)
            frame(at: t)
            return presented(layer, "position.x")
        }

        /// Without `allowsOverdamping` a damping ratio of 2 moves as critically damped
        /// (CAAnimation.h: "otherwise it is treated as critically damped").
        @Test func overdampingOnlyWhenAllowed() {
            withManualClock {
                let critical = 100 * (1 - exp(-10 * 0.2) * (1 + 10 * 0.2))
                let clamped = position(at: 0.2) { $0.damping = 40 }
                #expect(abs(clamped - critical) < 1e-9)
                let over = position(at: 0.2) {
                    $0.damping = 40
                    $0.allowsOverdamping = true
                }
                // Roots −20 ± √300: slower than critical.
                let s = 300.0.squareRoot(), r1 = -20 + s, r2 = -20 - s
                let c2 = -r1 / (r2 - r1)
                let expected = 100 * (1 - ((1 - c2) * exp(r1 * 0.2) + c2 * exp(r2 * 0.2)))
                #expect(abs(over - expected) < 1e-9)
                #expect(over < clamped)
            }
        }

        /// A mass or stiffness of 0 and a negative damping count as the defaults, which Core
        /// Animation's setters store instead.
        @Test func rejectedParametersCountAsDefaults() {
            withManualClock {
                let reference = position(at: 0.3) { _ in }
                #expect(abs(position(at: 0.3) { $0.mass = 0 } - reference) < 1e-9)
                #expect(abs(position(at: 0.3) { $0.stiffness = -5 } - reference) < 1e-9)
                #expect(abs(position(at: 0.3) { $0.damping = -1 } - reference) < 1e-9)
            }
        }
    }
}
