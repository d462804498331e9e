/// Planning a frame on the CPU: pass sizes, then one instance and command per draw item,
/// merged into batches. No GL drawing happens here (image textures are uploaded on first
/// use, since batches are keyed by texture).
import COpenGL
import GLayersDamage
import GLayersRenderList

extension Renderer {
    /// Fills `passGeometry`: the screen at the list's pixel size, offscreen passes at theirs
    /// (shrunk, with their scale, to fit the largest texture).
    func preparePasses(_ list: RenderList) {
        passGeometry.removeAll(keepingCapacity: true)
        let limit = driverMaximumTextureSize
        for (index, pass) in list.passes.enumerated() {
            let source = pass.sourceRect.isFinite ? pass.sourceRect : .zero
            var scale = pass.scale.isFinite && pass.scale > 0 ? pass.scale : 1
            var width = index == 0 ? list.pixelWidth : pass.pixelWidthClamped(scale: scale)
            var height = index == 0 ? list.pixelHeight : pass.pixelHeightClamped(scale: scale)
            if index != 0 && max(width, height) > limit {
                scale *= Float(limit) / Float(max(width, height))
                width = min(limit, max(1, Int((source.width * scale).rounded(.up))))
                height = min(limit, max(1, Int((source.height * scale).rounded(.up))))
            }
            passGeometry.append(
                PassGeometry(width: width, height: height, scale: scale, source: source, rowsBottomUp: index == 0))
        }
        preparePassKeys(list)
    }

    /// `passKeys`: each pass's `cacheKey` (a rasterized layer), else, while the damage tracker
    /// identifies pass contents (`keepsEffectResults`), the hash of its content, so that a pass
    /// whose content did not change is not drawn again (only its effects are applied again:
    /// a pulsing filter redraws none of the pass's items).
    private func preparePassKeys(_ list: RenderList) {
        passKeys.removeAll(keepingCapacity: true)
        for (index, pass) in list.passes.enumerated() {
            if let key = pass.cacheKey {
                passKeys.append(key)
            } else if index > 0, keepsEffectResults, let hash = damageTracker.contentHash(ofPass: index, in: list) {
                // Tagged, so that it is not taken for an engine's key by chance.
                var h = DamageHasher()
                h.mix(0x5EED_C0DE)
                h.mix(hash)
                passKeys.append(h.finalize())
            } else {
                passKeys.append(nil)
            }
        }
    }

    /// Whether pass `p` has a key (`passKeys`) whose texture of the same size was used last
    /// frame.
    func isCacheHit(_ p: Int, _ list: RenderList) -> Bool {
        guard let key = passKeys[p], let entry = rasterCache[key] else { return false }
        let g = passGeometry[p]
        return entry.target.width == g.width && entry.target.height == g.height && entry.lastUsed + 1 >= frame
    }

    /// Builds `commands` and `passPlans` for the scheduled passes.
    func plan(_ list: RenderList) {
        quad.beginFrame()
        listHasTiles = !list.tileImages.isEmpty
        commands.removeAll(keepingCapacity: true)
        passPlans.removeAll(keepingCapacity: true)
        screenClear = nil
        for p in scheduler.order {
            let pass = Int(p)
            let start = commands.count
            let cached = scheduler.cached[pass]
            if !cached {
                let range = list.passes[pass].itemRange.clamped(to: 0..<list.items.count)
                let culls = pass == 0 && cullsScreenItems
                list.items.withUnsafeBufferPointer { items in
                    for i in range {
                        if culls && !isDrawn(screenItem: i - range.lowerBound, list) {
                            stats.unchangedItems += 1
                            continue
                        }
                        planItem(items[i], list: list, pass: pass)
                    }
                }
                if debug.outlinePasses && pass != 0 { planOutline(pass) }
            }
            passPlans.append(PassPlan(pass: p, commands: start..<commands.count, cached: cached))
        }
    }

