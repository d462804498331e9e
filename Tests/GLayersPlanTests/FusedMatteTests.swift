/// Fused mattes (`FramePlanner.prepareMattes`): a masked pass of one plain image, masked by a
/// pass of one plain image and shown by one item, is planned as that image masked in place,
/// and neither pass is rendered.
import GLayersRenderList
import Testing

@testable import GLayersPlan

struct FusedMatteTests {
    /// A screen-space pass of `item` over `source` masked by a pass of `mask`; returns the
    /// masked pass.
    static func matte(_ list: TestList, source: Rect, item: DrawItem, mask: DrawItem) -> PassID {
        let m = list.pass(source: source, items: [mask])
        let p = list.pass(source: source, items: [item])
        list.list.passes[Int(m.index)].screenSpace = true
        list.list.passes[Int(p.index)].screenSpace = true
        list.list.passes[Int(p.index)].effects.mask = m
        list.list.passes[Int(p.index)].dependencies = [m]
        return p
    }

    /// An image of `side` points at (x, y), turned a little.
    static func image(_ id: ImageID, at x: Float, _ y: Float, side: Float) -> DrawItem {
        let c = Float(0.96), s = Float(0.28)
        return DrawItem(
            transform: Matrix4(SIMD16(c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, x, y, 0, 1)),
            rect: Rect(x: 0, y: 0, width: side, height: side),
            content: .image(id, ContentPlacement(destination: Rect(x: 0, y: 0, width: side, height: side))))
    }

