import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// Shape layers as Core Animation code draws them (#11), rendered headless; goldens in
/// `Tests/Goldens/Layers`.
///
/// Every scene: a 160×120 light grey root at 2 pixels per point.
@Suite(.serialized, .mediaClock) struct DrawnContentsGoldenTests {
    /// Shapes are anti-aliased by cairo: two steps per channel, a few pixels more (llvmpipe is
    /// deterministic; this is room for another LLVM's or cairo's rounding).
    static let tolerance = ImageTolerance(channel: 2, pixels: 24)

    private func render(_ layers: [CALayer]) throws -> CGImage {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(gray: 0.93, alpha: 1)
        for layer in layers { root.addSublayer(layer) }
        return try HeadlessRenderer(size: CGSize(width: 160, height: 120), scale: 2).render(root, at: 0)
    }

    static let blue = CGColor(red: 0.1, green: 0.35, blue: 0.8, alpha: 1)
    static let orange = CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)

    /// An orange circle 10 points across, scaled 10 times by its layer's transform to fill a
    /// 100-point circle: drawn at the scale it lands at, its edge stays sharp (at most two
    /// partly covered pixels across it), where a 10-point bitmap stretched ten times would blur
    /// it over twenty.
    @Test func shapeScaledUpStaysSharp() throws {
        let shape = CAShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        shape.position = CGPoint(x: 80, y: 60)
        shape.path = CGPath(ellipseIn: shape.bounds, transform: nil)
        shape.fillColor = Self.orange
        shape.transform = CATransform3DMakeScale(10, 10, 1)
        let image = try render([shape])
        // Along the row through the centre, from outside (x 30 pt) to inside (x 40 pt).
        let blurred = (50..<80).filter { x in
            let g = Int(image.pixel(x: x, y: 120)?.g ?? 0)
            return g > 145 && g < 232
        }
        #expect(blurred.count <= 2, "partly covered pixels across the edge: \(blurred)")
        LayerGolden.check(image, "shape-scaled-up-sharp", Self.tolerance)
    }

    /// Shape layers without a frame: a blue star drawn where its path lies, and a ring that
    /// masks an orange square to its path (a zero-size `mask`).
    @Test func shapesWithoutAFrameDrawAndMask() throws {
        let star = CAShapeLayer()
        star.path = ShadowPathGoldenTests.star(in: CGRect(x: 10, y: 20, width: 70, height: 70), outer: 35, inner: 14)
        star.fillColor = Self.blue
        let square = CALayer()
        square.frame = CGRect(x: 85, y: 25, width: 60, height: 60)
        square.backgroundColor = Self.orange
        let ring = CAShapeLayer()
        ring.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 40, height: 40), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(gray: 0, alpha: 1)
        ring.lineWidth = 8
        square.mask = ring
        let image = try render([star, square])
        #expect(image.pixel(x: 90, y: 110)?.b ?? 0 > 150, "the star's centre")
        #expect(image.pixel(x: 230, y: 70)?.r ?? 0 > 200 && image.pixel(x: 230, y: 70)?.b ?? 255 < 100, "on the ring")
        #expect(image.pixel(x: 230, y: 110)?.b ?? 0 > 200, "inside the ring: masked out")
        #expect(image.pixel(x: 174, y: 54)?.b ?? 0 > 200, "the square's corner: masked out")
        LayerGolden.check(image, "shapes-without-a-frame", Self.tolerance)
    }
}
