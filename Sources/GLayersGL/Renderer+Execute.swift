/// Executing a planned frame: for each pass, bind its target, run its commands, apply its
/// effects; then hand targets back to the pool and keep rasterized passes for next frame.
import COpenGL
import GLayersPlan
import GLayersRenderList

extension Renderer {
    /// Runs `passPlans` (instances and clips are already uploaded).
    func execute(_ list: RenderList, to target: RenderTarget) throws {
        reset(&passContents, count: list.passes.count)
        reset(&passResults, count: list.passes.count)
        resultIsKept.removeAll(keepingCapacity: true)
        resultIsKept.append(contentsOf: repeatElement(false, count: list.passes.count))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_CLIP_DISTANCE0))
        glActiveTexture(GLenum(GL_TEXTURE0 + QuadUnit.clips))
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), clips.texture)
        if list.passes.isEmpty || passPlans.isEmpty {
            try bindScreen(list, to: target)
            try clearScreen(list)
            return
        }
        for plan in passPlans {
            let pass = Int(plan.pass)
            if pass == 0 {
                try bindScreen(list, to: target)
                try clearScreen(list)
                runCommands(plan, list: list, pass: 0)
                continue
            }
            let g = passGeometry[pass]
            let content: OffscreenTarget
            if plan.cached, let key = passKeys[pass], let entry = rasterCache[key] {
                content = entry.target
                rasterCache[key]?.lastUsed = frame
                stats.cachedPasses += 1
            } else {
                content = try pool.acquire(width: g.width, height: g.height)
                content.bind()
                glClearColor(0, 0, 0, 0)
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                runCommands(plan, list: list, pass: pass)
                stats.passes += 1
                stats.offscreenPixels += g.width * g.height
            }
            passContents[pass] = content
            passResults[pass] = try applyEffects(
                list.passes[pass].effects, to: content, scale: g.scale, pass: pass, list)
        }
    }

    /// Binds the screen pass's framebuffer (the window's or the offscreen screen target).
    private func bindScreen(_ list: RenderList, to target: RenderTarget) throws {
        let w = max(1, list.pixelWidth), h = max(1, list.pixelHeight)
        switch target {
        case .window:
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            glViewport(0, 0, GLsizei(w), GLsizei(h))
        case .offscreen:
            if let s = screenTarget, s.width == w, s.height == h {
            } else {
                screenTarget = try OffscreenTarget(width: w, height: h)
            }
            screenTarget?.bind()
        }
    }

    /// Clears the screen, or, redrawn in part, fills the damage rects with the clear colour
    /// (fill.frag.glsl says why not a scissored glClear).
    private func clearScreen(_ list: RenderList) throws {
        let c = planner.screenClear ?? list.clearColor
        guard !scissors.isEmpty else {
            glClearColor(c.r, c.g, c.b, c.a)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            return
        }
        glDisable(GLenum(GL_BLEND))
        try effects.fill(c, in: scissors)
        glEnable(GLenum(GL_BLEND))
    }

    /// Runs `body` once per damage rect with the scissor test set to it when `pass` is the
    /// screen and the frame is redrawn in part; else once, without scissor.
    ///
    /// - The scissor is off again afterwards: effects drawn between commands (backdrop
    ///   filters) draw whole targets.
    func forEachScissor(pass: Int, _ body: () -> Void) {
        guard pass == 0, !scissors.isEmpty else { return body() }
        glEnable(GLenum(GL_SCISSOR_TEST))
        for box in scissors {
            glScissor(box.x, box.y, box.width, box.height)
            body()
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// The framebuffer currently bound for drawing.
    private var currentFramebuffer: GLuint {
        var name: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &name)
        return GLuint(name)
    }

    /// Draws a pass's commands into the bound framebuffer.
    private func runCommands(_ plan: PassPlan, list: RenderList, pass: Int) {
        guard !plan.commands.isEmpty else { return }
        let g = passGeometry[pass]
        let framebuffer = currentFramebuffer
        beginQuadDrawing(g)
        for i in plan.commands {
            let command = commands[i]
            switch command.kind {
            case .batch:
                quad.use(command.variant, features: command.features)
                bindSources(command.textures, variant: command.variant)
                setBlending(command.blending)
                forEachScissor(pass: pass) {
                    drawQuads(first: Int(command.first), count: Int(command.count))
                }
                stats.batches += 1
            case .blend:
                drawBlended(command, geometry: g, pass: pass)
            case .backdrop:
                do {
                    try drawBackdrop(command, list: list, geometry: g, framebuffer: framebuffer, pass: pass)
                } catch let error as GLError {
                    if lastError == nil { lastError = error }
                } catch {}
            }
        }
    }

    /// Draws instances `first ..< first + count` with the current program, counting the call
    /// and letting the driver's queue hold at most two stretches of drawing (`DriverQueue`).
    private func drawQuads(first: Int, count: Int) {
        quad.draw(first: first, count: count)
        stats.drawCalls += 1
        driverQueue.drew(instances: count)
    }

    /// Quad programs, per-pass uniforms, premultiplied source-over (or additive overdraw).
    private func beginQuadDrawing(_ g: PassGeometry) {
        quad.beginPass(
            viewportWidth: g.width, viewportHeight: g.height, rowsBottomUp: g.rowsBottomUp, source: g.source,
            scale: g.scale,
            overdraw: debug.showOverdraw)
        glEnable(GLenum(GL_BLEND))
        if debug.showOverdraw {
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        } else {
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
    }

    /// Fixed-function blending for a batch (overdraw mode keeps its additive blending).
    private func setBlending(_ blending: Blending) {
        if debug.showOverdraw { return }
        switch blending {
        case .replace:
            glDisable(GLenum(GL_BLEND))
        case .sourceOver:
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .screen:
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_COLOR))
        case .additive:
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        case .xor:
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
    }

    private func bindSources(_ source: BoundTextures, variant: QuadVariant = .general) {
        switch source {
        case .none:
            // The simple program always samples: give it nothing to sample.
            if variant == .simple || variant == .simplePerspective { bindTexture(blank.texture, unit: QuadUnit.tex0) }
        case .image(let t): bindTexture(t, unit: QuadUnit.tex0)
        case .images(let a, let b):
            bindTexture(a, unit: QuadUnit.tex0)
            bindTexture(b, unit: QuadUnit.tex1)
        case .pass(let p):
            let texture = passResults[Int(p)]?.texture ?? blank.texture
            bindTexture(texture, unit: QuadUnit.tex0)
            setSampling(linear: true, wrap: GL_CLAMP_TO_EDGE)
        case .array(let t):
            glActiveTexture(GLenum(GL_TEXTURE0 + QuadUnit.tex0))
            glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), t)
        }
    }

    /// The GL window-space origin (rows bottom-up) of a y-down box of the bound target.
    private func glOrigin(of box: PixelBox, _ g: PassGeometry) -> (x: Int32, y: Int32) {
        (box.x, g.rowsBottomUp ? Int32(g.height) - box.y - box.height : box.y)
    }

    /// Copies `box` of the bound framebuffer into a pooled target.
    private func copyBehind(_ box: PixelBox, _ g: PassGeometry) throws -> OffscreenTarget {
        let copy = try pool.acquire(width: Int(box.width), height: Int(box.height))
        let origin = glOrigin(of: box, g)
        bindTexture(copy.texture, unit: QuadUnit.backdrop)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, origin.x, origin.y, box.width, box.height)
        return copy
    }

    /// One item through its W3C blend mode: the destination under it is copied and read.
    private func drawBlended(_ command: BoundCommand, geometry g: PassGeometry, pass: Int) {
        guard !command.box.isEmpty, let copy = try? copyBehind(command.box, g) else { return }
        let origin = glOrigin(of: command.box, g)
        setSampling(linear: false, wrap: GL_CLAMP_TO_EDGE)
        guard let p = quad.program(.general) else { return pool.release(copy) }
        quad.use(.general)
        glUniform4f(
            p.uBackdropRect, Float(origin.x), Float(origin.y), Float(command.box.width), Float(command.box.height))
        glUniform1i(p.uBlendMode, command.mode)
        glDisable(GLenum(GL_BLEND))
        bindSources(command.textures)
        forEachScissor(pass: pass) {
            drawQuads(first: Int(command.first), count: 1)
        }
        glUniform1i(p.uBlendMode, 0)
        glEnable(GLenum(GL_BLEND))
        pool.release(copy)
        stats.batches += 1
    }

    /// Backdrop filters: copy what lies behind, filter it, draw it inside the item's rounded
    /// rect; the item itself draws next.
    private func drawBackdrop(
        _ command: BoundCommand, list: RenderList, geometry g: PassGeometry, framebuffer: GLuint, pass: Int
    ) throws {
        guard !command.box.isEmpty else { return }
        var current = try copyBehind(command.box, g)
        for filter in list.filterChains[Int(command.mode)] {
            if let next = try applyFilter(filter, to: current, scale: g.scale, wrap: GL_CLAMP_TO_EDGE) {
                pool.release(current)
                current = next
            }
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(g.width), GLsizei(g.height))
        beginQuadDrawing(g)
        let origin = glOrigin(of: command.box, g)
        guard let general = quad.program(.general) else { return pool.release(current) }
        quad.use(.general)
        glUniform4f(
            general.uBackdropRect, Float(origin.x), Float(origin.y), Float(command.box.width),
            Float(command.box.height))
        bindTexture(current.texture, unit: QuadUnit.tex0)
        setSampling(linear: false, wrap: GL_CLAMP_TO_EDGE)
        forEachScissor(pass: pass) {
            drawQuads(first: Int(command.first), count: 1)
        }
        pool.release(current)
        stats.batches += 1
    }

    /// Releases this frame's targets, keeps rasterized passes, ages the caches.
    func finishFrame(_ list: RenderList) {
        for (pass, content) in passContents.enumerated() {
            guard let content else { continue }
            let result = passResults[pass]
            if let result, result !== content, !resultIsKept[pass] { pool.release(result) }
            if let key = passKeys[pass] {
                if let entry = rasterCache[key], entry.target === content { continue }
                if let entry = rasterCache[key], entry.lastUsed == frame {
                    pool.release(content)  // two passes with one key this frame: keep the first
                    continue
                }
                if let old = rasterCache[key] { pool.release(old.target) }
                rasterCache[key] = CachedPass(target: content, lastUsed: frame)
                continue
            }
            pool.release(content)
        }
        // Rasterized passes of items outside the damage are still on screen: keep them.
        for case let key? in passKeys where rasterCache[key] != nil { rasterCache[key]?.lastUsed = frame }
        staleCacheKeys.removeAll(keepingCapacity: true)
        for (key, entry) in rasterCache where entry.lastUsed != frame { staleCacheKeys.append(key) }
        for key in staleCacheKeys {
            if let entry = rasterCache.removeValue(forKey: key) { pool.release(entry.target) }
        }
        // Kept glows of passes not drawn this frame (outside the damage) may serve the next
        // one: they go after a few frames unused.
        staleCacheKeys.removeAll(keepingCapacity: true)
        for (key, entry) in keptGlows where entry.lastUsed &+ 4 < frame { staleCacheKeys.append(key) }
        for key in staleCacheKeys {
            if let entry = keptGlows.removeValue(forKey: key) { pool.release(entry.target) }
        }
        // Kept results go as kept glows do; this frame's result keys are the next frame's last.
        swap(&resultKeysLastFrame, &resultKeysThisFrame)
        resultKeysThisFrame.removeAll(keepingCapacity: true)
        staleCacheKeys.removeAll(keepingCapacity: true)
        for (key, entry) in keptResults where entry.lastUsed &+ 4 < frame { staleCacheKeys.append(key) }
        for key in staleCacheKeys {
            if let entry = keptResults.removeValue(forKey: key) { pool.release(entry.target) }
        }
        reset(&passContents, count: 0)
        reset(&passResults, count: 0)
        driverQueue.endFrame()
        stats.queueWaits = driverQueue.waits
        textures.endFrame()
        pool.endFrame()
    }

    private func reset(_ array: inout [OffscreenTarget?], count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(nil, count: count))
    }
}
