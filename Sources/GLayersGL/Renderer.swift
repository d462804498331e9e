/// The renderer: a render list in, pixels out. One frame is planned on the CPU without GL
/// (commands and instances for every needed pass: `FramePlanner`, module GLayersPlan), its
/// textures resolved to GL names (`Renderer+Resolve.swift`), its instances streamed to GL in
/// one upload, then executed pass by pass with effects in between (`Renderer+Execute.swift`).
///
/// It reads nothing but the render list, keeps nothing of it but handles (image textures by
/// `ImageID`, rasterized passes by `cacheKey`), and never crashes on bad input: bad items are
/// skipped, counted in `stats` and reported once to standard error.
import COpenGL
import Foundation
import GLayersDamage
import GLayersGraphics
import GLayersPlan
import GLayersRenderList

/// Draws render lists with OpenGL 3.3 core on a `GLContext`.
///
/// - Not thread-safe: use it on the thread where its context is current.
/// - Deterministic: the same render list gives the same pixels.
public final class Renderer {
    /// The context it draws with.
    public let context: GLContext
    /// Debug switches (batching off, pass outlines, overdraw), read at every frame.
    @exclusivity(unchecked) public var debug = RendererDebug()
    /// Counters of the last frame.
    @exclusivity(unchecked) public internal(set) var stats = RenderStats()
    /// Bytes of image textures kept across frames; beyond it the least recently used are
    /// freed at the end of a frame (never one the frame used). Default 512 MiB.
    public var textureBudgetBytes: Int {
        get { textures.budgetBytes }
        set { textures.budgetBytes = max(0, newValue) }
    }
    /// The first error GL or EGL reported while rendering (a lost context stops rendering).
    @exclusivity(unchecked) public internal(set) var lastError: GLError?

    let quad: QuadPipeline
    let clips = ClipBuffer()
    let textures: TextureCache
    let pool = PassPool()
    /// Bounds the drawing queued in the driver (fences every so many draw calls).
    let driverQueue = DriverQueue()
    let effects: EffectPipeline
    /// The largest texture or framebuffer side the OpenGL implementation takes
    /// (`GL_MAX_TEXTURE_SIZE`).
    public let driverMaximumTextureSize: Int
    /// Plans each frame (commands and instances, without GL calls).
    let planner = FramePlanner()
    /// The plan's commands with their textures resolved to GL names (`Renderer+Resolve.swift`),
    /// and each pass's share of them.
    @exclusivity(unchecked) var commands: [BoundCommand] = []
    @exclusivity(unchecked) var passPlans: [PassPlan] = []
    /// Per pass of this frame: its drawn content and its result after effects.
    @exclusivity(unchecked) var passContents: [OffscreenTarget?] = []
    @exclusivity(unchecked) var passResults: [OffscreenTarget?] = []
    /// Rasterized passes by cache key: their content target and the last frame it was used.
    @exclusivity(unchecked) var rasterCache: [UInt64: CachedPass] = [:]
    /// Bloom glows kept from frame to frame, by the hash of their pass's content and sigma
    /// (`Renderer+Effects.swift`).
    @exclusivity(unchecked) var keptGlows: [UInt64: CachedPass] = [:]
    /// Passes' results after their effects, kept from frame to frame by the hash of what they
    /// depend on (`Renderer+Effects.swift`), and which of this frame's results are such.
    @exclusivity(unchecked) var keptResults: [UInt64: CachedPass] = [:]
    @exclusivity(unchecked) var resultIsKept: [Bool] = []
    /// The keys of the results made this frame and the last: a result is kept once it is made
    /// twice in a row.
    @exclusivity(unchecked) var resultKeysThisFrame: Set<UInt64> = []
    @exclusivity(unchecked) var resultKeysLastFrame: Set<UInt64> = []
    /// This frame's key of each pass into `rasterCache` (`Renderer+Resolve.swift`).
    @exclusivity(unchecked) var passKeys: [UInt64?] = []
    /// Whether effect results may be kept and reused this frame (the damage tracker compared
    /// this frame's list, which identifies pass contents).
    @exclusivity(unchecked) var keepsEffectResults = false
    @exclusivity(unchecked) var staleCacheKeys: [UInt64] = []
    /// The offscreen screen target (`RenderTarget.offscreen`).
    @exclusivity(unchecked) var screenTarget: OffscreenTarget?
    /// Where and how large the last frame was, for `readPixels()`.
    @exclusivity(unchecked) var lastTarget: RenderTarget?
    @exclusivity(unchecked) var lastWidth = 0, lastHeight = 0
    @exclusivity(unchecked) var frame: UInt64 = 0
    /// When this frame's planning ended (`drawFrame`), for `stats.planMilliseconds`.
    @exclusivity(unchecked) var plannedAt = 0.0
    /// Skip reasons already reported (bit per `SkipReason`).
    @exclusivity(unchecked) var reportedSkips: UInt32 = 0
    /// A 1×1 transparent target standing in for missing inputs.
    let blank: OffscreenTarget

