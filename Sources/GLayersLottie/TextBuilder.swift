/// Text layers, set as lottie-ios's Core Animation engine sets them (its `CoreTextRenderLayer`,
/// docs/lottie.md "Text"): the first line's baseline on the layer's origin (point text) or a
/// cap height below the top of the box (paragraph text, wrapped at the box's width); lines
/// `lh` apart; left, right or centred; `tr` thousandths of an em after each character; the
/// stroke `sw` percent of the size wide (CoreText's stroke width, which lottie-ios is given
/// the file's number as), under the fill unless `of`.
///
/// The glyphs are the outlines the file carries (`chars`), at `size / 100` (Bodymovin exports
/// them at 100 units an em), filled and stroked by shape layers: the letters of the font the
/// animation was made with, whatever fonts the machine has. A text with a character the file
/// has no outline for is drawn by `CATextLayer` in the font fontconfig matches to its name,
/// one layer a line.
import Foundation
import GLayers
import GLayersGraphics

struct TextBuilder {
    let fonts: [String: FontModel]
    let glyphs: [String: GlyphModel]
    /// The file's budget of path vertices: each glyph placed is charged its outline's.
    var budget: BuildBudget?

    /// The layers that draw `document`, in the text layer's space.
    func build(_ document: TextDocumentModel) -> [CALayer] {
        let d = document
        guard d.size > 0, d.size.isFinite, !d.text.isEmpty, d.fill != nil || d.stroke != nil else { return [] }
        let font = fonts[d.fontName] ?? FontModel(family: d.fontName, style: "")
        let outlines = glyphOutlines(d.text, font)
        let scale = d.size / 100
        let kern = d.size * d.tracking / 1000
        // The characters' advances, each worked out once: the file's, or measured in the
        // fallback font (a pango layout each) when it has no glyphs.
        var advances: [Character: Double] = [:]
        for c in Set(d.text) {
            advances[c] = outlines.map { ($0[c]?.advance ?? 0) * scale } ?? Double(measure(String(c), d, font).width)
        }
        func advance(_ c: Character) -> Double { advances[c] ?? 0 }
        let lines = Self.lines(d.text, width: d.box.map { Double($0.width) }, advance: advance, kern: kern)
        let capHeight = outlines.flatMap { Self.capHeight($0) }.map { $0 * scale } ?? 0.7 * d.size
        var placed: [(text: String, origin: CGPoint)] = []
        for (k, line) in lines.enumerated() {
            let width = line.reduce(0) { $0 + advance($1) + kern }
            var x: Double
            switch (d.justification, d.box) {
            case (1, let box?): x = Double(box.maxX) - width
            case (2, let box?): x = Double(box.midX) - width / 2
            case (_, let box?): x = Double(box.minX)
            case (1, nil): x = -width
            case (2, nil): x = -width / 2
            default: x = 0
            }
            if !x.isFinite { x = 0 }
            let top = d.box.map { Double($0.minY) + capHeight } ?? 0
            placed.append((line, CGPoint(x: x, y: top + Double(k) * d.lineHeight)))
        }
        guard let outlines else { return placed.compactMap { fallbackLine($0.text, at: $0.origin, d, font) } }
        let path = CGMutablePath()
        for line in placed {
            var pen = line.origin.x
            for c in line.text {
                guard let g = outlines[c] else { continue }
                guard budget?.chargePath(vertices: g.outline.reduce(0) { $0 + $1.vertices.count }) ?? true else {
                    return shapeLayers(path, d)
                }
                let t = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: pen, ty: line.origin.y)
                for shape in g.outline { shape.appended(to: path, transform: t) }
                pen += advance(c) + kern
            }
        }
        return shapeLayers(path, d)
    }

    /// The glyph of each character of `text` in the file, or nil when one has none (a line
    /// break, a space with no glyph, excepted: spaces advance by a quarter em then).
    private func glyphOutlines(_ text: String, _ font: FontModel) -> [Character: GlyphModel]? {
        var found: [Character: GlyphModel] = [:]
        for c in text where found[c] == nil && !Self.breaks.contains(c) {
            if let g = glyphs[GlyphModel.key(String(c), family: font.family, style: font.style)] {
                found[c] = g
            } else if c == " " {
                found[c] = GlyphModel(advance: 25, outline: [])
            } else {
                return nil
            }
        }
        return found
    }

    /// The characters After Effects breaks lines at (`\r`, and `\n` and ETX from other tools).
    static let breaks: Set<Character> = ["\r", "\n", "\r\n", "\u{3}"]

    /// `text`'s lines: split at line breaks and, in a box of `width`, wrapped between words
    /// (a word wider than the box is broken between characters).
    static func lines(_ text: String, width: Double?, advance: (Character) -> Double, kern: Double) -> [String] {
        let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: { breaks.contains($0) })
        guard let width, width > 0 else { return paragraphs.map(String.init) }
        let space = advance(" ") + kern
        var lines: [String] = []
        for paragraph in paragraphs {
            // The line being filled and its width so far.
            var line = "", used = 0.0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = word.reduce(0) { $0 + advance($1) + kern }
                let after = line.isEmpty ? wordWidth : used + space + wordWidth
                if after <= width || line.isEmpty && wordWidth <= width {
                    (line, used) = (line.isEmpty ? String(word) : line + " " + word, after)
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                (line, used) = ("", 0)
                for c in word {
                    let w = advance(c) + kern
                    if !line.isEmpty && used + w > width {
                        lines.append(line)
                        (line, used) = ("", 0)
                    }
                    line.append(c)
                    used += w
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The height of a capital's outline above the baseline (at the glyphs' 100 units an em):
    /// `H`'s, or the tallest capital's, or nil when the file has none.
    static func capHeight(_ glyphs: [Character: GlyphModel]) -> Double? {
        func height(_ g: GlyphModel) -> Double { -(g.outline.flatMap(\.vertices).map(\.y).min() ?? 0) }
        if let h = glyphs["H"] { return height(h) }
        let capitals = glyphs.filter { $0.key.isUppercase }.map { height($0.value) }
        return capitals.max()
    }

    /// The fill and stroke of the glyphs' `path`, the stroke under the fill unless `of`.
    private func shapeLayers(_ path: CGPath, _ d: TextDocumentModel) -> [CALayer] {
        var fill: CAShapeLayer?
        if let c = d.fill, !c.isEmpty {
            let layer = CAShapeLayer()
            layer.path = path
            layer.fillColor = cgColor(c)
            fill = layer
        }
        var stroke: CAShapeLayer?
        if let c = d.stroke, !c.isEmpty, d.strokeWidth > 0 {
            let layer = CAShapeLayer()
            layer.path = path
            layer.fillColor = nil
            layer.strokeColor = cgColor(c)
            layer.lineWidth = d.strokeWidth * d.size / 100
            stroke = layer
        }
        let ordered: [CAShapeLayer?] = d.strokeOverFill ? [fill, stroke] : [stroke, fill]
        return ordered.compactMap { $0 }
    }

    // MARK: Without the file's glyphs

    /// The font name fontconfig is given: the family and style (`Avenir Next Medium`).
    private func fontName(_ font: FontModel) -> String {
        font.style.isEmpty ? font.family : font.family + " " + font.style
    }

    /// The style the fallback sets the document in.
    private func textStyle(_ d: TextDocumentModel, _ font: FontModel) -> TextStyle {
        TextStyle(fontName: fontName(font), fontSize: CGFloat(d.size))
    }

    private func measure(_ text: String, _ d: TextDocumentModel, _ font: FontModel) -> CGSize {
        TextRenderer.measure(text, style: textStyle(d, font), maxWidth: nil)
    }

    /// One line drawn by a text layer with its baseline's start at `origin` (its top the
    /// matched font's ascent above it).
    private func fallbackLine(_ text: String, at origin: CGPoint, _ d: TextDocumentModel, _ font: FontModel)
        -> CALayer?
    {
        guard !text.isEmpty, let color = d.fill ?? d.stroke else { return nil }
        let layer = CATextLayer()
        layer.string = text
        layer.font = fontName(font)
        layer.fontSize = CGFloat(d.size)
        layer.foregroundColor = cgColor(color)
        let size = layer.preferredFrameSize()
        let baseline = TextRenderer.firstBaseline(text, style: textStyle(d, font))
        layer.frame = CGRect(x: origin.x, y: origin.y - baseline, width: size.width, height: size.height)
        return layer
    }
}
