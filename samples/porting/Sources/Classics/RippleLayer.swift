import QuartzCore

/// A pulsing ripple: rings that grow from a dot and fade, one after another, and the dot
/// beating under them.
public final class RippleLayer: CALayer {
    /// The dot in the middle.
    public let dot = CALayer()
    /// The rings (they start one `interval` apart).
    public private(set) var rings: [CAShapeLayer] = []
    /// How long one ring takes to grow and fade.
    public let period: CFTimeInterval = 1.8
    /// Time between rings.
    public var interval: CFTimeInterval { period / Double(rings.count) }

    public override init() {
        super.init()
        for _ in 0..<3 {
            let ring = CAShapeLayer()
            ring.fillColor = CGColor(red: 0.2, green: 0.7, blue: 0.55, alpha: 0.25)
            ring.strokeColor = CGColor(red: 0.2, green: 0.7, blue: 0.55, alpha: 1)
            ring.lineWidth = 2
            ring.opacity = 0
            rings.append(ring)
            addSublayer(ring)
        }
        dot.backgroundColor = CGColor(red: 0.2, green: 0.7, blue: 0.55, alpha: 1)
        addSublayer(dot)
    }

    public override init(layer: Any) { super.init(layer: layer) }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func layoutSublayers() {
        super.layoutSublayers()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let side = min(bounds.width, bounds.height)
        for ring in rings {
            ring.frame = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
            ring.path = CGPath(ellipseIn: ring.bounds.insetBy(dx: 2, dy: 2), transform: nil)
        }
        dot.bounds = CGRect(x: 0, y: 0, width: side / 5, height: side / 5)
        dot.position = CGPoint(x: bounds.midX, y: bounds.midY)
        dot.cornerRadius = side / 10
    }

    /// Starts the rings, each `interval` after the one before, and the beat of the dot.
    public func start() {
        let now = CACurrentMediaTime()
        for (i, ring) in rings.enumerated() {
            let grow = CABasicAnimation(keyPath: "transform.scale")
            grow.fromValue = 0.2
            grow.toValue = 1
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            let pulse = CAAnimationGroup()
            pulse.animations = [grow, fade]
            pulse.duration = period
            pulse.timingFunction = CAMediaTimingFunction(name: .easeOut)
            pulse.repeatCount = .infinity
            pulse.beginTime = now + Double(i) * interval
            ring.add(pulse, forKey: "pulse")
        }
        let beat = CABasicAnimation(keyPath: "transform.scale")
        beat.toValue = 1.25
        beat.duration = interval / 2
        beat.autoreverses = true
        beat.repeatCount = .infinity
        beat.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        dot.add(beat, forKey: "beat")
    }
}