    // Damage (`Renderer+Damage.swift`).
    /// Compares each frame's list with the last one's.
    let damageTracker = DamageTracker()
    /// What changed since the last frame.
    @exclusivity(unchecked) var frameDamage = DamageRegion(width: 0, height: 0)
    /// The screen pixels the last frame redrew (`isFull` when it redrew everything; empty when
    /// nothing changed and nothing was drawn). A window presents these
    /// (`GLContext.swapBuffers(damage:)`).
    @exclusivity(unchecked) public internal(set) var damage = DamageRegion(width: 0, height: 0)
    /// The damage of recent frames, newest first (for back buffers older than the last frame).
    @exclusivity(unchecked) var damageHistory = [DamageRegion](repeating: DamageRegion(width: 0, height: 0), count: 4)
    /// What the last frame tinted (`debug.showDamage`): redrawn without the tint next frame.
    @exclusivity(unchecked) var tinted = DamageRegion(width: 0, height: 0)
    /// The settings the last frame was drawn with: a change redraws everything.
    @exclusivity(unchecked) var damageSettings: DamageSettings?
    /// The damage rects as GL scissor boxes of the screen (rows bottom-up); empty: no scissor.
    @exclusivity(unchecked) var scissors: [PixelBox] = []
    /// What `debug.verifyDamage` found so far.
    @exclusivity(unchecked) public internal(set) var damageVerification = DamageVerification()

