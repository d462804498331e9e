import Foundation
import GLayers
import GLayersHost
import GLayersTestSupport
import Testing

/// Headless rendering through the public API: the frame at a media time, as bytes.
@Suite(.serialized, .mediaClock) struct HeadlessRendererTests {
    /// A 40×30 red layer at (10, 10) on a blue root; its implicit position animation is half
    /// way at 0.125 s (linear-ish default curve: inside the path, not at either end).
    @Test func rendersTheTreeAtAMediaTime() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        root.position = CGPoint(x: 50, y: 30)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)

        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 60), scale: 2)
        let first = try renderer.render(root, at: 0)
        #expect(first.width == 200 && first.height == 120)
        #expect(pixel(first, 40, 40) == [255, 0, 0, 255])
        #expect(pixel(first, 150, 40) == [0, 0, 255, 255])

        // Moving the box starts a 0.25 s implicit animation at the next frame.
        box.position.x += 40
        let start = try renderer.render(root, at: 0)
        #expect(pixel(start, 40, 40) == [255, 0, 0, 255])
        let end = try renderer.render(root, at: 1)
        #expect(pixel(end, 40, 40) == [0, 0, 255, 255])
        #expect(pixel(end, 120, 40) == [255, 0, 0, 255])

        // Deterministic: the same tree and time give the same bytes.
        let again = try renderer.render(root, at: 1)
        #expect(again.withUnsafeBytes { Array($0) } == end.withUnsafeBytes { Array($0) })
    }

    /// A render of one frame (`glayers shot`) lets go of the model tree once the frame is
    /// flattened, and draws the same frame: drawn contents (text), a mask and a shadow included,
    /// whose images the render list holds. The layers are gone afterwards; the root stays,
    /// without sublayers or mask.
    @Test func oneFrameRenderReleasesTheTreeAndDrawsTheSame() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        func makeTree() -> (root: CALayer, layers: [CALayer]) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
            root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
            let card = CALayer()
            card.frame = CGRect(x: 10, y: 10, width: 60, height: 40)
            card.backgroundColor = CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 1)
            card.cornerRadius = 8
            card.shadowOpacity = 0.5
            let text = CATextLayer()
            text.frame = CGRect(x: 4, y: 4, width: 52, height: 20)
            text.string = "Hi"
            text.fontSize = 14
            card.addSublayer(text)
            let masked = CALayer()
            masked.frame = CGRect(x: 75, y: 20, width: 40, height: 40)
            masked.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
            let mask = CAShapeLayer()
            mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
            masked.mask = mask
            root.addSublayer(card)
            root.addSublayer(masked)
            return (root, [card, text, masked, mask])
        }
        let size = CGSize(width: 120, height: 80)
        let kept = makeTree()
        let expected = try HeadlessRenderer(size: size, scale: 2).render(kept.root, at: 0)

        let renderer = try HeadlessRenderer(size: size, scale: 2)
        var released = makeTree()
        #expect(released.root.treeLayerCount == 5)
        renderer.driver.rendersOneFrame(of: released.root)
        #expect(renderer.driver.builder.expectedItemCount == 5 && renderer.driver.releasesTreeOnceFlattened)
        let image = try renderer.render(released.root, at: 0)
        #expect(image.withUnsafeBytes { Array($0) } == expected.withUnsafeBytes { Array($0) })

        #expect(released.root.sublayers == nil && released.root.mask == nil)
        #expect(released.layers.allSatisfy { $0.superlayer == nil && $0.sublayers == nil && $0.mask == nil })
        weak var card = released.layers[0], mask = released.layers[3]
        released.layers = []
        #expect(card == nil && mask == nil, "the released layers are freed")
    }

    /// A rasterized layer's texture is reused while its drawing is unchanged and redrawn when a
    /// sublayer turns from red to yellow (#10: the key once hashed only red and alpha).
    @Test func rasterizedLayerRedrawsWhenASublayerChangesColour() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer(), card = CALayer(), dot = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        card.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
        card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        card.shouldRasterize = true
        dot.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(card)
        card.addSublayer(dot)
        let renderer = try HeadlessRenderer(size: CGSize(width: 40, height: 40))
        // Every frame drawn in full: with damage tracking, the unchanged frame draws nothing.
        renderer.driver.renderer.debug.disableDamage = true
        let stats = { renderer.driver.renderer.stats }
        // Tolerance: ±2 per channel. The dot's centre pixel lies inside flat colour, its pass
        // on whole pixels at scale 1; only rounding of the composite may differ.
        func close(_ p: [UInt8], _ q: [UInt8]) -> Bool { zip(p, q).allSatisfy { abs(Int($0) - Int($1)) <= 2 } }
        #expect(close(pixel(try renderer.render(root, at: 0), 20, 20), [255, 0, 0, 255]))
        #expect(stats().passes == 1 && stats().cachedPasses == 0)
        _ = try renderer.render(root, at: 1)
        #expect(stats().passes == 0 && stats().cachedPasses == 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        #expect(close(pixel(try renderer.render(root, at: 2), 20, 20), [255, 255, 0, 255]))
        #expect(stats().passes == 1 && stats().cachedPasses == 0)
    }

    /// A driver made on another thread (`PreparedFrameDriver`: `glayers shot` starts OpenGL
    /// while the scene loads) draws the same bytes as one made on the drawing thread, rows top
    /// first; a preparation dropped unused waits for its thread and ends cleanly.
    @Test func preparedDriverDrawsTheSameBytes() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 5)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)
        let prepared = PreparedFrameDriver()
        let elsewhere = try HeadlessRenderer(size: CGSize(width: 30, height: 20), prepared: prepared)
        #expect(try prepared.driver() === elsewhere.driver)
        let here = try HeadlessRenderer(size: CGSize(width: 30, height: 20))
        let a = try elsewhere.render(root, at: 0)
        let b = try here.render(root, at: 0)
        #expect(a.withUnsafeBytes { Array($0) } == b.withUnsafeBytes { Array($0) })
        #expect(pixel(a, 2, 1) == [255, 0, 0, 255])  // The box is at the top left.
        #expect(pixel(a, 2, 18) == [0, 0, 255, 255])
        _ = PreparedFrameDriver()
    }

    /// `renderPNG` (the frame read back a strip of rows at a time) writes the file `render`
    /// and `writePNG(to:)` write, for a frame of 600×800 pixels (eight strips) on an opaque
    /// background (RGB) and on none (RGBA).
    @Test func renderPNGWritesTheRenderedFrame() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 400)
        let box = CALayer()
        box.frame = CGRect(x: 20, y: 30, width: 200, height: 300)
        box.cornerRadius = 40
        box.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.75)
        root.addSublayer(box)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for background in [CGColor(red: 0, green: 0, blue: 0.5, alpha: 1), nil] {
            let renderer = try HeadlessRenderer(size: CGSize(width: 300, height: 400), scale: 2, background: background)
            let whole = dir.appendingPathComponent("whole.png"), strips = dir.appendingPathComponent("strips.png")
            let image = try renderer.render(root, at: 0)
            try image.writePNG(to: whole)
            let size = try renderer.renderPNG(root, at: 0, to: strips)
            #expect(size.width == 600 && size.height == 800)
            #expect(image.isOpaque == (background != nil))
            #expect(try Data(contentsOf: strips) == Data(contentsOf: whole))
        }
    }

    /// lottie-ios's inverted matte end to end: the red content's mask is an opaque black layer
    /// holding the matte (a 20×20 square) with `compositingFilter = "xor"`, so the matte cuts
    /// a hole in the mask and the blue root shows through it; outside the matte the content
    /// shows (docs/semantics.md#filters-and-blend-modes).
    @Test func xorCutsAnInvertedMatte() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let content = CALayer(), base = CALayer(), matte = CALayer()
        content.frame = root.frame
        content.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        base.frame = root.frame
        base.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        matte.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        matte.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        matte.compositingFilter = "xor"
        base.addSublayer(matte)
        content.mask = base
        root.addSublayer(content)
        let image = try HeadlessRenderer(size: CGSize(width: 40, height: 40)).render(root, at: 0)
        #expect(pixel(image, 20, 20) == [0, 0, 255, 255])
        #expect(pixel(image, 12, 28) == [0, 0, 255, 255])
        #expect(pixel(image, 5, 5) == [255, 0, 0, 255])
        #expect(pixel(image, 35, 20) == [255, 0, 0, 255])
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        image.withUnsafeBytes { bytes in
            let i = y * image.bytesPerRow + x * 4
            return [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]
        }
    }
}
