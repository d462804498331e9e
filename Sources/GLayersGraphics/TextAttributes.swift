/// The attribute names and values of attributed strings that Apple code takes from UIKit,
/// AppKit and Core Text (`NSAttributedString.Key.font`, `kCTFontAttributeName`, …), read by
/// Core Text's lines here and by `CATextLayer`.
import Foundation

/// Underline styles of attributed strings (UIKit's and AppKit's `NSUnderlineStyle`); glayers
/// draws any non-zero style as a single line.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits, as UIKit and AppKit define them.
    public let rawValue: Int
    /// Creates an underline style from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One line (0x01).
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// A thick line (0x02).
    ///
    /// - glayers draws it as a single line.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two lines (0x09).
    ///
    /// - glayers draws it as a single line.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A dotted line (0x0100, combined with a line style).
    ///
    /// - glayers draws a solid line.
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// A dashed line (0x0200, combined with a line style).
    ///
    /// - glayers draws a solid line.
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Only words are underlined, not the spaces between them (0x8000).
    ///
    /// - glayers underlines the spaces too.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

extension NSAttributedString.Key {
    /// The font of a run (UIKit's and AppKit's name): a `CTFont`, a `CGFont` or a name.
    public static let font = NSAttributedString.Key("NSFont")
    /// The text colour of a run: a `CGColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Extra space after each character, in points: a number.
    public static let kern = NSAttributedString.Key("NSKern")
    /// The underline of a run: an `NSUnderlineStyle` or its raw value.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
}

/// Core Text's name of the font attribute (`NSAttributedString.Key.font`).
public let kCTFontAttributeName = "NSFont"
/// Core Text's name of the text colour attribute: a `CGColor`.
public let kCTForegroundColorAttributeName = "CTForegroundColor"
/// Core Text's name of the attribute that, when true, fills a run with the context's fill
/// colour (`CTLineDraw`, `CTFrameDraw`).
public let kCTForegroundColorFromContextAttributeName = "CTForegroundColorFromContext"
/// Core Text's name of the kern attribute (`NSAttributedString.Key.kern`).
public let kCTKernAttributeName = "NSKern"
/// Core Text's name of the underline attribute (`NSAttributedString.Key.underlineStyle`).
public let kCTUnderlineStyleAttributeName = "NSUnderline"
