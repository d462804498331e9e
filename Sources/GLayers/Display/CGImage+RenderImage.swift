/// Images reach the renderer through the render list's `RenderImage` protocol.
import Foundation
import GLayersGraphics
import GLayersRenderList

extension CGImage: RenderImage {
    /// The texture-cache key: the image's `identity`, unique in this process.
    public var imageID: ImageID { ImageID(identity) }
    /// The image's width in pixels (`width`).
    public var pixelWidth: Int { width }
    /// The image's height in pixels (`height`).
    public var pixelHeight: Int { height }
    /// Whether every pixel has alpha 255 (`isOpaque`).
    public var isFullyOpaque: Bool { isOpaque }
    /// Calls `body` with the premultiplied RGBA bytes, top row first, and `bytesPerRow`.
    public func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        try withUnsafeBytes { try body($0, bytesPerRow) }
    }
}
