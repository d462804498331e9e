/// `CATextLayer` (SPEC L10): plain text laid out and rasterized with pango and cairo
/// (`TextRenderer`) into the layer's backing store at `contentsScale`, redrawn when a text
/// property or the bounds change. Text starts at the top-left of the bounds.
import Foundation
import GLayersGraphics

/// Horizontal alignment of a text layer's lines.
public struct CATextLayerAlignmentMode: CAStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where a text layer shortens text that does not fit.
public struct CATextLayerTruncationMode: CAStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// A layer that draws a string.
open class CATextLayer: CALayer {
    static let textKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "alignmentMode", "wrapped", "truncationMode",
    ]

    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
        setNeedsDisplay()
    }

    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        needsDisplayOnBoundsChange = true
    }

    /// The text (a `String`; other values are drawn with their description).
    open var string: Any? {
        get { object("string") }
        set { setCustom("string", .object(newValue)) }
    }

    /// The font: a family or PostScript-style name (`"Helvetica"`, `"Lucida-Grande"`, …),
    /// resolved by fontconfig (default Helvetica).
    open var font: Any? {
        get { object("font") ?? "Helvetica" }
        set { setCustom("font", .object(newValue)) }
    }

    /// The font size in points (default 36).
    open var fontSize: CGFloat {
        get { number("fontSize", default: 36) }
        set { setCustom("fontSize", .number(newValue)) }
    }

    /// The text colour (default opaque white).
    open var foregroundColor: CGColor? {
        get { color("foregroundColor", default: .white) }
        set { setCustom("foregroundColor", .color(ColorValue(newValue))) }
    }

    /// Whether lines wrap at the layer's width (default false). Its key-value coding key is
    /// `wrapped`, as on Apple (`isWrapped` is accepted too).
    open var isWrapped: Bool {
        get { flag("wrapped", default: false) }
        set { setCustom("wrapped", .bool(newValue)) }
    }

    /// Where text that does not fit is shortened with an ellipsis (default none).
    open var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: string("truncationMode", default: "none")) }
        set { setCustom("truncationMode", .object(newValue.rawValue)) }
    }

    /// How lines are aligned (default natural).
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: string("alignmentMode", default: "natural")) }
        set { setCustom("alignmentMode", .object(newValue.rawValue)) }
    }

    /// Whether glyph positions are quantized (kept for compatibility).
    open var allowsFontSubpixelQuantization = false

    open override class func needsDisplay(forKey key: String) -> Bool {
        textKeys.contains(key) || key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    open override class var implicitlyAnimatedKeys: Set<String> {
        super.implicitlyAnimatedKeys.union(["fontSize", "foregroundColor"])
    }

    open override class var declaredKeys: [String] { super.declaredKeys + ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "wrapped", "truncationMode"] }

    override class func canonicalCustomKey(_ key: String) -> String {
        key == "isWrapped" ? "wrapped" : super.canonicalCustomKey(key)
    }

    override class func declaredKind(forKey key: String) -> ValueKind? {
        switch key {
        case "fontSize": return .number
        case "foregroundColor": return .color
        case "wrapped": return .bool
        case "string", "font", "alignmentMode", "truncationMode": return .object
        default: return super.declaredKind(forKey: key)
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fontSize": return CGFloat(36)
        case "foregroundColor": return CGColor.white
        case "font": return "Helvetica"
        case "alignmentMode": return CATextLayerAlignmentMode.natural.rawValue
        case "truncationMode": return CATextLayerTruncationMode.none.rawValue
        case "wrapped": return false
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The text style of the layer's current values.
    var textStyle: TextStyle {
        var style = TextStyle()
        style.fontName = (font as? String) ?? "Helvetica"
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

    /// Draws the text into the backing store (unless the delegate displays the layer).
    open override func display() {
        if delegate != nil {
            super.display()
            return
        }
        let text: String
        switch string {
        case nil: text = ""
        case let s as String: text = s
        case let s?: text = String(describing: s)
        }
        let size = bounds.size
        guard !text.isEmpty, size.width > 0, size.height > 0 else {
            setBackingStore(nil)
            return
        }
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        setBackingStore(TextRenderer.render(text, style: textStyle, size: size, scale: scale), covering: bounds)
    }

    /// The size the text needs (its width unless wrapped, and its height).
    open override func preferredFrameSize() -> CGSize {
        let text = (string as? String) ?? ""
        return TextRenderer.measure(text, style: textStyle, maxWidth: isWrapped ? bounds.width : nil)
    }
}
