/// Golden images of layer trees built in Swift and rendered headless (`HeadlessRenderer`), as
/// Core Animation code written for Apple draws them.
///
/// - References live in `Tests/Goldens/Layers/NAME.png`.
/// - A missing reference fails. Recording happens only when the environment variable
///   `GLAYERS_RECORD_GOLDENS=1` is set (`make record-goldens`); CI never sets it.
/// - On a mismatch, `NAME.reference.png`, `NAME.actual.png` and `NAME.diff.png` go to
///   `Tests/Goldens/Failures/` (git-ignored) and the failure names them.
import Foundation
import GLayersGraphics
import Testing

enum LayerGolden {
    /// `Tests/Goldens/Layers`.
    static let references = TestEnvironment.packageRoot.appendingPathComponent("Tests/Goldens/Layers")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["GLAYERS_RECORD_GOLDENS"] == "1" }

    /// Checks `actual` against golden `name` under `tolerance`.
    static func check(
        _ actual: CGImage, _ name: String, _ tolerance: ImageTolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = references.appendingPathComponent(name + ".png")
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
                try actual.writePNG(to: url)
                print("recorded golden \(url.path)")
            } catch {
                Issue.record("cannot record golden \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let reference = try? CGImage.decode(contentsOf: url) else {
            let written = SceneFrames.writeFailure([("actual", actual)], name: name, tolerance: tolerance)
            let hint = "record it with GLAYERS_RECORD_GOLDENS=1 (make record-goldens)"
            Issue.record(
                "missing or unreadable golden \(url.path); \(hint). Actual: \(written.joined(separator: ", "))",
                sourceLocation: sourceLocation)
            return
        }
        let result = ImageComparison(reference, actual, tolerance: tolerance)
        if result.matches { return }
        let written = SceneFrames.writeFailure(
            [("reference", reference), ("actual", actual)], name: name, tolerance: tolerance)
        Issue.record(
            "golden \(name): \(result). Wrote \(written.joined(separator: ", "))", sourceLocation: sourceLocation)
    }
}
