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
    /// Whether the mask is inverted: the mask pass held its image xor-ed out of an opaque fill
    /// (an alpha-inverted Lottie track matte), so the item shows where the image does not.
    var inverted = false
    /// Where the pass is shown (pass coordinates): the showing item's rect, cut by its clips.
    var shown: Rect
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
    ///   anti-aliased and no background, border, tint or blend mode (`isMaskImage`); or M
    ///   holds J inverted (`invertedMaskImage`): an opaque colour over all of M, then a pass
    ///   holding J alone, composited with `xor` where it was taken from;
    /// - I is a plain image (the simple program's: `isPlainImage`) or a plain colour (a square
    ///   background alone, unclipped, in the normal blend mode), without perspective;
    /// - K shows P where P was taken from: a screen-space pass drawn into the screen or a
    ///   screen-space pass at the same scale, by K with no transform, its rect P's source,
    ///   square, every edge anti-aliased, with no background, border, tint, backdrop filter or
    ///   blend mode, inside clips that make one rect with it (`shownRect`).
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
            mask.itemRange.upperBound <= list.items.count, mask.sourceRect == pass.sourceRect,
            mask.scale == pass.scale
        else { return nil }
        let j: Int, inverted: Bool
        if mask.itemRange.count == 1, isMaskImage(list.items[mask.itemRange.lowerBound]) {
            (j, inverted) = (mask.itemRange.lowerBound, false)
        } else if let image = invertedMaskImage(m, list) {
            (j, inverted) = (image, true)
        } else {
            return nil
        }
        let q = Int(readerPass[p])
        guard q >= 0, q != p, q != m, q == 0 || list.passes[q].screenSpace, p < passGeometry.count,
            q < passGeometry.count, passGeometry[p].scale == passGeometry[q].scale
        else { return nil }
        let i = pass.itemRange.lowerBound, k = Int(readerItem[p])
        let shape = list.items[i], s = shape.transform.m
        guard shape.numbersAreFinite, s[3] == 0, s[7] == 0, s[15] == 1 else { return nil }
        switch shape.content {
        case .image(_, let shown):
            guard list.items.withUnsafeBufferPointer({ $0.baseAddress.map { isPlainImage($0 + i, shown) } ?? false })
            else { return nil }
        case .none:
            guard shape.clip < 0, shape.cornerRadius == 0, shape.borderWidth == 0, shape.contentTint == nil,
                shape.blend == .normal, shape.backdropFilters < 0
            else { return nil }
        default: return nil
        }
        guard case .image(let maskImage, _) = list.items[j].content else { return nil }
        let reader = list.items[k]
        guard reader.transform == .identity, reader.rect == pass.sourceRect, reader.cornerRadius == 0,
            reader.borderWidth == 0, reader.background.isClear, reader.contentTint == nil, reader.blend == .normal,
            reader.backdropFilters < 0, reader.antialiasedEdges == .all, reader.opacity.isFinite
        else { return nil }
        guard let shown = shownRect(reader.rect, clip: reader.clip, list, passGeometry[q]) else { return nil }
        return FusedMatte(item: i, maskItem: j, maskImage: maskImage, inverted: inverted, shown: shown)
    }

    /// Whether `item` can mask a fused matte: an image shown whole, stretched over its rect,
    /// without perspective, with linear filters, opaque, square, unclipped, with every edge
    /// anti-aliased and no background, border, tint or blend mode (the simple program then
    /// draws its coverage and alpha as the mask pass held them).
    private func isMaskImage(_ item: DrawItem) -> Bool {
        let t = item.transform.m
        guard case .image(_, let placement) = item.content else { return false }
        return placement.source == .unit && placement.center == nil && placement.isLinear
            && placement.destination == item.rect && item.opacity == 1 && item.clip < 0 && item.background.isClear
            && item.borderWidth == 0 && item.contentTint == nil && item.blend == .normal && item.backdropFilters < 0
            && item.antialiasedEdges == .all && item.numbersAreFinite && t[3] == 0 && t[7] == 0 && t[15] == 1
    }

    /// The item of the image J that mask pass `m` holds inverted, or nil: M holds an opaque
    /// colour covering all of it (square, unturned, unclipped, at full opacity, in the normal
    /// blend mode), then one item showing a pass Q where Q was taken from with `xor`, Q a
    /// screen-space pass at M's scale without effects, read by that item alone, holding J alone
    /// (`isMaskImage`), and J lies in Q's source within M's. There, `xor` over the opaque
    /// colour leaves alpha 1 − J's, and 1 outside Q (an alpha-inverted Lottie track matte).
    private func invertedMaskImage(_ m: Int, _ list: RenderList) -> Int? {
        let mask = list.passes[m], range = mask.itemRange
        guard range.count == 2, m < passGeometry.count else { return nil }
        let fill = list.items[range.lowerBound], hole = list.items[range.lowerBound + 1]
        let margin = 1.5 / mask.scale
        guard case .none = fill.content, fill.background.a >= 1, fill.opacity == 1, fill.clip < 0,
            fill.cornerRadius == 0, fill.borderWidth == 0, fill.contentTint == nil, fill.blend == .normal,
            fill.backdropFilters < 0, fill.numbersAreFinite, let b = Self.squareBounds(of: fill),
            b.minX <= mask.sourceRect.x - margin, b.maxX >= mask.sourceRect.maxX + margin,
            b.minY <= mask.sourceRect.y - margin, b.maxY >= mask.sourceRect.maxY + margin
        else { return nil }
        guard case .pass(let id) = hole.content, id.index > 0, Int(id.index) < list.passes.count,
            Int(id.index) != m, hole.blend == .xor, hole.transform == .identity, hole.opacity == 1, hole.clip < 0,
            hole.background.isClear, hole.borderWidth == 0, hole.contentTint == nil, hole.backdropFilters < 0,
            hole.antialiasedEdges == .all
        else { return nil }
        let q = Int(id.index), source = list.passes[q]
        guard readers[q] == 1, readerItem[q] == Int32(range.lowerBound + 1), source.screenSpace,
            source.cacheKey == nil, source.effects.isEmpty, source.scale == mask.scale, hole.rect == source.sourceRect,
            source.itemRange.count == 1, source.itemRange.upperBound <= list.items.count
        else { return nil }
        let j = source.itemRange.lowerBound, image = list.items[j]
        guard isMaskImage(image), let box = Self.projectedBounds(image.rect, image.transform) else { return nil }
        // What of J lies in M lies in Q (beyond Q's source, only pixels outside every pass).
        let minX = max(box.minX, mask.sourceRect.x), maxX = min(box.maxX, mask.sourceRect.maxX)
        let minY = max(box.minY, mask.sourceRect.y), maxY = min(box.maxY, mask.sourceRect.maxY)
        guard
            minX >= maxX || minY >= maxY
                || (minX >= source.sourceRect.x && maxX <= source.sourceRect.maxX && minY >= source.sourceRect.y
                    && maxY <= source.sourceRect.maxY)
        else { return nil }
        return j
    }

    /// Where an item of `rect` (pass coordinates, no transform) inside clip chain `clip` shows
    /// its pixels, as one rect whose edges' coverage is the product of the item's and the clips'
    /// at every pixel of the pass (`g`), or nil when there is none such: each clip a square rect
    /// mapped without turning, with every edge anti-aliased, and each of its edges either
    /// outside the rect by a pixel and a half (it cuts nothing there), inside it by a pixel or
    /// more (it is the edge: the rect's coverage is whole where the clip's edge blurs), or both
    /// edges at or beyond the pass's. A Lottie precomposition's bounds cutting a layer shown in it.
    func shownRect(_ rect: Rect, clip: Int32, _ list: RenderList, _ g: PassGeometry) -> Rect? {
        var edges = (rect.x, rect.maxX, rect.y, rect.maxY)
        let visible = g.pixelArea, margin = 1.5 / g.scale, pixel = 1 / g.scale
        // One side: the edge `e` at a low (`low`) or high side, against the clip's edge `c`
        // and the pass's edge `v`.
        func side(_ e: Float, _ c: Float, _ v: Float, low: Bool) -> Float? {
            let outside = low ? e - c : c - e  // how far the clip's edge lies outside the rect's
            if outside >= margin { return e }
            if outside <= -pixel { return c }
            // At or beyond the pass's edge, both leave the pass's pixels whole (their centres
            // lie half a pixel or more inside).
            let beyond = low ? max(e, c) <= v : min(e, c) >= v
            return beyond ? e : nil
        }
        var index = Int(clip), steps = 0
        while index >= 0 {
            guard index < list.clips.count, steps < list.clips.count else { return nil }
            let node = list.clips[index]
            guard node.antialiasedEdges == .all, let c = Self.squareBounds(of: node) else { return nil }
            guard let minX = side(edges.0, c.minX, visible.x, low: true),
                let maxX = side(edges.1, c.maxX, visible.maxX, low: false),
                let minY = side(edges.2, c.minY, visible.y, low: true),
                let maxY = side(edges.3, c.maxY, visible.maxY, low: false),
                minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite
            else { return nil }
            edges = (minX, maxX, minY, maxY)
            index = Int(node.parent)
            steps += 1
        }
        guard edges.1 > edges.0, edges.3 > edges.2 else { return nil }
        return Rect(x: edges.0, y: edges.2, width: edges.1 - edges.0, height: edges.3 - edges.2)
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
            ClipNode(transform: reader.transform, rect: matte.shown, cornerRadius: 0, parent: -1))
        plannedClips.append(
            ClipNode(transform: masking.transform, rect: masking.rect, cornerRadius: 0, parent: shownIn))
        var item = list.items[matte.item]
        item.opacity *= reader.opacity
        // Masked, it covers nothing whole: never the screen's clear colour, never unblended.
        item.opaque = false
        fusedMask = (matte.maskImage, shownIn + 1, visible: matte.shown, inverted: matte.inverted)
        defer { fusedMask = nil }
        withUnsafePointer(to: &item) { planItem($0, list: list, pass: pass, geometry: g) }
    }

    /// Makes `instance` (showing `textures`: an image, or nothing but a colour) the fused
    /// matte's being planned (`fusedMask`): its clip the mask's planned clip, its second texture
    /// the mask's image, its quad cut to where it is shown. Returns its textures, or nil when it
    /// shows nothing there.
    func maskInPlace(_ instance: inout QuadInstance, _ textures: TextureSource, _ g: PassGeometry) -> TextureSource? {
        guard let mask = fusedMask, let cut = geometry(instance.geometry, under: instance.h, within: mask.visible, g)
        else { return nil }
        instance.geometry = cut
        instance.clip = mask.clip
        if mask.inverted { instance.flags.insert(.invertedMask) }
        switch textures {
        case .image(let id): return .images(id, mask.image)
        case .none: return .mask(mask.image)
        default: return nil
        }
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