    /// One item: validated, packed into an instance, added to a batch (or its own command).
    private func planItem(_ item: DrawItem, list: RenderList, pass: Int) {
        guard item.opacity.isFinite, item.background.isFinite, item.borderColor.isFinite,
            item.cornerRadius.isFinite, item.borderWidth.isFinite
        else { return skip(.nonFiniteTransform) }
        guard item.opacity > 0 else { return }
        guard item.rect.isFinite, !item.rect.isEmpty else { return skip(.badRect) }
        let local = Homography(item.transform)
        guard local.isFinite else { return skip(.nonFiniteTransform) }
        let det = local.determinant
        guard det != 0, det.isFinite else { return skip(.singularTransform) }
        if !item.doubleSided && det < 0 {
            stats.culledItems += 1
            return
        }
        let g = passGeometry[pass]
        var instance = QuadInstance(
            h: local.toPixels(sourceX: g.source.x, sourceY: g.source.y, scale: g.scale), rect: item.rect,
            geometry: item.rect)
        instance.opacity = min(item.opacity, 1)
        instance.cornerRadius = item.roundedCorners & 0xF == 0 ? 0 : max(0, item.cornerRadius)
        let aliased = RectEdges.all.subtracting(item.antialiasedEdges)
        instance.shape = ShapeBits.pack(corners: item.roundedCorners, curve: item.cornerCurve, aliased: aliased)
        instance.borderWidth = item.borderColor.isClear ? 0 : max(0, item.borderWidth)
        instance.background = item.background
        instance.borderColor = item.borderColor
        instance.clip = item.clip >= 0 && Int(item.clip) < list.clips.count ? item.clip : -1
        if item.clipsContent { instance.flags.insert(.clipsContent) }
        guard var textures = planContent(item, list: list, pass: pass, into: &instance) else { return }
        let hasContent = !instance.flags.isDisjoint(with: [.texture, .blurredShape])
        if let tint = item.contentTint {
            // A tinted item draws its content only: the background vector carries the tint.
            guard hasContent, tint.isFinite, tint.a > 0 else { return }
            instance.background = tint
            instance.flags.insert(.tint)
        }
        guard hasContent || !item.background.isClear || instance.borderWidth > 0 else { return }

        if item.backdropFilters >= 0 && Int(item.backdropFilters) < list.filterChains.count {
            planBackdrop(item, instance: instance, chain: Int(item.backdropFilters), list: list, pass: pass)
        }
        let opaque = isOpaqueAndAligned(item, instance)
        if opaque && pass == 0 && !hasContent && instance.borderWidth == 0 && item.background.a >= 1
            && commands.count == (passPlans.last?.commands.upperBound ?? 0) && covers(instance, g)
        {
            // Nothing is under the first screen item: clearing to its colour is the same
            // picture at a fraction of the cost of filling every pixel with a quad.
            screenClear = item.background
            stats.items += 1
            stats.clearedItems += 1
            return
        }
        if opaque { instance.flags.insert(.noDilate) }
        let ownCommand =
            item.blend != .normal && item.blend != .screen && item.blend != .plusLighter
            && !debug.showOverdraw
        if !ownCommand && isPlainRect(item, instance) {
            instance.edgeLines = instance.h.edgeLines(of: item.rect).map {
                aliased.isEmpty ? $0 : $0.hardening(aliased)
            }
        }
        if case .pendingTile(let id) = textures {
            guard let resolved = resolveTile(id, simple: instance.edgeLines != nil, list: list, into: &instance)
            else { return }
            textures = resolved
        }
        let index = Int32(quad.instanceCount)
        instance.write(to: &quad.staging)
        stats.items += 1
        if ownCommand {
            guard quad.prepare(.general) else { return skip(.programFailed) }
            let box = PixelBox(
                covering: instance.geometry, under: instance.h, margin: 2, viewportWidth: g.width,
                viewportHeight: g.height)
            let mode = item.blend.shaderIndex
            commands.append(
                DrawCommand(
                    kind: .blend, first: index, count: 1, textures: textures, blending: .replace, mode: mode, box: box))
            return
        }
        var blending: Blending = opaque ? .replace : .sourceOver
        if !opaque && !debug.showOverdraw {
            if item.blend == .screen { blending = .screen }
            if item.blend == .plusLighter { blending = .additive }
        }
        let variant: QuadVariant
        if instance.edgeLines == nil {
            variant = isShape(instance) ? .shape : .general
        } else if case .array = textures {
            variant = .simpleArray
        } else if isSprite(item, instance, source: textures), quad.prepare(.sprite) {
            variant = .sprite
            stats.spriteItems += 1
        } else {
            variant = .simple
        }
        appendToBatch(index, textures: textures, blending: blending, variant: variant)
    }

