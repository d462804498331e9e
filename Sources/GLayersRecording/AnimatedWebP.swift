/// Animated WebP, written with libwebp's encoder and container (`WebPEncode`, `WebPMux`) and
/// read with its animation decoder (`WebPAnimDecoder`): what `glayers record` writes, frame by
/// frame as they are rendered.
///
/// - Lossless by default (every pixel as rendered); with a quality, lossy.
/// - Deterministic: the encoder runs on the calling thread with fixed settings, so the same
///   frames give the same bytes.
/// - The writer keeps the frames it has encoded (compressed) and the last frame, never the
///   rendered film: memory grows with the file, not with the frames' pixels.
import CWebP
import Foundation
import GLayersGraphics

/// Why a recording (an animated WebP, or a video through ffmpeg) could not be written or read.
public struct RecordingError: Error, CustomStringConvertible {
    /// What went wrong, for a person.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Writes an animated WebP one frame at a time.
///
/// Each frame after the first is stored as the smallest rectangle (at even coordinates, as
/// the format wants) holding every pixel that changed since the frame before, replacing the
/// canvas there (no blending, no disposal); a frame that changes nothing lengthens the one
/// before. The rectangle is found row by row, 16 bytes at a time. (libwebp's own animation
/// encoder finds it column by column, which on a 1024×768 frame took 13 ms, most of the
/// recording's time.)
public final class AnimatedWebPWriter {
    /// The canvas size in pixels.
    public let width: Int, height: Int
    private let mux: OpaquePointer
    private var config = WebPConfig()
    private var previous: CGImage?
    /// The frame encoded last and not yet stored: its bitstream, place and start.
    private var pending: (bitstream: [UInt8], x: Int, y: Int, start: Int)?
    private var lastTimestamp = -1

