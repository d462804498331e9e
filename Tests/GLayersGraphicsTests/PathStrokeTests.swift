import Foundation
import GLayersGraphics
import Testing

/// `CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`: caps, joins, the
/// miter limit, closed subpaths, the transform, and the filled outline against cairo's own
/// stroke (#11).
@Suite struct PathStrokeTests {
    func line(_ points: [CGPoint], closed: Bool = false) -> CGMutablePath {
        let p = CGMutablePath()
        p.addLines(between: points)
        if closed { p.closeSubpath() }
        return p
    }

    /// Caps on a line from (0, 0) to (10, 0), 4 wide: butt ends at the end points, square ones
    /// 2 beyond, round ones on a circle of radius 2 (its polygon is within 0.05 inside).
    @Test func caps() {
        let path = line([.zero, CGPoint(x: 10, y: 0)])
        let butt = path.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(butt.contains(CGPoint(x: 5, y: 1.9)) && !butt.contains(CGPoint(x: 5, y: 2.1)))
        #expect(butt.contains(CGPoint(x: 0.1, y: 0)) && !butt.contains(CGPoint(x: -0.1, y: 0)))
        let square = path.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.contains(CGPoint(x: -1.9, y: 1.9)) && !square.contains(CGPoint(x: -2.1, y: 0)))
        #expect(square.contains(CGPoint(x: 11.9, y: -1.9)) && !square.contains(CGPoint(x: 12.1, y: 0)))
        let round = path.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(round.contains(CGPoint(x: -1.9, y: 0)) && round.contains(CGPoint(x: -1.3, y: 1.3)))
        #expect(!round.contains(CGPoint(x: -1.5, y: 1.5)) && !round.contains(CGPoint(x: 12.1, y: 0)))
        #expect(
            round.boundingBox.insetBy(dx: -0.001, dy: -0.001).contains(
                CGRect(x: -1.99, y: -1.99, width: 13.98, height: 3.98)))
    }

    /// Joins at the corner of (0, 0) → (10, 0) → (10, 10), 2 wide: the miter reaches (11, −1),
    /// the bevel cuts the corner on the line from (10, −1) to (11, 0), the round join is a
    /// circle of radius 1 about (10, 0). The inside of the corner is covered by all three.
    @Test func joins() {
        let path = line([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        func stroke(_ join: CGLineJoin, limit: CGFloat = 10) -> CGPath {
            path.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: join, miterLimit: limit)
        }
        let corner = CGPoint(x: 10.9, y: -0.9), bevelled = CGPoint(x: 10.4, y: -0.4)
        let rounded = CGPoint(x: 10.6, y: -0.6), inside = CGPoint(x: 9.5, y: 0.5)
        #expect(stroke(.miter).contains(corner) && stroke(.miter).contains(inside))
        #expect(
            !stroke(.bevel).contains(corner) && stroke(.bevel).contains(bevelled) && stroke(.bevel).contains(inside))
        #expect(
            !stroke(.round).contains(corner) && stroke(.round).contains(rounded) && !stroke(.bevel).contains(rounded))
        // A right angle's miter is √2 ≈ 1.414 half-widths long: a limit of 1.4 bevels it.
        #expect(!stroke(.miter, limit: 1.4).contains(corner) && stroke(.miter, limit: 1.5).contains(corner))
    }

    /// A closed square stroked 2 wide is a frame: its middle is not covered, its corners are
    /// mitred (the closing corner too), and no cap is drawn.
    @Test func closedSubpathsJoinAllRound() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let frame = path.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(!frame.contains(CGPoint(x: 5, y: 5)) && frame.contains(CGPoint(x: 5, y: 0.5)))
        for corner in [
            CGPoint(x: -0.9, y: -0.9), CGPoint(x: 10.9, y: -0.9), CGPoint(x: 10.9, y: 10.9), CGPoint(x: -0.9, y: 10.9),
        ] {
            #expect(frame.contains(corner), "corner \(corner)")
        }
        #expect(frame.boundingBox.insetBy(dx: -1e-9, dy: -1e-9).contains(CGRect(x: -1, y: -1, width: 12, height: 12)))
        #expect(frame.boundingBox.width <= 12 + 1e-9)
    }

    /// The transform maps the outline after stroking (the width scales with it); bad widths
    /// give empty paths; a lone point with a round cap is a disc.
    @Test func transformAndEdgeCases() {
        let path = line([.zero, CGPoint(x: 10, y: 0)])
        let doubled = path.copy(
            strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
            transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(doubled.contains(CGPoint(x: 19, y: 1.9)) && !doubled.contains(CGPoint(x: 19, y: 2.1)))
        for width in [0, -1, CGFloat.nan, .infinity] {
            #expect(path.copy(strokingWithWidth: width, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        }
        let dot = CGMutablePath()
        dot.move(to: CGPoint(x: 5, y: 5))
        dot.addLine(to: CGPoint(x: 5, y: 5))
        let disc = dot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(disc.contains(CGPoint(x: 6.9, y: 5)) && !disc.contains(CGPoint(x: 7.1, y: 5)))
        #expect(dot.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    }

    /// Filled, the outline of a curve and an ellipse (round joins and caps, 6 wide) covers what
    /// cairo's stroke covers. Cairo flattens its stroke to 0.1 pixel, the outline to 0.01, so
    /// edges differ by up to about 0.1 pixel: every pixel's alpha within 32 levels, the mean
    /// difference over the inked pixels under 2 levels, the total ink within 1 %.
    @Test func filledOutlineMatchesCairosStroke() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 50))
        path.addCurve(to: CGPoint(x: 90, y: 50), control1: CGPoint(x: 30, y: -10), control2: CGPoint(x: 70, y: 110))
        path.addLine(to: CGPoint(x: 60, y: 80))
        path.addEllipse(in: CGRect(x: 20, y: 60, width: 30, height: 25))
        let stroked = try context(100, 100), filled = try context(100, 100)
        stroked.setLineWidth(6)
        stroked.setLineCap(.round)
        stroked.setLineJoin(.round)
        stroked.addPath(path)
        stroked.strokePath()
        filled.addPath(path.copy(strokingWithWidth: 6, lineCap: .round, lineJoin: .round, miterLimit: 10))
        filled.fillPath()
        let a = try #require(stroked.makeImage()), b = try #require(filled.makeImage())
        let d = AlphaDifference(a, b)
        #expect(d.inked > 1000 && d.worst <= 32, "worst \(d.worst) of \(d.inked) inked")
        #expect(d.differences < 2 * d.inked, "mean \(Double(d.differences) / Double(d.inked))")
        #expect(abs(d.inkA - d.inkB) * 100 <= d.inkA, "ink \(d.inkA) against \(d.inkB)")
    }
}

