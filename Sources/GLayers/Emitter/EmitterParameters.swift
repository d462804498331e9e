/// What one simulation step reads of an emitter layer's presented state: the cells (snapshot
/// and numbers), the layer's multipliers and its emission shape. Read once per frame when the
/// layer has no animations, else at every step's time (so an animated `birthRate` or
/// `emitterCells.NAME.velocity` acts at the moments it has each value, also when a frame is
/// simulated from the start).
import Foundation
import GLayersGraphics

/// The emission shape, from `CAEmitterLayerEmitterShape` (unknown names: a point).
enum EmissionShape: UInt8 {
    case point, line, rectangle, cuboid, circle, sphere

    init(_ s: CAEmitterLayerEmitterShape) {
        switch s {
        case .line: self = .line
        case .rectangle: self = .rectangle
        case .cuboid: self = .cuboid
        case .circle: self = .circle
        case .sphere: self = .sphere
        default: self = .point
        }
    }
}

/// The part of the shape particles start from, from `CAEmitterLayerEmitterMode` (unknown
/// names: the volume).
enum EmissionMode: UInt8 {
    case points, outline, surface, volume

    init(_ m: CAEmitterLayerEmitterMode) {
        switch m {
        case .points: self = .points
        case .outline: self = .outline
        case .surface: self = .surface
        default: self = .volume
        }
    }
}

/// An emitter layer's values at one step.
struct EmitterParameters {
    typealias E = LayerProperty.Emitter

    var tree = EmitterCellTree.empty
    /// The cells' numbers (`EmitterCellSlot.count` per node of `tree`).
    var values: [CGFloat] = []
    /// The layer's multipliers (birth rate and lifetime never negative).
    var birthRate: Float = 1, lifetime: Float = 1, velocity: Float = 1, scale: Float = 1, spin: Float = 1
    /// The shape's centre and its width, height and depth.
    var position = SIMD3<Float>(0, 0, 0)
    var size = SIMD3<Float>(0, 0, 0)
    var shape = EmissionShape.point
    var mode = EmissionMode.volume
    var seed: UInt32 = 0
    /// The multipliers that were negative (counted as 0; the simulation warns once).
    var negative: [String] = []

    init() {}

    /// The values in `s`, an emitter layer's presented (or model) state.
    init(_ s: LayerState) {
        tree = EmitterCellsProperty.tree(in: s)
        values = EmitterCellsProperty.values(in: s)
        if values.count != tree.nodes.count * EmitterCellSlot.count { values = tree.values }
        func number(_ p: StoredProperty<CGFloat>) -> Float {
            let v = Float(p.read(s))
            return v.isFinite ? v : 0
        }
        birthRate = number(E.birthRate)
        lifetime = number(E.lifetime)
        if birthRate < 0 || lifetime < 0 {
            negative = [birthRate < 0 ? "birthRate" : nil, lifetime < 0 ? "lifetime" : nil].compactMap { $0 }
            (birthRate, lifetime) = (max(0, birthRate), max(0, lifetime))
        }
        velocity = number(E.velocity)
        scale = number(E.scale)
        spin = number(E.spin)
        let p = E.emitterPosition.read(s), z = E.emitterZPosition.read(s)
        position = SIMD3(Float(p.x), Float(p.y), Float(z))
        let d = E.emitterSize.read(s), depth = E.emitterDepth.read(s)
        size = SIMD3(Float(d.width), Float(d.height), Float(depth))
        if !(position.x.isFinite && position.y.isFinite && position.z.isFinite) { position = .zero }
        if !(size.x.isFinite && size.y.isFinite && size.z.isFinite) { size = .zero }
        shape = EmissionShape(E.emitterShape.read(s))
        mode = EmissionMode(E.emitterMode.read(s))
        seed = CAEmitterLayer.seedValue(E.seed.read(s))
    }

    /// Number `slot` of node `node`.
    @inline(__always)
    func value(_ node: Int, _ slot: EmitterCellSlot) -> Float {
        Float(values[node &* EmitterCellSlot.count &+ slot.rawValue])
    }
}
