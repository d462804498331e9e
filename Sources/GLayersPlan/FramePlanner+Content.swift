/// Planning an item's content: images (placement, contentsRect, nine-slice, filters),
/// crossfades, composited passes and analytic blurred shapes, into instance fields and the
/// texture source its batch is keyed by.
import GLayersRenderList

extension ItemContent {
    /// Whether it is a trimmed stroke whose edges show nothing (`StrokeTrim.clearEdges`).
    var clearsEdges: Bool {
        if case .trimmedStroke(_, _, let trim, _) = self { return trim.clearEdges }
        return false
    }
}

extension FramePlanner {
    /// Sets the instance's content fields; returns its texture source, or nil (skipped).
    func planContent(_ item: UnsafePointer<DrawItem>, list: RenderList, pass: Int, into instance: inout QuadInstance)
        -> TextureSource?
    {
        switch item.pointee.content {
        case .none:
            return TextureSource.none
        case .image(let id, let placement):
            guard place(placement, item, into: &instance) else { return nil }
            guard hasPixels(id, list) else {
                skip(.missingImage)
                return nil
            }
            if placement.minificationFilter == .trilinear { mipmappedImages.append(id) }
            return .image(id)
        case .crossfade(let from, let to, let progress, let placement):
            guard progress.isFinite else {
                skip(.nonFiniteTransform)
                return nil
            }
            guard place(placement, item, from, to, list, into: &instance) else { return nil }
            if placement.minificationFilter == .trilinear { mipmappedImages.append(contentsOf: [from, to]) }
            instance.flags.insert(.crossfade)
            instance.progress = min(max(progress, 0), 1)
            return .images(from, to)
        case .trimmedStroke(let id, let lengths, let trim, let placement):
            guard trim.start.isFinite, trim.end.isFinite, trim.loop.isFinite, trim.capRadius.isFinite else {
                skip(.nonFiniteTransform)
                return nil
            }
            guard place(placement, item, id, lengths, list, into: &instance) else { return nil }
            if placement.minificationFilter == .trilinear { mipmappedImages.append(id) }
            instance.flags.insert(.trim)
            instance.flags.remove(.nineSlice)
            instance.center = SIMD4(trim.start, trim.end, max(trim.loop, 0), max(trim.capRadius, 0))
            return .images(id, lengths)
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
            instance.destination = item.pointee.rect
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
            instance.geometry = item.pointee.rect.insetBy(-(3 * s + 1))
            instance.borderWidth = 0
            return TextureSource.none
        }
    }

    /// Whether the list holds image `id` with at least one pixel (the last image found is
    /// remembered for the frame: runs of items with one image look it up once, and compare
    /// without a call).
    @inline(__always)
    func hasPixels(_ id: ImageID, _ list: RenderList) -> Bool {
        id == recentImage || findsPixels(id, list)
    }

    /// `hasPixels` when the image is not the last one found.
    private func findsPixels(_ id: ImageID, _ list: RenderList) -> Bool {
        guard let image = list.images[id], image.pixelWidth > 0, image.pixelHeight > 0 else { return false }
        recentImage = id
        return true
    }

    /// The textures of a plain image item the simple program draws when its image is a tile
    /// (`RenderList.tileImages`, which the caller has seen is not empty): a layer of a texture
    /// array of the image's size, so that a level's tiles batch; nil when it is not a tile, is
    /// sampled with mipmaps, or is larger than a texture may be (then it is drawn, downscaled,
    /// from a texture of its own).
    func tileSize(_ item: UnsafePointer<DrawItem>, _ id: ImageID, _ list: RenderList) -> TextureSource? {
        guard case .image(_, let placement) = item.pointee.content,
            placement.minificationFilter != .trilinear, list.tileImages.contains(id), let image = list.images[id],
            image.pixelWidth <= options.maximumTextureSize, image.pixelHeight <= options.maximumTextureSize
        else { return nil }
        return .tiles(width: Int32(image.pixelWidth), height: Int32(image.pixelHeight))
    }

    /// The side of the layers small images share (`smallImage`): 64 pixels, so that the
    /// shapes of a Lottie letter or icon (2 to 40 pixels a side) are drawn by one call.
    package static let smallImageSide: Int32 = 64

    /// The pixel size of image `id` when the plain image item the simple program draws as
    /// `instance` shows it small enough to share a texture array's layer of `smallImageSide`
    /// pixels a side with its right and bottom edges repeated twice beyond it
    /// (`TextureArrays.uploadSmall`); else nil. Items showing different small images then
    /// batch, where each image of its own was a draw call (on llvmpipe about 2.3 µs each, a
    /// Lottie letter's dozen shapes a frame).
    ///
    /// The texels sampled are those of a texture of its own, clamped at its edges, when the
    /// item shows the image with linear filters, within its bounds (`source` in the unit
    /// square), without perspective and at half a pixel a texel or more: the quad reaches half
    /// a pixel past the item's edges for their coverage, so a bilinear sample reads at most a
    /// texel and a half past the image's last texel, which the two repeated hold.
    func smallImage(_ item: UnsafePointer<DrawItem>, _ id: ImageID, _ list: RenderList, _ instance: QuadInstance)
        -> (Int, Int)?
    {
        guard !options.disableSmallImageArrays, case .image(_, let placement) = item.pointee.content,
            placement.minificationFilter == .linear, placement.magnificationFilter != .nearest,
            let image = list.images[id], image.pixelWidth > 0, image.pixelHeight > 0,
            image.pixelWidth + 2 <= Int(Self.smallImageSide), image.pixelHeight + 2 <= Int(Self.smallImageSide),
            image.pixelWidth <= options.maximumTextureSize, image.pixelHeight <= options.maximumTextureSize
        else { return nil }
        let s = instance.source, d = instance.destination, h = instance.h
        guard s.x >= 0, s.y >= 0, s.maxX <= 1, s.maxY <= 1, h.c0.z == 0, h.c1.z == 0, h.c2.z != 0,
            (h.c0.x * h.c0.x + h.c0.y * h.c0.y).squareRoot() * abs(d.width)
                >= 0.5 * Float(image.pixelWidth) * s.width * abs(h.c2.z),
            (h.c1.x * h.c1.x + h.c1.y * h.c1.y).squareRoot() * abs(d.height)
                >= 0.5 * Float(image.pixelHeight) * s.height * abs(h.c2.z)
        else { return nil }
        return (image.pixelWidth, image.pixelHeight)
    }

    /// Content placement fields of content drawn from images `a` and `b`; false (skipped) when
    /// its rects are unusable or an image has no pixels.
    private func place(
        _ p: ContentPlacement, _ item: UnsafePointer<DrawItem>, _ a: ImageID, _ b: ImageID, _ list: RenderList,
        into instance: inout QuadInstance
    ) -> Bool {
        guard place(p, item, into: &instance) else { return false }
        guard hasPixels(a, list), hasPixels(b, list) else {
            skip(.missingImage)
            return false
        }
        return true
    }

    /// Content placement fields; false (skipped) when its rects are unusable.
    @inline(__always)
    func place(_ p: ContentPlacement, _ item: UnsafePointer<DrawItem>, into instance: inout QuadInstance) -> Bool {
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
        if !item.pointee.clipsContent { instance.geometry = item.pointee.rect.union(p.destination) }
        return true
    }
}
