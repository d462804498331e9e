/// The outline of a path's stroke as a path that can be filled:
/// `CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`.
///
/// - Curves are flattened (to within 1/10 000 of the path's size, at most 0.01 units), then each
///   piece of the stroke is one closed polygon: a rectangle per segment, a wedge, a mitred
///   quadrilateral or a disc per join, a square or a disc per cap. Every polygon turns the same
///   way, so filling the result with the non-zero winding rule (the default of `fillPath`,
///   `CAShapeLayer` and `contains`) covers exactly the stroke; the pieces overlap, so the
///   even-odd rule or stroking the result does not show the stroke's outline. Core Graphics
///   returns one merged outline; glayers' union of pieces fills the same area.
/// - The stroke is solid (no dash pattern), as Core Graphics' is; `transform` maps the outline
///   after stroking, so it also scales the width.
/// - A subpath that is a single point with a line or close draws a disc for a round cap and a
///   square, axis-aligned, for a square cap; a lone `moveTo` draws nothing.
import Foundation

extension CGPath {
    /// The stroke of `path` as a path (Core Graphics' `CGPathCreateCopyByStrokingPath`, which
    /// Apple's Swift imports with this spelling): `path.copy(strokingWithWidth:lineCap:lineJoin:
    /// miterLimit:transform:)`, with `transform` (nil: the identity) applied to the outline.
    public convenience init?(
        __byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat,
        lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat
    ) {
        let stroked = path.copy(
            strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
            transform: transform?.pointee ?? .identity)
        self.init(elements: stroked.storage)
    }

    /// A path whose non-zero winding fill is what stroking this path with the given width, cap,
    /// join and miter limit covers, with `transform` applied to it (see the file comment).
    ///
    /// - A width that is not positive and finite gives an empty path; a miter limit below 1
    ///   counts as 1 (every corner bevelled), a NaN one as 10 (Core Graphics' default).
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        let out = CGMutablePath()
        guard lineWidth.isFinite, lineWidth > 0 else { return out }
        let bounds = boundingBox
        guard !bounds.isNull else { return out }
        let tolerance = min(0.01, max(bounds.width, bounds.height, lineWidth) * 1e-4)
        var outline = StrokeOutline(
            radius: lineWidth / 2, cap: lineCap, join: lineJoin,
            miterLimit: miterLimit.isNaN ? 10 : max(1, miterLimit), tolerance: tolerance)
        for subpath in flattenedSubpaths(tolerance: tolerance) { outline.add(subpath) }
        for polygon in outline.polygons {
            out.addLines(between: polygon, transform: transform)
            out.closeSubpath()
        }
        return out
    }

    /// The subpaths flattened to polylines: their points without repeats, whether each is
    /// closed, and whether it has any segment at all (a lone `moveTo` has none).
    func flattenedSubpaths(tolerance: CGFloat) -> [FlatSubpath] {
        var result: [FlatSubpath] = []
        var current = FlatSubpath()
        func append(_ p: CGPoint) {
            current.hasSegment = true
            if current.points.last != p { current.points.append(p) }
        }
        func finish() {
            if current.hasSegment { result.append(current) }
            current = FlatSubpath()
        }
        for e in storage {
            let last = current.points.last ?? .zero
            switch e {
            case .moveTo(let p):
                finish()
                current.points = [p]
            case .lineTo(let p): append(p)
            case .quadCurveTo(let c, let p):
                let n = Bezier.quadSteps(last, c, p, tolerance: tolerance)
                for i in 1...n { append(i == n ? p : Bezier.quad(last, c, p, CGFloat(i) / CGFloat(n))) }
            case .curveTo(let c1, let c2, let p):
                let n = Bezier.cubicSteps(last, c1, c2, p, tolerance: tolerance)
                for i in 1...n { append(i == n ? p : Bezier.cubic(last, c1, c2, p, CGFloat(i) / CGFloat(n))) }
            case .closeSubpath:
                current.hasSegment = true
                current.closed = true
                let start = current.points.first
                if current.points.count > 1, current.points.last == start { current.points.removeLast() }
                finish()
                if let start { current.points = [start] }
            }
        }
        finish()
        return result
    }
}

