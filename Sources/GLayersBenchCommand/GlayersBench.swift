/// glayers-bench: `glayers bench` with allocation counts. This executable links
/// `CAllocationCounter`, which interposes `malloc` and its siblings for the whole process, so
/// its RESULT lines add `allocations_per_frame` (and, with `--engine-only`, the exact
/// `allocations` of the measured frames on the thread that runs them); the `glayers` command
/// does not link it (nor does any library), and its lines have every other field.
///
///     swift run -c release glayers-bench [SCENE.json | --snow N | --classics] [--frames F] [--warmup W] [--size WxH] [--window] [--engine-only] [--zoom [--tile PIXELS]]
import ArgumentParser
import CAllocationCounter
import Foundation
import GLayers
import GLayersBench
import GLayersScene
import PortingClassics

@main
struct GlayersBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glayers-bench",
        abstract: "`glayers bench` with allocation counts: one RESULT line with allocations_per_frame.",
        discussion: """
            allocations_per_frame counts every allocation of the process during the measured
            frames, the driver's included; with --engine-only, every allocation of the thread
            that runs the frames (the engine's whole path: flush, evaluation, flattening), so
            that threads libraries start on their own (pango loading fonts) are left out. It is
            missing when counting is off (a C library other than glibc, or a sanitizer build,
            whose sanitizer owns the allocator).
            """)

    @OptionGroup var options: BenchOptions

    /// Whether to run the porting classics instead of a scene (glayers-bench only: the shipped
    /// `glayers` does not link them).
    @Flag(
        help:
            "Run the Core Animation classics of samples/porting (started in a live tree at time 0) instead of a scene."
    )
    var classics = false

    func validate() throws {
        if classics && (options.scene != nil || options.emitter != nil || options.zoom) {
            throw ValidationError("--classics runs its own workload; give no scene, --emitter or --zoom")
        }
    }

    func run() throws {
        let count = options.engineOnly ? glayers_thread_allocation_count : glayers_allocation_count
        let counter = glayers_allocation_counting_enabled() != 0 ? AllocationCounter { UInt64(count()) } : nil
        do {
            if options.load {
                print(try options.loadLine(counter: counter))
                return
            }
            // On the manual clock the frames run on (begin times that count from the load, #12).
            if options.scene != nil || classics { CAMediaClock.useManualTime(0) }
            let scene =
                classics
                ? Self.classicsScene()
                : try options.scene.map { try Scene.load(contentsOf: URL(fileURLWithPath: $0)) }
            print(try options.run(scene: scene, counter: counter))
        } catch let error as ValidationError {
            throw error
        } catch {
            FileHandle.standardError.write(Data("glayers-bench: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The classics gallery as the porting tests start it: shown (live) and committed at time
    /// 0, then started, so that the progress ring's change animates.
    static func classicsScene() -> Scene {
        let gallery = ClassicsGallery()
        let host = CALayerHost(rootLayer: gallery.layer)
        CATransaction.flush()
        gallery.start()
        CATransaction.flush()
        // The benchmark shows the tree itself from here on.
        host.detach()
        return Scene(root: gallery.layer, name: "classics", size: gallery.layer.bounds.size)
    }
}
