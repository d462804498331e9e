/// PNG files of images given a strip of rows at a time (a frame read back from OpenGL), so
/// that the whole image is never in memory at once: the bytes `CGImage.writePNG(to:)` writes
/// for the same pixels.
import CPNGWriter
import Foundation

extension CGImage {
    /// The rows of one strip: at most this many bytes.
    static let pngStripBytes = 256 << 10

    /// Writes to `url` the PNG of a `width` × `height` image whose premultiplied RGBA rows
    /// `rows(first, count, buffer)` writes into `buffer`: rows `first ..< first + count`, top
    /// row first, `width × 4` bytes each, a strip of at most 256 KiB at a time and in order.
    /// The bytes, and where and how they are written, are those of `writePNG(to:)` for an
    /// image of those pixels.
    ///
    /// - Rows are asked for twice when a strip turns out translucent after opaque ones (an
    ///   opaque image is written as RGB, a translucent one as RGBA).
    /// - Throws what `rows` throws, and `CGImageError` naming the path for a size that is not
    ///   positive or too large and for encoding or writing failures.
    public static func writePNG(
        width: Int, height: Int, to url: URL,
        rows: (_ first: Int, _ count: Int, _ buffer: UnsafeMutableRawPointer) throws -> Void
    ) throws {
        let name = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            try checkBitmap(width: width, height: height, count: nil)
            data = try pngData(width: width, height: height, rows: rows)
        } catch let error as CGImageError {
            throw CGImageError(error.kind, name: name)
        }
        do {
            try write(data, to: url)
        } catch {
            throw CGImageError(.unwritable(error.localizedDescription), name: name)
        }
    }

    /// The PNG of rows given a strip at a time (see `writePNG(width:height:to:rows:)`): RGB
    /// while every strip is opaque, RGBA (un-premultiplied strip by strip) from the start
    /// again when one is not.
    static func pngData(
        width: Int, height: Int, rows: (Int, Int, UnsafeMutableRawPointer) throws -> Void
    ) throws -> Data {
        try withoutActuallyEscaping(rows) { rows in
            let source = PNGRowSource(width: width, height: height, rows: rows)
            do {
                return try source.encode(keepingAlpha: false)
            } catch is PNGRowSource.TranslucentStrip {
                return try source.encode(keepingAlpha: true)
            }
        }
    }
}

/// Strips of rows for `glayers_png_encode_rows`, in memory of one strip (two when
/// un-premultiplied).
private final class PNGRowSource {
    let width: Int, height: Int, stripRows: Int
    let rows: (Int, Int, UnsafeMutableRawPointer) throws -> Void
    let strip: UnsafeMutableRawBufferPointer
    var straight: UnsafeMutableRawBufferPointer?
    /// Whether the encoding in progress keeps alpha (else every strip must be opaque).
    var keepsAlpha = false
    /// What stopped the encoding in progress: an error of `rows`, or `TranslucentStrip`.
    var error: (any Error)?

    /// An RGB encoding met a translucent strip.
    struct TranslucentStrip: Error {}

    init(width: Int, height: Int, rows: @escaping (Int, Int, UnsafeMutableRawPointer) throws -> Void) {
        self.width = width
        self.height = height
        self.rows = rows
        stripRows = max(1, min(height, CGImage.pngStripBytes / (width * 4)))
        strip = .allocate(byteCount: stripRows * width * 4, alignment: 16)
    }

    deinit {
        strip.deallocate()
        straight?.deallocate()
    }

    /// The PNG, RGBA when `keepingAlpha`; throws `TranslucentStrip` when it is RGB and a
    /// strip is not opaque.
    func encode(keepingAlpha: Bool) throws -> Data {
        keepsAlpha = keepingAlpha
        error = nil
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let messageSize = 256
        var message = [CChar](repeating: 0, count: messageSize)
        let status = glayers_png_encode_rows(
            Int32(width), Int32(height), Int32(stripRows),
            { context, first, count, rows, stride in
                guard let context, let rows, let stride else { return 1 }
                let source = Unmanaged<PNGRowSource>.fromOpaque(context).takeUnretainedValue()
                guard let pointer = source.supply(Int(first), Int(count)) else { return 1 }
                rows.pointee = UnsafePointer(pointer.assumingMemoryBound(to: UInt8.self))
                stride.pointee = source.width * 4
                return 0
            }, Unmanaged.passUnretained(self).toOpaque(), keepingAlpha ? 1 : 0, 1, &out, &size, &message, messageSize)
        if let error { throw error }
        guard status == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CGImageError(.encodingFailed(text.isEmpty ? "PNG encoder failed" : text), name: "PNG encoder")
        }
        return Data(bytesNoCopy: out, count: size, deallocator: .free)
    }

    /// Rows `first ..< first + count` as the encoding takes them, or nil to stop it.
    private func supply(_ first: Int, _ count: Int) -> UnsafeRawPointer? {
        guard let base = strip.baseAddress else { return nil }
        let filled = UnsafeRawBufferPointer(rebasing: strip[..<(count * width * 4)])
        do {
            try rows(first, count, base)
        } catch {
            self.error = error
            return nil
        }
        if !keepsAlpha {
            guard PixelConversion.isOpaque(filled) else {
                error = TranslucentStrip()
                return nil
            }
            return UnsafeRawPointer(base)
        }
        let out = straight ?? .allocate(byteCount: strip.count, alignment: 16)
        straight = out
        _ = PixelConversion.unpremultiply(filled, into: out)
        return UnsafeRawPointer(out.baseAddress)
    }
}
