/// The snowfall benchmark: the scene of the floor program `snow.c` (N alpha-blended 64×64 quads,
/// one shared texture, each rotating about its own axis under m34 = −1/800 perspective about
/// the screen centre, falling) built as a render list every frame and drawn headless.
///
/// It measures what glayers' renderer adds over the floor: building the list, planning,
/// streaming instances, drawing with the full quad shader, `glFinish`. Same random numbers,
/// same motion and same texture as snow.c, so the two can be compared as a ratio.
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList

/// Headless snowfall frames timed like snow.c.
enum SnowBenchmark {
    /// Timing of one run.
    struct Result: Sendable, CustomStringConvertible {
        /// Flakes.
        var count: Int
        /// Frames measured (after warm-up).
        var frames: Int
        /// Median frame period (end of one frame's `glFinish` to the next), in milliseconds.
        var medianMilliseconds: Double
        /// 10th percentile of the frame period, in milliseconds.
        var p10Milliseconds: Double
        /// 90th percentile of the frame period, in milliseconds.
        var p90Milliseconds: Double
        /// Median time spent building the list and issuing GL calls (before `glFinish`).
        var submitMilliseconds: Double
        /// The last frame's counters.
        var stats: RenderStats

        /// A `RESULT key=value …` line like snow.c's.
        var description: String {
            String(
                format:
                    "RESULT scene=snow renderer=glayers n=%d frames=%d median_ms=%.3f p10_ms=%.3f p90_ms=%.3f submit_median_ms=%.3f draws=%d batches=%d",
                count, frames, medianMilliseconds, p10Milliseconds, p90Milliseconds, submitMilliseconds,
                stats.drawCalls,
                stats.batches)
        }
    }

    /// Renders `frames` frames (after `warmup`) of `count` flakes at `width` × `height`
    /// (flake side `flake` pixels) and times each frame, `glFinish` included.
    ///
    /// - Uses `renderer` when given, else makes a headless context and renderer.
    static func run(
        count: Int, frames: Int = 300, warmup: Int = 20, width: Int = 1280, height: Int = 720, flake: Int = 64,
        renderer given: Renderer? = nil
    ) throws -> Result {
        let renderer = try given ?? Renderer(context: GLContext.headless())
        let scene = SnowScene(count: count, width: width, height: height, flake: flake)
        let list = RenderList()
        var periods: [Double] = [], submits: [Double] = []
        periods.reserveCapacity(frames)
        submits.reserveCapacity(frames)
        var previous = now()
        for f in 0..<(warmup + frames) {
            let start = now()
            scene.fill(list, time: Float(f) / 60)
            renderer.render(list, to: .offscreen)
            let submitted = now()
            renderer.finish()
            let end = now()
            if f >= warmup {
                periods.append(end - previous)
                submits.append(submitted - start)
            }
            previous = end
        }
        if let error = renderer.lastError { throw error }
        periods.sort()
        submits.sort()
        let n = periods.count
        return Result(
            count: count, frames: n, medianMilliseconds: periods[n / 2], p10Milliseconds: periods[n / 10],
            p90Milliseconds: periods[n * 9 / 10], submitMilliseconds: submits[n / 2], stats: renderer.stats)
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }
}

/// snow.c's flakes: parameters from its xorshift generator, matrices from its formulas.
final class SnowScene {
    struct Flake {
        var x: Float, y0: Float, z: Float, speed: Float, axis: SIMD3<Float>, angle0: Float, omega: Float
    }

    let width: Int, height: Int, flake: Int
    private(set) var flakes: [Flake] = []
    let image: RenderBitmap
    /// Perspective about the screen centre: translate(c) · m34 · translate(−c), column-vector
    /// form as snow.c builds it (without its pixel → NDC part, which is the pass's job).
    private let view: SIMD16<Float>

    init(count: Int, width: Int, height: Int, flake: Int) {
        self.width = width
        self.height = height
        self.flake = flake
        var rng: UInt32 = 12345
        func frand() -> Float {
            rng ^= rng << 13
            rng ^= rng >> 17
            rng ^= rng << 5
            return Float(rng >> 8) / 16_777_216
        }
        for _ in 0..<count {
            let x = frand() * Float(width), y0 = frand() * Float(height + 2 * flake), z = (frand() - 0.5) * 200
            let speed = 40 + frand() * 120
            let a = SIMD3(frand() - 0.5, frand() - 0.5, frand() - 0.5)
            let l = (a * a).sum().squareRoot() + 1e-6
            let angle0 = frand() * 6.2831853, omega = (frand() - 0.5) * 6
            flakes.append(Flake(x: x, y0: y0, z: z, speed: speed, axis: a / l, angle0: angle0, omega: omega))
        }
        image = RenderBitmap(SnowScene.flakeImage(side: flake), id: ImageID(0x5_0000_0000))
        var persp = ColumnMatrix.identity
        persp[11] = -1 / 800
        let c = ColumnMatrix.translate(Float(width) / 2, Float(height) / 2, 0)
        let mc = ColumnMatrix.translate(-Float(width) / 2, -Float(height) / 2, 0)
        view = ColumnMatrix.multiply(ColumnMatrix.multiply(c, persp), mc)
    }