    /// A renderer on `context` (made current): compiles the shaders, makes the buffers.
    ///
    /// - Throws `GLError.shader` (with the shader file and GL log) or `.resource`.
    public init(context: GLContext) throws {
        self.context = context
        try context.makeCurrent()
        var maxSize: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        driverMaximumTextureSize = Int(max(maxSize, 64))
        quad = try QuadPipeline()
        effects = EffectPipeline(pool: pool)
        textures = TextureCache(maximumSize: driverMaximumTextureSize)
        blank = try OffscreenTarget(width: 1, height: 1)
        blank.bind()
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    deinit {
        // The pipeline, caches and pool delete their GL objects as they go: in this context.
        try? context.makeCurrent()
    }

    /// Renders `list` into `target`: every needed pass in dependency order, the screen last.
    ///
    /// - `.window` draws into the default framebuffer (then call `context.swapBuffers()`);
    ///   `.offscreen` into a framebuffer of the list's pixel size (then `readPixels()`).
    /// - Errors do not throw: a lost context sets `lastError` and later frames do nothing.
    /// - A list of zero pixels draws nothing; `.window` on a headless context draws offscreen.
    public func render(_ list: RenderList, to requested: RenderTarget) {
        if lastError?.kind == .contextLost { return }
        let started = MonotonicClock.now
        guard list.pixelWidth > 0, list.pixelHeight > 0 else {
            stats = RenderStats()
            return
        }
        var target = requested
        if target == .window && context.isHeadless {
            Diagnostics.warnOnce("window-headless", "render(to: .window) on a headless context; drawing offscreen")
            target = .offscreen
        }
        do { try context.makeCurrent() } catch let error as GLError {
            lastError = error
            return
        } catch { return }
        prepareDamage(list, target: target)
        if damage.isEmpty {
            // Nothing changed: the target already shows this frame.
            stats = RenderStats()
            stats.planMilliseconds = (MonotonicClock.now - started) * 1000
            return
        }
        if target == .window && !damage.isFull && context.presentation.partialUpdate {
            context.setDamageRegion(damage.rects, height: list.pixelHeight)
        }
        frame += 1
        drawFrame(list, to: target)
        stats.redrawnPixels = Int(damage.area)
        stats.damageRects = damage.isFull ? 0 : damage.rects.count
        lastTarget = target
        lastWidth = list.pixelWidth
        lastHeight = list.pixelHeight
        if debug.verifyDamage && !damage.isFull { verifyDamage(list, target: target) }
        if debug.showDamage { tintDamage(target) } else { tinted.reset(width: 0, height: 0) }
        do { try context.checkLost() } catch let error as GLError { lastError = error } catch {}
        stats.planMilliseconds = (plannedAt - started) * 1000
        stats.submitMilliseconds = (MonotonicClock.now - plannedAt) * 1000
    }

    /// Draws `list` into `target` within `damage`.
    func drawFrame(_ list: RenderList, to target: RenderTarget) {
        stats = RenderStats()
        textures.maximumSize = min(debug.maximumTextureSize ?? driverMaximumTextureSize, driverMaximumTextureSize)
        textures.arrays.debugMaximumLayers = debug.maximumTileArrayLayers.map { max(1, $0) }
        textures.beginFrame(frame)
        pool.beginFrame(frame)
        effects.draws = 0
        driverQueue.beginFrame()
        planner.options = planOptions
        quad.instances.begin(planner.instanceBuffer, expected: FramePlanner.expectedInstances(list))
        planner.preparePasses(list)
        preparePassKeys(list)
        prepareScissors(list)
        planner.plan(
            list, cullsScreen: cullsScreenItems, isDrawn: { isDrawn(screenItem: $0, list) },
            isCached: { isCacheHit($0, list) })
        resolvePlan(list)
        plannedAt = MonotonicClock.now
        quad.instances.upload(planner.instanceBuffer)
        stats.instanceBytes = planner.instanceBuffer.bytes.count
        clips.upload(list.clips, planned: planner.plannedClips)
        do {
            try execute(list, to: target)
        } catch let error as GLError {
            if lastError == nil { lastError = error }
            Diagnostics.warnOnce("render-\(error.kind)", "frame failed: \(error)")
        } catch {}
        quad.instances.end()
        finishFrame(list)
        stats.effectDraws = effects.draws
        stats.drawCalls += effects.draws
        stats.residentTextureBytes = textures.residentBytes
    }

    /// Makes the next frame redraw the whole screen: what it showed was lost (an X expose).
    public func invalidate() { damageTracker.invalidate() }

    /// Waits until the GPU has executed every command issued so far (`glFinish`); benchmarks
    /// call it so a frame's time includes its drawing.
    public func finish() {
        guard (try? context.makeCurrent()) != nil else { return }
        glFinish()
    }

    /// Frees pooled targets, cached rasterizations and image textures now (they are made
    /// again when needed).
    public func purgeCaches() {
        for entry in rasterCache.values { pool.release(entry.target) }
        rasterCache.removeAll()
        for entry in keptGlows.values { pool.release(entry.target) }
        keptGlows.removeAll()
        for entry in keptResults.values { pool.release(entry.target) }
        keptResults.removeAll()
        pool.purge()
        textures.purge()
    }

    /// Counts `count` items skipped for `reason` and reports it the first time.
    func skip(_ reason: SkipReason, items count: Int = 1) {
        stats.skippedItems += count
        report(reason.bit)
    }

    /// Reports each reason of `reasons` (`SkipReason.bit`) the first time it is seen.
    func report(_ reasons: UInt32) {
        let new = reasons & ~reportedSkips
        guard new != 0 else { return }
        reportedSkips |= new
        for reason in SkipReason.allCases where new & reason.bit != 0 {
            Diagnostics.warnOnce("skip-\(reason)", reason.message)
        }
    }
}

/// A rasterized pass kept for the next frame.
struct CachedPass {
    var target: OffscreenTarget
    var lastUsed: UInt64
}
