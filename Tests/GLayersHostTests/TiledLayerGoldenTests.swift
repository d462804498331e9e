import Foundation
import GLayers
import GLayersBench
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Synchronization
import Testing

/// Draws a few shapes that show position and orientation: a blue bar along the top (minimum
/// y), an orange triangle pointing to maximum y, a green disc near maximum x.
enum TestDrawing {
    static func draw(in ctx: CGContext, bounds b: CGRect) {
        ctx.setFillColor(CGColor(red: 0.1, green: 0.35, blue: 0.8, alpha: 1))
        ctx.fill(CGRect(x: b.minX + 4, y: b.minY + 4, width: b.width - 8, height: 12))
        ctx.setFillColor(CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1))
        ctx.move(to: CGPoint(x: b.minX + 20, y: b.minY + 30))
        ctx.addLine(to: CGPoint(x: b.minX + 90, y: b.minY + 30))
        ctx.addLine(to: CGPoint(x: b.minX + 55, y: b.maxY - 6))
        ctx.closePath()
        ctx.fillPath()
        ctx.setFillColor(CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: b.maxX - 50, y: b.minY + 30, width: 40, height: 40))
    }
}

/// A plain layer drawing `TestDrawing`.
final class DrawnTestLayer: CALayer {
    override func draw(in ctx: CGContext) { TestDrawing.draw(in: ctx, bounds: bounds) }
}

/// A tiled layer drawing `TestDrawing` in 32-pixel tiles.
final class TiledTestLayer: CATiledLayer {
    override func draw(in ctx: CGContext) { TestDrawing.draw(in: ctx, bounds: bounds) }
}

/// A map whose tile drawings wait for a gate (to catch frames before tiles arrive).
final class GatedMapLayer: MapTiledLayer {
    let gate = DispatchSemaphore(value: 0)
    /// Set by the test while tile threads read it.
    private let gated = Atomic<Bool>(false)
    var isGated: Bool {
        get { gated.load(ordering: .acquiring) }
        set { gated.store(newValue, ordering: .releasing) }
    }
    override func draw(in ctx: CGContext) {
        if isGated { _ = gate.wait(timeout: .now() + 10) }
        super.draw(in: ctx)
    }
}

/// CATiledLayer rendered headless (#12): tiles look like one drawing, flipped or not; the zoom
/// sample at several times; tiles arriving while the view zooms. Goldens in `Tests/Goldens/Layers`.
@Suite(.serialized, .mediaClock) struct TiledLayerGoldenTests {
    /// The map is drawn by cairo (anti-aliased discs) and placed by llvmpipe: two steps per
    /// channel and a few pixels of room for another LLVM's or cairo's rounding.
    static let tolerance = ImageTolerance(channel: 2, pixels: 40)

    /// A 160×120 frame at 2 pixels per point of `layers` over light grey.
    func render(_ layers: [CALayer], flipped: Bool = false) throws -> CGImage {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(gray: 0.93, alpha: 1)
        root.isGeometryFlipped = flipped
        for layer in layers { root.addSublayer(layer) }
        return try HeadlessRenderer(size: CGSize(width: 160, height: 120), scale: 2).render(root, at: 0)
    }

    func layer(_ l: CALayer, flipped: Bool) -> CALayer {
        l.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
        l.contentsScale = 2
        l.isGeometryFlipped = flipped
        (l as? CATiledLayer)?.tileSize = CGSize(width: 32, height: 32)
        l.setNeedsDisplay()
        return l
    }

    /// 32-pixel tiles at 2 pixels per point, in place and upright like the same drawing as one
    /// bitmap: plain, in a flipped superlayer, and with flipped geometry of its own. (Cairo
    /// anti-aliases an edge drawn in a tile's translated bitmap a step differently at a few
    /// pixels.)
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func tilesRenderLikeOneDrawing(_ superFlipped: Bool, _ selfFlipped: Bool) throws {
        let plain = try render([layer(DrawnTestLayer(), flipped: selfFlipped)], flipped: superFlipped)
        let tiled = try render([layer(TiledTestLayer(), flipped: selfFlipped)], flipped: superFlipped)
        let result = ImageComparison(plain, tiled, tolerance: ImageTolerance(channel: 4, pixels: 8))
        if !result.matches {
            let name = "tiled-like-plain-\(superFlipped)-\(selfFlipped)"
            Issue.record(
                "\(result): \(GoldenImages.writeFailure([("plain", plain), ("tiled", tiled)], name: name, tolerance: Self.tolerance))"
            )
        }
    }

    /// The zoom sample (a 32 768-point map, from the whole map to 4× in 9 s) at 0, 3.5, 6.5 and
    /// 9 s: each frame waits for its tiles (the clock is manual), drawn at finer levels as the
    /// zoom goes on.
    @Test func zoomSampleAtSeveralTimes() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let renderer = try HeadlessRenderer(size: CGSize(width: 320, height: 240), scale: 1)
        let (root, _) = ZoomWorkload.makeScene(size: CGSize(width: 320, height: 240))
        for (t, name) in [(0.0, "zoom-0s"), (3.5, "zoom-3.5s"), (6.5, "zoom-6.5s"), (9.0, "zoom-9s")] {
            let image = try renderer.render(root, at: t)
            LayerGolden.check(image, name, Self.tolerance)
        }
    }

    /// Without waiting (as in a window), a frame whose level is not drawn yet shows the coarser
    /// tiles of the previous frame, magnified; when the finer tiles arrive they fade in over them.
    @Test func finerTilesArriveAndFadeInOverCoarserOnes() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let renderer = try HeadlessRenderer(size: CGSize(width: 320, height: 240), scale: 1)
        let map = GatedMapLayer()
        let (root, _) = ZoomWorkload.makeScene(size: CGSize(width: 320, height: 240), map: map)
        // 3 s: 1/16, complete.
        _ = try renderer.render(root, at: 3)
        renderer.driver.builder.tileWaiting = .never
        map.isGated = true
        // 3.5 s: 0.094, so the 1/8 level; its tiles are held at the gate.
        let before = TileCache.shared.drawnTiles
        let magnified = try renderer.render(root, at: 3.5)
        LayerGolden.check(magnified, "zoom-progressive-coarser", Self.tolerance)
        map.isGated = false
        for _ in 0..<64 { map.gate.signal() }
        TileCache.shared.waitForDrawings()
        #expect(TileCache.shared.drawnTiles > before)
        // Shown first at 3.5 s, halfway faded in at 3.625 s.
        _ = try renderer.render(root, at: 3.5)
        let fading = try renderer.render(root, at: 3.625)
        LayerGolden.check(fading, "zoom-progressive-fading", Self.tolerance)
        renderer.driver.builder.tileWaiting = .whenClockIsManual
    }
}