    /// A writer for frames of `width` × `height` pixels (at most 16 383 a side, WebP's limit);
    /// `quality` 0–100 encodes lossy, nil lossless; `loopCount` 0 loops forever.
    public init(width: Int, height: Int, quality: Int? = nil, loopCount: Int = 0) throws {
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw RecordingError("a WebP frame is at most 16383×16383 pixels; this one is \(width)×\(height)")
        }
        self.width = width
        self.height = height
        guard let mux = WebPMuxNew() else { throw RecordingError("libwebp could not make a container") }
        self.mux = mux
        guard WebPConfigInit(&config) != 0 else { throw RecordingError("libwebp's version does not match") }
        if let quality {
            config.lossless = 0
            config.quality = Float(min(max(quality, 0), 100))
            config.method = 4
        } else {
            // Lossless at a low effort: changed rectangles are small and cost little to pack.
            guard WebPConfigLosslessPreset(&config, 1) != 0 else {
                throw RecordingError("libwebp rejected its settings")
            }
            config.exact = 1
        }
        config.thread_level = 0
        var parameters = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(max(0, loopCount)))
        guard WebPMuxSetAnimationParams(mux, &parameters) == WEBP_MUX_OK,
            WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK
        else { throw RecordingError("libwebp rejected the animation's size") }
    }

    deinit { WebPMuxDelete(mux) }

    /// Adds `image` (of the canvas size) shown from `timestamp` milliseconds (increasing).
    public func add(_ image: CGImage, at timestamp: Int) throws {
        guard image.width == width, image.height == height else {
            throw RecordingError("a frame of \(image.width)×\(image.height) pixels in a \(width)×\(height) animation")
        }
        guard timestamp > lastTimestamp else { throw RecordingError("frame timestamps must increase") }
        lastTimestamp = timestamp
        let rect: (x: Int, y: Int, width: Int, height: Int)
        if let previous {
            guard let changed = Self.changedRect(previous, image) else { return }
            rect = changed
        } else {
            rect = (0, 0, width, height)
        }
        try push(endingAt: timestamp)
        pending = (try encode(image, rect), rect.x, rect.y, timestamp)
        previous = image
    }

    /// Ends the animation at `end` milliseconds (the last frame's end) and returns the file's
    /// bytes.
    public func finish(at end: Int) throws -> Data {
        guard end > lastTimestamp, pending != nil else {
            throw RecordingError("the animation must have a frame and end after its last one")
        }
        try push(endingAt: end)
        var data = WebPData()
        defer { WebPDataClear(&data) }
        guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK, let bytes = data.bytes else {
            throw RecordingError("libwebp could not assemble the animation")
        }
        return Data(bytes: bytes, count: data.size)
    }

    /// Stores the pending frame, shown until `end`.
    private func push(endingAt end: Int) throws {
        guard let frame = pending else { return }
        pending = nil
        let status = frame.bitstream.withUnsafeBufferPointer { bytes in
            var info = WebPMuxFrameInfo()
            info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
            info.x_offset = Int32(frame.x)
            info.y_offset = Int32(frame.y)
            info.duration = Int32(end - frame.start)
            info.id = WEBP_CHUNK_ANMF
            info.dispose_method = WEBP_MUX_DISPOSE_NONE
            info.blend_method = WEBP_MUX_NO_BLEND
            return WebPMuxPushFrame(mux, &info, 1)
        }
        guard status == WEBP_MUX_OK else {
            throw RecordingError("libwebp could not store a frame (\(status.rawValue))")
        }
    }

    /// The WebP bitstream of `rect` of `image`.
    private func encode(_ image: CGImage, _ rect: (x: Int, y: Int, width: Int, height: Int)) throws -> [UInt8] {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RecordingError("libwebp's version does not match") }
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        picture.use_argb = 1
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer {
            WebPPictureFree(&picture)
            WebPMemoryWriterClear(&writer)
        }
        let stride = image.bytesPerRow
        let imported = image.withStraightRGBA { bytes in
            let origin = bytes.bindMemory(to: UInt8.self).baseAddress.map { $0 + rect.y * stride + rect.x * 4 }
            return WebPPictureImportRGBA(&picture, origin, Int32(stride))
        }
        guard imported != 0 else { throw RecordingError("libwebp could not take a frame (out of memory)") }
        let encoded = withUnsafeMutablePointer(to: &writer) { w -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let mem = writer.mem else {
            throw RecordingError("libwebp could not encode a frame (error \(picture.error_code.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: mem, count: writer.size))
    }

    /// The smallest rectangle, at even coordinates, holding every pixel where `b` differs from
    /// `a` (images of one size); nil when none does.
    static func changedRect(_ a: CGImage, _ b: CGImage) -> (x: Int, y: Int, width: Int, height: Int)? {
        let w = a.width, h = a.height, stride = a.bytesPerRow
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(
                        pa.baseAddress.unsafelyUnwrapped + y * stride, pb.baseAddress.unsafelyUnwrapped + y * stride,
                        w * 4) != 0
                }
                guard var top = (0..<h).first(where: rowDiffers) else { return nil }
                var bottom = h - 1
                while bottom > top && !rowDiffers(bottom) { bottom -= 1 }
                var left = w, right = -1
                let p = pa.bindMemory(to: UInt32.self), q = pb.bindMemory(to: UInt32.self)
                for y in top...bottom {
                    let row = y * w
                    var x = 0
                    while x < min(left, w) && p[row + x] == q[row + x] { x += 1 }
                    left = min(left, x)
                    var r = w - 1
                    while r > max(right, -1) && p[row + r] == q[row + r] { r -= 1 }
                    right = max(right, r)
                }
                top &= ~1
                left &= ~1
                return (left, top, right + 1 - left, bottom + 1 - top)
            }
        }
    }
}

/// An animated WebP read back: its canvas, loop count and frames (each the whole canvas as
/// shown from its timestamp).
public struct AnimatedWebP {
    /// The canvas width in pixels.
    public var width: Int
    /// The canvas height in pixels.
    public var height: Int
    /// How many times it plays (0: forever).
    public var loopCount: Int
    /// The frames and the milliseconds at which each one ends (libwebp's timestamps).
    public var frames: [(image: CGImage, end: Int)]

    /// Decodes `data`.
    public init(_ data: Data) throws {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw RecordingError("libwebp's version does not match")
        }
        options.color_mode = MODE_rgbA
        options.use_threads = 0
        var frames: [(image: CGImage, end: Int)] = []
        var info = WebPAnimInfo()
        try data.withUnsafeBytes { raw in
            var webp = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
                throw RecordingError("not an animated WebP")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw RecordingError("unreadable WebP") }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                    throw RecordingError("a frame could not be decoded")
                }
                let pixels = Array(UnsafeBufferPointer(start: buffer, count: w * h * 4))
                frames.append((try CGImage(width: w, height: h, premultipliedRGBA: pixels), Int(timestamp)))
            }
        }
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        loopCount = Int(info.loop_count)
        self.frames = frames
    }
}
