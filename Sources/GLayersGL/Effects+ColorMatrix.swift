/// Colour matrix: a 4×5 matrix on straight colour (CIColorMatrix).
import COpenGL
import GLayersRenderList

/// colormatrix.frag.glsl.
struct ColorMatrixProgram {
    let program: ShaderProgram
    let uMatrix, uBias: GLint

    init() throws {
        program = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.colormatrix_frag)
        uMatrix = program.location("u_matrix")
        uBias = program.location("u_bias")
        program.bindSampler("u_source", unit: EffectUnit.source)
    }
}

extension EffectPipeline {
    /// `source` through the row-major 4×5 `matrix` (20 numbers; last column the offset, in
    /// 0…1 units); nil when `matrix` does not hold 20 finite numbers.
    func colorMatrix(_ source: OffscreenTarget, matrix: [Float], wrap: Int32) throws -> OffscreenTarget? {
        guard matrix.count == 20, matrix.allSatisfy(\.isFinite) else { return nil }
        let p = try colorMatrixProgram.get()
        let out = try pool.acquire(width: source.width, height: source.height)
        bindInput(source, unit: EffectUnit.source, wrap: wrap)
        glUseProgram(p.program.name)
        // GL reads a mat4 column by column; the 4×4 part is row-major, so transpose.
        for row in 0..<4 {
            for column in 0..<4 { matrixScratch[row * 4 + column] = matrix[row * 5 + column] }
        }
        matrixScratch.withUnsafeBufferPointer { glUniformMatrix4fv(p.uMatrix, 1, GLboolean(GL_TRUE), $0.baseAddress) }
        glUniform4f(p.uBias, matrix[4], matrix[9], matrix[14], matrix[19])
        drawFullscreen(p.program, into: out)
        return out
    }
}
