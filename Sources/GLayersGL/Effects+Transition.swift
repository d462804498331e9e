/// Transitions (CATransition): the pass's result is the new appearance, another pass the old.
///
/// Directions (y down): `fromLeft` — the new content enters from the left edge (moveIn, push)
/// or the old content leaves to the right (reveal); `fromTop` — enters from the top edge.
/// Progress 0 shows the old content only, 1 the new only.
import COpenGL
import GLayersRenderList

/// transition.frag.glsl.
struct TransitionProgram {
    let program: ShaderProgram
    let uKind, uProgress, uNewOffset, uOldOffset: GLint

    init() throws {
        program = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.transition_frag)
        uKind = program.location("u_kind")
        uProgress = program.location("u_progress")
        uNewOffset = program.location("u_newOffset")
        uOldOffset = program.location("u_oldOffset")
        program.bindSampler("u_new", unit: EffectUnit.source)
        program.bindSampler("u_old", unit: EffectUnit.second)
    }
}

extension EffectPipeline {
    /// The transition `spec` from `old` (nil: nothing) to `new` at `spec.progress`.
    func transition(new: OffscreenTarget, old: OffscreenTarget?, spec: TransitionSpec, blank: OffscreenTarget) throws
        -> OffscreenTarget
    {
        let progress = spec.progress.isFinite ? min(max(spec.progress, 0), 1) : 1
        // Unit vector pointing from where the new content starts towards where it ends.
        let along: SIMD2<Float>
        switch spec.direction {
        case .fromLeft: along = SIMD2(1, 0)
        case .fromRight: along = SIMD2(-1, 0)
        case .fromTop: along = SIMD2(0, 1)
        case .fromBottom: along = SIMD2(0, -1)
        }
        var newOffset = SIMD2<Float>.zero, oldOffset = SIMD2<Float>.zero
        let kind: GLint
        switch spec.kind {
        case .fade: kind = 0
        case .moveIn:
            kind = 1
            newOffset = -along * (1 - progress)
        case .push:
            kind = 2
            newOffset = -along * (1 - progress)
            oldOffset = along * progress
        case .reveal:
            kind = 3
            oldOffset = along * progress
        }
        let out = try pool.acquire(width: new.width, height: new.height)
        bindInput(new, unit: EffectUnit.source, wrap: GL_CLAMP_TO_BORDER)
        bindInput(old ?? blank, unit: EffectUnit.second, wrap: GL_CLAMP_TO_BORDER)
        let p = try transitionProgram.get()
        glUseProgram(p.program.name)
        glUniform1i(p.uKind, kind)
        glUniform1f(p.uProgress, progress)
        glUniform2f(p.uNewOffset, newOffset.x, newOffset.y)
        glUniform2f(p.uOldOffset, oldOffset.x, oldOffset.y)
        drawFullscreen(p.program, into: out)
        return out
    }
}
