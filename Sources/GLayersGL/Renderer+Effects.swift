/// A pass's effects in their order: filters, shadow, mask, transition (each reads the
/// previous step's result). Mask and transition read other passes' results of this frame.
import COpenGL
import GLayersRenderList

extension Renderer {
    /// `content`, the content of pass `pass` of `list`, with `effects` applied: a new target,
    /// or `content` itself when there are none; a result kept from an earlier frame when
    /// everything it depends on is as then.
    ///
    /// - A result is kept when the frame before made the same one (by its key): a pass whose
    ///   content or effects change every frame (moving, a pulsing glow) would fill the cache
    ///   with results never shown again, and take a new target every frame for them (a
    ///   1644 × 1192 Lottie file kept about 50, 0.3 GB).
    func applyEffects(
        _ effects: PassEffects, to content: OffscreenTarget, scale: Float, pass: Int, _ list: RenderList
    ) throws -> OffscreenTarget {
        if effects.isEmpty { return content }
        let keptKey = resultKey(content, pass, list, effects)
        if let keptKey, var entry = keptResults[keptKey] {
            entry.lastUsed = frame
            keptResults[keptKey] = entry
            resultIsKept[pass] = true
            stats.keptResults += 1
            return entry.target
        }
        var current = content
        for (i, filter) in effects.filters.enumerated() {
            // Nothing to do, and no program to make (the kiosk's first frame: a pulse at 0).
            if filter.leavesInputUnchanged(scale: scale) { continue }
            if i == 0, case .bloom(let sigma, let intensity) = filter,
                let glow = try keptGlow(content, sigma * scale, pass, list)
            {
                // The glow depends on the content alone: kept while it is unchanged (a pulsing
                // intensity redoes only the combine).
                replace(
                    &current,
                    with: try self.effects.bloomCombine(
                        content, glow: glow, intensity: intensity, wrap: GL_CLAMP_TO_BORDER), keeping: content)
                continue
            }
            if let next = try applyFilter(filter, to: current, scale: scale, wrap: GL_CLAMP_TO_BORDER) {
                replace(&current, with: next, keeping: content)
            }
        }
        if let shadow = effects.shadow {
            replace(&current, with: try self.effects.shadow(current, spec: shadow, scale: scale), keeping: content)
        }
        if let mask = effects.mask {
            let source = result(of: mask) ?? blank
            replace(&current, with: try self.effects.mask(current, by: source), keeping: content)
        }
        if let transition = effects.transition {
            let next = try self.effects.transition(
                new: current, old: result(of: transition.before), spec: transition, blank: blank)
            replace(&current, with: next, keeping: content)
        }
        if let keptKey { resultKeysThisFrame.insert(keptKey) }
        if let keptKey, current !== content, resultKeysLastFrame.contains(keptKey) {
            keptResults[keptKey] = CachedPass(target: current, lastUsed: frame)
            resultIsKept[pass] = true
        }
        return current
    }

    /// The key of pass `pass`'s result in `keptResults`: the hash of its content, effects and
    /// the passes they read, with its size; nil when it cannot be identified (damage tracking
    /// off, or its reference redraw, which recomputes everything) or changes every frame (a
    /// transition: its progress).
    private func resultKey(_ content: OffscreenTarget, _ pass: Int, _ list: RenderList, _ effects: PassEffects)
        -> UInt64?
    {
        guard keepsEffectResults, effects.transition == nil,
            let hash = damageTracker.resultHash(ofPass: pass, in: list)
        else { return nil }
        var h = DamageHasher()
        h.mix(0x4E5_017)
        h.mix(hash)
        h.mix(UInt64(content.width) << 32 | UInt64(content.height))
        return h.finalize()
    }

    /// One filter on `source` (sigmas in points × `scale`); nil when the filter is unusable.
    func applyFilter(_ filter: FilterOp, to source: OffscreenTarget, scale: Float, wrap: Int32) throws
        -> OffscreenTarget?
    {
        switch filter {
        case .gaussianBlur(let sigma):
            return try effects.blur(source, sigma: sigma * scale, wrap: wrap)
        case .bloom(let sigma, let intensity):
            return try effects.bloom(source, sigma: sigma * scale, intensity: intensity, wrap: wrap)
        case .colorMatrix(let matrix):
            guard let out = try effects.colorMatrix(source, matrix: matrix, wrap: wrap) else {
                skip(.badFilter)
                stats.skippedItems -= 1
                return nil
            }
            return out
        }
    }

    /// This frame's result of pass `id`, if it was rendered.
    private func result(of id: PassID) -> OffscreenTarget? {
        let i = Int(id.index)
        return i > 0 && i < passResults.count ? passResults[i] : nil
    }

    /// Moves `current` to `next`, releasing the old one unless it is the pass's content.
    private func replace(_ current: inout OffscreenTarget, with next: OffscreenTarget, keeping content: OffscreenTarget)
    {
        if current !== content { pool.release(current) }
        current = next
    }

    /// The glow of a bloom of `sigma` pixels over `content` (pass `pass`), from the frame that
    /// last made it for the same content, or made now and kept; nil when the content cannot be
    /// identified (damage tracking off, or its reference redraw, which recomputes everything).
    private func keptGlow(_ content: OffscreenTarget, _ sigma: Float, _ pass: Int, _ list: RenderList) throws
        -> OffscreenTarget?
    {
        guard keepsEffectResults, let hash = damageTracker.contentHash(ofPass: pass, in: list) else { return nil }
        var h = DamageHasher()
        h.mix(hash)
        h.mix(sigma, 0)
        h.mix(UInt64(content.width) << 32 | UInt64(content.height))
        let key = h.finalize()
        if var entry = keptGlows[key] {
            entry.lastUsed = frame
            keptGlows[key] = entry
            return entry.target
        }
        let glow = try effects.bloomGlow(content, sigma: sigma, wrap: GL_CLAMP_TO_BORDER)
        keptGlows[key] = CachedPass(target: glow, lastUsed: frame)
        return glow
    }
}

extension FilterOp {
    /// Whether the filter gives back its input at `scale` pixels per point, so applying it is
    /// skipped: an identity (`isIdentity`), or a blur under a third of a pixel (which
    /// `EffectPipeline.blur` copies).
    func leavesInputUnchanged(scale: Float) -> Bool {
        if isIdentity { return true }
        guard case .gaussianBlur(let sigma) = self else { return false }
        return !(sigma * scale >= EffectPipeline.smallestBlurSigma)
    }
}
