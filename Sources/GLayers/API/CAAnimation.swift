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
    /// The settings of the properties this class declares (`CAAnimation+Settings.swift`).
    var animationSettings = AnimationSettings()
    /// When the animation starts, in its layer's time (0: when the transaction commits).
    open var beginTime: CFTimeInterval {
        get { animationSettings.beginTime }
        set { animationSettings.beginTime = newValue }
    }
    /// The duration of one cycle; 0 or less means the transaction's duration or 0.25 s.
    open var duration: CFTimeInterval {
        get { animationSettings.duration }
        set { animationSettings.duration = newValue }
    }
    /// How fast the animation's time passes relative to its layer's (default 1).
    open var speed: Float {
        get { animationSettings.speed }
        set { animationSettings.speed = newValue }
    }
    /// An offset added to the animation's time (default 0).
    open var timeOffset: CFTimeInterval {
        get { animationSettings.timeOffset }
        set { animationSettings.timeOffset = newValue }
    }
    /// How many cycles the animation plays (default 0: one; `.infinity` for ever).
    open var repeatCount: Float {
        get { animationSettings.repeatCount }
        set { animationSettings.repeatCount = newValue }
    }
    /// How long the animation repeats, in seconds (default 0: by `repeatCount`).
    open var repeatDuration: CFTimeInterval {
        get { animationSettings.repeatDuration }
        set { animationSettings.repeatDuration = newValue }
    }
    /// Whether each cycle plays forward and then backward (default false).
    open var autoreverses: Bool {
        get { animationSettings.autoreverses }
        set { animationSettings.autoreverses = newValue }
    }
    /// What the animation shows outside its active duration (default removed).
    open var fillMode: CAMediaTimingFillMode {
        get { animationSettings.fillMode }
        set { animationSettings.fillMode = newValue }
    }

    /// The pacing curve of each cycle (nil means linear).
    open var timingFunction: CAMediaTimingFunction? {
        get { animationSettings.timingFunction }
        set { animationSettings.timingFunction = newValue }
    }
    /// Receives start and stop (held strongly, as on Apple's platforms).
    open var delegate: CAAnimationDelegate? {
        get { animationSettings.delegate }
        set { animationSettings.delegate = newValue }
    }
    /// Whether the animation is removed from its layer when its active duration ends.
    open var isRemovedOnCompletion: Bool {
        get { animationSettings.isRemovedOnCompletion }
        set { animationSettings.isRemovedOnCompletion = newValue }
    }
    /// The frame rates the animation would like (kept: glayers evaluates animations at every
    /// frame the window or the clock asks for, whatever the range).
    open var preferredFrameRateRange: CAFrameRateRange {
        get { animationSettings.preferredFrameRateRange }
        set { animationSettings.preferredFrameRateRange = newValue }
    }
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
        animationSettings = other.animationSettings
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
    /// The settings of the properties this class declares (`CAAnimation+Settings.swift`).
    var propertySettings = PropertyAnimationSettings()
    /// The key path animated (`position`, `position.x`, `transform.rotation.z`, …).
    open var keyPath: String? {
        get { propertySettings.keyPath }
        set { propertySettings.keyPath = newValue }
    }
    /// Whether the animated value is added to the value underneath it.
    open var isAdditive: Bool {
        get { propertySettings.isAdditive }
        set { propertySettings.isAdditive = newValue }
    }
    /// Whether each repeat cycle builds on the end value of the previous one.
    open var isCumulative: Bool {
        get { propertySettings.isCumulative }
        set { propertySettings.isCumulative = newValue }
    }
    /// A function that turns the interpolated value into the property's value.
    open var valueFunction: CAValueFunction? {
        get { propertySettings.valueFunction }
        set { propertySettings.valueFunction = newValue }
    }

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        propertySettings = o.propertySettings
    }
}

/// An animation between two values: `fromValue`, `toValue`, `byValue`.
open class CABasicAnimation: CAPropertyAnimation {
    /// The settings of the properties this class declares (`CAAnimation+Settings.swift`).
    var basicSettings = BasicAnimationSettings()
    /// The value at the start (nil: see the seven combinations in the timing guide).
    open var fromValue: Any? {
        get { basicSettings.fromValue }
        set { basicSettings.fromValue = newValue }
    }
    /// The value at the end.
    open var toValue: Any? {
        get { basicSettings.toValue }
        set { basicSettings.toValue = newValue }
    }
    /// The change over the animation.
    open var byValue: Any? {
        get { basicSettings.byValue }
        set { basicSettings.byValue = newValue }
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CABasicAnimation else { return }
        basicSettings = o.basicSettings
    }
}