    /// Whether `quad_simple.frag.glsl` can draw the instance exactly as the general program:
    /// a plain rect, its content (if any) filling it; its corners must also lie in front of
    /// the eye (`Homography.edgeLines(of:)` checks that).
    private func isPlainRect(_ item: DrawItem, _ instance: QuadInstance) -> Bool {
        !debug.showOverdraw && instance.clip < 0 && instance.cornerRadius == 0 && instance.borderWidth == 0
            && instance.flags.isSubset(of: [.texture, .clipsContent, .noDilate, .tint])
            && instance.geometry == item.rect
            && (!instance.flags.contains(.texture) || instance.destination == item.rect)
    }

    /// Whether the shape program draws the instance exactly as the general program: nothing
    /// but background, border and rounded corners (no content, clip or overdraw tint).
    private func isShape(_ instance: QuadInstance) -> Bool {
        !debug.showOverdraw && instance.clip < 0
            && instance.flags.isDisjoint(with: [.texture, .blurredShape, .screenTexture, .crossfade, .nineSlice, .tint])
    }

    /// Adds instance `index` to the open batch when it shares textures and blending (skipped
    /// when its program cannot be compiled).
    private func appendToBatch(_ index: Int32, textures: TextureSource, blending: Blending, variant: QuadVariant) {
        guard quad.prepare(variant) else { return skip(.programFailed) }
        // Never merge into a command of an earlier pass.
        let passStart = passPlans.last.map { $0.commands.upperBound } ?? 0
        if !debug.disableBatching, commands.count > passStart, let last = commands.last, last.kind == .batch,
            last.textures == textures,
            last.blending == blending, last.variant == variant, last.first + last.count == index
        {
            commands[commands.count - 1].count += 1
            return
        }
        commands.append(
            DrawCommand(kind: .batch, first: index, count: 1, textures: textures, variant: variant, blending: blending))
    }

    /// The backdrop instance (the item's rounded rect, textured with the filtered copy of
    /// what lies behind it) and its command.
    private func planBackdrop(_ item: DrawItem, instance: QuadInstance, chain: Int, list: RenderList, pass: Int) {
        guard quad.prepare(.general) else { return skip(.programFailed) }
        var backdrop = instance
        backdrop.flags = [.screenTexture, .clipsContent]
        backdrop.background = .clear
        backdrop.borderWidth = 0
        backdrop.destination = item.rect
        backdrop.geometry = item.rect
        let g = passGeometry[pass]
        var reach: Float = 0
        for filter in list.filterChains[chain] {
            switch filter {
            case .gaussianBlur(let sigma): reach += 3 * max(0, sigma.isFinite ? sigma : 0)
            case .bloom(let sigma, _): reach += 3 * max(0, sigma.isFinite ? sigma : 0)
            case .colorMatrix: break
            }
        }
        let box = PixelBox(
            covering: item.rect, under: instance.h, margin: reach * g.scale + 2, viewportWidth: g.width,
            viewportHeight: g.height)
        let index = Int32(quad.instanceCount)
        backdrop.write(to: &quad.staging)
        commands.append(
            DrawCommand(
                kind: .backdrop, first: index, count: 1, textures: .none, blending: .sourceOver, mode: Int32(chain),
                box: box))
    }

