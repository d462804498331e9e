/// What a text layer draws: its `string` (a `String`, an `NSAttributedString`, or anything else
/// by its description) and `font` (a name, a `CTFont` or a `CGFont`) resolved into the text and
/// `TextStyle` that `TextRenderer` takes, reading attributed strings by the attribute names of
/// GLayersGraphics' TextAttributes.swift.
import Foundation
import GLayersGraphics

extension CATextLayer {
    /// The text to draw and its style, from the layer's current values.
    ///
    /// - An `NSAttributedString` is drawn with its runs' fonts, sizes, colours, underlines and
    ///   kerning; where a run has none, Core Text's defaults (Helvetica 12 pt, opaque black),
    ///   not the layer's `font`, `fontSize` and `foregroundColor` ("only used when the string
    ///   property is not an NSAttributedString", CATextLayer.h).
    var textContent: (text: String, style: TextStyle) {
        var (text, style) = untruncatedTextContent
        let length = text.utf16.count
        guard length > EngineLimits.maximumTextLength else { return (text, style) }
        Diagnostics.warn(
            "\(diagnosticName): a string of \(length) UTF-16 code units is over the limit (\(EngineLimits.maximumTextLength)); the rest is not drawn",
            once: true)
        let end = String.Index(utf16Offset: EngineLimits.maximumTextLength, in: text)
        text = String(text[..<end])
        let kept = text.utf16.count
        style.runs = style.runs.compactMap { run in
            guard run.range.lowerBound < kept else { return nil }
            var run = run
            run.range = run.range.lowerBound..<min(run.range.upperBound, kept)
            return run
        }
        return (text, style)
    }

    /// The text and style before the text length limit.
    private var untruncatedTextContent: (text: String, style: TextStyle) {
        var style = textStyle
        switch string {
        case nil:
            return ("", style)
        case let s as String:
            return (s, style)
        case let attributed as NSAttributedString:
            style.fontName = "Helvetica"
            style.fontSize = 12
            style.color = RGBA(0, 0, 0, 1)
            style.runs = Self.runs(of: attributed, layer: diagnosticName)
            return (attributed.string, style)
        case let other?:
            return (String(describing: other), style)
        }
    }

    /// The font name of a `font` value: a name, a `CTFont` or a `CGFont`; nil (with a warning)
    /// for anything else.
    static func fontName(of font: Any?, layer: String) -> String? {
        switch font {
        case nil: return nil
        case let name as String: return name
        case let f as CTFont: return f.name
        case let f as CGFont: return f.name
        case let other?:
            Diagnostics.warn(
                "\(layer): a font of type \(type(of: other)) is not supported (use a name, a CTFont or a CGFont); drawing Helvetica",
                once: true)
            return nil
        }
    }

    /// The runs of an attributed string as `TextRun`s.
    static func runs(of attributed: NSAttributedString, layer: String) -> [TextRun] {
        var runs: [TextRun] = []
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            var run = TextRun(range: range.location..<(range.location + range.length))
            for (key, value) in attributes {
                switch key.rawValue {
                case "NSFont":
                    run.fontName = fontName(of: value, layer: layer)
                    if let f = value as? CTFont { run.fontSize = f.size }
                case "NSColor", "CTForegroundColor":
                    if let c = (value as? CGColor)?.rgba { run.color = c }
                case "NSUnderline":
                    run.underline = (number(value) ?? 0) != 0
                case "NSKern":
                    run.kern = number(value).map { CGFloat($0) }
                default:
                    break
                }
            }
            runs.append(run)
        }
        return runs
    }

    /// A number attribute's value.
    private static func number(_ value: Any) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue
        case let n as Int: return Double(n)
        case let n as Double: return n
        case let n as CGFloat: return Double(n)
        case let n as Float: return Double(n)
        case let n as NSUnderlineStyle: return Double(n.rawValue)
        default: return nil
        }
    }
}
