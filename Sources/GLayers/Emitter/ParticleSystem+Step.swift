/// One simulation step of an emitter's particles (1/120 s of the layer's time), in this order:
/// every particle moves (velocity += acceleration·h, position += velocity·h), ages, grows
/// (`scaleSpeed`), turns (`spin`) and changes colour (the colour speeds, each channel kept in
/// 0…1), and those at the end of their lifetime go; then live particles emit their sub-cells;
/// then the layer emits its own cells from the emission shape. h is the step times the cell's
/// `speed`. Births owed carry their fractions to the next step, so a cell emits exactly its
/// `birthRate` × layer `birthRate` per second on average.
///
/// A newborn particle: lifetime (`lifetime` ± `lifetimeRange`) × layer `lifetime`; speed
/// (`velocity` ± `velocityRange`) × layer `velocity` in a random direction of the emission
/// cone; scale (`scale` ± `scaleRange`) and `scaleSpeed` × layer `scale`; rotation 0 and spin
/// (`spin` ± `spinRange`) × layer `spin`; colour `color` ± the channel ranges, clamped. Each
/// "±" is uniform over [mean − range, mean + range]. A sub-cell's particles start at their
/// parent's position, their emission angles relative to the parent's direction of motion,
/// their scale and colour multiplied by the parent's at that moment.
import Foundation

extension ParticleSystem {
    /// Simulates step `k` with the layer's values `p`.
    func simulate(step k: Int64, _ p: EmitterParameters, owner: () -> String) {
        adopt(p.tree)
        for key in p.negative { warnOnce("\(owner()): \(key) is negative; it counts as 0 (no particles)") }
        let dt = Float(1 / Self.stepsPerSecond)
        var rng = ParticleRandom(seed: p.seed, step: k)
        for i in pools.indices {
            move(i, p, h: dt * Float(tree.nodes[i].timing.rate))
            liveCount -= pools[i].removeDead()
        }
        for i in pools.indices where !tree.nodes[i].children.isEmpty {
            emitSubCells(of: i, p, dt: dt, &rng, owner: owner)
        }
        let time = Double(k) / Self.stepsPerSecond
        for r in tree.roots { emitFromShape(r, p, dt: dt, time: time, &rng, owner: owner) }
    }

    /// Moves, ages, grows, turns and colours the particles of node `i` by `h` seconds.
    private func move(_ i: Int, _ p: EmitterParameters, h: Float) {
        guard pools[i].count > 0 else { return }
        let a = SIMD3(p.value(i, .xAcceleration), p.value(i, .yAcceleration), p.value(i, .zAcceleration)) * h
        pools[i].particles.withUnsafeMutableBufferPointer { ps in
            for j in ps.indices {
                ps[j].vx += a.x
                ps[j].vy += a.y
                ps[j].vz += a.z
                ps[j].x += ps[j].vx * h
                ps[j].y += ps[j].vy * h
                ps[j].z += ps[j].vz * h
                ps[j].age += h
                ps[j].scale += ps[j].scaleSpeed * h
                ps[j].angle += ps[j].spin * h
                ps[j].r = min(max(ps[j].r + ps[j].dr * h, 0), 1)
                ps[j].g = min(max(ps[j].g + ps[j].dg * h, 0), 1)
                ps[j].b = min(max(ps[j].b + ps[j].db * h, 0), 1)
                ps[j].a = min(max(ps[j].a + ps[j].da * h, 0), 1)
            }
        }
    }

    /// The layer emits its cell `r` from the emission shape.
    private func emitFromShape(
        _ r: Int, _ p: EmitterParameters, dt: Float, time: Double, _ rng: inout ParticleRandom, owner: () -> String
    ) {
        let node = tree.nodes[r]
        guard node.isEnabled, node.timing.isActive(atParentTime: time) else { return }
        let rate = Double(max(0, p.value(r, .birthRate)) * p.birthRate) * node.timing.rate
        pools[r].emitterOwed += rate * Double(dt)
        let n = Int(min(pools[r].emitterOwed, 1e9))
        pools[r].emitterOwed -= Double(n)
        for _ in 0..<allowed(n, owner) {
            let at = EmissionGeometry.point(p.shape, p.mode, center: p.position, size: p.size, &rng)
            if let born = particle(of: r, p, at: at, heading: (0, 0), &rng) {
                pools[r].append(born)
                liveCount += 1
            }
        }
    }

