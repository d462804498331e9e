/// Damage tracking, the first half: a frame's signature. Every item the screen shows gets an
/// entry: a hash of its appearance (with the clips, filter chains and passes it refers to, by
/// content) and its box in screen pixels. A composite of a screen-aligned pass (group opacity,
/// mask, filters, shadow: a pass in screen points at the screen's scale, drawn back over its
/// own source rect) keeps its content and mask as sequences of their own, so a change inside
/// damages only its own pixels, grown by the reach of the pass's effects; any other pass
/// (rasterized, transition, local space) is hashed whole into its composite.
///
/// Takes a render list; produces `FrameSignature`, storage reused from frame to frame. It
/// reads nothing of the engine and draws nothing.
import Foundation
import GLayersRenderList

/// One item of a sequence: what it draws and where.
struct DamageEntry {
    /// Its appearance and what it refers to (kind bits included).
    var hash: UInt64
    /// The screen pixels it may change, cut by its clips and by the screen (or, in a pass, by
    /// the pass's source rect).
    var box: PixelRect
    /// For an item with backdrop filters: the pixels it reads; else empty.
    var reads: PixelRect
    /// For the composite of an aligned pass: how far its effects spread a change of content.
    var reach: Int32
    /// The sequence of the composited pass's items, or -1.
    var content: Int32
    /// The sequence of its mask's items, or -1.
    var mask: Int32

    /// Whether `o` draws the same pixels in the same place (its pass contents aside).
    func matches(_ o: DamageEntry) -> Bool {
        hash == o.hash && box == o.box && (content < 0) == (o.content < 0) && (mask < 0) == (o.mask < 0)
    }
}

/// A frame's entries: sequence 0 is the screen, the others aligned passes' items.
struct FrameSignature {
    var width = 0, height = 0
    var scale: Float = 0
    var clear = Color.clear
    /// Whether it describes a frame (false before the first, or after an invalidation).
    var isValid = false
    var entries: [DamageEntry] = []
    /// Per sequence: the pass and its entries' range.
    var sequences: [(pass: Int32, start: Int32, end: Int32)] = []

    mutating func reset() {
        isValid = false
        entries.removeAll(keepingCapacity: true)
        sequences.removeAll(keepingCapacity: true)
    }

    /// The entries of sequence `s`.
    func range(_ s: Int) -> Range<Int> { Int(sequences[s].start)..<Int(sequences[s].end) }
}

/// Builds signatures; its scratch arrays keep their storage.
struct SignatureBuilder {
    /// Passes larger than this are drawn shrunk (not aligned with the screen's pixels).
    var maximumPassSize = 16384
    private var passHash: [UInt64] = []
    private var passState: [UInt8] = []
    private var passSequence: [Int32] = []
    private var clipHash: [UInt64] = []
    private var clipBox: [PixelRect] = []
    private var clipState: [UInt8] = []

