/// Core Text's lines and glyph runs (`CTLine`, `CTRun`) and the functions Apple code reads them
/// with (#11). A line is laid out once, by pango (CTLine+Layout.swift), when it is made; its
/// runs keep their glyphs, positions and fonts, which `CTLineDraw` draws
/// (CGContext+Text.swift) and `CTFontCreatePathForGlyph` outlines.
///
/// - Text space is Core Graphics': y up, the line's origin on its baseline at its left end.
/// - Runs come in visual order, one per font and attribute range.
import Foundation

/// A glyph run: consecutive glyphs of one font and one set of attributes (Core Text's `CTRun`).
public final class CTRun {
    /// The run's font (the one pango drew with, which may be a fallback of the one asked for).
    let font: CTFont
    /// The run's attributes, its font under `kCTFontAttributeName`.
    let attributes: NSDictionary
    /// Pango's glyph values (flags included), for drawing.
    let rawGlyphs: [UInt32]
    /// The glyph indices (`kCGFontIndexInvalid` for what draws nothing).
    let glyphs: UnsafeMutableBufferPointer<CGGlyph>
    /// The glyphs' origins in text space, relative to the line's origin.
    let positions: UnsafeMutableBufferPointer<CGPoint>
    /// The glyphs' advances.
    let advances: [CGSize]
    /// The UTF-16 index of each glyph's character in the string.
    let indices: [CFIndex]
    /// The characters of the run.
    let stringRange: CFRange
    /// The fill colour, or nil to fill with the context's fill colour.
    let color: RGBA?

    init(
        font: CTFont, attributes: NSDictionary, rawGlyphs: [UInt32], positions: [CGPoint], advances: [CGSize],
        indices: [CFIndex], stringRange: CFRange, color: RGBA?
    ) {
        self.font = font
        self.attributes = attributes
        self.rawGlyphs = rawGlyphs
        glyphs = .allocate(capacity: rawGlyphs.count)
        for (i, g) in rawGlyphs.enumerated() { glyphs[i] = CTRun.glyphIndex(g) }
        self.positions = .allocate(capacity: positions.count)
        _ = self.positions.initialize(from: positions)
        self.advances = advances
        self.indices = indices
        self.stringRange = stringRange
        self.color = color
    }

    deinit {
        glyphs.deallocate()
        positions.deallocate()
    }

    /// The glyph index of a pango glyph: `kCGFontIndexInvalid` for an empty glyph, 0 for a
    /// character no font has (pango's hex box).
    static func glyphIndex(_ g: UInt32) -> CGGlyph {
        if g == 0x0FFF_FFFF { return kCGFontIndexInvalid }  // PANGO_GLYPH_EMPTY
        if g & 0x1000_0000 != 0 || g > 0xFFFE { return 0 }  // PANGO_GLYPH_UNKNOWN_FLAG
        return CGGlyph(g)
    }

    /// The ascent, descent and leading of the run's font.
    var metrics: (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        withLoadedFont(font, fallback: (0, 0, 0)) { $0.metrics }
    }
}

/// A line of text laid out in one row (Core Text's `CTLine`).
public final class CTLine {
    /// The glyph runs, in visual order.
    let runs: [CTRun]
    /// The typographic width (trailing spaces included).
    let width: CGFloat
    /// The ascent, descent and leading of the line's tallest fonts.
    let ascent: CGFloat, descent: CGFloat, leading: CGFloat
    /// The width of the whitespace at the line's end.
    let trailingWhitespace: CGFloat
    /// The ink box relative to the origin, y up.
    let ink: CGRect
    /// The characters of the string the line holds.
    let stringRange: CFRange

    init(
        runs: [CTRun], width: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat,
        trailingWhitespace: CGFloat, ink: CGRect, stringRange: CFRange
    ) {
        self.runs = runs
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.trailingWhitespace = trailingWhitespace
        self.ink = ink
        self.stringRange = stringRange
    }
}

/// A line of the whole of `attributedString`, laid out in one row (line breaks in it are not
/// broken at), each run with its `kCTFontAttributeName` font (Helvetica 12 when it has none),
/// `kCTForegroundColorAttributeName` colour and `kCTKernAttributeName` kern.
public func CTLineCreateWithAttributedString(_ attributedString: NSAttributedString) -> CTLine {
    CoreTextLayout.line(of: attributedString)
}

/// The line's glyph runs (`CTRun`s) in visual order.
public func CTLineGetGlyphRuns(_ line: CTLine) -> NSArray { line.runs as NSArray }

