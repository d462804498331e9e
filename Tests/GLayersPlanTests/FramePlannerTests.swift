import GLayersRenderList
import Testing

/// Planning without OpenGL (FramePlanner): this target links no GL library, so every plan
/// here is made, dumped and compared on the CPU alone — commands, textures by identity,
/// tile batches, sprites measured from pixels, skips, scheduling and the instance bytes.
@testable import GLayersPlan

@Suite struct FramePlannerTests {
    /// A screen item covering `rect` at `offset`.
    static func item(
        _ rect: Rect, at offset: (Float, Float) = (0, 0), background: Color = Color(r: 0, g: 0, b: 1, a: 0.5),
        content: ItemContent = .none, opaque: Bool = false, blend: BlendMode = .normal, tint: Color? = nil
    ) -> DrawItem {
        DrawItem(
            transform: .translation(offset.0, offset.1), rect: rect, background: background, content: content,
            opaque: opaque, blend: blend, contentTint: tint)
    }

    static func image(_ id: ImageID, _ side: Float) -> ItemContent {
        .image(id, ContentPlacement(destination: Rect(x: 0, y: 0, width: side, height: side)))
    }

    static let square = Rect(x: 0, y: 0, width: 10, height: 10)

    @Test func plainRectsBatchAndTheFirstOpaqueItemIsTheClearColour() {
        let list = TestList(width: 100, height: 80)
        list.screen([
            Self.item(
                Rect(x: 0, y: 0, width: 100, height: 80), background: Color(r: 1, g: 0, b: 0, a: 1), opaque: true),
            Self.item(Self.square, at: (5, 5)),
            Self.item(Self.square, at: (20, 5)),
            Self.item(Self.square, at: (35, 5), background: Color(r: 0, g: 1, b: 0, a: 1), opaque: true),
        ])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(
            planner.dump() == """
                pass 0 100x80 scale 1 clear (1, 0, 0, 1)
                  batch simple none sourceOver 0..<2
                  batch simple none replace 2..<3
                instances 3 (576 bytes) tiles 0 mipmapped 0
                items 4 cleared 1 skipped 0 culled 0 sprites 0 unchanged 0

                """)
    }

