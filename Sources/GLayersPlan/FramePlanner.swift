/// Planning a frame on the CPU, without OpenGL: pass sizes, then one instance and command
/// per draw item, merged into batches. A pure function of the render list, the options and
/// what the renderer says of the frame (which passes it keeps from the last frame, which
/// screen items lie outside the damage), kept as a class only so that its arrays keep their
/// storage from frame to frame: a steady frame allocates nothing.
import GLayersRenderList

/// Makes a frame's plan: `passGeometry`, `commands`, `passPlans`, `instances`, `tiles`.
package final class FramePlanner {
    /// Per pass of this frame: size, scale, source rect (`preparePasses`).
    @exclusivity(unchecked) package internal(set) var passGeometry: [PassGeometry] = []
    /// The frame's commands (all passes) and each pass's share of them, in execution order.
    @exclusivity(unchecked) package internal(set) var commands: [DrawCommand] = []
    @exclusivity(unchecked) package internal(set) var passPlans: [PassPlan] = []
    /// The frame's instances, `QuadInstance.vectorCount` vectors each.
    package let instanceBuffer = InstanceBuffer()
    /// The instances of `TextureSource.tiles` commands and their images, in instance order.
    @exclusivity(unchecked) package internal(set) var tiles: [PlannedTile] = []
    /// Images sampled with mipmaps this frame (their textures need their levels).
    @exclusivity(unchecked) package internal(set) var mipmappedImages: [ImageID] = []
    /// The screen's clear colour when the first screen item was folded into it.
    @exclusivity(unchecked) package internal(set) var screenClear: Color?
    /// What this frame's planning counted.
    @exclusivity(unchecked) package internal(set) var counters = PlanCounters()
    /// The order passes are rendered in and which are kept from the last frame.
    package let scheduler = PassScheduler()
    @exclusivity(unchecked) package var options = PlanOptions()
    /// Soft rims of the images sprites may show.
    let rims = SoftRims()
    /// Whether this frame's list has tile images (read once a frame, not once an item).
    @exclusivity(unchecked) var listHasTiles = false
    /// Whether a clip of the list has continuous corners (a clipped instance then needs them).
    @exclusivity(unchecked) var clipsHaveContinuousCorners = false
    /// Whether a clip's continuous corners are blended toward circular ones
    /// (`cornersReachFullLength`).
    @exclusivity(unchecked) var clipsHaveBlendedCorners = false
    /// Per pass: the fused matte it is drawn as, if any (`prepareMattes`).
    @exclusivity(unchecked) var fusedMattes: [FusedMatte?] = []
    /// The clips the planner added this frame, indexed after the list's: the rects of fused
    /// mattes (`planFusedMatte`).
    @exclusivity(unchecked) package internal(set) var plannedClips: [ClipNode] = []
    /// The fused matte being planned: its mask's image (the instance's second texture), the
    /// mask's planned clip, and the rect (pass coordinates) it is shown in.
    @exclusivity(unchecked) var fusedMask: (image: ImageID, clip: Int32, visible: Rect, inverted: Bool)?
    /// Scratch of `prepareMattes`, per pass: how many read it, the last item and its pass.
    @exclusivity(unchecked) var readers: [Int32] = [], readerItem: [Int32] = [], readerPass: [Int32] = []
    /// The image this frame's planning last found in the list (`hasPixels`).
    @exclusivity(unchecked) var recentImage: ImageID?
    /// The first command of the pass being planned: batches never merge across passes.
    @exclusivity(unchecked) var passCommands = 0

    package init() {}

    /// Instances planned this frame.
    package var instanceCount: Int { instanceBuffer.count }

    /// The frame's instances (a copy, for tests and dumps; the renderer uploads
    /// `instanceBuffer.bytes`).
    package var instances: [SIMD4<Float>] {
        Array(instanceBuffer.bytes.bindMemory(to: SIMD4<Float>.self))
    }

    /// The instances a frame of `list` is expected to need, about one an item: the memory the
    /// planner reserves, and the room the renderer lends it (`InstanceRing`).
    package static func expectedInstances(_ list: RenderList) -> Int { list.items.count + 16 }

    /// Writes the texture-array layer of instance `index` (`QuadInstance.layer`).
    package func setLayer(_ layer: Int32, ofInstance index: Int32) {
        instanceBuffer.instance(Int(index))[QuadInstance.vectorCount - 1].w = Float(
            bitPattern: UInt32(bitPattern: layer))
    }
    /// Schedules the passes and plans the needed ones (`preparePasses` first).
    ///
    /// - `isCached(p)`: whether the renderer holds pass p's content from the last frame (it is
    ///   then not drawn again; only its effects are applied);
    /// - `cullsScreen`: whether screen items outside the frame's damage are left out, and
    ///   `isDrawn(i)` whether screen item i (counted from the pass's first item) lies inside.
    package func plan(
        _ list: RenderList, cullsScreen: Bool = false, isDrawn: (Int) -> Bool = { _ in true },
        isCached: (Int) -> Bool = { _ in false }
    ) {
        if passGeometry.count != list.passes.count { preparePasses(list) }
        prepareMattes(list)
        scheduler.schedule(
            list, includesScreenItem: { !cullsScreen || isDrawn($0) }, isCached: isCached,
            isDrawnAsItem: { self.fusedMattes[$0] != nil })
        instanceBuffer.removeAll()
        // A list's first frame (a shot's only one) gets its memory at once instead of by
        // doubling (a copy each time, and both copies alive at the last).
        instanceBuffer.reserve(Self.expectedInstances(list))
        tiles.removeAll(keepingCapacity: true)
        mipmappedImages.removeAll(keepingCapacity: true)
        counters = PlanCounters()
        rims.beginFrame(maximumSize: options.maximumTextureSize)
        listHasTiles = !list.tileImages.isEmpty
        clipsHaveContinuousCorners = false
        clipsHaveBlendedCorners = false
        for clip in list.clips
        where clip.cornerCurve == .continuous && clip.cornerRadius > 0 && clip.roundedCorners & 0xF != 0 {
            clipsHaveContinuousCorners = true
            if !Self.cornersReachFullLength(clip.rect, radius: clip.cornerRadius) {
                clipsHaveBlendedCorners = true
            }
        }
        recentImage = nil
        commands.removeAll(keepingCapacity: true)
        passPlans.removeAll(keepingCapacity: true)
        screenClear = nil
        for p in scheduler.order {
            let pass = Int(p)
            let start = commands.count
            let cached = scheduler.cached[pass]
            if !cached {
                passCommands = start
                let range = list.passes[pass].itemRange.clamped(to: 0..<list.items.count)
                let culls = pass == 0 && cullsScreen
                let g = passGeometry[pass]
                list.items.withUnsafeBufferPointer { items in
                    guard let first = items.baseAddress else { return }
                    for i in range {
                        if culls && !isDrawn(i - range.lowerBound) {
                            counters.unchangedItems += 1
                            continue
                        }
                        if case .pass(let id) = items[i].content, Int(id.index) < fusedMattes.count,
                            let matte = fusedMattes[Int(id.index)]
                        {
                            planFusedMatte(first + i, matte, list: list, pass: pass, geometry: g)
                        } else {
                            planItem(first + i, list: list, pass: pass, geometry: g)
                        }
                    }
                }
                if options.outlinePasses && pass != 0 { planOutline(pass) }
            }
            passPlans.append(PassPlan(pass: p, commands: start..<commands.count, cached: cached))
        }
    }

    /// Counts `reason` (the renderer reports each reason once).
    func skip(_ reason: SkipReason) {
        counters.skippedItems += 1
        counters.skipReasons |= reason.bit
    }

    /// One item of pass `pass` (of geometry `g`): validated, packed into an instance, added to a
    /// batch (or its own command).
    ///
    /// - The item is read in place, through a pointer into the list: passed by value, its 256
    ///   bytes were copied for every item, and again for each function it was handed to.
    func planItem(_ item: UnsafePointer<DrawItem>, list: RenderList, pass: Int, geometry g: PassGeometry) {
        // Every number the checks below read is finite for the common item: one test of them
        // all, and the tests one field at a time (which tell the skip reason) when it fails.
        let finite = item.pointee.numbersAreFinite
        if !finite {
            guard item.pointee.opacity.isFinite, item.pointee.background.isFinite, item.pointee.borderColor.isFinite,
                item.pointee.cornerRadius.isFinite, item.pointee.borderWidth.isFinite
            else { return skip(.nonFiniteTransform) }
        }
        guard item.pointee.opacity > 0 else { return }
        guard finite || item.pointee.rect.isFinite, !item.pointee.rect.isEmpty else { return skip(.badRect) }
        let local = Homography(item.pointee.transform)
        guard finite || local.isFinite else { return skip(.nonFiniteTransform) }
        let det = local.determinant
        guard det != 0, det.isFinite else { return skip(.singularTransform) }
        if !item.pointee.doubleSided && det < 0 {
            counters.culledItems += 1
            return
        }
        let h = local.toPixels(sourceX: g.source.x, sourceY: g.source.y, scale: g.scale)
        // The edges drawn hard (`RectEdges.all` is a call to a lazy global's accessor).
        let aliased = RectEdges(rawValue: ~item.pointee.antialiasedEdges.rawValue & 0xF)
        let shape = ShapeBits.pack(
            corners: item.pointee.roundedCorners, curve: item.pointee.cornerCurve, aliased: aliased)
        if case .image(let id, let placement) = item.pointee.content, isPlainImage(item, placement) {
            return planPlainImage(item, id, placement, h: h, shape: shape, aliased: aliased, list: list, geometry: g)
        }
        var instance = QuadInstance(h: h, rect: item.pointee.rect, geometry: item.pointee.rect)
        instance.opacity = min(item.pointee.opacity, 1)
        instance.cornerRadius = item.pointee.roundedCorners & 0xF == 0 ? 0 : max(0, item.pointee.cornerRadius)
        instance.shape = shape
        instance.borderWidth = item.pointee.borderColor.isClear ? 0 : max(0, item.pointee.borderWidth)
        instance.background = item.pointee.background
        instance.borderColor = item.pointee.borderColor
        instance.clip = item.pointee.clip >= 0 && Int(item.pointee.clip) < list.clips.count ? item.pointee.clip : -1
        if item.pointee.clipsContent { instance.flags.insert(.clipsContent) }
        guard var textures = planContent(item, list: list, pass: pass, into: &instance) else { return }
        if instance.clip >= 0
            && clipCutsNothing(instance.clip, instance, item, list, scale: g.scale, visible: g.pixelArea)
        {
            instance.clip = -1
        }
        // Sets made by `union`, not array literals, here and below: an array literal's set is built
        // at run time (an allocation an item) where the optimizer does not fold it.
        let hasContent = !instance.flags.isDisjoint(with: QuadFlags.texture.union(.blurredShape))
        if let tint = item.pointee.contentTint {
            // A tinted item draws its content only: the background vector carries the tint.
            guard hasContent, tint.isFinite, tint.a > 0 else { return }
            instance.background = tint
            instance.flags.insert(.tint)
        }
        guard hasContent || !item.pointee.background.isClear || instance.borderWidth > 0 else { return }

        if item.pointee.backdropFilters >= 0 && Int(item.pointee.backdropFilters) < list.filterChains.count {
            planBackdrop(item, instance: instance, chain: Int(item.pointee.backdropFilters), list: list, pass: pass)
        }
        let opaque = isOpaqueAndAligned(item, instance)
        if opaque && pass == 0 && !hasContent && instance.borderWidth == 0 && item.pointee.background.a >= 1
            && commands.count == passCommands && covers(instance, g)
        {
            // Nothing is under the first screen item: clearing to its colour is the same
            // picture at a fraction of the cost of filling every pixel with a quad.
            screenClear = item.pointee.background
            counters.items += 1
            counters.clearedItems += 1
            return
        }
        if opaque { instance.flags.insert(.noDilate) }
        if !item.pointee.blend.isFixedFunction && !options.showOverdraw {
            let index = Int32(instanceCount)
            instance.write(to: instanceBuffer.append())
            counters.items += 1
            let box = PixelBox(
                covering: instance.geometry, under: instance.h, margin: 2, viewportWidth: g.width,
                viewportHeight: g.height)
            let mode = item.pointee.blend.shaderIndex
            commands.append(
                DrawCommand(
                    kind: .blend, first: index, count: 1, textures: textures, blending: .replace, mode: mode, box: box))
            return
        }
        drawContentAlone(item, &instance)
        if isPlainRect(instance) { instance.edgeLines = Self.simpleEdges(instance.h, instance.rect, aliased: aliased) }
        if fusedMask != nil {
            // A fused matte's colour (`prepareMattes`).
            guard instance.edgeLines != nil, let masked = maskInPlace(&instance, textures, g) else { return }
            textures = masked
        }
        var blending: Blending = opaque ? .replace : .sourceOver
        if !opaque && !options.showOverdraw {
            if item.pointee.blend == .screen { blending = .screen }
            if item.pointee.blend == .plusLighter { blending = .additive }
            if item.pointee.blend == .xor { blending = .xor }
        }
        addToBatch(instance, textures: textures, blending: blending, item: item, list: list)
    }

    /// `planItem` for the common item, an image alone (`isPlainImage`), once its numbers and
    /// transform are checked: the instance and batch the general path makes of it, without the
    /// tests whose answers the kind of item decides (a clip, border, backdrop, blend mode,
    /// opacity promise, nine-slice or filter sets nothing).
    private func planPlainImage(
        _ item: UnsafePointer<DrawItem>, _ id: ImageID, _ p: ContentPlacement, h: Homography, shape: UInt32,
        aliased: RectEdges, list: RenderList, geometry g: PassGeometry
    ) {
        guard p.destination.isFinite, !p.destination.isEmpty, p.source.isFinite, p.source.width != 0,
            p.source.height != 0
        else { return skip(.badPlacement) }
        guard hasPixels(id, list) else { return skip(.missingImage) }
        // The plain rect of the content (`drawContentAlone`).
        var instance = QuadInstance(h: h, rect: p.destination, geometry: p.destination)
        var textures = TextureSource.image(id)
        if fusedMask != nil {
            // A fused matte's image (`prepareMattes`).
            guard let masked = maskInPlace(&instance, textures, g) else { return }
            textures = masked
        }
        instance.opacity = min(item.pointee.opacity, 1)
        instance.shape = shape
        instance.background = item.pointee.background
        instance.borderColor = item.pointee.borderColor
        instance.flags.insert(.texture)
        instance.lodBias = p.minificationFilterBias.isFinite ? p.minificationFilterBias : 0
        instance.destination = p.destination
        instance.source = p.source
        if let tint = item.pointee.contentTint {
            guard tint.isFinite, tint.a > 0 else { return }
            instance.background = tint
            instance.flags.insert(.tint)
        }
        instance.edgeLines = Self.simpleEdges(h, p.destination, aliased: aliased)
        addToBatch(instance, textures: textures, blending: .sourceOver, item: item, list: list)
    }

    /// Whether the general path makes of an image item nothing but the plain rect of its
    /// content, blended source-over (`planPlainImage`): the image shown with linear filtering
    /// and no nine-slice, with no clip, border, backdrop, blend mode or opacity promise, no
    /// clipping of its content that cuts any (square corners around content inside the rect
    /// cut none: a Lottie layer's image is its bounds), and no background under the content
    /// (or a tint, which draws none).
    @inline(__always)
    func isPlainImage(_ item: UnsafePointer<DrawItem>, _ p: ContentPlacement) -> Bool {
        !options.showOverdraw && item.pointee.clip < 0 && item.pointee.backdropFilters < 0
            && item.pointee.blend == .normal && !item.pointee.opaque
            && (!item.pointee.clipsContent || Self.contentClipCutsNothing(item.pointee, p.destination))
            && item.pointee.borderColor.isClear && (item.pointee.contentTint != nil || item.pointee.background.isClear)
            && p.center == nil && p.magnificationFilter != .nearest && p.minificationFilter == .linear
    }

    /// Whether clipping `item`'s content to its rect leaves `destination` whole.
    @inline(__always)
    private static func contentClipCutsNothing(_ item: DrawItem, _ destination: Rect) -> Bool {
        let r = item.rect
        return item.cornerRadius == 0 && destination.x >= r.x && destination.y >= r.y
            && destination.maxX <= r.maxX && destination.maxY <= r.maxY
    }

    /// The edge lines of `rect` under `h` for the simple program, the `aliased` edges hard (nil:
    /// a corner lies behind the eye).
    @inline(__always)
    private static func simpleEdges(_ h: Homography, _ rect: Rect, aliased: RectEdges) -> EdgeLines? {
        h.edgeLines(of: rect).map { aliased.isEmpty ? $0 : $0.hardening(aliased) }
    }

    /// Whether an axis-aligned instance covers the whole pass.
    @inline(__always)
    private func covers(_ instance: QuadInstance, _ g: PassGeometry) -> Bool {
        let h = instance.h, r = instance.geometry
        let x0 = (h.c0.x * r.x + h.c2.x) / h.c2.z, x1 = (h.c0.x * r.maxX + h.c2.x) / h.c2.z
        let y0 = (h.c1.y * r.y + h.c2.y) / h.c2.z, y1 = (h.c1.y * r.maxY + h.c2.y) / h.c2.z
        return min(x0, x1) <= 0 && max(x0, x1) >= Float(g.width) && min(y0, y1) <= 0 && max(y0, y1) >= Float(g.height)
    }

    /// Whether the item may be drawn without blending: it promises opacity, nothing makes it
    /// translucent, and its quad lands on whole pixels without rotation or perspective.
    @inline(__always)
    private func isOpaqueAndAligned(_ item: UnsafePointer<DrawItem>, _ instance: QuadInstance) -> Bool {
        guard item.pointee.opaque, !options.showOverdraw, item.pointee.opacity >= 1, instance.clip < 0,
            item.pointee.blend == .normal,
            item.pointee.backdropFilters < 0, instance.cornerRadius == 0,
            instance.borderWidth == 0 || item.pointee.borderColor.a >= 1,
            instance.flags.isDisjoint(with: QuadFlags.blurredShape.union(.clipsContent)),
            instance.geometry == item.pointee.rect
        else { return false }
        let h = instance.h
        guard h.c0.y == 0, h.c1.x == 0, h.isAffine else { return false }
        let r = instance.geometry
        let xs = ((h.c0.x * r.x + h.c2.x) / h.c2.z, (h.c0.x * r.maxX + h.c2.x) / h.c2.z)
        let ys = ((h.c1.y * r.y + h.c2.y) / h.c2.z, (h.c1.y * r.maxY + h.c2.y) / h.c2.z)
        func whole(_ v: Float) -> Bool { abs(v - v.rounded()) < 1e-3 }
        return whole(xs.0) && whole(xs.1) && whole(ys.0) && whole(ys.1)
    }
}
