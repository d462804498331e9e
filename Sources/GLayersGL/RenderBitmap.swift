/// A `RenderImage` over a `CGImage`, for code that builds render lists by hand (tests,
/// benchmarks, tools); the engine supplies its own images.
import GLayersGraphics
import GLayersRenderList

/// A `CGImage` offered to the renderer under an `ImageID`.
public final class RenderBitmap: RenderImage {
    /// The pixels.
    public let image: CGImage
    /// The cache key: by default the image's process-unique `identity`.
    public let imageID: ImageID

    /// Wraps `image`; `id` defaults to `ImageID(image.identity)`.
    public init(_ image: CGImage, id: ImageID? = nil) {
        self.image = image
        self.imageID = id ?? ImageID(image.identity)
    }

    /// Width in pixels.
    public var pixelWidth: Int { image.width }
    /// Height in pixels.
    public var pixelHeight: Int { image.height }
    /// Whether every alpha is 255.
    public var isFullyOpaque: Bool { image.isOpaque }

    /// Calls `body` with the premultiplied RGBA bytes and the row length in bytes.
    public func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        try image.withUnsafeBytes { try body($0, image.bytesPerRow) }
    }
}
