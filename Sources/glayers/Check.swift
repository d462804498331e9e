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
        abstract: "Render the scenes of DIR/manifest.json at their times and compare them with golden PNGs.",
        discussion: """
            manifest.json: { "entries": [ { "scene": "kiosk.json", "at": 0.5, "keys": "Down@0.2",
            "golden": "kiosk-0.5.png", "tolerance": [2, 10] } ] } — paths relative to DIR; tolerance is
            [largest channel difference, differing pixels allowed]. Failures write NAME.actual.png and
            NAME.diff.png into DIR/failures. Goldens are only written with --record.

            Examples:
              glayers check Tests/Goldens/Scenes
              glayers check Tests/Goldens/Scenes --record
            """)

    @Argument(help: "The directory holding manifest.json.")
    var directory: String

    @Flag(help: "Write the rendered frames as the new goldens instead of comparing.")
    var record = false

    func run() throws {
        try reporting {
            let dir = URL(fileURLWithPath: directory)
            let manifestURL = dir.appendingPathComponent("manifest.json")
            let manifest: CheckManifest
            do {
                manifest = try JSONDecoder().decode(CheckManifest.self, from: Data(contentsOf: manifestURL))
            } catch {
                throw CommandFailure(message: "\(manifestURL.path): \(error)")
            }
            var failures: [String] = []
            let progress = ProgressBar(total: manifest.entries.count)
            for (i, entry) in manifest.entries.enumerated() {
                progress.update(i, label: entry.golden)
                if let problem = try check(entry, in: dir) { failures.append("\(entry.golden): \(problem)") }
            }
            progress.finish()
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

    /// Renders one entry; returns a problem, or nil when it matches (or was recorded).
    private func check(_ entry: CheckEntry, in dir: URL) throws -> String? {
        let scene = try loadScene(dir.appendingPathComponent(entry.scene).path, onTimeline: true)
        var size: CGSize?
        if let s = entry.size, s.count == 2 { size = CGSize(width: s[0], height: s[1]) }
        let timeline = SceneTimeline(
            scene: scene, keys: try TimedKey.parseList(entry.keys), size: size, scale: entry.scale.map { CGFloat($0) })
        let actual = try timeline.image(at: entry.at)
        let goldenURL = dir.appendingPathComponent(entry.golden)
        if record {
            try actual.writePNG(to: goldenURL)
            return nil
        }
        guard FileManager.default.fileExists(atPath: goldenURL.path) else {
            return "no golden \(goldenURL.path) (run with --record to make it)"
        }
        let golden = try CGImage.decode(contentsOf: goldenURL)
        let t = entry.tolerance ?? [0, 0]
        let tolerance = ImageTolerance(channel: t.first ?? 0, pixels: t.count > 1 ? t[1] : 0)
        let result = ImageComparison(golden, actual, tolerance: tolerance)
        if result.matches { return nil }
        let failures = dir.appendingPathComponent("failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let base = (entry.golden as NSString).deletingPathExtension
        try actual.writePNG(to: failures.appendingPathComponent("\(base).actual.png"))
        if let diff = ImageComparison.diffImage(golden, actual, tolerance: tolerance) {
            try diff.writePNG(to: failures.appendingPathComponent("\(base).diff.png"))
        }
        return result.description
    }
}

/// A progress bar on a terminal (nothing when standard error is not one).
final class ProgressBar {
    let total: Int
    let enabled = isatty(2) != 0

    init(total: Int) { self.total = total }

    func update(_ done: Int, label: String) {
        guard enabled, total > 0 else { return }
        let width = 30, filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label.prefix(40))\u{1B}[K".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
