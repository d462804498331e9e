/// `CATextLayer`: text laid out with pango and drawn with cairo (`TextRenderer`) in
/// `draw(in:)`, which the default `display()` calls with a bitmap context of the bounds at
/// `contentsScale`, as Apple's does (so a subclass that shifts the context before calling
/// `super.draw(in:)` moves the text); redrawn when a text property or the bounds change. Text
/// starts at the top-left of the bounds as they show on screen, and is upright also in a
/// flipped subtree. The string may be attributed (`CATextLayer+Content.swift`).
import Foundation
import GLayersGraphics

/// Horizontal alignment of a text layer's lines.
public struct CATextLayerAlignmentMode: CAStringOption {
    /// The mode's name as Core Animation spells it ("center" for `kCAAlignmentCenter`).
    public let rawValue: String
    /// Creates an alignment mode from its name.
    ///
    /// - A name other than the five below aligns as `natural`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Left for left-to-right text, right for right-to-left text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Flush left.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Flush right.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Centred in the layer's width.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Both edges flush when the text wraps; a paragraph's last line aligns as `natural`.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where a text layer shortens text that does not fit.
public struct CATextLayerTruncationMode: CAStringOption {
    /// The mode's name as Core Animation spells it ("end" for `kCATruncationEnd`).
    public let rawValue: String
    /// Creates a truncation mode from its name.
    ///
    /// - A name other than the four below does not truncate, as `none`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Text that does not fit is clipped at the layer's edges (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// An ellipsis ("…") replaces the start of a line that does not fit.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// An ellipsis ("…") replaces the end of a line that does not fit.
    ///
    /// - Wrapped text is ellipsized on its last visible line.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// An ellipsis ("…") replaces the middle of a line that does not fit.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

extension LayerProperty {
    /// `CATextLayer`'s properties (CATextLayer.h): every one redraws the text; `fontSize` and
    /// `foregroundColor` animate.
    enum Text {
        static let string = StoredProperty("string", default: ObjectValue(nil), effects: .display, summary: "The text.")
        static let font = StoredProperty(
            "font", default: ObjectValue("Helvetica"), effects: .display,
            summary: "The font family (resolved by fontconfig).")
        static let fontSize = StoredProperty(
            "fontSize", default: CGFloat(36), action: .animation, effects: .display,
            summary: "The font size in points (default 36).")
        static let foregroundColor = StoredProperty(
            "foregroundColor", default: ColorValue.object(.white), action: .animation, effects: .display,
            summary: "The text colour (default white).")
        static let alignmentMode = StoredProperty(
            "alignmentMode", default: CATextLayerAlignmentMode.natural, effects: .display,
            choices: .names(["natural", "left", "right", "center", "justified"]), summary: "How lines are aligned.")
        /// Its key-value coding name is `wrapped`, as on Apple (`isWrapped` is accepted too).
        static let wrapped = StoredProperty(
            "wrapped", default: false, aliases: ["isWrapped"], effects: .display,
            summary: "Whether lines wrap at the layer's width.")
        static let truncationMode = StoredProperty(
            "truncationMode", default: CATextLayerTruncationMode.none, effects: .display,
            choices: .names(["none", "start", "end", "middle"]), summary: "Where text that does not fit is shortened.")

        static let all: [LayerProperty] = [
            string, font, fontSize, foregroundColor, alignmentMode, wrapped, truncationMode,
        ]
    }
}

extension CATextLayerAlignmentMode: PropertyValue {}
extension CATextLayerTruncationMode: PropertyValue {}

private typealias Text = LayerProperty.Text

/// A layer that draws a string.
open class CATextLayer: CALayer {
    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
        setNeedsDisplay()
    }

    public override init(layer: Any) { super.init(layer: layer) }
    /// A default text layer that redraws when its bounds change: decoding an archive is not supported.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        needsDisplayOnBoundsChange = true
    }

    /// The text: a `String` or an `NSAttributedString` (other values are drawn with their
    /// description).
    open var string: Any? {
        get { self[stored: Text.string].object }
        set { self[stored: Text.string] = ObjectValue(newValue) }
    }

    /// The font: a family or PostScript-style name (`"Helvetica"`, `"Lucida-Grande"`, …), a
    /// `CTFont` or a `CGFont` (whose name is used; the size is `fontSize`), resolved by
    /// fontconfig (default Helvetica). Not used for an attributed `string`.
    open var font: Any? {
        get { self[stored: Text.font].object ?? "Helvetica" }
        set { self[stored: Text.font] = ObjectValue(newValue) }
    }

    /// The font size in points (default 36).
    open var fontSize: CGFloat {
        get { self[stored: Text.fontSize] }
        set { self[stored: Text.fontSize] = newValue }
    }

    /// The text colour (default opaque white).
    open var foregroundColor: CGColor? {
        get { self[stored: Text.foregroundColor].cgColor }
        set { self[stored: Text.foregroundColor] = ColorValue(newValue) }
    }

    /// Whether lines wrap at the layer's width (default false). Its key-value coding key is
    /// `wrapped`, as on Apple (`isWrapped` is accepted too).
    open var isWrapped: Bool {
        get { self[stored: Text.wrapped] }
        set { self[stored: Text.wrapped] = newValue }
    }

    /// Where text that does not fit is shortened with an ellipsis (default none).
    open var truncationMode: CATextLayerTruncationMode {
        get { self[stored: Text.truncationMode] }
        set { self[stored: Text.truncationMode] = newValue }
    }

    /// How lines are aligned (default natural).
    open var alignmentMode: CATextLayerAlignmentMode {
        get { self[stored: Text.alignmentMode] }
        set { self[stored: Text.alignmentMode] = newValue }
    }

    /// Whether glyph positions are quantized (kept for compatibility).
    open var allowsFontSubpixelQuantization = false

    /// The class's defaults: Text is laid out in the bounds: a text layer redraws when they change.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "needsDisplayOnBoundsChange" ? true : super.defaultValue(forKey: key)
    }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + Text.all }

    /// Whether a change of `key` redraws the text: its own properties and `contentsScale`.
    open override class func needsDisplay(forKey key: String) -> Bool {
        key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    /// The text style of the layer's current values.
    var textStyle: TextStyle {
        var style = TextStyle()
        style.fontName = Self.fontName(of: font, layer: diagnosticName) ?? "Helvetica"
        style.fontSize = fontSize
        style.color = foregroundColor?.rgba ?? RGBA(1, 1, 1, 1)
        style.wrapped = isWrapped
        switch alignmentMode {
        case .left: style.alignment = .left
        case .right: style.alignment = .right
        case .center: style.alignment = .center
        case .justified: style.alignment = .justified
        default: style.alignment = .natural
        }
        switch truncationMode {
        case .start: style.truncation = .start
        case .middle: style.truncation = .middle
        case .end: style.truncation = .end
        default: style.truncation = .none
        }
        return style
    }

    /// Draws the text in the bounds, through the context's transform: a subclass may move or
    /// scale the context before calling `super.draw(in:)`. The delegate's `draw(_:in:)` is not
    /// called, as on Apple's platforms.
    open override func draw(in ctx: CGContext) {
        let (text, style) = textContent
        TextRenderer.draw(text, style: style, in: layerState.bounds, context: ctx)
    }

    /// The size the text needs (its width unless wrapped, and its height).
    open override func preferredFrameSize() -> CGSize {
        let (text, style) = textContent
        return TextRenderer.measure(text, style: style, maxWidth: isWrapped ? bounds.width : nil)
    }
}
