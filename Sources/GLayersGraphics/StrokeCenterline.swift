/// The centre line of a stroked path, measured for trimming the stroke where it is drawn
/// rather than where it is rasterized (docs/renderer.md, "Trimmed strokes"): a shape layer
/// whose `strokeStart` or `strokeEnd` animates keeps one raster of its whole stroke, and each
/// frame the compositor shows the part between the two ends by comparing them with the arc
/// length of the point of the path nearest each pixel, which `lengths(…)` writes into a second
/// image of the raster's size.
///
/// - Where that is the picture of the trimmed stroke: wherever each pixel of the stroke is
///   near one part of the path only. A path whose stroke overlaps itself (it crosses itself,
///   runs back along itself, turns sharper than its width allows, or has subpaths that touch)
///   makes no centre line (`init` returns nil) and its trimmed stroke is rasterized as before.
/// - Lengths are those `strokeStart` and `strokeEnd` measure (`CGPath.trimmed(from:to:)`): exact
///   at the ends of each line and curve of the path, in proportion to the chords between.
/// - A path that is one closed subpath drawn twice over (as Lottie players stroke a trim that
///   wraps past the path's end: lottie-ios, glayers' Lottie module) is the loop once: a part of
///   the doubled path is a part of the loop, across the point where it begins if need be.
import Foundation

/// A path cut into lines, with the arc length at each point, when its stroke does not overlap
/// itself.
public final class StrokeCenterline: @unchecked Sendable {
    /// The points, in the path's units.
    let points: [CGPoint]
    /// The arc length at each point.
    let lengths: [CGFloat]
    /// Whether a line joins each point to the one before (false where a subpath begins).
    let joined: [Bool]
    /// The whole length (of both copies of a path drawn twice over).
    public let total: CGFloat
    /// The length of the loop when the path is one closed subpath (or one drawn twice over):
    /// its lengths wrap around there; else 0.
    public let loop: CGFloat
    /// Whether the path is one closed subpath (or one drawn twice over).
    public var closed: Bool { loop > 0 }
    /// Half the line width.
    let halfWidth: CGFloat
    /// How far a miter join reaches past the line at the path's sharpest corner, in half line
    /// widths (1 / sin(θ / 2) for the angle θ between its lines; 1 where there is no corner).
    public let sharpestMiter: CGFloat

    /// The most points of a centre line: a longer one is not made (the stroke is rasterized
    /// trimmed, as before).
    static let maximumPoints = 65_536
    /// The most samples of the overlap test.
    static let maximumSamples = 262_144

    /// The centre line of `path` stroked `lineWidth` wide, or nil when its stroke overlaps
    /// itself (see the type's comment), it has no length, a point is not finite, or it is too
    /// long to measure at its width (`maximumPoints`, `maximumSamples`).
    public init?(path: CGPath, lineWidth: CGFloat) {
        guard lineWidth > 0, lineWidth.isFinite else { return nil }
        // Curves within a hundredth of the line width: the distance of a pixel from the line is
        // measured to a small part of the width, whatever the scale it is rasterized at.
        let tolerance = lineWidth / 100
        var points: [CGPoint] = [], lengths: [CGFloat] = [], joined: [Bool] = []
        var walked: CGFloat = 0, subpaths = 0, closedSubpaths = 0
        var start = CGPoint.zero, current = CGPoint.zero, open = false
        func begin(_ p: CGPoint) {
            points.append(p)
            lengths.append(walked)
            joined.append(false)
            subpaths += 1
            open = true
        }
        func add(_ g: PathSegment.Geometry) -> Bool {
            if !open { begin(current) }
            let segment = PathSegment(g)
            let n = Self.pieces(g, tolerance)
            guard points.count + n <= Self.maximumPoints, segment.length.isFinite else { return false }
            // Lengths at the pieces' ends in proportion to the chords, exact at the segment's end.
            var chords: [CGFloat] = [], last = g.start, sum: CGFloat = 0
            chords.reserveCapacity(n)
            for i in 1...n {
                let p = g.point(at: CGFloat(i) / CGFloat(n))
                sum += hypot(p.x - last.x, p.y - last.y)
                chords.append(sum)
                last = p
            }
            for i in 1...n {
                points.append(g.point(at: CGFloat(i) / CGFloat(n)))
                lengths.append(walked + (sum > 0 ? segment.length * chords[i - 1] / sum : 0))
                joined.append(true)
            }
            walked += segment.length
            return true
        }
        // One closed subpath drawn twice over is measured once (see the type's comment).
        var elements = path.storage[...], repeats: CGFloat = 1
        if elements.count >= 4, elements.count % 2 == 0 {
            let half = elements.count / 2
            if elements[..<half].elementsEqual(elements[half...]) { (elements, repeats) = (elements[..<half], 2) }
        }
        for e in elements {
            switch e {
            case .moveTo(let p):
                (start, current, open) = (p, p, false)
            case .lineTo(let p):
                guard add(.line(current, p)) else { return nil }
                current = p
            case .quadCurveTo(let c, let p):
                guard add(.quadCurve(current, c, p)) else { return nil }
                current = p
            case .curveTo(let c1, let c2, let p):
                guard add(.curve(current, c1, c2, p)) else { return nil }
                current = p
            case .closeSubpath:
                if open {
                    if current != start { guard add(.line(current, start)) else { return nil } }
                    closedSubpaths += 1
                }
                (current, open) = (start, false)
            }
        }
        guard walked > 0, walked.isFinite, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let loop = subpaths == 1 && closedSubpaths == 1
        guard loop || repeats == 1 else { return nil }
        self.points = points
        self.lengths = lengths
        self.joined = joined
        total = walked * repeats
        self.loop = loop ? walked : 0
        halfWidth = lineWidth / 2
        sharpestMiter = Self.sharpestMiter(points, joined, loop: loop)
        guard !overlaps() else { return nil }
    }

