/// Image-space effects on offscreen targets: each effect draws one full-screen triangle from
/// one or two textures into a target taken from the pass pool.
///
/// Ownership: every effect returns a new target the caller owns; it never releases its
/// inputs. Inputs are sampled with the wrap mode the caller asks for: a transparent border
/// for pass contents (nothing lies outside a pass), extended edges for backdrops.
import COpenGL
import GLayersPlan
import GLayersRenderList

/// Texture units of the effect programs.
enum EffectUnit {
    static let source: Int32 = 0
    static let second: Int32 = 1
}

/// The effect programs, the empty vertex array they draw with, and the pool they draw into.
final class EffectPipeline {
    let pool: PassPool
    private let vertexArray: GLuint
    // Each program is compiled the first time an effect needs it: a scene with no blur never
    // pays for blur's program. A linked program costs its GLSL front end and keeps its IR for
    // the life of the context (with the seven made lazily, a one-rectangle shot's peak RSS
    // fell by 2.7 MB: docs/performance.md, "Start and footprint").
    var copyProgram = LazyProgram(CopyProgram.init)
    var blurProgram = LazyProgram(BlurProgram.init)
    var bloomProgram = LazyProgram(BloomProgram.init)
    var colorMatrixProgram = LazyProgram(ColorMatrixProgram.init)
    var shadowProgram = LazyProgram(ShadowProgram.init)
    var maskProgram = LazyProgram(MaskProgram.init)
    var transitionProgram = LazyProgram(TransitionProgram.init)
    /// Made the first time a partial redraw or the damage tint needs it.
    private var fillProgram = LazyProgram(FillProgram.init)
    /// Effect draws since the last `resetCounters()`.
    var draws = 0
    /// Blur tap offsets and weights (reused; 64 entries, as in blur.frag.glsl).
    var tapOffsets = [Float](repeating: 0, count: 64)
    var tapWeights = [Float](repeating: 0, count: 64)
    /// The 4×4 part of a colour matrix (reused).
    var matrixScratch = [Float](repeating: 0, count: 16)

    init(pool: PassPool) {
        self.pool = pool
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
    }

    deinit {
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
    }

    /// Binds `target`, draws the full-screen triangle with `program` (blending off).
    func drawFullscreen(_ program: ShaderProgram, into target: OffscreenTarget) {
        target.bind()
        glUseProgram(program.name)
        glBindVertexArray(vertexArray)
        glDisable(GLenum(GL_BLEND))
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        draws += 1
    }

    /// Fills the bound framebuffer with `color` (premultiplied) inside each of `boxes` (GL
    /// scissor boxes), with the blending set by the caller; leaves the scissor test off.
    func fill(_ color: Color, in boxes: [PixelBox]) throws {
        guard !boxes.isEmpty else { return }
        let p = try fillProgram.get()
        glUseProgram(p.program.name)
        glUniform4f(p.uColor, color.r, color.g, color.b, color.a)
        glBindVertexArray(vertexArray)
        glDisable(GLenum(GL_CLIP_DISTANCE0))
        glEnable(GLenum(GL_SCISSOR_TEST))
        for box in boxes {
            glScissor(box.x, box.y, box.width, box.height)
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            draws += 1
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_CLIP_DISTANCE0))
    }

    /// Binds `target`'s texture to `unit` with linear filtering and `wrap`.
    func bindInput(_ target: OffscreenTarget, unit: Int32, wrap: Int32) {
        bindTexture(target.texture, unit: unit)
        setSampling(linear: true, wrap: wrap)
    }

    /// A copy of `source` (region `region` in unit coordinates) rescaled to `width` × `height`.
    func copy(_ source: OffscreenTarget, width: Int, height: Int, region: Rect = .unit, wrap: Int32) throws
        -> OffscreenTarget
    {
        let out = try pool.acquire(width: width, height: height)
        bindInput(source, unit: EffectUnit.source, wrap: wrap)
        let p = try copyProgram.get()
        glUseProgram(p.program.name)
        glUniform4f(p.uRegion, region.x, region.y, region.width, region.height)
        drawFullscreen(p.program, into: out)
        return out
    }
}

/// A program made on first use and kept: `get()` compiles it the first time (and again after
/// a failure, which it throws).
struct LazyProgram<Program> {
    private var program: Program?
    private let make: () throws -> Program

    init(_ make: @escaping () throws -> Program) { self.make = make }

    mutating func get() throws -> Program {
        if let program { return program }
        let made = try make()
        program = made
        return made
    }
}

/// copy.frag.glsl.
struct CopyProgram {
    let program: ShaderProgram
    let uRegion: GLint
    init() throws {
        program = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.copy_frag)
        uRegion = program.location("u_region")
        program.bindSampler("u_source", unit: EffectUnit.source)
    }
}

/// fill.frag.glsl.
struct FillProgram {
    let program: ShaderProgram
    let uColor: GLint
    init() throws {
        program = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.fill_frag)
        uColor = program.location("u_color")
    }
}
