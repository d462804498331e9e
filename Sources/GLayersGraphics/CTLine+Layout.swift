/// Laying out Core Text lines with pango (#11): an attributed string becomes a pango layout
/// (each attribute range's font, size and kern), whose lines' glyph items become `CTRun`s,
/// split where the string's attribute ranges change.
///
/// - Positions are pango's, unhinted and unrounded (the session's settings), converted to text
///   space: y up, the origin on the line's baseline at its logical left end.
/// - A line's ascent and descent are its pango logical extents; its leading is the largest
///   line gap of its runs' fonts.
import CCairo
import Foundation

/// Builds `CTLine`s from attributed strings (internal).
enum CoreTextLayout {
    /// An attributed string prepared for pango.
    struct Source {
        /// The text.
        let string: String
        /// The attribute ranges, in order, in UTF-16 units, with their attributes by name.
        let ranges: [(range: Range<Int>, values: [String: Any])]
        /// The attribute range of each UTF-16 unit.
        let rangeOfUnit: [Int]
        /// The UTF-16 offset of each UTF-8 offset (one past the end included).
        let unitOfByte: [Int]
        /// The pango style: Helvetica 12 as Core Text's default, the ranges' fonts and kern.
        let style: TextStyle

        init(_ attributed: NSAttributedString) {
            string = attributed.string
            var ranges: [(range: Range<Int>, values: [String: Any])] = []
            var runs: [TextRun] = []
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) {
                attributes, range, _ in
                let r = range.location..<(range.location + range.length)
                var values: [String: Any] = [:]
                for (key, value) in attributes { values[key.rawValue] = value }
                ranges.append((r, values))
                var run = TextRun(range: r)
                switch values["NSFont"] {
                case let f as CTFont: (run.fontName, run.fontSize) = (f.name, f.size)
                case let f as CGFont: run.fontName = f.name
                case let name as String: run.fontName = name
                default: break
                }
                if let kern = values["NSKern"] as? NSNumber { run.kern = CGFloat(kern.doubleValue) }
                if let kern = values["NSKern"] as? CGFloat { run.kern = kern }
                runs.append(run)
            }
            self.ranges = ranges
            var rangeOfUnit = [Int](repeating: max(0, ranges.count - 1), count: attributed.length)
            for (k, r) in ranges.enumerated() {
                for u in r.range where u < rangeOfUnit.count { rangeOfUnit[u] = k }
            }
            self.rangeOfUnit = rangeOfUnit
            var unitOfByte: [Int] = []
            var unit = 0
            for scalar in string.unicodeScalars {
                for _ in 0..<UTF8.width(scalar) { unitOfByte.append(unit) }
                unit += UTF16.width(scalar)
            }
            unitOfByte.append(unit)
            self.unitOfByte = unitOfByte
            var style = TextStyle(fontName: "Helvetica", fontSize: 12, color: RGBA(0, 0, 0, 1), alignment: .natural)
            style.runs = runs
            self.style = style
        }

