/// Planning an item's content: images (placement, contentsRect, nine-slice, filters),
/// crossfades, composited passes and analytic blurred shapes, into instance fields and the
/// texture source its batch is keyed by.
import GLayersRenderList

extension Renderer {
    /// Sets the instance's content fields; returns its texture source, or nil (skipped).
    func planContent(_ item: DrawItem, list: RenderList, pass: Int, into instance: inout QuadInstance)
        -> TextureSource?
    {
        switch item.content {
        case .none:
            return TextureSource.none
        case .image(let id, let placement):
            guard place(placement, item, into: &instance) else { return nil }
            let mipmapped = placement.minificationFilter == .trilinear
            if !mipmapped && listHasTiles && list.tileImages.contains(id) && list.images[id] != nil {
                return .pendingTile(id)
            }
            guard let texture = textures.texture(for: id, in: list, mipmapped: mipmapped, stats: &stats)
            else {
                skip(.missingImage)
                return nil
            }
            return .image(texture)
        case .crossfade(let from, let to, let progress, let placement):
            guard progress.isFinite else {
                skip(.nonFiniteTransform)
                return nil
            }
            guard place(placement, item, into: &instance) else { return nil }
            let mipmapped = placement.minificationFilter == .trilinear
            guard let a = textures.texture(for: from, in: list, mipmapped: mipmapped, stats: &stats),
                let b = textures.texture(for: to, in: list, mipmapped: mipmapped, stats: &stats)
            else {
                skip(.missingImage)
                return nil
            }
            instance.flags.insert(.crossfade)
            instance.progress = min(max(progress, 0), 1)
            return .images(a, b)
        case .pass(let id):
            let source = Int(id.index)
            guard source > 0, source < scheduler.position.count, source != pass,
                scheduler.position[source] >= 0, scheduler.position[source] < scheduler.position[pass]
            else {
                skip(.missingPass)
                return nil
            }
            let p = list.passes[source], g = passGeometry[source]
            instance.flags.insert(.texture)
            instance.destination = item.rect
            // The texture's last column may be partly outside the source rect.
            instance.source = Rect(
                x: 0, y: 0, width: min(1, p.sourceRect.width * g.scale / Float(g.width)),
                height: min(1, p.sourceRect.height * g.scale / Float(g.height)))
            return .pass(id.index)
        case .blurredShape(let sigma):
            guard sigma.isFinite else {
                skip(.nonFiniteTransform)
                return nil
            }
            let s = max(0, sigma)
            instance.flags.insert(.blurredShape)
            instance.center = SIMD4(s, 0, 0, 0)
            instance.geometry = item.rect.insetBy(-(3 * s + 1))
            instance.borderWidth = 0
            return TextureSource.none
        }
    }

    /// The textures of a tile image's item: a layer of its size's texture array when the
    /// simple program draws it (`simple`), else a texture of its own; nil (skipped) when the
    /// image is missing.
    func resolveTile(_ id: ImageID, simple: Bool, list: RenderList, into instance: inout QuadInstance)
        -> TextureSource?
    {
        if simple, quad.prepare(.simpleArray),
            let (array, layer) = textures.layer(for: id, in: list, stats: &stats)
        {
            instance.layer = layer
            return .array(array)
        }
        guard let texture = textures.texture(for: id, in: list, stats: &stats) else {
            skip(.missingImage)
            return nil
        }
        return .image(texture)
    }

    /// Content placement fields; false (skipped) when its rects are unusable.
    func place(_ p: ContentPlacement, _ item: DrawItem, into instance: inout QuadInstance) -> Bool {
        guard p.destination.isFinite, !p.destination.isEmpty, p.source.isFinite, p.source.width != 0,
            p.source.height != 0
        else {
            skip(.badPlacement)
            return false
        }
        instance.flags.insert(.texture)
        if p.magnificationFilter == .nearest { instance.flags.insert(.nearest) }
        switch p.minificationFilter {
        case .linear: break
        case .nearest: instance.flags.insert(.minifyNearest)
        case .trilinear: instance.flags.insert(.minifyTrilinear)
        }
        instance.lodBias = p.minificationFilterBias.isFinite ? p.minificationFilterBias : 0
        instance.destination = p.destination
        instance.source = p.source
        if let c = p.center, c.isFinite, p.naturalSize.width > 0, p.naturalSize.height > 0 {
            instance.flags.insert(.nineSlice)
            instance.center = c.vector
            instance.naturalWidth = p.naturalSize.width
            instance.naturalHeight = p.naturalSize.height
        }
        if !item.clipsContent { instance.geometry = item.rect.union(p.destination) }
        return true
    }
}
