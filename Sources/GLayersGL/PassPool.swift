/// The pool of offscreen render targets (an RGBA8 texture with its framebuffer): passes and
/// effects take one of the size they need and give it back; targets of the same size are
/// reused across frames and freed after a while unused.
import COpenGL

/// An RGBA8 texture attached to a framebuffer object.
final class OffscreenTarget {
    let texture: GLuint
    let framebuffer: GLuint
    let width: Int
    let height: Int
    /// The last frame it was handed out.
    var lastUsed: UInt64 = 0

    /// Makes the texture and framebuffer; the framebuffer binding is left as it was.
    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous)) }
        texture = makeTexture(width: width, height: height)
        var fbo: GLuint = 0
        glGenFramebuffers(1, &fbo)
        framebuffer = fbo
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            var t = texture
            glDeleteTextures(1, &t)
            glDeleteFramebuffers(1, &fbo)
            throw GLError(
                .resource, "framebuffer \(width)×\(height) incomplete (status 0x\(String(status, radix: 16)))")
        }
    }

    deinit {
        var t = texture, f = framebuffer
        glDeleteFramebuffers(1, &f)
        glDeleteTextures(1, &t)
    }

    /// Binds the framebuffer and sets the viewport to the whole target.
    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }
}

/// Offscreen targets waiting to be reused.
final class PassPool {
    private var free: [OffscreenTarget] = []
    /// Frames a free target is kept.
    var maximumIdleFrames: UInt64 = 60
    /// Bytes of free targets kept; beyond them the least recently used go at frame end. Passes
    /// sized by moving content take a new size every frame, and each size's target was kept
    /// for 60 frames (a 1644 × 1192 Lottie file with 13 to 17 such passes a frame grew by
    /// about 2 MB of memory a frame).
    var maximumFreeBytes = 128 << 20
    private var frame: UInt64 = 0
    /// Targets made since the pool was created (a steady frame makes none).
    private(set) var created = 0

    /// Starts a frame.
    func beginFrame(_ frame: UInt64) { self.frame = frame }

    /// A target of exactly `width` × `height` pixels (contents undefined).
    func acquire(width: Int, height: Int) throws -> OffscreenTarget {
        if let i = free.lastIndex(where: { $0.width == width && $0.height == height }) {
            let target = free.remove(at: i)
            target.lastUsed = frame
            return target
        }
        let target = try OffscreenTarget(width: width, height: height)
        target.lastUsed = frame
        created += 1
        return target
    }

    /// Gives `target` back for reuse.
    func release(_ target: OffscreenTarget) { free.append(target) }

    /// Frees targets unused for `maximumIdleFrames`, then the least recently used beyond
    /// `maximumFreeBytes`.
    func endFrame() {
        free.removeAll { frame - $0.lastUsed > maximumIdleFrames }
        var bytes = 0
        for target in free { bytes += target.width * target.height * 4 }
        guard bytes > maximumFreeBytes else { return }
        free.sort { $0.lastUsed > $1.lastUsed }
        while bytes > maximumFreeBytes, let oldest = free.popLast() { bytes -= oldest.width * oldest.height * 4 }
    }

    /// Frees every pooled target.
    func purge() { free.removeAll() }
}
