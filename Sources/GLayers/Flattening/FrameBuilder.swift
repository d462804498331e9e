/// Flattening: the presentation of a layer tree at one media time becomes a render
/// list — draw items in paint order with world matrices, clip nodes, and offscreen passes
/// where a subtree must be composited as a unit.
///
/// Two passes: the presentation of every animated layer is evaluated (`evaluateSubtree`; the
/// leaves of a wide layer are left to flattening, which evaluates them on several threads where
/// it places them: FrameBuilder+ParallelLeaves.swift), then the tree is flattened. Takes the
/// model tree and a time; produces `FrameBuilder.list` (refilled each frame, its storage
/// reused so a steady frame allocates nothing). Does not commit transactions (the host calls
/// `CATransaction.flush()` first), does not touch OpenGL.
///
/// - Paint order: a layer's background and contents, then its sublayers sorted by
///   `zPosition` (stable), then its border (on top of the sublayers).
/// - Matrices: `world(child) = T(−anchor)·transform·T(position) · [sublayerTransform about
///   the parent's anchor] · flatten(world(parent))`; plain layers flatten their sublayers
///   into their plane (z dropped), `CATransformLayer` does not.
import Foundation
import GLayersGraphics
import GLayersRenderList

/// Builds render lists from layer trees.
package final class FrameBuilder {
    /// The render list of the last `build` (refilled by the next one); during
    /// `build(into:root:at:size:scale:clearColor:)`, the list of the frame being built.
    @exclusivity(unchecked) package internal(set) var list = RenderList()

    /// How many times a layer deeper than this is skipped (a resource limit; reported once).
    @exclusivity(unchecked) public var maximumDepth = EngineLimits.maximumTreeDepth
    /// Whether layers' own items are kept between frames and reused while only their placement
    /// changes (FrameBuilder+Memo.swift); tests turn it off to compare.
    @exclusivity(unchecked) package var memoizes = true
    /// How many items the next frame is expected to hold (a caller that knows the tree's size
    /// before its first frame sets it): the screen pass's storage is made that large at once
    /// instead of doubling as it fills, which ends with up to twice the room (a 100 000-layer
    /// `glayers shot`: 25.6 MB of items, where doubling made room for 33.5 MB).
    @exclusivity(unchecked) package var expectedItemCount = 0
    /// The most replicator copies one frame draws in all (a resource limit; tests lower it).
    @exclusivity(unchecked) public var maximumReplicaCopiesPerFrame = EngineLimits.maximumReplicaCopiesPerFrame

    // Scratch storage, reused every frame.
    @exclusivity(unchecked) var passStack: [OpenPass] = []
    /// How many masks are being flattened around the current layer: a trimmed stroke in one
    /// is rasterized trimmed, so that the mask is one plain image (which the renderer draws
    /// without passes: `FramePlanner.prepareMattes`).
    var masksOpen = 0
    @exclusivity(unchecked) var finishedPasses: [OpenPass] = []
    /// The positions of `finishedPasses` in index order (`assemble`).
    @exclusivity(unchecked) var passOrder: [Int] = []
    @exclusivity(unchecked) var bufferPool: [[DrawItem]] = []
    /// Storage reused from frame to frame, emptied (FrameBuilder+Reuse.swift): the lists the
    /// last frame's passes held (filters, dependencies) and replicator instances.
    @exclusivity(unchecked) var filterPool: [[FilterOp]] = []
    @exclusivity(unchecked) var dependencyPool: [[PassID]] = []
    @exclusivity(unchecked) var replicaPool: [[ReplicaInstance]] = []
    /// The storage of wide layers flattened on several threads (FrameBuilder+ParallelLeaves.swift).
    @exclusivity(unchecked) var leafScratchPool: [LeafScratch] = []
    @exclusivity(unchecked) var layerCounter: Int32 = 0
    /// Replicator copies made in this frame so far.
    @exclusivity(unchecked) var replicaCopies = 0
    /// The image registered last (consecutive layers often share one).
    @exclusivity(unchecked) var lastImageIdentity: UInt64 = 0
    @exclusivity(unchecked) var viewport = CGRect.zero
    /// The list's pixels per point (`RenderList.scale`), kept here: read from the list, in
    /// another module, each read was checked for exclusivity at run time.
    @exclusivity(unchecked) var screenScale: Float = 1
    var reportedProblems = Set<String>()
    /// What recent `shadowPath`s cast (kept between frames).
    let shadowPaths = ShadowPathCache()
    /// Tiled layers' state of this frame (FrameBuilder+Tiles.swift).
    @exclusivity(unchecked) var tiling = TilingFrameState()

    package init() {}

    /// Builds the render list of `root` at media time `t` for a viewport of `size` points
    /// shown at `scale` pixels per point, cleared to `clearColor`.
    @discardableResult
    package func build(root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat, clearColor: CGColor? = nil)
        -> RenderList
    {
        let s = scale > 0 && scale.isFinite ? scale : 1
        let pw = max(1, Int((size.width * s).rounded())), ph = max(1, Int((size.height * s).rounded()))
        reuseLastFrameLists()
        list.reset(
            pixelWidth: pw, pixelHeight: ph, scale: Float(s),
            clearColor: premultiplied(clearColor.map { .object($0) } ?? .none))
        viewport = CGRect(origin: .zero, size: size)
        screenScale = list.scale
        tiling.frameTime = t
        layerCounter = 0
        replicaCopies = 0
        lastImageIdentity = 0
        // Evaluate first, in one prefetching sweep, unless the caller just did
        // (`evaluatePresentationTree`); flattening then finds every animated layer's
        // presentation cache current (and evaluates any that is not).
        if root.presentationTreeTime != t { root.evaluateSubtree(parentTime: t) }
        root.presentationTreeTime = .nan
        beginPass(screenSpace: true, scale: Float(s))
        if expectedItemCount > 0 { passStack[0].items.reserveCapacity(expectedItemCount) }
        visit(.live(root), Context(parent: .identity, time: t, opacity: 1, clip: -1, depth: 0, ancestorsFlipped: false))
        endPass(sourceRect: Rect(x: 0, y: 0, width: Float(size.width), height: Float(size.height)), scale: Float(s))
        assemble()
        list.layerCount = Int(layerCounter)
        finishTiledFrame { build(root: root, at: t, size: size, scale: scale, clearColor: clearColor) }
        return list
    }

    /// What a layer inherits from its superlayer while flattening.
    struct Context {
        /// Maps the superlayer's sublayer space into the pass's item space.
        var parent: CATransform3D
        /// The superlayer's local time.
        var time: CFTimeInterval
        /// Opacity inherited from ancestors that are not composited as groups.
        var opacity: Float
        var clip: Int32
        var depth: Int
        /// Whether an odd number of the layer's ancestors have flipped geometry (the layer's
        /// contents are flipped when this differs from its own `isGeometryFlipped`).
        var ancestorsFlipped: Bool
        /// How many copies of the layer its ancestor replicators make (the product of their
        /// instance counts), bounded by `EngineLimits.maximumReplicaInstances`.
        var copies = 1
    }

    // MARK: The traversal

    func visit(_ node: FlattenNode, _ ctx: Context) {
        layerCounter += 1
        guard ctx.depth < maximumDepth else {
            report("the layer tree is deeper than \(maximumDepth) levels; deeper layers are not drawn")
            return
        }
        if ctx.copies > 1 && !chargeReplicaWork(1) { return }
        if let emitter = node.emitter { advanceParticles(emitter, parentTime: ctx.time) }
        node.withPresented(parentTime: ctx.time) { state, time in
            if case .live(let layer) = node, memoApplies(to: layer, ctx) {
                drawMemo(of: layer, node, state, ctx)
            } else {
                visit(node, state, time, ctx)
            }
        }
    }

    /// Visits a node whose presented state (`s`, read in place) and local time are known.
    private func visit(_ node: FlattenNode, _ s: UnsafePointer<LayerState>, _ time: CFTimeInterval, _ ctx: Context) {
        if s.pointee.showsNothing { return }
        let transition = s.pointee.transition
        guard let world = world(of: node, s, ctx) else { return }
        var effects = Effects(
            s, hasSublayers: node.sublayerCount > 0, hasMask: node.hasMask,
            filterBuffer: s.pointee.filters.isEmpty ? [] : takeFilterBuffer())
        if effects.filters.isEmpty { giveBackFilterBuffer(&effects.filters) }
        if let transition {
            drawTransition(node, s.pointee, transition, world: world, time: time, ctx)
            return
        }
        if effects.needsRasterPass && !node.isSingleContentItem(s) {
            drawRasterized(node, s.pointee, world: world, time: time, ctx)
            return
        }
        effects.needsRasterPass = false
        if effects.needsScreenPass {
            drawInPass(node, s.pointee, effects, world: world, time: time, ctx)
        } else {
            drawLayer(
                node, s, world: world, time: time, opacity: ctx.opacity * s.pointee.opacity, clip: ctx.clip, ctx,
                memoizable: true)
        }
    }

    /// Draws a layer and its subtree directly into the current pass (`s`: its presented state,
    /// read in place); `memoizable`: the layer is drawn as it is, not altered for a pass, so
    /// its item may be memoized (FrameBuilder+Memo.swift).
    func drawLayer(
        _ node: FlattenNode, _ s: UnsafePointer<LayerState>, world: CATransform3D, time: CFTimeInterval,
        opacity: Float, clip: Int32, _ ctx: Context, memoizable: Bool = false
    ) {
        guard opacity > 0 else { return }
        let index = layerCounter - 1
        let subCount = node.sublayerCount
        appendOwnItems(
            node, s, world: world, opacity: opacity, clip: clip, layerIndex: index, ctx, memoizable: memoizable)
        guard subCount > 0 else { return }
        var childClip = clip
        if s.pointee.masksToBounds && !node.preservesDepth {
            childClip = addClip(world: world, state: s, parent: clip)
        }
        let childParent = sublayerSpace(s, world: world, preservesDepth: node.preservesDepth)
        let childFlipped = ctx.ancestorsFlipped != s.pointee.isGeometryFlipped
        let child = Context(
            parent: childParent, time: time, opacity: opacity, clip: childClip, depth: ctx.depth + 1,
            ancestorsFlipped: childFlipped, copies: ctx.copies)
        if flattensInParallel(node, sublayers: subCount, ctx), let layer = node.liveLayer {
            drawSublayersInParallel(of: layer, child)
        } else if node.replicator == nil, let (subs, order) = Self.lentSublayers(of: node, time: time) {
            // The common case, without a closure: one that calls back into the builder made
            // the builder be retained and released around every layer's sublayers.
            visitSublayers(subs, order: order, child)
        } else {
            forEachSublayer(of: node, state: s, time: time, copies: ctx.copies) { sublayer, instance, copies in
                var c = child
                c.copies = copies
                if let instance {
                    c.parent = instance.matrix.concatenating(childParent)
                    c.time = time - instance.delay
                    c.opacity = opacity * instance.alpha
                }
                visit(sublayer, c)
            }
        }
        if s.pointee.borderWidth > 0 && !node.preservesDepth {
            appendBorder(s, world: world, opacity: opacity, clip: clip, layerIndex: index)
        }
    }

    /// The world matrix of the layer whose presented state is `s` (`UnsafePointer.world(under:)`),
    /// or nil, reported once, when its placement is not finite.
    @inline(__always)
    func world(of node: FlattenNode, _ s: UnsafePointer<LayerState>, _ ctx: Context) -> CATransform3D? {
        if let world = s.world(under: ctx.parent) { return world }
        reportNotFinite(node)
        return nil
    }

    /// Reports, once, a layer whose placement is not finite.
    func reportNotFinite(_ node: FlattenNode) {
        report("\(node.name): its transform, position or bounds are not finite; the layer is not drawn")
    }

    /// `drawLayer` for a state the caller made (a pass's altered copy of a layer's state).
    func drawLayer(
        _ node: FlattenNode, _ state: LayerState, world: CATransform3D, time: CFTimeInterval, opacity: Float,
        clip: Int32, _ ctx: Context
    ) {
        withUnsafePointer(to: state) {
            drawLayer(node, $0, world: world, time: time, opacity: opacity, clip: clip, ctx)
        }
    }

    /// Appends what a layer draws of its own, under its sublayers: shadow, background and
    /// contents, tiles, particles. Apart from `drawLayer`, so that the frames of the recursion
    /// stay small (a tree of `CALayer.maximumTreeDepth` levels flattens on a thread's stack).
    @inline(never)
    private func appendOwnItems(
        _ node: FlattenNode, _ s: UnsafePointer<LayerState>, world: CATransform3D, opacity: Float, clip: Int32,
        layerIndex index: Int32, _ ctx: Context, memoizable: Bool
    ) {
        let subCount = node.sublayerCount
        let tiled = tiledLayer(node, s)
        if !node.preservesDepth {
            if s.pointee.shadowOpacity > 0,
                let shadow = shadowItem(s.pointee, world: world, opacity: opacity, clip: clip)
            {
                append(shadow)
            }
            let item = layerItem(
                s, world: world, opacity: opacity, clip: clip, layerIndex: index,
                withBorder: subCount == 0 && tiled == nil, ancestorsFlipped: ctx.ancestorsFlipped, copies: ctx.copies)
            if var item {
                if let chain = backdropChain(s) { item.backdropFilters = chain }
                append(item)
            }
            if memoizable {
                keepMemo(of: node, s, item: item, ancestorsFlipped: ctx.ancestorsFlipped, tiled: tiled != nil)
            } else {
                forgetMemo(of: node)
            }
            if let tiled {
                drawTiles(
                    tiled, s.pointee, world: world, opacity: opacity, clip: clip, layerIndex: index,
                    ancestorsFlipped: ctx.ancestorsFlipped)
                if subCount == 0 { appendBorder(s, world: world, opacity: opacity, clip: clip, layerIndex: index) }
            }
        }
        if let emitter = node.emitter,
            ctx.copies == 1 || chargeReplicaWork(emitter.particleSystem?.liveCount ?? 0)
        {
            appendParticles(emitter, s.pointee, world: world, opacity: opacity, clip: clip, layerIndex: index)
        }
    }

    /// Appends the layer's border item, if it has one.
    @inline(never)
    private func appendBorder(
        _ s: UnsafePointer<LayerState>, world: CATransform3D, opacity: Float, clip: Int32, layerIndex: Int32
    ) {
        if let border = borderItem(s, world: world, opacity: opacity, clip: clip, layerIndex: layerIndex) {
            append(border)
        }
    }

    /// The space sublayers are placed in: the layer's flattened world with its
    /// `sublayerTransform` about its anchor point (and a vertical flip for flipped geometry).
    func sublayerSpace(_ s: UnsafePointer<LayerState>, world: CATransform3D, preservesDepth: Bool) -> CATransform3D {
        var base = world
        // Flattening drops the z of points in this plane: row 3 no longer feeds x, y or w (the
        // renderer ignores z, so keeping m33 = 1 changes nothing and keeps matrices readable).
        if !preservesDepth { (base.m31, base.m32, base.m33, base.m34) = (0, 0, 1, 0) }
        // Asked only of layers with rare fields: the optional matrix (129 bytes) is copied with a
        // call to `memcpy` at every layer with sublayers otherwise.
        if s.pointee.references.hasRareFields, let st = s.pointee.sublayerTransformAboutAnchor {
            base = st.concatenating(base)
        }
        if s.pointee.isGeometryFlipped {
            var flip = CATransform3D.identity
            flip.m22 = -1
            flip.m42 = s.pointee.bounds.minY + s.pointee.bounds.maxY
            base = flip.concatenating(base)
        }
        return base
    }

    func report(_ message: String) {
        guard reportedProblems.insert(message).inserted else { return }
        Diagnostics.warn(message)
    }
}
