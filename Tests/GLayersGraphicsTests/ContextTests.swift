import Foundation
import GLayersGraphics
import Testing

/// A fresh bitmap context, or a recorded failure.
func context(_ w: Int, _ h: Int, scale: CGFloat = 1) throws -> CGContext {
    try #require(CGContext.bitmap(width: w, height: h, scale: scale))
}

/// The pixels of `image` whose alpha is not zero, as (x, y) pairs.
func inked(_ image: CGImage) -> Set<[Int]> {
    var out = Set<[Int]>()
    for y in 0..<image.height { for x in 0..<image.width where px(image, x, y)[3] != 0 { out.insert([x, y]) } }
    return out
}

@Suite struct ContextFillTests {
    @Test func fillRectCoversExactlyItsPixels() throws {
        let c = try context(10, 10)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        let image = try #require(c.makeImage())
        #expect(image.width == 10 && image.height == 10)
        #expect(inked(image) == Set((2..<6).flatMap { y in (2..<6).map { [$0, y] } }))
        #expect(px(image, 2, 2) == [255, 0, 0, 255] && px(image, 5, 5) == [255, 0, 0, 255])
        #expect(px(image, 1, 2) == [0, 0, 0, 0] && px(image, 6, 5) == [0, 0, 0, 0])
    }

    @Test func scaleTwoDoublesThePixels() throws {
        let c = try context(20, 20, scale: 2)
        #expect(c.ctm == CGAffineTransform(scaleX: 2, y: 2))
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        let image = try #require(c.makeImage())
        #expect(inked(image) == Set((4..<12).flatMap { y in (4..<12).map { [$0, y] } }))
        #expect(px(image, 4, 11) == [0, 0, 255, 255])
    }

    @Test func defaultFillIsOpaqueBlack() throws {
        let c = try context(2, 2)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(px(try #require(c.makeImage()), 0, 0) == [0, 0, 0, 255])
    }

    @Test func antialiasedCircleEdgeHasPartialAlpha() throws {
        let c = try context(20, 20)
        c.fillEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        let image = try #require(c.makeImage())
        #expect(px(image, 10, 10) == [0, 0, 0, 255])
        #expect(px(image, 0, 0) == [0, 0, 0, 0])
        let alphas = (0..<20).flatMap { y in (0..<20).map { px(image, $0, y)[3] } }
        #expect(alphas.contains { $0 > 0 && $0 < 255 })

        let hard = try context(20, 20)
        hard.setShouldAntialias(false)
        hard.fillEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        let aliased = try #require(hard.makeImage())
        #expect((0..<20).allSatisfy { y in (0..<20).allSatisfy { [0, 255].contains(px(aliased, $0, y)[3]) } })
    }

    @Test func evenOddLeavesAHole() throws {
        let c = try context(10, 10)
        c.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        c.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        c.fillPath(using: .evenOdd)
        let image = try #require(c.makeImage())
        #expect(px(image, 5, 5)[3] == 0 && px(image, 1, 1)[3] == 255)
        #expect(c.isPathEmpty)
    }

    @Test func globalAlphaAndTranslucentColour() throws {
        let c = try context(4, 1)
        c.setAlpha(0.5)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        c.setAlpha(1)
        c.setFillColor(gray: 0, alpha: 0.25)
        c.fill(CGRect(x: 2, y: 0, width: 2, height: 1))
        let image = try #require(c.makeImage())
        #expect(near(px(image, 0, 0), [128, 128, 128, 128], 1))
        #expect(near(px(image, 3, 0), [0, 0, 0, 64], 1))
    }

    @Test func clearMakesTransparent() throws {
        let c = try context(4, 4)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.clear(CGRect(x: 1, y: 1, width: 2, height: 2))
        let image = try #require(c.makeImage())
        #expect(px(image, 1, 1) == [0, 0, 0, 0] && px(image, 0, 0) == [0, 0, 0, 255])
    }

    @Test func blendModes() throws {
        let c = try context(3, 1)
        c.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        c.setBlendMode(.multiply)
        c.setFillColor(red: 0, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.setBlendMode(.copy)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        c.setBlendMode(.clear)
        c.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        let image = try #require(c.makeImage())
        #expect(px(image, 0, 0) == [0, 255, 0, 255])
        #expect(near(px(image, 1, 0), [0, 0, 128, 128], 1))
        #expect(px(image, 2, 0) == [0, 0, 0, 0])
    }
}

@Suite struct ContextStrokeTests {
    @Test func defaultLineWidthIsOne() throws {
        let c = try context(10, 10)
        c.move(to: CGPoint(x: 0, y: 5.5))
        c.addLine(to: CGPoint(x: 10, y: 5.5))
        c.strokePath()
        let image = try #require(c.makeImage())
        #expect(inked(image) == Set((0..<10).map { [$0, 5] }))
        #expect(px(image, 3, 5) == [0, 0, 0, 255])
    }

    @Test func strokeRectWithWidthKeepsTheContextWidth() throws {
        let c = try context(12, 12)
        c.setStrokeColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        c.stroke(CGRect(x: 2, y: 2, width: 8, height: 8), width: 2)  // Covers 1..3 and 9..11.
        c.stroke(CGRect(x: 5.5, y: 5.5, width: 1, height: 1))  // Width 1 again: 5..7.
        let image = try #require(c.makeImage())
        #expect(px(image, 1, 5) == [0, 255, 0, 255] && px(image, 2, 5) == [0, 255, 0, 255])
        #expect(px(image, 3, 5)[3] == 0 && px(image, 0, 5)[3] == 0)
        #expect(px(image, 5, 5)[3] == 255 && px(image, 4, 4)[3] == 0)
    }

    @Test func dashesAlternate() throws {
        let c = try context(8, 1)
        c.setLineDash(phase: 0, lengths: [2, 2])
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 0.5), CGPoint(x: 8, y: 0.5)])
        let image = try #require(c.makeImage())
        #expect((0..<8).map { px(image, $0, 0)[3] } == [255, 255, 0, 0, 255, 255, 0, 0])
        c.setLineDash(phase: 0, lengths: [-1, 2])  // Invalid: solid, and the context stays usable.
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 0.5), CGPoint(x: 8, y: 0.5)])
        #expect(try #require(c.makeImage()).isOpaque)
    }

    @Test func lineCapsAndJoinsChangeCoverage() throws {
        func covered(_ cap: CGLineCap) throws -> Int {
            let c = try context(20, 10)
            c.setLineWidth(4)
            c.setLineCap(cap)
            c.setLineJoin(.round)
            c.strokeLineSegments(between: [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)])
            return inked(try #require(c.makeImage())).count
        }
        #expect(try covered(.butt) == 40)
        #expect(try covered(.square) == 56)  // x 3..<17, y 3..<7.
        #expect(try covered(.round) > 40)
    }
}

