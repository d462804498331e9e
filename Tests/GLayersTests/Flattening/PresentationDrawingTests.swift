import Foundation
import GLayers
import GLayersGraphics
import GLayersRenderList
import Testing

/// A layer with a custom `angle` property it redraws for, whose presentation copies record
/// what they draw in the log they share with the model layer.
final class LoggedAngleLayer: CALayer {
    final class Log { var angles: [CGFloat] = [] }
    var log = Log()

    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        if let model = layer as? LoggedAngleLayer { log = model.log }
    }
    required init?(coder: NSCoder) { nil }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "angle" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) {
        log.angles.append((value(forKey: "angle") as? CGFloat) ?? -1)
    }
}

extension ClockTests {
    /// Contents drawn from presented values (a custom property its class redraws for, a shape
    /// layer's `strokeEnd`): drawn again when the presentation changes, and only then
    /// (docs/semantics.md#drawing-presented-values).
    @Suite struct PresentationDrawing {
        /// The frame at `t` (flush, then flattening, which draws the presentation).
        func build(_ builder: FrameBuilder, _ root: CALayer, at t: CFTimeInterval) {
            frame(at: t)
            builder.build(root: root, at: t, size: CGSize(width: 40, height: 40), scale: 1)
        }

        /// Adds a one-second linear animation of `keyPath` on `layer` from 0 to `end`, and runs
        /// the frame at 0 that commits it.
        func animate(_ layer: CALayer, _ keyPath: String, to end: CGFloat, root: CALayer, _ builder: FrameBuilder) {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = 0
            animation.toValue = end
            animation.duration = 1
            layer.add(animation, forKey: keyPath)
            build(builder, root, at: 0)
        }

        @Test func aPausedAnimationIsDrawnOnceNotEveryFrame() {
            withManualClock {
                let layer = LoggedAngleLayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                layer.setValue(0, forKey: "angle")
                let host = CALayerHost(rootLayer: layer)
                defer { host.detach() }
                let builder = FrameBuilder()
                build(builder, layer, at: 0)
                animate(layer, "angle", to: 80, root: layer, builder)  // begins at 0
                let committed = layer.log.angles.count
                build(builder, layer, at: 0.25)
                build(builder, layer, at: 0.5)
                // Running: one drawing a frame, with the frame's value.
                #expect(Array(layer.log.angles.dropFirst(committed)).suffix(2) == [20, 40])

                // Paused at 0.5 (Apple's recipe: speed 0, time offset at the layer's time).
                layer.timeOffset = layer.convertTime(0.5, from: nil)
                layer.speed = 0
                build(builder, layer, at: 0.6)
                let paused = layer.log.angles.count
                #expect(layer.log.angles.last == 40)
                for t in [0.7, 0.8, 0.9, 1.5] { build(builder, layer, at: t) }
                #expect(layer.log.angles.count == paused, "a paused presentation is not drawn again")
                #expect(layer.presentation()?.value(forKey: "angle") as? CGFloat == 40)

                // A model change draws again (the presentation starts again from the model).
                layer.timeOffset = 0.75
                build(builder, layer, at: 1.6)
                #expect(layer.log.angles.count == paused + 1 && layer.log.angles.last == 60)

                // Resumed at 1.6 from 0.75 (Apple's recipe): a drawing a frame again.
                layer.speed = 1
                layer.timeOffset = 0
                layer.beginTime = 0
                layer.beginTime = layer.convertTime(1.6, from: nil) - 0.75
                build(builder, layer, at: 1.7)
                build(builder, layer, at: 1.8)
                let resumed = layer.log.angles.suffix(2).map { ($0 * 1000).rounded() / 1000 }
                #expect(resumed == [68, 76])
            }
        }

        @Test func aPausedStrokeEndShowsTheSameDrawing() throws {
            try withManualClock {
                let root = CALayer(), shape = CAShapeLayer()
                root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                shape.frame = root.frame
                shape.path = CGPath(rect: CGRect(x: 5, y: 5, width: 30, height: 30), transform: nil)
                shape.fillColor = nil
                shape.strokeColor = CGColor(gray: 1, alpha: 1)
                shape.lineWidth = 2
                root.addSublayer(shape)
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                let builder = FrameBuilder()
                build(builder, root, at: 0)
                animate(shape, "strokeEnd", to: 1, root: root, builder)
                shape.timeOffset = shape.convertTime(0.5, from: nil)
                shape.speed = 0
                /// The image the shape's item shows.
                func drawn() throws -> ImageID {
                    let images = builder.list.items.compactMap { item -> ImageID? in
                        if case .image(let id, _) = item.content { return id }
                        return nil
                    }
                    return try #require(images.first)
                }
                build(builder, root, at: 0.6)
                let first = try drawn()
                build(builder, root, at: 0.7)
                #expect(try drawn() == first, "the same drawing, not a new one")
                shape.speed = 1
                shape.timeOffset = 0
                build(builder, root, at: 0.8)
                build(builder, root, at: 0.9)
                #expect(try drawn() != first)
            }
        }
    }
}
