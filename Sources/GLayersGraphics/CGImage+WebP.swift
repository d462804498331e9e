/// WebP decoding with libwebp (lossy, lossless and with alpha; still images only).
///
/// - The header is read first (`WebPGetFeatures`) and the size checked against the limits
///   before the pixel buffer is allocated.
/// - An animated WebP is refused as unsupported (a still image has one picture to show;
///   `CGImageSource` on Apple's platforms gives its first frame, which glayers does not
///   guess at).
/// - libwebp decodes to straight RGBA, premultiplied here as PNG's alpha is.
import CWebP
import Foundation

extension CGImage {
    /// Decodes WebP bytes (the RIFF/WEBP header has already been checked).
    static func decodeWebP(_ bytes: UnsafeRawBufferPointer, name: String) throws -> CGImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw CGImageError(.empty, name: name)
        }
        var features = WebPBitstreamFeatures()
        switch WebPGetFeaturesInternal(base, bytes.count, &features, WEBP_DECODER_ABI_VERSION) {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA: throw CGImageError(.truncated("the WebP header ends early"), name: name)
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            throw CGImageError(.unsupported("a WebP feature libwebp does not decode"), name: name)
        case let status: throw CGImageError(.corrupt("WebP header (libwebp status \(status.rawValue))"), name: name)
        }
        if features.has_animation != 0 {
            throw CGImageError(.unsupported("animated WebP; only still WebP images are decoded"), name: name)
        }
        let (w, h) = (Int(features.width), Int(features.height))
        guard w > 0, h > 0 else { throw CGImageError(.corrupt("WebP size \(w) × \(h)"), name: name) }
        try checkLimits(width: w, height: h, name: name)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let decoded = pixels.withUnsafeMutableBufferPointer { dst in
            WebPDecodeRGBAInto(base, bytes.count, dst.baseAddress, dst.count, Int32(w * 4))
        }
        guard decoded != nil else {
            throw CGImageError(.corrupt("libwebp could not decode the picture (truncated or damaged)"), name: name)
        }
        let opaque = PixelConversion.premultiplyInPlace(&pixels)
        return CGImage(
            checkedWidth: w, height: h, pixels: pixels, opaque: opaque, hasAlphaChannel: features.has_alpha != 0)
    }
}
