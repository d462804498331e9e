import Foundation
import GLayersRenderList
import Testing

@testable import GLayers

extension ClockTests {
    /// Particles in the render list (#12): one item per live particle, its cell's image tinted by
    /// its colour, above the layer's own item and below its sublayers; the render modes' orders
    /// and additive blending; `preservesDepth`.
    @Suite struct ParticleFlatteningTests {
        let image = try? CGImage(width: 8, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 128))

        /// An emitter with cells named `names`, each emitting 60 particles a second for 2 s.
        func emitter(_ names: [String] = ["a"], _ setup: (CAEmitterLayer) -> Void = { _ in }) -> CAEmitterLayer {
            let layer = CAEmitterLayer()
            layer.frame = CGRect(x: 10, y: 20, width: 100, height: 100)
            layer.emitterPosition = CGPoint(x: 50, y: 50)
            layer.emitterCells = names.map { name in
                let c = CAEmitterCell()
                c.name = name
                c.birthRate = 60
                c.lifetime = 2
                c.velocity = 30
                c.emissionRange = .pi * 2
                c.contents = image
                c.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
                return c
            }
            setup(layer)
            return layer
        }

        func list(_ root: CALayer, at t: CFTimeInterval) -> RenderList {
            frame(at: t)
            return FrameBuilder().build(root: root, at: t, size: CGSize(width: 200, height: 200), scale: 1)
        }

        func particleItems(_ list: RenderList) -> [DrawItem] { list.items.filter { $0.contentTint != nil } }

        @Test func oneTintedItemPerParticle() {
            withManualClock {
                let layer = emitter()
                let items = particleItems(list(layer, at: 1))
                #expect(items.count == layer.particleSystem?.liveCount && items.count == 60)
                let first = items[0]
                #expect(first.rect == Rect(x: -4, y: -2, width: 8, height: 4))
                #expect(first.contentTint == Color(r: 0.5, g: 0.25, b: 0, a: 0.5))
                #expect(first.blend == .normal)
                guard case .image(_, let placement) = first.content else { return #expect(Bool(false)) }
                #expect(placement.destination == first.rect && placement.source == .unit)
                // The layer's frame origin moves the particles: the newest, at the emitter's point.
                let newest = items.last?.transform.project(0, 0)
                #expect(newest.map { abs($0.0 - 60) < 1e-3 && abs($0.1 - 70) < 1e-3 } == true)
            }
        }

        @Test func particlesLieAboveTheLayerAndBelowItsSublayers() {
            withManualClock {
                let layer = emitter { $0.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
                let sub = CALayer()
                sub.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                sub.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                layer.addSublayer(sub)
                let items = list(layer, at: 1).items
                #expect(items.first?.contentTint == nil && items.first?.background.b == 1)
                #expect(items.last?.contentTint == nil && items.last?.background.g == 1)
                #expect(items.dropFirst().dropLast().allSatisfy { $0.contentTint != nil })
            }
        }

        @Test func unorderedAndAdditiveDrawCellByCell() {
            withManualClock {
                let other = try? CGImage(width: 4, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 64))
                let layer = emitter(["a", "b"]) {
                    $0.renderMode = .additive
                    $0.emitterCells?[1].contents = other
                    $0.emitterCells = $0.emitterCells
                }
                let items = particleItems(list(layer, at: 1))
                let widths = items.map(\.rect.width)
                #expect(items.count == 120 && items.allSatisfy { $0.blend == .plusLighter })
                // All of the first cell's particles, then all of the second's: two runs.
                let runs = zip(widths, widths.dropFirst()).filter { $0 != $1 }.count + 1
                #expect(runs == 2)
            }
        }

        @Test func orderedModesFollowBirthOrDepth() {
            withManualClock {
                for mode in [CAEmitterLayerRenderMode.oldestFirst, .oldestLast, .backToFront] {
                    let layer = emitter(["a", "b"]) { $0.renderMode = mode }
                    let built = list(layer, at: 1)
                    let system = layer.particleSystem
                    let order = system?.drawOrder.map { system?.pools[Int($0.pool)].particles[Int($0.index)] } ?? []
                    #expect(order.count == 120 && particleItems(built).count == 120)
                    let keys = order.compactMap { $0 }
                    switch mode {
                    case .oldestFirst: #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.ordinal < $1.ordinal })
                    case .oldestLast: #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.ordinal > $1.ordinal })
                    default: #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.z <= $1.z })
                    }
                }
            }
        }

        @Test func preservesDepthKeepsTheParticlesZ() {
            withManualClock {
                let flat = emitter { $0.emitterZPosition = 40 }
                #expect(particleItems(list(flat, at: 1)).allSatisfy { $0.transform.m[14] == 0 })
                let deep = emitter {
                    $0.emitterZPosition = 40
                    $0.preservesDepth = true
                }
                #expect(particleItems(list(deep, at: 1)).allSatisfy { abs($0.transform.m[14] - 40) < 30 })
            }
        }

        /// A cell's `minificationFilter`, `magnificationFilter` and `minificationFilterBias`
        /// sample its particles' image, as a layer's sample its contents.
        @Test func cellsFiltersReachTheirParticlesItems() throws {
            try withManualClock {
                let layer = emitter(["a", "b"]) {
                    $0.emitterCells?[0].minificationFilter = CALayerContentsFilter.trilinear.rawValue
                    $0.emitterCells?[0].magnificationFilter = CALayerContentsFilter.nearest.rawValue
                    $0.emitterCells?[0].minificationFilterBias = 0.5
                    $0.emitterCells = $0.emitterCells
                }
                let items = particleItems(list(layer, at: 1))
                #expect(items.count == 120)
                var filters: [(TextureFilter, TextureFilter, Float)] = []
                for item in items {
                    guard case .image(_, let p) = item.content else { return #expect(Bool(false)) }
                    filters.append((p.minificationFilter, p.magnificationFilter, p.minificationFilterBias))
                }
                // Cell by cell (unordered): "a"'s 60, then "b"'s with the defaults.
                let first = try #require(filters.first), last = try #require(filters.last)
                #expect(first == (.trilinear, .nearest, 0.5) && last == (.linear, .linear, 0))
                #expect(filters.filter { $0 == (.trilinear, .nearest, 0.5) }.count == 60)
            }
        }

        @Test func disabledCellsAndCellsWithoutContentsDrawNothing() {
            withManualClock {
                let layer = emitter(["a", "b"]) {
                    $0.emitterCells?[0].isEnabled = false
                    $0.emitterCells?[1].contents = nil
                    $0.emitterCells = $0.emitterCells
                }
                #expect(particleItems(list(layer, at: 1)).isEmpty)
                #expect(layer.particleSystem?.pools[1].count == 60)
            }
        }
    }
}
