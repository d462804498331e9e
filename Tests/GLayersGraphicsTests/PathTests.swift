import Foundation
import GLayersGraphics
import Testing

/// Whether two points are within `tolerance` of each other.
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite struct PathConstructionTests {
    @Test func elementsInOrder() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 2))
        p.addLine(to: CGPoint(x: 3, y: 4))
        p.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 7, y: 8))
        p.addCurve(to: CGPoint(x: 9, y: 10), control1: CGPoint(x: 11, y: 12), control2: CGPoint(x: 13, y: 14))
        p.closeSubpath()
        #expect(
            p.elements == [
                .moveTo(CGPoint(x: 1, y: 2)), .lineTo(CGPoint(x: 3, y: 4)),
                .quadCurveTo(CGPoint(x: 7, y: 8), CGPoint(x: 5, y: 6)),
                .curveTo(CGPoint(x: 11, y: 12), CGPoint(x: 13, y: 14), CGPoint(x: 9, y: 10)), .closeSubpath,
            ])
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
        #expect(!p.isEmpty && CGMutablePath().isEmpty)
        #expect(CGMutablePath().currentPoint == .zero)
    }

    @Test func applyWithBlockMatchesElements() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 2))
        p.addCurve(to: CGPoint(x: 9, y: 10), control1: CGPoint(x: 11, y: 12), control2: CGPoint(x: 13, y: 14))
        p.closeSubpath()
        var seen: [(CGPathElementType, [CGPoint])] = []
        p.applyWithBlock { e in
            let n = [1, 1, 2, 3, 0][Int(e.pointee.type.rawValue)]
            seen.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
        }
        #expect(seen.map(\.0) == [.moveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(seen[1].1 == [CGPoint(x: 11, y: 12), CGPoint(x: 13, y: 14), CGPoint(x: 9, y: 10)])
    }

    @Test func lineWithoutCurrentPointIsIgnoredAndCloseStartsNewSubpath() {
        let p = CGMutablePath()
        p.addLine(to: CGPoint(x: 5, y: 5))
        p.closeSubpath()
        #expect(p.isEmpty)
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 1, y: 0))
        p.closeSubpath()
        p.addLine(to: CGPoint(x: 0, y: 1))
        #expect(p.elements.suffix(2) == [.moveTo(.zero), .lineTo(CGPoint(x: 0, y: 1))])
    }

    @Test func transformAppliesToPoints() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 1), transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(p.currentPoint == CGPoint(x: 2, y: 3))
        var t = CGAffineTransform(translationX: 10, y: 0)
        let q = p.copy(using: &t)
        #expect(q?.currentPoint == CGPoint(x: 12, y: 3))
        #expect(p.copy() == p && p.mutableCopy() == p)
    }

    @Test func rectElementsAndBounds() {
        let p = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        #expect(
            p.elements == [
                .moveTo(CGPoint(x: 1, y: 2)), .lineTo(CGPoint(x: 4, y: 2)), .lineTo(CGPoint(x: 4, y: 6)),
                .lineTo(CGPoint(x: 1, y: 6)), .closeSubpath,
            ])
        #expect(p.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(CGMutablePath().boundingBox.isNull && CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func ellipseStartsAtMaxXAndStaysInRect() {
        let r = CGRect(x: 10, y: 20, width: 40, height: 20)
        let p = CGPath(ellipseIn: r, transform: nil)
        #expect(p.elements.first == .moveTo(CGPoint(x: 50, y: 30)))
        #expect(p.elements.count == 6 && p.elements.last == .closeSubpath)
        // The first quarter runs toward +y (increasing angle).
        if case .curveTo(_, _, let end) = p.elements[1] { #expect(close(end, CGPoint(x: 30, y: 40))) }
        let tight = p.boundingBoxOfPath
        #expect(abs(tight.minX - 10) < 1e-9 && abs(tight.maxX - 50) < 1e-9)
        #expect(abs(tight.minY - 20) < 1e-9 && abs(tight.maxY - 40) < 1e-9)
        #expect(p.contains(CGPoint(x: 30, y: 30)) && !p.contains(CGPoint(x: 11, y: 21)))
    }

    @Test func boundingBoxIncludesControlPoints() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        // Tight: the curve reaches y = 3/4 · 10.
        let tight = p.boundingBoxOfPath
        #expect(abs(tight.height - 7.5) < 1e-9 && tight.width == 10)
        // Control points inside the box of the curve's ends: that box. One outside it in x
        // alone: the curve's extremes in x, x(t) = 30t(1 − t)² − 30t²(1 − t) + 10t³.
        let inside = CGMutablePath()
        inside.move(to: .zero)
        inside.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 8, y: 1), control2: CGPoint(x: 2, y: 9))
        #expect(inside.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        let wide = CGMutablePath()
        wide.move(to: .zero)
        wide.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 10, y: 1), control2: CGPoint(x: -10, y: 9))
        let box = wide.boundingBoxOfPath
        func x(_ t: CGFloat) -> CGFloat { 30 * t * (1 - t) * (1 - t) - 30 * t * t * (1 - t) + 10 * t * t * t }
        let xs = stride(from: 0.0, through: 1.0, by: 1e-5).map { x(CGFloat($0)) }
        #expect(abs(box.minX - xs.min()!) < 1e-6 && abs(box.maxX - xs.max()!) < 1e-6)
        #expect(box.minY == 0 && box.maxY == 10)
    }

    @Test func roundedRectCornersAndClamping() {
        let p = CGPath(
            roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 10,
            transform: nil)
        #expect(p.elements.first == .moveTo(CGPoint(x: 100, y: 10)))
        #expect(p.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(!p.contains(CGPoint(x: 1, y: 1)) && p.contains(CGPoint(x: 5, y: 5)))
        // Corners larger than half a side are clamped: a 40 × 40 rect with 100 becomes a circle.
        let c = CGPath(
            roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerWidth: 100, cornerHeight: 100,
            transform: nil)
        #expect(abs(c.length - .pi * 40) < 0.02)
        let zero = CGPath(
            roundedRect: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 0, cornerHeight: 2,
            transform: nil)
        #expect(zero == CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil))
    }

    @Test func addPathAndRects() {
        let p = CGMutablePath()
        p.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        let q = CGMutablePath()
        q.addPath(p, transform: CGAffineTransform(translationX: 1, y: 0))
        #expect(q.boundingBox == CGRect(x: 1, y: 0, width: 6, height: 6))
        #expect(q.elements.count == 10)
        q.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 2)])
        #expect(q.currentPoint == CGPoint(x: 2, y: 2))
    }

    @Test func nonFiniteInputIsIgnored() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: CGFloat.nan, y: 0))
        p.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        p.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1, clockwise: false)
        p.addRect(.null)
        p.addEllipse(in: .infinite)
        #expect(p.isEmpty)
    }
}

@Suite struct PathContainsTests {
    @Test func windingVersusEvenOdd() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))  // Same direction: winding 2 inside.
        #expect(p.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(!p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 1, y: 5), using: .evenOdd))
        #expect(!p.contains(CGPoint(x: 11, y: 5)))
    }

    @Test func transformAppliesToThePoint() {
        let p = CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10), transform: nil)
        #expect(!p.contains(CGPoint(x: 5, y: 5)))
        #expect(p.contains(CGPoint(x: 5, y: 5), transform: CGAffineTransform(translationX: 10, y: 10)))
    }

    @Test func openSubpathIsClosedForContainment() {
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        #expect(p.contains(CGPoint(x: 2, y: 2)) && !p.contains(CGPoint(x: 8, y: 8)))
    }
}
