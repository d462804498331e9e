import Foundation
import GLayersGraphics
import Testing

/// Whole circles from arcs (#11): the clockwise flag in the path's own space, whole turns in
/// either direction, equal angles, and input that has no circle.
@Suite struct PathArcCircleTests {
    private static let twoPi = 2 * CGFloat.pi

    private func arc(_ s: CGFloat, _ e: CGFloat, clockwise: Bool, radius: CGFloat = 10) -> CGMutablePath {
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: 20, y: 30), radius: radius, startAngle: s, endAngle: e, clockwise: clockwise)
        return p
    }

    private func curves(_ p: CGPath) -> Int {
        p.elements.filter { if case .curveTo = $0 { true } else { false } }.count
    }

    /// 0 → 2π, 2π → 0 and π/2 → π/2 + 2π, each way round: a move and four quarter curves,
    /// ending where they start, with the circle's bounding box (20 ± 10, 30 ± 10).
    private static let wholeTurns: [(CGFloat, CGFloat)] = {
        let quarter = CGFloat.pi / 2
        return [
            (0, twoPi), (twoPi, 0), (quarter, quarter + twoPi), (quarter + twoPi, quarter), (-.pi, .pi), (0, 2 * twoPi),
        ]
    }()

    @Test(arguments: wholeTurns)
    func wholeTurnsGiveTheFullCircleBothWays(_ angles: (CGFloat, CGFloat)) {
        for clockwise in [false, true] {
            let p = arc(angles.0, angles.1, clockwise: clockwise)
            #expect(p.elements.count == 5, "\(angles) clockwise \(clockwise)")
            #expect(curves(p) == 4)
            let start = CGPoint(x: 20 + 10 * cos(angles.0), y: 30 + 10 * sin(angles.0))
            #expect(close(p.elements[0].endPoint ?? .zero, start, 1e-9))
            #expect(close(p.currentPoint, start, 1e-9))
            let box = p.boundingBoxOfPath
            #expect(abs(box.minX - 10) < 1e-9 && abs(box.maxX - 30) < 1e-9, "\(box)")
            #expect(abs(box.minY - 20) < 1e-9 && abs(box.maxY - 40) < 1e-9, "\(box)")
            #expect(abs(p.length - 2 * .pi * 10) < 3e-3)
        }
    }

    /// The direction of travel: clockwise is decreasing angle in the path's space. From 0 the
    /// first quarter ends at angle −π/2, (20, 20), which is above the centre on a y-down
    /// screen: counterclockwise there, as CoreGraphics' flipped spaces show it.
    @Test func fullCirclesTravelInTheirOwnDirection() {
        let cw = arc(0, Self.twoPi, clockwise: true)
        let ccw = arc(0, Self.twoPi, clockwise: false)
        guard case .curveTo(_, _, let a) = cw.elements[1], case .curveTo(_, _, let b) = ccw.elements[1] else {
            Issue.record("no curves")
            return
        }
        #expect(close(a, CGPoint(x: 20, y: 20), 1e-9))
        #expect(close(b, CGPoint(x: 20, y: 40), 1e-9))
    }

    /// Equal angles add the start point and nothing else, in both directions (a progress ring
    /// at 0 % draws nothing); so do a zero radius and a zero relative sweep.
    @Test func equalAnglesGiveOnlyTheStartPoint() {
        for clockwise in [false, true] {
            let angles: [CGFloat] = [0, CGFloat.pi / 3, -5, Self.twoPi]
            for a in angles {
                let p = arc(a, a, clockwise: clockwise)
                let start = PathElement.moveTo(CGPoint(x: 20 + 10 * cos(a), y: 30 + 10 * sin(a)))
                #expect(p.elements == [start])
            }
        }
        #expect(arc(0, 1, clockwise: true, radius: 0).elements == [.moveTo(CGPoint(x: 20, y: 30))])
        let r = CGMutablePath()
        r.addRelativeArc(center: .zero, radius: 2, startAngle: .pi, delta: 0)
        #expect(r.elements == [.moveTo(CGPoint(x: -2, y: 2 * sin(CGFloat.pi)))])
    }

    /// Just short of a whole turn stays an arc: 0 → 2π − 0.1 is nearly a circle one way and a
    /// 0.1 radian sliver the other way.
    @Test func almostWholeTurnsAreArcs() {
        let long = arc(0, Self.twoPi - 0.1, clockwise: false)
        let short = arc(0, Self.twoPi - 0.1, clockwise: true)
        #expect(curves(long) == 4 && curves(short) == 1)
        #expect(abs(long.length - (Self.twoPi - 0.1) * 10) < 3e-3)
        #expect(abs(short.length - 1) < 1e-4)
    }

    /// Relative arcs of ±2π are full circles; their sign is the direction.
    @Test func relativeWholeTurns() {
        for delta in [Self.twoPi, -Self.twoPi] {
            let p = CGMutablePath()
            p.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: delta)
            #expect(curves(p) == 4)
            #expect(close(p.currentPoint, CGPoint(x: 5, y: 0), 1e-9))
            guard case .curveTo(_, _, let q) = p.elements[1] else { continue }
            #expect(close(q, CGPoint(x: 0, y: delta > 0 ? 5 : -5), 1e-9))
        }
    }

    /// Input with no circle adds nothing and does not crash: negative, NaN or infinite radii,
    /// NaN or infinite angles and centres, on paths and contexts; a huge relative sweep is cut
    /// to 1024 turns instead of billions of curves.
    @Test func inputWithoutACircleIsIgnored() throws {
        let bad: [(CGPoint, CGFloat, CGFloat, CGFloat)] = [
            (.zero, -5, 0, 1), (.zero, .nan, 0, 1), (.zero, .infinity, 0, 1), (.zero, 5, .nan, 1),
            (.zero, 5, 0, .infinity), (CGPoint(x: CGFloat.nan, y: 0), 5, 0, 1),
        ]
        for (c, r, s, e) in bad {
            for clockwise in [false, true] {
                let p = CGMutablePath()
                p.addArc(center: c, radius: r, startAngle: s, endAngle: e, clockwise: clockwise)
                p.addRelativeArc(center: c, radius: r, startAngle: s, delta: e)
                #expect(p.isEmpty)
            }
        }
        let t = CGMutablePath()
        t.move(to: .zero)
        t.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: -3)
        t.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: .nan)
        #expect(t.elements == [.moveTo(.zero)])
        let huge = CGMutablePath()
        huge.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 1e15)
        #expect(curves(huge) <= 4 * 1024 && curves(huge) > 4 * 1000)
        let context = try #require(CGContext.bitmap(width: 8, height: 8))
        context.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: true)
        context.addArc(center: .zero, radius: 1, startAngle: .nan, endAngle: 1, clockwise: true)
        #expect(context.isPathEmpty)
    }
}