/// `CGContext.path` and `replacePathWithStrokedPath()` (#11).
@Suite struct ContextStrokedPathTests {
    /// The current path comes back in user space; an empty one is nil.
    @Test func currentPathInUserSpace() throws {
        let c = try context(20, 20, scale: 2)
        #expect(c.path == nil)
        c.move(to: CGPoint(x: 1, y: 2))
        c.addLine(to: CGPoint(x: 5, y: 2))
        c.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 6, y: 2), control2: CGPoint(x: 9, y: 5))
        c.closePath()
        let path = try #require(c.path)
        let e = path.elements
        #expect(e.count >= 4 && e[0] == .moveTo(CGPoint(x: 1, y: 2)) && e[1] == .lineTo(CGPoint(x: 5, y: 2)))
        #expect(e[2] == .curveTo(CGPoint(x: 6, y: 2), CGPoint(x: 9, y: 5), CGPoint(x: 9, y: 9)))
        #expect(e.contains(.closeSubpath))
    }

    /// Replacing a dashed, round-capped line by its stroke, then filling, draws what stroking
    /// draws: every pixel's alpha within 32 levels (cairo strokes to 0.1 pixel, the outline is
    /// within 0.01), the total ink within 2 %; with no path it does nothing.
    @Test func fillingTheStrokedPathDrawsTheStroke() throws {
        func draw(_ replace: Bool) throws -> CGImage {
            let c = try context(80, 30)
            c.setLineWidth(6)
            c.setLineCap(.round)
            c.setLineDash(phase: 0, lengths: [10, 8])
            c.replacePathWithStrokedPath()
            #expect(c.isPathEmpty)
            c.move(to: CGPoint(x: 5, y: 15))
            c.addLine(to: CGPoint(x: 75, y: 15))
            if replace {
                c.replacePathWithStrokedPath()
                c.fillPath()
            } else {
                c.strokePath()
            }
            return try #require(c.makeImage())
        }
        let stroked = try draw(false), filled = try draw(true)
        var worst = 0, inkA = 0, inkB = 0
        for y in 0..<30 {
            for x in 0..<80 {
                let (p, q) = (Int(px(stroked, x, y)[3]), Int(px(filled, x, y)[3]))
                worst = max(worst, abs(p - q))
                (inkA, inkB) = (inkA + p, inkB + q)
            }
        }
        #expect(
            inkA > 255 * 200 && worst <= 32 && abs(inkA - inkB) * 50 <= inkA,
            "worst \(worst), ink \(inkA) against \(inkB)")
        #expect(px(filled, 19, 15)[3] == 0 && px(filled, 10, 15)[3] == 255, "a gap, a dash")
    }
    /// A miter's reach: 1 / sin(θ / 2) half widths at the sharpest join within the limit
    /// (bevelled past it), 1 where no join is mitred (curves meeting smoothly, a lone segment).
    @Test func miterReachIsTheSharpestJoinWithinTheLimit() {
        let square = CGMutablePath()
        square.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(abs(square.miterReach(limit: 10) - 2.0.squareRoot()) < 1e-12)
        #expect(square.miterReach(limit: 1.4) == 1, "bevelled")
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(abs(circle.miterReach(limit: 4.8e99) - 1) < 1e-9, "smooth joins reach no further")
        // A 30° spike: 1 / sin(15°), a little under 3.9.
        let spike = CGMutablePath()
        spike.move(to: .zero)
        spike.addLine(to: CGPoint(x: 10, y: 0))
        spike.addLine(to: CGPoint(x: 10 - 10 * cos(CGFloat.pi / 6), y: 10 * sin(CGFloat.pi / 6)))
        #expect(abs(spike.miterReach(limit: 10) - 1 / sin(CGFloat.pi / 12)) < 1e-9)
        #expect(spike.miterReach(limit: 3) == 1)
        // A U-turn is bevelled at any limit; a point joins nothing.
        let back = CGMutablePath()
        back.move(to: .zero)
        back.addLine(to: CGPoint(x: 10, y: 0))
        back.addLine(to: CGPoint(x: 10, y: 0))
        back.addLine(to: .zero)
        #expect(back.miterReach(limit: .greatestFiniteMagnitude) == 1)
    }
}
