import Foundation
import GLayers
import GLayersGraphics
import Testing

/// Fills its bounds' top half red and its bottom half blue (so upside-down shows).
final class HalvesLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height / 2))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: bounds.minX, y: bounds.midY, width: bounds.width, height: bounds.height / 2))
    }
}

extension ClockTests {
    /// `CALayer.render(in:)` (docs/porting.md#rendering-a-layer-into-a-context): the model tree
    /// in the layer's own coordinate space, as the compositor paints it, without what Core
    /// Animation's reference leaves out (3D transforms, filters, masks, animations), and with
    /// what was measured on Apple's framework (shadow extent, `shadowPath` ignored, sublayers in
    /// array order).
    @Suite struct RenderInContext {
        static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

        /// `layer` rendered into a new `width × height` context.
        func render(_ layer: CALayer, width: Int = 100, height: Int = 100, scale: CGFloat = 1) throws -> CGImage {
            let ctx = try #require(CGContext.bitmap(width: width, height: height, scale: scale))
            layer.render(in: ctx)
            return try #require(ctx.makeImage())
        }

        /// The pixel's premultiplied red, green, blue and alpha.
        func rgba(_ image: CGImage, _ x: Int, _ y: Int) throws -> [UInt8] {
            let p = try #require(image.pixel(x: x, y: y))
            return [p.r, p.g, p.b, p.a]
        }

        func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
            let l = CALayer()
            l.frame = frame
            l.backgroundColor = color
            return l
        }