    /// The signature of `list` into `sig`.
    mutating func build(_ list: RenderList, into sig: inout FrameSignature) {
        sig.reset()
        sig.width = list.pixelWidth
        sig.height = list.pixelHeight
        sig.scale = list.scale
        sig.clear = list.clearColor
        sig.isValid = true
        reset(&passHash, 0, list.passes.count)
        reset(&passState, 0, list.passes.count)
        reset(&passSequence, -1, list.passes.count)
        reset(&clipHash, 0, list.clips.count)
        reset(&clipBox, .empty, list.clips.count)
        reset(&clipState, 0, list.clips.count)
        guard !list.passes.isEmpty else { return }
        passSequence[0] = 0
        sig.sequences.append((0, 0, 0))
        var s = 0
        while s < sig.sequences.count {
            let p = Int(sig.sequences[s].pass)
            sig.sequences[s].start = Int32(sig.entries.count)
            let pass = list.passes[p]
            let limit =
                p == 0
                ? PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)
                : box(pass.sourceRect, .identity, scale: list.scale, margin: 2)
            var i = pass.itemRange.lowerBound
            let end = min(pass.itemRange.upperBound, list.items.count)
            while i < end {
                let e = entry(list.items[i], in: p, limit: limit, list, &sig)
                sig.entries.append(e)
                i += 1
            }
            sig.sequences[s].end = Int32(sig.entries.count)
            s += 1
        }
    }

    // MARK: Entries

    /// The entry of `item`, an item of pass `p` (the screen or an aligned pass), whose boxes
    /// are cut to `limit`.
    private mutating func entry(
        _ item: DrawItem, in p: Int, limit: PixelRect, _ list: RenderList, _ sig: inout FrameSignature
    ) -> DamageEntry {
        var h = DamageHasher()
        item.hashAppearance(into: &h)
        h.mix(clipChainHash(item.clip, list))
        let unclipped = itemBox(item, scale: list.scale)
        var e = DamageEntry(
            hash: 0, box: unclipped.intersection(clipChainBox(item.clip, list)).intersection(limit), reads: .empty,
            reach: 0, content: -1, mask: -1)
        let chain = Int(item.backdropFilters)
        if chain >= 0 && chain < list.filterChains.count {
            h.mix(list.filterChains[chain])
            var reach: Int32 = 3
            for f in list.filterChains[chain] { reach += f.reach(pixelsPerPoint: list.scale) }
            e.reads = unclipped.grown(by: reach).intersection(limit)
        }
        if case .pass(let id) = item.content, id.index > 0, Int(id.index) < list.passes.count {
            let q = Int(id.index)
            if q != p && passSequence[q] < 0 && isAligned(item, q, list) {
                let pass = list.passes[q]
                h.mix(pass.sourceRect)
                h.mix(pass.scale, 0)
                pass.effects.hashAppearance(into: &h)
                e.reach = pass.effects.reach(pixelsPerPoint: list.scale)
                e.content = sequence(for: q, &sig)
                if let m = pass.effects.mask, m.index > 0, Int(m.index) < list.passes.count {
                    let mi = Int(m.index)
                    if mi != q && passSequence[mi] < 0 && isAlignedMask(list.passes[mi], of: pass, list) {
                        e.mask = sequence(for: mi, &sig)
                    } else {
                        h.mix(contentHash(mi, list))
                    }
                }
            } else {
                h.mix(contentHash(q, list))
            }
        }
        h.mix(UInt64(e.content >= 0 ? 1 : 0) | UInt64(e.mask >= 0 ? 2 : 0) | 0xD00D_0000)
        e.hash = h.finalize()
        return e
    }

    /// A new sequence for the items of pass `q`.
    private mutating func sequence(for q: Int, _ sig: inout FrameSignature) -> Int32 {
        let s = Int32(sig.sequences.count)
        passSequence[q] = s
        sig.sequences.append((Int32(q), 0, 0))
        return s
    }

    /// Whether `item` draws pass `q` back where its items lie on the screen: a screen-space
    /// pass at the screen's scale, at full size, without a transition, composited by an
    /// untransformed item over its source rect.
    private func isAligned(_ item: DrawItem, _ q: Int, _ list: RenderList) -> Bool {
        let pass = list.passes[q]
        return pass.screenSpace && pass.scale == list.scale && pass.effects.transition == nil && pass.cacheKey == nil
            && item.transform == .identity && item.rect == pass.sourceRect && !pass.sourceRect.isEmpty
            && pass.pixelWidth <= maximumPassSize && pass.pixelHeight <= maximumPassSize
    }

    /// Whether a mask pass lies over its pass pixel for pixel.
    private func isAlignedMask(_ mask: RenderPass, of pass: RenderPass, _ list: RenderList) -> Bool {
        mask.screenSpace && mask.scale == pass.scale && mask.sourceRect == pass.sourceRect && mask.cacheKey == nil
            && mask.effects.isEmpty
    }

    // MARK: Whole passes

    /// A hash of everything pass `q` draws, with what it reads (memoized per frame).
    mutating func contentHash(_ q: Int, _ list: RenderList) -> UInt64 {
        if passState[q] == 2 { return passHash[q] }
        if passState[q] == 1 { return 0xC7C1E }
        passState[q] = 1
        var h = DamageHasher()
        let pass = list.passes[q]
        h.mix(pass.sourceRect)
        h.mix(pass.scale, pass.screenSpace ? 1 : 0)
        pass.effects.hashAppearance(into: &h)
        if let m = pass.effects.mask { h.mix(passReference(m, list)) }
        if let t = pass.effects.transition { h.mix(passReference(t.before, list)) }
        mixItems(of: q, list, into: &h)
        passHash[q] = h.finalize()
        passState[q] = 2
        return passHash[q]
    }

    /// A hash of what pass `q`'s items draw, before its effects: its geometry and items, with
    /// the passes they composite (by `contentHash`).
    mutating func itemsHash(_ q: Int, _ list: RenderList) -> UInt64 {
        var h = DamageHasher()
        let pass = list.passes[q]
        h.mix(pass.sourceRect)
        h.mix(pass.scale, pass.screenSpace ? 1 : 0)
        mixItems(of: q, list, into: &h)
        return h.finalize()
    }

    private mutating func mixItems(of q: Int, _ list: RenderList, into h: inout DamageHasher) {
        let pass = list.passes[q]
        if let key = pass.cacheKey {
            // The renderer reuses the texture it drew for this key: the key stands for the items.
            h.mix(key)
            return
        }
        h.mix(UInt64(pass.itemRange.count))
        var i = pass.itemRange.lowerBound
        let end = min(pass.itemRange.upperBound, list.items.count)
        while i < end {
            let item = list.items[i]
            item.hashAppearance(into: &h)
            h.mix(clipChainHash(item.clip, list))
            let chain = Int(item.backdropFilters)
            if chain >= 0 && chain < list.filterChains.count { h.mix(list.filterChains[chain]) }
            if case .pass(let id) = item.content { h.mix(passReference(id, list)) }
            i += 1
        }
    }

    private mutating func passReference(_ id: PassID, _ list: RenderList) -> UInt64 {
        let q = Int(id.index)
        return q > 0 && q < list.passes.count ? contentHash(q, list) : 0xBAD
    }

    // MARK: Clips

    /// A hash of clip `index` and its enclosing clips (memoized per frame).
    private mutating func clipChainHash(_ index: Int32, _ list: RenderList) -> UInt64 {
        let c = Int(index)
        guard c >= 0 && c < list.clips.count else { return 0 }
        visitClip(c, list)
        return clipHash[c]
    }

    /// The pixels clip `index` and its enclosing clips let through (everything without a clip).
    private mutating func clipChainBox(_ index: Int32, _ list: RenderList) -> PixelRect {
        let c = Int(index)
        guard c >= 0 && c < list.clips.count else { return .everything }
        visitClip(c, list)
        return clipBox[c]
    }

    private mutating func visitClip(_ c: Int, _ list: RenderList) {
        if clipState[c] == 2 { return }
        if clipState[c] == 1 {
            // A cycle of parents: the renderer stops walking; hash it as such, cut nothing.
            clipHash[c] = 0xC7C1E
            clipBox[c] = .everything
            return
        }
        clipState[c] = 1
        let clip = list.clips[c]
        var h = DamageHasher()
        clip.hashAppearance(into: &h)
        var b = box(clip.rect, clip.transform, scale: list.scale, margin: 1)
        let parent = Int(clip.parent)
        if parent >= 0 && parent < list.clips.count {
            visitClip(parent, list)
            h.mix(clipHash[parent])
            b = b.intersection(clipBox[parent])
        }
        clipHash[c] = h.finalize()
        clipBox[c] = b
        clipState[c] = 2
    }

    // MARK: Boxes

    /// The screen pixels an item may change: its rect (with a blurred shape's 3σ and contents
    /// that reach beyond it) through its transform, at `scale`, grown by a pixel for
    /// anti-aliasing.
    private func itemBox(_ item: DrawItem, scale: Float) -> PixelRect {
        var r = item.rect
        if case .blurredShape(let sigma) = item.content {
            let g = 3 * max(0, sigma)
            r = Rect(x: r.x - g, y: r.y - g, width: r.width + 2 * g, height: r.height + 2 * g)
        }
        if !item.clipsContent, let d = item.content.placement?.destination, !d.isEmpty {
            let x0 = min(r.x, d.x), y0 = min(r.y, d.y)
            r = Rect(x: x0, y: y0, width: max(r.maxX, d.maxX) - x0, height: max(r.maxY, d.maxY) - y0)
        }
        return box(r, item.transform, scale: scale, margin: 1)
    }

    /// The pixels `r` covers through `m` at `scale`, grown by `margin`; everything when a
    /// corner lies behind the eye or is not finite.
    private func box(_ r: Rect, _ m: Matrix4, scale: Float, margin: Float) -> PixelRect {
        var lo = SIMD2<Float>(.infinity, .infinity), hi = SIMD2<Float>(-.infinity, -.infinity)
        var corner = 0
        while corner < 4 {
            let x = corner & 1 == 0 ? r.x : r.maxX, y = corner < 2 ? r.y : r.maxY
            guard let (px, py) = m.project(x, y), px.isFinite, py.isFinite else { return .everything }
            lo = pointwiseMin(lo, SIMD2(px, py))
            hi = pointwiseMax(hi, SIMD2(px, py))
            corner += 1
        }
        return .covering(minX: lo.x * scale, minY: lo.y * scale, maxX: hi.x * scale, maxY: hi.y * scale, margin: margin)
    }

    private func reset<T>(_ array: inout [T], _ value: T, _ count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }
}