/// Arcs filled by cairo: the coverage of circles and rings made of arcs in either direction.
@Suite struct PathArcCoverageTests {
    /// The filled area in pixels of `path` on a 100×100 bitmap under `rule` (alpha summed).
    private func area(_ path: CGPath, _ rule: CGPathFillRule = .winding) throws -> Double {
        let context = try #require(CGContext.bitmap(width: 100, height: 100))
        context.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        context.addPath(path)
        context.fillPath(using: rule)
        let image = try #require(context.makeImage())
        var sum = 0
        for i in stride(from: 3, to: image.pixels.count, by: 4) { sum += Int(image.pixels[i]) }
        return Double(sum) / 255
    }

    private let center = CGPoint(x: 50, y: 50)

    /// A disc of radius 40 from 0 → 2π either way covers π·40² pixels (within 0.5 %).
    @Test func discsCoverTheirArea() throws {
        for clockwise in [false, true] {
            let p = CGMutablePath()
            p.addArc(center: center, radius: 40, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            p.closeSubpath()
            let a = try area(p)
            #expect(abs(a - .pi * 1600) < 0.005 * .pi * 1600, "clockwise \(clockwise): \(a)")
        }
    }

    /// Rings: an outer circle one way and an inner one the other way fill π(40² − 20²) under
    /// non-zero winding, whichever way round each goes; the same direction twice needs
    /// even-odd (and fills the whole disc under non-zero).
    @Test func ringsFromArcsInEitherDirection() throws {
        let ring = Double.pi * (1600 - 400)
        for outerClockwise in [false, true] {
            let p = CGMutablePath()
            p.addArc(center: center, radius: 40, startAngle: 0, endAngle: 2 * .pi, clockwise: outerClockwise)
            p.closeSubpath()
            p.addArc(center: center, radius: 20, startAngle: 2 * .pi, endAngle: 0, clockwise: !outerClockwise)
            p.closeSubpath()
            let a = try area(p)
            #expect(abs(a - ring) < 0.01 * ring, "outer clockwise \(outerClockwise): \(a)")

            let same = CGMutablePath()
            same.addArc(center: center, radius: 40, startAngle: 0, endAngle: 2 * .pi, clockwise: outerClockwise)
            same.closeSubpath()
            same.addArc(center: center, radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: outerClockwise)
            same.closeSubpath()
            #expect(abs(try area(same, .evenOdd) - ring) < 0.01 * ring)
            #expect(abs(try area(same) - .pi * 1600) < 0.005 * .pi * 1600)
        }
    }

    /// The context's own `addArc` draws the same full circle in both directions.
    @Test func contextArcsFillTheDisc() throws {
        for clockwise in [false, true] {
            let context = try #require(CGContext.bitmap(width: 100, height: 100))
            context.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
            context.addArc(center: center, radius: 40, startAngle: 2 * .pi, endAngle: 0, clockwise: clockwise)
            context.fillPath()
            let image = try #require(context.makeImage())
            var sum = 0
            for i in stride(from: 3, to: image.pixels.count, by: 4) { sum += Int(image.pixels[i]) }
            #expect(abs(Double(sum) / 255 - .pi * 1600) < 0.005 * .pi * 1600, "clockwise \(clockwise)")
        }
    }
}
