/// `LottieLayer`: a layer that plays a `LottieAnimation` with Core Animation, spelled as
/// lottie-ios's `LottieAnimationView` is: `play()`, `play(fromProgress:toProgress:loopMode:)`,
/// `pause()`, `currentProgress`, `currentFrame`, `animationSpeed`, `loopMode` and a content mode.
///
/// The composition is built once into layers with animations; playing only changes the timing
/// of two layers (a clock whose time cycles for the loop modes, and the composition's root whose
/// time follows the clock forward or backward), so the engine plays it with no per-frame work here
/// (docs/lottie.md, "Playback").
import Foundation
import GLayers

/// How many times an animation plays.
public enum LottieLoopMode: Equatable, Sendable {
    /// Once, stopping at the end.
    case playOnce
    /// Forever.
    case loop
    /// Forward then backward, forever.
    case autoReverse
    /// `n` times.
    case `repeat`(Float)
    /// Forward then backward, `n` times.
    case repeatBackwards(Float)
}

/// How the composition fits the layer's bounds.
public enum LottieContentMode: Sendable {
    /// Uniformly scaled to fit inside (bars where the aspect ratios differ).
    case scaleAspectFit
    /// Uniformly scaled to cover (cropped where the aspect ratios differ).
    case scaleAspectFill
    /// Stretched to the bounds.
    case scaleToFill
    /// At its own size, top left.
    case topLeft
    /// At its own size, centred.
    case center
}

/// A layer playing a Lottie animation.
open class LottieLayer: CALayer {
    /// The animation shown (setting it builds its layers and shows its first frame, paused).
    public var animation: LottieAnimation? {
        didSet { rebuild() }
    }
    /// How the composition fits the bounds (default aspect fit, as lottie-ios).
    public var contentMode = LottieContentMode.scaleAspectFit {
        didSet { setNeedsLayout() }
    }
    /// The loop mode `play()` uses (default once).
    public var loopMode = LottieLoopMode.playOnce
    /// The playback speed (1 = the file's frame rate; negative plays backwards).
    public var animationSpeed: Double = 1
    /// What cannot be built or played, as messages (missing images, limits reached).
    public private(set) var warnings: [String] = []
    /// Whether the animation is playing.
    public private(set) var isAnimationPlaying = false

    /// The layer that scales the composition into the bounds.
    private let fitLayer = CALayer()
    /// The layer whose time runs (and cycles) while playing; paused, it stands still at 0.
    private let clockLayer = CALayer()
    /// The composition's root: its local time is the composition's time.
    private var compositionLayer: CALayer?
    private var completion: ((Bool) -> Void)?

    /// A layer showing `animation` (paused at its first frame).
    public init(animation: LottieAnimation?) {
        super.init()
        setUpLayers()
        self.animation = animation
        rebuild()  // (property observers do not run in an initializer)
    }

    /// A layer showing no animation yet.
    public override init() {
        super.init()
        setUpLayers()
    }

    private func setUpLayers() {
        fitLayer.anchorPoint = .zero
        clockLayer.anchorPoint = .zero
        fitLayer.addSublayer(clockLayer)
        addSublayer(fitLayer)
    }

    /// Archives are not read (as lottie-ios's views).
    public required init?(coder: NSCoder) { nil }

    /// A presentation copy.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    // MARK: Playback

    /// The progress shown, from 0 (the start frame) to 1 (the end frame); setting it pauses there.
    public var currentProgress: Double {
        get {
            guard let animation else { return 0 }
            let span = animation.endFrame - animation.startFrame
            return span > 0 ? (currentFrame - animation.startFrame) / span : 0
        }
        set {
            guard let animation else { return }
            currentFrame = animation.startFrame + newValue * (animation.endFrame - animation.startFrame)
        }
    }

    /// The frame shown (fractional frames are shown interpolated); setting it pauses there.
    public var currentFrame: Double {
        get {
            guard let animation, let layer = compositionLayer else { return 0 }
            // The composition's time (through the clock's, which may cycle).
            return layer.convertTime(CACurrentMediaTime(), from: nil) * animation.frameRate
        }
        set {
            guard let animation, let layer = compositionLayer else { return }
            stopTiming(finished: false)
            let frame = min(max(newValue, animation.startFrame), animation.endFrame)
            withoutActions {
                clockLayer.speed = 0
                clockLayer.beginTime = 0
                clockLayer.timeOffset = 0
                clockLayer.duration = .infinity
                clockLayer.repeatCount = 0
                clockLayer.autoreverses = false
                layer.speed = 0
                layer.beginTime = 0
                layer.timeOffset = frame / animation.frameRate
            }
        }
    }

    /// Plays from the current frame to the end with `loopMode`.
    public func play(completion: ((Bool) -> Void)? = nil) {
        guard let animation else { return }
        let start = currentProgress < 1 ? currentFrame : animation.startFrame
        play(fromFrame: start, toFrame: animation.endFrame, loopMode: loopMode, completion: completion)
    }

    /// Plays from one progress to another (0…1) with `loopMode` (the layer's own when nil).
    public func play(
        fromProgress: Double? = nil, toProgress: Double, loopMode: LottieLoopMode? = nil,
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let animation else { return }
        let span = animation.endFrame - animation.startFrame
        let from = fromProgress.map { animation.startFrame + $0 * span } ?? currentFrame
        play(
            fromFrame: from, toFrame: animation.startFrame + toProgress * span, loopMode: loopMode,
            completion: completion)
    }

