/// Golden-image checks: an actual image against a checked-in reference PNG under a stated
/// tolerance.
///
/// - References live in `Tests/Goldens/GLayersGL/NAME.png`.
/// - A missing reference fails. Recording happens only when the environment variable
///   `GLAYERS_RECORD_GOLDENS=1` is set (`make record-goldens`): the actual image is written
///   as the reference and the check passes. CI never sets it.
/// - On a mismatch, `NAME.reference.png`, `NAME.actual.png` and `NAME.diff.png` (differing
///   pixels red over a dimmed copy) are written into `Tests/Goldens/Failures/` (git-ignored)
///   and the failure names them.
import Foundation
import GLayersGraphics
import Testing

enum Golden {
    /// `Tests/Goldens`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")
    static let references = root.appendingPathComponent("GLayersGL")
    static let failures = root.appendingPathComponent("Failures")

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
        guard FileManager.default.fileExists(atPath: url.path) else {
            let written = writeFailure(name, reference: nil, actual: actual, tolerance: tolerance)
            Issue.record(
                "missing golden \(url.path); record it with GLAYERS_RECORD_GOLDENS=1 (make record-goldens). Actual: \(written)",
                sourceLocation: sourceLocation)
            return
        }
        let reference: CGImage
        do { reference = try CGImage.decode(contentsOf: url) } catch {
            Issue.record("cannot read golden \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        let result = ImageComparison(reference, actual, tolerance: tolerance)
        if result.matches { return }
        let written = writeFailure(name, reference: reference, actual: actual, tolerance: tolerance)
        Issue.record("golden \(name): \(result). Wrote \(written)", sourceLocation: sourceLocation)
    }

    private static func writeFailure(_ name: String, reference: CGImage?, actual: CGImage, tolerance: ImageTolerance)
        -> String
    {
        var paths: [String] = []
        do {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            func write(_ image: CGImage, _ suffix: String) throws {
                let url = failures.appendingPathComponent("\(name).\(suffix).png")
                try image.writePNG(to: url)
                paths.append(url.path)
            }
            if let reference {
                try write(reference, "reference")
                try write(actual, "actual")
                if let diff = ImageComparison.diffImage(reference, actual, tolerance: tolerance) {
                    try write(diff, "diff")
                }
            } else {
                try write(actual, "actual")
            }
        } catch {
            paths.append("(could not write failure images: \(error))")
        }
        return paths.joined(separator: ", ")
    }
}
