import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersScene
import GLayersTestSupport
import Testing

/// Two renderers that share no drawing code agree: the OpenGL compositor (flattening, the
/// render list, the quad shaders) and `CALayer.render(in:)` (cairo through `CGContext`), on
/// the model trees of the samples and of the reference scenes in `Tests/Goldens/Reftests`,
/// their animations removed (render(in:) draws model values), on samples mid-animation
/// (render(in:) of the presentation tree), and on a tree of features the samples use little. Each checks the other's
/// geometry, flips, clips, borders, shadows, group opacity, contents placement, shape drawing
/// and tiled drawing.
///
/// Left out, because render(in:) leaves out what Core Animation's reference says it does not
/// render (docs/porting.md#rendering-a-layer-into-a-context): coverflow and the transform
/// reftests (3D transforms), the kiosk (its selection's bloom filter), snow-emitter
/// (particles) and the masks-to-bounds reference (a mask).
@Suite(.serialized, .mediaClock) struct RenderInContextAgreementTests {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Edges are anti-aliased by different means (the shaders' analytic coverage, cairo's
    /// sampling): up to about 30 levels on the pixels a rounded corner crosses.
    static let tolerance = ImageTolerance(channel: 40, pixels: 16)

    @Test(arguments: [
        "samples/border-group", "samples/bounce", "samples/confetti", "samples/constraints",
        "samples/fireworks", "samples/pause-resume", "samples/snowfall", "samples/transitions",
        "Tests/Goldens/Reftests/group-opacity", "Tests/Goldens/Reftests/group-opacity-off",
        "Tests/Goldens/Reftests/group-opacity-ref", "Tests/Goldens/Reftests/masks-to-bounds",
        "Tests/Goldens/Reftests/rasterize", "Tests/Goldens/Reftests/rasterize-ref",
        "Tests/Goldens/Reftests/tiled-image", "Tests/Goldens/Reftests/tiled-image-ref",
    ])
    func sceneDrawsTheSameBothWays(_ path: String) throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let scene = try Scene.load(contentsOf: Self.root.appendingPathComponent(path + ".json"))
        var stack = [scene.rootLayer]
        while let layer = stack.popLast() {
            layer.removeAllAnimations()
            stack += layer.sublayers ?? []
        }
        try compare(
            scene.rootLayer, size: scene.size, background: scene.backgroundColor, at: 0, drawing: scene.rootLayer,
            name: URL(fileURLWithPath: path).lastPathComponent)
    }

