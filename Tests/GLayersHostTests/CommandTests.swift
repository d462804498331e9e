/// The `glayers` command end to end: each sub-command run as a user runs it, with
/// its output and exit status checked.
import Foundation
import GLayersGraphics
import GLayersTestSupport
import Testing

@Suite(.serialized) struct CommandTests {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `glayers` with `arguments` from the package root, without a display unless given.
    func glayers(_ arguments: [String], display: String? = nil, environment: [String: String] = [:]) throws -> Output {
        try run("glayers", arguments, display: display, environment: environment)
    }

    /// Runs the package's executable `name` with `arguments` from the package root, without a
    /// display unless given.
    func run(_ name: String, _ arguments: [String], display: String? = nil, environment extra: [String: String] = [:])
        throws -> Output
    {
        guard let executable = TestEnvironment.executable(name) else {
            throw HarnessError("the \(name) executable is not built (swift build)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment.merge(extra) { $1 }
        let child = try Subprocess(
            executable, arguments, environment: environment, directory: TestEnvironment.packageRoot)
        #expect(child.wait(), "\(name) \(arguments.joined(separator: " ")) did not finish")
        return Output(status: child.status, stdout: child.stdout, stderr: child.stderr)
    }

    func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("glayers-cmd-\(getpid())-\(name)")
    }

    /// Every golden scene frame (kiosk at 0, 0.5, 1.0, gliding, after Down, Down, Up; the other
    /// samples) matches; the manifest states each tolerance and why.
    @Test func checkMatchesTheSceneGoldens() throws {
        let result = try glayers(["check", "Tests/Goldens/Scenes"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("all 18 frames match"))
    }

    /// After Down, Down, Up the selection rests on the second item (Music): its presentation
    /// position equals that item's position once the glide has ended.
    @Test func dumpShowsTheSelectionOnTheSecondItem() throws {
        let result = try glayers(["dump", "samples/kiosk.json", "--at", "2", "--keys", "Down@0.2,Down@0.6,Up@1.0"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["state"] as? [String: Any])?["selected"] as? Int == 1)
        let layers = try #require(json["layers"] as? [[String: Any]])
        func position(_ path: String) -> [Double]? {
            let layer = layers.first { $0["path"] as? String == path }
            return (layer?["properties"] as? [String: Any])?["position"] as? [Double]
        }
        let selection = try #require(layers.first { $0["name"] as? String == "selection" })
        let selectionPosition = (selection["properties"] as? [String: Any])?["position"] as? [Double]
        // The menu fills the root, so its items' positions are in the selection's coordinates.
        #expect(position("root.sublayers[0]") == [512, 384])
        #expect(selectionPosition != nil && selectionPosition == position("root.sublayers[0].sublayers[1]"))
        #expect(selection["animations"] as? [String] == ["pulseAnimation"])
    }

    /// `dump --render-list` prints the flattened frame as text: after Down, Down, Up the
    /// selection's item is at Music's place (origin (312, 289): centre (512, 314)).
    @Test func dumpPrintsTheRenderList() throws {
        let result = try glayers([
            "dump", "samples/kiosk.json", "--at", "2", "--keys", "Down@0.2,Down@0.6,Up@1.0", "--render-list",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "frame 1024x768 scale 1 clear rgba(0, 0, 0, 1)")
        #expect(lines.last == "  item L7 rect (0, 0, 400, 50) m T(312, 289) radius 25 border 2 rgba(1, 1, 1, 1)")
    }

    /// The same scene, time and keys give the same PNG bytes.
    @Test func shotIsDeterministic() throws {
        let a = temporaryFile("a.png"), b = temporaryFile("b.png")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        for url in [a, b] {
            let result = try glayers([
                "shot", "samples/kiosk.json", "--at", "0.7", "--keys", "Down@0.5", "--size", "320x240", "--scale", "2",
                "-o", url.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let bytes = try Data(contentsOf: a)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(bytes == (try Data(contentsOf: b)))
    }

    /// An emitter's shot is byte-identical on every run (the particles are simulated from the
    /// emitter's start with a generator seeded per step).
    @Test func emitterShotsAreByteIdentical() throws {
        let a = temporaryFile("fw-a.png"), b = temporaryFile("fw-b.png")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        for url in [a, b] {
            let result = try glayers(["shot", "samples/fireworks.json", "--at", "3.2", "-o", url.path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let bytes = try Data(contentsOf: a), again = try Data(contentsOf: b)
        #expect(bytes.count > 1000 && bytes == again)
    }

    /// Errors name the file, line, column and JSON path; the status is 1.
    @Test func validateReportsPositions() throws {
        let url = temporaryFile("bad.json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\n  \"root\": {\n    \"sublayers\": [ { \"opacty\": 0.5 } ]\n  }\n}\n".utf8).write(to: url)
        let result = try glayers(["validate", url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(url.path):3:"), "\(result.stderr)")
        #expect(result.stderr.contains("root.sublayers[0]"))
        #expect(result.stderr.contains("opacity"), "a did-you-mean suggestion")
        let good = try glayers(["validate", "samples/kiosk.json"])
        #expect(good.status == 0 && good.stdout.contains("ok"))
    }

    /// Without a display the window command says so in one line, suggests `glayers shot`, and
    /// exits with status 2.
    @Test func noDisplayExitsWithStatus2() throws {
        let result = try glayers(["samples/kiosk.json"], display: nil)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.contains("glayers shot"), "\(result.stderr)")
    }

    /// Bad input to the command itself: a missing scene, a malformed key list.
    @Test func badArgumentsAreReported() throws {
        let missing = try glayers(["shot", "no-such-scene.json", "--at", "1", "-o", temporaryFile("x.png").path])
        #expect(missing.status != 0 && missing.stderr.contains("no-such-scene.json"))
        let keys = try glayers(["dump", "samples/kiosk.json", "--at", "1", "--keys", "Down@soon"])
        #expect(keys.status != 0 && keys.stderr.contains("Down@soon"), "\(keys.stderr)")
        let unbound = try glayers(["dump", "samples/kiosk.json", "--at", "1", "--keys", "Dwn@0.5"])
        #expect(unbound.status == 0 && unbound.stderr.contains("\"Dwn\" is not bound"), "\(unbound.stderr)")
    }

    /// `bench` prints one RESULT line in the floor program's format.
    @Test func benchPrintsAResultLine() throws {
        let result = try glayers(["bench", "--snow", "50", "--frames", "5", "--size", "320x240"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("RESULT ") })
        for key in ["median_ms=", "p90_ms=", "frames=5", "n=50", "draw_calls="] {
            #expect(line.contains(key), "\(line)")
        }
    }

    /// `bench --zoom` plays the tiled map's zoom in the frames asked for and reports the main
    /// thread's frame times, missing tiles, tiles drawn and the tile cache against its budget;
    /// it takes no scene.
    @Test func benchZoomReportsTheTiledLayer() throws {
        let result = try glayers(["bench", "--zoom", "--frames", "12", "--size", "320x240", "--tile", "128"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("RESULT ") })
        let fields = Dictionary(
            line.split(separator: " ").compactMap { field -> (String, String)? in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { a, _ in a })
        #expect(fields["scene"] == "zoom" && fields["frames"] == "12" && fields["tile_size"] == "128", "\(line)")
        for key in [
            "median_ms", "p90_ms", "max_ms", "engine_median_ms", "cpu_median_ms", "engine_frames_over_16.7ms",
            "missing_tiles_mean", "tiles_per_s", "tile_draw_mean_ms",
        ] {
            #expect(fields[key].flatMap(Double.init) != nil, "\(key): \(line)")
        }
        #expect((fields["tiles_drawn"].flatMap(Int.init) ?? 0) > 0, "\(line)")
        let peak = try #require(fields["tile_peak_mib"].flatMap(Double.init))
        #expect(peak > 0 && peak <= 64 && fields["tile_budget_mib"] == "64", "\(line)")
        let engine = try glayers(["bench", "--zoom", "--engine-only", "--frames", "6", "--size", "320x240"])
        #expect(engine.status == 0, "\(engine.stderr)")
        #expect(engine.stdout.contains("RESULT scene=zoom mode=engine "), "\(engine.stdout)")
        #expect(engine.stdout.contains("renderer=\"none\""), "\(engine.stdout)")
        let refused = try glayers(["bench", "--zoom", "samples/kiosk.json"])
        #expect(refused.status != 0 && refused.stderr.contains("--zoom"), "\(refused.stderr)")
    }

    /// `glayers-bench` is `bench` with allocation counts: the same RESULT fields and
    /// `allocations_per_frame`, which `glayers bench` (without the counting allocator) leaves out.
    @Test(arguments: [[], ["--engine-only"]])
    func benchmarkExecutableAddsAllocationCounts(mode: [String]) throws {
        let arguments = ["--snow", "50", "--frames", "5", "--size", "320x240"] + mode
        let plain = try glayers(["bench"] + arguments)
        let counted = try run("glayers-bench", arguments)
        #expect(plain.status == 0 && counted.status == 0, "\(plain.stderr)\(counted.stderr)")
        let plainLine = try #require(plain.stdout.split(separator: "\n").first { $0.hasPrefix("RESULT ") })
        let countedLine = try #require(counted.stdout.split(separator: "\n").first { $0.hasPrefix("RESULT ") })
        let keys =
            mode.isEmpty ? ["median_ms=", "draw_calls=", "renderer="] : ["evaluate_median_ms=", "flatten_median_ms="]
        for key in keys + ["n=50", "frames=5", "items="] {
            #expect(plainLine.contains(key) && countedLine.contains(key), "\(plainLine)\n\(countedLine)")
        }
        #expect(!plainLine.contains("allocations_per_frame="), "\(plainLine)")
        // Under a sanitizer, which owns the allocator, glayers-bench counts nothing and says so
        // by leaving the field out.
        if !TestBuild.isSanitized {
            #expect(countedLine.contains("allocations_per_frame="), "\(countedLine)")
        }
    }

    /// A contact sheet of 4 frames is one PNG wider than a frame.
    @Test func filmstripWritesOneSheet() throws {
        let url = temporaryFile("strip.png")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try glayers([
            "filmstrip", "samples/bounce.json", "--from", "0", "--to", "1", "--frames", "4", "-o", url.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // bounce.json is 640×580, drawn at the default --scale 0.5: four 320×290 frames in a
        // row, with their labels under them.
        let sheet = try CGImage.decode(contentsOf: url)
        #expect(sheet.width >= 4 * 320 && sheet.height > 290, "\(sheet.width)×\(sheet.height)")
    }

    /// A sheet over 16 384 pixels a side is refused once the first frame gives its size, before
    /// the other frames are rendered (#24: 400 frames of 1 GiB each were held first), and
    /// nothing is written.
    @Test func aFilmstripTooLargeIsRefusedBeforeRendering() throws {
        let url = temporaryFile("huge-strip.png")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try glayers([
            "filmstrip", "samples/bounce.json", "--frames", "400", "--scale", "4", "-o", url.path,
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("the film strip would be 12848×"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
