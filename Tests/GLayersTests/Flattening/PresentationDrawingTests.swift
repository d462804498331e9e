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

/// A shape layer subclass that changes nothing: its presentations are drawn by presentation
/// copies, as any subclass's (it might override `display()` or `draw(in:)`).
final class UnchangedShapeLayer: CAShapeLayer {}

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

        /// A 40 × 40 root holding `layer` over all of it, hosted, with its frame at 0 built;
        /// `body` runs with the root and the builder, then the host detaches.
        func staged(_ layer: CALayer, _ body: (CALayer, FrameBuilder) throws -> Void) rethrows {
            try withStagedLayer(layer, size: CGSize(width: 40, height: 40), build: { build($0, $1, at: 0) }, body)
        }

        /// The image the first image item of `builder`'s last frame shows.
        func firstImage(_ builder: FrameBuilder) throws -> ImageID {
            let images = builder.list.items.compactMap { item -> ImageID? in
                if case .image(let id, _) = item.content { return id }
                return nil
            }
            return try #require(images.first)
        }

        /// The content of the first item of `builder`'s last frame that shows an image (a
        /// trimmed stroke's raster included).
        func firstContent(_ builder: FrameBuilder) throws -> ItemContent {
            try #require(builder.list.items.first { $0.content.placement != nil }?.content)
        }

        /// The image the first image item shows in the frame at `t`.
        func image(_ builder: FrameBuilder, _ root: CALayer, at t: CFTimeInterval) throws -> ImageID {
            build(builder, root, at: t)
            return try firstImage(builder)
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

        /// A plain shape layer's presentation is drawn without a presentation copy; its pixels
        /// are those a copy's `display()` draws (a subclass's, which still goes through one),
        /// at every frame of animations of its path, stroke end, line width and colours.
        @Test func aPlainShapeLayerDrawsAsAPresentationCopyWould() throws {
            try withManualClock {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                let plain = CAShapeLayer(), subclassed = UnchangedShapeLayer()
                for shape in [plain, subclassed] {
                    shape.frame = root.frame
                    shape.path = CGPath(ellipseIn: CGRect(x: 4, y: 6, width: 30, height: 24), transform: nil)
                    shape.fillColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8)
                    shape.strokeColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                    shape.lineWidth = 2
                    shape.lineDashPattern = [4, 2]
                    root.addSublayer(shape)
                }
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                let builder = FrameBuilder()
                build(builder, root, at: 0)
                for shape in [plain, subclassed] {
                    let path = CABasicAnimation(keyPath: "path")
                    path.toValue = CGPath(ellipseIn: CGRect(x: 10, y: 2, width: 20, height: 34), transform: nil)
                    let group = CAAnimationGroup()
                    group.animations = [path]
                    for (key, to) in [("strokeEnd", 0.2), ("lineWidth", 5), ("lineDashPhase", 3)] as [(String, Any)] {
                        let a = CABasicAnimation(keyPath: key)
                        a.toValue = to
                        group.animations?.append(a)
                    }
                    let color = CABasicAnimation(keyPath: "fillColor")
                    color.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                    group.animations?.append(color)
                    group.duration = 1
                    shape.add(group, forKey: "morph")
                }
                for t in [0.0, 0.3, 0.55, 0.9] {
                    build(builder, root, at: t)
                    let images = builder.list.items.compactMap { item -> CGImage? in
                        guard case .image(let id, _) = item.content else { return nil }
                        return builder.list.images[id] as? CGImage
                    }
                    try #require(images.count == 2)
                    let (a, b) = (images[0], images[1])
                    #expect(a.width == b.width && a.height == b.height, "at \(t)")
                    #expect(a.dataProvider?.data == b.dataProvider?.data, "the same pixels at \(t)")
                }
                // Each frame drew again (the presentation changed), and the model is untouched.
                #expect(plain.strokeEnd == 1 && plain.presentation()?.strokeEnd != 1)
            }
        }

        /// A plain shape layer whose presented path and style are the same as the last frame's
        /// (a path held between keyframes) shows the same drawing: its raster serves again and
        /// nothing is redrawn. A path that changes is drawn again.
        @Test func anUnchangedPresentedShapeIsNotDrawnAgain() throws {
            try withManualClock {
                let shape = CAShapeLayer()
                let square = CGPath(rect: CGRect(x: 5, y: 5, width: 20, height: 20), transform: nil)
                let wide = CGPath(rect: CGRect(x: 5, y: 5, width: 30, height: 20), transform: nil)
                shape.path = square
                shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                try staged(shape) { root, builder in
                    // Held for the first half (two equal keyframes), then changing.
                    let path = CAKeyframeAnimation(keyPath: "path")
                    path.values = [square, square, wide]
                    path.keyTimes = [0, 0.5, 1]
                    path.duration = 1
                    shape.add(path, forKey: "path")
                    func drawn(at t: CFTimeInterval) throws -> ImageID { try image(builder, root, at: t) }
                    let held = try drawn(at: 0.1)
                    let second = try drawn(at: 0.2), third = try drawn(at: 0.45)
                    #expect(second == held && third == held, "held: the same drawing")
                    let moving = try drawn(at: 0.7)
                    let later = try drawn(at: 0.8)
                    #expect(moving != held && later != moving, "changing: drawn again")
                }
            }
        }

        /// A gradient layer whose presented colours and points are the same as the last frame's
        /// (an animation past its end, filled forwards) shows the same drawing; while they change,
        /// it is drawn again.
        @Test func anUnchangedPresentedGradientIsNotDrawnAgain() throws {
            try withManualClock {
                let gradient = CAGradientLayer()
                gradient.colors = [
                    CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1),
                ]
                try staged(gradient) { root, builder in
                    let end = CABasicAnimation(keyPath: "endPoint")
                    end.fromValue = CGPoint(x: 0.5, y: 1)
                    end.toValue = CGPoint(x: 1, y: 1)
                    end.duration = 0.5
                    end.fillMode = .forwards
                    end.isRemovedOnCompletion = false
                    gradient.add(end, forKey: "end")
                    func drawn(at t: CFTimeInterval) throws -> ImageID { try image(builder, root, at: t) }
                    let moving = try drawn(at: 0.2), later = try drawn(at: 0.3)
                    #expect(moving != later, "changing: drawn again")
                    // Past the end, filled forwards: the same values every frame. The first frames
                    // of a new gradient drawing are coarse; it settles, then stays.
                    for t in [0.6, 0.7, 0.8, 0.9] { _ = try drawn(at: t) }
                    let settled = try drawn(at: 1.0), after = try drawn(at: 1.1)
                    #expect(settled == after, "held: the same drawing")
                }
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
                // A trim that changes is shown from one raster of the whole stroke: the same
                // content is the same raster and trim (docs/renderer.md, "Trimmed strokes").
                func drawn() throws -> ItemContent { try firstContent(builder) }
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
