/// Playing a scene on the manual media clock: the one way `glayers shot`, `dump` and `check`
/// and the tests drive a scene through time, so a frame "at 1.6 s after Down at 0.2 s" is the
/// same tree wherever it is asked for.
///
/// It takes a scene and a script of key presses and produces nothing but the scene's tree,
/// advanced to a time; it does not flatten or render (callers hand the tree to a
/// `FrameBuilder` or a renderer at the same time).
import Foundation
import GLayers

/// A key pressed at a media time (`Down@0.5` in a key script).
public struct TimedKey: Equatable, Sendable {
    /// The X11 keysym (`"Down"`, `"space"`, `"3"`).
    public var key: String
    /// Seconds of media time.
    public var time: Double

    /// A key press.
    public init(key: String, time: Double) {
        self.key = key
        self.time = time
    }

    /// Parses a key script, `"Down@0.5,Down@0.9"` (times in seconds, non-decreasing); an empty
    /// script presses nothing.
    ///
    /// - Throws `KeyScriptError` naming the part that is wrong.
    public static func list(parsing script: String) throws -> [TimedKey] {
        var out: [TimedKey] = []
        for part in script.split(separator: ",") {
            let pieces = part.split(separator: "@", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2, !pieces[0].isEmpty, let t = Double(pieces[1]), t.isFinite, t >= 0 else {
                throw KeyScriptError(message: "\"\(part)\" is not KEY@SECONDS (for example Down@0.5)")
            }
            if let last = out.last, t < last.time {
                throw KeyScriptError(
                    message: "times must not decrease (\(last.key)@\(last.time) then \(pieces[0])@\(t))")
            }
            out.append(TimedKey(key: pieces[0], time: t))
        }
        return out
    }
}

/// A key script that cannot be parsed.
public struct KeyScriptError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, naming the part.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// Plays a scene on the manual clock from media time 0: key presses at their times, the tree
/// advanced to chosen times.
///
/// - The clock is process-wide: `init` switches it to manual time 0 and `advance(to:)` moves
///   it, so only one playback (or other user of manual time) should run at a time.
/// - The tree is live (implicit animations run) from the start: the playback hosts it until
///   `detach()` (a renderer that shows the tree takes over).
public final class ScenePlayback {
    /// The scene played.
    public let scene: Scene
    /// The window size the scene is laid out at, in points.
    public let size: CGSize
    /// The media time reached.
    public private(set) var now: Double = 0
    private var keys: [TimedKey]
    private var host: CALayerHost?

    /// Starts playing `scene` at media time 0, laid out at `size` (default: the scene's size),
    /// with `keys` (in non-decreasing time order) still to be pressed.
    ///
    /// - Load `scene` with the clock already at manual time 0 (`init(contentsOf:keys:size:)`
    ///   does): the non-zero begin times of its animations count from the load, so a scene
    ///   loaded on the system clock starts them at the machine's uptime, not on the timeline.
    public init(scene: Scene, keys: [TimedKey], size: CGSize? = nil) {
        self.scene = scene
        self.keys = keys
        self.size = size ?? scene.size
        CAMediaClock.useManualTime(0)
        host = CALayerHost(rootLayer: scene.rootLayer)
        scene.layout(size: self.size)
        CATransaction.flush()
    }

    /// Loads the scene file at `url` on the manual clock at 0 and starts playing it (the way to
    /// play a scene file deterministically: nothing reads the system clock).
    public convenience init(contentsOf url: URL, keys: [TimedKey], size: CGSize? = nil) throws {
        CAMediaClock.useManualTime(0)
        self.init(scene: try Scene.load(contentsOf: url), keys: keys, size: size)
    }

    deinit { host?.detach() }

    /// Advances to `t`, pressing the keys due on the way (each at its own time); a time before
    /// `now` changes nothing.
    public func advance(to t: Double) {
        while let next = keys.first, next.time <= t {
            keys.removeFirst()
            step(to: next.time)
            _ = scene.handleKey(next.key)
        }
        step(to: t)
    }

    /// Stops hosting the tree (call it when a renderer shows the tree from now on).
    public func detach() {
        host?.detach()
        host = nil
    }

    private func step(to t: Double) {
        guard t >= now else { return }
        now = t
        CAMediaClock.setTime(t)
        CATransaction.flush()
    }
}
