/// The Gaussian blur of `CGContext` shadows, on an 8-bit alpha plane.
///
/// - Three successive box blurs per axis approximate a Gaussian of standard deviation σ within
///   a few percent, with the box size of SVG's `feGaussianBlur`
///   (d = ⌊σ · 3 · √(2π) / 4 + 0.5⌋; for an even d two boxes of d, shifted half a pixel left
///   then right, and one of d + 1). Each pass costs O(1) a pixel whatever σ is.
/// - Pixels beyond the plane count as transparent.
import Foundation

/// A separable blur of an alpha plane.
enum ShadowBlur {
    /// The largest standard deviation, in device pixels, that a shadow is blurred with; larger
    /// blurs are clamped to it, which bounds the scratch margin to `margin(sigma: maximumSigma)`.
    static let maximumSigma: CGFloat = 64

    /// How many pixels a blur of `sigma` spreads a pixel on each side (an upper bound).
    static func margin(sigma: CGFloat) -> Int {
        guard sigma > 0 else { return 0 }
        let d = boxSize(sigma: sigma)
        return d < 2 ? 0 : 3 * (d / 2) + 1
    }

    /// SVG's box size for `sigma`.
    static func boxSize(sigma: CGFloat) -> Int {
        Int((sigma * 3 * (2 * CGFloat.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// Blurs `plane` (`width × height` bytes, rows `stride` bytes apart) in place.
    static func blur(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: CGFloat) {
        let d = boxSize(sigma: min(sigma, maximumSigma))
        guard d >= 2, width > 0, height > 0 else { return }
        // (pixels left of the centre, pixels right of it) for each of the three boxes.
        let boxes =
            d % 2 == 1
            ? Array(repeating: (d / 2, d / 2), count: 3)
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        var line = [UInt8](repeating: 0, count: max(width, height))
        var out = line
        for y in 0..<height {
            let row = plane + y * stride
            for x in 0..<width { line[x] = row[x] }
            for box in boxes { pass(&line, &out, count: width, box: box) }
            for x in 0..<width { row[x] = line[x] }
        }
        for x in 0..<width {
            for y in 0..<height { line[y] = plane[y * stride + x] }
            for box in boxes { pass(&line, &out, count: height, box: box) }
            for y in 0..<height { plane[y * stride + x] = line[y] }
        }
    }

    /// One box blur of the first `count` values of `line`, through `out`, back into `line`.
    private static func pass(_ line: inout [UInt8], _ out: inout [UInt8], count: Int, box: (Int, Int)) {
        let (left, right) = box
        let size = UInt32(left + right + 1)
        var sum: UInt32 = 0
        for i in 0...min(right, count - 1) { sum += UInt32(line[i]) }
        for i in 0..<count {
            out[i] = UInt8((sum + size / 2) / size)
            let entering = i + right + 1, leaving = i - left
            if entering < count { sum += UInt32(line[entering]) }
            if leaving >= 0 { sum -= UInt32(line[leaving]) }
        }
        swap(&line, &out)
    }
}
