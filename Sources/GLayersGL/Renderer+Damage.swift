/// Redrawing only what changed: each frame's damage (from `DamageTracker`, which compares
/// render lists) grown by what the target does not hold — an older back buffer, a lost or new
/// target, last frame's damage tint — becomes a few scissor rects; screen items outside them
/// are not drawn, nor the passes only they read. Also the two debug aids: a tint over what
/// changed, and a full redraw to compare each partial frame with.
import COpenGL
import GLayersDamage
import GLayersPlan
import GLayersRenderList

/// What a frame's pixels depend on besides the render list: a change redraws everything.
struct DamageSettings: Equatable {
    var target: RenderTarget
    var disableBatching: Bool
    var outlinePasses: Bool
    var showOverdraw: Bool
    var maximumTextureSize: Int?

    init(target: RenderTarget, debug: RendererDebug) {
        self.target = target
        disableBatching = debug.disableBatching
        outlinePasses = debug.outlinePasses
        showOverdraw = debug.showOverdraw
        maximumTextureSize = debug.maximumTextureSize
    }
}

extension Renderer {
    /// Sets `frameDamage` (what changed) and `damage` (what this frame redraws; empty when the
    /// target already shows the frame).
    func prepareDamage(_ list: RenderList, target: RenderTarget) {
        let w = list.pixelWidth, h = list.pixelHeight
        let settings = DamageSettings(target: target, debug: debug)
        if settings != damageSettings { damageTracker.invalidate() }
        damageSettings = settings
        damageTracker.maximumPassSize = driverMaximumTextureSize
        keepsEffectResults = !debug.disableDamage
        if debug.disableDamage {
            damageTracker.invalidate()
            frameDamage.reset(width: w, height: h, full: true)
        } else {
            damageTracker.compare(list, into: &frameDamage)
        }
        damage.reset(width: w, height: h)
        damage.formUnion(frameDamage)
        addWhatTheTargetLacks(target, width: w, height: h)
        if tinted.screen == damage.screen { damage.formUnion(tinted) }
        damage.simplify(maximumRects: max(1, debug.maximumDamageRects))
        // Each damage rect replays the screen pass's draws (`forEachScissor`): with many items,
        // one rect around them all costs less than the pixels several rects save.
        if damage.rects.count > 1 && damage.rects.count * damageTracker.screenItemCount > Self.maximumReplayedItems {
            damage.simplify(maximumRects: 1)
        }
        if !debug.disableDamage { damageTracker.closeOverBackdrops(&damage) }
        guard !damage.isEmpty else { return }
        if !damage.isFull && damage.screen.area - damage.area < Int64(debug.minimumSavedPixels) { damage.setFull() }
        // Newest first: move the oldest slot to the front and fill it.
        damageHistory.insert(damageHistory.removeLast(), at: 0)
        damageHistory[0].reset(width: w, height: h)
        damageHistory[0].formUnion(frameDamage)
    }

    /// Adds to `damage` the pixels the target does not hold from the last frame: all of them
    /// for a new target or a back buffer of unknown age, older frames' damage for an older
    /// back buffer.
    private func addWhatTheTargetLacks(_ target: RenderTarget, width w: Int, height h: Int) {
        switch target {
        case .offscreen:
            guard let s = screenTarget, s.width == max(1, w), s.height == max(1, h) else { return damage.setFull() }
        case .window:
            let age = context.backBufferAge
            guard age >= 1 && age <= damageHistory.count + 1 else { return damage.setFull() }
            for k in 0..<(age - 1) {
                guard damageHistory[k].screen == damage.screen else { return damage.setFull() }
                damage.formUnion(damageHistory[k])
            }
        }
    }

    /// The most screen items a partial frame draws in all its damage rects together before the
    /// rects become one (the kiosk's few items keep several rects; a snowfall's thousand
    /// flakes are drawn once, scissored to the rect around the damage).
    static let maximumReplayedItems = 512

    /// Whether screen items outside the damage are left out this frame.
    var cullsScreenItems: Bool {
        !damage.isFull && !debug.disableDamage
    }

    /// Whether item `index` of the screen pass (counted from the pass's first item) is drawn.
    func isDrawn(screenItem index: Int, _ list: RenderList) -> Bool {
        guard cullsScreenItems, index < damageTracker.screenItemCount else { return true }
        return damage.intersects(damageTracker.screenBox(ofItem: index))
    }

