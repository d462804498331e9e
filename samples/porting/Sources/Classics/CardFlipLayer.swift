import QuartzCore

/// A card that flips over in perspective: a transform layer holding a front and a back face,
/// each hidden when it faces away, turned half a turn about y under m34 = −1/500.
public final class CardFlipLayer: CALayer {
    /// The card: both faces, turned together.
    public let card = CATransformLayer()
    /// The face seen first.
    public let front = CALayer()
    /// The face seen after a flip (turned half a turn, so it faces the back).
    public let back = CALayer()
    /// Whether the back is showing (after an odd number of flips).
    public private(set) var isFlipped = false

    public override init() {
        super.init()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        sublayerTransform = perspective
        front.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
        back.backgroundColor = CGColor(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
        for (face, text) in [(front, "A"), (back, "B")] {
            face.cornerRadius = 12
            face.isDoubleSided = false
            let letter = CenteredTextLayer()
            letter.string = text
            letter.fontSize = 44
            letter.alignmentMode = .center
            letter.foregroundColor = CGColor(gray: 1, alpha: 1)
            letter.contentsScale = 2
            letter.isDoubleSided = false  // not inherited: the face's letter hides with it
            face.addSublayer(letter)
            card.addSublayer(face)
        }
        back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        addSublayer(card)
    }

    public override init(layer: Any) { super.init(layer: layer) }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func layoutSublayers() {
        super.layoutSublayers()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let size = CGSize(width: bounds.width * 0.6, height: bounds.height * 0.8)
        card.bounds = CGRect(origin: .zero, size: size)
        card.position = CGPoint(x: bounds.midX, y: bounds.midY)
        for face in [front, back] {
            face.frame = card.bounds
            face.sublayers?.first?.frame = face.bounds
        }
    }

    /// Turns the card over in `duration` seconds.
    public func flip(duration: CFTimeInterval = 1) {
        isFlipped.toggle()
        let target = CATransform3DMakeRotation(isFlipped ? .pi : 0, 0, 1, 0)
        let turn = CABasicAnimation(keyPath: "transform")
        turn.fromValue = card.presentation()?.transform ?? card.transform
        turn.toValue = target
        turn.duration = duration
        turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.transform = target
        CATransaction.commit()
        card.add(turn, forKey: "flip")
    }
}
