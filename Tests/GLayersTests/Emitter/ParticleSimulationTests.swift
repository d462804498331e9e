import Foundation
import Testing

@testable import GLayers

extension ClockTests {
    /// The particle simulation (#12): determinism (same seed and times, same particles, however
    /// the time was reached), Apple's semantics of rates, ranges, angles, speeds, multipliers,
    /// sub-cells and cell timing, and the bounds on work (catch-up cap, particle budget).
    @Suite struct ParticleSimulationTests {
        /// An emitter at (100, 100) with one cell "p" configured by `setup`.
        func emitter(seed: UInt32 = 1, _ setup: (CAEmitterCell) -> Void) -> CAEmitterLayer {
            let layer = CAEmitterLayer()
            layer.name = "e"
            layer.emitterPosition = CGPoint(x: 100, y: 100)
            layer.seed = seed
            let c = CAEmitterCell()
            c.name = "p"
            c.birthRate = 60
            c.lifetime = 2
            c.velocity = 50
            c.emissionRange = .pi * 2
            setup(c)
            layer.emitterCells = [c]
            return layer
        }

        /// Every particle of every cell at local time `t`.
        func particles(_ layer: CAEmitterLayer, at t: Double) -> [Particle] {
            layer.advanceParticles(toLocalTime: t).pools.flatMap(\.particles)
        }

        func same(_ a: [Particle], _ b: [Particle]) -> Bool {
            a.count == b.count
                && zip(a, b).allSatisfy {
                    $0.x == $1.x && $0.y == $1.y && $0.vx == $1.vx && $0.age == $1.age && $0.r == $1.r
                        && $0.ordinal == $1.ordinal
                }
        }

        @Test func theSameSeedAndTimeGiveTheSameParticles() {
            withManualClock {
                let a = emitter { _ in }, b = emitter { _ in }
                let jumped = particles(a, at: 3.2)
                // Frame by frame to the same time.
                var t = 0.0
                while t < 3.2 {
                    _ = particles(b, at: t)
                    t += 1.0 / 60
                }
                #expect(!jumped.isEmpty && same(jumped, particles(b, at: 3.2)))
                // Back to an earlier time: simulated again from the start.
                let early = particles(b, at: 1.0)
                #expect(same(early, particles(emitter { _ in }, at: 1.0)))
                #expect(same(particles(b, at: 3.2), jumped))
                // Another seed: other particles.
                #expect(!same(jumped, particles(emitter(seed: 2) { _ in }, at: 3.2)))
            }
        }

