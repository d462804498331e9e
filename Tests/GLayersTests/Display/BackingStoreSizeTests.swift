import Foundation
import GLayers
import Testing

/// Issue #14 (found by fuzzing): layers that draw their own contents sized the bitmap with
/// `Int(width × contentsScale)`, which traps for bounds (or a shape's extent) that are huge or
/// not finite. Such layers are now simply not drawn (shape layers: ShapeLayerTests). Gradient
/// layers have no backing store (drawn as shapes are, within their raster limits).
@Suite struct BackingStoreSizeTests {
    @Test(arguments: [CGFloat.nan, .infinity, 1e300, -1e300])
    func hugeOrNonFiniteBoundsAreNotDrawn(_ width: CGFloat) throws {
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor.black, CGColor.white]
        for layer in [CALayer(), gradient] {
            layer.bounds = CGRect(x: 0, y: 0, width: width, height: 10)
            Diagnostics.capture { layer.display() }
            #expect(layer.contents == nil, "\(type(of: layer)) with width \(width)")
            // Nor drawn elsewhere: rendering it neither traps nor paints.
            let ctx = try #require(CGContext.bitmap(width: 4, height: 4))
            Diagnostics.capture { layer.render(in: ctx) }
            #expect(ctx.makeImage()?.isFullyTransparent == true, "\(type(of: layer)) with width \(width)")
        }
    }

    /// A backing store of 10 000² pixels (400 MB) is over the limit of 2^26 pixels: drawn at
    /// the scale that fits (8 192² at most), covering the bounds, reported once (#24).
    @Test func aBackingStoreOverThePixelLimitIsDrawnAtALowerScale() throws {
        let layer = FilledLayer()
        layer.contentsGravity = .center
        layer.bounds = CGRect(x: 0, y: 0, width: 10_000, height: 10_000)
        layer.name = "big"
        let (_, warnings) = Diagnostics.capture { layer.display() }
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width * image.height <= CALayer.maximumBackingPixels && image.width > 8_100)
        #expect(warnings.count == 1 && warnings[0].contains("drawn at 0.8"), "\(warnings)")
        Diagnostics.capture { layer.display() }
    }
}

/// A layer that draws by filling its bounds.
private final class FilledLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor.black)
        ctx.fill(bounds)
    }
}
