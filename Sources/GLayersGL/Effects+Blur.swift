/// Gaussian blur: separable, two passes of linear-filtered tap pairs; sigmas above 8 pixels
/// blur a half-size (or smaller) copy and scale the result back up.
import COpenGL
import Foundation
import GLayersRenderList

/// blur.frag.glsl.
struct BlurProgram {
    let program: ShaderProgram
    let uStep, uTaps, uOffsets, uWeights: GLint
    /// Tap slots in the shader's arrays.
    static let maximumTaps = 64
    /// The largest sigma blurred at full size, in pixels.
    static let maximumDirectSigma: Float = 8

    init() throws {
        program = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: EmbeddedShaders.blur_frag)
        uStep = program.location("u_step")
        uTaps = program.location("u_taps")
        uOffsets = program.location("u_offsets")
        uWeights = program.location("u_weights")
        program.bindSampler("u_source", unit: EffectUnit.source)
    }
}

extension EffectPipeline {
    /// The smallest sigma blurred, in pixels: a third of a pixel.
    static let smallestBlurSigma: Float = 0.33

    /// `source` blurred with standard deviation `sigma` pixels, same size; a copy when sigma
    /// is below `smallestBlurSigma`.
    func blur(_ source: OffscreenTarget, sigma: Float, wrap: Int32) throws -> OffscreenTarget {
        guard sigma.isFinite, sigma >= Self.smallestBlurSigma else {
            return try copy(source, width: source.width, height: source.height, wrap: wrap)
        }
        var current = source
        var sigmaHere = sigma
        // Halve until the kernel is small; a 2:1 linear copy averages 2×2 pixels.
        while sigmaHere > BlurProgram.maximumDirectSigma && min(current.width, current.height) > 4 {
            let half = try copy(current, width: (current.width + 1) / 2, height: (current.height + 1) / 2, wrap: wrap)
            if current !== source { pool.release(current) }
            sigmaHere *= Float(half.width) / Float(current.width)
            current = half
        }
        let horizontal = try pool.acquire(width: current.width, height: current.height)
        try blurPass(
            from: current, into: horizontal, sigma: sigmaHere, step: SIMD2(1 / Float(current.width), 0), wrap: wrap)
        let vertical = current === source ? try pool.acquire(width: current.width, height: current.height) : current
        try blurPass(
            from: horizontal, into: vertical, sigma: sigmaHere, step: SIMD2(0, 1 / Float(current.height)), wrap: wrap)
        pool.release(horizontal)
        guard vertical.width != source.width || vertical.height != source.height else { return vertical }
        let full = try copy(vertical, width: source.width, height: source.height, wrap: wrap)
        pool.release(vertical)
        return full
    }

    private func blurPass(
        from input: OffscreenTarget, into output: OffscreenTarget, sigma: Float, step: SIMD2<Float>, wrap: Int32
    ) throws {
        let taps = fillKernel(sigma: sigma)
        bindInput(input, unit: EffectUnit.source, wrap: wrap)
        let p = try blurProgram.get()
        glUseProgram(p.program.name)
        glUniform2f(p.uStep, step.x, step.y)
        glUniform1i(p.uTaps, GLint(taps))
        tapOffsets.withUnsafeBufferPointer { glUniform1fv(p.uOffsets, GLsizei(taps), $0.baseAddress) }
        tapWeights.withUnsafeBufferPointer { glUniform1fv(p.uWeights, GLsizei(taps), $0.baseAddress) }
        drawFullscreen(p.program, into: output)
    }

    /// Fills `tapOffsets`/`tapWeights` for a Gaussian of `sigma` pixels cut at 3 sigma: the
    /// centre tap, then neighbouring texel pairs merged into one linear fetch at their
    /// weighted centre. Returns the number of taps.
    func fillKernel(sigma: Float) -> Int {
        let radius = min(Int((3 * sigma).rounded(.up)), 2 * (BlurProgram.maximumTaps - 1))
        func weight(_ i: Int) -> Float { i > radius ? 0 : exp(-Float(i * i) / (2 * sigma * sigma)) }
        var total = weight(0)
        for i in 1...max(radius, 1) { total += 2 * weight(i) }
        tapOffsets[0] = 0
        tapWeights[0] = weight(0) / total
        var taps = 1
        var i = 1
        while i <= radius {
            let a = weight(i), b = weight(i + 1)
            tapWeights[taps] = (a + b) / total
            tapOffsets[taps] = (Float(i) * a + Float(i + 1) * b) / (a + b)
            taps += 1
            i += 2
        }
        return taps
    }
}
