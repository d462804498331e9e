import Foundation
import GLayers
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// The kiosk menu sample: layout, bindings, keys with a manual clock.
    @Suite struct KioskTests {
        func loadKiosk() throws -> Scene {
            try Scene.load(contentsOf: samplesFolder.appendingPathComponent("kiosk.json"))
        }

        func item(_ scene: Scene, _ i: Int) -> CALayer? {
            scene.rootLayer.sublayers?.first { $0.name == "menu" }?.sublayers?[i]
        }

        func selection(_ scene: Scene) -> CALayer? {
            scene.rootLayer.sublayers?.first { $0.name == "selection" }
        }

        @Test func loadsCentredWithItemZeroAtTheTop() throws {
            let scene = try loadKiosk()
            #expect(scene.name == "Core Animation Kiosk Menu")
            #expect(scene.size == CGSize(width: 1024, height: 768))
            let positions = (0..<5).compactMap { item(scene, $0)?.position }
            #expect(
                positions == [
                    CGPoint(x: 512, y: 244), CGPoint(x: 512, y: 314), CGPoint(x: 512, y: 384),
                    CGPoint(x: 512, y: 454), CGPoint(x: 512, y: 524),
                ])
            #expect(item(scene, 0)?.bounds.size == CGSize(width: 400, height: 50))
            #expect(selection(scene)?.position == CGPoint(x: 512, y: 244))
            #expect(selection(scene)?.animationKeys() == ["pulseAnimation"])
        }

        @Test func downDownUpGlidesToTheSecondItem() throws {
            CAMediaClock.useManualTime(0)
            let scene = try loadKiosk()
            let host = CALayerHost(rootLayer: scene.rootLayer)
            defer { host.detach() }
            CATransaction.flush()
            #expect(scene.handleKey("Down"))
            CAMediaClock.setTime(0.1)
            CATransaction.flush()
            #expect(scene.handleKey("Down"))
            CAMediaClock.setTime(0.2)
            CATransaction.flush()
            #expect(scene.handleKey("Up"))
            CATransaction.flush()
            #expect(scene.value(ofState: "selected") == 1)
            let sel = try #require(selection(scene))
            let mid = try #require(sel.presentation()?.position)
            #expect(mid != CGPoint(x: 512, y: 314))
            CAMediaClock.setTime(1.0)
            CATransaction.flush()
            let second = try #require(item(scene, 1))
            let target = scene.rootLayer.convert(second.position, from: second.superlayer)
            #expect(sel.presentation()?.position == target)
            #expect(sel.position == target)
        }
    }
}
