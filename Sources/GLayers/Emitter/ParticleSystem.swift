/// An emitter layer's particles over time: a deterministic simulation in fixed steps.
///
/// Takes the layer's local time and its parameters at each step's time; produces the live
/// particles of every cell (`pools`, in the snapshot's node order). It does not draw
/// (`FrameBuilder+Particles.swift` does) and does not evaluate animations (the layer hands it
/// its presented values at each step's time).
///
/// - Time: step k runs from local time k/120 s to (k+1)/120 s; the particles shown at local
///   time t are those after ⌊120 t⌋ steps from the emitter's start (local time 0, the layer's
///   `beginTime`). Random numbers come from `ParticleRandom(seed:step:)`, fresh each step: the
///   same `seed`, cells and parameters give the same particles at the same time, whatever
///   frames were asked for before.
/// - Playing forward simulates only the new steps. Asking for an earlier time simulates again
///   from the start; asking for a time more than `maximumCatchUp` seconds past the simulated
///   one simulates only its last `maximumCatchUp` seconds (from no particles, with a warning):
///   a frame costs at most 7 200 steps, and about twice `maximumStepWork` particle updates: a
///   catch-up that spends the budget goes on from no particles for the last steps that as much
///   again affords (with a warning), as one past `maximumCatchUp` does.
/// - At most `particleBudget` particles live at once; births beyond it are dropped, with a
///   warning.
/// - A model change (a new `birthRate`, new cells) counts from the next step simulated: after
///   a jump back, the steps simulated again use the current model values (animations are
///   evaluated at each step's time, so they replay exactly).
import Foundation

/// The particles of one emitter layer.
final class ParticleSystem {
    /// Simulation steps per second of the layer's time.
    static let stepsPerSecond: Double = 120
    /// The most particles one emitter layer keeps alive.
    static let particleBudget = 100_000
    /// The most seconds of the layer's time one frame simulates.
    static let maximumCatchUp: Double = 60
    /// The most particle updates (live particles summed over the steps) one frame spends
    /// catching up: 7 200 steps of 100 000 particles are 7.2·10⁸, tens of seconds (#24).
    static let maximumStepWork = 100_000_000
    /// This system's budget of particle updates a frame (`maximumStepWork`; tests lower it).
    var stepWorkBudget = ParticleSystem.maximumStepWork

    /// The cells the particles belong to (the snapshot of the last step).
    private(set) var tree = EmitterCellTree.empty
    /// The live particles of each node of `tree`.
    var pools: [ParticlePool] = []
    /// Steps simulated since the start: the particles show local time `step / stepsPerSecond`.
    private(set) var step: Int64 = 0
    /// Particles alive.
    var liveCount = 0
    /// The ordinal of the next birth.
    var nextOrdinal: UInt64 = 0
    /// Scratch of the render modes that order particles across cells (kept between frames).
    var drawOrder: [(pool: Int32, index: Int32)] = []
    var cursors: [Int] = []
    /// Scratch of flattening: how each node's particles look this frame.
    var cellLooks: [ParticleCellLook?] = []
    /// How many steps the last `advance` simulated (for benchmarks and tests).
    private(set) var lastStepCount = 0
    private var warnings = Set<String>()

    /// The step the particles show at local time `t` (0 before the start).
    static func step(at t: Double) -> Int64 {
        guard t > 0 else { return 0 }
        return Int64((min(t, 1e15) * stepsPerSecond + 1e-6).rounded(.down))
    }

    /// Advances (or rewinds) the particles to the layer's local time `t`.
    ///
    /// - `parameters(τ)` gives the layer's values at local time τ; with `varies` false it is
    ///   asked once (the layer has no animations), else at every step's start.
    /// - `owner` names the layer in warnings.
    func advance(
        to t: Double, owner: @autoclosure () -> String, varies: Bool, parameters: (Double) -> EmitterParameters
    ) {
        let target = Self.step(at: t)
        if target < step { reset() }
        let limit = Int64(Self.maximumCatchUp * Self.stepsPerSecond)
        if target - step > limit {
            warnOnce(
                "\(owner()): the frame asks for \(Int(Double(target - step) / Self.stepsPerSecond)) s of particle "
                    + "simulation (from the layer's beginTime); glayers simulates at most \(Int(Self.maximumCatchUp)) s "
                    + "per frame, so particles older than that are missing (set the layer's beginTime to the time it "
                    + "should start emitting)")
            reset()
            step = target - limit
        }
        lastStepCount = Int(target - step)
        guard step < target else { return }
        let fixed = varies ? nil : parameters(Double(step) / Self.stepsPerSecond)
        var work = 0, jumped = false
        while step < target {
            if !jumped && work + liveCount > stepWorkBudget {
                // The budget is spent: only the last steps that as much again affords at this
                // many particles are simulated, from no particles (a frame spends at most twice
                // the budget).
                let affordable = Int64(stepWorkBudget / max(liveCount, 1))
                warnOnce(
                    "\(owner()): catching up \(target - step) steps of \(liveCount) particles is over the frame's "
                        + "budget of \(stepWorkBudget) particle updates; particles older than "
                        + "\(Double(affordable) / Self.stepsPerSecond) s are missing")
                reset()
                step = max(target - affordable, 0)
                jumped = true
                continue
            }
            work += liveCount
            let p = fixed ?? parameters(Double(step) / Self.stepsPerSecond)
            simulate(step: step, p, owner: owner)
            step += 1
        }
    }