    /// Mid-animation: the compositor at `t` against `presentation()?.render(in:)` at `t` (a
    /// rotating, scaling, moving and recolouring tree).
    @Test(arguments: [
        ("samples/bounce", 1.25), ("samples/border-group", 0.5), ("samples/pause-resume", 1.5),
        ("samples/constraints", 0.5), ("samples/transitions", 0.3),
    ])
    func animatedSceneDrawsTheSameBothWays(_ path: String, _ t: Double) throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let scene = try Scene.load(contentsOf: Self.root.appendingPathComponent(path + ".json"))
        let name = URL(fileURLWithPath: path).lastPathComponent + "-\(t)"
        try compare(
            scene.rootLayer, size: scene.size, background: scene.backgroundColor, at: t, drawing: nil, name: name)
    }

    /// Renders `root` with the compositor at `t`, and with render(in:) of `drawing` (nil: the
    /// root's presentation copy after that frame), each over `background` at `scale` pixels a
    /// point; records an issue and writes both and their difference when they disagree beyond
    /// `tolerance`.
    func compare(
        _ root: CALayer, size: CGSize, background: CGColor? = nil, scale: Double = 1, at t: Double,
        drawing: CALayer?, name: String, tolerance: ImageTolerance = tolerance
    ) throws {
        let full = CGRect(origin: .zero, size: size)
        let composited = try HeadlessRenderer(size: size, scale: scale).render(root, at: t)
        func context() throws -> CGContext {
            let ctx = try #require(
                CGContext.bitmap(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale))
            if let background {
                ctx.setFillColor(background)
                ctx.fill(full)
            }
            return ctx
        }
        let gpu = try context()
        gpu.draw(composited, in: full)
        let cpu = try context()
        let layer = try drawing ?? #require(root.presentation())
        layer.render(in: cpu)

        let (a, b) = (try #require(gpu.makeImage()), try #require(cpu.makeImage()))
        let result = ImageComparison(a, b, tolerance: tolerance)
        if !result.matches {
            let written = GoldenImages.writeFailure(
                [("compositor", a), ("render-in-context", b)], name: "agreement-\(name)", tolerance: tolerance)
            Issue.record("\(name): \(result). Wrote \(written.joined(separator: ", "))")
        }
    }

    /// Gentle gradients (axial and radial, with translucent stops) are rasterized from fewer
    /// texels than they cover and magnified (`GradientPaint.smoothScale`): within two levels of
    /// cairo's drawing of every pixel (a level by the magnification, a level by the texels'
    /// rounding to 8 bits).
    @Test(arguments: [CAGradientLayerType.axial, .radial])
    func gentleGradientsDrawWithinTwoLevels(_ type: CAGradientLayerType) throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 180, height: 80)
        gradient.contentsScale = 2
        gradient.type = type
        gradient.colors = [
            CGColor(red: 0.2, green: 0.3, blue: 0.5, alpha: 1), CGColor(red: 0.25, green: 0.35, blue: 0.55, alpha: 0.9),
            CGColor(red: 0.3, green: 0.3, blue: 0.6, alpha: 0.8),
        ]
        gradient.locations = [0, 0.3, 1]
        gradient.startPoint = type == .radial ? CGPoint(x: 0.5, y: 0.5) : CGPoint(x: 0, y: 0.5)
        gradient.endPoint = type == .radial ? CGPoint(x: 1, y: 1) : CGPoint(x: 1, y: 0.5)
        root.addSublayer(gradient)
        try compare(
            root, size: root.bounds.size, scale: 2, at: 0, drawing: root, name: "gentle-gradient-\(type.rawValue)",
            tolerance: ImageTolerance(channel: 2, pixels: 0))
    }

    /// Trees of what the samples use little (`featureTree`, `secondFeatureTree`), at 1 and 2
    /// pixels per point.
    @Test(arguments: [(1.0, 0), (2.0, 0), (1.0, 1), (2.0, 1)])
    func featuresDrawTheSameBothWays(_ scale: Double, _ tree: Int) throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = try tree == 0 ? Self.featureTree() : Self.secondFeatureTree()
        // Shadows and text edges differ by a few more levels at 2× (a blur of more pixels).
        try compare(
            root, size: root.bounds.size, scale: scale, at: 0, drawing: root, name: "features\(tree)-\(scale)",
            tolerance: ImageTolerance(channel: 48, pixels: 16))
    }

    static func featureTree() throws -> CALayer {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 300), CGColor(gray: 0.9, alpha: 1))
        // A 30 × 20 image: red above, blue and green below.
        let painter = try #require(CGContext.bitmap(width: 30, height: 20))
        for (rect, color) in [
            (CGRect(x: 0, y: 0, width: 30, height: 10), rgb(1, 0, 0)),
            (CGRect(x: 0, y: 10, width: 15, height: 10), rgb(0, 0, 1)),
            (CGRect(x: 15, y: 10, width: 15, height: 10), rgb(0, 1, 0)),
        ] {
            painter.setFillColor(color)
            painter.fill(rect)
        }
        let image = try #require(painter.makeImage())
        let gravities: [CALayerContentsGravity] = [
            .center, .topLeft, .bottomRight, .resizeAspect, .resizeAspectFill, .resize,
        ]
        for (i, gravity) in gravities.enumerated() {
            let l = layer(CGRect(x: 10 + CGFloat(i) * 60, y: 10, width: 50, height: 40), CGColor(gray: 0.5, alpha: 1))
            l.contents = image
            l.contentsGravity = gravity
            root.addSublayer(l)
        }
        let nine = layer(CGRect(x: 80, y: 60, width: 90, height: 60), nil)
        nine.contents = image
        nine.contentsCenter = CGRect(x: 0.3, y: 0.3, width: 0.4, height: 0.4)
        root.addSublayer(nine)
        for (i, type) in [CAGradientLayerType.axial, .radial, .conic].enumerated() {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 180 + CGFloat(i) * 70, y: 60, width: 60, height: 60)
            gradient.colors = [rgb(1, 0, 0), rgb(0, 0, 1)]
            gradient.type = type
            gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
            gradient.endPoint = CGPoint(x: 1, y: 1)
            gradient.cornerRadius = 10
            root.addSublayer(gradient)
        }
        let card = layer(CGRect(x: 20, y: 140, width: 80, height: 60), rgb(0.2, 0.6, 0.3))
        card.cornerRadius = 12
        card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        card.borderWidth = 4
        card.borderColor = CGColor(gray: 0.1, alpha: 1)
        card.shadowOpacity = 0.8
        card.shadowOffset = CGSize(width: 6, height: 8)
        card.shadowRadius = 5
        root.addSublayer(card)
        let clip = layer(CGRect(x: 130, y: 140, width: 80, height: 80), CGColor(gray: 0.3, alpha: 1))
        clip.masksToBounds = true
        clip.cornerRadius = 20
        let bar = layer(CGRect(x: 20, y: 20, width: 80, height: 30), rgb(1, 0.8, 0))
        bar.setAffineTransform(CGAffineTransform(rotationAngle: 0.5))
        clip.addSublayer(bar)
        root.addSublayer(clip)
        let text = CATextLayer()
        text.frame = CGRect(x: 230, y: 140, width: 150, height: 40)
        text.string = "Hello glayers"
        text.fontSize = 18
        text.foregroundColor = CGColor(gray: 0, alpha: 1)
        text.alignmentMode = .center
        root.addSublayer(text)
        let group = layer(CGRect(x: 230, y: 200, width: 150, height: 80), nil)
        group.opacity = 0.5
        group.addSublayer(layer(CGRect(x: 0, y: 0, width: 90, height: 60), rgb(1, 0, 0)))
        let pill = layer(CGRect(x: 50, y: 20, width: 90, height: 60), rgb(0, 0, 1))
        pill.cornerRadius = 30
        group.addSublayer(pill)
        root.addSublayer(group)
        return root
    }

    /// An anchor point, a bounds origin and a rotation under a rounded sublayer; a border wider
    /// than the corner's inset with a radius beyond half the height; a shadow of a clipping,
    /// rounded layer; wrapped text aligned left, right and justified, truncated text; a
    /// gradient with locations; nested opacity over a shadow.
    static func secondFeatureTree() throws -> CALayer {
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 300), CGColor(gray: 0.95, alpha: 1))
        let turned = layer(CGRect(x: 20, y: 20, width: 100, height: 60), rgb(0.2, 0.4, 0.8))
        turned.anchorPoint = .zero
        turned.position = CGPoint(x: 30, y: 20)
        turned.bounds.origin = CGPoint(x: 10, y: 5)
        turned.setAffineTransform(CGAffineTransform(rotationAngle: 0.2))
        let dot = layer(CGRect(x: 10, y: 5, width: 30, height: 30), rgb(1, 1, 0))
        dot.cornerRadius = 8
        turned.addSublayer(dot)
        root.addSublayer(turned)
        let pill = layer(CGRect(x: 160, y: 20, width: 80, height: 50), rgb(0.9, 0.3, 0.3))
        pill.cornerRadius = 40
        pill.borderWidth = 12
        pill.borderColor = rgb(0, 0, 0, 0.6)
        root.addSublayer(pill)
        let card = layer(CGRect(x: 270, y: 20, width: 100, height: 70), rgb(1, 1, 1))
        card.cornerRadius = 14
        card.masksToBounds = true
        card.shadowOpacity = 0.6
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 0, height: 6)
        card.addSublayer(layer(CGRect(x: -10, y: 40, width: 130, height: 40), rgb(0.1, 0.7, 0.5)))
        root.addSublayer(card)
        for (i, mode) in [CATextLayerAlignmentMode.left, .right, .justified].enumerated() {
            let text = CATextLayer()
            text.frame = CGRect(x: 20 + CGFloat(i) * 125, y: 120, width: 115, height: 60)
            text.string = "The quick brown fox jumps over the lazy dog"
            text.isWrapped = true
            text.fontSize = 13
            text.foregroundColor = rgb(0.1, 0.1, 0.1)
            text.alignmentMode = mode
            text.backgroundColor = rgb(1, 1, 1)
            root.addSublayer(text)
        }
        let truncated = CATextLayer()
        truncated.frame = CGRect(x: 20, y: 190, width: 120, height: 20)
        truncated.string = "Truncated text that is long"
        truncated.truncationMode = .end
        truncated.fontSize = 14
        truncated.foregroundColor = rgb(0.5, 0, 0)
        root.addSublayer(truncated)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 160, y: 190, width: 100, height: 50)
        gradient.colors = [rgb(1, 0, 0), rgb(0, 1, 0), rgb(0, 0, 1)]
        gradient.locations = [0, 0.2, 1]
        gradient.startPoint = .zero
        gradient.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(gradient)
        let faded = layer(CGRect(x: 280, y: 190, width: 90, height: 80), nil)
        faded.opacity = 0.7
        let shadowed = layer(CGRect(x: 10, y: 10, width: 50, height: 50), rgb(0.3, 0.3, 0.9))
        shadowed.shadowOpacity = 1
        shadowed.shadowRadius = 3
        shadowed.opacity = 0.8
        faded.addSublayer(shadowed)
        root.addSublayer(faded)
        return root
    }

    static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    static func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }
}
