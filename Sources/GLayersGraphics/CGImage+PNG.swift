/// PNG decoding and encoding with libpng's simplified API (`png_image_*`), which reports
/// errors through return values and `png_image.message`, so no setjmp is needed from Swift.
///
/// - Decoding reads the IHDR dimensions first and checks them against the limits, and the
///   file's size against what deflate can expand to, before libpng allocates anything; every PNG variant (palette, gray, 16-bit, interlaced, tRNS)
///   comes out as 8-bit sRGB RGBA, then is premultiplied.
/// - 16-bit files without gAMA/sRGB chunks are taken as sRGB-encoded (most tools write them
///   so), not as linear, which is libpng's default.
/// - Encoding un-premultiplies with rounding and writes RGB for opaque images, RGBA
///   otherwise. The output depends only on the pixels (no timestamps), so it is deterministic.
import CPNG
import CPNGWriter
import Foundation

extension CGImage {
    /// libpng's `PNG_FORMAT_RGBA` (a composite macro Swift does not import).
    static let pngFormatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decodes PNG bytes (the signature has already been checked).
    static func decodePNG(_ bytes: UnsafeRawBufferPointer, name: String) throws -> CGImage {
        let (width, height) = try pngHeaderSize(bytes, name: name)
        try checkLimits(width: width, height: height, name: name)
        try checkPNGDataSize(bytes, width: width, height: height, name: name)

        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw pngError(&image, name: name)
        }
        guard Int(image.width) == width, Int(image.height) == height else {
            png_image_free(&image)
            throw CGImageError(.corrupt("inconsistent IHDR"), name: name)
        }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0  // an alpha channel or tRNS
        image.format = pngFormatRGBA
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { dst in
            png_image_finish_read(&image, nil, dst.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else { throw pngError(&image, name: name) }
        let opaque = PixelConversion.premultiplyInPlace(&pixels)
        return CGImage(checkedWidth: width, height: height, pixels: pixels, opaque: opaque, hasAlphaChannel: hasAlpha)
    }

    /// The width and height in the IHDR chunk, which the PNG format puts first.
    static func pngHeaderSize(_ bytes: UnsafeRawBufferPointer, name: String) throws -> (Int, Int) {
        guard bytes.count >= 33 else { throw CGImageError(.truncated("no complete IHDR chunk"), name: name) }
        func be32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        guard be32(8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw CGImageError(.corrupt("the first chunk is not IHDR"), name: name)
        }
        let (width, height) = (be32(16), be32(20))
        guard width > 0, height > 0 else {
            throw CGImageError(.corrupt("IHDR size \(width) × \(height)"), name: name)
        }
        return (width, height)
    }

    /// Refuses a file too short to hold its pixels, before the pixel buffer is allocated: deflate
    /// expands at most 1032:1, so `width × height` pixels of the header's bit depth and colour
    /// type need at least 1/1032 of their packed size (a 90-byte file claiming 16000 × 16000
    /// pixels otherwise cost 1 GiB before libpng found the stream short, #14).
    static func checkPNGDataSize(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, name: String) throws {
        let bitDepth = Int(bytes[24]), colorType = Int(bytes[25])
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
        let packedBytes = (width * height * max(bitDepth, 1) * channels + 7) / 8
        let needed = packedBytes / 1032
        if bytes.count < needed {
            throw CGImageError(
                .truncated("\(bytes.count) bytes cannot hold \(width) × \(height) pixels (at least \(needed) needed)"),
                name: name)
        }
    }

    /// A `CGImageError` from libpng's message; frees the `png_image` if still allocated.
    static func pngError(_ image: inout png_image, name: String) -> CGImageError {
        let message = Swift.withUnsafeBytes(of: image.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        png_image_free(&image)
        let lower = message.lowercased()
        let truncation = ["beyond end", "not enough image data", "unexpected end", "truncated", "eof"]
        if truncation.contains(where: lower.contains) {
            return CGImageError(.truncated(message), name: name)
        }
        return CGImageError(.corrupt(message.isEmpty ? "libpng failed" : message), name: name)
    }

    /// The image encoded as PNG: straight (un-premultiplied) 8-bit RGBA, or RGB if opaque.
    ///
    /// - Identical pixels always give identical bytes.
    /// - Throws `CGImageError(.encodingFailed)` if libpng fails (out of memory).
    public func pngData() throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let messageSize = 256
        var message = [CChar](repeating: 0, count: messageSize)
        // Opaque images are written as RGB straight from the pixels (the writer drops alpha
        // row by row); others are un-premultiplied first. zlib level 1 with PNG's "up" filter:
        // a 1024×768 screenshot encodes in about 5 ms, against 15 ms at level 3 unfiltered
        // (docs/performance.md, "Start and footprint").
        let status = withStraightRGBA { src in
            glayers_png_encode(
                src.bindMemory(to: UInt8.self).baseAddress, Int32(width), Int32(height), bytesPerRow, isOpaque ? 0 : 1,
                1, &out, &size, &message,
                messageSize)
        }
        guard status == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CGImageError(.encodingFailed(text.isEmpty ? "PNG encoder failed" : text), name: "PNG encoder")
        }
        return Data(bytesNoCopy: out, count: size, deallocator: .free)
    }

    /// Writes the image to `url` as PNG (see `pngData()`).
    ///
    /// - A regular file (or a new one) is written under a temporary name in the same folder
    ///   and renamed over `url` when complete, so a failure (full disk, read-only folder)
    ///   leaves no partial file. Anything else at `url` (a device such as `/dev/stdout`, a
    ///   pipe) is written in place and never replaced.
    /// - Throws `CGImageError` naming the path when encoding or writing fails.
    public func writePNG(to url: URL) throws {
        let name = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            data = try pngData()
        } catch let error as CGImageError {
            throw CGImageError(error.kind, name: name)
        }
        do {
            try Self.write(data, to: url)
        } catch {
            throw CGImageError(.unwritable(error.localizedDescription), name: name)
        }
    }

    /// Writes `data` to `url`: atomically for regular files, in place for anything else.
    static func write(_ data: Data, to url: URL) throws {
        var info = stat()
        if url.isFileURL, stat(url.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw POSIXError(.EISDIR) }
            let fd = open(url.path, O_WRONLY | O_TRUNC)
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(fd) }
            try write(data, to: fd)
            return
        }
        try replace(url.path, with: data)
    }

    /// Writes `data` to a new file in the folder of `path` and renames it over `path`, so that
    /// readers see the old file or the whole new one, and a failure leaves no partial file.
    ///
    /// - Not flushed to the disk (no `fsync`, which Foundation's atomic writing adds: 2–10 ms
    ///   a screenshot, more while other programs write): a power loss just after may leave
    ///   the old file or an empty one. The new file has mode 0666 less the umask.
    private static func replace(_ path: String, with data: Data) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var temporary = "", fd: Int32 = -1, attempts = 0
        repeat {
            temporary = folder + ".\(name).\(String(UInt32.random(in: .min ... .max), radix: 36))"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            attempts += 1
        } while fd < 0 && errno == EEXIST && attempts < 16
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        do {
            defer { if fd >= 0 { close(fd) } }
            try write(data, to: fd)
            let closed = close(fd)
            fd = -1
            guard closed == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            guard rename(temporary, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes all of `data` to `fd`.
    private static func write(_ data: Data, to fd: Int32) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress.unsafelyUnwrapped + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += n
            }
        }
    }
}
