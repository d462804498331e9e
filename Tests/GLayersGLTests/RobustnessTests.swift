/// Bad input never crashes and never blanks the frame: bad items are skipped and counted.
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct RobustnessTests {
    /// A good item between bad ones: NaN and infinite transforms, a singular transform, an
    /// empty rect, a missing image, a pass that does not exist, a NaN opacity.
    @Test func badItemsAreSkippedAndTheRestIsDrawn() throws {
        let b = ListBuilder(width: 32, height: 32, clear: .white)
        var nan = Matrix4.identity
        nan.m[0] = .nan
        var infinite = Matrix4.identity
        infinite.m[13] = .infinity
        b.screen([
            DrawItem(transform: nan, rect: Rect(0, 0, 10, 10), background: .red),
            DrawItem(transform: infinite, rect: Rect(0, 0, 10, 10), background: .red),
            DrawItem(transform: .scale(0, 1), rect: Rect(0, 0, 10, 10), background: .red),
            DrawItem(transform: .identity, rect: Rect(0, 0, 0, 10), background: .red),
            DrawItem(
                transform: .identity, rect: Rect(0, 0, 10, 10),
                content: .image(ImageID(987_654_321), ContentPlacement(destination: Rect(0, 0, 10, 10)))),
            DrawItem(transform: .identity, rect: Rect(0, 0, 10, 10), content: .pass(PassID(42))),
            DrawItem(transform: .identity, rect: Rect(0, 0, 10, 10), opacity: .nan, background: .red),
            DrawItem(transform: .translate(8, 8), rect: Rect(0, 0, 16, 16), background: .blue),
        ])
        let (image, stats) = try GLHarness.withRenderer { r -> (CGImage, RenderStats) in
            r.render(b.list, to: .offscreen)
            return (try r.readImage(), r.stats)
        }
        #expect(stats.skippedItems == 7)
        #expect(stats.items == 1)
        #expect(image.pixel(x: 16, y: 16).map { $0.b > 200 && $0.r < 60 } == true)
        #expect(image.pixel(x: 2, y: 2).map { $0.r == 255 && $0.g == 255 } == true)
    }

    /// Lists with no passes, zero-size passes, out-of-range item ranges and dependency cycles
    /// render without crashing.
    @Test func malformedListsDoNotCrash() throws {
        try GLHarness.withRenderer { r in
            let empty = RenderList()
            empty.reset(pixelWidth: 4, pixelHeight: 4, scale: 1, clearColor: .white)
            r.render(empty, to: .offscreen)
            #expect(r.readPixels().count == 64)

            let zero = RenderList()
            zero.reset(pixelWidth: 0, pixelHeight: 0, scale: 1, clearColor: .white)
            r.render(zero, to: .window)
            #expect(r.stats.items == 0)

            let b = ListBuilder(width: 16, height: 16)
            b.list.passes.append(
                RenderPass(itemRange: 5..<900, sourceRect: Rect(0, 0, 0, 0), scale: .nan, screenSpace: false))
            b.list.passes.append(
                RenderPass(
                    itemRange: 0..<0, sourceRect: Rect(0, 0, 8, 8), scale: 1, screenSpace: false,
                    dependencies: [PassID(3), PassID(2)]))
            b.list.passes.append(
                RenderPass(
                    itemRange: 0..<0, sourceRect: Rect(0, 0, 8, 8), scale: 1, screenSpace: false,
                    dependencies: [PassID(2)]))
            b.screen([
                DrawItem(transform: .identity, rect: Rect(0, 0, 8, 8), content: .pass(PassID(1))),
                DrawItem(transform: .identity, rect: Rect(0, 0, 8, 8), content: .pass(PassID(2))),
                DrawItem(transform: .translate(8, 8), rect: Rect(0, 0, 8, 8), background: .black),
            ])
            r.render(b.list, to: .offscreen)
            let image = try r.readImage()
            #expect(image.pixel(x: 12, y: 12)?.r == 0)
            #expect(r.lastError == nil)
        }
    }

    /// A layer behind the eye (w ≤ 0 at every corner) draws nothing; one crossing the eye
    /// plane draws only its part in front.
    @Test func pointsBehindTheEyeAreClipped() throws {
        let b = ListBuilder(width: 64, height: 64, clear: .white)
        let behind = Matrix4.translate(0, 0, 300).then(.perspective(100))
        // Turned 1 radian about x and pushed 70 towards the eye (d = 80): its far edge lies
        // behind the eye and is cut away; the rest is magnified below its near edge.
        let crossing = Matrix4.layer(size: 40, 40, at: 32, 48, transform: .rotate(1.0, 1, 0, 0)).then(
            .translate(0, 0, 70)
        )
        .then(.translate(-32, -32)).then(.perspective(80)).then(.translate(32, 32))
        b.screen([
            DrawItem(transform: behind, rect: Rect(0, 0, 64, 64), background: .red),
            DrawItem(transform: crossing, rect: Rect(0, 0, 40, 40), background: .blue),
        ])
        let image = try GLHarness.image(of: b.list)
        var red = 0
        for y in 0..<64 {
            for x in 0..<64 where image.pixel(x: x, y: y).map({ $0.r > 200 && $0.g < 60 }) == true { red += 1 }
        }
        #expect(red == 0)
        // Tolerance: geometry. One flat colour; the cut edge is analytic.
        Golden.check(image, "robust-behind-eye", .geometry)
    }
}
