import Foundation
import GLayersGraphics
import Testing

// Core Text on pango and cairo (#11). The expected numbers are DejaVu Sans's own (DejaVuSans.ttf:
// 2048 units per em, hhea ascender 1901, descender −483, line gap 0; 'A' glyph 36 and 'V' 57,
// both 1401 units wide; 'H' glyph 43, 1540 wide, its box x 201 … 1339, y 0 … 1493), read from
// the font file's cmap, hmtx, hhea and glyf tables, at 20 points: one unit is 20/2048 point.

private let unit: CGFloat = 20.0 / 2048

/// An attributed string in one font and colour, keyed as Core Text's constants are named.
func attributed(_ s: String, font: CTFont, color: CGColor? = nil) -> NSAttributedString {
    var attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key("NSFont"): font]
    if let color { attributes[NSAttributedString.Key("CTForegroundColor")] = color }
    return NSAttributedString(string: s, attributes: attributes)
}

/// The context's pixels.
func image(_ ctx: CGContext) throws -> CGImage { try #require(ctx.makeImage()) }

@Suite struct CoreTextFontTests {
    let font = CTFontCreateWithName("DejaVu Sans", 20, nil)

    /// Glyph indices come from the font's cmap; a character it lacks gets 0 and `false`.
    @Test func glyphsForCharacters() {
        var glyphs = [CGGlyph](repeating: 9, count: 3)
        #expect(CTFontGetGlyphsForCharacters(font, Array("AVH".utf16), &glyphs, 3))
        #expect(glyphs == [36, 57, 43])
        var missing: CGGlyph = 9
        #expect(!CTFontGetGlyphsForCharacters(font, [0x0378], &missing, 1) && missing == 0)
    }

    /// Advances are the hmtx widths scaled to 20 points (to 0.001 point): unhinted.
    @Test func advances() {
        var advances = [CGSize](repeating: .zero, count: 3)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, [36, 57, 43], &advances, 3)
        #expect(abs(advances[0].width - 1401 * unit) < 0.001 && abs(advances[2].width - 1540 * unit) < 0.001)
        #expect(abs(total - Double((1401 + 1401 + 1540) * unit)) < 0.003)
    }

    /// Ascent and descent are hhea's (18.564 and 4.717 points), leading its line gap (0).
    @Test func metrics() {
        #expect(abs(CTFontGetAscent(font) - 1901 * unit) < 0.01)
        #expect(abs(CTFontGetDescent(font) - 483 * unit) < 0.01)
        #expect(CTFontGetLeading(font) < 0.01)
    }

    /// The outline of 'H' spans its glyf box (x 1.963 … 13.076, y 0 … 14.580, y up), within
    /// 0.01 point, and its ink box from cairo's extents agrees within 0.05.
    @Test func glyphPathBoundsAreTheGlyphsBox() throws {
        let path = try #require(CTFontCreatePathForGlyph(font, 43, nil))
        let box = path.boundingBoxOfPath
        #expect(abs(box.minX - 201 * unit) < 0.01 && abs(box.maxX - 1339 * unit) < 0.01)
        #expect(abs(box.minY) < 0.01 && abs(box.maxY - 1493 * unit) < 0.01)
        var ink = CGRect.zero
        CTFontGetBoundingRectsForGlyphs(font, .default, [43], &ink, 1)
        #expect(abs(ink.minX - box.minX) < 0.05 && abs(ink.maxY - box.maxY) < 0.05 && abs(ink.minY) < 0.05)
        var moved = CGAffineTransform(translationX: 100, y: 0)
        #expect(abs((CTFontCreatePathForGlyph(font, 43, &moved)?.boundingBoxOfPath.minX ?? 0) - box.minX - 100) < 0.01)
        var space: CGGlyph = 0
        _ = CTFontGetGlyphsForCharacters(font, [0x20], &space, 1)
        #expect(CTFontCreatePathForGlyph(font, space, nil) == nil, "a space has no outline")
    }
}

@Suite struct CoreTextLineTests {
    let font = CTFontCreateWithName("DejaVu Sans", 20, nil)

