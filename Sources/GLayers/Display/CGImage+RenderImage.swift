/// Images reach the renderer through the render list's `RenderImage` protocol.
import Foundation
import GLayersGraphics
import GLayersRenderList

extension CGImage: RenderImage {
    public var imageID: ImageID { ImageID(identity) }
    public var pixelWidth: Int { width }
    public var pixelHeight: Int { height }
    public var isFullyOpaque: Bool { isOpaque }
    public func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        try withUnsafeBytes { try body($0, bytesPerRow) }
    }
}
