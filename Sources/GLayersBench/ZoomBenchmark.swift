/// The zoom benchmark (#12): the zoom workload's 9-second zoom into a 32 768-point map, played
/// as a window plays it — frames paced at 60 Hz of real time, tiles drawn on tile threads and
/// shown as they arrive (no waiting) — headless. It times the thread that owns the tree (evaluate,
/// flatten, and unless engine-only draw and `glFinish`) and samples the tile cache.
import Foundation
import GLayers
import GLayersGL
import GLayersGraphics
import GLayersHost

/// Measures the zoom.
public enum ZoomBenchmark {
    /// What a run measured.
    public struct Result {
        /// Frames of the main thread, from the frame's start to `glFinish`.
        public var times: FrameTimes
        /// The engine's part of them: display links, flush, evaluation and flattening (which
        /// queues tile drawings and reads the tile cache).
        public var engine: FrameTimes
        /// The process's CPU time (every thread: the rasterizer's, the tile threads') from each
        /// frame's start to its `glFinish`, in milliseconds: less moved than `times` by other
        /// processes on the machine.
        public var cpu: FrameTimes
        /// The longest frame, in milliseconds.
        public var longest: Double
        /// Frames longer than 1/60 s.
        public var slowFrames: Int
        /// Frames whose engine part alone was longer than 1/60 s.
        public var slowEngineFrames: Int
        /// Frames in which some visible tile had no image of its level yet.
        public var framesWithMissingTiles: Int
        /// Visible tiles without an image of their level, per frame: the mean.
        public var missingTilesMean: Double
        /// The most visible tiles without an image of their level in one frame.
        public var missingTilesMax: Int
        /// Tiles drawn during the run.
        public var tilesDrawn: Int
        /// The run's length in seconds of real time.
        public var seconds: Double
        /// The time tile threads spent drawing them, in seconds.
        public var drawingSeconds: Double
        /// The most tile bytes resident after a frame.
        public var peakResidentBytes: Int
        /// The tile cache's budget in bytes.
        public var budgetBytes: Int
        /// The most tile bytes uploaded in one frame (textures the renderer made).
        public var uploadMaxBytes: Int
        /// The tile upload budget (`FrameBuilder.tileUploadBudgetBytes`; `Int.max`: none).
        public var uploadBudgetBytes: Int
        /// The OpenGL renderer's name ("none" engine-only).
        public var renderer: String
    }

