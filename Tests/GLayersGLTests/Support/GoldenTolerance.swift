import GLayersGraphics

/// Tolerances the golden tests use, with the reason for each.

extension ImageTolerance {
    /// Geometry, colours and AA edges: llvmpipe is deterministic, so a rerun gives identical
    /// bytes; one step per channel absorbs a different LLVM's float rounding in coverage.
    static let geometry = ImageTolerance(channel: 1, pixels: 0)
    /// Bilinear texturing and perspective division round at more places: two steps, and a
    /// handful of pixels along texel seams.
    static let textured = ImageTolerance(channel: 2, pixels: 8)
    /// Blurs sum many taps (and downsample for large sigmas): three steps per channel.
    static let blurred = ImageTolerance(channel: 3, pixels: 16)
}