    /// `sharpestMiter` of the lines through `points` (joined where `joined` says; the last to
    /// the first around a loop).
    private static func sharpestMiter(_ points: [CGPoint], _ joined: [Bool], loop: Bool) -> CGFloat {
        var sharpest: CGFloat = 1
        func join(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) {
            let u = CGPoint(x: a.x - b.x, y: a.y - b.y), v = CGPoint(x: c.x - b.x, y: c.y - b.y)
            let lu = hypot(u.x, u.y), lv = hypot(v.x, v.y)
            guard lu > 0, lv > 0 else { return }
            // sin(θ / 2) from cos θ, θ the angle at b between its two lines.
            let cosine = min(max((u.x * v.x + u.y * v.y) / (lu * lv), -1), 1)
            let half = ((1 - cosine) / 2).squareRoot()
            sharpest = max(sharpest, half > 1e-9 ? 1 / half : .infinity)
        }
        for i in points.indices.dropFirst().dropLast() where joined[i] && joined[i + 1] {
            join(points[i - 1], points[i], points[i + 1])
        }
        if loop, points.count > 2 { join(points[points.count - 2], points[0], points[1]) }
        return sharpest
    }

    /// Lines a curve is cut into so that they lie within `tolerance` of it (the bound of a
    /// Bézier's chords by its second differences), at most 256.
    static func pieces(_ g: PathSegment.Geometry, _ tolerance: CGFloat) -> Int {
        func size(_ v: CGPoint) -> CGFloat { (v.x * v.x + v.y * v.y).squareRoot() }
        let n: CGFloat
        switch g {
        case .line: return 1
        case .quadCurve(let a, let c, let b):
            n = (0.25 * size(CGPoint(x: a.x - 2 * c.x + b.x, y: a.y - 2 * c.y + b.y)) / tolerance).squareRoot()
        case .curve(let a, let c1, let c2, let b):
            let d1 = size(CGPoint(x: a.x - 2 * c1.x + c2.x, y: a.y - 2 * c1.y + c2.y))
            let d2 = size(CGPoint(x: c1.x - 2 * c2.x + b.x, y: c1.y - 2 * c2.y + b.y))
            n = (0.75 * max(d1, d2) / tolerance).squareRoot()
        }
        return n.isFinite ? Int(min(max(n.rounded(.up), 1), 256)) : 256
    }

    /// Arc lengths `a` and `b` apart along the path: around the loop the shorter way when it is
    /// one closed subpath.
    @inline(__always)
    func separation(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let d = abs(a - b)
        return closed ? min(d, loop - d) : d
    }

