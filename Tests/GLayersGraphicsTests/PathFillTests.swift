import Foundation
import GLayersGraphics
import Testing

/// `PathFill`: coverage is the exact area of the path over each pixel, and the picture is
/// cairo's fill of the same path within a few levels at the edges.
@Suite struct PathFillTests {
    /// A fill of `path` in opaque blue-ish `color` into `width` × `height`, 1:1 from the origin.
    private func fill(
        _ path: CGPath, _ width: Int, _ height: Int, color: RGBA = RGBA(0.2, 0.4, 1, 1), scale: CGFloat = 1,
        origin: CGPoint = .zero
    ) throws -> CGImage {
        try #require(PathFill.image(of: path, color: color, width: width, height: height, scale: scale, origin: origin))
    }

    /// cairo's fill of `path` (through `CGContext`), the same size and mapping.
    private func cairoFill(
        _ path: CGPath, _ width: Int, _ height: Int, color: RGBA = RGBA(0.2, 0.4, 1, 1), scale: CGFloat = 1,
        origin: CGPoint = .zero
    ) throws -> CGImage {
        let ctx = try #require(CGContext.bitmap(width: width, height: height, scale: scale))
        ctx.translateBy(x: -origin.x, y: -origin.y)
        ctx.addPath(path)
        ctx.setFillColor(red: color.r, green: color.g, blue: color.b, alpha: color.a)
        ctx.fillPath()
        return try #require(ctx.makeImage())
    }

