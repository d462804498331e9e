/// Bitmap images, as CoreGraphics models them, reduced to the one layout glayers composites:
/// 8-bit premultiplied RGBA, rows top to bottom, tightly packed.
///
/// Decoding (PNG, JPEG) lives in `CGImage+Decode.swift`, encoding in `CGImage+PNG.swift`,
/// pixel-format conversions in `PixelConversion.swift`.
import Foundation
import Synchronization

/// Source of `CGImage.identity` values; shared by every thread.
private let nextImageIdentity = Atomic<UInt64>(0)

/// An immutable bitmap image (CoreGraphics' `CGImage`): premultiplied RGBA, 8 bits per channel.
///
/// - Rows run top to bottom; `bytesPerRow == width * 4`.
/// - Colours are sRGB, unmanaged, as Core Animation composites them on iOS.
public final class CGImage: @unchecked Sendable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA bytes, `height` rows of `bytesPerRow` bytes, top row first.
    public let pixels: [UInt8]
    /// Whether every pixel's alpha is 255 (computed once, when the image is made).
    public let isOpaque: Bool
    /// A number unique to this instance in this process (a key for texture caches).
    public let identity: UInt64
    /// Whether the image was made with an alpha channel (false for gray, RGB and skipped-alpha
    /// layouts, JPEG files, PNG files without alpha and contexts that skip it): what
    /// `alphaInfo` reports, and what `CGContext.clip(to:mask:)` masks by (alpha, or luminance).
    let hasAlphaChannel: Bool

    /// The largest width or height accepted, in pixels.
    public static let maximumSide = 32768
    /// The largest number of pixels accepted (2^28, 1 GiB of RGBA).
    public static let maximumPixelCount = 1 << 28
    /// The largest encoded file accepted by the decoders, in bytes (512 MiB).
    public static let maximumFileSize = 512 << 20

    /// Bytes per row: `width * 4`.
    public var bytesPerRow: Int { width * 4 }
    /// Bits per colour component: always 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: always 32.
    public var bitsPerPixel: Int { 32 }
    /// How alpha is stored: `.premultipliedLast` (RGBA, premultiplied), or `.noneSkipLast` for
    /// an image made without an alpha channel (its fourth byte is then always 255).
    public var alphaInfo: CGImageAlphaInfo { hasAlphaChannel ? .premultipliedLast : .noneSkipLast }
    /// The bitmap layout: `alphaInfo` in byte order.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: alphaInfo.rawValue) }
    /// The image's colour space: always sRGB.
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }
    /// The image's bytes in the layout above (premultiplied RGBA, top row first, `bytesPerRow`
    /// apart), as Core Graphics' `dataProvider`: code that reads pixels with
    /// `CFDataGetBytePtr(image.dataProvider!.data)` reads them.
    ///
    /// - Not a copy: the data points at the image's own pixels, which stay where they are while
    ///   the image lives (`pixels` is never changed), so the pointer stays valid as long as the
    ///   image, as on Apple's platforms, even when the provider is gone; the provider keeps the
    ///   image alive while it lives.
    public var dataProvider: CGDataProvider? {
        let bytes = pixels.withUnsafeBytes { buffer in
            buffer.baseAddress.map {
                NSData(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), length: buffer.count, freeWhenDone: false)
            }
        }
        return bytes.map { CGDataProvider(data: $0, owner: self) }
    }
    /// Whether the image asks for interpolation when scaled: always true.
    public var shouldInterpolate: Bool { true }

    /// Wraps pixels already checked for size; `opaque` must be true only if every alpha is 255,
    /// and it must be when `hasAlphaChannel` is false.
    init(checkedWidth: Int, height: Int, pixels: [UInt8], opaque: Bool, hasAlphaChannel: Bool = true) {
        self.width = checkedWidth
        self.height = height
        self.pixels = pixels
        self.isOpaque = opaque
        self.hasAlphaChannel = hasAlphaChannel
        self.identity = nextImageIdentity.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// An image from premultiplied RGBA bytes, `width * height * 4` of them, top row first.
    ///
    /// - Throws `CGImageError` when a side is not positive, the image exceeds the limits
    ///   (`maximumSide`, `maximumPixelCount`) or the byte count does not match.
    /// - Colour components larger than their alpha are kept as given (they are invalid
    ///   premultiplied values; encoders clamp them).
    public convenience init(width: Int, height: Int, premultipliedRGBA bytes: [UInt8]) throws {
        try CGImage.checkBitmap(width: width, height: height, count: bytes.count)
        self.init(checkedWidth: width, height: height, pixels: bytes, opaque: PixelConversion.isOpaque(bytes))
    }

    /// An image from straight (non-premultiplied) RGBA bytes; colours are premultiplied
    /// with rounding, `(c·a + 127) / 255`.
    ///
    /// - Throws `CGImageError` under the same conditions as `init(width:height:premultipliedRGBA:)`.
    public convenience init(width: Int, height: Int, straightRGBA bytes: [UInt8]) throws {
        try CGImage.checkBitmap(width: width, height: height, count: bytes.count)
        var pixels = bytes
        let opaque = PixelConversion.premultiplyInPlace(&pixels)
        self.init(checkedWidth: width, height: height, pixels: pixels, opaque: opaque)
    }

    /// Whether every pixel's alpha is 0 (nothing was drawn); computed on each call.
    package var isFullyTransparent: Bool {
        if isOpaque { return false }
        return pixels.withUnsafeBytes { bytes in
            stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 0 }
        }
    }

    /// Calls `body` with the premultiplied RGBA bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes(body)
    }

    /// The premultiplied RGBA value of one pixel, or nil outside the image (for tests and tools).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The part of the image inside `rect` (CoreGraphics' `cropping(to:)`).
    ///
    /// - `rect` is in pixels, origin top-left; it is made integral (outwards) and intersected
    ///   with the image bounds. Returns nil when that intersection is empty.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite,
            rect.maxX.isFinite, rect.maxY.isFinite
        else { return nil }
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let r = rect.standardized.integral.intersection(bounds)
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        let (x0, y0, w, h) = (Int(r.minX), Int(r.minY), Int(r.width), Int(r.height))
        if x0 == 0, y0 == 0, w == width, h == height { return self }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { src in
                guard let d = dst.baseAddress, let s = src.baseAddress else { return }
                for row in 0..<h {
                    (d + row * w * 4).copyMemory(from: s + ((y0 + row) * width + x0) * 4, byteCount: w * 4)
                }
            }
        }
        return CGImage(
            checkedWidth: w, height: h, pixels: out, opaque: isOpaque || PixelConversion.isOpaque(out),
            hasAlphaChannel: hasAlphaChannel)
    }

    /// Validates a bitmap's size and byte count against the limits.
    static func checkBitmap(width: Int, height: Int, count: Int?) throws {
        guard width > 0, height > 0 else {
            throw CGImageError(.invalidBitmap("size \(width) × \(height) is not positive"), name: "bitmap")
        }
        try checkLimits(width: width, height: height, name: "bitmap")
        if let count, count != width * height * 4 {
            throw CGImageError(
                .invalidBitmap("\(count) bytes given; \(width) × \(height) RGBA needs \(width * height * 4)"),
                name: "bitmap")
        }
    }

    /// Throws `.tooLarge` when a side or the pixel count exceeds the limits.
    static func checkLimits(width: Int, height: Int, name: String) throws {
        if width > maximumSide || height > maximumSide || width * height > maximumPixelCount {
            throw CGImageError(.tooLarge(width: width, height: height), name: name)
        }
    }

    /// A short summary: identity, size and opacity.
    public var description: String {
        "<CGImage #\(identity) \(width)×\(height)\(isOpaque ? " opaque" : "")>"
    }
}
