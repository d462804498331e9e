/// Between planning and drawing: the plan (`FramePlanner`, which makes no GL call) names
/// textures by what they show; here they become GL names. Images are uploaded the first time
/// a plan names them, tile images get layers of texture arrays (each instance's layer is
/// written into its bytes before they are uploaded, and a batch of tiles is cut where its
/// tiles lie in different arrays), and programs are compiled the first time a command needs
/// them. Also the keys by which rasterized passes are kept from frame to frame.
import COpenGL
import GLayersDamage
import GLayersPlan
import GLayersRenderList

/// Where a command's textures come from, as GL names.
enum BoundTextures: Equatable {
    case none
    /// One image texture.
    case image(GLuint)
    /// Two image textures (crossfade).
    case images(GLuint, GLuint)
    /// The result of a pass of this frame.
    case pass(Int32)
    /// A texture array whose layers hold tile images; each instance names its layer.
    case array(GLuint)
}

/// A planned `DrawCommand` with its textures resolved.
struct BoundCommand {
    var kind: DrawCommand.Kind
    var first: Int32
    var count: Int32
    var textures: BoundTextures
    /// The quad program (the plan's, or the simple program for a sprite when the sprite
    /// program cannot be compiled).
    var variant: QuadVariant
    /// What of the general program it needs (the plan's).
    var features: QuadFeatures
    var blending: Blending
    var mode: Int32
    var box: PixelBox

    init(_ c: DrawCommand, textures: BoundTextures, variant: QuadVariant) {
        (kind, first, count, self.textures, self.variant) = (c.kind, c.first, c.count, textures, variant)
        features = c.features
        (blending, mode, box) = (c.blending, c.mode, c.box)
    }
}

extension Renderer {
    /// What the plan depends on of the renderer: the texture limits and the debug switches.
    var planOptions: PlanOptions {
        var options = PlanOptions()
        options.maximumTextureSize = textures.maximumSize
        options.maximumPassSize = driverMaximumTextureSize
        options.disableBatching = debug.disableBatching
        options.outlinePasses = debug.outlinePasses
        options.showOverdraw = debug.showOverdraw
        options.disableSprites = debug.disableSprites
        options.wholeGeneralProgram = debug.wholeGeneralProgram
        options.disableMatteFusion = debug.disableMatteFusion
        options.disableSmallImageArrays = debug.disableSmallImageArrays
        return options
    }

    /// Per pass of this frame: size, scale, source rect.
    var passGeometry: [PassGeometry] { planner.passGeometry }

    /// `passKeys`: each pass's `cacheKey` (a rasterized layer), else, while the damage tracker
    /// identifies pass contents (`keepsEffectResults`), the hash of its content, so that a pass
    /// whose content did not change is not drawn again (only its effects are applied again:
    /// a pulsing filter redraws none of the pass's items).
    func preparePassKeys(_ list: RenderList) {
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
        let g = planner.passGeometry[p]
        return entry.target.width == g.width && entry.target.height == g.height && entry.lastUsed + 1 >= frame
    }

    /// `commands` and `passPlans` from the planner's, with GL names; the plan's counters go
    /// into `stats`, its skip reasons are reported.
    func resolvePlan(_ list: RenderList) {
        let counters = planner.counters
        stats.items = counters.items
        stats.clearedItems = counters.clearedItems
        stats.skippedItems = counters.skippedItems
        stats.culledItems = counters.culledItems
        stats.spriteItems = counters.spriteItems
        stats.unchangedItems = counters.unchangedItems
        report(counters.skipReasons)
        commands.removeAll(keepingCapacity: true)
        passPlans.removeAll(keepingCapacity: true)
        for id in planner.mipmappedImages {
            _ = textures.texture(for: id, in: list, mipmapped: true, stats: &stats)
        }
        var tile = 0
        planner.commands.withUnsafeBufferPointer { planned in
            for pass in planner.passPlans {
                let start = commands.count
                for i in pass.commands { resolve(planned[i], list, tile: &tile) }
                passPlans.append(PassPlan(pass: pass.pass, commands: start..<commands.count, cached: pass.cached))
            }
        }
    }

    /// Appends `c` with GL names (nothing when its program or image is missing: its items are
    /// skipped). `tile` is the next of the plan's `tiles`.
    private func resolve(_ c: DrawCommand, _ list: RenderList, tile: inout Int) {
        let tileCount: Int
        if case .tiles = c.textures { tileCount = Int(c.count) } else { tileCount = 0 }
        var variant = c.variant
        if !quad.prepare(variant, features: c.features) {
            // A sprite is a plain rect the simple program draws the same, but for its rim.
            let simple: QuadVariant = variant == .spriteTrimmed ? .simpleTrimmed : .simple
            guard variant == .sprite || variant == .spriteTrimmed, quad.prepare(simple) else {
                tile += tileCount
                return skip(.programFailed, items: Int(c.count))
            }
            variant = simple
        }
        let bound: BoundTextures
        switch c.textures {
        case .none: bound = .none
        case .pass(let p): bound = .pass(p)
        case .image(let id):
            guard let t = textures.texture(for: id, in: list, stats: &stats) else {
                return skip(.missingImage, items: Int(c.count))
            }
            bound = .image(t)
        case .mask(let m):
            guard let t = textures.texture(for: m, in: list, stats: &stats) else {
                return skip(.missingImage, items: Int(c.count))
            }
            bound = .images(blank.texture, t)
        case .images(let a, let b):
            guard let ta = textures.texture(for: a, in: list, stats: &stats),
                let tb = textures.texture(for: b, in: list, stats: &stats)
            else { return skip(.missingImage, items: Int(c.count)) }
            bound = .images(ta, tb)
        case .tiles(let width, let height):
            return resolveTiles(c, list, tile: &tile, size: (Int(width), Int(height)))
        }
        commands.append(BoundCommand(c, textures: bound, variant: variant))
    }

    /// A batch of tiles (or small images: layers of `size` larger than their images): each
    /// instance's layer written, one command per run of instances whose tiles share an array.
    private func resolveTiles(_ c: DrawCommand, _ list: RenderList, tile: inout Int, size: (Int, Int)) {
        var run = BoundCommand(c, textures: .array(0), variant: c.variant)
        run.count = 0
        for instance in c.first..<c.first + c.count {
            let planned = planner.tiles[tile]
            tile += 1
            precondition(planned.instance == instance, "the plan's tiles follow its tile batches")
            guard
                let (array, layer) = planned.small
                    ? textures.smallLayer(for: planned.image, side: size.0, in: list, stats: &stats)
                    : textures.layer(for: planned.image, in: list, stats: &stats)
            else {
                // Only an image the plan found and sized can get here: none.
                skip(.missingImage)
                if run.count > 0 { commands.append(run) }
                run.first = instance + 1
                run.count = 0
                continue
            }
            planner.setLayer(layer, ofInstance: instance)
            if run.count > 0, run.textures != .array(array) {
                commands.append(run)
                run.first = instance
                run.count = 0
            }
            run.textures = .array(array)
            run.count += 1
        }
        if run.count > 0 { commands.append(run) }
    }
}
