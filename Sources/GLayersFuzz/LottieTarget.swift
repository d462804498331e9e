/// The `lottie` fuzz target: bytes as a Lottie (Bodymovin JSON) file. Decoding must give an
/// animation or a `LottieError` that names a line and column inside the input; an animation's
/// numbers are finite, its compatibility report points inside the input, and its layer tree,
/// built by a `LottieLayer`, is shown paused at a few progress values and played on the manual
/// clock (forwards, then backwards, looping), flattened into render lists after each step and
/// released with the player. Nothing is rendered (as for the `scene` target).
import Foundation
import GLayers
import GLayersLottie

extension FuzzTarget {
    /// The file name errors of fuzzed Lottie files carry.
    static let lottieFileName = "fuzz.json"

    /// The size the player is laid out at: a composition is fitted into it.
    static let lottiePlayerSize = CGSize(width: 200, height: 150)

    static func runLottie(_ bytes: UnsafeRawBufferPointer) {
        runPlaying(bytes, "its player", decodeAndPlay)
    }

    /// Decodes and plays the file; returns weak references to the player and its tree, which
    /// must go with it.
    private static func decodeAndPlay(_ data: Data, _ bytes: UnsafeRawBufferPointer) -> [Weak<CALayer>] {
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(data: data, name: lottieFileName, baseURL: sceneFolder)
        } catch let error as LottieError {
            Invariants.require(error.file == lottieFileName, "an error names the file \(error.file)")
            Invariants.requireInside(error.position, bytes, "the error \(error)")
            Invariants.require(!error.message.isEmpty, "an error with no message: \(error)")
            Invariants.require(
                error.description.utf8.count <= 40_000, "an error of \(error.description.utf8.count) bytes")
            return []
        } catch {
            Invariants.require(false, "LottieAnimation threw \(type(of: error)), not LottieError: \(error)")
            return []
        }
        checkAnimation(animation, bytes)
        let player = LottieLayer(animation: animation)
        player.frame = CGRect(origin: .zero, size: lottiePlayerSize)
        let layers = someLayers(of: player)
        play(player)
        return layers
    }

    /// An animation's numbers are finite and ordered; its report points inside the input.
    private static func checkAnimation(_ animation: LottieAnimation, _ bytes: UnsafeRawBufferPointer) {
        let numbers = [animation.size.width, animation.size.height, animation.frameRate]
        Invariants.require(numbers.allSatisfy { $0.isFinite && $0 > 0 }, "size or frame rate \(numbers)")
        Invariants.require(
            animation.startFrame.isFinite && animation.endFrame.isFinite && animation.duration.isFinite,
            "frames \(animation.startFrame) to \(animation.endFrame)")
        for feature in animation.unsupportedFeatures {
            Invariants.requireInside(feature.position, bytes, "the unsupported feature \(feature)")
            Invariants.require(feature.count >= 1, "a feature used \(feature.count) times")
        }
    }

    /// Shows the animation paused at a few progress values, then plays it looping forwards and
    /// backwards, checking the tree and the frame after each step.
    private static func play(_ player: LottieLayer) {
        let builder = FrameBuilder()
        Invariants.checkTree(player, maximumLayers: 400_000)
        for progress in [0, 0.3, 1, 0.5] {
            player.currentProgress = progress
            checkFrame(player, builder, at: 0)
            let shown = player.currentProgress
            Invariants.require(shown.isFinite, "progress \(progress) shows \(shown)")
        }
        player.loopMode = .loop
        player.play()
        for t in [0.05, 0.5, 1.7] { checkFrame(player, builder, at: t) }
        player.animationSpeed = -2
        player.play(fromProgress: 1, toProgress: 0.25, loopMode: .autoReverse)
        for t in [1.8, 2.9] { checkFrame(player, builder, at: t) }
        player.stop()
        checkFrame(player, builder, at: 3)
    }

    /// Weak references to the player and the first layers of its tree (a tree of 100 000
    /// layers would double the time of an input).
    private static func someLayers(of player: LottieLayer) -> [Weak<CALayer>] {
        var layers: [Weak<CALayer>] = []
        var stack: [CALayer] = [player]
        while let layer = stack.popLast(), layers.count < 2_000 {
            layers.append(Weak(layer))
            if let mask = layer.mask { stack.append(mask) }
            stack.append(contentsOf: layer.sublayers ?? [])
        }
        return layers
    }

    private static func checkFrame(_ player: LottieLayer, _ builder: FrameBuilder, at t: Double) {
        CAMediaClock.setTime(t)
        CATransaction.flush()
        Invariants.checkTree(player, maximumLayers: 400_000)
        Invariants.checkRenderList(builder.build(root: player, at: t, size: lottiePlayerSize, scale: 1))
    }
}