    /// One run of the font asked for (the same object), glyphs from the cmap, positions the
    /// advances apart on the baseline, every character's index.
    @Test func runsOfALine() throws {
        let line = CTLineCreateWithAttributedString(attributed("HH", font: font))
        let runs = try #require(CTLineGetGlyphRuns(line) as? [CTRun])
        #expect(runs.count == 1 && CTLineGetGlyphCount(line) == 2)
        let run = runs[0]
        #expect((CTRunGetAttributes(run)["NSFont"] as? CTFont) === font)
        var glyphs = [CGGlyph](repeating: 0, count: 2)
        var positions = [CGPoint](repeating: .zero, count: 2)
        var indices = [CFIndex](repeating: -1, count: 2)
        CTRunGetGlyphs(run, CFRange(location: 0, length: 0), &glyphs)
        CTRunGetPositions(run, CFRangeMake(0, 2), &positions)
        CTRunGetStringIndices(run, CFRange(), &indices)
        #expect(glyphs == [43, 43] && indices == [0, 1])
        #expect(positions[0] == .zero && abs(positions[1].x - 1540 * unit) < 0.001 && positions[1].y == 0)
        #expect(CTRunGetStringRange(run) == CFRange(location: 0, length: 2))
        #expect(CTLineGetStringRange(line) == CFRange(location: 0, length: 2))
    }

    /// The typographic bounds are pango's for the same text (width and height to 0.01 point as
    /// `TextRenderer.measure` gives them), the ascent and descent the font's.
    @Test func typographicBoundsMatchPango() {
        let line = CTLineCreateWithAttributedString(attributed("Hello, world", font: font))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = -1
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        let measured = TextRenderer.measure(
            "Hello, world", style: TextStyle(fontName: "DejaVu Sans", fontSize: 20), maxWidth: nil)
        #expect(abs(CGFloat(width) - measured.width) < 0.01)
        #expect(abs(ascent + descent - measured.height) < 0.01)
        #expect(abs(ascent - 1901 * unit) < 0.01 && abs(descent - 483 * unit) < 0.01 && leading == 0)
    }

    /// Runs split where the attributes change; a run without a colour is black.
    @Test func runsSplitAtAttributeChanges() throws {
        let text = NSMutableAttributedString(attributedString: attributed("abcdef", font: font))
        text.addAttribute(
            NSAttributedString.Key("CTForegroundColor"), value: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
            range: NSRange(location: 2, length: 2))
        let runs = try #require(CTLineGetGlyphRuns(CTLineCreateWithAttributedString(text)) as? [CTRun])
        #expect(runs.map(CTRunGetStringRange) == [CFRangeMake(0, 2), CFRangeMake(2, 2), CFRangeMake(4, 2)])
        #expect(CTRunGetAttributes(runs[1])["CTForegroundColor"] != nil)
    }
}

@Suite struct CoreTextDrawingTests {
    let font = CTFontCreateWithName("DejaVu Sans", 20, nil)

    /// A 200 × 60 context flipped y-up as iOS code flips it before Core Text drawing.
    func flipped() throws -> CGContext {
        let ctx = try #require(CGContext.bitmap(width: 200, height: 60))
        ctx.translateBy(x: 0, y: 60)
        ctx.scaleBy(x: 1, y: -1)
        ctx.textMatrix = .identity
        return ctx
    }

