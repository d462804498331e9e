import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// Continuous corners on a whole layer, and text layers with attributed strings and with a
/// subclass's `draw(in:)`, as Core Animation code makes them (#11); rendered headless, goldens
/// in `Tests/Goldens/Layers`.
@Suite(.serialized, .mediaClock) struct CornerAndTextGoldenTests {
    /// Text is anti-aliased by pango and cairo: two steps per channel, a few pixels more.
    static let tolerance = ImageTolerance(channel: 2, pixels: 24)

    private func render(_ layers: [CALayer]) throws -> CGImage {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        root.backgroundColor = CGColor(gray: 0.93, alpha: 1)
        for layer in layers { root.addSublayer(layer) }
        return try HeadlessRenderer(size: CGSize(width: 200, height: 120), scale: 2).render(root, at: 0)
    }

    /// Two cards (80 × 80, radius 24, a 3-point border, a shadow, a red square in the corner
    /// they clip): circular corners (left) and continuous ones (right). The right card's
    /// corners begin further along its edges and bend more gently; its border, its clip of
    /// the red square and its shadow follow the same curve.
    @Test func continuousCornersOnACard() throws {
        func card(_ x: CGFloat, _ curve: CALayerCornerCurve) -> CALayer {
            let card = CALayer()
            card.frame = CGRect(x: x, y: 20, width: 80, height: 80)
            card.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
            card.cornerRadius = 24
            card.cornerCurve = curve
            card.borderWidth = 3
            card.borderColor = CGColor(gray: 1, alpha: 1)
            card.shadowOpacity = 0.5
            card.shadowRadius = 4
            card.shadowOffset = CGSize(width: 0, height: 3)
            let shadowed = CALayer()  // the shadow of a card that clips is cast by its own shape
            shadowed.frame = card.frame
            shadowed.backgroundColor = card.backgroundColor
            shadowed.cornerRadius = 24
            shadowed.cornerCurve = curve
            shadowed.shadowOpacity = 0.5
            shadowed.shadowRadius = 4
            shadowed.shadowOffset = CGSize(width: 0, height: 3)
            card.shadowOpacity = 0
            card.masksToBounds = true
            let red = CALayer()
            red.frame = CGRect(x: 0, y: 0, width: 36, height: 36)
            red.backgroundColor = CGColor(red: 0.95, green: 0.2, blue: 0.2, alpha: 1)
            card.addSublayer(red)
            let group = CALayer()
            group.sublayers = [shadowed, card]
            return group
        }
        let image = try render([card(12, .circular), card(108, .continuous)])
        LayerGolden.check(image, "corner-continuous-card", Self.tolerance)
    }

    /// An attributed string in a text layer (bold red, then blue underlined and spaced
    /// out, then small grey in the default face), above the vertically centred label of many
    /// apps: a `CATextLayer` subclass whose `draw(in:)` moves the context down before
    /// `super.draw(in:)`; the text sits in the middle of its yellow frame.
    @Test func attributedTextAndACentredLabel() throws {
        let text = NSMutableAttributedString(string: "")
        text.append(
            NSAttributedString(
                string: "Bold ",
                attributes: [
                    .font: CTFontCreateWithName("DejaVu Sans Bold", 20, nil),
                    .foregroundColor: CGColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1),
                ]))
        text.append(
            NSAttributedString(
                string: "blue",
                attributes: [
                    .font: CTFontCreateWithName("DejaVu Sans", 20, nil),
                    .foregroundColor: CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1),
                    .underlineStyle: NSUnderlineStyle.single.rawValue, .kern: 3,
                ]))
        text.append(NSAttributedString(string: " small", attributes: [.font: "DejaVu Sans"]))
        let attributed = CATextLayer()
        attributed.frame = CGRect(x: 10, y: 10, width: 180, height: 34)
        attributed.string = text
        attributed.backgroundColor = CGColor(gray: 1, alpha: 1)
        attributed.contentsScale = 2

        let centred = CenteredTextLayer()
        centred.frame = CGRect(x: 10, y: 54, width: 180, height: 56)
        centred.string = "Centred"
        centred.font = CGFont("DejaVu Sans")
        centred.fontSize = 20
        centred.alignmentMode = .center
        centred.foregroundColor = CGColor(gray: 0, alpha: 1)
        centred.backgroundColor = CGColor(red: 1, green: 0.9, blue: 0.5, alpha: 1)
        centred.contentsScale = 2
        let image = try render([attributed, centred])
        // The centred label's glyphs lie around the middle of its frame (screen y 82 pt).
        let inked = (0..<image.width).contains { x in (image.pixel(x: x, y: 164)?.r ?? 255) < 60 }
        let topInked = (0..<image.width).contains { x in (image.pixel(x: x, y: 116)?.r ?? 255) < 60 }
        #expect(inked && !topInked)
        LayerGolden.check(image, "text-attributed-and-centred", Self.tolerance)
    }
}

/// The vertically centred text layer of many apps.
private final class CenteredTextLayer: CATextLayer {
    override func draw(in ctx: CGContext) {
        let yDiff = (bounds.height - fontSize) / 2 - fontSize / 10
        ctx.saveGState()
        ctx.translateBy(x: 0, y: yDiff)
        super.draw(in: ctx)
        ctx.restoreGState()
    }
}
