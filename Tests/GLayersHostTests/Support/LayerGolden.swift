/// Golden images of layer trees built in Swift and rendered headless (`HeadlessRenderer`), as
/// Core Animation code written for Apple draws them, in `Tests/Goldens/Layers` (see
/// `GoldenImages`).
import GLayersGraphics
import GLayersTestSupport
import Testing

enum LayerGolden {
    /// Checks `actual` against golden `name` under `tolerance`.
    static func check(
        _ actual: CGImage, _ name: String, _ tolerance: ImageTolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        GoldenImages.check(actual, name, in: "Layers", tolerance: tolerance, sourceLocation: sourceLocation)
    }
}
