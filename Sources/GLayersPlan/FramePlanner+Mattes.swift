/// Masked passes drawn without passes: a pass that holds one plain image, masked by a pass that
/// holds one plain image (a Lottie track matte over a shape, a layer masked by an image), is
/// drawn as that image alone, straight into the pass that shows it, by the simple program
/// reading the mask image as a second texture (`QuadVariant.simpleMasked`). Each such matte
/// spares two passes, the mask's application and the draw of the result: on a software
/// rasterizer every pass costs a flush of its scene, however few its pixels (docs/renderer.md,
/// "Mattes drawn without passes").
import GLayersRenderList

/// A masked pass drawn as its image (`FramePlanner.prepareMattes`).
struct FusedMatte {
    /// The masked pass's item.
    var item: Int
    /// The mask pass's item, whose image masks it.
    var maskItem: Int
    /// The mask's image.
    var maskImage: ImageID
}

extension FramePlanner {
    /// Finds the masked passes drawn as their image this frame (`fusedMattes`), before the
    /// scheduler decides which passes are rendered: those are not, nor their masks.
    ///
    /// A pass P is drawn as its item I when
    /// - P holds I alone, its only effect is a mask M, it is not a rasterized layer, and one
    ///   item K anywhere reads it (and no pass);
    /// - M holds one image J alone over the same source rect at the same scale, has no effect,
    ///   and only P reads it; J shows the whole image stretched over its rect, without
    ///   perspective, with linear filters, opaque, square, unclipped, with every edge
    ///   anti-aliased and no background, border, tint or blend mode;
    /// - I is a plain image (the simple program's: `isPlainImage`) or a plain colour (a square
    ///   background alone, unclipped, in the normal blend mode), without perspective;
    /// - K shows P where P was taken from: a screen-space pass drawn into the screen or a
    ///   screen-space pass at the same scale, by K with no transform, its rect P's source,
    ///   square, every edge anti-aliased, with no background, border, tint, backdrop filter or
    ///   blend mode, and a clip that cuts nothing.
    ///
    /// Then I drawn into K's pass with K's opacity, times J's coverage and alpha and K's rect's
    /// coverage at each pixel, is what K would show: the simple program's pixels of I and of J
    /// are those P and M hold, at the pixels K shows them at.
    func prepareMattes(_ list: RenderList) {
        let n = list.passes.count
        fusedMattes.removeAll(keepingCapacity: true)
        fusedMattes.append(contentsOf: repeatElement(nil, count: n))
        plannedClips.removeAll(keepingCapacity: true)
        guard n > 2, !options.disableMatteFusion, !options.showOverdraw else { return }
        // Who reads each pass: items that show it (the last one found, and its pass) and
        // passes it masks or transitions from.
        readers.removeAll(keepingCapacity: true)
        readers.append(contentsOf: repeatElement(0, count: n))
        readerItem.removeAll(keepingCapacity: true)
        readerItem.append(contentsOf: repeatElement(-1, count: n))
        readerPass.removeAll(keepingCapacity: true)
        readerPass.append(contentsOf: repeatElement(-1, count: n))
        func valid(_ id: PassID?) -> Int? {
            guard let id, id.index > 0, Int(id.index) < n else { return nil }
            return Int(id.index)
        }
        for (index, pass) in list.passes.enumerated() {
            if let m = valid(pass.effects.mask) { readers[m] += 1 }
            if let t = valid(pass.effects.transition?.before) { readers[t] += 1 }
            for i in pass.itemRange.clamped(to: 0..<list.items.count) {
                guard case .pass(let id) = list.items[i].content, let p = valid(id) else { continue }
                readers[p] += 1
                readerItem[p] = Int32(i)
                readerPass[p] = Int32(index)
            }
        }
        for p in 1..<n where readers[p] == 1 && readerItem[p] >= 0 {
            fusedMattes[p] = fusable(p, list)
        }
    }

