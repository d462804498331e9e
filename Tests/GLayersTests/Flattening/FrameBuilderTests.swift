import Foundation
import GLayers
import GLayersRenderList
import Testing

/// Flattening into render lists, checked without a GPU.
@Suite struct FrameBuilderTests {
    func image(_ w: Int, _ h: Int) throws -> CGImage {
        try CGImage(width: w, height: h, premultipliedRGBA: [UInt8](repeating: 255, count: w * h * 4))
    }

    func build(_ root: CALayer, size: CGSize = CGSize(width: 200, height: 100)) -> RenderList {
        FrameBuilder().build(root: root, at: 0, size: size, scale: 1)
    }

    @Test func itemsInPaintOrderWithWorldMatrices() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        b.frame = CGRect(x: 50, y: 0, width: 10, height: 10)
        b.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        b.zPosition = -1
        root.sublayers = [a, b]
        let list = build(root)
        #expect(list.passes.count == 1 && list.layerCount == 3)
        #expect(
            list.dump() == """
                frame 200x100 scale 1 clear rgba(0, 0, 0, 0)
                pass 0 screen source (0, 0, 200, 100) scale 1
                  item L0 rect (0, 0, 200, 100) m I bg rgba(0, 0, 0, 1) opaque
                  item L1 rect (0, 0, 10, 10) m T(50, 0, -1) bg rgba(0, 1, 0, 1) opaque
                  item L2 rect (0, 0, 30, 40) m T(10, 20) bg rgba(0.5, 0, 0, 0.5)

                """)
    }

    @Test func borderIsDrawnAboveSublayersAndHiddenLayersAreSkipped() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.borderWidth = 2
        root.borderColor = CGColor(gray: 1, alpha: 1)
        let child = CALayer(), hidden = CALayer(), clear = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        hidden.frame = child.frame
        hidden.backgroundColor = child.backgroundColor
        hidden.isHidden = true
        clear.frame = child.frame
        clear.backgroundColor = child.backgroundColor
        clear.opacity = 0
        root.sublayers = [child, hidden, clear]
        let items = build(root).items
        #expect(items.count == 2)
        #expect(items[0].layerIndex == 1 && items[0].borderWidth == 0)
        #expect(items[1].layerIndex == 0 && items[1].borderWidth == 2 && items[1].background.isClear)
    }

    @Test func masksToBoundsAddsANestedClip() {
        let root = CALayer(), outer = CALayer(), inner = CALayer(), leaf = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        outer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        outer.masksToBounds = true
        outer.cornerRadius = 8
        inner.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
        inner.masksToBounds = true
        inner.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        leaf.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        leaf.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(outer)
        outer.addSublayer(inner)
        inner.addSublayer(leaf)
        let list = build(root)
        #expect(list.clips.count == 2)
        #expect(list.clips[0].parent == -1 && list.clips[0].cornerRadius == 8)
        #expect(list.clips[1].parent == 0)
        #expect(list.items.count == 1 && list.items[0].clip == 1)
    }

    @Test func perspectiveSublayerTransformReachesTheChild() {
        let root = CALayer(), child = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        child.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        child.backgroundColor = CGColor(gray: 1, alpha: 1)
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        root.addSublayer(child)
        let item = build(root).items[0]
        // The corner (100, 0) of the child maps where the layer API's conversion says.
        let expected = child.convert(CGPoint(x: 100, y: 0), to: root)
        let projected = item.transform.project(100, 0)
        #expect(
            projected.map { abs(CGFloat($0.0) - expected.x) < 1e-3 && abs(CGFloat($0.1) - expected.y) < 1e-3 } == true)
    }

    @Test func groupOpacityMakesAPass() {
        let root = CALayer(), group = CALayer(), a = CALayer(), b = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        group.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        group.opacity = 0.5
        a.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        b.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        a.backgroundColor = CGColor(gray: 1, alpha: 1)
        b.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(group)
        group.sublayers = [a, b]
        let list = build(root)
        #expect(list.passes.count == 2)
        #expect(list.passes[1].sourceRect == Rect(x: 10, y: 10, width: 30, height: 30))
        let composite = list.items(of: .screen).first
        #expect(composite?.content == .pass(PassID(1)) && composite?.opacity == 0.5)
        #expect(list.items(of: PassID(1)).allSatisfy { $0.opacity == 1 })
        #expect(list.renderOrder() == [PassID(1), .screen])
        // Without sublayers the opacity multiplies straight into the item.
        group.sublayers = nil
        group.backgroundColor = CGColor(gray: 1, alpha: 1)
        let flat = build(root)
        #expect(flat.passes.count == 1 && flat.items[0].opacity == 0.5)
    }

    /// A group whose subtree draws one item needs no pass: that item at the product of the
    /// opacities is the same picture. Two items (which may overlap), a clipped item or one with
    /// a blend mode keep the pass.
    @Test func groupOpacityOverOneItemMakesNoPass() {
        let root = CALayer(), group = CALayer(), holder = CALayer(), a = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        group.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        group.opacity = 0.5
        a.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        a.backgroundColor = CGColor(gray: 1, alpha: 1)
        a.opacity = 0.8
        root.addSublayer(group)
        group.addSublayer(holder)
        holder.addSublayer(a)
        let list = build(root)
        #expect(list.passes.count == 1 && list.items.count == 1)
        #expect(list.items.first.map { abs($0.opacity - 0.4) < 1e-6 } == true)
        // Nothing drawn at all: no pass either.
        a.isHidden = true
        #expect(build(root).passes.count == 1 && build(root).items.isEmpty)
        a.isHidden = false
        a.compositingFilter = "multiplyBlendMode"
        #expect(build(root).passes.count == 2)
        a.compositingFilter = nil
        holder.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        holder.masksToBounds = true
        #expect(build(root).passes.count == 2)
        holder.masksToBounds = false
        // Over a single masked layer: its composite is the one item, at the group's opacity;
        // the mask's passes move down to fill the group's number.
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        a.mask = mask
        let masked = build(root)
        #expect(masked.passes.count == 3)
        #expect(masked.items(of: .screen).map(\.content) == [.pass(PassID(1))])
        #expect(masked.items(of: .screen).first.map { abs($0.opacity - 0.4) < 1e-6 } == true)
        #expect(masked.passes[1].effects.mask == PassID(2) && masked.passes[1].dependencies == [PassID(2)])
        #expect(masked.renderOrder() == [PassID(2), PassID(1), .screen])
        a.mask = nil
        let b = CALayer()
        b.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        b.backgroundColor = CGColor(gray: 0, alpha: 1)
        holder.addSublayer(b)
        #expect(build(root).passes.count == 2)
    }

    /// Nothing shows where a mask draws nothing, so a masked layer's passes cover only what
    /// both its content and its mask cover: a small mask over a large background draws the
    /// mask's points, not the background's.
    @Test func aMaskedPassCoversOnlyTheMask() {
        let root = CALayer(), card = CALayer(), mask = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        card.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        mask.frame = CGRect(x: 30, y: 20, width: 10, height: 12)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        card.mask = mask
        root.addSublayer(card)
        let list = build(root)
        #expect(list.passes.count == 3)
        #expect(list.passes.dropFirst().allSatisfy { $0.sourceRect == Rect(x: 30, y: 20, width: 10, height: 12) })
        #expect(list.items(of: .screen).first?.rect == Rect(x: 30, y: 20, width: 10, height: 12))
        // A mask outside the content: nothing at all.
        mask.frame = CGRect(x: 300, y: 20, width: 10, height: 12)
        #expect(build(root).items(of: .screen).isEmpty)
    }

    /// Gravity placements measured on Apple with bounds 80×60 and an image 20×10
    /// (docs/semantics.md#contents-and-gravity; "top" is maximum y).
    @Test(arguments: [
        ("center", CGRect(x: 30, y: 25, width: 20, height: 10)), ("top", CGRect(x: 30, y: 50, width: 20, height: 10)),
        ("bottom", CGRect(x: 30, y: 0, width: 20, height: 10)), ("left", CGRect(x: 0, y: 25, width: 20, height: 10)),
        ("right", CGRect(x: 60, y: 25, width: 20, height: 10)), ("topLeft", CGRect(x: 0, y: 50, width: 20, height: 10)),
        ("topRight", CGRect(x: 60, y: 50, width: 20, height: 10)),
        ("bottomLeft", CGRect(x: 0, y: 0, width: 20, height: 10)),
        ("bottomRight", CGRect(x: 60, y: 0, width: 20, height: 10)),
        ("resize", CGRect(x: 0, y: 0, width: 80, height: 60)),
        ("resizeAspect", CGRect(x: 0, y: 10, width: 80, height: 40)),
        ("resizeAspectFill", CGRect(x: -20, y: 0, width: 120, height: 60)),
        ("bogus", CGRect(x: 30, y: 25, width: 20, height: 10)),
    ])
    func gravity(name: String, expected: CGRect) throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        layer.contents = try image(20, 10)
        layer.contentsGravity = CALayerContentsGravity(rawValue: name)
        guard case .image(_, let placement)? = build(layer).items.first?.content else {
            Issue.record("no image item")
            return
        }
        #expect(
            placement.destination
                == Rect(
                    x: Float(expected.minX), y: Float(expected.minY), width: Float(expected.width),
                    height: Float(expected.height)))
    }

    @Test func contentsScaleRectAndCenter() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        layer.contents = try image(40, 20)
        layer.contentsScale = 2
        layer.contentsGravity = .center
        layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        guard case .image(_, let p)? = build(layer).items.first?.content else {
            Issue.record("no image item")
            return
        }
        #expect(p.destination == Rect(x: 35, y: 25, width: 10, height: 10))
        #expect(p.source == Rect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(p.center == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(p.naturalSize.width == 10 && p.naturalSize.height == 10)
    }

    @Test func simpleShadowsAreAnalyticAndContentShadowsUseAPass() throws {
        let root = CALayer(), card = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        card.frame = CGRect(x: 50, y: 50, width: 60, height: 40)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        card.cornerRadius = 10
        card.shadowOpacity = 0.5
        card.shadowOffset = CGSize(width: 0, height: 5)
        card.shadowRadius = 10
        root.addSublayer(card)
        let list = build(root, size: CGSize(width: 200, height: 200))
        #expect(list.passes.count == 1 && list.items.count == 2)
        #expect(list.items[0].content == .blurredShape(sigma: 8))
        #expect(list.items[0].transform.m[13] == 55 && list.items[0].background.a == 0.5)
        card.contents = try image(4, 4)
        let withContent = build(root, size: CGSize(width: 200, height: 200))
        #expect(withContent.passes.count == 2 && withContent.passes[1].effects.shadow?.sigma == 8)
    }

    /// A layer scaled up casts a shadow scaled up (σ and offset in screen space), and the pass
    /// that casts it leaves room for all of it: three σ and the offset beyond the content, as
    /// they land on screen (once measured in the layer's own units, the shadow of a layer shown
    /// at twice its size was cut off below).
    @Test func aScaledLayersShadowPassHoldsTheWholeShadow() throws {
        let root = CALayer(), card = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        card.frame = CGRect(x: 50, y: 50, width: 50, height: 50)
        card.contents = try image(4, 4)
        card.shadowOpacity = 1
        card.shadowOffset = CGSize(width: 0, height: 5)
        card.shadowRadius = 6
        card.transform = CATransform3DMakeScale(2, 2, 1)
        root.addSublayer(card)
        let list = build(root, size: CGSize(width: 400, height: 400))
        let shadow = try #require(list.passes.last?.effects.shadow)
        #expect(abs(shadow.sigma - 9.6) < 1e-4 && shadow.offsetY == 10)
        let drawn = try #require(list.items.first { if case .pass = $0.content { true } else { false } })
        // The card covers 25…125 on screen; its shadow reaches 3σ + 10 = 38.8 points beyond.
        #expect(drawn.rect.y <= 25 - 38.8 && drawn.rect.y + drawn.rect.height >= 125 + 38.8, "\(drawn.rect)")
    }

    @Test func rasterizedLayersCacheUntilTheyChange() throws {
        let root = CALayer(), flake = CALayer(), arm = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        flake.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        flake.shouldRasterize = true
        arm.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        arm.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(flake)
        flake.addSublayer(arm)
        let builder = FrameBuilder()
        let k1 = builder.build(root: root, at: 0, size: CGSize(width: 100, height: 100), scale: 1).passes[1].cacheKey
        flake.position = CGPoint(x: 60, y: 60)
        let k2 = builder.build(root: root, at: 1, size: CGSize(width: 100, height: 100), scale: 1).passes[1].cacheKey
        arm.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let k3 = builder.build(root: root, at: 2, size: CGSize(width: 100, height: 100), scale: 1).passes[1].cacheKey
        #expect(k1 != nil && k1 == k2 && k2 != k3)
        // A single image gains nothing from rasterizing: no pass.
        arm.removeFromSuperlayer()
        flake.contents = try image(2, 2)
        #expect(builder.build(root: root, at: 3, size: CGSize(width: 100, height: 100), scale: 1).passes.count == 1)
    }

    @Test func degenerateLayersAreSkippedWithADiagnostic() {
        let root = CALayer(), bad = CALayer(), empty = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        bad.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        bad.backgroundColor = CGColor(gray: 1, alpha: 1)
        var t = CATransform3DIdentity
        t.m11 = .infinity
        bad.transform = t
        empty.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.sublayers = [bad, empty]
        var list: RenderList?
        let (_, warnings) = Diagnostics.capture { list = build(root) }
        #expect(list?.items.isEmpty == true)
        #expect(warnings.count == 1 && warnings[0].contains("not finite"))
    }
}
