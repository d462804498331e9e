/// The dashes of a path as a path: `CGPath.copy(dashingWithPhase:lengths:transform:)`.
///
/// - Each dash is an open subpath that follows the original lines and curves exactly (curves
///   are split, not flattened). The pattern starts again, `phase` into it, at every subpath,
///   as a dashed stroke does; a dash that runs on across a corner stays one subpath.
/// - An odd number of lengths repeats the list, as PostScript and cairo read it ([3] is 3 on,
///   3 off). An empty list, a negative or non-finite length, lengths that are all 0, or a
///   pattern that would make more than `maximumDashCount` dashes leave the path undashed (the
///   copy is the path, transformed). A length of 0 on makes a dot (a zero-length subpath,
///   which round caps draw).
/// - On a closed subpath the last dash and the first stay separate subpaths where they meet at
///   the start: stroked with butt caps the two draw as one, with round or square caps the seam
///   shows caps.
import Foundation

extension CGPath {
    /// The most dashes `copy(dashingWithPhase:lengths:transform:)` makes: a pattern so fine that
    /// the path would hold more leaves it undashed.
    public static let maximumDashCount = 1_000_000

    /// The dashes of the path drawn with `lengths` (on, off, on, …) starting `phase` into the
    /// pattern, with `transform` applied to them (see the file comment).
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity)
        -> CGPath
    {
        let valid = !lengths.isEmpty && lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 }
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let period = pattern.reduce(0, +)
        let subpaths = segmentsBySubpath()
        let total = subpaths.joined().reduce(CGFloat(0)) { $0 + $1.length }
        guard valid, total / period <= CGFloat(CGPath.maximumDashCount) else {
            return CGPath(elements: storage.map { $0.applying(transform) })
        }
        let offset =
            phase.isFinite
            ? (phase.truncatingRemainder(dividingBy: period) + period)
                .truncatingRemainder(dividingBy: period) : 0
        let out = CGMutablePath()
        for subpath in subpaths {
            var dash = Dash(pattern: pattern, offset: offset)
            var pen: CGPoint?
            // Segments within rounding of nothing (a closing line after curves that end a hair
            // from the start) make no slivers.
            for seg in subpath where seg.length > period * 1e-12 {
                var walked: CGFloat = 0
                while walked < seg.length {
                    // Either the rest of the dash entry fits in the segment, or the segment ends.
                    // (An entry that ends within rounding of the segment's end ends there.)
                    let whole = walked + dash.remaining <= seg.length * (1 + 1e-12)
                    let end = whole ? min(walked + dash.remaining, seg.length) : seg.length
                    if dash.on {
                        let t0 = seg.parameter(atLength: walked), t1 = seg.parameter(atLength: end)
                        // Points only: a `PathSegment` would measure the piece's length.
                        let piece = PathSegment.split(seg.geometry, t0, t1)
                        // A dash running on from the previous segment continues its subpath (the
                        // split's end point and the next segment's start may differ by rounding).
                        let joined = pen.map { abs($0.x - piece.start.x) + abs($0.y - piece.start.y) <= 1e-9 * period }
                        if joined != true { out.move(to: piece.start, transform: transform) }
                        switch piece {
                        case .line(_, let p): out.addLine(to: p, transform: transform)
                        case .quadCurve(_, let c, let p): out.addQuadCurve(to: p, control: c, transform: transform)
                        case .curve(_, let c1, let c2, let p):
                            out.addCurve(to: p, control1: c1, control2: c2, transform: transform)
                        }
                        pen = piece.end
                    } else {
                        pen = nil
                    }
                    if whole { dash.next() } else { dash.remaining -= end - walked }
                    walked = end
                }
            }
        }
        return out
    }

    /// The drawn segments of each subpath (a subpath's closing line included).
    func segmentsBySubpath() -> [[PathSegment]] {
        var result: [[PathSegment]] = []
        var current: [PathSegment] = []
        for seg in segments() {
            if let last = current.last, last.closesSubpath || last.end != seg.start {
                result.append(current)
                current = []
            }
            current.append(seg)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}

/// Where a walk along a path is in a dash pattern.
private struct Dash {
    let pattern: [CGFloat]
    var index = 0
    /// What is left of the current on or off length.
    var remaining: CGFloat

    init(pattern: [CGFloat], offset: CGFloat) {
        self.pattern = pattern
        remaining = pattern[0]
        advance(by: offset)
    }

    var on: Bool { index % 2 == 0 }

    /// Moves to the next entry of the pattern.
    mutating func next() {
        index = (index + 1) % pattern.count
        remaining = pattern[index]
    }

    /// Moves `distance` (less than the pattern's period) into the pattern.
    mutating func advance(by distance: CGFloat) {
        var left = distance
        while left > 0 && left >= remaining {
            left -= remaining
            next()
        }
        remaining -= left
    }
}
