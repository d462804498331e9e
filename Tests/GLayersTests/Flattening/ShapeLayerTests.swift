import Foundation
import GLayers
import GLayersGraphics
import GLayersRenderList
import Testing

extension ClockTests {
    /// `CAShapeLayer` as real code uses it (#11): without a frame, as a mask, scaled up by
    /// transforms and animations (rasterized at the scale it lands on screen), and with its
    /// `path` animated explicitly only.
    @Suite struct ShapeLayers {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

        /// A 200×100 root.
        func root() -> CALayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            return root
        }

        /// A shape layer with no frame filling `path` in red.
        func shape(_ path: CGPath) -> CAShapeLayer {
            let shape = CAShapeLayer()
            shape.path = path
            shape.fillColor = red
            return shape
        }

        /// The frame at `t` (the frame boundary runs display), flattened at `scale`.
        func list(_ builder: FrameBuilder, _ root: CALayer, at t: CFTimeInterval = 0, scale: CGFloat = 1) -> RenderList
        {
            frame(at: t)
            return builder.build(root: root, at: t, size: CGSize(width: 200, height: 100), scale: scale)
        }

        /// The image items of a list: their placement and the image's pixel size.
        func images(_ list: RenderList) -> [(item: DrawItem, placement: ContentPlacement, width: Int, height: Int)] {
            list.items.compactMap { item in
                guard case .image(let id, let p) = item.content, let image = list.images[id] else { return nil }
                return (item, p, image.pixelWidth, image.pixelHeight)
            }
        }

        /// The raster the first item of the frame at `t` shows, added to `rasters`.
        func raster(_ builder: FrameBuilder, _ root: CALayer, at t: CFTimeInterval, into rasters: inout Set<ImageID>)
            -> ImageID?
        {
            guard case .image(let id, _)? = list(builder, root, at: t).items.first?.content else { return nil }
            rasters.insert(id)
            return id
        }

        /// The square (40, 20)–(80, 60) covers (39, 19, 42, 42) with a point of margin.
        let square = CGPath(rect: CGRect(x: 40, y: 20, width: 40, height: 40), transform: nil)
        let squareExtent = Rect(x: 39, y: 19, width: 42, height: 42)

        @Test func aShapeWithoutAFrameDrawsItsPath() {
            withManualClock {
                let root = root()
                let s = shape(square)
                root.addSublayer(s)
                let drawn = images(list(FrameBuilder(), root))
                #expect(s.bounds == .zero && s.contents == nil, "as on Apple, the path is not the contents")
                #expect(drawn.count == 1)
                #expect(drawn.first?.item.rect == squareExtent && drawn.first?.placement.destination == squareExtent)
                #expect(drawn.first?.width == 42 && drawn.first?.height == 42)
                // masksToBounds on empty bounds hides everything.
                s.masksToBounds = true
                #expect(images(list(FrameBuilder(), root, at: 1)).isEmpty)
            }
        }

        @Test func aShapeWithoutAFrameMasksWithItsPath() throws {
            try withManualClock {
                let root = root()
                let card = CALayer()
                card.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
                card.backgroundColor = CGColor(gray: 1, alpha: 1)
                card.mask = shape(CGPath(ellipseIn: CGRect(x: 20, y: 10, width: 60, height: 80), transform: nil))
                root.addSublayer(card)
                let l = list(FrameBuilder(), root)
                let mask = try #require(l.passes.lazy.compactMap(\.effects.mask).first)
                let maskItems = l.items[l.passes[Int(mask.index)].itemRange]
                #expect(maskItems.count == 1)
                #expect(maskItems.first?.content.placement?.destination == Rect(x: 19, y: 9, width: 62, height: 82))
            }
        }

