/// Golden-image checks shared by the test targets: an actual image against a checked-in
/// reference PNG under a stated tolerance.
///
/// - References live in `Tests/Goldens/FOLDER/NAME.png`.
/// - A missing reference fails. Recording happens only when the environment variable
///   `GLAYERS_RECORD_GOLDENS=1` is set (`make record-goldens`): the actual image is written as
///   the reference and the check passes. CI never sets it.
/// - On a mismatch, `NAME.reference.png`, `NAME.actual.png` and `NAME.diff.png` (differing
///   pixels red over a dimmed copy) are written into `Tests/Goldens/Failures/` (git-ignored)
///   and the failure names them.
import Foundation
import GLayersGraphics
import Testing

/// Checks images against golden references.
public enum GoldenImages {
    /// `Tests/Goldens`.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")
    /// `Tests/Goldens/Failures`, where checks write what they saw.
    public static let failures = root.appendingPathComponent("Failures")

    /// Whether goldens are being recorded (`GLAYERS_RECORD_GOLDENS=1`).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["GLAYERS_RECORD_GOLDENS"] == "1" }

    /// Checks `actual` against `Tests/Goldens/FOLDER/NAME.png` under `tolerance`.
    public static func check(
        _ actual: CGImage, _ name: String, in folder: String, tolerance: ImageTolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let references = root.appendingPathComponent(folder)
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
            let written = writeFailure([("actual", actual)], name: name, tolerance: tolerance).joined(separator: ", ")
            let hint = "record it with GLAYERS_RECORD_GOLDENS=1 (make record-goldens)"
            Issue.record(
                Comment(rawValue: "missing or unreadable golden \(url.path); \(hint). Actual: \(written)"),
                sourceLocation: sourceLocation)
            return
        }
        let result = ImageComparison(reference, actual, tolerance: tolerance)
        if result.matches { return }
        let written = writeFailure([("reference", reference), ("actual", actual)], name: name, tolerance: tolerance)
        Issue.record(
            "golden \(name): \(result). Wrote \(written.joined(separator: ", "))", sourceLocation: sourceLocation)
    }

    /// Writes `Failures/NAME.LABEL.png` for each image, and `NAME.diff.png` of the first two
    /// under `tolerance`; returns the paths written.
    @discardableResult
    public static func writeFailure(
        _ images: [(label: String, image: CGImage)], name: String, tolerance: ImageTolerance
    ) -> [String] {
        var paths: [String] = []
        func write(_ image: CGImage, _ label: String) {
            let url = failures.appendingPathComponent("\(name).\(label).png")
            if (try? image.writePNG(to: url)) != nil { paths.append(url.path) }
        }
        try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        for (label, image) in images { write(image, label) }
        if images.count >= 2,
            let diff = ImageComparison.diffImage(images[0].image, images[1].image, tolerance: tolerance)
        {
            write(diff, "diff")
        }
        return paths
    }
}
