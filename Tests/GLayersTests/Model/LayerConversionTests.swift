import Foundation
import GLayers
import Testing

/// Coordinate conversion and hit testing.
@Suite struct LayerConversionTests {
    /// root (0,0,400,400) ⊃ parent at (200,200) 200×200 ⊃ child at (50,50) 20×20.
    func tree() -> (CALayer, CALayer, CALayer) {
        let root = CALayer(), parent = CALayer(), child = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        parent.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
        child.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        root.addSublayer(parent)
        parent.addSublayer(child)
        return (root, parent, child)
    }

    @Test func translationOnly() {
        let (root, parent, child) = tree()
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 40, y: 40))
        #expect(child.convert(CGPoint.zero, to: root) == CGPoint(x: 140, y: 140))
        #expect(root.convert(CGPoint(x: 140, y: 140), to: child) == .zero)
        #expect(child.convert(CGPoint(x: 145, y: 146), from: root) == CGPoint(x: 5, y: 6))
        #expect(
            child.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: root)
                == CGRect(x: 140, y: 140, width: 20, height: 20))
    }

    /// A flipped container's coordinates are its flipped space (docs/semantics.md#flipped-geometry):
    /// root 200×200 ⊃ flipped container (0, 0, 200, 100) ⊃ child at (10, 10) 20×20, which is
    /// drawn over y 70…90 of the root.
    @Test func flippedGeometryConvertsAndHitTestsWhereLayersAreDrawn() throws {
        let root = CALayer(), container = CALayer(), child = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        container.isGeometryFlipped = true
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(container)
        container.addSublayer(child)
        #expect(child.convert(CGPoint.zero, to: container) == CGPoint(x: 10, y: 10))
        #expect(container.convert(CGPoint.zero, to: root) == CGPoint(x: 0, y: 100))
        #expect(child.convert(CGPoint.zero, to: root) == CGPoint(x: 10, y: 90))
        #expect(child.convert(CGPoint(x: 10, y: 20), to: root) == CGPoint(x: 20, y: 70))
        #expect(root.convert(CGPoint(x: 20, y: 70), to: child) == CGPoint(x: 10, y: 20))
        #expect(
            child.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: root)
                == CGRect(x: 10, y: 70, width: 20, height: 20))
        #expect(root.hitTest(CGPoint(x: 15, y: 80)) === child)
        #expect(root.hitTest(CGPoint(x: 15, y: 20)) === container)
        // Where the child is drawn.
        let ctx = try #require(CGContext.bitmap(width: 200, height: 200))
        root.render(in: ctx)
        let image = try #require(ctx.makeImage())
        #expect(image.pixel(x: 15, y: 80)?.r == 255 && image.pixel(x: 15, y: 20)?.a == 0)
        // A sublayerTransform of the flipped container applies in its unflipped space.
        container.sublayerTransform = CATransform3DMakeTranslation(0, 5, 0)
        #expect(child.convert(CGPoint.zero, to: root) == CGPoint(x: 10, y: 95))
    }

    @Test func boundsOriginOfTheParentShiftsSublayers() {
        let (root, parent, child) = tree()
        parent.bounds.origin = CGPoint(x: 10, y: 0)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 40, y: 40))
        #expect(child.convert(CGPoint.zero, to: root) == CGPoint(x: 130, y: 140))
    }

    @Test func rotationAndScale() {
        let (root, parent, child) = tree()
        parent.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The child's origin is (40,40) in the parent, (−60,−60) from its centre; turned a
        // quarter (+x toward +y) it is (60,−60) from (200,200).
        #expect(close(child.convert(CGPoint.zero, to: root), CGPoint(x: 260, y: 140)))
        let back = root.convert(CGPoint(x: 260, y: 140), to: child)
        #expect(close(back, .zero))
    }

    @Test func throughPerspective() {
        let (root, parent, child) = tree()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        // Independent computation: the child's corner (20, 0) is (10, −10, 0) from its anchor;
        // rotated about y it is (10 cos a, −10, −10 sin a); plus the position (50, 50); then the
        // perspective about the parent's centre (100, 100) divides by w = 1 + 10 sin a / 500;
        // the parent's plane sits at (100, 100) in the root.
        let a = CGFloat.pi / 4
        let w = 1 + 10 * sin(a) / 500
        let expected = CGPoint(x: 200 + (10 * cos(a) - 50) / w, y: 200 + (-60) / w)
        let p = child.convert(CGPoint(x: 20, y: 0), to: root)
        #expect(close(p, expected, 1e-9))
        #expect(close(root.convert(p, to: child), CGPoint(x: 20, y: 0), 1e-9))
    }

    @Test func differentTreesConvertThroughTheirRoots() {
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        b.frame = CGRect(x: 100, y: 0, width: 10, height: 10)
        #expect(a.convert(CGPoint.zero, to: b) == CGPoint(x: -90, y: 10))
    }

    @Test func hitTestFrontToBackAndRotated() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let bar = CALayer()
        bar.name = "bar"
        bar.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        bar.position = CGPoint(x: 100, y: 100)
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(bar)
        #expect(root.hitTest(CGPoint(x: 100, y: 140)) === bar)
        #expect(root.hitTest(CGPoint(x: 140, y: 100)) === root)
        #expect(root.hitTest(CGPoint(x: 300, y: 100)) == nil)

        let front = CALayer(), back = CALayer()
        front.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        back.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.addSublayer(front)
        root.addSublayer(back)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        front.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === front)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        back.opacity = 0
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
    }

    @Test func masksToBoundsClipsHitTesting() {
        let root = CALayer(), clip = CALayer(), inner = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        clip.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        inner.frame = CGRect(x: 40, y: 40, width: 50, height: 50)
        root.addSublayer(clip)
        clip.addSublayer(inner)
        #expect(root.hitTest(CGPoint(x: 70, y: 70)) === inner)
        clip.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 70, y: 70)) === root)
        #expect(root.hitTest(CGPoint(x: 45, y: 45)) === inner)
        #expect(clip.contains(CGPoint(x: 49, y: 0)) && !clip.contains(CGPoint(x: 51, y: 0)))
    }
}
