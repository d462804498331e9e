import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// `shadowPath` of any shape casts a blurred shadow of that shape (#11), drawn from Core
/// Animation code as an app writes it and rendered headless; goldens in `Tests/Goldens/Layers`.
///
/// Every scene: a 160×120 light grey root at 2 pixels per point, one layer casting a shadow
/// (σ = 0.8 · shadowRadius) of its `shadowPath`.
@Suite(.serialized, .mediaClock) struct ShadowPathGoldenTests {
    /// Blur taps sum many texels and the masks are anti-aliased by cairo: three steps per
    /// channel, a few pixels more (llvmpipe is deterministic; this is room for another LLVM's
    /// or cairo's rounding).
    static let tolerance = ImageTolerance(channel: 3, pixels: 24)

    private func render(_ layer: CALayer, renderer: HeadlessRenderer? = nil) throws -> CGImage {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(gray: 0.93, alpha: 1)
        root.addSublayer(layer)
        let r = try renderer ?? HeadlessRenderer(size: CGSize(width: 160, height: 120), scale: 2)
        return try r.render(root, at: 0)
    }

    /// A five-pointed star centred in `box`, outer radius `outer`, inner `inner`.
    static func star(in box: CGRect, outer: CGFloat, inner: CGFloat) -> CGPath {
        let p = CGMutablePath()
        for k in 0..<10 {
            let r = k % 2 == 0 ? outer : inner
            let a = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
            let q = CGPoint(x: box.midX + r * cos(a), y: box.midY + r * sin(a))
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    /// An 80×50 layer with no background or contents casts the shadow of an ellipse: a soft
    /// navy ellipse offset by (6, 8), radius 6, opacity 0.8, and nothing else.
    @Test func ellipseShadowPath() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 25, width: 80, height: 50)
        layer.shadowPath = CGPath(ellipseIn: layer.bounds, transform: nil)
        layer.shadowColor = CGColor(red: 0.1, green: 0.1, blue: 0.4, alpha: 1)
        layer.shadowOpacity = 0.8
        layer.shadowRadius = 6
        layer.shadowOffset = CGSize(width: 6, height: 8)
        let image = try render(layer)
        // The ellipse's centre, shifted by the offset, is dark; the layer's own corner, which
        // the ellipse leaves out, is only faintly shaded.
        let centre = try #require(image.pixel(x: 172, y: 116))
        let corner = try #require(image.pixel(x: 82, y: 52))
        #expect(centre.r < 80 && centre.b > centre.r)
        #expect(corner.r > 200)
        LayerGolden.check(image, "shadow-path-ellipse", Self.tolerance)
    }

    /// A white rounded card (radius 12) with the matching rounded-rect `shadowPath`: the
    /// analytic shadow, black 0.6, radius 8, offset (0, 6), under the card.
    @Test func roundedRectShadowPath() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 30, y: 25, width: 100, height: 60)
        layer.backgroundColor = CGColor(gray: 1, alpha: 1)
        layer.cornerRadius = 12
        layer.shadowPath = CGPath(roundedRect: layer.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)
        layer.shadowOpacity = 0.6
        layer.shadowRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 6)
        let image = try render(layer)
        #expect(image.pixel(x: 160, y: 110)?.r == 255)
        let below = try #require(image.pixel(x: 160, y: 176))
        #expect(below.r < 200)
        LayerGolden.check(image, "shadow-path-rounded-rect", Self.tolerance)
    }

    /// A gold star drawn by a shape layer, with the same star as its `shadowPath`: the
    /// shadow's points follow the star's (black 0.7, radius 4, offset (5, 7)). The second frame
    /// reuses the mask: no texture is uploaded again.
    @Test func starShadowPath() throws {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 30, y: 10, width: 100, height: 100)
        let star = Self.star(in: layer.bounds, outer: 45, inner: 18)
        layer.path = star
        layer.fillColor = CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1)
        layer.shadowPath = star
        layer.shadowOpacity = 0.7
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 5, height: 7)
        let renderer = try HeadlessRenderer(size: CGSize(width: 160, height: 120), scale: 2)
        let image = try render(layer, renderer: renderer)
        // Just below the bottom notch (80, 78), outside the star: (88, 85) is the shadow of
        // (83, 78), inside the star.
        let underNotch = try #require(image.pixel(x: 176, y: 170))
        // Between the upper right point and the top one, offset: (115, 37).
        let notch = try #require(image.pixel(x: 230, y: 74))
        #expect(underNotch.r < 140)
        #expect(notch.r > 220)
        LayerGolden.check(image, "shadow-path-star", Self.tolerance)
        let again = try render(layer, renderer: renderer)
        #expect(renderer.driver.renderer.stats.textureUploads == 0)
        #expect(again.withUnsafeBytes { Array($0) } == image.withUnsafeBytes { Array($0) })
    }
}
