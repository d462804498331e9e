/// The headless context, clearing, readback orientation and determinism.
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct ContextTests {
    @Test func headlessContextIsOpenGL33Core() throws {
        try GLHarness.withRenderer { r in
            #expect(r.context.isHeadless)
            #expect(!r.context.rendererName.isEmpty)
            #expect(r.context.versionString.contains("Core") || r.context.versionString.first.map { $0 >= "3" } == true)
        }
    }

    @Test func clearColourFillsTheFrame() throws {
        let b = ListBuilder(width: 8, height: 4, clear: Color(r: 0.2, g: 0.4, b: 0.6, a: 1))
        let image = try GLHarness.image(of: b.screen([]))
        #expect(image.width == 8 && image.height == 4)
        let p = try #require(image.pixel(x: 3, y: 2))
        #expect(p.r == 51 && p.g == 102 && p.b == 153 && p.a == 255)
    }

    @Test func rowsComeBackTopToBottom() throws {
        let b = ListBuilder(width: 10, height: 10, clear: .black)
        let image = try GLHarness.image(
            of: b.screen([DrawItem(transform: .identity, rect: Rect(0, 0, 10, 3), background: .white)]))
        #expect(image.pixel(x: 5, y: 0)?.r == 255)
        #expect(image.pixel(x: 5, y: 2)?.r == 255)
        #expect(image.pixel(x: 5, y: 3)?.r == 0)
        #expect(image.pixel(x: 5, y: 9)?.r == 0)
    }

    @Test func theSameListGivesTheSameBytes() throws {
        let b = ListBuilder(width: 64, height: 48, clear: .white)
        let list = b.screen([
            DrawItem(
                transform: .layer(size: 30, 20, at: 32, 24, transform: .rotate(0.4, 0, 0, 1)), rect: Rect(0, 0, 30, 20),
                background: .blue, cornerRadius: 6, borderWidth: 2, borderColor: .red)
        ])
        let bytes = try GLHarness.withRenderer { r -> [[UInt8]] in
            (0..<3).map { _ in
                r.render(list, to: .offscreen)
                return r.readPixels()
            }
        }
        #expect(bytes[0] == bytes[1] && bytes[1] == bytes[2])
    }
}
