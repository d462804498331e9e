import Foundation
import GLayersGraphics
import Testing

/// `CGPath.copy(dashingWithPhase:lengths:transform:)`: where the dashes fall, the phase, odd
/// patterns, corners, curves, subpaths, bad patterns, and the stroke against cairo's dashes (#11).
@Suite struct PathDashTests {
    /// The subpaths of `path` as (start, end, length).
    func dashes(_ path: CGPath) -> [(CGPoint, CGPoint, CGFloat)] {
        var out: [[PathSegment]] = []
        for seg in path.segments() {
            if let last = out.last?.last, hypot(last.end.x - seg.start.x, last.end.y - seg.start.y) < 1e-9 {
                out[out.count - 1].append(seg)
            } else {
                out.append([seg])
            }
        }
        return out.map { ($0[0].start, $0[$0.count - 1].end, $0.reduce(0) { $0 + $1.length }) }
    }

    func line(_ points: [CGPoint]) -> CGMutablePath {
        let p = CGMutablePath()
        p.addLines(between: points)
        return p
    }

    /// A 10-long line with 2 on, 1 off: dashes at 0–2, 3–5, 6–8, 9–10; with phase 1, at 0–1,
    /// 2–4, 5–7, 8–10; an odd pattern [3] is 3 on, 3 off: 0–3 and 6–9.
    @Test func dashesFallWhereThePatternSays() {
        let path = line([.zero, CGPoint(x: 10, y: 0)])
        let plain = dashes(path.copy(dashingWithPhase: 0, lengths: [2, 1]))
        #expect(plain.map { [$0.0.x, $0.1.x] } == [[0, 2], [3, 5], [6, 8], [9, 10]])
        let shifted = dashes(path.copy(dashingWithPhase: 1, lengths: [2, 1]))
        #expect(shifted.map { [$0.0.x, $0.1.x] } == [[0, 1], [2, 4], [5, 7], [8, 10]])
        let odd = dashes(path.copy(dashingWithPhase: 0, lengths: [3]))
        #expect(odd.map { [$0.0.x, $0.1.x] } == [[0, 3], [6, 9]])
        let negative = dashes(path.copy(dashingWithPhase: -1, lengths: [2, 1]))
        #expect(negative.map { [$0.0.x, $0.1.x] } == [[1, 3], [4, 6], [7, 9]], "phase −1 is phase 2")
    }

    /// A dash that runs across a corner stays one subpath; each subpath starts the pattern
    /// again; a curve's dashes are curves whose lengths add up to the pattern's share of it.
    @Test func cornersSubpathsAndCurves() {
        let corner = dashes(
            line([.zero, CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 4)]).copy(dashingWithPhase: 0, lengths: [6, 2]))
        #expect(corner.count == 1 && corner[0].1 == CGPoint(x: 4, y: 2) && abs(corner[0].2 - 6) < 1e-9)

