/// The `scene` fuzz target: bytes as a scene file. Loading must give a scene or errors that
/// each name a line and column inside the input; a scene that loads is then played on the
/// manual clock (its keys pressed, a few clicks), dumped, and flattened into render lists at a
/// few times, checking the tree and the lists after each step. Nothing is rendered (OpenGL
/// per input costs more than everything else together).
import Foundation
import GLayers
import GLayersJSON
import GLayersScene

extension FuzzTarget {
    /// The file name errors of fuzzed scenes carry.
    static let sceneFileName = "fuzz.json"
    /// The folder images are read from: the repository's `samples` (the fuzz programs run
    /// where they were built), so `"contents": "images/flake0.png"` loads.
    static let sceneFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    static func runScene(_ bytes: UnsafeRawBufferPointer) {
        runPlaying(bytes, "its scene", loadAndPlay)
    }

    /// Runs `play` (which loads the input and plays what it made, returning weak references to
    /// its layers) on the manual clock with diagnostics captured, then requires those layers
    /// gone once the transaction is flushed: what an input builds goes with it.
    static func runPlaying(
        _ bytes: UnsafeRawBufferPointer, _ what: String,
        _ play: (Data, UnsafeRawBufferPointer) -> [Weak<CALayer>]
    ) {
        let data = Data(bytes)
        Diagnostics.capture {
            CAMediaClock.useManualTime(0)
            let layers = play(data, bytes)
            CATransaction.flush()
            Invariants.requireReleased(layers, what)
        }
    }

    /// Loads and plays the scene; returns a weak reference to its root, which must go with it.
    private static func loadAndPlay(_ data: Data, _ bytes: UnsafeRawBufferPointer) -> [Weak<CALayer>] {
        let scene: Scene
        do {
            scene = try Scene.load(data: data, fileName: sceneFileName, baseURL: sceneFolder)
        } catch let errors as SceneErrors {
            checkErrors(errors, in: bytes)
            return []
        } catch {
            Invariants.require(false, "Scene.load threw \(type(of: error)), not SceneErrors: \(error)")
            return []
        }
        play(scene)
        return [Weak(scene.rootLayer)]
    }

    /// The errors of a refused scene are few, located inside the input, and of bounded length.
    private static func checkErrors(_ errors: SceneErrors, in bytes: UnsafeRawBufferPointer) {
        let lines = Invariants.lineCount(bytes)
        Invariants.require(!errors.errors.isEmpty, "SceneErrors with no error")
        Invariants.require(errors.errors.count <= SceneErrors.limit, "\(errors.errors.count) errors, over the limit")
        for e in errors.errors {
            Invariants.require(e.file == sceneFileName, "an error names the file \(e.file)")
            Invariants.require(e.line >= 1 && e.line <= lines, "error at line \(e.line) of a \(lines)-line input: \(e)")
            Invariants.require(e.column >= 1 && e.column <= bytes.count + 1, "error at column \(e.column): \(e)")
            Invariants.require(!e.message.isEmpty, "an error with no message at \(e.line):\(e.column)")
            Invariants.require(e.message.utf8.count <= 2_000, "an error message of \(e.message.utf8.count) bytes")
            Invariants.require(e.description.utf8.count <= 40_000, "an error of \(e.description.utf8.count) bytes")
        }
    }

    /// Plays a loaded scene for a few seconds: keys, clicks, dumps and frames.
    private static func play(_ scene: Scene) {
        let keys = scene.boundKeys.prefix(8).enumerated().map {
            TimedKey(key: $0.element, time: 0.1 + 0.3 * Double($0.offset))
        }
        let playback = ScenePlayback(scene: scene, keys: keys)
        defer { playback.detach() }
        let builder = FrameBuilder()
        Invariants.checkTree(scene.rootLayer)
        checkFrame(scene, builder, at: 0)
        let dump = scene.dump(at: 0)
        Invariants.require((try? JSONReader.parse(Data(dump.utf8))) != nil, "the dump at 0 is not JSON")
        for t in [0.05, 0.5, 1.5, 3] {
            playback.advance(to: t)
            Invariants.checkTree(scene.rootLayer)
            checkFrame(scene, builder, at: t)
        }
        let (w, h) = (scene.size.width, scene.size.height)
        for point in [CGPoint(x: w / 2, y: h / 2), CGPoint(x: 1, y: 1), CGPoint(x: w - 1, y: h / 3)] {
            _ = scene.handleClick(at: point)
        }
        playback.advance(to: 3.5)
        Invariants.checkTree(scene.rootLayer)
        checkFrame(scene, builder, at: 3.5)
    }

    private static func checkFrame(_ scene: Scene, _ builder: FrameBuilder, at t: Double) {
        let list = builder.build(
            root: scene.rootLayer, at: t, size: scene.size, scale: scene.scale, clearColor: scene.backgroundColor)
        Invariants.checkRenderList(list)
    }
}
