import Foundation
import QuartzCore
import Testing

// Core Text in layers as third-party iOS code uses it, written as that code writes it (#11):
// text drawn in `draw(in:)` after flipping the context, a frame of wrapped text, and the
// "animated text stroke" demo that turns a line's glyphs into one path for a shape layer.

/// A label that draws its line with `CTLineDraw` after the usual flip, centred vertically.
private final class CoreTextLabelLayer: CALayer {
    var text = "Core Text"

    override func draw(in ctx: CGContext) {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil)
        let attributes: [NSAttributedString.Key: Any] = [
            NSAttributedString.Key(kCTFontAttributeName as String): font,
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(
                red: 1, green: 0, blue: 0, alpha: 1),
        ]
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, &leading))
        ctx.saveGState()
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        ctx.textMatrix = .identity
        ctx.textPosition = CGPoint(x: (bounds.width - width) / 2, y: (bounds.height - ascent + descent) / 2)
        CTLineDraw(line, ctx)
        ctx.restoreGState()
    }
}

/// A text box that lays its paragraph out in a frame of its bounds.
private final class ParagraphLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
        let string = NSAttributedString(
            string: String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 3),
            attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
        let framesetter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
        let path = CGMutablePath()
        path.addRect(bounds.insetBy(dx: 10, dy: 10))
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, nil)
        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: bounds.size.height)
        ctx.scaleBy(x: 1.0, y: -1.0)
        CTFrameDraw(frame, ctx)
    }
}

/// The glyph outlines of `string` as one path, as the animated-text-stroke demos build it.
private func lettersPath(_ string: String) -> CGPath {
    let letters = CGMutablePath()
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 72, nil)
    let attrs = [NSAttributedString.Key(kCTFontAttributeName as String): font]
    let attrString = NSAttributedString(string: string, attributes: attrs)
    let line = CTLineCreateWithAttributedString(attrString)
    let runArray = CTLineGetGlyphRuns(line)
    for runIndex in 0..<CFArrayGetCount(runArray) {
        let run: CTRun = unsafeBitCast(CFArrayGetValueAtIndex(runArray, runIndex), to: CTRun.self)
        let dictRef: CFDictionary = CTRunGetAttributes(run)
        let dict: NSDictionary = dictRef as NSDictionary
        // swift-format-ignore: NeverForceUnwrap
        let runFont = dict[kCTFontAttributeName as String] as! CTFont
        for runGlyphIndex in 0..<CTRunGetGlyphCount(run) {
            let thisGlyphRange = CFRangeMake(runGlyphIndex, 1)
            var glyph = CGGlyph()
            var position = CGPoint.zero
            CTRunGetGlyphs(run, thisGlyphRange, &glyph)
            CTRunGetPositions(run, thisGlyphRange, &position)
            let letter = CTFontCreatePathForGlyph(runFont, glyph, nil)
            let t = CGAffineTransform(translationX: position.x, y: position.y)
            if let letter = letter { letters.addPath(letter, transform: t) }
        }
    }
    return letters
}

@Suite struct ThirdPartyCoreTextTests {
    func drawn(_ layer: CALayer, width: CGFloat, height: CGFloat) throws -> CGImage {
        layer.frame = CGRect(x: 0, y: 0, width: width, height: height)
        layer.display()
        return try #require(layer.contents as? CGImage)
    }

    /// Red ink between `rows`, upright: the label's ink is centred and its tallest letters (C,
    /// T, x-height under them) lie in the upper part of its box.
    func redInk(_ image: CGImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y), p.a > 128, p.r > 128, p.g < 40 else { continue }
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    /// The label's red text is centred in its 200 × 60 layer within 2 points each way, and
    /// upright: the capital C and T reach higher above the middle than anything hangs below
    /// (no descenders in "Core Text").
    @Test func lineDrawnInDrawInIsCentredAndUpright() throws {
        let image = try drawn(CoreTextLabelLayer(), width: 200, height: 60)
        let ink = try #require(redInk(image))
        #expect(abs((ink.minX + ink.maxX + 1) - 200) <= 4, "\(ink)")
        #expect(ink.minY > 10 && ink.maxY < 50, "\(ink)")
        // DejaVu Sans at 24: cap height 17.5, ascent 22.3, descent 5.7: the baseline is at
        // 30 + (22.3 − 5.7) / 2 = 38.3, the caps' top at 20.8.
        #expect(abs(ink.maxY - 38) <= 1 && abs(ink.minY - 21) <= 1, "baseline and cap height: \(ink)")
    }

