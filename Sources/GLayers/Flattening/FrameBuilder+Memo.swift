/// Flattening, retained: what a layer draws of its own is made again only when it may have
/// changed. A layer without sublayers or a mask that draws one plain item (no shape, shadow,
/// filters, transition, rasterization, tiles or particles) keeps that item in a memo; while
/// its model values stay the same (`CALayer.modelStamp`) and its animations change only its
/// placement and opacity (`AnimationStack.changesOnlyPlacement`), later frames take the item
/// from the memo and set only what placement decides: the world matrix, the opacity, the
/// clip and the layer's number. An animated snowflake costs its matrix, not its contents'
/// geometry, colours and corners again (WebRender updates animated transforms and opacity the
/// same way, without rebuilding its display list).
///
/// Correctness rests on one rule: every change of a layer's model values goes through
/// `CALayer.modifyModel`, which advances the stamp (`FlattenMemoTests` changes every property
/// of the table and compares with a fresh flattening).
import Foundation
import GLayersGraphics
import GLayersRenderList

/// A layer's own item as flattening made it, without its placement: in a block of its own
/// that the layer points to (`CALayer.flattenMemoStorage`, valid while
/// `CALayer.hasFlattenMemo`), reached without a retain or release. The pointer lies in the
/// object's first lines, which flattening loads ahead of a layer, so the memo's lines are
/// loaded as early (`CALayer.prefetchLayer`).
package struct FlattenMemo {
    /// The layer's `modelStamp` when it was made.
    package var stamp: UInt32 = 0
    /// Whether an odd number of the layer's ancestors had flipped geometry (the contents
    /// placement depends on it).
    var ancestorsFlipped = false
    /// Whether the layer draws an item (else it draws nothing of its own).
    var drawsItem = false
    /// The identity of `image` (0: none), compared with the frame's last registered image
    /// before the image object is touched.
    var imageIdentity: UInt64 = 0
    /// The image the item shows, registered with each frame's list.
    var image: CGImage?
    /// The item, with the placement of the frame it was made in.
    var item = DrawItem(transform: .identity, rect: .zero)

    package init() {}

    /// A memo in a block of its own, on a cache line (its five lines are whole).
    static func allocate() -> UnsafeMutablePointer<FlattenMemo> {
        let memo = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<FlattenMemo>.stride, alignment: 64)
            .bindMemory(to: FlattenMemo.self, capacity: 1)
        memo.initialize(to: FlattenMemo())
        return memo
    }

    /// Frees a memo `allocate()` made.
    static func free(_ memo: UnsafeMutablePointer<FlattenMemo>) {
        memo.deinitialize(count: 1)
        memo.deallocate()
    }
}

extension CALayer {
    /// The layer's memo (`flattenMemoStorage`); only while `hasFlattenMemo`.
    @inline(__always)
    package var flattenMemo: UnsafeMutablePointer<FlattenMemo> { flattenMemoStorage.unsafelyUnwrapped }
}

extension FrameBuilder {
    /// Whether the layer's memo can stand for its own item this frame.
    @inline(__always)
    func memoApplies(to layer: CALayer, _ ctx: Context) -> Bool {
        memoizes && layer.hasFlattenMemo && layer.flattenMemo.pointee.stamp == layer.modelStamp
            && layer.flattenMemo.pointee.ancestorsFlipped == ctx.ancestorsFlipped && Self.mayKeepMemo(layer)
    }

    /// Whether the layer's structure and animations let a memo stand for its item: no
    /// sublayers, no mask, and animations (if any) of its placement and opacity alone.
    @inline(__always)
    static func mayKeepMemo(_ layer: CALayer) -> Bool {
        layer.isLeaf && (!layer.isAnimated || layer.animations.changesOnlyPlacement)
    }

    /// Appends the memoized item of a layer with its placement in this frame (`s`: its
    /// presented state).
    func drawMemo(of layer: CALayer, _ node: FlattenNode, _ s: UnsafePointer<LayerState>, _ ctx: Context) {
        switch Self.placeMemo(of: layer, s, ctx) {
        case .nothing: return
        case .notFinite: reportNotFinite(node)
        case .placed(let world, let opacity):
            var item = layer.flattenMemo.pointee.item
            Self.place(&item, world: world, opacity: opacity, ctx)
            item.layerIndex = layerCounter - 1
            registerMemoImage(of: layer, identity: layer.flattenMemo.pointee.imageIdentity)
            append(item)
        }
    }

    /// Where a layer drawn from its memo shows in this frame.
    enum PlacedMemo {
        /// Nowhere (hidden, transparent, or no item of its own).
        case nothing
        /// Nowhere, and its placement is not finite (to report).
        case notFinite
        /// Under `world`, at `opacity`: the memo's item with this placement
        /// (`place(_:world:opacity:_:)`) is what it draws.
        case placed(world: CATransform3D, opacity: Float)
    }

