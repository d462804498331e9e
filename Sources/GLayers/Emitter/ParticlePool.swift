/// The particles of one cell of an emitter: plain records in birth order (the oldest first),
/// kept in storage that is reused from step to step (dead particles are compacted away in
/// place; new ones are appended), so a steady simulation allocates nothing.
import Foundation

/// One live particle, in the emitter layer's coordinates.
struct Particle {
    var x: Float, y: Float, z: Float
    var vx: Float, vy: Float, vz: Float
    /// Seconds lived and to live (in the cell's time).
    var age: Float, lifetime: Float
    var scale: Float, scaleSpeed: Float
    /// Rotation about z in radians, and its speed.
    var angle: Float, spin: Float
    /// Straight colour, each within 0…1, and how much each changes per second.
    var r: Float, g: Float, b: Float, a: Float
    var dr: Float, dg: Float, db: Float, da: Float
    /// The particle's number among all the emitter's births (orders the render modes).
    var ordinal: UInt64
}

/// The particles of one cell.
struct ParticlePool {
    /// Live particles, oldest first.
    var particles: [Particle] = []
    /// For a cell with sub-cells: per particle, per sub-cell, the births owed (fractions carry
    /// from step to step); `stride` numbers per particle.
    var owed: [Double] = []
    /// Sub-cells per particle in `owed`.
    let stride: Int
    /// For a cell of the layer: the births owed by the emitter.
    var emitterOwed: Double = 0

    init(stride: Int) { self.stride = stride }

    var count: Int { particles.count }

    /// Removes every particle, keeping the storage.
    mutating func removeAll() {
        particles.removeAll(keepingCapacity: true)
        owed.removeAll(keepingCapacity: true)
        emitterOwed = 0
    }

    /// Appends a newborn particle (with nothing owed to its sub-cells).
    @inline(__always)
    mutating func append(_ p: Particle) {
        particles.append(p)
        for _ in 0..<stride { owed.append(0) }
    }

    /// How close to its lifetime a particle's age counts as having reached it: ages add up
    /// a step at a time in floats, so a particle of lifetime 0.5 s would otherwise outlive its
    /// 60th step by rounding (far below a step, 1/120 s).
    static let ageTolerance: Float = 1e-4

    /// Removes the particles whose age reached their lifetime, keeping the others' order;
    /// returns how many were removed.
    mutating func removeDead() -> Int {
        let n = particles.count
        var kept = 0
        let stride = self.stride
        particles.withUnsafeMutableBufferPointer { ps in
            owed.withUnsafeMutableBufferPointer { debts in
                for i in 0..<n where ps[i].age + Self.ageTolerance < ps[i].lifetime {
                    if kept != i {
                        ps[kept] = ps[i]
                        for k in 0..<stride { debts[kept * stride + k] = debts[i * stride + k] }
                    }
                    kept += 1
                }
            }
        }
        guard kept < n else { return 0 }
        particles.removeLast(n - kept)
        owed.removeLast((n - kept) * stride)
        return n - kept
    }
}