    /// A magenta one-pixel frame along the edges of offscreen pass `pass` (debug).
    private func planOutline(_ pass: Int) {
        let g = passGeometry[pass]
        let h = Homography(Matrix4.identity).toPixels(sourceX: g.source.x, sourceY: g.source.y, scale: g.scale)
        var outline = QuadInstance(h: h, rect: g.source, geometry: g.source)
        outline.borderWidth = 1 / g.scale
        outline.borderColor = Color(r: 1, g: 0, b: 1, a: 1)
        outline.flags = [.noDilate]
        let index = Int32(quad.instanceCount)
        outline.write(to: &quad.staging)
        appendToBatch(index, textures: .none, blending: .sourceOver, variant: .general)
    }

    /// Whether an axis-aligned instance covers the whole pass.
    private func covers(_ instance: QuadInstance, _ g: PassGeometry) -> Bool {
        let h = instance.h, r = instance.geometry
        let x0 = (h.c0.x * r.x + h.c2.x) / h.c2.z, x1 = (h.c0.x * r.maxX + h.c2.x) / h.c2.z
        let y0 = (h.c1.y * r.y + h.c2.y) / h.c2.z, y1 = (h.c1.y * r.maxY + h.c2.y) / h.c2.z
        return min(x0, x1) <= 0 && max(x0, x1) >= Float(g.width) && min(y0, y1) <= 0 && max(y0, y1) >= Float(g.height)
    }

    /// Whether the item may be drawn without blending: it promises opacity, nothing makes it
    /// translucent, and its quad lands on whole pixels without rotation or perspective.
    private func isOpaqueAndAligned(_ item: DrawItem, _ instance: QuadInstance) -> Bool {
        guard item.opaque, !debug.showOverdraw, item.opacity >= 1, instance.clip < 0, item.blend == .normal,
            item.backdropFilters < 0, instance.cornerRadius == 0, instance.borderWidth == 0 || item.borderColor.a >= 1,
            instance.flags.isDisjoint(with: [.blurredShape, .clipsContent]), instance.geometry == item.rect
        else { return false }
        let h = instance.h
        guard h.c0.y == 0, h.c1.x == 0, h.c0.z == 0, h.c1.z == 0, h.c2.z > 0 else { return false }
        let r = instance.geometry
        let xs = ((h.c0.x * r.x + h.c2.x) / h.c2.z, (h.c0.x * r.maxX + h.c2.x) / h.c2.z)
        let ys = ((h.c1.y * r.y + h.c2.y) / h.c2.z, (h.c1.y * r.maxY + h.c2.y) / h.c2.z)
        func whole(_ v: Float) -> Bool { abs(v - v.rounded()) < 1e-3 }
        return whole(xs.0) && whole(xs.1) && whole(ys.0) && whole(ys.1)
    }
}

extension RenderPass {
    /// `pixelWidth` for `scale` (at least 1).
    func pixelWidthClamped(scale: Float) -> Int {
        let w = sourceRect.width * scale
        return w.isFinite && w > 0 ? max(1, Int(min(w, 1e6).rounded(.up))) : 1
    }

    /// `pixelHeight` for `scale` (at least 1).
    func pixelHeightClamped(scale: Float) -> Int {
        let h = sourceRect.height * scale
        return h.isFinite && h > 0 ? max(1, Int(min(h, 1e6).rounded(.up))) : 1
    }
}

extension Color {
    /// Whether every component is finite.
    var isFinite: Bool { r.isFinite && g.isFinite && b.isFinite && a.isFinite }
}

extension BlendMode {
    /// `u_blendMode` in quad.frag.glsl (0 normal, 1 multiply … 11 exclusion: the modes'
    /// `ordinal`s). Additive blending is fixed-function (`Blending.additive`), never drawn
    /// through the shader.
    var shaderIndex: Int32 { self == .plusLighter ? 0 : Int32(ordinal) }
}
