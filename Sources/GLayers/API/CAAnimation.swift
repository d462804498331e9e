/// The animation classes as Apple declares them: plain value holders. What they do is compiled
/// into typed evaluators when they are added to a layer (`AnimationCompiler.swift`).
import Foundation
import GLayersGraphics

/// An object that responds to an action (a property change, `onOrderIn`, …) of a layer.
public protocol CAAction {
    /// Performs the action for `event` on `anObject` (a layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` is an action that does nothing: returned by a delegate or stored in `actions`, it
/// stops the action search (as on Apple's platforms).
extension NSNull: CAAction {
    /// Does nothing: returned as a layer's action, `NSNull()` stops the action search (no implicit animation).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Receives the start and end of an animation.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation started (its active duration began).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation stopped: `flag` is true when it completed its active duration, false
    /// when it was removed before.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing when the animation starts (the default).
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing when the animation stops (the default).
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation class: timing, pacing, delegate.
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    /// When the animation starts, in its layer's time (0: when the transaction commits).
    open var beginTime: CFTimeInterval = 0
    /// The duration of one cycle; 0 or less means the transaction's duration or 0.25 s.
    open var duration: CFTimeInterval = 0
    /// How fast the animation's time passes relative to its layer's (default 1).
    open var speed: Float = 1
    /// An offset added to the animation's time (default 0).
    open var timeOffset: CFTimeInterval = 0
    /// How many cycles the animation plays (default 0: one; `.infinity` for ever).
    open var repeatCount: Float = 0
    /// How long the animation repeats, in seconds (default 0: by `repeatCount`).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each cycle plays forward and then backward (default false).
    open var autoreverses = false
    /// What the animation shows outside its active duration (default removed).
    open var fillMode = CAMediaTimingFillMode.removed

    /// The pacing curve of each cycle (nil means linear).
    open var timingFunction: CAMediaTimingFunction?
    /// Receives start and stop (held strongly, as on Apple's platforms).
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when its active duration ends.
    open var isRemovedOnCompletion = true
    /// The frame rates the animation would like (kept: glayers evaluates animations at every
    /// frame the window or the clock asks for, whatever the range).
    open var preferredFrameRateRange = CAFrameRateRange.default
    /// Values stored by key-value coding.
    var extraValues: [String: Any] = [:]

    /// A new animation with Core Animation's defaults.
    public override init() { super.init() }

    /// Decoding from an archive is not supported; this makes a default animation so
    /// subclasses written for Apple (which must provide `init?(coder:)`) still compile and run.
    public required init?(coder: NSCoder) { super.init() }

    /// A new animation of the class, made by its `init()`, to become a copy of `other` (nil:
    /// a new animation); `copy(with:)` then copies the settings glayers' classes declare
    /// (glayers makes every copy through this initializer, so that it has the animation's own
    /// class).
    ///
    /// - A subclass inherits it, and needs nothing more, when it declares no designated
    ///   initializer, or when it overrides both `init()` and `init?(coder:)` (as Apple code
    ///   does). Any other subclass must provide it, in one line that calls one of its own
    ///   initializers: `required convenience init(copying other: CAAnimation?) {
    ///   self.init(…) }` (docs/porting.md#subclasses).
    public required convenience init(copying other: CAAnimation?) {
        self.init()
    }

    /// A new animation (Apple's `CAAnimation.animation()` factory).
    open class func animation() -> Self { Self(copying: nil) }

    /// The default value of `key` when unset: Core Animation's default of a property the class
    /// declares, nil for other keys (`CAAnimation+PropertyTable.swift`).
    open class func defaultValue(forKey key: String) -> Any? {
        AnimationProperty.named(key, on: self)?.defaultValue
    }

    /// Whether the value of `key` would be archived (true for every key, as Core Animation's
    /// default; glayers archives nothing: NSCoding is not supported).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Adds a copy of the animation to the layer `anObject` under the key `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else {
            Diagnostics.warn("CAAnimation.run(forKey: \(event)): the object is not a CALayer")
            return
        }
        layer.add(self, forKey: event)
    }

    /// A copy of the animation (same class, same settings).
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init(copying: self)
        c.copyProperties(from: self)
        return c
    }

    /// Copies the settings of `other` into `self`; subclasses extend it.
    func copyProperties(from other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        preferredFrameRateRange = other.preferredFrameRateRange
        extraValues = other.extraValues
    }

    /// Sets a property the class declares by its key-value coding name (a value of the wrong
    /// type is reported and ignored; nil sets a number or flag to its default), or stores any
    /// other key as given.
    open func setValue(_ value: Any?, forKey key: String) {
        guard let p = AnimationProperty.named(key, on: type(of: self)) else {
            extraValues[key] = value
            return
        }
        guard p.set(self, value) else {
            let message = "\(type(of: self)): \(p.key) cannot be set to \(describeValue(value)); ignored"
            return Diagnostics.warn(message)
        }
    }

    /// The value of a property the class declares, or the value stored for another key (its
    /// default when none is).
    open func value(forKey key: String) -> Any? {
        guard let p = AnimationProperty.named(key, on: type(of: self)) else {
            return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
        return p.get(self)
    }
}