/// An animation through a sequence of values or along a path.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The settings of the properties this class declares (`CAAnimation+Settings.swift`).
    var keyframeSettings = KeyframeAnimationSettings()
    /// The keyframe values.
    open var values: [Any]? {
        get { keyframeSettings.values }
        set { keyframeSettings.values = newValue }
    }
    /// A path for point properties; overrides `values`. Each segment is one keyframe.
    open var path: CGPath? {
        get { keyframeSettings.path }
        set { keyframeSettings.path = newValue }
    }
    /// When each keyframe applies, as fractions of the duration.
    open var keyTimes: [NSNumber]? {
        get { keyframeSettings.keyTimes?.numbers }
        set { keyframeSettings.keyTimes = newValue.map(KeyTimes.numbers) }
    }
    /// The key times as doubles (glayers' builders set them so: `keyTimes` makes the numbers
    /// only when read).
    package var keyTimeValues: [Double]? {
        get { keyframeSettings.keyTimes?.values }
        set { keyframeSettings.keyTimes = newValue.map(KeyTimes.values) }
    }
    /// One timing function per segment.
    open var timingFunctions: [CAMediaTimingFunction]? {
        get { keyframeSettings.timingFunctions }
        set { keyframeSettings.timingFunctions = newValue }
    }
    /// How values between keyframes are computed (default linear).
    open var calculationMode: CAAnimationCalculationMode {
        get { keyframeSettings.calculationMode }
        set { keyframeSettings.calculationMode = newValue }
    }
    /// Per-keyframe tension of the cubic spline (−1 … 1).
    open var tensionValues: [NSNumber]? {
        get { keyframeSettings.tensionValues }
        set { keyframeSettings.tensionValues = newValue }
    }
    /// Per-keyframe continuity of the cubic spline (−1 … 1).
    open var continuityValues: [NSNumber]? {
        get { keyframeSettings.continuityValues }
        set { keyframeSettings.continuityValues = newValue }
    }
    /// Per-keyframe bias of the cubic spline (−1 … 1).
    open var biasValues: [NSNumber]? {
        get { keyframeSettings.biasValues }
        set { keyframeSettings.biasValues = newValue }
    }
    /// Whether an object moving along `path` turns with it.
    open var rotationMode: CAAnimationRotationMode? {
        get { keyframeSettings.rotationMode }
        set { keyframeSettings.rotationMode = newValue }
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        keyframeSettings = o.keyframeSettings
    }
}

/// Animations that run together in the group's time space, clipped to its duration.
open class CAAnimationGroup: CAAnimation {
    /// The settings of the properties this class declares (`CAAnimation+Settings.swift`).
    var groupSettings = AnimationGroupSettings()
    /// The grouped animations (their delegates and `isRemovedOnCompletion` are ignored).
    open var animations: [CAAnimation]? {
        get { groupSettings.animations }
        set { groupSettings.animations = newValue }
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        groupSettings = o.groupSettings
    }
}

/// A transition between the old and new appearance of a layer.
open class CATransition: CAAnimation {
    /// The settings of the properties this class declares (`CAAnimation+Settings.swift`).
    var transitionSettings = TransitionSettings()
    /// The kind of transition (default fade).
    open var type: CATransitionType {
        get { transitionSettings.type }
        set { transitionSettings.type = newValue }
    }
    /// The direction (nil: from the left for moveIn, push and reveal).
    open var subtype: CATransitionSubtype? {
        get { transitionSettings.subtype }
        set { transitionSettings.subtype = newValue }
    }
    /// Where the transition starts, as a fraction of the whole (default 0).
    open var startProgress: Float {
        get { transitionSettings.startProgress }
        set { transitionSettings.startProgress = newValue }
    }
    /// Where the transition ends, as a fraction of the whole (default 1).
    open var endProgress: Float {
        get { transitionSettings.endProgress }
        set { transitionSettings.endProgress = newValue }
    }
    /// A custom filter (not supported by glayers; reported when set and ignored).
    open var filter: Any? {
        get { transitionSettings.filter }
        set { transitionSettings.filter = newValue }
    }

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CATransition else { return }
        transitionSettings = o.transitionSettings
    }
}
