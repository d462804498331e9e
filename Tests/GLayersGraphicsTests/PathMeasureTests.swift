import Foundation
import GLayersGraphics
import Testing

@Suite struct PathMeasureTests {
    @Test func straightLine() throws {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 1))
        p.addLine(to: CGPoint(x: 4, y: 5))
        let s = try #require(p.segments().first)
        #expect(s.length == 5)
        #expect(s.point(atLength: 2.5) == CGPoint(x: 2.5, y: 3))
        #expect(s.tangent(at: 0.3) == CGPoint(x: 0.6, y: 0.8))
        #expect(p.point(atDistance: 10) == CGPoint(x: 4, y: 5))
        #expect(p.point(atDistance: -1) == CGPoint(x: 1, y: 1))
    }

    /// Issue #14 (found by fuzzing): the length of a curve whose derivative overflows is
    /// infinite; refining it went to the full depth on every branch, 2^25 estimates per
    /// segment (a keyframe path of a few such curves took most of a minute).
    @Test(.timeLimit(.minutes(1))) func overflowingCurveLengthIsInfinite() throws {
        let p = CGMutablePath()
        p.move(to: .zero)
        for _ in 0..<32 {
            p.addCurve(
                to: CGPoint(x: 1e308, y: 0), control1: CGPoint(x: -1e308, y: 1e308),
                control2: CGPoint(x: 1e308, y: -1e308))
        }
        #expect(!p.length.isFinite)
    }

    @Test func quarterCircleFromArc() throws {
        let r: CGFloat = 100
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: 50, y: 50), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let segments = p.segments()
        #expect(segments.count == 1)
        let s = try #require(segments.first)
        #expect(abs(s.length - .pi * r / 2) / (.pi * r / 2) < 1e-4)
        for i in 0...10 {
            let q = s.point(atLength: s.length * CGFloat(i) / 10)
            #expect(abs(hypot(q.x - 50, q.y - 50) - r) < 1e-3 * r)
        }
        // Arc-length parametrisation: the midpoint by length is at 45°.
        let mid = s.point(atLength: s.length / 2)
        #expect(abs(atan2(mid.y - 50, mid.x - 50) - .pi / 4) < 1e-3)
        let tangent = s.tangent(at: 0)
        #expect(close(tangent, CGPoint(x: 0, y: 1), 1e-12))
    }

    @Test func bouncePath() throws {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 74, y: 74))
        p.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
        p.addCurve(to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500), control2: CGPoint(x: 566, y: 500))
        let s = p.segments()
        #expect(s.count == 2)
        #expect(s[0].start == CGPoint(x: 74, y: 74) && s[0].end == CGPoint(x: 320, y: 74))
        #expect(s[1].start == CGPoint(x: 320, y: 74) && s[1].end == CGPoint(x: 566, y: 74))
        #expect(s[0].point(at: 0) == CGPoint(x: 74, y: 74) && s[0].point(at: 1) == CGPoint(x: 320, y: 74))
        #expect(abs(s[0].length - s[1].length) < 1e-9 * s[0].length)
        #expect(s[0].point(atLength: s[0].length) == CGPoint(x: 320, y: 74))
        // The lowest point (y = 74 + 3/4 · 426) is at the middle by symmetry.
        let bottom = s[0].point(atLength: s[0].length / 2)
        #expect(abs(bottom.x - 197) < 1e-6 && abs(bottom.y - 393.5) < 1e-6)
        #expect(abs(p.length - 2 * s[0].length) < 1e-9)
        let atHalf = try #require(p.point(atDistance: p.length / 2))
        #expect(close(atHalf, CGPoint(x: 320, y: 74), 1e-6))
    }

    @Test func cubicLengthMatchesFineFlattening() throws {
        let seg = PathSegment(
            .curve(
                CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 90), CGPoint(x: 80, y: -40),
                CGPoint(x: 100, y: 20)))
        var polyline: CGFloat = 0
        var prev = seg.point(at: 0)
        let n = 200_000
        for i in 1...n {
            let q = seg.point(at: CGFloat(i) / CGFloat(n))
            polyline += hypot(q.x - prev.x, q.y - prev.y)
            prev = q
        }
        #expect(abs(seg.length - polyline) / polyline < 1e-6)
        // Inverting the length: the sub-curve [0, t] (split by de Casteljau) is 30 % long.
        let t = seg.parameter(atLength: seg.length * 0.3)
        guard case .curve(let p0, let p1, let p2, let p3) = seg.geometry else { return }
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let (a, b, c) = (lerp(p0, p1), lerp(p1, p2), lerp(p2, p3))
        let (d, e) = (lerp(a, b), lerp(b, c))
        let head = PathSegment(.curve(p0, a, d, lerp(d, e)))
        #expect(abs(head.length - seg.length * 0.3) < 1e-9 * seg.length)
        #expect(close(head.end, seg.point(atLength: seg.length * 0.3), 1e-9))
    }

    /// Searching from a known point (the sample before, as motion paths are sampled) finds the
    /// point a search from the start finds, forwards and backwards, over a cusp too (where the
    /// parameters may differ: the length barely changes with the parameter there).
    @Test func parameterSearchedFromAKnownPoint() {
        for seg in [
            PathSegment(.curve(.zero, CGPoint(x: 30, y: 90), CGPoint(x: 80, y: -40), CGPoint(x: 100, y: 20))),
            PathSegment(.curve(.zero, CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0))),
        ] {
            var known = (parameter: CGFloat(0), length: CGFloat(0))
            for fraction in [0.01, 0.2, 0.21, 0.5, 0.45, 0.9, 0.999, 0.3] {
                let s = seg.length * fraction
                let fromStart = seg.parameter(atLength: s)
                let fromKnown = seg.parameter(atLength: s, from: known)
                let (a, b) = (seg.point(at: fromStart), seg.point(at: fromKnown))
                #expect(hypot(a.x - b.x, a.y - b.y) < 1e-9 * seg.length, "at \(fraction) of \(seg.geometry)")
                known = (fromKnown, s)
            }
        }
    }

    /// A length table finds the points a search from the start finds: on a smooth curve, over a
    /// cusp (its pieces there integrated adaptively), on a quadratic and a line, with one piece
    /// or many; its length is the segment's.
    @Test func lengthTableFindsThePointsOfTheSearch() {
        let segments = [
            PathSegment(.curve(.zero, CGPoint(x: 30, y: 90), CGPoint(x: 80, y: -40), CGPoint(x: 100, y: 20))),
            PathSegment(.curve(.zero, CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0))),
            PathSegment(
                .curve(CGPoint(x: 20, y: 20), CGPoint(x: 28, y: 20), CGPoint(x: 472, y: 484), CGPoint(x: 480, y: 480))),
            PathSegment(.quadCurve(.zero, CGPoint(x: 5, y: 10), CGPoint(x: 10, y: 0))),
            PathSegment(.line(CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 6))),
        ]
        for seg in segments {
            for pieces in [1, 8, 64] {
                let table = PathSegment.LengthTable(seg, pieces: pieces)
                #expect(abs(table.length - seg.length) <= 1e-12 * seg.length, "\(seg.geometry)")
                for fraction in [0, 0.001, 0.2, 0.21, 0.5, 0.45, 0.9, 0.999, 1] {
                    let s = seg.length * fraction
                    let a = seg.point(at: seg.parameter(atLength: s)), b = table.point(atLength: s)
                    #expect(
                        hypot(a.x - b.x, a.y - b.y) < 1e-9 * seg.length, "at \(fraction) of \(seg.geometry), \(pieces)")
                }
            }
        }
    }

    @Test func quadraticSegmentAndCusp() throws {
        let q = PathSegment(.quadCurve(.zero, CGPoint(x: 5, y: 10), CGPoint(x: 10, y: 0)))
        #expect(q.length > 10 && q.length < 20)
        // Degenerate cubic whose control points sit on its ends: tangent still defined.
        let d = PathSegment(.curve(.zero, .zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0)))
        #expect(close(d.tangent(at: 0), CGPoint(x: 1, y: 0), 1e-9))
        #expect(close(d.tangent(at: 1), CGPoint(x: 1, y: 0), 1e-9))
        #expect(abs(d.length - 10) < 1e-9)
        let point = PathSegment(.line(CGPoint(x: 3, y: 3), CGPoint(x: 3, y: 3)))
        #expect(point.length == 0 && point.tangent(at: 0.5) == .zero && point.point(atLength: 1) == CGPoint(x: 3, y: 3))
    }

    @Test func closeDrawsALineBack() {
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 5), transform: nil)
        let s = p.segments()
        #expect(s.count == 4)
        #expect(s.last?.closesSubpath == true && s.last?.end == .zero)
        #expect(p.length == 30)
        #expect(p.tangent(atDistance: 12) == CGPoint(x: 0, y: 1))
        #expect(CGMutablePath().point(atDistance: 0) == nil)
    }

    @Test func circleLength() {
        let p = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        #expect(abs(p.length - 20 * .pi) / (20 * .pi) < 1e-4)
    }
}
