/// What the sub-commands share: loading scenes with readable errors, key scripts, sizes, and
/// driving a scene headless on the manual clock.
import ArgumentParser
import Foundation
import GLayers
import GLayersHost
import GLayersScene

/// A failure the command reports in one line and exits with `code`.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    var code: Int32 = 1
    var description: String { message }
}

/// Loads a scene, turning scene errors into a failure that prints each error on its own line.
func loadScene(_ path: String) throws -> Scene {
    do {
        return try Scene.load(contentsOf: URL(fileURLWithPath: path))
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
func reporting(_ body: () throws -> Void) throws {
    do {
        try body()
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

/// A key pressed at a time: `Down@0.5`.
struct TimedKey: Equatable {
    var key: String
    var time: Double

    /// Parses `"Down@0.5,Down@0.9"` (times in seconds, non-decreasing).
    static func parseList(_ text: String?) throws -> [TimedKey] {
        guard let text, !text.isEmpty else { return [] }
        var out: [TimedKey] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "@", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2, !pieces[0].isEmpty, let t = Double(pieces[1]), t.isFinite, t >= 0 else {
                throw ValidationError("--keys: \"\(part)\" is not KEY@SECONDS (for example Down@0.5)")
            }
            if let last = out.last, t < last.time {
                throw ValidationError("--keys: times must not decrease (\(last.key)@\(last.time) then \(pieces[0])@\(t))")
            }
            out.append(TimedKey(key: pieces[0], time: t))
        }
        return out
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

/// Plays a scene on the manual clock from media time 0: key presses at their times, frames
/// at chosen times. The tree is live (implicit animations run) from the start; the OpenGL
/// renderer is made on the first frame asked for, so `dump` needs none.
final class SceneTimeline {
    let scene: Scene
    let size: CGSize
    let scale: CGFloat
    private var keys: [TimedKey]
    private(set) var now: Double = 0
    private var host: CALayerHost?
    private var renderer: HeadlessRenderer?

    init(scene: Scene, keys: [TimedKey], size: CGSize?, scale: CGFloat?) {
        self.scene = scene
        self.keys = keys
        self.size = size ?? scene.size
        self.scale = scale ?? scene.scale
        let bound = Set(scene.boundKeys)
        for key in Set(keys.map(\.key)) where !bound.contains(key) {
            // Pressed all the same (it does nothing), but never silently.
            let list = scene.boundKeys.joined(separator: ", ")
            FileHandle.standardError.write(
                Data("glayers: warning: --keys: \"\(key)\" is not bound in \(scene.fileName) (bound: \(list.isEmpty ? "none" : list))\n".utf8))
        }
        CAMediaClock.useManualTime(0)
        host = CALayerHost(rootLayer: scene.rootLayer)
        scene.layout(size: self.size)
        CATransaction.flush()
    }

    deinit { host?.detach() }

    /// Advances to `t`, pressing the keys due on the way (each at its own time).
    func advance(to t: Double) {
        while let next = keys.first, next.time <= t {
            keys.removeFirst()
            step(to: next.time)
            _ = scene.handleKey(next.key)
        }
        step(to: t)
    }

    private func step(to t: Double) {
        guard t >= now else { return }
        now = t
        CAMediaClock.setTime(t)
        CATransaction.flush()
    }

    /// The frame at `t` (after the keys due by then).
    func image(at t: Double) throws -> CGImage {
        advance(to: t)
        if renderer == nil {
            // The renderer shows the tree itself from now on.
            host?.detach()
            host = nil
            renderer = try HeadlessRenderer(size: size, scale: scale, background: scene.backgroundColor)
        }
        return try renderer!.render(scene.rootLayer, at: t)
    }
}
