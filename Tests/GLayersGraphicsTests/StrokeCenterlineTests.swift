import Foundation
import GLayersGraphics
import Testing

/// `StrokeCenterline`: a stroked path's arc lengths, per pixel of its raster, for trimming the
/// stroke where it is drawn; made only when the stroke does not overlap itself.
@Suite struct StrokeCenterlineTests {
    /// The length (texels) and distance code written at pixel (x, y) of `lengths`.
    private func sample(_ lengths: CGImage, _ x: Int, _ y: Int) throws -> (length: Double, distance: Int) {
        let p = try #require(lengths.pixel(x: x, y: y))
        return (Double(Int(p.r) << 16 | Int(p.g) << 8 | Int(p.b)) / 16, Int(p.a))
    }

    /// A raster of `path` stroked `width` wide, `size` pixels square at `scale` from the origin.
    private func stroke(_ path: CGPath, width: CGFloat, size: Int, scale: CGFloat = 1) throws -> CGImage {
        let ctx = try #require(CGContext.bitmap(width: size, height: size, scale: scale))
        ctx.addPath(path)
        ctx.setLineWidth(width)
        ctx.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        ctx.strokePath()
        return try #require(ctx.makeImage())
    }

    private func line(_ a: CGPoint, _ b: CGPoint) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: [a, b])
        return path
    }

    @Test func aLineMeasuresAlongItselfAndAcross() throws {
        let path = line(CGPoint(x: 10, y: 20), CGPoint(x: 90, y: 20))
        let centerline = try #require(StrokeCenterline(path: path, lineWidth: 8))
        #expect(centerline.total == 80)
        #expect(!centerline.closed)
        // At 2 pixels a unit: lengths in pixels of the raster.
        let raster = try stroke(path, width: 8, size: 200, scale: 2)
        let lengths = try #require(
            centerline.lengths(width: 200, height: 200, scale: 2, origin: .zero, coverage: raster))
        // Pixel (60, 40)'s centre is (60.5, 40.5) pixels, (30.25, 20.25) units: 20.25 units in.
        let on = try sample(lengths, 60, 40)
        #expect(abs(on.length - 40.5) <= 1 / 16)
        // Its distance, 0.25 units of the half width's 4: 200ths of it.
        #expect(abs(on.distance - 13) <= 1)
        // Three units off the line, the same length.
        let off = try sample(lengths, 60, 46)
        #expect(abs(off.length - 40.5) <= 1 / 16 && abs(off.distance - Int(200 * 3.25 / 4)) <= 1)
        // Past the line's start (within its reach): the start's length, 0.
        #expect(try sample(lengths, 17, 40).length == 0)
    }

    @Test func aCircleIsALoopOfItsLength() throws {
        let path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 60), transform: nil)
        let centerline = try #require(StrokeCenterline(path: path, lineWidth: 6))
        #expect(centerline.closed)
        #expect(abs(centerline.total - 60 * .pi) < 0.05)
        #expect(centerline.loop == centerline.total)
        // The part from three quarters of the way round to a quarter past the start crosses it:
        // the box of the right half (the start is at the right, y down: clockwise on screen).
        let box = try #require(centerline.bounds(from: 0.75 * centerline.total, to: 1.25 * centerline.total))
        #expect(abs(box.minX - 40) < 0.01 && abs(box.maxX - 70) < 0.01)
        #expect(abs(box.minY - 10) < 0.01 && abs(box.maxY - 70) < 0.01)
    }

    @Test func aClosedPathDrawnTwiceOverIsTheLoopOnce() throws {
        let circle = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 60), transform: nil)
        let twice = CGMutablePath()
        twice.addPath(circle)
        twice.addPath(circle)
        let centerline = try #require(StrokeCenterline(path: twice, lineWidth: 6))
        #expect(centerline.closed)
        #expect(abs(centerline.total - 120 * .pi) < 0.1)
        #expect(abs(centerline.loop - 60 * .pi) < 0.05)
        // An open path drawn twice over is not a loop: its copies overlap.
        let arc = line(CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0))
        let twiceOpen = CGMutablePath()
        twiceOpen.addPath(arc)
        twiceOpen.addPath(arc)
        #expect(StrokeCenterline(path: twiceOpen, lineWidth: 4) == nil)
    }

    @Test func overlappingStrokesMakeNoCenterline() throws {
        // Crossing itself.
        let cross = CGMutablePath()
        cross.addLines(between: [
            CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 0), CGPoint(x: 0, y: 50),
        ])
        #expect(StrokeCenterline(path: cross, lineWidth: 4) == nil)
        // Turning back along itself (a hairpin narrower than the stroke).
        let hairpin = CGMutablePath()
        hairpin.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 60, y: 0), CGPoint(x: 0, y: 6)])
        #expect(StrokeCenterline(path: hairpin, lineWidth: 8) == nil)
        // Two subpaths whose strokes touch.
        let pair = CGMutablePath()
        pair.addPath(line(CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0)))
        pair.addPath(line(CGPoint(x: 0, y: 7), CGPoint(x: 50, y: 7)))
        #expect(StrokeCenterline(path: pair, lineWidth: 8) == nil)
        // Far apart, they do not; nor does a square's right-angled corner.
        let apart = CGMutablePath()
        apart.addPath(line(CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0)))
        apart.addPath(line(CGPoint(x: 0, y: 40), CGPoint(x: 50, y: 40)))
        #expect(StrokeCenterline(path: apart, lineWidth: 8) != nil)
        #expect(
            StrokeCenterline(
                path: CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil), lineWidth: 8) != nil)
    }

    @Test func lengthsAreThoseStrokeEndMeasures() throws {
        // A cubic whose speed varies: the length at each of its points is the arc length
        // `trimmed(from:to:)` measures to it, within the chords' share of a pixel.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 80))
        path.addCurve(to: CGPoint(x: 150, y: 80), control1: CGPoint(x: 20, y: 0), control2: CGPoint(x: 140, y: 150))
        let centerline = try #require(StrokeCenterline(path: path, lineWidth: 4))
        #expect(abs(centerline.total - path.length) < 1e-9)
        let raster = try stroke(path, width: 4, size: 160)
        let lengths = try #require(
            centerline.lengths(width: 160, height: 160, scale: 1, origin: .zero, coverage: raster))
        for fraction in [0.2, 0.5, 0.8] {
            let end = path.trimmed(from: 0, to: fraction).currentPoint
            let measured = try sample(lengths, Int(end.x), Int(end.y))
            #expect(abs(measured.length - fraction * path.length) < 1.5, "at \(fraction)")
        }
    }

    @Test func whatCannotBeMeasuredIsRefused() throws {
        #expect(StrokeCenterline(path: CGMutablePath(), lineWidth: 4) == nil)
        #expect(StrokeCenterline(path: line(.zero, CGPoint(x: 10, y: 0)), lineWidth: 0) == nil)
        #expect(StrokeCenterline(path: line(.zero, CGPoint(x: CGFloat.nan, y: 0)), lineWidth: 2) == nil)
        // Far off, or with a control point far off: measured or refused, never a trap (cell and
        // piece counts are clamped before they become integers).
        let far = line(CGPoint(x: 1e20, y: 0), CGPoint(x: 1e20 + 65536, y: 0))
        if let centerline = StrokeCenterline(path: far, lineWidth: 2) {
            let raster = try stroke(line(.zero, CGPoint(x: 4, y: 0)), width: 2, size: 8)
            _ = centerline.lengths(width: 8, height: 8, scale: 1, origin: .zero, coverage: raster)
        }
        let wild = CGMutablePath()
        wild.move(to: .zero)
        wild.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 1e300, y: 1e300), control2: CGPoint(x: 5, y: 5))
        _ = StrokeCenterline(path: wild, lineWidth: 2)
        let centerline = try #require(StrokeCenterline(path: line(.zero, CGPoint(x: 10, y: 0)), lineWidth: 2))
        let raster = try stroke(line(.zero, CGPoint(x: 10, y: 0)), width: 2, size: 8)
        #expect(centerline.lengths(width: 9, height: 8, scale: 1, origin: .zero, coverage: raster) == nil)
    }
}
