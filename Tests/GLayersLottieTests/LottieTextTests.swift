import Foundation
import GLayers
import GLayersGraphics
import Testing

@testable import GLayersLottie

/// Text layers as lottie-ios's Core Animation engine sets them (docs/lottie.md, "Text"): the
/// document decoded, the file's glyph outlines placed on the baseline with its justification,
/// tracking, line height and box, and a font where the file has no outline.
@Suite struct LottieTextTests {
    /// A glyph of `rects` (x0, y0, x1, y1 at 100 units an em, y up to the baseline negative).
    static func glyph(_ ch: String, advance: Int, _ rects: [(Int, Int, Int, Int)]) -> String {
        let paths = rects.map { r in
            let v = "[[\(r.0),\(r.1)],[\(r.2),\(r.1)],[\(r.2),\(r.3)],[\(r.0),\(r.3)]]"
            return
                #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":\#(v),"c":true}}}"#
        }
        return
            #"{"ch":"\#(ch)","size":50,"style":"Bold","w":\#(advance),"fFamily":"Blocky","data":{"shapes":[{"ty":"gr","it":[\#(paths.joined(separator: ","))]}]}}"#
    }

    /// A file of one text layer at the origin with `document` (its keys and values) and the
    /// glyphs T (60 wide, 70 tall), I (24) and L (50) of the font Blocky-Bold.
    static func file(_ document: String, extra: String = "") -> String {
        let glyphs = [
            glyph("T", advance: 60, [(0, -70, 60, -56), (23, -70, 37, 0)]), glyph("I", advance: 24, [(5, -70, 19, 0)]),
            glyph("L", advance: 50, [(5, -70, 19, 0), (5, -14, 48, 0)]),
        ]
        return #"""
            {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":200,"h":200,
             "fonts":{"list":[{"fName":"Blocky-Bold","fFamily":"Blocky","fStyle":"Bold","ascent":72}]},
             "chars":[\#(glyphs.joined(separator: ","))],
             "layers":[{"ty":5,"ind":1,"ks":{},"ip":0,"op":60,"st":0,
               "t":{"d":{"k":[{"s":{"f":"Blocky-Bold","s":50,"fc":[0.1,0.3,0.8],\#(document)},"t":0}\#(extra)]},"a":[]}}]}
            """#
    }

    static func document(_ json: String) throws -> (TextDocumentModel, LottieAnimation) {
        let a = try LottieAnimation(data: Data(json.utf8), name: "text.json")
        guard case .text(let d) = a.model.layers.first?.content else {
            Issue.record("no text layer")
            throw CancellationError()
        }
        return (d, a)
    }

    /// The bounds of what the layers `TextBuilder` makes for `document` fill.
    static func filled(_ document: String) throws -> CGRect? {
        let (d, a) = try Self.document(file(document))
        let layers = TextBuilder(fonts: a.model.fonts, glyphs: a.model.glyphs).build(d)
        return (layers.first as? CAShapeLayer)?.path?.boundingBoxOfPath
    }

    @Test func aTextDocumentAndTheFilesGlyphsAreDecoded() throws {
        let (d, a) = try Self.document(
            Self.file(
                #""t":"TIL","j":2,"tr":20,"lh":60,"ls":3,"sc":[1,0,0],"sw":4,"of":true,"sz":[120,80],"ps":[-60,-40]"#))
        #expect(d.text == "TIL" && d.fontName == "Blocky-Bold" && d.size == 50 && d.justification == 2)
        #expect(d.tracking == 20 && d.lineHeight == 60 && d.baselineShift == 3 && d.strokeWidth == 4)
        #expect(d.fill == [0.1, 0.3, 0.8] && d.stroke == [1, 0, 0] && d.strokeOverFill)
        #expect(d.box == CGRect(x: -60, y: -40, width: 120, height: 80))
        #expect(a.model.fonts["Blocky-Bold"]?.family == "Blocky" && a.model.fonts["Blocky-Bold"]?.style == "Bold")
        let t = a.model.glyphs[GlyphModel.key("T", family: "Blocky", style: "Bold")]
        #expect(t?.advance == 60 && t?.outline.count == 2)
        #expect(a.unsupportedFeatures.isEmpty)
    }

    /// What the Core Animation engine does not draw is reported; the first document is drawn.
    @Test func textFeaturesBeyondTheEngineAreReported() throws {
        let json = Self.file(#""t":"TI""#, extra: #",{"s":{"t":"IT","f":"Blocky-Bold","s":50},"t":30}"#)
            .replacingOccurrences(of: #""a":[]"#, with: #""a":[{"s":{},"a":{}}],"p":{"m":0}"#)
        let (d, a) = try Self.document(json)
        #expect(d.text == "TI")
        #expect(
            Set(a.unsupportedFeatures.map(\.feature)) == [
                "text animators", "text on a path", "animated text documents (the first is drawn)",
            ])
    }

    /// Point text: the baseline on the origin, the glyphs at size / 100 and their advances,
    /// starting at the origin (left), ending there (right) or centred on it.
    @Test(arguments: [(0, -0.0), (1, -42.0), (2, -21.0)])
    func pointTextIsSetOnTheBaseline(justification: Int, start: Double) throws {
        // T 30 wide (advance 30), then I's stem from 2.5 to 9.5 of its 12.
        let box = try #require(try Self.filled(#""t":"TI","j":\#(justification)"#))
        #expect(abs(box.minX - start) < 1e-9 && abs(box.maxX - (start + 39.5)) < 1e-9, "\(box)")
        #expect(box.minY == -35 && box.maxY == 0)
    }

    /// Tracking adds `tr` thousandths of the size after each character; lines are `lh` apart;
    /// the baseline shift is not drawn, as lottie-ios's Core Animation engine leaves it out.
    @Test func trackingLineHeightAndBaselineShift() throws {
        let box = try #require(try Self.filled(#""t":"TI\rL","tr":100,"lh":60,"ls":5"#))
        // T, 5 points of tracking, then I: its stem ends at 30 + 5 + 9.5.
        #expect(box.maxX == 44.5)
        // The second line's baseline 60 below the first; neither raised.
        #expect(box.minY == -35 && box.maxY == 60)
    }

    /// Paragraph text wraps between words at the box's width, its first baseline a cap height
    /// (the tallest capital's outline) below the box's top.
    @Test func paragraphTextWrapsInItsBox() throws {
        let box = try #require(try Self.filled(#""t":"TI TI","sz":[50,200],"ps":[10,20]"#))
        // "TI TI" is 96.5 wide: two lines, each from the box's left; the cap height is 35.
        #expect(box.minX == 10 && box.maxX == 49.5)
        #expect(box.minY == 20 && box.maxY == 20 + 35 + 60, "\(box)")
        #expect(TextBuilder.lines("ab cd\ref", width: 2.5, advance: { _ in 1 }, kern: 0) == ["ab", "cd", "ef"])
        #expect(TextBuilder.lines("abcde", width: 2.5, advance: { _ in 1 }, kern: 0) == ["ab", "cd", "e"])
    }

    /// The stroke is CoreText's: `sw` percent of the size wide, under the fill unless `of`.
    @Test(arguments: [false, true])
    func theStrokeIsUnderOrOverTheFill(over: Bool) throws {
        let (d, a) = try Self.document(Self.file(#""t":"TI","sc":[1,0,0],"sw":4,"of":\#(over)"#))
        let layers = TextBuilder(fonts: a.model.fonts, glyphs: a.model.glyphs).build(d).compactMap {
            $0 as? CAShapeLayer
        }
        #expect(layers.count == 2)
        let stroke = try #require(layers.first { $0.strokeColor != nil })
        #expect(stroke.lineWidth == 2 && stroke.fillColor == nil)
        #expect((layers.last === stroke) == over)
    }

    /// A character the file has no outline for: the text is set in a font, a layer a line,
    /// the first line's baseline on the layer's origin (the matched font's ascent below the
    /// text layer's top).
    @Test func withoutTheGlyphsTheTextIsSetInAFont() throws {
        let (d, a) = try Self.document(Self.file(#""t":"TIX\rIT""#))
        let layers = TextBuilder(fonts: a.model.fonts, glyphs: a.model.glyphs).build(d)
        let lines = layers.compactMap { $0 as? CATextLayer }
        #expect(lines.count == 2 && lines.first?.string as? String == "TIX")
        let baseline = TextRenderer.firstBaseline("TIX", style: TextStyle(fontName: "Blocky Bold", fontSize: 50))
        #expect(baseline > 30 && baseline < 60)
        #expect(lines.first?.frame.minY == -baseline && lines.first?.fontSize == 50)
        #expect(lines.last?.frame.minY == 60 - baseline)
    }
}
