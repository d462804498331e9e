import GLayersHost
import QuartzCore
import Testing

/// The menu without a window: frames at exact times on the manual clock.
@Suite(.serialized) struct KioskMenuTests {
    @Test func downGlidesToTheSecondItem() throws {
        let menu = KioskMenu()
        let size = CGSize(width: 1024, height: 768)
        menu.layout(size: size)
        let renderer = try HeadlessRenderer(size: size)
        defer { CAMediaClock.useSystemTime() }
        _ = try renderer.render(menu.rootLayer, at: 0)
        #expect(menu.handleKey("Down"))
        // The glide starts with the next frame and lasts 0.35 s.
        _ = try renderer.render(menu.rootLayer, at: 0.1)
        let halfway = try renderer.render(menu.rootLayer, at: 0.275)
        #expect(menu.selection.presentation()?.position.y ?? 0 > menu.items[0].position.y)
        _ = try renderer.render(menu.rootLayer, at: 1)
        #expect(menu.selection.presentation()?.position == menu.items[1].position)
        _ = halfway  // or compare it with a golden image
    }
}