        @Test func drawsInTheLayersOwnSpaceWithSublayersPlaced() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.green)
            // The root's own placement is not applied; its bounds origin is the space's.
            root.position = CGPoint(x: 500, y: 500)
            root.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
            root.bounds.origin = CGPoint(x: 10, y: 10)
            root.addSublayer(layer(CGRect(x: 20, y: 30, width: 30, height: 40), Self.red))
            let image = try render(root)
            #expect(try rgba(image, 15, 15) == [0, 255, 0, 255])  // the root's background, from (10, 10)
            #expect(try rgba(image, 5, 5) == [0, 0, 0, 0])  // outside its bounds
            #expect(try rgba(image, 25, 35) == [255, 0, 0, 255])  // the sublayer at its frame
            #expect(try rgba(image, 49, 69) == [255, 0, 0, 255])
            #expect(try rgba(image, 51, 69) == [0, 255, 0, 255])
        }

        @Test func scalesWithTheContextAndTurnsWithAffineTransforms() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 50, height: 50), nil)
            let sub = layer(CGRect(x: 10, y: 10, width: 20, height: 10), Self.red)
            sub.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // about its centre (20, 15)
            root.addSublayer(sub)
            let image = try render(root, scale: 2)
            // Turned a quarter: 10 wide and 20 tall about (20, 15), at twice the scale.
            #expect(try rgba(image, 40, 12) == [255, 0, 0, 255])
            #expect(try rgba(image, 40, 48) == [255, 0, 0, 255])
            #expect(try rgba(image, 24, 30)[3] == 0)
            #expect(try rgba(image, 40, 8)[3] == 0)
        }

        @Test func leavesOutWhatTheReferenceSaysIsNotRendered() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 100, height: 20), nil)
            let flat = layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.red)
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 500
            let threeD = layer(CGRect(x: 20, y: 0, width: 20, height: 20), Self.red)
            threeD.transform = CATransform3DRotate(t, 0.3, 0, 1, 0)
            let filtered = layer(CGRect(x: 40, y: 0, width: 20, height: 20), Self.red)
            filtered.filters = [CIFilter(name: "CIGaussianBlur")!]
            let masked = layer(CGRect(x: 60, y: 0, width: 20, height: 20), Self.red)
            masked.mask = layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue)
            let hidden = layer(CGRect(x: 80, y: 0, width: 20, height: 20), Self.red)
            hidden.isHidden = true
            for l in [flat, threeD, filtered, masked, hidden] { root.addSublayer(l) }
            // A scale of z as well (what a `transform.scale` animation presents) is still flat.
            let scaled = layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue)
            scaled.transform = CATransform3DMakeScale(0.5, 0.5, 0.5)
            flat.addSublayer(scaled)
            let image = try render(root)
            #expect(try rgba(image, 10, 10) == [0, 0, 255, 255])  // the scaled sublayer: 5…15
            #expect(try rgba(image, 2, 2) == [255, 0, 0, 255])
            for x in [30, 50, 70, 90] { #expect(try rgba(image, x, 10)[3] == 0, "x = \(x)") }
        }

        @Test func drawsModelValuesNotAnimations() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.red)
            let fade = CABasicAnimation(keyPath: "backgroundColor")
            fade.fromValue = Self.blue
            fade.toValue = Self.blue
            fade.duration = 100
            root.add(fade, forKey: "fade")
            frame(at: 1)
            #expect(try rgba(render(root, width: 20, height: 20), 10, 10) == [255, 0, 0, 255])
        }

        @Test func paintsSublayersInArrayOrderWhateverTheirZPosition() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
            let front = layer(root.bounds, Self.red)
            front.zPosition = 10
            root.addSublayer(front)
            root.addSublayer(layer(root.bounds, Self.blue))
            #expect(try rgba(render(root, width: 20, height: 20), 10, 10) == [0, 0, 255, 255])
        }

        @Test func roundsClipsAndBorders() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.green)
            root.cornerRadius = 20
            root.masksToBounds = true
            root.borderWidth = 5
            root.borderColor = Self.blue
            root.addSublayer(layer(CGRect(x: -50, y: 40, width: 200, height: 20), Self.red))
            let image = try render(root)
            #expect(try rgba(image, 1, 1)[3] == 0)  // the rounded corner
            #expect(try rgba(image, 50, 20) == [0, 255, 0, 255])
            #expect(try rgba(image, 50, 50) == [255, 0, 0, 255])  // the sublayer inside
            #expect(try rgba(image, 2, 50) == [0, 0, 255, 255])  // the border, above the sublayer
            #expect(try rgba(image, 7, 50) == [255, 0, 0, 255])

            root.masksToBounds = false
            root.borderWidth = 0
            let unclipped = layer(CGRect(x: 0, y: 0, width: 120, height: 100), nil)
            unclipped.addSublayer(root)
            let image2 = try render(unclipped, width: 120)
            #expect(try rgba(image2, 110, 50) == [255, 0, 0, 255])  // not clipped without masksToBounds
        }

        @Test func opacityCompositesTheLayerAndItsSublayersAsOne() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 40, height: 20), nil)
            root.opacity = 0.5
            root.addSublayer(layer(CGRect(x: 0, y: 0, width: 30, height: 20), Self.red))
            root.addSublayer(layer(CGRect(x: 10, y: 0, width: 30, height: 20), Self.red))
            let image = try render(root, width: 40, height: 20)
            // Where the two overlap the same as where one is: one composite at half opacity.
            let (one, both) = (try rgba(image, 5, 10), try rgba(image, 20, 10))
            #expect(one == both)
            #expect(abs(Int(try rgba(image, 20, 10)[3]) - 128) <= 1)
        }

        /// Measured on Apple's framework with try render(in:) (GNUstep quartzcore's shadow test, its
        /// expected values recorded on macOS): a 40 × 40 layer at 80…119, shadowOffset (20, 20)
        /// and shadowRadius 5 paint pixel 149 and not 152; the shadow moves along the layer's
        /// axes; `shadowPath` is ignored.
        @Test func shadowReachesTwoRadiiBeyondTheOffsetShapeAndIgnoresShadowPath() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), nil)
            let box = layer(CGRect(x: 80, y: 80, width: 40, height: 40), Self.red)
            box.shadowOpacity = 1
            box.shadowOffset = CGSize(width: 20, height: 20)
            box.shadowRadius = 5
            box.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
            root.addSublayer(box)
            let image = try render(root, width: 200, height: 200)
            #expect(try rgba(image, 149, 130)[3] > 0)
            #expect(try rgba(image, 152, 130)[3] == 0)
            #expect(try rgba(image, 130, 149)[3] > 0)  // moved down the layer's y as well
            #expect(try rgba(image, 130, 152)[3] == 0)
            #expect(try rgba(image, 85, 130)[3] == 0)  // it starts at 100 − 2 radii
            #expect(try rgba(image, 125, 125)[3] > 200)  // under the offset shape, not the path's
            #expect(try rgba(image, 100, 100) == [255, 0, 0, 255])  // the layer above its shadow
        }

        @Test func drawsContentsWhereGravityPlacesThemUpright() throws {
            let holder = HalvesLayer()
            holder.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
            holder.displayIfNeeded()
            holder.setNeedsDisplay()
            holder.displayIfNeeded()
            let root = layer(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
            root.contents = holder.contents
            root.contentsGravity = .center
            let image = try render(root, width: 80, height: 60)
            #expect(try rgba(image, 40, 27) == [255, 0, 0, 255])  // the image's top half, at the top
            #expect(try rgba(image, 40, 33) == [0, 0, 255, 255])
            #expect(try rgba(image, 28, 30)[3] == 0)  // centred: 30…50 × 25…35
            #expect(try rgba(image, 40, 23)[3] == 0)
        }

        @Test func drawsLayersThatNeedDisplay() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
            let drawn = HalvesLayer()
            drawn.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            drawn.setNeedsDisplay()
            root.addSublayer(drawn)
            let image = try render(root, width: 40, height: 40)
            #expect(try rgba(image, 20, 12) == [255, 0, 0, 255])
            #expect(try rgba(image, 20, 28) == [0, 0, 255, 255])
        }

        @Test func drawsAShapeLayersPathAsVectors() throws {
            let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 5), transform: nil)
            shape.fillColor = Self.red
            root.addSublayer(shape)
            let image = try render(root, width: 160, height: 160, scale: 4)  // sharp at 4×: vectors
            #expect(try rgba(image, 41, 41) == [255, 0, 0, 255])
            #expect(try rgba(image, 79, 59) == [255, 0, 0, 255])
            #expect(try rgba(image, 80, 60)[3] == 0)
        }

        @Test func drawsAReplicatorsCopies() throws {
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            replicator.instanceAlphaOffset = -0.5
            replicator.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.red))
            let image = try render(replicator, width: 100, height: 20)
            #expect(try rgba(image, 10, 10) == [255, 0, 0, 255])
            #expect(abs(Int(try rgba(image, 40, 10)[3]) - 128) <= 1)  // the second copy at alpha 0.5
            #expect(try rgba(image, 70, 10)[3] == 0)  // the third at alpha 0
            #expect(try rgba(image, 25, 10)[3] == 0)
        }

        /// Nested replicators asking for 10 000 × 10 000 copies draw at most the compositor's
        /// limit of copies by nested replicators (100 000), so the call ends: the outer one's
        /// 10 000 copies leave 10 for the inner one each (the inner copies step one point right,
        /// the outer ones a point down).
        @Test func nestedReplicatorsAreLimitedAsInTheCompositor() throws {
            let outer = CAReplicatorLayer(), inner = CAReplicatorLayer()
            outer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            inner.frame = outer.bounds
            outer.instanceCount = 10_000
            outer.instanceTransform = CATransform3DMakeTranslation(0, 1, 0)
            inner.instanceCount = 10_000
            inner.instanceTransform = CATransform3DMakeTranslation(1, 0, 0)
            inner.addSublayer(layer(CGRect(x: 0, y: 0, width: 1, height: 1), Self.red))
            outer.addSublayer(inner)
            let image = try render(outer, width: 20, height: 20)
            #expect(try rgba(image, 9, 5) == [255, 0, 0, 255])  // the 10th inner copy
            #expect(try rgba(image, 10, 5)[3] == 0)  // no 11th
        }

        @Test func aReplicatorThatPreservesDepthDrawsOnlyItsCopies() throws {
            let replicator = CAReplicatorLayer()
            #expect(!replicator.preservesDepth)
            replicator.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            replicator.backgroundColor = Self.blue
            replicator.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.red))
            replicator.setValue(true, forKey: "preservesDepth")
            #expect(replicator.preservesDepth)
            let image = try render(replicator, width: 40, height: 20)
            #expect(try rgba(image, 10, 10) == [255, 0, 0, 255])
            #expect(try rgba(image, 30, 10)[3] == 0)  // no background of its own, as a transform layer
        }
    }
}
