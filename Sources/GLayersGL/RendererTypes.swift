/// The renderer's small public value types: where a frame goes, its counters, debug switches.
import GLayersRenderList

/// Where `Renderer.render(_:to:)` draws the screen pass.
public enum RenderTarget: Equatable, Sendable {
    /// The default framebuffer of a window context (present with `GLContext.swapBuffers()`).
    case window
    /// A framebuffer the renderer owns, of the render list's pixel size (headless; read it
    /// back with `readPixels()`).
    case offscreen
}

/// Counters of the last frame.
public struct RenderStats: Equatable, Sendable, CustomStringConvertible {
    /// GL draw calls, effects included.
    public var drawCalls = 0
    /// Items drawn.
    public var items = 0
    /// Items drawn as the screen's clear colour instead of a quad: an opaque, untextured,
    /// pixel-aligned rectangle covering the whole screen, first in paint order (a root
    /// background). Counted in `items` too.
    public var clearedItems = 0
    /// Items not drawn because of bad input (non-finite or singular transform, empty rect,
    /// missing image or pass); each reason is reported once to standard error.
    public var skippedItems = 0
    /// Single-sided items culled because they show their back.
    public var culledItems = 0
    /// Items drawn as sprites: without edge coverage, their image fading out at its edges
    /// (quad_sprite.frag.glsl). Counted in `items` too.
    public var spriteItems = 0
    /// Offscreen passes drawn (the screen not counted).
    public var passes = 0
    /// Offscreen passes whose texture was reused from the last frame (`cacheKey`).
    public var cachedPasses = 0
    /// Passes whose result after their effects (mask, filters, shadow) was reused from an
    /// earlier frame: content, effects and what they read unchanged.
    public var keptResults = 0
    /// Pixels of the offscreen passes drawn (each at most `FramePlanner.passPixelBudget`: 2.5
    /// screens, at least 4 096²).
    public var offscreenPixels = 0
    /// Images uploaded this frame.
    public var textureUploads = 0
    /// Bytes uploaded this frame.
    public var textureBytes = 0
    /// Bytes of image textures held by the cache.
    public var residentTextureBytes = 0
    /// Instanced quad draws (each one batch of items).
    public var batches = 0
    /// Image-space effect draws (blur, bloom, shadow, mask, transition, colour matrix).
    public var effectDraws = 0
    /// Bytes of instance data streamed.
    public var instanceBytes = 0
    /// Times the frame waited for the driver to execute drawing queued earlier, so that the
    /// driver holds a bounded amount of it (`DriverQueue`: frames of more than 128 draw
    /// calls or 16 384 instances). Not in `description`.
    public var queueWaits = 0
    /// Screen pixels redrawn (all of them when damage tracking is off or everything changed;
    /// none when nothing did).
    public var redrawnPixels = 0
    /// The rects the screen was redrawn in (0: the whole screen, or nothing).
    public var damageRects = 0
    /// Screen items not drawn because they lie outside the damage.
    public var unchangedItems = 0
    /// Milliseconds of the frame's CPU work before GL draws: damage, pass scheduling,
    /// planning and instance packing. Not in `description` (a time, not a counter).
    public var planMilliseconds = 0.0
    /// Milliseconds from the end of planning to the end of `render`: the instance upload, the
    /// GL calls of every pass and their effects (on llvmpipe, most of the drawing).
    public var submitMilliseconds = 0.0

    /// Zero counters.
    public init() {}

    /// `key=value` pairs on one line.
    public var description: String {
        "draws=\(drawCalls) batches=\(batches) items=\(items) cleared=\(clearedItems) skipped=\(skippedItems) culled=\(culledItems) sprites=\(spriteItems) "
            + "passes=\(passes) cached=\(cachedPasses) kept=\(keptResults) effects=\(effectDraws) uploads=\(textureUploads) "
            + "uploadBytes=\(textureBytes) residentBytes=\(residentTextureBytes) instanceBytes=\(instanceBytes) "
            + "redrawnPixels=\(redrawnPixels) damageRects=\(damageRects) unchanged=\(unchangedItems)"
    }
}

/// Switches that isolate rendering bugs; all off by default.
public struct RendererDebug: Equatable, Sendable {
    /// One draw call per item instead of merging runs that share program, texture and blend.
    public var disableBatching = false
    /// A magenta 1-pixel frame around every offscreen pass's texture.
    public var outlinePasses = false
    /// Every item adds a constant tint where it draws (additive): bright = drawn over often.
    public var showOverdraw = false
    /// A smaller texture-size limit than the driver's (to test downscaling of large images).
    public var maximumTextureSize: Int?
    /// Fewer layers than the renderer's own limit for a texture array of tile images (to
    /// test arrays that fill up: a full array at the limit gets another beside it).
    public var maximumTileArrayLayers: Int?
    /// Draw no item as a sprite (quad_sprite.frag.glsl): items whose image fades out at its
    /// edges keep the simple program's edge coverage.
    public var disableSprites = false
    /// Draw every small image from a texture of its own, none from a layer of a texture array
    /// shared with other small images (`FramePlanner.smallImage`).
    public var disableSmallImageArrays = false
    /// Draw every general batch with the whole general program, none with a leaner one that
    /// leaves out what the batch does not use (`QuadFeatures`).
    public var wholeGeneralProgram = false
    /// Render every masked pass as a pass, none as its image masked in place (fused mattes:
    /// `FramePlanner.prepareMattes`).
    public var disableMatteFusion = false
    /// Redraw the whole screen every frame (no damage tracking; `glayers run --no-damage`).
    public var disableDamage = false
    /// Tint what each frame redrew because it changed (`glayers run --show-damage`); the tint
    /// is gone the next frame.
    public var showDamage = false
    /// Draw every partially redrawn frame a second time in full, offscreen, and compare the
    /// pixels (`Renderer.damageVerification` counts the frames that differ); a test switch,
    /// slow.
    public var verifyDamage = false
    /// The most rects a frame is redrawn in (more are merged; default 8).
    public var maximumDamageRects = 8
    /// The fewest pixels a partial redraw must leave alone, else the frame is redrawn whole
    /// (default 128 × 128): filling the damage with the clear colour and replaying the items
    /// per rect cost more than drawing that many pixels again (on llvmpipe, a 100 × 100
    /// composition of which a third changes: 0.054 ms a frame redrawn in part, 0.029 ms whole;
    /// docs/performance.md, "Small frames"). 0: every frame that can be is redrawn in part
    /// (the damage tests, which compare partial redraws with whole ones).
    public var minimumSavedPixels = 128 * 128

    /// All switches off.
    public init() {}
}

/// What `RendererDebug.verifyDamage` found.
public struct DamageVerification: Equatable, Sendable {
    /// Frames redrawn in part and compared with a full redraw.
    public var comparedFrames = 0
    /// Of those, the frames whose pixels differed (each then shows the full redraw).
    public var mismatchedFrames = 0
    /// The first difference: the frame, its damage, how many pixels differ and where the
    /// first one is.
    public var firstMismatch: String?

    /// Nothing compared yet.
    public init() {}
}
