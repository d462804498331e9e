/// The `image` fuzz target: bytes as an image file. Decoding must give a well-formed image or
/// a `CGImageError`, for any bytes: headers that claim huge sizes, truncated streams, bombs.
/// The format is recognised by content, so one target covers PNG, JPEG and WebP (and the refusal
/// of the formats glayers does not decode).
import Foundation
import GLayersGraphics

extension FuzzTarget {
    static func runImage(_ bytes: UnsafeRawBufferPointer) {
        let image: CGImage
        do {
            image = try CGImage.decode(data: Data(bytes), name: "fuzz")
        } catch let error as CGImageError {
            Invariants.require("\(error)".hasPrefix("fuzz"), "a decoding error that does not name the input: \(error)")
            return
        } catch {
            Invariants.require(false, "decoding threw \(type(of: error)), not CGImageError: \(error)")
            return
        }
        checkImage(image)
        if image.width * image.height <= 1 << 16 { checkPNGRoundTrip(image) }
    }

    /// Encoding a decoded image as PNG and decoding that gives the image back: its size and
    /// alpha exactly, its colours within 1 (premultiplied values go through straight ones).
    static func checkPNGRoundTrip(_ image: CGImage) {
        let again: CGImage
        do {
            again = try CGImage.decode(data: image.pngData(), name: "fuzz round trip")
        } catch {
            Invariants.require(false, "a decoded image did not encode and decode again: \(error)")
            return
        }
        Invariants.require(again.width == image.width && again.height == image.height, "the round trip resized it")
        image.withUnsafeBytes { p in
            again.withUnsafeBytes { q in
                for i in 0..<min(p.count, q.count) {
                    let limit = i % 4 == 3 ? 0 : 1
                    Invariants.require(abs(Int(p[i]) - Int(q[i])) <= limit, "byte \(i) changed in the round trip")
                }
            }
        }
    }

    /// A decoded image has a size within the limits, exactly its bytes, premultiplied pixels
    /// and an opacity flag that matches them.
    static func checkImage(_ image: CGImage) {
        let (w, h) = (image.width, image.height)
        Invariants.require(w > 0 && h > 0, "an image of \(w) × \(h)")
        Invariants.require(
            w <= CGImage.maximumSide && h <= CGImage.maximumSide, "an image of \(w) × \(h) over the limit")
        Invariants.require(image.pixels.count == w * h * 4, "\(image.pixels.count) bytes for \(w) × \(h)")
        image.withUnsafeBytes { p in
            var opaque = true
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                Invariants.require(p[i] <= a && p[i + 1] <= a && p[i + 2] <= a, "pixel \(i / 4) is not premultiplied")
                if a != 255 { opaque = false }
            }
            Invariants.require(
                opaque == image.isOpaque,
                "isOpaque is \(image.isOpaque) for pixels that are \(opaque ? "" : "not ")opaque")
        }
    }
}
