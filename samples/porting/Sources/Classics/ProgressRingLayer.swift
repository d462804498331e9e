import QuartzCore

/// A progress ring: a grey track (a shape layer), the arc of the progress drawn by a layer
/// with a custom animatable property, and the percentage in a text label in the middle.
///
/// Setting `progress` animates the arc from where it shows now to the new value.
public final class ProgressRingLayer: CALayer {
    /// The full circle under the arc.
    public let track = CAShapeLayer()
    /// The arc of the progress.
    public let arc = ProgressArcLayer()
    /// The percentage.
    public let label = CenteredTextLayer()

    public override init() {
        super.init()
        track.fillColor = nil
        track.strokeColor = CGColor(gray: 0.85, alpha: 1)
        track.lineWidth = 10
        label.fontSize = 26
        label.alignmentMode = .center
        label.foregroundColor = CGColor(gray: 0.2, alpha: 1)
        label.contentsScale = 2
        arc.contentsScale = 2
        addSublayer(track)
        addSublayer(arc)
        addSublayer(label)
        progress = 0
    }

    public override init(layer: Any) { super.init(layer: layer) }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// The progress, 0 … 1.
    public var progress: CGFloat {
        get { arc.progress }
        set {
            arc.progress = newValue
            label.string = "\(Int((newValue * 100).rounded()))%"
        }
    }

    public override func layoutSublayers() {
        super.layoutSublayers()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for layer in [track, arc, label] as [CALayer] { layer.frame = bounds }
        track.path = CGPath(ellipseIn: bounds.insetBy(dx: 5, dy: 5), transform: nil)
    }
}

/// The arc of a progress ring, drawn for the value of its custom animatable property
/// `progress`, which it redraws for as it animates.
public final class ProgressArcLayer: CALayer {
    /// The progress, 0 … 1 (a property kept by key-value coding: Apple code declares it
    /// `@NSManaged var progress: CGFloat`).
    public var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    public override init(layer: Any) { super.init(layer: layer) }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// The arc is drawn from `progress`: redraw (the presentation layer too) when it changes.
    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    /// A change of `progress` animates from the value on screen.
    public override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.value(forKey: event) ?? progress
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return animation
    }

    public override func draw(in ctx: CGContext) {
        guard progress > 0 else { return }
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 5
        let start = -CGFloat.pi / 2
        ctx.setStrokeColor(CGColor(red: 0.15, green: 0.5, blue: 0.95, alpha: 1))
        ctx.setLineWidth(10)
        ctx.setLineCap(.round)
        ctx.addArc(
            center: center, radius: radius, startAngle: start, endAngle: start + 2 * .pi * max(0, min(progress, 1)),
            clockwise: false)
        ctx.strokePath()
    }
}
