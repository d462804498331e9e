import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// Strokes whose trim animates are drawn from one raster of the whole stroke, trimmed by the
/// compositor (docs/renderer.md, "Trimmed strokes"): their pixels are those of the trimmed
/// path stroked by cairo (`CALayer.render(in:)` of the presentation), but at the cut ends.
@Suite(.serialized, .mediaClock) struct TrimmedStrokeRenderTests {
    /// A shape layer stroking `path` in `frame`, `width` wide with `cap` and `join`, its
    /// `strokeStart` and `strokeEnd` animated linearly over a second between the pairs given.
    static func stroke(
        _ path: CGPath, in frame: CGRect, width: CGFloat = 8, cap: CAShapeLayerLineCap = .round,
        join: CAShapeLayerLineJoin = .miter, start: (CGFloat, CGFloat), end: (CGFloat, CGFloat)
    ) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = frame
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = CGColor(red: 0.1, green: 0.35, blue: 0.8, alpha: 1)
        shape.lineWidth = width
        shape.lineCap = cap
        shape.lineJoin = join
        for (key, (from, to)) in [("strokeStart", start), ("strokeEnd", end)] where from != to {
            let animation = CABasicAnimation(keyPath: key)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 1
            shape.add(animation, forKey: key)
        }
        return shape
    }

    /// Circles (round caps; turned; one drawn twice over, as a Lottie trim across the path's
    /// start is), a polyline with right-angled miter joins and butt caps, an open arc in
    /// flipped geometry, a line with square caps.
    static func tree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(gray: 0.92, alpha: 1)
        let circle = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 60, height: 60), transform: nil)
        root.addSublayer(
            stroke(circle, in: CGRect(x: 0, y: 0, width: 70, height: 70), start: (0, 0.3), end: (0.2, 0.9)))
        let turned = stroke(circle, in: CGRect(x: 80, y: 0, width: 70, height: 70), start: (0, 0), end: (0.1, 1))
        turned.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        root.addSublayer(turned)
        let twice = CGMutablePath()
        twice.addPath(circle)
        twice.addPath(circle)
        root.addSublayer(
            stroke(twice, in: CGRect(x: 160, y: 0, width: 70, height: 70), start: (0.4, 0.45), end: (0.6, 0.9)))
        let polyline = CGMutablePath()
        polyline.addLines(between: [
            CGPoint(x: 10, y: 60), CGPoint(x: 50, y: 60), CGPoint(x: 50, y: 20), CGPoint(x: 100, y: 20),
        ])
        root.addSublayer(
            stroke(polyline, in: CGRect(x: 0, y: 80, width: 110, height: 80), cap: .butt, start: (0, 0), end: (0, 1)))
        // An open arc in flipped geometry: its raster and lengths are shown mirrored.
        let arc = CGMutablePath()
        arc.addArc(center: CGPoint(x: 30, y: 25), radius: 18, startAngle: 0, endAngle: 4, clockwise: false)
        let flipped = stroke(
            arc, in: CGRect(x: 150, y: 110, width: 60, height: 50), width: 6, start: (0, 0.2), end: (0.3, 1))
        flipped.isGeometryFlipped = true
        root.addSublayer(flipped)
        let line = CGMutablePath()
        line.addLines(between: [CGPoint(x: 10, y: 20), CGPoint(x: 110, y: 20)])
        root.addSublayer(
            stroke(
                line, in: CGRect(x: 120, y: 80, width: 120, height: 40), width: 10, cap: .square, start: (0.5, 0.1),
                end: (1, 1)))
        return root
    }

    /// Cut ends differ: the compositor cuts at the length of the texel nearest each pixel and
    /// draws round caps about the path, so the pixels a cut or a cap's edge crosses come out up
    /// to about half a pixel of coverage apart, as do the turned circle's edges, resampled from
    /// its raster. Measured: 8 pixels over 48 levels at 1 pixel a point, 38 at 2 (95 levels at
    /// most). A cut a pixel off puts the 6 to 20 pixels across its stroke 100 levels or more
    /// apart.
    static func tolerance(_ scale: Double) -> ImageTolerance {
        ImageTolerance(channel: 48, pixels: scale == 1 ? 16 : 48)
    }

    @Test(arguments: [1.0, 2.0])
    func trimmedStrokesDrawAsTheirTrimmedPathsDo(_ scale: Double) throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = Self.tree()
        let renderer = try HeadlessRenderer(size: root.bounds.size, scale: scale)
        // Frames before: from the second on, the trims change, and the strokes are trimmed
        // where they are drawn.
        for t in stride(from: 0.0, through: 0.3, by: 0.1) { _ = try renderer.render(root, at: t) }
        for t in [0.35, 0.7] {
            let composited = try renderer.render(root, at: t)
            let (w, h) = (composited.width, composited.height)
            let gpu = try #require(CGContext.bitmap(width: w, height: h, scale: scale))
            gpu.draw(composited, in: CGRect(origin: .zero, size: root.bounds.size))
            let cpu = try #require(CGContext.bitmap(width: w, height: h, scale: scale))
            try #require(root.presentation()).render(in: cpu)
            let (a, b) = (try #require(gpu.makeImage()), try #require(cpu.makeImage()))
            let result = ImageComparison(a, b, tolerance: Self.tolerance(scale))
            if !result.matches {
                let name = "trimmed-strokes-\(scale)-\(t)"
                let written = GoldenImages.writeFailure(
                    [("compositor", a), ("render-in-context", b)], name: name, tolerance: Self.tolerance(scale))
                Issue.record("\(name): \(result). Wrote \(written.joined(separator: ", "))")
            }
        }
    }
}