    /// Plays the zoom in `frames` frames at `size` points with tiles of `tileSide` pixels, one
    /// frame per 1/60 s of real time; the zoom lasts from the first frame to the last (541
    /// frames: the workload's 9 s). `engineOnly` leaves out OpenGL (the frame is the engine's).
    /// `uploadBudgetBytes` replaces the default tile upload budget.
    public static func run(
        size: CGSize, tileSide: Int = 256, frames: Int = 541, engineOnly: Bool = false, uploadBudgetBytes: Int? = nil
    ) throws -> Result {
        let duration = Double(max(frames - 1, 1)) / 60
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        TileCache.shared.removeAllTiles()
        let driver = engineOnly ? nil : try FrameDriver(context: GLContext.headless())
        let builder = driver?.builder ?? FrameBuilder()
        builder.tileWaiting = .never
        if let uploadBudgetBytes { builder.tileUploadBudgetBytes = uploadBudgetBytes }
        let map = MapTiledLayer()
        map.tileSize = CGSize(width: tileSide, height: tileSide)
        let (root, _) = ZoomWorkload.makeScene(size: size, duration: duration, map: map)
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        // GLAYERS_ZOOM_TRACE=1: one line per frame on standard error.
        let trace = ProcessInfo.processInfo.environment["GLAYERS_ZOOM_TRACE"] == "1"
        var samples: [Double] = [], engine: [Double] = [], cpu: [Double] = []
        var missingFrames = 0, missingSum = 0, missingMax = 0, peak = 0, uploadMax = 0
        let drawnBefore = TileCache.shared.drawnTiles, drawingBefore = TileCache.shared.drawingSeconds
        let start = MonotonicClock.now
        for f in 0..<frames {
            let t = Double(f) / 60
            // Pace as a display does: frame f starts at f/60 s of real time.
            let due = start + t
            let now = MonotonicClock.now
            if now < due { usleep(useconds_t((due - now) * 1_000_000)) }
            CAMediaClock.setTime(t)
            // FrameDriver.drawFrame's steps, timed apart: the engine's, then OpenGL's.
            let begin = MonotonicClock.now, beginCPU = processCPUSeconds()
            CALayerHost.runDisplayLinks(forFrameAt: t, refreshInterval: driver?.refreshInterval ?? 1.0 / 60)
            CATransaction.flush()
            let list = builder.build(root: root, at: t, size: size, scale: 1)
            let flattened = MonotonicClock.now
            if let driver {
                driver.renderer.render(list, to: .offscreen)
                driver.renderer.finish()
                if let error = driver.renderer.lastError { throw error }
            }
            let end = MonotonicClock.now
            samples.append((end - begin) * 1000)
            cpu.append((processCPUSeconds() - beginCPU) * 1000)
            engine.append((flattened - begin) * 1000)
            let missing = builder.lastFrameMissingTiles
            if missing > 0 { missingFrames += 1 }
            missingSum += missing
            missingMax = max(missingMax, missing)
            peak = max(peak, TileCache.shared.residentBytes)
            uploadMax = max(uploadMax, driver?.renderer.stats.textureBytes ?? 0)
            if trace {
                let c = TileCache.shared.census()
                let stats = driver?.renderer.stats
                // Screens of pixels the items cover (axis-aligned quads here), clipped to the frame.
                var covered: Float = 0
                for item in list.items {
                    let r = item.rect
                    guard let a = item.transform.project(r.x, r.y),
                        let b = item.transform.project(r.maxX, r.maxY)
                    else { continue }
                    let w = max(0, min(max(a.0, b.0), Float(size.width)) - max(min(a.0, b.0), 0))
                    let h = max(0, min(max(a.1, b.1), Float(size.height)) - max(min(a.1, b.1), 0))
                    covered += w * h / Float(size.width * size.height)
                }
                let text = String(
                    format: "frame %d t=%.3f scale=%.5f ms=%.1f cpu ms=%.1f engine ms=%.1f missing=%d tiles=%d "
                        + "MiB=%.1f shown MiB=%.1f items=%d screens=%.2f draws=%d uploads=%d\n",
                    f, t, ZoomWorkload.scale(at: t, duration: duration), samples[samples.count - 1], cpu[cpu.count - 1],
                    engine[engine.count - 1], missing, c.tiles, Double(c.bytes) / 1_048_576,
                    Double(c.shownBytes) / 1_048_576, list.items.count, covered, stats?.drawCalls ?? 0,
                    stats?.textureUploads ?? 0)
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
        // The last frame's tiles count as drawn during the run (and in its length).
        TileCache.shared.waitForDrawings()
        let seconds = MonotonicClock.now - start
        peak = max(peak, TileCache.shared.residentBytes)
        let times = FrameTimes(samples)
        let slow = 1000.0 / 60
        return Result(
            times: times, engine: FrameTimes(engine), cpu: FrameTimes(cpu), longest: times.samples.last ?? 0,
            slowFrames: samples.filter { $0 > slow }.count, slowEngineFrames: engine.filter { $0 > slow }.count,
            framesWithMissingTiles: missingFrames, missingTilesMean: Double(missingSum) / Double(max(frames, 1)),
            missingTilesMax: missingMax, tilesDrawn: TileCache.shared.drawnTiles - drawnBefore, seconds: seconds,
            drawingSeconds: TileCache.shared.drawingSeconds - drawingBefore, peakResidentBytes: peak,
            budgetBytes: TileCache.shared.budgetBytes, uploadMaxBytes: uploadMax,
            uploadBudgetBytes: builder.tileUploadBudgetBytes, renderer: driver?.context.rendererName ?? "none")
    }

    /// The RESULT line of a run.
    public static func line(
        size: CGSize, tileSide: Int = 256, frames: Int = 541, engineOnly: Bool = false, uploadBudgetBytes: Int? = nil
    ) throws -> String {
        let r = try run(
            size: size, tileSide: tileSide, frames: frames, engineOnly: engineOnly, uploadBudgetBytes: uploadBudgetBytes
        )
        let t = r.times
        let mode = engineOnly ? "engine" : "headless"
        return "RESULT scene=zoom mode=\(mode) size=\(Int(size.width))x\(Int(size.height)) frames=\(t.samples.count) "
            + String(
                format:
                    "median_ms=%.3f p90_ms=%.3f max_ms=%.3f mean_ms=%.3f engine_median_ms=%.3f engine_p90_ms=%.3f engine_max_ms=%.3f ",
                t.median, t.p90, r.longest, t.mean, r.engine.median, r.engine.p90, r.engine.samples.last ?? 0)
            + String(format: "cpu_median_ms=%.3f cpu_p90_ms=%.3f ", r.cpu.median, r.cpu.p90)
            + "frames_over_16.7ms=\(r.slowFrames) engine_frames_over_16.7ms=\(r.slowEngineFrames) "
            + "frames_missing_tiles=\(r.framesWithMissingTiles) "
            + String(format: "missing_tiles_mean=%.1f missing_tiles_max=%d ", r.missingTilesMean, r.missingTilesMax)
            + "tile_size=\(tileSide) tiles_drawn=\(r.tilesDrawn) "
            + String(
                format: "seconds=%.1f tiles_per_s=%.0f tile_draw_mean_ms=%.2f ", r.seconds,
                Double(r.tilesDrawn) / max(r.seconds, 1e-3), r.drawingSeconds * 1000 / Double(max(r.tilesDrawn, 1)))
            + "tile_threads=\(TileCache.workerLimit) "
            + String(
                format: "tile_peak_mib=%.1f tile_budget_mib=%.0f ", Double(r.peakResidentBytes) / 1_048_576,
                Double(r.budgetBytes) / 1_048_576)
            + (r.uploadBudgetBytes == .max
                ? "upload_budget_kib=none " : "upload_budget_kib=\(r.uploadBudgetBytes >> 10) ")
            + String(format: "upload_max_mib=%.2f ", Double(r.uploadMaxBytes) / 1_048_576)
            + "renderer=\"\(r.renderer)\""
    }
}

/// The CPU time the process has used, in seconds (`CLOCK_PROCESS_CPUTIME_ID`: all its threads).
private func processCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
