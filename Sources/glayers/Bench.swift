/// `glayers bench`: renders as fast as it can and prints one `RESULT key=value …` line, in the
/// format of the floor benchmark (`snow.c`) so the two compare. It counts no allocations: that
/// needs an interposed allocator, which only the benchmark executable `glayers-bench` links.
import ArgumentParser
import GLayersBench

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark a scene or the built-in snowfall workload and print one RESULT line.",
        discussion: """
            Each frame: advance the manual clock 1/60 s, flush, evaluate, flatten, draw, glFinish;
            the drawing on a render thread while the next frame is built, as in a window
            (GLAYERS_THREADS=1: all on one thread). median_ms, the period between consecutive
            frames' ends, is the figure to compare with snow.c's; the line also has the threads
            and the medians and p90s of each phase (evaluate, flatten, plan, submit). For
            allocations_per_frame, run the
            same benchmark with `swift run -c release glayers-bench` (same options), whose
            allocator counts. With --zoom (and --engine-only, without OpenGL): the zoom into a 32768-point CATiledLayer map, frames
            paced at 60 Hz of real time, tiles drawn on tile threads and shown as they arrive;
            the line adds max_ms, the engine's share, the process's CPU time per frame (cpu_*:
            less moved by other processes than the frame times), missing tiles per frame, tiles
            drawn and the tile cache's peak against its budget.

            Examples:
              glayers bench --snow 10000 --frames 300
              GALLIUM_NOOP=1 glayers bench samples/kiosk.json
              glayers bench samples/lottie/loader.json --frames 300
              glayers bench anim.json --load
            """)

    @OptionGroup var options: BenchOptions

    func run() throws {
        try reporting {
            if options.load {
                print(try options.loadLine())
                return
            }
            // On the manual clock the frames run on: begin times that count from the load (an
            // emitter's, #12) then count from 0.
            let scene = try options.scene.map { try loadScene($0, onTimeline: true) }
            print(try options.run(scene: scene, counter: nil))
        }
    }
}
