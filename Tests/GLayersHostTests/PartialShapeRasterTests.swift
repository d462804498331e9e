import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// A shape drawing much larger than what shows of it is rasterized only where it shows
/// (`ShapeDrawing`; docs/semantics.md, shape layers): the pixels are those of
/// the whole drawing, and what the effects of the passes around it bring into view (a
/// shadow's offset) is drawn too.
@Suite(.serialized, .mediaClock) struct PartialShapeRasterTests {
    static let size = CGSize(width: 120, height: 90)

    /// A shape layer filling `path` (and `far`, a square thousands of points away that makes
    /// the drawing huge) in translucent blue.
    static func shape(_ path: CGPath, far: Bool) -> CAShapeLayer {
        let shape = CAShapeLayer()
        let whole = CGMutablePath()
        whole.addPath(path)
        if far { whole.addRect(CGRect(x: 3000, y: 3000, width: 10, height: 10)) }
        shape.path = whole
        shape.fillColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
        return shape
    }

    /// `layer` drawn by the compositor over white.
    static func render(_ layer: CALayer) throws -> CGImage {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: size)
        renderer.background = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return try renderer.render(root, at: 0)
    }

    /// The images of `layer` with and without the far square, which must be the same, pixel
    /// for pixel (the part is rasterized on the grid the whole would be), within `tolerance`.
    static func expectSame(
        _ name: String, tolerance: ImageTolerance = .exact, _ make: (Bool) -> CALayer
    ) throws {
        let part = try render(make(true)), whole = try render(make(false))
        let comparison = ImageComparison(whole, part, tolerance: tolerance)
        if !comparison.matches {
            let written = GoldenImages.writeFailure(
                [("whole", whole), ("part", part)], name: name, tolerance: tolerance)
            Issue.record("\(name): \(comparison). Wrote \(written.joined(separator: ", "))")
        }
    }

    /// An ellipse at a fractional offset, turned a little (a resampled raster) or not (aligned
    /// with the pixels).
    @Test(arguments: [false, true])
    func aHugeDrawingShowsThePixelsOfItsVisiblePart(turned: Bool) throws {
        // Aligned with the pixels, exactly the whole's pixels. Turned, the raster's texels are
        // the whole's within a level: the part's coverage is summed from its own left edge
        // (the same areas added in another order) and its points moved by whole texels, so a
        // texel may round to the next level, which resampling at the turn carries into a pixel.
        let tolerance = turned ? ImageTolerance(channel: 1) : .exact
        try Self.expectSame("partial-shape\(turned ? "-turned" : "")", tolerance: tolerance) { far in
            let ellipse = CGPath(ellipseIn: CGRect(x: 20.3, y: 15.6, width: 80, height: 60), transform: nil)
            let s = Self.shape(ellipse, far: far)
            if turned { s.transform = CATransform3DMakeRotation(0.05, 0, 0, 1) }
            return s
        }
    }

    /// A wide band above the view casting its shadow 40 points down into it.
    static func band(far: Bool) -> CAShapeLayer {
        let s = shape(CGPath(rect: CGRect(x: -900, y: -60, width: 1900, height: 50), transform: nil), far: far)
        s.shadowOpacity = 1
        s.shadowOffset = CGSize(width: 0, height: 40)
        s.shadowRadius = 2
        return s
    }

    /// The part of the band the shadow comes from is drawn, though it does not show itself.
    @Test func theShadowOfAPartOutOfViewFallsIntoIt() throws {
        try Self.expectSame("partial-shape-shadow", Self.band)
        let pixel = try #require(try Self.render(Self.band(far: true)).pixel(x: 60, y: 20))
        #expect(pixel.r < 80 && pixel.g < 80 && pixel.b < 80, "the shadow falls at y = 20: \(pixel)")
    }
}
