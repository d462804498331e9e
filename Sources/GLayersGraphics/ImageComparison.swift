/// Comparing two images under a tolerance, and the diff image that shows where they differ:
/// the ground of golden-image tests and of `glayers diff` / `glayers check`.
import Foundation

/// How different two images may be and still match.
public struct ImageTolerance: Equatable, Sendable, CustomStringConvertible {
    /// The largest difference of one channel (0 … 255) that counts as equal.
    public var channel: Int
    /// How many pixels may differ by more than `channel`.
    public var pixels: Int

    /// A tolerance of `channel` levels per channel and `pixels` differing pixels (default 0, exact).
    ///
    /// - Negative values count as 0.
    public init(channel: Int = 0, pixels: Int = 0) {
        self.channel = max(0, channel)
        self.pixels = max(0, pixels)
    }

    /// Exact equality.
    public static let exact = ImageTolerance()

    /// Parses `CHANNEL` or `CHANNEL,PIXELS` (e.g. `2,10`).
    public init?(parsing text: String) {
        let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), let c = parts[0], c >= 0 else { return nil }
        let p = parts.count == 2 ? parts[1] : 0
        guard let p, p >= 0 else { return nil }
        self.init(channel: c, pixels: p)
    }

    /// The tolerance in words ("channel ≤ 2, differing pixels ≤ 10"), for messages.
    public var description: String { "channel ≤ \(channel), differing pixels ≤ \(pixels)" }
}

/// The result of comparing two images.
public struct ImageComparison: Equatable, Sendable, CustomStringConvertible {
    /// Whether the sizes differ (then nothing else was compared).
    public let sizeMismatch: Bool
    /// Pixels whose largest channel difference exceeds the tolerance's `channel`.
    public let differingPixels: Int
    /// The largest channel difference anywhere.
    public let maxChannelDifference: Int
    /// The tolerance used.
    public let tolerance: ImageTolerance

    /// Whether the images match under the tolerance.
    public var matches: Bool { !sizeMismatch && differingPixels <= tolerance.pixels }

    /// Compares premultiplied RGBA images of the same size.
    public init(_ a: CGImage, _ b: CGImage, tolerance: ImageTolerance) {
        self.tolerance = tolerance
        guard a.width == b.width, a.height == b.height else {
            sizeMismatch = true
            differingPixels = max(a.width * a.height, b.width * b.height)
            maxChannelDifference = 255
            return
        }
        sizeMismatch = false
        var count = 0, worst = 0
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                for y in 0..<a.height {
                    let ra = y * a.bytesPerRow, rb = y * b.bytesPerRow
                    for x in 0..<a.width {
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(pa[ra + x * 4 + c]) - Int(pb[rb + x * 4 + c]))) }
                        worst = max(worst, d)
                        if d > tolerance.channel { count += 1 }
                    }
                }
            }
        }
        differingPixels = count
        maxChannelDifference = worst
    }

    /// The result in words: how many pixels differ and by how much, or that the sizes differ.
    public var description: String {
        if sizeMismatch { return "the sizes differ" }
        return
            "\(differingPixels) pixels differ by more than \(tolerance.channel) (largest difference \(maxChannelDifference); allowed \(tolerance.pixels))"
    }

    /// An image of the differences: `b` dimmed to a quarter, with differing pixels in red
    /// (brighter for larger differences); nil when the sizes differ.
    public static func diffImage(_ a: CGImage, _ b: CGImage, tolerance: ImageTolerance) -> CGImage? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var out = [UInt8](repeating: 0, count: a.width * a.height * 4)
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                for y in 0..<a.height {
                    for x in 0..<a.width {
                        let ia = y * a.bytesPerRow + x * 4, ib = y * b.bytesPerRow + x * 4, o = (y * a.width + x) * 4
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(pa[ia + c]) - Int(pb[ib + c]))) }
                        if d > tolerance.channel {
                            out[o] = UInt8(min(255, 128 + d / 2))
                            out[o + 3] = 255
                        } else {
                            let gray = (Int(pb[ib]) + Int(pb[ib + 1]) + Int(pb[ib + 2])) / 12
                            out[o] = UInt8(gray)
                            out[o + 1] = UInt8(gray)
                            out[o + 2] = UInt8(gray)
                            out[o + 3] = 255
                        }
                    }
                }
            }
        }
        return try? CGImage(width: a.width, height: a.height, premultipliedRGBA: out)
    }
}
