/// Goldens of continuous corners (`cornerCurve = .continuous`) on backgrounds, borders, clips
/// and blurred shapes; edges drawn hard (`allowsEdgeAntialiasing`, `edgeAntialiasingMask`);
/// minification and magnification filters (#11).
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct CornerEdgeFilterGoldenTests {
    /// Two 90-pixel squares with a 2-pixel border and corners of radius 30: circular (left)
    /// and continuous (right). The continuous corner leaves the edge 1.53 radii (46 pixels)
    /// before the corner and bends more gently at first, so at 24 pixels from the corner along
    /// the edge it has already left the edge by about a pixel where the circle has only just
    /// started to (0.6 pixels in).
    @Test func continuousAndCircularCorners() throws {
        let b = ListBuilder(width: 200, height: 100, clear: .white)
        func square(_ x: Float, _ curve: CornerCurve) -> DrawItem {
            DrawItem(
                transform: .translate(x, 5), rect: Rect(0, 0, 90, 90), background: .blue, cornerRadius: 30,
                cornerCurve: curve, borderWidth: 2, borderColor: .black)
        }
        b.screen([square(5, .circular), square(105, .continuous)])
        let image = try GLHarness.image(of: b.list)
        // The top edge's row (y 5), 24 pixels from the left corner: the border's black.
        let circular = Int(image.pixel(x: 5 + 24, y: 5)?.r ?? 0),
            continuous = Int(image.pixel(x: 105 + 24, y: 5)?.r ?? 0)
        #expect(continuous > circular + 40, "the continuous corner is further from the edge there")
        // Far from the corners both are the same straight edge.
        #expect(image.pixel(x: 5 + 45, y: 5)?.r == image.pixel(x: 105 + 45, y: 5)?.r)
        // Tolerance: geometry. Flat colours; polyline SDF coverage.
        Golden.check(image, "corner-continuous", .geometry)
    }

    /// The continuous corner is the published curve: a 96-pixel square with radius 30 drawn by
    /// the renderer covers every pixel as the curve's Bézier path filled by cairo does, as
    /// closely as its circular corners match cairo's arcs (whose coverage cairo computes by
    /// area, the renderer from the distance to the edge: up to 19 of 255 apart), give or take
    /// 3 % (the polyline lies inside the curve by at most 0.05 pixels here).
    @Test func continuousCornerIsThePublishedCurve() throws {
        let square = CGRect(x: 2, y: 2, width: 96, height: 96)
        func largestDifference(_ curve: CornerCurve, _ path: CGPath) throws -> Int {
            let b = ListBuilder(width: 100, height: 100, clear: .clear)
            b.screen([
                DrawItem(
                    transform: .translate(2, 2), rect: Rect(0, 0, 96, 96), background: .white, cornerRadius: 30,
                    cornerCurve: curve)
            ])
            let image = try GLHarness.image(of: b.list)
            let ctx = try #require(CGContext.bitmap(width: 100, height: 100))
            ctx.setFillColor(CGColor(gray: 1, alpha: 1))
            ctx.addPath(path)
            ctx.fillPath()
            let reference = try #require(ctx.makeImage())
            var worst = 0
            for y in 0..<100 {
                for x in 0..<100 {
                    let a = Int(image.pixel(x: x, y: y)?.a ?? 0), r = Int(reference.pixel(x: x, y: y)?.a ?? 0)
                    worst = max(worst, abs(a - r))
                }
            }
            return worst
        }
        let arcs = CGMutablePath()
        arcs.addRoundedRect(in: square, cornerWidth: 30, cornerHeight: 30)
        let circular = try largestDifference(.circular, arcs)
        let continuous = try largestDifference(.continuous, Self.publishedContinuousRect(square, radius: 30))
        #expect(continuous <= circular + 8, "continuous \(continuous), circular \(circular) of 255 apart")
    }

    /// The reverse-engineered continuous rounded rect (iOS 7's `UIBezierPath(roundedRect:
    /// cornerRadius:)`), one corner at a time: points in radii from the corner along the edge
    /// the path comes from (`a`) and along the edge it leaves by (`b`).
    static func publishedContinuousRect(_ rect: CGRect, radius r: CGFloat) -> CGPath {
        let steps: [[CGFloat]] = [
            [1.52866483, 0], [1.08849323, 0, 0.86840689, 0, 0.66993427, 0.06549600], [0.63149399, 0.07491100],
            [0.37282392, 0.16905899, 0.16906013, 0.37282401, 0.07491176, 0.63149399], [0.06549600, 0.66993427],
            [0, 0.86840689, 0, 1.08849323, 0, 1.52866483],
        ]
        // Corners clockwise on screen from the top left: the corner, and the directions from
        // it along the edge the path comes from and along the edge it leaves by.
        let corners: [(x: CGFloat, y: CGFloat, from: (CGFloat, CGFloat), to: (CGFloat, CGFloat))] = [
            (rect.minX, rect.minY, (0, 1), (1, 0)), (rect.maxX, rect.minY, (-1, 0), (0, 1)),
            (rect.maxX, rect.maxY, (0, -1), (-1, 0)), (rect.minX, rect.maxY, (1, 0), (0, -1)),
        ]
        let path = CGMutablePath()
        for (i, c) in corners.enumerated() {
            func point(_ a: CGFloat, _ b: CGFloat) -> CGPoint {
                let x: CGFloat = c.x + (a * c.from.0 + b * c.to.0) * r
                let y: CGFloat = c.y + (a * c.from.1 + b * c.to.1) * r
                return CGPoint(x: x, y: y)
            }
            for (j, step) in steps.enumerated() {
                if step.count == 2 {
                    if i == 0 && j == 0 {
                        path.move(to: point(step[0], step[1]))
                    } else {
                        path.addLine(to: point(step[0], step[1]))
                    }
                } else {
                    path.addCurve(
                        to: point(step[4], step[5]), control1: point(step[0], step[1]),
                        control2: point(step[2], step[3]))
                }
            }
        }
        path.closeSubpath()
        return path
    }

    /// Continuous corners whose reach does not fit: a capsule (radius half the height, drawn
    /// as circular: the same as the circular capsule under it), a radius of 0.4 of the side
    /// (between the two curves); a rotated continuous clip cutting a blue and a red bar that
    /// fill it (their corners are the clip's);
    /// the blurred shadow of a continuous rounded rect.
    @Test func continuousCapsuleClipAndShadow() throws {
        let b = ListBuilder(width: 200, height: 100, clear: .white)
        let world = Matrix4.layer(size: 60, 40, at: 150, 30, transform: .rotate(0.3, 0, 0, 1))
        let clip = b.clip(
            ClipNode(
                transform: world, rect: Rect(0, 0, 60, 40), cornerRadius: 14, cornerCurve: .continuous, parent: -1))
        b.screen([
            DrawItem(
                transform: .translate(6, 6), rect: Rect(0, 0, 80, 24), background: .red, cornerRadius: 12,
                cornerCurve: .circular),
            DrawItem(
                transform: .translate(6, 6), rect: Rect(0, 0, 80, 24), background: .blue, cornerRadius: 12,
                cornerCurve: .continuous),
            DrawItem(
                transform: .translate(6, 40), rect: Rect(0, 0, 50, 50), background: .green, cornerRadius: 20,
                cornerCurve: .continuous),
            DrawItem(
                transform: Matrix4.translate(-10, -10).then(world), rect: Rect(0, 0, 90, 30), background: .blue,
                clip: clip),
            DrawItem(
                transform: Matrix4.translate(-10, 24).then(world), rect: Rect(0, 0, 90, 30), background: .red,
                clip: clip),
            DrawItem(
                transform: .translate(110, 62), rect: Rect(0, 0, 70, 30), background: .rgba(0, 0, 0, 0.6),
                content: .blurredShape(sigma: 3), cornerRadius: 12, cornerCurve: .continuous),
        ])
        let image = try GLHarness.image(of: b.list)
        // The capsule is drawn circular: no red shows around its ends.
        let redAtEnds = (6..<30).contains { y in
            [6, 7, 8, 83, 84, 85].contains { x in
                let p = image.pixel(x: x, y: y)
                return (p?.r ?? 0) > 150 && (p?.b ?? 255) < 100
            }
        }
        #expect(!redAtEnds, "a continuous capsule covers the circular one")
        // Tolerance: blurred. Flat colours and one analytic blur.
        Golden.check(image, "corner-continuous-capsule-clip-shadow", .blurred)
    }

    /// Edges drawn hard: a square turned 30° with smooth edges (left) and hard ones (middle),
    /// a bar with hard left and right edges and smooth top and bottom ones (simple program),
    /// the same bar with a border (general program), and an axis-aligned rect from x 60.5 to
    /// 84.5 with hard edges: the pixel whose centre is on the left edge is in, the one on the
    /// right edge out (24 whole pixels), as GL rasterizes.
    @Test func hardEdges() throws {
        let b = ListBuilder(width: 160, height: 64, clear: .white)
        let turned = Matrix4.rotate(.pi / 6, 0, 0, 1)
        b.screen([
            DrawItem(
                transform: .layer(size: 32, 32, at: 22, 24, transform: turned), rect: Rect(0, 0, 32, 32),
                background: .blue),
            DrawItem(
                transform: .layer(size: 32, 32, at: 66, 24, transform: turned), rect: Rect(0, 0, 32, 32),
                background: .blue, antialiasedEdges: []),
            DrawItem(
                transform: .layer(size: 40, 10, at: 126, 14, transform: .rotate(-0.2, 0, 0, 1)),
                rect: Rect(0, 0, 40, 10),
                background: .red, antialiasedEdges: [.minY, .maxY]),
            DrawItem(
                transform: .layer(size: 40, 10, at: 126, 34, transform: .rotate(-0.2, 0, 0, 1)),
                rect: Rect(0, 0, 40, 10),
                background: .red, antialiasedEdges: [.minY, .maxY], borderWidth: 2, borderColor: .black),
            DrawItem(
                transform: .translate(60.5, 50), rect: Rect(0, 0, 24, 8), background: .green, antialiasedEdges: []),
        ])
        let image = try GLHarness.image(of: b.list)
        let row = (56..<90).map { x in image.pixel(x: x, y: 53)?.r ?? 0 }
        let green = row.enumerated().filter { $0.element < 128 }.map { $0.offset + 56 }
        #expect(green == Array(60...83), "hard edges cover whole pixels, left edge in, right edge out")
        #expect(row.allSatisfy { $0 < 30 || $0 == 255 }, "no partial coverage along hard edges")
        // The hard square has only fully covered or uncovered pixels.
        let partial = (4..<44).contains { y in
            (48..<84).contains { x in
                let r = image.pixel(x: x, y: y)?.r ?? 0
                return r > 40 && r < 240
            }
        }
        #expect(!partial, "the hard square has no anti-aliased pixels")
        // Tolerance: geometry. Flat colours; coverage is analytic or a step.
        Golden.check(image, "edges-hard", .geometry)
    }

    /// A 64-pixel checkerboard of 2-pixel cells drawn at 14 points (4.6 texels per pixel):
    /// linear (left) and nearest (second) minification alias into uneven stripes, trilinear
    /// (third) averages them into an even grey; its corner of 8 × 8 texels magnified 4 times
    /// (right): trilinear acts as linear there.
    @Test func minificationFilters() throws {
        let b = ListBuilder(width: 96, height: 40, clear: .white)
        let fine = b.add(TestImages.checker(size: 64, cells: 32))
        func place(_ min: TextureFilter) -> ItemContent {
            .image(fine, ContentPlacement(destination: Rect(0, 0, 14, 14), minificationFilter: min))
        }
        b.screen([
            DrawItem(transform: .translate(4, 4), rect: Rect(0, 0, 14, 14), content: place(.linear)),
            DrawItem(transform: .translate(22, 4), rect: Rect(0, 0, 14, 14), content: place(.nearest)),
            DrawItem(transform: .translate(40, 4), rect: Rect(0, 0, 14, 14), content: place(.trilinear)),
            DrawItem(
                transform: .translate(60, 4), rect: Rect(0, 0, 32, 32),
                content: .image(
                    fine,
                    ContentPlacement(
                        destination: Rect(0, 0, 32, 32), source: Rect(0, 0, 0.125, 0.125),
                        minificationFilter: .trilinear, magnificationFilter: .trilinear))),
        ])
        let image = try GLHarness.image(of: b.list)
        func spread(_ x0: Int) -> Int {
            var lo = 255, hi = 0
            for y in 7..<15 {
                for x in x0 + 3..<x0 + 11 {
                    let g = Int(image.pixel(x: x, y: y)?.g ?? 0)
                    lo = min(lo, g)
                    hi = max(hi, g)
                }
            }
            return hi - lo
        }
        #expect(spread(40) < 40, "trilinear averages the cells")
        #expect(spread(22) > 150, "nearest picks whole cells")
        // Tolerance: textured. Filtered sampling of one image.
        Golden.check(image, "filters-minification", .textured)
    }
}
