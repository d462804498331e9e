/// `glayers diff a.png b.png`: compares two images under a tolerance.
import ArgumentParser
import Foundation
import GLayersGraphics

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images; write a diff image; exit 1 when they differ beyond the tolerance.",
        discussion: """
            Examples:
              glayers diff expected.png actual.png -o diff.png --tolerance 2,10
            """)

    @Argument(help: "The reference image.")
    var reference: String

    @Argument(help: "The image to compare.")
    var actual: String

    @Option(name: .shortAndLong, help: "Write the diff image (differences in red) here.")
    var output: String?

    @Option(
        help:
            "CHANNEL[,PIXELS]: the largest channel difference that counts as equal, and how many pixels may exceed it (default 0,0)."
    )
    var tolerance: String = "0,0"

    func run() throws {
        guard let tol = ImageTolerance(parsing: tolerance) else {
            throw ValidationError("--tolerance: \"\(tolerance)\" is not CHANNEL[,PIXELS] (for example 2,10)")
        }
        try reporting {
            let a = try CGImage.decode(contentsOf: URL(fileURLWithPath: reference))
            let b = try CGImage.decode(contentsOf: URL(fileURLWithPath: actual))
            let result = ImageComparison(a, b, tolerance: tol)
            if let output, let diff = ImageComparison.diffImage(a, b, tolerance: tol) {
                try diff.writePNG(to: URL(fileURLWithPath: output))
            }
            print(result.matches ? "same (\(result))" : "different: \(result)")
            if !result.matches { throw ExitCode(1) }
        }
    }
}
