/// The quad programs and the buffers of their instances (`InstanceRing`): what every draw
/// item goes through. A batch points the attributes at its first instance in the frame's
/// buffer and draws `count` instances of a 4-vertex strip. The programs read the same
/// instances: `general` (quad.frag.glsl: rounded rects, borders, clips, nine-slice, blend
/// modes), `shape` (quad.frag.glsl without content, clips or blend modes: rounded rects with
/// background and border), `simple` (quad_simple.frag.glsl: plain rects with anti-aliased
/// edges), the latter also as `simpleArray`, which samples a layer of a texture array (tile
/// images: `TextureArrays`; the layer is the instance's `i_flags.w`) and as `simpleMasked`,
/// which multiplies by a second image's alpha inside a rect (fused mattes), and
/// `simpleTrimmed`, which shows a stroke's raster trimmed (trim.glsl), and `sprite`
/// (quad_sprite.frag.glsl: plain rects whose image fades out at its edges, one texture fetch
/// a pixel), also as `spriteTrimmed`.
///
/// - The small programs (`eagerVariants`) are compiled when the pipeline is made, on the
///   thread that prepares OpenGL while a scene loads; the others the first time a frame's plan
///   needs them. The general program is the largest by far (its llvmpipe code alone holds
///   about 6 MB), and many scenes never need it.
/// - The general program is made once per set of `QuadFeatures` a batch needs, each leaving out
///   the parts its batches do not use (quad.frag.glsl's `NO_*` defines).
import COpenGL
import GLayersPlan
import GLayersRenderList

/// Texture units of the quad programs.
enum QuadUnit {
    static let tex0: Int32 = 0
    static let tex1: Int32 = 1
    static let clips: Int32 = 2
    static let backdrop: Int32 = 3
}

/// A quad program and the locations of its uniforms (-1 where the variant has none).
struct QuadProgram {
    let program: ShaderProgram
    let uViewport, uYSign, uDilate, uPixelToItem, uFlipY, uBlendMode, uBackdropRect, uOverdraw: GLint

    init(_ variant: QuadVariant, features: QuadFeatures = .all) throws {
        switch variant {
        case .general:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_frag,
                defines: QuadFeatures.names.filter { !features.contains($0.0) }.map { "NO_" + $0.1.uppercased() },
                library: features.contains(.trim) ? [EmbeddedShaders.trim] : [])
        case .simple:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_simple_frag, defines: ["SIMPLE"])
        case .simplePerspective:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_simple_frag,
                defines: ["SIMPLE", "PERSPECTIVE"])
        case .simpleArray:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_simple_frag,
                defines: ["SIMPLE", "ARRAY"])
        case .simpleMasked:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_simple_frag,
                defines: ["SIMPLE", "MASK"])
        case .simpleTrimmed:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_simple_frag,
                defines: ["SIMPLE", "TRIM"], library: [EmbeddedShaders.trim])
        case .sprite:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_sprite_frag, defines: ["SPRITE"])
        case .spriteTrimmed:
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_sprite_frag,
                defines: ["SPRITE", "TRIM"], library: [EmbeddedShaders.trim])
        case .shape:
            // Of the features, only corners and the border are in the shape program.
            program = try ShaderProgram(
                vertex: EmbeddedShaders.quad_vert, fragment: EmbeddedShaders.quad_frag,
                defines: ["SHAPE"]
                    + QuadFeatures.names.filter { QuadFeatures.shapeParts.contains($0.0) && !features.contains($0.0) }
                    .map { "NO_" + $0.1.uppercased() })
        }
        uViewport = program.location("u_viewport")
        uYSign = program.location("u_ySign")
        uDilate = program.location("u_dilate")
        uPixelToItem = program.location("u_pixelToItem")
        uFlipY = program.location("u_flipY")
        uBlendMode = program.location("u_blendMode")
        uBackdropRect = program.location("u_backdropRect")
        uOverdraw = program.location("u_overdraw")
        program.bindSampler("u_tex0", unit: QuadUnit.tex0)
        program.bindSampler("u_tex1", unit: QuadUnit.tex1)
        program.bindSampler("u_clips", unit: QuadUnit.clips)
        program.bindSampler("u_backdrop", unit: QuadUnit.backdrop)
        // Half a pixel: farther out, a pixel centre has zero coverage (quad.frag.glsl).
        glUniform1f(uDilate, 0.5)
    }
}

/// The quad programs, their vertex array and instance buffer.
final class QuadPipeline {
    /// The programs compiled when the pipeline is made.
    static let eagerVariants: [QuadVariant] = [.simple, .sprite, .shape]
    /// The programs made so far, by `slot(_:_:)` (looked up for every command resolved).
    @exclusivity(unchecked) private var programs = [QuadProgram?](repeating: nil, count: slotCount)
    /// Programs that failed to compile (asked once), by slot.
    @exclusivity(unchecked) private var failed = [Bool](repeating: false, count: slotCount)
    private let vertexArray: GLuint
    /// The buffers the instances are drawn from (replaced by tests comparing both ways).
    var instances: InstanceRing
    /// The slot of the program in use.
    @exclusivity(unchecked) private var current: Int?
    /// The pass being drawn (`beginPass`) and its uniforms, which each program gets the first
    /// time the pass uses it: a pass sets the programs it draws with, not all those made (the
    /// general program alone can be made for hundreds of sets of features).
    @exclusivity(unchecked) private var passNumber: UInt64 = 0
    @exclusivity(unchecked) private var passUniforms = PassUniforms()
    /// For each slot, the last pass whose uniforms its program has.
    @exclusivity(unchecked) private var uniformsOfPass = [UInt64](repeating: 0, count: slotCount)

