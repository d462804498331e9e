import Foundation
import GLayers
import Testing

/// The functions of CATransform3D.h, with Apple's conventions (docs/semantics.md#catransform3d).
@Suite struct CATransform3DTests {
    @Test func identityAndEquality() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 1, 1), CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 1e-12)))
    }

    @Test func translationSitsInTheFourthRow() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3 && t.m44 == 1)
        #expect(t.apply(to: CGPoint(x: 10, y: 20)) == CGPoint(x: 11, y: 22))
    }

    @Test func scaleIsDiagonal() {
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(t.m11 == 2 && t.m22 == 3 && t.m33 == 4 && t.m44 == 1 && t.m12 == 0)
    }

    @Test func rotationAboutZHasPositiveM12() {
        let t = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(t.m11, 0) && close(t.m12, 1) && close(t.m21, -1) && close(t.m22, 0))
        // +x turns toward +y.
        #expect(close(t.apply(to: CGPoint(x: 1, y: 0)), CGPoint(x: 0, y: 1)))
    }

    @Test func rotationAboutXAndYSigns() {
        let a: CGFloat = 0.3
        let x = CATransform3DMakeRotation(a, 1, 0, 0)
        #expect(close(x.m23, sin(a)) && close(x.m32, -sin(a)) && close(x.m22, cos(a)))
        let y = CATransform3DMakeRotation(a, 0, 1, 0)
        #expect(close(y.m13, -sin(a)) && close(y.m31, sin(a)) && close(y.m11, cos(a)))
    }

    @Test func rotationAxisIsNormalisedAndZeroAxisIsIdentity() {
        #expect(close(CATransform3DMakeRotation(1, 2, 2, 2), CATransform3DMakeRotation(1, 1, 1, 1)))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
    }

    @Test func translateAppliesTheTranslationFirst() {
        // CATransform3DTranslate(t, …) = translate · t: the translation is scaled by t.
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0)
        #expect(t.apply(to: .zero) == CGPoint(x: 20, y: 0))
        let s = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 2)
        #expect(s.apply(to: CGPoint(x: 1, y: 0)) == CGPoint(x: 12, y: 0))
        let r = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        #expect(close(r.apply(to: CGPoint(x: 1, y: 0)), CGPoint(x: 10, y: 1)))
    }

    @Test func concatAppliesTheFirstArgumentFirst() {
        let t = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 2))
        #expect(t.apply(to: .zero) == CGPoint(x: 20, y: 0))
        let u = CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(10, 0, 0))
        #expect(u.apply(to: .zero) == CGPoint(x: 10, y: 0))
    }

    @Test func invertReturnsTheInputWhenSingular() {
        let singular = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(singular) == singular)
        let t = CATransform3DMakeTranslation(3, 4, 5)
        #expect(close(CATransform3DInvert(t), CATransform3DMakeTranslation(-3, -4, -5)))
    }

    @Test func invertTimesTransformIsIdentity() {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<200 {
            var t = CATransform3DMakeRotation(rng.range(-4, 4), rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1))
            t = CATransform3DScale(t, rng.range(0.2, 3), rng.range(0.2, 3), rng.range(0.2, 3))
            t = CATransform3DTranslate(t, rng.range(-100, 100), rng.range(-100, 100), rng.range(-100, 100))
            t.m34 = -1 / rng.range(200, 2000)
            #expect(close(CATransform3DConcat(CATransform3DInvert(t), t), CATransform3DIdentity, 1e-9))
        }
    }

    @Test func affineRoundTripAndIsAffine() {
        let m = CGAffineTransform(a: 2, b: 0.5, c: -0.5, d: 3, tx: 7, ty: -9)
        let t = CATransform3DMakeAffineTransform(m)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == m)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        var p = CATransform3DIdentity
        p.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(p))
    }

    @Test func perspectiveMagnifiesPointsInFront() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let (x, _, _, w) = p.apply(x: 100, y: 0, z: 100)
        #expect(close(w, 0.8))
        #expect(close(x / w, 125))
    }
}
