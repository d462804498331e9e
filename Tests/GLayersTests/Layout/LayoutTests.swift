import Foundation
import GLayers
import Testing

/// Autoresizing and constraint layout.
@Suite struct AutoresizingTests {
    /// A 200×100 superlayer with a child at (10, 10, 50, 20), widened to `newSize`.
    func resized(_ mask: CAAutoresizingMask, to newSize: CGSize) -> CGRect {
        let parent = CALayer(), child = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        child.frame = CGRect(x: 10, y: 10, width: 50, height: 20)
        child.autoresizingMask = mask
        parent.addSublayer(child)
        parent.bounds = CGRect(origin: .zero, size: newSize)
        return child.frame
    }

    @Test func noMaskKeepsTheFrame() {
        #expect(resized([], to: CGSize(width: 300, height: 160)) == CGRect(x: 10, y: 10, width: 50, height: 20))
    }

    @Test func sizableTakesTheWholeChange() {
        #expect(
            resized([.layerWidthSizable, .layerHeightSizable], to: CGSize(width: 300, height: 160))
                == CGRect(x: 10, y: 10, width: 150, height: 80))
    }

    @Test func flexibleMinMarginMoves() {
        #expect(
            resized([.layerMinXMargin, .layerMinYMargin], to: CGSize(width: 300, height: 160))
                == CGRect(x: 110, y: 70, width: 50, height: 20))
    }

    @Test func twoFlexibleMarginsSplitTheChange() {
        #expect(
            resized([.layerMinXMargin, .layerMaxXMargin], to: CGSize(width: 301, height: 100))
                == CGRect(x: 60, y: 10, width: 50, height: 20))
    }

    @Test func allFlexibleSplitInThirdsWithFlooredMargins() {
        // Δ = 100: margins floor(33.3) = 33 each, the size takes the remaining 34.
        #expect(
            resized([.layerMinXMargin, .layerWidthSizable, .layerMaxXMargin], to: CGSize(width: 300, height: 100))
                == CGRect(x: 43, y: 10, width: 84, height: 20))
        // Δ = −100: margins floor(−33.3) = −34 each, the size −32.
        #expect(
            resized([.layerMinXMargin, .layerWidthSizable, .layerMaxXMargin], to: CGSize(width: 100, height: 100))
                == CGRect(x: -24, y: 10, width: 18, height: 20))
    }

    @Test func resizingRecursesAndOnlySizeChangesCount() {
        let root = CALayer(), mid = CALayer(), leaf = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        mid.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        leaf.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        mid.autoresizingMask = [.layerWidthSizable]
        leaf.autoresizingMask = [.layerMinXMargin]
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        root.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(mid.frame.width == 100)
        root.bounds.size.width = 150
        #expect(mid.frame.width == 150 && leaf.frame.minX == 50)
    }
}

