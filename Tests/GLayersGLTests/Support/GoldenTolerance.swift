/// Tolerances the golden tests use, with the reason for each.
import GLayersImageDiff

extension ImageTolerance {
    /// Geometry, colours and AA edges: llvmpipe is deterministic, so a rerun gives identical
    /// bytes; one step per channel absorbs a different LLVM's float rounding in coverage.
    static let geometry = ImageTolerance(maxChannelDelta: 1, maxDifferingPixels: 0)
    /// Bilinear texturing and perspective division round at more places: two steps, and a
    /// handful of pixels along texel seams.
    static let textured = ImageTolerance(maxChannelDelta: 2, maxDifferingPixels: 8)
    /// Blurs sum many taps (and downsample for large sigmas): three steps per channel.
    static let blurred = ImageTolerance(maxChannelDelta: 3, maxDifferingPixels: 16)
}
