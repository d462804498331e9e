import Foundation
import GLayers
import Testing

/// Layer geometry, with the Core Animation Programming Guide's numbers.
@Suite struct LayerGeometryTests {
    @Test func guideFrameExample() {
        let layer = CALayer()
        layer.position = CGPoint(x: 100, y: 100)
        layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.frame == CGRect(x: 40, y: 60, width: 120, height: 80))
    }

    @Test func guideAnchorPointExample() {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 40, y: 60, width: 120, height: 80)
        #expect(layer.position == CGPoint(x: 40, y: 60))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 120, height: 80))
    }

    @Test func settingFrameKeepsTheBoundsOrigin() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 7, width: 10, height: 10)
        layer.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        #expect(layer.bounds == CGRect(x: 5, y: 7, width: 30, height: 20))
        #expect(layer.position == CGPoint(x: 15, y: 10))
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
    }

    @Test func negativeFramesAreStandardised() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: -4, height: -6)
        #expect(layer.frame == CGRect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func frameIsTheBoxOfTheTransformedBounds() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 200)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(layer.frame, CGRect(x: 175, y: 150, width: 50, height: 100)))
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(close(layer.frame, CGRect(x: 100, y: 125, width: 200, height: 150)))
    }

    @Test func frameRoundTripsUnderScaleAndAnchor() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<100 {
            let layer = CALayer()
            layer.anchorPoint = CGPoint(x: rng.unit(), y: rng.unit())
            layer.transform = CATransform3DMakeScale(rng.range(0.5, 2), rng.range(0.5, 2), 1)
            let f = CGRect(
                x: rng.range(-100, 100), y: rng.range(-100, 100), width: rng.range(1, 200), height: rng.range(1, 200))
            layer.frame = f
            #expect(close(layer.frame, f, 1e-9))
        }
    }

    /// Under a transform that flattens the plane (a zero scale, a quarter turn about y, a
    /// scale of 10⁻⁷) no bounds size gives the frame: the bounds size stays and the frame's
    /// centre becomes the layer's; a small scale that does not flatten it (10⁻³) stays exact
    /// (docs/semantics.md#anchor-point-position-and-frame).
    @Test func frameUnderAFlatteningTransformKeepsTheBoundsSize() {
        let flattening = [
            CATransform3DMakeScale(0, 0, 1), CATransform3DMakeRotation(.pi / 2, 0, 1, 0),
            CATransform3DMakeScale(1e-7, 1e-7, 1),
        ]
        for t in flattening {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
            layer.transform = t
            layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            #expect(layer.bounds.size == CGSize(width: 100, height: 40), "\(t)")
            #expect(close(layer.position, CGPoint(x: 35, y: 35)), "\(layer.position)")
        }
        let small = CALayer()
        small.transform = CATransform3DMakeScale(1e-3, 1e-3, 1)
        small.frame = CGRect(x: 0, y: 0, width: 1, height: 2)
        #expect(abs(small.bounds.width - 1000) < 1e-6 && abs(small.bounds.height - 2000) < 1e-6)
    }

    @Test func affineTransformOfANonAffineTransformIsIdentity() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeRotation(0.5, 1, 0, 0)
        #expect(layer.affineTransform() == .identity)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        #expect(layer.transform == CATransform3DMakeScale(2, 2, 1))
    }

    @Test func defaultsAreApples() {
        let l = CALayer()
        #expect(l.opacity == 1 && !l.isHidden && l.isDoubleSided && !l.masksToBounds)
        #expect(l.shadowOpacity == 0 && l.shadowRadius == 3 && l.shadowOffset == CGSize(width: 0, height: -3))
        #expect(l.shadowColor == CGColor.black && l.borderColor == CGColor.black && l.backgroundColor == nil)
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && l.contentsGravity == .resize)
        #expect(l.contentsScale == 1 && l.rasterizationScale == 1 && l.cornerRadius == 0 && l.borderWidth == 0)
        #expect(l.duration == .infinity && l.speed == 1 && l.beginTime == 0)
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
    }
}
