/// Hashing what items, clips and pass effects draw: for the cache keys of rasterized passes
/// (with Swift's `Hasher`) and for damage tracking (with the faster `DamageHasher`), from one
/// list of fields.
///
/// These values refer to other entries of the list by index (an item's clip, its backdrop
/// filter chain, the pass it composites; a clip's parent; a pass's mask and transition
/// source). Indices shift whenever something earlier in the frame changes, so the hashes
/// here leave them out: whoever builds a key hashes the referenced entries by content.
import Foundation

/// Something that hashes appearance values: fed 64-bit words, one per value or pair of
/// values (floats by their bit patterns, so -0 and 0 differ, which only costs a cache miss).
public protocol AppearanceHasher {
    /// Feeds 64 bits into the hash.
    mutating func mix(_ bits: UInt64)
}

extension Hasher: AppearanceHasher {
    /// Feeds 64 bits into the hash.
    @inlinable public mutating func mix(_ bits: UInt64) { combine(bits) }
}

extension AppearanceHasher {
    /// Two floats as one word.
    @inlinable public mutating func mix(_ a: Float, _ b: Float) {
        mix(UInt64(a.bitPattern) << 32 | UInt64(b.bitPattern))
    }

    /// A rect as two words.
    @inlinable public mutating func mix(_ r: Rect) {
        mix(r.x, r.y)
        mix(r.width, r.height)
    }

    /// A colour as two words.
    @inlinable public mutating func mix(_ c: Color) {
        mix(c.r, c.g)
        mix(c.b, c.a)
    }

    /// A matrix as eight words.
    @inlinable public mutating func mix(_ m: Matrix4) {
        let v = m.m
        mix(v[0], v[1])
        mix(v[2], v[3])
        mix(v[4], v[5])
        mix(v[6], v[7])
        mix(v[8], v[9])
        mix(v[10], v[11])
        mix(v[12], v[13])
        mix(v[14], v[15])
    }

    /// A content placement.
    @inlinable public mutating func mix(_ p: ContentPlacement) {
        mix(p.destination)
        mix(p.source)
        if let c = p.center {
            mix(1)
            mix(c)
        } else {
            mix(0)
        }
        mix(p.naturalSize.width, p.naturalSize.height)
        mix(
            UInt64(p.minificationFilter.rawValue) << 40 | UInt64(p.magnificationFilter.rawValue) << 32
                | UInt64(p.minificationFilterBias.bitPattern))
    }

    /// A filter.
    @inlinable public mutating func mix(_ f: FilterOp) {
        switch f {
        case .gaussianBlur(let sigma):
            mix(1 << 32 | UInt64(sigma.bitPattern))
        case .bloom(let sigma, let intensity):
            mix(2)
            mix(sigma, intensity)
        case .colorMatrix(let m):
            mix(3 << 32 | UInt64(m.count))
            var i = 0
            while i < m.count {
                mix(m[i], i + 1 < m.count ? m[i + 1] : 0)
                i += 2
            }
        }
    }

    /// A filter chain.
    @inlinable public mutating func mix(_ filters: [FilterOp]) {
        mix(UInt64(filters.count))
        var i = 0
        while i < filters.count {
            mix(filters[i])
            i += 1
        }
    }
}

extension DrawItem {
    /// Feeds everything the item draws into `h`, except the entries it refers to by index.
    ///
    /// - Left out: `clip`, `backdropFilters` and the pass of `.pass` content (the caller hashes
    ///   what they refer to), and `layerIndex`, which only numbers the layer in the frame.
    /// - Images are hashed by their `ImageID`, the image's identity.
    @inlinable public func hashAppearance<H: AppearanceHasher>(into h: inout H) {
        h.mix(transform)
        h.mix(rect)
        h.mix(opacity, cornerRadius)
        h.mix(background)
        content.hashAppearance(into: &h)
        h.mix(borderWidth, 0)
        h.mix(borderColor)
        var bits = UInt64(roundedCorners) | UInt64(cornerCurve.rawValue) << 8
        bits |= UInt64(antialiasedEdges.rawValue) << 16 | UInt64(clipsContent ? 1 : 0) << 24
        bits |= UInt64(doubleSided ? 1 : 0) << 25 | UInt64(opaque ? 1 : 0) << 26
        bits |= UInt64(blend.ordinal) << 32 | UInt64(contentTint == nil ? 0 : 1) << 40
        h.mix(bits)
        if let tint = contentTint { h.mix(tint) }
    }
}

