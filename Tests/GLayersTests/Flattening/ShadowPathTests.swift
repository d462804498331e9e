import Foundation
import GLayers
import GLayersRenderList
import Testing

/// `shadowPath` of any shape casts the shadow (#11), checked in the render list: rectangles
/// and rounded rectangles as analytic blurred shapes, other paths as a mask in a shadow-only
/// pass, whatever the layer draws.
@Suite struct ShadowPathTests {
    /// A 200×200 root with one 60×40 layer at (50, 50) that draws nothing itself and casts a
    /// red shadow (opacity 0.5, radius 5, so σ = 4; offset (3, 4)) of `path`.
    private func scene(_ path: CGPath?) -> (root: CALayer, card: CALayer) {
        let root = CALayer(), card = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        card.frame = CGRect(x: 50, y: 50, width: 60, height: 40)
        card.shadowOpacity = 0.5
        card.shadowRadius = 5
        card.shadowOffset = CGSize(width: 3, height: 4)
        card.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.shadowPath = path
        root.addSublayer(card)
        return (root, card)
    }

    private func build(_ root: CALayer, scale: CGFloat = 1, builder: FrameBuilder = FrameBuilder()) -> RenderList {
        builder.build(root: root, at: 0, size: CGSize(width: 200, height: 200), scale: scale)
    }

    /// A five-pointed star around (30, 20), outer radius 20, inner 8.
    static func star() -> CGPath {
        let p = CGMutablePath()
        for k in 0..<10 {
            let r: CGFloat = k % 2 == 0 ? 20 : 8
            let a = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
            let q = CGPoint(x: 30 + r * cos(a), y: 20 + r * sin(a))
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    /// An ellipse on a layer with no background or contents: a shadow-only pass holding the
    /// path's mask at the offset place, blurred with σ = 0.8 · 5, and one item compositing it.
    @Test func ellipseShadowPathCastsAShadowPassWithoutBackground() throws {
        let (root, _) = scene(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 40), transform: nil))
        let list = build(root)
        try #require(list.passes.count == 2)
        let pass = list.passes[1]
        #expect(pass.screenSpace)
        #expect(
            pass.effects.shadow
                == ShadowSpec(
                    color: Color(r: 0.5, g: 0, b: 0, a: 0.5), offsetX: 0, offsetY: 0, sigma: 4, shadowOnly: true))
        try #require(pass.itemRange.count == 1)
        let mask = list.items[pass.itemRange.lowerBound]
        // One pixel of margin around the 60×40 box at 1 pixel per point.
        #expect(mask.rect == Rect(x: -1, y: -1, width: 62, height: 42))
        #expect(mask.transform == .translation(53, 54))
        guard case .image(let id, let placement) = mask.content else {
            Issue.record("the mask item draws no image")
            return
        }
        #expect(placement.destination == mask.rect)
        let image = try #require(list.images[id] as? CGImage)
        #expect(image.width == 62 && image.height == 42)
        #expect(image.pixel(x: 31, y: 21)?.a == 255 && image.pixel(x: 2, y: 2)?.a == 0)
        // The mask spans (52, 53)–(114, 95); the pass adds 3σ = 12 on every side.
        #expect(pass.sourceRect == Rect(x: 40, y: 41, width: 86, height: 66))
        let screen = list.items[list.passes[0].itemRange]
        #expect(screen.count == 1 && screen.first?.content == .pass(PassID(1)))
        #expect(screen.first?.rect == pass.sourceRect)
        #expect(list.dump().contains("sigma 4 only"))
    }

    /// Rounded rectangles with circular corners and rectangles (drawn in any order) stay
    /// analytic: one blurred shape under the layer, no pass; elliptical corners use a mask.
    @Test func rectanglesAndRoundedRectanglesStayAnalytic() throws {
        let box = CGRect(x: 0, y: 0, width: 60, height: 40)
        let rounded = build(scene(CGPath(roundedRect: box, cornerWidth: 8, cornerHeight: 8, transform: nil)).root)
        #expect(rounded.passes.count == 1 && rounded.items.count == 1)
        #expect(rounded.items.first?.content == .blurredShape(sigma: 4))
        #expect(
            rounded.items.first?.cornerRadius == 8
                && rounded.items.first?.rect == Rect(x: 0, y: 0, width: 60, height: 40))
        #expect(rounded.items.first?.background == Color(r: 0.5, g: 0, b: 0, a: 0.5))

        let backwards = CGMutablePath()
        backwards.addLines(between: [CGPoint(x: 0, y: 40), CGPoint(x: 60, y: 40), CGPoint(x: 60, y: 0), .zero])
        backwards.closeSubpath()
        let rect = build(scene(backwards).root)
        #expect(rect.passes.count == 1 && rect.items.first?.content == .blurredShape(sigma: 4))
        #expect(rect.items.first?.cornerRadius == 0)

        let elliptical = build(scene(CGPath(roundedRect: box, cornerWidth: 12, cornerHeight: 6, transform: nil)).root)
        #expect(elliptical.passes.count == 2 && elliptical.passes[1].effects.shadow?.shadowOnly == true)
    }

    /// The shadow of a path does not depend on what the layer draws: with contents and a
    /// sublayer the layer is still drawn directly (no content pass), over the star's shadow.
    @Test func shadowPathIgnoresContentsAndSublayers() throws {
        let (root, card) = scene(Self.star())
        card.contents = try CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
        let child = CALayer()
        child.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        child.backgroundColor = CGColor(gray: 0, alpha: 1)
        card.addSublayer(child)
        let list = build(root)
        #expect(list.passes.count == 2)
        #expect(list.passes.allSatisfy { $0.effects.shadow?.shadowOnly ?? true })
        let screen = Array(list.items[list.passes[0].itemRange])
        #expect(screen.count == 3)
        #expect(screen.first?.content == .pass(PassID(1)))
        if case .image = screen[1].content {} else { Issue.record("the card's contents are not drawn directly") }
        #expect(screen[2].background == Color(r: 0, g: 0, b: 0, a: 1))
    }

    /// An empty path casts nothing, and neither does a zero shadow opacity.
    @Test func emptyPathsCastNothing() {
        #expect(build(scene(CGMutablePath()).root).items.isEmpty)
        let (root, card) = scene(Self.star())
        card.shadowOpacity = 0
        #expect(build(root).items.isEmpty)
    }

    /// Masks are kept between frames: the same path, or an equal new one, reuses the image; a
    /// new scale or a mutated path draws a new one.
    @Test func masksAreCachedByPathAndScale() throws {
        let path = CGMutablePath()
        path.addPath(Self.star())
        let (root, card) = scene(path)
        let builder = FrameBuilder()
        func maskImage(_ scale: CGFloat = 1) -> CGImage? {
            let list = build(root, scale: scale, builder: builder)
            guard list.passes.count == 2,
                case .image(let id, _) = list.items[list.passes[1].itemRange.lowerBound].content
            else { return nil }
            return list.images[id] as? CGImage
        }
        let first = try #require(maskImage())
        #expect(maskImage() === first)
        card.shadowPath = Self.star()
        #expect(maskImage() === first)
        let doubled = try #require(maskImage(2))
        let width = Int((Self.star().boundingBoxOfPath.width * 2).rounded(.up)) + 2
        #expect(doubled !== first && doubled.width == width)
        #expect(maskImage() === first)
        let mutable = CGMutablePath()
        mutable.addPath(Self.star())
        card.shadowPath = mutable
        #expect(maskImage() === first)
        mutable.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(maskImage() !== first)
    }
}