    /// The paragraph wraps into several lines inside the 10-point inset of a 160 × 200 layer.
    @Test func frameDrawnInDrawInWrapsInsideTheInset() throws {
        let image = try drawn(ParagraphLayer(), width: 160, height: 200)
        var rows = Set<Int>()
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where (image.pixel(x: x, y: y)?.a ?? 0) > 100 {
                rows.insert(y)
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        let ink = try #require(box)
        #expect(ink.minX >= 10 && ink.maxX < 150 && ink.minY >= 10 && ink.minY < 16 && ink.maxY < 190, "\(ink)")
        #expect(ink.maxY - ink.minY > 60, "several lines: \(ink)")
    }

    /// The glyph path of "Hi" spans the line (DejaVu Sans at 72 points): its box starts at H's
    /// left side bearing (201 units) and ends at i's right side (1540 + 377 units), from the
    /// baseline to the top of i's dot (1556 units; y up); in a shape layer whose `strokeEnd`
    /// animates, it draws.
    @Test func animatedTextStrokePath() throws {
        let path = lettersPath("Hi")
        let box = path.boundingBoxOfPath
        #expect(!path.isEmpty)
        #expect(abs(box.minX - 201 * 72 / 2048) < 0.05 && abs(box.minY) < 0.05)
        #expect(abs(box.maxY - 1556 * 72 / 2048) < 0.05 && abs(box.maxX - 1917 * 72 / 2048) < 0.05, "\(box)")

        let pathLayer = CAShapeLayer()
        pathLayer.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        pathLayer.isGeometryFlipped = true
        pathLayer.path = path
        pathLayer.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        pathLayer.fillColor = nil
        pathLayer.lineWidth = 2
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.duration = 10
        animation.fromValue = 0
        animation.toValue = 1
        pathLayer.add(animation, forKey: "strokeEnd")
        #expect(pathLayer.animation(forKey: "strokeEnd") != nil)
        finishAnimations(of: pathLayer)

        let ctx = try #require(CGContext.bitmap(width: 120, height: 80))
        ctx.addPath(path)
        ctx.strokePath()
        let stroked = try #require(ctx.makeImage())
        #expect(stroked.pixels.contains { $0 != 0 })
    }

    /// Runs come back as `[CTRun]` through `as!`, glyphs for characters through
    /// `CTFontGetGlyphsForCharacters`, and a line's string range covers the string; an
    /// attributed string made by `CFAttributedStringCreate` from a `CFDictionary` keeps its font.
    @Test func castsAndLookups() throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 18, nil)
        let line = CTLineCreateWithAttributedString(
            NSAttributedString(string: "AV", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
        )
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        #expect(runs.count == 1 && CTLineGetStringRange(line).length == 2)
        var chars: [UniChar] = Array("AV".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: chars.count)
        #expect(CTFontGetGlyphsForCharacters(font, &chars, &glyphs, chars.count))
        var runGlyphs = [CGGlyph](repeating: 0, count: 2)
        CTRunGetGlyphs(runs[0], CFRangeMake(0, 0), &runGlyphs)
        #expect(runGlyphs == glyphs && CTFontGetSize(font) == 18)
        let attributes = [kCTFontAttributeName: font] as CFDictionary
        let cfLine = CTLineCreateWithAttributedString(
            CFAttributedStringCreate(kCFAllocatorDefault, "AV" as CFString, attributes))
        let cfRuns = CTLineGetGlyphRuns(cfLine) as! [CTRun]
        #expect((CTRunGetAttributes(cfRuns[0])[kCTFontAttributeName as String] as? CTFont) === font)
    }
}
