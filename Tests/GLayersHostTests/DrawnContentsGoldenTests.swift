import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// Shape layers, text and gradients as Core Animation code draws them (#11), rendered
/// headless; goldens in `Tests/Goldens/Layers`.
///
/// Every scene: a 160×120 light grey root at 2 pixels per point.
@Suite(.serialized, .mediaClock) struct DrawnContentsGoldenTests {
    /// Shapes and text are anti-aliased by cairo and pango: two steps per channel, a few pixels
    /// more (llvmpipe is deterministic; this is room for another LLVM's, cairo's or a font's
    /// rounding).
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

    /// A flipped (y-up) white panel, as AppKit code gets one: a text layer near its top edge
    /// (frame y 60 … 90 in y-up points) on a pale yellow background, and a blue triangle
    /// pointing up (its apex at the larger y) drawn by a shape layer without a frame. The text
    /// reads upright inside its yellow frame; the triangle points up.
    @Test func textAndShapeInAFlippedSuperlayer() throws {
        let panel = CALayer()
        panel.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
        panel.backgroundColor = CGColor(gray: 1, alpha: 1)
        panel.isGeometryFlipped = true
        let text = CATextLayer()
        text.frame = CGRect(x: 10, y: 60, width: 120, height: 30)
        text.string = "y-up text"
        text.fontSize = 20
        text.foregroundColor = CGColor(gray: 0, alpha: 1)
        text.backgroundColor = CGColor(red: 1, green: 0.9, blue: 0.5, alpha: 1)
        let triangle = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 50, y: 10))
        path.addLine(to: CGPoint(x: 90, y: 10))
        path.addLine(to: CGPoint(x: 70, y: 50))
        path.closeSubpath()
        triangle.path = path
        triangle.fillColor = Self.blue
        panel.sublayers = [text, triangle]
        let image = try render([panel])
        // The text's frame, y-up 60 … 90 in the panel (whose bottom is at screen y 110), is
        // screen y 20 … 50: yellow, with dark glyphs in it.
        #expect(image.pixel(x: 50, y: 96)?.b ?? 255 < 200, "the yellow frame near screen y 48")
        let inked = (40..<100).contains { y in (40..<280).contains { x in (image.pixel(x: x, y: y)?.r ?? 255) < 80 } }
        #expect(inked, "glyphs inside the text's frame")
        // The triangle's base at y-up 10 is screen y 100, its apex at y-up 50 screen y 60.
        #expect(image.pixel(x: 130, y: 196)?.b ?? 0 > 150, "near the base: wide")
        #expect(image.pixel(x: 160, y: 126)?.b ?? 0 > 150, "near the apex")
        #expect(image.pixel(x: 130, y: 126)?.r == 255, "beside the apex: white")
        LayerGolden.check(image, "flipped-text-and-shape", Self.tolerance)
    }

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

    /// A blue-to-orange gradient with `cornerRadius` 24 and no `masksToBounds`: rounded, as
    /// the gradient is the layer's background.
    @Test func gradientWithCornerRadiusIsRounded() throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
        gradient.colors = [Self.blue, Self.orange]
        gradient.cornerRadius = 24
        let image = try render([gradient])
        #expect(image.pixel(x: 42, y: 42)?.r == 237, "the corner is the root's grey")
        #expect(image.pixel(x: 160, y: 42)?.b ?? 0 > 150, "the top edge is blue")
        LayerGolden.check(image, "gradient-corner-radius", Self.tolerance)
    }
}
