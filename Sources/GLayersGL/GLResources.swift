/// Small GL object helpers shared by the renderer's parts: textures and framebuffers.
import COpenGL

/// Makes a 2D RGBA8 texture of `width` × `height` (contents undefined), linear filtering,
/// edges clamped; leaves it bound to GL_TEXTURE_2D on the active unit.
func makeTexture(width: Int, height: Int) -> GLuint {
    var texture: GLuint = 0
    glGenTextures(1, &texture)
    glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    glTexImage2D(
        GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
        GLenum(GL_UNSIGNED_BYTE), nil)
    setSampling(linear: true, wrap: GL_CLAMP_TO_EDGE)
    return texture
}

/// Sets filtering and wrapping of the texture bound to GL_TEXTURE_2D.
///
/// - `GL_CLAMP_TO_BORDER` uses a transparent border: what lies outside an offscreen pass is
///   nothing; `GL_CLAMP_TO_EDGE` extends the edge pixels (images, backdrops).
func setSampling(linear: Bool, wrap: Int32) {
    let filter = linear ? GL_LINEAR : GL_NEAREST
    let target = GLenum(GL_TEXTURE_2D)
    glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), filter)
    glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), filter)
    glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), wrap)
    glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), wrap)
    if wrap == GL_CLAMP_TO_BORDER {
        var transparent: [GLfloat] = [0, 0, 0, 0]
        glTexParameterfv(target, GLenum(GL_TEXTURE_BORDER_COLOR), &transparent)
    }
}

/// Binds `texture` to texture unit `unit`.
func bindTexture(_ texture: GLuint, unit: Int32) {
    glActiveTexture(GLenum(GL_TEXTURE0 + unit))
    glBindTexture(GLenum(GL_TEXTURE_2D), texture)
}