/// A flattened subpath.
struct FlatSubpath {
    var points: [CGPoint] = []
    var closed = false
    var hasSegment = false
}

/// The polygons that together cover a stroke, each turning counterclockwise in y-up terms
/// (positive shoelace area).
private struct StrokeOutline {
    let radius: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    let tolerance: CGFloat
    var polygons: [[CGPoint]] = []

    init(radius: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) {
        (self.radius, self.cap, self.join, self.miterLimit, self.tolerance) = (radius, cap, join, miterLimit, tolerance)
    }

    /// Adds the pieces of one subpath.
    mutating func add(_ subpath: FlatSubpath) {
        let points = subpath.points.map(Vec2.init)
        guard points.count > 1 else {
            if let p = points.first { dot(p) }
            return
        }
        let n = points.count
        let segments = subpath.closed ? n : n - 1
        for i in 0..<segments { segment(points[i], points[(i + 1) % n]) }
        if subpath.closed {
            for i in 0..<n { corner(points[(i + n - 1) % n], points[i], points[(i + 1) % n]) }
        } else {
            for i in 1..<(n - 1) { corner(points[i - 1], points[i], points[i + 1]) }
            end(points[0], away: points[1])
            end(points[n - 1], away: points[n - 2])
        }
    }

    /// The left normal of the direction from `a` to `b`, of length 1.
    private func normal(_ a: Vec2, _ b: Vec2) -> Vec2 {
        let d = (b - a).normalized
        return Vec2(-d.y, d.x)
    }

    private mutating func polygon(_ points: [Vec2]) {
        var area: CGFloat = 0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > 1e-12 else { return }
        let ordered = area > 0 ? points : points.reversed()
        polygons.append(ordered.map(\.point))
    }

    private mutating func segment(_ a: Vec2, _ b: Vec2) {
        let n = radius * normal(a, b)
        polygon([a + n, b + n, b - n, a - n])
    }

    /// The join at `p` between the segments from `a` and to `b`.
    private mutating func corner(_ a: Vec2, _ p: Vec2, _ b: Vec2) {
        let n0 = normal(a, p), n1 = normal(p, b)
        let turn = Vec2.cross(p - a, b - p)
        if join == .round { return disc(p) }
        guard abs(turn) > 1e-12 * max(1, (p - a).length * (b - p).length) else { return }
        // The outer side of the turn.
        let s: CGFloat = turn > 0 ? -1 : 1
        let o0 = p + (s * radius) * n0, o1 = p + (s * radius) * n1
        let cosine = Vec2.dot(n0, n1)
        if join == .miter, cosine > -1 + 1e-12 {
            let m = (1 / (1 + cosine)) * (n0 + n1)
            if m.length <= miterLimit { return polygon([p, o0, p + (s * radius) * m, o1]) }
        }
        polygon([p, o0, o1])
    }

    /// The cap at the end `p` of an open subpath whose neighbouring point is `q`.
    private mutating func end(_ p: Vec2, away q: Vec2) {
        switch cap {
        case .butt: return
        case .round: disc(p)
        case .square:
            let d = radius * (p - q).normalized, n = Vec2(-d.y, d.x)
            polygon([p + n, p + n + d, p - n + d, p - n])
        }
    }

    /// What a subpath of one point draws.
    private mutating func dot(_ p: Vec2) {
        switch cap {
        case .butt: return
        case .round: disc(p)
        case .square:
            let r = radius
            polygon([p + Vec2(-r, -r), p + Vec2(r, -r), p + Vec2(r, r), p + Vec2(-r, r)])
        }
    }

    /// A disc of the stroke's radius at `p`, as a polygon within `tolerance` of the circle.
    private mutating func disc(_ p: Vec2) {
        let ratio = max(-1, min(1, 1 - tolerance / radius))
        let steps = max(8, min(256, Int((CGFloat.pi / max(acos(ratio), 1e-6)).rounded(.up))))
        polygon(
            (0..<steps).map { i in
                let angle = 2 * CGFloat.pi * CGFloat(i) / CGFloat(steps)
                return p + Vec2(radius * cos(angle), radius * sin(angle))
            })
    }
}