    @Test func lineBoundsWithOptions() {
        let line = CTLineCreateWithAttributedString(attributed("Hello", font: font))
        var (ascent, descent, leading): (CGFloat, CGFloat, CGFloat) = (0, 0, 0)
        let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, &leading))
        let typographic = CTLineGetBoundsWithOptions(line, [])
        #expect(typographic == CGRect(x: 0, y: -descent - leading, width: width, height: ascent + descent + leading))
        let tight = CTLineGetBoundsWithOptions(line, .excludeTypographicLeading)
        #expect(tight == CGRect(x: 0, y: -descent, width: width, height: ascent + descent))
        let ink = CTLineGetBoundsWithOptions(line, .useGlyphPathBounds)
        #expect(ink == CTLineGetImageBounds(line, nil) && ink.width > 0 && ink.width <= width)
    }

    /// `CTLineDraw` in a flipped context draws the same ink as `TextRenderer` (the ink boxes
    /// agree within 1 pixel): baseline at the text position, upright. The text position moves
    /// to the line's end.
    @Test func lineDrawMatchesTheTextRenderer() throws {
        let line = CTLineCreateWithAttributedString(attributed("Hello", font: font))
        var ascent: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, nil, nil)
        let ctx = try flipped()
        ctx.textPosition = CGPoint(x: 10, y: 60 - 10 - ascent)  // baseline `ascent` below y = 10
        CTLineDraw(line, ctx)
        #expect(abs(ctx.textPosition.x - 10 - CGFloat(width)) < 0.001)
        let drawnImage = try image(ctx)
        let drawn = try #require(inkBounds(drawnImage))
        let reference = try #require(CGContext.bitmap(width: 200, height: 60))
        TextRenderer.draw(
            "Hello", style: TextStyle(fontName: "DejaVu Sans", fontSize: 20, color: RGBA(0, 0, 0, 1)),
            in: CGRect(x: 10, y: 10, width: 180, height: 40), context: reference)
        let referenceImage = try image(reference)
        let expected = try #require(inkBounds(referenceImage))
        #expect(abs(drawn.minX - expected.minX) <= 1 && abs(drawn.maxX - expected.maxX) <= 1)
        #expect(abs(drawn.minY - expected.minY) <= 1 && abs(drawn.maxY - expected.maxY) <= 1, "\(drawn) \(expected)")
    }

    /// Without the flip (a y-down context, identity text matrix) the text is upside down, as on
    /// iOS: the ink of "H" hangs below the baseline at y = 20.
    @Test func unflippedTextIsUpsideDown() throws {
        let ctx = try #require(CGContext.bitmap(width: 60, height: 60))
        ctx.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("H", font: font)), ctx)
        let drawn = try image(ctx)
        let ink = try #require(inkBounds(drawn))
        #expect(ink.minY >= 19 && abs(ink.maxY - 35) <= 1, "\(ink)")
    }

    /// The drawing mode: `.stroke` outlines with the stroke colour (no fill colour anywhere);
    /// `.clip` draws nothing but clips what follows to the glyphs.
    @Test func textDrawingModes() throws {
        let line = CTLineCreateWithAttributedString(attributed("HH", font: font))
        let ctx = try flipped()
        ctx.setTextDrawingMode(.stroke)
        ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, ctx)
        let stroked = try #require(ctx.makeImage())
        var red = 0, other = 0
        for i in stride(from: 0, to: stroked.pixels.count, by: 4) where stroked.pixels[i + 3] > 0 {
            if stroked.pixels[i + 1] == 0 && stroked.pixels[i + 2] == 0 { red += 1 } else { other += 1 }
        }
        #expect(red > 40 && other == 0)
        let clip = try flipped()
        clip.setTextDrawingMode(.clip)
        clip.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, clip)
        let clipped = try image(clip)
        #expect(inkBounds(clipped) == nil)
        clip.setFillColor(CGColor(gray: 0, alpha: 1))
        clip.fill(CGRect(x: 0, y: 0, width: 200, height: 60))
        let drawn = try image(clip)
        let ink = try #require(inkBounds(drawn))
        #expect(ink.minX >= 11 && ink.maxX <= 42 && ink.maxY <= 40 && ink.minY >= 25, "\(ink)")
    }

    /// `showGlyphs` draws the context's font and size at text-space positions.
    @Test func showGlyphs() throws {
        let ctx = try flipped()
        ctx.setFont(try #require(CGFont("DejaVu Sans" as String)))
        ctx.setFontSize(20)
        ctx.showGlyphs([43], at: [CGPoint(x: 10, y: 30)])
        let drawn = try image(ctx)
        let ink = try #require(inkBounds(drawn))
        #expect(abs(ink.minX - 12) <= 1 && abs(ink.maxY - 29) <= 1 && abs(ink.minY - 15) <= 1, "\(ink)")
    }
}

