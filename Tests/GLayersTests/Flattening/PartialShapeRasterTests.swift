import Foundation
import GLayers
import GLayersGraphics
import GLayersRenderList
import Testing

extension ClockTests.ShapeLayers {
    /// A drawing much larger than what shows of it is rasterized only where it shows, at the
    /// scale it lands at (`ShapeDrawing`), however large the whole would be.
    @Test func aHugeShapeIsRasterizedWhereItShows() {
        withManualClock {
            let root = root()
            let s = shape(CGPath(rect: CGRect(x: 0, y: 0, width: 1000, height: 1000), transform: nil))
            s.transform = CATransform3DMakeScale(16, 16, 1)
            root.addSublayer(s)
            let drawn = images(list(FrameBuilder(), root))
            #expect(drawn.count == 1)
            guard let d = drawn.first else { return }
            // The view (200 × 100 pixels) is 12.5 × 6.25 units of the layer, from its origin.
            let r = d.placement.destination
            #expect(r.x <= 0 && r.y <= 0 && r.maxX >= 12.5 && r.maxY >= 6.25, "\(r)")
            #expect(d.width <= 210 && d.height <= 110, "\(d.width) × \(d.height)")
            #expect(Float(d.width) / r.width == 16, "sharp: 16 pixels a unit")
        }
    }

    /// A stroke's raster reaches as far as its joins do, not as far as its miter limit would
    /// let a join reach: a circle stroked with a limit of 10⁹⁹ (a fuzzed Lottie file repeated
    /// it 5 000 times, each raster at the largest size, 24 GB) is rasterized at its own size;
    /// a square's corners reach √2 half widths, a circle's smooth joins none.
    @Test func aStrokesRasterReachesAsFarAsItsJoins() {
        withManualClock {
            for limit in [CGFloat(4.8e99), 10] {
                let root = root()
                let ring = shape(CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 8, height: 8), transform: nil))
                ring.fillColor = nil
                ring.strokeColor = red
                ring.lineWidth = 3
                ring.lineJoin = .miter
                ring.miterLimit = limit
                root.addSublayer(ring)
                let drawn = images(list(FrameBuilder(), root))
                #expect(drawn.count == 1)
                guard let d = drawn.first else { continue }
                // 8 units and a line width on each side, and a unit of margin.
                #expect(d.width <= 16 && d.height <= 16, "limit \(limit): \(d.width) × \(d.height)")
            }
        }
    }

    /// A shape stretched far more one way than the other, and turned, holds at most four times
    /// the pixels its part on the screen covers (256 × 256 at least): a fuzzed Lottie file's
    /// ellipse stretched 10 000 times in y drew a 4096 × 2048 raster for a 200 × 100 view, and
    /// a thousand copies of it took 7 GB.
    @Test func aStretchedTurnedShapesRasterIsBoundedByWhatShows() {
        withManualClock {
            let root = root()
            let s = shape(CGPath(ellipseIn: CGRect(x: -8, y: -8, width: 16, height: 16), transform: nil))
            s.position = CGPoint(x: 100, y: 50)
            s.transform = CATransform3DConcat(
                CATransform3DMakeRotation(.pi / 12, 0, 0, 1), CATransform3DMakeScale(1, 10_000, 1))
            root.addSublayer(s)
            let drawn = images(list(FrameBuilder(), root))
            #expect(drawn.count == 1)
            guard let d = drawn.first else { return }
            // Four times the view's 200 × 100, and the raster's rounding and margin.
            #expect(d.width * d.height <= 5 * 200 * 100, "\(d.width) × \(d.height)")
        }
    }

    /// A drawing out of view draws nothing.
    @Test func aShapeOutOfViewDrawsNothing() {
        withManualClock {
            let root = root()
            root.addSublayer(shape(CGPath(rect: CGRect(x: 300, y: 0, width: 50, height: 50), transform: nil)))
            #expect(images(list(FrameBuilder(), root)).isEmpty)
        }
    }

    /// A huge drawing moving across the view: its first raster covers what shows, the next
    /// ones half as much again on each side, so it is not rasterized every frame; each frame's
    /// raster covers what shows of it.
    @Test func aHugeShapeMovingIsRasterizedEveryFewFrames() {
        withManualClock {
            let root = root()
            let s = shape(CGPath(rect: CGRect(x: 0, y: 0, width: 4000, height: 100), transform: nil))
            root.addSublayer(s)
            let builder = FrameBuilder()
            var rasters = Set<ImageID>()
            for k in 0..<60 {
                s.position = CGPoint(x: -5 * Double(k), y: 0)
                let t = Double(k) / 60
                guard let d = images(list(builder, root, at: t)).first, case .image(let id, _) = d.item.content else {
                    Issue.record("frame \(k) draws the shape")
                    return
                }
                rasters.insert(id)
                let r = d.placement.destination, shown = 5 * Float(k)
                #expect(r.x <= shown && r.maxX >= shown + 200 && d.width <= 700, "frame \(k): \(r), \(d.width)")
            }
            // A tight raster, then one each 100 pixels or so moved (whole pixels: the grid stays).
            #expect(rasters.count <= 6, "\(rasters.count) rasters for 60 frames")
        }
    }
}
