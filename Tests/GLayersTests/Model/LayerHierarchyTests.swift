import Foundation
import GLayers
import Testing

/// The layer tree.
@Suite struct LayerHierarchyTests {
    func named(_ n: String) -> CALayer {
        let l = CALayer()
        l.name = n
        return l
    }

    func names(_ l: CALayer) -> [String] { (l.sublayers ?? []).compactMap(\.name) }

    @Test func addAndInsert() {
        let root = named("root"), a = named("a"), b = named("b"), c = named("c"), d = named("d")
        #expect(root.sublayers == nil)
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, at: 1)
        #expect(names(root) == ["a", "b", "c"])
        root.insertSublayer(d, below: a)
        #expect(names(root) == ["d", "a", "b", "c"])
        root.insertSublayer(d, above: c)
        #expect(names(root) == ["a", "b", "c", "d"])
        #expect(a.superlayer === root)
    }

    @Test func insertPastTheEndAppendsWithAWarning() {
        let root = named("root"), a = named("a")
        let (_, warnings) = Diagnostics.capture { root.insertSublayer(a, at: 5) }
        #expect(names(root) == ["a"])
        #expect(warnings.count == 1)
    }

    @Test func addingElsewhereRemovesFromTheOldParent() {
        let p1 = named("p1"), p2 = named("p2"), a = named("a")
        p1.addSublayer(a)
        p2.addSublayer(a)
        #expect(p1.sublayers == nil)
        #expect(a.superlayer === p2)
        p2.addSublayer(a)
        #expect(names(p2) == ["a"])
    }

    @Test func replaceKeepsTheIndex() {
        let root = named("root"), a = named("a"), b = named("b"), c = named("c"), x = named("x")
        root.sublayers = [a, b, c]
        root.replaceSublayer(b, with: x)
        #expect(names(root) == ["a", "x", "c"])
        #expect(b.superlayer == nil && x.superlayer === root)
        let (_, warnings) = Diagnostics.capture { root.replaceSublayer(b, with: named("y")) }
        #expect(names(root) == ["a", "x", "c"] && warnings.count == 1)
    }

    @Test func sublayersSetterReplacesEverything() {
        let root = named("root"), a = named("a"), b = named("b")
        root.sublayers = [a]
        root.sublayers = [b]
        #expect(a.superlayer == nil && b.superlayer === root)
        root.sublayers = nil
        #expect(root.sublayers == nil && b.superlayer == nil)
    }

    @Test func removeFromSuperlayer() {
        let root = named("root"), a = named("a")
        root.addSublayer(a)
        a.removeFromSuperlayer()
        #expect(root.sublayers == nil && a.superlayer == nil)
        a.removeFromSuperlayer()  // no parent: nothing happens
    }

    @Test func maskHasNoSuperlayerAndRemovalDetachesIt() {
        let layer = named("layer"), m = named("mask"), parent = named("parent")
        parent.addSublayer(m)
        layer.mask = m
        #expect(m.superlayer == nil)
        #expect(parent.sublayers == nil)
        #expect(layer.mask === m)
        m.removeFromSuperlayer()
        #expect(layer.mask == nil)
        layer.mask = m
        parent.addSublayer(m)
        #expect(layer.mask == nil && m.superlayer === parent)
    }

    @Test func cyclesAreRefused() {
        let a = named("a"), b = named("b"), c = named("c")
        a.addSublayer(b)
        b.addSublayer(c)
        let (_, warnings) = Diagnostics.capture {
            c.addSublayer(a)
            a.addSublayer(a)
            b.mask = a
        }
        #expect(warnings.count == 3)
        #expect(a.superlayer == nil && c.sublayers == nil && b.mask == nil)
    }
}

@Suite struct TreeLimitTests {
    /// A subtree's own height counts when it is inserted (a leaf's is zero, found without a
    /// walk), and a mask's too.
    @Test func insertedSubtreesCountTheirHeight() {
        func chain(_ levels: Int) -> CALayer {
            let top = CALayer()
            var tip = top
            for _ in 0..<levels {
                let next = CALayer()
                tip.addSublayer(next)
                tip = next
            }
            return top
        }
        let root = chain(CALayer.maximumTreeDepth - 3)
        var tip = root
        while let next = tip.sublayers?.first { tip = next }
        let (_, warnings) = Diagnostics.capture {
            tip.addSublayer(chain(3))  // One level too deep.
            tip.addSublayer(chain(2))  // Just fits.
            let masked = CALayer()
            masked.mask = chain(2)
            tip.addSublayer(masked)  // Its mask one level too deep.
            tip.addSublayer(CALayer())
        }
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("levels deep") })
        #expect(tip.sublayers?.count == 2)
    }

    @Test func deepTreesAreRefusedNotCrashing() {
        let root = CALayer()
        var tip = root
        let (_, warnings) = Diagnostics.capture {
            for _ in 0..<(CALayer.maximumTreeDepth + 10) {
                let next = CALayer()
                tip.addSublayer(next)
                if next.superlayer == nil { break }
                tip = next
            }
        }
        #expect(warnings.count == 1 && warnings[0].contains("levels deep"))
        // Flattening, hit testing and layout of the deepest allowed tree work.
        root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        tip.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        tip.backgroundColor = CGColor(gray: 1, alpha: 1)
        _ = root.hitTest(CGPoint(x: 1, y: 1))
        root.setNeedsLayout()
        root.layoutIfNeeded()
        let (list, flattenWarnings) = Diagnostics.capture {
            FrameBuilder().build(root: root, at: 0, size: CGSize(width: 10, height: 10), scale: 1)
        }
        #expect(list.layerCount == CALayer.maximumTreeDepth + 1)
        #expect(flattenWarnings.count <= 1)
    }
}