@Suite struct ContextStateTests {
    @Test func saveRestoreColoursAndCTM() throws {
        let c = try context(4, 4)
        c.saveGState()
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.translateBy(x: 2, y: 2)
        #expect(c.ctm == CGAffineTransform(translationX: 2, y: 2))
        c.restoreGState()
        c.restoreGState()  // Unbalanced: ignored.
        #expect(c.ctm == .identity)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(px(try #require(c.makeImage()), 0, 0) == [0, 0, 0, 255])
    }

    @Test func transformsMapUserSpace() throws {
        let c = try context(10, 10)
        c.translateBy(x: 10, y: 0)
        c.rotate(by: .pi / 2)  // +x now points down the screen.
        c.fill(CGRect(x: 0, y: 0, width: 3, height: 1))  // Pixels x 9, y 0..<3.
        let image = try #require(c.makeImage())
        #expect(inked(image) == [[9, 0], [9, 1], [9, 2]])
        #expect(c.convertToDeviceSpace(CGPoint(x: 1, y: 0)).x == 10)
    }

    @Test func singularTransformDrawsNothingUntilRestore() throws {
        let c = try context(4, 4)
        c.saveGState()
        c.scaleBy(x: 0, y: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.translateBy(x: .nan, y: 0)
        c.restoreGState()
        #expect(try #require(c.makeImage()).pixels.allSatisfy { $0 == 0 })
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(px(try #require(c.makeImage()), 0, 0) == [0, 0, 0, 255])
    }

    @Test func nonFiniteInputIsIgnored() throws {
        let c = try context(4, 4)
        c.fill(CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2))
        c.move(to: CGPoint(x: 0, y: CGFloat.infinity))
        c.addLine(to: CGPoint(x: 1, y: 1))
        c.strokePath()
        c.setLineWidth(.nan)
        c.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        c.fillPath()
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(px(try #require(c.makeImage()), 0, 0) == [0, 0, 0, 255])
    }

    @Test func clipRestrictsDrawing() throws {
        let c = try context(6, 6)
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 0, width: 3, height: 6))
        c.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
        c.restoreGState()
        let image = try #require(c.makeImage())
        #expect(px(image, 2, 2)[3] == 255 && px(image, 3, 2)[3] == 0)
        c.addEllipse(in: CGRect(x: 0, y: 0, width: 6, height: 6))
        c.clip()
        #expect(c.isPathEmpty)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 6, height: 6))
    }

    @Test func conveniencesKeepTheCurrentPath() throws {
        let c = try context(6, 6)
        c.move(to: CGPoint(x: 1, y: 1))
        c.addLine(to: CGPoint(x: 4, y: 1))
        c.fill(CGRect(x: 0, y: 5, width: 1, height: 1))
        #expect(!c.isPathEmpty && c.currentPointOfPath == CGPoint(x: 4, y: 1))
    }

    @Test func boundingBoxOfPathIsInUserSpaceAndNullWithoutAPath() throws {
        let c = try context(20, 20)
        #expect(c.boundingBoxOfPath.isNull)
        c.scaleBy(x: 2, y: 2)
        c.move(to: CGPoint(x: 1, y: 2))
        c.addLine(to: CGPoint(x: 5, y: 3))
        c.addLine(to: CGPoint(x: 3, y: 7))
        #expect(c.boundingBoxOfPath == CGRect(x: 1, y: 2, width: 4, height: 5))
        c.setRenderingIntent(.perceptual)  // kept, without effect
        c.fillPath()
        #expect(c.boundingBoxOfPath.isNull)
    }

    @Test func pathArcsMatchCGPath() throws {
        let viaPath = try context(20, 20), direct = try context(20, 20)
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 10))
        p.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 2, clockwise: false)
        p.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: 0, y: 10))
        p.closeSubpath()
        viaPath.addPath(p)
        viaPath.fillPath()
        direct.move(to: CGPoint(x: 10, y: 10))
        direct.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 2, clockwise: false)
        direct.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: 0, y: 10))
        direct.closePath()
        direct.fillPath()
        let a = try #require(viaPath.makeImage()), b = try #require(direct.makeImage())
        #expect(a.pixels == b.pixels && !inked(a).isEmpty)
    }
}
