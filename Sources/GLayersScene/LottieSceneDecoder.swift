/// Lottie layers in scenes: `"class": "LottieLayer"` with a `file` (a Lottie file relative to
/// the scene file), how the composition fits (`contentMode`) and plays (`loopMode`,
/// `animationSpeed`, `autoplay`, `currentProgress`), and the actions that play and scrub one
/// (`play`, `scrub`; `pause`, `resume` and `togglePause` act on its playback:
/// docs/scene-format.md#lottie-layers).
///
/// The keys are `LottieLayer`'s own names (lottie-ios's), except `file` and `autoplay`, which
/// stand for the code that loads and starts it. A file is read once however many layers play
/// it; its unsupported features are the scene's warnings, at the `file` that names it.
import Foundation
import GLayers
import GLayersJSON
import GLayersLottie

/// What a `play` action asks of a Lottie layer (nil: as `LottieLayer.play()` does).
struct LottiePlayRequest {
    var fromProgress: Double?
    var toProgress: Double?
    var loopMode: LottieLoopMode?
}

/// Where a `scrub` action moves a Lottie layer's progress (it pauses there).
enum LottieScrub {
    /// To this progress.
    case to(Double)
    /// By this much from the progress shown (within 0…1).
    case by(Double)
}

extension DecodeContext {
    /// The scene keys of a `LottieLayer` (`SceneClasses.sceneKeys(of:)`).
    static let lottieKeys: [SceneKey] = [
        SceneKey(
            "file", .type("string"),
            "The Lottie (Bodymovin JSON) file played, a path relative to the scene file (required)."),
        SceneKey(
            "contentMode", .names(lottieContentModes.map(\.0)),
            "How the composition fits the bounds: scaleAspectFit (the default), scaleAspectFill, scaleToFill, "
                + "topLeft (its own size, at the top left), center (its own size, centred)."),
        SceneKey(
            "loopMode", .ref("lottieLoopMode"),
            "How many times a play plays: playOnce (the default), loop, autoReverse (forward then back, for "
                + "ever), or a number > 0 (3; fractions play part of the last time)."),
        SceneKey(
            "animationSpeed", .ref("number"),
            "The playback speed: 1 (the default) is the file's frame rate, 2 twice as fast, negative plays "
                + "backwards (0 does not play)."),
        SceneKey(
            "autoplay", .ref("bool"),
            "Whether the layer plays from currentProgress with loopMode when the scene loads (default true); "
                + "false: it stays paused there."),
        SceneKey(
            "currentProgress", .ref("progress"),
            "The progress shown at load, 0 (the file's first frame, the default) to 1 (its end frame)."),
    ]

    /// `contentMode` names: `LottieContentMode`'s cases.
    static let lottieContentModes: [(String, LottieContentMode)] = [
        ("scaleAspectFit", .scaleAspectFit), ("scaleAspectFill", .scaleAspectFill), ("scaleToFill", .scaleToFill),
        ("topLeft", .topLeft), ("center", .center),
    ]

    /// `loopMode` names; a number is a repeat count.
    static let lottieLoopModes: [(String, LottieLoopMode)] = [
        ("playOnce", .playOnce), ("loop", .loop), ("autoReverse", .autoReverse),
    ]

    // MARK: Layers

    /// Loads a Lottie layer's file and settings; its play starts once the tree is built.
    func lottie(_ layer: LottieLayer, _ obj: ObjectNode) {
        if let (f, fp) = obj.member("file") {
            if let s = string(f, fp), let animation = lottieAnimation(s, f, fp) {
                layer.animation = animation
                for warning in layer.warnings { warn(warning, at: f, fp) }
            }
        } else {
            fail("a LottieLayer needs \"file\" (a Lottie file, relative to the scene file)", obj.node, obj.path)
        }
        if let (v, p) = obj.member("contentMode"), let mode = lottieContentMode(v, p) { layer.contentMode = mode }
        if let (v, p) = obj.member("loopMode"), let mode = lottieLoopMode(v, p) { layer.loopMode = mode }
        if let (v, p) = obj.member("animationSpeed"), let speed = number(v, p) { layer.animationSpeed = Double(speed) }
        if let (v, p) = obj.member("currentProgress"), let progress = lottieProgress(v, p) {
            layer.currentProgress = progress
        }
        var autoplay = true
        if let (v, p) = obj.member("autoplay"), let b = bool(v, p) { autoplay = b }
        lottiePlayers.append((layer, autoplay))
    }

    /// Starts the Lottie layers that autoplay, in their place in the tree (a play starts in
    /// the layer's own time, which its ancestors' timing sets).
    func startLottiePlayers() {
        for (layer, autoplay) in lottiePlayers where autoplay { layer.play() }
        lottiePlayers.removeAll()
    }

    /// Records a warning at `node`: the scene loads with it.
    func warn(_ message: String, at node: JSONValue, _ path: JSONPath) {
        let at = path.isEmpty ? "" : "\(path): "
        warnings.append("\(log.file):\(node.position.line):\(node.position.column): \(at)\(message)")
    }

