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

    /// Display P3 shares sRGB's transfer function and white: white and grays stay, P3's red
    /// lies outside sRGB (linear sRGB 1.2249, −0.0421, −0.0196, encoded).
    @Test func displayP3ColoursConvertToSRGB() throws {
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let white = try #require(CGColor(colorSpace: p3, components: [1, 1, 1, 1]))
        #expect(abs(white.rgba.r - 1) < 1e-6 && abs(white.rgba.g - 1) < 1e-6 && abs(white.rgba.b - 1) < 1e-6)
        let gray = try #require(CGColor(colorSpace: p3, components: [0.5, 0.5, 0.5, 0.25]))
        #expect(abs(gray.rgba.r - 0.5) < 1e-6 && abs(gray.rgba.b - 0.5) < 1e-6 && gray.rgba.a == 0.25)
        let red = try #require(CGColor(colorSpace: p3, components: [1, 0, 0, 1]))
        #expect(abs(red.rgba.r - 1.0930) < 1e-3 && abs(red.rgba.g + 0.2267) < 1e-3 && abs(red.rgba.b + 0.1501) < 1e-3)
        #expect(red.components == [1, 0, 0, 1] && red.colorSpace == p3)
    }

    /// A colour keeps its components only where they are not its `rgba` (Display P3): they are
    /// made from it when read, equal colours are equal and hash alike, and colours of other
    /// spaces or components are not equal.
    @Test func componentsEqualityAndHashes() throws {
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let rgb = CGColorSpaceCreateDeviceRGB()
        let gray = try #require(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        let colours: [(CGColor, [CGFloat])] = [
            (CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5), [0.25, 0.5, 0.75, 0.5]),
            (CGColor(gray: 0.375, alpha: 1), [0.375, 1]),
            (try #require(CGColor(colorSpace: rgb, components: [1, 0, 0.5, 1])), [1, 0, 0.5, 1]),
            (try #require(CGColor(colorSpace: gray, components: [0.5, 0.25])), [0.5, 0.25]),
            (try #require(CGColor(colorSpace: p3, components: [0.9, 0.1, 0.2, 1])), [0.9, 0.1, 0.2, 1]),
        ]
        for (i, (colour, components)) in colours.enumerated() {
            #expect(colour.components == components && colour.numberOfComponents == components.count)
            let space = try #require(colour.colorSpace)
            let same = try #require(CGColor(colorSpace: space, components: components))
            #expect(same == colour && same.hashValue == colour.hashValue)
            for (j, (other, _)) in colours.enumerated() where j != i { #expect(other != colour) }
            var changed = components
            changed[0] += 0.125
            #expect(CGColor(colorSpace: space, components: changed) != colour)
            #expect(colour.copy(alpha: 0.25)?.components == components.dropLast() + [0.25])
        }
        #expect(CGColor(gray: 1, alpha: 1) != CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    }

    @Test func colourLiterals() {
        let c: CGColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        #expect(c == CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.25))
    }

    @Test func convertedToGrayUsesLuminance() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let gray = try #require(red.converted(to: CGColorSpaceCreateDeviceGray(), intent: .defaultIntent, options: nil))
        #expect(gray.numberOfComponents == 2 && abs(gray.rgba.r - 0.2126) < 1e-9 && gray.alpha == 0.5)
        let back = try #require(gray.converted(to: CGColorSpaceCreateDeviceRGB(), intent: .perceptual, options: nil))
        #expect(back.components?.count == 4 && abs((back.components?[1] ?? 0) - 0.2126) < 1e-9)
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        #expect(red.converted(to: p3, intent: .defaultIntent, options: nil) == nil)
    }
}
