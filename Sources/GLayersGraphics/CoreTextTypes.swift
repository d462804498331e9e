/// The CoreFoundation and Core Graphics scalar types that Core Text's functions take and that
/// Foundation on Linux does not export: `CFIndex`, `CFRange`, `CGGlyph`, `UniChar` (#11).
import Foundation

/// A count or an index (CoreFoundation's `CFIndex`, a signed word).
public typealias CFIndex = Int

/// A glyph's index in its font (Core Graphics' `CGGlyph`).
public typealias CGGlyph = UInt16

/// A UTF-16 code unit (CoreFoundation's `UniChar`).
public typealias UniChar = UInt16

/// The glyph index that stands for no glyph (Core Graphics' `kCGFontIndexInvalid`): what
/// glayers reports for a character that draws nothing (a line break, a control character).
public let kCGFontIndexInvalid: CGGlyph = 0xFFFF

/// A range of a string or an array (CoreFoundation's `CFRange`): `length` items from
/// `location`; Core Text reads a length of 0 as "to the end".
public struct CFRange: Hashable, Sendable, CustomStringConvertible {
    /// The first index.
    public var location: CFIndex
    /// The number of items.
    public var length: CFIndex

    /// The range of `length` items from `location`.
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    /// The empty range at 0.
    public init() { self.init(location: 0, length: 0) }

    /// The range as `{location, length}`, as CoreFoundation prints it.
    public var description: String { "{\(location), \(length)}" }

    /// The indices of `0..<count` the range selects, a length of 0 meaning "to the end", clamped
    /// to the count (Core Text's reading of the ranges its getters take).
    func resolved(count: Int) -> Range<Int> {
        let lo = min(max(location, 0), count)
        let hi = length <= 0 ? count : min(count, lo + length)
        return lo..<max(lo, hi)
    }
}

/// The range of `length` items from `location` (CoreFoundation's `CFRangeMake`).
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}

/// How text is drawn (Core Graphics' `CGTextDrawingMode`, part of the graphics state): by
/// `CTLineDraw`, `CTFrameDraw`, `CTRunDraw` and `showGlyphs(_:at:)`.
public enum CGTextDrawingMode: Int32, Sendable {
    /// Filled with each run's colour (the default).
    case fill = 0
    /// Outlined with the stroke colour and line settings.
    case stroke = 1
    /// Filled, then outlined.
    case fillStroke = 2
    /// Not drawn (the text position still advances).
    case invisible = 3
    /// Filled, then added to the clip.
    case fillClip = 4
    /// Outlined, then added to the clip.
    case strokeClip = 5
    /// Filled, outlined, then added to the clip.
    case fillStrokeClip = 6
    /// Added to the clip only.
    case clip = 7

    /// Whether the glyphs are filled.
    var fills: Bool { self == .fill || self == .fillStroke || self == .fillClip || self == .fillStrokeClip }
    /// Whether the glyphs are outlined.
    var strokes: Bool { self == .stroke || self == .fillStroke || self == .strokeClip || self == .fillStrokeClip }
    /// Whether the glyphs join the clip.
    var clips: Bool { rawValue >= 4 }
}
