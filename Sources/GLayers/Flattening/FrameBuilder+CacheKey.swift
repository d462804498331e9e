/// Flattening, cache keys of rasterized passes: a hash of what a pass draws this frame — its
/// items, the clips and backdrop filter chains they refer to, the passes they composite (by
/// their own key, or by content) and its effects — with its source rect, its scale and the
/// identity of the layer it is drawn for.
///
/// Takes the values already emitted into the pass; evaluates nothing (the items are the
/// subtree at the frame's own time) and allocates nothing. List indices (clips, chains,
/// passes) shift when anything earlier in the frame changes, so they are hashed by content.
import Foundation
import GLayersRenderList

extension FrameBuilder {
    /// The cache key of a pass being closed (`frame`, described by `pass`), drawn for the
    /// layer `identity`.
    ///
    /// - Equal keys mean equal drawing, up to hash collisions: the renderer reuses the texture
    ///   of last frame's pass with the same key.
    func cacheKey(of frame: OpenPass, _ pass: RenderPass, identity: ObjectIdentifier) -> UInt64 {
        var h = Hasher()
        h.combine(identity)
        hashContent(of: pass, items: frame.items, into: &h)
        return UInt64(bitPattern: Int64(h.finalize()))
    }

    /// Hashes a pass's geometry, effects and items, with what they refer to.
    private func hashContent(of pass: RenderPass, items: [DrawItem], into h: inout Hasher) {
        h.combine(pass.sourceRect)
        h.combine(pass.scale)
        h.combine(pass.screenSpace)
        pass.effects.hashAppearance(into: &h)
        hashPass(pass.effects.mask, into: &h)
        hashPass(pass.effects.transition?.before, into: &h)
        h.combine(items.count)
        // An index loop: iterating the array with `for … in` allocates in debug builds.
        var k = 0
        while k < items.count {
            let item = items[k]
            k += 1
            item.hashAppearance(into: &h)
            hashClipChain(item.clip, into: &h)
            hashFilterChain(item.backdropFilters, into: &h)
            if case .pass(let id) = item.content { hashPass(id, into: &h) }
        }
    }

    /// Hashes a clip and its enclosing clips by content (`-1`, no clip, hashes as none).
    private func hashClipChain(_ index: Int32, into h: inout Hasher) {
        var i = Int(index), count = 0
        while i >= 0 && i < list.clips.count && count < maximumDepth {
            list.clips[i].hashAppearance(into: &h)
            i = Int(list.clips[i].parent)
            count += 1
        }
        h.combine(count)
    }

    /// Hashes the backdrop filter chain an item refers to (`-1`, none, hashes as empty).
    private func hashFilterChain(_ index: Int32, into h: inout Hasher) {
        let i = Int(index)
        guard i >= 0 && i < list.filterChains.count else { return h.combine(0) }
        h.combine(list.filterChains[i])
    }

    /// Hashes a pass read by the pass being keyed: by its own cache key when it has one (a
    /// nested rasterized layer), else by its content; so a change deep inside changes the key.
    private func hashPass(_ id: PassID?, into h: inout Hasher) {
        guard let id else { return h.combine(0 as UInt8) }
        var k = finishedPasses.count - 1
        while k >= 0 && finishedPasses[k].index != Int(id.index) { k -= 1 }
        guard k >= 0, let pass = finishedPasses[k].pass else { return h.combine(1 as UInt8) }
        if let key = pass.cacheKey {
            h.combine(2 as UInt8)
            h.combine(key)
        } else {
            h.combine(3 as UInt8)
            hashContent(of: pass, items: finishedPasses[k].items, into: &h)
        }
    }
}