@Suite struct ConstraintLayoutTests {
    /// The guide's listing: layerA 100×25 centred; layerB as wide as layerA with the same
    /// centre, maxY 10 below layerA's minY, minY 10 above the superlayer's minY.
    func guideExample(in size: CGSize) -> (CALayer, CALayer, CALayer) {
        let theLayer = CALayer()
        theLayer.bounds = CGRect(origin: .zero, size: size)
        theLayer.layoutManager = CAConstraintLayoutManager()
        let layerA = CALayer()
        layerA.name = "layerA"
        layerA.bounds = CGRect(x: 0, y: 0, width: 100, height: 25)
        layerA.borderWidth = 2
        layerA.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        layerA.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        theLayer.addSublayer(layerA)
        let layerB = CALayer()
        layerB.name = "layerB"
        layerB.borderWidth = 2
        layerB.addConstraint(CAConstraint(attribute: .width, relativeTo: "layerA", attribute: .width))
        layerB.addConstraint(CAConstraint(attribute: .midX, relativeTo: "layerA", attribute: .midX))
        layerB.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "layerA", attribute: .minY, offset: -10))
        layerB.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 10))
        theLayer.addSublayer(layerB)
        theLayer.layoutIfNeeded()
        return (theLayer, layerA, layerB)
    }

    @Test(arguments: [
        CGSize(width: 400, height: 300), CGSize(width: 640, height: 480), CGSize(width: 123, height: 457),
    ])
    func guideExampleLaysOutExactly(size: CGSize) {
        let (_, a, b) = guideExample(in: size)
        #expect(a.frame == CGRect(x: size.width / 2 - 50, y: size.height / 2 - 12.5, width: 100, height: 25))
        #expect(b.frame == CGRect(x: size.width / 2 - 50, y: 10, width: 100, height: a.frame.minY - 10 - 10))
    }

    @Test func relayoutFollowsTheSuperlayer() {
        let (parent, a, b) = guideExample(in: CGSize(width: 400, height: 300))
        parent.bounds = CGRect(x: 0, y: 0, width: 800, height: 600)
        parent.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 350, y: 287.5, width: 100, height: 25))
        #expect(b.frame == CGRect(x: 350, y: 10, width: 100, height: 267.5))
    }

    @Test func scaleAndOtherAxisSources() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.layoutManager = CAConstraintLayoutManager()
        let c = CALayer()
        c.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        c.addConstraint(
            CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .maxY, scale: 0.5, offset: 1))
        c.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX))
        parent.addSublayer(c)
        parent.layoutIfNeeded()
        #expect(c.frame == CGRect(x: 51, y: 5, width: 149, height: 20))
    }

    @Test func duplicateAttributesLeaveTheAxisAlone() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.layoutManager = CAConstraintLayoutManager()
        let c = CALayer()
        c.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        c.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10))
        c.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 20))
        parent.addSublayer(c)
        parent.layoutIfNeeded()
        #expect(c.frame == CGRect(x: 3, y: 5, width: 40, height: 20))
    }

    @Test func cyclesAreReportedNotHung() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.layoutManager = CAConstraintLayoutManager()
        let a = CALayer(), b = CALayer()
        a.name = "a"
        b.name = "b"
        a.frame = CGRect(x: 1, y: 1, width: 10, height: 10)
        b.frame = CGRect(x: 2, y: 2, width: 10, height: 10)
        a.addConstraint(CAConstraint(attribute: .minX, relativeTo: "b", attribute: .maxX))
        b.addConstraint(CAConstraint(attribute: .minX, relativeTo: "a", attribute: .maxX))
        parent.sublayers = [a, b]
        let (_, warnings) = Diagnostics.capture { parent.layoutIfNeeded() }
        #expect(warnings.count == 1 && warnings[0].contains("cycle"))
        #expect(a.frame == CGRect(x: 1, y: 1, width: 10, height: 10))
        #expect(b.frame == CGRect(x: 2, y: 2, width: 10, height: 10))
    }

    /// A chain of 20 000 siblings, each starting where the one before ends, listed last first
    /// (so solving the first listed walks the whole chain), lays out with no stack overflow;
    /// closed into a cycle, it is reported once and every layer keeps its frame (#24: the
    /// solver recursed once per link).
    @Test(arguments: [false, true])
    func longChainsAreSolvedWithoutRecursion(closed: Bool) {
        let count = 20_000
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.layoutManager = CAConstraintLayoutManager()
        let layers = (0..<count).map { i -> CALayer in
            let l = CALayer()
            l.name = "l\(i)"
            l.frame = CGRect(x: -5, y: 0, width: 1, height: 1)
            let source = i > 0 ? "l\(i - 1)" : closed ? "l\(count - 1)" : "superlayer"
            l.addConstraint(
                CAConstraint(attribute: .minX, relativeTo: source, attribute: i > 0 || closed ? .maxX : .minX))
            return l
        }
        parent.sublayers = layers.reversed()
        let (_, warnings) = Diagnostics.capture { parent.layoutIfNeeded() }
        if closed {
            #expect(warnings.count == 1 && layers.allSatisfy { $0.frame.minX == -5 })
        } else {
            #expect(warnings.isEmpty && layers[count - 1].frame.minX == CGFloat(count - 1))
        }
    }
}
