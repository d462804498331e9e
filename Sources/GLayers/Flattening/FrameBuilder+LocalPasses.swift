/// Flattening, passes in a layer's own space: a rasterized layer (`shouldRasterize`) drawn
/// through a cached pass, and a running transition between two snapshots of a layer.
import Foundation
import GLayersRenderList

extension FrameBuilder {
    /// Draws a layer with `shouldRasterize` through a cached pass in its own space.
    ///
    /// - The pass's items are the subtree at this frame's time, in the layer's bounds space: the
    ///   layer's own placement, opacity and animations of them stay outside the pass, so they
    ///   move the cached texture without changing its key.
    func drawRasterized(
        _ node: FlattenNode, _ s: LayerState, world: CATransform3D, time: CFTimeInterval, _ ctx: Context
    ) {
        let index = layerCounter - 1
        let scale = Float(max(0.01, min(s.rasterizationScale, 16))) * screenScale * scaleOf(world)
        beginPass(screenSpace: false, scale: scale)
        var inner = s
        inner.shouldRasterize = false
        inner.opacity = 1
        let local = Context(
            parent: .identity, time: ctx.time, opacity: 1, clip: -1, depth: ctx.depth,
            ancestorsFlipped: ctx.ancestorsFlipped, copies: ctx.copies)
        let unplaced = placedAtOrigin(inner)
        drawLayer(node, unplaced, world: unplaced.layerToSuperlayer, time: time, opacity: 1, clip: -1, local)
        let id = endPass(sourceRect: rect(s.bounds), scale: scale, cacheIdentity: node.identity)
        append(
            DrawItem(
                transform: matrix(world), rect: rect(s.bounds), opacity: ctx.opacity * s.opacity, content: .pass(id),
                antialiasedEdges: s.itemEdges, clip: ctx.clip, doubleSided: s.isDoubleSided, layerIndex: index))
    }

    /// The state with its placement removed, so the layer's bounds map onto themselves.
    func placedAtOrigin(_ s: LayerState) -> LayerState {
        var p = s
        p.transform = .identity
        p.position = s.anchorInBounds
        p.zPosition = 0
        p.anchorPointZ = 0
        return p
    }

    /// Draws a layer with a running transition: its "before" snapshot and its current subtree
    /// into passes in its own space, composited by the transition.
    func drawTransition(
        _ node: FlattenNode, _ s: LayerState, _ t: TransitionState, world: CATransform3D, time: CFTimeInterval,
        _ ctx: Context
    ) {
        let index = layerCounter - 1
        let scale = screenScale * scaleOf(world)
        let local = Context(
            parent: .identity, time: ctx.time, opacity: 1, clip: -1, depth: ctx.depth,
            ancestorsFlipped: ctx.ancestorsFlipped, copies: ctx.copies)
        beginPass(screenSpace: false, scale: scale)
        if let before = t.before {
            // drawLayer draws the state as it is, transition or not (only `visit` looks at
            // transitions): no copy of the state's box to clear it.
            let old = placedAtOrigin(before.state)
            if !old.isHidden && old.opacity > 0 {
                drawLayer(
                    .frozen(before), old, world: old.layerToSuperlayer, time: time, opacity: old.opacity, clip: -1,
                    local)
            }
        }
        let beforeID = endPass(sourceRect: rect(s.bounds), scale: scale)
        beginPass(screenSpace: false, scale: scale)
        let now = placedAtOrigin(s)
        if !now.isHidden && now.opacity > 0 {
            drawLayer(node, now, world: now.layerToSuperlayer, time: time, opacity: now.opacity, clip: -1, local)
        }
        var effects = PassEffects()
        effects.transition = TransitionSpec(
            kind: TransitionKind(rawValue: t.type.rawValue) ?? .fade,
            direction: TransitionDirection(rawValue: t.subtype?.rawValue ?? "fromLeft") ?? .fromLeft,
            progress: Float(min(max(t.progress, 0), 1)), before: beforeID)
        let afterID = endPass(sourceRect: rect(s.bounds), scale: scale, effects: effects)
        append(
            DrawItem(
                transform: matrix(world), rect: rect(s.bounds), opacity: ctx.opacity, content: .pass(afterID),
                antialiasedEdges: s.itemEdges, clip: ctx.clip, doubleSided: s.isDoubleSided, layerIndex: index))
    }
}