        let two = line([.zero, CGPoint(x: 10, y: 0)])
        two.move(to: CGPoint(x: 0, y: 5))
        two.addLine(to: CGPoint(x: 10, y: 5))
        #expect(dashes(two.copy(dashingWithPhase: 0, lengths: [2, 1])).count == 8)

        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let length = circle.length
        // Tenths, so that the dash running from 0.2 to 0.3 crosses the join of two quarter arcs;
        // the ends lie on the Bézier circle, within its 0.03 % of the true one.
        let dashed = circle.copy(dashingWithPhase: 0, lengths: [length / 10, length / 10])
        let pieces = dashes(dashed)
        #expect(pieces.count == 5, "\(pieces)")
        #expect(pieces.allSatisfy { abs($0.2 - length / 10) < 1e-6 }, "\(pieces.map(\.2))")
        #expect(dashed.elements.contains { if case .curveTo = $0 { return true } else { return false } })
        for (a, b, _) in pieces {
            #expect(abs(hypot(a.x - 50, a.y - 50) - 50) < 0.02 && abs(hypot(b.x - 50, b.y - 50) - 50) < 0.02)
        }
        // Boundaries that fall exactly on the joins of the arcs make no slivers.
        #expect(dashes(circle.copy(dashingWithPhase: 0, lengths: [length / 8, length / 8])).count == 4)
    }

    /// Bad patterns leave the path undashed (transformed); the transform maps the dashes; a
    /// 0-long dash is a dot.
    @Test func badPatternsTransformsAndDots() {
        let path = line([.zero, CGPoint(x: 10, y: 0)])
        for bad in [[], [-1, 2], [0, 0], [CGFloat.nan, 1]] as [[CGFloat]] {
            #expect(path.copy(dashingWithPhase: 0, lengths: bad).elements == path.elements)
        }
        #expect(path.copy(dashingWithPhase: 0, lengths: [1e-9, 1e-9]).elements == path.elements, "too many dashes")
        let doubled = dashes(
            path.copy(dashingWithPhase: 0, lengths: [2, 1], transform: CGAffineTransform(scaleX: 2, y: 2)))
        #expect(doubled.first.map { [$0.0.x, $0.1.x] } == [0, 4])
        let dots = path.copy(dashingWithPhase: 0, lengths: [0, 5])
        #expect(dots.elements.filter { if case .moveTo = $0 { return true } else { return false } }.count == 2)
    }

    /// Stroked with butt caps, the dashed copy covers what cairo's own dashed stroke covers.
    /// Cairo measures its dashes along the curve flattened to 0.1 pixel, the copy along the
    /// curve itself, so dash ends drift apart by a fraction of a pixel along the ellipse: every
    /// pixel's alpha within 32 levels, the mean difference over inked pixels under 4 levels, the
    /// total ink within 2 %.
    @Test func strokedDashesMatchCairosDashedStroke() throws {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 10, y: 10, width: 70, height: 50))
        path.move(to: CGPoint(x: 10, y: 80))
        path.addQuadCurve(to: CGPoint(x: 90, y: 80), control: CGPoint(x: 50, y: 40))
        let native = try context(100, 100), copied = try context(100, 100)
        for c in [native, copied] { c.setLineWidth(3) }
        native.setLineDash(phase: 3, lengths: [8, 4])
        native.addPath(path)
        native.strokePath()
        copied.addPath(path.copy(dashingWithPhase: 3, lengths: [8, 4]))
        copied.strokePath()
        let a = try #require(native.makeImage()), b = try #require(copied.makeImage())
        let d = AlphaDifference(a, b)
        #expect(d.inked > 300 && d.worst <= 32, "worst \(d.worst) of \(d.inked) inked")
        #expect(d.differences < 4 * d.inked, "mean \(Double(d.differences) / Double(d.inked))")
        #expect(abs(d.inkA - d.inkB) * 50 <= d.inkA, "ink \(d.inkA) against \(d.inkB)")
    }

    /// A dashed stroke whose path would hold more than `CGPath.maximumDashCount` dashes is drawn
    /// solid, as the dashed copy leaves such a path undashed: a zigzag 1e7 points long under a
    /// pattern of 0.15 would be 3.3e7 dashes, minutes of cairo's time (#24); a coarser pattern
    /// on the same path still dashes.
    @Test func tooFineADashOnALongPathStrokesSolid() throws {
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 0, y: 0))
        for i in 1...100_000 { zigzag.addLine(to: CGPoint(x: CGFloat(i % 2) * 100, y: CGFloat(i) * 0.001)) }
        zigzag.addLine(to: CGPoint(x: 0, y: 40))  // crosses the bitmap's middle row once more
        let solid = try context(100, 100), fine = try context(100, 100)
        for c in [solid, fine] {
            c.setLineWidth(2)
            c.addPath(zigzag)
        }
        fine.setLineDash(phase: 0, lengths: [0.15, 0.15])
        solid.strokePath()
        fine.strokePath()
        let a = try #require(solid.makeImage()), b = try #require(fine.makeImage())
        #expect(AlphaDifference(a, b).worst == 0)
        let coarse = try context(100, 100)
        coarse.setLineWidth(2)
        coarse.setLineDash(phase: 0, lengths: [10, 10])
        coarse.move(to: CGPoint(x: 0, y: 50))
        coarse.addLine(to: CGPoint(x: 100, y: 50))
        coarse.strokePath()
        let c = try #require(coarse.makeImage())
        #expect(px(c, 5, 50)[3] == 255 && px(c, 15, 50)[3] == 0)
    }
}
