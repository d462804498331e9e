/// `glayers check DIR`: renders every scene a manifest names at its times and compares the
/// frames with golden PNGs (visual regression).
import ArgumentParser
import Foundation
import GLayers
import GLayersGraphics
import GLayersScene

/// One golden frame of a manifest.
struct CheckEntry: Decodable {
    var scene: String
    var at: Double
    var keys: String?
    var golden: String
    /// [channel, pixels].
    var tolerance: [Int]?
    var size: [Double]?
    var scale: Double?
    /// Why the frame and its tolerance are what they are (not read).
    var note: String?
}

/// `DIR/manifest.json`: `{ "entries": [ … ] }`.
struct CheckManifest: Decodable {
    var entries: [CheckEntry]
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render the scenes of DIR/manifest.json at their times and compare them with golden PNGs.",
        discussion: """
            manifest.json: { "entries": [ { "scene": "kiosk.json", "at": 0.5, "keys": "Down@0.2",
            "golden": "kiosk-0.5.png", "tolerance": [2, 10] } ] } — paths relative to DIR; tolerance is
            [largest channel difference, differing pixels allowed]. Failures write NAME.actual.png and
            NAME.diff.png into DIR/failures. Goldens are only written with --record.

            Examples:
              glayers check Tests/Goldens/Scenes
              glayers check Tests/Goldens/Scenes --record
              glayers check Tests/Goldens/Scenes --report report.html
            """)

    @Argument(help: "The directory holding manifest.json.")
    var directory: String

    @Flag(help: "Write the rendered frames as the new goldens instead of comparing.")
    var record = false

    @Option(
        help:
            "Also write an HTML report (one file, images included): every frame, failures first, with expected, actual, a wipe slider, an onion skin and the diff."
    )
    var report: String?

    func run() throws {
        try reporting {
            let dir = URL(fileURLWithPath: directory)
            let manifestURL = dir.appendingPathComponent("manifest.json")
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw CommandFailure(
                    message: "\(directory): not a directory; check takes the directory holding manifest.json "
                        + "(to render one file, glayers shot FILE)")
            }
            let manifestData: Data
            do {
                manifestData = try Data(contentsOf: manifestURL)
            } catch {
                throw CommandFailure(
                    message: "\(manifestURL.path): cannot read the file: \(error.localizedDescription)")
            }
            let manifest: CheckManifest
            do {
                manifest = try JSONDecoder().decode(CheckManifest.self, from: manifestData)
            } catch {
                throw CommandFailure(message: "\(manifestURL.path): \(error)")
            }
            var failures: [String] = []
            var results: [CheckResult] = []
            let progress = ProgressBar(total: manifest.entries.count)
            for (i, entry) in manifest.entries.enumerated() {
                progress.update(i, label: entry.golden)
                let result = try check(entry, in: dir)
                if result.status != .pass { failures.append("\(entry.golden): \(result.message)") }
                if report != nil { results.append(result) }
            }
            progress.finish()
            if let report, !record {
                let page = try CheckReport.html(results, directory: directory)
                do {
                    try Data(page.utf8).write(to: URL(fileURLWithPath: report))
                } catch {
                    throw CommandFailure(message: "\(report): cannot write the report: \(error.localizedDescription)")
                }
                print("wrote \(report) (\(results.count) frames, \(failures.count) failing)")
            }
            let n = manifest.entries.count
            if record {
                print("recorded \(n) golden\(n == 1 ? "" : "s") in \(directory)")
            } else if failures.isEmpty {
                print("all \(n) frames match their goldens")
            } else {
                for f in failures { print("FAIL \(f)") }
                print("\(failures.count) of \(n) frames differ (see \(dir.appendingPathComponent("failures").path))")
                throw ExitCode(1)
            }
        }
    }

    /// Renders one entry and compares it with its golden (or records it).
    private func check(_ entry: CheckEntry, in dir: URL) throws -> CheckResult {
        let scene = try loadScene(dir.appendingPathComponent(entry.scene).path, onTimeline: true)
        var size: CGSize?
        if let s = entry.size, s.count == 2 { size = CGSize(width: s[0], height: s[1]) }
        let timeline = SceneTimeline(
            scene: scene, keys: try TimedKey.parseList(entry.keys), size: size, scale: entry.scale.map { CGFloat($0) })
        let actual = try timeline.image(at: entry.at)
        var result = CheckResult(entry: entry, directory: directory, status: .pass, message: "matches", actual: actual)
        let goldenURL = dir.appendingPathComponent(entry.golden)
        if record {
            try actual.writePNG(to: goldenURL)
            return result
        }
        guard FileManager.default.fileExists(atPath: goldenURL.path) else {
            result.status = .missing
            result.message = "no golden \(goldenURL.path) (run with --record to make it)"
            return result
        }
        let golden = try CGImage.decode(contentsOf: goldenURL)
        let t = entry.tolerance ?? [0, 0]
        let tolerance = ImageTolerance(channel: t.first ?? 0, pixels: t.count > 1 ? t[1] : 0)
        let comparison = ImageComparison(golden, actual, tolerance: tolerance)
        result.expected = golden
        result.tolerance = tolerance
        result.comparison = comparison
        if comparison.matches { return result }
        result.status = .fail
        result.message = comparison.description
        let failures = dir.appendingPathComponent("failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let base = (entry.golden as NSString).deletingPathExtension
        try actual.writePNG(to: failures.appendingPathComponent("\(base).actual.png"))
        result.diff = ImageComparison.diffImage(golden, actual, tolerance: tolerance)
        if let diff = result.diff {
            try diff.writePNG(to: failures.appendingPathComponent("\(base).diff.png"))
        }
        return result
    }
}
