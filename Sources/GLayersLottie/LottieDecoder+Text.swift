/// Decoding text: a text layer's document (`t.d`), the file's fonts (`fonts.list`) and the
/// glyph outlines it carries (`chars`). What lottie-ios's Core Animation engine draws is
/// decoded: one document, static; animated documents, text animators and text on a path are
/// reported and drawn as the first document, without them (docs/lottie.md, "Text").
import Foundation
import GLayersJSON

/// A text layer's document: its text and how it is set.
struct TextDocumentModel {
    var text: String
    /// The font's name (`fonts.list[].fName`).
    var fontName: String
    /// Points.
    var size: Double
    /// 0 left, 1 right, 2 centre (3 to 6, justified, are set left).
    var justification: Int
    /// Thousandths of an em added after each character.
    var tracking: Double
    /// The distance between baselines, in points.
    var lineHeight: Double
    /// Points the baseline is raised by: decoded, not drawn (lottie-ios's Core Animation
    /// engine leaves it out, and Apple's pictures with it).
    var baselineShift: Double
    var fill: [Double]?
    var stroke: [Double]?
    var strokeWidth: Double
    /// Whether the stroke is drawn over the fill.
    var strokeOverFill: Bool
    /// Paragraph text's box (`ps`, `sz`): lines wrap at its width; nil for point text.
    var box: CGRect?
}

/// A font of the file's list.
struct FontModel {
    var family: String
    var style: String
}

/// A glyph's outline as the file carries it: at 100 units an em (whatever size its `size`
/// says it was set at), with its advance, the baseline at y = 0 and y growing down.
struct GlyphModel {
    var advance: Double
    var outline: [BezierShape]

    /// The key of the glyph of `character` in `family` and `style`.
    static func key(_ character: String, family: String, style: String) -> String {
        character + "\u{0}" + family + "\u{0}" + style
    }
}

extension LottieDecoder {
    /// The most characters of one text document (a longer text is cut, with a warning).
    static let maximumTextLength = 10_000

    /// The document of text layer `node` (its first keyframe), or nil when it has none.
    func textDocument(_ node: Node) throws -> TextDocumentModel? {
        guard let t = node["t"] else { return nil }
        if let animators = t["a"]?.elements, !animators.isEmpty {
            report.note("text animators", at: t.value, t.path.key("a"))
        }
        if t["p"]?["m"] != nil { report.note("text on a path", at: t.value, t.path.key("p")) }
        guard let keyframes = t["d"]?["k"]?.elements, let first = keyframes.first, let s = first["s"] else {
            return nil
        }
        if keyframes.count > 1 {
            report.note("animated text documents (the first is drawn)", at: t.value, t.path.key("d"))
        }
        var text = s["t"]?.value.string ?? ""
        if text.count > Self.maximumTextLength {
            report.note("texts over \(Self.maximumTextLength) characters (cut)", at: s.value, s.path.key("t"))
            text = String(text.prefix(Self.maximumTextLength))
        }
        let size = try number(s, "s", default: 10)
        var box: CGRect?
        if let sz = s["sz"] {
            let extent = try numbers(sz), origin = try s["ps"].map(numbers) ?? [0, 0]
            if extent.count >= 2, origin.count >= 2 {
                box = CGRect(x: origin[0], y: origin[1], width: max(0, extent[0]), height: max(0, extent[1]))
            }
        }
        return TextDocumentModel(
            text: text, fontName: s["f"]?.value.string ?? "", size: size.isFinite ? max(0, size) : 10,
            justification: try integer(s, "j", default: 0), tracking: try number(s, "tr", default: 0),
            lineHeight: try number(s, "lh", default: size * 1.2), baselineShift: try number(s, "ls", default: 0),
            fill: try s["fc"].map(numbers), stroke: try s["sc"].map(numbers),
            strokeWidth: try number(s, "sw", default: 0),
            strokeOverFill: try number(s, "of", default: 0) != 0, box: box)
    }

    /// The file's fonts by name (`fonts.list`).
    func fonts(_ node: Node?) -> [String: FontModel] {
        var fonts: [String: FontModel] = [:]
        for font in node?["list"]?.elements ?? [] {
            guard let name = font["fName"]?.value.string else { continue }
            fonts[name] = FontModel(
                family: font["fFamily"]?.value.string ?? name, style: font["fStyle"]?.value.string ?? "")
        }
        return fonts
    }

    /// The glyph outlines the file carries (`chars`), by `GlyphModel.key`: each its paths'
    /// first values, in the groups' order (a glyph's paths are static).
    func glyphs(_ node: Node?) throws -> [String: GlyphModel] {
        var glyphs: [String: GlyphModel] = [:]
        for char in node?.elements ?? [] {
            guard let character = char["ch"]?.value.string else { continue }
            var outline: [BezierShape] = []
            func collect(_ items: [ShapeItem]) {
                for item in items {
                    switch item {
                    case .group(let inner, _, _): collect(inner)
                    case .path(let path, _): if let first = path.keyframes.first { outline.append(first.value) }
                    default: break
                    }
                }
            }
            collect(try shapeItems(char["data"]?["shapes"]))
            let key = GlyphModel.key(
                character, family: char["fFamily"]?.value.string ?? "", style: char["style"]?.value.string ?? "")
            glyphs[key] = GlyphModel(advance: try number(char, "w", default: 0), outline: outline)
        }
        return glyphs
    }
}
