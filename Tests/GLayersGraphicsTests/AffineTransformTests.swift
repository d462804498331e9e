import Foundation
import GLayersGraphics
import Testing

@Suite struct AffineTransformTests {
    @Test func rotationTurnsXTowardY() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func translatedByAppliesTranslationFirst() {
        // CGAffineTransformTranslate(t, 10, 0) with t = scale 2: (0,0) -> (10,0) -> (20,0).
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(CGPoint.zero.applying(t) == CGPoint(x: 20, y: 0))
    }

    @Test func concatenatingAppliesSelfFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint.zero.applying(t) == CGPoint(x: 20, y: 0))
    }

    @Test func inverseRoundTrips() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 3, y: 4)
        let q = p.applying(t).applying(t.inverted())
        #expect(abs(q.x - p.x) < 1e-12 && abs(q.y - p.y) < 1e-12)
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
        #expect(singular.inverted() == singular)
    }

    @Test func rectBoundingBox() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.minX + 20) < 1e-9 && abs(r.width - 20) < 1e-9 && abs(r.height - 10) < 1e-9)
    }
}

@Suite struct ColorTests {
    @Test func grayComponentsAndCopy() throws {
        let c = CGColor(gray: 0.5, alpha: 1)
        #expect(c.components == [0.5, 1])
        #expect(c.numberOfComponents == 2)
        let d = try #require(c.copy(alpha: 0.25))
        #expect(d.alpha == 0.25 && d.components == [0.5, 0.25])
        #expect(d.rgba == RGBA(0.5, 0.5, 0.5, 0.25))
    }

    @Test func rgbEquality() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) != CGColor(gray: 1, alpha: 1))
        #expect(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [1, 2]) == nil)
    }
}
