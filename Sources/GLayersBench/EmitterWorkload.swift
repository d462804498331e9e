/// The emitter workload of the benchmarks (`glayers bench --emitter N`): one `CAEmitterLayer`
/// whose steady state holds N live 64×64 particles sharing one image (the snowfall's flake),
/// drifting and turning over the whole frame — the snowfall's picture made by the particle
/// system instead of N animated layers. Built with the public Core Animation API.
import Foundation
import GLayers
import GLayersGraphics
import GLayersHost

/// Builds emitter scenes and measures the particle simulation alone.
public enum EmitterWorkload {
    /// Seconds a particle lives: the layer emits N / `lifetime` particles a second.
    public static let lifetime: Float = 4

    /// A root layer of `size` with an emitter of `count` live particles from its first frame
    /// (its `beginTime` lies `lifetime` + 1 s before media time 0, so the first frame simulates
    /// up to the steady state).
    public static func makeScene(count: Int, size: CGSize, seed: UInt32 = 12345) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(red: 0.05, green: 0.07, blue: 0.15, alpha: 1)
        root.addSublayer(makeEmitter(count: count, size: size, seed: seed))
        return root
    }

    /// The emitter layer of the workload, filling `size`.
    public static func makeEmitter(count: Int, size: CGSize, seed: UInt32 = 12345) -> CAEmitterLayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(origin: .zero, size: size)
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
        emitter.emitterSize = size
        emitter.emitterShape = .rectangle
        emitter.seed = seed
        emitter.beginTime = -Double(lifetime) - 1
        let flake = CAEmitterCell()
        flake.name = "flake"
        flake.contents = SnowfallWorkload.flakeImage()
        flake.birthRate = Float(count) / lifetime
        flake.lifetime = lifetime
        flake.velocity = 40
        flake.velocityRange = 20
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = .pi / 2
        flake.spinRange = 2
        flake.alphaSpeed = -0.1
        emitter.emitterCells = [flake]
        return emitter
    }

    /// The particle simulation alone of an emitter of `count` particles at its steady state:
    /// `frames` advances of 1/60 s each (two steps), after `warmup` ones; milliseconds per frame.
    public static func simulationTimes(count: Int, size: CGSize, frames: Int, warmup: Int = 20) -> FrameTimes {
        let emitter = makeEmitter(count: count, size: size)
        let start = Double(lifetime) + 1
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for f in 0..<(warmup + frames) {
            let t0 = MonotonicClock.now
            emitter.simulateParticles(toLocalTime: start + Double(f) / 60)
            let t1 = MonotonicClock.now
            if f >= warmup { samples.append((t1 - t0) * 1000) }
        }
        return FrameTimes(samples)
    }
}
