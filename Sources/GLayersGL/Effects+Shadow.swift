/// Pass shadows: the pass's alpha blurred, offset and tinted, under the pass's own content (or
/// alone, for `ShadowSpec.shadowOnly`).
import COpenGL
import GLayersRenderList

/// shadow.frag.glsl.
struct ShadowProgram {
    let program: ShaderProgram
    let uOffset, uColor, uContent: GLint

    init() throws {
        program = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.shadow_frag)
        uOffset = program.location("u_offset")
        uColor = program.location("u_color")
        uContent = program.location("u_content")
        program.bindSampler("u_source", unit: EffectUnit.source)
        program.bindSampler("u_blurred", unit: EffectUnit.second)
    }
}

extension EffectPipeline {
    /// `source` over its shadow, or the shadow alone when `spec.shadowOnly`: `spec`'s sigma
    /// and offset are in points, `scale` pixels per point. What the shadow needs from outside
    /// the target is transparent.
    func shadow(_ source: OffscreenTarget, spec: ShadowSpec, scale: Float) throws -> OffscreenTarget {
        let wrap = GL_CLAMP_TO_BORDER
        let sigma = spec.sigma.isFinite ? max(0, spec.sigma) * scale : 0
        let blurred = try blur(source, sigma: sigma, wrap: wrap)
        let out = try pool.acquire(width: source.width, height: source.height)
        bindInput(source, unit: EffectUnit.source, wrap: wrap)
        bindInput(blurred, unit: EffectUnit.second, wrap: wrap)
        let p = try shadowProgram.get()
        glUseProgram(p.program.name)
        let dx = spec.offsetX.isFinite ? spec.offsetX * scale / Float(source.width) : 0
        let dy = spec.offsetY.isFinite ? spec.offsetY * scale / Float(source.height) : 0
        glUniform2f(p.uOffset, dx, dy)
        glUniform4f(p.uColor, spec.color.r, spec.color.g, spec.color.b, spec.color.a)
        glUniform1f(p.uContent, spec.shadowOnly ? 0 : 1)
        drawFullscreen(p.program, into: out)
        pool.release(blurred)
        return out
    }
}
