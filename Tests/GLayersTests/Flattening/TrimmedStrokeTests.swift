import Foundation
import GLayersGraphics
import GLayersRenderList
import Testing

@testable import GLayers

extension ClockTests {
    /// A stroke whose `strokeStart` or `strokeEnd` changes is rasterized whole once and shown
    /// trimmed where it is drawn (`ItemContent.trimmedStroke`; docs/renderer.md, "Trimmed
    /// strokes"), unless its trim never changes, it lies in a mask, or it overlaps itself.
    @Suite struct TrimmedStrokes {
        /// A shape layer over a 100 × 100 root stroking `path` 6 wide with `cap`, without fill.
        static func strokeLayer(_ path: CGPath, cap: CAShapeLayerLineCap = .round) -> CAShapeLayer {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            shape.path = path
            shape.fillColor = nil
            shape.strokeColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
            shape.lineWidth = 6
            shape.lineCap = cap
            return shape
        }

        /// A 100 × 100 root holding `strokeLayer(path, cap:)`, its frame at 0 built; `body` runs
        /// with the shape, the root and the builder, then the host detaches.
        func staged(
            _ path: CGPath, cap: CAShapeLayerLineCap = .round,
            _ body: (CAShapeLayer, CALayer, FrameBuilder) throws -> Void
        ) rethrows {
            try withManualClock {
                let shape = Self.strokeLayer(path, cap: cap)
                try withStagedLayer(shape, size: shape.frame.size, build: { build($0, $1, at: 0) }) { root, builder in
                    try body(shape, root, builder)
                }
            }
        }

        func build(_ builder: FrameBuilder, _ root: CALayer, at t: CFTimeInterval) {
            frame(at: t)
            builder.build(root: root, at: t, size: CGSize(width: 100, height: 100), scale: 2)
        }

        /// Animates `keyPath` of `shape` linearly from `from` to `to` over a second from 0 (the
        /// frame at 0 commits it).
        func animate(
            _ shape: CAShapeLayer, _ keyPath: String, from: CGFloat, to: CGFloat, root: CALayer, _ builder: FrameBuilder
        ) {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 1
            shape.add(animation, forKey: keyPath)
            build(builder, root, at: 0)
        }

        /// The contents of the frame's items that show images (a trimmed stroke's included).
        func contents(_ builder: FrameBuilder) -> [ItemContent] {
            builder.list.items.compactMap { $0.content.placement != nil ? $0.content : nil }
        }

        static let circle = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)

        @Test func aChangingTrimIsShownFromOneRasterOfTheWholeStroke() throws {
            try staged(Self.circle) { shape, root, builder in
                animate(shape, "strokeEnd", from: 0, to: 1, root: root, builder)
                build(builder, root, at: 0.1)
                var seen: (ImageID, ImageID)?
                for t in [0.2, 0.3, 0.45, 0.6] {
                    build(builder, root, at: t)
                    let content = try #require(contents(builder).first)
                    guard case .trimmedStroke(let image, let lengths, let trim, _) = content else {
                        Issue.record("at \(t): \(content)")
                        return
                    }
                    if let seen { #expect(seen == (image, lengths), "at \(t): the same rasters") }
                    seen = (image, lengths)
                    // The circle is a loop, 2 pixels a point: ends in texels along it.
                    let loop = 60 * CGFloat.pi * 2
                    #expect(abs(CGFloat(trim.loop) - loop) < 0.2)
                    #expect(trim.start == 0 && abs(CGFloat(trim.end) - t * loop) < 0.2, "at \(t)")
                    #expect(trim.capRadius == 6, "round caps: half the width, in texels")
                }
            }
        }

        @Test func openEndsAreNotCutAndSquareCapsReachPastTheCuts() throws {
            let arc = CGMutablePath()
            arc.addLines(between: [CGPoint(x: 10, y: 50), CGPoint(x: 90, y: 50)])
            try staged(arc, cap: .square) { shape, root, builder in
                animate(shape, "strokeEnd", from: 0, to: 1, root: root, builder)
                for t in [0.1, 0.2, 0.5] { build(builder, root, at: t) }
                guard case .trimmedStroke(_, _, let trim, let placement) = try #require(contents(builder).first) else {
                    Issue.record("not trimmed where drawn: \(contents(builder))")
                    return
                }
                #expect(trim.start < -6, "the line's own start, with its own cap")
                #expect(trim.end == 80 * 2 * 0.5 + 6, "half way, and a square cap's half width")
                #expect(trim.loop == 0 && trim.capRadius == 0)
                // Only the texels around the shown half (and its reach) are drawn.
                #expect(trim.clearEdges && placement.destination.maxX < 60)
            }
        }

