/// The statistics the benchmarks report over their measured frames.
import Foundation

/// Timing statistics in milliseconds.
public struct FrameTimes: CustomStringConvertible {
    /// The samples, sorted.
    public var samples: [Double]
    /// Statistics of `samples` (milliseconds).
    public init(_ samples: [Double]) { self.samples = samples.sorted() }
    /// The median sample.
    public var median: Double { samples.isEmpty ? 0 : samples[samples.count / 2] }
    /// The 10th percentile.
    public var p10: Double { samples.isEmpty ? 0 : samples[samples.count / 10] }
    /// The 90th percentile.
    public var p90: Double { samples.isEmpty ? 0 : samples[(samples.count * 9) / 10] }
    /// The mean.
    public var mean: Double { samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count) }
    /// `median_ms=… p10_ms=… p90_ms=…`.
    public var description: String {
        String(format: "median_ms=%.3f p10_ms=%.3f p90_ms=%.3f", median, p10, p90)
    }
}