    /// Images are named by identity: runs of one image batch, another image cuts the run
    /// (small images drawn from textures of their own: see `smallImagesShareLayers`).
    @Test func imagesBatchByIdentity() {
        let list = TestList(width: 64, height: 64)
        let a = list.add(TestImage(side: 8, opaque: true)), b = list.add(TestImage(side: 8, opaque: true))
        list.screen(
            [a, a, b, a].enumerated().map { i, id in
                Self.item(Self.square, at: (Float(i) * 12, 0), background: .clear, content: Self.image(id, 10))
            })
        let planner = FramePlanner()
        planner.options.disableSmallImageArrays = true
        planner.plan(list.list)
        #expect(
            planner.dump() == """
                pass 0 64x64 scale 1
                  batch simple image \(a) sourceOver 0..<2
                  batch simple image \(b) sourceOver 2..<3
                  batch simple image \(a) sourceOver 3..<4
                instances 4 (768 bytes) tiles 0 mipmapped 0
                items 4 cleared 0 skipped 0 culled 0 sprites 0 unchanged 0

                """)
    }

    /// A continuous corner reaches its full length, 1.53 radii along each side, while that
    /// fits in half the shorter side; beyond, it is blended toward a circle's, and its batch
    /// needs the program with blended corners (quad.frag.glsl's `continuousBlend`).
    @Test func continuousCornersReachTheirFullLengthWhileTheyFit() {
        let rect = Rect(x: 0, y: 0, width: 60, height: 44)
        #expect(FramePlanner.cornersReachFullLength(rect, radius: 0))
        #expect(FramePlanner.cornersReachFullLength(rect, radius: 14))  // 21.4 of 22
        #expect(!FramePlanner.cornersReachFullLength(rect, radius: 14.5))  // 22.2
        #expect(!FramePlanner.cornersReachFullLength(rect, radius: 22))  // a capsule
        #expect(!FramePlanner.cornersReachFullLength(rect, radius: 100))
        #expect(FramePlanner.cornersReachFullLength(Rect(x: 0, y: 0, width: 0, height: 10), radius: 5))
    }

    /// An item that shows only its content, unclipped, is the plain rect of its destination
    /// (a shape layer's raster reaching past its bounds): the simple program, its quad and
    /// edges those of the destination. A background, a border or a clip to the bounds keep
    /// the general program.
    @Test func contentAloneIsThePlainRectOfItsDestination() {
        let list = TestList(width: 64, height: 64)
        let id = list.add(TestImage(side: 8, opaque: true))
        let beyond = ItemContent.image(id, ContentPlacement(destination: Rect(x: -5, y: -5, width: 20, height: 20)))
        var clipped = Self.item(Self.square, at: (40, 40), background: .clear, content: beyond)
        clipped.clipsContent = true
        list.screen([
            Self.item(Self.square, at: (10, 10), background: .clear, content: beyond),
            Self.item(Self.square, at: (30, 10), content: beyond), clipped,
        ])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(
            planner.dump() == """
                pass 0 64x64 scale 1
                  batch simple image \(id) sourceOver 0..<1
                  batch general(content) image \(id) sourceOver 1..<3
                instances 3 (576 bytes) tiles 0 mipmapped 0
                items 3 cleared 0 skipped 0 culled 0 sprites 0 unchanged 0

                """)
        // The simple instance's rect and quad are the destination (vectors 3 and 4).
        let v = planner.instances
        #expect(v[3] == SIMD4(-5, -5, 20, 20) && v[4] == SIMD4(-5, -5, 20, 20))
    }

    /// A clip that holds an item with room to spare (its quad grown by a pixel and a half) cuts
    /// nothing: the instance is planned without it, by the simple program. A clip the item
    /// crosses, or a turned one, stays.
    ///
    /// Only the pass's pixels are drawn: a clip that follows the edges of an item larger than
    /// the pass (a composition's bounds around its full-frame background) cuts nothing the pass
    /// shows, and is left out. Where such an edge lies inside the pass, the clip stays. A clip
    /// edge at the pass's edge cuts nothing either, even where the item reaches it (the
    /// composition's bounds, the size of the view, around a layer that reaches the view's edge).
    @Test func aClipThatCutsNothingIsLeftOut() {
        let list = TestList(width: 64, height: 64)
        let large = Rect(x: 0, y: 0, width: 80, height: 80)
        list.list.clips = [
            ClipNode(
                transform: .translation(4, 4), rect: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 0,
                parent: -1),
            ClipNode(
                transform: Matrix4(SIMD16(0.8, 0.6, 0, 0, -0.6, 0.8, 0, 0, 0, 0, 1, 0, 30, 0, 0, 1)),
                rect: Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 0, parent: -1),
            ClipNode(transform: .translation(-8, -8), rect: large, cornerRadius: 0, parent: -1),
            ClipNode(transform: .translation(-8, 20), rect: large, cornerRadius: 0, parent: -1),
            ClipNode(
                transform: .translation(0, 0), rect: Rect(x: 0, y: 0, width: 64, height: 64), cornerRadius: 0,
                parent: -1),
        ]
        var inside = Self.item(Self.square, at: (10, 10)), crossing = Self.item(Self.square, at: (40, 10))
        var turned = Self.item(Self.square, at: (30, 30))
        var beyond = Self.item(large, at: (-8, -8)), edgeInside = Self.item(large, at: (-8, 20))
        var reachingTheEdge = Self.item(Rect(x: 0, y: 0, width: 64, height: 30), at: (0, 0))
        (inside.clip, crossing.clip, turned.clip, beyond.clip, edgeInside.clip) = (0, 0, 1, 2, 3)
        reachingTheEdge.clip = 4
        list.screen([inside, crossing, turned, beyond, edgeInside, reachingTheEdge])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(
            planner.dump() == """
                pass 0 64x64 scale 1
                  batch simple none sourceOver 0..<1
                  batch general(clip) none sourceOver 1..<3
                  batch simple none sourceOver 3..<4
                  batch general(clip) none sourceOver 4..<5
                  batch simple none sourceOver 5..<6
                instances 6 (1152 bytes) tiles 0 mipmapped 0
                items 6 cleared 0 skipped 0 culled 0 sprites 0 unchanged 0

                """)
    }

    /// A W3C blend mode reads what lies under it: its own command, with the pixels to copy.
    @Test func blendModesTakeTheirOwnCommand() {
        let list = TestList(width: 64, height: 64)
        list.screen([Self.item(Self.square, at: (10.5, 20), blend: .multiply)])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(planner.commands.count == 1)
        #expect(planner.dump().contains("  blend general none replace mode 1 0..<1 box 8 18 15x14\n"))
    }

    /// Bad items are skipped and counted with their reasons; they leave no instance.
    @Test func badItemsAreSkippedWithTheirReasons() {
        let list = TestList(width: 64, height: 64)
        var nan = Self.item(Self.square)
        nan.transform = .translation(.nan, 0)
        let missing = Self.item(Self.square, content: Self.image(ImageID(999_999), 10))
        list.screen([nan, Self.item(.zero), missing, Self.item(Self.square)])
        let planner = FramePlanner()
        planner.plan(list.list)
        let c = planner.counters
        #expect(c.skippedItems == 3 && c.items == 1 && planner.instanceCount == 1)
        #expect(
            c.skipReasons == SkipReason.nonFiniteTransform.bit | SkipReason.badRect.bit | SkipReason.missingImage.bit)
    }

    /// Tile images batch by pixel size; each instance's image is named for the renderer, which
    /// writes its texture-array layer.
    @Test func tilesBatchBySize() {
        let list = TestList(width: 64, height: 64)
        let small = [list.add(TestImage(side: 16, opaque: true)), list.add(TestImage(side: 16, opaque: true))]
        let large = list.add(TestImage(side: 32, opaque: true))
        list.list.tileImages = Set(small + [large])
        list.screen([
            Self.item(Self.square, background: .clear, content: Self.image(small[0], 10)),
            Self.item(Self.square, at: (10, 0), background: .clear, content: Self.image(small[1], 10)),
            Self.item(Self.square, at: (20, 0), background: .clear, content: Self.image(large, 10)),
        ])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(
            planner.dump().hasPrefix(
                """
                pass 0 64x64 scale 1
                  batch simpleArray tiles 16x16 sourceOver 0..<2
                  batch simpleArray tiles 32x32 sourceOver 2..<3
                instances 3 (576 bytes) tiles 3 mipmapped 0
                """))
        #expect(planner.tiles.map(\.image) == small + [large])
        #expect(planner.tiles.map(\.instance) == [0, 1, 2])
        // An image larger than a texture may be is drawn downscaled, from a texture of its own.
        planner.options.maximumTextureSize = 20
        planner.plan(list.list)
        #expect(planner.dump().contains("  batch simple image \(large) sourceOver 2..<3\n"))
    }

    /// Sprites are told from the image's pixels: a transparent rim makes one, an opaque edge
    /// or the debug switch does not (small images drawn from textures of their own).
    @Test func spritesAreToldFromPixels() {
        let list = TestList(width: 64, height: 64)
        let soft = list.add(TestImage(side: 16, opaque: false)), hard = list.add(TestImage(side: 16, opaque: true))
        let tint = Color(r: 1, g: 1, b: 1, a: 1), side = Rect(x: 0, y: 0, width: 16, height: 16)
        list.screen([
            Self.item(side, content: Self.image(soft, 16), tint: tint),
            Self.item(side, at: (20, 0), content: Self.image(hard, 16), tint: tint),
            // Minified below what a one-texel rim allows.
            Self.item(Self.square, at: (40, 0), content: Self.image(soft, 10), tint: tint),
        ])
        let planner = FramePlanner()
        planner.options.disableSmallImageArrays = true
        planner.plan(list.list)
        #expect(planner.commands.map(\.variant) == [.sprite, .simple, .simple])
        #expect(planner.counters.spriteItems == 1)
        planner.options.disableSprites = true
        planner.plan(list.list)
        #expect(planner.commands.map(\.variant) == [.simple, .simple, .simple])
    }

    /// A plain item in perspective takes the simple program's perspective variant (its texture
    /// coordinate divided at each pixel); an affine one, turned or not, the simple program,
    /// which interpolates it linearly on the screen.
    @Test func onlyItemsInPerspectiveTakeThePerspectiveDivide() {
        let list = TestList(width: 64, height: 64)
        let image = list.add(TestImage(side: 16, opaque: true))
        let side = Rect(x: 0, y: 0, width: 16, height: 16), clear = Color(r: 0, g: 0, b: 0, a: 0)
        var turned = Self.item(side, background: clear, content: Self.image(image, 16))
        turned.transform = Matrix4(SIMD16(0.8, 0.6, 0, 0, -0.6, 0.8, 0, 0, 0, 0, 1, 0, 20, 10, 0, 1))
        var tilted = Self.item(side, background: clear, content: Self.image(image, 16))
        tilted.transform = Matrix4(SIMD16(1, 0, 0, 0.002, 0, 1, 0, 0, 0, 0, 1, 0, 30, 30, 0, 1))
        list.screen([turned, tilted])
        let planner = FramePlanner()
        planner.options.disableSmallImageArrays = true
        planner.options.disableSprites = true
        planner.plan(list.list)
        #expect(planner.commands.map(\.variant) == [.simple, .simplePerspective])
    }

    /// Small images of their own batch from the layers of one texture array size, each at its
    /// layer's corner (their texture coordinates scaled to it): after the pass's first item,
    /// which is drawn from its own texture, as a run of one image is, and as an image too
    /// large, minified below half a pixel a texel, or shown past its bounds is.
    @Test func smallImagesShareLayers() {
        let list = TestList(width: 64, height: 64)
        let ids = (0..<4).map { _ in list.add(TestImage(side: 8, opaque: true)) }
        let large = list.add(TestImage(side: 63, opaque: true))
        func item(_ id: ImageID, _ x: Float, side: Float = 10) -> DrawItem {
            Self.item(Self.square, at: (x, 0), background: .clear, content: Self.image(id, side))
        }
        var beyond = item(ids[3], 40)
        beyond.content = .image(
            ids[3], ContentPlacement(destination: Self.square, source: Rect(x: 0, y: 0, width: 1.5, height: 1)))
        var minified = item(ids[2], 50)
        minified.transform = Matrix4(SIMD16(0.3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 50, 0, 0, 1))
        list.screen([
            item(ids[0], 0), item(ids[0], 4), item(ids[1], 8), item(ids[2], 12), item(ids[3], 16), item(ids[3], 20),
            item(large, 24), beyond, minified,
        ])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(
            planner.dump().hasPrefix(
                """
                pass 0 64x64 scale 1
                  batch simple image \(ids[0]) sourceOver 0..<2
                  batch simpleArray tiles 64x64 sourceOver 2..<6
                  batch simple image \(large) sourceOver 6..<7
                  batch simple image \(ids[3]) sourceOver 7..<8
                  batch simple image \(ids[2]) sourceOver 8..<9

                """), "\(planner.dump())")
        #expect(
            planner.tiles
                == (2..<6).map { PlannedTile(instance: Int32($0), image: ids[[1, 2, 3, 3][$0 - 2]], small: true) })
        // Sources in the layer: 8 of its 64 texels.
        let source = planner.instances[2 * QuadInstance.vectorCount + 8]  // its source (QuadInstance.write)
        #expect(source == SIMD4(0, 0, 0.125, 0.125), "\(source)")
        // Larger than a texture may be (a debug limit): drawn, downscaled, from its own.
        planner.options.maximumTextureSize = 4
        planner.plan(list.list)
        #expect(planner.tiles.isEmpty && !planner.dump().contains("tiles 64x64"))
        planner.options = PlanOptions()
        planner.options.disableSmallImageArrays = true
        planner.plan(list.list)
        #expect(planner.tiles.isEmpty && !planner.dump().contains("tiles 64x64"))
    }

    /// Passes are planned dependencies first; a pass the renderer kept has no commands, and
    /// the screen's items outside the damage are left out.
    @Test func passesAreScheduledKeptAndCulled() {
        let list = TestList(width: 64, height: 64)
        let pass = list.pass(source: Rect(x: 0, y: 0, width: 20, height: 10), scale: 2, items: [Self.item(Self.square)])
        list.screen([
            Self.item(Rect(x: 0, y: 0, width: 20, height: 10), background: .clear, content: .pass(pass)),
            Self.item(Self.square, at: (30, 30)),
        ])
        let planner = FramePlanner()
        planner.plan(list.list)
        #expect(
            planner.dump().hasPrefix(
                """
                pass 1 40x20 scale 2
                  batch simple none sourceOver 0..<1
                pass 0 64x64 scale 1
                  batch simple pass 1 sourceOver 1..<2
                  batch simple none sourceOver 2..<3
                """))
        planner.plan(list.list, cullsScreen: true, isDrawn: { $0 == 0 }, isCached: { $0 == 1 })
        #expect(
            planner.dump() == """
                pass 1 40x20 scale 2 cached
                pass 0 64x64 scale 1
                  batch simple pass 1 sourceOver 0..<1
                instances 1 (192 bytes) tiles 0 mipmapped 0
                items 1 cleared 0 skipped 0 culled 0 sprites 0 unchanged 1

                """)
    }

    /// The instance bytes carry the map into target pixels (here scale 2), the opacity, the
    /// rect and the colours, as quad.vert.glsl reads them.
    @Test func instanceBytesMapIntoPixels() {
        let list = TestList(width: 200, height: 200, scale: 2)
        var item = Self.item(Rect(x: 1, y: 2, width: 30, height: 40), at: (10, 20))
        item.opacity = 0.75
        list.screen([item])
        let planner = FramePlanner()
        planner.plan(list.list)
        let v = Array(planner.instance(0))
        #expect(v.count == 12)
        #expect(v[0] == SIMD4(2, 0, 0, 0.75))
        #expect(v[1] == SIMD4(0, 2, 0, 0))
        #expect(v[2] == SIMD4(20, 40, 1, 0))
        #expect(v[3] == SIMD4(1, 2, 30, 40))
        #expect(v[5] == SIMD4(0, 0, 1, 0.5))
    }

    /// The same list gives the same plan, byte for byte, and a steady plan reuses its storage.
    @Test func planningIsAFunctionOfTheList() {
        let list = TestList(width: 128, height: 128)
        let id = list.add(TestImage(side: 16, opaque: false))
        list.screen(
            (0..<50).map { i in
                Self.item(Self.square, at: (Float(i % 10) * 12, Float(i / 10) * 12), content: Self.image(id, 10))
            })
        let planner = FramePlanner()
        planner.plan(list.list)
        let first = (planner.dump(), Self.bits(planner.instances))
        planner.plan(list.list)
        #expect(planner.dump() == first.0)
        let again = Self.bits(planner.instances) == first.1
        #expect(again)
        let fresh = FramePlanner()
        fresh.plan(list.list)
        let same = Self.bits(fresh.instances) == first.1
        #expect(same)
    }

    /// The instances' bytes (flags are integers: as floats, some are NaNs).
    static func bits(_ vectors: [SIMD4<Float>]) -> [UInt32] {
        vectors.flatMap { v in (0..<4).map { v[$0].bitPattern } }
    }
}
