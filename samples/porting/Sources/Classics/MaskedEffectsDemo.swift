import QuartzCore

/// Two masked effects of loader and progress libraries, side by side in 320 × 160 points: a
/// shimmer (a gradient layer, with a view-like delegate, as the mask of the content it sweeps
/// across) and a progress ring drawn through an image mask (`clip(to:mask:)` with a ring
/// stroked in opaque black into a transparent bitmap).
public final class MaskedEffectsDemo {
    /// The root of the tree: 320 × 160 points.
    public let layer = CALayer()
    /// The shimmering placeholder.
    public let shimmer = ShimmerView()
    /// The ring clipped by its image mask.
    public let ring = ImageMaskedRingLayer()

    /// The demo, still: `start()` sweeps the shimmer and fills the ring.
    public init() {
        layer.frame = CGRect(x: 0, y: 0, width: 320, height: 160)
        layer.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        shimmer.layer.frame = CGRect(x: 20, y: 30, width: 150, height: 100)
        shimmer.gradient.frame = shimmer.layer.bounds
        ring.frame = CGRect(x: 190, y: 20, width: 120, height: 120)
        ring.contentsScale = 2
        layer.addSublayer(shimmer.layer)
        layer.addSublayer(ring)
    }

    /// Starts the sweep and fills the ring to 60 % (call it once the tree is shown and
    /// committed, so that the ring's change animates).
    public func start() {
        shimmer.startShimmering()
        ring.progress = 0.6
    }
}

/// A shimmering placeholder as shimmer libraries build it: skeleton bars in a content layer
/// whose mask is a horizontal gradient from translucent to opaque and back, its `locations`
/// swept across; the view is the gradient layer's delegate and answers only actions (it turns
/// off the implicit animation of its frame, as a view does for its own layer).
public final class ShimmerView: CALayerDelegate {
    /// The content: the skeleton bars.
    public let layer = CALayer()
    /// The mask sweeping across the content.
    public let gradient = CAGradientLayer()

    /// A placeholder of three grey bars.
    public init() {
        let bars: [CGRect] = [
            CGRect(x: 0, y: 0, width: 150, height: 24), CGRect(x: 0, y: 38, width: 120, height: 24),
            CGRect(x: 0, y: 76, width: 90, height: 24),
        ]
        for frame in bars {
            let bar = CALayer()
            bar.frame = frame
            bar.cornerRadius = 6
            bar.backgroundColor = CGColor(gray: 0.55, alpha: 1)
            layer.addSublayer(bar)
        }
        gradient.delegate = self
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let dim = CGColor(gray: 1, alpha: 0.3), bright = CGColor(gray: 1, alpha: 1)
        gradient.colors = [dim, bright, dim]
        gradient.locations = [0.35, 0.5, 0.65]
        layer.mask = gradient
    }

    /// Sweeps the bright band from left to right, every 1.2 seconds.
    public func startShimmering() {
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [-0.3, -0.15, 0.0]
        sweep.toValue = [1.0, 1.15, 1.3]
        sweep.duration = 1.2
        sweep.repeatCount = .infinity
        gradient.add(sweep, forKey: "shimmer")
    }

    /// No implicit animations for the mask (a view's answer for its own layer).
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
}

/// A progress ring drawn through an image mask: the ring's shape is stroked in opaque black
/// into a transparent bitmap, which `clip(to:mask:)` turns into a ring-shaped clip; a grey
/// track and a coloured sweep of the progress are then filled through it.
public final class ImageMaskedRingLayer: CALayer {
    /// The progress, 0 … 1 (kept by key-value coding, as `@NSManaged` properties are).
    public var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
        progress = 0  // what an @NSManaged CGFloat starts at: the first change animates from it
    }

    public override init(layer: Any) { super.init(layer: layer) }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// Drawn from `progress`: redrawn (the presentation layer too) when it changes.
    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    /// A change of `progress` animates from the value on screen over a second.
    public override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.value(forKey: event) ?? progress
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return animation
    }

    /// The ring's shape as an image: a 14-point circle stroked in opaque black on transparent
    /// pixels, at the layer's scale.
    func ringMask() -> CGImage? {
        let scale = contentsScale
        let width = Int(bounds.width * scale), height = Int(bounds.height * scale)
        guard width > 0, height > 0,
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.scaleBy(x: scale, y: scale)
        context.setStrokeColor(CGColor(gray: 0, alpha: 1))
        context.setLineWidth(14)
        context.strokeEllipse(in: bounds.insetBy(dx: 10, dy: 10))
        return context.makeImage()
    }

    public override func draw(in ctx: CGContext) {
        guard let mask = ringMask() else { return }
        ctx.saveGState()
        ctx.clip(to: bounds, mask: mask)
        ctx.setFillColor(CGColor(gray: 0.85, alpha: 1))
        ctx.fill(bounds)
        let fraction = max(0, min(progress, 1))
        if fraction > 0 {
            let center = CGPoint(x: bounds.midX, y: bounds.midY)
            let start = -CGFloat.pi / 2
            ctx.move(to: center)
            ctx.addArc(
                center: center, radius: bounds.width, startAngle: start, endAngle: start + 2 * .pi * fraction,
                clockwise: false)
            ctx.closePath()
            ctx.clip()
            let colors = [CGColor(red: 0.95, green: 0.35, blue: 0.4, alpha: 1), CGColor(red: 0.4, green: 0.3, blue: 0.95, alpha: 1)]
            if let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: [0, 1]) {
                ctx.drawLinearGradient(
                    gradient, start: CGPoint(x: bounds.minX, y: bounds.minY),
                    end: CGPoint(x: bounds.maxX, y: bounds.maxY), options: [])
            }
        }
        ctx.restoreGState()
    }
}
