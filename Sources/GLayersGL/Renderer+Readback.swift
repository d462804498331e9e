/// Reading the last frame back: premultiplied RGBA8, rows top to bottom.
import COpenGL
import GLayersGraphics
import GLayersRenderList

extension Renderer {
    /// The last frame's pixels: premultiplied RGBA8, `width × height × 4` bytes, top row
    /// first; empty before the first frame.
    ///
    /// - For `.window` it reads the back buffer, so call it before `swapBuffers()`.
    public func readPixels() -> [UInt8] {
        guard let target = lastTarget, lastWidth > 0, lastHeight > 0, (try? context.makeCurrent()) != nil else {
            return []
        }
        let w = lastWidth, h = lastHeight
        switch target {
        case .window: glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        case .offscreen:
            guard let s = screenTarget else { return [] }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), s.framebuffer)
        }
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        let row = w * 4
        // One buffer, filled by GL (no zeroing first) and then flipped in place: GL's rows run
        // bottom-up; the screen's top row is the framebuffer's last.
        return [UInt8](unsafeUninitializedCapacity: row * h) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), base)
            let spare = UnsafeMutablePointer<UInt8>.allocate(capacity: row)
            defer { spare.deallocate() }
            for y in 0..<h / 2 {
                let top = base + y * row, bottom = base + (h - 1 - y) * row
                spare.update(from: top, count: row)
                top.update(from: bottom, count: row)
                bottom.update(from: spare, count: row)
            }
            count = row * h
        }
    }

    /// The last frame as a `CGImage` (premultiplied RGBA, rows top to bottom).
    ///
    /// - Throws when there is no frame yet (`CGImageError` for a zero size).
    public func readImage() throws -> CGImage {
        try CGImage(width: lastWidth, height: lastHeight, premultipliedRGBA: readPixels())
    }
}
