/// Comparing two images under a tolerance, and drawing where they differ: the ground of
/// golden-image tests and of `glayers diff`.
import GLayersGraphics

/// How different two images may be and still count as equal.
public struct ImageTolerance: Equatable, Sendable, CustomStringConvertible {
    /// The largest difference of one 8-bit channel (premultiplied) that is not a difference.
    public var maxChannelDelta: Int
    /// How many pixels may differ by more than `maxChannelDelta`.
    public var maxDifferingPixels: Int

    /// A tolerance of `maxChannelDelta` per channel and `maxDifferingPixels` pixels.
    public init(maxChannelDelta: Int, maxDifferingPixels: Int) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDifferingPixels = maxDifferingPixels
    }

    /// Byte-identical.
    public static let exact = ImageTolerance(maxChannelDelta: 0, maxDifferingPixels: 0)

    /// "channel delta ≤ N, ≤ M differing pixels".
    public var description: String { "channel delta ≤ \(maxChannelDelta), ≤ \(maxDifferingPixels) differing pixels" }
}

/// The outcome of comparing an actual image with a reference.
public struct ImageComparison: Equatable, Sendable, CustomStringConvertible {
    /// Whether the sizes differ (then nothing else was compared).
    public var sizeMismatch: Bool
    /// Pixels with a channel differing by more than the tolerance's `maxChannelDelta`.
    public var differingPixels: Int
    /// The largest channel difference anywhere.
    public var largestChannelDelta: Int
    /// The tolerance it was judged by.
    public var tolerance: ImageTolerance

    /// Whether the images count as equal.
    public var passes: Bool { !sizeMismatch && differingPixels <= tolerance.maxDifferingPixels }

    /// A one-line verdict.
    public var description: String {
        if sizeMismatch { return "sizes differ" }
        return "\(differingPixels) pixels differ (largest channel delta \(largestChannelDelta)); allowed: \(tolerance)"
    }
}

/// Image comparison and diff images.
public enum ImageDiff {
    /// Compares `actual` with `reference` under `tolerance`.
    public static func compare(_ reference: CGImage, _ actual: CGImage, tolerance: ImageTolerance) -> ImageComparison {
        guard reference.width == actual.width, reference.height == actual.height else {
            return ImageComparison(sizeMismatch: true, differingPixels: 0, largestChannelDelta: 0, tolerance: tolerance)
        }
        var differing = 0, largest = 0
        let a = reference.pixels, b = actual.pixels
        var i = 0
        while i < a.count {
            var pixelDelta = 0
            for c in 0..<4 { pixelDelta = max(pixelDelta, abs(Int(a[i + c]) - Int(b[i + c]))) }
            largest = max(largest, pixelDelta)
            if pixelDelta > tolerance.maxChannelDelta { differing += 1 }
            i += 4
        }
        return ImageComparison(
            sizeMismatch: false, differingPixels: differing, largestChannelDelta: largest, tolerance: tolerance)
    }

    /// An opaque picture of the differences: pixels differing by more than `maxChannelDelta`
    /// in red, the others a dimmed grey copy of `actual`. Nil when the sizes differ.
    public static func diffImage(_ reference: CGImage, _ actual: CGImage, maxChannelDelta: Int) -> CGImage? {
        guard reference.width == actual.width, reference.height == actual.height else { return nil }
        let a = reference.pixels, b = actual.pixels
        var out = [UInt8](repeating: 255, count: a.count)
        var i = 0
        while i < a.count {
            var delta = 0
            for c in 0..<4 { delta = max(delta, abs(Int(a[i + c]) - Int(b[i + c]))) }
            if delta > maxChannelDelta {
                (out[i], out[i + 1], out[i + 2]) = (255, 0, 0)
            } else {
                // Luminance of the actual pixel over black, dimmed to a third, lifted a little.
                let luma = (Int(b[i]) * 54 + Int(b[i + 1]) * 183 + Int(b[i + 2]) * 19) >> 8
                let v = UInt8(40 + luma / 3)
                (out[i], out[i + 1], out[i + 2]) = (v, v, v)
            }
            i += 4
        }
        return try? CGImage(width: actual.width, height: actual.height, premultipliedRGBA: out)
    }
}
