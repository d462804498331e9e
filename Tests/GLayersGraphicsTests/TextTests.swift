import Foundation
import GLayersGraphics
import Testing

@Suite struct TextRenderTests {
    let style = TextStyle(fontName: "Helvetica", fontSize: 20, color: RGBA(0, 0, 0, 1))

    func render(_ s: String, _ style: TextStyle, _ size: CGSize, scale: CGFloat = 1) throws -> CGImage {
        try #require(TextRenderer.render(s, style: style, size: size, scale: scale))
    }

    @Test func inkIsNonEmptyTopLeftAndWithinBounds() throws {
        let image = try render("Hello", style, CGSize(width: 200, height: 60))
        #expect(image.width == 200 && image.height == 60)
        let ink = try #require(inkBounds(image))
        #expect(ink.minX < 6 && ink.minY < 12 && ink.maxY < 30)  // Top-left, one 20 pt line.
        #expect(ink.maxX < 100)
        let p = try #require(image.pixel(x: (ink.minX + ink.maxX) / 2, y: (ink.minY + ink.maxY) / 2))
        #expect(p.r == 0 && p.g == 0 && p.b == 0)  // Black, premultiplied.
    }

    @Test func colourIsPremultiplied() throws {
        var red = style
        red.color = RGBA(1, 0, 0, 0.5)
        let image = try render("MMMM", red, CGSize(width: 120, height: 40))
        let maxAlpha = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }.max() ?? 0
        #expect(maxAlpha >= 126 && maxAlpha <= 128)
        #expect(
            stride(from: 0, to: image.pixels.count, by: 4).allSatisfy {
                image.pixels[$0] <= image.pixels[$0 + 3] && image.pixels[$0 + 1] == 0
            })
    }

    @Test func centredInkIsCentred() throws {
        var centred = style
        centred.alignment = .center
        let image = try render("Centre", centred, CGSize(width: 200, height: 40))
        let ink = try #require(inkBounds(image))
        let middle = Double(ink.minX + ink.maxX + 1) / 2
        #expect(abs(middle - 100) <= 2)
    }

    @Test func rightAlignmentPutsInkAtTheRight() throws {
        var right = style
        right.alignment = .right
        let image = try render("Right", right, CGSize(width: 200, height: 40))
        let ink = try #require(inkBounds(image))
        #expect(ink.maxX >= 195 && ink.maxX < 200 && ink.minX > 100)
        var left = style
        left.alignment = .left
        #expect(try #require(inkBounds(render("Right", left, CGSize(width: 200, height: 40)))).minX < 5)
    }

    @Test func endTruncationKeepsInkWithinTheWidth() throws {
        let long = String(repeating: "A long line of text that does not fit. ", count: 5)
        var truncated = style
        truncated.truncation = .end
        let image = try render(long, truncated, CGSize(width: 120, height: 40))
        let ink = try #require(inkBounds(image))
        #expect(ink.maxX < 120 && ink.maxY < 30)
        // Without truncation the text overflows: ink runs to the right edge.
        let clipped = try render(long, style, CGSize(width: 120, height: 40))
        #expect(try #require(inkBounds(clipped)).maxX >= 118)
        // An ellipsis at the start or middle also fits.
        for mode in [TextTruncation.start, .middle] {
            truncated.truncation = mode
            #expect(try #require(inkBounds(render(long, truncated, CGSize(width: 120, height: 40)))).maxX < 120)
        }
    }

    @Test func wrappingMakesMoreLines() throws {
        let text = "one two three four five six seven eight nine ten"
        var wrapped = style
        wrapped.wrapped = true
        let tall = try #require(inkBounds(render(text, wrapped, CGSize(width: 100, height: 300))))
        let flat = try #require(inkBounds(render(text, style, CGSize(width: 100, height: 300))))
        #expect(tall.maxY > 3 * flat.maxY && tall.maxX < 100)
        // Wrapped and truncated: the last line that fits ends with an ellipsis, nothing below.
        wrapped.truncation = .end
        let limited = try #require(inkBounds(render(text, wrapped, CGSize(width: 100, height: 50))))
        #expect(limited.maxY < 50)
    }

    @Test func scaleTwoDoublesPixelSize() throws {
        let one = try render("Scale", style, CGSize(width: 100.5, height: 30))
        let two = try render("Scale", style, CGSize(width: 100.5, height: 30), scale: 2)
        #expect(one.width == 101 && one.height == 30)
        #expect(two.width == 201 && two.height == 60)
        let a = try #require(inkBounds(one)), b = try #require(inkBounds(two))
        #expect(abs((b.maxX - b.minX) - 2 * (a.maxX - a.minX)) <= 3)
        #expect(abs((b.maxY - b.minY) - 2 * (a.maxY - a.minY)) <= 3)
    }

    @Test func japaneseUsesAFallbackFont() throws {
        let image = try render("メニュー", style, CGSize(width: 200, height: 40))
        let ink = try #require(inkBounds(image, threshold: 128))
        // Four full-width glyphs of a CJK font, not four narrow "missing glyph" boxes.
        #expect(ink.maxX - ink.minX > 50)
        let size = TextRenderer.measure("メニュー", style: style, maxWidth: nil)
        #expect(size.width >= 70 && size.width <= 84)
    }

    @Test func invalidSizesGiveNil() {
        #expect(TextRenderer.render("x", style: style, size: CGSize(width: 0, height: 10), scale: 1) == nil)
        #expect(TextRenderer.render("x", style: style, size: CGSize(width: 10, height: 10), scale: .nan) == nil)
        #expect(TextRenderer.render("x", style: style, size: CGSize(width: 1e9, height: 10), scale: 1) == nil)
        let empty = TextRenderer.render("", style: style, size: CGSize(width: 10, height: 10), scale: 1)
        #expect(empty.map { inkBounds($0) == nil } == true)
    }

    @Test func rendersConcurrently() async throws {
        let style = self.style
        let counts = await withTaskGroup(of: Int.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let image = TextRenderer.render(
                        "Task \(i)", style: style, size: CGSize(width: 80, height: 30), scale: 1)
                    return image.flatMap { inkBounds($0) } == nil ? 0 : 1
                }
            }
            return await group.reduce(0, +)
        }
        #expect(counts == 8)
    }
}

