import Foundation
import GLayersGraphics
import Testing

@Suite struct PathArcTests {
    @Test func quarterArcIsOneCubicOnTheCircle() throws {
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(p.elements.count == 2)
        #expect(p.elements[0] == .moveTo(CGPoint(x: 15, y: 10)))
        guard case .curveTo(let c1, let c2, let end) = p.elements[1] else { Issue.record("no curve"); return }
        // Handles of the minimax length for 90°, 0.551915 r (not the midpoint-exact 0.552285 r).
        let k = c1.y - 10
        #expect(abs(k / 5 - 0.551915) < 1e-6)
        #expect(close(c1, CGPoint(x: 15, y: 10 + k)) && close(c2, CGPoint(x: 10 + k, y: 15)))
        // The curve crosses the circle: its midpoint lies just inside (radial error −0.0196 %).
        let mid = PathSegment(.curve(CGPoint(x: 15, y: 10), c1, c2, end)).point(at: 0.5)
        #expect(abs(hypot(mid.x - 10, mid.y - 10) / 5 - 1 + 1.96e-4) < 1e-6)
        #expect(close(end, CGPoint(x: 10, y: 15)))
    }

    @Test func clockwiseMeansDecreasingAngle() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Decreasing from 0 to π/2 the long way: 270°, three pieces, passing through (0, −1).
        #expect(p.elements.count == 4)
        if case .curveTo(_, _, let e) = p.elements[1] { #expect(close(e, CGPoint(x: 0, y: -1))) }
        #expect(close(p.currentPoint, CGPoint(x: 0, y: 1)))
    }

    @Test func arcSweepNormalisation() {
        func pieces(_ s: CGFloat, _ e: CGFloat, _ cw: Bool) -> Int {
            let p = CGMutablePath()
            p.addArc(center: .zero, radius: 1, startAngle: s, endAngle: e, clockwise: cw)
            return p.elements.count - 1
        }
        #expect(pieces(0, 2 * .pi, false) == 4)  // Full circle.
        #expect(pieces(0, 7 * .pi, false) == 4)  // More than a turn: one full circle.
        #expect(pieces(0, 0, false) == 0)  // Nothing but the start point.
        #expect(pieces(.pi / 2, 0, false) == 3)  // Counterclockwise the long way.
        #expect(pieces(.pi / 2, 0, true) == 1)
    }

    @Test func arcJoinsCurrentPointWithLine() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(center: CGPoint(x: 10, y: 0), radius: 2, startAngle: .pi, endAngle: 0, clockwise: false)
        #expect(p.elements[1] == .lineTo(CGPoint(x: 8, y: CGFloat(2 * sin(Double.pi)))))
        // A start equal to the current point adds no zero-length line.
        let q = CGMutablePath()
        q.move(to: CGPoint(x: 1, y: 0))
        q.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(q.elements.count == 2)
    }

    @Test func relativeArcCanExceedOneTurn() {
        let p = CGMutablePath()
        p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 3 * .pi)
        #expect(p.elements.count == 7)
        #expect(close(p.currentPoint, CGPoint(x: -1, y: 0)))
        #expect(abs(p.length - 3 * .pi) < 3e-3)
    }

    @Test func tangentArcTouchesBothLines() throws {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 3)
        // Line to (7, 0), then a quarter arc around (7, 3) to (10, 3), turning toward +y.
        #expect(p.elements[1] == .lineTo(CGPoint(x: 7, y: 0)))
        #expect(close(p.currentPoint, CGPoint(x: 10, y: 3), 1e-9))
        let segments = p.segments()
        let mid = segments[1].point(at: 0.5)
        #expect(abs(hypot(mid.x - 7, mid.y - 3) - 3) < 3e-3)
        // Collinear: just a line to tangent1End.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        #expect(q.elements.last == .lineTo(CGPoint(x: 5, y: 0)))
    }

    @Test func tangentArcTurningTheOtherWay() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: -10), radius: 3)
        #expect(close(p.currentPoint, CGPoint(x: 10, y: -3), 1e-9))
        let mid = p.segments()[1].point(at: 0.5)
        #expect(abs(hypot(mid.x - 7, mid.y + 3) - 3) < 3e-3)
    }
}