        @Test func scaledShapesAreRasterizedAtTheirScreenScale() {
            withManualClock {
                let root = root()
                let s = shape(square)
                root.addSublayer(s)
                let builder = FrameBuilder()
                #expect(images(list(builder, root, scale: 2)).first?.width == 84, "2 pixels per point")
                s.transform = CATransform3DMakeScale(4, 4, 1)
                #expect(images(list(builder, root, at: 1)).first?.width == 168)
                s.transform = CATransform3DMakeScale(3, 3, 1)
                #expect(images(list(builder, root, at: 2)).first?.width == 168, "moving: 3 rounds up to the step 4")
                #expect(images(list(builder, root, at: 3)).first?.width == 126, "still: drawn at exactly 3")
                s.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
                let rotated = images(list(builder, root, at: 4)).first
                // Turned: a half octave finer than the scale it lands at (1 → √2), so that
                // resampling at its angle keeps its edges sharp.
                // Its texels lie on the layer's lattice (whole texels from the layer's origin): the
                // raster begins at the lattice's line at or before the extent's corner.
                func latticeWidth(_ scale: Float) -> Int {
                    let phase = squareExtent.x * scale - (squareExtent.x * scale).rounded(.down)
                    return Int((squareExtent.width * scale + phase).rounded(.up))
                }
                let step = Float(2).squareRoot()
                #expect(rotated?.width == latticeWidth(step), "a rotation draws at the step above the scale")
                let covered = rotated?.placement.destination
                for (start, extentStart) in [(covered?.x, squareExtent.x), (covered?.y, squareExtent.y)] {
                    let texels = (start ?? .nan) * step
                    #expect(abs(texels - texels.rounded()) < 1e-3, "on the lattice: \(String(describing: covered))")
                    #expect((start ?? .nan) <= extentStart && extentStart - (start ?? .nan) < 1 / step)
                }
                #expect(
                    covered.map { abs($0.width - Float(latticeWidth(step)) / step) < 1e-3 } == true,
                    "whole pixels of the raster")
                s.transform = CATransform3DConcat(
                    CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeScale(3, 3, 1))
                #expect(
                    images(list(builder, root, at: 5)).first?.width == latticeWidth(4 * step),
                    "rotated, 3√2 rounds up to the step 4√2")
                // A hair of a turn (0.03°: no point of the extent moves 0.1 pixel) is aligned.
                s.transform = CATransform3DConcat(
                    CATransform3DMakeRotation(0.0005, 0, 0, 1), CATransform3DMakeScale(3, 3, 1))
                _ = images(list(builder, root, at: 6))
                #expect(images(list(builder, root, at: 7)).first?.width == 127, "a hair off: drawn at exactly 3")
            }
        }

        /// Core Animation rasterizes a shape in screen space: where the layer lands on the pixel
        /// grid with a plain scale and offset, each texel of the raster is one pixel, so an
        /// edge 0.4 of the way into a pixel covers it by 0.6 and the pixel beside it not at all
        /// (a raster off the grid is resampled, and spreads the edge over two pixels).
        @Test func aStillShapeIsAlignedWithThePixels() throws {
            try withManualClock {
                let root = root()
                let s = shape(square)
                s.position = CGPoint(x: 10.3, y: 5.55)
                root.addSublayer(s)
                let drawn = try #require(images(list(FrameBuilder(), root, scale: 2)).first)
                let d = drawn.placement.destination
                let corner = try #require(drawn.item.transform.project(d.x, d.y))
                let left = 2 * corner.0, top = 2 * corner.1
                #expect(abs(left - left.rounded()) < 1e-4 && abs(top - top.rounded()) < 1e-4, "on whole pixels")
                #expect(abs(2 * d.width - Float(drawn.width)) < 1e-4, "a texel a pixel")
                let image = try #require(list(FrameBuilder(), root, scale: 2).images.values.first as? CGImage)
                // The square's left edge lands at 2 × (40 + 10.3) = 100.6 pixels.
                let column = 100 - Int(left.rounded())
                let row = Int((2 * (40 + 5.55)).rounded(.up)) - Int(top.rounded())
                let edge = try #require(image.pixel(x: column, y: row)), outside = image.pixel(x: column - 1, y: row)
                #expect(abs(Int(edge.a) - 102) <= 2, "0.4 of the pixel is covered: \(edge.a)")
                #expect(outside?.a == 0)
            }
        }

        /// A mirrored shape (a negative scale, as Lottie's flipped layers have) lands its texels
        /// on pixels too: the raster's corners fall on whole pixels, a texel a pixel.
        @Test func aMirroredShapeIsAlignedWithThePixels() throws {
            try withManualClock {
                let root = root()
                let s = shape(square)
                s.position = CGPoint(x: 150.3, y: 90.55)
                s.transform = CATransform3DMakeScale(-1, -1, 1)
                root.addSublayer(s)
                let drawn = try #require(images(list(FrameBuilder(), root, scale: 2)).first)
                let d = drawn.placement.destination
                let a = try #require(drawn.item.transform.project(d.x, d.y))
                let b = try #require(drawn.item.transform.project(d.x + d.width, d.y + d.height))
                for v in [a.0, a.1, b.0, b.1] { #expect(abs(2 * v - (2 * v).rounded()) < 1e-3, "\(2 * v)") }
                #expect(abs(2 * d.width - Float(drawn.width)) < 1e-4, "a texel a pixel")
            }
        }

        /// A shape that moves is drawn from the quantized rasters after two aligned ones (no
        /// raster a frame), and aligned again once it stands still.
        @Test func aMovingShapeIsNotRasterizedEveryFrame() {
            withManualClock {
                let root = root()
                let s = shape(square)
                root.addSublayer(s)
                let builder = FrameBuilder()
                var rasters = Set<ImageID>()
                func image(at t: CFTimeInterval) -> ImageID? { raster(builder, root, at: t, into: &rasters) }
                for k in 0..<30 {
                    // Off the whole positions, where no aligned grid is the layer's lattice.
                    s.position = CGPoint(x: 0.05 + 0.1 * Double(k), y: 0)
                    _ = image(at: Double(k) / 60)
                }
                #expect(rasters.count == 3, "two aligned, then the quantized one: \(rasters.count)")
                let still = image(at: 1)
                #expect(rasters.count == 4, "standing still: one aligned raster")
                #expect(image(at: 1.1) == still && rasters.count == 4, "and no more")
            }
        }

        @Test func aScaleAnimationRasterizesAtAFewStepsOnly() {
            withManualClock {
                let root = root()
                // At the origin, about which it grows: in view (and drawn) at every scale.
                let s = shape(CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil))
                root.addSublayer(s)
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                let grow = CABasicAnimation(keyPath: "transform.scale")
                grow.fromValue = 1
                grow.toValue = 8
                grow.duration = 1
                grow.fillMode = .forwards
                grow.isRemovedOnCompletion = false
                s.add(grow, forKey: "grow")
                let builder = FrameBuilder()
                var rasters = Set<ImageID>()
                func image(at t: CFTimeInterval) -> ImageID? { raster(builder, root, at: t, into: &rasters) }
                for k in 0...60 { _ = image(at: Double(k) / 60) }
                // Two aligned rasters at the first two scales, then √2, 2, 2√2, 4, 4√2, 8:
                // eight rasters for sixty-one frames.
                #expect(rasters.count == 8)
                let last = image(at: 2)
                // Standing still at 8, aligned with the pixels: the layer's origin on a pixel, the
                // aligned grid is the lattice's at 8, whose raster is kept (no new one).
                #expect(rasters.count == 8, "standing still at 8: the raster at 8 serves")
                #expect(images(list(builder, root, at: 2)).first?.width == 336)
                #expect(image(at: 3) == last && rasters.count == 8, "a steady frame draws nothing")
            }
        }

        /// Drawn whole (as copies of a replicator are: one raster serves them all), a huge
        /// shape is rasterized within the limits.
        @Test func hugeShapesAreDrawnWithinTheLimits() {
            withManualClock {
                let root = root()
                let s = shape(CGPath(rect: CGRect(x: 0, y: 0, width: 1000, height: 1000), transform: nil))
                s.transform = CATransform3DMakeScale(16, 16, 1)
                let copies = CAReplicatorLayer()
                copies.instanceCount = 2
                copies.addSublayer(s)
                root.addSublayer(copies)
                let drawn = images(list(FrameBuilder(), root)).first
                #expect((drawn?.width ?? 0) > 2000 && (drawn?.width ?? .max) <= 4096)
                #expect((drawn?.width ?? 0) * (drawn?.height ?? 0) <= 8_388_608)
                #expect(drawn?.placement.destination == Rect(x: -1, y: -1, width: 1002, height: 1002))
            }
        }

        @Test func pathAnimatesOnlyExplicitly() {
            withManualClock {
                let root = root()
                let s = shape(CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil))
                root.addSublayer(s)
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                let builder = FrameBuilder()
                _ = list(builder, root)
                let big = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
                s.path = big
                #expect(s.animationKeys() == nil, "path has no implicit animation")
                #expect(
                    images(list(builder, root, at: 0.1)).first?.placement.destination
                        == Rect(x: -1, y: -1, width: 102, height: 102))
                let morph = CABasicAnimation(keyPath: "path")
                morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
                morph.toValue = big
                morph.duration = 1
                s.add(morph, forKey: "morph")
                _ = list(builder, root, at: 1)
                // Half way: the 60×60 square.
                let middle = images(list(builder, root, at: 1.5)).first
                #expect(middle?.placement.destination == Rect(x: -1, y: -1, width: 62, height: 62))
                #expect(
                    images(list(builder, root, at: 2.5)).first?.placement.destination
                        == Rect(x: -1, y: -1, width: 102, height: 102))
            }
        }

        /// Issue #14 (found by fuzzing): a shape whose extent is huge (a line to x = 1e300) or
        /// whose stroke margin overflows (line width and miter limit 1e308) sized its raster with
        /// `Int(width × scale)`, which traps. The first is drawn within the raster limits (here:
        /// too thin to cover a pixel), the second not at all.
        @Test(arguments: [false, true])
        func hugeShapesAreBoundedNotATrap(_ hugeStroke: Bool) {
            withManualClock {
                let root = root()
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addLine(to: CGPoint(x: hugeStroke ? 50 : 1e300, y: 5))
                let s = shape(path)
                s.strokeColor = red
                s.lineWidth = hugeStroke ? 1e308 : 1
                s.miterLimit = hugeStroke ? 1e308 : 10
                root.addSublayer(s)
                for scale: CGFloat in [1, 64] {
                    let drawn = images(list(FrameBuilder(), root, scale: scale))
                    #expect(drawn.allSatisfy { $0.width <= 4096 && $0.height <= 4096 })
                    if hugeStroke { #expect(drawn.isEmpty) }
                }
            }
        }
    }
}
