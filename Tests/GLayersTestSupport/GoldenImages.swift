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

    /// The OpenGL implementation the tests draw with when it is not Mesa's llvmpipe, whose
    /// pixels the goldens are: `GALLIUM_DRIVER` (softpipe) or zink
    /// (`MESA_LOADER_DRIVER_OVERRIDE`); nil for llvmpipe.
    public static var otherDriver: String? {
        let environment = ProcessInfo.processInfo.environment
        if let loader = environment["MESA_LOADER_DRIVER_OVERRIDE"], !loader.isEmpty { return loader }
        if let gallium = environment["GALLIUM_DRIVER"], !gallium.isEmpty, gallium != "llvmpipe" { return gallium }
        return nil
    }

    /// `tolerance` for an image of `pixels` pixels drawn by `otherDriver`: one more level per
    /// channel, and 0.5 % of the pixels (at least 16) beyond it. Rasterizers round edge
    /// coverage and texture coordinates differently, and OpenGL lets an implementation
    /// approximate the level of detail that chooses between texels and mipmap levels
    /// (the OpenGL 3.3 core specification, texture minification: the scale factor ρ "may be
    /// approximated"), so nearest and trilinear
    /// minification may take the neighbouring texel at cell boundaries (softpipe, measured:
    /// at most 2 levels on up to 31 pixels, and 13 pixels of the minification golden).
    public static func driverTolerance(_ tolerance: ImageTolerance, pixels: Int) -> ImageTolerance {
        ImageTolerance(channel: tolerance.channel + 1, pixels: tolerance.pixels + max(16, pixels / 200))
    }

    /// Checks `actual` against `Tests/Goldens/FOLDER/NAME.png` under `tolerance` (widened by
    /// `driverTolerance` under `otherDriver`).
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
        let stated = tolerance
        let tolerance =
            otherDriver == nil ? stated : driverTolerance(stated, pixels: reference.width * reference.height)
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