        @Test func birthRateAndLifetimeGiveTheCount() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 120; $0.lifetime = 0.5
                }
                #expect(particles(layer, at: 0.25).count == 30)
                #expect(particles(layer, at: 3).count == 60)  // steady: 120 a second × 0.5 s
                layer.birthRate = 0.5  // the layer's multiplier
                layer.lifetime = 2
                #expect(particles(emitterWith(layer), at: 3).count == 60)
            }
        }

        /// A fresh emitter with `layer`'s values (its particle system starts again).
        func emitterWith(_ layer: CAEmitterLayer) -> CAEmitterLayer {
            let copy = CAEmitterLayer(layer: layer)
            copy.emitterCells = layer.emitterCells
            return copy
        }

        @Test func rangesAreUniformEitherWay() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 2000
                    $0.velocity = 100
                    $0.velocityRange = 50
                    $0.lifetime = 10
                    $0.lifetimeRange = 3
                    $0.redRange = 0.25
                    $0.color = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
                }
                let ps = particles(layer, at: 1.0 / 120)
                let speeds = ps.map { ($0.vx * $0.vx + $0.vy * $0.vy + $0.vz * $0.vz).squareRoot() }
                #expect(ps.count > 10)
                #expect(speeds.allSatisfy { $0 >= 49.99 && $0 <= 150.01 })
                let all = particles(emitterWith(layer), at: 0.5)
                let allSpeeds = all.map { ($0.vx * $0.vx + $0.vy * $0.vy + $0.vz * $0.vz).squareRoot() }
                #expect((allSpeeds.min() ?? 0) < 55 && (allSpeeds.max() ?? 0) > 145)
                #expect(all.allSatisfy { $0.lifetime >= 7 && $0.lifetime <= 13 && $0.r >= 0.25 && $0.r <= 0.75 })
                #expect(all.contains { $0.lifetime < 7.5 } && all.contains { $0.lifetime > 12.5 })
            }
        }

        /// "±" is uniform over [mean − range, mean + range] (the reference's reading): the
        /// spread's standard deviation is range / √3 (the header's ±range/2 would halve it) and
        /// each quarter of the interval holds a quarter of the particles.
        @Test func rangesSpreadUniformlyOverPlusMinusTheRange() {
            withManualClock {
                let ps = particles(
                    emitter {
                        $0.birthRate = 40_000; $0.lifetime = 10; $0.scale = 1; $0.scaleRange = 0.5
                    }, at: 0.25)
                #expect(ps.count == 10_000)
                let scales = ps.map { Double($0.scale) }
                let mean = scales.reduce(0, +) / Double(scales.count)
                let sd = (scales.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(scales.count)).squareRoot()
                #expect(abs(mean - 1) < 0.01)
                #expect(abs(sd - 0.5 / 3.0.squareRoot()) < 0.01)
                for quarter in 0..<4 {
                    let low = 0.5 + 0.25 * Double(quarter)
                    let n = scales.filter { $0 >= low && $0 < low + 0.25 }.count
                    #expect(abs(n - 2500) < 200, "quarter \(quarter): \(n)")
                }
            }
        }

        /// The layer's `velocity`, `scale` and `spin` multiply each cell's values and ranges.
        @Test func theLayersMultipliersScaleEachCell() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 600; $0.velocity = 50; $0.velocityRange = 10; $0.emissionRange = 0
                    $0.scale = 0.5; $0.scaleRange = 0.1; $0.scaleSpeed = 0.2; $0.spin = 1; $0.spinRange = 0.5
                }
                layer.velocity = 2
                layer.scale = 3
                layer.spin = -1
                let ps = particles(layer, at: 1.0 / 120)
                #expect(!ps.isEmpty)
                #expect(ps.allSatisfy { $0.vx >= 80 - 1e-3 && $0.vx <= 120 + 1e-3 && abs($0.vy) < 1e-3 })
                #expect(ps.allSatisfy { abs($0.scaleSpeed - 0.6) < 1e-6 && $0.spin >= -1.5 && $0.spin <= -0.5 })
                #expect(ps.allSatisfy { $0.scale >= 1.2 - 1e-3 && $0.scale <= 1.8 + 0.6 / 120 + 1e-3 })
                let many = particles(emitterWith(layer), at: 0.5)
                #expect(many.contains { $0.vx < 85 } && many.contains { $0.vx > 115 })
                // Longitude π: along −x; −π/2: up the screen (y down).
                let left = particles(
                    emitter {
                        $0.emissionRange = 0; $0.emissionLongitude = .pi
                    }, at: 0.5)
                #expect(!left.isEmpty && left.allSatisfy { abs($0.vx + 50) < 1e-3 && abs($0.vy) < 1e-3 })
                let up = particles(
                    emitter {
                        $0.emissionRange = 0; $0.emissionLongitude = -.pi / 2
                    }, at: 0.5)
                #expect(!up.isEmpty && up.allSatisfy { abs($0.vy + 50) < 1e-3 && $0.y <= 100 })
            }
        }

        @Test func emissionAnglesFollowCoreAnimation() {
            withManualClock {
                // Longitude π/2 with y down: straight down the screen.
                let down = particles(
                    emitter {
                        $0.emissionRange = 0; $0.emissionLongitude = .pi / 2
                    }, at: 0.5)
                #expect(down.allSatisfy { abs($0.vx) < 1e-3 && abs($0.vy - 50) < 1e-3 && $0.vz == 0 })
                #expect(down.allSatisfy { abs($0.x - 100) < 1e-3 && $0.y >= 100 })
                // Latitude π/2: towards the viewer (+z).
                let out = particles(
                    emitter {
                        $0.emissionRange = 0; $0.emissionLatitude = .pi / 2
                    }, at: 0.5)
                #expect(out.allSatisfy { abs($0.vz - 50) < 1e-3 && abs($0.vx) < 1e-3 })
                // A cone of apex angle π/2 about +x: every direction within π/4 of it.
                let cone = particles(emitter { $0.emissionRange = .pi / 2 }, at: 0.5)
                #expect(cone.allSatisfy { $0.vx / 50 >= cos(Float.pi / 4) - 1e-4 })
            }
        }

        @Test func speedsAreChangesPerSecond() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 1
                    $0.scaleSpeed = 0.5
                    $0.spin = 1
                    $0.alphaSpeed = -0.25
                    $0.redSpeed = 5
                    $0.yAcceleration = 10
                    $0.velocity = 0
                }
                // The one particle, born at the end of the step that reached 1 birth (1 s).
                let p = particles(layer, at: 1.5)
                #expect(p.count == 1)
                let age = p[0].age
                #expect(abs(age - 0.5) < 1e-4)
                #expect(abs(p[0].scale - (1 + 0.5 * age)) < 1e-4)
                #expect(abs(p[0].angle - age) < 1e-4)
                #expect(abs(p[0].a - (1 - 0.25 * age)) < 1e-4)
                #expect(p[0].r == 1)  // clamped
                #expect(abs(p[0].vy - 10 * age) < 1e-3)
            }
        }

        @Test func subCellsEmitFromTheirParentRelativeToItsDirection() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 1
                    $0.lifetime = 5
                    $0.emissionRange = 0
                    $0.emissionLongitude = .pi / 2  // the parent moves down
                    let child = CAEmitterCell()
                    child.name = "child"
                    child.birthRate = 30
                    child.lifetime = 5
                    child.velocity = 20
                    child.emissionLongitude = .pi / 2  // a quarter turn from the parent's direction
                    $0.emitterCells = [child]
                }
                let system = layer.advanceParticles(toLocalTime: 1.5)
                let parent = system.pools[0].particles, children = system.pools[1].particles
                #expect(parent.count == 1 && children.count >= 10)
                // Down turned a quarter: towards −x.
                #expect(children.allSatisfy { abs($0.vx + 20) < 1e-3 && abs($0.vy) < 1e-3 })
                #expect(children.allSatisfy { abs($0.x - 100) <= 20 && $0.y > 100 })
            }
        }

        /// "The scale and color of fireworkCell are inherited by trailCell" (Apple's reference,
        /// `CAEmitterCell.emitterCells`): a sub-particle's scale and colour are its cell's times
        /// its parent particle's when it is born.
        @Test func subParticlesInheritTheirParentsScaleAndColour() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 1
                    $0.lifetime = 5
                    $0.scale = 0.5
                    $0.color = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.8)
                    let trail = CAEmitterCell()
                    trail.name = "trail"
                    trail.birthRate = 30
                    trail.lifetime = 5
                    trail.scale = 0.5
                    trail.color = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)
                    $0.emitterCells = [trail]
                }
                let system = layer.advanceParticles(toLocalTime: 1.5)
                let trails = system.pools[1].particles
                #expect(system.pools[0].count == 1 && trails.count >= 10)
                #expect(trails.allSatisfy { abs($0.scale - 0.25) < 1e-6 })
                #expect(
                    trails.allSatisfy { abs($0.r - 0.5) < 1e-6 && abs($0.g - 0.5) < 1e-6 && abs($0.b - 0.25) < 1e-6 })
                #expect(trails.allSatisfy { abs($0.a - 0.8) < 1e-6 })
            }
        }

        @Test func cellTimingLimitsEmission() {
            withManualClock {
                let layer = emitter {
                    $0.beginTime = 1; $0.duration = 0.5; $0.lifetime = 10
                }
                #expect(particles(layer, at: 0.99).isEmpty)
                #expect(particles(layer, at: 3).count == 30)  // 60 a second for 0.5 s
                let slow = emitter {
                    $0.speed = 0.5; $0.lifetime = 10
                }
                #expect(particles(slow, at: 2).count == 60)  // half the rate in the emitter's time
            }
        }

        @Test func catchUpIsCappedWithAWarning() {
            withManualClock {
                let layer = emitter { $0.lifetime = 1 }
                let (system, warnings) = Diagnostics.capture { layer.advanceParticles(toLocalTime: 100_000) }
                #expect(system.lastStepCount == 7200)
                #expect(warnings.count == 1 && warnings[0].contains("at most 60 s per frame"))
                #expect(system.pools[0].count == 60)
                // Steady playback simulates only the new steps.
                let next = layer.advanceParticles(toLocalTime: 100_000 + 1.0 / 60)
                #expect(next.lastStepCount == 2)
            }
        }

        /// A catch-up of 1 200 steps of about 12 000 particles is 1.4·10⁷ updates: over a budget
        /// of 2·10⁶, the frame goes on from no particles for the last steps as much again affords
        /// (here more than a lifetime, so the count is that of a full simulation), warned once
        /// (#24: 7 200 steps of 100 000 particles were tens of seconds).
        @Test func catchUpWorkIsBudgeted() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 12_000; $0.lifetime = 1
                }
                layer.advanceParticles(toLocalTime: 0).stepWorkBudget = 2_000_000
                let (system, warnings) = Diagnostics.capture { layer.advanceParticles(toLocalTime: 10) }
                #expect(
                    warnings.count == 1 && warnings[0].contains("budget of 2000000 particle updates"), "\(warnings)")
                #expect(abs(system.liveCount - 12_000) < 600, "\(system.liveCount)")
            }
        }

        @Test func theParticleBudgetIsKept() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 1_000_000; $0.lifetime = 10
                }
                let (system, warnings) = Diagnostics.capture { layer.advanceParticles(toLocalTime: 0.5) }
                #expect(system.liveCount == ParticleSystem.particleBudget)
                #expect(system.pools[0].count == 100_000)
                #expect(warnings.count == 1 && warnings[0].contains("100000 live particles"))
            }
        }

        @Test func animatedRatesActAtEachStepsTime() {
            withManualClock {
                let layer = emitter {
                    $0.birthRate = 0; $0.lifetime = 10
                }
                let ramp = CABasicAnimation(keyPath: "emitterCells.p.birthRate")
                ramp.fromValue = 0
                ramp.toValue = 120
                ramp.duration = 1
                ramp.timingFunction = CAMediaTimingFunction(name: .linear)
                ramp.fillMode = .forwards
                ramp.isRemovedOnCompletion = false
                layer.add(ramp, forKey: "ramp")
                frame(at: 0)
                // ∫ 120 t dt over 1 s = 60 particles, simulated in one jump.
                let n = particles(layer, at: 1).count
                #expect(abs(n - 60) <= 1)
            }
        }

        @Test func aFinishedAnimationStillCountsWhenAFrameJumpsOverIt() {
            withManualClock {
                let layer = emitter { $0.lifetime = 10 }
                layer.birthRate = 0
                let host = CALayerHost(rootLayer: layer)
                defer { host.detach() }
                frame(at: 0)
                frame(at: 0.5)
                let burst = CABasicAnimation(keyPath: "birthRate")
                burst.fromValue = 1
                burst.toValue = 1
                burst.duration = 0.25
                layer.add(burst, forKey: "burst")
                frame(at: 0.5)
                frame(at: 1.2)  // the animation ended at 0.75 and is removed here
                #expect(layer.animationKeys() == nil)
                #expect(particles(layer, at: 1.2).count == 15)  // 60 a second for 0.25 s
            }
        }
    }
}