    /// The live particles of node `i` emit its sub-cells.
    private func emitSubCells(
        of i: Int, _ p: EmitterParameters, dt: Float, _ rng: inout ParticleRandom, owner: () -> String
    ) {
        let children = tree.nodes[i].children, stride = children.count
        guard tree.nodes[i].isEnabled else { return }
        for (k, c) in children.enumerated() {
            let child = tree.nodes[c]
            guard child.isEnabled else { continue }
            let perParent = Double(max(0, p.value(c, .birthRate)) * p.birthRate) * child.timing.rate * Double(dt)
            guard perParent > 0 else { continue }
            for j in 0..<pools[i].count {
                let parent = pools[i].particles[j]
                guard child.timing.isActive(atParentTime: Double(parent.age)) else { continue }
                let slot = j * stride + k
                pools[i].owed[slot] += perParent
                let n = Int(min(pools[i].owed[slot], 1e9))
                pools[i].owed[slot] -= Double(n)
                guard n > 0 else { continue }
                let at = SIMD3(parent.x, parent.y, parent.z)
                let heading = EmissionGeometry.heading(SIMD3(parent.vx, parent.vy, parent.vz))
                for _ in 0..<allowed(n, owner) {
                    if let born = particle(of: c, p, at: at, heading: heading, parent: parent, &rng) {
                        pools[c].append(born)
                        liveCount += 1
                    }
                }
            }
        }
    }

    /// How many of `n` births the budget allows (warning once when it drops some).
    private func allowed(_ n: Int, _ owner: () -> String) -> Int {
        let room = max(0, Self.particleBudget - liveCount)
        if n > room {
            warnOnce(
                "\(owner()): \(Self.particleBudget) live particles, the budget of one emitter layer; births are "
                    + "dropped until particles die (lower birthRate or lifetime)")
        }
        return min(n, room)
    }

    /// A newborn particle of node `c` at `at`, its emission angles relative to `heading`, its
    /// scale and colour multiplied by those of the `parent` particle that emits it (Apple:
    /// "the scale and color of fireworkCell are inherited by trailCell"); nil when its lifetime
    /// is not positive (it would die at once).
    private func particle(
        of c: Int, _ p: EmitterParameters, at: SIMD3<Float>, heading: (longitude: Float, latitude: Float),
        parent: Particle? = nil, _ rng: inout ParticleRandom
    ) -> Particle? {
        func spread(_ mean: EmitterCellSlot, _ range: EmitterCellSlot) -> Float {
            p.value(c, mean) + p.value(c, range) * rng.symmetric()
        }
        let direction = EmissionGeometry.direction(
            latitude: p.value(c, .emissionLatitude) + heading.latitude,
            longitude: p.value(c, .emissionLongitude) + heading.longitude, range: p.value(c, .emissionRange), &rng)
        let lifetime = spread(.lifetime, .lifetimeRange) * p.lifetime
        let speed = spread(.velocity, .velocityRange) * p.velocity
        let scale = spread(.scale, .scaleRange) * p.scale * (parent?.scale ?? 1)
        let spin = spread(.spin, .spinRange) * p.spin
        func channel(_ mean: EmitterCellSlot, _ range: EmitterCellSlot) -> Float { min(max(spread(mean, range), 0), 1) }
        var r = channel(.red, .redRange), g = channel(.green, .greenRange)
        var b = channel(.blue, .blueRange), a = channel(.alpha, .alphaRange)
        if let parent {
            (r, g, b, a) = (r * parent.r, g * parent.g, b * parent.b, a * parent.a)
        }
        guard lifetime > 0, lifetime.isFinite else { return nil }
        defer { nextOrdinal += 1 }
        let v = direction * speed
        return Particle(
            x: at.x, y: at.y, z: at.z, vx: v.x, vy: v.y, vz: v.z, age: 0, lifetime: lifetime, scale: scale,
            scaleSpeed: p.value(c, .scaleSpeed) * p.scale, angle: 0, spin: spin, r: r, g: g, b: b, a: a,
            dr: p.value(c, .redSpeed), dg: p.value(c, .greenSpeed), db: p.value(c, .blueSpeed),
            da: p.value(c, .alphaSpeed), ordinal: nextOrdinal)
    }
}
