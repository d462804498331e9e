import Foundation
import QuartzCore
import Testing

/// `CATextLayer` as Apple code uses it: fonts as Core Text and CoreGraphics objects,
/// attributed strings, and subclasses that draw in `draw(in:)` (#11). Checked on the layer's
/// backing store, drawn by `display()`.
@Suite struct TextLayerTests {
    /// The layer drawn into its backing store.
    func drawn(_ layer: CATextLayer) throws -> CGImage {
        layer.display()
        return try #require(layer.contents as? CGImage)
    }

    /// Pixels whose alpha is over a half, and their rows.
    func ink(_ image: CGImage, where keep: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool = { _ in true })
        -> (count: Int, rows: ClosedRange<Int>?)
    {
        var count = 0
        var top = Int.max, bottom = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y), p.a > 128, keep(p) else { continue }
                count += 1
                top = min(top, y)
                bottom = max(bottom, y)
            }
        }
        return (count, count == 0 ? nil : top...bottom)
    }

    func label(_ string: Any?, width: CGFloat = 240, height: CGFloat = 60) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: width, height: height)
        layer.string = string
        layer.fontSize = 30
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        return layer
    }

    @Test func fontsAsCoreTextAndCoreGraphicsObjects() throws {
        let regular = label("Hamburg")
        regular.font = "DejaVu Sans" as CFString
        let bold = label("Hamburg")
        bold.font = CTFontCreateWithName("DejaVu Sans Bold" as CFString, 12, nil)
        let graphics = label("Hamburg")
        graphics.font = CGFont("DejaVuSans-Bold" as CFString)
        #expect(CTFontGetSize(try #require(bold.font as? CTFont)) == 12)
        let thin = ink(try drawn(regular)).count, thick = ink(try drawn(bold)).count
        // A CTFont's own size is not used: fontSize is (CATextLayer.h).
        #expect((ink(try drawn(bold)).rows?.count ?? 0) > 20)
        #expect(thick > thin + thin / 5, "the bold face has more ink")
        #expect(ink(try drawn(graphics)).count == thick, "a CGFont of the same face draws the same")
    }

    @Test func attributedStringsDrawTheirRuns() throws {
        let text = NSMutableAttributedString(string: "")
        text.append(
            NSAttributedString(
                string: "Red ",
                attributes: [
                    .font: CTFontCreateWithName("DejaVu Sans Bold" as CFString, 28, nil),
                    .foregroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                ]))
        text.append(
            NSAttributedString(
                string: "blue",
                attributes: [
                    .font: CTFontCreateWithName("DejaVu Sans" as CFString, 28, nil),
                    NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(
                        red: 0, green: 0, blue: 1, alpha: 1),
                    .underlineStyle: NSUnderlineStyle.single.rawValue, .kern: 4,
                ]))
        let layer = label(text)
        layer.foregroundColor = CGColor(gray: 0.5, alpha: 1)  // not used for attributed text
        let image = try drawn(layer)
        let red = ink(image) { $0.r > 200 && $0.b < 60 }, blue = ink(image) { $0.b > 200 && $0.r < 60 }
        #expect(red.count > 100 && blue.count > 100)
        #expect(ink(image) { abs(Int($0.r) - 128) < 20 && abs(Int($0.b) - 128) < 20 }.count == 0)
        // The underline: a row of blue as wide as the word, which no row of glyphs is.
        func blueWidth(_ y: Int) -> Int {
            (0..<image.width).filter { x in
                let p = image.pixel(x: x, y: y)
                return (p?.a ?? 0) > 80 && (p?.b ?? 0) > 80 && (p?.r ?? 255) < 40
            }.count
        }
        #expect((0..<image.height).map(blueWidth).max() ?? 0 > 60)
    }

    @Test func attributedTextWithoutSizeOrColourUsesCoreTextDefaults() throws {
        let plain = label(NSAttributedString(string: "Hamburg", attributes: [.font: "DejaVu Sans"]))
        plain.fontSize = 60  // not used: a run without a size is 12 points, without a colour black
        let image = try drawn(plain)
        let rows = try #require(ink(image).rows)
        #expect(rows.count < 14 && rows.count > 6)
        #expect(ink(image) { $0.r < 40 && $0.g < 40 && $0.b < 40 }.count > 20)
    }

    /// The vertically centred text layer of many apps: `draw(in:)` moves the context before
    /// the text layer draws.
    final class CenteredTextLayer: CATextLayer {
        override func draw(in ctx: CGContext) {
            let yDiff = (bounds.height - fontSize) / 2 - fontSize / 10
            ctx.saveGState()
            ctx.translateBy(x: 0, y: yDiff)
            super.draw(in: ctx)
            ctx.restoreGState()
        }
    }

    @Test func subclassesThatShiftTheContextMoveTheText() throws {
        let plain = label("Centred", height: 100)
        let centred = CenteredTextLayer()
        centred.frame = plain.frame
        centred.string = "Centred"
        centred.fontSize = 30
        centred.foregroundColor = CGColor(gray: 0, alpha: 1)
        let top = try #require(ink(try drawn(plain)).rows?.lowerBound)
        let moved = try #require(ink(try drawn(centred)).rows?.lowerBound)
        #expect(moved - top == 32, "moved down by (100 − 30) / 2 − 3 points")
    }
}
