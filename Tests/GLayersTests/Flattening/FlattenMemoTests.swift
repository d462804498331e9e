import Foundation
import GLayers
import GLayersRenderList
import Testing

extension ClockTests {
    /// Flattening's memo of a layer's own item (FrameBuilder+Memo.swift, #21): reused while
    /// only the layer's placement and opacity change, made again after any change of its model
    /// values. Each check flattens the same tree with a memoizing builder that has seen the
    /// tree before and with a fresh builder that keeps no memo; the lists must be equal.
    @Suite struct FlattenMemo {
        let size = CGSize(width: 200, height: 100)

        /// A root holding one leaf of the class named `name` with bounds, a background, a
        /// border and contents: a layer whose item the memo keeps.
        func scene(_ name: String) throws -> (root: CALayer, leaf: CALayer) {
            let root = CALayer(), leaf = PropertyTableTests.make(name)
            root.frame = CGRect(origin: .zero, size: size)
            leaf.frame = CGRect(x: 20, y: 10, width: 60, height: 40)
            leaf.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
            leaf.borderWidth = 2
            leaf.borderColor = CGColor(gray: 1, alpha: 1)
            leaf.contents = try CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 200, count: 16))
            root.addSublayer(leaf)
            return (root, leaf)
        }

        /// The list `memoized` makes of `root` at `t`, after checking it against a fresh
        /// flattening.
        @discardableResult
        func check(_ root: CALayer, _ memoized: FrameBuilder, at t: CFTimeInterval, _ what: String) -> RenderList {
            frame(at: t)
            let fresh = FrameBuilder()
            fresh.memoizes = false
            let expected = fresh.build(root: root, at: t, size: size, scale: 1).dump()
            let list = memoized.build(root: root, at: t, size: size, scale: 1)
            #expect(list.dump() == expected, "\(what)")
            return list
        }

        /// Every property of every layer class, set on a memoized leaf: the next list is a
        /// fresh flattening's (the memo is made again whenever a model value changes).
        @Test(arguments: PropertyTableTests.classes)
        func everyModelChangeRemakesTheItem(_ name: String) throws {
            try withManualClock {
                let cls = type(of: PropertyTableTests.make(name))
                let samples = PropertyTableTests()
                for key in cls.declaredKeys where !["superlayer", "delegate", "layoutManager"].contains(key) {
                    let (root, leaf) = try scene(name)
                    let builder = FrameBuilder()
                    check(root, builder, at: 0, "\(name) before \(key)")
                    check(root, builder, at: 0.1, "\(name) memoized before \(key)")
                    let current = leaf.value(forKey: key)
                    guard let value = samples.sample(for: key, kind: cls.valueKind(forKeyPath: key), current: current)
                    else { continue }
                    try leaf.strictSetValue(value, forKeyPath: key)
                    check(root, builder, at: 0.2, "\(name).\(key) changed")
                    check(root, builder, at: 0.3, "\(name).\(key) changed, memoized again")
                }
            }
        }

        /// A leaf whose animations move, turn and fade it keeps its memo: the frames take the
        /// item from it, with the placement of each frame.
        @Test func placementAnimationsReuseTheItem() throws {
            try withManualClock {
                let (root, leaf) = try scene("CALayer")
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                for (key, to) in [("position.x", 150.0), ("transform.rotation.z", 1.0), ("opacity", 0.25)] {
                    let a = CABasicAnimation(keyPath: key)
                    a.toValue = to
                    a.duration = 1
                    leaf.add(a, forKey: key)
                }
                let builder = FrameBuilder()
                for t in stride(from: 0.0, through: 1.2, by: 0.1) { check(root, builder, at: t, "at \(t)") }
                #expect(leaf.hasFlattenMemo, "the leaf's item is memoized")
                let stamp = leaf.flattenMemo.pointee.stamp
                check(root, builder, at: 1.3, "later")
                #expect(
                    leaf.hasFlattenMemo && leaf.flattenMemo.pointee.stamp == stamp, "placement alone keeps the memo")
            }
        }

        /// An animation of anything but placement and opacity (here the background colour)
        /// makes the item every frame, as the colour changes.
        @Test func otherAnimationsMakeTheItemEveryFrame() throws {
            try withManualClock {
                let (root, leaf) = try scene("CALayer")
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                let builder = FrameBuilder()
                check(root, builder, at: 0, "before")
                let a = CABasicAnimation(keyPath: "backgroundColor")
                a.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                a.duration = 1
                leaf.add(a, forKey: "colour")
                for t in stride(from: 0.0, through: 1.2, by: 0.2) { check(root, builder, at: t, "at \(t)") }
            }
        }

        /// A memoized leaf that gains a sublayer, a mask, or a flipped ancestor is flattened in
        /// full again.
        @Test func structureAndFlipsAreChecked() throws {
            try withManualClock {
                let (root, leaf) = try scene("CALayer")
                let builder = FrameBuilder()
                check(root, builder, at: 0, "before")
                check(root, builder, at: 0.1, "memoized")
                root.isGeometryFlipped = true
                check(root, builder, at: 0.2, "flipped root")
                let child = CALayer()
                child.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
                child.backgroundColor = CGColor(gray: 0, alpha: 1)
                leaf.addSublayer(child)
                check(root, builder, at: 0.3, "with a sublayer")
                child.removeFromSuperlayer()
                check(root, builder, at: 0.4, "without it")
                let mask = CALayer()
                mask.frame = CGRect(x: 0, y: 0, width: 30, height: 40)
                mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                leaf.mask = mask
                check(root, builder, at: 0.5, "with a mask")
            }
        }

        /// The memo is made where flattening keeps one, on a cache line of its own, and only
        /// there: a layer never flattened, a layer with sublayers and a tree flattened by a
        /// builder that keeps no memos (a one-frame render: `glayers shot`) hold none.
        @Test func memosAreMadeWhereKept() throws {
            try withManualClock {
                let (root, leaf) = try scene("CALayer")
                #expect(root.flattenMemoStorage == nil && leaf.flattenMemoStorage == nil, "never flattened")
                let once = FrameBuilder()
                once.memoizes = false
                check(root, once, at: 0, "without memos")
                #expect(leaf.flattenMemoStorage == nil && !leaf.hasFlattenMemo, "a builder that keeps none")
                check(root, FrameBuilder(), at: 0.1, "memoized")
                let memo = try #require(leaf.flattenMemoStorage)
                #expect(leaf.hasFlattenMemo && Int(bitPattern: memo) % 64 == 0, "on a line of its own")
                #expect(root.flattenMemoStorage == nil, "a layer with sublayers keeps no memo")
            }
        }
    }
}