    /// The fused matte of pass `p` when it can be drawn as its image (`prepareMattes`).
    private func fusable(_ p: Int, _ list: RenderList) -> FusedMatte? {
        let pass = list.passes[p]
        guard pass.cacheKey == nil, pass.screenSpace, pass.effects.filters.isEmpty, pass.effects.shadow == nil,
            pass.effects.transition == nil, let maskID = pass.effects.mask, maskID.index > 0,
            Int(maskID.index) < list.passes.count, Int(maskID.index) != p, pass.itemRange.count == 1,
            pass.itemRange.upperBound <= list.items.count
        else { return nil }
        let m = Int(maskID.index), mask = list.passes[m]
        guard readers[m] == 1, readerItem[m] < 0, mask.cacheKey == nil, mask.effects.isEmpty,
            mask.itemRange.count == 1, mask.itemRange.upperBound <= list.items.count,
            mask.sourceRect == pass.sourceRect, mask.scale == pass.scale
        else { return nil }
        let q = Int(readerPass[p])
        guard q >= 0, q != p, q != m, q == 0 || list.passes[q].screenSpace, p < passGeometry.count,
            q < passGeometry.count, passGeometry[p].scale == passGeometry[q].scale
        else { return nil }
        let i = pass.itemRange.lowerBound, j = mask.itemRange.lowerBound, k = Int(readerItem[p])
        let matte = list.items[j], shape = list.items[i], s = shape.transform.m
        guard shape.numbersAreFinite, s[3] == 0, s[7] == 0, s[15] == 1 else { return nil }
        switch shape.content {
        case .image(_, let shown):
            guard list.items.withUnsafeBufferPointer({ $0.baseAddress.map { isPlainImage($0 + i, shown) } ?? false })
            else { return nil }
        case .none:
            guard shape.clip < 0, shape.cornerRadius == 0, shape.borderWidth == 0, shape.contentTint == nil,
                shape.blend == .normal, shape.backdropFilters < 0, !options.showOverdraw
            else { return nil }
        default: return nil
        }
        let t = matte.transform.m
        guard case .image(let maskImage, let placement) = matte.content, placement.source == .unit,
            placement.center == nil, placement.isLinear, placement.destination == matte.rect, matte.opacity == 1,
            matte.clip < 0, matte.background.isClear, matte.borderWidth == 0, matte.contentTint == nil,
            matte.blend == .normal, matte.backdropFilters < 0, matte.antialiasedEdges == .all,
            matte.numbersAreFinite, t[3] == 0, t[7] == 0, t[15] == 1
        else { return nil }
        let reader = list.items[k]
        guard reader.transform == .identity, reader.rect == pass.sourceRect, reader.cornerRadius == 0,
            reader.borderWidth == 0, reader.background.isClear, reader.contentTint == nil, reader.blend == .normal,
            reader.backdropFilters < 0, reader.antialiasedEdges == .all, reader.opacity.isFinite
        else { return nil }
        if reader.clip >= 0 {
            let instance = QuadInstance(h: Homography(reader.transform), rect: reader.rect, geometry: reader.rect)
            let cutsNothing = list.items.withUnsafeBufferPointer { items in
                items.baseAddress.map {
                    clipCutsNothing(
                        reader.clip, instance, $0 + k, list, scale: passGeometry[q].scale,
                        visible: passGeometry[q].pixelArea)
                } ?? false
            }
            guard cutsNothing else { return nil }
        }
        return FusedMatte(item: i, maskItem: j, maskImage: maskImage)
    }

    /// Plans item `k`, which shows fused pass `p`: the pass's image, with `k`'s opacity, masked
    /// by the mask's image inside `k`'s rect (two `plannedClips`: the mask's, whose parent is
    /// `k`'s rect, which `QuadVariant.simpleMasked` reads).
    func planFusedMatte(
        _ k: UnsafePointer<DrawItem>, _ matte: FusedMatte, list: RenderList, pass: Int, geometry g: PassGeometry
    ) {
        let reader = k.pointee, masking = list.items[matte.maskItem]
        let shownIn = Int32(list.clips.count + plannedClips.count)
        plannedClips.append(
            ClipNode(transform: reader.transform, rect: reader.rect, cornerRadius: 0, parent: -1))
        plannedClips.append(
            ClipNode(transform: masking.transform, rect: masking.rect, cornerRadius: 0, parent: shownIn))
        var item = list.items[matte.item]
        item.opacity *= reader.opacity
        // Masked, it covers nothing whole: never the screen's clear colour, never unblended.
        item.opaque = false
        fusedMask = (matte.maskImage, shownIn + 1, visible: reader.rect)
        defer { fusedMask = nil }
        withUnsafePointer(to: &item) { planItem($0, list: list, pass: pass, geometry: g) }
    }

    /// `geometry` (local points of an instance under `h`) cut to what covers `visible` (pass
    /// coordinates; `g` the pass's geometry), or nil when it covers none of it. A quad under
    /// perspective keeps its geometry.
    func geometry(_ geometry: Rect, under h: Homography, within visible: Rect, _ g: PassGeometry) -> Rect? {
        guard let inverse = h.inverse() else { return geometry }
        let x0 = (visible.x - g.source.x) * g.scale, x1 = (visible.maxX - g.source.x) * g.scale
        let y0 = (visible.y - g.source.y) * g.scale, y1 = (visible.maxY - g.source.y) * g.scale
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for corner in 0..<4 {
            let q = inverse.apply(corner & 1 == 0 ? x0 : x1, corner < 2 ? y0 : y1)
            guard q.z > 0 else { return geometry }
            minX = min(minX, q.x / q.z)
            maxX = max(maxX, q.x / q.z)
            minY = min(minY, q.y / q.z)
            maxY = max(maxY, q.y / q.z)
        }
        let x = max(geometry.x, minX), y = max(geometry.y, minY)
        let w = min(geometry.maxX, maxX) - x, h = min(geometry.maxY, maxY) - y
        guard w > 0, h > 0 else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
