/// JPEG decoding with TurboJPEG, whose errors are return codes (no setjmp from Swift).
///
/// - The header is read first (`tjDecompressHeader3`) and the size checked against the
///   limits before the pixel buffer is allocated; a header claiming far more pixels than the
///   file's size suggests is decoded at 1/8 scale first, so a short stream is refused early.
/// - Gray and YCbCr/RGB JPEGs decode to opaque RGBA; CMYK and YCCK JPEGs are refused as
///   unsupported (TurboJPEG cannot convert them to RGB, and Adobe's inverted CMYK would need
///   colour management to look right).
/// - A JPEG that ends early is refused as truncated, although libjpeg could show the part it
///   read; other libjpeg warnings (such as extraneous bytes before a marker, common in
///   camera files) are tolerated.
/// - EXIF orientation is not applied (CGImage does not apply it on Apple platforms either).
import CJPEG
import Foundation

extension CGImage {
    /// Decodes JPEG bytes (the SOI marker has already been checked).
    static func decodeJPEG(_ bytes: UnsafeRawBufferPointer, name: String) throws -> CGImage {
        guard let handle = tjInitDecompress() else {
            throw CGImageError(.corrupt("cannot initialise TurboJPEG"), name: name)
        }
        defer { tjDestroy(handle) }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw CGImageError(.empty, name: name)
        }
        let size = UInt(bytes.count)

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, size, &width, &height, &subsampling, &colorspace) == 0 else {
            throw jpegError(handle, name: name, stage: "header")
        }
        guard width > 0, height > 0 else {
            throw CGImageError(.corrupt("JPEG size \(width) × \(height)"), name: name)
        }
        try checkLimits(width: Int(width), height: Int(height), name: name)
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            let what = colorspace == Int32(TJCS_CMYK.rawValue) ? "CMYK" : "CMYK (YCCK-encoded)"
            throw CGImageError(.unsupported("\(what) JPEG; only gray and RGB/YCbCr JPEGs are decoded"), name: name)
        }

        let (w, h) = (Int(width), Int(height))
        let flags = TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS
        // A header claiming far more pixels than the file usually holds (under 1/8 bit per
        // pixel): decode at 1/8 scale first, in 1/64 of the memory, so that a truncated or
        // corrupt stream is refused before the full buffer is allocated (a 309-byte file
        // claiming 16000 × 16000 pixels otherwise cost 1 GiB, #14). Such a file gets no
        // benefit of the doubt: any warning refuses it (libjpeg fills what it cannot read).
        if w * h > 64 * bytes.count {
            let (sw, sh) = ((w + 7) / 8, (h + 7) / 8)
            var small = [UInt8](repeating: 0, count: sw * sh * 4)
            let status = small.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(
                    handle, base, size, dst.baseAddress, Int32(sw), 0, Int32(sh), Int32(TJPF_RGBA.rawValue), flags)
            }
            try checkDecompression(
                status, handle, name: name, strict: true, note: "at 1/8 scale, before allocating \(w) × \(h) pixels")
        }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let status = pixels.withUnsafeMutableBufferPointer { dst in
            tjDecompress2(
                handle, base, size, dst.baseAddress, width, Int32(w * 4), height,
                Int32(TJPF_RGBA.rawValue), flags)
        }
        try checkDecompression(status, handle, name: name)
        // TurboJPEG reports an error after an earlier warning as a warning too ("Huffman table
        // 0x09 was not defined"), and stops: the pixels it never wrote keep alpha 0 (#14).
        if status != 0 && !PixelConversion.isOpaque(pixels) {
            throw CGImageError(.corrupt(errorString(handle)), name: name)
        }
        // JPEG has no alpha: TurboJPEG fills alpha with 255, so the pixels are premultiplied.
        return CGImage(checkedWidth: w, height: h, pixels: pixels, opaque: true, hasAlphaChannel: false)
    }

    /// Throws when decompression failed or the stream ended early; other warnings pass unless
    /// `strict`.
    private static func checkDecompression(
        _ status: Int32, _ handle: tjhandle, name: String, strict: Bool = false, note: String? = nil
    ) throws {
        guard status != 0 else { return }
        let fatal = tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue)
        if fatal || strict || errorString(handle).lowercased().contains("premature end") {
            throw jpegError(handle, name: name, stage: "data", note: note)
        }
    }

    /// TurboJPEG's last error message for `handle`.
    private static func errorString(_ handle: tjhandle) -> String {
        guard let c = tjGetErrorStr2(handle) else { return "unknown TurboJPEG error" }
        return String(cString: c)
    }

    /// A `CGImageError` classified from TurboJPEG's message.
    private static func jpegError(_ handle: tjhandle, name: String, stage: String, note: String? = nil) -> CGImageError
    {
        let message = errorString(handle) + (note.map { "; found \($0)" } ?? "")
        let lower = message.lowercased()
        if lower.contains("premature end") || lower.contains("truncated") {
            return CGImageError(.truncated(message), name: name)
        }
        if lower.contains("unsupported") || lower.contains("not supported") {
            return CGImageError(.unsupported(message), name: name)
        }
        return CGImageError(.corrupt(stage == "header" ? "bad JPEG header: \(message)" : message), name: name)
    }
}
