/// `import ImageIO` for code written for Apple's platforms: image sources that read PNG and
/// JPEG files into `CGImage`s and image destinations that write PNG files, the calls Core
/// Animation code makes to load a layer's contents or save what `render(in:)` drew
/// (docs/porting.md#image-io).
///
/// glayers decodes with its own PNG, JPEG and WebP readers (one image per file; the limits of
/// `CGImage.decode`) and writes PNG only: a destination of another type is not made (nil),
/// as ImageIO does for a type it cannot write.
@_exported import CoreGraphics
import Foundation

/// CoreFoundation's URL, which Swift code makes with `url as CFURL`: a `URL` here.
public typealias CFURL = URL

/// The uniform type identifier of PNG (`kUTTypePNG`, `UTType.png.identifier`).
public let kUTTypePNG: CFString = "public.png"
/// The uniform type identifier of JPEG (`kUTTypeJPEG`, `UTType.jpeg.identifier`).
public let kUTTypeJPEG: CFString = "public.jpeg"

/// The key of an image's width in pixels in the properties of an image source.
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The key of an image's height in pixels in the properties of an image source.
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// The key of whether an image has alpha in the properties of an image source.
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"

/// Images read from a file or from bytes (ImageIO's `CGImageSource`): PNG, JPEG or WebP, one image.
public final class CGImageSource {
    /// The decoded image, or nil when the bytes are not an image glayers reads.
    let image: CGImage?
    /// The type identifier of the bytes (`public.png`, `public.jpeg`, `org.webmproject.webp`), or nil.
    let type: String?

    init(data: Data, name: String) {
        image = try? CGImage.decode(data: data, name: name)
        switch data.withUnsafeBytes({ ImageFormat.sniff($0) }) {
        case .png: type = "public.png"
        case .jpeg: type = "public.jpeg"
        case .webp: type = "org.webmproject.webp"
        default: type = nil
        }
    }
}

/// An image source reading the file at `url`, or nil when it cannot be read.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return CGImageSource(data: data, name: url.path)
}

/// An image source reading `data`.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: data as Data, name: "image data")
}

/// How many images the source holds: 1 when its bytes are an image glayers reads, else 0.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { isrc.image == nil ? 0 : 1 }

/// The type identifier of the source's bytes (`public.png`, `public.jpeg`, `org.webmproject.webp`), or nil.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? { isrc.type }

/// The image at `index` (only 0), or nil.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?)
    -> CGImage?
{
    index == 0 ? isrc.image : nil
}

/// The properties of the image at `index`: its pixel width and height and whether it has
/// alpha; nil for another index or a source without an image.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?)
    -> CFDictionary?
{
    guard index == 0, let image = isrc.image else { return nil }
    return [
        kCGImagePropertyPixelWidth: image.width, kCGImagePropertyPixelHeight: image.height,
        kCGImagePropertyHasAlpha: !image.isOpaque,
    ] as NSDictionary
}

/// Images to write to a file (ImageIO's `CGImageDestination`): PNG, one image.
public final class CGImageDestination {
    let url: URL
    var image: CGImage?
    var finalized = false

    init(url: URL) { self.url = url }
}

/// A destination writing `count` images of `type` to `url`; nil unless the type is PNG and
/// the count 1 (glayers writes one PNG image per file).
public func CGImageDestinationCreateWithURL(
    _ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    guard type == kUTTypePNG, count == 1 else { return nil }
    return CGImageDestination(url: url)
}

/// Adds `image` to the destination (a second image replaces the first).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.image = image
}

/// Writes the destination's image; false when it has none, was written already, or the file
/// cannot be written.
@discardableResult
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized, let image = idst.image else { return false }
    idst.finalized = true
    return (try? image.writePNG(to: idst.url)) != nil
}
