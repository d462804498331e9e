/// Clip nodes as the fragment shader reads them: a texture buffer of four RGBA32F texels per
/// `ClipNode`, filled once per frame.
///
/// Record of clip i (texels 4i … 4i+3), see quad.frag.glsl:
///   (g0, rect.x) (g1, rect.y) (g2, rect.width) (rect.height, radius, shape bits, parent)
/// where g0 g1 g2 are the columns of the inverse of the clip's homography (clip plane → item
/// space), so a fragment's item-space point maps back into the clip's plane; the shape bits
/// are those of `QuadInstance.shape` (rounded corners, continuous corners, hard edges). A
/// clip whose plane is seen edge-on (no inverse) or whose numbers are not finite gets
/// radius −1: it hides everything inside it. The planner's clips (`FramePlanner.plannedClips`:
/// a fused matte's mask and the rect it is shown in) follow the list's.
import COpenGL
import GLayersPlan
import GLayersRenderList

/// The frame's clip nodes in a texture buffer.
final class ClipBuffer {
    private let buffer: GLuint
    /// The GL_TEXTURE_BUFFER texture the shader samples.
    let texture: GLuint
    private var staging: [SIMD4<Float>] = []
    private var capacityBytes = 0

    init() {
        var b: GLuint = 0, t: GLuint = 0
        glGenBuffers(1, &b)
        glGenTextures(1, &t)
        buffer = b
        texture = t
    }

    deinit {
        var b = buffer, t = texture
        glDeleteBuffers(1, &b)
        glDeleteTextures(1, &t)
    }

    /// Converts and uploads `clips`, then `planned`; parents out of range or not earlier in the
    /// chain order are dropped so the shader's walk always ends.
    func upload(_ clips: [ClipNode], planned: [ClipNode] = []) {
        staging.removeAll(keepingCapacity: true)
        let count = clips.count + planned.count
        for index in 0..<count {
            let clip = index < clips.count ? clips[index] : planned[index - clips.count]
            let h = Homography(clip.transform)
            let inverse = h.isFinite && clip.rect.isFinite ? h.inverse() : nil
            let g = inverse ?? Homography(c0: .zero, c1: .zero, c2: SIMD3(0, 0, 1))
            let radius: Float =
                inverse == nil || clip.rect.isEmpty ? -1 : max(0, clip.cornerRadius.isFinite ? clip.cornerRadius : 0)
            let parent = clip.parent >= 0 && Int(clip.parent) < count && Int(clip.parent) != index ? clip.parent : -1
            staging.append(SIMD4(g.c0, clip.rect.x))
            staging.append(SIMD4(g.c1, clip.rect.y))
            staging.append(SIMD4(g.c2, clip.rect.width))
            let shape = ShapeBits.pack(
                corners: clip.roundedCorners, curve: clip.cornerCurve,
                aliased: RectEdges.all.subtracting(clip.antialiasedEdges))
            staging.append(SIMD4(clip.rect.height, radius, Float(shape), Float(parent)))
        }
        if staging.isEmpty { staging.append(contentsOf: repeatElement(SIMD4<Float>.zero, count: 4)) }
        let bytes = staging.count * MemoryLayout<SIMD4<Float>>.stride
        glBindBuffer(GLenum(GL_TEXTURE_BUFFER), buffer)
        if bytes > capacityBytes { capacityBytes = max(bytes, capacityBytes * 2) }
        glBufferData(GLenum(GL_TEXTURE_BUFFER), GLsizeiptr(capacityBytes), nil, GLenum(GL_STREAM_DRAW))
        staging.withUnsafeBytes { glBufferSubData(GLenum(GL_TEXTURE_BUFFER), 0, GLsizeiptr(bytes), $0.baseAddress) }
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), texture)
        glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32F), buffer)
        glBindBuffer(GLenum(GL_TEXTURE_BUFFER), 0)
    }
}
