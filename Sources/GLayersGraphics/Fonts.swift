/// Font objects for `CATextLayer.font` and attributed strings: Core Text's `CTFont` (a name and
/// a size) and CoreGraphics' `CGFont` (a name), made by the functions Apple code calls
/// (`CTFontCreateWithName`, `CGFont(_:)`). They name a font that fontconfig resolves when the
/// text is drawn (`TextStyle.fontName`); a `CTFont` loads that font through pango the first
/// time Core Text asks it for glyphs or metrics (CTFont+Glyphs.swift).
import Foundation

/// A font of a size (Core Text's `CTFont`): what `CTFontCreateWithName` returns.
public final class CTFont: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The name it was made with ("Helvetica-Bold", "DejaVu Sans").
    public let name: String
    /// The size in points.
    public let size: CGFloat
    /// The pango font it resolves to, once loaded (read and written under the pango lock).
    var loaded: LoadedFont?

    /// A font named `name` of `size` points (a size of 0 or less, or not finite, is 12, as
    /// Core Text's default).
    public init(name: String, size: CGFloat) {
        self.name = name
        self.size = size > 0 && size.isFinite ? size : 12
    }

    /// A font of `size` points that is `loaded` (a font pango chose for a run of a line).
    convenience init(name: String, size: CGFloat, loaded: LoadedFont) {
        self.init(name: name, size: size)
        self.loaded = loaded
    }

    /// Whether the fonts have the same name and size.
    public static func == (a: CTFont, b: CTFont) -> Bool { a.name == b.name && a.size == b.size }
    /// Hashes the name and size `==` compares.
    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(size)
    }
    /// The font as `CTFont(name, size pt)` for logs.
    public var description: String { "CTFont(\(name), \(size) pt)" }
}

/// A font without a size (CoreGraphics' `CGFont`).
public final class CGFont: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The name it was made with.
    public let name: String

    /// A font named `name` (CoreGraphics' `CGFont(_ name: CFString)`); nil for an empty name.
    ///
    /// - Any name is accepted: fontconfig picks the closest installed font when text is drawn.
    public init?(_ name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.name = trimmed
    }

    /// The PostScript name (the name the font was made with).
    public var postScriptName: String? { name }
    /// The full name (the name the font was made with).
    public var fullName: String? { name }

    /// Whether the fonts have the same name.
    public static func == (a: CGFont, b: CGFont) -> Bool { a.name == b.name }
    /// Hashes the name `==` compares.
    public func hash(into h: inout Hasher) { h.combine(name) }
    /// The font as `CGFont(name)` for logs.
    public var description: String { "CGFont(\(name))" }
}

/// A font named `name` of `size` points (`matrix` is ignored).
public func CTFontCreateWithName(_ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?)
    -> CTFont
{
    CTFont(name: name, size: size)
}

/// A font named like `graphicsFont` of `size` points (`matrix` and `attributes` are ignored).
public func CTFontCreateWithGraphicsFont(
    _ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: Any?
) -> CTFont {
    CTFont(name: graphicsFont.name, size: size)
}

/// The font's size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }

/// The font's PostScript name (the name it was made with).
public func CTFontCopyPostScriptName(_ font: CTFont) -> String { font.name }

/// The font's family name (the name it was made with, without a style suffix after a dash).
public func CTFontCopyFamilyName(_ font: CTFont) -> String {
    font.name.split(separator: "-").first.map(String.init) ?? font.name
}

/// A copy of `font` at `size` points (`matrix` and `attributes` are ignored).
public func CTFontCreateCopyWithAttributes(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: Any?
) -> CTFont {
    CTFont(name: font.name, size: size > 0 ? size : font.size)
}
