/// Bloom (a CIBloom-like glow): the content plus its blurred bright parts × intensity.
import COpenGL
import GLayersRenderList

/// bloom.frag.glsl: the bright pass and, with COMBINE, the combination.
struct BloomProgram {
    let bright, combine: ShaderProgram
    let uThreshold, uIntensity: GLint
    /// Straight luminance where the glow starts (full at 1).
    static let threshold: Float = 0.5

    init() throws {
        bright = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.bloom_frag)
        combine = try ShaderProgram(
            vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.bloom_frag, defines: ["COMBINE"])
        uThreshold = bright.location("u_threshold")
        uIntensity = combine.location("u_intensity")
        bright.bindSampler("u_source", unit: EffectUnit.source)
        combine.bindSampler("u_source", unit: EffectUnit.source)
        combine.bindSampler("u_glow", unit: EffectUnit.second)
    }
}

extension EffectPipeline {
    /// `source` with a glow: bright parts (straight luminance above 0.5, fading in) blurred
    /// with `sigma` pixels, times `intensity`, added on top.
    func bloom(_ source: OffscreenTarget, sigma: Float, intensity: Float, wrap: Int32) throws -> OffscreenTarget {
        let glow = try bloomGlow(source, sigma: sigma, wrap: wrap)
        defer { pool.release(glow) }
        return try bloomCombine(source, glow: glow, intensity: intensity, wrap: wrap)
    }

    /// The glow of a bloom: `source`'s bright parts blurred with `sigma` pixels (a new target;
    /// it depends on the source and sigma alone, not on the intensity).
    func bloomGlow(_ source: OffscreenTarget, sigma: Float, wrap: Int32) throws -> OffscreenTarget {
        let p = try bloomProgram.get()
        let bright = try pool.acquire(width: source.width, height: source.height)
        bindInput(source, unit: EffectUnit.source, wrap: wrap)
        glUseProgram(p.bright.name)
        glUniform1f(p.uThreshold, BloomProgram.threshold)
        drawFullscreen(p.bright, into: bright)
        let glow = try blur(bright, sigma: sigma, wrap: wrap)
        pool.release(bright)
        return glow
    }

    /// `source` plus `glow` × `intensity` (a new target).
    func bloomCombine(_ source: OffscreenTarget, glow: OffscreenTarget, intensity: Float, wrap: Int32) throws
        -> OffscreenTarget
    {
        let p = try bloomProgram.get()
        let out = try pool.acquire(width: source.width, height: source.height)
        bindInput(source, unit: EffectUnit.source, wrap: wrap)
        bindInput(glow, unit: EffectUnit.second, wrap: wrap)
        glUseProgram(p.combine.name)
        glUniform1f(p.uIntensity, intensity.isFinite ? max(0, intensity) : 0)
        drawFullscreen(p.combine, into: out)
        return out
    }
}
