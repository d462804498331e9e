import QuartzCore

/// The spinning activity indicator: one rounded bar, replicated twelve times round the
/// centre by a replicator layer, fading out a little later in each copy, so the bright bar
/// seems to go round.
public final class ActivityIndicatorLayer: CAReplicatorLayer {
    /// The bar every copy shows.
    public let bar = CALayer()
    /// How many bars go round.
    public let barCount = 12

    public override init() {
        super.init()
        instanceCount = barCount
        instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(barCount), 0, 0, 1)
        instanceDelay = 1.0 / Double(barCount)
        bar.backgroundColor = CGColor(gray: 0.25, alpha: 1)
        bar.opacity = 0.2
        addSublayer(bar)
    }

    public override init(layer: Any) { super.init(layer: layer) }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func layoutSublayers() {
        super.layoutSublayers()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let width = bounds.width / 12, height = bounds.height / 4
        bar.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        bar.position = CGPoint(x: bounds.midX, y: bounds.minY + height / 2)
        bar.cornerRadius = width / 2
    }

    /// Starts the bars fading, one second round.
    public func startAnimating() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.2
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
    }

    /// Stops them.
    public func stopAnimating() { bar.removeAnimation(forKey: "fade") }
}
