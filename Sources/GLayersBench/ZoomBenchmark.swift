/// The zoom benchmark (#12): the zoom workload's 9-second zoom into a 32 768-point map, played
/// as a window plays it — frames paced at 60 Hz of real time, tiles drawn on tile threads and
/// shown as they arrive (no waiting) — headless. It times the thread that owns the tree (evaluate,
/// flatten, draw, `glFinish`) and samples the tile cache.
import Foundation
import GLayers
import GLayersGL
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
        /// The longest frame, in milliseconds.
        public var longest: Double
        /// Frames longer than 1/60 s.
        public var slowFrames: Int
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
        /// The most tile bytes resident after a frame.
        public var peakResidentBytes: Int
        /// The tile cache's budget in bytes.
        public var budgetBytes: Int
        /// The OpenGL renderer's name.
        public var renderer: String
    }

    /// Plays the zoom in `frames` frames at `size` points with tiles of `tileSide` pixels, one
    /// frame per 1/60 s of real time; the zoom lasts from the first frame to the last (541
    /// frames: the workload's 9 s).
    public static func run(size: CGSize, tileSide: Int = 256, frames: Int = 541) throws -> Result {
        let duration = Double(max(frames - 1, 1)) / 60
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        TileCache.shared.removeAllTiles()
        let driver = try FrameDriver(context: GLContext.headless())
        driver.builder.tileWaiting = .never
        let map = MapTiledLayer()
        map.tileSize = CGSize(width: tileSide, height: tileSide)
        let (root, _) = ZoomWorkload.makeScene(size: size, duration: duration, map: map)
        let host = CALayerHost(rootLayer: root)
        defer { host.detach() }
        // GLAYERS_ZOOM_TRACE=1: one line per frame on standard error.
        let trace = ProcessInfo.processInfo.environment["GLAYERS_ZOOM_TRACE"] == "1"
        var samples: [Double] = [], engine: [Double] = []
        var missingFrames = 0, missingSum = 0, missingMax = 0, peak = 0
        let drawnBefore = TileCache.shared.drawnTiles
        let start = MonotonicClock.now
        for f in 0..<frames {
            let t = Double(f) / 60
            // Pace as a display does: frame f starts at f/60 s of real time.
            let due = start + t
            let now = MonotonicClock.now
            if now < due { usleep(useconds_t((due - now) * 1_000_000)) }
            CAMediaClock.setTime(t)
            // FrameDriver.drawFrame's steps, timed apart: the engine's, then OpenGL's.
            let begin = MonotonicClock.now
            CALayerHost.runDisplayLinks(forFrameAt: t, refreshInterval: driver.refreshInterval)
            CATransaction.flush()
            let list = driver.builder.build(root: root, at: t, size: size, scale: 1)
            let flattened = MonotonicClock.now
            driver.renderer.render(list, to: .offscreen)
            driver.renderer.finish()
            let end = MonotonicClock.now
            samples.append((end - begin) * 1000)
            engine.append((flattened - begin) * 1000)
            if let error = driver.renderer.lastError { throw error }
            let missing = driver.builder.lastFrameMissingTiles
            if missing > 0 { missingFrames += 1 }
            missingSum += missing
            missingMax = max(missingMax, missing)
            peak = max(peak, TileCache.shared.residentBytes)
            if trace {
                let c = TileCache.shared.census()
                FileHandle.standardError.write(
                    Data(
                        String(
                            format:
                                "frame %d t=%.3f scale=%.5f ms=%.1f missing=%d tiles=%d MiB=%.1f shown MiB=%.1f resident MiB=%.1f items=%d draws=%d uploads=%d\n",
                            f, t, ZoomWorkload.scale(at: t, duration: duration), samples[samples.count - 1],
                            driver.builder.lastFrameMissingTiles, c.tiles, Double(c.bytes) / 1_048_576,
                            Double(c.shownBytes) / 1_048_576, Double(TileCache.shared.residentBytes) / 1_048_576,
                            driver.renderer.stats.items, driver.renderer.stats.drawCalls,
                            driver.renderer.stats.textureUploads
                        ).utf8))
            }
        }
        // The last frame's tiles count as drawn during the run (and in its length).
        TileCache.shared.waitForDrawings()
        let seconds = MonotonicClock.now - start
        peak = max(peak, TileCache.shared.residentBytes)
        let times = FrameTimes(samples)
        return Result(
            times: times, engine: FrameTimes(engine), longest: times.samples.last ?? 0,
            slowFrames: samples.filter { $0 > 1000.0 / 60 }.count,
            framesWithMissingTiles: missingFrames, missingTilesMean: Double(missingSum) / Double(max(frames, 1)),
            missingTilesMax: missingMax, tilesDrawn: TileCache.shared.drawnTiles - drawnBefore,
            seconds: seconds,
            peakResidentBytes: peak, budgetBytes: TileCache.shared.budgetBytes, renderer: driver.context.rendererName)
    }

    /// The RESULT line of a run.
    public static func line(size: CGSize, tileSide: Int = 256, frames: Int = 541) throws -> String {
        let r = try run(size: size, tileSide: tileSide, frames: frames)
        let t = r.times
        return "RESULT scene=zoom mode=headless size=\(Int(size.width))x\(Int(size.height)) frames=\(t.samples.count) "
            + String(
                format:
                    "median_ms=%.3f p90_ms=%.3f max_ms=%.3f mean_ms=%.3f engine_median_ms=%.3f engine_p90_ms=%.3f engine_max_ms=%.3f ",
                t.median, t.p90, r.longest, t.mean, r.engine.median, r.engine.p90, r.engine.samples.last ?? 0)
            + "frames_over_16.7ms=\(r.slowFrames) frames_missing_tiles=\(r.framesWithMissingTiles) "
            + String(format: "missing_tiles_mean=%.1f missing_tiles_max=%d ", r.missingTilesMean, r.missingTilesMax)
            + "tile_size=\(tileSide) tiles_drawn=\(r.tilesDrawn) "
            + String(format: "tiles_per_s=%.0f ", Double(r.tilesDrawn) / max(r.seconds, 1e-3))
            + "tile_threads=\(TileCache.workerLimit) "
            + String(
                format: "tile_peak_mib=%.1f tile_budget_mib=%.0f ", Double(r.peakResidentBytes) / 1_048_576,
                Double(r.budgetBytes) / 1_048_576)
            + "renderer=\"\(r.renderer)\""
    }
}
