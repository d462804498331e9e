/// Reading the last frame back: premultiplied RGBA8, rows top to bottom; or rects of it as
/// BGRA into an image in memory (a window presented with `XShmPutImage`).
import COpenGL
import GLayersGraphics
import GLayersRenderList

extension Renderer {
    /// The last frame's pixels: premultiplied RGBA8, `width × height × 4` bytes, top row
    /// first; empty before the first frame.
    ///
    /// - For `.window` it reads the back buffer, so call it before `swapBuffers()`.
    public func readPixels() -> [UInt8] {
        let (w, h) = frameSize
        // One buffer, filled by GL (no zeroing first).
        return [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, count in
            guard let base = buffer.baseAddress, readRows(0, count: h, into: base) else { return }
            count = w * h * 4
        }
    }

    /// The last frame's size in pixels (zero before the first frame).
    public var frameSize: (width: Int, height: Int) { (lastWidth, lastHeight) }

    /// Reads rows `first ..< first + count` of the last frame (counted from the top) into
    /// `pixels`: premultiplied RGBA8, `frameSize.width × 4` bytes a row, top row first.
    /// Returns false when there is no frame or the rows are not all in it (nothing is read).
    ///
    /// - For `.window` it reads the back buffer, so call it before `swapBuffers()`.
    public func readRows(_ first: Int, count: Int, into pixels: UnsafeMutableRawPointer) -> Bool {
        guard let target = lastTarget, lastWidth > 0, first >= 0, count > 0, first <= lastHeight - count,
            (try? context.makeCurrent()) != nil
        else { return false }
        switch target {
        case .window: glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        case .offscreen:
            guard let s = screenTarget else { return false }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), s.framebuffer)
        }
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        let row = lastWidth * 4
        // GL's rows run bottom-up (the screen's top row is the framebuffer's last): read the
        // band, then turn it over in place.
        glReadPixels(
            0, GLint(lastHeight - first - count), GLsizei(lastWidth), GLsizei(count), GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), pixels)
        Self.turnRowsOver(pixels, rows: count, rowBytes: row, stride: row)
        return true
    }

    /// The last frame as a `CGImage` (premultiplied RGBA, rows top to bottom).
    ///
    /// - Throws when there is no frame yet (`CGImageError` for a zero size).
    public func readImage() throws -> CGImage {
        try CGImage(width: lastWidth, height: lastHeight, premultipliedRGBA: readPixels())
    }

    /// Copies the rect `rect` (rows from the top) of the last frame, drawn `.offscreen`, into
    /// `pixels`: an image of the frame's size, top row first, `bytesPerRow` bytes a row (a
    /// multiple of 4), at the same place in it. The bytes are blue, green, red, alpha: the
    /// memory order of a 24- or 32-bit TrueColor X image on a little-endian machine. The
    /// rest of `pixels` is left as it is. Returns false when there is no offscreen frame or
    /// the rows are too short (nothing is copied).
    public func readBGRA(_ rect: PixelRect, into pixels: UnsafeMutableRawPointer, bytesPerRow: Int) -> Bool {
        guard lastTarget == .offscreen, let s = screenTarget, s.width == lastWidth, s.height == lastHeight,
            bytesPerRow % 4 == 0, bytesPerRow >= lastWidth * 4, (try? context.makeCurrent()) != nil
        else { return false }
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: lastWidth, height: lastHeight))
        guard !r.isEmpty else { return true }
        let w = Int(r.width), h = Int(r.height)
        let band = pixels + Int(r.minY) * bytesPerRow + Int(r.minX) * 4
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), s.framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(bytesPerRow / 4))
        glReadPixels(
            GLint(r.minX), GLint(Int32(lastHeight) - r.maxY), GLsizei(w), GLsizei(h), GLenum(GL_BGRA),
            GLenum(GL_UNSIGNED_BYTE), band)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        // GL wrote the rect's bottom row first.
        Self.turnRowsOver(band, rows: h, rowBytes: w * 4, stride: bytesPerRow)
        return true
    }

    /// Turns `rows` rows of `rowBytes` bytes, `stride` bytes apart from `base`, over in place
    /// (GL reads pixels bottom row first; images keep the top row first).
    private static func turnRowsOver(_ base: UnsafeMutableRawPointer, rows: Int, rowBytes: Int, stride: Int) {
        withUnsafeTemporaryAllocation(byteCount: rowBytes, alignment: 4) { scratch in
            guard let temp = scratch.baseAddress else { return }
            var top = 0, bottom = rows - 1
            while top < bottom {
                let a = base + top * stride, b = base + bottom * stride
                temp.copyMemory(from: a, byteCount: rowBytes)
                a.copyMemory(from: b, byteCount: rowBytes)
                b.copyMemory(from: temp, byteCount: rowBytes)
                top += 1
                bottom -= 1
            }
        }
    }
}