@Suite struct TextMeasureTests {
    let style = TextStyle(fontName: "DejaVu Sans", fontSize: 20)

    @Test func measureGrowsWithLength() {
        let short = TextRenderer.measure("Hi", style: style, maxWidth: nil)
        let long = TextRenderer.measure("Hi there, world", style: style, maxWidth: nil)
        #expect(long.width > short.width && short.width > 0)
        #expect(long.height == short.height && short.height >= 20 && short.height < 30)
    }

    @Test func wrappedMeasureUsesMaxWidth() {
        var wrapped = style
        wrapped.wrapped = true
        let text = "one two three four five six seven eight"
        let size = TextRenderer.measure(text, style: wrapped, maxWidth: 100)
        let line = TextRenderer.measure(text, style: style, maxWidth: 100)
        #expect(size.width <= 100 && size.height > 2 * line.height)
        #expect(line.width > 100)  // Not wrapped, not truncated: maxWidth is ignored.
    }

    @Test func measureMatchesRenderedInk() throws {
        let size = TextRenderer.measure("Width", style: style, maxWidth: nil)
        var black = style
        black.color = RGBA(0, 0, 0, 1)
        let image = try #require(
            TextRenderer.render("Width", style: black, size: CGSize(width: 200, height: 40), scale: 2))
        let ink = try #require(inkBounds(image))
        #expect(abs(CGFloat(ink.maxX + 1) / 2 - size.width) < 3)
    }

    @Test func fontNamesResolve() throws {
        let bold = TextRenderer.measure(
            "Bold text", style: TextStyle(fontName: "DejaVuSans-Bold", fontSize: 20), maxWidth: nil)
        let regular = TextRenderer.measure(
            "Bold text", style: TextStyle(fontName: "DejaVu Sans", fontSize: 20), maxWidth: nil)
        let spaced = TextRenderer.measure(
            "Bold text", style: TextStyle(fontName: "DejaVu Sans Bold", fontSize: 20), maxWidth: nil)
        #expect(bold.width > regular.width && bold.width == spaced.width)
        // Unknown names fall back to a default font rather than failing.
        for name in ["Lucida-Grande", "HelveticaNeue-Light", "", "No Such Font 123"] {
            #expect(
                TextRenderer.measure("abc", style: TextStyle(fontName: name, fontSize: 20), maxWidth: nil).width > 0)
        }
    }
}