    /// Plays from one frame to another with `loopMode` (the layer's own when nil).
    ///
    /// The clock layer's time cycles over the frames played (`duration`, `repeatCount`,
    /// `autoreverses` of the layer: docs/semantics.md#layer-time-cycles) and the composition's
    /// time follows it from the first frame (or back from the last); `completion` runs when the
    /// last cycle ends (true) or when another play, a pause or a progress interrupts it (false).
    public func play(
        fromFrame: Double, toFrame: Double, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil
    ) {
        guard let animation, let composition = compositionLayer, animationSpeed != 0, fromFrame != toFrame else {
            return
        }
        stopTiming(finished: false)
        let mode = loopMode ?? self.loopMode
        let fr = animation.frameRate
        let (a, b) = (min(fromFrame, toFrame), max(fromFrame, toFrame))
        let backwards = (toFrame < fromFrame) != (animationSpeed < 0)
        let speed = abs(animationSpeed)
        var plays: Float = 1
        var reverses = false
        switch mode {
        case .playOnce: plays = 1
        case .loop: plays = .infinity
        case .autoReverse: (plays, reverses) = (.infinity, true)
        case .repeat(let n): plays = max(n, 0)
        case .repeatBackwards(let n): (plays, reverses) = (max(n, 0), true)
        }
        let cycle = (b - a) / fr
        let now = convertTime(CACurrentMediaTime(), from: nil)
        withoutActions {
            clockLayer.beginTime = now
            clockLayer.speed = Float(speed)
            clockLayer.timeOffset = 0
            clockLayer.duration = cycle
            clockLayer.repeatCount = plays
            clockLayer.autoreverses = reverses
            let end = b
            composition.beginTime = 0
            composition.speed = backwards ? -1 : 1
            composition.timeOffset = backwards ? end / fr : a / fr
        }
        isAnimationPlaying = true
        self.completion = completion
        let total = Double(plays) * cycle * (reverses ? 2 : 1) / speed
        guard total.isFinite else { return }
        // A timed marker on this layer (in its time, which is not cycling) ends the play.
        let marker = CABasicAnimation(keyPath: "lottiePlayback")
        marker.fromValue = 0
        marker.toValue = 1
        marker.beginTime = now
        marker.duration = total
        marker.delegate = PlaybackEnd(layer: self)
        add(marker, forKey: "lottie playback")
    }

    /// Pauses at the frame shown.
    public func pause() {
        guard isAnimationPlaying else { return }
        let frame = currentFrame
        currentFrame = frame
    }

    /// Stops and shows the start frame.
    public func stop() {
        guard let animation else { return }
        currentFrame = animation.startFrame
    }

    private func stopTiming(finished: Bool) {
        removeAnimation(forKey: "lottie playback")
        if isAnimationPlaying { finish(finished) }
    }

    fileprivate func finish(_ finished: Bool) {
        guard isAnimationPlaying else { return }
        isAnimationPlaying = false
        let done = completion
        completion = nil
        done?(finished)
    }

    // MARK: Building and layout

    private func rebuild() {
        compositionLayer?.removeFromSuperlayer()
        compositionLayer = nil
        warnings = []
        guard let animation else { return }
        var messages: [String] = []
        let tree = animation.makeLayerTree { messages.append($0) }
        warnings = messages
        clockLayer.addSublayer(tree)
        compositionLayer = tree
        currentFrame = animation.startFrame
        setNeedsLayout()
    }

    open override func layoutSublayers() {
        super.layoutSublayers()
        guard let animation else { return }
        let size = animation.size
        let b = bounds
        var sx = b.width / size.width, sy = b.height / size.height
        switch contentMode {
        case .scaleAspectFit: sx = min(sx, sy); sy = sx
        case .scaleAspectFill: sx = max(sx, sy); sy = sx
        case .scaleToFill: break
        case .topLeft, .center: sx = 1; sy = 1
        }
        let w = size.width * sx, h = size.height * sy
        // Bars of a fit are whole points (the offset rounded down), so a composition whose
        // fitted size is a fraction short of the bounds is drawn from the corner, not a
        // fraction of a pixel off it; one a rounding error longer (1920 × 500 / 1920 is
        // 500.00000000000006) has no bar, not a bar of −1.
        func bar(_ free: CGFloat) -> CGFloat { (free / 2 + 1e-6).rounded(.down) }
        let origin =
            contentMode == .topLeft ? b.origin : CGPoint(x: b.minX + bar(b.width - w), y: b.minY + bar(b.height - h))
        withoutActions {
            fitLayer.bounds = CGRect(origin: .zero, size: size)
            clockLayer.bounds = CGRect(origin: .zero, size: size)
            fitLayer.position = origin
            fitLayer.transform = CATransform3DMakeScale(sx, sy, 1)
        }
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}

/// Ends a play when its marker animation stops.
private final class PlaybackEnd: NSObject, CAAnimationDelegate {
    weak var layer: LottieLayer?

    init(layer: LottieLayer) { self.layer = layer }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, let layer else { return }
        layer.finish(true)
    }
}
