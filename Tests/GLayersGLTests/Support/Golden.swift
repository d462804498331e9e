/// The renderer's golden images, in `Tests/Goldens/GLayersGL` (see `GoldenImages`).
import GLayersGraphics
import GLayersTestSupport
import Testing

enum Golden {
    static var isRecording: Bool { GoldenImages.isRecording }

    /// Checks `actual` against golden `name` under `tolerance`.
    static func check(
        _ actual: CGImage, _ name: String, _ tolerance: ImageTolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        GoldenImages.check(actual, name, in: "GLayersGL", tolerance: tolerance, sourceLocation: sourceLocation)
    }
}
