/// The images one scene or Lottie file loads: each decoded once, however it is named, and all of
/// them together at most `pixelBudget` pixels, the most one image may hold (#24: twenty spellings
/// of one 16 384² PNG, `a.png`, `./a.png`, `.//a.png`, …, decoded twenty gigabytes).
import Foundation

/// A cache of decoded images by identity of their source, with a budget of pixels.
package final class ImageLoads {
    /// The pixels all the images of one file may hold together (2^28, 1 GiB of RGBA, by
    /// default: the most one image may hold).
    package let pixelBudget: Int

    private var images: [String: CGImage] = [:]
    /// The pixels of the images decoded so far.
    package private(set) var pixels = 0

    /// A new, empty cache whose images may hold `pixelBudget` pixels together.
    package init(pixelBudget: Int = CGImage.maximumPixelCount) { self.pixelBudget = pixelBudget }

    /// The cache key of the file at `url`: its path with `.`, `..`, repeated slashes and
    /// symbolic links resolved.
    package static func key(of url: URL) -> String { "file:" + url.standardizedFileURL.resolvingSymlinksInPath().path }

    /// The cache key of embedded image bytes: their length and a 64-bit FNV-1a hash of them.
    package static func key(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 } }
        return "data:\(data.count):\(hash)"
    }

    /// The image cached under `key`, or the one `decode` makes (cached), or a
    /// `CGImageError.overBudget` when it would take the file's images past `pixelBudget`.
    package func image(key: String, name: String, decode: () throws -> CGImage) throws -> CGImage {
        if let cached = images[key] { return cached }
        let image = try decode()
        let added = image.width * image.height
        guard pixels + added <= pixelBudget else {
            throw CGImageError(
                .overBudget(loaded: pixels, width: image.width, height: image.height, budget: pixelBudget), name: name)
        }
        pixels += added
        images[key] = image
        return image
    }
}