        /// The UTF-16 offset of a UTF-8 offset.
        func unit(ofByte byte: Int) -> Int { unitOfByte[min(max(0, byte), unitOfByte.count - 1)] }
    }

    /// A line of the whole string in one row.
    static func line(of attributed: NSAttributedString) -> CTLine {
        let source = Source(attributed)
        let empty = CTLine(
            runs: [], width: 0, ascent: 0, descent: 0, leading: 0, trailingWhitespace: 0, ink: .null,
            stringRange: CFRange(location: 0, length: attributed.length))
        return PangoSession.shared.withContext(
            { session -> CTLine in
                pango_context_set_matrix(session.context, nil)
                guard let layout = session.layout(source.string, style: source.style, width: nil, height: nil) else {
                    return empty
                }
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                pango_layout_set_single_paragraph_mode(layout, 1)
                guard let line = pango_layout_get_line_readonly(layout, 0) else { return empty }
                return make(line, source: source, session: session, offset: 0)
            }, fallback: empty)
    }

    /// The `CTLine` of a pango layout line; `offset` is added to its string indices (the start
    /// of the frame's string range). Call inside `withContext`.
    static func make(
        _ line: UnsafeMutablePointer<PangoLayoutLine>, source: Source, session: PangoSession, offset: Int
    ) -> CTLine {
        let scale = CGFloat(PANGO_SCALE)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_line_get_extents(line, &ink, &logical)
        var runs: [CTRun] = []
        var fonts: [UnsafeMutablePointer<PangoFont>: CTFont] = [:]
        var x: Int32 = 0
        var node = line.pointee.runs
        while let n = node {
            node = n.pointee.next
            guard let glyphItem = n.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                let item = glyphItem.pointee.item, let gs = glyphItem.pointee.glyphs
            else { continue }
            let itemStart = Int(item.pointee.offset), itemEnd = itemStart + Int(item.pointee.length)
            let units = source.unit(ofByte: itemStart)..<source.unit(ofByte: itemEnd)
            var current = -1
            var glyphs: [UInt32] = [], positions: [CGPoint] = [], advances: [CGSize] = [], indices: [CFIndex] = []
            func flush() {
                guard current >= 0, !glyphs.isEmpty else { return }
                let range = source.ranges[current]
                let lo = max(units.lowerBound, range.range.lowerBound)
                let hi = max(lo, min(units.upperBound, range.range.upperBound))
                let font = runFont(item.pointee.analysis.font, source: source, range: current, cache: &fonts)
                var values = range.values
                values["NSFont"] = font
                runs.append(
                    CTRun(
                        font: font, attributes: values as NSDictionary, rawGlyphs: glyphs, positions: positions,
                        advances: advances, indices: indices.map { $0 + offset },
                        stringRange: CFRange(location: lo + offset, length: hi - lo), color: color(of: range.values)))
                glyphs = []
                positions = []
                advances = []
                indices = []
            }
            for i in 0..<Int(gs.pointee.num_glyphs) {
                let info = gs.pointee.glyphs[i]
                let unit = source.unit(ofByte: itemStart + Int(gs.pointee.log_clusters[i]))
                let k = unit < source.rangeOfUnit.count ? source.rangeOfUnit[unit] : source.ranges.count - 1
                if k != current {
                    flush()
                    current = k
                }
                glyphs.append(info.glyph)
                positions.append(
                    CGPoint(
                        x: CGFloat(x + info.geometry.x_offset - logical.x) / scale,
                        y: -CGFloat(info.geometry.y_offset) / scale))
                advances.append(CGSize(width: CGFloat(info.geometry.width) / scale, height: 0))
                indices.append(unit)
                x += info.geometry.width
            }
            flush()
        }
        let leading = runs.map { $0.metrics.leading }.max() ?? 0
        let inkBox =
            ink.width > 0 && ink.height > 0
            ? CGRect(
                x: CGFloat(ink.x - logical.x) / scale, y: -CGFloat(ink.y + ink.height) / scale,
                width: CGFloat(ink.width) / scale, height: CGFloat(ink.height) / scale) : CGRect.null
        let start = source.unit(ofByte: Int(line.pointee.start_index))
        let end = source.unit(ofByte: Int(line.pointee.start_index + line.pointee.length))
        return CTLine(
            runs: runs, width: CGFloat(logical.width) / scale, ascent: -CGFloat(logical.y) / scale,
            descent: CGFloat(logical.height + logical.y) / scale, leading: leading,
            trailingWhitespace: trailingWhitespace(runs, source: source, offset: offset),
            ink: inkBox, stringRange: CFRange(location: start + offset, length: end - start))
    }

    /// The `CTFont` of a run drawn with pango's `font`: the font the attribute range asked for
    /// when pango drew with it (the same font file, style and size: pango may hold two objects
    /// for it, made under different surface options), otherwise a font named after what pango chose, at the size asked for.
    private static func runFont(
        _ font: UnsafeMutablePointer<PangoFont>?, source: Source, range: Int,
        cache: inout [UnsafeMutablePointer<PangoFont>: CTFont]
    ) -> CTFont {
        let asked = source.ranges[range].values["NSFont"]
        guard let font else { return (asked as? CTFont) ?? CTFont(name: "Helvetica", size: 12) }
        if let ct = asked as? CTFont, let loaded = PangoSession.shared.loadedFont(ct),
            loaded.font == font || LoadedFont.key(of: loaded.font) == LoadedFont.key(of: font)
        {
            return ct
        }
        if let made = cache[font] { return made }
        let size = (asked as? CTFont)?.size ?? source.style.fontSize
        let loaded = LoadedFont(retaining: font)
        let made = CTFont(name: loaded.name, size: size, loaded: loaded)
        cache[font] = made
        return made
    }

    /// The fill colour of an attribute range: `kCTForegroundColorAttributeName` (or UIKit's
    /// `.foregroundColor`) when a `CGColor`, nil (the context's) with
    /// `kCTForegroundColorFromContextAttributeName`, otherwise black.
    static func color(of values: [String: Any]) -> RGBA? {
        if let fromContext = values["CTForegroundColorFromContext"] as? NSNumber, fromContext.boolValue { return nil }
        if let fromContext = values["CTForegroundColorFromContext"] as? Bool, fromContext { return nil }
        if let c = values["CTForegroundColor"] as? CGColor { return c.rgba }
        if let c = values["NSColor"] as? CGColor { return c.rgba }
        return RGBA(0, 0, 0, 1)
    }

    /// The summed advance of the glyphs of whitespace characters at the end of the line (in
    /// logical order); the runs' string indices are `offset` past the source's.
    private static func trailingWhitespace(_ runs: [CTRun], source: Source, offset: Int) -> CGFloat {
        let units = Array(source.string.utf16)
        var glyphs: [(index: Int, advance: CGFloat)] = []
        for run in runs {
            for i in 0..<run.indices.count { glyphs.append((run.indices[i] - offset, run.advances[i].width)) }
        }
        glyphs.sort { $0.index > $1.index }
        var width: CGFloat = 0
        for g in glyphs {
            guard g.index >= 0, g.index < units.count, let scalar = Unicode.Scalar(units[g.index]),
                scalar.properties.isWhitespace
            else { break }
            width += g.advance
        }
        return width
    }
}
