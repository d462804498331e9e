import QuartzCore

/// The animated text stroke: the outlines of a word's glyphs, taken from Core Text run by run,
/// drawn by a shape layer whose `strokeEnd` animates from 0 to 1 (Ole Begemann's
/// AnimatedPaths demo, as its Swift ports write it), over a caption drawn with `CTLineDraw`.
public final class TextStrokeDemo {
    /// The root of the tree: 320 × 120 points.
    public let layer = CALayer()
    /// The shape layer of the glyph outlines.
    public let pathLayer = CAShapeLayer()
    /// The caption under the word.
    public let caption = CaptionLayer()

    /// The demo of `text`, its word not drawn until `start(duration:)`.
    public init(text: String = "glayers") {
        layer.frame = CGRect(x: 0, y: 0, width: 320, height: 120)
        layer.backgroundColor = CGColor(gray: 1, alpha: 1)

        let letters = CGMutablePath()
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 64, nil)
        let attrs = [NSAttributedString.Key(kCTFontAttributeName as String): font]
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attrs))
        let runArray = CTLineGetGlyphRuns(line)
        for runIndex in 0..<CFArrayGetCount(runArray) {
            let run: CTRun = unsafeBitCast(CFArrayGetValueAtIndex(runArray, runIndex), to: CTRun.self)
            let dict = CTRunGetAttributes(run) as NSDictionary
            guard let runFont = dict[kCTFontAttributeName as String] as? CTFont else { continue }
            for runGlyphIndex in 0..<CTRunGetGlyphCount(run) {
                let thisGlyphRange = CFRangeMake(runGlyphIndex, 1)
                var glyph = CGGlyph()
                var position = CGPoint.zero
                CTRunGetGlyphs(run, thisGlyphRange, &glyph)
                CTRunGetPositions(run, thisGlyphRange, &position)
                if let letter = CTFontCreatePathForGlyph(runFont, glyph, nil) {
                    letters.addPath(letter, transform: CGAffineTransform(translationX: position.x, y: position.y))
                }
            }
        }
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addPath(letters)

        pathLayer.frame = CGRect(x: 20, y: 10, width: 280, height: 80)
        pathLayer.bounds = path.boundingBox
        pathLayer.isGeometryFlipped = true  // the glyphs are y up
        pathLayer.path = path
        pathLayer.strokeColor = CGColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
        pathLayer.fillColor = nil
        pathLayer.lineWidth = 1.5
        pathLayer.lineJoin = .bevel
        layer.addSublayer(pathLayer)

        caption.frame = CGRect(x: 0, y: 92, width: 320, height: 24)
        caption.setNeedsDisplay()
        layer.addSublayer(caption)
    }

    /// Starts drawing the word: the stroke runs from its start to its end in `duration` seconds.
    public func start(duration: CFTimeInterval = 3) {
        let pathAnimation = CABasicAnimation(keyPath: "strokeEnd")
        pathAnimation.duration = duration
        pathAnimation.fromValue = 0
        pathAnimation.toValue = 1
        pathLayer.add(pathAnimation, forKey: "strokeEnd")
    }
}

/// A caption drawn with Core Text: the line centred in the bounds after the usual flip.
public final class CaptionLayer: CALayer {
    /// The caption's text.
    public var text = "outlines from CTFontCreatePathForGlyph"

    public override func draw(in ctx: CGContext) {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 13, nil)
        let attributes: [NSAttributedString.Key: Any] = [
            NSAttributedString.Key(kCTFontAttributeName as String): font,
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(gray: 0.35, alpha: 1),
        ]
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, &leading))
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        ctx.textMatrix = .identity
        ctx.textPosition = CGPoint(x: (bounds.width - width) / 2, y: (bounds.height - ascent + descent) / 2)
        CTLineDraw(line, ctx)
    }
}