@Suite struct CoreTextSharingTests {
    /// A run with `kCTForegroundColorFromContextAttributeName` is filled with the context's fill
    /// colour; lines made and drawn on several threads at once (pango is serialised) all draw.
    @Test func contextColourAndThreads() throws {
        let font = CTFontCreateWithName("DejaVu Sans", 20, nil)
        let text = NSAttributedString(
            string: "H",
            attributes: [
                NSAttributedString.Key("NSFont"): font, NSAttributedString.Key("CTForegroundColorFromContext"): true,
            ])
        let ctx = try #require(CGContext.bitmap(width: 40, height: 40))
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)  // upright in the y-down context
        ctx.textPosition = CGPoint(x: 5, y: 30)
        CTLineDraw(CTLineCreateWithAttributedString(text), ctx)
        let drawn = try image(ctx)
        let ink = try #require(inkBounds(drawn))
        #expect(abs(ink.minY - 15) <= 1 && abs(ink.maxY - 29) <= 1, "upright through the text matrix: \(ink)")
        #expect(
            drawn.pixel(x: 7, y: 20)?.g == 255 && drawn.pixel(x: 7, y: 20)?.r == 0,
            "the left stem (x 6.96 … 8.94) is green")

        let counts = ThreadCounts()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let size = CGFloat(10 + i)
            let line = CTLineCreateWithAttributedString(
                attributed("thread \(i)", font: CTFontCreateWithName("DejaVu Sans", size, nil)))
            guard let ctx = CGContext.bitmap(width: 120, height: 30) else { return }
            ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
            ctx.textPosition = CGPoint(x: 2, y: 20)
            CTLineDraw(line, ctx)
            if let image = ctx.makeImage(), inkBounds(image) != nil { counts.add() }
        }
        #expect(counts.value == 8)
    }
}

/// A counter shared by threads.
private final class ThreadCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

@Suite struct CoreTextFrameTests {
    let font = CTFontCreateWithName("DejaVu Sans", 12, nil)
    let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 4)

    /// A long string wraps into lines no wider than the path's box, the first baseline one
    /// ascent below the box's top, each next one a line lower; drawn, the ink stays in the box
    /// (T's left side bearing is −6 units: its ink starts 0.04 point left of it).
    @Test func frameWrapsWithinThePathsBox() throws {
        let setter = CTFramesetterCreateWithAttributedString(attributed(text, font: font))
        let box = CGRect(x: 10, y: 10, width: 100, height: 200)
        let frame = CTFramesetterCreateFrame(
            setter, CFRange(location: 0, length: 0), CGPath(rect: box, transform: nil), nil)
        let lines = try #require(CTFrameGetLines(frame) as? [CTLine])
        #expect(lines.count >= 6)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        #expect(abs(origins[0].y - (200 - CTFontGetAscent(font))) < 0.5)
        for (i, line) in lines.enumerated() {
            #expect(CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line) <= 100)
            if i > 0 { #expect(abs(origins[i - 1].y - origins[i].y - 13.97) < 0.1, "line spacing") }
        }
        #expect(CTFrameGetVisibleStringRange(frame) == CFRange(location: 0, length: text.utf16.count))
        let ctx = try #require(CGContext.bitmap(width: 120, height: 220))
        ctx.translateBy(x: 0, y: 220)
        ctx.scaleBy(x: 1, y: -1)
        CTFrameDraw(frame, ctx)
        let drawn = try image(ctx)
        let ink = try #require(inkBounds(drawn))
        #expect(ink.minX >= 9 && ink.maxX < 110 && ink.minY >= 10 && ink.minY < 14, "\(ink)")
    }

    /// Lines that do not fit the box's height are left out; the suggested size holds them all.
    @Test func frameKeepsTheLinesThatFit() throws {
        let setter = CTFramesetterCreateWithAttributedString(attributed(text, font: font))
        let frame = CTFramesetterCreateFrame(
            setter, CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 30), transform: nil), nil)
        #expect(CTFrameGetLines(frame).count == 2)
        #expect(CTFrameGetVisibleStringRange(frame).length < text.utf16.count)
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(
            setter, CFRange(), nil, CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude), &fit)
        #expect(size.width <= 100 && size.height > 80 && fit.length == text.utf16.count, "\(size)")
    }
}
