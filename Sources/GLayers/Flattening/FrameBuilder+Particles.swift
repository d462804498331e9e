/// Flattening, particles: an emitter layer's live particles become draw items of the current
/// pass, above the layer's background and contents and below its sublayers — one item per
/// particle: its cell's image (`contentsRect` of it) centred on the particle, scaled and turned,
/// tinted by the particle's colour, with the layer's opacity and clip.
///
/// Items of one cell share its image, so the renderer draws a cell's particles in one instanced
/// draw wherever they are consecutive: always in the `unordered` and `additive` render modes
/// (cell by cell; `additive` blends with `BlendMode.plusLighter`), and as far as the order
/// allows in `oldestFirst`, `oldestLast` (merged by birth across cells) and `backToFront`
/// (sorted by z, far first). Without `preservesDepth` the particles lie in the layer's plane
/// (their z only orders them); with it, their z goes through the layer's 3D transform. Nothing
/// here allocates in a steady frame: the items go into the list's reused storage and the order
/// into the particle system's scratch arrays.
import Foundation
import GLayersGraphics
import GLayersRenderList

extension FrameBuilder {
    /// Advances an emitter layer's particles to its time, given its superlayer's time (before its
    /// presented state is read: the steps may evaluate its animations at their own times).
    func advanceParticles(_ emitter: CAEmitterLayer, parentTime: CFTimeInterval) {
        emitter.advanceParticles(toLocalTime: emitter.fromParentTime(parentTime))
    }

    /// Appends the items of an emitter layer's particles (`s`: its presented state; `world`: its
    /// bounds space into the pass's item space).
    func appendParticles(
        _ emitter: CAEmitterLayer, _ s: LayerState, world: CATransform3D, opacity: Float, clip: Int32, layerIndex: Int32
    ) {
        guard let system = emitter.particleSystem, system.liveCount > 0 else { return }
        typealias E = LayerProperty.Emitter
        let mode = E.renderMode.read(s)
        let preservesDepth = E.preservesDepth.read(s)
        let w = ParticleWorld(world, flat: !preservesDepth)
        let tree = system.tree
        let presented = EmitterCellsProperty.tree(in: s) === tree ? EmitterCellsProperty.values(in: s) : tree.values
        system.cellLooks.removeAll(keepingCapacity: true)
        for (i, node) in tree.nodes.enumerated() { system.cellLooks.append(look(node, i, presented)) }
        let looks = system.cellLooks
        var stamp = ParticleStamp(
            opacity: opacity, clip: clip, layerIndex: layerIndex,
            blend: mode == .additive ? .plusLighter : .normal)
        switch mode {
        case .oldestFirst, .oldestLast:
            system.orderByBirth(newestFirst: mode == .oldestLast)
            for (pool, index) in system.drawOrder {
                guard let l = looks[Int(pool)] else { continue }
                appendParticle(system.pools[Int(pool)].particles[Int(index)], l, w, &stamp)
            }
        case .backToFront:
            system.orderByDepth()
            for (pool, index) in system.drawOrder {
                guard let l = looks[Int(pool)] else { continue }
                appendParticle(system.pools[Int(pool)].particles[Int(index)], l, w, &stamp)
            }
        default:
            for i in system.pools.indices {
                guard let l = looks[i] else { continue }
                system.pools[i].particles.withUnsafeBufferPointer { ps in
                    for particle in ps { appendParticle(particle, l, w, &stamp) }
                }
            }
        }
    }

    /// How a node's particles look this frame (nil: they draw nothing), registering its image.
    private func look(_ node: EmitterCellTree.Node, _ i: Int, _ values: [CGFloat]) -> ParticleCellLook? {
        guard node.isEnabled, let image = node.image, image.width > 0, image.height > 0 else { return nil }
        let base = i * EmitterCellSlot.count
        var source = Rect.unit
        if values.count >= base + EmitterCellSlot.count {
            let x = EmitterCellSlot.contentsX.rawValue
            source = Rect(
                x: Float(values[base + x]), y: Float(values[base + x + 1]), width: Float(values[base + x + 2]),
                height: Float(values[base + x + 3]))
        }
        guard source.isFiniteRect, source.width != 0, source.height != 0 else { return nil }
        let scale = Float(node.contentsScale > 0 ? node.contentsScale : 1)
        list.register(image, as: ImageID(image.identity))
        return ParticleCellLook(
            image: ImageID(image.identity), source: source,
            halfWidth: Float(image.width) * abs(source.width) / scale / 2,
            halfHeight: Float(image.height) * abs(source.height) / scale / 2,
            minification: textureFilter(node.minification), magnification: textureFilter(node.magnification),
            filterBias: node.filterBias)
    }

    /// Appends one particle's item.
    @inline(__always)
    private func appendParticle(_ p: Particle, _ l: ParticleCellLook, _ w: ParticleWorld, _ stamp: inout ParticleStamp)
    {
        guard p.scale > 0, p.a > 0 else { return }
        let c = cos(p.angle), s = sin(p.angle)
        let row1 = c * w.r1 + s * w.r2, row2 = c * w.r2 - s * w.r1
        let row4 = p.x * w.r1 + p.y * w.r2 + (w.flat ? 0 : p.z) * w.r3 + w.r4
        let m = Matrix4(
            SIMD16(lowHalf: SIMD8(lowHalf: row1, highHalf: row2), highHalf: SIMD8(lowHalf: w.r3, highHalf: row4)))
        let hw = l.halfWidth * p.scale, hh = l.halfHeight * p.scale
        let rect = Rect(x: -hw, y: -hh, width: 2 * hw, height: 2 * hh)
        append(
            DrawItem(
                transform: m, rect: rect, opacity: stamp.opacity,
                content: .image(
                    l.image,
                    ContentPlacement(
                        destination: rect, source: l.source, minificationFilter: l.minification,
                        magnificationFilter: l.magnification, minificationFilterBias: l.filterBias)),
                clip: stamp.clip, blend: stamp.blend, layerIndex: stamp.layerIndex,
                contentTint: Color(r: p.r * p.a, g: p.g * p.a, b: p.b * p.a, a: p.a)))
    }
}

/// What the items of one node's particles share in a frame.
struct ParticleCellLook {
    var image: ImageID
    var source: Rect
    var halfWidth: Float
    var halfHeight: Float
    var minification: TextureFilter
    var magnification: TextureFilter
    var filterBias: Float
}

/// What every particle item of a layer shares.
private struct ParticleStamp {
    var opacity: Float
    var clip: Int32
    var layerIndex: Int32
    var blend: BlendMode
}

/// The emitter layer's world matrix as float rows; `flat`: particles lie in the layer's plane.
private struct ParticleWorld {
    var r1: SIMD4<Float>, r2: SIMD4<Float>, r3: SIMD4<Float>, r4: SIMD4<Float>
    var flat: Bool

    init(_ t: CATransform3D, flat: Bool) {
        r1 = SIMD4(Float(t.m11), Float(t.m12), Float(t.m13), Float(t.m14))
        r2 = SIMD4(Float(t.m21), Float(t.m22), Float(t.m23), Float(t.m24))
        r3 = SIMD4(Float(t.m31), Float(t.m32), Float(t.m33), Float(t.m34))
        r4 = SIMD4(Float(t.m41), Float(t.m42), Float(t.m43), Float(t.m44))
        self.flat = flat
    }
}

extension Rect {
    /// Whether every field is finite.
    fileprivate var isFiniteRect: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}
