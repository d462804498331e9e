/// Shrinking images that exceed GL_MAX_TEXTURE_SIZE before upload.
import Foundation

/// Box-filter downscaling of premultiplied RGBA8 pixels.
enum Downscale {
    /// `width` × `height` pixels (rows `bytesPerRow` apart) averaged into `toWidth` × `toHeight`:
    /// each output pixel is the mean of the source pixels whose centres fall in its area.
    static func box(
        _ source: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int, toWidth: Int, toHeight: Int
    ) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: toWidth * toHeight * 4)
        let sx = Double(width) / Double(toWidth), sy = Double(height) / Double(toHeight)
        for oy in 0..<toHeight {
            let y0 = Int((Double(oy) * sy).rounded()),
                y1 = max(y0 + 1, min(height, Int((Double(oy + 1) * sy).rounded())))
            for ox in 0..<toWidth {
                let x0 = Int((Double(ox) * sx).rounded()),
                    x1 = max(x0 + 1, min(width, Int((Double(ox + 1) * sx).rounded())))
                var sum = SIMD4<UInt32>.zero
                for y in y0..<min(y1, height) {
                    for x in x0..<min(x1, width) {
                        let i = y * bytesPerRow + x * 4
                        sum &+= SIMD4(
                            UInt32(source[i]), UInt32(source[i + 1]), UInt32(source[i + 2]), UInt32(source[i + 3]))
                    }
                }
                let n = UInt32(max(1, (min(y1, height) - y0) * (min(x1, width) - x0)))
                let o = (oy * toWidth + ox) * 4
                for c in 0..<4 { out[o + c] = UInt8((sum[c] + n / 2) / n) }
            }
        }
        return out
    }
}
