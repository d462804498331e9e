import QuartzCore
import Testing

/// An emitter as code written for Apple's platforms sets one up (#12): Apple's factory, its
/// constants in both spellings, key-value coding of a cell through the layer.
@Suite struct EmitterImportTests {
    @Test func anEmitterAsAppleCodeWritesIt() {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 320, y: 320)
        emitter.emitterShape = kCAEmitterLayerCircle
        emitter.emitterMode = .outline
        emitter.renderMode = kCAEmitterLayerAdditive
        let cell = CAEmitterCell.emitterCell()
        cell.name = "fire"
        cell.birthRate = 100
        cell.lifetime = 10
        cell.velocity = 100
        cell.scale = 0.1
        cell.emissionRange = CGFloat.pi * 2.0
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        emitter.emitterCells = [cell]
        emitter.setValue(0, forKeyPath: "emitterCells.fire.birthRate")
        #expect(cell.birthRate == 0)
        #expect(emitter.emitterShape == .circle && emitter.renderMode == .additive)
        #expect(kCAEmitterLayerPoint.rawValue == "point" && kCAEmitterLayerVolume == .volume)
        #expect(kCAEmitterLayerOldestFirst.rawValue == "oldestFirst")
    }
}
