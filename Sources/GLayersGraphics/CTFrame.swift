/// Core Text's framesetters and frames (`CTFramesetter`, `CTFrame`): an attributed string laid
/// out in lines within a path (#11).
///
/// - Text fills the path's bounding box: lines wrap at its width (at word boundaries, inside
///   a word that is wider than the box), the first line's top at the box's top (maximum y in
///   text space), and lines follow pango's line spacing downward while their whole height
///   fits in the box; the rest is not in the frame.
/// - Line origins are relative to the box's origin (its minimum x and y), y up, as Core Text's.
/// - Paragraph styles are not read: lines are aligned to the natural side (left for
///   left-to-right text).
import CCairo
import Foundation

/// Lays out an attributed string into frames (Core Text's `CTFramesetter`).
public final class CTFramesetter {
    /// The string (a copy).
    let attributedString: NSAttributedString

    init(_ attributedString: NSAttributedString) {
        self.attributedString = attributedString.copy() as? NSAttributedString ?? attributedString
    }
}

/// Lines of text laid out within a path (Core Text's `CTFrame`).
public final class CTFrame {
    /// The lines, top first.
    let lines: [CTLine]
    /// Each line's origin relative to the path's bounding box origin, y up.
    let origins: [CGPoint]
    /// The path the text was laid out in.
    let path: CGPath
    /// The characters the frame was asked to lay out.
    let stringRange: CFRange
    /// The characters of its lines.
    let visibleRange: CFRange

    init(lines: [CTLine], origins: [CGPoint], path: CGPath, stringRange: CFRange, visibleRange: CFRange) {
        self.lines = lines
        self.origins = origins
        self.path = path
        self.stringRange = stringRange
        self.visibleRange = visibleRange
    }
}

/// A framesetter of `attributedString`.
public func CTFramesetterCreateWithAttributedString(_ attributedString: NSAttributedString) -> CTFramesetter {
    CTFramesetter(attributedString)
}

/// A frame of the characters of `stringRange` (a length of 0: to the end) laid out in `path`'s
/// bounding box (`frameAttributes` are ignored).
public func CTFramesetterCreateFrame(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: NSDictionary?
) -> CTFrame {
    let range = stringRange.resolved(count: framesetter.attributedString.length)
    let box = path.boundingBoxOfPath
    let laid = CoreTextLayout.frame(
        framesetter.attributedString, range: range, width: box.isNull ? 0 : box.width,
        height: box.isNull ? 0 : box.height)
    var visible = CFRange(location: range.lowerBound, length: 0)
    if let first = laid.lines.first, let last = laid.lines.last {
        let end = last.stringRange.location + last.stringRange.length
        visible = CFRange(location: first.stringRange.location, length: end - first.stringRange.location)
    }
    return CTFrame(
        lines: laid.lines, origins: laid.origins, path: path,
        stringRange: CFRange(location: range.lowerBound, length: range.count), visibleRange: visible)
}

/// The size the characters of `stringRange` need when laid out within `constraints` (a
/// dimension of `.greatestFiniteMagnitude` or 0 leaves that dimension free), returning through
/// `fitRange` the characters that fit.
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: NSDictionary?,
    _ constraints: CGSize, _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    let range = stringRange.resolved(count: framesetter.attributedString.length)
    func free(_ v: CGFloat) -> Bool { !v.isFinite || v <= 0 || v >= 1e7 }
    let laid = CoreTextLayout.frame(
        framesetter.attributedString, range: range, width: free(constraints.width) ? nil : constraints.width,
        height: free(constraints.height) ? .greatestFiniteMagnitude : constraints.height)
    var width: CGFloat = 0
    for (line, origin) in zip(laid.lines, laid.origins) { width = max(width, origin.x + line.width) }
    var height: CGFloat = 0
    if let line = laid.lines.last, let origin = laid.origins.last { height = laid.top - (origin.y - line.descent) }
    if let fitRange {
        let end = laid.lines.last.map { $0.stringRange.location + $0.stringRange.length } ?? range.lowerBound
        fitRange.pointee = CFRange(location: range.lowerBound, length: end - range.lowerBound)
    }
    return CGSize(width: width.rounded(.up), height: height.rounded(.up))
}

/// The frame's lines (`CTLine`s), top first.
public func CTFrameGetLines(_ frame: CTFrame) -> NSArray { frame.lines as NSArray }

/// Copies the origins of the lines of `range` (a length of 0: to the end) into `origins`:
/// relative to the path's bounding box origin, y up.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    for (k, i) in range.resolved(count: frame.origins.count).enumerated() { origins[k] = frame.origins[i] }
}

/// The characters the frame was made for.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.stringRange }

/// The characters of the frame's lines (those that fit).
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleRange }

/// The path the frame was laid out in.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

extension CoreTextLayout {
    /// The lines of `range` of `attributed` wrapped at `width` (nil: not wrapped) that fit in
    /// `height`, their origins relative to the box's origin (y up), and the box's top (`height`,
    /// or the laid-out height when it is not finite).
    static func frame(_ attributed: NSAttributedString, range: Range<Int>, width: CGFloat?, height: CGFloat)
        -> (lines: [CTLine], origins: [CGPoint], top: CGFloat)
    {
        let sub = attributed.attributedSubstring(from: NSRange(location: range.lowerBound, length: range.count))
        let source = Source(sub)
        var style = source.style
        style.wrapped = true
        return PangoSession.shared.withContext(
            { session in
                pango_context_set_matrix(session.context, nil)
                guard !source.string.isEmpty,
                    let layout = session.layout(
                        source.string, style: style, width: width.map { max($0, 0.001) }, height: nil),
                    let iter = pango_layout_get_iter(layout)
                else { return ([], [], 0) }
                defer {
                    pango_layout_iter_free(iter)
                    g_object_unref(UnsafeMutableRawPointer(layout))
                }
                let scale = CGFloat(PANGO_SCALE)
                var found: [(line: CTLine, x: CGFloat, baseline: CGFloat)] = []
                repeat {
                    var rect = PangoRectangle()
                    pango_layout_iter_get_line_extents(iter, nil, &rect)
                    let bottom = CGFloat(rect.y + rect.height) / scale
                    guard bottom <= height + 0.001, let line = pango_layout_iter_get_line_readonly(iter) else { break }
                    let made = make(line, source: source, session: session, offset: range.lowerBound)
                    found.append((made, CGFloat(rect.x) / scale, CGFloat(pango_layout_iter_get_baseline(iter)) / scale))
                } while pango_layout_iter_next_line(iter) != 0
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                let top =
                    height.isFinite && height < .greatestFiniteMagnitude ? height : CGFloat(logical.height) / scale
                return (found.map(\.line), found.map { CGPoint(x: $0.x, y: top - $0.baseline) }, top)
            }, fallback: ([], [], 0))
    }
}