    @Test func aRectangleOnHalfPixelsCoversHalvesAndQuarters() throws {
        let image = try fill(CGPath(rect: CGRect(x: 0.5, y: 0.5, width: 3, height: 3), transform: nil), 5, 5)
        let alphas = (0..<5).map { y in (0..<5).map { x in px(image, x, y)[3] } }
        #expect(alphas[0] == [64, 128, 128, 64, 0])
        #expect(alphas[1] == [128, 255, 255, 128, 0])
        #expect(alphas[3] == [64, 128, 128, 64, 0])
        #expect(alphas[4] == [0, 0, 0, 0, 0])
        // Inside, the colour as cairo's solid source premultiplies it.
        #expect(
            px(image, 1, 1)
                == px(try cairoFill(CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil), 5, 5), 2, 2))
    }

    @Test func aTriangleCoversItsAreaExactly() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0.5, y: 0.5))
        path.addLine(to: CGPoint(x: 4.5, y: 2.5))
        path.addLine(to: CGPoint(x: 0.5, y: 4.5))
        let image = try fill(path, 6, 6, color: RGBA(0, 0, 0, 1))
        // The open subpath is closed; its area is 8 pixels.
        let total = (0..<6).flatMap { y in (0..<6).map { x in Int(px(image, x, y)[3]) } }.reduce(0, +)
        #expect(abs(total - 8 * 255) <= 6)
        #expect(px(image, 0, 1)[3] == 128 && px(image, 1, 2)[3] == 255 && px(image, 4, 2)[3] == 32)
    }

    @Test func aCircleCoversItsAreaWithinItsChordsTolerance() throws {
        let (r, center) = (CGFloat(20.3), CGPoint(x: 25.4, y: 24.1))
        let path = CGPath(
            ellipseIn: CGRect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r), transform: nil)
        func ink(_ image: CGImage) -> CGFloat {
            CGFloat((0..<50).flatMap { y in (0..<50).map { x in Int(px(image, x, y)[3]) } }.reduce(0, +)) / 255
        }
        let exact = CGFloat.pi * r * r  // 1294.6; cubic arcs lie within 0.03 % of the circle
        let ours = ink(try fill(path, 50, 50, color: RGBA(0, 0, 0, 1)))
        // Chords lie inside the arcs: at most 0.05 pixel in, along a perimeter of 128 pixels.
        #expect(ours < exact + 0.5 && ours > exact - 128 * 0.05, "\(ours) against \(exact)")
        // A polygon's area exactly, but for each edge pixel's rounding to 1/255.
        let polygon = CGMutablePath()
        let n = 24
        for i in 0..<n {
            let a = 2 * CGFloat.pi * CGFloat(i) / CGFloat(n) + 0.1
            let p = CGPoint(x: center.x + 17.7 * cos(a), y: center.y + 17.7 * sin(a))
            if i == 0 { polygon.move(to: p) } else { polygon.addLine(to: p) }
        }
        polygon.closeSubpath()
        let area = CGFloat(n) / 2 * 17.7 * 17.7 * sin(2 * CGFloat.pi / CGFloat(n))
        let covered = ink(try fill(polygon, 50, 50, color: RGBA(0, 0, 0, 1)))
        #expect(abs(covered - area) < 0.3, "\(covered) against \(area)")
    }

    @Test func curvesAreCairosFillWithinItsTolerance() throws {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 3.3, y: 2.7, width: 41.5, height: 27.2))
        path.move(to: CGPoint(x: 10, y: 40))  // a subpath crossing itself
        path.addCurve(to: CGPoint(x: 44, y: 58), control1: CGPoint(x: 30, y: 20), control2: CGPoint(x: 60, y: 70))
        path.addQuadCurve(to: CGPoint(x: 8, y: 57.5), control: CGPoint(x: 20, y: 30))
        path.closeSubpath()
        for (scale, origin) in [(CGFloat(1), CGPoint.zero), (2.5, CGPoint(x: 1.25, y: -0.4))] {
            let w = Int(50 * scale), h = Int(62 * scale)
            let d = AlphaDifference(
                try fill(path, w, h, scale: scale, origin: origin),
                try cairoFill(path, w, h, scale: scale, origin: origin))
            // An edge pixel differs by at most what cairo's 0.1 pixel of chord tolerance makes
            // (25 levels); the ink, by at most 0.25 %; the mean inked pixel by 2 levels.
            #expect(d.worst <= 26, "scale \(scale): worst \(d.worst)")
            #expect(abs(d.inkA - d.inkB) * 400 <= d.inkB, "scale \(scale): \(d.inkA) against \(d.inkB)")
            #expect(d.differences <= d.inked * 2, "scale \(scale): \(d.differences) over \(d.inked) pixels")
        }
    }

    @Test func overlapsCountOnceAndOppositeWindingsMakeHoles() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 1, y: 1, width: 6, height: 6))
        path.addRect(CGRect(x: 3, y: 3, width: 6, height: 6))  // the same direction: covered once
        let image = try fill(path, 10, 10, color: RGBA(0, 0, 0, 1))
        #expect(px(image, 4, 4)[3] == 255 && px(image, 8, 8)[3] == 255 && px(image, 8, 1)[3] == 0)
        let ring = CGMutablePath()
        ring.addRect(CGRect(x: 1, y: 1, width: 8, height: 8))
        ring.move(to: CGPoint(x: 3, y: 3))  // counter to the rectangle: a hole (non-zero winding)
        ring.addLine(to: CGPoint(x: 3, y: 7))
        ring.addLine(to: CGPoint(x: 7, y: 7))
        ring.addLine(to: CGPoint(x: 7, y: 3))
        ring.closeSubpath()
        let holed = try fill(ring, 10, 10, color: RGBA(0, 0, 0, 1))
        #expect(px(holed, 5, 5)[3] == 0 && px(holed, 2, 5)[3] == 255 && px(holed, 0, 0)[3] == 0)
    }

    @Test func aPathReachingPastTheImageIsItsCrop() throws {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: -7.3, y: -4.1, width: 40, height: 31))
        path.move(to: CGPoint(x: -20, y: 30))
        path.addLine(to: CGPoint(x: 50, y: 12.5))
        path.addLine(to: CGPoint(x: 40, y: 40))
        path.closeSubpath()
        let whole = try fill(path, 80, 60, origin: CGPoint(x: -25, y: -10))
        let part = try fill(path, 20, 16, origin: CGPoint(x: 0, y: 0))
        for y in 0..<16 {
            for x in 0..<20 {
                // The same to the bit: edges lie on a 1/256-pixel grid, shifted by whole pixels.
                #expect(px(part, x, y) == px(whole, x + 25, y + 10), "pixel \(x), \(y)")
            }
        }
    }

    @Test func translucentColoursArePremultipliedAsCairoDoes() throws {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 1.5, y: 2, width: 13, height: 9.5))
        let color = RGBA(0.9, 0.3, 0.55, 0.6)
        let ours = try fill(path, 16, 14, color: color)
        let cairo = try cairoFill(path, 16, 14, color: color)
        #expect(px(ours, 8, 7) == px(cairo, 8, 7))
        for y in 0..<14 {
            // At edges, cairo's coverage steps by a fifteenth of a pixel (its sample rows): 17
            // levels of full alpha, 10 of this colour's 0.6.
            for x in 0..<16 { #expect(near(px(ours, x, y), px(cairo, x, y), 10), "pixel \(x), \(y)") }
        }
    }

    @Test func whatCannotBeFilledIsRefused() {
        let color = RGBA(0, 0, 0, 1)
        let far = CGPath(rect: CGRect(x: 1, y: 1, width: 1e300, height: 3), transform: nil)
        // Points that overflow to infinity once scaled.
        #expect(PathFill.image(of: far, color: color, width: 8, height: 8, scale: 1e10, origin: .zero) == nil)
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        #expect(PathFill.image(of: square, color: color, width: 0, height: 8, scale: 1, origin: .zero) == nil)
        #expect(PathFill.image(of: square, color: color, width: 8, height: 8, scale: .nan, origin: .zero) == nil)
        // Huge but finite coordinates are clipped, not looped over.
        let huge = CGMutablePath()
        huge.move(to: CGPoint(x: -1e300, y: -1e300))
        huge.addCurve(
            to: CGPoint(x: 1e300, y: 2), control1: CGPoint(x: 3, y: 1e300), control2: CGPoint(x: 5, y: -1e300))
        huge.addLine(to: CGPoint(x: 4, y: 1e300))
        #expect(PathFill.image(of: huge, color: color, width: 8, height: 8, scale: 1, origin: .zero) != nil)
    }
}