/// An animation of one property of a layer, named by a key path.
open class CAPropertyAnimation: CAAnimation {
    /// The key path animated (`position`, `position.x`, `transform.rotation.z`, …).
    open var keyPath: String?
    /// Whether the animated value is added to the value underneath it.
    open var isAdditive = false
    /// Whether each repeat cycle builds on the end value of the previous one.
    open var isCumulative = false
    /// A function that turns the interpolated value into the property's value.
    open var valueFunction: CAValueFunction?

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath
        isAdditive = o.isAdditive
        isCumulative = o.isCumulative
        valueFunction = o.valueFunction
    }
}

/// An animation between two values: `fromValue`, `toValue`, `byValue`.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value at the start (nil: see the seven combinations in the timing guide).
    open var fromValue: Any?
    /// The value at the end.
    open var toValue: Any?
    /// The change over the animation.
    open var byValue: Any?

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue
        toValue = o.toValue
        byValue = o.byValue
    }
}

/// A damped spring animation (Apple's `CASpringAnimation`).
///
/// - The spring moves from `fromValue` to `toValue`; its own `duration` is whatever you set
///   (Core Animation does not stretch the spring to fit it); `settlingDuration` tells how long
///   it takes to come to rest. `init(perceptualDuration:bounce:)`, `perceptualDuration` and
///   `bounce` are in `CASpringAnimation+Perceptual.swift`; the rules and their sources in
///   docs/semantics.md#spring-animations.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring (default 1).
    open var mass: CGFloat = 1
    /// The spring constant (default 100).
    open var stiffness: CGFloat = 100
    /// The damping coefficient (default 10).
    open var damping: CGFloat = 10
    /// The initial velocity, in units of the distance to travel per second (default 0).
    open var initialVelocity: CGFloat = 0
    /// Whether a damping ratio above 1 overdamps the spring; when false (the default) such a
    /// spring moves as a critically damped one. `init(perceptualDuration:bounce:)` sets it.
    open var allowsOverdamping = false

    /// How long the spring takes to come to rest: within 0.001 of the distance, as Core
    /// Animation computes it, divided by the animation's `speed` (docs/semantics.md#spring-animations).
    open var settlingDuration: CFTimeInterval {
        let t = SpringSolver(self).settlingDuration(epsilon: 0.001)
        guard speed != 0 else { return SpringSolver.longestSettlingDuration }
        return min(abs(t / CFTimeInterval(speed)), SpringSolver.longestSettlingDuration)
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CASpringAnimation else { return }
        (mass, stiffness, damping, initialVelocity) = (o.mass, o.stiffness, o.damping, o.initialVelocity)
        allowsOverdamping = o.allowsOverdamping
    }
}

/// An animation through a sequence of values or along a path.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]?
    /// A path for point properties; overrides `values`. Each segment is one keyframe.
    open var path: CGPath?
    /// When each keyframe applies, as fractions of the duration.
    open var keyTimes: [NSNumber]?
    /// One timing function per segment.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed (default linear).
    open var calculationMode = CAAnimationCalculationMode.linear
    /// Per-keyframe tension of the cubic spline (−1 … 1).
    open var tensionValues: [NSNumber]?
    /// Per-keyframe continuity of the cubic spline (−1 … 1).
    open var continuityValues: [NSNumber]?
    /// Per-keyframe bias of the cubic spline (−1 … 1).
    open var biasValues: [NSNumber]?
    /// Whether an object moving along `path` turns with it.
    open var rotationMode: CAAnimationRotationMode?

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values
        path = o.path
        keyTimes = o.keyTimes
        timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode
        tensionValues = o.tensionValues
        continuityValues = o.continuityValues
        biasValues = o.biasValues
        rotationMode = o.rotationMode
    }
}

/// Animations that run together in the group's time space, clipped to its duration.
open class CAAnimationGroup: CAAnimation {
    /// The grouped animations (their delegates and `isRemovedOnCompletion` are ignored).
    open var animations: [CAAnimation]?

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        animations = (other as? CAAnimationGroup)?.animations
    }
}

/// A transition between the old and new appearance of a layer.
open class CATransition: CAAnimation {
    /// The kind of transition (default fade).
    open var type = CATransitionType.fade
    /// The direction (nil: from the left for moveIn, push and reveal).
    open var subtype: CATransitionSubtype?
    /// Where the transition starts, as a fraction of the whole (default 0).
    open var startProgress: Float = 0
    /// Where the transition ends, as a fraction of the whole (default 1).
    open var endProgress: Float = 1
    /// A custom filter (not supported by glayers; reported when set and ignored).
    open var filter: Any?

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type
        subtype = o.subtype
        startProgress = o.startProgress
        endProgress = o.endProgress
        filter = o.filter
    }
}
