import Foundation
import GLayersGraphics
import Testing

/// `CGPath.interpolated(to:_:)`, the morph of a path animation (docs/semantics.md, "Value types").
@Suite struct PathInterpolationTests {
    private func path(_ build: (CGMutablePath) -> Void) -> CGPath {
        let p = CGMutablePath()
        build(p)
        return p
    }

    @Test func elementsOfOneKindMovePointByPoint() {
        let a = path {
            $0.move(to: CGPoint(x: 0, y: 0))
            $0.addLine(to: CGPoint(x: 10, y: 0))
            $0.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 12, y: 2), control2: CGPoint(x: 12, y: 8))
            $0.closeSubpath()
        }
        let b = path {
            $0.move(to: CGPoint(x: 0, y: 4))
            $0.addLine(to: CGPoint(x: 20, y: 0))
            $0.addCurve(to: CGPoint(x: 10, y: 30), control1: CGPoint(x: 16, y: 2), control2: CGPoint(x: 20, y: 8))
            $0.closeSubpath()
        }
        #expect(
            a.interpolated(to: b, 0.25).elements == [
                .moveTo(CGPoint(x: 0, y: 1)), .lineTo(CGPoint(x: 12.5, y: 0)),
                .curveTo(CGPoint(x: 13, y: 2), CGPoint(x: 14, y: 8), CGPoint(x: 10, y: 15)), .closeSubpath,
            ])
    }

    /// A straight edge facing a curved one morphs into it: the line becomes a cubic whose
    /// control points lie on its ends (Apple's frames of lottie-ios's `TypeFace/F`, whose
    /// letter's sides bow out and back straight, morph so; switching half way put them a
    /// sixth of the letter's width off, 0.978 → 0.988 of pixels matching).
    @Test func aLineMorphsIntoACurve() {
        let straight = path {
            $0.move(to: CGPoint(x: 0, y: 0))
            $0.addLine(to: CGPoint(x: 0, y: 30))
        }
        let bowed = path {
            $0.move(to: CGPoint(x: 0, y: 0))
            $0.addCurve(to: CGPoint(x: 0, y: 30), control1: CGPoint(x: 20, y: 10), control2: CGPoint(x: 20, y: 20))
        }
        let mid = straight.interpolated(to: bowed, 0.5)
        #expect(
            mid.elements == [
                .moveTo(.zero), .curveTo(CGPoint(x: 10, y: 5), CGPoint(x: 10, y: 25), CGPoint(x: 0, y: 30)),
            ])
        // Either way round, and the ends are the paths themselves.
        #expect(bowed.interpolated(to: straight, 0.5).elements == mid.elements)
        #expect(straight.interpolated(to: bowed, 0).elements == straight.elements)
        #expect(straight.interpolated(to: bowed, 1).elements == bowed.elements)
    }

    /// A quadratic curve facing a cubic is raised exactly (the same curve, as a cubic); after
    /// a close, a segment starts from the subpath's start (where the close left the pen).
    @Test func aQuadraticIsRaisedAndACloseReturnsThePen() {
        let a = path {
            $0.move(to: CGPoint(x: 0, y: 0))
            $0.addQuadCurve(to: CGPoint(x: 30, y: 0), control: CGPoint(x: 15, y: 30))
            $0.closeSubpath()
            $0.addLine(to: CGPoint(x: 0, y: 60))
        }
        let b = path {
            $0.move(to: CGPoint(x: 0, y: 0))
            $0.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 20), control2: CGPoint(x: 20, y: 20))
            $0.closeSubpath()
            $0.addCurve(to: CGPoint(x: 0, y: 60), control1: CGPoint(x: 30, y: 20), control2: CGPoint(x: 30, y: 40))
        }
        // The quadratic raised: (0,0), (10,20), (20,20), (30,0), the cubic itself.
        #expect(
            a.interpolated(to: b, 0.5).elements == [
                .moveTo(.zero), .curveTo(CGPoint(x: 10, y: 20), CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 0)),
                .closeSubpath, .moveTo(.zero),
                .curveTo(CGPoint(x: 15, y: 10), CGPoint(x: 15, y: 50), CGPoint(x: 0, y: 60)),
            ])
    }

    /// Paths of other shapes (more elements, or a move facing a line) switch half way.
    @Test func otherPathsSwitchHalfWay() {
        let a = path {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 10, y: 0))
        }
        let more = path {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 10, y: 0))
            $0.addLine(to: CGPoint(x: 10, y: 10))
        }
        let moved = path {
            $0.move(to: .zero)
            $0.move(to: CGPoint(x: 10, y: 0))
        }
        for other in [more, moved] {
            #expect(a.interpolated(to: other, 0.49).elements == a.elements)
            #expect(a.interpolated(to: other, 0.5).elements == other.elements)
        }
    }
}