    /// Back to the start: no particles, nothing owed.
    func reset() {
        for i in pools.indices { pools[i].removeAll() }
        step = 0
        liveCount = 0
        nextOrdinal = 0
    }

    /// Uses `newTree` from now on: the particles of cells in the same place (by name, else by
    /// position) carry over, the others go.
    func adopt(_ newTree: EmitterCellTree) {
        guard newTree !== tree else { return }
        defer { tree = newTree }
        if newTree.hasSameShape(as: tree) && pools.count == newTree.nodes.count { return }
        var old: [String: ParticlePool] = [:]
        for (i, node) in tree.nodes.enumerated() where i < pools.count { old[node.identity] = pools[i] }
        pools = newTree.nodes.map { node in
            if let kept = old[node.identity], kept.stride == node.children.count { return kept }
            return ParticlePool(stride: node.children.count)
        }
        liveCount = pools.reduce(0) { $0 + $1.count }
    }

    /// Reports `message` the first time this system meets it.
    func warnOnce(_ message: String) {
        guard warnings.insert(message).inserted else { return }
        Diagnostics.warn(message)
    }
}

extension CALayer {
    /// Before a change of an emitter layer's model values or animations: its particles are
    /// brought up to the current time with the values and animations they had, so the change
    /// counts from now also when a later frame simulates the whole interval at once (a scene
    /// shot at 1.2 s after a key press at 0.5 s whose animation ended at 0.75 s). Only for
    /// live layers, whose time runs; other layers return at once (a plain `CALayer` by its
    /// class alone).
    func particlesWillChange() {
        guard ObjectIdentifier(type(of: self)) != ObjectIdentifier(CALayer.self), !isPresentationCopy,
            let emitter = self as? CAEmitterLayer, emitter.isLive
        else { return }
        emitter.advanceParticles(toLocalTime: localTime(atMediaTime: CACurrentMediaTime()))
    }
}

extension CAEmitterLayer {
    /// Advances the layer's particles to its local time `t` (making its particle system on first
    /// use) and returns them. The parameters of each step are the presented values at the step's
    /// time when the layer has animations, its model values otherwise.
    @discardableResult
    final func advanceParticles(toLocalTime t: CFTimeInterval) -> ParticleSystem {
        let system: ParticleSystem
        if let existing = particleSystem {
            system = existing
        } else {
            system = ParticleSystem()
            particleSystem = system
        }
        let animated = isAnimated
        system.advance(to: t, owner: self.diagnosticName, varies: animated) { tau in
            EmitterParameters(animated ? self.presentedState(atLocalTime: tau) : self.layerState)
        }
        return system
    }

    /// Advances the particles to the layer's local time `t` and returns how many live (for
    /// benchmarks, which time the simulation alone).
    /// The most particles one emitter layer keeps alive (births beyond wait for deaths).
    package static var particleBudget: Int { ParticleSystem.particleBudget }

    @discardableResult
    package final func simulateParticles(toLocalTime t: CFTimeInterval) -> Int {
        advanceParticles(toLocalTime: t).liveCount
    }

    /// How many particles the layer's model values keep alive once births and deaths balance:
    /// each cell's birth rate × its mean lifetime (× the layer's multipliers), times the live
    /// particles of its parent cell for a sub-cell (each emits it). Disabled cells count 0.
    /// Scenes compare it with `particleBudget`.
    package final var steadyParticleCount: Double {
        let p = EmitterParameters(layerState)
        var counts = [Double](repeating: 0, count: p.tree.nodes.count)
        guard p.values.count == counts.count * EmitterCellSlot.count else { return 0 }
        for (i, node) in p.tree.nodes.enumerated() where node.isEnabled {
            let rate = Double(max(0, p.value(i, .birthRate))) * Double(p.birthRate)
            let life = Double(max(0, p.value(i, .lifetime))) * Double(p.lifetime)
            counts[i] = (node.parent < 0 ? 1 : counts[node.parent]) * rate * life
        }
        return counts.reduce(0, +)
    }
}
