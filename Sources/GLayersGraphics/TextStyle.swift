/// The style of a `CATextLayer`'s text, as `TextRenderer` takes it, and how a Core Text font
/// name ("Helvetica-Bold", "Lucida-Grande", "DejaVu Sans Bold") becomes a pango font
/// description that fontconfig resolves, with its fallbacks (issue #5).
import Foundation

/// Horizontal alignment of text within the layer's width (`CATextLayerAlignmentMode`).
public enum TextAlignment: String, Hashable, Sendable {
    /// Left for left-to-right text, right for right-to-left text.
    case natural
    /// Flush left.
    case left
    /// Flush right.
    case right
    /// Centred.
    case center
    /// Justified when wrapped (the last line of a paragraph is natural).
    case justified
}

/// Where an ellipsis ("…") replaces text that does not fit (`CATextLayerTruncationMode`).
public enum TextTruncation: String, Hashable, Sendable {
    /// No truncation: the text is clipped at the layer's edges.
    case none
    /// Ellipsis at the start of the line.
    case start
    /// Ellipsis in the middle of the line.
    case middle
    /// Ellipsis at the end of the line.
    case end
}

/// The attributes of a range of the text (a run of an attributed string); what a run leaves
/// nil comes from the style.
public struct TextRun: Hashable, Sendable {
    /// The run's characters, in UTF-16 offsets of the string (an `NSRange`'s units).
    public var range: Range<Int>
    /// A font name, as `TextStyle.fontName`.
    public var fontName: String?
    /// The font size in points.
    public var fontSize: CGFloat?
    /// The text colour (straight RGBA).
    public var color: RGBA?
    /// Whether the run is underlined (a single line).
    public var underline: Bool
    /// Extra space after each character, in points (`kern`).
    public var kern: CGFloat?

    public init(
        range: Range<Int>, fontName: String? = nil, fontSize: CGFloat? = nil, color: RGBA? = nil,
        underline: Bool = false, kern: CGFloat? = nil
    ) {
        self.range = range
        self.fontName = fontName
        self.fontSize = fontSize
        self.color = color
        self.underline = underline
        self.kern = kern
    }
}

/// How to lay out and colour a string (the text properties of `CATextLayer`).
public struct TextStyle: Hashable, Sendable {
    /// A font family or PostScript-like name ("Helvetica", "Helvetica-Bold", "Lucida-Grande",
    /// "DejaVu Sans Bold"); resolved by fontconfig, falling back to a similar or default font.
    public var fontName: String
    /// The font size in points.
    public var fontSize: CGFloat
    /// The text colour (straight RGBA).
    public var color: RGBA
    /// Horizontal alignment within the layer's width.
    public var alignment: TextAlignment
    /// Whether lines wrap at the layer's width.
    public var wrapped: Bool
    /// Where an ellipsis replaces text that does not fit the width.
    public var truncation: TextTruncation
    /// Attributes of ranges of the text (an attributed string's runs), over the style's.
    public var runs: [TextRun] = []

    /// A style; the defaults are `CATextLayer`'s (Helvetica 36 pt, opaque white, natural,
    /// not wrapped, not truncated).
    public init(
        fontName: String = "Helvetica", fontSize: CGFloat = 36, color: RGBA = RGBA(1, 1, 1, 1),
        alignment: TextAlignment = .natural, wrapped: Bool = false, truncation: TextTruncation = .none
    ) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.color = color
        self.alignment = alignment
        self.wrapped = wrapped
        self.truncation = truncation
    }
}

/// Turning Core Text font names into pango font description strings (internal).
enum FontNames {
    /// Style suffixes of PostScript names, mapped to pango style words.
    private static let styleWords: [String: String] = [
        "regular": "", "roman": "", "book": "Book", "bold": "Bold", "italic": "Italic", "oblique": "Oblique",
        "light": "Light", "medium": "Medium", "semibold": "Semi-Bold", "demibold": "Semi-Bold",
        "thin": "Thin", "ultralight": "Ultra-Light", "extralight": "Ultra-Light", "heavy": "Heavy",
        "black": "Heavy", "extrabold": "Ultra-Bold", "ultrabold": "Ultra-Bold", "condensed": "Condensed",
        "boldoblique": "Bold Oblique", "bolditalic": "Bold Italic", "lightitalic": "Light Italic",
        "lightoblique": "Light Oblique", "mediumitalic": "Medium Italic", "semibolditalic": "Semi-Bold Italic",
        "condensedbold": "Condensed Bold", "condensedblack": "Condensed Heavy", "it": "Italic",
    ]

    /// The pango description string for `name`; `installed` maps lookup keys (`key(_:)`) of
    /// installed families to their names.
    static func description(for name: String, installed: [String: String]) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "Sans" }
        if trimmed.contains(" ") { return trimmed }  // "DejaVu Sans Bold": pango parses it.
        var family = trimmed, style = ""
        if let dash = trimmed.lastIndex(of: "-") {
            let suffix = trimmed[trimmed.index(after: dash)...].lowercased()
            if let words = styleWords[suffix] {
                family = String(trimmed[..<dash])
                style = words
            }
        }
        let resolved = installed[key(family)] ?? splitWords(family.replacingOccurrences(of: "-", with: " "))
        return style.isEmpty ? resolved : "\(resolved) \(style)"
    }

    /// A family's lookup key: lowercase letters and digits only ("Lucida-Grande" → "lucidagrande").
    static func key(_ family: String) -> String {
        String(
            family.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Spaces between camel-case words ("HelveticaNeue" → "Helvetica Neue"), so fontconfig's
    /// aliases for well-known families can match.
    static func splitWords(_ s: String) -> String {
        var out = ""
        var previous: Character?
        for c in s {
            if let p = previous, c.isUppercase, p.isLowercase { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out
    }
}
