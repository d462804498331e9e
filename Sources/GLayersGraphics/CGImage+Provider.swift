/// CoreGraphics' general image initialiser, for code written against Apple's API. It accepts
/// the 8-bit layouts such code uses and converts them to premultiplied RGBA.
import Foundation

extension CGImage {
    /// An image from bytes in one of the common 8-bit layouts (CoreGraphics' initialiser).
    ///
    /// - Supported: RGB spaces with 32 bits per pixel (alpha or a skipped byte first or last,
    ///   premultiplied or straight, default/big or 32-bit little byte order) or 24 bits per pixel
    ///   (`.none`); gray spaces with 8 bits per pixel (`.none`); `.alphaOnly` with 8 bits.
    /// - `decode` and `intent` are ignored. Returns nil for any other layout, a provider with
    ///   too few bytes, or a size outside the limits.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard width > 0, height > 0, bitsPerComponent == 8,
            (try? CGImage.checkLimits(width: width, height: height, name: "bitmap")) != nil,
            let layout = SourceLayout(space: space, bitsPerPixel: bitsPerPixel, bitmapInfo: bitmapInfo),
            bytesPerRow >= width * layout.bytesPerPixel,
            provider.bytes.count >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel
        else { return nil }
        let (pixels, opaque) = provider.bytes.withUnsafeBytes { src in
            layout.convert(src, width: width, height: height, bytesPerRow: bytesPerRow)
        }
        self.init(
            checkedWidth: width, height: height, pixels: pixels, opaque: opaque,
            hasAlphaChannel: layout.offsets.a != nil)
    }
}

/// Where each channel sits in a source pixel, and how alpha is to be read.
private struct SourceLayout {
    /// Byte offsets of red, green, blue and alpha in a pixel; alpha is nil when absent.
    var offsets: (r: Int, g: Int, b: Int, a: Int?)
    var bytesPerPixel: Int
    var premultiplied: Bool

    init?(space: CGColorSpace, bitsPerPixel: Int, bitmapInfo: CGBitmapInfo) {
        guard let alpha = bitmapInfo.alphaInfo, !bitmapInfo.contains(.floatComponents) else { return nil }
        let little = bitmapInfo.byteOrder == .byteOrder32Little
        switch (space.model, bitsPerPixel, alpha) {
        case (_, 8, .alphaOnly):
            (offsets, bytesPerPixel, premultiplied) = ((-1, -1, -1, 0), 1, true)
        case (.monochrome, 8, .none):
            (offsets, bytesPerPixel, premultiplied) = ((0, 0, 0, nil), 1, true)
        case (.rgb, 24, .none):
            guard bitmapInfo.byteOrder == .byteOrderDefault else { return nil }
            (offsets, bytesPerPixel, premultiplied) = ((0, 1, 2, nil), 3, true)
        case (.rgb, 32, _):
            // Memory order for the default (big-endian) byte order; little reverses it.
            let last: Bool
            switch alpha {
            case .premultipliedLast, .last, .noneSkipLast: last = true
            case .premultipliedFirst, .first, .noneSkipFirst: last = false
            default: return nil
            }
            var order = last ? [0, 1, 2, 3] : [1, 2, 3, 0]  // offsets of r, g, b, a
            if little { order = order.map { 3 - $0 } }
            let hasAlpha = alpha != .noneSkipLast && alpha != .noneSkipFirst
            offsets = (order[0], order[1], order[2], hasAlpha ? order[3] : nil)
            bytesPerPixel = 4
            premultiplied = alpha != .last && alpha != .first
        default: return nil
        }
    }

    /// Premultiplied RGBA pixels and whether all are opaque.
    func convert(_ src: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) -> ([UInt8], Bool) {
        let s = src.bindMemory(to: UInt8.self)
        var opaque = true
        let out = [UInt8](unsafeUninitializedCapacity: width * height * 4) { dst, initialized in
            for y in 0..<height {
                var i = y * bytesPerRow
                var o = y * width * 4
                for _ in 0..<width {
                    let a = offsets.a.map { UInt32(s[i + $0]) } ?? 255
                    var r = offsets.r < 0 ? 0 : UInt32(s[i + offsets.r])
                    var g = offsets.g < 0 ? 0 : UInt32(s[i + offsets.g])
                    var b = offsets.b < 0 ? 0 : UInt32(s[i + offsets.b])
                    if !premultiplied && a != 255 {
                        r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255
                    }
                    if a != 255 { opaque = false }
                    dst[o] = UInt8(truncatingIfNeeded: r); dst[o + 1] = UInt8(truncatingIfNeeded: g)
                    dst[o + 2] = UInt8(truncatingIfNeeded: b); dst[o + 3] = UInt8(truncatingIfNeeded: a)
                    i += bytesPerPixel
                    o += 4
                }
            }
            initialized = width * height * 4
        }
        return (out, opaque)
    }
}
