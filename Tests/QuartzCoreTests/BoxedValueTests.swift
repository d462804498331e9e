import QuartzCore
import Testing

/// Values boxed in `NSValue` and `NSNumber` as Apple code boxes them for animations and
/// key-value coding.
@Suite struct BoxedValues {
    @Test func gettersReturnWhatWasBoxed() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), .pi / 3, 0, 1, 0)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        #expect(NSValue(cgPoint: CGPoint(x: 1.5, y: -2)).cgPointValue == CGPoint(x: 1.5, y: -2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(NSValue(cgRect: r).cgRectValue == r)
        // Foundation's own names box the same values.
        #expect(NSValue(point: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgRect: r).rectValue == r)
    }

    @Test func boxesOfOtherTypesGiveTheDefault() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).caTransform3DValue == CATransform3DIdentity)
        #expect(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 2)).cgAffineTransformValue == .identity)
        #expect(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 2)).cgPointValue == .zero)
        #expect(NSNumber(value: 3).cgRectValue == .zero)
    }

    @Test func boxedTransformsAreEqualByValue() {
        let a = NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 4))
        #expect(a == NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 4)))
        #expect(a != NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 5)))
    }

    @Test func appleCodeBoxesAnimationValues() {
        // As written for iOS: every value boxed.
        let bounce = CAKeyframeAnimation(keyPath: "transform")
        bounce.values = [
            NSValue(caTransform3D: CATransform3DIdentity),
            NSValue(caTransform3D: CATransform3DMakeScale(1.2, 1.2, 1)),
            NSValue(caTransform3D: CATransform3DIdentity),
        ]
        bounce.keyTimes = [0, NSNumber(value: 0.5), 1]
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 50))
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSNumber(value: 1)
        fade.toValue = NSNumber(value: 0.0)
        let layer = CALayer()
        defer { finishAnimations(of: layer) }
        layer.add(bounce, forKey: "bounce")
        layer.add(move, forKey: "move")
        layer.add(fade, forKey: "fade")
        #expect(layer.animationKeys() == ["bounce", "move", "fade"])
        layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 40, height: 30)), forKey: "bounds")
        layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
        #expect(layer.bounds.size == CGSize(width: 40, height: 30) && layer.opacity == 0.5)
        #expect((move.toValue as? NSValue)?.cgPointValue == CGPoint(x: 100, y: 50))
    }
}