    /// The damage rects as scissor boxes of the screen (GL rows, bottom-up); none for a full
    /// redraw.
    func prepareScissors(_ list: RenderList) {
        scissors.removeAll(keepingCapacity: true)
        guard cullsScreenItems else { return }
        for r in damage.rects { scissors.append(scissorBox(r, height: list.pixelHeight)) }
    }

    /// `r` (rows from the top) as a GL box (rows from the bottom) of a screen `height` high.
    func scissorBox(_ r: PixelRect, height: Int) -> PixelBox {
        PixelBox(x: r.minX, y: Int32(height) - r.maxY, width: r.width, height: r.height)
    }

    // MARK: Debug aids

    /// Reads what the partial redraw left in `target`, draws the frame again in full into the
    /// same target and compares the two; a difference is recorded (the target then shows the
    /// full redraw, so the next frame is compared from correct pixels).
    ///
    /// - The same target, not another one: a window's framebuffer and an offscreen texture
    ///   may round the same clear colour differently.
    func verifyDamage(_ list: RenderList, target: RenderTarget) {
        let w = lastWidth, h = lastHeight
        let framebuffer = target == .window ? 0 : screenTarget?.framebuffer ?? 0
        let partial = readRawPixels(of: framebuffer, width: w, height: h)
        let savedStats = stats, savedDamage = damage
        damage.setFull()
        // Everything recomputed: kept effect results are checked too.
        keepsEffectResults = false
        drawFrame(list, to: target)
        keepsEffectResults = true
        damage = savedDamage
        stats = savedStats
        let full = readRawPixels(of: framebuffer, width: w, height: h)
        damageVerification.comparedFrames += 1
        guard partial != full else { return }
        damageVerification.mismatchedFrames += 1
        var differing = 0, first = -1
        var within = PixelRect.empty
        for i in stride(from: 0, to: min(partial.count, full.count), by: 4)
        where partial[i..<(i + 4)] != full[i..<(i + 4)] {
            differing += 1
            if first < 0 { first = i / 4 }
            let x = Int32(i / 4 % max(1, w)), y = Int32(h - 1 - i / 4 / max(1, w))
            within = within.union(PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1))
        }
        if damageVerification.firstMismatch == nil {
            let x = first % max(1, w), y = h - 1 - first / max(1, w)
            let at =
                first >= 0
                ? "; the first at (\(x), \(y)): \(pixel(partial, first)) instead of \(pixel(full, first))" : ""
            damageVerification.firstMismatch =
                "frame \(frame): damage \(savedDamage) redrew \(differing) pixels within \(within) differently from a full redraw\(at)"
        }
        Diagnostics.warnOnce("damage-mismatch", "damage verification: \(damageVerification.firstMismatch ?? "")")
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    private func pixel(_ bytes: [UInt8], _ index: Int) -> String {
        let i = index * 4
        return "rgba(\(bytes[i]), \(bytes[i + 1]), \(bytes[i + 2]), \(bytes[i + 3]))"
    }

    /// Tints what changed this frame (`frameDamage`) and remembers it, so that the next frame
    /// redraws it untinted.
    func tintDamage(_ target: RenderTarget) {
        tinted.reset(width: frameDamage.screen.width.asInt, height: frameDamage.screen.height.asInt)
        tinted.formUnion(frameDamage)
        guard !tinted.isEmpty else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target == .window ? 0 : screenTarget?.framebuffer ?? 0)
        glViewport(0, 0, GLsizei(lastWidth), GLsizei(lastHeight))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        let rects = tinted.isFull ? [tinted.screen] : tinted.rects
        let boxes = rects.map { scissorBox($0, height: lastHeight) }
        // Translucent magenta, premultiplied.
        do { try effects.fill(Color(r: 0.35, g: 0, b: 0.25, a: 0.35), in: boxes) } catch let error as GLError {
            Diagnostics.warnOnce("damage-tint", "cannot tint the damage: \(error)")
        } catch {}
    }

    /// The pixels of `framebuffer`, rows bottom-up as GL reads them.
    private func readRawPixels(of framebuffer: GLuint, width w: Int, height h: Int) -> [UInt8] {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var raw = [UInt8](repeating: 0, count: w * h * 4)
        raw.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        return raw
    }
}

extension Int32 {
    fileprivate var asInt: Int { Int(self) }
}
