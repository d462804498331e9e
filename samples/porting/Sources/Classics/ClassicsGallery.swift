import QuartzCore

/// The four classics side by side in a 2 × 2 grid of 160-point cells on a light background.
public final class ClassicsGallery {
    /// The root of the tree: 320 × 320 points.
    public let layer = CALayer()
    public let indicator = ActivityIndicatorLayer()
    public let ring = ProgressRingLayer()
    public let card = CardFlipLayer()
    public let ripple = RippleLayer()

    public init() {
        layer.frame = CGRect(x: 0, y: 0, width: 320, height: 320)
        layer.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        indicator.frame = CGRect(x: 40, y: 40, width: 80, height: 80)
        ring.frame = CGRect(x: 190, y: 30, width: 100, height: 100)
        card.frame = CGRect(x: 0, y: 160, width: 160, height: 160)
        ripple.frame = CGRect(x: 180, y: 180, width: 120, height: 120)
        for sublayer in [indicator, ring, card, ripple] as [CALayer] { layer.addSublayer(sublayer) }
    }

    /// Starts every classic: the spinner, the ring's progress to 75 %, the flip, the ripple.
    /// Call it once the tree is shown and committed (a frame has shown it), so that the ring's
    /// change animates: a layer changed before its tree's first commit appears as set.
    public func start() {
        indicator.startAnimating()
        ring.progress = 0.75
        card.flip()
        ripple.start()
    }
}