extension PixelRect {
    /// Every pixel a frame can have (±2²⁴).
    static let everything = PixelRect(minX: -16_777_216, minY: -16_777_216, maxX: 16_777_216, maxY: 16_777_216)
}

extension FilterOp {
    /// How far, in pixels, a change of a filter's input can change its output, at `scale`
    /// pixels per point: a blur's kernel is cut at 3σ; above 8 pixels the renderer blurs a
    /// copy halved k times (2ᵏ ≤ σ/4) and scales it back, which adds at most 4·2ᵏ ≤ σ pixels.
    public func reach(pixelsPerPoint scale: Float) -> Int32 {
        switch self {
        case .gaussianBlur(let sigma), .bloom(let sigma, _): return Self.blurReach(sigmaPixels: sigma * scale)
        case .colorMatrix: return 0
        }
    }

    /// The reach of a Gaussian blur of `sigma` pixels as the renderer draws it.
    public static func blurReach(sigmaPixels sigma: Float) -> Int32 {
        guard sigma.isFinite, sigma >= 0.33 else { return 1 }
        if sigma <= 8 { return Int32((3 * sigma).rounded(.up)) + 2 }
        return Int32(min((4 * sigma).rounded(.up), 1e6)) + 4
    }
}

extension PassEffects {
    /// How far, in pixels, the filters and shadow spread a change of the pass's content, at
    /// `scale` pixels per point (a mask multiplies pixel by pixel; transitions move the whole
    /// content and are not measured here).
    public func reach(pixelsPerPoint scale: Float) -> Int32 {
        var r: Int32 = 0
        for f in filters { r += f.reach(pixelsPerPoint: scale) }
        if let s = shadow {
            let offset = max(abs(s.offsetX), abs(s.offsetY)) * scale
            r += FilterOp.blurReach(sigmaPixels: s.sigma * scale)
            r += offset.isFinite ? Int32(min(offset.rounded(.up), 1e6)) + 1 : 1_000_000
        }
        return r
    }
}