    /// What `use` sets on each program the pass draws with (`beginPass` takes them).
    private struct PassUniforms {
        var viewport = SIMD2<Float>(1, 1)
        var rowsBottomUp = false
        var pixelToItem = SIMD4<Float>(1, 0, 0, 1)
        var overdraw = false

        func set(on p: QuadProgram) {
            glUniform2f(p.uViewport, viewport.x, viewport.y)
            glUniform1f(p.uYSign, rowsBottomUp ? -1 : 1)
            glUniform1f(p.uFlipY, rowsBottomUp ? 1 : 0)
            glUniform4f(p.uPixelToItem, pixelToItem.x, pixelToItem.y, pixelToItem.z, pixelToItem.w)
            glUniform1i(p.uOverdraw, overdraw ? 1 : 0)
            glUniform1i(p.uBlendMode, 0)
        }
    }

    /// A slot for each variant but the general and shape programs, then one for each feature
    /// set of the general program, then the shape program's eight (with and without continuous
    /// corners, blended ones and a border).
    private static let slotCount = QuadVariant.allCases.count + QuadFeatures.count + 8

    /// Where `variant`'s program (with `features`, for the general and shape programs) is kept.
    @inline(__always)
    private static func slot(_ variant: QuadVariant, _ features: QuadFeatures) -> Int {
        switch variant {
        case .general: return QuadVariant.allCases.count + Int(features.rawValue)
        case .shape:
            return QuadVariant.allCases.count + QuadFeatures.count + (features.contains(.continuous) ? 1 : 0)
                + (features.contains(.blended) ? 2 : 0) + (features.contains(.border) ? 4 : 0)
        default: return Int(variant.rawValue)
        }
    }

    /// Compiles the `eagerVariants` (throwing when one fails) and makes the buffers.
    init() throws {
        for variant in Self.eagerVariants { programs[Self.slot(variant, [])] = try QuadProgram(variant, features: []) }
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
        instances = InstanceRing()
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances.buffer)
        for location in 0..<GLuint(QuadInstance.vectorCount) {
            glEnableVertexAttribArray(location)
            glVertexAttribDivisor(location, 1)
        }
        pointAttributes(firstInstance: 0)
        glBindVertexArray(0)
    }

    deinit {
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
    }

    /// Makes the vertex array and instance buffer current and takes the per-pass uniforms
    /// (target size, row order, pixel → item-space mapping), which `use` sets on each program
    /// the first time the pass uses it; leaves no program in use.
    func beginPass(
        viewportWidth: Int, viewportHeight: Int, rowsBottomUp: Bool, source: Rect, scale: Float, overdraw: Bool
    ) {
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances.buffer)
        passNumber += 1
        passUniforms = PassUniforms(
            viewport: SIMD2(Float(viewportWidth), Float(viewportHeight)), rowsBottomUp: rowsBottomUp,
            pixelToItem: SIMD4(1 / scale, source.x, source.y, Float(viewportHeight)), overdraw: overdraw)
        glUseProgram(0)
        current = nil
    }

    /// Makes `variant`'s program if it is not made yet (once, while a frame's plan is resolved:
    /// `use` sets its per-pass uniforms); false when it cannot be compiled (reported once), and
    /// the items it would draw take another program or are skipped.
    func prepare(_ variant: QuadVariant, features: QuadFeatures = .all) -> Bool {
        let i = Self.slot(variant, features)
        if programs[i] != nil { return true }
        guard !failed[i] else { return false }
        do {
            programs[i] = try QuadProgram(variant, features: features)
            return true
        } catch {
            failed[i] = true
            Diagnostics.warnOnce("quad-\(variant)", "the \(variant) quad program failed to compile: \(error)")
            return false
        }
    }

    /// `variant`'s program (with `features`, for the general and shape programs), if made
    /// (`prepare`).
    func program(_ variant: QuadVariant, features: QuadFeatures = .all) -> QuadProgram? {
        programs[Self.slot(variant, features)]
    }

    /// Switches to `variant`'s program (with `features`, for the general and shape programs;
    /// cheap when it is current).
    func use(_ variant: QuadVariant, features: QuadFeatures = .all) {
        let i = Self.slot(variant, features)
        guard current != i else { return }
        glUseProgram(programs[i]?.program.name ?? 0)
        current = i
        if let p = programs[i], uniformsOfPass[i] != passNumber {
            passUniforms.set(on: p)
            uniformsOfPass[i] = passNumber
        }
    }

    /// Draws instances `first ..< first + count` with the current program.
    func draw(first: Int, count: Int) {
        pointAttributes(firstInstance: first)
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
    }

    private func pointAttributes(firstInstance: Int) {
        let stride = GLsizei(QuadInstance.stride)
        let base = firstInstance * QuadInstance.stride
        for location in 0..<QuadInstance.vectorCount - 1 {
            glVertexAttribPointer(
                GLuint(location), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                UnsafeRawPointer(bitPattern: base + location * 16))
        }
        let last = QuadInstance.vectorCount - 1
        glVertexAttribIPointer(GLuint(last), 4, GLenum(GL_INT), stride, UnsafeRawPointer(bitPattern: base + last * 16))
    }
}