extension ItemContent {
    /// Feeds the content's kind and values into `h`; for `.pass`, only the kind.
    @inlinable public func hashAppearance<H: AppearanceHasher>(into h: inout H) {
        switch self {
        case .none:
            h.mix(0)
        case .image(let id, let placement):
            h.mix(1)
            h.mix(id.raw)
            h.mix(placement)
        case .crossfade(let from, let to, let progress, let placement):
            h.mix(2 << 32 | UInt64(progress.bitPattern))
            h.mix(from.raw)
            h.mix(to.raw)
            h.mix(placement)
        case .pass:
            h.mix(3)
        case .blurredShape(let sigma):
            h.mix(4 << 32 | UInt64(sigma.bitPattern))
        case .trimmedStroke(let id, let lengths, let trim, let placement):
            h.mix((trim.clearEdges ? 6 : 5) << 32 | UInt64(trim.capRadius.bitPattern))
            h.mix(UInt64(trim.start.bitPattern) << 32 | UInt64(trim.end.bitPattern))
            h.mix(UInt64(trim.loop.bitPattern))
            h.mix(id.raw)
            h.mix(lengths.raw)
            h.mix(placement)
        }
    }
}

extension ClipNode {
    /// Feeds the clip's shape and placement into `h`, without its `parent`.
    @inlinable public func hashAppearance<H: AppearanceHasher>(into h: inout H) {
        h.mix(transform)
        h.mix(rect)
        h.mix(
            UInt64(cornerRadius.bitPattern) << 32 | UInt64(roundedCorners) | UInt64(cornerCurve.rawValue) << 8
                | UInt64(antialiasedEdges.rawValue) << 16)
    }
}

extension PassEffects {
    /// Feeds the effects into `h`, without the passes they read (`mask`, `transition.before`):
    /// only whether there are any.
    @inlinable public func hashAppearance<H: AppearanceHasher>(into h: inout H) {
        h.mix(filters)
        if let s = shadow {
            h.mix(1 | (s.shadowOnly ? 2 : 0))
            h.mix(s.color)
            h.mix(s.offsetX, s.offsetY)
            h.mix(s.sigma, 0)
        } else {
            h.mix(0)
        }
        h.mix(mask != nil ? 1 : 0)
        if let t = transition {
            h.mix(
                1 | UInt64(t.kind.ordinal) << 8 | UInt64(t.direction.ordinal) << 16 | UInt64(t.progress.bitPattern)
                    << 32)
        } else {
            h.mix(0)
        }
    }
}

extension BlendMode {
    /// A small number per mode, for hashing.
    @inlinable public var ordinal: UInt8 {
        switch self {
        case .normal: return 0
        case .multiply: return 1
        case .screen: return 2
        case .overlay: return 3
        case .darken: return 4
        case .lighten: return 5
        case .difference: return 6
        case .colorDodge: return 7
        case .colorBurn: return 8
        case .softLight: return 9
        case .hardLight: return 10
        case .exclusion: return 11
        case .plusLighter: return 12
        case .linearBurn: return 13
        case .linearDodge: return 14
        case .linearLight: return 15
        case .pinLight: return 16
        case .vividLight: return 17
        case .subtract: return 18
        case .divide: return 19
        case .hue: return 20
        case .saturation: return 21
        case .color: return 22
        case .luminosity: return 23
        case .xor: return 24
        }
    }
}

extension TransitionKind {
    /// A small number per kind, for hashing.
    @inlinable public var ordinal: UInt8 {
        switch self {
        case .fade: return 0
        case .moveIn: return 1
        case .push: return 2
        case .reveal: return 3
        }
    }
}

extension TransitionDirection {
    /// A small number per direction, for hashing.
    @inlinable public var ordinal: UInt8 {
        switch self {
        case .fromLeft: return 0
        case .fromRight: return 1
        case .fromTop: return 2
        case .fromBottom: return 3
        }
    }
}

/// A fast hash for damage tracking: each word is xored in and the state mixed by a bijection
/// (a multiply by an odd constant and an xor-shift), so a change of any one word always
/// changes the result; changes of several words collide with a probability of about 2⁻⁶⁴.
///
/// - Not for hash tables that take untrusted keys (it is not seeded).
public struct DamageHasher: AppearanceHasher {
    /// The running state.
    public var state: UInt64 = 0x243F_6A88_85A3_08D3

    /// A hasher in its initial state.
    @inlinable public init() {}

    /// Feeds 64 bits into the hash.
    @inlinable public mutating func mix(_ bits: UInt64) {
        let x = (state ^ bits) &* 0x9E37_79B9_7F4A_7C15
        state = x ^ (x >> 29)
    }

    /// The hash: the state through a final avalanche.
    @inlinable public func finalize() -> UInt64 {
        var x = state
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        return x ^ (x >> 33)
    }
}