    /// Refills `list` with the frame at `time` seconds (reusing its storage).
    func fill(_ list: RenderList, time t: Float) {
        list.reset(pixelWidth: width, pixelHeight: height, scale: 1, clearColor: Color(r: 0.05, g: 0.07, b: 0.15, a: 1))
        list.images[image.imageID] = image
        let side = Float(flake)
        let placement = ContentPlacement(destination: Rect(x: 0, y: 0, width: side, height: side))
        let span = Float(height) + 2 * side
        for f in flakes {
            let y = fmodf(f.y0 + f.speed * t, span) - side
            var m = ColumnMatrix.multiply(
                ColumnMatrix.translate(f.x, y, f.z), ColumnMatrix.rotate(f.angle0 + f.omega * t, f.axis))
            m = ColumnMatrix.multiply(m, ColumnMatrix.translate(-side / 2, -side / 2, 0))
            // A column-major array of a column-vector matrix is Core Animation's row-major
            // array of the same map for row vectors.
            let world = Matrix4(ColumnMatrix.multiply(view, m))
            list.items.append(
                DrawItem(
                    transform: world, rect: Rect(x: 0, y: 0, width: side, height: side),
                    content: .image(image.imageID, placement)))
        }
        let screen = Rect(x: 0, y: 0, width: Float(width), height: Float(height))
        list.passes.append(RenderPass(itemRange: 0..<list.items.count, sourceRect: screen, scale: 1, screenSpace: true))
        list.layerCount = flakes.count
    }

    /// snow.c's flake texture: six arms and a core, premultiplied, bluish white.
    static func flakeImage(side: Int) -> CGImage {
        var px = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let dx = (Float(x) + 0.5) / Float(side) * 2 - 1, dy = (Float(y) + 0.5) / Float(side) * 2 - 1
                let r = (dx * dx + dy * dy).squareRoot()
                let arm = powf(abs(cosf(3 * atan2f(dy, dx))), 24)
                var a: Float = r < 1 ? max(0.35 * (1 - r), arm * (1 - r)) : 0
                if r < 0.15 { a = 1 }
                a = min(a * 1.6, 1)
                let i = (y * side + x) * 4
                px[i] = UInt8(255 * a)
                px[i + 1] = UInt8(255 * a)
                px[i + 2] = UInt8(255 * a)
                px[i + 3] = UInt8(255 * a)
            }
        }
        // Positive size and valid premultiplied bytes: this cannot throw.
        return (try? CGImage(width: side, height: side, premultipliedRGBA: px))
            ?? SnowScene.fallbackImage
    }

    private static let fallbackImage: CGImage = {
        guard let image = try? CGImage(width: 1, height: 1, premultipliedRGBA: [255, 255, 255, 255]) else {
            preconditionFailure("a 1×1 image is always valid")
        }
        return image
    }()
}

/// snow.c's column-major 4×4 helpers (m[col * 4 + row]).
enum ColumnMatrix {
    static let identity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    static func translate(_ x: Float, _ y: Float, _ z: Float) -> SIMD16<Float> {
        var r = identity
        r[12] = x
        r[13] = y
        r[14] = z
        return r
    }

    static func rotate(_ angle: Float, _ a: SIMD3<Float>) -> SIMD16<Float> {
        let c = cosf(angle), s = sinf(angle), t = 1 - c
        let (x, y, z) = (a.x, a.y, a.z)
        var r = identity
        r[0] = t * x * x + c
        r[4] = t * x * y - s * z
        r[8] = t * x * z + s * y
        r[1] = t * x * y + s * z
        r[5] = t * y * y + c
        r[9] = t * y * z - s * x
        r[2] = t * x * z - s * y
        r[6] = t * y * z + s * x
        r[10] = t * z * z + c
        return r
    }

    static func multiply(_ a: SIMD16<Float>, _ b: SIMD16<Float>) -> SIMD16<Float> {
        var r = SIMD16<Float>(repeating: 0)
        for c in 0..<4 {
            for row in 0..<4 {
                var s: Float = 0
                for k in 0..<4 { s += a[k * 4 + row] * b[c * 4 + k] }
                r[c * 4 + row] = s
            }
        }
        return r
    }
}
