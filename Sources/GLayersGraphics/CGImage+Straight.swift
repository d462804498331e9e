/// An image's pixels with straight (not premultiplied) alpha, for encoders that take them
/// (WebP's RGBA import, as libpng's).
extension CGImage {
    /// Calls `body` with the image's RGBA bytes, alpha not premultiplied (`height` rows of
    /// `bytesPerRow`, top row first): the stored bytes themselves when the image is opaque,
    /// else a converted copy.
    public func withStraightRGBA<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if isOpaque { return try withUnsafeBytes(body) }
        let straight = withUnsafeBytes { PixelConversion.unpremultiplied($0) }
        return try straight.withUnsafeBytes(body)
    }
}