/// The number of glyphs in the line.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.runs.reduce(0) { $0 + $1.rawGlyphs.count } }

/// The characters of the string the line holds (UTF-16 units).
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// The line's typographic width, returning its ascent, descent (positive) and leading through
/// the pointers given.
public func CTLineGetTypographicBounds(
    _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return Double(line.width)
}

/// The width of the whitespace at the end of the line.
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double { Double(line.trailingWhitespace) }

/// The box of the line's ink in text space, at the context's text position (at the origin
/// without a context).
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    guard let position = context?.textPosition, !line.ink.isNull else { return line.ink }
    return line.ink.offsetBy(dx: position.x, dy: position.y)
}

/// What `CTLineGetBoundsWithOptions` measures (Core Text's `CTLineBoundsOptions`).
public struct CTLineBoundsOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Without the leading below the descent.
    public static let excludeTypographicLeading = CTLineBoundsOptions(rawValue: 1 << 0)
    /// Without shifts by characters' baseline offsets (glayers shifts none).
    public static let excludeTypographicShifts = CTLineBoundsOptions(rawValue: 1 << 1)
    /// With hanging punctuation (glayers hangs none).
    public static let useHangingPunctuation = CTLineBoundsOptions(rawValue: 1 << 2)
    /// The glyphs' ink instead of the typographic box.
    public static let useGlyphPathBounds = CTLineBoundsOptions(rawValue: 1 << 3)
    /// Optical bounds (glayers: the typographic ones).
    public static let useOpticalBounds = CTLineBoundsOptions(rawValue: 1 << 4)
    /// Extents that the language needs (glayers: the typographic ones).
    public static let includeLanguageExtents = CTLineBoundsOptions(rawValue: 1 << 5)
}

/// The line's bounds in text space with its origin on the baseline (Core Text's
/// `CTLineGetBoundsWithOptions`): by default the typographic box, x from 0 to the width and
/// y from −(descent + leading) to the ascent; without the leading when asked; the ink's box
/// with `.useGlyphPathBounds`.
public func CTLineGetBoundsWithOptions(_ line: CTLine, _ options: CTLineBoundsOptions) -> CGRect {
    if options.contains(.useGlyphPathBounds) { return line.ink.isNull ? .zero : line.ink }
    let leading = options.contains(.excludeTypographicLeading) ? 0 : line.leading
    return CGRect(
        x: 0, y: -(line.descent + leading), width: line.width, height: line.ascent + line.descent + leading)
}

/// The number of glyphs in the run.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.rawGlyphs.count }

/// The run's attributes: those of its characters in the string, with the font it is drawn in
/// under `kCTFontAttributeName`.
public func CTRunGetAttributes(_ run: CTRun) -> NSDictionary { run.attributes }

/// The characters of the string the run draws (UTF-16 units).
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.stringRange }

/// The run's glyph indices (valid while the run lives).
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { UnsafePointer(run.glyphs.baseAddress) }

/// The run's glyph positions (valid while the run lives).
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? {
    UnsafePointer(run.positions.baseAddress)
}

/// Copies the glyph indices of `range` (a length of 0: to the end) into `buffer`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (k, i) in range.resolved(count: run.rawGlyphs.count).enumerated() { buffer[k] = run.glyphs[i] }
}

/// Copies the positions of the glyphs of `range` into `buffer`: in text space relative to the
/// line's origin (y up).
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (k, i) in range.resolved(count: run.rawGlyphs.count).enumerated() { buffer[k] = run.positions[i] }
}

/// Copies the advances of the glyphs of `range` into `buffer`.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (k, i) in range.resolved(count: run.rawGlyphs.count).enumerated() { buffer[k] = run.advances[i] }
}

/// Copies the UTF-16 index of each glyph's character of `range` into `buffer`.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (k, i) in range.resolved(count: run.rawGlyphs.count).enumerated() { buffer[k] = run.indices[i] }
}

/// The width of the glyphs of `range`, returning the run font's ascent, descent and leading
/// through the pointers given.
public func CTRunGetTypographicBounds(
    _ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
    _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    let metrics = run.metrics
    ascent?.pointee = metrics.ascent
    descent?.pointee = metrics.descent
    leading?.pointee = metrics.leading
    return range.resolved(count: run.rawGlyphs.count).reduce(0) { $0 + Double(run.advances[$1].width) }
}
