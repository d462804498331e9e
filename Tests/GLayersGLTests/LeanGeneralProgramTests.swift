/// The leaner general programs (`QuadFeatures`, quad.frag.glsl's `NO_*` defines): a batch
/// drawn by the general program with only the parts it needs has the pixels of the whole
/// program.
import Foundation
import GLayersGraphics
import GLayersPlan
import GLayersRenderList
import GLayersTestSupport
import Testing

@testable import GLayersGL

@Suite(.serialized) struct LeanGeneralProgramTests {
    /// One item per case, alone on a 96 × 64 target, with the features its batch needs.
    private static func cases() -> [(name: String, features: QuadFeatures, list: RenderList)] {
        func list(_ build: (ListBuilder, ImageID) -> DrawItem) -> RenderList {
            let b = ListBuilder(width: 96, height: 64, clear: .rgba(0.1, 0.1, 0.1))
            let image = b.add(TestImages.checker(size: 32))
            return b.screen([build(b, image)])
        }
        let turned = Matrix4.layer(size: 60, 40, at: 48, 32, transform: .rotate(0.3, 0, 0, 1))
        // A rounded clip turned the other way, across the item.
        func turnedClip(_ b: ListBuilder) -> Int32 {
            b.clip(
                ClipNode(
                    transform: .layer(size: 50, 34, at: 50, 30, transform: .rotate(-0.4, 0, 0, 1)),
                    rect: Rect(0, 0, 50, 34), cornerRadius: 6, parent: -1))
        }
        // Content in a rounded rect (the general program; the simple program draws plain rects).
        func rounded(_ content: ItemContent) -> DrawItem {
            DrawItem(
                transform: turned, rect: Rect(0, 0, 60, 40), background: .rgba(0.9, 0.9, 0.2, 0.5), content: content,
                cornerRadius: 6)
        }
        return [
            (
                "background and content, rounded", [.border, .content],
                list { _, image in
                    DrawItem(
                        transform: turned, rect: Rect(0, 0, 60, 40), opacity: 0.9,
                        background: .rgba(0.2, 0.4, 0.9, 0.8),
                        content: .image(image, ContentPlacement(destination: Rect(4, 4, 52, 32))), cornerRadius: 9,
                        borderWidth: 2, borderColor: .white)
                }
            ),
            (
                "inside a turned clip", [.clip, .content],
                list { b, image in
                    let clip = turnedClip(b)
                    return DrawItem(
                        transform: turned, rect: Rect(0, 0, 60, 40), background: .red,
                        content: .image(image, ContentPlacement(destination: Rect(0, 0, 60, 40))), clip: clip)
                }
            ),
            (
                "continuous corners with content", [.continuous, .content],
                list { _, image in
                    DrawItem(
                        transform: .translate(18.5, 10.25), rect: Rect(0, 0, 60, 44), background: .rgba(0, 0.6, 0.3, 1),
                        content: .image(image, ContentPlacement(destination: Rect(0, 0, 30, 44))), cornerRadius: 14,
                        cornerCurve: .continuous, clipsContent: true)
                }
            ),
            (
                "continuous corners and a border, turned", [.continuous, .border, .content],
                list { _, image in
                    DrawItem(
                        transform: turned, rect: Rect(0, 0, 60, 40), background: .rgba(0.2, 0.3, 0.8, 0.9),
                        content: .image(image, ContentPlacement(destination: Rect(0, 0, 60, 40))), cornerRadius: 11,
                        cornerCurve: .continuous, clipsContent: true, borderWidth: 3, borderColor: .white)
                }
            ),
            (
                "inside a clip with continuous corners, blended", [.clip, .continuous, .blended, .content],
                list { b, image in
                    let clip = b.clip(
                        ClipNode(
                            transform: .translate(20, 8), rect: Rect(0, 0, 56, 48), cornerRadius: 16,
                            cornerCurve: .continuous, parent: -1))
                    return DrawItem(
                        transform: .translate(10, 4), rect: Rect(0, 0, 76, 56), background: .rgba(0.9, 0.7, 0.1, 1),
                        content: .image(image, ContentPlacement(destination: Rect(8, 8, 40, 40))), clip: clip)
                }
            ),
            (
                "content sampled nearest, magnified", [.content, .sampling],
                list { _, image in
                    rounded(
                        .image(
                            image,
                            ContentPlacement(destination: Rect(0, 0, 60, 40), magnificationFilter: .nearest)))
                }
            ),
            (
                "a crossfade", [.content, .crossfade],
                list { b, image in
                    let other = b.add(TestImages.checker(size: 16))
                    return rounded(
                        .crossfade(
                            from: image, to: other, progress: 0.4, ContentPlacement(destination: Rect(0, 0, 60, 40))))
                }
            ),
            (
                "nine-slice", [.content, .nineSlice],
                list { _, image in
                    rounded(
                        .image(
                            image,
                            ContentPlacement(
                                destination: Rect(0, 0, 60, 40), center: Rect(0.25, 0.25, 0.5, 0.5),
                                naturalSize: (32, 32))))
                }
            ),
            (
                "a rounded shape with a border inside a clip", [.clip, .border],
                list { b, _ in
                    let clip = turnedClip(b)
                    return DrawItem(
                        transform: turned, rect: Rect(0, 0, 60, 40), background: .rgba(0.2, 0.4, 0.9, 0.8),
                        cornerRadius: 9, borderWidth: 3, borderColor: .white, clip: clip)
                }
            ),
            (
                "a blurred shape", [.blurred],
                list { _, _ in
                    DrawItem(
                        transform: .translate(20, 14), rect: Rect(0, 0, 56, 36), background: .rgba(0, 0, 0, 0.7),
                        content: .blurredShape(sigma: 4), cornerRadius: 8)
                }
            ),
            (
                "a blurred shape with continuous corners", [.blurred, .continuous],
                list { _, _ in
                    DrawItem(
                        transform: .translate(20, 14), rect: Rect(0, 0, 56, 36), background: .rgba(0, 0, 0, 0.7),
                        content: .blurredShape(sigma: 4), cornerRadius: 8, cornerCurve: .continuous)
                }
            ),
            (
                "a blurred shape with continuous corners, blended", [.blurred, .continuous, .blended],
                list { _, _ in
                    DrawItem(
                        transform: .translate(20, 14), rect: Rect(0, 0, 56, 36), background: .rgba(0, 0, 0, 0.7),
                        content: .blurredShape(sigma: 4), cornerRadius: 16, cornerCurve: .continuous)
                }
            ),
        ]
    }

    /// Each case's plan names the features its item needs, and its pixels are the whole
    /// program's (`RendererDebug.wholeGeneralProgram`).
    @Test func leanProgramsDrawAsTheWholeProgramDoes() throws {
        // Identical on llvmpipe, whose shader compiler reduces both programs to the same
        // arithmetic; other drivers may round one level apart on edge pixels.
        let tolerance = GoldenImages.otherDriver == nil ? ImageTolerance.exact : ImageTolerance(channel: 1)
        try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            for c in Self.cases() {
                r.debug.wholeGeneralProgram = false
                r.render(c.list, to: .offscreen)
                let general = r.commands.filter { $0.variant == .general }
                #expect(general.map(\.features) == [c.features], "\(c.name): \(r.commands.map(\.features))")
                let lean = try r.readImage()
                r.debug.wholeGeneralProgram = true
                r.render(c.list, to: .offscreen)
                #expect(r.commands.filter { $0.variant == .general }.map(\.features) == [.all], "\(c.name)")
                let whole = try r.readImage()
                let comparison = ImageComparison(lean, whole, tolerance: tolerance)
                #expect(comparison.matches, "\(c.name): \(comparison)")
            }
        }
    }
}