    /// Whether two parts of the path come near enough that their strokes touch: points
    /// sampled every quarter of the reach (a width and a quarter), hashed into cells of the
    /// reach, any two within it (and a quarter) that lie more than twice the reach apart along
    /// the path, or on different subpaths. A curve turning within a radius of about half the
    /// reach, or a corner sharper than about 45°, counts: near it, pixels lie near two parts.
    private func overlaps() -> Bool {
        let reach = 2.5 * halfWidth, step = reach / 4
        guard (lengths.last ?? 0) / step < CGFloat(Self.maximumSamples) else { return true }
        var samples: [(p: CGPoint, s: CGFloat, subpath: Int)] = []
        samples.reserveCapacity(Int((lengths.last ?? 0) / step) + 2 * points.count)
        var subpath = -1
        for i in points.indices {
            guard joined[i] else {
                subpath += 1
                samples.append((points[i], lengths[i], subpath))
                continue
            }
            let a = points[i - 1], b = points[i]
            let n = max(1, Int((hypot(b.x - a.x, b.y - a.y) / step).rounded(.up)))
            for k in 1...n {
                let t = CGFloat(k) / CGFloat(n)
                samples.append(
                    (
                        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t),
                        lengths[i - 1] + (lengths[i] - lengths[i - 1]) * t, subpath
                    ))
            }
        }
        struct Cell: Hashable { var x: Int, y: Int }
        var cells: [Cell: [Int32]] = [:]
        // Clamped to ±2^40 cells (a point that far off shares its cell, which only adds pairs
        // to measure): a far point's index would not fit an `Int`.
        func index(_ v: CGFloat) -> Int { Int(min(max((v / reach).rounded(.down), -0x1p40), 0x1p40)) }
        func cell(_ p: CGPoint) -> Cell { Cell(x: index(p.x), y: index(p.y)) }
        for (i, sample) in samples.enumerated() { cells[cell(sample.p), default: []].append(Int32(i)) }
        let near = reach + step, far = 2 * reach
        for sample in samples {
            let c = cell(sample.p)
            for dy in -1...1 {
                for dx in -1...1 {
                    guard let list = cells[Cell(x: c.x + dx, y: c.y + dy)] else { continue }
                    for j in list {
                        let other = samples[Int(j)]
                        guard hypot(other.p.x - sample.p.x, other.p.y - sample.p.y) <= near else { continue }
                        if other.subpath != sample.subpath || separation(other.s, sample.s) > far { return true }
                    }
                }
            }
        }
        return false
    }

    /// The box of the points of the path from arc length `from` to `to` (around the loop, from
    /// `from` on, when the path is one; clamped to the path's ends when it is not), or nil
    /// when the range holds no length.
    public func bounds(from: CGFloat, to: CGFloat) -> CGRect? {
        guard from.isFinite, to.isFinite, to > from, let end = lengths.last else { return nil }
        if closed {
            if to - from >= loop { return box(0, end) }
            let a = from - loop * (from / loop).rounded(.down), b = a + (to - from)
            guard b > loop else { return box(a, b) }
            return box(a, loop).union(box(0, b - loop))
        }
        let a = max(from, 0), b = min(to, end)
        return b > a ? box(a, b) : nil
    }

    /// The box of the points from length `a` to `b` (0 ≤ a < b ≤ the lengths' last).
    private func box(_ a: CGFloat, _ b: CGFloat) -> CGRect {
        // The first point at or past `a` (lengths never decrease).
        var lo = 0, hi = lengths.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lengths[mid] < a { lo = mid + 1 } else { hi = mid }
        }
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        /// The point at length `s` on the line that ends at point `i`.
        func point(_ s: CGFloat, before i: Int) -> CGPoint {
            guard i > 0, joined[i], lengths[i] > lengths[i - 1] else { return points[i] }
            let t = (s - lengths[i - 1]) / (lengths[i] - lengths[i - 1])
            return CGPoint(
                x: points[i - 1].x + (points[i].x - points[i - 1].x) * t,
                y: points[i - 1].y + (points[i].y - points[i - 1].y) * t)
        }
        if lo < points.count { add(point(a, before: lo)) }
        var i = lo
        while i < points.count, lengths[i] <= b {
            add(points[i])
            i += 1
        }
        if i < points.count { add(point(b, before: i)) }
        return minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
    }

    /// The image of the arc lengths nearest each pixel of a `width` × `height` raster of the
    /// stroke on which path point `origin` lands on pixel (0, 0)'s corner and `scale` pixels
    /// make a unit, y down; `coverage` is that raster (its alpha says which pixels the stroke
    /// covers).
    ///
    /// Each pixel's R, G and B hold the arc length, in pixels of the raster, of the point of the
    /// path nearest its centre, times 16 (24 bits, R the highest byte); A that point's distance
    /// from the centre in 200ths of half the line width, at most 255. A covered pixel beyond
    /// a width and a half of the line (a miter's point) takes the length of a covered
    /// neighbour, and distance 255. Nil when the sizes do not match or the lengths exceed 24 bits.
    public func lengths(width: Int, height: Int, scale: CGFloat, origin: CGPoint, coverage: CGImage) -> CGImage? {
        guard width > 0, height > 0, coverage.width == width, coverage.height == height, scale > 0,
            scale.isFinite, (lengths.last ?? 0) * scale * 16 < CGFloat(1 << 24)
        else { return nil }
        let count = width * height
        var best = [Float](repeating: .infinity, count: count)
        var length = [Float](repeating: 0, count: count)
        let half = halfWidth * scale, reach = half + 1.5
        func device(_ p: CGPoint) -> CGPoint { CGPoint(x: (p.x - origin.x) * scale, y: (p.y - origin.y) * scale) }
        for i in points.indices where joined[i] {
            let a = device(points[i - 1]), b = device(points[i])
            let la = lengths[i - 1] * scale, lb = lengths[i] * scale
            let ex = b.x - a.x, ey = b.y - a.y, e2 = ex * ex + ey * ey
            // Clamped before they are made integers: a line may reach far beyond the raster.
            func column(_ v: CGFloat, _ last: Int) -> Int { Int(min(max(v, -1), CGFloat(last))) }
            let x0 = column((min(a.x, b.x) - reach).rounded(.down), width - 1)
            let x1 = column((max(a.x, b.x) + reach).rounded(.up), width - 1)
            let y0 = column((min(a.y, b.y) - reach).rounded(.down), height - 1)
            let y1 = column((max(a.y, b.y) + reach).rounded(.up), height - 1)
            guard x0 <= x1, y0 <= y1, x1 >= 0, y1 >= 0 else { continue }
            for y in max(y0, 0)...y1 {
                let py = CGFloat(y) + 0.5
                for x in max(x0, 0)...x1 {
                    let px = CGFloat(x) + 0.5
                    let t = e2 > 0 ? min(max(((px - a.x) * ex + (py - a.y) * ey) / e2, 0), 1) : 0
                    let dx = px - (a.x + ex * t), dy = py - (a.y + ey * t)
                    let d = Float((dx * dx + dy * dy).squareRoot())
                    let k = y * width + x
                    if d <= Float(reach), d < best[k] {
                        best[k] = d
                        length[k] = Float(la + (lb - la) * t)
                    }
                }
            }
        }
        // Covered pixels out of reach (a miter's point) take a covered neighbour's length,
        // nearest first.
        var queue: [Int] = []
        coverage.withUnsafeBytes { bytes in
            for k in 0..<count where best[k].isFinite { queue.append(k) }
            var head = 0
            while head < queue.count {
                let k = queue[head]
                head += 1
                let x = k % width, y = k / width
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let n = ny * width + nx
                    guard !best[n].isFinite, bytes[4 * n + 3] > 0 else { continue }
                    best[n] = .greatestFiniteMagnitude
                    length[n] = length[k]
                    queue.append(n)
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: count * 4)
        let perHalf = Float(200 / half)
        for k in 0..<count {
            let v = UInt32(max(0, (length[k] * 16).rounded()))
            pixels[4 * k] = UInt8(truncatingIfNeeded: v >> 16)
            pixels[4 * k + 1] = UInt8(truncatingIfNeeded: v >> 8)
            pixels[4 * k + 2] = UInt8(truncatingIfNeeded: v)
            pixels[4 * k + 3] = best[k].isFinite ? UInt8(min(255, (best[k] * perHalf).rounded())) : 255
        }
        return CGImage(checkedWidth: width, height: height, pixels: pixels, opaque: false)
    }
}