    /// Where a layer drawn from its memo shows in this frame (`s`: its presented state): no
    /// side effect, so flattening may place the memos of many sublayers on several threads
    /// (FrameBuilder+ParallelLeaves.swift), each copied once, straight to where it goes.
    @inline(__always)
    static func placeMemo(of layer: CALayer, _ s: UnsafePointer<LayerState>, _ ctx: Context) -> PlacedMemo {
        if s.pointee.isHidden || !(s.pointee.opacity > 0) || !layer.flattenMemo.pointee.drawsItem { return .nothing }
        guard let world = s.world(under: ctx.parent) else { return .notFinite }
        let opacity = ctx.opacity * s.pointee.opacity
        guard opacity > 0 else { return .nothing }
        return .placed(world: world, opacity: opacity)
    }

    /// Initializes `destination` with the item of the memo at `memo` as `place` sets it (its
    /// `layerIndex` still to set): the bytes after the transform copied straight across (a
    /// `DrawItem` holds no references), then the placement written over them.
    /// `initialize(to:)` of the memo's item went through the stack: two calls of `memcpy` for
    /// 153 of its bytes, a sixteenth of the frame of 10 000 snowflakes on two threads.
    @inline(__always)
    static func placeCopy(
        of memo: UnsafePointer<FlattenMemo>, to destination: UnsafeMutablePointer<DrawItem>, world: CATransform3D,
        opacity: Float, _ ctx: Context
    ) {
        precondition(_isPOD(DrawItem.self), "a DrawItem is copied as bytes")
        // swift-format-ignore: NeverForceUnwrap
        let item = UnsafeRawPointer(memo) + MemoryLayout<FlattenMemo>.offset(of: \.item)!
        // swift-format-ignore: NeverForceUnwrap
        let start = MemoryLayout<DrawItem>.offset(of: \.transform)! + MemoryLayout<Matrix4>.size
        (UnsafeMutableRawPointer(destination) + start).copyMemory(
            from: item + start, byteCount: MemoryLayout<DrawItem>.size - start)
        place(&destination.pointee, world: world, opacity: opacity, ctx)
    }

    /// Sets what placement decides in a copy of a memo's item (its `layerIndex` still to set).
    @inline(__always)
    static func place(_ item: inout DrawItem, world: CATransform3D, opacity: Float, _ ctx: Context) {
        item.transform = matrix(world)
        item.opacity = opacity
        item.clip = ctx.clip
        // As `layerItem` decides it: an opaque background at full opacity.
        item.opaque = item.background.a >= 1 && opacity >= 1
    }

    /// Registers the image of a layer's memo (its identity given) unless it is the one
    /// registered last.
    @inline(__always)
    func registerMemoImage(of layer: CALayer, identity: UInt64) {
        if identity != 0 && identity != lastImageIdentity, let image = layer.flattenMemo.pointee.image {
            register(image)
        }
    }

    /// Keeps the item just made for a layer when the layer qualifies (see the file's
    /// comment); forgets the memo when it does not.
    func keepMemo(
        of node: FlattenNode, _ s: UnsafePointer<LayerState>, item: DrawItem?, ancestorsFlipped: Bool, tiled: Bool
    ) {
        // The layer lent (the node holds it): bound from the node, it was retained and
        // released for each layer drawn.
        guard memoizes, let lent = node.lentLayer else { return }
        lent._withUnsafeGuaranteedRef { layer in
            guard Self.mayKeepMemo(layer), !tiled, !layer.keepsSublayersIn3D, FlattenNode.emitter(layer) == nil,
                Self.drawsOnePlainItem(s)
            else {
                Self.forgetMemo(of: layer)
                return
            }
            let image = s.pointee.contents.image
            if layer.flattenMemoStorage == nil { layer.flattenMemoStorage = FlattenMemo.allocate() }
            let memo = layer.flattenMemo
            layer.hasFlattenMemo = true
            memo.pointee.stamp = layer.modelStamp
            memo.pointee.ancestorsFlipped = ancestorsFlipped
            memo.pointee.drawsItem = item != nil
            memo.pointee.imageIdentity = image?.identity ?? 0
            memo.pointee.image = image
            if let item { memo.pointee.item = item }
        }
    }

    /// Forgets the memo of a node's layer (its item is being made differently: in a pass).
    func forgetMemo(of node: FlattenNode) {
        node.lentLayer?._withUnsafeGuaranteedRef { Self.forgetMemo(of: $0) }
    }

    /// Forgets the memo of `layer`.
    @inline(__always)
    static func forgetMemo(of layer: CALayer) {
        guard layer.hasFlattenMemo else { return }
        layer.hasFlattenMemo = false
        layer.flattenMemo.pointee.image = nil
    }

    /// Whether a presented state draws at most its one layer item, the same wherever the layer
    /// is placed: no shape (rasterized for its on-screen scale), shadow, filters, backdrop
    /// filters, transition, cross-fade or rasterization.
    static func drawsOnePlainItem(_ s: UnsafePointer<LayerState>) -> Bool {
        s.pointee.shape == nil && !(s.pointee.shadowOpacity > 0) && s.pointee.filters.isEmpty
            && s.pointee.backgroundFilters.isEmpty && s.pointee.transition == nil && s.pointee.contentsBlend == nil
            && !s.pointee.shouldRasterize
    }
}
