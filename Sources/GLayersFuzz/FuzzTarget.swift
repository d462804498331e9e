/// The fuzz targets: one entry function per target, taking any bytes. An entry returns for
/// every input; a crash, a broken invariant (`Invariants.require`), a hang or unbounded memory
/// is a bug in glayers (or in the target). See docs/reliability.md.
///
/// - The `scene`, `api` and `lottie` targets set the process-wide media clock (manual time) and leave
///   no transaction open: run one input at a time, on one thread.
import Foundation

/// A fuzz target, named as in `make fuzz TARGET=…` and the corpus folders.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Bytes as a scene file: loaded (or refused with located errors), played, flattened.
    case scene
    /// Bytes as an image file: decoded as PNG, JPEG or WebP, or refused.
    case image
    /// A parser picked by the first byte, and its text: SVG paths, property values, colours,
    /// angles, timing functions, key scripts, key paths.
    case strings
    /// Bytes as a program of public API calls on a layer tree, with invariants after each.
    case api
    /// Bytes as a Lottie file: decoded (or refused with a located error), built into a
    /// `LottieLayer`, shown at a few progress values, played, flattened.
    case lottie

    /// Runs the target on one input.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .scene: Self.runScene(bytes)
        case .image: Self.runImage(bytes)
        case .strings: Self.runStrings(bytes)
        case .api: Self.runAPI(bytes)
        case .lottie: Self.runLottie(bytes)
        }
    }

    /// Runs the target on one input.
    public func run(_ data: Data) {
        data.withUnsafeBytes { run($0) }
    }
}
