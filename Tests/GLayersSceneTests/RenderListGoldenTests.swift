import Foundation
import GLayers
import GLayersRenderList
import Testing

@testable import GLayersScene

/// One sample's frames in `Tests/Goldens/RenderLists/manifest.json`.
struct RenderListGoldenEntry: Decodable {
    /// A run: the sample played from a fresh load with a key script, flattened at each time.
    struct Run: Decodable {
        /// `"Down@0.2,Up@1.0"`; none by default.
        var keys: String?
        /// Media times in seconds, increasing.
        var at: [Double]
    }

    /// The sample's base name in `samples/`.
    var sample: String
    var runs: [Run]
    /// What the frames show (not read).
    var note: String?
}

/// The render-list goldens: `Tests/Goldens/RenderLists/SAMPLE.txt` holds the text dump of the
/// render list of every frame the manifest names for SAMPLE.
enum RenderListGoldens {
    static let folder = repositoryRoot.appendingPathComponent("Tests/Goldens/RenderLists")
    static let failures = folder.appendingPathComponent("Failures")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["GLAYERS_RECORD_GOLDENS"] == "1" }

    static func manifest() throws -> [RenderListGoldenEntry] {
        struct Manifest: Decodable { var entries: [RenderListGoldenEntry] }
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode(Manifest.self, from: data).entries
    }

    /// The text of every frame of `entry`, as the golden holds it.
    static func text(of entry: RenderListGoldenEntry) throws -> String {
        var out =
            "# samples/\(entry.sample).json: render lists at the times of Tests/Goldens/RenderLists/manifest.json\n"
        let builder = FrameBuilder()
        for run in entry.runs {
            // Loaded on the manual clock at 0, as the playback's documentation asks: begin times
            // that count from the load (emitters', #12) then count from 0.
            let playback = try ScenePlayback(
                contentsOf: samplesFolder.appendingPathComponent(entry.sample + ".json"),
                keys: try TimedKey.list(parsing: run.keys ?? ""))
            let scene = playback.scene
            for t in run.at {
                playback.advance(to: t)
                let list = builder.build(
                    root: scene.rootLayer, at: t, size: playback.size, scale: scene.scale,
                    clearColor: scene.backgroundColor)
                out += "\n== at \(t) s" + (run.keys.map { ", keys \($0)" } ?? "") + "\n"
                out += list.dump()
            }
        }
        return out
    }

    /// Compares `actual` with the golden `name`.txt (or records it when recording).
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name + ".txt")
        if isRecording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            let written = try writeFailure(actual, name)
            Issue.record(
                "missing golden \(url.path); record it with GLAYERS_RECORD_GOLDENS=1 (make record-goldens). Actual: \(written)",
                sourceLocation: sourceLocation)
            return
        }
        guard golden != actual else { return }
        let written = try writeFailure(actual, name)
        let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, got.count)
        let want = line < expected.count ? String(expected[line]) : "(end of file)"
        let have = line < got.count ? String(got[line]) : "(end of file)"
        Issue.record(
            "\(name).txt differs first at line \(line + 1):\n  golden: \(want)\n  actual: \(have)\nActual: \(written)",
            sourceLocation: sourceLocation)
    }

    private static func writeFailure(_ actual: String, _ name: String) throws -> String {
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let url = failures.appendingPathComponent(name + ".txt")
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

extension SceneSerialTests {
    /// Every sample flattened at fixed times (after timed keys) and compared, as text, with
    /// its checked-in render list: paint order, passes, matrices, colours and clips without a
    /// GPU. The text is rounded (see `RenderList.dump()`), so the comparison is exact.
    @Suite struct RenderListGoldenTests {
        @Test(arguments: sampleNames) func sampleMatchesItsGolden(_ name: String) throws {
            let entry = try #require(try RenderListGoldens.manifest().first { $0.sample == name }, "no manifest entry")
            try RenderListGoldens.check(try RenderListGoldens.text(of: entry), name)
        }

        /// The dump is a function of the frame: two builds of the same tree give the same text,
        /// though their images were made separately (identities differ).
        @Test func dumpIsStableAcrossLoads() throws {
            let entry = RenderListGoldenEntry(sample: "kiosk", runs: [.init(at: [0.5])])
            #expect(try RenderListGoldens.text(of: entry) == RenderListGoldens.text(of: entry))
        }
    }
}
