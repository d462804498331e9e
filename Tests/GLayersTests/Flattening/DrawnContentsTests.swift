import Foundation
import GLayers
import GLayersGraphics
import GLayersRenderList
import Testing

/// Draws an opaque strip over the first 10 points of y of its bounds.
final class StripLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: 10))
    }
}

extension ClockTests {
    /// Contents in flipped subtrees (#11): CALayer.h says an image in `contents` "will display
    /// the same with both flipped=NO and flipped=YES", and that `contentsAreFlipped()` (an odd
    /// number of flipped layers up to the root) hands `draw(in:)` a y-flipped context; so drawn
    /// contents land in place and text is upright. And a gradient is a background, rounded by
    /// `cornerRadius` (#11).
    @Suite struct DrawnContents {
        /// A 200×100 root holding a flipped 200×100 container.
        func scene() -> (root: CALayer, container: CALayer) {
            let root = CALayer(), container = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            container.frame = root.frame
            container.isGeometryFlipped = true
            root.addSublayer(container)
            return (root, container)
        }

        /// The frame at `t` (the frame boundary runs display), flattened.
        func list(_ root: CALayer, at t: CFTimeInterval = 0) -> RenderList {
            frame(at: t)
            return FrameBuilder().build(root: root, at: t, size: CGSize(width: 200, height: 100), scale: 1)
        }

        /// The placement of the first image item whose layer has `rect`.
        func placement(_ list: RenderList, rect: Rect) -> ContentPlacement? {
            list.items.lazy.filter { $0.rect == rect }.compactMap(\.content.placement).first
        }

        let upsideDown = Rect(x: 0, y: 1, width: 1, height: -1)

        @Test func contentsAreFlippedCountsFlippedLayersUpToTheRoot() {
            let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer(), m = CALayer()
            a.isGeometryFlipped = true
            c.isGeometryFlipped = true
            a.addSublayer(b)
            b.addSublayer(c)
            c.addSublayer(d)
            b.mask = m
            #expect([a, b, c, d, m].map { $0.contentsAreFlipped() } == [true, true, false, false, true])
        }

        @Test func textInAFlippedSuperlayerIsUprightAndInPlace() throws {
            try withManualClock {
                let (root, container) = scene()
                let text = CATextLayer()
                text.frame = CGRect(x: 10, y: 10, width: 100, height: 30)
                text.string = "Hello"
                container.addSublayer(text)
                let l = list(root)
                let item = try #require(l.items.first { $0.content.placement != nil })
                // In place: the container's flip maps the text's bounds to y 60 … 90 on screen.
                #expect(item.rect == Rect(x: 0, y: 0, width: 100, height: 30))
                #expect(
                    item.transform.project(0, 0).map { $0.1 } == 90 && item.transform.project(0, 30).map { $0.1 } == 60)
                // Upright: the bitmap's top row at the layer's maximum y, the top on screen.
                #expect(item.content.placement?.destination == item.rect)
                #expect(item.content.placement?.source == upsideDown)
            }
        }

