import Foundation
import QuartzCore
import Testing

// Drawing and animation code in the style of iOS and macOS apps (custom layers that draw in
// `draw(in:)` with shadows, inner shadows, Core Text set-up, gradients built from `CFArray`s,
// keyframe scrubbing), written as those apps write it; each must compile unchanged and draw
// or compute what it does on Apple's platforms (#11).

/// A card with a soft drop shadow and a rule along its top drawn after the shadow is off.
private final class CardLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let card = bounds.insetBy(dx: 20, dy: 20)
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 0, height: 6), blur: 8, color: CGColor(gray: 0, alpha: 0.6))
        ctx.addPath(CGPath(roundedRect: card, cornerWidth: 8, cornerHeight: 8, transform: nil))
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fillPath()
        ctx.restoreGState()
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: 4))
    }
}

/// The usual inner shadow: clip to the shape, then fill everything outside it with a shadow.
private final class WellLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let well = CGPath(rect: bounds, transform: nil)
        ctx.addPath(well)
        ctx.clip()
        let frame = CGMutablePath()
        frame.addRect(bounds.insetBy(dx: -40, dy: -40))
        frame.addPath(well)
        ctx.setShadow(offset: CGSize(width: 0, height: 3), blur: 6, color: CGColor(gray: 0, alpha: 1))
        ctx.setFillColor(CGColor(gray: 0.5, alpha: 1))
        ctx.addPath(frame)
        ctx.fillPath(using: .evenOdd)
    }
}

/// A label whose text casts a hard red shadow, set before `super.draw(in:)` draws the text.
private final class EmbossedLabel: CATextLayer {
    override func draw(in ctx: CGContext) {
        ctx.setShadow(offset: CGSize(width: 3, height: 3), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        super.draw(in: ctx)
    }
}

/// A header band whose gradient is built from a `CFArray` of colours, as Apple code builds it.
private final class HeaderLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
        guard
            let gradient = CGGradient(
                colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray,
                locations: [0, 1])
        else { return }
        ctx.setShadow(offset: CGSize(width: 0, height: 10), blur: 0)
        ctx.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: 50), options: [])
    }
}

/// Overlapping badges that share one soft shadow, drawn in a transparency layer.
private final class BadgeStackLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setShadow(offset: CGSize(width: 4, height: 4), blur: 0, color: CGColor(gray: 0, alpha: 0.5))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(CGColor(red: 1, green: 0.8, blue: 0, alpha: 1))
        for i in 0..<3 {
            ctx.fillEllipse(in: CGRect(x: 10 + CGFloat(i) * 20, y: 30, width: 30, height: 30))
        }
        ctx.endTransparencyLayer()
    }
}

@Suite struct ThirdPartyStyleTests {
    func drawn(_ layer: CALayer, size: CGFloat = 100, scale: CGFloat = 1) throws -> CGImage {
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        layer.contentsScale = scale
        layer.display()
        return try #require(layer.contents as? CGImage)
    }

    func alpha(_ image: CGImage, _ x: Int, _ y: Int) -> Int { Int(image.pixel(x: x, y: y)?.a ?? 0) }

