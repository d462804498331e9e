import Foundation
import GLayers
import GLayersRenderList
import Testing

extension ClockTests {
    /// The cache key of a `shouldRasterize` pass (#10): derived from what the pass draws this
    /// frame, so it changes with any change of the drawing and with nothing else.
    @Suite struct RasterizationCache {
        /// A 100×100 root holding a rasterized 40×40 `card` at (10, 10), whose sublayer `dot` is
        /// a 10×10 red square centred at (15, 15).
        func scene() -> (root: CALayer, card: CALayer, dot: CALayer) {
            let root = CALayer(), card = CALayer(), dot = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            card.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            card.backgroundColor = CGColor(gray: 1, alpha: 1)
            card.shouldRasterize = true
            dot.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
            dot.backgroundColor = red
            root.addSublayer(card)
            card.addSublayer(dot)
            return (root, card, dot)
        }

        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

        /// The frame at `t`: runs the frame boundary, then flattens.
        func list(_ builder: FrameBuilder, _ root: CALayer, at t: CFTimeInterval) -> RenderList {
            frame(at: t)
            return builder.build(root: root, at: t, size: CGSize(width: 100, height: 100), scale: 1)
        }

        /// The key of the first rasterized pass at `t`.
        func key(_ builder: FrameBuilder, _ root: CALayer, at t: CFTimeInterval) -> UInt64? {
            list(builder, root, at: t).passes.lazy.compactMap(\.cacheKey).first
        }

        @Test func coloursInsideTheRasterizedLayerChangeTheKey() {
            withManualClock {
                let (root, card, dot) = scene()
                let builder = FrameBuilder()
                let first = key(builder, root, at: 0)
                dot.backgroundColor = yellow  // red and alpha unchanged: only green differs
                let sublayerYellow = key(builder, root, at: 1)
                card.backgroundColor = CGColor(gray: 0.5, alpha: 1)
                let ownGrey = key(builder, root, at: 2)
                card.rasterizationScale = 2
                let sharper = key(builder, root, at: 3)
                #expect(first != nil && Set([first, sublayerYellow, ownGrey, sharper]).count == 4)
            }
        }

        @Test func changesDeepInsideAndImagesChangeTheKey() throws {
            try withManualClock {
                let (root, card, dot) = scene()
                // The dot inside a group with opacity (a nested pass) inside a nested
                // rasterized layer.
                let inner = CALayer(), group = CALayer(), other = CALayer()
                inner.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
                inner.shouldRasterize = true
                group.frame = inner.bounds
                group.opacity = 0.5
                other.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
                other.backgroundColor = red
                card.addSublayer(inner)
                inner.addSublayer(group)
                group.sublayers = [dot, other]
                let builder = FrameBuilder()
                let nested = list(builder, root, at: 0)
                #expect(nested.passes.count == 4)
                let first = nested.passes[1...].compactMap(\.cacheKey)
                dot.backgroundColor = yellow
                let deep = key(builder, root, at: 1)
                dot.contents = try image(4)
                let withImage = key(builder, root, at: 2)
                dot.contents = try image(4)  // same size and pixels, another image
                let otherImage = key(builder, root, at: 3)
                #expect(first.count == 2 && Set([first.first, deep, withImage, otherImage]).count == 4)
            }
        }

        @Test func animatedSublayersAreDrawnAndKeyedAtTheFrameTime() {
            withManualClock {
                let (root, _, dot) = scene()
                let move = CABasicAnimation(keyPath: "position.x")
                move.fromValue = 5
                move.toValue = 25
                move.duration = 1
                dot.add(move, forKey: "move")
                frame(at: 0)  // the animation begins at this commit
                let builder = FrameBuilder()
                var keys: [UInt64?] = []
                // position.x = 5 + 20 t (linear); the item's origin is half the width left of it.
                for (t, x) in [(0.25, 5), (0.5, 10), (0.75, 15)] as [(Double, Float)] {
                    let frame = list(builder, root, at: t)
                    keys.append(frame.passes.last?.cacheKey)
                    // The dot's item in the card's pass, at the animated position (not time 0).
                    let item = frame.items(of: PassID(1)).last
                    #expect(item?.background == Color(r: 1, g: 0, b: 0, a: 1))
                    #expect(item?.transform == .translation(x, 10))
                }
                #expect(keys[0] != nil && Set(keys).count == 3)
            }
        }

        @Test func unchangedDrawingKeepsItsKey() {
            withManualClock {
                let (root, _, _) = scene()
                let builder = FrameBuilder()
                let keys = (0..<4).map { key(builder, root, at: Double($0)) }
                #expect(keys[0] != nil && Set(keys).count == 1)
                // A fresh builder, another frame: the same drawing, the same key.
                #expect(key(FrameBuilder(), root, at: 9) == keys[0])
            }
        }

        @Test func animatingTheRasterizedLayersOwnPlacementKeepsItsKey() {
            withManualClock {
                let (root, card, _) = scene()
                let builder = FrameBuilder()
                let still = key(builder, root, at: 0)
                let move = CABasicAnimation(keyPath: "position")
                move.fromValue = CGPoint(x: 30, y: 30)
                move.toValue = CGPoint(x: 70, y: 60)
                move.duration = 1
                let spin = CABasicAnimation(keyPath: "transform")
                spin.fromValue = CATransform3DIdentity
                spin.toValue = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                spin.duration = 1
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1
                fade.toValue = 0.5
                fade.duration = 1
                card.add(move, forKey: "move")
                card.add(spin, forKey: "spin")
                card.add(fade, forKey: "fade")
                frame(at: 0)  // the animations begin at this commit
                var keys: [UInt64?] = []
                var placements: [Matrix4?] = []
                for t in [0.2, 0.4, 0.6, 0.8] {
                    let frame = list(builder, root, at: t)
                    keys.append(frame.passes.last?.cacheKey)
                    placements.append(frame.items(of: .screen).last?.transform)
                }
                // The composite item moves; the pass's content, and so its key, does not.
                #expect(Set(placements).count == 4)
                #expect(still != nil && keys.allSatisfy { $0 == still })
            }
        }

        /// A `size`×`size` opaque white image.
        func image(_ size: Int) throws -> CGImage {
            try CGImage(width: size, height: size, premultipliedRGBA: [UInt8](repeating: 255, count: size * size * 4))
        }
    }
}
