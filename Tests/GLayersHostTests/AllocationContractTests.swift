/// The per-frame contract (#21): at steady state a frame of the engine (`CATransaction.flush()`,
/// evaluation of every animation, flattening into the render list) allocates nothing, for every
/// sample and for the porting classics (docs/performance.md#the-per-frame-contract-for-every-animation-21).
///
/// The release `glayers-bench` counts the allocations of the thread that runs the frames
/// (`--engine-only`); a debug build allocates in code the optimizer removes, so it cannot say.
import Foundation
import Testing

@Suite struct AllocationContractTests {
    /// The release `glayers-bench` of this checkout, next to the build folder of this test run
    /// (`swift build -c release --product glayers-bench`, which `make test` runs first). A
    /// release binary left from an older checkout is measured as it is: rebuild it.
    static var bench: URL? {
        guard let debug = TestEnvironment.glayers else { return nil }
        let release = debug.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("release").appendingPathComponent("glayers-bench")
        return FileManager.default.isExecutableFile(atPath: release.path) ? release : nil
    }

    /// Whether this run must measure (`make test`, which CI runs, sets it): then a missing
    /// release binary fails the test instead of leaving it out.
    static let required = ProcessInfo.processInfo.environment["GLAYERS_REQUIRE_RELEASE_BENCH"] == "1"

    /// What one run measures: a sample (its path from the package root) or the classics, after
    /// a warm-up of frames at 60 Hz.
    struct Workload: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let warmup: Int
        var testDescription: String {
            arguments.first { $0.hasSuffix(".json") } ?? arguments.joined(separator: " ")
        }
    }

    /// Every sample after the default warm-up of 20 frames, but two whose steady state starts
    /// later (docs/performance.md#the-per-frame-contract-for-every-animation-21):
    /// - fireworks: the particles alive reach their most about 4 s in, where the bursts of
    ///   successive rockets overlap; until then the particle pool and the frame's lists grow;
    /// - the classics: the progress ring redraws its arc every frame while it animates (1 s),
    ///   the card flips (1 s), and each ripple ring draws its shape once at each scale step
    ///   during its first period (the last ring's ends at 3 s).
    static let workloads: [Workload] = {
        let samples = TestEnvironment.packageRoot.appendingPathComponent("samples")
        func jsonFiles(_ folder: String) -> [String] {
            let url = folder.isEmpty ? samples : samples.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
        }
        let names = jsonFiles("") + jsonFiles("lottie")
        let later = ["fireworks.json": 300]
        // Drawn contents every frame, at any warm-up: a trim path is a shape layer's strokeEnd
        // animation, and a shape is drawn again with its presented values in every frame in
        // which they change (docs/semantics.md#drawing-presented-values): the loader's arc
        // loops, and so does the check mark of the icon set, which the icon playing in the
        // Lottie menu holds (the paused icons draw nothing).
        let drawsEveryFrame: Set<String> = ["lottie-kiosk.json", "lottie/icons.json", "lottie/loader.json"]
        return names.filter { !drawsEveryFrame.contains($0) }.sorted().map {
            Workload(arguments: ["samples/\($0)"], warmup: later[$0] ?? 20)
        } + [
            Workload(arguments: ["--classics"], warmup: 240),
            // Wide enough (512 sublayers or more) for evaluation and flattening to be split
            // among the engine's threads, whose hand-off must allocate nothing either.
            Workload(arguments: ["--snow", "2000"], warmup: 20),
            // Sublayer transforms animated, by their parts and whole, beside colour
            // animations: the transform is kept among the reference box's rare fields, which
            // a presented state keeps as its own between frames.
            Workload(arguments: ["Tests/Workloads/sublayer-transform.json"], warmup: 20),
        ]
    }()

    @Test func everySampleIsMeasured() {
        #expect(Self.workloads.count >= 12, "\(Self.workloads.map(\.testDescription))")
        #expect(Self.workloads.contains { $0.testDescription == "samples/kiosk.json" })
    }

    @Test(
        .enabled(
            if: bench != nil || required,
            "the release glayers-bench is not built: swift build -c release --product glayers-bench"),
        arguments: workloads)
    func steadyFramesAllocateNothing(_ workload: Workload) throws {
        let bench = try #require(
            Self.bench, "the release glayers-bench is missing: swift build -c release --product glayers-bench")
        let arguments =
            workload.arguments + ["--engine-only", "--frames", "120", "--warmup", "\(workload.warmup)"]
        let child = try Subprocess(bench, arguments, directory: TestEnvironment.packageRoot)
        #expect(child.wait(), "glayers-bench \(arguments.joined(separator: " ")) did not finish")
        #expect(child.status == 0, "\(child.stderr)")
        let line = try #require(child.stdout.split(separator: "\n").first { $0.hasPrefix("RESULT ") })
        var fields: [String: String] = [:]
        for field in line.split(separator: " ") {
            let pair = field.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        #expect(fields["allocations_per_frame"] == "0.0", "\(line)")
        #expect(fields["allocations"] == "0", "exactly none in 120 frames: \(line)")
    }
}