    /// The card's shadow falls 6 points down with σ = 4 points: 3 points below the card it is
    /// 0.6 · Φ(3/4) ≈ 0.46 of black (accepted 0.36 … 0.56), 3 points above it under 0.03; the
    /// rule drawn after `restoreGState` casts none (alpha under 8 where it would fall).
    /// Reading a pixel as iOS code does: the image's bytes through its data provider.
    @Test func readingPixelsThroughTheDataProvider() throws {
        let ctx = try #require(
            CGContext(
                data: nil, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 2, y: 1, width: 1, height: 1))
        let image = try #require(ctx.makeImage())
        let pixelData = image.dataProvider!.data
        let data: UnsafePointer<UInt8> = CFDataGetBytePtr(pixelData)
        let index = ((image.width * 1) + 2) * 4
        #expect([data[index], data[index + 1], data[index + 2], data[index + 3]] == [0, 0, 255, 255])
        #expect(data[0] == 0 && data[3] == 0)
        #expect(CFDataGetLength(pixelData) == image.bytesPerRow * image.height)
        let copy = try #require(CGDataProvider(data: Data([1, 2, 3]) as CFData))
        #expect(CFDataGetLength(copy.data) == 3 && CFDataGetBytePtr(copy.data)[2] == 3)
    }

    @Test func dropShadowUnderACard() throws {
        let image = try drawn(CardLayer())
        let centre = try #require(image.pixel(x: 50, y: 50))
        #expect(centre.r == 255 && centre.g == 255 && centre.b == 255 && centre.a == 255)
        let below = try #require(image.pixel(x: 50, y: 83))
        #expect((92...143).contains(Int(below.a)) && below.r == 0, "shadow below: \(below)")
        #expect(alpha(image, 50, 17) < 8, "hardly any shadow above the card")
        #expect(alpha(image, 50, 8) < 8, "the rule after restoreGState casts no shadow")
        #expect(image.pixel(x: 50, y: 2)?.r == 255)
    }

    /// Offset and blur are in points: at contentsScale 2 the shadow lands at the same place in
    /// points, with the same profile (each probed pixel within 12 of the 1× one).
    @Test func dropShadowIsInPoints() throws {
        let one = try drawn(CardLayer()), two = try drawn(CardLayer(), scale: 2)
        #expect(two.width == 200)
        for y in [78, 83, 88, 92] {
            #expect(abs(alpha(one, 50, y) - alpha(two, 100, 2 * y)) <= 12, "row \(y)")
        }
    }

    /// The inner shadow darkens the top inside edge of the layer (its frame lies wholly outside
    /// the bitmap): 1 point in, Φ(2/3) ≈ 0.75 (accepted over 0.6); the middle stays clear (alpha
    /// under 4), and the bottom edge, away from the light, stays under 0.12.
    @Test func innerShadowFromAFrameOutsideTheBitmap() throws {
        let image = try drawn(WellLayer())
        #expect(alpha(image, 50, 1) > 153, "top edge: \(alpha(image, 50, 1))")
        #expect(alpha(image, 50, 50) < 4)
        #expect(alpha(image, 50, 98) < 31, "bottom edge: \(alpha(image, 50, 98))")
    }

    /// A label's text casts its shadow: red pixels appear where the black text does not cover.
    @Test func textCastsTheShadowSetBeforeSuperDraw() throws {
        let label = EmbossedLabel()
        label.string = "Shadow"
        label.fontSize = 30
        label.foregroundColor = CGColor(gray: 0, alpha: 1)
        let image = try drawn(label, size: 120)
        var red = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                if let p = image.pixel(x: x, y: y), p.a > 200, p.r > 200, p.g < 40 { red += 1 }
            }
        }
        #expect(red > 50, "red shadow pixels: \(red)")
    }

    /// A gradient built from a `CFArray` paints from blue (top) to green (y = 50); with no
    /// extension options it stops there and its hard default shadow (black at 1/3, 10 points
    /// down) shows below it (alpha 85 ± 3), and nothing below that.
    @Test func gradientFromACFArrayCastsItsShadow() throws {
        let image = try drawn(HeaderLayer())
        let top = try #require(image.pixel(x: 50, y: 1))
        #expect(top.b > 240 && top.g < 15 && top.a == 255)
        #expect(abs(alpha(image, 50, 55) - 85) <= 3 && image.pixel(x: 50, y: 55)?.r == 0)
        #expect(alpha(image, 50, 65) == 0)
    }

    /// The CTM turns and scales the shape but not its shadow: a square drawn in user space
    /// scaled 2× and turned half a turn still casts its hard 10-pixel shadow straight down.
    @Test func shadowIgnoresTheCTM() throws {
        let ctx = try #require(CGContext.bitmap(width: 80, height: 80))
        ctx.translateBy(x: 40, y: 40)
        ctx.rotate(by: .pi)
        ctx.scaleBy(x: 2, y: 2)
        ctx.setShadow(
            offset: CGSize(width: 0, height: 10), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: -5, y: -5, width: 10, height: 10))  // pixels 30 … 50
        let image = try #require(ctx.makeImage())
        #expect(image.pixel(x: 40, y: 55)?.b == 255 && image.pixel(x: 40, y: 55)?.a == 255)
        #expect(alpha(image, 40, 61) == 0 && alpha(image, 40, 27) == 0)
        #expect(image.pixel(x: 40, y: 45)?.b == 0, "the square itself covers its shadow")
    }

    /// Core Text drawing code sets the text matrix and position; neither is part of the
    /// graphics state, as Core Graphics documents.
    @Test func textMatrixSurvivesRestore() throws {
        let ctx = try #require(CGContext.bitmap(width: 10, height: 10))
        #expect(ctx.textMatrix == .identity)
        ctx.saveGState()
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        ctx.textPosition = CGPoint(x: 4, y: 7)
        ctx.restoreGState()
        #expect(ctx.textMatrix == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 4, ty: 7))
        #expect(ctx.textPosition == CGPoint(x: 4, y: 7))
    }

    /// Badges in a transparency layer cast one shadow: where a badge overlaps the next one's
    /// shadow would fall, the badge stays its own colour; past the last badge the shadow is
    /// black at half alpha (128 ± 1).
    @Test func badgesInATransparencyLayerShareOneShadow() throws {
        let image = try drawn(BadgeStackLayer())
        // (33, 47) is inside the first and second badges, 4 points after the first's edge.
        let inside = try #require(image.pixel(x: 33, y: 47))
        #expect(inside.r == 255 && inside.g == 204 && inside.b == 0 && inside.a == 255, "\(inside)")
        #expect(abs(alpha(image, 82, 47) - 128) <= 1 && image.pixel(x: 82, y: 47)?.r == 0)
    }

    /// Tapping near a thin drawn wire: apps widen the shape layer's path with
    /// `copy(strokingWithWidth:…)` and ask the outline whether it contains the touch. The
    /// curve's middle is (100, 70), horizontal there; the outline reaches 11 points around it.
    @Test func hitTestingAWireThroughItsStrokeOutline() {
        let wire = CGMutablePath()
        wire.move(to: CGPoint(x: 20, y: 20))
        wire.addQuadCurve(to: CGPoint(x: 180, y: 20), control: CGPoint(x: 100, y: 120))
        let shape = CAShapeLayer()
        shape.path = wire
        shape.lineWidth = 2
        let target = shape.path?.copy(strokingWithWidth: 22, lineCap: .round, lineJoin: .round, miterLimit: 0)
        #expect(target?.contains(CGPoint(x: 100, y: 78)) == true && target?.contains(CGPoint(x: 100, y: 85)) == false)
        #expect(target?.contains(CGPoint(x: 11, y: 20)) == true, "inside the round cap")
        #expect(target?.contains(CGPoint(x: 100, y: 40)) == false)
    }

    /// Scrubbing a paced keyframe animation along a path: the layer stopped (`speed = 0`) and
    /// moved by `timeOffset` after the commit, as slider-driven animations do. Half way along
    /// the 200-point path is its corner, (100, 0); three quarters is (100, 50).
    @Test func scrubbingAKeyframePathAnimation() throws {
        let layer = CALayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = path
        move.calculationMode = kCAAnimationPaced
        move.rotationMode = .rotateAuto
        move.duration = 1
        layer.speed = 0
        layer.add(move, forKey: "move")
        CATransaction.flush()  // commits: the animation begins at the stopped layer's time, 0
        layer.timeOffset = 0.5
        let p = try #require(layer.presentation())
        #expect(abs(p.position.x - 100) < 0.01, "\(p.position)")
        #expect(abs(p.position.y) < 0.01, "\(p.position)")
        layer.timeOffset = 0.75
        let q = try #require(layer.presentation())
        #expect(abs(q.position.x - 100) < 0.01 && abs(q.position.y - 50) < 0.01, "\(q.position)")
        finishAnimations(of: layer)
    }
}