        @Test func aTrimThatDoesNotChangeIsRasterizedTrimmed() throws {
            try staged(Self.circle) { shape, root, builder in
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                shape.strokeEnd = 0.5
                CATransaction.commit()
                build(builder, root, at: 0.1)
                let first = contents(builder)
                build(builder, root, at: 0.2)
                guard case .image = try #require(first.first) else {
                    Issue.record("a steady trim: \(first)")
                    return
                }
                #expect(contents(builder) == first, "rasterized once")
            }
        }

        @Test func aStrokeThatOverlapsItselfIsRasterizedTrimmed() throws {
            let cross = CGMutablePath()
            cross.addLines(between: [
                CGPoint(x: 10, y: 10), CGPoint(x: 90, y: 90), CGPoint(x: 90, y: 10), CGPoint(x: 10, y: 90),
            ])
            try staged(cross) { shape, root, builder in
                animate(shape, "strokeEnd", from: 0, to: 1, root: root, builder)
                var images: Set<ImageID> = []
                for t in [0.2, 0.3, 0.4] {
                    build(builder, root, at: t)
                    guard case .image(let id, _) = try #require(contents(builder).first) else {
                        Issue.record("at \(t): \(contents(builder))")
                        return
                    }
                    images.insert(id)
                }
                #expect(images.count == 3, "a raster of each trim")
            }
        }

        /// The drawings of an overlapping stroke trimmed anew share what they know of the path:
        /// its centre line is measured once, not at every frame only to learn again that the
        /// stroke overlaps itself, and each drawing rasterizes its own trimmed stroke.
        @Test func anOverlappingStrokeIsMeasuredOnce() throws {
            let hairpin = CGMutablePath()
            hairpin.addLines(between: [CGPoint(x: 10, y: 50), CGPoint(x: 90, y: 50), CGPoint(x: 10, y: 52)])
            let style = ShapeDrawing.Style(
                fill: nil, fillRule: .winding, stroke: CGColor(red: 0, green: 0, blue: 0, alpha: 1), lineWidth: 6,
                miterLimit: 10, lineCap: .butt, lineJoin: .miter, dashPhase: 0, dashLengths: [])
            var drawing = try #require(ShapeDrawing(path: hairpin, style: style, strokeStart: 0, strokeEnd: 0.1))
            let trimming = try #require(drawing.trimming)
            var rasters: [CGImage] = []
            for end in [0.2, 0.3, 0.4] as [CGFloat] {
                drawing = try #require(drawing.again(path: hairpin, style: style, strokeStart: 0, strokeEnd: end))
                #expect(drawing.trimming === trimming, "at \(end): the same measure")
                #expect(trimming.centerline == nil, "the hairpin overlaps itself")
                let raster = try #require(drawing.raster(pixelsPerUnit: 1))
                #expect(raster.trim == nil, "at \(end): rasterized trimmed")
                #expect(!rasters.contains { $0 === raster.image }, "at \(end): a raster of its own")
                rasters.append(raster.image)
            }
        }

        @Test func aTrimmedStrokeInAMaskIsRasterizedTrimmed() {
            withManualClock {
                let root = CALayer(), masked = CALayer(), shape = Self.strokeLayer(Self.circle)
                root.frame = shape.frame
                masked.frame = root.frame
                masked.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                masked.mask = shape
                root.addSublayer(masked)
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                let builder = FrameBuilder()
                animate(shape, "strokeEnd", from: 0, to: 1, root: root, builder)
                for t in [0.0, 0.2, 0.3, 0.4] { build(builder, root, at: t) }
                let shown = contents(builder)
                #expect(!shown.isEmpty)
                for content in shown {
                    if case .trimmedStroke = content { Issue.record("a mask's stroke trimmed where drawn") }
                }
            }
        }
    }
}
