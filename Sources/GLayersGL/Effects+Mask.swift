/// Masks: a pass's result multiplied by the alpha of another pass with the same source rect.
import COpenGL
import GLayersRenderList

/// mask.frag.glsl.
struct MaskProgram {
    let program: ShaderProgram

    init() throws {
        program = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.mask_frag)
        program.bindSampler("u_source", unit: EffectUnit.source)
        program.bindSampler("u_mask", unit: EffectUnit.second)
    }
}

extension EffectPipeline {
    /// `source` × the alpha of `mask` (sampled in the same unit coordinates; nothing outside).
    func mask(_ source: OffscreenTarget, by mask: OffscreenTarget) throws -> OffscreenTarget {
        let out = try pool.acquire(width: source.width, height: source.height)
        bindInput(source, unit: EffectUnit.source, wrap: GL_CLAMP_TO_BORDER)
        bindInput(mask, unit: EffectUnit.second, wrap: GL_CLAMP_TO_BORDER)
        drawFullscreen(try maskProgram.get().program, into: out)
        return out
    }
}
