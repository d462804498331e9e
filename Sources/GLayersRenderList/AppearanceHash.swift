/// Hashing what items, clips and pass effects draw, for the cache keys of rasterized passes.
///
/// These values refer to other entries of the list by index (an item's clip, its backdrop
/// filter chain, the pass it composites; a clip's parent; a pass's mask and transition
/// source). Indices shift whenever something earlier in the frame changes, so the hashes
/// here leave them out: whoever builds a key hashes the referenced entries by content.
import Foundation

extension DrawItem {
    /// Feeds everything the item draws into `h`, except the entries it refers to by index.
    ///
    /// - Left out: `clip`, `backdropFilters` and the pass of `.pass` content (the caller hashes
    ///   what they refer to), and `layerIndex`, which only numbers the layer in the frame.
    /// - Images are hashed by their `ImageID`, the image's identity.
    public func hashAppearance(into h: inout Hasher) {
        h.combine(transform)
        h.combine(rect)
        h.combine(opacity)
        h.combine(background)
        content.hashAppearance(into: &h)
        h.combine(cornerRadius)
        h.combine(roundedCorners)
        h.combine(cornerCurve)
        h.combine(antialiasedEdges)
        h.combine(clipsContent)
        h.combine(borderWidth)
        h.combine(borderColor)
        h.combine(doubleSided)
        h.combine(opaque)
        h.combine(blend)
    }
}

extension ItemContent {
    /// Feeds the content's kind and values into `h`; for `.pass`, only the kind.
    public func hashAppearance(into h: inout Hasher) {
        switch self {
        case .none:
            h.combine(0 as UInt8)
        case .image(let id, let placement):
            h.combine(1 as UInt8)
            h.combine(id)
            h.combine(placement)
        case .crossfade(let from, let to, let progress, let placement):
            h.combine(2 as UInt8)
            h.combine(from)
            h.combine(to)
            h.combine(progress)
            h.combine(placement)
        case .pass:
            h.combine(3 as UInt8)
        case .blurredShape(let sigma):
            h.combine(4 as UInt8)
            h.combine(sigma)
        }
    }
}

extension ClipNode {
    /// Feeds the clip's shape and placement into `h`, without its `parent`.
    public func hashAppearance(into h: inout Hasher) {
        h.combine(transform)
        h.combine(rect)
        h.combine(cornerRadius)
        h.combine(roundedCorners)
        h.combine(cornerCurve)
        h.combine(antialiasedEdges)
    }
}

extension PassEffects {
    /// Feeds the effects into `h`, without the passes they read (`mask`, `transition.before`):
    /// only whether there are any.
    public func hashAppearance(into h: inout Hasher) {
        h.combine(filters)
        h.combine(shadow)
        h.combine(mask != nil)
        if let t = transition {
            h.combine(true)
            h.combine(t.kind)
            h.combine(t.direction)
            h.combine(t.progress)
        } else {
            h.combine(false)
        }
    }
}
