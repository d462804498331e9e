/// What the sub-commands share: loading scenes with readable errors, key scripts, sizes, and
/// driving a scene headless on the manual clock.
import ArgumentParser
import Foundation
import GLayers
import GLayersHost
import GLayersLottie
import GLayersScene

/// A failure the command reports in one line and exits with `code`.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    var code: Int32 = 1
    var description: String { message }
}

/// Loads a scene, turning scene errors into a failure that prints each error on its own line.
///
/// - `onTimeline`: the scene is to be played on the manual clock (`shot`, `dump`, `check`,
///   `filmstrip`): the clock is set to manual time 0 first, so the animations' begin times,
///   which count from the load, count from 0 whatever the system clock says (determinism).
func loadScene(_ path: String, onTimeline: Bool = false) throws -> Scene {
    if onTimeline { CAMediaClock.useManualTime(0) }
    do {
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path))
        for warning in scene.warnings {
            FileHandle.standardError.write(Data("glayers: warning: \(warning)\n".utf8))
        }
        return scene
    } catch let errors as SceneErrors {
        throw CommandFailure(message: errors.description)
    } catch let error as SceneError {
        throw CommandFailure(message: error.description)
    } catch {
        throw CommandFailure(message: "\(path): \(error)")
    }
}

/// Runs `body`, printing a `CommandFailure` (or any error) to standard error and exiting with
/// its status instead of a stack trace.
///
/// - What was printed must have reached standard output: a write error there (a full disk,
///   `/dev/full`, a closed pipe) is a failure too, not a silent success.
func reporting(_ body: () throws -> Void) throws {
    do {
        try body()
        try checkStandardOutput()
    } catch let failure as CommandFailure {
        FileHandle.standardError.write(Data("glayers: \(failure.message)\n".utf8))
        throw ExitCode(failure.code)
    } catch let exit as ExitCode {
        throw exit
    } catch let error as ValidationError {
        throw error
    } catch {
        FileHandle.standardError.write(Data("glayers: error: \(error)\n".utf8))
        throw ExitCode(1)
    }
}

/// Makes SIGQUIT (Ctrl-\) end the program with status 131 (128 + 3), as users of a terminal
/// program expect. Swift's crash reporter catches SIGQUIT, prints a backtrace and lets the
/// program go on; SIGTERM, SIGINT and SIGHUP keep their default action (the program ends).
func exitOnQuitSignal() {
    signal(SIGQUIT) { n in _exit(128 + n) }
}

/// Flushes standard output and throws when anything printed could not be written.
func checkStandardOutput() throws {
    let flushed = fflush(stdout) == 0
    let code = errno
    guard flushed && ferror(stdout) == 0 else {
        clearerr(stdout)
        throw CommandFailure(
            message: "cannot write standard output: \(String(cString: strerror(flushed ? EIO : code)))")
    }
}

extension TimedKey {
    /// Parses the `--keys` option, `"Down@0.5,Down@0.9"` (times in seconds, non-decreasing).
    static func parseList(_ text: String?) throws -> [TimedKey] {
        do {
            return try TimedKey.list(parsing: text ?? "")
        } catch {
            throw ValidationError("--keys: \(error)")
        }
    }
}

/// Parses `1280x720`.
func parseSize(_ text: String?, option: String) throws -> CGSize? {
    guard let text else { return nil }
    let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 16384, parts[1] <= 16384 else {
        throw ValidationError("\(option): \"\(text)\" is not WIDTHxHEIGHT (for example 1280x720, at most 16384 each)")
    }
    return CGSize(width: parts[0], height: parts[1])
}

/// Plays a scene on the manual clock from media time 0 (`ScenePlayback`) and renders frames
/// of it. The OpenGL renderer is made on the first frame asked for, so `dump` needs none,
/// with the driver `prepared` has been making meanwhile when there is one (commands that
/// render start it before they load the scene: docs/performance.md, "Start and footprint").
final class SceneTimeline {
    let scene: Scene
    let size: CGSize
    let scale: CGFloat
    private let playback: ScenePlayback
    private var renderer: HeadlessRenderer?
    private let prepared: PreparedFrameDriver?
    private let oneFrame: Bool

    /// A timeline of `scene` with `keys` pressed on it, rendered at `size` and `scale` (the
    /// scene's by default). `oneFrame`: the command renders one frame only (`shot`), and the
    /// renderer is set up for it (`FrameDriver.rendersOneFrame(of:)`: the same picture in less
    /// memory); the scene is spent after the frame.
    init(
        scene: Scene, keys: [TimedKey], size: CGSize?, scale: CGFloat?, prepared: PreparedFrameDriver? = nil,
        oneFrame: Bool = false
    ) {
        self.scene = scene
        self.prepared = prepared
        self.oneFrame = oneFrame
        self.size = size ?? scene.size
        self.scale = scale ?? scene.scale
        let bound = Set(scene.boundKeys)
        for key in Set(keys.map(\.key)) where !bound.contains(key) {
            // Pressed all the same (it does nothing), but never silently.
            let list = scene.boundKeys.joined(separator: ", ")
            let warning =
                "--keys: \"\(key)\" is not bound in \(scene.fileName) (bound: \(list.isEmpty ? "none" : list))"
            FileHandle.standardError.write(Data("glayers: warning: \(warning)\n".utf8))
        }
        playback = ScenePlayback(scene: scene, keys: keys, size: self.size)
    }

    /// Advances to `t`, pressing the keys due on the way (each at its own time).
    func advance(to t: Double) { playback.advance(to: t) }

    /// The frame at `t` (after the keys due by then).
    func image(at t: Double) throws -> CGImage {
        try renderer(at: t).render(scene.rootLayer, at: t)
    }

    /// Writes the PNG of the frame at `t` to `url` (`HeadlessRenderer.renderPNG`: read back a
    /// strip at a time) and returns its size in pixels.
    func writePNG(at t: Double, to url: URL) throws -> (width: Int, height: Int) {
        try renderer(at: t).renderPNG(scene.rootLayer, at: t, to: url)
    }

    /// Advances to `t` and returns the renderer, made the first time.
    private func renderer(at t: Double) throws -> HeadlessRenderer {
        advance(to: t)
        let renderer: HeadlessRenderer
        if let made = self.renderer {
            renderer = made
        } else {
            // The renderer shows the tree itself from now on.
            playback.detach()
            do {
                renderer = try HeadlessRenderer(
                    size: size, scale: scale, background: scene.backgroundColor, prepared: prepared)
                if oneFrame { renderer.driver.rendersOneFrame(of: scene.rootLayer) }
            } catch let error as FrameSizeError {
                throw CommandFailure(message: "\(scene.fileName): \(error)")
            }
            self.renderer = renderer
        }
        return renderer
    }
}

/// Pauses a Lottie file at a progress or frame (`--progress`, `--frame`) once the timeline has
/// reached `t`, and says which ("at frame 30, progress 0.5"; nil when neither is given); a
/// failure when the file is a scene.
func showLottieFrame(_ timeline: SceneTimeline, progress: Double?, frame: Double?, at t: Double) throws -> String? {
    guard progress != nil || frame != nil else { return nil }
    guard let player = timeline.scene.lottieLayer else {
        throw CommandFailure(message: "\(timeline.scene.fileName): --progress and --frame are for Lottie files")
    }
    timeline.advance(to: t)
    if let progress { player.currentProgress = progress }
    if let frame { player.currentFrame = frame }
    return
        "at frame \(String(format: "%g", player.currentFrame)), progress \(String(format: "%g", player.currentProgress))"
}

/// A progress bar on a terminal (nothing when standard error is not one): `check` and `record`.
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
