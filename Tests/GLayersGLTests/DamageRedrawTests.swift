/// Redrawing only the damage: every partial frame is drawn a second time in full and the two
/// must be identical (`debug.verifyDamage`); counters say how much was redrawn.
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct DamageRedrawTests {
    /// Renders each list in turn with damage verification; returns the stats of each frame.
    private func frames(_ lists: [RenderList], configure: (Renderer) -> Void = { _ in }) throws -> [RenderStats] {
        try GLHarness.withRenderer { r in
            r.debug.verifyDamage = true
            r.debug.minimumSavedPixels = 0
            configure(r)
            let before = r.damageVerification
            var stats: [RenderStats] = []
            for l in lists {
                r.render(l, to: .offscreen)
                if let error = r.lastError { throw error }
                stats.append(r.stats)
            }
            let after = r.damageVerification
            #expect(after.mismatchedFrames == before.mismatchedFrames, "\(after.firstMismatch ?? "")")
            #expect(after.comparedFrames > before.comparedFrames)
            return stats
        }
    }

    /// A 160×120 scene: a background, a card with rounded corners and a border, and a small
    /// square at `x` drawn with `blend`.
    private func scene(_ x: Float, blend: BlendMode = .normal, opacity: Float = 1) -> RenderList {
        let b = ListBuilder(width: 160, height: 120, clear: .black)
        return b.screen([
            DrawItem(transform: .identity, rect: Rect(0, 0, 160, 120), background: .rgba(0.2, 0.3, 0.4)),
            DrawItem(
                transform: .translate(20, 20), rect: Rect(0, 0, 100, 60), background: .rgba(0.9, 0.8, 0.2),
                cornerRadius: 12, borderWidth: 3, borderColor: .red),
            DrawItem(
                transform: Matrix4.rotate(0.3, 0, 0, 1).then(.translate(x, 40)), rect: Rect(0, 0, 24, 24),
                opacity: opacity, background: .blue, blend: blend),
        ])
    }

    @Test func aMovingSquareRedrawsAboutItsArea() throws {
        let stats = try frames([scene(30), scene(34), scene(38), scene(38)])
        #expect(stats[0].redrawnPixels == 160 * 120)
        #expect(stats[1].redrawnPixels > 0 && stats[1].redrawnPixels < 160 * 120 / 4)
        #expect(stats[1].unchangedItems == 0 || stats[1].items < 3)
        // Nothing changed: nothing drawn.
        #expect(stats[3].redrawnPixels == 0 && stats[3].drawCalls == 0)
    }

    /// By default a partial redraw must leave at least 128 × 128 pixels alone: a moving square
    /// redraws the whole of a 120 × 100 frame (12 000 pixels), about its area of a 400 × 300 one.
    @Test func smallFramesAreRedrawnWhole() throws {
        func redrawn(_ w: Int, _ h: Int) throws -> [Int] {
            try GLHarness.withRenderer { r in
                let lists = [30, 34, 34].map { (x: Float) in
                    ListBuilder(width: w, height: h, clear: .black).screen([
                        DrawItem(transform: .translate(x, 40), rect: Rect(0, 0, 24, 24), background: .blue)
                    ])
                }
                return lists.map { l in
                    r.render(l, to: .offscreen)
                    return r.stats.redrawnPixels
                }
            }
        }
        #expect(try redrawn(120, 100) == [120 * 100, 120 * 100, 0])
        let large = try redrawn(400, 300)
        #expect(large[0] == 400 * 300 && large[1] > 0 && large[1] < 400 * 300 / 10 && large[2] == 0)
    }

    @Test func blendModesAndOpacity() throws {
        _ = try frames([
            scene(30, blend: .multiply), scene(50, blend: .multiply), scene(50, blend: .difference, opacity: 0.5),
            scene(60, blend: .screen, opacity: 0.7), scene(70, blend: .overlay),
        ])
    }

    /// Two squares far apart redraw in two rects; what lies between them is not drawn.
    @Test func separateChangesRedrawSeparateRects() throws {
        func two(_ d: Float) -> RenderList {
            let b = ListBuilder(width: 300, height: 200, clear: .black)
            return b.screen([
                DrawItem(transform: .identity, rect: Rect(0, 0, 300, 200), background: .rgba(0.2, 0.3, 0.4)),
                DrawItem(transform: .translate(100, 60), rect: Rect(0, 0, 100, 80), background: .red),
                DrawItem(transform: .translate(10 + d, 10), rect: Rect(0, 0, 20, 20), background: .blue),
                DrawItem(transform: .translate(260 - d, 160), rect: Rect(0, 0, 20, 20), background: .green),
            ])
        }
        let stats = try frames([two(0), two(3), two(6)])
        #expect(stats[1].damageRects == 2)
        #expect(stats[1].unchangedItems == 1)
    }

    /// A backdrop blur next to a moving square: what it reads is redrawn with it.
    @Test func backdropFiltersNearChanges() throws {
        func backdrop(_ x: Float) -> RenderList {
            let b = ListBuilder(width: 200, height: 120, clear: .black)
            b.list.filterChains = [[.gaussianBlur(sigma: 4)]]
            return b.screen([
                DrawItem(transform: .identity, rect: Rect(0, 0, 200, 120), background: .rgba(0.9, 0.9, 0.9)),
                DrawItem(transform: .translate(x, 30), rect: Rect(0, 0, 30, 30), background: .red),
                DrawItem(
                    transform: .translate(90, 20), rect: Rect(0, 0, 60, 60), background: .rgba(0.1, 0.1, 0.3, 0.3),
                    cornerRadius: 10, backdropFilters: 0),
                DrawItem(transform: .translate(x + 10, 90), rect: Rect(0, 0, 20, 20), background: .blue),
            ])
        }
        _ = try frames([backdrop(10), backdrop(40), backdrop(60), backdrop(75), backdrop(120), backdrop(10)])
    }

    /// Group passes: a blurred, shadowed and masked group with a moving member.
    @Test func changesInsideEffectPasses() throws {
        func group(_ x: Float, intensity: Float) -> RenderList {
            let b = ListBuilder(width: 200, height: 150, clear: .black)
            let source = Rect(10, 10, 180, 130)
            let mask = b.pass(
                source: source, screenSpace: true,
                items: [
                    DrawItem(
                        transform: .translate(20, 20), rect: Rect(0, 0, 150, 100), background: .white, cornerRadius: 30)
                ])
            var effects = PassEffects()
            effects.filters = [.bloom(sigma: 3, intensity: intensity), .gaussianBlur(sigma: 1)]
            effects.shadow = ShadowSpec(color: .rgba(0, 0, 0, 0.6), offsetX: 4, offsetY: 6, sigma: 3)
            effects.mask = mask
            let pass = b.pass(
                source: source, screenSpace: true, effects: effects,
                items: [
                    DrawItem(
                        transform: .translate(30, 30), rect: Rect(0, 0, 120, 40), background: .rgba(0.3, 0.6, 0.9)),
                    DrawItem(transform: .translate(x, 80), rect: Rect(0, 0, 20, 20), background: .white),
                ])
            return b.screen([
                DrawItem(transform: .identity, rect: Rect(0, 0, 200, 150), background: .rgba(0.5, 0.4, 0.3)),
                DrawItem(transform: .identity, rect: source, opacity: 0.9, content: .pass(pass)),
            ])
        }
        _ = try frames([
            group(30, intensity: 1), group(40, intensity: 1), group(40, intensity: 1.5), group(140, intensity: 1.5),
            group(60, intensity: 0),
        ])
    }

    /// A masked layer that does not change keeps its masked result while a square moves over
    /// it: neither its content, its mask nor the mask's composite is drawn again.
    @Test func anUnchangedMaskedPassKeepsItsResult() throws {
        func frame(_ x: Float) -> RenderList {
            let b = ListBuilder(width: 200, height: 150, clear: .black)
            let source = Rect(20, 20, 80, 80)
            let masked = b.maskedSquare(source, colour: .rgba(0.9, 0.8, 0.2))
            return b.screen([
                DrawItem(transform: .identity, rect: source, content: .pass(masked)),
                DrawItem(transform: .translate(x, 50), rect: Rect(0, 0, 20, 20), background: .blue),
            ])
        }
        let stats = try frames([frame(10), frame(40), frame(70)])
        #expect(stats[0].passes == 2 && stats[0].keptResults == 0, "\(stats[0])")
        #expect(
            stats[2].passes == 0 && stats[2].keptResults == 1 && stats[2].effectDraws == stats[2].damageRects,
            "\(stats[2])")
    }

    /// A bloom whose intensity pulses over unchanged content keeps the pass's content and its
    /// glow (the blurred bright parts) from the last frame and redoes only the combine; a
    /// change of the content draws and makes them again. Pixels as a full redraw's (`frames` verifies every partial frame).
    @Test func aPulsingBloomKeepsItsGlow() throws {
        func pulse(_ intensity: Float, colour: Color = .rgba(0.9, 0.9, 0.5)) -> RenderList {
            let b = ListBuilder(width: 200, height: 150, clear: .black)
            let source = Rect(40, 30, 120, 90)
            var effects = PassEffects()
            effects.filters = [.bloom(sigma: 4, intensity: intensity)]
            let pass = b.pass(
                source: source, screenSpace: true, effects: effects,
                items: [
                    DrawItem(
                        transform: .translate(60, 50), rect: Rect(0, 0, 80, 50), background: colour, cornerRadius: 10)
                ])
            return b.screen([
                DrawItem(transform: .identity, rect: Rect(0, 0, 200, 150), background: .rgba(0.2, 0.3, 0.4)),
                DrawItem(transform: .identity, rect: source, content: .pass(pass)),
            ])
        }
        let stats = try frames([pulse(0.5), pulse(1), pulse(1.5), pulse(1.5, colour: .rgba(0.5, 0.9, 0.9)), pulse(1)])
        // Frame 0 makes the glow (bright pass, blur, combine); 1 and 2 only combine; 3 has new
        // content and makes it again; 4 reuses the first glow. No whole result is kept: none
        // was made twice in a row. (A partial frame also fills each damage rect with the clear
        // colour: one effect draw per rect.)
        let bloomDraws = stats.map { $0.effectDraws - $0.damageRects }
        #expect(bloomDraws[1] == 1 && bloomDraws[2] == 1, "\(stats[1]) \(stats[2])")
        #expect(bloomDraws[0] > 2 && bloomDraws[3] == bloomDraws[0], "\(stats[0]) \(stats[3])")
        #expect(bloomDraws[4] == 1 && stats.allSatisfy { $0.keptResults == 0 }, "\(stats[4])")
        // The pass's content itself is not drawn again while it is unchanged.
        #expect(stats[0].passes == 1 && stats[3].passes == 1, "\(stats[0]) \(stats[3])")
        #expect(stats[1].passes == 0 && stats[1].cachedPasses == 1 && stats[2].cachedPasses == 1, "\(stats[1])")
        // Off without damage tracking: every frame makes its glow.
        let full = try GLHarness.withRenderer { r in
            r.debug.disableDamage = true
            return [pulse(0.5), pulse(1)].map { list in
                r.render(list, to: .offscreen)
                return r.stats.effectDraws
            }
        }
        #expect(full[1] == full[0])
    }

    /// Perspective, rasterized (cached) passes and a transition between two local passes.
    @Test func localPassesAndPerspective() throws {
        func local(_ angle: Float, key: UInt64, progress: Float) -> RenderList {
            let b = ListBuilder(width: 180, height: 140, clear: .rgba(0.1, 0.1, 0.1))
            let raster = b.pass(
                source: Rect(0, 0, 40, 40), cacheKey: key,
                items: [DrawItem(transform: .identity, rect: Rect(0, 0, 40, 40), background: .green, cornerRadius: 8)])
            let old = b.pass(
                source: Rect(0, 0, 50, 30),
                items: [DrawItem(transform: .identity, rect: Rect(0, 0, 50, 30), background: .red)])
            var t = PassEffects()
            t.transition = TransitionSpec(kind: .push, direction: .fromLeft, progress: progress, before: old)
            let new = b.pass(
                source: Rect(0, 0, 50, 30), effects: t,
                items: [DrawItem(transform: .identity, rect: Rect(0, 0, 50, 30), background: .blue)])
            return b.screen([
                DrawItem(
                    transform: .layer(
                        size: 60, 40, at: 60, 50, transform: .rotate(angle, 0, 1, 0), perspective: 200, about: 90, 70),
                    rect: Rect(0, 0, 60, 40), background: .rgba(0.8, 0.7, 0.1), borderWidth: 2, borderColor: .white),
                DrawItem(transform: .translate(110, 20), rect: Rect(0, 0, 40, 40), content: .pass(raster)),
                DrawItem(transform: .translate(100, 90), rect: Rect(0, 0, 50, 30), content: .pass(new)),
            ])
        }
        _ = try frames([
            local(0.2, key: 1, progress: 0), local(0.6, key: 1, progress: 0.3), local(0.6, key: 2, progress: 0.3),
            local(1.4, key: 2, progress: 0.8), local(1.4, key: 2, progress: 1),
        ])
    }

    /// A frame whose list did not change but whose target was lost redraws in full.
    @Test func invalidatingRedrawsEverything() throws {
        try GLHarness.withRenderer { r in
            r.render(scene(30), to: .offscreen)
            r.render(scene(30), to: .offscreen)
            #expect(r.stats.redrawnPixels == 0)
            r.invalidate()
            r.render(scene(30), to: .offscreen)
            #expect(r.damage.isFull && r.stats.redrawnPixels == 160 * 120)
        }
    }

    /// `showDamage` tints what changed, and the tint is gone the next frame.
    @Test func showDamageTintsOnlyTheChange() throws {
        try GLHarness.withRenderer { r in
            r.render(scene(30), to: .offscreen)
            let plain = try r.readImage()
            r.debug.showDamage = true
            r.render(scene(31), to: .offscreen)
            let tinted = try r.readImage()
            r.render(scene(30), to: .offscreen)
            let cleaned = try r.readImage()
            r.debug.showDamage = false
            r.render(scene(30), to: .offscreen)
            let after = try r.readImage()
            // The square's neighbourhood is tinted; a far corner is not.
            func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
                image.pixel(x: x, y: y).map { [$0.r, $0.g, $0.b, $0.a] } ?? []
            }
            #expect(rgba(tinted, 30, 52) != rgba(plain, 30, 52))
            #expect(rgba(tinted, 150, 110) == rgba(plain, 150, 110))
            #expect(rgba(cleaned, 150, 110) == rgba(plain, 150, 110))
            #expect(
                after.withUnsafeBytes { Array($0) } == plain.withUnsafeBytes { Array($0) },
                "after the tint, the frame is as before")
        }
    }
}