    /// The Lottie file at `relativePath` (relative to the scene file), read once; its
    /// unsupported features become warnings at its first use.
    private func lottieAnimation(_ relativePath: String, _ node: JSONValue, _ path: JSONPath) -> LottieAnimation? {
        if let known = lottieFiles[relativePath] {
            switch known {
            case .success(let animation): return animation
            case .failure(let error):
                fail("cannot load the Lottie file \"\(relativePath)\": \(error)", node, path)
                return nil
            }
        }
        guard !relativePath.isEmpty else {
            fail("expected a Lottie file's path, got an empty string", node, path)
            return nil
        }
        guard let baseURL else {
            fail(
                "cannot load the Lottie file \"\(relativePath)\": the scene was not read from a file, so relative paths have no folder",
                node, path)
            return nil
        }
        let url =
            relativePath.hasPrefix("/")
            ? URL(fileURLWithPath: relativePath) : baseURL.appendingPathComponent(relativePath)
        do {
            let animation = try LottieAnimation(contentsOf: url, name: relativePath)
            lottieFiles[relativePath] = .success(animation)
            for feature in animation.unsupportedFeatures { warn(feature.description, at: node, path) }
            return animation
        } catch let error as LottieError {
            lottieFiles[relativePath] = .failure(error)
            fail("cannot load the Lottie file \"\(relativePath)\": \(error)", node, path)
        } catch {
            fail("cannot load the Lottie file \"\(relativePath)\": \(error)", node, path)
        }
        return nil
    }

    // MARK: Values

    /// `"scaleAspectFit"`, `"scaleAspectFill"`, `"scaleToFill"`, `"topLeft"` or `"center"`.
    private func lottieContentMode(_ node: JSONValue, _ path: JSONPath) -> LottieContentMode? {
        let names = Self.lottieContentModes.map(\.0)
        guard let n = name(node, path, among: names, what: "content mode") else { return nil }
        return Self.lottieContentModes.first { $0.0 == n }?.1
    }

    /// `"playOnce"`, `"loop"`, `"autoReverse"`, or how many times to play (a number > 0).
    func lottieLoopMode(_ node: JSONValue, _ path: JSONPath) -> LottieLoopMode? {
        if let n = node.number {
            guard n > 0 else {
                fail("a repeat count must be > 0, got \(JSONValue.format(n))", node, path)
                return nil
            }
            return .repeat(Float(n))
        }
        guard node.string != nil else {
            expected("\"playOnce\", \"loop\", \"autoReverse\" or a repeat count (a number > 0)", node, path)
            return nil
        }
        let names = Self.lottieLoopModes.map(\.0)
        guard let n = name(node, path, among: names, what: "loop mode") else { return nil }
        return Self.lottieLoopModes.first { $0.0 == n }?.1
    }

    /// A progress from 0 (the first frame) to 1 (the end frame).
    func lottieProgress(_ node: JSONValue, _ path: JSONPath) -> Double? {
        guard let n = number(node, path) else { return nil }
        guard (0...1).contains(n) else {
            fail("a progress is from 0 to 1, got \(JSONValue.format(Double(n)))", node, path)
            return nil
        }
        return Double(n)
    }

    // MARK: Actions

    /// `{ "play": "icon", "fromProgress": 0, "toProgress": 0.5, "loopMode": "loop" }` (all but
    /// `play` optional).
    func lottiePlay(_ obj: ObjectNode, _ value: JSONValue, _ vpath: JSONPath, _ scope: BehaviourScope) -> SceneAction? {
        let target = layerTarget(obj, value, vpath, scope, lottieFor: "play")
        var request = LottiePlayRequest()
        var ok = true
        if let (v, p) = obj.member("fromProgress") {
            request.fromProgress = lottieProgress(v, p)
            ok = ok && request.fromProgress != nil
        }
        if let (v, p) = obj.member("toProgress") {
            request.toProgress = lottieProgress(v, p)
            ok = ok && request.toProgress != nil
        }
        if let (v, p) = obj.member("loopMode") {
            request.loopMode = lottieLoopMode(v, p)
            ok = ok && request.loopMode != nil
        }
        if let from = request.fromProgress, let to = request.toProgress, from == to,
            let (v, p) = obj.member("toProgress")
        {
            fail("toProgress equals fromProgress: nothing would play", v, p)
            ok = false
        }
        guard let target, ok else { return nil }
        return .play(target, request)
    }

    /// `{ "scrub": "icon", "progress": 0.5 }` or `{ "scrub": "icon", "by": -0.1 }`.
    func lottieScrub(_ obj: ObjectNode, _ value: JSONValue, _ vpath: JSONPath, _ scope: BehaviourScope) -> SceneAction?
    {
        let target = layerTarget(obj, value, vpath, scope, lottieFor: "scrub")
        let to = obj.member("progress"), by = obj.member("by")
        switch (to, by) {
        case (let (v, p)?, nil):
            guard let progress = lottieProgress(v, p), let target else { return nil }
            return .scrub(target, .to(progress))
        case (nil, let (v, p)?):
            guard let step = number(v, p), let target else { return nil }
            return .scrub(target, .by(Double(step)))
        default:
            fail(
                "a \"scrub\" action needs one of \"progress\" (0…1) and \"by\" (a change of progress)", obj.node,
                obj.path)
            return nil
        }
    }
}

extension Scene {
    /// Plays a Lottie layer as a `play` action asks: from a progress (the one shown by
    /// default; the start when the end is shown and no end is asked for, as `play()`), to a
    /// progress (the end by default), with a loop mode (the layer's by default).
    static func play(_ layer: LottieLayer, _ request: LottiePlayRequest) {
        let atEnd = layer.currentProgress >= 1
        let from = request.fromProgress ?? (atEnd && request.toProgress == nil ? 0 : nil)
        layer.play(fromProgress: from, toProgress: request.toProgress ?? 1, loopMode: request.loopMode)
    }

    /// Shows a progress, paused.
    static func scrub(_ layer: LottieLayer, _ scrub: LottieScrub) {
        switch scrub {
        case .to(let progress): layer.currentProgress = progress
        case .by(let step): layer.currentProgress = min(max(layer.currentProgress + step, 0), 1)
        }
    }
}