    /// A masked pass of one plain image, or of one plain colour (a Lottie solid under a track
    /// matte: no content, the mask second; opaque, it is still blended), under a mask of one
    /// plain image is one instance of the showing pass.
    @Test(arguments: [false, true])
    func aMatteIsDrawnInPlace(colour: Bool) {
        let list = TestList(width: 64, height: 64)
        let shape = list.add(TestImage(side: 8, opaque: true)), mask = list.add(TestImage(side: 8, opaque: false))
        let source = Rect(x: 8, y: 8, width: 40, height: 40)
        let item =
            colour
            ? DrawItem(transform: .identity, rect: source, background: Color(r: 1, g: 0, b: 0, a: 1), opaque: true)
            : Self.image(shape, at: 12, 6, side: 30)
        let p = Self.matte(list, source: source, item: item, mask: Self.image(mask, at: 20, 10, side: 24))
        list.screen([DrawItem(transform: .identity, rect: source, opacity: 0.5, content: .pass(p))])
        let planner = FramePlanner()
        planner.plan(list.list)
        let textures = colour ? "mask \(mask)" : "images \(shape) \(mask)"
        #expect(
            planner.dump() == """
                pass 0 64x64 scale 1
                  batch simpleMasked \(textures) sourceOver 0..<1
                instances 1 (192 bytes) tiles 0 mipmapped 0
                items 1 cleared 0 skipped 0 culled 0 sprites 0 unchanged 0

                """)
        // The instance: the item's opacity times the reader's, its clip the mask's planned
        // clip, whose parent is the rect the pass was shown in.
        let v = planner.instances
        #expect(v[0].w == 0.5)
        let clips = planner.plannedClips
        #expect(clips.count == 2 && clips[0].rect == source && clips[0].parent == -1 && clips[1].parent == 0)
        #expect(clips[1].rect == Rect(x: 0, y: 0, width: 24, height: 24))
        #expect(v[11].y.bitPattern == 1, "the mask's clip, after the list's (none)")
    }

    /// The showing item's clips cut it to one rect (a precomposition's bounds): the fused image
    /// is shown in that rect, an edge of the clip a pixel or more inside the item's taking the
    /// item's place. Edges that meet at the pass's edge (a composition's bounds around a layer
    /// as large as the frame) leave it whole.
    @Test(arguments: [false, true])
    func clipsOfTheShowingItemCutWhereTheMatteIsShown(wholeFrame: Bool) {
        let list = TestList(width: 64, height: 64)
        let shape = list.add(TestImage(side: 8, opaque: true)), mask = list.add(TestImage(side: 8, opaque: false))
        let source = wholeFrame ? Rect(x: 0, y: 0, width: 64, height: 64) : Rect(x: 8, y: 8, width: 40, height: 40)
        let p = Self.matte(
            list, source: source, item: Self.image(shape, at: 12, 6, side: 30),
            mask: Self.image(mask, at: 20, 10, side: 24))
        list.list.clips = [
            wholeFrame
                ? ClipNode(transform: .identity, rect: source, cornerRadius: 0, parent: -1)
                : ClipNode(
                    transform: .translation(20, 0), rect: Rect(x: 0, y: 0, width: 100, height: 100),
                    cornerRadius: 0, parent: -1)
        ]
        var reader = DrawItem(transform: .identity, rect: source, content: .pass(p))
        reader.clip = 0
        list.screen([reader])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(planner.passPlans.count == 1 && planner.commands.map(\.variant) == [.simpleMasked])
        let shown = wholeFrame ? source : Rect(x: 20, y: 8, width: 28, height: 40)
        #expect(planner.plannedClips.first?.rect == shown)
    }

    /// An alpha-inverted matte (a Lottie track matte of mode 2, as the Lottie builder makes
    /// it): the mask pass holds an opaque fill over all of it, then a pass of the mask image
    /// composited with `xor`. Fused, the item shows where the image does not: one instance
    /// with the inverted-mask flag, and none of the three passes rendered. A fill that leaves
    /// part of the mask pass uncovered keeps the passes.
    @Test(arguments: [true, false])
    func anInvertedMatteIsDrawnInPlace(fillCovers: Bool) {
        let list = TestList(width: 64, height: 64)
        let shape = list.add(TestImage(side: 8, opaque: true)), mask = list.add(TestImage(side: 8, opaque: false))
        let source = Rect(x: 8, y: 8, width: 40, height: 40), holeSource = Rect(x: 12, y: 6, width: 36, height: 36)
        let q = list.pass(source: holeSource, items: [Self.image(mask, at: 20, 10, side: 24)])
        let fill = DrawItem(
            transform: .translation(-100, -100), rect: Rect(x: 0, y: 0, width: fillCovers ? 300 : 130, height: 300),
            background: Color(r: 0, g: 0, b: 0, a: 1), opaque: true)
        let hole = DrawItem(transform: .identity, rect: holeSource, content: .pass(q), blend: .xor)
        let m = list.pass(source: source, items: [fill, hole])
        let p = list.pass(source: source, items: [Self.image(shape, at: 12, 6, side: 30)])
        for id in [q, m, p] { list.list.passes[Int(id.index)].screenSpace = true }
        list.list.passes[Int(m.index)].dependencies = [q]
        list.list.passes[Int(p.index)].effects.mask = m
        list.list.passes[Int(p.index)].dependencies = [m]
        list.screen([DrawItem(transform: .identity, rect: source, opacity: 0.5, content: .pass(p))])
        let planner = FramePlanner()
        planner.plan(list.list)
        guard fillCovers else {
            #expect(planner.passPlans.count == 4 && planner.plannedClips.isEmpty, "\(planner.dump())")
            return
        }
        #expect(planner.passPlans.count == 1 && planner.commands.map(\.variant) == [.simpleMasked])
        let flags = QuadFlags(rawValue: Int32(bitPattern: planner.instances[11].x.bitPattern))
        #expect(flags.contains(.invertedMask) && flags.contains(.texture))
        #expect(planner.plannedClips.last?.rect == Rect(x: 0, y: 0, width: 24, height: 24))
    }

    /// A mask with a background, a masked pass of two items, a pass shown twice, a clip whose
    /// edge lies within a pixel of the showing item's, and the switch that turns fusion off
    /// each keep the passes.
    @Test(arguments: ["background", "two items", "shown twice", "switched off", "clip edge within a pixel"])
    func mattesThatCannotBeFusedAreRendered(_ reason: String) {
        let list = TestList(width: 64, height: 64)
        let shape = list.add(TestImage(side: 8, opaque: true)), mask = list.add(TestImage(side: 8, opaque: false))
        let source = Rect(x: 8, y: 8, width: 40, height: 40)
        var masking = Self.image(mask, at: 20, 10, side: 24)
        if reason == "background" { masking.background = Color(r: 1, g: 0, b: 0, a: 1) }
        let p = Self.matte(list, source: source, item: Self.image(shape, at: 12, 6, side: 30), mask: masking)
        if reason == "two items" {
            // The masked pass's items are the last so far: one more after them is its.
            list.list.items.append(Self.image(shape, at: 4, 4, side: 8))
            let range = list.list.passes[Int(p.index)].itemRange
            list.list.passes[Int(p.index)].itemRange = range.lowerBound..<range.upperBound + 1
        }
        var reader = DrawItem(transform: .identity, rect: source, content: .pass(p))
        if reason == "clip edge within a pixel" {
            // Half a pixel inside the item's left edge: neither edge alone is the coverage.
            list.list.clips = [
                ClipNode(
                    transform: .translation(8.5, 0), rect: Rect(x: 0, y: 0, width: 100, height: 100),
                    cornerRadius: 0, parent: -1)
            ]
            reader.clip = 0
        }
        list.screen(reason == "shown twice" ? [reader, reader] : [reader])
        let planner = FramePlanner()
        planner.options.disableMatteFusion = reason == "switched off"
        planner.plan(list.list)
        #expect(planner.passPlans.count == 3, "\(planner.dump())")
        #expect(planner.plannedClips.isEmpty)
        #expect(!planner.commands.contains { $0.variant == .simpleMasked })
    }
}
