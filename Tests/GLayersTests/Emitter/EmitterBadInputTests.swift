import Foundation
import GLayersTestSupport
import Testing

@testable import GLayers

extension ClockTests {
    /// Bad input to an emitter layer (#12): its multipliers refused or clamped with a warning
    /// naming the property, rates far beyond the budget that end quickly, and the steady-state
    /// count scenes compare with the particle budget.
    @Suite struct EmitterBadInputTests {
        func emitter(_ setup: (CAEmitterCell) -> Void = { _ in }) -> CAEmitterLayer {
            let layer = CAEmitterLayer()
            layer.name = "e"
            let c = CAEmitterCell()
            c.name = "p"
            c.birthRate = 100
            c.lifetime = 2
            setup(c)
            layer.emitterCells = [c]
            return layer
        }

        @Test func theLayersMultipliersAreCheckedAsCellsNumbersAre() {
            withManualClock {
                let layer = emitter()
                layer.birthRate = 2
                var (_, warnings) = Diagnostics.capture { layer.birthRate = .nan }
                #expect(layer.birthRate == 2)
                #expect(warnings == ["layer \"e\": birthRate must be a finite number, got nan; ignored"])
                (_, warnings) = Diagnostics.capture { layer.lifetime = -3 }
                #expect(layer.lifetime == 0 && warnings == ["layer \"e\": lifetime -3.0 is negative; using 0"])
                (_, warnings) = Diagnostics.capture { layer.velocity = .infinity }
                #expect(layer.velocity == 1 && warnings.count == 1 && warnings[0].contains("velocity must be a finite"))
                (_, warnings) = Diagnostics.capture { layer.spin = -.nan }
                #expect(layer.spin == 1 && warnings.count == 1 && warnings[0].contains("spin"))
                // Negative velocities, scales and spins are meaningful: kept.
                (_, warnings) = Diagnostics.capture {
                    layer.velocity = -2
                    layer.scale = -1
                    layer.spin = -0.5
                }
                #expect(warnings.isEmpty && layer.velocity == -2 && layer.scale == -1 && layer.spin == -0.5)
            }
        }

        @Test func keyValueCodingRefusesNegativeRatesAndLifetimes() {
            withManualClock {
                let layer = emitter()
                #expect {
                    try layer.setValueChecked(-1, forKey: "birthRate")
                } throws: { error in
                    "\(error)".hasPrefix("layer \"e\": birthRate must be a finite number ≥ 0, got -1")
                }
                #expect(throws: KeyValueCodingError.self) { try layer.setValueChecked(Double.nan, forKey: "lifetime") }
                #expect(layer.birthRate == 1 && layer.lifetime == 1)
                try? layer.setValueChecked(0.5, forKey: "lifetime")
                #expect(layer.lifetime == 0.5)
            }
        }

        /// 10⁷ births a second on the cell (clamped to 10⁶) and on the layer: the budget holds
        /// and a second of simulation ends quickly.
        @Test func tenMillionBirthsASecondStayWithinTheBudget() {
            withManualClock {
                let (layer, cellWarnings) = Diagnostics.capture { emitter { $0.birthRate = 1e7 } }
                #expect(cellWarnings.count == 1 && cellWarnings[0].contains("birthRate 10000000.0 is above 1000000"))
                layer.birthRate = 1e7
                let start = Date()
                let (system, warnings) = Diagnostics.capture { layer.advanceParticles(toLocalTime: 1) }
                #expect(system.liveCount == ParticleSystem.particleBudget)
                #expect(warnings.count == 1 && warnings[0].contains("\(ParticleSystem.particleBudget) live particles"))
                // A guard against a hang, not a measure of speed.
                #expect(Date().timeIntervalSince(start) < TestBuild.hangBound(20))
            }
        }

        @Test func theSteadyCountIsRateTimesLifetimeDownTheTree() {
            withManualClock {
                let layer = emitter { cell in
                    let sub = CAEmitterCell()
                    sub.name = "s"
                    sub.birthRate = 10
                    sub.lifetime = 0.5
                    cell.emitterCells = [sub]
                }
                // 100/s × 2 s = 200 particles, each keeping 10/s × 0.5 s = 5 sub-particles.
                #expect(abs(layer.steadyParticleCount - 1200) < 1e-6)
                layer.birthRate = 2
                layer.lifetime = 0.5
                // 200/s × 1 s = 200, each keeping 20/s × 0.25 s = 5.
                #expect(abs(layer.steadyParticleCount - 1200) < 1e-6)
                layer.setValue(false, forKeyPath: "emitterCells.p.emitterCells.s.enabled")
                #expect(abs(layer.steadyParticleCount - 200) < 1e-6)
                // The simulation agrees with the estimate (200 ± the births of one step).
                layer.birthRate = 1
                layer.lifetime = 1
                #expect(abs(layer.steadyParticleCount - 200) < 1e-6)
                let live = layer.advanceParticles(toLocalTime: 5).liveCount
                #expect(abs(live - 200) <= 1)
            }
        }
    }
}