        @Test func imagesShowUprightWhateverTheFlip() {
            withManualClock {
                let (root, container) = scene()
                let inside = CALayer(), own = CALayer()
                let image = try? CGImage(width: 20, height: 10, premultipliedRGBA: [UInt8](repeating: 255, count: 800))
                inside.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
                inside.contents = image
                inside.contentsGravity = .top
                own.frame = CGRect(x: 0, y: 0, width: 40, height: 60)
                own.contents = image
                own.contentsGravity = .top
                own.isGeometryFlipped = true
                container.addSublayer(inside)
                root.addSublayer(own)
                let l = list(root)
                // "top" is maximum y in the layer's space; drawn upside down there, which the
                // container's flip turns upright.
                #expect(
                    placement(l, rect: Rect(x: 0, y: 0, width: 80, height: 60))?.destination
                        == Rect(x: 30, y: 50, width: 20, height: 10))
                #expect(placement(l, rect: Rect(x: 0, y: 0, width: 80, height: 60))?.source == upsideDown)
                // The layer's own flip: "top" in its flipped space is the top of the screen, and
                // the image, flipped twice, is drawn as it is.
                #expect(
                    placement(l, rect: Rect(x: 0, y: 0, width: 40, height: 60))?.destination
                        == Rect(x: 10, y: 0, width: 20, height: 10))
                #expect(placement(l, rect: Rect(x: 0, y: 0, width: 40, height: 60))?.source == .unit)
            }
        }

        @Test func drawingInAFlippedContextLandsInPlace() throws {
            try withManualClock {
                let (root, container) = scene()
                let strip = StripLayer()
                strip.frame = CGRect(x: 0, y: 0, width: 50, height: 40)
                strip.setNeedsDisplay()
                container.addSublayer(strip)
                let l = list(root)
                #expect(strip.contentsAreFlipped())
                let image = try #require(strip.contents as? CGImage)
                // The flipped context puts y 0 … 10 in the bitmap's last rows; drawn upside down,
                // they land at y 0 … 10 of the layer again.
                #expect(image.pixel(x: 25, y: 35)?.b == 255 && image.pixel(x: 25, y: 5)?.a == 0)
                #expect(placement(l, rect: Rect(x: 0, y: 0, width: 50, height: 40))?.source == upsideDown)
            }
        }

        @Test func shapesKeepTheirGeometryInFlippedSpaces() {
            withManualClock {
                let (root, container) = scene()
                let shape = CAShapeLayer(), own = CAShapeLayer()
                shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
                own.path = shape.path
                own.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                own.isGeometryFlipped = true
                container.addSublayer(shape)
                root.addSublayer(own)
                let l = list(root)
                let shapes = l.items.compactMap(\.content.placement)
                #expect(
                    shapes.first?.destination == Rect(x: 9, y: 9, width: 22, height: 22)
                        && shapes.first?.source == .unit)
                // In its own flipped space: y 10 … 30 is y 70 … 90 of its bounds.
                #expect(
                    shapes.last?.destination == Rect(x: 9, y: 69, width: 22, height: 22)
                        && shapes.last?.source == upsideDown)
            }
        }

        @Test func flippingRedrawsDrawnContents() {
            withManualClock {
                let root = CALayer(), other = CALayer()
                let text = CATextLayer()
                text.frame = CGRect(x: 0, y: 0, width: 100, height: 30)
                text.string = "Hello"
                root.addSublayer(text)
                other.isGeometryFlipped = true
                frame(at: 0)
                #expect(!text.needsDisplay())
                root.isGeometryFlipped = true
                #expect(text.needsDisplay(), "its superlayer flipped")
                frame(at: 1)
                other.addSublayer(text)
                #expect(!text.needsDisplay(), "moved to a space flipped the same way")
                CALayer().addSublayer(text)
                #expect(text.needsDisplay(), "moved to a space that is not flipped")
                frame(at: 2)
                text.contents = try? CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
                other.addSublayer(text)
                #expect(!text.needsDisplay(), "contents set by the app are not redrawn")
                // A drawn layer deep in a moved subtree is redrawn too.
                let box = CALayer(), inner = CALayer(), label = CATextLayer()
                label.frame = CGRect(x: 0, y: 0, width: 100, height: 30)
                label.string = "Deep"
                inner.addSublayer(label)
                box.addSublayer(inner)
                root.addSublayer(box)
                frame(at: 3)
                #expect(!label.needsDisplay())
                other.addSublayer(box)
                #expect(!label.needsDisplay(), "moved to a space flipped the same way")
                CALayer().addSublayer(box)
                #expect(label.needsDisplay(), "moved to a space that is not flipped")
            }
        }

        /// A gradient is kept as a drawing, not a backing store (`contents` stay nil, as on
        /// Apple), and rasterized when the compositor draws it: a smooth one at no more than its
        /// `contentsScale` (magnified when scaled up), a conic one (a seam) at the scale it
        /// lands at.
        @Test func gradientsAreRasterizedWhenDrawn() throws {
            try withManualClock {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
                var sizes: [String] = []
                for type in [CAGradientLayerType.axial, .conic] {
                    let gradient = CAGradientLayer()
                    gradient.frame = CGRect(x: 0, y: 0, width: 10, height: 6)
                    gradient.transform = CATransform3DMakeScale(4, 4, 1)
                    gradient.colors = [
                        CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                    ]
                    gradient.type = type
                    root.sublayers = [gradient]
                    gradient.display()
                    #expect(gradient.contents == nil)
                    let image = try #require(list(root).images.values.first)
                    sizes.append("\(image.pixelWidth)x\(image.pixelHeight)")
                }
                #expect(sizes == ["10x6", "40x24"])
            }
        }

        /// A gentle gradient is rasterized from as few texels as draw it within a level once
        /// magnified (`GradientPaint.smoothScale`: two levels a texel); a steep one at its
        /// `contentsScale`. Still on its third frame, a gentle one is rasterized at its
        /// `contentsScale` too (`ShapeDrawing.settlingDraws`): only gradients that change every
        /// frame keep the few texels.
        @Test func gentleGradientsAreRasterizedFromFewTexels() throws {
            try withManualClock {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 1000, height: 100)
                var sizes: [String] = []
                for (to, locations) in [(1.0, [0, 1]), (0.05, [0, 1]), (1, [0.5, 0.501])] as [(CGFloat, [NSNumber])] {
                    let gradient = CAGradientLayer()
                    gradient.frame = CGRect(x: 0, y: 0, width: 1000, height: 100)
                    gradient.startPoint = CGPoint(x: 0, y: 0.5)
                    gradient.endPoint = CGPoint(x: 1, y: 0.5)
                    gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: to, alpha: 1)]
                    gradient.locations = locations
                    root.sublayers = [gradient]
                    gradient.display()
                    let image = try #require(list(root).images.values.first)
                    sizes.append("\(image.pixelWidth)x\(image.pixelHeight)")
                }
                // Black to white over 1 000 points: 0.255 levels a point, at most two a texel:
                // 0.1275 texels a point, rounded up to the half-octave step 2^-2.5 (0.177).
                // Black to 5 % grey: 0.013 levels a point, at the least step, 2^-4. Black to
                // white within a thousandth of the width: at contentsScale.
                #expect(sizes == ["177x18", "63x7", "1000x100"])
                let still = CAGradientLayer()
                still.frame = root.bounds
                (still.startPoint, still.endPoint) = (CGPoint(x: 0, y: 0.5), CGPoint(x: 1, y: 0.5))
                still.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
                root.sublayers = [still]
                still.display()
                let widths = try (0..<4).map { _ in try #require(list(root).images.values.first).pixelWidth }
                #expect(widths == [177, 177, 1000, 1000], "four frames of a still gradient")
            }
        }

        @Test func gradientsAreRoundedByCornerRadius() {
            withManualClock {
                let root = CALayer(), gradient = CAGradientLayer()
                root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
                gradient.frame = CGRect(x: 20, y: 10, width: 100, height: 60)
                gradient.colors = [
                    CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                ]
                gradient.cornerRadius = 12
                root.addSublayer(gradient)
                #expect(
                    list(root).dump() == """
                        frame 200x100 scale 1 clear rgba(0, 0, 0, 0)
                        pass 0 screen source (0, 0, 200, 100) scale 1
                          item L1 rect (0, 0, 100, 60) m T(20, 10) image #0 100x60 dst (0, 0, 100, 60) radius 12 clipsContent

                        """)
            }
        }
    }
}
